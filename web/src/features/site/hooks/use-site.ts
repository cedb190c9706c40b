import { createFetchedStore, useStore } from '@/lib/store';
import type { SiteFacts } from '../site-facts';

type Load = () => Promise<SiteFacts>;

export interface SiteStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => SiteFacts | null;
  /** Asks the server once; later calls change nothing. */
  start: () => void;
  /** Puts facts just saved in the back office, so every page shows them at once. */
  set: (facts: SiteFacts) => void;
}

// The call brings the API client with it, so it arrives in its own chunk after the first
// paint (the same chunk the cart's calls share), keeping the nav's first JavaScript small.
const loadFromServer: Load = () => import('../api/get-site').then(({ getSite }) => getSite());

/** The studio's facts: none until the server's answer arrives. */
export function createSiteStore(load: Load = loadFromServer): SiteStore {
  return createFetchedStore<SiteFacts | null>(null, load, (cause) => console.warn('Could not load the studio’s details:', cause));
}

const siteStore = createSiteStore();

/**
 * The studio's name, address, phone, hours and links, fetched once for the whole app
 * (GET /api/site/, which the back office edits). `null` until the answer comes: pages keep the
 * space (components/ui/studio-facts) rather than show a value that may be wrong.
 */
export function useSite(): SiteFacts | null {
  return useStore(siteStore, siteStore.start);
}

/** Shows facts the back office has just saved on every page, without asking again. */
export function showSavedSite(facts: SiteFacts): void {
  siteStore.set(facts);
}
