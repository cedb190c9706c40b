// A booking's balance, from the signed link in its reminder mail: what is owed, a payment for it,
// and the balance recorded once the card has paid.
import { api, errorMessage } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type BalanceView = components['schemas']['BalanceView'];

export const BALANCE_FAILED = 'We couldn’t load your balance just now. Please try again in a moment.';

/** Refused with the server's sentence (an expired or wrong link: 403/404). */
export class BalanceRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'BalanceRefused';
  }
}

export async function getBalance(orderId: number, token: string, signal?: AbortSignal): Promise<BalanceView> {
  const { data, error, response } = await api.GET('/api/workshops/balance/{order_id}/', {
    params: { path: { order_id: orderId }, query: { token } },
    signal,
  });
  if (data) return data;
  throw new BalanceRefused(errorMessage(error, BALANCE_FAILED), response.status);
}

/** The payment for the balance (its client secret), or the server's sentence. */
export async function payBalance(orderId: number, token: string): Promise<{ ok: true; clientSecret: string } | { ok: false; message: string }> {
  try {
    const { data, error } = await api.POST('/api/workshops/balance/{order_id}/', { params: { path: { order_id: orderId } }, body: { token } });
    if (data) return { ok: true, clientSecret: data.client_secret };
    return { ok: false, message: errorMessage(error, BALANCE_FAILED) };
  } catch (cause) {
    console.error('Starting the balance payment failed', cause);
    return { ok: false, message: BALANCE_FAILED };
  }
}

/** Records the balance the card paid; answers the balance as it now is. */
export async function balancePaid(orderId: number, token: string, paymentIntentId: string): Promise<{ ok: true; view: BalanceView } | { ok: false; message: string }> {
  try {
    const { data, error } = await api.POST('/api/workshops/balance/{order_id}/paid/', {
      params: { path: { order_id: orderId } },
      body: { token, payment_intent_id: paymentIntentId },
    });
    if (data) return { ok: true, view: data };
    return { ok: false, message: errorMessage(error, 'Your card was charged but we couldn’t record it just now. Please press Pay again: you will not be charged twice.') };
  } catch (cause) {
    console.error('Recording the balance failed', cause);
    return { ok: false, message: 'Your card was charged but we couldn’t record it just now. Please press Pay again: you will not be charged twice.' };
  }
}
