import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { clearCookie, setCookie, TEST_CSRF_TOKEN } from './cookies';
import { mockApi } from './mock-api';

// jsdom has no scrolling; the app scrolls to the top on every route change.
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(() => {
  mockApi.install();
  localStorage.clear();
  setCookie('csrftoken', TEST_CSRF_TOKEN);
});

afterEach(() => {
  cleanup();
  clearCookie('csrftoken');
  mockApi.uninstall();
});
