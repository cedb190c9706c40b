import { Link } from 'react-router';
import type { Workshop } from '../api/get-workshops';
import { bookingLink, isFullyBooked, waitingListLink } from '../lib/booking';

/**
 * The spots text and the way to book: Book, or (at "0 spots left", the spec's rule) a disabled
 * button reading "Fully Booked" with a separate way onto the waiting list beside it.
 */
export function BookingActions({
  workshop,
  offer = null,
}: {
  workshop: Pick<Workshop, 'slug' | 'title' | 'spots_text'>;
  /** The token of a waiting-list offer (from its mail): the seats held for this person are booked with it. */
  offer?: string | null;
}) {
  const full = isFullyBooked(workshop);
  if (offer) {
    return (
      <div className="workshop-booking workshop-booking--offer spread">
        <p className="workshop-booking__offer">A seat came free and we are holding it for you.</p>
        <Link to={`${bookingLink(workshop)}?offer=${encodeURIComponent(offer)}`} className="button">
          Book the seat we held for you
        </Link>
      </div>
    );
  }
  return (
    <div className="workshop-booking spread">
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
