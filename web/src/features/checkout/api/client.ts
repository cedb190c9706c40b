// The calls of this feature go through the one API client (lib/api-client.ts: credentials and
// the CSRF header). openapi.yaml does not describe them yet, so the paths are typed loosely here
// and every answer is narrowed by the functions that read it.
import { api } from '@/lib/api-client';

interface LooseInit {
  params?: { query?: Record<string, string>; path?: Record<string, string | number> };
  body?: unknown;
  signal?: AbortSignal;
}

export interface LooseAnswer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export const client = api as unknown as {
  GET(path: string, init?: LooseInit): Promise<LooseAnswer>;
  POST(path: string, init?: LooseInit): Promise<LooseAnswer>;
};
