// posy-wasm's exports for the server's renderer, which has no WebAssembly: the server gives its
// JavaScript engine the same core functions, compiled into the server, under the same names
// (server/src/http/pages/core_host.rs). vite.ssr.config.ts points 'posy-wasm' here; lib/core.ts stays
// the pages' one door to the core.
type Host = Record<string, (...args: unknown[]) => unknown>;

const host = (globalThis as unknown as { posyCore: Host }).posyCore;

function from(name: string) {
  return (...args: unknown[]) => {
    const rule = host[name];
    if (!rule) throw new Error(`${name} is not part of the server’s renderer`);
    return rule(...args);
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
export const validateCheckout = from('validateCheckout');
export const validateEnquiry = from('validateEnquiry');
export const mediaUrl = from('mediaUrl');
export const placeholderImage = from('placeholderImage');
export const videoThumbnail = from('videoThumbnail');
export const isFullyBooked = from('isFullyBooked');
export const isSoldOut = from('isSoldOut');
export const itemName = from('itemName');
export const albumLimits = from('albumLimits');
export const enquiryTypes = from('enquiryTypes');
export const checkoutFields = from('checkoutFields');
export const cardCount = from('cardCount');
export const fulfilmentFields = from('fulfilmentFields');

/** The delivery rules are per visitor (a cart's dates and slots): the browser works them out after it starts. */
export class Delivery {
  constructor() {
    throw new Error('Delivery is not part of the server’s renderer');
  }
}
