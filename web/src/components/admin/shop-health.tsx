import { Link } from 'react-router';
import { formatMoment } from '@/lib/core-admin';
import { counted } from '@/lib/words';

export interface ShopHealthProps {
  /** What needs a person, as the server's health checks say it (problems first). */
  attention: readonly string[];
  unsentMail: number;
  /** When the last backup ran (ISO 8601), or null. */
  lastBackupAt: string | null;
}

/**
 * What needs a person, above every back-office page: one folded line on a phone ("2 things need
 * a look"), opened to the list, the way to the mail not sent, and when the last backup ran.
 * Nothing at all when all is well, so it is noticed when it shows.
 */
export function ShopHealth({ attention, unsentMail, lastBackupAt }: ShopHealthProps) {
  if (attention.length === 0) return null;
  return (
    <details className="shop-health">
      <summary className="shop-health__summary container">
        <span className="shop-health__mark" aria-hidden="true">
          !
        </span>
        {counted(attention.length, 'thing needs', 'things need')} a look
      </summary>
      <div className="shop-health__body container">
        <ul className="shop-health__list">
          {attention.map((line) => (
            <li key={line}>{line.charAt(0).toUpperCase() + line.slice(1)}.</li>
          ))}
        </ul>
        <p className="shop-health__more">
          {lastBackupAt ? (
            <>
              Last backup: <time dateTime={lastBackupAt}>{formatMoment(lastBackupAt)}</time>.
            </>
          ) : (
            'No backup has been made yet.'
          )}{' '}
          {unsentMail > 0 && <Link to="/admin/mail">See the mail not sent ({unsentMail})</Link>}
        </p>
      </div>
    </details>
  );
}
