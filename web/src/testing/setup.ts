import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { sessionStore } from '@/features/auth/stores/session-store';
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
  mockApi.install();
  // Who is signed in is asked once per page load; each test is a fresh load.
  sessionStore.reset();
  localStorage.clear();
  // The checkout keeps its draft for the visit: each test is a new visit.
  sessionStorage.clear();
  setCookie('csrftoken', TEST_CSRF_TOKEN);
});

afterEach(() => {
  cleanup();
  clearCookie('csrftoken');
  mockApi.uninstall();
});
