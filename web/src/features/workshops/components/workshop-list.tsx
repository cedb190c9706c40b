import { Link } from 'react-router';
import { LoadingStatus, RetryNotice } from '@/components/layout/page-kit';
import { useWorkshops } from '../hooks/use-workshops';
import { WorkshopCard } from './workshop-card';
import './workshops.css';

/** The upcoming workshops from the server, with loading, error and empty states. */
export function WorkshopList() {
  const state = useWorkshops();

  if (state.status === 'loading') {
    return (
      <LoadingStatus>Finding the next workshops…</LoadingStatus>
    );
  }

  if (state.status === 'error') {
    return (
      <RetryNotice title="We could not load the workshops just now." onRetry={state.retry}>
        Please try again in a moment, or ring the studio and we will tell you what is coming up.
      </RetryNotice>
    );
  }

  if (state.workshops.length === 0) {
    return (
      <div className="notice">
        <p className="notice__title">No workshops are booked in just now.</p>
        <p>
          New dates go up every season. <Link to="/contact?type=event">Send us a message</Link> and we will tell you
          when the next one opens, or ask about a private workshop for your group.
        </p>
      </div>
    );
  }

  return (
    <ul className="workshop-list" aria-label="Upcoming workshops">
      {state.workshops.map((workshop, index) => (
        <li key={workshop.id}>
          {/* The first card's picture is the page's largest paint. */}
          <WorkshopCard workshop={workshop} eager={index === 0} />
        </li>
      ))}
    </ul>
  );
}
