// What every back-office page shows while it asks the server, and when it could not have the
// answer: the same words' place, the same roles, the same Try again. The frame around them
// (who is signed in, the menu) is app/admin-frame.tsx; both use admin.css.
import type { ReactNode } from 'react';
import './admin.css';

/** "Fetching the products…": said once while the page's first answer is on its way. */
export function AdminLoading({ children }: { children: ReactNode }) {
  return (
    <p className="admin-quiet" role="status">
      {children}
    </p>
  );
}

/** What could not be had, with Try again (and `more`, say a way back, beside it). */
export function AdminRetry({ children, onRetry, more }: { children: ReactNode; onRetry: () => void; more?: ReactNode }) {
  return (
    <div className="admin-quiet" role="alert">
      <p>{children}</p>
      <div className="admin-actions">
        <button type="button" className="button button--quiet button--small" onClick={onRetry}>
          Try again
        </button>
        {more}
      </div>
    </div>
  );
}
