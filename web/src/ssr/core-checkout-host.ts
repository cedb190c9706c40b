// The server's renderer never draws the checkout (it is drawn in the browser only: see
// docs/architecture.md), yet it bundles every route: the checkout's wasm module, with its
// top-level await, cannot be in its one classic script. This stands in for it there; a call would
// mean the checkout was drawn on the server, which is a bug.
// The test beside core-host.ts holds these names to posy-wasm-checkout's exports.
function checkoutOnly(): never {
  throw new Error('The checkout is drawn in the browser only, never by the server.');
}

export const judgeCodes = checkoutOnly;
