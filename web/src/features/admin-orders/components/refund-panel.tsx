import { useId, useRef, useState, type FormEvent } from 'react';
import { money } from '@/lib/core';
import { checkRefund, restocksByDefault } from '@/lib/core-admin';
import { CallRefused } from '@/lib/api-client';
import { refundKey, refundOrder, type OrderDetail, type RefundBody } from '../api/orders-api';
import './orders.css';

export interface RefundPanelProps {
  order: OrderDetail;
  onChanged: (order: OrderDetail, said: string, refocus?: boolean) => void;
  /** A refusal the panel does not show itself (the session ended, the server failed). */
  onRefused: (cause: unknown) => void;
  /** Someone else changed the order: read it again quietly (the panel keeps what was chosen). */
  onStale: () => void;
}

/**
 * Cancel or refund: how many of each line to give back (each put back in stock or not), the
 * delivery charge, whether the order is cancelled, and why; the amount is added up by the core,
 * and nothing is sent before the studio confirms it.
 *
 * Each submission says what the page saw (the amount already given back, the status) and
 * carries a key made for it, sent again unchanged if the answer never came and the studio
 * presses again, so the money goes back once. A page out of date is refused with what changed;
 * the panel keeps what was chosen while the order is read again.
 */
export function RefundPanel({ order, onChanged, onRefused, onStale }: RefundPanelProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState(() => order.items.map(() => 0));
  const [restock, setRestock] = useState(() => order.items.map(() => restocksByDefault(order.status)));
  const [delivery, setDelivery] = useState(false);
  const [cancel, setCancel] = useState(false);
  const [reason, setReason] = useState('');
  // Paid partly by gift voucher: what goes back to it first (the server's default) or to the card.
  const [to, setTo] = useState<'voucher_first' | 'card_first'>('voucher_first');
  const byVoucher = Number(order.payment.paid_by_voucher) > 0 && Number(order.payment.paid_by_card) > 0;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // This submission's key: a new one once the server has answered it either way.
  const key = useRef(refundKey());

  const deliveryLeft = order.delivery_left !== '0.00';
  // Added up by the core as the server checks it; nothing chosen (or only cancelling) gives back nothing.
  const checked = checkRefund(order.items, order.delivery_left, quantities, delivery && deliveryLeft, order.payment);
  const amount = checked.amount ?? '0.00';
  const givesBack = checked.amount !== null;
  const asksSomething = givesBack || cancel;
  // Something chosen that cannot go back (more than is left of the payment, say): the core's sentence.
  const chosen = quantities.some((quantity) => quantity > 0) || (delivery && deliveryLeft);
  const refusal = chosen ? checked.error : null;

  const send = async () => {
    setBusy(true);
    setError(null);
    const body: RefundBody = {
      quantities,
      restock,
      delivery: delivery && deliveryLeft,
      cancel,
      reason: reason.trim(),
      refunded: order.payment.refunded,
      status: order.status,
      key: key.current,
      to: byVoucher ? to : null,
    };
    try {
      const done = await refundOrder(order.id, body);
      key.current = refundKey();
      const given = `${money(amount)} is being given back`;
      onChanged(done, cancel ? `The order is cancelled${givesBack ? ` and ${given}` : ''}.` : `${given}.`, true);
    } catch (cause) {
      setConfirming(false);
      // Answered, so the next press is a new submission; with no answer (the network, a
      // server failure) it may have gone through, so the same key goes again.
      if (cause instanceof CallRefused && (cause.status === 400 || cause.changed)) {
        key.current = refundKey();
        setError(cause.message);
        if (cause.changed) onStale();
      } else onRefused(cause);
    } finally {
      setBusy(false);
    }
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (refusal) {
      setError(refusal);
      return;
    }
    if (!asksSomething) {
      setError('Please choose what to refund, or to cancel the order.');
      return;
    }
    setError(null);
    setConfirming(true);
  };

  const summary = [givesBack && `give back ${money(amount)}`, cancel && 'cancel the order'].filter(Boolean).join(' and ');

  return (
    <section className="refund-panel" aria-labelledby={`${id}-title`}>
      <div className="refund-panel__head spread">
        <h3 id={`${id}-title`} className="order-panel__title">
          {order.can_cancel ? 'Cancel or refund' : 'Refund'}
        </h3>
        <button type="button" className="button button--quiet button--small" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen(!open)}>
          {open ? 'Close' : order.can_cancel ? 'Cancel or refund…' : 'Refund…'}
        </button>
      </div>
      {open && (
        <form id={`${id}-form`} className="refund-form" onSubmit={review} noValidate>
          <fieldset className="refund-form__lines" disabled={confirming}>
            <legend className="field__label">What to give back</legend>
            {order.items.map((item, at) => {
              const left = item.quantity - item.refunded_quantity;
              return (
                <div key={item.id} className="refund-line">
                  <label className="refund-line__quantity">
                    <span className="refund-line__name">
                      {item.name} <span className="admin-quiet">({money(item.unit_price)} each, {left} left to refund)</span>
                    </span>
                    <input
                      type="number"
                      className="field__input"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      disabled={left === 0}
                      aria-label={`How many ${item.name} to refund`}
                      value={quantities[at] ?? 0}
                      onChange={(event) => {
                        const wanted = Math.max(0, Math.min(left, Math.trunc(Number(event.target.value) || 0)));
                        setQuantities((current) => current.map((q, i) => (i === at ? wanted : q)));
                      }}
                    />
                  </label>
                  <label className="check-row">
                    <input
                      type="checkbox"
                      checked={restock[at] ?? false}
                      disabled={left === 0}
                      aria-label={`Put ${item.name} back in stock`}
                      onChange={(event) => setRestock((current) => current.map((r, i) => (i === at ? event.target.checked : r)))}
                    />
                    <span aria-hidden="true">Put back in stock</span>
                  </label>
                </div>
              );
            })}
            {deliveryLeft && (
              <label className="check-row">
                <input type="checkbox" checked={delivery} onChange={(event) => setDelivery(event.target.checked)} />
                <span>The delivery charge ({money(order.delivery_left)})</span>
              </label>
            )}
            {order.can_cancel && (
              <label className="check-row">
                <input type="checkbox" checked={cancel} onChange={(event) => setCancel(event.target.checked)} />
                <span>Cancel the order</span>
              </label>
            )}
            {byVoucher && (
              <label className="refund-form__reason">
                <span className="field__label">Give back first to</span>
                <select className="field__input" value={to} onChange={(event) => setTo(event.target.value as typeof to)}>
                  <option value="voucher_first">The gift voucher ({money(order.payment.paid_by_voucher)} paid)</option>
                  <option value="card_first">The card ({money(order.payment.paid_by_card)} paid)</option>
                </select>
              </label>
            )}
            <label className="refund-form__reason">
              <span className="field__label">Reason (for the order’s record)</span>
              <textarea className="field__input" rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
          </fieldset>
          <p className="refund-form__amount" aria-live="polite">
            To give back: <strong data-testid="refund-amount">{money(amount)}</strong>
            {order.payment.paid_by === 'studio' && givesBack && <span className="admin-quiet"> (the way it was paid)</span>}
          </p>
          {refusal && refusal !== error && <p className="field__error">{refusal}</p>}
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          {confirming ? (
            <div className="refund-form__confirm" role="group" aria-label="Confirm">
              <p>
                <strong>{summary.charAt(0).toUpperCase() + summary.slice(1)}?</strong>{' '}
                {givesBack && order.payment.paid_by === 'card' && 'The money goes back to the customer’s card, and they are mailed.'}
              </p>
              <div className="admin-actions">
                <button type="button" className="button" disabled={busy} onClick={() => void send()}>
                  {busy ? 'Sending…' : `Yes, ${summary}`}
                </button>
                <button type="button" className="button button--quiet" disabled={busy} onClick={() => setConfirming(false)}>
                  Go back
                </button>
              </div>
            </div>
          ) : (
            <button type="submit" className="button button--quiet">
              Review
            </button>
          )}
        </form>
      )}
    </section>
  );
}
