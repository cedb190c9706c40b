import type { ReactNode } from 'react';

/**
 * How the studio's offer and voucher forms end: what the server refused (read out as it comes),
 * then the form's button, held while it saves, and its way out.
 */
export function FormEnd({ problem, busy, submit, cancel }: { problem: string | null; busy: boolean; submit: ReactNode; cancel: ReactNode }) {
  return (
    <>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button button--small" disabled={busy}>
          {submit}
        </button>
        {cancel}
      </div>
    </>
  );
}
