//! The core's rules for the back office's pages only, loaded under `/admin` (through
//! `web/src/lib/core-admin.ts`), never by a shopper: the shopper's module (`posy-wasm`) has a
//! download budget, and a rule only the studio uses should not spend it.

use posy_core::calendar::{LondonTime, month_names};
use posy_core::enquiry::{ReplyParts, reply_mail};
use posy_core::order::{self, OrderStatus, RefundChoice, RefundableLine};
use wasm_bindgen::prelude::*;

// What it reads from the page, the shopper's module's own source (it reads no bare text).
#[allow(dead_code)]
#[path = "../../wasm/src/read.rs"]
mod read;
use read::{array, field, money};

/// `replyMail("Dear Hannah,", "Yes, we can.", "Posy", "June?")` →
/// `"Dear Hannah,\n\nYes, we can.\n\nPosy\n\nYou wrote:\n> June?\n"`: the whole mail a reply to
/// an enquiry sends, for the back office to show before sending (the server writes the same).
#[wasm_bindgen(js_name = replyMail)]
pub fn reply_mail_text(greeting: &str, body: &str, signature: &str, asked: &str) -> String {
    reply_mail(&ReplyParts::tidy(greeting, body, signature), asked)
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** An order's line as the back office's order page has it. */
export interface RefundLine { name: string; unit_price: string; quantity: number; refunded_quantity: number }
/** What the studio chose to give back: how many of each line, in the order's line order, and the delivery charge. */
export interface RefundAsk { quantities: number[]; delivery: boolean }
/** The order's payment: its total, and what was given back of it already (wire amounts). */
export interface RefundPayment { total: string; refunded: string }
/** `checkRefund`'s answer: what it gives back (a wire amount, and in words), or why not. */
export type RefundCheck =
  | { error: null; amount: string; what: string; everything: boolean }
  | { error: string; amount: null; what: null; everything: false };
"#;

/// A whole number from a page; anything else (or a negative) is 0.
fn count(object: &JsValue, name: &str) -> u32 {
    field(object, name)
        .as_f64()
        .filter(|n| *n >= 0.0 && n.fract() == 0.0)
        .map_or(0, |n| n.min(f64::from(u32::MAX)) as u32)
}

fn answer(error: Option<&str>, refund: Option<&order::CheckedRefund>) -> JsValue {
    let object = js_sys::Object::new();
    let set = |name: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str(name), &value);
    };
    let text = |value: Option<String>| value.map_or(JsValue::NULL, |v| JsValue::from_str(&v));
    set("error", text(error.map(str::to_owned)));
    set("amount", text(refund.map(|r| r.amount.to_wire())));
    set("what", text(refund.map(|r| r.what.clone())));
    set(
        "everything",
        JsValue::from_bool(refund.is_some_and(|r| r.everything)),
    );
    object.into()
}

/// `checkRefund(order.items, order.delivery_left, {quantities: [1, 0], delivery: true},
/// order.payment)` →
/// `{error: null, amount: "53.00", what: "1 × Peony Posy, delivery", everything: false}`, or
/// `{error: "Please choose what to refund: an item, or the delivery charge.", amount: null, …}`:
/// the refund added up and checked as the server checks it. Throws when a price or the
/// delivery charge is not a wire amount.
#[wasm_bindgen(js_name = checkRefund, unchecked_return_type = "RefundCheck")]
pub fn check_refund(
    #[wasm_bindgen(unchecked_param_type = "RefundLine[]")] items: JsValue,
    #[wasm_bindgen(js_name = deliveryLeft)] delivery_left: &str,
    #[wasm_bindgen(unchecked_param_type = "RefundAsk")] ask: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RefundPayment")] payment: JsValue,
) -> Result<JsValue, JsError> {
    let paid = |name| money(&field(&payment, name).as_string().unwrap_or_default());
    let lines = array(items)
        .iter()
        .map(|item| {
            Ok(RefundableLine {
                name: field(&item, "name").as_string().unwrap_or_default(),
                unit_price: money(&field(&item, "unit_price").as_string().unwrap_or_default())?,
                remaining: order::kept_quantity(
                    count(&item, "quantity"),
                    count(&item, "refunded_quantity"),
                ),
            })
        })
        .collect::<Result<Vec<_>, JsError>>()?;
    let quantities = array(field(&ask, "quantities"))
        .iter()
        .map(|q| q.as_f64().filter(|n| *n >= 0.0).map_or(0, |n| n as u32))
        .collect();
    let choice = RefundChoice {
        quantities,
        delivery: field(&ask, "delivery").is_truthy(),
    };
    Ok(
        match order::check_refund(
            &lines,
            money(delivery_left)?,
            &choice,
            paid("total")?,
            paid("refunded")?,
        ) {
            Ok(refund) => answer(None, Some(&refund)),
            Err(why) => answer(Some(&why), None),
        },
    )
}

/// `restocksByDefault("confirmed")` → `true`: whether the refund form offers to put the flowers
/// back in stock before the studio says otherwise (only before they are made). `false` for a
/// status it does not know.
#[wasm_bindgen(js_name = restocksByDefault)]
pub fn restocks_by_default(status: &str) -> bool {
    OrderStatus::parse(status).is_some_and(OrderStatus::restocks_by_default)
}

/// `formatMoment(1765789920)` → `"Mon 15 Dec, 09:12"`: when something happened to an order, on
/// the studio's clock in Bristol (summer time included), as the order pages list it; `""` for
/// a moment outside the calendar.
#[wasm_bindgen(js_name = formatMoment)]
pub fn format_moment(seconds: f64) -> String {
    LondonTime::at(seconds as i64).map_or_else(String::new, LondonTime::brief)
}

/// `monthNames()` → `["January", …, "December"]`: the day-and-month pickers' months, in the
/// words the site writes dates with.
#[wasm_bindgen(js_name = monthNames)]
pub fn month_names_list() -> Vec<String> {
    month_names()
        .iter()
        .map(|name| (*name).to_owned())
        .collect()
}
