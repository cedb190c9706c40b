import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from '../stores/session-store';

function subscribe(listener: () => void) {
  sessionStore.start();
  return sessionStore.subscribe(listener);
}

/** Who is signed in: `unknown` until GET /api/auth/me/ (asked once, after the first paint) answers. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}

/**
 * Whether the visitor is the studio's admin, which shows 'Manage Gallery' in the bar. The flag
 * starts false (spec §2) and only turns true when the server says so, so it never flashes.
 */
export function useAdminFlag(): boolean {
  const session = useSession();
  return session.status === 'known' && session.isAdmin;
}
