import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import type { BookedWorkshop } from '@/features/workshops/api/book-workshop';
import { getBalance } from '@/features/workshops/api/balance';
import { BookingDone } from '@/features/workshops/components/booking-done';
import { useQuery } from '@/lib/use-query';

/**
 * /workshops/booked/<order>?token=…: a booking's confirmation. Reached from the form it shows
 * what the server answered; opened again (a reload), it reads the booking back through its
 * link, with core's sentence of what is owed and by when. Without a booking to read, it says
 * where the details are.
 */
export default function WorkshopBookedPage() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const booked = (useLocation().state as { booked?: BookedWorkshop } | null)?.booked;
  const fresh = booked && String(booked.order_id) === orderId && booked.access_token === token ? booked : null;
  const id = /^\d{1,9}$/.test(orderId ?? '') ? Number(orderId) : null;
  const asking = !fresh && id !== null && !!token;
  const again = useQuery(asking ? `balance:${id}:${token}` : null, (signal) => getBalance(id!, token!, signal));
  const shown = fresh ?? (again.status === 'loaded' ? again.data : null);
  return (
    <div className="container booking-page--done fade-in">
      <title>Booked · Posy floral studio</title>
      {shown ? (
        <BookingDone booked={shown} />
      ) : asking && again.status === 'loading' ? (
        <PageLoading label="Finding your booking…" />
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
