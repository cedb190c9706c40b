//! The exports as JavaScript sees them, run in Node by `wasm-pack test --node`.

use posy_wasm::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn js(json: &str) -> JsValue {
    js_sys_json(json)
}

// serde-wasm-bindgen reads plain objects; JSON.parse builds them without extra crates.
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn js_sys_json(text: &str) -> JsValue;
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify)]
    fn stringify(value: &JsValue) -> String;
}

#[wasm_bindgen_test]
fn prices_are_formatted_in_pounds() {
    assert_eq!(format_money("1234.50").unwrap(), "£1,234.50");
    assert_eq!(
        format_price_range("35.00", "60.00").unwrap(),
        "£35.00 – £60.00"
    );
    assert_eq!(format_price_range("42.00", "42.00").unwrap(), "£42.00");
}

#[wasm_bindgen_test]
fn a_malformed_price_throws() {
    assert!(format_money("12.345").is_err());
}

#[wasm_bindgen_test]
fn quantity_options_follow_stock_and_the_limit_of_ten() {
    assert_eq!(product_quantity_options(3.0), vec![1, 2, 3]);
    assert_eq!(product_quantity_options(40.0).len(), 10);
    assert!(product_quantity_options(0.0).is_empty());
    assert_eq!(cart_quantity_options(), (1..=10).collect::<Vec<u32>>());
    assert_eq!((default_quantity(), max_quantity()), (1, 10));
}

#[wasm_bindgen_test]
fn the_cart_total_comes_back_in_wire_form() {
    let lines = js(r#"[{"price": "45.00", "quantity": 2}, {"price": "3.50", "quantity": 1}]"#);
    assert_eq!(cart_total(lines).unwrap(), "93.50");
    assert_eq!(cart_total(js("[]")).unwrap(), "0.00");
    assert_eq!(
        total_quantity(js(r#"[{"quantity": 2}, {"quantity": 3}]"#)).unwrap(),
        5
    );
}

#[wasm_bindgen_test]
fn a_checkout_form_missing_fields_gets_the_specs_message() {
    let form = js(
        r#"{"email": "", "firstName": "Jo", "lastName": "", "address": "1 Wells Rd",
        "city": "Bristol", "postcode": "BS14 8AB", "phone": "0117 496 0123"}"#,
    );
    let answer = stringify(&validate_checkout_form(form));
    assert!(
        answer.contains(r#""error":"Please fill in all required fields: Email, Last name""#),
        "{answer}"
    );
    assert!(
        answer.contains(r#""lastName":"This field is required.""#),
        "{answer}"
    );
}

#[wasm_bindgen_test]
fn a_good_checkout_form_answers_null() {
    let form = js(
        r#"{"email": "jo@example.com", "firstName": "Jo", "lastName": "Bloom",
        "address": "1 Wells Rd", "city": "Bristol", "postcode": "bs14 8ab", "phone": "0117 496 0123"}"#,
    );
    assert!(validate_checkout_form(form).is_null());
}

#[wasm_bindgen_test]
fn an_enquiry_is_checked_by_its_form_names() {
    let form =
        js(r#"{"name": "Sam", "email": "sam@example.com", "enquiryType": "", "message": "Hi"}"#);
    let answer = stringify(&validate_enquiry_form(form));
    assert!(
        answer.contains("Please fill in all required fields: enquiryType"),
        "{answer}"
    );
}

#[wasm_bindgen_test]
fn media_paths_gain_media_and_missing_ones_get_the_placeholder() {
    assert_eq!(
        media_url(Some("products/a.jpg".into()), ""),
        "/media/products/a.jpg"
    );
    assert_eq!(media_url(None, ""), placeholder_image());
}

#[wasm_bindgen_test]
fn only_no_spots_left_is_fully_booked() {
    assert!(is_fully_booked("0 spots left"));
    assert!(!is_fully_booked("1 spot left"));
}

#[wasm_bindgen_test]
fn an_empty_enquiry_field_gets_its_own_sentence() {
    let form =
        js(r#"{"name": "", "email": "sam@example.com", "enquiryType": "event", "message": "Hi"}"#);
    let answer = stringify(&validate_enquiry_form(form));
    assert!(
        answer.contains(r#""name":"Please tell us your name.""#),
        "{answer}"
    );
}

#[wasm_bindgen_test]
fn sold_out_and_item_names_come_from_the_core() {
    assert!(is_sold_out(0.0));
    assert!(!is_sold_out(2.0));
    assert_eq!(
        item_name("Peony Posy", Some("Large".into())),
        "Peony Posy (Large)"
    );
    assert_eq!(item_name("Peony Posy", None), "Peony Posy");
}

#[wasm_bindgen_test]
fn the_gallery_limits_enquiry_types_and_checkout_fields_are_published() {
    assert_eq!(
        stringify(&album_limits()),
        r#"{"title":200,"description":2000,"caption":500}"#
    );
    let kinds = stringify(&enquiry_types().into());
    assert!(
        kinds.starts_with(r#"[{"value":"wedding","label":"Wedding flowers"},"#),
        "{kinds}"
    );
    let fields = stringify(&checkout_fields().into());
    assert!(
        fields.starts_with(
            r#"[{"name":"email","wire":"email","label":"Email","maxLength":254},{"name":"firstName","wire":"first_name""#
        ),
        "{fields}"
    );
    assert_eq!(checkout_fields().length(), 7);
}

#[wasm_bindgen_test]
fn days_are_written_in_the_pages_words() {
    assert_eq!(
        format_date("2026-12-05", "long"),
        "Saturday 5 December 2026"
    );
    assert_eq!(format_date("2026-12-15", "day"), "Tuesday 15 December");
    assert_eq!(format_date("2026-11-20", "monthDay"), "November 20th");
    assert_eq!(format_date("soon", "long"), "");
}
