// The one client for Posy's API. Its types are generated from openapi.yaml (npm run gen:api),
// so a call to a path or with a field the server does not have fails the type check.
import createClient from 'openapi-fetch';
import type { ErrorBody, paths } from './api-schema';
import { resetOnPageLoad } from './page-load';

// Each schema's type is also exported at the schema file's top level (gen:api's --root-types).
export type { Product, Variation, PriceRange, Cart, CartItem, ErrorBody, Album, AlbumImage, Me, UploadReport, DeliverySettings, Refused } from './api-schema';

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';
/** Any GET under /api/ sets the csrftoken cookie when the browser has none. */
const CSRF_PRIMER = '/api/products/';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** The value of a cookie readable by scripts, or null. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function apiBase(): string {
  const configured = import.meta.env.VITE_API_BASE;
  if (configured) return configured.replace(/\/$/, '');
  return typeof location !== 'undefined' ? location.origin : '';
}

const baseUrl = apiBase();

// One GET at a time gets the cookie, however many changes are waiting for it.
let priming: Promise<void> | null = null;
// A GET left waiting by one page load is not the next one's to wait for.
resetOnPageLoad(() => {
  priming = null;
});

/** Asks the server for a csrftoken cookie (it sets one on any GET under /api/). */
function primeCsrfCookie(): Promise<void> {
  priming ??= globalThis
    .fetch(`${baseUrl}${CSRF_PRIMER}`, { credentials: 'include' })
    .then(
      () => undefined,
      (cause: unknown) => console.error('Could not get a CSRF cookie', cause),
    )
    .finally(() => {
      priming = null;
    });
  return priming;
}

/**
 * The CSRF token to send with a change made outside this client (the upload uses
 * XMLHttpRequest for its progress): the cookie now, asking the server for one first when
 * there is none.
 */
export async function csrfToken(): Promise<string | null> {
  if (!readCookie(CSRF_COOKIE)) await primeCsrfCookie();
  return readCookie(CSRF_COOKIE);
}

export { CSRF_HEADER };

/** The request as sent: credentials always, and the csrftoken cookie read now, as X-CSRFToken. */
function withCsrf(request: Request): Request {
  const sent = new Request(request, { credentials: 'include' });
  const token = readCookie(CSRF_COOKIE);
  if (token) sent.headers.set(CSRF_HEADER, token);
  return sent;
}

/**
 * Every call goes through here (the spec's double-submit scheme). A change sent before the
 * browser has the cookie gets one first; a change refused with 403 because the cookie was
 * stale (say the server's key changed) is sent once more with a fresh one.
 */
export async function send(request: Request): Promise<Response> {
  if (SAFE_METHODS.has(request.method)) return globalThis.fetch(withCsrf(request));

  if (!readCookie(CSRF_COOKIE)) await primeCsrfCookie();
  const spare = request.clone();
  const tokenSent = readCookie(CSRF_COOKIE);
  const response = await globalThis.fetch(withCsrf(request));
  if (response.status !== 403) return response;

  await primeCsrfCookie();
  const fresh = readCookie(CSRF_COOKIE);
  if (!fresh || fresh === tokenSent) return response;
  return globalThis.fetch(withCsrf(spare));
}

export const api = createClient<paths>({
  baseUrl,
  credentials: 'include',
  // Looked up on each call, so tests can stand in for the network.
  fetch: send,
});

/**
 * A picture as a call that takes one sends it: multipart, in the field `picture`. The schema
 * types a file as a string; the browser sends the File itself.
 */
export function pictureBody(picture: File) {
  return {
    body: { picture: picture as unknown as string },
    bodySerializer: () => {
      const form = new FormData();
      form.append('picture', picture, picture.name);
      return form;
    },
  };
}

/** The base of every API URL (this origin unless VITE_API_BASE says otherwise). */
export const API_BASE = baseUrl;

/** The message of an API error body, or the fallback when the answer had none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'error' in error) {
    const message = (error as { error: unknown }).error;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/**
 * The session has ended (401): an admin page goes to the sign-in. The one error for it, thrown
 * by every back-office call (and the gallery's upload), so each page checks one type.
 */
export class SignedOut extends Error {
  constructor(message = 'The admin session has ended') {
    super(message);
    this.name = 'SignedOut';
  }
}

/**
 * A call the server refused: its sentence, the fields at fault (`items.0`, `sizes.0.price`,
 * `fulfilment.postcode`) and the status.
 */
export class CallRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
    readonly status = 0,
  ) {
    super(message);
    this.name = 'CallRefused';
  }

  /** 409: someone else changed it since the page read it. */
  get changed(): boolean {
    return this.status === 409;
  }
}

/** What a back-office page says of a change that failed. */
export interface ChangeRefused {
  message: string;
  /** The server's sentences by field; none when the server did not judge the change. */
  fields?: Record<string, string>;
  /** 409: someone else changed it since the page read it. */
  changed: boolean;
}

/**
 * What a back-office change that threw says: null when the session has ended (`onSignedOut` is
 * called, and the frame asks for the sign-in), else the server's refusal, or `fallback` when the
 * server did not answer. The one reading of SignedOut and CallRefused for a page's changes.
 */
export function refusedChange(cause: unknown, onSignedOut: () => void, fallback: string): ChangeRefused | null {
  if (cause instanceof SignedOut) {
    onSignedOut();
    return null;
  }
  return cause instanceof CallRefused ? cause : { message: fallback, changed: false };
}

/** What a refused back-office call throws: SignedOut for 401, else the server's sentence (or `fallback`) and its fields. */
export function refusal(error: unknown, status: number, fallback: string): SignedOut | CallRefused {
  if (status === 401) return new SignedOut();
  const body = error as ErrorBody | undefined;
  return new CallRefused(errorMessage(body, fallback), body?.fields ?? {}, status);
}
