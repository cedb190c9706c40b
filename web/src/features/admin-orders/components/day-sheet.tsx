import { Link } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { useQuery } from '@/lib/use-query';
import { money } from '@/lib/core';
import { CallRefused } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { counted } from '@/lib/words';
import { daySheet, type DaySheet as Sheet, type OrderDetail } from '../api/orders-api';
import { MapsLink, PhoneLink } from './contact-links';
import { paidBy, paidHow } from './order-words';
import { ClosedDayMark } from './status-badge';
import './orders.css';
import './day-sheet.css';

export interface DaySheetProps {
  /** The day, `2026-12-15`. */
  date: string;
  onSignedOut: () => void;
}

/**
 * The printable day sheet: the slots with their hours, the tally of everything to make (each
 * line with a box to tick), then one block per order with a box to tick, what to make (no
 * prices), who it is for and where it goes (the phone rings, the address opens in maps), then
 * each card message as a card to print and cut: the card is the recipient's, so it carries no
 * order reference. Print CSS leaves out the frame and the buttons and keeps each block and card
 * whole on a page.
 */
export function DaySheet({ date, onSignedOut }: DaySheetProps) {
  const { onError } = useSignedOut(onSignedOut);
  const query = useQuery(`sheet:${date}`, (signal) => daySheet(date, signal), { onError });

  if (query.status === 'loading') return <AdminLoading>Writing the day sheet…</AdminLoading>;
  if (query.status === 'error') {
    return <AdminRetry onRetry={query.retry}>{query.error instanceof CallRefused ? query.error.message : 'We couldn’t write the day sheet.'}</AdminRetry>;
  }
  const sheet = query.data;
  const orders = sheet.orders;
  const cards = orders.filter((order) => order.fulfilment?.card_message);
  const deliveries = orders.filter((order) => order.fulfilment?.method === 'delivery').length;

  return (
    <div className="day-sheet">
      <div className="day-sheet__tools spread">
        <Link to="/admin/orders" className="button button--quiet button--small">
          ← The day’s work
        </Link>
        <button type="button" className="button" onClick={() => window.print()} disabled={orders.length === 0}>
          Print
        </button>
      </div>
      <header className="day-sheet__head">
        <h2 className="day-sheet__title">
          <span className="day-sheet__eyebrow">Day sheet</span> {sheet.day}
        </h2>
        <p className="day-sheet__counts">
          {counted(deliveries, 'delivery', 'deliveries')} · {counted(orders.length - deliveries, 'collection')} · {counted(cards.length, 'card')}
        </p>
        {deliveries > 0 && (
          <ul className="day-sheet__slots" aria-label="Delivery slots">
            {sheet.slots
              .filter((slot) => slot.deliveries > 0)
              .map((slot) => (
                <li key={slot.name}>
                  <strong>{slot.name}</strong>
                  {slot.hours && ` ${slot.hours}`} · {counted(slot.deliveries, 'delivery', 'deliveries')}
                </li>
              ))}
          </ul>
        )}
      </header>
      {orders.length === 0 ? (
        <p className="admin-quiet">No orders for this day.</p>
      ) : (
        <>
          <section className="day-sheet__make" aria-labelledby="day-sheet-make">
            <h2 id="day-sheet-make" className="day-sheet__cards-title">
              To make
            </h2>
            <ul className="to-make">
              {sheet.to_make.map((line) => (
                <li key={line.name}>
                  <label className="tick">
                    <input type="checkbox" className="tick__box" />
                    <span>
                      <span className="sheet-block__qty">{line.quantity} ×</span> {line.name}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </section>
          <ol className="day-sheet__orders" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.id}>
                <SheetBlock order={order} sheet={sheet} />
              </li>
            ))}
          </ol>
        </>
      )}
      {cards.length > 0 && (
        <section className="day-sheet__cards" aria-labelledby="day-sheet-cards">
          <h2 id="day-sheet-cards" className="day-sheet__cards-title">
            Cards
          </h2>
          <ul className="day-cards">
            {cards.map((order) => (
              <li key={order.id} className="day-card">
                <p className="day-card__to">To {recipientOf(order)}</p>
                <p className="day-card__message">{order.fulfilment?.card_message}</p>
                {order.fulfilment?.card_from && <p className="day-card__from">from {order.fulfilment.card_from}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function recipientOf(order: OrderDetail): string {
  const choice = order.fulfilment;
  if (choice?.method === 'delivery' && choice.recipient_name) return choice.recipient_name;
  return `${order.first_name} ${order.last_name}`.trim();
}

/** One order on the sheet: a box to tick, when (with the slot's hours), who, where, what to make, the card and the instructions. */
function SheetBlock({ order, sheet }: { order: OrderDetail; sheet: Sheet }) {
  const choice = order.fulfilment;
  const delivering = choice?.method === 'delivery';
  const phone = delivering ? choice?.recipient_phone || order.phone : order.phone;
  const hours = delivering ? sheet.slots.find((slot) => slot.name === choice?.slot)?.hours : '';
  const address = delivering && choice ? [choice.address_line1, choice.address_line2, choice.city, choice.postcode] : [];
  return (
    <article className="sheet-block" aria-labelledby={`sheet-${order.id}`}>
      <header className="sheet-block__head">
        <label className="tick sheet-block__tick">
          <input type="checkbox" className="tick__box" />
          <span className="visually-hidden">Done: {order.reference}</span>
        </label>
        <h3 id={`sheet-${order.id}`} className="sheet-block__when">
          {delivering ? `Delivery · ${choice?.slot ?? ''}${hours ? ` ${hours}` : ''}` : `Collection · ${choice?.collection_time || 'any time'}`}
        </h3>
        <span className="sheet-block__ref">
          {order.reference} · {order.status_label}
        </span>
        <ClosedDayMark why={order.studio_closed} className="sheet-block__closed" />
      </header>
      <div className="sheet-block__body">
        <div>
          <p className="sheet-block__who">{recipientOf(order)}</p>
          {phone && (
            <p>
              <PhoneLink phone={phone} />
            </p>
          )}
          {delivering && choice && (
            <>
              <address className="sheet-block__address">{address.filter(Boolean).join('\n')}</address>
              <p className="sheet-block__maps">
                <MapsLink lines={address} />
              </p>
            </>
          )}
          {delivering && (
            <p className="sheet-block__from">
              Ordered by {order.first_name} {order.last_name}
              {order.phone && (
                <>
                  , <PhoneLink phone={order.phone} />
                </>
              )}
            </p>
          )}
        </div>
        <div>
          <ul className="sheet-block__items">
            {order.items.map((item) => {
              const left = item.quantity - item.refunded_quantity;
              return left > 0 ? (
                <li key={item.id}>
                  <span className="sheet-block__qty">{left} ×</span> {item.name}
                </li>
              ) : null;
            })}
          </ul>
          {choice?.instructions && (
            <p className="sheet-block__note">
              <span className="sheet-block__label">Instructions:</span> {choice.instructions}
            </p>
          )}
          {paidHow(paidBy(order), money) && (
            <p className="sheet-block__note">
              <span className="sheet-block__label">Paid:</span> {paidHow(paidBy(order), money)}
            </p>
          )}
          <p className="sheet-block__note">
            <span className="sheet-block__label">Card:</span>{' '}
            {choice?.card_message ? (
              <span className="sheet-block__card">
                {choice.card_message}
                {choice.card_from && ` (from ${choice.card_from})`}
              </span>
            ) : (
              'none'
            )}
          </p>
        </div>
      </div>
    </article>
  );
}
