import { createFetchedStore, useStore } from '@/lib/store';
import { defaultSiteFacts, type SiteFacts } from '../site-facts';

type Load = () => Promise<SiteFacts>;

export interface SiteStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => SiteFacts;
  /** Asks the server once; later calls (and a failure) change nothing. */
  start: () => void;
}

// The call brings the API client with it, so it arrives in its own chunk after the first
// paint (the same chunk the cart's calls share), keeping the nav's first JavaScript small.
const loadFromServer: Load = () => import('../api/get-site').then(({ getSite }) => getSite());

/** The studio's facts: the config's straight away, the server's once they arrive. */
export function createSiteStore(load: Load = loadFromServer, defaults: SiteFacts = defaultSiteFacts): SiteStore {
  return createFetchedStore(defaults, load, (cause) => console.warn('Showing the studio’s built-in details:', cause));
}

const siteStore = createSiteStore();

/**
 * The studio's name, address, phone, hours and links, fetched once for the whole app
 * (GET /api/site/). Never waits: until the answer comes, and if it never does, the details
 * in config/studio.ts are shown.
 */
export function useSite(): SiteFacts {
  return useStore(siteStore, siteStore.start);
}
