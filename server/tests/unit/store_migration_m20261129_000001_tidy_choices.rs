//! `posy_server::store::migration::m20261129_000001_tidy_choices`'s own tests (they were its `mod tests`).

use posy_server::store::migration::m20261129_000001_tidy_choices::tidied;

#[test]
fn a_choice_kept_as_typed_is_kept_as_core_keeps_one_now() {
    let typed = r#"{"method":" delivery","date":"2026-12-15 ","slot":" Morning",
        "collection_time":"10:00","recipient_name":" Amy Cole ","postcode":"bs3 1aa",
        "card_message":" Happy\r\nbirthday ","card_from":""}"#;
    let kept: serde_json::Value = serde_json::from_str(&tidied(typed).unwrap()).unwrap();
    assert_eq!(kept["method"], "delivery");
    assert_eq!(kept["date"], "2026-12-15");
    assert_eq!(kept["slot"], "Morning");
    assert_eq!(kept["collection_time"], "");
    assert_eq!(kept["recipient_name"], "Amy Cole");
    assert_eq!(kept["postcode"], "BS3 1AA");
    assert_eq!(kept["card_message"], "Happy\nbirthday");
}

#[test]
fn a_choice_without_a_method_or_day_is_left_alone() {
    assert_eq!(tidied(r#"{"method":"","date":"2026-12-15"}"#), None);
    assert_eq!(tidied(r#"{"method":"delivery","date":"soon"}"#), None);
    assert_eq!(tidied("not json"), None);
}
