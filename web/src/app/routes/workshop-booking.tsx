import { Link, useParams, useSearchParams } from 'react-router';
import { RetryNotice } from '@/components/layout/page-kit';
import { PageLoading } from '@/components/ui/page-loading';
import { WORKSHOP_FAILED } from '@/features/workshops/api/get-workshops';
import { BookingForm } from '@/features/workshops/components/booking-form';
import { BookingSummary } from '@/features/workshops/components/booking-summary';
import { WaitingListForm } from '@/features/workshops/components/waiting-list-form';
import { useWorkshop } from '@/features/workshops/hooks/use-workshop';
import { isFullyBooked, waitingListLink } from '@/features/workshops/lib/booking';

/**
 * /workshops/<slug>/book and /workshops/<slug>/waiting-list: the browser's own pages (per visitor,
 * never drawn on the server), beside the workshop in brief. An offer from the waiting list
 * (`?offer=` from its mail) books the seat held for that person even when the rest is full.
 */
export default function WorkshopBookingPage({ waitingList = false }: { waitingList?: boolean }) {
  const { slug } = useParams();
  const [search] = useSearchParams();
  const offer = search.get('offer');
  const state = useWorkshop(slug);

  if (state.status === 'loading') return <PageLoading label="Finding the workshop…" />;
  if (state.status === 'missing' || state.status === 'error') {
    return (
      <div className="container page-missing">
        <title>Workshops · Posy floral studio</title>
        {state.status === 'missing' ? (
          <div role="alert">
            <h1>{state.message}</h1>
            <Link to="/workshops" className="button">
              See all workshops
            </Link>
          </div>
        ) : (
          <RetryNotice title={WORKSHOP_FAILED} onRetry={state.retry}>
            Please try again in a moment.
          </RetryNotice>
        )}
      </div>
    );
  }

  const { workshop } = state;
  const full = isFullyBooked(workshop) && !offer;
  const title = waitingList ? `Waiting list: ${workshop.title}` : `Book ${workshop.title}`;
  return (
    <div className="container booking-page fade-in">
      <title>{`${title} · Posy floral studio`}</title>
      <h1 className="booking-page__title">{waitingList ? 'Join the waiting list' : offer ? 'Book the seat we held for you' : 'Book a place'}</h1>
      <BookingSummary workshop={workshop} />
      <div className="booking-main stack">
        {waitingList ? (
          <WaitingListForm workshop={workshop} />
        ) : full ? (
          <div className="notice">
            <p className="notice__title">{workshop.title} is fully booked.</p>
            <p>
              <Link to={waitingListLink(workshop)}>Join the waiting list</Link> and we will email you as soon as a seat frees up.
            </p>
          </div>
        ) : (
          <BookingForm workshop={workshop} offer={offer} />
        )}
      </div>
    </div>
  );
}
