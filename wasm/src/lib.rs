//! Posy's core rules for the shopper's browser. Each export wraps one rule of `posy-core`
//! so the page formats prices, limits quantities, totals the cart and checks forms with the
//! very code the server enforces. Errors become JavaScript `Error`s in one place ([`js_error`]).

use posy_core::cart::{self, CartLine};
use posy_core::checkout::{CheckoutField, CheckoutForm, validate_checkout};
use posy_core::enquiry::{EnquiryForm, EnquiryType, validate_enquiry};
use posy_core::validation::{FormField, FormProblems};
use posy_core::{catalogue, gallery, media, quantity};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod alloc;
mod dates;
mod delivery;
// The shopper's module reads no bare list: `lines` says what is wrong with one.
#[allow(dead_code)]
mod read;
mod settings;

use read::{field, js_error, money, text};

pub use dates::format_date;
pub use delivery::{Delivery, card_count, deliver_to, fulfilment_fields};

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

fn count(object: &JsValue, name: &str) -> Result<u32, JsError> {
    match field(object, name).as_f64() {
        Some(n) if n >= 0.0 && n <= f64::from(u32::MAX) && n.fract() == 0.0 => Ok(n as u32),
        _ => Err(js_error(format!("{name} must be a whole number"))),
    }
}

fn lines(array: &JsValue) -> Result<js_sys::Array, JsError> {
    array
        .clone()
        .dyn_into::<js_sys::Array>()
        .map_err(|_| js_error("expected an array of cart lines"))
}

/// `cartTotal([{price: "45.00", quantity: 2}])` → `"90.00"` (wire form; `"0.00"` when empty).
#[wasm_bindgen(js_name = cartTotal)]
pub fn cart_total(lines_js: JsValue) -> Result<String, JsError> {
    let lines = lines(&lines_js)?
        .iter()
        .map(|l| {
            Ok(CartLine {
                unit_price: money(&text(&l, "price"))?,
                quantity: count(&l, "quantity")?,
            })
        })
        .collect::<Result<Vec<_>, JsError>>()?;
    Ok(cart::cart_total(&lines).to_wire())
}

/// `totalQuantity([{quantity: 2}, {quantity: 3}])` → `5`, the nav's cart count.
#[wasm_bindgen(js_name = totalQuantity)]
pub fn total_quantity(lines_js: JsValue) -> Result<u32, JsError> {
    lines(&lines_js)?
        .iter()
        .map(|l| count(&l, "quantity"))
        .sum()
}

/// A plain object, built a property at a time: `Obj::new().str("name", …).into()`. Each
/// setter is one out-of-line call, which keeps the callers small (every byte of the module is
/// downloaded).
pub(crate) struct Obj(js_sys::Object);

impl Obj {
    pub(crate) fn new() -> Obj {
        Obj(js_sys::Object::new())
    }

    #[inline(never)]
    pub(crate) fn set(self, name: &str, value: JsValue) -> Obj {
        let _ = js_sys::Reflect::set(&self.0, &JsValue::from_str(name), &value);
        self
    }

    #[inline(never)]
    pub(crate) fn str(self, name: &str, value: &str) -> Obj {
        self.set(name, JsValue::from_str(value))
    }

    /// A string, or `null` for `None`.
    #[inline(never)]
    pub(crate) fn text(self, name: &str, value: Option<&str>) -> Obj {
        self.set(name, value.map_or(JsValue::NULL, JsValue::from_str))
    }

    #[inline(never)]
    pub(crate) fn num(self, name: &str, value: usize) -> Obj {
        self.set(name, JsValue::from_f64(value as f64))
    }

    #[inline(never)]
    pub(crate) fn flag(self, name: &str, value: bool) -> Obj {
        self.set(name, JsValue::from_bool(value))
    }
}

impl From<Obj> for JsValue {
    fn from(object: Obj) -> JsValue {
        object.0.into()
    }
}

/// What a form check answers when something is wrong: `{error, fields}` with the fields named
/// by `name_of` (form or wire names) and the sentences the browser shows beside each, as
/// core's `FormProblems::shopper_fields` words them (an empty field gets its own sentence).
fn problems_to_js<F: FormField>(problems: FormProblems<F>, name_of: fn(F) -> &'static str) -> Obj {
    let missing = problems.missing.iter().map(|f| (*f, f.when_missing()));
    let invalid = problems.invalid.iter().map(|(f, why)| (*f, why.as_str()));
    let fields = missing
        .chain(invalid)
        .fold(Obj::new(), |fields, (field, why)| {
            fields.str(name_of(field), why)
        });
    Obj::new()
        .str("error", &problems.message())
        .set("fields", fields.into())
}

/// The checkout form as the page holds it (form names: `firstName`, …); fields left out are blank.
pub(crate) fn checkout_form(form: &JsValue) -> CheckoutForm {
    CheckoutForm {
        email: text(form, "email"),
        first_name: text(form, "firstName"),
        last_name: text(form, "lastName"),
        address: text(form, "address"),
        city: text(form, "city"),
        postcode: text(form, "postcode"),
        phone: text(form, "phone"),
    }
}

/// `validateCheckout({email: "", firstName: "Jo", …})` → `null` when fine, else
/// `{error: "Please fill in all required fields: Email", fields: {email: "…"}}`.
#[wasm_bindgen(js_name = validateCheckout)]
pub fn validate_checkout_form(form: JsValue) -> JsValue {
    match validate_checkout(&checkout_form(&form)) {
        Ok(()) => JsValue::NULL,
        Err(problems) => problems_to_js(problems, FormField::form_name).into(),
    }
}

/// `validateEnquiry({name, email, phone, enquiryType, message})` → `null` or `{error, fields}`.
#[wasm_bindgen(js_name = validateEnquiry)]
pub fn validate_enquiry_form(form: JsValue) -> JsValue {
    let form = EnquiryForm {
        name: text(&form, "name"),
        email: text(&form, "email"),
        phone: text(&form, "phone"),
        enquiry_type: text(&form, "enquiryType"),
        message: text(&form, "message"),
    };
    match validate_enquiry(&form) {
        Ok(()) => JsValue::NULL,
        Err(problems) => problems_to_js(problems, FormField::form_name).into(),
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

/// `isFullyBooked("0 spots left")` → `true`: the spec's rule for the workshop's Book button.
#[wasm_bindgen(js_name = isFullyBooked)]
pub fn is_fully_booked(spots_text: &str) -> bool {
    posy_core::workshop::is_fully_booked(spots_text)
}

/// `isSoldOut(0)` → `true`: nothing left, so the shop shows "Sold out" and offers no quantity.
#[wasm_bindgen(js_name = isSoldOut)]
pub fn is_sold_out(stock: f64) -> bool {
    catalogue::is_sold_out(stock as i64)
}

/// `itemName("Peony Posy", "Large")` → `"Peony Posy (Large)"`; without a size, the product's name.
#[wasm_bindgen(js_name = itemName)]
pub fn item_name(product: &str, size: Option<String>) -> String {
    catalogue::item_name(product, size.as_deref())
}

/// `albumLimits()` → `{title: 200, description: 2000, caption: 500}`: the most characters each
/// may have.
#[wasm_bindgen(js_name = albumLimits)]
pub fn album_limits() -> JsValue {
    Obj::new()
        .num("title", gallery::TITLE_MAX_CHARS)
        .num("description", gallery::DESCRIPTION_MAX_CHARS)
        .num("caption", gallery::CAPTION_MAX_CHARS)
        .into()
}

/// `enquiryTypes()` → `[{value: "wedding", label: "Wedding flowers"}, …]` in the form's order.
#[wasm_bindgen(js_name = enquiryTypes)]
pub fn enquiry_types() -> js_sys::Array {
    EnquiryType::ALL
        .iter()
        .map(|kind| {
            JsValue::from(
                Obj::new()
                    .str("value", kind.as_str())
                    .str("label", kind.label()),
            )
        })
        .collect()
}

/// `checkoutFields()` → `[{name: "email", wire: "email", label: "Email", maxLength: 254}, …]`
/// in the form's order.
#[wasm_bindgen(js_name = checkoutFields)]
pub fn checkout_fields() -> js_sys::Array {
    CheckoutField::ALL
        .iter()
        .map(|field| {
            JsValue::from(
                Obj::new()
                    .str("name", field.form_name())
                    .str("wire", field.wire_name())
                    .str("label", field.label())
                    .num("maxLength", field.max_chars()),
            )
        })
        .collect()
}
