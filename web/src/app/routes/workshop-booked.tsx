import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { BookedWorkshop } from '@/features/workshops/api/book-workshop';
import { BookingDone } from '@/features/workshops/components/booking-done';

/**
 * /workshops/booked/<order>?token=…: a booking's confirmation. Reached from the form it shows
 * what the server answered; opened again later, it says where the details are.
 */
export default function WorkshopBookedPage() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const booked = (useLocation().state as { booked?: BookedWorkshop } | null)?.booked;
  const shown = booked && String(booked.order_id) === orderId && booked.access_token === search.get('token') ? booked : null;
  return (
    <div className="container booking-page--done fade-in">
      <title>Booked · Posy floral studio</title>
      {shown ? (
        <BookingDone booked={shown} />
      ) : (
        <div className="notice">
          <h1>Your booking</h1>
          <p>Your confirmation email has every detail of your booking, and a link to pay the balance when it is due.</p>
          <p>
            <Link to="/workshops">See our workshops</Link>
          </p>
        </div>
      )}
    </div>
  );
}
