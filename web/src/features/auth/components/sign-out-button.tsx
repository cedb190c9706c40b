import { useState } from 'react';
import { notifyError } from '@/components/ui/notify';
import { logout, VISITOR } from '../api/auth-api';
import { sessionStore } from '../stores/session-store';

/** Ends the admin's session; the bar's Manage Gallery link goes with it. */
export function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--quiet button--small"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await logout();
          onSignedOut();
          sessionStore.set(VISITOR);
        } catch (cause) {
          notifyError('We could not sign you out', cause instanceof Error ? cause.message : null);
          setBusy(false);
        }
      }}
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
