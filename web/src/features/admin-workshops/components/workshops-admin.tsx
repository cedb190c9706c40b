import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { CallRefused, refusedChange } from '@/lib/api-client';
import { formatDate } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import { counted } from '@/lib/words';
import { cancelWorkshop, hideWorkshop, listWorkshops, type AdminWorkshop } from '../api/workshops-api';
import './workshops-admin.css';

/** Where a workshop stands, in the studio's words. */
function standing(workshop: AdminWorkshop): string {
  if (workshop.cancelled) return 'Cancelled';
  if (workshop.hidden) return 'Hidden';
  return workshop.spots_left === 0 ? 'Fully booked' : 'On sale';
}

/**
 * Every workshop with its seats taken, and what the studio does with one: edit it, see who is
 * coming, hide it from the shop (or show it), or cancel it (every booking refunded and mailed,
 * asked twice). Each action names its workshop for a screen reader: "Edit Christmas wreath making".
 */
export function WorkshopsAdmin({ onSignedOut }: { onSignedOut: () => void }) {
  const { onError, lost } = useSignedOut(onSignedOut);
  const query = useQuery('admin-workshops', listWorkshops, { onError });
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  const [said, setSaid] = useState<string | null>(saved ? `${saved} is saved.` : null);
  const [cancelling, setCancelling] = useState<{ id: number; key: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // A cancelled workshop's balances paid in the studio: the studio hands each back itself.
  const [handBack, setHandBack] = useState<string[]>([]);

  if (query.status === 'loading') return <AdminLoading>Fetching the workshops…</AdminLoading>;
  if (query.status === 'error') {
    return <AdminRetry onRetry={query.retry}>{query.error instanceof CallRefused ? query.error.message : 'We couldn’t load the workshops.'}</AdminRetry>;
  }

  async function change(workshop: AdminWorkshop, act: () => Promise<AdminWorkshop>, done: string) {
    setBusy(workshop.id);
    setSaid(null);
    setHandBack([]);
    try {
      const changed = await act();
      query.setData((list) => (list ?? []).map((one) => (one.id === changed.id ? changed : one)));
      setSaid(done);
      setCancelling(null);
    } catch (cause) {
      const refused = refusedChange(cause, lost, 'The change could not be saved just now. Please try again.');
      if (refused) setSaid(refused.message);
      // Changed meanwhile: the list shows what it is now.
      if (refused?.changed) void query.refresh({ quiet: true });
    } finally {
      setBusy(null);
    }
  }

  const workshops = query.data;
  return (
    <div className="workshops-admin">
      <div className="admin-actions">
        <Link to="/admin/workshops/new" className="button">
          New workshop
        </Link>
      </div>
      <div className="workshops-admin__said" role="status">
        {said && <p>{said}</p>}
        {handBack.length > 0 && (
          <ul className="workshops-admin__hand-back" aria-label="To give back by hand">
            {handBack.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      {workshops.length === 0 ? (
        <p className="admin-quiet">No workshops yet. Make one and it shows in the shop at once.</p>
      ) : (
        <ul className="admin-list" aria-label="Workshops">
          {workshops.map((workshop) => (
            <li key={workshop.id} className="admin-row workshops-admin__row" data-state={standing(workshop)}>
              <div className="workshops-admin__what">
                <h2 className="workshops-admin__title">{workshop.title}</h2>
                <p className="workshops-admin__when">
                  <time dateTime={workshop.date}>{formatDate(workshop.date, 'long')}</time>, {workshop.start_time} to {workshop.end_time}
                </p>
                <p className="workshops-admin__seats">
                  {workshop.booked} of {counted(workshop.seats, 'seat')} booked
                  <span className="pill workshops-admin__state">{standing(workshop)}</span>
                </p>
              </div>
              <div className="admin-actions workshops-admin__actions">
                <Link to={`/admin/workshops/${workshop.id}/attendees`} className="button button--small" aria-label={`Attendees of ${workshop.title}`}>
                  Attendees
                </Link>
                {!workshop.cancelled && (
                  <>
                    <Link to={`/admin/workshops/${workshop.id}`} className="button button--quiet button--small" aria-label={`Edit ${workshop.title}`}>
                      Edit
                    </Link>
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      disabled={busy === workshop.id}
                      aria-label={`${workshop.hidden ? 'Show' : 'Hide'} ${workshop.title}`}
                      onClick={() =>
                        void change(
                          workshop,
                          () => hideWorkshop(workshop.id, !workshop.hidden, workshop.version),
                          workshop.hidden ? `${workshop.title} is in the shop again.` : `${workshop.title} is hidden from the shop.`,
                        )
                      }
                    >
                      {workshop.hidden ? 'Show' : 'Hide'}
                    </button>
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      aria-expanded={cancelling?.id === workshop.id}
                      aria-label={`Cancel ${workshop.title}`}
                      onClick={() => setCancelling(cancelling?.id === workshop.id ? null : { id: workshop.id, key: crypto.randomUUID() })}
                    >
                      Cancel
                    </button>
                  </>
                )}
              </div>
              {cancelling?.id === workshop.id && (
                <div className="workshops-admin__confirm" role="group" aria-label={`Cancel ${workshop.title}`}>
                  <p>
                    Cancel {workshop.title}? Every booking is refunded in full and each booker is emailed. This cannot be undone.
                  </p>
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="button button--small"
                      disabled={busy === workshop.id}
                      onClick={() =>
                        void change(
                          workshop,
                          async () => {
                            const cancelled = await cancelWorkshop(workshop.id, workshop.version, cancelling.key);
                            setHandBack(cancelled.by_hand.map((one) => one.message));
                            return cancelled.workshop;
                          },
                          `${workshop.title} is cancelled; the bookings are being refunded and mailed.`,
                        )
                      }
                    >
                      Yes, cancel it and refund everyone
                    </button>
                    <button type="button" className="button button--quiet button--small" onClick={() => setCancelling(null)}>
                      Keep it
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
