import { useState } from 'react';
import { Link } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { CallRefused, refusedChange } from '@/lib/api-client';
import { formatDate, money } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import { counted } from '@/lib/words';
import { attendees, cancelBooking, markBalancePaid, type Attendee } from '../api/workshops-api';
import './workshops-admin.css';

/**
 * Who is coming to one workshop: each booking's names, seats, what was paid and what is owed
 * (and by when), how to reach them and their note. Printable like the day sheet (the buttons
 * and the frame stay off the paper). A balance paid in the studio is marked here; a booking is
 * cancelled by the workshop's rule (the server says what that gives back).
 */
export function AttendeeList({ id, onSignedOut }: { id: number; onSignedOut: () => void }) {
  const { onError, lost } = useSignedOut(onSignedOut);
  const query = useQuery(`attendees:${id}`, (signal) => attendees(id, signal), { onError });
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<{ order: number; key: string } | null>(null);

  if (query.status === 'loading') return <AdminLoading>Fetching the attendee list…</AdminLoading>;
  if (query.status === 'error') {
    return <AdminRetry onRetry={query.retry}>{query.error instanceof CallRefused ? query.error.message : 'We couldn’t load the attendee list.'}</AdminRetry>;
  }
  const { workshop, rows } = query.data;
  const { seats } = query.data;

  /** Runs `call` for `row`; what it answers (what the studio hands back itself) follows `done`. */
  async function act(row: Attendee, call: () => Promise<string | null | void>, done: string) {
    setBusy(row.order_id);
    setSaid(null);
    try {
      const more = await call();
      setSaid(more ? `${done} ${more}` : done);
      setCancelling(null);
    } catch (cause) {
      const refused = refusedChange(cause, lost, 'The change could not be saved just now. Please try again.');
      if (refused) setSaid(refused.message);
    } finally {
      setBusy(null);
      // What it is now, whichever way it went.
      void query.refresh({ quiet: true });
    }
  }

  const who = (row: Attendee) => row.names[0] ?? row.email;

  return (
    <div className="attendees">
      <div className="attendees__tools spread">
        <Link to="/admin/workshops" className="button button--quiet button--small">
          ← All workshops
        </Link>
        <button type="button" className="button" onClick={() => window.print()} disabled={rows.length === 0}>
          Print
        </button>
      </div>
      <header className="attendees__head">
        <h2>{workshop.title}</h2>
        <p>
          <time dateTime={workshop.date}>{formatDate(workshop.date, 'long')}</time>, {workshop.start_time} to {workshop.end_time} ·{' '}
          {counted(seats, 'seat')} booked of {workshop.seats} · {money(query.data.owed)} still owed
        </p>
      </header>
      <p className="workshops-admin__said" role="status">
        {said}
      </p>
      {rows.length === 0 ? (
        <p className="admin-quiet">No bookings yet.</p>
      ) : (
        <div className="attendees__scroll">
          <table className="attendees__table">
            <caption className="visually-hidden">Attendees of {workshop.title}</caption>
            <thead>
              <tr>
                <th scope="col">Names</th>
                <th scope="col">Seats</th>
                <th scope="col" className="attendees__money">
                  Paid
                </th>
                <th scope="col" className="attendees__money">
                  Owed
                </th>
                <th scope="col">Note</th>
                <th scope="col" className="attendees__act">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.order_id}>
                  <td>
                    <ul className="attendees__names">
                      {row.names.map((name, seat) => (
                        <li key={seat}>{name}</li>
                      ))}
                    </ul>
                    <span className="attendees__contact">
                      {row.email}
                      {row.phone && <> · {row.phone}</>}
                    </span>
                  </td>
                  <td>{row.seats}</td>
                  <td className="attendees__money">
                    {money(row.paid)}
                    {Number(row.paid_by_voucher) > 0 && <span className="attendees__by-voucher">{money(row.paid_by_voucher)} by gift voucher</span>}
                  </td>
                  <td className="attendees__money">
                    {row.balance_paid ? (
                      row.balance_paid === 'studio' ? 'Paid in the studio' : 'Paid'
                    ) : (
                      <>
                        {money(row.owed)}
                        {row.balance_due && (
                          <>
                            <br />
                            <span className="attendees__contact">by {formatDate(row.balance_due, 'long')}</span>
                          </>
                        )}
                      </>
                    )}
                  </td>
                  <td>{row.note}</td>
                  <td className="attendees__act">
                    <div className="admin-actions">
                      {!row.balance_paid && (
                        <button
                          type="button"
                          className="button button--small"
                          disabled={busy === row.order_id}
                          aria-label={`Mark balance paid for ${who(row)}`}
                          onClick={() =>
                            void act(row, () => markBalancePaid(row.order_id), `${who(row)}’s balance is marked paid.`)
                          }
                        >
                          Mark balance paid
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--quiet button--small"
                        aria-expanded={cancelling?.order === row.order_id}
                        aria-label={`Cancel booking for ${who(row)}`}
                        onClick={() =>
                          setCancelling(cancelling?.order === row.order_id ? null : { order: row.order_id, key: crypto.randomUUID() })
                        }
                      >
                        Cancel booking
                      </button>
                    </div>
                    {cancelling?.order === row.order_id && (
                      <div className="workshops-admin__confirm" role="group" aria-label={`Cancel ${who(row)}’s booking`}>
                        <p>Cancel {who(row)}’s booking? The workshop’s rule decides what is given back; they are emailed.</p>
                        <div className="admin-actions">
                          <button
                            type="button"
                            className="button button--small"
                            disabled={busy === row.order_id}
                            onClick={() => void act(row, () => cancelBooking(row.order_id, true, cancelling.key), `${who(row)}’s booking is cancelled.`)}
                          >
                            Cancel and refund
                          </button>
                          <button
                            type="button"
                            className="button button--quiet button--small"
                            disabled={busy === row.order_id}
                            onClick={() =>
                              void act(row, () => cancelBooking(row.order_id, false, cancelling.key), `${who(row)}’s booking is cancelled; the deposit is kept for another workshop.`)
                            }
                          >
                            Cancel and keep the deposit for another date
                          </button>
                        </div>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
