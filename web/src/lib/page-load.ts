// What the app keeps outside React lasts one page load in a browser: who is signed in and the
// studio's facts (asked once), the answers inside the page, Stripe.js once loaded. Each module
// that keeps such a thing says here how to put it back as a fresh load finds it, so that the
// unit tests, whose files share one module graph (web/vitest.config.ts: isolate: false), start
// every test from a fresh page load.
const resets = new Set<() => void>();

/** Registers how to put a module's page-load state back as a fresh load has it. */
export function resetOnPageLoad(reset: () => void): void {
  resets.add(reset);
}

/** Puts every registered state back as a fresh page load has it (the tests' setup, before each test). */
export function startPageLoad(): void {
  for (const reset of resets) reset();
}
