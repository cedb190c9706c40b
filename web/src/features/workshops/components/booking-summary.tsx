import { Link } from 'react-router';
import { SmartImage } from '@/components/ui/smart-image';
import { formatDate } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import { workshopLink } from '../lib/booking';
import './booking.css';

/** The workshop being booked, in brief, beside its form: what, when and where. */
export function BookingSummary({ workshop }: { workshop: Workshop }) {
  return (
    <aside className="booking-summary" aria-label="The workshop">
      <SmartImage src={workshop.image ?? '/media/pages/gallery-5.jpg'} alt="" width={1000} height={1000} />
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
