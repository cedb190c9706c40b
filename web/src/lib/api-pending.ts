// Calls that openapi.yaml does not describe yet: issue 32's gift vouchers and offer codes, being
// built on the server at the same time (branch `vs`; their shapes are /work/contracts/vouchers.md).
// Until the description lists them, the pages call them here, through the one client's transport
// (credentials and the CSRF header, as every call), answered in openapi-fetch's own shape, so that
// moving a call to `api.GET`/`api.POST` with the generated types is a one-line change. A shape
// that both the shop's and the studio's features send (VoucherForm) is written here once, until
// the generated types hold it.
import { API_BASE, send, type ErrorBody } from './api-client';

export interface PendingAnswer<T> {
  data?: T;
  error?: ErrorBody;
  response: Response;
}

export interface PendingOptions {
  query?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/** One JSON call: the answer as `data` when it succeeded, else the error body as `error`. */
export async function pendingCall<T>(method: 'GET' | 'POST' | 'PUT', path: string, { query, body, signal }: PendingOptions = {}): Promise<PendingAnswer<T>> {
  const url = new URL(`${API_BASE}${path}`, globalThis.location?.href ?? 'http://localhost/');
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const response = await send(
    new Request(url, {
      method,
      signal,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return response.ok ? { data: parsed as T, response } : { error: parsed as ErrorBody | undefined, response };
}

/** The gift voucher's form, as the shop (POST /api/vouchers/) and the studio (POST /api/admin/vouchers/) both send it. */
export interface VoucherForm {
  /** Pounds as typed: "25", "25.00" (core's parse_value judges it). */
  value: string;
  buyer_name: string;
  buyer_email: string;
  /** True: no recipient's e-mail; the voucher goes to the buyer, to print. */
  send_to_me: boolean;
  recipient_name: string;
  /** Empty when sent to the buyer to print. */
  recipient_email: string;
  message: string;
  /** The day its mail goes at 08:00 UK time; empty for today. */
  send_on: string;
}
