//! The core's rules for the back office's pages only, loaded under `/admin` (through
//! `web/src/lib/core-admin.ts`), never by a shopper: the shopper's module (`posy-wasm`) has a
//! download budget, and a rule only the studio uses should not spend it.

use posy_core::enquiry::{ReplyParts, reply_mail};
use wasm_bindgen::prelude::*;

/// `replyMail("Dear Hannah,", "Yes, we can.", "Posy", "June?")` →
/// `"Dear Hannah,\n\nYes, we can.\n\nPosy\n\nYou wrote:\n> June?\n"`: the whole mail a reply to
/// an enquiry sends, for the back office to show before sending (the server writes the same).
#[wasm_bindgen(js_name = replyMail)]
pub fn reply_mail_text(greeting: &str, body: &str, signature: &str, asked: &str) -> String {
    reply_mail(&ReplyParts::tidy(greeting, body, signature), asked)
}
