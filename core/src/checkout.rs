//! The checkout's customer form: all seven fields required, with the spec's exact message
//! for missing ones, and format checks the shopper can act on. A form is parsed once, into a
//! [`Customer`] whose fields are trimmed and known to be valid, so nothing downstream checks
//! again.

use std::ops::Deref;

use crate::postcode::POSTCODE_FORMAT;
use crate::validation::{
    FormField, FormProblems, has_control_chars, is_email, is_phone, is_uk_postcode, too_long,
};

/// A field of the checkout form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckoutField {
    /// E-mail address for the confirmation.
    Email,
    /// First name.
    FirstName,
    /// Last name.
    LastName,
    /// Street address.
    Address,
    /// Town or city.
    City,
    /// UK postcode.
    Postcode,
    /// Phone number.
    Phone,
}

impl CheckoutField {
    /// Every field, in the form's order (the order of the missing-fields message).
    pub const ALL: [CheckoutField; 7] = [
        CheckoutField::Email,
        CheckoutField::FirstName,
        CheckoutField::LastName,
        CheckoutField::Address,
        CheckoutField::City,
        CheckoutField::Postcode,
        CheckoutField::Phone,
    ];

    /// The words a shopper sees beside the box.
    pub fn label(self) -> &'static str {
        match self {
            CheckoutField::Email => "Email",
            CheckoutField::FirstName => "First name",
            CheckoutField::LastName => "Last name",
            CheckoutField::Address => "Address",
            CheckoutField::City => "Town or city",
            CheckoutField::Postcode => "Postcode",
            CheckoutField::Phone => "Phone",
        }
    }

    /// The most characters the field may hold: never more than the order's column holds on
    /// SQLite and PostgreSQL alike (see the orders migration), so a form that passes always
    /// fits.
    pub fn max_chars(self) -> usize {
        match self {
            CheckoutField::Address => 200,
            CheckoutField::Email => 254,
            CheckoutField::Postcode => 20,
            CheckoutField::Phone => 40,
            _ => 100,
        }
    }
}

impl FormField for CheckoutField {
    fn label(self) -> &'static str {
        CheckoutField::label(self)
    }

    fn form_name(self) -> &'static str {
        match self {
            CheckoutField::Email => "email",
            CheckoutField::FirstName => "firstName",
            CheckoutField::LastName => "lastName",
            CheckoutField::Address => "address",
            CheckoutField::City => "city",
            CheckoutField::Postcode => "postcode",
            CheckoutField::Phone => "phone",
        }
    }

    fn wire_name(self) -> &'static str {
        match self {
            CheckoutField::FirstName => "first_name",
            CheckoutField::LastName => "last_name",
            other => other.form_name(),
        }
    }
}

/// What the shopper typed into the checkout form (names as the browser's form has them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckoutForm {
    /// E-mail address.
    pub email: String,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Street address.
    pub address: String,
    /// Town or city.
    pub city: String,
    /// Postcode.
    pub postcode: String,
    /// Phone number.
    pub phone: String,
}

/// A customer's details as an order keeps them: the form's fields, every one trimmed and
/// valid, the postcode in capitals. Only [`CheckoutForm::parse`] makes one, so holding a
/// `Customer` is the proof that the details were checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Customer(CheckoutForm);

impl Deref for Customer {
    type Target = CheckoutForm;

    fn deref(&self) -> &CheckoutForm {
        &self.0
    }
}

impl CheckoutForm {
    /// The value typed into a field.
    pub fn value(&self, field: CheckoutField) -> &str {
        match field {
            CheckoutField::Email => &self.email,
            CheckoutField::FirstName => &self.first_name,
            CheckoutField::LastName => &self.last_name,
            CheckoutField::Address => &self.address,
            CheckoutField::City => &self.city,
            CheckoutField::Postcode => &self.postcode,
            CheckoutField::Phone => &self.phone,
        }
    }

    /// A field's value, to set it.
    pub fn value_mut(&mut self, field: CheckoutField) -> &mut String {
        match field {
            CheckoutField::Email => &mut self.email,
            CheckoutField::FirstName => &mut self.first_name,
            CheckoutField::LastName => &mut self.last_name,
            CheckoutField::Address => &mut self.address,
            CheckoutField::City => &mut self.city,
            CheckoutField::Postcode => &mut self.postcode,
            CheckoutField::Phone => &mut self.phone,
        }
    }

    /// Checks the form as both the browser and the server do before an order is made, and
    /// gives the customer it describes.
    pub fn parse(&self) -> Result<Customer, FormProblems<CheckoutField>> {
        validate_checkout(self)?;
        let mut details = self.clone();
        let CheckoutForm {
            email,
            first_name,
            last_name,
            address,
            city,
            postcode,
            phone,
        } = &mut details;
        for value in [email, first_name, last_name, address, city, postcode, phone] {
            *value = value.trim().to_owned();
        }
        details.postcode.make_ascii_uppercase();
        Ok(Customer(details))
    }
}

/// Said of a field holding a line break, a tab or another invisible character.
pub const CONTROL_CHARACTERS: &str =
    "Please write this on one line, without tabs or hidden characters.";

/// Checks the form without keeping the customer: the browser's check as the shopper types.
/// The server parses instead ([`CheckoutForm::parse`]), which checks with this.
pub fn validate_checkout(form: &CheckoutForm) -> Result<(), FormProblems<CheckoutField>> {
    let mut problems = FormProblems::new();
    for field in CheckoutField::ALL {
        let value = form.value(field);
        if problems.require(field, value) {
            continue;
        }
        let max = field.max_chars();
        if too_long(value, max) {
            problems.invalid(field, format!("Please keep this under {max} characters."));
            continue;
        }
        // Every field is one line: a line break or an invisible character is never meant.
        if has_control_chars(value) {
            problems.invalid(field, CONTROL_CHARACTERS);
            continue;
        }
        match field {
            CheckoutField::Email if !is_email(value) => problems.invalid(
                field,
                "Please enter an email address like name@example.com.",
            ),
            CheckoutField::Postcode if !is_uk_postcode(value) => {
                problems.invalid(field, POSTCODE_FORMAT)
            }
            CheckoutField::Phone if !is_phone(value) => problems.invalid(
                field,
                "Please enter a phone number we can call, like 0117 496 0123.",
            ),
            _ => {}
        }
    }
    problems.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::customer;

    #[test]
    fn a_completely_filled_form_passes() {
        assert!(customer().parse().is_ok());
    }

    #[test]
    fn missing_fields_are_listed_by_their_labels_in_order() {
        let form = CheckoutForm {
            email: String::new(),
            first_name: "  ".into(),
            phone: String::new(),
            ..customer()
        };
        let problems = form.parse().unwrap_err();
        assert_eq!(
            problems.message(),
            "Please fill in all required fields: Email, First name, Phone"
        );
        let fields = problems.fields(CheckoutField::wire_name);
        assert_eq!(
            fields.keys().collect::<Vec<_>>(),
            ["email", "first_name", "phone"]
        );
    }

    #[test]
    fn an_empty_form_lists_all_seven_fields() {
        let problems = CheckoutForm::default().parse().unwrap_err();
        assert_eq!(
            problems.message(),
            "Please fill in all required fields: Email, First name, Last name, Address, Town or city, Postcode, Phone"
        );
    }

    #[test]
    fn a_parsed_customer_is_trimmed_with_the_postcode_in_capitals() {
        let form = CheckoutForm {
            email: " jo@example.com ".into(),
            postcode: " bs14 9ab".into(),
            ..customer()
        };
        let customer = form.parse().unwrap();
        assert_eq!(customer.email, "jo@example.com");
        assert_eq!(customer.postcode, "BS14 9AB");
        assert_eq!(customer.city, "Bristol");
    }

    #[test]
    fn every_field_has_a_label_and_a_limit_in_the_forms_order() {
        let names: Vec<_> = CheckoutField::ALL.iter().map(|f| f.form_name()).collect();
        assert_eq!(
            names.join(" "),
            "email firstName lastName address city postcode phone"
        );
        assert_eq!(CheckoutField::City.label(), "Town or city");
        assert_eq!(CheckoutField::Address.max_chars(), 200);
    }

    #[test]
    fn badly_formed_fields_get_a_message_each() {
        let cases = [
            (
                CheckoutForm {
                    email: "jo.example.com".into(),
                    ..customer()
                },
                "email",
                "email address",
            ),
            (
                CheckoutForm {
                    postcode: "BS14".into(),
                    ..customer()
                },
                "postcode",
                "UK postcode",
            ),
            (
                CheckoutForm {
                    phone: "0117".into(),
                    ..customer()
                },
                "phone",
                "phone number",
            ),
            (
                CheckoutForm {
                    city: "x".repeat(101),
                    ..customer()
                },
                "city",
                "under 100",
            ),
        ];
        for (form, field, words) in cases {
            let problems = form.parse().unwrap_err();
            let fields = problems.fields(CheckoutField::wire_name);
            assert!(fields[field].contains(words), "{field}: {}", fields[field]);
            assert!(problems.message().contains(words));
        }
    }

    #[test]
    fn no_field_passes_longer_than_its_orders_column() {
        // The orders migration's varchar lengths: PostgreSQL refuses anything longer.
        let columns = [
            (CheckoutField::Email, 254),
            (CheckoutField::FirstName, 100),
            (CheckoutField::LastName, 100),
            (CheckoutField::Address, 300),
            (CheckoutField::City, 100),
            (CheckoutField::Postcode, 20),
            (CheckoutField::Phone, 40),
        ];
        for (field, column) in columns {
            assert!(field.max_chars() <= column, "{field:?}");
        }
        let spaced_postcode = CheckoutForm {
            postcode: format!("BS14{}9AB", " ".repeat(20)),
            ..customer()
        };
        let problems = spaced_postcode.parse().unwrap_err();
        assert!(problems.message().contains("under 20"), "{problems:?}");
        let long_phone = CheckoutForm {
            phone: format!("0117 {}496 0123", "- ".repeat(20)),
            ..customer()
        };
        assert!(
            long_phone.parse().is_err(),
            "a phone longer than 40 characters"
        );
    }

    #[test]
    fn line_breaks_nul_and_other_control_characters_are_refused_in_every_field() {
        for field in CheckoutField::ALL {
            for bad in ["\0", "\r", "\n", "\t", "\u{1b}", "\u{85}"] {
                let mut form = customer();
                let value = match field {
                    CheckoutField::Email => &mut form.email,
                    CheckoutField::FirstName => &mut form.first_name,
                    CheckoutField::LastName => &mut form.last_name,
                    CheckoutField::Address => &mut form.address,
                    CheckoutField::City => &mut form.city,
                    CheckoutField::Postcode => &mut form.postcode,
                    CheckoutField::Phone => &mut form.phone,
                };
                // In the middle, where trimming cannot remove it.
                let middle = value.len() / 2;
                value.insert_str(middle, bad);
                let problems = form.parse().unwrap_err();
                let fields = problems.fields(CheckoutField::wire_name);
                assert_eq!(
                    fields.get(field.wire_name()).map(String::as_str),
                    Some(CONTROL_CHARACTERS),
                    "{field:?} with {bad:?}: {fields:?}"
                );
            }
        }
    }
}
