import { describe, expect, it } from 'vitest';
import { clearCookie, TEST_CSRF_TOKEN } from '@/testing/cookies';
import { json, mockApi } from '@/testing/mock-api';
import { api, CallRefused, refusal, refusedChange, SignedOut } from './api-client';

const changeBody = { cart_id: 'c1', item_id: 1 };

describe('the API client', () => {
  it('sends credentials and echoes the csrftoken cookie in X-CSRFToken', async () => {
    document.cookie = 'csrftoken=t0ken%2Fvalue; path=/';
    mockApi.on('GET', '/api/products/', () => json([]));
    await api.GET('/api/products/');
    const [request] = mockApi.requests;
    expect(request?.headers.get('X-CSRFToken')).toBe('t0ken/value');
    expect(request?.credentials).toBe('include');
  });

  it('sends no CSRF header with a GET when there is no cookie', async () => {
    clearCookie('csrftoken');
    mockApi.on('GET', '/api/products/', () => json([]));
    await api.GET('/api/products/');
    expect(mockApi.requests[0]?.headers.has('X-CSRFToken')).toBe(false);
  });

  it('reads the cookie afresh for every call', async () => {
    mockApi.on('POST', '/api/cart/remove_item/', () => json({ id: 'c1', items: [], total: '0.00' }));
    await api.POST('/api/cart/remove_item/', { body: changeBody });
    document.cookie = 'csrftoken=renewed; path=/';
    await api.POST('/api/cart/remove_item/', { body: changeBody });
    expect(mockApi.requests.map((r) => r.headers.get('X-CSRFToken'))).toEqual([TEST_CSRF_TOKEN, 'renewed']);
    expect(mockApi.requests.every((r) => r.credentials === 'include')).toBe(true);
  });

  it('gets a cookie with a GET before the first change when it has none', async () => {
    clearCookie('csrftoken');
    mockApi.on('GET', '/api/products/', () => {
      document.cookie = 'csrftoken=issued; path=/';
      return json([]);
    });
    mockApi.on('POST', '/api/cart/remove_item/', () => json({ id: 'c1', items: [], total: '0.00' }));

    const { response } = await api.POST('/api/cart/remove_item/', { body: changeBody });

    expect(response.status).toBe(200);
    expect(mockApi.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/products/',
      'POST /api/cart/remove_item/',
    ]);
    expect(mockApi.requests[1]?.headers.get('X-CSRFToken')).toBe('issued');
  });

  it('sends a change refused for a stale cookie once more, with the fresh cookie', async () => {
    document.cookie = 'csrftoken=stale; path=/';
    mockApi.on('POST', '/api/cart/remove_item/', (request) =>
      request.headers.get('X-CSRFToken') === 'fresh'
        ? json({ id: 'c1', items: [], total: '0.00' })
        : json({ error: 'Your session has expired. Please refresh the page and try again.' }, 403),
    );
    mockApi.on('GET', '/api/products/', () => {
      document.cookie = 'csrftoken=fresh; path=/';
      return json([]);
    });

    const { data, response } = await api.POST('/api/cart/remove_item/', { body: changeBody });

    expect(response.status).toBe(200);
    expect(data?.id).toBe('c1');
    const posts = mockApi.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(await posts[1]?.json()).toEqual(changeBody);
  });

  it('gives up after one more try when the cookie does not change', async () => {
    mockApi.on('POST', '/api/cart/remove_item/', () => json({ error: 'Not from here.' }, 403));
    mockApi.on('GET', '/api/products/', () => json([]));
    const { error, response } = await api.POST('/api/cart/remove_item/', { body: changeBody });
    expect(response.status).toBe(403);
    expect(error?.error).toBe('Not from here.');
    expect(mockApi.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('a refused back-office call', () => {
  it('is SignedOut when the session has ended (401)', () => {
    expect(refusal({ error: 'Please sign in.' }, 401, 'Not now.')).toBeInstanceOf(SignedOut);
  });

  it('otherwise carries the server’s sentence, its fields and its status', () => {
    const refused = refusal({ error: 'Someone changed it first.', fields: { status: 'Not now' } }, 409, 'Not now.');
    expect(refused).toBeInstanceOf(CallRefused);
    expect(refused).toMatchObject({ message: 'Someone changed it first.', fields: { status: 'Not now' }, status: 409, changed: true });
  });

  it('says the fallback when the answer has no sentence', () => {
    expect(refusal(undefined, 500, 'Not now.')).toMatchObject({ message: 'Not now.', fields: {}, changed: false });
  });
});

describe('a back-office change that threw', () => {
  it('asks for the sign-in and says nothing when the session has ended', () => {
    let asked = 0;
    expect(refusedChange(new SignedOut(), () => (asked += 1), 'Not now.')).toBeNull();
    expect(asked).toBe(1);
  });

  it('says the server’s refusal with its fields', () => {
    const refused = refusedChange(new CallRefused('Someone changed it first.', { code: 'Taken' }, 409), () => {}, 'Not now.');
    expect(refused).toMatchObject({ message: 'Someone changed it first.', fields: { code: 'Taken' }, changed: true });
  });

  it('says the fallback, and no field, when the server did not answer', () => {
    expect(refusedChange(new TypeError('Failed to fetch'), () => {}, 'Not now.')).toEqual({ message: 'Not now.', changed: false });
  });
});
