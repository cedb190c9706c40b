import { useEffect, useId, useRef, useState } from 'react';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { counted } from '@/lib/words';
import { moveOrders, type BulkMoved, type OrderLine, type OrderMove, type OrderStatus } from '../api/orders-api';

export interface BulkBarProps {
  /** The ticked orders that can still move. */
  chosen: readonly OrderLine[];
  /** Every status an order can have, in core's order (from the list's answer). */
  statuses: readonly OrderMove[];
  /** Some orders moved (their ids): the list is read again. */
  onDone: (moved: number[]) => void;
  onClear: () => void;
  onSignedOut: () => void;
}

/** The step most of the ticked orders go to next: what the button offers first. */
function commonNext(chosen: readonly OrderLine[]): OrderStatus | undefined {
  const counts = new Map<OrderStatus, number>();
  for (const order of chosen) {
    if (order.next) counts.set(order.next.status, (counts.get(order.next.status) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * One move for the ticked orders: "Mark 15 out for delivery". Each order is moved by the server
 * as a single move would be (the workflow's rules, the customer's mail), so one refused leaves
 * the others moved, and each refusal is said in words. It asks first: the customers are mailed.
 */
export function BulkBar({ chosen, statuses, onDone, onClear, onSignedOut }: BulkBarProps) {
  const id = useId();
  const suggested = commonNext(chosen);
  const [picked, setPicked] = useState<OrderStatus | null>(null);
  const to = picked && statuses.some((s) => s.status === picked) ? picked : suggested;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkMoved | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) safe.current?.focus();
  }, [asking]);

  const label = statuses.find((s) => s.status === to)?.label.toLowerCase() ?? '';
  const action = `Mark ${chosen.length} ${label}`;

  const send = async () => {
    if (!to) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await moveOrders(
        chosen.map((order) => ({ id: order.id, from: order.status })),
        to,
      );
      setResult(answer);
      setAsking(false);
      setPicked(null);
      onDone(answer.orders.filter((o) => o.moved).map((o) => o.id));
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      setProblem(cause instanceof CallRefused ? cause.message : 'The orders could not be moved just now. Please try again.');
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  const refused = result?.orders.filter((o) => !o.moved) ?? [];
  return (
    <>
      <div role="status" className="visually-hidden">
        {result ? `${counted(result.moved, 'order')} moved${refused.length ? `, ${refused.length} not moved` : ''}.` : ''}
      </div>
      {result && (
        <div className="bulk-result">
          <p>
            <strong>{counted(result.moved, 'order')} moved.</strong>
          </p>
          {refused.length > 0 && (
            <>
              <p>Not moved:</p>
              <ul>
                {refused.map((o) => (
                  <li key={o.id}>{o.said}</li>
                ))}
              </ul>
            </>
          )}
          <div className="admin-actions">
            <button type="button" className="button button--quiet button--small" onClick={() => setResult(null)}>
              Dismiss
            </button>
          </div>
        </div>
      )}
      {chosen.length > 0 && (
        <section className="bulk-bar" aria-label="Move the ticked orders">
          {problem && (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          {asking ? (
            <div role="alertdialog" aria-labelledby={`${id}-ask`} aria-describedby={`${id}-why`} onKeyDown={(event) => event.key === 'Escape' && !busy && setAsking(false)}>
              <p>
                <strong id={`${id}-ask`}>{action}?</strong>{' '}
                <span id={`${id}-why`}>
                  Each is moved as if marked on its own page, and each customer with an e-mail address is told when this is a step they hear of.
                </span>
              </p>
              <div className="admin-actions">
                <button type="button" className="button" disabled={busy} onClick={() => void send()}>
                  {busy ? 'Moving…' : `Yes, ${action.charAt(0).toLowerCase()}${action.slice(1)}`}
                </button>
                <button type="button" className="button button--quiet" ref={safe} disabled={busy} onClick={() => setAsking(false)}>
                  Go back
                </button>
              </div>
            </div>
          ) : (
            <div className="bulk-bar__row">
              <p className="bulk-bar__count">{counted(chosen.length, 'order')} ticked</p>
              <label className="order-filters__field">
                <span className="field__label">Move to</span>
                <select className="field__select" value={to ?? ''} onChange={(event) => setPicked(event.target.value as OrderStatus)}>
                  {statuses
                    .filter((s) => s.status !== 'new' && s.status !== 'cancelled')
                    .map((s) => (
                      <option key={s.status} value={s.status}>
                        {s.label}
                      </option>
                    ))}
                </select>
              </label>
              <button type="button" className="button" disabled={!to} onClick={() => setAsking(true)}>
                {action}
              </button>
              <button type="button" className="button button--quiet button--small" onClick={onClear}>
                Untick all
              </button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
