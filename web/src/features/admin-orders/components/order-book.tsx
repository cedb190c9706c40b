import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { usePoll } from '@/components/admin/use-poll';
import { money } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { counted } from '@/lib/words';
import { exportUrl, listOrders, type OrderDay, type OrderFilter, type OrderLine } from '../api/orders-api';
import { BulkBar } from './bulk-bar';
import { ClosedDayMark, StatusBadge } from './status-badge';
import { dayCounts } from './order-words';
import './orders.css';

const FILTER_NAMES = ['status', 'method', 'q', 'from', 'to'] as const;

/** The pages kept with the orders, beside the filters: a voucher is a payment, an offer a price; then a phone order. */
const BESIDE = [
  { to: '/admin/orders/vouchers', label: 'Gift vouchers', quiet: true },
  { to: '/admin/orders/offers', label: 'Offer codes', quiet: true },
  { to: '/admin/orders/new', label: 'Take a phone order', quiet: false },
];

function filterOf(params: URLSearchParams): OrderFilter {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? ''])) as OrderFilter;
}

export interface OrderBookProps {
  /** The session ended: the page goes to the sign-in. */
  onSignedOut: () => void;
  /** Orders were moved: the menu's count of new orders may have changed. */
  onChanged?: () => void;
  /** What else happens on a day (the workshops held on it), shown under its heading; given by the route. */
  dayExtra?: (date: string) => ReactNode;
}

/**
 * The day's work: overdue days first, then today (always, "Nothing booked yet" when empty) and
 * the days ahead, each day with its counts, its day sheet and its orders (new first). The list
 * comes first and is asked again quietly every 30 s while the tab is visible, so new orders
 * appear by themselves. Orders can be ticked and moved together ("Mark 15 out for delivery").
 * The filters (status and method, a search, a range of days that can be downloaded as CSV) are
 * folded away until opened; they live in the address, so a reload or a link keeps them.
 */
export function OrderBook({ onSignedOut, onChanged, dayExtra }: OrderBookProps) {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const key = new URLSearchParams(Object.entries(filter).filter(([, v]) => v)).toString();
  const { onError } = useSignedOut(onSignedOut);
  const query = useQuery(`orders?${key}`, (signal) => listOrders(filterOf(new URLSearchParams(key)), signal), { onError });
  usePoll(() => void query.refresh({ quiet: true }));
  // The orders ticked for a move together, by id.
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const lines = query.status === 'loaded' ? query.data.days.flatMap((day) => day.orders) : [];
  const chosen = lines.filter((order) => picked.has(order.id) && order.next);
  const pick = (ids: readonly number[], on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const apply = (changes: OrderFilter) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes) as [string, string | undefined][]) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });

  const filtered = Boolean(filter.status || filter.method || filter.q || filter.from || filter.to);

  return (
    <div className="order-book">
      <div className="order-book__top">
        {/* Folded away, so the list comes first on a phone; open while a filter is on. */}
        <details className="order-filters-fold" open={filtered || undefined}>
          <summary className="order-filters-fold__summary button button--quiet button--small">Find orders</summary>
          <OrderFilters
            filter={filter}
            today={query.status === 'loaded' ? query.data.today : ''}
            statuses={query.status === 'loaded' ? query.data.statuses : []}
            onApply={apply}
          />
        </details>
        {BESIDE.map(({ to, label, quiet }) => (
          <Link key={to} to={to} className={quiet ? 'button button--quiet button--small' : 'button button--small'}>
            {label}
          </Link>
        ))}
      </div>
      {filtered && (
        <p className="order-book__filtered">
          <button type="button" className="button button--quiet button--small" onClick={() => setParams(new URLSearchParams())}>
            Back to the day’s work
          </button>
        </p>
      )}
      {query.status === 'loading' && <AdminLoading>Gathering the orders…</AdminLoading>}
      {query.status === 'error' && (
        <AdminRetry onRetry={query.retry}>
          {query.error instanceof Error && !(query.error instanceof SignedOut) ? query.error.message : 'We couldn’t load the orders.'}
        </AdminRetry>
      )}
      {query.status === 'loaded' &&
        (query.data.days.length === 0 ? (
          <p className="admin-quiet">{filtered ? 'No orders match.' : 'No orders today or in the days ahead yet.'}</p>
        ) : (
          <>
            {filtered && (
              <p className="admin-quiet" role="status">
                {counted(query.data.found, 'order')} found
              </p>
            )}
            {query.data.days.map((day) => (
              <DayOfWork key={day.date} day={day} filtered={filtered} picked={picked} onPick={pick} extra={dayExtra?.(day.date)} />
            ))}
          </>
        ))}
      <BulkBar
        chosen={chosen}
        statuses={query.status === 'loaded' ? query.data.statuses : []}
        onDone={(moved) => {
          pick(moved, false);
          void query.refresh({ quiet: true });
          onChanged?.();
        }}
        onClear={() => setPicked(new Set())}
        onSignedOut={onSignedOut}
      />
    </div>
  );
}

interface OrderFiltersProps {
  filter: OrderFilter;
  /** The studio's today, for the export's range when none is chosen. */
  today: string;
  /** Every status an order can have, in core's words (from the list's answer). */
  statuses: readonly { status: string; label: string }[];
  onApply: (changes: OrderFilter) => void;
}

/** Status and method apply at once; the search and the days when the form is sent. */
function OrderFilters({ filter, today, statuses, onApply }: OrderFiltersProps) {
  // What is typed, until it is sent; when the address changes (sent, or cleared) the boxes show
  // what it asks. Kept with the address it was typed over, so nothing remounts and focus stays.
  const asked = { q: filter.q ?? '', from: filter.from ?? '', to: filter.to ?? '' };
  const base = `${asked.q}|${asked.from}|${asked.to}`;
  const [draft, setDraft] = useState({ base, ...asked });
  const { q, from, to } = draft.base === base ? draft : asked;
  const edit = (change: Partial<typeof asked>) => setDraft({ base, q, from, to, ...change });
  const send = (event: FormEvent) => {
    event.preventDefault();
    const sent = { q: q.trim(), from, to };
    // The draft now belongs to the address it asks for, so a later change of address shows that.
    setDraft({ base: `${sent.q}|${sent.from}|${sent.to}`, ...sent });
    onApply(sent);
  };
  const first = from || today;
  const last = to || from || today;

  return (
    <form className="order-filters" role="search" aria-label="Find orders" onSubmit={send}>
      <div className="order-filters__row">
        <label className="order-filters__field">
          <span className="field__label">Status</span>
          <select className="field__select" value={filter.status ?? ''} onChange={(event) => onApply({ status: event.target.value })}>
            <option value="">Any status</option>
            {statuses.map((choice) => (
              <option key={choice.status} value={choice.status}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label className="order-filters__field">
          <span className="field__label">Delivery or collection</span>
          <select className="field__select" value={filter.method ?? ''} onChange={(event) => onApply({ method: event.target.value })}>
            <option value="">Both</option>
            <option value="delivery">Deliveries</option>
            <option value="collection">Collections</option>
          </select>
        </label>
        <label className="order-filters__field order-filters__search">
          <span className="field__label">Search</span>
          <input
            type="search"
            className="field__input"
            placeholder="Reference, name, e-mail or postcode"
            value={q}
            onChange={(event) => edit({ q: event.target.value })}
          />
        </label>
      </div>
      <div className="order-filters__row">
        <label className="order-filters__field">
          <span className="field__label">From</span>
          <input type="date" className="field__input" value={from} onChange={(event) => edit({ from: event.target.value })} />
        </label>
        <label className="order-filters__field">
          <span className="field__label">To</span>
          <input type="date" className="field__input" value={to} min={from || undefined} onChange={(event) => edit({ to: event.target.value })} />
        </label>
        <div className="admin-actions">
          <button type="submit" className="button">
            Show orders
          </button>
          {first && (
            <a className="button button--quiet" href={exportUrl(first, last)} download>
              Export CSV
            </a>
          )}
        </div>
      </div>
    </form>
  );
}

interface DayOfWorkProps {
  day: OrderDay;
  /** The list is filtered: an empty day says so rather than "Nothing booked yet". */
  filtered: boolean;
  picked: ReadonlySet<number>;
  onPick: (ids: readonly number[], on: boolean) => void;
  extra?: ReactNode;
}

/** One day: its heading and counts, its day sheet, a way to tick all its orders, and its orders. */
function DayOfWork({ day, filtered, picked, onPick, extra }: DayOfWorkProps) {
  const headingId = `day-${day.date}`;
  const overdue = day.orders.some((order) => order.overdue);
  const movable = day.orders.filter((order) => order.next).map((order) => order.id);
  const all = movable.length > 0 && movable.every((id) => picked.has(id));
  return (
    <section className="order-day" aria-labelledby={headingId} data-overdue={overdue || undefined}>
      <header className="order-day__head spread">
        <div>
          <h2 id={headingId} className="order-day__title">
            {day.relative ? `${day.relative} · ${day.day}` : day.day}
          </h2>
          <p className="order-day__counts">
            {overdue && <span className="order-overdue">Overdue</span>} {dayCounts(day.deliveries, day.collections, day.cancelled)}
          </p>
        </div>
        <div className="admin-actions">
          {movable.length > 1 && (
            <button type="button" className="button button--quiet button--small" aria-pressed={all} onClick={() => onPick(movable, !all)}>
              {all ? 'Untick all' : 'Tick all'}{' '}
              <span className="visually-hidden">for {day.day}</span>
            </button>
          )}
          {day.orders.length + day.not_listed > 0 && (
            <Link to={`/admin/orders/day/${day.date}`} className="button button--quiet button--small">
              Day sheet <span className="visually-hidden">for {day.day}</span>
            </Link>
          )}
        </div>
      </header>
      {extra}
      {day.orders.length === 0 ? (
        day.not_listed === 0 && <p className="admin-quiet order-day__empty">{filtered ? 'None match on this day.' : 'Nothing booked yet.'}</p>
      ) : (
        <ul className="admin-list" aria-label={`Orders for ${day.day}`}>
          {day.orders.map((order) => (
            <li key={order.id} className="order-book__line">
              {order.next ? (
                <label className="order-pick">
                  <input type="checkbox" className="tick__box" checked={picked.has(order.id)} onChange={(event) => onPick([order.id], event.target.checked)} />
                  <span className="visually-hidden">Tick {order.reference}</span>
                </label>
              ) : (
                <span className="order-pick" />
              )}
              <OrderRow order={order} />
            </li>
          ))}
        </ul>
      )}
      {day.not_listed > 0 && (
        // The server draws a few hundred orders an answer; a busy day's others are counted only.
        <p className="admin-quiet order-day__more">
          {counted(day.not_listed, 'more order')} on this day {day.not_listed === 1 ? 'is' : 'are'} not listed here: find them by
          status, method or day, or open the day sheet.
        </p>
      )}
    </section>
  );
}

/**
 * What the order holds: a line given back is struck out (with "refunded" in words for screen
 * readers), so the day's work does not count it as sold.
 */
function OrderItems({ order }: { order: OrderLine }) {
  if (!order.lines.some((line) => line.refunded_quantity > 0)) return <span className="order-row__items">{order.items}</span>;
  return (
    <span className="order-row__items">
      {order.lines.map((line, at) => {
        const kept = Math.max(0, line.quantity - line.refunded_quantity);
        const given = line.quantity - kept;
        return (
          <span key={`${line.name}-${at}`}>
            {at > 0 && ', '}
            {kept > 0 && `${kept} × ${line.name}`}
            {kept > 0 && given > 0 && ' '}
            {given > 0 && (
              <s className="order-row__refunded">
                {given} × {line.name}
                <span className="visually-hidden"> refunded</span>
              </s>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** An order as a line of the day's work; the whole line opens it. */
function OrderRow({ order }: { order: OrderLine }) {
  const delivering = order.method === 'delivery';
  const refunded = order.refunded !== '0.00';
  return (
    <Link to={`/admin/orders/${order.id}`} className="order-row admin-row" data-overdue={order.overdue || undefined} data-status={order.status}>
      <span className="order-row__head spread">
        <span className="order-row__reference">{order.reference}</span>
        <StatusBadge status={order.status} label={order.status_label} overdue={order.overdue} />
        {/* The studio closed the day after the order was booked: the customer must be told. */}
        <ClosedDayMark why={order.studio_closed} className="order-row__closed" />
      </span>
      <span className="order-row__when">
        {delivering ? 'Delivery' : 'Collection'}
        {order.when && `, ${order.when}`}
      </span>
      <span className="order-row__who">
        {order.recipient}
        {delivering && order.postcode && <span className="order-row__postcode"> · {order.postcode}</span>}
      </span>
      <OrderItems order={order} />
      <span className="order-row__foot">
        {refunded ? (
          // What the order is worth now, with what was paid struck out beside it.
          <span className="order-row__total">
            <s className="order-row__was">
              <span className="visually-hidden">was </span>
              {money(order.total)}
            </s>{' '}
            {money(order.net_total)}
            <span className="visually-hidden"> after {money(order.refunded)} refunded</span>
          </span>
        ) : (
          <span className="order-row__total">{money(order.total)}</span>
        )}
        {order.studio_order && <span className="order-row__note">Phone order</span>}
        {order.refund_pending && <span className="order-row__note order-row__note--warn">Refund being retried</span>}
        {order.payment_alerts.map((alert) => (
          <span key={alert} className="order-row__note order-row__note--warn">
            {alert}
          </span>
        ))}
      </span>
    </Link>
  );
}
