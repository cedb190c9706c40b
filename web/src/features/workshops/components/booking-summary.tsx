import { Link } from 'react-router';
import { formatDate } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import { workshopLink } from '../lib/booking';
import { WorkshopPicture } from './workshop-picture';
import './booking.css';

/** The workshop being booked, in brief, beside its form: what, when and where. */
export function BookingSummary({ workshop }: { workshop: Workshop }) {
  return (
    <aside className="booking-summary" aria-label="The workshop">
      <WorkshopPicture workshop={workshop} sizes="(min-width: 48rem) 40vw, 5rem" />
      <div>
        <p className="booking-summary__title">
          <Link to={workshopLink(workshop)}>{workshop.title}</Link>
        </p>
        <p className="booking-summary__when">
          <time dateTime={workshop.date}>{formatDate(workshop.date, 'long')}</time>, {workshop.start_time} to {workshop.end_time}
        </p>
        <p className="booking-summary__when">{workshop.place}</p>
      </div>
    </aside>
  );
}
