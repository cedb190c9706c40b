import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { startPageLoad } from '@/lib/page-load';
import { clearCookie, setCookie, TEST_CSRF_TOKEN } from './cookies';
import { mockApi } from './mock-api';

// findBy… waits up to 20 s, not 1 s: a lazily loaded page (the checkout brings the wasm core,
// the back office its whole frame) is transformed on its first import, which on a busy two-core
// CI machine took over 10 s while the Rust tests ran beside it (the back office's Settings, the
// first import of the admin frame in a worker; 1.8 s alone). What is never shown still fails,
// only later.
configure({ asyncUtilTimeout: 20_000 });

// jsdom has no scrolling; the app scrolls to the top on every route change.
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(() => {
  // Every test's day is the journeys' Monday morning in December (scripts/e2e.sh's
  // POSY_FAKE_NOW), before the noon cut-off: which days and slots the checkout offers, and so
  // its totals, follow the clock, and a suite run after noon or at a weekend found other ones.
  // Only Date is faked; timers run as ever. A test that needs another moment sets its own.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-14T09:30:00Z') });
  mockApi.install();
  // Each test is a fresh page load: who is signed in, the studio's facts and the rest of what
  // the app keeps outside React are asked afresh (lib/page-load), though the test files share
  // one module graph (vitest.config.ts: isolate: false).
  startPageLoad();
  localStorage.clear();
  // The checkout keeps its draft for the visit: each test is a new visit.
  sessionStorage.clear();
  setCookie('csrftoken', TEST_CSRF_TOKEN);
});

afterEach(() => {
  cleanup();
  // A clock a test faked (and did not give back, say because it failed first) is not the next
  // test's, nor the next file's: they share this worker (vitest.config.ts: isolate: false).
  vi.useRealTimers();
  clearCookie('csrftoken');
  mockApi.uninstall();
});
