import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { notifyError } from '@/components/ui/notify';
import { money } from '@/lib/core';
import { formatMoment } from '@/lib/core-admin';
import { useQuery } from '@/lib/use-query';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { getOrder, moveOrder, settleRefund, type OrderDetail, type OrderMove, type OrderRefund, type OrderStatus } from '../api/orders-api';
import { ChoiceChange } from './choice-change';
import { MapsLink, PhoneLink } from './contact-links';
import { OrderNotes } from './order-notes';
import { paidBy, skipQuestion } from './order-words';
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
  const { lost, onError } = useSignedOut(onSignedOut);
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
      if (cause instanceof SignedOut) return lost();
      if (cause instanceof CallRefused) {
        setProblem(cause.message);
        if (cause.changed) void query.refresh({ quiet: true });
        return;
      }
      notifyError('The order could not be changed', cause instanceof Error ? cause.message : null);
    },
    [query, lost],
  );

  if (query.status === 'loading') return <AdminLoading>Opening the order…</AdminLoading>;
  if (query.status === 'error') {
    return (
      <AdminRetry
        onRetry={query.retry}
        more={
          <Link to="/admin/orders" className="button button--quiet button--small">
            Back to the orders
          </Link>
        }
      >
        {query.error instanceof CallRefused ? query.error.message : 'We couldn’t open this order.'}
      </AdminRetry>
    );
  }
  const order = query.data;
  return (
    <OrderView
      order={order}
      problem={problem}
      news={news}
      heading={heading}
      onChanged={changed}
      onRefused={refused}
      onStale={() => void query.refresh({ quiet: true })}
      onSignedOut={lost}
    />
  );
}

interface OrderViewProps {
  order: OrderDetail;
  problem: string | null;
  news: string;
  heading: RefObject<HTMLHeadingElement | null>;
  onChanged: (order: OrderDetail, said: string, refocus?: boolean) => void;
  onRefused: (cause: unknown) => void;
  /** Someone else changed the order: read it again quietly (forms keep what was typed). */
  onStale: () => void;
  onSignedOut: () => void;
}

/** The history as one list, oldest first: the status moves and the changes made when the customer rang. */
function historyOf(order: OrderDetail) {
  const moves = order.history.map((event) => ({ label: event.label, by: event.by, at: event.at, note: event.note ?? null }));
  const changes = order.changes.map((change) => ({ label: 'Changed', by: change.by, at: change.at, note: change.text }));
  return [...moves, ...changes].sort((a, b) => a.at.localeCompare(b.at));
}

function OrderView({ order, problem, news, heading, onChanged, onRefused, onStale, onSignedOut }: OrderViewProps) {
  const [busy, setBusy] = useState(false);
  // The refund panel starts afresh after each refund or move made here (its restock defaults
  // follow the status), and only then: an order read again after someone else's change keeps
  // what the studio was choosing.
  const [panelRound, setPanelRound] = useState(0);
  const refunded = (done: OrderDetail, said: string, refocus?: boolean) => {
    setPanelRound((round) => round + 1);
    onChanged(done, said, refocus);
  };
  const [changing, setChanging] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const stopChanging = () => {
    flushSync(() => setChanging(false));
    changeButton.current?.focus();
  };
  // A skip that mails the customer waits here for a yes: next to each other, a mis-tap on
  // Delivered would tell the customer their flowers came, and Delivered has no undo.
  const [asking, setAsking] = useState<OrderMove | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const move = async (to: OrderStatus, refocus = false) => {
    setBusy(true);
    try {
      const moved = await moveOrder(order.id, order.status, to);
      setAsking(null);
      setPanelRound((round) => round + 1);
      onChanged(moved, `${moved.reference} is now ${moved.status_label.toLowerCase()}.`, refocus);
    } catch (cause) {
      setAsking(null);
      onRefused(cause);
    } finally {
      setBusy(false);
    }
  };
  const skip = (to: OrderMove, button: HTMLButtonElement) => {
    if (!to.mails_customer) return void move(to.status);
    opener.current = button;
    setAsking(to);
  };
  const keep = () => {
    flushSync(() => setAsking(null));
    opener.current?.focus();
  };
  const { moves } = order;
  const choice = order.fulfilment;
  const paid = paidBy(order);
  // The steps between where the order is and a later one: the next, then the later ones before it.
  const skipped = (to: OrderMove) => {
    const path = [moves.next, ...moves.later].filter((step): step is OrderMove => step != null);
    return path.slice(0, path.findIndex((step) => step.status === to.status)).map((step) => step.label);
  };

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
          <p className="admin-quiet">
            {order.first_name} {order.last_name} · placed {formatMoment(order.placed_at)}
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
      {order.studio_closed && (
        <p className="notice notice--error order-page__notice">
          Studio closed this day ({order.studio_closed}): please tell the customer or move the order.
        </p>
      )}
      {order.payment_alerts.map((alert, index) => (
        // What Stripe said of the payment since (a dispute, a fraud warning): the open ones
        // need the studio before anything else is done with the order.
        <p key={index} className={`notice order-page__notice${alert.open ? ' notice--error' : ''}`}>
          <strong>{alert.kind === 'dispute' ? 'Payment disputed' : 'Fraud warning'}:</strong> {alert.text}
        </p>
      ))}
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
            <button type="button" className="button order-moves__next" disabled={busy || asking != null} onClick={() => void move(moves.next!.status)}>
              Mark as {moves.next.label.toLowerCase()}
            </button>
          )}
          {moves.later.length > 0 && (
            <div className="order-moves__later">
              <span className="admin-quiet">Skip to</span>
              {moves.later.map((later) => (
                <button
                  key={later.status}
                  type="button"
                  className="button button--quiet button--small"
                  disabled={busy || asking != null}
                  aria-label={`Skip to ${later.label.toLowerCase()}`}
                  onClick={(event) => skip(later, event.currentTarget)}
                >
                  {later.label}
                </button>
              ))}
            </div>
          )}
          {moves.back && (
            <button
              type="button"
              className="button button--quiet button--small order-moves__back"
              disabled={busy || asking != null}
              onClick={() => void move(moves.back!.status)}
            >
              Undo: back to {moves.back.label.toLowerCase()}
            </button>
          )}
          {asking && (
            <SkipConfirm
              {...skipQuestion(order.reference, asking, skipped(asking), order.first_name)}
              label={asking.label}
              busy={busy}
              onYes={() => void move(asking.status, true)}
              onNo={keep}
            />
          )}
        </section>
      )}

      <div className="order-page__grid">
        <Panel title="Items">
          <ul className="admin-list">
            {order.items.map((item) => {
              const all = item.refunded_quantity >= item.quantity;
              return (
                <li key={item.id} className="order-items__line" data-refunded={all || undefined}>
                  <span>
                    {/* A line given back whole is struck out, and says so in words for screen readers. */}
                    <span className="order-items__name">
                      {all ? (
                        <s>
                          {item.quantity} × {item.name}
                          <span className="visually-hidden"> (refunded)</span>
                        </s>
                      ) : (
                        <>
                          {item.quantity} × {item.name}
                        </>
                      )}
                    </span>
                    <span className="order-items__meta">
                      {money(item.unit_price)} each
                      {item.refunded_quantity > 0 && ` · ${item.refunded_quantity} refunded`}
                    </span>
                  </span>
                  <span className="order-items__money">{all ? <s>{money(item.line_total)}</s> : money(item.line_total)}</span>
                </li>
              );
            })}
          </ul>
          <dl className="order-sums">
            {order.delivery_fee !== '0.00' && <Sum label="Delivery" value={money(order.delivery_fee)} />}
            {order.surcharge !== '0.00' && <Sum label="Delivery time" value={money(order.surcharge)} />}
            {Number(paid.discount) > 0 && <Sum label={`Offer ${paid.offer_code ?? ''}`.trim()} value={`−${money(paid.discount)}`} />}
            {order.payment.balance_received !== '0.00' && (
              <Sum label="Balance received" value={money(order.payment.balance_received)} />
            )}
            <Sum label="Total" value={money(order.total)} strong={order.payment.refunded === '0.00'} />
            {order.payment.refunded !== '0.00' && (
              <>
                <Sum label="Refunded" value={`−${money(order.payment.refunded)}`} />
                <Sum label="Net" value={money(order.net_total)} strong />
              </>
            )}
          </dl>
        </Panel>

        <Panel title={choice?.method === 'delivery' ? 'Delivery' : 'Collection'}>
          {changing ? (
            <ChoiceChange
              order={order}
              onSaved={(saved) => {
                onChanged(saved, `The ${saved.fulfilment?.method ?? 'order'} of ${saved.reference} is changed.`);
                stopChanging();
              }}
              onCancel={stopChanging}
              onStale={onStale}
              onSignedOut={onSignedOut}
            />
          ) : choice ? (
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
                        <PhoneLink phone={choice.recipient_phone} />
                      </>
                    )}
                  </Fact>
                  <Fact label="Address">
                    <address className="order-address">
                      {[choice.address_line1, choice.address_line2, choice.city, choice.postcode].filter(Boolean).join('\n')}
                    </address>
                    <MapsLink lines={[choice.address_line1, choice.address_line2, choice.city, choice.postcode]} />
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
            <p className="admin-quiet">Placed without a choice: collection from the studio.</p>
          )}
          {choice && !changing && order.can_cancel && (
            <button type="button" ref={changeButton} className="button button--quiet button--small order-page__change" onClick={() => setChanging(true)}>
              Change day, address or card…
            </button>
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
                <PhoneLink phone={order.phone} />
              </Fact>
            )}
            {order.address && (
              <Fact label="Billing address">
                <address className="order-address">{[order.address, order.city, order.postcode].filter(Boolean).join('\n')}</address>
                <MapsLink lines={[order.address, order.city, order.postcode]} />
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
            {Number(paid.paid_by_voucher) > 0 && (
              <>
                <Fact label="By gift voucher">
                  {money(paid.paid_by_voucher)}
                </Fact>
                <Fact label="By card">{money(paid.paid_by_card)}</Fact>
              </>
            )}
            {order.payment.refunded !== '0.00' && <Fact label="Given back">{money(order.payment.refunded)}</Fact>}
            <Fact label="Reference">
              <span className="order-facts__code">{order.payment.reference}</span>
            </Fact>
          </dl>
          {order.refunds.length > 0 && (
            <ul className="order-refunds" aria-label="Refunds">
              {order.refunds.map((refund) => (
                <RefundLine key={refund.id} orderId={order.id} refund={refund} onChanged={onChanged} onRefused={onRefused} />
              ))}
            </ul>
          )}
        </Panel>

        <Panel title="History">
          <ol className="order-history">
            {historyOf(order).map((event, at) => (
              <li key={`${event.at}-${at}`}>
                <span className="order-history__label">{event.label}</span>
                <span className="order-history__meta">
                  {event.by === 'shop' ? 'the shop' : event.by}, <time dateTime={event.at}>{formatMoment(event.at)}</time>
                </span>
                {event.note && <span className="order-history__note">{event.note}</span>}
              </li>
            ))}
          </ol>
        </Panel>

        <Panel title="Notes">
          <OrderNotes order={order} onSaved={(saved) => onChanged(saved, 'Note saved.')} onStale={onStale} onSignedOut={onSignedOut} />
        </Panel>
      </div>

      {order.can_refund && <RefundPanel key={panelRound} order={order} onChanged={refunded} onRefused={onRefused} onStale={onStale} />}
    </div>
  );
}

interface SkipConfirmProps {
  question: string;
  detail: string;
  label: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}

/**
 * The question before a skip that mails the customer, in the page (not a pop-up), so it sits
 * where the florist pressed. Focus goes to the safe answer; Escape is the same as Go back.
 */
function SkipConfirm({ question, detail, label, busy, onYes, onNo }: SkipConfirmProps) {
  const id = useId();
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    safe.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onNo();
    }
  };
  return (
    <div className="order-moves__confirm" role="alertdialog" aria-labelledby={`${id}-question`} aria-describedby={`${id}-detail`} onKeyDown={onKeyDown}>
      <p>
        <strong id={`${id}-question`}>{question}</strong> <span id={`${id}-detail`}>{detail}</span>
      </p>
      <div className="admin-actions">
        <button type="button" className="button" disabled={busy} onClick={onYes}>
          {busy ? 'Sending…' : `Yes, mark ${label.toLowerCase()}`}
        </button>
        <button type="button" className="button button--quiet" disabled={busy} ref={safe} onClick={onNo}>
          Go back
        </button>
      </div>
    </div>
  );
}

/** Where a refund stands, in the studio's words: keyed by the API's list (core's), so a state added there fails the typecheck until it is named here. */
const REFUND_STATES: Record<OrderRefund['state'], string> = {
  pending: 'Being sent',
  failed: 'Not through yet',
  failing: 'Keeps failing',
  succeeded: 'Given back',
  by_hand: 'To give back the way it was paid',
  settled_elsewhere: 'Given back another way',
};

interface RefundLineProps {
  orderId: number;
  refund: OrderRefund;
  onChanged: (order: OrderDetail, said: string, refocus?: boolean) => void;
  onRefused: (cause: unknown) => void;
}

/**
 * A refund: how much and for what, and where it stands (a failed one says why and when it is
 * tried again). One the provider keeps refusing can be marked as given back another way, after
 * a question asked in place.
 */
function RefundLine({ orderId, refund, onChanged, onRefused }: RefundLineProps) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) safe.current?.focus();
  }, [asking]);
  const keep = () => {
    flushSync(() => setAsking(false));
    opener.current?.focus();
  };
  const settle = async () => {
    setBusy(true);
    try {
      const settled = await settleRefund(orderId, refund.id);
      onChanged(settled, `The refund of ${money(refund.amount)} is marked as given back another way.`, true);
    } catch (cause) {
      setAsking(false);
      onRefused(cause);
    } finally {
      setBusy(false);
    }
  };
  const retrying = refund.state === 'failed' || refund.state === 'failing';
  return (
    <li className="order-refund" data-state={refund.state}>
      <span className="order-refund__head">
        <strong>{money(refund.amount)}</strong> {refund.what}
        <span className="order-refund__state">{REFUND_STATES[refund.state]}</span>
      </span>
      {refund.reason && <span className="order-history__note">{refund.reason}</span>}
      <span className="order-history__meta">
        {refund.by}, <time dateTime={refund.at}>{formatMoment(refund.at)}</time>
      </span>
      {retrying && (
        <span className="order-refund__error">
          {refund.state === 'failing' && `The payment provider has refused it ${refund.attempts} times and the studio was e-mailed. `}
          {refund.last_error ?? 'The payment provider refused it.'}
          {refund.next_attempt_at && ` It will retry at ${formatMoment(refund.next_attempt_at)}.`}
        </span>
      )}
      {refund.state === 'failing' &&
        (asking ? (
          <div
            className="order-moves__confirm"
            role="alertdialog"
            aria-labelledby={`${id}-question`}
            aria-describedby={`${id}-detail`}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !busy) {
                event.preventDefault();
                keep();
              }
            }}
          >
            <p>
              <strong id={`${id}-question`}>Did you give {money(refund.amount)} back another way?</strong>{' '}
              <span id={`${id}-detail`}>The payment provider will no longer be asked for it, and the order’s history will say you settled it.</span>
            </p>
            <div className="admin-actions">
              <button type="button" className="button" disabled={busy} onClick={() => void settle()}>
                {busy ? 'Saving…' : 'Yes, it is given back'}
              </button>
              <button type="button" className="button button--quiet" disabled={busy} ref={safe} onClick={keep}>
                Go back
              </button>
            </div>
          </div>
        ) : (
          <button type="button" ref={opener} className="button button--quiet button--small order-refund__settle" onClick={() => setAsking(true)}>
            Mark as given back another way…
          </button>
        ))}
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
