//! `posy_server::api::paths`'s own tests (they were its `mod tests`).

use fancy_regex::Regex;
use poem::Request;
use posy_core::order::OrderStatus;
use posy_core::validation::{is_email, is_phone, is_uk_postcode};
use posy_server::media::pictures;
use serde_json::{Value, json};

use posy_server::api::paths::*;

fn stripped(uri: &str) -> String {
    strip_trailing_slash(Request::builder().uri_str(uri).finish())
        .uri()
        .to_string()
}

#[test]
fn a_trailing_slash_is_removed_before_routing() {
    assert_eq!(stripped("/api/products/"), "/api/products");
    assert_eq!(stripped("/api/products/7/?x=1"), "/api/products/7?x=1");
    assert_eq!(stripped("/api/products"), "/api/products");
}

#[test]
fn published_paths_end_in_a_slash_unless_the_spec_says_otherwise() {
    let spec = publish(
        r#"{"paths": {"/api/products": {}, "/api/products/{id}": {}, "/api/orders/{id}": {}}}"#,
    );
    let paths: Vec<&String> = spec["paths"].as_object().unwrap().keys().collect();
    assert_eq!(
        paths,
        ["/api/orders/{id}", "/api/products/", "/api/products/{id}/"]
    );
}

#[test]
fn optional_fields_of_answers_are_published_required_and_nullable() {
    let mut spec: Value = serde_json::from_str(
        r##"{"paths": {"/api/x": {"post": {"requestBody": {"content": {"application/json; charset=utf-8": {"schema": {"$ref": "#/components/schemas/Ask"}}}}}}},
            "components": {"schemas": {
                "Ask": {"properties": {"a": {}, "b": {}}, "required": ["a"]},
                "View": {"properties": {"a": {}, "b": {}, "c": {"$ref": "#/components/schemas/Ask"}}, "required": ["a"]}}}}"##,
    )
    .unwrap();
    let requests = request_schemas(&spec);
    nullable_answers(&mut spec, &requests);
    let schemas = &spec["components"]["schemas"];
    assert_eq!(
        schemas["View"]["required"],
        serde_json::json!(["a", "b", "c"])
    );
    assert_eq!(schemas["View"]["properties"]["b"]["nullable"], true);
    assert_eq!(
        schemas["View"]["properties"]["c"],
        serde_json::json!({"allOf": [{"$ref": "#/components/schemas/Ask"}], "nullable": true}),
        "a nullable reference"
    );
    assert_eq!(schemas["Ask"]["required"], serde_json::json!(["a"]));
    assert!(schemas["Ask"]["properties"]["b"].get("nullable").is_none());
}

#[test]
fn json_content_is_published_as_plain_application_json() {
    let spec = publish(
        r#"{"paths": {"/api/x": {"get": {"responses": {"200": {"content": {"application/json; charset=utf-8": {"schema": {}}}}}}}}}"#,
    );
    assert!(
        spec["paths"]["/api/x/"]["get"]["responses"]["200"]["content"]["application/json"]
            .is_object()
    );
}

#[test]
fn every_field_carrying_core_words_is_published_as_its_list() {
    let spec = publish(&posy_server::api::service().spec());
    assert_eq!(
        spec["components"]["schemas"]["OrderStatus"]["enum"],
        json!(OrderStatus::ALL.map(OrderStatus::as_str))
    );
    for (owner, field, list) in WORD_FIELDS {
        let reference = format!("#/components/schemas/{list}");
        let published = match owner.split_once(' ') {
            Some((method, path)) => spec["paths"][path][method.to_lowercase()]["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|p| p["name"] == *field)
                // A list filter may also be empty: core's list is its first choice.
                .map(|p| match p["schema"].get("anyOf") {
                    Some(choices) => choices[0]["$ref"].clone(),
                    None => p["schema"]["$ref"].clone(),
                }),
            None => spec["components"]["schemas"][owner]["properties"]
                .get(*field)
                .map(|p| p["allOf"][0]["$ref"].clone()),
        };
        assert_eq!(
            published,
            Some(json!(reference)),
            "{owner} {field}: not in the description as {list}"
        );
    }
}

#[test]
fn a_form_takes_its_own_fields_and_a_products_picture_is_a_picture() {
    let spec = publish(&posy_server::api::service().spec());
    let form = |path: &str| {
        spec["paths"][path]["post"]["requestBody"]["content"]["multipart/form-data"].clone()
    };
    let upload = "/api/albums/{id}/upload_images/";
    let picture = "/api/admin/products/{id}/picture/";
    for path in ["/api/albums/", upload, picture] {
        assert_eq!(
            form(path)["schema"]["additionalProperties"],
            false,
            "{path}"
        );
    }
    let choices = form(upload)["schema"]["anyOf"].clone();
    assert_eq!(choices[0]["required"], json!(["featured_image"]));
    assert_eq!(choices[1]["properties"]["images"]["minItems"], 1);
    assert_eq!(
        form(picture)["encoding"]["picture"]["contentType"],
        pictures::media_types(false).join(", ")
    );
}

/// Each input, and whether core's rule and the published pattern agree on it.
fn agree(pattern: &str, rule: fn(&str) -> bool, inputs: &[&str]) {
    // fancy-regex: the published patterns use lookahead, as JSON Schema's ECMA-262 allows.
    let published = Regex::new(pattern).unwrap();
    for input in inputs {
        assert_eq!(
            published.is_match(input).unwrap(),
            rule(input),
            "{input:?}: the published pattern and core disagree"
        );
    }
}

#[test]
fn the_published_email_pattern_answers_as_core_does() {
    let inputs = [
        "jo@example.com",
        " jo@example.co.uk ",
        "jo.bloom+shop@mail.example.org",
        "jo.example.com",
        "jo@example",
        "@example.com",
        "jo@.example.com",
        "jo@example.com.",
        "jo@exa..mple.com",
        "jo bloom@example.com",
        "jo@ex@ample.com",
        "",
        "zoë@example.com",
        "jo@exämple.com",
        "\rjo@example.com\n",
        "jo@exa\u{9f}mple.com",
        "jo@-example.com",
        "jo..bloom@example.com",
        "jo!#$%&'*+/=?^_`{|}~-@example.com",
    ];
    let local_64 = format!("{}@example.com", "j".repeat(64));
    let local_65 = format!("{}@example.com", "j".repeat(65));
    let label_63 = format!("jo@{}.com", "e".repeat(63));
    let label_64 = format!("jo@{}.com", "e".repeat(64));
    // Five labels of 49 and "com": 5 × 49 + 5 dots + 3 = 253 characters of domain, so
    // "j@" and it make 255; one label fewer by two, 253 and 254 in all.
    let labels = vec!["e".repeat(49); 5].join(".");
    let whole_255 = format!("j@{labels}.com");
    let whole_254 = format!("j@{}.com", &labels[1..]);
    let whole_253 = format!("j@{}.com", &labels[2..]);
    let lengths = [
        &local_64, &local_65, &label_63, &label_64, &whole_253, &whole_254, &whole_255,
    ];
    agree(EMAIL, is_email, &inputs);
    agree(EMAIL, is_email, &lengths.map(String::as_str));
}

#[test]
fn the_published_postcode_pattern_answers_as_core_does() {
    let inputs = [
        "BS14 8AB",
        "bs148ab",
        " BS1 4AB ",
        "W1A 1AA",
        "M1 1AE",
        "GIR 0AA",
        "gir0aa",
        "BS14",
        "BS14 8A",
        "14 8AB",
        "BS14 8ABC",
        "",
        "B S 1 4 8 A B",
    ];
    agree(POSTCODE, is_uk_postcode, &inputs);
}

#[test]
fn the_published_phone_patterns_answer_as_core_does() {
    let inputs = [
        "0117 496 0123",
        "+44 117 496 0123",
        "(0117) 496-0123",
        "01174960123",
        "0117",
        "0117 496 0123 4567 89",
        "phone me",
        "+",
        "",
    ];
    agree(PHONE, is_phone, &inputs);
    let optional = |value: &str| value.trim().is_empty() || is_phone(value);
    agree(PHONE_OR_NOTHING, optional, &inputs);
}
