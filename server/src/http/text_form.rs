//! [`Published`]: one of core's forms whose fields are all text ([`TextForm`]), published in the
//! API as an object of strings named by the fields' wire names. poem-openapi's derive would
//! need the fields written out again beside core's; this way core's list of fields
//! (`CheckoutField::ALL`, `FulfilmentField::ALL`) is the only one. Flattened into an answer
//! (`#[oai(flatten)]`, `#[serde(flatten)]`), its fields stand beside the answer's own.

use std::borrow::Cow;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use posy_core::validation::FormField;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

/// A core form whose every field is text, with the name and description it is published under.
pub trait TextForm: Default + Send + Sync + 'static {
    type Field: FormField + Copy;
    /// The schema's name.
    const NAME: &'static str;
    /// The schema's description.
    const DESCRIPTION: Option<&'static str>;
    /// Every field, in the form's order.
    const FIELDS: &'static [Self::Field];

    fn value(&self, field: Self::Field) -> &str;

    fn value_mut(&mut self, field: Self::Field) -> &mut String;
}

/// A core form as the API publishes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Published<F>(pub F);

impl<F: TextForm> Published<F> {
    fn fields(&self) -> impl Iterator<Item = (&'static str, &str)> {
        F::FIELDS
            .iter()
            .map(|field| (field.wire_name(), self.0.value(*field)))
    }
}

impl<F: TextForm> Type for Published<F> {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        F::NAME.into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Reference(F::NAME.to_owned())
    }

    fn register(registry: &mut Registry) {
        registry.create_schema::<Self, _>(F::NAME.to_owned(), |_| {
            let names = F::FIELDS.iter().map(|field| field.wire_name());
            MetaSchema {
                title: Some(F::NAME.to_owned()),
                description: F::DESCRIPTION,
                properties: names.clone().map(|n| (n, String::schema_ref())).collect(),
                required: names.collect(),
                ..MetaSchema::new("object")
            }
        });
    }

    fn as_raw_value(&self) -> Option<&Self> {
        Some(self)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self> + 'a> {
        Box::new(self.as_raw_value().into_iter())
    }
}

impl<F: TextForm> ParseFromJSON for Published<F> {
    /// Every field, as a JSON string (as the derive reads a required `String`).
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        let value = value.unwrap_or_default();
        let mut form = F::default();
        for field in F::FIELDS {
            match value.get(field.wire_name()) {
                Some(Value::String(text)) => text.clone_into(form.value_mut(*field)),
                _ => return Err(ParseError::expected_type(value)),
            }
        }
        Ok(Published(form))
    }
}

impl<F: TextForm> ToJSON for Published<F> {
    fn to_json(&self) -> Option<Value> {
        let fields = self
            .fields()
            .map(|(name, text)| (name.to_owned(), text.into()));
        Some(Value::Object(fields.collect()))
    }
}

impl<F: TextForm> Serialize for Published<F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(F::FIELDS.len()))?;
        for (name, text) in self.fields() {
            map.serialize_entry(name, text)?;
        }
        map.end()
    }
}
