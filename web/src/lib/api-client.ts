// The one client for Posy's API. Its types are generated from openapi.yaml (npm run gen:api),
// so a call to a path or with a field the server does not have fails the type check.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './api-schema';

export type Product = components['schemas']['Product'];
export type Variation = components['schemas']['Variation'];
export type PriceRange = components['schemas']['PriceRange'];
export type ErrorBody = components['schemas']['ErrorBody'];

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';

/** The value of a cookie readable by scripts, or null. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Echoes the csrftoken cookie in the X-CSRFToken header (the double-submit scheme). */
export const csrfMiddleware: Middleware = {
  onRequest({ request }) {
    const token = readCookie(CSRF_COOKIE);
    if (token) request.headers.set(CSRF_HEADER, token);
    return request;
  },
};

function apiBase(): string {
  const configured = import.meta.env.VITE_API_BASE;
  if (configured) return configured.replace(/\/$/, '');
  return typeof location !== 'undefined' ? location.origin : '';
}

export const api = createClient<paths>({
  baseUrl: apiBase(),
  credentials: 'include',
  // Looked up on each call, so tests can stand in for the network.
  fetch: (request) => globalThis.fetch(request),
});
api.use(csrfMiddleware);

/** The message of an API error body, or the fallback when the answer had none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'error' in error) {
    const message = (error as { error: unknown }).error;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
