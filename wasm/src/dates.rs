//! Days in the words the pages use, written by core's calendar, so the browser, the server's
//! renderer and the mails agree without the browser's own date formats. (Moments on the
//! studio's clock come from the server in words, or for the back office from its own module:
//! they did not fit the shopper's module's budget.)

use posy_core::calendar::Date;
use wasm_bindgen::prelude::*;

/// `formatDate("2026-12-05", "long")` → `"Saturday 5 December 2026"`; `"day"` gives `"Saturday
/// 5 December"`, `"monthDay"` the workshop card's `"December 5th"`; `""` for anything that is
/// not a day like 2026-12-05 (an error would cost the module more than the page gains).
#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(
    wire: &str,
    #[wasm_bindgen(unchecked_param_type = "DateStyle")] style: &str,
) -> String {
    Date::parse(wire).map_or_else(String::new, |date| match style {
        "long" => date.long(),
        "monthDay" => date.month_ordinal_day(),
        _ => date.display(),
    })
}
