import { Link } from 'react-router';
import { SmartImage } from '@/components/ui/smart-image';
import { formatDate, money } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import { bookingLink, isFullyBooked } from '../lib/booking';

/** One upcoming workshop: when, what it costs, the spots left, and Book (or Fully Booked). */
export function WorkshopCard({ workshop }: { workshop: Workshop }) {
  const full = isFullyBooked(workshop);
  const titleId = `workshop-${workshop.id}-title`;
  // A price the core cannot read is left out rather than guessed.
  const price = money(workshop.price, null);
  const deposit = money(workshop.deposit, null);
  const balance = money(workshop.balance, null);

  return (
    <article className="card workshop-card" aria-labelledby={titleId}>
      <div className="workshop-card__picture">
        <SmartImage
          src={workshop.image ?? '/media/pages/gallery-5.jpg'}
          alt=""
          width={1000}
          height={1000}
          loading="eager"
        />
      </div>
      <div className="stack workshop-card__body">
        <p className="workshop-card__when">
          <time dateTime={workshop.date}>{formatDate(workshop.date, 'long')}</time>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          {workshop.time}
        </p>
        <h2 id={titleId} className="workshop-card__title">
          {workshop.title}
        </h2>
        <p className="workshop-card__description">{workshop.description}</p>

        <dl className="workshop-card__prices">
          {price && (
            <div>
              <dt>Price</dt>
              <dd>{price}</dd>
            </div>
          )}
          {deposit && (
            <div>
              <dt>Deposit to book</dt>
              <dd>{deposit}</dd>
            </div>
          )}
          {balance && (
            <div>
              <dt>Balance</dt>
              <dd>
                {balance}{' '}
                <span className="workshop-card__due">
                  due by <time dateTime={workshop.balance_due}>{formatDate(workshop.balance_due, 'monthDay')}</time>
                </span>
              </dd>
            </div>
          )}
        </dl>

        <div className="workshop-card__booking">
          <p className="pill workshop-card__spots" data-full={full || undefined}>
            {workshop.spots_text}
          </p>
          {full ? (
            <button type="button" className="button" disabled>
              Fully Booked
            </button>
          ) : (
            <Link to={bookingLink(workshop)} className="button">
              Book a place<span className="visually-hidden"> on {workshop.title}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
