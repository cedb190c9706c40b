//! `posy_server::store::audit`'s own tests (they were its `mod tests`).

use posy_server::store::audit::*;

#[test]
fn every_kind_is_read_back_from_its_word_and_published_under_it() {
    use poem_openapi::types::ToJSON;
    for kind in Kind::ALL {
        assert_eq!(Kind::parse(kind.as_str()), Some(kind));
        assert_eq!(kind.to_json(), Some(serde_json::json!(kind.as_str())));
    }
    assert_eq!(Kind::parse("Price"), None);
}

#[test]
fn a_change_is_written_old_to_new() {
    assert_eq!(
        from_to("price", "£45.00", "£50.00"),
        "price: £45.00 → £50.00"
    );
}

#[test]
fn settings_say_only_the_fields_that_changed() {
    let old = serde_json::json!({"phone": "0117 496 0123", "town": "Bristol", "hours": [9, 17]});
    let new = serde_json::json!({"phone": "0117 496 0999", "town": "Bristol", "hours": [9, 18]});
    assert_eq!(
        changed_fields(&old, &new),
        "hours: [9,17] → [9,18]; phone: \"0117 496 0123\" → \"0117 496 0999\""
    );
    assert_eq!(changed_fields(&old, &old), "");
}
