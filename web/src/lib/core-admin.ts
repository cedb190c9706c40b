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
