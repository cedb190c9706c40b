// The server's renderer never draws the back office's pages (they are behind a sign-in and
// drawn in the browser only), yet it bundles every route: the back office's wasm module, with
// its top-level await, cannot be in its one classic script. This stands in for it there; a call
// would mean a back-office page was drawn on the server, which is a bug.
// The test beside core-host.ts holds these names to posy-wasm-admin's exports.
function backOfficeOnly(): never {
  throw new Error('The back office is drawn in the browser only, never by the server.');
}

export const replyMail = backOfficeOnly;
export const checkRefund = backOfficeOnly;
export const restocksByDefault = backOfficeOnly;
export const formatMoment = backOfficeOnly;
export const monthNames = backOfficeOnly;
