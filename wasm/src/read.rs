//! What the three modules read from what a page passes them (a property of a plain object, its
//! text, a list, a wire amount), and how what they cannot read becomes a JavaScript error. One
//! source, compiled into each module: `posy-wasm-admin` and `posy-wasm-checkout` take it by
//! `#[path]`, as they take `alloc.rs`. Not a crate of its own: compiled apart from its callers,
//! the same code made the shopper's module about 300 B larger (gzip -9 of cargo's module after
//! `wasm-opt -Oz`, before wasm-bindgen; 2026-11-28).
//!
//! Plain objects are read property by property with js-sys rather than through serde: serde's
//! error paths pull float formatting and more into a module, which doubled the shopper's.

use posy_core::Money;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

// The two readers below are never inlined: one copy is smaller than one per property read.

/// The property `name` of `object`; `undefined` when it has none (or is not an object).
#[inline(never)]
pub(crate) fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The property `name` of `object` as a string; empty when it is not one.
#[inline(never)]
pub(crate) fn text(object: &JsValue, name: &str) -> String {
    field(object, name).as_string().unwrap_or_default()
}

/// `value` as an array; an empty one when it is not an array.
pub(crate) fn array(value: JsValue) -> js_sys::Array {
    value.dyn_into().unwrap_or_default()
}

/// A JavaScript `Error` saying `message`: the one way a module's errors reach the page.
pub(crate) fn js_error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// A wire amount (`"45.00"`), or an error naming it.
pub(crate) fn money(wire: &str) -> Result<Money, JsError> {
    Money::parse(wire).map_err(|e| js_error(format!("{e} (\"{wire}\")")))
}
