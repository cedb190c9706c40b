//! The checkout's export as the page calls it, run in Node by wasm-bindgen's test runner.

use posy_wasm_checkout::judge_codes_js;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn js(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn said(answer: &JsValue) -> String {
    js_sys::JSON::stringify(answer).unwrap().into()
}

/// Monday 14 December 2026, 09:30 in Bristol (the journeys' clock).
const MONDAY: f64 = 1_797_240_600.0;

/// A cart of £60 (£40 on shelf 10, £20 on shelf 20) with a Tuesday code and a £25 voucher, as
/// the server's `CartCodesView` has them.
fn codes() -> JsValue {
    js(r#"{
        "offer": {"code": "TUESDAY10", "terms": {"kind": "percent_off", "percent": 10,
            "amount": null, "minimum_spend": null, "valid_from": null, "valid_until": null,
            "weekdays": ["tuesday"], "slots": [], "products": [], "shelves": [],
            "withdrawn": false, "used_up": false}},
        "voucher": {"code": "K7QM-2XHD-9PRT", "balance": "25.00", "expires_on": "2028-12-25",
            "voided": false},
        "lines": [{"product": 1, "shelf": 10, "total": "40.00"},
                  {"product": 2, "shelf": 20, "total": "20.00"}],
        "problems": []
    }"#)
}

fn totals() -> JsValue {
    js(r#"{"items": "60.00", "delivery": "5.00", "surcharge": "3.00"}"#)
}

fn day(date: &str) -> JsValue {
    js(&format!(
        r#"{{"method": "delivery", "date": "{date}", "slot": "Morning"}}"#
    ))
}

#[wasm_bindgen_test]
fn a_tuesday_code_takes_its_tenth_off_on_a_tuesday_and_the_voucher_pays_after_it() {
    let figures = judge_codes_js(codes(), totals(), day("2026-12-15"), MONDAY).unwrap();
    assert_eq!(
        said(&figures),
        r#"{"items":"60.00","delivery":"5.00","surcharge":"3.00","discount":"6.00","total":"62.00","paid_by_voucher":"25.00","to_pay":"37.00","offer_discount":"6.00","voucher_available":"25.00","voucher_left_after":"0.00","problems":[]}"#
    );
}

#[wasm_bindgen_test]
fn the_same_code_on_a_wednesday_takes_nothing_off_and_says_why() {
    let figures = judge_codes_js(codes(), totals(), day("2026-12-16"), MONDAY).unwrap();
    assert_eq!(
        said(&figures),
        r#"{"items":"60.00","delivery":"5.00","surcharge":"3.00","discount":"0.00","total":"68.00","paid_by_voucher":"25.00","to_pay":"43.00","offer_discount":"0.00","voucher_available":"25.00","voucher_left_after":"0.00","problems":["This code is for Tuesday deliveries."]}"#
    );
}

#[wasm_bindgen_test]
fn a_voucher_past_its_last_day_pays_nothing_with_its_sentence() {
    let old = js(r#"{"offer": null,
        "voucher": {"balance": "25.00", "expires_on": "2026-12-01", "voided": false},
        "lines": [], "problems": []}"#);
    let figures = said(&judge_codes_js(old, totals(), day("2026-12-15"), MONDAY).unwrap());
    assert!(figures.contains(r#""to_pay":"68.00""#), "{figures}");
    assert!(
        figures.contains(r#""problems":["This voucher ran out on 1 December 2026."]"#),
        "{figures}"
    );
}

#[wasm_bindgen_test]
fn a_code_the_server_could_not_find_stays_named_and_a_bad_amount_throws() {
    let unknown = js(r#"{"offer": null, "voucher": null, "lines": [],
        "problems": ["We can't find that gift voucher or offer code. Please check it and try again.", "other"]}"#);
    let figures = said(&judge_codes_js(unknown, totals(), day("2026-12-15"), MONDAY).unwrap());
    assert!(
        figures.ends_with(r#""problems":["We can't find that gift voucher or offer code. Please check it and try again."]}"#),
        "{figures}"
    );
    let bad = js(r#"{"items": "sixty", "delivery": "5.00", "surcharge": "0.00"}"#);
    assert!(judge_codes_js(codes(), bad, day("2026-12-15"), MONDAY).is_err());
}
