import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CardForm } from '@/components/payment/card-form';
import { usePaymentSetup } from '@/components/payment/use-payment-setup';
import { ThreeDSecureDialog } from '@/components/payment/three-d-secure-dialog';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import type { CardPayer } from '@/components/payment/card-payer';
import { formatDate, money } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import { useBooking } from '../hooks/use-booking';
import { waitingListLink } from '../lib/booking';
import './booking.css';
import './workshop-figures.css';

/** What the seat choice offers: 1 up to the seats the server says one booking may take. */
const seatChoices = (max: number) => Array.from({ length: Math.max(0, max) }, (_, index) => index + 1);

/**
 * The booking form: how many seats and who sits in them, how to reach the booker, an optional
 * note, and the card. What is paid now and what later are the server's (core's) figures.
 */
export function BookingForm({ workshop, offer }: { workshop: Workshop; offer: string | null }) {
  const { form, setField, setName, text, errors, problem, submitting, submit, authentication } = useBooking({
    slug: workshop.slug,
    offer,
    maxSeats: workshop.max_seats,
  });
  const { setup, retry } = usePaymentSetup();
  const [payer, setPayer] = useState<CardPayer | null>(null);
  const onReady = useCallback((ready: CardPayer | null) => setPayer(() => ready), []);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const payNow = money(workshop.pay_now);
  const seatWord = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

  return (
    <form
      className="booking-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit(payer);
      }}
    >
      <fieldset className="booking-form__part">
        <legend className="booking-form__legend">Who is coming</legend>
        <Field label="Seats" error={errors.seats} hint={`Up to ${seatWord(workshop.max_seats)} on one booking.`}>
          {(control) => (
            <select
              {...control}
              name="seats"
              className="field__input booking-form__seats"
              value={form.seats}
              onChange={(event) => setField('seats', Number(event.target.value))}
            >
              {seatChoices(workshop.max_seats).map((n) => (
                <option key={n} value={n}>
                  {seatWord(n)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {form.names.map((name, seat) => (
          <TextField
            key={seat}
            label={seat === 0 ? 'Your name' : `Name for seat ${seat + 1}`}
            name={`names.${seat}`}
            autoComplete={seat === 0 ? 'name' : 'off'}
            value={name}
            onValueChange={(value) => setName(seat, value)}
            error={errors[`names.${seat}`] ?? (seat === 0 ? errors.names : undefined)}
          />
        ))}
      </fieldset>

      <fieldset className="booking-form__part">
        <legend className="booking-form__legend">How we reach you</legend>
        <TextField label="Email" type="email" autoComplete="email" hint="Your confirmation goes here, and a reminder before the balance is due." {...text('email')} />
        {workshop.asks_phone && <TextField label="Phone" type="tel" autoComplete="tel" hint="Only if we need to reach you on the day." {...text('phone')} />}
        {workshop.asks_note && <TextAreaField label={workshop.note_label} hint={workshop.note_why} hintAt="top" rows={3} {...text('note')} />}
      </fieldset>

      <fieldset className="booking-form__part">
        <legend className="booking-form__legend">Payment</legend>
        <dl className="workshop-figures">
          <div>
            <dt>{workshop.pays_deposit ? 'Deposit paid now' : 'Paid now'}</dt>
            <dd>
              {payNow} <span className="workshop-figures__aside">a seat</span>
            </dd>
          </div>
          {workshop.pays_deposit && (
            <div>
              <dt>Balance</dt>
              <dd>
                {money(workshop.balance)} <span className="workshop-figures__aside">a seat, due by {formatDate(workshop.balance_due, 'long')}</span>
              </dd>
            </div>
          )}
        </dl>
        <CardForm setup={setup} onReady={onReady} onRetry={retry} />
      </fieldset>

      <div ref={problemRef} tabIndex={-1} className="booking-form__problem" role="alert">
        {problem && (
          <div className="notice notice--error">
            <p>{problem.message}</p>
            {problem.full && (
              <p>
                <Link to={waitingListLink(workshop)}>Join the waiting list</Link>
              </p>
            )}
          </div>
        )}
      </div>

      <button type="submit" className="button button--block" disabled={submitting}>
        {submitting ? 'Booking…' : form.seats === 1 ? `Pay ${payNow} and book` : `Pay and book ${seatWord(form.seats)}`}
      </button>

      {authentication && <ThreeDSecureDialog onAnswer={authentication.resolve} />}
    </form>
  );
}
