import { Link } from 'react-router';
import { useQuery } from '@/lib/use-query';
import { counted } from '@/lib/words';
import { listWorkshops, type AdminWorkshop } from '../api/workshops-api';
import './workshops-admin.css';

/**
 * The workshops held on each day, for the day's work: asked once for the page (a failure shows
 * nothing rather than holding up the orders). Cancelled ones are left out.
 */
export function useWorkshopsByDay(): (date: string) => AdminWorkshop[] {
  const query = useQuery('admin-workshops', listWorkshops);
  const all = query.status === 'loaded' ? query.data.filter((workshop) => !workshop.cancelled) : [];
  return (date) => all.filter((workshop) => workshop.date === date);
}

/** A day's workshops under its heading: what, when, the seats booked, and the attendee list. */
export function DayWorkshops({ workshops }: { workshops: AdminWorkshop[] }) {
  if (workshops.length === 0) return null;
  return (
    <ul className="admin-list day-workshops" aria-label="Workshops on this day">
      {workshops.map((workshop) => (
        <li key={workshop.id} className="day-workshops__one">
          <span className="pill">Workshop</span>{' '}
          <strong>{workshop.title}</strong>, {workshop.start_time} to {workshop.end_time} · {workshop.booked} of{' '}
          {counted(workshop.seats, 'seat')} booked{' '}
          <Link to={`/admin/workshops/${workshop.id}/attendees`} aria-label={`Attendees of ${workshop.title}`}>
            Attendees
          </Link>
        </li>
      ))}
    </ul>
  );
}
