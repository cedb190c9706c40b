//! The checkout's customer form: all seven fields required, with the spec's exact message
//! for missing ones, and format checks the shopper can act on.

use crate::validation::{FormField, FormProblems, is_email, is_phone, is_uk_postcode, too_long};

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

impl FormField for CheckoutField {
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
#[derive(Clone, Debug, Default)]
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

/// Checks the form as both the browser and the server do before an order is made.
pub fn validate_checkout(form: &CheckoutForm) -> Result<(), FormProblems<CheckoutField>> {
    use CheckoutField::*;
    let mut problems = FormProblems::new();
    let fields = [
        (Email, &form.email),
        (FirstName, &form.first_name),
        (LastName, &form.last_name),
        (Address, &form.address),
        (City, &form.city),
        (Postcode, &form.postcode),
        (Phone, &form.phone),
    ];
    for (field, value) in fields {
        if problems.require(field, value) {
            continue;
        }
        let max = match field {
            Address => 200,
            Email => 254,
            _ => 100,
        };
        if too_long(value, max) {
            problems.invalid(field, format!("Please keep this under {max} characters."));
            continue;
        }
        match field {
            Email if !is_email(value) => problems.invalid(
                field,
                "Please enter an email address like name@example.com.",
            ),
            Postcode if !is_uk_postcode(value) => {
                problems.invalid(field, "Please enter a full UK postcode, like BS14 8AB.")
            }
            Phone if !is_phone(value) => problems.invalid(
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

    fn filled() -> CheckoutForm {
        CheckoutForm {
            email: "jo@example.com".into(),
            first_name: "Jo".into(),
            last_name: "Bloom".into(),
            address: "12 Wells Road".into(),
            city: "Bristol".into(),
            postcode: "BS14 9AB".into(),
            phone: "0117 496 0123".into(),
        }
    }

    #[test]
    fn a_completely_filled_form_passes() {
        assert!(validate_checkout(&filled()).is_ok());
    }

    #[test]
    fn missing_fields_are_listed_by_their_form_names_in_order() {
        let form = CheckoutForm {
            email: String::new(),
            first_name: "  ".into(),
            phone: String::new(),
            ..filled()
        };
        let problems = validate_checkout(&form).unwrap_err();
        assert_eq!(
            problems.message(),
            "Please fill in all required fields: email, firstName, phone"
        );
        let fields = problems.fields(CheckoutField::wire_name);
        assert_eq!(
            fields.keys().collect::<Vec<_>>(),
            ["email", "first_name", "phone"]
        );
    }

    #[test]
    fn an_empty_form_lists_all_seven_fields() {
        let problems = validate_checkout(&CheckoutForm::default()).unwrap_err();
        assert_eq!(
            problems.message(),
            "Please fill in all required fields: email, firstName, lastName, address, city, postcode, phone"
        );
    }

    #[test]
    fn badly_formed_fields_get_a_message_each() {
        let cases = [
            (
                CheckoutForm {
                    email: "jo.example.com".into(),
                    ..filled()
                },
                "email",
                "email address",
            ),
            (
                CheckoutForm {
                    postcode: "BS14".into(),
                    ..filled()
                },
                "postcode",
                "UK postcode",
            ),
            (
                CheckoutForm {
                    phone: "0117".into(),
                    ..filled()
                },
                "phone",
                "phone number",
            ),
            (
                CheckoutForm {
                    city: "x".repeat(101),
                    ..filled()
                },
                "city",
                "under 100",
            ),
        ];
        for (form, field, words) in cases {
            let problems = validate_checkout(&form).unwrap_err();
            let fields = problems.fields(CheckoutField::wire_name);
            assert!(fields[field].contains(words), "{field}: {}", fields[field]);
            assert!(problems.message().contains(words));
        }
    }
}
