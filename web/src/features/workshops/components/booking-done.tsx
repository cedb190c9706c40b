import { Link } from 'react-router';
import { formatDate } from '@/lib/core';
import type { BookedWorkshop } from '../api/book-workshop';
import './booking.css';

/**
 * What the confirmation shows: the booking's answer, or its balance read back after a reload
 * (which says whether anything is still `owed`: a balance received since is not).
 */
type Confirmed = Pick<BookedWorkshop, 'workshop' | 'slug' | 'date' | 'time' | 'seats' | 'message' | 'balance_due'> & { owed?: boolean };

/** A booking made: the workshop, the seats, what was paid and (the server's sentence) what is due and by when. */
export function BookingDone({ booked }: { booked: Confirmed }) {
  const seats = booked.seats === 1 ? '1 seat' : `${booked.seats} seats`;
  // Read back, the server says whether it is still owed; just booked, a balance has its date.
  const owes = booked.owed ?? booked.balance_due != null;
  return (
    <section className="booking-done" aria-labelledby="booked-title">
      <p className="eyebrow">Booked</p>
      <h1 id="booked-title">See you at {booked.workshop}</h1>
      <p>
        {seats} on <time dateTime={booked.date}>{formatDate(booked.date, 'long')}</time>, {booked.time}.
      </p>
      <p className="booking-done__due">{booked.message}</p>
      <p>{owes ? 'We have emailed your confirmation, with a link to pay the balance when it is due.' : 'We have emailed your confirmation.'}</p>
      <p>
        <Link to={`/workshops/${booked.slug}`}>Back to {booked.workshop}</Link>
      </p>
    </section>
  );
}
