//! The checkout's gift voucher and offer code rules in the shopper's browser: what a code and a
//! voucher take off the order, in what order with the delivery fee and the surcharge, and each
//! refusal's sentence, by core's [`judge_codes`], the function the server answers the checkout
//! with. The checkout loads this module (through `web/src/lib/core-checkout.ts`) only when a
//! code is on the cart, and judges the code again at once when the shopper changes the day or
//! the slot. Its own module: the shopper's (`posy-wasm`) has a download budget these rules do
//! not fit in, and no other page needs them.

use posy_core::Money;
use posy_core::calendar::{Date, Weekday};
use posy_core::fulfilment::Totals;
use posy_core::offer::{
    AppliedOffer, Handover, Offer, OfferCart, OfferKind, OfferLine, UNKNOWN_CODE, judge_codes,
};
use posy_core::schedule::today;
use posy_core::voucher::VoucherState;
use wasm_bindgen::prelude::*;

// The shopper's module's small allocator (about 3 KB gzip less than Rust's default), its one
// source shared rather than copied: it is tested there (wasm/tests/memory.rs), and this module
// too makes small strings and lists for a moment and frees them.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[path = "../../wasm/src/alloc.rs"]
mod alloc;

// What it reads from the page, the shopper's module's own source too.
#[path = "../../wasm/src/read.rs"]
mod read;
use read::{array, field, money, text};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** The order's figures before any code, wire amounts: the core's `Totals` for the choice shown. */
export interface CodeTotals { items: string; delivery: string; surcharge: string }
/** The florist's choice as the checkout shows it, in wire words (`delivery`, `2026-12-16`, `Morning`). */
export interface CodeShownDay { method: string; date: string; slot: string }
/** The cart's codes as the server answers them (its `CartCodesView`): what `judgeCodes` judges. */
export interface CodesBasis {
  offer: { terms: AppliedOfferTerms } | null;
  voucher: { balance: string; expires_on: string; voided: boolean } | null;
  lines: { product: number; shelf: number | null; total: string }[];
  problems: string[];
}
/** An applied offer code's terms and uses (`CartOffer.terms`). */
export interface AppliedOfferTerms {
  kind: 'percent_off' | 'amount_off' | 'free_delivery';
  percent?: number | null; amount?: string | null; minimum_spend?: string | null;
  valid_from?: string | null; valid_until?: string | null;
  weekdays: string[]; slots: string[]; products: number[]; shelves: number[];
  withdrawn: boolean; used_up: boolean;
}
/** What `judgeCodes` works out: the summary's figures (wire amounts) and every refusal's sentence. */
export interface CodesFigures {
  items: string; delivery: string; surcharge: string; discount: string; total: string;
  paid_by_voucher: string; to_pay: string;
  offer_discount: string; voucher_available: string; voucher_left_after: string;
  problems: string[];
}
"#;

/// An amount that may be absent (`null`): `None` then.
fn maybe_money(object: &JsValue, name: &str) -> Result<Option<Money>, JsError> {
    field(object, name)
        .as_string()
        .map(|wire| money(&wire))
        .transpose()
}

fn maybe_date(object: &JsValue, name: &str) -> Option<Date> {
    field(object, name)
        .as_string()
        .as_deref()
        .and_then(Date::parse)
}

fn whole(value: &JsValue) -> Option<i32> {
    value
        .as_f64()
        .filter(|n| n.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(n))
        .map(|n| n as i32)
}

fn ids(object: &JsValue, name: &str) -> Vec<i32> {
    array(field(object, name))
        .iter()
        .filter_map(|id| whole(&id))
        .collect()
}

/// The applied offer as `CartOffer.terms` sends it.
fn applied_offer(terms: &JsValue) -> Result<AppliedOffer, JsError> {
    let kind = match text(terms, "kind").as_str() {
        "percent_off" => OfferKind::PercentOff {
            percent: whole(&field(terms, "percent")).map_or(0, |n| n.clamp(0, 100) as u8),
        },
        "amount_off" => OfferKind::AmountOff {
            amount: maybe_money(terms, "amount")?.unwrap_or(Money::ZERO),
        },
        "free_delivery" => OfferKind::FreeDelivery,
        other => return Err(JsError::new(&format!("not a kind of offer: \"{other}\""))),
    };
    let weekdays = array(field(terms, "weekdays"))
        .iter()
        .filter_map(|word| {
            let word = word.as_string()?;
            Weekday::ALL
                .into_iter()
                .find(|day| day.name().eq_ignore_ascii_case(&word))
        })
        .collect();
    let slots = array(field(terms, "slots"))
        .iter()
        .filter_map(|slot| slot.as_string())
        .collect();
    Ok(AppliedOffer {
        terms: Offer {
            kind,
            minimum_spend: maybe_money(terms, "minimum_spend")?,
            valid_from: maybe_date(terms, "valid_from"),
            valid_until: maybe_date(terms, "valid_until"),
            weekdays,
            slots,
            products: ids(terms, "products"),
            shelves: ids(terms, "shelves"),
            // Counted by the server: `used_up` says what its count came to.
            total_uses: None,
            once_per_email: false,
        },
        withdrawn: field(terms, "withdrawn").is_truthy(),
        used_up: field(terms, "used_up").is_truthy(),
    })
}

/// The voucher as `CartVoucher` sends it.
fn voucher_state(voucher: &JsValue) -> Result<VoucherState, JsError> {
    let expires_on = text(voucher, "expires_on");
    Ok(VoucherState {
        available: money(&text(voucher, "balance"))?,
        expires_on: Date::parse(&expires_on)
            .ok_or_else(|| JsError::new(&format!("not a day: \"{expires_on}\"")))?,
        voided: field(voucher, "voided").is_truthy(),
    })
}

fn present(value: JsValue) -> Option<JsValue> {
    (!value.is_null() && !value.is_undefined()).then_some(value)
}

/// A plain object, a property at a time.
struct Obj(js_sys::Object);

impl Obj {
    fn new() -> Obj {
        Obj(js_sys::Object::new())
    }

    #[inline(never)]
    fn set(self, name: &str, value: JsValue) -> Obj {
        let _ = js_sys::Reflect::set(&self.0, &JsValue::from_str(name), &value);
        self
    }

    fn money(self, name: &str, value: Money) -> Obj {
        self.set(name, JsValue::from_str(&value.to_wire()))
    }
}

/// `judgeCodes(codes, {items: "60.00", delivery: "5.00", surcharge: "3.00"}, {method:
/// "delivery", date: "2026-12-16", slot: "Morning"}, 1797240600)` → `{items: "60.00", …,
/// to_pay: "68.00", problems: ["This code is for Tuesday deliveries."]}`: the cart's codes (the
/// server's `CartCodesView`: the offer's terms and uses, the voucher's balance, the cart's lines)
/// judged on the day shown, at `now` (Unix seconds: the day of purchase in Bristol), with the
/// order's totals for that choice, exactly as the server judges them. A code the server could
/// not find stays named as it said. Throws when an amount or a day is not in its wire form.
#[wasm_bindgen(js_name = judgeCodes, unchecked_return_type = "CodesFigures")]
pub fn judge_codes_js(
    #[wasm_bindgen(unchecked_param_type = "CodesBasis")] codes: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CodeTotals")] totals: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CodeShownDay")] shown: JsValue,
    now: f64,
) -> Result<JsValue, JsError> {
    let offer = present(field(&codes, "offer"))
        .map(|offer| applied_offer(&field(&offer, "terms")))
        .transpose()?;
    let voucher = present(field(&codes, "voucher"))
        .map(|voucher| voucher_state(&voucher))
        .transpose()?;
    let lines = array(field(&codes, "lines"))
        .iter()
        .map(|line| {
            Ok(OfferLine {
                product: whole(&field(&line, "product")).unwrap_or_default(),
                shelf: whole(&field(&line, "shelf")),
                total: money(&text(&line, "total"))?,
            })
        })
        .collect::<Result<Vec<_>, JsError>>()?;
    let totals = Totals::of(
        money(&text(&totals, "items"))?,
        money(&text(&totals, "delivery"))?,
        money(&text(&totals, "surcharge"))?,
    );
    let slot = text(&shown, "slot");
    let cart = OfferCart {
        lines: &lines,
        totals,
        today: today(now as i64),
        handover: Handover::shown(&text(&shown, "method"), &text(&shown, "date"), &slot),
        uses: 0,
        used_by_email: false,
        // Only the basket's checkout judges codes in the page; a booking's are the server's.
        workshop: false,
    };
    let judged = judge_codes(offer.as_ref(), voucher.as_ref(), &cart);
    let problems = js_sys::Array::new();
    // The server names a code it cannot find (never the browser's to judge): kept as said.
    for problem in array(field(&codes, "problems")).iter() {
        if problem.as_string().as_deref() == Some(UNKNOWN_CODE) {
            problems.push(&problem);
        }
    }
    for problem in judged.problems() {
        problems.push(&JsValue::from_str(&problem));
    }
    let r = judged.reckoning;
    Ok(Obj::new()
        .money("items", r.items)
        .money("delivery", r.delivery)
        .money("surcharge", r.surcharge)
        .money("discount", r.discount)
        .money("total", r.total)
        .money("paid_by_voucher", r.voucher)
        .money("to_pay", r.card)
        .money("offer_discount", judged.discount.total())
        .money("voucher_available", judged.voucher_available)
        .money("voucher_left_after", judged.voucher_left_after)
        .set("problems", problems.into())
        .0
        .into())
}
