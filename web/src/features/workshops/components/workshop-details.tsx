import { Link } from 'react-router';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { formatDate } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import { BookingActions } from './booking-actions';
import { WorkshopPicture } from './workshop-picture';
import { WorkshopPrices } from './workshop-prices';
import './workshops.css';

/**
 * A workshop's own page: the picture and what matters for booking first (when, where, what it
 * costs and when the balance is due, the spots and Book), then what to bring and the
 * cancellation rule in the studio's words (both written by the server from core).
 */
export function WorkshopDetails({ workshop, offer = null }: { workshop: Workshop; offer?: string | null }) {
  return (
    <article className="workshop-page">
      <div className="workshop-page__top">
        <div className="workshop-page__picture">
          <WorkshopPicture workshop={workshop} sizes="(min-width: 56rem) 50vw, 100vw" fetchPriority="high" />
        </div>
        <div className="stack workshop-page__facts">
          <Link to="/workshops" className="workshop-back">
            <ArrowLeftIcon />
            All workshops
          </Link>
          <p className="workshop-card__when">Workshop</p>
          <h1 className="workshop-page__title">{workshop.title}</h1>
          <p className="workshop-page__description">{workshop.description}</p>
          <dl className="workshop-page__when">
            <div>
              <dt>Date</dt>
              <dd>
                <time dateTime={workshop.date}>{formatDate(workshop.date, 'long')}</time>
              </dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>
                <time dateTime={workshop.start_time}>{workshop.start_time}</time> to{' '}
                <time dateTime={workshop.end_time}>{workshop.end_time}</time>
              </dd>
            </div>
            <div>
              <dt>Place</dt>
              <dd>{workshop.place}</dd>
            </div>
          </dl>
          <WorkshopPrices workshop={workshop} />
          <BookingActions workshop={workshop} offer={offer} />
        </div>
      </div>

      <div className="workshop-page__more">
        <section className="workshop-page__part" aria-labelledby="workshop-bring">
          <h2 id="workshop-bring">What to bring</h2>
          <p>{workshop.what_to_bring || 'Just yourself: we have the flowers, the tools and the tea.'}</p>
        </section>
        <section className="workshop-page__part" aria-labelledby="workshop-cancel">
          <h2 id="workshop-cancel">If you cannot come</h2>
          <p>{workshop.cancellation_text}</p>
        </section>
      </div>
    </article>
  );
}
