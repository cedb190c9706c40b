import { afterEach, describe, expect, it } from 'vitest';
import * as wasm from 'posy-wasm';
import * as wasmAdmin from 'posy-wasm-admin';
import * as wasmCheckout from 'posy-wasm-checkout';
import * as host from './core-host';
import * as adminHost from './core-admin-host';
import * as checkoutHost from './core-checkout-host';

// The core's facade is written in four places (wasm/src, the server's core_host.rs, this folder's
// hosts and lib/core.ts): these tests hold them to one list, so a rule missing from one fails
// here rather than on a page. TypeScript holds lib/core.ts to the wasm module's types; the
// server's own test holds core_host.rs to RENDERED.

/** What a wasm-bindgen module exports for pages: its rules, not its glue (`__wbg_…`, `__wbindgen_…`). */
function rules(module: object): string[] {
  return Object.keys(module)
    .filter((name) => !name.startsWith('__wbg') && !name.startsWith('__wbindgen'))
    .sort();
}

const LISTS = new Set(['RENDERED', 'BROWSER_ONLY']);

describe('the renderer’s stand-ins for the wasm modules', () => {
  afterEach(() => {
    delete (globalThis as { posyCore?: unknown }).posyCore;
  });

  it('names every export of the shopper’s module, each on one list', () => {
    const listed = [...host.RENDERED, ...host.BROWSER_ONLY];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(rules(wasm));
    expect(rules(host).filter((name) => !LISTS.has(name))).toEqual(rules(wasm));
  });

  it('passes each rendered rule to the server’s rule of the same name', () => {
    const called: string[] = [];
    const posyCore = new Proxy({}, { get: (_, name: string) => () => called.push(name) });
    (globalThis as { posyCore?: unknown }).posyCore = posyCore;
    for (const name of host.RENDERED) (host[name] as () => unknown)();
    expect(called).toEqual([...host.RENDERED]);
  });

  it('refuses a browser-only rule clearly', () => {
    expect(() => host.deliverTo()).toThrow('deliverTo is not part of the server’s renderer');
    expect(() => new host.Delivery()).toThrow('Delivery is not part of the server’s renderer');
  });

  it('names every export of the back office’s module', () => {
    expect(rules(adminHost)).toEqual(rules(wasmAdmin));
  });

  it('names every export of the checkout’s module', () => {
    expect(rules(checkoutHost)).toEqual(rules(wasmCheckout));
  });
});
