import type { Me } from '@/lib/api-client';
import { createFetchedStore } from '@/lib/store';

/** Who is signed in, as far as the page knows: `unknown` until GET /api/auth/me/ answers. */
export type Session = { status: 'unknown' } | { status: 'known'; isAdmin: boolean; username: string | null };

type Load = () => Promise<Me>;

export interface SessionStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => Session;
  /** Asks the server once (later calls change nothing); a failure counts as a visitor. */
  start: () => void;
  /** What sign-in, sign-out or a refused admin call learnt. */
  set: (me: Me) => void;
}

// The call brings the API client with it, so it is fetched after the first paint, in a chunk
// of its own: the nav's first JavaScript stays small and the flag starts false (the spec).
const loadFromServer: Load = () => import('../api/auth-api').then(({ getMe }) => getMe());

const visitor: Session = { status: 'known', isAdmin: false, username: null };
const sessionOf = (me: Me): Session => ({ status: 'known', isAdmin: me.is_admin, username: me.username ?? null });

export function createSessionStore(load: Load = loadFromServer): SessionStore {
  const store = createFetchedStore<Session>({ status: 'unknown' }, () => load().then(sessionOf), (cause) => {
    console.warn('Treating this visit as a visitor’s:', cause);
    return visitor;
  });
  return { ...store, set: (me: Me) => store.set(sessionOf(me)) };
}

export const sessionStore = createSessionStore();
