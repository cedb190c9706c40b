// The gift voucher's calls: buying one (its payment, then the voucher), its thank-you, and a
// holder's balance look-up. Every sentence the shopper reads comes from the server (core's).
import { api, errorMessage, type ErrorBody } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

/** What the buying form sends (POST /api/vouchers/). */
export type VoucherOrder = components['schemas']['BuyVoucher'];

/** Its answer: the payment to confirm with the card. */
export type VoucherPayment = components['schemas']['VoucherPayment'];

/** What `paid` answers: the sentence, value and last day the thank-you shows. */
export type VoucherPaid = components['schemas']['VoucherBought'];

/** What a holder's look-up answers. */
export type VoucherBalance = components['schemas']['VoucherBalance'];

/** The values and how long a voucher lasts, for the buying page. */
export type VoucherTerms = components['schemas']['VoucherTerms'];

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
  const { data } = await api.GET('/api/vouchers/terms/', { signal });
  if (!data) throw new Error(TERMS_FAILED);
  return data;
}

export const PAYMENT_NOT_STARTED = 'We couldn’t start your payment. Please check your connection and try again.';

/** POST /api/vouchers/: checks the form (core's sentences) and makes its payment. */
export async function orderVoucher(order: VoucherOrder): Promise<{ ok: true; payment: VoucherPayment } | Refusal> {
  const { data, error, response } = await api.POST('/api/vouchers/', { body: order });
  if (data) return { ok: true, payment: data };
  return refused(error, response.status, PAYMENT_NOT_STARTED);
}

export const NOT_ISSUED =
  'Your payment went through but we could not make the voucher just now. Please press Pay again: you will not be charged twice.';

/** POST /api/vouchers/{id}/paid/: the voucher, once the provider says the payment succeeded. */
export async function issueVoucher(voucherId: number, paymentIntentId: string): Promise<{ ok: true; paid: VoucherPaid } | Refusal> {
  const { data, error, response } = await api.POST('/api/vouchers/{id}/paid/', {
    params: { path: { id: voucherId } },
    body: { payment_intent_id: paymentIntentId },
  });
  if (data) return { ok: true, paid: data };
  return refused(error, response.status, NOT_ISSUED);
}

export const LOOK_UP_FAILED = 'We couldn’t check that code just now. Please try again in a moment.';

/** POST /api/vouchers/balance/: what is left on a code, or why it cannot be read. */
export async function lookUpBalance(code: string): Promise<{ ok: true; balance: VoucherBalance } | Refusal> {
  const { data, error, response } = await api.POST('/api/vouchers/balance/', { body: { code } });
  if (data) return { ok: true, balance: data };
  return refused(error, response.status, LOOK_UP_FAILED);
}
