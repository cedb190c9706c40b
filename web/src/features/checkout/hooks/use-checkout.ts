// The checkout's submit, step by step as the spec has it: validate with the core, ask for
// the payment intent again (the cart may have changed), confirm the card, 3-D Secure when the
// simulated card asks for it, and only for a succeeded payment create the order; then clear the
// cart and go to the confirmation. Each failure ends in the spec's sentence.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkoutFields, emptyCheckoutForm, fulfilmentFields, money, validateCheckout, type CheckoutForm } from '@/lib/core';
import type { Cart } from '@/lib/api-client';
import type { CardPayer } from '@/components/payment/card-payer';
import { confirmCard, useAuthentication, STRIPE_NOT_LOADED } from '@/components/payment/confirm-card';
import type { BillingDetails } from '@/components/payment/payment-api';
import { usePayPress } from '@/components/payment/use-pay-press';
import type { CreatedOrder } from '../api/checkout-types';
import { saveChoice } from '../api/fulfilment-api';
import { createOrder, ORDER_FIELDS_MESSAGE } from '../api/orders-api';
import { checkIntent } from '../api/payment-api';
import { clearDraft, draftOf, saveDraft } from './checkout-draft';
import type { ChoiceField, UseFulfilment } from './use-fulfilment';
import { backToCartSaying, isCodeRefusal, isStaleChoice, orderedCart, type OrderedCart } from './use-payment-setup';

/** A field of the form, by its form name (the core lists them, in the page's order). */
export type CheckoutField = keyof CheckoutForm;

/** Said instead of paying when the server's total is not the one on the page (the cart changed in another tab, say). */
export const totalChanged = (total: string) =>
  `Your basket changed, perhaps in another tab: the total is now ${total}. Please check it and press Pay again.`;

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

/** A control that can be at fault: the shopper's details by form name, the florist's choice by wire name. */
export type FaultyField = { form: 'customer'; name: CheckoutField } | { form: 'choice'; name: ChoiceField };

/** What the page shows after a submit that did not end on the confirmation page. */
export interface CheckoutProblem {
  message: string;
  /** The first field at fault, which takes focus; without one the message itself does. */
  field?: FaultyField;
  /** The values, as they were, of the fields the message is about: a change to one clears it. */
  about?: string;
}

/**
 * The spec's missing-fields sentence for both parts at once ("Please fill in all required
 * fields: Email, Delivery postcode"), from the core's sentence for each: the shopper's details
 * first, then the choice. Any other sentence is kept as the core gave it.
 */
export function missingFieldsMessage(own: string | undefined, choice: string | null | undefined): string {
  const opening = `${ORDER_FIELDS_MESSAGE}: `;
  if (own?.startsWith(opening) && choice?.startsWith(opening)) return `${own}, ${choice.slice(opening.length)}`;
  if (choice?.startsWith(opening) && own) return own;
  return own ?? choice ?? '';
}

/** The recipient's fields that "Deliver to me" fills from the shopper's details, and where they come from. */
const FROM_CUSTOMER: Partial<Record<ChoiceField, CheckoutField>> = {
  recipient_name: 'firstName',
  recipient_phone: 'phone',
  address_line1: 'address',
  city: 'city',
  postcode: 'postcode',
};

/** The choice's fields at fault, by wire name, from an answer that may name them either way. */
function choiceFaults(fields: Record<string, string>): Partial<Record<ChoiceField, string>> {
  const named: Partial<Record<ChoiceField, string>> = {};
  for (const field of fulfilmentFields()) {
    const why = fields[field.name];
    if (why !== undefined) named[field.name] = why;
  }
  return named;
}

/** The fields at fault, in the order the page shows them: the shopper's details, then the choice. */
function allOf(
  customer: Partial<Record<CheckoutField, string>>,
  choice: Partial<Record<ChoiceField, string>> = {},
  deliverToMe = false,
): FaultyField[] {
  const own: FaultyField[] = checkoutFields()
    .filter((field) => field.name in customer)
    .map((field) => ({ form: 'customer', name: field.name }));
  const chosen: FaultyField[] = fulfilmentFields()
    .filter((field) => field.name in choice)
    .map((field) => {
      const mine = deliverToMe ? FROM_CUSTOMER[field.name] : undefined;
      return mine ? { form: 'customer', name: mine } : { form: 'choice', name: field.name };
    });
  return [...own, ...chosen];
}

export interface CheckoutOptions {
  cart: Cart;
  payer: CardPayer | null;
  /** The shopper's own details. */
  customer: CustomerForm;
  /** The florist's choice (delivery or collection, the day, the card); null until the studio's rules load. */
  fulfilment: UseFulfilment | null;
  /** The total the page shows on Pay ("£61.00"): the card is charged only when the server's total is the same. */
  shownTotal: string;
  /** Fetches the cart again, for a summary that is out of date. */
  refreshCart: () => void;
  /** The spec: the cart is cleared once the order exists. */
  clearCart: () => void;
  /** Told just before the cart is cleared, so the page does not take the empty cart for a reason to leave. */
  onPlaced?: () => void;
  /** Told when check_intent finds the cart is an order already. */
  onOrdered?: (ordered: OrderedCart) => void;
  /** A gift voucher covers the whole total: no card, the order is placed from the voucher. */
  nothingToPay?: boolean;
  /** A gift voucher or offer code is on the cart. */
  codeOn?: boolean;
  /** check_intent refused a code on the cart: its figures are asked for again. */
  onCodeRefused?: () => void;
}

/** What the page says when the delivery days never loaded and so nothing can be chosen. */
export const NO_DELIVERY_RULES = 'We couldn’t load our delivery days. Please reload the page and try again.';

/** The shopper's own details as they type them, and the core's word on each field after a submit. */
export function useCustomerForm() {
  // What was typed earlier in this visit (before "Edit cart", say) comes back.
  const [form, setForm] = useState<CheckoutForm>(() => {
    const empty = emptyCheckoutForm();
    return { ...empty, ...draftOf('customer', empty) };
  });
  useEffect(() => saveDraft({ customer: form }), [form]);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CheckoutField, string>>>({});

  const setField = useCallback((field: CheckoutField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { form, setField, fieldErrors, setFieldErrors };
}

export type CustomerForm = ReturnType<typeof useCustomerForm>;

/**
 * The checkout's submit and what it says. The shopper's details (`useCustomerForm`) and the
 * florist's choice (`useFulfilment`) are given in, so that one submit checks both with the core.
 */
export function useCheckout({
  cart,
  payer,
  customer,
  fulfilment,
  shownTotal,
  refreshCart,
  clearCart,
  onPlaced,
  onOrdered,
  nothingToPay = false,
  codeOn = false,
  onCodeRefused,
}: CheckoutOptions) {
  const navigate = useNavigate();
  const { form, setFieldErrors } = customer;
  const { problem, setProblem, submitting, press, pressing } = usePayPress<CheckoutProblem>();
  // The values of the fields a problem is about, now: the problem shows only while they are unchanged.
  const sent = fulfilment?.sent;
  const valuesOf = useCallback(
    (fields: readonly FaultyField[]) =>
      JSON.stringify(fields.map((field) => (field.form === 'customer' ? form[field.name] : (sent?.[field.name] ?? '')))),
    [form, sent],
  );
  const faultsNamed = useRef<readonly FaultyField[]>([]);
  useEffect(() => {
    setProblem((current) => (current?.about !== undefined && current.about !== valuesOf(faultsNamed.current) ? null : current));
  }, [valuesOf, setProblem]);
  /** Shows a problem about these fields, until one of them changes. */
  const sayAbout = (message: string, fields: readonly FaultyField[]) => {
    faultsNamed.current = fields;
    setProblem({ message, field: fields[0], about: valuesOf(fields) });
  };
  const { authentication, ask: askForAuthentication } = useAuthentication();
  // A payment that succeeded but whose order was not made: a retry makes the order, never pays twice.
  const paid = useRef<{ cartId: string; paymentIntentId: string } | null>(null);

  /**
   * Confirms the card; the payment intent's id once it has succeeded, `voucher` when a gift
   * voucher covers the whole total (no card), else null (the page already says why).
   */
  async function pay(activePayer: CardPayer | null): Promise<string | 'voucher' | null> {
    let clientSecret: string;
    try {
      const answer = await checkIntent(cart.id);
      if (answer.kind === 'ordered') {
        // Paid before without an order: the server has placed it; the page says so and links to it.
        onOrdered?.(orderedCart(answer));
        return null;
      }
      // The cart may have changed in another tab since this page fetched it: the intent is for
      // the server's total, so a different one is shown to the shopper before any card is charged.
      const charged = money(answer.total);
      if (charged !== shownTotal) {
        refreshCart();
        setProblem({ message: totalChanged(charged) });
        return null;
      }
      if (answer.kind === 'nothing-to-pay') return 'voucher';
      clientSecret = answer.clientSecret;
    } catch (cause) {
      // The choice closed between saving it and paying (a cut-off passed): it is fixed here.
      if (isStaleChoice(cause)) {
        refuseChoice(cause.reason ?? 'Please check your delivery choice.', cause.fields);
        return null;
      }
      // A voucher or code that no longer applies: said here, nothing charged, the figures asked again.
      if (isCodeRefusal(cause, !!onCodeRefused && codeOn)) {
        onCodeRefused?.();
        setProblem({ message: cause.reason ?? '' });
        return null;
      }
      // The spec: any other failure of the payment intent sends the shopper back to the cart (with why).
      backToCartSaying(navigate, cause);
      return null;
    }

    if (!activePayer) {
      setProblem({ message: STRIPE_NOT_LOADED });
      return null;
    }
    const outcome = await confirmCard(activePayer, clientSecret, billingDetails(form), askForAuthentication);
    if (outcome.kind === 'authentication-failed') {
      navigate('/payment-failed');
      return null;
    }
    if (outcome.kind === 'refused') {
      setProblem({ message: outcome.message });
      return null;
    }
    return outcome.paymentIntentId;
  }

  function placed(order: CreatedOrder) {
    paid.current = null;
    // The draft was for this order: the next visit's checkout starts empty.
    clearDraft();
    onPlaced?.();
    clearCart();
    navigate(`/order-confirmation/${encodeURIComponent(String(order.id))}?token=${encodeURIComponent(order.access_token)}`);
  }

  /** The server refused the choice: its sentences go beside the fields, the first takes focus. */
  function refuseChoice(message: string, fields: Record<string, string>) {
    const faults = choiceFaults(fields);
    fulfilment?.setErrors(faults);
    sayAbout(message, allOf({}, faults, fulfilment?.deliverToMe));
  }

  async function submit() {
    if (pressing()) return;
    if (!fulfilment) {
      setProblem({ message: NO_DELIVERY_RULES });
      return;
    }
    // Both parts are checked by the core at once, so every field at fault is marked in one go.
    const failure = validateCheckout(form);
    const fields = failure ? byFormName(failure.fields) : {};
    const faults = fulfilment.view.fault ? fulfilment.view.faults : {};
    setFieldErrors(fields);
    fulfilment.setErrors(faults);
    if (failure || fulfilment.view.fault) {
      // "Deliver to me": the recipient's gaps are the shopper's own, already named.
      const choiceSays = fulfilment.deliverToMe && failure ? null : fulfilment.view.fault;
      sayAbout(missingFieldsMessage(failure?.error, choiceSays), allOf(fields, faults, fulfilment.deliverToMe));
      return;
    }
    const alreadyPaid = paid.current?.cartId === cart.id ? paid.current.paymentIntentId : null;
    await press(!!payer || !!alreadyPaid || nothingToPay, async () => {
      // A payment already made was made for the choice kept then: sending it again would unfix
      // the charge the order is placed for, so only an unpaid cart sends its choice.
      if (!alreadyPaid) {
        const saved = await saveChoice(cart.id, fulfilment.sent);
        if (!saved.ok) {
          refuseChoice(saved.message, saved.fields);
          return false;
        }
      }
      const paymentIntentId = alreadyPaid ?? (await pay(payer));
      if (!paymentIntentId) return false;
      if (paymentIntentId !== 'voucher') paid.current = { cartId: cart.id, paymentIntentId };

      const outcome = await createOrder({
        // Paid by the voucher alone: no payment intent (check_intent said nothing was left to pay).
        payment_intent_id: paymentIntentId === 'voucher' ? null : paymentIntentId,
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
        placed(outcome.order);
        return true;
      }
      // Sold out while paying: the payment was refunded, so a retry must pay again.
      if (outcome.status === 409) paid.current = null;
      const refused = byFormName(outcome.fields);
      setFieldErrors(refused);
      sayAbout(outcome.message, allOf(refused));
      return false;
    });
  }

  return { problem, submitting, submit, authentication };
}
