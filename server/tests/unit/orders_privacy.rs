//! `posy_server::orders::privacy`'s own tests (they were its `mod tests`).

use poem_openapi::types::{ParseFromJSON, ToJSON};
use posy_core::fulfilment::FulfilmentForm;
use posy_server::http::text_form::Published;

use posy_server::orders::privacy::*;

#[test]
fn a_kept_choice_is_written_and_read_by_its_wire_names_and_read_only_from_strings() {
    let form = FulfilmentForm {
        method: "delivery".into(),
        address_line1: "12 Wells Road".into(),
        card_message: "Happy birthday\nLove, Jo".into(),
        ..FulfilmentForm::default()
    };
    let json = Published(form.clone()).to_json().unwrap();
    assert_eq!(json["address_line1"], "12 Wells Road");
    assert_eq!(json["card_from"], "");
    assert_eq!(json, serde_json::to_value(Published(form.clone())).unwrap());
    assert_eq!(
        HeldChoice::parse_from_json(Some(json.clone())).unwrap(),
        Published(form)
    );
    let mut not_text = json;
    not_text["city"] = serde_json::json!(7);
    assert!(HeldChoice::parse_from_json(Some(not_text)).is_err());
}
