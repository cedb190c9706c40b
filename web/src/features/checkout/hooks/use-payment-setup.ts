import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '@/components/ui/notify';
import { checkIntent, IntentRefused, type IntentAnswer } from '../api/payment-api';

/** The sentence a toast gives when the payment could not be prepared. */
export const INTENT_FAILED = 'We couldn’t start your payment.';

/**
 * The spec: a failed payment intent sends the shopper back to the cart; a toast says why, in the
 * server's words when it gave some.
 */
export function backToCartSaying(navigate: (to: string, options?: { replace?: boolean }) => void, cause: unknown, replace = false) {
  console.error('The payment intent failed', cause);
  notifyError(INTENT_FAILED, cause instanceof IntentRefused ? cause.reason : null);
  navigate('/cart', { replace });
}

/** check_intent refused the cart's kept florist's choice (a 400 naming its fields), not the cart. */
export function isStaleChoice(cause: unknown): cause is IntentRefused {
  return cause instanceof IntentRefused && cause.status === 400 && Object.keys(cause.fields).length > 0;
}

/**
 * check_intent refused the cart's gift voucher or offer code (409 with core's sentence: another
 * cart took what was left on the voucher, the day chosen is not the code's): the shopper stays,
 * and the checkout says why by the code.
 */
export function isCodeRefusal(cause: unknown, codeOn: boolean): cause is IntentRefused {
  // 409 also says a line sold out, which sends the shopper back to the cart: only with a code
  // on the cart (or one named) is it the code's.
  return cause instanceof IntentRefused && cause.status === 409 && !!cause.reason && (codeOn || 'code' in cause.fields);
}

/** A cart that is an order already: the server's sentence and the order's link when it has one. */
export interface OrderedCart {
  message: string;
  /** `/order-confirmation/{id}?token=…`; null when the link is only in the e-mail. */
  link: string | null;
}

export function orderedCart(answer: Extract<IntentAnswer, { kind: 'ordered' }>): OrderedCart {
  const link = answer.accessToken
    ? `/order-confirmation/${encodeURIComponent(String(answer.orderId))}?token=${encodeURIComponent(answer.accessToken)}`
    : null;
  return { message: answer.message, link };
}

/**
 * The spec: the checkout page asks for the cart's payment intent as it opens; any failure (an
 * empty or unknown cart, the network) sends the shopper back to the cart, with a toast saying why,
 * except a kept florist's choice that can no longer be booked, which this page replaces.
 * A cart that is an order already is told to `onOrdered`; a refund of an earlier payment is answered.
 */
export function usePaymentIntentCheck(cartId: string, onOrdered: (ordered: OrderedCart) => void): string | null {
  const navigate = useNavigate();
  const [refunded, setRefunded] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    checkIntent(cartId, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.kind === 'ordered') onOrdered(orderedCart(answer));
        else if (answer.kind === 'secret') setRefunded(answer.refunded);
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        // A florist's choice kept from an earlier visit that can no longer be booked (its day has
        // passed, say): this page is where a new one is made, so the shopper stays.
        if (isStaleChoice(cause)) return;
        // A code named as no longer applying: the code field says why.
        if (isCodeRefusal(cause, false)) return;
        backToCartSaying(navigate, cause, true);
      },
    );
    return () => controller.abort();
  }, [cartId, navigate, onOrdered]);
  return refunded;
}
