import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { mockApi } from './mock-api';

// jsdom has no scrolling; the app scrolls to the top on every route change.
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(() => {
  mockApi.install();
});

afterEach(() => {
  cleanup();
  mockApi.uninstall();
});
