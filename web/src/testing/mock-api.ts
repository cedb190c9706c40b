// A stand-in for the network in unit tests. Each test says which calls it expects; any other
// request fails the test, so nothing reaches a real server by accident.
import { vi } from 'vitest';

type Reply = Response | Promise<Response>;
type Handler = (request: Request) => Reply;

interface Route {
  method: string;
  path: string;
  handler: Handler;
}

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An answer that never comes (for loading states). */
export function never(): Promise<Response> {
  return new Promise<Response>(() => {});
}

class MockApi {
  private routes: Route[] = [];
  /** Every request the app made, in order. */
  requests: Request[] = [];
  unhandled: string[] = [];

  on(method: string, path: string, handler: Handler) {
    this.routes.push({ method: method.toUpperCase(), path, handler });
    return this;
  }

  install() {
    this.routes = [];
    this.requests = [];
    this.unhandled = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      this.requests.push(request);
      const { pathname } = new URL(request.url);
      const route = this.routes.find((r) => r.method === request.method && r.path === pathname);
      if (!route) {
        const what = `${request.method} ${pathname}`;
        this.unhandled.push(what);
        throw new Error(`Unhandled request in a test: ${what}`);
      }
      return route.handler(request);
    });
  }

  uninstall() {
    vi.unstubAllGlobals();
    const unhandled = this.unhandled;
    this.unhandled = [];
    if (unhandled.length > 0) {
      throw new Error(`The test made requests it did not expect: ${unhandled.join(', ')}`);
    }
  }
}

export const mockApi = new MockApi();
