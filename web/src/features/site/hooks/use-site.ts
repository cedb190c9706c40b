import { firstLoad } from '@/lib/first-load';
import { resetOnPageLoad } from '@/lib/page-load';
import { createFetchedStore, useStore } from '@/lib/store';
import { siteFactsFrom, type SiteAnswer } from '../api/site-answer';
import type { SiteFacts } from '../site-facts';

type Load = () => Promise<SiteFacts>;

export interface SiteStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => SiteFacts | null;
  /** Asks the server once; later calls change nothing. */
  start: () => void;
  /** Asks the server again (the back office saved new facts); a failure keeps what is shown. */
  reload: () => void;
  /** Shows these facts as the answer (the ones inside the page); nothing is asked afterwards. */
  set: (facts: SiteFacts) => void;
}

// The call brings the API client with it, so it arrives in its own chunk after the first
// paint (the same chunk the cart's calls share), keeping the nav's first JavaScript small.
const loadFromServer: Load = () => import('../api/get-site').then(({ getSite }) => getSite());

/** The studio's facts: none until the server's answer arrives. */
export function createSiteStore(load: Load = loadFromServer): SiteStore {
  const store = createFetchedStore<SiteFacts | null>(null, load, (cause) => console.warn('Could not load the studio’s details:', cause));
  return {
    ...store,
    reload: () => {
      load().then(store.set, (cause: unknown) => console.warn('Could not reload the studio’s details:', cause));
    },
  };
}

const siteStore = createSiteStore();

/**
 * Shows the facts the server put inside the page (lib/first-load), if it did: they are the
 * answer, so nothing is asked. Runs as the app starts, and before each page the server renders.
 */
export function showArrivedSite(): void {
  const answer = firstLoad<SiteAnswer>('/api/site/');
  if (answer) siteStore.set(siteFactsFrom(answer));
}
showArrivedSite();
// A fresh load shows the facts inside its own page (after the store and lib/first-load are reset).
resetOnPageLoad(showArrivedSite);

/**
 * The studio's name, address, phone, hours and links, fetched once for the whole app
 * (GET /api/site/, which the back office edits). `null` until the answer comes: pages keep the
 * space (components/ui/studio-facts) rather than show a value that may be wrong.
 */
export function useSite(): SiteFacts | null {
  return useStore(siteStore, siteStore.start);
}

/** Asks the server again after the back office saved the facts (or the hours), so every page shows them at once. */
export function reloadSite(): void {
  siteStore.reload();
}
