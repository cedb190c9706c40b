//! [`Text`]: a string field of a request body, read strictly. poem-openapi's own `String` also
//! takes a number or a boolean and turns it into text, which the published `type: string` does
//! not allow; a client sending `{"title": false}` should hear that it is not text.

use std::borrow::Cow;
use std::ops::Deref;

use poem_openapi::registry::MetaSchemaRef;
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;

/// Text from a request body: a JSON string and nothing else.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text(pub String);

impl Deref for Text {
    type Target = String;

    fn deref(&self) -> &String {
        &self.0
    }
}

impl From<Text> for String {
    fn from(text: Text) -> String {
        text.0
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text(text)
    }
}

/// `same_fields!(body => CheckoutForm { email, city })` is `CheckoutForm { email:
/// body.email.into(), city: body.city.into() }`: a struct read from another whose fields it
/// shares by name (a request body's `Text` into core's `String`, core's struct into the form it
/// answers with), each field named once; fields of the struct's own follow a `;`, as in a struct
/// literal. `body` is a place (its fields are moved out of it), and a field missing from either
/// side fails to compile.
macro_rules! same_fields {
    ($from:expr => $to:ident { $($field:ident),+ $(; $($own:ident: $value:expr),+)? $(,)? }) => {
        $to { $($field: $from.$field.into(),)+ $($($own: $value),+)? }
    };
}
pub(crate) use same_fields;

impl Type for Text {
    const IS_REQUIRED: bool = true;
    type RawValueType = String;
    type RawElementValueType = String;

    fn name() -> Cow<'static, str> {
        String::name()
    }

    fn schema_ref() -> MetaSchemaRef {
        String::schema_ref()
    }

    fn as_raw_value(&self) -> Option<&String> {
        Some(&self.0)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a String> + 'a> {
        Box::new(self.as_raw_value().into_iter())
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl ParseFromJSON for Text {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value.unwrap_or_default() {
            Value::String(text) => Ok(Text(text)),
            other => Err(ParseError::expected_type(other)),
        }
    }
}

impl ToJSON for Text {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(self.0.clone()))
    }
}
