import { Link } from 'react-router';
import type { Workshop } from '../api/get-workshops';
import { bookingLink, isFullyBooked, waitingListLink } from '../lib/booking';

/**
 * The spots text and the way to book: Book, or (at "0 spots left", the spec's rule) a disabled
 * button reading "Fully Booked" with a separate way onto the waiting list beside it.
 */
export function BookingActions({ workshop }: { workshop: Pick<Workshop, 'slug' | 'title' | 'spots_text'> }) {
  const full = isFullyBooked(workshop);
  return (
    <div className="workshop-booking">
      <p className="pill workshop-booking__spots" data-full={full || undefined}>
        {workshop.spots_text}
      </p>
      <div className="workshop-booking__actions">
        {full ? (
          <>
            <button type="button" className="button" disabled>
              Fully Booked
            </button>
            <Link to={waitingListLink(workshop)} className="button button--quiet" aria-label={`Join the waiting list for ${workshop.title}`}>
              Join the waiting list
            </Link>
          </>
        ) : (
          <Link to={bookingLink(workshop)} className="button" aria-label={`Book a place on ${workshop.title}`}>
            Book a place
          </Link>
        )}
      </div>
    </div>
  );
}
