import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { notifyError } from '@/components/ui/notify';
import { money } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { getOrder, moveOrder, OrderRefused, OrdersSignedOut, type OrderDetail, type OrderRefund } from '../api/orders-api';
import { moment } from './order-words';
import { RefundPanel } from './refund-panel';
import { StatusBadge } from './status-badge';
import './orders.css';

export interface OrderPageProps {
  id: number;
  /** The session ended: the page goes to the sign-in. */
  onSignedOut: () => void;
  /** Told when the menu's count of new orders may have changed. */
  onChanged: () => void;
}

/**
 * One order with everything it has: where it stands and the moves it can make (the next step
 * first, later ones to skip to, one back), the items, the customer, the delivery or collection
 * with its card, the payment and refunds, the history with who and when, and the panel to
 * cancel it or give money back.
 */
export function OrderPage({ id, onSignedOut, onChanged }: OrderPageProps) {
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  });
  const onError = useCallback((cause: unknown) => {
    if (cause instanceof OrdersSignedOut) signedOut.current();
  }, []);
  const query = useQuery(id, (signal) => getOrder(id, signal), { onError });
  // Why the last change was not made, shown above the moves until the next one.
  const [problem, setProblem] = useState<string | null>(null);
  // What the last change did, for screen readers (the page itself shows it in place).
  const [news, setNews] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  /** A change made: the order as it is now; a refund's panel goes, so reading starts again at the order. */
  const changed = useCallback(
    (order: OrderDetail, said: string, refocus = false) => {
      flushSync(() => {
        query.setData(() => order);
        setProblem(null);
        setNews(said);
      });
      if (refocus) heading.current?.focus();
      onChanged();
    },
    [query, onChanged],
  );

  /** A refused change: its sentence; when someone else changed the order, it is read again. */
  const refused = useCallback(
    (cause: unknown) => {
      if (cause instanceof OrdersSignedOut) return signedOut.current();
      if (cause instanceof OrderRefused) {
        setProblem(cause.message);
        if (cause.changed) void query.refresh({ quiet: true });
        return;
      }
      notifyError('The order could not be changed', cause instanceof Error ? cause.message : null);
    },
    [query],
  );

  if (query.status === 'loading') return <p className="orders__quiet" role="status">Opening the order…</p>;
  if (query.status === 'error') {
    return (
      <div className="orders__quiet" role="alert">
        <p>{query.error instanceof OrderRefused ? query.error.message : 'We couldn’t open this order.'}</p>
        <div className="order-actions">
          <button type="button" className="button button--quiet button--small" onClick={query.retry}>
            Try again
          </button>
          <Link to="/admin/orders" className="button button--quiet button--small">
            Back to the orders
          </Link>
        </div>
      </div>
    );
  }
  const order = query.data;
  return <OrderView order={order} problem={problem} news={news} heading={heading} onChanged={changed} onRefused={refused} />;
}

interface OrderViewProps {
  order: OrderDetail;
  problem: string | null;
  news: string;
  heading: RefObject<HTMLHeadingElement | null>;
  onChanged: (order: OrderDetail, said: string, refocus?: boolean) => void;
  onRefused: (cause: unknown) => void;
}

function OrderView({ order, problem, news, heading, onChanged, onRefused }: OrderViewProps) {
  const [busy, setBusy] = useState(false);
  const move = async (to: string) => {
    setBusy(true);
    try {
      const moved = await moveOrder(order.id, order.status, to);
      onChanged(moved, `${moved.reference} is now ${moved.status_label.toLowerCase()}.`);
    } catch (cause) {
      onRefused(cause);
    } finally {
      setBusy(false);
    }
  };
  const { moves } = order;
  const choice = order.fulfilment;

  return (
    <div className="order-page">
      <Link to="/admin/orders" className="order-page__back">
        ← The day’s work
      </Link>
      <header className="order-page__head">
        <div>
          <h2 className="order-page__title" ref={heading} tabIndex={-1}>
            {order.reference}
          </h2>
          <p className="orders__quiet">
            {order.first_name} {order.last_name} · placed {moment(order.placed_at)}
          </p>
        </div>
        <StatusBadge status={order.status} label={order.status_label} overdue={order.overdue} />
      </header>

      <p className="visually-hidden" role="status">
        {news}
      </p>
      {order.overdue && (
        <p className="notice order-page__notice">This order’s day has passed and it is not finished yet.</p>
      )}
      {order.check_details && (
        <p className="notice order-page__notice">
          These details came from the card’s billing details: please check them with the customer.
        </p>
      )}
      {problem && (
        <p className="notice notice--error order-page__notice" role="alert">
          {problem}
        </p>
      )}

      {(moves.next || moves.later.length > 0 || moves.back) && (
        <section className="order-moves" aria-label="Move the order">
          {moves.next && (
            <button type="button" className="button order-moves__next" disabled={busy} onClick={() => void move(moves.next!.status)}>
              Mark as {moves.next.label.toLowerCase()}
            </button>
          )}
          {moves.later.length > 0 && (
            <div className="order-moves__later">
              <span className="orders__quiet">Skip to</span>
              {moves.later.map((later) => (
                <button
                  key={later.status}
                  type="button"
                  className="button button--quiet button--small"
                  disabled={busy}
                  aria-label={`Skip to ${later.label.toLowerCase()}`}
                  onClick={() => void move(later.status)}
                >
                  {later.label}
                </button>
              ))}
            </div>
          )}
          {moves.back && (
            <button type="button" className="button button--quiet button--small order-moves__back" disabled={busy} onClick={() => void move(moves.back!.status)}>
              Undo: back to {moves.back.label.toLowerCase()}
            </button>
          )}
        </section>
      )}

      <div className="order-page__grid">
        <Panel title="Items">
          <ul className="order-items">
            {order.items.map((item) => (
              <li key={item.id} className="order-items__line">
                <span>
                  <span className="order-items__name">
                    {item.quantity} × {item.name}
                  </span>
                  <span className="order-items__meta">
                    {money(item.unit_price)} each
                    {item.refunded_quantity > 0 && ` · ${item.refunded_quantity} refunded`}
                  </span>
                </span>
                <span className="order-items__money">{money(item.line_total)}</span>
              </li>
            ))}
          </ul>
          <dl className="order-sums">
            {order.delivery_fee !== '0.00' && <Sum label="Delivery" value={money(order.delivery_fee)} />}
            {order.surcharge !== '0.00' && <Sum label="Delivery time" value={money(order.surcharge)} />}
            <Sum label="Total" value={money(order.total)} strong />
          </dl>
        </Panel>

        <Panel title={choice?.method === 'delivery' ? 'Delivery' : 'Collection'}>
          {choice ? (
            <dl className="order-facts">
              <Fact label="When">
                {choice.day}
                {choice.method === 'delivery' ? `, ${choice.slot}` : ` at ${choice.collection_time}`}
              </Fact>
              {choice.method === 'delivery' && (
                <>
                  <Fact label="To">
                    {choice.recipient_name}
                    {choice.recipient_phone && (
                      <>
                        {' · '}
                        <a href={`tel:${choice.recipient_phone.replace(/\s+/g, '')}`}>{choice.recipient_phone}</a>
                      </>
                    )}
                  </Fact>
                  <Fact label="Address">
                    <address className="order-address">
                      {[choice.address_line1, choice.address_line2, choice.city, choice.postcode].filter(Boolean).join('\n')}
                    </address>
                  </Fact>
                  {choice.instructions && <Fact label="Instructions">{choice.instructions}</Fact>}
                </>
              )}
              <Fact label="Card">
                {choice.card_message ? (
                  <span className="order-card">
                    <span className="order-card__message">{choice.card_message}</span>
                    <span className="order-card__from">{choice.card_from ? `From ${choice.card_from}` : 'No name on the card'}</span>
                  </span>
                ) : (
                  'No card'
                )}
              </Fact>
            </dl>
          ) : (
            <p className="orders__quiet">Placed without a choice: collection from the studio.</p>
          )}
        </Panel>

        <Panel title="Customer">
          <dl className="order-facts">
            <Fact label="Name">
              {order.first_name} {order.last_name}
            </Fact>
            {order.email && (
              <Fact label="Email">
                <a href={`mailto:${order.email}`}>{order.email}</a>
              </Fact>
            )}
            {order.phone && (
              <Fact label="Phone">
                <a href={`tel:${order.phone.replace(/\s+/g, '')}`}>{order.phone}</a>
              </Fact>
            )}
            {order.address && (
              <Fact label="Billing address">
                <address className="order-address">{[order.address, order.city, order.postcode].filter(Boolean).join('\n')}</address>
              </Fact>
            )}
          </dl>
        </Panel>

        <Panel title="Payment">
          <dl className="order-facts">
            <Fact label="Paid">
              {order.payment.paid_by === 'studio'
                ? `${order.payment.note || 'Outside the shop'}${order.payment.taken_by ? `, taken by ${order.payment.taken_by}` : ''}`
                : 'By card, through the shop'}
            </Fact>
            <Fact label="Amount">{money(order.payment.total)}</Fact>
            {order.payment.refunded !== '0.00' && <Fact label="Given back">{money(order.payment.refunded)}</Fact>}
            <Fact label="Reference">
              <span className="order-facts__code">{order.payment.reference}</span>
            </Fact>
          </dl>
          {order.refunds.length > 0 && (
            <ul className="order-refunds" aria-label="Refunds">
              {order.refunds.map((refund) => (
                <RefundLine key={refund.id} refund={refund} />
              ))}
            </ul>
          )}
        </Panel>

        <Panel title="History">
          <ol className="order-history">
            {order.history.map((event, at) => (
              <li key={`${event.at}-${at}`}>
                <span className="order-history__label">{event.label}</span>
                <span className="order-history__meta">
                  {event.by === 'shop' ? 'the shop' : event.by}, <time dateTime={event.at}>{moment(event.at)}</time>
                </span>
                {event.note && <span className="order-history__note">{event.note}</span>}
              </li>
            ))}
          </ol>
        </Panel>
      </div>

      {order.can_refund && <RefundPanel key={`${order.status}-${order.payment.refunded}`} order={order} onChanged={onChanged} onRefused={onRefused} />}
    </div>
  );
}

const REFUND_STATES: Record<string, string> = {
  pending: 'Being sent',
  failed: 'Not through yet',
  succeeded: 'Given back',
  by_hand: 'To give back the way it was paid',
};

/** A refund: how much and for what, and where it stands (a failed one says why and when it is tried again). */
function RefundLine({ refund }: { refund: OrderRefund }) {
  return (
    <li className="order-refund" data-state={refund.state}>
      <span className="order-refund__head">
        <strong>{money(refund.amount)}</strong> {refund.what}
        <span className="order-refund__state">{REFUND_STATES[refund.state] ?? refund.state}</span>
      </span>
      {refund.reason && <span className="order-history__note">{refund.reason}</span>}
      <span className="order-history__meta">
        {refund.by}, <time dateTime={refund.at}>{moment(refund.at)}</time>
      </span>
      {refund.state === 'failed' && (
        <span className="order-refund__error">
          {refund.last_error ?? 'The payment provider refused it.'}
          {refund.next_attempt_at && ` It will retry at ${moment(refund.next_attempt_at)}.`}
        </span>
      )}
    </li>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="order-panel" aria-labelledby={id}>
      <h3 id={id} className="order-panel__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Sum({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div data-strong={strong || undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
