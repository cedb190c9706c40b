// The gift voucher's calls: buying one (its payment, then the voucher), its thank-you, and a
// holder's balance look-up. Every sentence the shopper reads comes from the server (core's).
// The shapes are /work/contracts/vouchers.md's until openapi.yaml describes them (lib/api-pending).
import { errorMessage, type ErrorBody } from '@/lib/api-client';
import { pendingCall, type VoucherForm } from '@/lib/api-pending';

/** What the buying form sends (POST /api/vouchers/). */
export interface VoucherOrder extends VoucherForm {
  /** The voucher an earlier press made, so a retry changes its payment rather than making a second (asked of vs). */
  voucher_id: number | null;
  token: string | null;
}

/** Its answer: the payment to confirm with the card. */
export interface VoucherPayment {
  voucher_id: number;
  client_secret: string;
  total: string;
  /** Opens the thank-you page (asked of vs; without it the thank-you is shown in place). */
  token?: string;
}

/** What `paid` answers. */
export interface VoucherPaid {
  voucher_id: number;
  value: string;
  send_on: string;
  expires_on: string;
  /** "We'll e-mail Sam the voucher on Friday 25 December at 8am." */
  sentence: string;
}

/** A bought voucher as its buyer's thank-you shows it. */
export interface BoughtVoucher {
  voucher_id: number;
  value: string;
  send_on: string | null;
  expires_on: string;
  /** "We'll e-mail Sam the voucher on Friday 25 December at 8am." */
  sentence: string;
  buyer_name: string;
  buyer_email: string;
  recipient_name: string;
  recipient_email: string | null;
  send_to_me: boolean;
  message: string;
  code: string | null;
}

/** What a holder's look-up answers. */
export interface VoucherBalance {
  code: string;
  balance: string;
  expires_on: string;
  usable: boolean;
  /** "This voucher has £3.50 left. Spend it by 1 March 2028." */
  sentence: string;
}

/** The values and how long a voucher lasts, for the buying page. */
export interface VoucherTerms {
  min: string;
  max: string;
  suggested: string[];
  validity_months: number;
  message_chars: number;
  send_hour: string;
}

/** A refusal in the server's words, with the fields at fault (by wire name). */
export interface Refusal {
  ok: false;
  status: number;
  message: string;
  fields: Record<string, string>;
}

function refused(error: unknown, status: number, fallback: string): Refusal {
  return { ok: false, status, message: errorMessage(error, fallback), fields: (error as ErrorBody | undefined)?.fields ?? {} };
}

export const TERMS_FAILED = 'We could not load the voucher values just now.';

/** GET /api/vouchers/terms/: the values offered and how long a voucher lasts. */
export async function getVoucherTerms(signal?: AbortSignal): Promise<VoucherTerms> {
  const { data } = await pendingCall<VoucherTerms>('GET', '/api/vouchers/terms/', { signal });
  if (!data) throw new Error(TERMS_FAILED);
  return data;
}

export const PAYMENT_NOT_STARTED = 'We couldn’t start your payment. Please check your connection and try again.';

/** POST /api/vouchers/: checks the form (core's sentences) and makes its payment. */
export async function orderVoucher(order: VoucherOrder): Promise<{ ok: true; payment: VoucherPayment } | Refusal> {
  const { data, error, response } = await pendingCall<VoucherPayment>('POST', '/api/vouchers/', { body: order });
  if (data) return { ok: true, payment: data };
  return refused(error, response.status, PAYMENT_NOT_STARTED);
}

export const NOT_ISSUED =
  'Your payment went through but we could not make the voucher just now. Please press Pay again: you will not be charged twice.';

/** The bought voucher's id and the token that opens its thank-you. */
export interface VoucherKey {
  voucherId: number;
  token: string | null;
}

/** POST /api/vouchers/{id}/paid/: the voucher, once the provider says the payment succeeded. */
export async function issueVoucher(key: VoucherKey, paymentIntentId: string): Promise<{ ok: true; paid: VoucherPaid } | Refusal> {
  const { data, error, response } = await pendingCall<VoucherPaid>('POST', `/api/vouchers/${key.voucherId}/paid/`, {
    body: { payment_intent_id: paymentIntentId, token: key.token },
  });
  if (data) return { ok: true, paid: data };
  return refused(error, response.status, NOT_ISSUED);
}

/** GET /api/vouchers/{id}/?token=: the thank-you's voucher (403 once the link has expired). */
export async function getBoughtVoucher(id: string, token: string, signal?: AbortSignal): Promise<BoughtVoucher> {
  const { data, error, response } = await pendingCall<BoughtVoucher>('GET', `/api/vouchers/${encodeURIComponent(id)}/`, {
    query: { token },
    signal,
  });
  if (data) return data;
  throw new Error(errorMessage(error, response.status === 403 ? LINK_EXPIRED : NOT_FOUND));
}

export const LINK_EXPIRED = 'This link has expired for security reasons. Your voucher’s details are in your e-mail.';
export const NOT_FOUND = 'We could not find that voucher.';

export const LOOK_UP_FAILED = 'We couldn’t check that code just now. Please try again in a moment.';

/** POST /api/vouchers/balance/: what is left on a code, or why it cannot be read. */
export async function lookUpBalance(code: string): Promise<{ ok: true; balance: VoucherBalance } | Refusal> {
  const { data, error, response } = await pendingCall<VoucherBalance>('POST', '/api/vouchers/balance/', { body: { code } });
  if (data) return { ok: true, balance: data };
  return refused(error, response.status, LOOK_UP_FAILED);
}
