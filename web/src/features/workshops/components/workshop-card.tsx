import { Link } from 'react-router';
import { formatDate } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import { workshopLink } from '../lib/booking';
import { BookingActions } from './booking-actions';
import { WorkshopPicture } from './workshop-picture';
import { WorkshopPrices } from './workshop-prices';

/** One upcoming workshop: when, what it costs, the spots left, and Book (or Fully Booked). */
export function WorkshopCard({ workshop, eager = false }: { workshop: Workshop; eager?: boolean }) {
  const titleId = `workshop-${workshop.id}-title`;
  return (
    <article className="card workshop-card" aria-labelledby={titleId}>
      <div className="workshop-card__picture">
        <WorkshopPicture workshop={workshop} loading={eager ? 'eager' : 'lazy'} />
      </div>
      <div className="stack workshop-card__body">
        <p className="workshop-card__when">
          <time dateTime={workshop.date}>{formatDate(workshop.date, 'long')}</time>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          {workshop.time}
        </p>
        <h2 id={titleId} className="workshop-card__title">
          <Link to={workshopLink(workshop)}>{workshop.title}</Link>
        </h2>
        <p className="workshop-card__description">{workshop.description}</p>
        <WorkshopPrices workshop={workshop} />
        <BookingActions workshop={workshop} />
      </div>
    </article>
  );
}
