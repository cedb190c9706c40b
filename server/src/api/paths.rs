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
use posy_core::workshop;
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
    ("BookSeats", &["email"]),
    ("JoinWaiting", &["name", "email"]),
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
pub const EMAIL: &str = concat!(
    r"^\s*(?=\S{1,254}\s*$)(?=[^@]{1,64}@)",
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@",
    r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+",
    r"\s*$"
);
/// core's `is_uk_postcode`: a full UK postcode, spaces and case forgiven.
pub const POSTCODE: &str = r"^\s*([Gg]\s*[Ii]\s*[Rr]\s*0\s*[Aa]\s*[Aa]|[A-Za-z]\s*[A-Za-z]?\s*[0-9]\s*[0-9A-Za-z]?\s*[0-9]\s*[A-Za-z]\s*[A-Za-z])\s*$";
/// core's `is_phone`: 10 to 15 digits, an optional leading `+`, spaces, dashes and brackets.
pub const PHONE: &str = r"^\s*\+?[ ()-]*([0-9][ ()-]*){10,15}\s*$";
/// [`PHONE`], or nothing: the contact form's phone is optional.
pub const PHONE_OR_NOTHING: &str = r"^\s*(\+?[ ()-]*([0-9][ ()-]*){10,15})?\s*$";

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
    // The booking form: core's bounds (the names one a seat is core's to say, in words).
    rules.extend([
        (
            "BookSeats",
            "seats",
            json!({"minimum": 1, "maximum": workshop::MOST_SEATS_A_BOOKING}),
        ),
        (
            "BookSeats",
            "names",
            json!({"minItems": 1, "maxItems": workshop::MOST_SEATS_A_BOOKING,
                   "items": {"type": "string", "maxLength": workshop::MAX_NAME_CHARS,
                             "pattern": ONE_LINE}}),
        ),
        ("BookSeats", "email", text(email_chars, EMAIL)),
        ("BookSeats", "phone", json!({ "pattern": PHONE_OR_NOTHING })),
        (
            "BookSeats",
            "note",
            json!({ "maxLength": workshop::MAX_NOTE_CHARS }),
        ),
        (
            "JoinWaiting",
            "name",
            text(workshop::MAX_NAME_CHARS, ONE_LINE),
        ),
        ("JoinWaiting", "email", text(email_chars, EMAIL)),
        (
            "JoinWaiting",
            "seats",
            json!({"minimum": 1, "maximum": workshop::MOST_SEATS_A_BOOKING}),
        ),
        (
            "WorkshopBody",
            "seats",
            json!({"minimum": 1, "maximum": workshop::MOST_SEATS}),
        ),
        (
            "WorkshopBody",
            "title",
            text(posy_core::workshop_form::MAX_TITLE_CHARS, ONE_LINE),
        ),
        (
            "WorkshopBody",
            "description",
            text(posy_core::workshop_form::MAX_DESCRIPTION_CHARS, NOT_BLANK),
        ),
    ]);
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
    // How long a new gift voucher lasts, within core's bounds.
    rules.push((
        "VoucherSettingsView",
        "validity_months",
        within(posy_core::voucher::VALIDITY_MONTHS),
    ));
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
        // `get_mut`, not indexing: indexing would give an enum's schema `properties: null`.
        if let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) {
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
pub const WORD_FIELDS: &[(&str, &str, &str)] = &[
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
pub fn nullable_answers(spec: &mut Value, requests: &[String]) {
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
pub fn request_schemas(spec: &Value) -> Vec<String> {
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
