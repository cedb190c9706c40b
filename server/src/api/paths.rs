//! The spec's paths end in `/` (`/api/products/`), except `GET /api/orders/{id}`. poem-openapi
//! drops trailing slashes from the routes it builds, so requests have theirs removed before
//! routing (both forms answer, never a 404), and the published description puts them back.

use poem::Request;
use poem::http::Uri;
use serde_json::Value;

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
    nullable_answers(&mut spec);
    spec
}

/// poem-openapi publishes an `Option` field as merely optional. The views the server answers
/// with always carry every field, `null` when empty, so they are published as required and
/// nullable (generated clients then type them `T | null`). Request bodies keep optional fields
/// optional; the error body leaves out `fields` rather than sending null.
fn nullable_answers(spec: &mut Value) {
    let requests: Vec<String> = spec["paths"]
        .as_object()
        .into_iter()
        .flat_map(|paths| paths.values())
        .filter_map(Value::as_object)
        .flat_map(|operations| operations.values())
        .filter_map(|op| op.pointer("/requestBody/content/application~1json/schema/$ref"))
        .filter_map(Value::as_str)
        .filter_map(|r| r.rsplit('/').next())
        .map(str::to_owned)
        .collect();
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
        let spec = publish(
            r##"{"paths": {"/api/x": {"post": {"requestBody": {"content": {"application/json; charset=utf-8": {"schema": {"$ref": "#/components/schemas/Ask"}}}}}}},
                "components": {"schemas": {
                    "Ask": {"properties": {"a": {}, "b": {}}, "required": ["a"]},
                    "View": {"properties": {"a": {}, "b": {}, "c": {"$ref": "#/components/schemas/Ask"}}, "required": ["a"]}}}}"##,
        );
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
}
