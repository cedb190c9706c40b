//! `posy_server::api::text`'s own tests (they were its `mod tests`).

use poem_openapi::types::ParseFromJSON;
use posy_server::api::text::*;
use serde_json::Value;

#[test]
fn only_json_strings_are_text() {
    assert_eq!(
        Text::parse_from_json(Some(Value::String("Rose".into()))).unwrap(),
        Text("Rose".into())
    );
    for not_text in [Value::Bool(false), serde_json::json!(7), Value::Null] {
        assert!(Text::parse_from_json(Some(not_text)).is_err());
    }
}
