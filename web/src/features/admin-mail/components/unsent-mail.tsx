import { useState } from 'react';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { formatMoment } from '@/lib/core-admin';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import { listUnsentMail, sendAgain, type UnsentLetter } from '../api/mail-api';
import './unsent-mail.css';

export interface UnsentMailProps {
  onSignedOut: () => void;
  /** A letter went back in the queue: the strip above counts again. */
  onChanged: () => void;
}

/**
 * The letters the shop could not send, newest first: to whom, what, since when, what the mail
 * server said, and Send again (its tries counted afresh; the outbox sends it within seconds).
 */
export function UnsentMail({ onSignedOut, onChanged }: UnsentMailProps) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const query = useQuery('admin-unsent-mail', (signal) => listUnsentMail(signal), { onError });
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const again = async (letter: UnsentLetter) => {
    setBusy(letter.id);
    setSaid(null);
    try {
      const left = await sendAgain(letter.id);
      query.setData(() => left);
      setSaid({ text: `“${letter.subject}” to ${letter.to} is on its way again.`, error: false });
      onChanged();
    } catch (cause) {
      if (cause instanceof SignedOut) return lost();
      const text = cause instanceof CallRefused ? cause.message : 'That did not work. Please try again.';
      setSaid({ text, error: true });
      void query.refresh({ quiet: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="unsent-mail">
      <p className={said?.error ? 'notice notice--error' : said ? 'notice' : 'visually-hidden'} role="status">
        {said?.text}
      </p>
      {query.status === 'loading' && <AdminLoading>Fetching the mail not sent…</AdminLoading>}
      {query.status === 'error' && <AdminRetry onRetry={query.retry}>We couldn’t fetch the mail not sent.</AdminRetry>}
      {query.status === 'loaded' && query.data.length === 0 && <p className="admin-quiet">Every letter has gone: nothing is waiting.</p>}
      {query.status === 'loaded' && query.data.length > 0 && (
        <ul className="admin-list" aria-label="Mail not sent">
          {query.data.map((letter) => (
            <li key={letter.id} className="unsent-mail__letter admin-row spread">
              <div className="unsent-mail__what">
                <strong>{letter.subject}</strong>
                <span>To {letter.to}</span>
                <span className="admin-quiet">
                  Written <time dateTime={letter.queued_at}>{formatMoment(letter.queued_at)}</time>, {letter.tries}{' '}
                  {letter.tries === 1 ? 'try' : 'tries'}:{' '}
                  {letter.given_up ? <strong className="unsent-mail__given-up">given up</strong> : 'still trying'}
                </span>
                {letter.last_error && <span className="unsent-mail__error">The mail server said: {letter.last_error}</span>}
              </div>
              <button type="button" className="button button--small" disabled={busy === letter.id} onClick={() => void again(letter)}>
                {busy === letter.id ? 'Sending…' : 'Send again'}
                <span className="visually-hidden">: {letter.subject} to {letter.to}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
