import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CardForm } from '@/components/payment/card-form';
import { usePaymentSetup } from '@/components/payment/use-payment-setup';
import { ThreeDSecureDialog } from '@/components/payment/three-d-secure-dialog';
import type { CardPayer } from '@/components/payment/card-payer';
import { confirmCard, STRIPE_NOT_LOADED, useAuthentication } from '@/components/payment/confirm-card';
import { formatDate, money } from '@/lib/core';
import { balancePaid, payBalance, type BalanceView } from '../api/balance';
import { AUTHENTICATION_FAILED } from '../hooks/use-booking';
import './booking.css';
import './workshop-figures.css';

/**
 * The balance of a booking, paid by card from the reminder's signed link (no saved cards): what
 * the booking is, what was paid, what is owed and by when; then the card. Once paid, it says so.
 */
export function BalancePayment({ orderId, token, view: first }: { orderId: number; token: string; view: BalanceView }) {
  const [view, setView] = useState(first);
  const { setup, retry } = usePaymentSetup();
  const [payer, setPayer] = useState<CardPayer | null>(null);
  const onReady = useCallback((ready: CardPayer | null) => setPayer(() => ready), []);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { authentication, ask } = useAuthentication();
  // Paid but not recorded: pressing Pay again records the same payment.
  const paid = useRef<string | null>(null);


  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!payer && !paid.current) {
      setProblem(STRIPE_NOT_LOADED);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      if (!paid.current && payer) {
        const started = await payBalance(orderId, token);
        if (!started.ok) {
          setProblem(started.message);
          return;
        }
        const outcome = await confirmCard(payer, started.clientSecret, {}, ask);
        if (outcome.kind !== 'paid') {
          setProblem(outcome.kind === 'refused' ? outcome.message : AUTHENTICATION_FAILED);
          return;
        }
        paid.current = outcome.paymentIntentId;
      }
      if (!paid.current) return;
      const recorded = await balancePaid(orderId, token, paid.current);
      if (!recorded.ok) {
        setProblem(recorded.message);
        return;
      }
      setView(recorded.view);
    } finally {
      setBusy(false);
    }
  }

  const seats = view.seats === 1 ? '1 seat' : `${view.seats} seats`;
  return (
    <div className="booking-main stack">
      <h1 className="booking-page__title">{view.owed ? 'Pay your balance' : 'Your balance is paid'}</h1>
      <dl className="workshop-figures">
        <div>
          <dt>Workshop</dt>
          <dd>
            <Link to={`/workshops/${view.slug}`}>{view.workshop}</Link>
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            <time dateTime={view.date}>{formatDate(view.date, 'long')}</time>, {view.time}
          </dd>
        </div>
        <div>
          <dt>Booking</dt>
          <dd>
            {view.reference}, {seats}
          </dd>
        </div>
        <div>
          <dt>Paid when you booked</dt>
          <dd>{money(view.paid)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>
            {money(view.balance)}
            {view.owed && view.balance_due && <span className="workshop-figures__aside"> due by {formatDate(view.balance_due, 'long')}</span>}
            {!view.owed && <span className="workshop-figures__aside"> paid, thank you</span>}
          </dd>
        </div>
      </dl>
      {view.owed ? (
        <form className="booking-form" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="booking-form__part">
            <legend className="booking-form__legend">Card</legend>
            <CardForm setup={setup} onReady={onReady} onRetry={retry} />
          </fieldset>
          <div className="booking-form__problem" role="alert">
            {problem && <p className="notice notice--error">{problem}</p>}
          </div>
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? 'Paying…' : `Pay ${money(view.balance)}`}
          </button>
          {authentication && <ThreeDSecureDialog onAnswer={authentication.resolve} />}
        </form>
      ) : (
        <p className="booking-done__due" role="status">
          See you at the bench. Your receipt is on its way by email.
        </p>
      )}
    </div>
  );
}
