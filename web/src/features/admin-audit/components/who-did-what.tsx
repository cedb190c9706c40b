import { useId, useState } from 'react';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { formatMoment } from '@/lib/core-admin';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import { listAudit, type AuditEntry, type AuditKind, type AuditKindOption } from '../api/audit-api';
import './who-did-what.css';

export interface WhoDidWhatProps {
  onSignedOut: () => void;
}

/**
 * The record of who did what, read-only: newest first, a page at a time, of one kind or all.
 * The kinds and their names are the server's, so this page never lists them itself.
 */
export function WhoDidWhat({ onSignedOut }: WhoDidWhatProps) {
  const { onError } = useSignedOut(onSignedOut);
  const [kind, setKind] = useState<AuditKind | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery(`admin-audit ${kind ?? ''} ${page}`, (signal) => listAudit(kind, page, signal), { onError });
  const filter = useId();
  // The kinds stay offered while the next page loads.
  const [kinds, setKinds] = useState<AuditKindOption[]>([]);
  if (query.status === 'loaded' && kinds.length === 0 && query.data.kinds.length > 0) setKinds(query.data.kinds);

  const choose = (chosen: string) => {
    setKind(kinds.find((option) => option.kind === chosen)?.kind ?? null);
    setPage(1);
  };

  return (
    <div className="who-did-what">
      <div className="who-did-what__filter">
        <label htmlFor={filter} className="field__label">
          Show
        </label>
        <select id={filter} className="field__select" value={kind ?? ''} onChange={(event) => choose(event.target.value)}>
          <option value="">Everything</option>
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      {query.status === 'loading' && <AdminLoading>Fetching the record…</AdminLoading>}
      {query.status === 'error' && <AdminRetry onRetry={query.retry}>We couldn’t fetch the record.</AdminRetry>}
      {query.status === 'loaded' && query.data.entries.length === 0 && (
        <p className="admin-quiet">{page > 1 ? 'Nothing more: this is the end of the record.' : 'Nothing of this kind has been done yet.'}</p>
      )}
      {query.status === 'loaded' && query.data.entries.length > 0 && (
        <ol className="admin-list" aria-label="Who did what, newest first">
          {query.data.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {query.status === 'loaded' && query.data.pages > 1 && (
        <nav className="who-did-what__pages admin-actions" aria-label="Pages of the record">
          <button type="button" className="button button--quiet button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span className="admin-quiet">
            Page {page} of {query.data.pages}
          </span>
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={page >= query.data.pages}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </nav>
      )}
    </div>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="who-did-what__entry admin-row">
      <p className="who-did-what__when admin-quiet">
        <time dateTime={entry.at}>{formatMoment(entry.at)}</time> · {entry.kind_label}
        {entry.times > 1 && <> · {entry.times} times</>}
      </p>
      <p className="who-did-what__what">
        <strong>{entry.who}</strong> · {entry.subject}
      </p>
      <p className="who-did-what__change">{entry.change}</p>
    </li>
  );
}
