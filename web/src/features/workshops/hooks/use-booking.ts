// The booking form's submit, step by step: hold the seats (the server checks the form with core
// and answers the payment), confirm the card (with the simulated 3-D Secure step when asked),
// then make the booking and open its confirmation. Each failure ends in a sentence, and what was
// typed stays as it was.
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { CardPayer } from '@/components/payment/card-payer';
import { confirmCard, useAuthentication } from '@/components/payment/confirm-card';
import { usePayPress } from '@/components/payment/use-pay-press';
import { money } from '@/lib/core';
import { useForm } from '@/lib/use-form';
import { holdSeats, placeBooking, type BookedWorkshop, type BookingForm, type BookingPayment } from '../api/book-workshop';

/** The form's fields, by the names the server gives their sentences under. */
export type BookingField = 'seats' | 'names' | 'email' | 'phone' | 'note' | `names.${number}`;

/** Said when a gift voucher was thought to pay everything but no longer does (spent elsewhere meanwhile). */
export const cardNeeded = (amount: string) => `Your voucher no longer covers everything: ${money(amount)} is left to pay by card. Please enter your card and press Pay again.`;

/** Said when the bank's check was not completed: nothing was taken. */
export const AUTHENTICATION_FAILED = 'Your bank did not confirm the payment, so nothing was taken. Please try again.';

export interface BookingProblem {
  message: string;
  /** The workshop filled up meanwhile: the page offers the waiting list. */
  full?: boolean;
}

/** Where a booking's confirmation is, and what it shows when reached from the form. */
export function confirmationLink(booked: Pick<BookedWorkshop, 'order_id' | 'access_token'>): string {
  return `/workshops/booked/${encodeURIComponent(String(booked.order_id))}?token=${encodeURIComponent(booked.access_token)}`;
}

/** The server's fields at fault, by the form's names ("names[1]" and "names.1" alike). */
function faultsOf(fields: Record<string, string>): Partial<Record<BookingField, string>> {
  const faults: Partial<Record<BookingField, string>> = {};
  for (const [name, why] of Object.entries(fields)) {
    const seat = /^names[.[](\d+)\]?$/.exec(name);
    if (seat) faults[`names.${Number(seat[1])}`] = why;
    // The server names core's fields; one the form does not show is said in the sentence above it anyway.
    else faults[name as BookingField] = why;
  }
  return faults;
}

/** A payment made, or none when a gift voucher pays everything due now. */
interface Paid {
  booking: string;
  paymentIntentId: string | null;
}

/**
 * `onCodesChanged` is told when the hold's figures show the codes on the booking came to something
 * else than the page showed (a voucher spent elsewhere meanwhile), so it asks for them again.
 */
export function useBooking({ slug, offer, maxSeats, onCodesChanged }: { slug: string; offer: string | null; maxSeats: number; onCodesChanged?: () => void }) {
  const navigate = useNavigate();
  const { form, setForm, errors, setErrors, setField: setPlainField, text } = useForm<BookingForm, BookingField>({ seats: 1, names: [''], email: '', phone: '', note: '' });
  const { problem, setProblem, submitting, press } = usePayPress<BookingProblem>();
  const { authentication, ask: askForAuthentication } = useAuthentication();
  // The hold of an earlier press: a retry keeps the same seats and payment.
  const booking = useRef<string | null>(null);
  // Paid but not yet booked: pressing Pay again books with the same payment, never charges twice.
  const paid = useRef<Paid | null>(null);

  const setField = useCallback(
    <K extends keyof BookingForm>(field: K, value: BookingForm[K]) => {
      setPlainField(field, value);
      // One name box per seat; names typed for seats taken away come back if the seats do.
      if (field === 'seats') setForm((current) => ({ ...current, names: Array.from({ length: Number(value) }, (_, seat) => current.names[seat] ?? '') }));
    },
    [setPlainField, setForm],
  );

  const setName = useCallback((seat: number, name: string) => {
    setForm((current) => ({ ...current, names: current.names.map((given, index) => (index === seat ? name : given)) }));
    setErrors((current) => {
      const key: BookingField = `names.${seat}`;
      if (!(key in current) && !('names' in current)) return current;
      const next = { ...current };
      delete next[key];
      delete next.names;
      return next;
    });
  }, [setForm, setErrors]);

  /** Holds the seats as the form stands (and makes its payment): the payment, or null with the form's sentences shown. */
  async function hold(): Promise<BookingPayment | null> {
    const held = await holdSeats(slug, { ...form, seats: Math.min(form.seats, maxSeats) }, booking.current, offer);
    if (!held.ok) {
      setErrors(faultsOf(held.fields));
      setProblem({ message: held.message, full: held.status === 409 });
      return null;
    }
    setErrors({});
    booking.current = held.payment.booking;
    return held.payment;
  }

  /** The booking's cart, held first when nothing is held yet: where a gift voucher or an offer code is kept. */
  const heldBooking = async () => (await hold())?.booking ?? null;
  const currentBooking = useCallback(() => booking.current, []);

  async function pay(payer: CardPayer | null): Promise<Paid | null> {
    const payment = await hold();
    if (!payment) return null;
    // A gift voucher pays everything due now: no card is asked for.
    if (!payment.client_secret) return { booking: payment.booking, paymentIntentId: null };
    if (!payer) {
      setProblem({ message: cardNeeded(payment.amount) });
      onCodesChanged?.();
      return null;
    }
    const billing = { name: form.names[0]?.trim() ?? '', email: form.email.trim(), phone: form.phone.trim() };
    const outcome = await confirmCard(payer, payment.client_secret, billing, askForAuthentication);
    if (outcome.kind === 'authentication-failed') {
      setProblem({ message: AUTHENTICATION_FAILED });
      return null;
    }
    if (outcome.kind === 'refused') {
      setProblem({ message: outcome.message });
      return null;
    }
    return { booking: payment.booking, paymentIntentId: outcome.paymentIntentId };
  }

  /** `noCard`: the codes on the booking pay everything due now, so no card form is shown. */
  const submit = (payer: CardPayer | null, noCard = false) =>
    press(!!payer || !!paid.current || noCard, async () => {
      const payment = paid.current ?? (payer || noCard ? await pay(payer) : null);
      if (!payment) return false;
      paid.current = payment;
      const placed = await placeBooking(payment.booking, payment.paymentIntentId);
      if (!placed.ok) {
        // The seat went and the payment was given back: a retry holds and pays afresh.
        if (placed.status === 409) {
          paid.current = null;
          booking.current = null;
        }
        setProblem({ message: placed.message, full: placed.status === 409 });
        return false;
      }
      navigate(confirmationLink(placed.booked), { state: { booked: placed.booked } });
      return true;
    });

  return { form, setField, setName, text, errors, problem, submitting, submit, authentication, heldBooking, currentBooking };
}
