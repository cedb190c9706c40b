//! Posy's core rules for the shopper's browser. Each export wraps one rule of `posy-core`
//! so the page formats prices, limits quantities, totals the cart and checks forms with the
//! very code the server enforces. Errors become JavaScript `Error`s in one place ([`js_error`]).

use posy_core::cart::{self, CartLine};
use posy_core::checkout::{CheckoutField, CheckoutForm, validate_checkout};
use posy_core::enquiry::{EnquiryField, EnquiryForm, validate_enquiry};
use posy_core::validation::{FormField, FormProblems};
use posy_core::{Money, catalogue, media, quantity};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

fn js_error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

fn money(wire: &str) -> Result<Money, JsError> {
    Money::parse(wire).map_err(|e| js_error(format!("{e} ({wire:?})")))
}

/// `formatMoney("45.00")` → `"£45.00"`; throws on anything that is not a wire amount.
#[wasm_bindgen(js_name = formatMoney)]
pub fn format_money(wire: &str) -> Result<String, JsError> {
    Ok(money(wire)?.display())
}

/// `formatPriceRange("35.00", "60.00")` → `"£35.00 – £60.00"`; one price when they are equal.
#[wasm_bindgen(js_name = formatPriceRange)]
pub fn format_price_range(min: &str, max: &str) -> Result<String, JsError> {
    Ok(catalogue::PriceRange {
        min: money(min)?,
        max: money(max)?,
    }
    .display())
}

/// `productQuantityOptions(3)` → `Uint32Array [1, 2, 3]`: 1 to the lesser of 10 and stock.
#[wasm_bindgen(js_name = productQuantityOptions)]
pub fn product_quantity_options(stock: f64) -> Vec<u32> {
    quantity::product_page_options(stock as i64).collect()
}

/// `cartQuantityOptions()` → `Uint32Array [1 … 10]`.
#[wasm_bindgen(js_name = cartQuantityOptions)]
pub fn cart_quantity_options() -> Vec<u32> {
    quantity::cart_options().collect()
}

/// `defaultQuantity()` → `1`, what an add asks for when the shopper chose nothing.
#[wasm_bindgen(js_name = defaultQuantity)]
pub fn default_quantity() -> u32 {
    quantity::DEFAULT_QUANTITY
}

/// `maxQuantity()` → `10`, the most one cart line may hold.
#[wasm_bindgen(js_name = maxQuantity)]
pub fn max_quantity() -> u32 {
    quantity::MAX_PER_LINE
}

#[derive(Deserialize)]
struct PricedLine {
    price: String,
    quantity: u32,
}

#[derive(Deserialize)]
struct CountedLine {
    quantity: u32,
}

/// `cartTotal([{price: "45.00", quantity: 2}])` → `"90.00"` (wire form; `"0.00"` when empty).
#[wasm_bindgen(js_name = cartTotal)]
pub fn cart_total(lines: JsValue) -> Result<String, JsError> {
    let lines: Vec<PricedLine> = serde_wasm_bindgen::from_value(lines).map_err(js_error)?;
    let lines = lines
        .iter()
        .map(|l| {
            Ok(CartLine {
                unit_price: money(&l.price)?,
                quantity: l.quantity,
            })
        })
        .collect::<Result<Vec<_>, JsError>>()?;
    Ok(cart::cart_total(&lines).to_wire())
}

/// `totalQuantity([{quantity: 2}, {quantity: 3}])` → `5`, the nav's cart count.
#[wasm_bindgen(js_name = totalQuantity)]
pub fn total_quantity(lines: JsValue) -> Result<u32, JsError> {
    let lines: Vec<CountedLine> = serde_wasm_bindgen::from_value(lines).map_err(js_error)?;
    Ok(lines.iter().map(|l| l.quantity).sum())
}

/// What a form check answers when something is wrong: the spec's message and a reason per field.
#[derive(Serialize)]
struct Problems {
    error: String,
    fields: std::collections::BTreeMap<String, String>,
}

fn problems_to_js<F: FormField>(problems: FormProblems<F>) -> Result<JsValue, JsError> {
    let answer = Problems {
        error: problems.message(),
        fields: problems.fields(F::form_name),
    };
    answer
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

/// `validateCheckout({email: "", firstName: "Jo", …})` → `null` when fine, else
/// `{error: "Please fill in all required fields: email", fields: {email: "…"}}`.
#[wasm_bindgen(js_name = validateCheckout)]
pub fn validate_checkout_form(form: JsValue) -> Result<JsValue, JsError> {
    let form: CheckoutForm = serde_wasm_bindgen::from_value(form).map_err(js_error)?;
    match validate_checkout(&form) {
        Ok(()) => Ok(JsValue::NULL),
        Err(problems) => problems_to_js::<CheckoutField>(problems),
    }
}

/// `validateEnquiry({name, email, phone, enquiryType, message})` → `null` or `{error, fields}`.
#[wasm_bindgen(js_name = validateEnquiry)]
pub fn validate_enquiry_form(form: JsValue) -> Result<JsValue, JsError> {
    let form: EnquiryForm = serde_wasm_bindgen::from_value(form).map_err(js_error)?;
    match validate_enquiry(&form) {
        Ok(()) => Ok(JsValue::NULL),
        Err(problems) => problems_to_js::<EnquiryField>(problems),
    }
}

/// `mediaUrl("products/a.jpg", "")` → `"/media/products/a.jpg"`; `mediaUrl(null, "")` → the placeholder.
#[wasm_bindgen(js_name = mediaUrl)]
pub fn media_url(path: Option<String>, base: &str) -> String {
    media::media_url(path.as_deref(), base)
}

/// `placeholderImage()` → `"/placeholder.svg"`.
#[wasm_bindgen(js_name = placeholderImage)]
pub fn placeholder_image() -> String {
    media::PLACEHOLDER_IMAGE.to_owned()
}

/// `videoThumbnail("/media/a/clip.mp4")` → `"/media/a/clip.jpg"`.
#[wasm_bindgen(js_name = videoThumbnail)]
pub fn video_thumbnail(url: &str) -> String {
    media::video_thumbnail(url)
}
