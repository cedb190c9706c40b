// The booking form's submit, step by step: hold the seats (the server checks the form with core
// and answers the payment), confirm the card (with the simulated 3-D Secure step when asked),
// then make the booking and open its confirmation. Each failure ends in a sentence, and what was
// typed stays as it was.
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { CardPayer } from '@/components/payment/card-payer';
import { confirmCard, useAuthentication } from '@/components/payment/confirm-card';
import { usePayPress } from '@/components/payment/use-pay-press';
import { useForm } from '@/lib/use-form';
import { holdSeats, placeBooking, type BookedWorkshop, type BookingForm } from '../api/book-workshop';

/** The form's fields, by the names the server gives their sentences under. */
export type BookingField = 'seats' | 'names' | 'email' | 'phone' | 'note' | `names.${number}`;

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

export function useBooking({ slug, offer, maxSeats }: { slug: string; offer: string | null; maxSeats: number }) {
  const navigate = useNavigate();
  const { form, setForm, errors, setErrors, setField: setPlainField, text } = useForm<BookingForm, BookingField>({ seats: 1, names: [''], email: '', phone: '', note: '' });
  const { problem, setProblem, submitting, press } = usePayPress<BookingProblem>();
  const { authentication, ask: askForAuthentication } = useAuthentication();
  // The hold of an earlier press: a retry keeps the same seats and payment.
  const booking = useRef<string | null>(null);
  // Paid but not yet booked: pressing Pay again books with the same payment, never charges twice.
  const paid = useRef<{ booking: string; paymentIntentId: string } | null>(null);

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

  async function pay(payer: CardPayer): Promise<{ booking: string; paymentIntentId: string } | null> {
    const hold = await holdSeats(slug, { ...form, seats: Math.min(form.seats, maxSeats) }, booking.current, offer);
    if (!hold.ok) {
      setErrors(faultsOf(hold.fields));
      setProblem({ message: hold.message, full: hold.status === 409 });
      return null;
    }
    booking.current = hold.payment.booking;
    const billing = { name: form.names[0]?.trim() ?? '', email: form.email.trim(), phone: form.phone.trim() };
    const outcome = await confirmCard(payer, hold.payment.client_secret, billing, askForAuthentication);
    if (outcome.kind === 'authentication-failed') {
      setProblem({ message: AUTHENTICATION_FAILED });
      return null;
    }
    if (outcome.kind === 'refused') {
      setProblem({ message: outcome.message });
      return null;
    }
    return { booking: hold.payment.booking, paymentIntentId: outcome.paymentIntentId };
  }

  const submit = (payer: CardPayer | null) =>
    press(!!payer || !!paid.current, async () => {
      const payment = paid.current ?? (payer ? await pay(payer) : null);
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

  return { form, setField, setName, text, errors, problem, submitting, submit, authentication };
}
