import { useStore } from '@/lib/store';
import { sessionStore, type Session } from '../stores/session-store';

/** Who is signed in: `unknown` until GET /api/auth/me/ (asked once, after the first paint) answers. */
export function useSession(): Session {
  return useStore(sessionStore, sessionStore.start);
}

/**
 * Whether the visitor is the studio's admin, which shows 'Manage Gallery' in the bar. The flag
 * starts false (the spec) and only turns true when the server says so, so it never flashes.
 */
export function useAdminFlag(): boolean {
  const session = useSession();
  return session.status === 'known' && session.isAdmin;
}
