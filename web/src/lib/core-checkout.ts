// The checkout's door to the core's gift voucher and offer code rules: what a code and a voucher
// take off the order, in the core's one order, and every refusal's sentence, from their own
// WebAssembly module (posy-wasm-checkout), the very code the server answers the checkout with.
// The checkout imports this file lazily, once a code is on the cart, so no other page (and no
// checkout without a code) downloads the module.
import * as wasm from 'posy-wasm-checkout';

export type CodesBasis = wasm.CodesBasis;
export type CodesFigures = wasm.CodesFigures;
export type CodeTotals = wasm.CodeTotals;
export type CodeShownDay = wasm.CodeShownDay;

/**
 * The cart's codes (as the server last answered them: the offer's terms and uses, the voucher's
 * balance, the cart's lines) judged on the day, slot and way shown, at `nowSeconds` (the day of
 * purchase in Bristol), with the order's `totals` for that choice: the summary's figures and each
 * refusal's sentence, as the server would answer for the same choice. Throws on an amount or a
 * day that is not in its wire form.
 */
export function judgeCodes(codes: CodesBasis, totals: CodeTotals, shown: CodeShownDay, nowSeconds: number): CodesFigures {
  return wasm.judgeCodes(codes, totals, shown, nowSeconds);
}
