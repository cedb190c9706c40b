import { afterEach, describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { api } from './api-client';

describe('the API client', () => {
  afterEach(() => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends credentials and echoes the csrftoken cookie in X-CSRFToken', async () => {
    document.cookie = 'csrftoken=t0ken%2Fvalue; path=/';
    mockApi.on('GET', '/api/products/', () => json([]));
    await api.GET('/api/products/');
    const [request] = mockApi.requests;
    expect(request?.headers.get('X-CSRFToken')).toBe('t0ken/value');
    expect(request?.credentials).toBe('include');
  });

  it('sends no CSRF header when there is no cookie', async () => {
    mockApi.on('GET', '/api/products/', () => json([]));
    await api.GET('/api/products/');
    expect(mockApi.requests[0]?.headers.has('X-CSRFToken')).toBe(false);
  });
});
