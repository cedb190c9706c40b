// What the server put inside the page for its first paint: the API's answers the page needed
// (keyed by their path, e.g. "/api/products/"), as JSON in <script id="first-load">. The page
// paints from them and React hydrates the same markup, so nothing is fetched on arrival; a page
// reached later in the visit, or reloaded from its own state, asks the API as before.
import { resetOnPageLoad } from './page-load';

export type FirstLoad = Record<string, unknown>;

export const FIRST_LOAD_ID = 'first-load';

function fromPage(): FirstLoad {
  if (typeof document === 'undefined') return {};
  const script = document.getElementById(FIRST_LOAD_ID);
  if (!script?.textContent) return {};
  try {
    return JSON.parse(script.textContent) as FirstLoad;
  } catch {
    return {};
  }
}

let answers: FirstLoad = fromPage();
// Each load reads its own page's answers, none used up yet.
resetOnPageLoad(() => {
  answers = fromPage();
});

/** The server's answer for `path` inside this page, if it gave one and no page has used it up. */
export function firstLoad<T>(path: string): T | undefined {
  return answers[path] as T | undefined;
}

/**
 * Marks `path`'s answer as used: the page that showed it has mounted, so a later visit to the
 * same page asks afresh (called from an effect, so a render can be repeated safely).
 */
export function usedFirstLoad(path: string): void {
  delete answers[path];
}

/** Puts the answers a render works from (the server's renderer, before each page; tests). */
export function setFirstLoad(next: FirstLoad): void {
  answers = { ...next };
}
