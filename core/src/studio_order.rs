//! An order the studio takes by phone or over the counter, paid outside the shop: who it is
//! for (a name and a phone number; an e-mail only if they want the mails), how it was paid, and
//! what they want. Delivery or collection is core's `FulfilmentForm`, checked as the shop
//! checks it.

use crate::validation::{FormField, FormProblems, has_control_chars, is_email, is_phone, too_long};

/// The most of one line the studio may enter (a wedding's buttonholes, say): more than a
/// shopper's cart allows.
pub const MAX_PER_LINE: u32 = 99;

/// A field of the studio's order form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudioOrderField {
    FirstName,
    LastName,
    Phone,
    /// Optional: the customer gets the order's mails when given.
    Email,
    /// How it was paid, e.g. `Card on the phone`.
    PaymentNote,
    /// The lines as a whole.
    Items,
}

impl StudioOrderField {
    /// Every field, in the form's order.
    pub const ALL: [StudioOrderField; 6] = [
        StudioOrderField::FirstName,
        StudioOrderField::LastName,
        StudioOrderField::Phone,
        StudioOrderField::Email,
        StudioOrderField::PaymentNote,
        StudioOrderField::Items,
    ];

    /// The words beside the box.
    pub fn label(self) -> &'static str {
        match self {
            StudioOrderField::FirstName => "First name",
            StudioOrderField::LastName => "Last name",
            StudioOrderField::Phone => "Phone",
            StudioOrderField::Email => "Email (optional)",
            StudioOrderField::PaymentNote => "How it was paid",
            StudioOrderField::Items => "Items",
        }
    }

    /// The most characters it may hold (the order's columns hold these).
    pub fn max_chars(self) -> usize {
        match self {
            StudioOrderField::Email => 254,
            StudioOrderField::Phone => 40,
            StudioOrderField::PaymentNote => 200,
            _ => 100,
        }
    }
}

impl FormField for StudioOrderField {
    /// The studio reads the missing-fields sentence: its boxes' words.
    fn form_name(self) -> &'static str {
        self.label()
    }

    fn wire_name(self) -> &'static str {
        match self {
            StudioOrderField::FirstName => "first_name",
            StudioOrderField::LastName => "last_name",
            StudioOrderField::Phone => "phone",
            StudioOrderField::Email => "email",
            StudioOrderField::PaymentNote => "payment_note",
            StudioOrderField::Items => "items",
        }
    }
}

/// The form as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StudioOrderForm {
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub email: String,
    pub payment_note: String,
    /// How many lines were chosen (each line's product and quantity are checked against the
    /// shelf by the server, which knows it).
    pub lines: usize,
}

/// The form once checked: trimmed, each field known good.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudioCustomer {
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    /// Empty: no mails.
    pub email: String,
    pub payment_note: String,
}

impl StudioOrderForm {
    fn value(&self, field: StudioOrderField) -> &str {
        match field {
            StudioOrderField::FirstName => &self.first_name,
            StudioOrderField::LastName => &self.last_name,
            StudioOrderField::Phone => &self.phone,
            StudioOrderField::Email => &self.email,
            StudioOrderField::PaymentNote => &self.payment_note,
            StudioOrderField::Items => "",
        }
    }

    /// Checks the form: one sentence per field at fault.
    pub fn parse(&self) -> Result<StudioCustomer, FormProblems<StudioOrderField>> {
        let mut problems = FormProblems::new();
        for field in StudioOrderField::ALL {
            let value = self.value(field).trim();
            match field {
                StudioOrderField::Items => {
                    if self.lines == 0 {
                        problems.invalid(field, "Please add at least one item.");
                    }
                    continue;
                }
                StudioOrderField::Email if value.is_empty() => continue,
                _ => {}
            }
            if problems.require(field, value) {
                continue;
            }
            if too_long(value, field.max_chars()) {
                problems.invalid(
                    field,
                    format!("Please keep this to {} characters.", field.max_chars()),
                );
            } else if has_control_chars(value) {
                problems.invalid(field, "Please use letters, numbers and punctuation only.");
            } else if field == StudioOrderField::Phone && !is_phone(value) {
                problems.invalid(field, "Please enter a phone number, like 0117 496 0123.");
            } else if field == StudioOrderField::Email && !is_email(value) {
                problems.invalid(
                    field,
                    "Please enter an e-mail address, like jo@example.com.",
                );
            }
        }
        problems.into_result()?;
        Ok(StudioCustomer {
            first_name: self.first_name.trim().to_owned(),
            last_name: self.last_name.trim().to_owned(),
            phone: self.phone.trim().to_owned(),
            email: self.email.trim().to_owned(),
            payment_note: self.payment_note.trim().to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> StudioOrderForm {
        StudioOrderForm {
            first_name: " Jo ".into(),
            last_name: "Bloom".into(),
            phone: "0117 496 0999".into(),
            email: String::new(),
            payment_note: "Card on the phone".into(),
            lines: 1,
        }
    }

    #[test]
    fn a_phone_order_needs_no_email() {
        let customer = form().parse().unwrap();
        assert_eq!(customer.first_name, "Jo");
        assert_eq!(customer.email, "");
    }

    #[test]
    fn each_field_at_fault_has_its_sentence() {
        let mut bad = form();
        bad.first_name = String::new();
        bad.phone = "call me".into();
        bad.email = "jo at home".into();
        bad.lines = 0;
        let problems = bad.parse().unwrap_err();
        assert_eq!(problems.missing, vec![StudioOrderField::FirstName]);
        assert_eq!(
            problems.message(),
            "Please fill in all required fields: First name"
        );
        let said: Vec<_> = problems.invalid.iter().map(|(f, _)| *f).collect();
        assert_eq!(
            said,
            vec![
                StudioOrderField::Phone,
                StudioOrderField::Email,
                StudioOrderField::Items
            ]
        );
        let mut unpaid = form();
        unpaid.payment_note = " ".into();
        assert_eq!(
            unpaid.parse().unwrap_err().missing,
            vec![StudioOrderField::PaymentNote]
        );
    }
}
