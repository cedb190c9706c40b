//! The spec's paths end in `/` (`/api/products/`), except `GET /api/orders/{id}`. poem-openapi
//! drops trailing slashes from the routes it builds, so requests have theirs removed before
//! routing (both forms answer, never a 404), and the published description puts them back.

use std::sync::OnceLock;

use poem::Request;
use poem::http::Uri;
use posy_core::account::{MAX_PASSWORD_CHARS, MAX_USERNAME_CHARS, MIN_PASSWORD_CHARS};
use posy_core::category_form::MAX_CATEGORY_CHARS;
use posy_core::checkout::CheckoutField;
use posy_core::enquiry::{
    EnquiryStatus, EnquiryType, MAX_GREETING_CHARS, MAX_MESSAGE_CHARS, MAX_NAME_CHARS,
    MAX_REPLY_CHARS, MAX_SIGNATURE_CHARS,
};
use posy_core::gallery::{CAPTION_MAX_CHARS, DESCRIPTION_MAX_CHARS, TITLE_MAX_CHARS};
use posy_core::order::{MAX_NOTE_CHARS, OrderStatus, PaidBy, RefundState};
use posy_core::product_form::{self, MAX_STOCK};
use posy_core::quantity::MAX_PER_LINE;
use posy_core::retention;
use posy_core::schedule::Method;
use posy_core::validation::FormField;
use serde_json::{Value, json};

use crate::media::pictures;

/// Calls whose published path has no trailing slash; every other call's path ends in `/`.
const WITHOUT_SLASH: &[&str] = &["/api/orders/{id}"];

/// Removes a trailing slash from an API path, so `/api/products/` reaches `/api/products`.
pub fn strip_trailing_slash(mut req: Request) -> Request {
    let path = req.uri().path();
    if path.len() <= 1 || !path.ends_with('/') {
        return req;
    }
    let trimmed = path.trim_end_matches('/');
    let path_and_query = match req.uri().query() {
        Some(query) => format!("{trimmed}?{query}"),
        None => trimmed.to_owned(),
    };
    let mut parts = req.uri().clone().into_parts();
    if let Ok(pq) = path_and_query.parse() {
        parts.path_and_query = Some(pq);
        if let Ok(uri) = Uri::from_parts(parts) {
            *req.uri_mut() = uri;
        }
    }
    req
}

/// The API description as published: the spec's trailing slashes, and JSON content typed
/// plainly `application/json` (what generated clients look for).
pub fn publish(spec_json: &str) -> Value {
    let mut spec: Value = serde_json::from_str(spec_json).expect("poem-openapi writes valid JSON");
    if let Some(paths) = spec.get_mut("paths").and_then(Value::as_object_mut) {
        let old = std::mem::take(paths);
        for (path, item) in old {
            let published = if WITHOUT_SLASH.contains(&path.as_str()) {
                path
            } else {
                format!("{path}/")
            };
            paths.insert(published, item);
        }
    }
    plain_json_content(&mut spec);
    let requests = request_schemas(&spec);
    nullable_answers(&mut spec, &requests);
    word_lists(&mut spec);
    request_rules(&mut spec, &requests);
    spec
}

/// The methods a path answers, for the `Allow` header of a 405; `None` for no API path.
pub fn allowed_methods(path: &str) -> Option<&'static str> {
    static ROUTES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    let routes = ROUTES.get_or_init(|| {
        let spec: Value =
            serde_json::from_str(&super::service().spec()).expect("poem-openapi writes JSON");
        spec["paths"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(path, item)| {
                let methods: Vec<String> = item
                    .as_object()
                    .into_iter()
                    .flat_map(|ops| ops.keys())
                    .map(|m| m.to_uppercase())
                    .collect();
                (path.clone(), methods.join(", "))
            })
            .collect()
    });
    let asked: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    routes
        .iter()
        .find(|(template, _)| {
            let parts: Vec<&str> = template.split('/').collect();
            parts.len() == asked.len()
                && parts
                    .iter()
                    .zip(&asked)
                    .all(|(p, a)| p == a || (p.starts_with('{') && !a.is_empty()))
        })
        .map(|(_, methods)| methods.as_str())
}

/// Fields a form call needs, published as required although the Rust type takes them as
/// optional: a missing one is answered with the spec's `Please fill in all required fields: ...`
/// and `fields`, which poem-openapi's own parse error would replace.
const REQUIRED: &[(&str, &[&str])] = &[
    (
        "PlaceOrder",
        &[
            "cart_id",
            "email",
            "first_name",
            "last_name",
            "address",
            "city",
            "postcode",
            "phone",
        ],
    ),
    (
        "ContactRequest",
        &["name", "email", "enquiryType", "message"],
    ),
    ("Credentials", &["username", "password"]),
    ("AlbumJson", &["title"]),
    ("NoteBody", &["version", "text"]),
];

/// Some text, not only spaces (the server trims every field).
const NOT_BLANK: &str = r"\S";
/// Some text on one line: no control character (a line break is one), not only spaces.
const ONE_LINE: &str = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$";
// The three patterns below copy core's rules for the description only: core is the authority
// (the server refuses with `posy_core::validation`), and the tests below hold each pattern to
// core's answer on a table of inputs.
/// core's `is_email`: at most 254 characters once trimmed; dot-separated atoms of at most 64
/// characters in all, an `@`, two or more labels of letters, digits and inner hyphens (63 at
/// most each; the domain's 253 follows from the whole's 254); ASCII only.
const EMAIL: &str = concat!(
    r"^\s*(?=\S{1,254}\s*$)(?=[^@]{1,64}@)",
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@",
    r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+",
    r"\s*$"
);
/// core's `is_uk_postcode`: a full UK postcode, spaces and case forgiven.
const POSTCODE: &str = r"^\s*([Gg]\s*[Ii]\s*[Rr]\s*0\s*[Aa]\s*[Aa]|[A-Za-z]\s*[A-Za-z]?\s*[0-9]\s*[0-9A-Za-z]?\s*[0-9]\s*[A-Za-z]\s*[A-Za-z])\s*$";
/// core's `is_phone`: 10 to 15 digits, an optional leading `+`, spaces, dashes and brackets.
const PHONE: &str = r"^\s*\+?[ ()-]*([0-9][ ()-]*){10,15}\s*$";
/// [`PHONE`], or nothing: the contact form's phone is optional.
const PHONE_OR_NOTHING: &str = r"^\s*(\+?[ ()-]*([0-9][ ()-]*){10,15})?\s*$";

/// The pattern published for a checkout field.
fn checkout_pattern(field: CheckoutField) -> &'static str {
    match field {
        CheckoutField::Email => EMAIL,
        CheckoutField::Postcode => POSTCODE,
        CheckoutField::Phone => PHONE,
        _ => NOT_BLANK,
    }
}

/// The rules the server enforces on request fields beyond their types (with its own sentences),
/// published so clients know them before they are refused. Limits and lists come from core.
fn request_rules(spec: &mut Value, requests: &[String]) {
    let text = |max: usize, pattern: &str| json!({"maxLength": max, "pattern": pattern});
    let quantity = json!({"minimum": 1, "maximum": MAX_PER_LINE});
    let enquiry_types: Vec<&str> = EnquiryType::ALL.iter().map(|t| t.as_str()).collect();
    let password = json!({"minLength": MIN_PASSWORD_CHARS, "maxLength": MAX_PASSWORD_CHARS});
    let stock = json!({"minimum": 0, "maximum": MAX_STOCK});
    // core's `is_email` takes at most this many characters, on either form.
    let email_chars = CheckoutField::Email.max_chars();
    let mut rules: Vec<(&str, &str, Value)> = vec![
        ("AddItem", "quantity", quantity.clone()),
        ("UpdateQuantity", "quantity", quantity),
        ("ContactRequest", "name", text(MAX_NAME_CHARS, NOT_BLANK)),
        ("ContactRequest", "email", text(email_chars, EMAIL)),
        (
            "ContactRequest",
            "message",
            text(MAX_MESSAGE_CHARS, NOT_BLANK),
        ),
        (
            "ContactRequest",
            "phone",
            json!({ "pattern": PHONE_OR_NOTHING }),
        ),
        (
            "ContactRequest",
            "enquiryType",
            json!({ "enum": enquiry_types }),
        ),
        ("Credentials", "username", json!({"pattern": NOT_BLANK})),
        ("Credentials", "password", json!({"minLength": 1})),
        ("NewAdmin", "username", text(MAX_USERNAME_CHARS, NOT_BLANK)),
        ("NewAdmin", "password", password.clone()),
        ("PasswordChange", "new_password", password),
        (
            "PasswordChange",
            "current_password",
            json!({"minLength": 1}),
        ),
        ("NewCategory", "name", text(MAX_CATEGORY_CHARS, ONE_LINE)),
        ("CategoryChange", "name", text(MAX_CATEGORY_CHARS, ONE_LINE)),
        (
            "EnquiryReply",
            "greeting",
            text(MAX_GREETING_CHARS, ONE_LINE),
        ),
        ("EnquiryReply", "body", text(MAX_REPLY_CHARS, NOT_BLANK)),
        ("NoteBody", "text", text(MAX_NOTE_CHARS, NOT_BLANK)),
        (
            "EnquiryReply",
            "signature",
            text(MAX_SIGNATURE_CHARS, NOT_BLANK),
        ),
        ("StockChange", "stock", stock.clone()),
        ("ProductChangeBody", "stock", stock),
        (
            "ProductChangeBody",
            "name",
            text(product_form::MAX_NAME_CHARS, NOT_BLANK),
        ),
        (
            "ProductChangeBody",
            "description",
            text(product_form::MAX_DESCRIPTION_CHARS, NOT_BLANK),
        ),
        ("AlbumJson", "title", text(TITLE_MAX_CHARS, NOT_BLANK)),
        ("AlbumChange", "title", text(TITLE_MAX_CHARS, NOT_BLANK)),
        (
            "AlbumJson",
            "description",
            json!({ "maxLength": DESCRIPTION_MAX_CHARS }),
        ),
        (
            "AlbumChange",
            "description",
            json!({ "maxLength": DESCRIPTION_MAX_CHARS }),
        ),
        (
            "CaptionChange",
            "caption",
            json!({ "maxLength": CAPTION_MAX_CHARS }),
        ),
    ];
    // A customer's data is asked for by her address (see `api::customers`).
    rules.push(("CustomerAsk", "email", text(email_chars, EMAIL)));
    // The retention periods, each within core's bounds.
    let within = |(least, most): (u32, u32)| json!({"minimum": least, "maximum": most});
    rules.extend([
        ("RetentionForm", "mail_days", within(retention::MAIL_DAYS)),
        (
            "RetentionForm",
            "dead_mail_days",
            within(retention::MAIL_DAYS),
        ),
        (
            "RetentionForm",
            "card_months",
            within(retention::CARD_MONTHS),
        ),
        (
            "RetentionForm",
            "enquiry_years",
            within(retention::ENQUIRY_YEARS),
        ),
        (
            "RetentionForm",
            "order_years",
            within(retention::ORDER_YEARS),
        ),
    ]);
    rules.extend(CheckoutField::ALL.map(|field| {
        let rule = text(field.max_chars(), checkout_pattern(field));
        ("PlaceOrder", field.wire_name(), rule)
    }));
    if let Some(paths) = spec["paths"].as_object_mut() {
        for (path, item) in paths.iter_mut() {
            // A form takes its own fields only: a part under another name refuses it.
            for operation in item
                .as_object_mut()
                .into_iter()
                .flat_map(|ops| ops.values_mut())
            {
                if let Some(form) = operation
                    .pointer_mut("/requestBody/content/multipart~1form-data/schema")
                    .and_then(Value::as_object_mut)
                {
                    form.insert("additionalProperties".into(), json!(false));
                }
            }
            // A product's picture is a picture, judged by its content: any other file refuses
            // the upload. (An album's files are each kept or refused by name in the answer.)
            if path.ends_with("/picture/")
                && let Some(form) = item
                    .pointer_mut("/post/requestBody/content/multipart~1form-data")
                    .and_then(Value::as_object_mut)
            {
                let pictures = pictures::media_types(false).join(", ");
                form.insert(
                    "encoding".into(),
                    json!({"picture": {"contentType": pictures}}),
                );
            }
            // An upload needs a file, as `images` or as `featured_image`: neither field alone
            // is required. The most files `images` takes is a setting (POSY_MAX_UPLOAD_FILES;
            // the description gives its default), the featured picture besides.
            if path.ends_with("/upload_images/")
                && let Some(form) = item
                    .pointer_mut("/post/requestBody/content/multipart~1form-data/schema")
                    .and_then(Value::as_object_mut)
            {
                form.remove("required");
                let mut properties = form.get("properties").cloned().unwrap_or_default();
                properties["images"]["maxItems"] = json!(DEFAULT_MAX_UPLOAD_FILES);
                form.insert("properties".into(), properties.clone());
                // Each choice whole, so generated clients still see both fields on each.
                let mut some_images = properties.clone();
                some_images["images"]["minItems"] = json!(1);
                form.insert(
                    "anyOf".into(),
                    json!([
                        {"type": "object", "required": ["featured_image"], "properties": properties},
                        {"type": "object", "required": ["images"], "properties": some_images},
                    ]),
                );
            }
            // A new album sent as a form: the same title and description as in JSON.
            if path.ends_with("albums/")
                && let Some(form) = item
                    .pointer_mut("/post/requestBody/content/multipart~1form-data/schema")
                    .and_then(Value::as_object_mut)
            {
                form.insert("required".into(), json!(["title"]));
                let properties = form.entry("properties").or_insert_with(|| json!({}));
                properties["title"] =
                    json!({"type": "string", "maxLength": TITLE_MAX_CHARS, "pattern": NOT_BLANK});
                properties["description"] =
                    json!({"type": "string", "maxLength": DESCRIPTION_MAX_CHARS});
            }
        }
    }
    // The delivery settings are saved whole, as their GET answers them.
    if let Some(body) = spec.pointer_mut(
        "/paths/~1api~1admin~1settings~1delivery~1/put/requestBody/content/application~1json/schema",
    ) {
        *body = json!({"$ref": "#/components/schemas/DeliverySettings"});
    }
    // Days are written `2026-12-15`; a list filter's method is core's. The list's filters
    // may also be sent empty, which leaves them out (`?status=` lists every status).
    let date = json!({"type": "string", "format": "date"});
    let method = json!({"type": "string", "enum": Method::ALL.map(Method::as_str)});
    let or_empty = |schema: &Value| json!({"anyOf": [schema, {"type": "string", "maxLength": 0}]});
    for (path, parameter, schema) in [
        ("/api/admin/orders/", "from", or_empty(&date)),
        ("/api/admin/orders/", "to", or_empty(&date)),
        ("/api/admin/orders/", "method", or_empty(&method)),
        ("/api/admin/orders/export/", "from", date.clone()),
        ("/api/admin/orders/export/", "to", date.clone()),
        ("/api/admin/orders/sheet/", "date", date.clone()),
    ] {
        for published in parameters_of(spec, "get", path) {
            if published["name"] == parameter {
                published["schema"] = schema.clone();
            }
        }
    }
    for published in parameters_of(spec, "get", "/api/admin/customers/") {
        if published["name"] == "email" {
            published["schema"] =
                json!({"type": "string", "maxLength": email_chars, "pattern": EMAIL});
        }
    }
    // The status filter is core's list (see `word_lists`), or empty.
    for published in parameters_of(spec, "get", "/api/admin/orders/") {
        if published["name"] == "status" {
            published["schema"] = or_empty(&published["schema"]);
        }
    }
    // Whole numbers the server reads unsigned cannot be negative.
    unsigned(spec);
    let Some(schemas) = spec.pointer_mut("/components/schemas") else {
        return;
    };
    for (schema, fields) in REQUIRED {
        let Some(schema) = schemas.get_mut(*schema) else {
            continue;
        };
        schema["required"] = json!(fields);
        for field in *fields {
            if let Some(property) = schema["properties"][*field].as_object_mut() {
                property.remove("default");
            }
        }
    }
    // poem-openapi reads null as left out for a field it does not require.
    for name in requests {
        let Some(schema) = schemas.get_mut(name.as_str()) else {
            continue;
        };
        let required = schema["required"].as_array().cloned().unwrap_or_default();
        if let Some(properties) = schema["properties"].as_object_mut() {
            for (field, property) in properties.iter_mut() {
                if !required.iter().any(|r| r == field) {
                    property["nullable"] = Value::Bool(true);
                }
            }
        }
    }
    for (schema, field, rule) in rules {
        if let (Some(property), Some(rule)) = (
            schemas
                .pointer_mut(&format!("/{schema}/properties/{field}"))
                .and_then(Value::as_object_mut),
            rule.as_object(),
        ) {
            property.extend(rule.clone());
        }
    }
}

/// Core's lists of words the API reads and writes (each stored as a plain string column, so
/// both databases keep them alike), published as named enums: generated clients get each as
/// one union, and the words are written nowhere but in core.
fn words() -> [(&'static str, &'static str, Vec<&'static str>); 4] {
    [
        (
            "OrderStatus",
            "Where an order stands (core's `OrderStatus`).",
            OrderStatus::ALL.map(OrderStatus::as_str).to_vec(),
        ),
        (
            "PaidBy",
            "How an order was paid: through the shop's payment provider, or taken by phone or \
             in the studio and paid there (core's `PaidBy`).",
            PaidBy::ALL.map(PaidBy::as_str).to_vec(),
        ),
        (
            "RefundState",
            "Where money given back stands: waiting for the provider, refused and retried, \
             refused again and again (the studio told, still retried), given back, for the \
             studio to give back the way it was paid, or given back another way by the studio \
             (core's `RefundState`).",
            RefundState::ALL.map(RefundState::as_str).to_vec(),
        ),
        (
            "EnquiryStatus",
            "Where an enquiry stands in the studio's inbox (core's `EnquiryStatus`).",
            EnquiryStatus::ALL.map(EnquiryStatus::as_str).to_vec(),
        ),
    ]
}

/// Every field and query parameter that carries one of [`words`]' lists: (schema or
/// `METHOD path`, field or parameter, list). A test holds each to being in the description.
const WORD_FIELDS: &[(&str, &str, &str)] = &[
    ("Order", "status", "OrderStatus"),
    ("OrderDetail", "status", "OrderStatus"),
    ("OrderEventView", "status", "OrderStatus"),
    ("OrderLine", "status", "OrderStatus"),
    ("OrderMove", "status", "OrderStatus"),
    ("OrderStep", "status", "OrderStatus"),
    ("StatusChange", "from", "OrderStatus"),
    ("StatusChange", "to", "OrderStatus"),
    ("BulkMove", "to", "OrderStatus"),
    ("BulkMoveOrder", "from", "OrderStatus"),
    ("GET /api/admin/orders/", "status", "OrderStatus"),
    ("OrderPayment", "paid_by", "PaidBy"),
    ("OrderRefundView", "state", "RefundState"),
    ("EnquiryView", "status", "EnquiryStatus"),
    ("EnquiryStatusChange", "status", "EnquiryStatus"),
];

/// Publishes [`words`] as schemas of their own and points each of [`WORD_FIELDS`] at its list
/// (through `allOf`, so the field keeps its own description: OpenAPI 3.0 ignores a `$ref`'s
/// siblings).
fn word_lists(spec: &mut Value) {
    for (name, description, list) in words() {
        spec["components"]["schemas"][name] =
            json!({"type": "string", "description": description, "enum": list});
    }
    for (owner, field, list) in WORD_FIELDS {
        let reference = json!({ "$ref": format!("#/components/schemas/{list}") });
        if let Some((method, path)) = owner.split_once(' ') {
            for parameter in parameters_of(spec, &method.to_lowercase(), path) {
                if parameter["name"] == *field {
                    parameter["schema"] = reference.clone();
                }
            }
        } else if let Some(property) = spec
            .pointer_mut(&format!("/components/schemas/{owner}/properties/{field}"))
            .and_then(Value::as_object_mut)
        {
            property.retain(|key, _| key == "description" || key == "nullable");
            property.insert("allOf".into(), json!([reference]));
        }
    }
}

/// The parameters of the call `method path`, none when there is no such call.
fn parameters_of<'a>(
    spec: &'a mut Value,
    method: &str,
    path: &str,
) -> impl Iterator<Item = &'a mut Value> {
    spec.get_mut("paths")
        .and_then(|paths| paths.get_mut(path))
        .and_then(|item| item.get_mut(method))
        .and_then(|operation| operation.get_mut("parameters"))
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
}

/// The most files one upload takes unless POSY_MAX_UPLOAD_FILES says otherwise (the setting's
/// default, and what the description publishes).
pub const DEFAULT_MAX_UPLOAD_FILES: u32 = 20;

/// Publishes the range of every unsigned integer (poem-openapi gives only its format).
fn unsigned(value: &mut Value) {
    match value {
        Value::Object(map) => {
            let most = match map.get("format").and_then(Value::as_str) {
                Some("uint32") => Some(json!(u32::MAX)),
                Some("uint64") => Some(json!(u64::MAX)),
                _ => None,
            };
            if let Some(most) = most {
                map.entry("minimum").or_insert(json!(0));
                map.entry("maximum").or_insert(most);
            }
            map.values_mut().for_each(unsigned);
        }
        Value::Array(items) => items.iter_mut().for_each(unsigned),
        _ => {}
    }
}

/// poem-openapi publishes an `Option` field as merely optional. The views the server answers
/// with always carry every field, `null` when empty, so they are published as required and
/// nullable (generated clients then type them `T | null`). Request bodies keep optional fields
/// optional; the error body leaves out `fields` rather than sending null.
fn nullable_answers(spec: &mut Value, requests: &[String]) {
    let Some(schemas) = spec
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for (name, schema) in schemas.iter_mut() {
        if name == "ErrorBody" || requests.contains(name) {
            continue;
        }
        let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
            continue;
        };
        let names: Vec<String> = properties.keys().cloned().collect();
        let mut required: Vec<Value> = schema["required"].as_array().cloned().unwrap_or_default();
        for property in names {
            if required.iter().any(|r| r == &property) {
                continue;
            }
            required.push(Value::String(property.clone()));
            let field = &mut schema["properties"][&property];
            // OpenAPI 3.0 ignores siblings of a `$ref`, so a nullable reference is an `allOf`.
            if let Some(reference) = field.as_object_mut().and_then(|f| f.remove("$ref")) {
                field["allOf"] = serde_json::json!([{ "$ref": reference }]);
            }
            field["nullable"] = Value::Bool(true);
        }
        schema["required"] = Value::Array(required);
    }
}

/// Every schema a request body reaches, however deep.
fn request_schemas(spec: &Value) -> Vec<String> {
    let mut requests: Vec<String> = Vec::new();
    let mut waiting: Vec<&Value> = spec["paths"]
        .as_object()
        .into_iter()
        .flat_map(|paths| paths.values())
        .filter_map(Value::as_object)
        .flat_map(|operations| operations.values())
        .filter_map(|op| op.get("requestBody"))
        .collect();
    // Every schema a request body reaches, however deep, is a request's.
    while let Some(value) = waiting.pop() {
        match value {
            Value::Object(map) => {
                if let Some(name) = map
                    .get("$ref")
                    .and_then(Value::as_str)
                    .and_then(|r| r.rsplit('/').next())
                    && !requests.iter().any(|known| known == name)
                {
                    requests.push(name.to_owned());
                    waiting.extend(spec["components"]["schemas"].get(name));
                }
                waiting.extend(map.values());
            }
            Value::Array(items) => waiting.extend(items),
            _ => {}
        }
    }
    requests
}

fn plain_json_content(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if let Some(content) = map.get_mut("content").and_then(Value::as_object_mut)
                && let Some(media) = content.remove("application/json; charset=utf-8")
            {
                content.insert("application/json".into(), media);
            }
            map.values_mut().for_each(plain_json_content);
        }
        Value::Array(items) => items.iter_mut().for_each(plain_json_content),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use fancy_regex::Regex;
    use posy_core::validation::{is_email, is_phone, is_uk_postcode};

    use super::*;

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
        let spec = publish(&super::super::service().spec());
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
        let spec = publish(&super::super::service().spec());
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
}
