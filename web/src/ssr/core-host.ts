// posy-wasm's exports for the server's renderer, which has no WebAssembly: the server gives its
// JavaScript engine the same core functions, compiled into the server, under the same names
// (server/src/http/pages/core_host.rs). vite.ssr.config.ts points 'posy-wasm' here; lib/core.ts stays
// the pages' one door to the core.
//
// One list says which is which: RENDERED, what the server installs (its Rust test reads this
// list), and BROWSER_ONLY, the per-visitor rules a page never calls while rendering. The test
// beside this file holds the two lists to the wasm module's exports and to the exports below.
/** The rules the server's renderer installs on `globalThis.posyCore`. */
export const RENDERED = [
  'formatMoney',
  'formatPriceRange',
  'productQuantityOptions',
  'cartQuantityOptions',
  'defaultQuantity',
  'maxQuantity',
  'cartTotal',
  'totalQuantity',
  'mediaUrl',
  'placeholderImage',
  'isFullyBooked',
  'isSoldOut',
  'itemName',
  'formatDate',
  'albumLimits',
  'enquiryTypes',
  'checkoutFields',
] as const;

/** The rules only the browser has: forms and the florist's choice, worked out per visitor. */
export const BROWSER_ONLY = [
  'validateCheckout',
  'validateEnquiry',
  'cardCount',
  'fulfilmentFields',
  'deliverTo',
  'Delivery',
] as const;

type Rendered = (typeof RENDERED)[number];
type BrowserOnly = (typeof BROWSER_ONLY)[number];
type Host = Record<Rendered, (...args: unknown[]) => unknown>;

/** The server's rule of that name, looked up when called (the host installs them before the pages run). */
function from(name: Rendered) {
  return (...args: unknown[]) => (globalThis as unknown as { posyCore: Host }).posyCore[name](...args);
}

/** A rule the renderer does not have: a page that called it while rendering would be a bug. */
function browserOnly(name: BrowserOnly) {
  return (): never => {
    throw new Error(`${name} is not part of the server’s renderer`);
  };
}

export const formatMoney = from('formatMoney');
export const formatPriceRange = from('formatPriceRange');
export const productQuantityOptions = from('productQuantityOptions');
export const cartQuantityOptions = from('cartQuantityOptions');
export const defaultQuantity = from('defaultQuantity');
export const maxQuantity = from('maxQuantity');
export const cartTotal = from('cartTotal');
export const totalQuantity = from('totalQuantity');
export const mediaUrl = from('mediaUrl');
export const placeholderImage = from('placeholderImage');
export const isFullyBooked = from('isFullyBooked');
export const isSoldOut = from('isSoldOut');
export const itemName = from('itemName');
export const formatDate = from('formatDate');
export const albumLimits = from('albumLimits');
export const enquiryTypes = from('enquiryTypes');
export const checkoutFields = from('checkoutFields');

export const validateCheckout = browserOnly('validateCheckout');
export const validateEnquiry = browserOnly('validateEnquiry');
export const cardCount = browserOnly('cardCount');
export const fulfilmentFields = browserOnly('fulfilmentFields');
export const deliverTo = browserOnly('deliverTo');

/** The delivery rules are per visitor (a cart's dates and slots): the browser works them out after it starts. */
export class Delivery {
  constructor() {
    browserOnly('Delivery')();
  }
}
