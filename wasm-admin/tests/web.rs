//! The back office's exports, run in Node by wasm-bindgen's test runner.

use posy_wasm_admin::{
    check_refund, format_moment, month_names_list, reply_mail_text, restocks_by_default,
};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn a_reply_mail_is_written_as_the_server_writes_it() {
    assert_eq!(
        reply_mail_text(
            " Dear Hannah, ",
            "Yes, we can.\r\n",
            "Jo\r\nPosy",
            "June?\n60 guests."
        ),
        "Dear Hannah,\n\nYes, we can.\n\nJo\nPosy\n\nYou wrote:\n> June?\n> 60 guests.\n"
    );
}

fn js(json: &str) -> wasm_bindgen::JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn payment(total: &str, refunded: &str) -> wasm_bindgen::JsValue {
    js(&format!(
        r#"{{"total": "{total}", "refunded": "{refunded}"}}"#
    ))
}

fn said(answer: &wasm_bindgen::JsValue) -> String {
    js_sys::JSON::stringify(answer).unwrap().into()
}

#[wasm_bindgen_test]
fn a_refund_is_added_up_and_checked_as_the_server_checks_it() {
    let items = || {
        js(
            r#"[{"name": "Peony Posy", "unit_price": "45.00", "quantity": 2, "refunded_quantity": 1},
               {"name": "Vase", "unit_price": "12.50", "quantity": 1, "refunded_quantity": 0}]"#,
        )
    };
    let refund = |delivery_fee: &str, choice: &str| {
        said(&check_refund(items(), delivery_fee, js(choice), payment("200.00", "0.00")).unwrap())
    };
    assert_eq!(
        refund("8.00", r#"{"quantities": [1, 1], "delivery": true}"#),
        r#"{"error":null,"amount":"65.50","what":"1 × Peony Posy, 1 × Vase, delivery","everything":true}"#
    );
    assert_eq!(
        refund("0.00", r#"{"quantities": [2, 0], "delivery": false}"#),
        r#"{"error":"Only 1 of Peony Posy can still be refunded.","amount":null,"what":null,"everything":false}"#
    );
    assert!(
        refund("8.00", r#"{"quantities": [0, 0], "delivery": false}"#)
            .starts_with(r#"{"error":"Please choose what to refund"#)
    );
    assert!(
        check_refund(
            items(),
            "eight",
            js(r#"{"quantities": [0, 0]}"#),
            payment("1.00", "0.00")
        )
        .is_err()
    );
    // Not past the money left of the payment (£50 of £70 given back outside the shop).
    let choice = js(r#"{"quantities": [1, 0], "delivery": false}"#);
    assert_eq!(
        said(&check_refund(items(), "0.00", choice, payment("70.00", "50.00")).unwrap()),
        r#"{"error":"Only £20.00 of this order's payment is left to give back, counting what was refunded outside the shop; please choose less.","amount":null,"what":null,"everything":false}"#
    );
}

#[wasm_bindgen_test]
fn flowers_go_back_in_stock_by_default_only_before_they_are_made() {
    assert!(restocks_by_default("new"));
    assert!(restocks_by_default("confirmed"));
    assert!(!restocks_by_default("ready"));
    assert!(!restocks_by_default("delivered"));
    assert!(!restocks_by_default("nonsense"));
}

#[wasm_bindgen_test]
fn a_moment_is_written_on_the_studios_clock() {
    // 2025-12-15 09:12 UTC is 09:12 in Bristol; 2026-06-01 23:05 UTC is already the 2nd there.
    assert_eq!(format_moment(1_765_789_920.0), "Mon 15 Dec, 09:12");
    assert_eq!(format_moment(1_780_355_100.0), "Tue 2 Jun, 00:05");
}

#[wasm_bindgen_test]
fn the_pickers_months_are_the_sites_words() {
    let months = month_names_list();
    assert_eq!(months.len(), 12);
    assert_eq!(
        (months[0].as_str(), months[11].as_str()),
        ("January", "December")
    );
}
