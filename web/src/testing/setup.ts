import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { sessionStore } from '@/features/auth/stores/session-store';
import { clearCookie, setCookie, TEST_CSRF_TOKEN } from './cookies';
import { mockApi } from './mock-api';

// jsdom has no scrolling; the app scrolls to the top on every route change.
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(() => {
  mockApi.install();
  // Who is signed in is asked once per page load; each test is a fresh load.
  sessionStore.reset();
  localStorage.clear();
  setCookie('csrftoken', TEST_CSRF_TOKEN);
});

afterEach(() => {
  cleanup();
  clearCookie('csrftoken');
  mockApi.uninstall();
});
