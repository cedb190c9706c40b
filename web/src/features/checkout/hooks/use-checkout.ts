// The checkout's submit, step by step as the spec has it: validate with the core, ask for
// the payment intent again (the cart may have changed), confirm the card, 3-D Secure when the
// simulated card asks for it, and only for a succeeded payment create the order; then clear the
// cart and go to the confirmation. Each failure ends in the spec's sentence.
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkoutFields, validateCheckout, type CheckoutForm } from '@/lib/core';
import type { Cart } from '@/lib/api-client';
import type { CardPayer } from '../api/card-payer';
import type { BillingDetails, CardConfirmation, CreatedOrder } from '../api/checkout-types';
import { createOrder } from '../api/orders-api';
import { checkIntent } from '../api/payment-api';
import { backToCartSaying, orderedCart, type OrderedCart } from './use-payment-setup';

/** A field of the form, by its form name (the core lists them, in the page's order). */
export type CheckoutField = keyof CheckoutForm;

export const EMPTY_FORM: CheckoutForm = {
  email: '',
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  postcode: '',
  phone: '',
};

/** The spec's words, exactly. */
export const STRIPE_NOT_LOADED = "Stripe hasn't loaded yet. Please try again.";
export const PAYMENT_EXCEPTION = 'An error occurred while processing your payment. Please try again.';
export const paymentFailed = (message: string) => `Payment failed: ${message}`;
export const paymentStatus = (status: string) => `Payment status: ${status}. Please try again.`;

/** Fields at fault by their form names, whichever names (form or wire) they came with. */
function byFormName(fields: Record<string, string>): Partial<Record<CheckoutField, string>> {
  const named: Partial<Record<CheckoutField, string>> = {};
  for (const field of checkoutFields()) {
    const why = fields[field.name] ?? fields[field.wire];
    if (why !== undefined) named[field.name] = why;
  }
  return named;
}

/** Billing details for the card (the spec): the whole name, the address line, and GB. */
export function billingDetails(form: CheckoutForm): BillingDetails {
  return {
    name: `${form.firstName.trim()} ${form.lastName.trim()}`,
    email: form.email.trim(),
    phone: form.phone.trim(),
    address: { line1: form.address.trim(), city: form.city.trim(), postal_code: form.postcode.trim(), country: 'GB' },
  };
}

/** What the page shows after a submit that did not end on the confirmation page. */
export interface CheckoutProblem {
  message: string;
  /** The first field at fault, which takes focus; without one the message itself does. */
  field?: CheckoutField;
}

/** The first of the fields at fault, in the order the page shows them. */
function firstOf(fields: Partial<Record<CheckoutField, string>>): CheckoutField | undefined {
  return checkoutFields().find((field) => field.name in fields)?.name;
}

export interface CheckoutOptions {
  cart: Cart;
  payer: CardPayer | null;
  /** The spec: the cart is cleared once the order exists. */
  clearCart: () => void;
  /** Told just before the cart is cleared, so the page does not take the empty cart for a reason to leave. */
  onPlaced?: () => void;
  /** Told when check_intent finds the cart is an order already. */
  onOrdered?: (ordered: OrderedCart) => void;
}

export function useCheckout({ cart, payer, clearCart, onPlaced, onOrdered }: CheckoutOptions) {
  const navigate = useNavigate();
  const [form, setForm] = useState<CheckoutForm>(EMPTY_FORM);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CheckoutField, string>>>({});
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** The 3-D Secure step waiting for the shopper: resolve(true) completes it, resolve(false) fails it. */
  const [authentication, setAuthentication] = useState<{ resolve: (succeed: boolean) => void } | null>(null);
  // A second press while the first is on its way does nothing (state would be a render late).
  const busy = useRef(false);
  // A payment that succeeded but whose order was not made: a retry makes the order, never pays twice.
  const paid = useRef<{ cartId: string; paymentIntentId: string } | null>(null);

  const setField = useCallback((field: CheckoutField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const askForAuthentication = () =>
    new Promise<boolean>((resolve) => {
      setAuthentication({
        resolve: (succeed) => {
          setAuthentication(null);
          resolve(succeed);
        },
      });
    });

  /** Confirms the card; the payment intent's id once it has succeeded, else null (the page already says why). */
  async function pay(activePayer: CardPayer): Promise<string | null> {
    let clientSecret: string;
    try {
      const answer = await checkIntent(cart.id);
      if (answer.kind === 'ordered') {
        // Paid before without an order: the server has placed it; the page says so and links to it.
        onOrdered?.(orderedCart(answer));
        return null;
      }
      clientSecret = answer.clientSecret;
    } catch (cause) {
      // The spec: any failure of the payment intent sends the shopper back to the cart (with why).
      backToCartSaying(navigate, cause);
      return null;
    }

    let result: CardConfirmation;
    try {
      result = await activePayer.confirm(clientSecret, billingDetails(form));
      if (!result.error && result.payment_intent?.status === 'requires_action' && activePayer.authenticate) {
        const succeed = await askForAuthentication();
        result = await activePayer.authenticate(clientSecret, succeed);
        if (result.error || result.payment_intent?.status !== 'succeeded') {
          navigate('/payment-failed');
          return null;
        }
      }
    } catch (cause) {
      console.error('The card payment failed', cause);
      setProblem({ message: PAYMENT_EXCEPTION });
      return null;
    }

    if (result.error) {
      setProblem({ message: paymentFailed(result.error.message ?? 'Your card was not accepted.') });
      return null;
    }
    const intent = result.payment_intent;
    if (!intent || intent.status !== 'succeeded') {
      setProblem({ message: paymentStatus(intent?.status ?? 'unknown') });
      return null;
    }
    return intent.id;
  }

  function placed(order: CreatedOrder) {
    paid.current = null;
    onPlaced?.();
    clearCart();
    navigate(`/order-confirmation/${encodeURIComponent(String(order.id))}?token=${encodeURIComponent(order.access_token)}`);
  }

  async function submit() {
    if (busy.current) return;
    const failure = validateCheckout(form);
    if (failure) {
      const fields = byFormName(failure.fields);
      setFieldErrors(fields);
      setProblem({ message: failure.error, field: firstOf(fields) });
      return;
    }
    setFieldErrors({});
    const alreadyPaid = paid.current?.cartId === cart.id ? paid.current.paymentIntentId : null;
    if (!payer && !alreadyPaid) {
      setProblem({ message: STRIPE_NOT_LOADED });
      return;
    }

    busy.current = true;
    setSubmitting(true);
    setProblem(null);
    let done = false;
    try {
      const paymentIntentId = alreadyPaid ?? (payer ? await pay(payer) : null);
      if (!paymentIntentId) return;
      paid.current = { cartId: cart.id, paymentIntentId };

      const outcome = await createOrder({
        payment_intent_id: paymentIntentId,
        cart_id: cart.id,
        email: form.email.trim(),
        first_name: form.firstName.trim(),
        last_name: form.lastName.trim(),
        address: form.address.trim(),
        city: form.city.trim(),
        postcode: form.postcode.trim(),
        phone: form.phone.trim(),
      });
      if (outcome.ok) {
        done = true;
        placed(outcome.order);
        return;
      }
      // Sold out while paying: the payment was refunded, so a retry must pay again.
      if (outcome.status === 409) paid.current = null;
      const fields = byFormName(outcome.fields);
      setFieldErrors(fields);
      setProblem({ message: outcome.message, field: firstOf(fields) });
    } finally {
      if (!done) {
        busy.current = false;
        setSubmitting(false);
      }
    }
  }

  return { form, setField, fieldErrors, problem, submitting, submit, authentication };
}
