// The back office's door to the core: rules only the studio's pages use, from their own
// WebAssembly module (posy-wasm-admin), which a shopper never downloads. Only lazily loaded
// back-office pages import this file, so the module comes with them.
import * as wasm from 'posy-wasm-admin';

/**
 * The whole mail a reply to an enquiry sends (greeting, text, signature, then the enquiry quoted),
 * each part tidied as the server tidies it: the back office shows this before sending, and the
 * server writes the same with the same code.
 */
export function replyMail(greeting: string, body: string, signature: string, asked: string): string {
  return wasm.replyMail(greeting, body, signature, asked);
}

export type RefundLine = wasm.RefundLine;
export type RefundCheck = wasm.RefundCheck;

/**
 * What a refund gives back, added up and checked by the core as the server checks it (never
 * more than is left of the payment, counting refunds made outside the shop): the amount (a wire
 * amount) and what it is in words, or the core's sentence for why it cannot be.
 */
export function checkRefund(
  items: readonly RefundLine[],
  deliveryLeft: string,
  quantities: readonly number[],
  delivery: boolean,
  payment: { total: string; refunded: string },
): RefundCheck {
  return wasm.checkRefund(items as RefundLine[], deliveryLeft, { quantities: [...quantities], delivery }, payment);
}

/** Whether a refund offers to put the flowers back in stock, before the studio says otherwise (only before they are made). */
export function restocksByDefault(status: string): boolean {
  return wasm.restocksByDefault(status);
}

/** A moment the API sends (ISO 8601) on the studio's clock in Bristol: "Tue 15 Dec, 09:12"; '' for none, or one that cannot be read. */
export function formatMoment(iso: string | null | undefined): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(at) ? '' : wasm.formatMoment(Math.floor(at / 1000));
}

let monthsOnce: readonly string[] | undefined;

/** The months' names, January to December, as the site writes dates (the core's words). */
export function monthNames(): readonly string[] {
  return (monthsOnce ??= wasm.monthNames());
}
