import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CardForm } from '@/components/payment/card-form';
import { usePaymentSetup } from '@/components/payment/use-payment-setup';
import { ThreeDSecureDialog } from '@/components/payment/three-d-secure-dialog';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import { CodeField } from '@/components/codes/code-field';
import { hasCodes } from '@/components/codes/codes-api';
import type { CardPayer } from '@/components/payment/card-payer';
import { formatDate, money } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import { useBooking } from '../hooks/use-booking';
import { useBookingCodes } from '../hooks/use-booking-codes';
import { waitingListLink } from '../lib/booking';
import './booking.css';
import './workshop-figures.css';

/** What the seat choice offers: 1 up to the seats the server says one booking may take. */
const seatChoices = (max: number) => Array.from({ length: Math.max(0, max) }, (_, index) => index + 1);

/**
 * The booking form: how many seats and who sits in them, how to reach the booker, an optional
 * note, a gift voucher or offer code, and the card. What is paid now and what later are the
 * server's (core's) figures; a voucher that pays everything due now means no card.
 */
export function BookingForm({ workshop, offer }: { workshop: Workshop; offer: string | null }) {
  const formId = useId();
  const refreshCodes = useRef<() => void>(() => {});
  const onCodesChanged = useCallback(() => refreshCodes.current(), []);
  const { form, setField, setName, text, errors, problem, submitting, submit, authentication, heldBooking, currentBooking } = useBooking({
    slug: workshop.slug,
    offer,
    maxSeats: workshop.max_seats,
    onCodesChanged,
  });
  const codes = useBookingCodes(currentBooking, heldBooking);
  useEffect(() => {
    refreshCodes.current = codes.refresh;
  }, [codes.refresh]);
  const reckoned = hasCodes(codes.codes) ? codes.codes : null;
  const noCard = !!reckoned && Number(reckoned.to_pay) === 0;
  const { setup, retry } = usePaymentSetup();
  const [payer, setPayer] = useState<CardPayer | null>(null);
  const onReady = useCallback((ready: CardPayer | null) => setPayer(() => ready), []);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const payNow = money(workshop.pay_now);
  const seatWord = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);
  const buttonWords = () => {
    if (noCard) return form.seats === 1 ? 'Book with your voucher' : `Book ${seatWord(form.seats)} with your voucher`;
    if (reckoned) return `Pay ${money(reckoned.to_pay)} and book`;
    return form.seats === 1 ? `Pay ${payNow} and book` : `Pay and book ${seatWord(form.seats)}`;
  };

  // The details are one form and Pay its button; the payment part sits outside it, since the
  // code field is a form of its own (Enter there applies the code, never pays) and forms do
  // not nest.
  return (
    <div className="booking-form">
      <form
        id={formId}
        className="booking-form__details"
        aria-label="Your booking"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit(payer, noCard);
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
      </form>

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
        <CodeField codes={codes} />
        {reckoned && (
          <dl className="workshop-figures booking-form__due" aria-label="What you pay now">
            <div>
              <dt>Due now</dt>
              <dd>{money(reckoned.items)}</dd>
            </div>
            {Number(reckoned.discount) > 0 && (
              <div className="booking-form__less">
                <dt>Offer code</dt>
                <dd>−{money(reckoned.discount)}</dd>
              </div>
            )}
            {Number(reckoned.paid_by_voucher) > 0 && (
              <div className="booking-form__less">
                <dt>Gift voucher</dt>
                <dd>−{money(reckoned.paid_by_voucher)}</dd>
              </div>
            )}
            <div className="booking-form__to-pay">
              <dt>{noCard ? 'To pay by card' : 'To pay by card now'}</dt>
              <dd>{money(reckoned.to_pay)}</dd>
            </div>
          </dl>
        )}
        {noCard ? (
          <p className="booking-form__no-card">Your gift voucher pays for this booking, so no card is needed.</p>
        ) : (
          <CardForm setup={setup} onReady={onReady} onRetry={retry} />
        )}
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

      <button type="submit" form={formId} className="button button--block" disabled={submitting}>
        {submitting ? 'Booking…' : buttonWords()}
      </button>

      {authentication && <ThreeDSecureDialog onAnswer={authentication.resolve} />}
    </div>
  );
}
