//! The pieces every form check uses: what is wrong with a form, and the format rules for
//! e-mail addresses, UK postcodes and phone numbers.

use std::collections::BTreeMap;

/// A field of a form, named as the browser's form names it (`firstName`) and as the API's
/// payload names it (`first_name`).
pub trait FormField: Copy + Eq {
    /// The name in the shopper's form.
    fn form_name(self) -> &'static str;
    /// The words beside the field, as the missing-fields message lists it (`First name`); the
    /// form name for a form whose boxes have no words of their own in core.
    fn label(self) -> &'static str {
        self.form_name()
    }
    /// The name in the API payload, used in the server's `fields` map.
    fn wire_name(self) -> &'static str;
    /// What the browser says beside the field when it is left empty.
    fn when_missing(self) -> &'static str {
        REQUIRED
    }
}

/// What is wrong with a filled-in form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormProblems<F> {
    /// Required fields left empty, in the form's order.
    pub missing: Vec<F>,
    /// Fields filled in wrongly, each with a sentence saying how to put it right.
    pub invalid: Vec<(F, String)>,
}

/// The sentence that opens the missing-fields message, exactly as the spec gives it.
pub const MISSING_FIELDS_PREFIX: &str = "Please fill in all required fields: ";

/// Said of each empty required field in the `fields` map.
pub const REQUIRED: &str = "This field is required.";

impl<F: FormField> FormProblems<F> {
    /// Starts an empty list of problems.
    pub fn new() -> Self {
        FormProblems {
            missing: Vec::new(),
            invalid: Vec::new(),
        }
    }

    /// Notes a required field as missing when it is blank; true when it was.
    pub fn require(&mut self, field: F, value: &str) -> bool {
        let blank = value.trim().is_empty();
        if blank {
            self.missing.push(field);
        }
        blank
    }

    /// Notes a field as filled in wrongly.
    pub fn invalid(&mut self, field: F, why: impl Into<String>) {
        self.invalid.push((field, why.into()));
    }

    /// Nothing is wrong.
    pub fn is_empty(&self) -> bool {
        self.missing.is_empty() && self.invalid.is_empty()
    }

    /// `Ok` when nothing is wrong, else the problems.
    pub fn into_result(self) -> Result<(), Self> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }

    /// The one sentence to show: the spec's missing-fields message, else the first problem.
    pub fn message(&self) -> String {
        self.message_naming(F::label)
    }

    /// [`message`](Self::message) with the missing fields named by `label_of`: for a form
    /// that asks the same things in other words (the studio's, selling for a customer).
    pub fn message_naming(&self, label_of: impl Fn(F) -> &'static str) -> String {
        if self.missing.is_empty() {
            self.invalid
                .first()
                .map(|(_, why)| why.clone())
                .unwrap_or_default()
        } else {
            let names: Vec<&str> = self.missing.iter().map(|&f| label_of(f)).collect();
            format!("{MISSING_FIELDS_PREFIX}{}", names.join(", "))
        }
    }

    /// Every field at fault with why, keyed by wire name, as the API's `fields` map has them
    /// (an empty field is "This field is required.").
    pub fn fields(&self, name_of: impl Fn(F) -> &'static str) -> BTreeMap<String, String> {
        self.named(name_of, |_| REQUIRED)
    }

    /// Every field at fault with why, keyed by form name, in the words the browser shows
    /// beside each field (an empty field gets its own sentence).
    pub fn shopper_fields(&self) -> BTreeMap<String, String> {
        self.named(F::form_name, F::when_missing)
    }

    fn named(
        &self,
        name_of: impl Fn(F) -> &'static str,
        when_missing: impl Fn(F) -> &'static str,
    ) -> BTreeMap<String, String> {
        let missing = self
            .missing
            .iter()
            .map(|f| (name_of(*f).to_owned(), when_missing(*f).to_owned()));
        let invalid = self
            .invalid
            .iter()
            .map(|(f, why)| (name_of(*f).to_owned(), why.clone()));
        missing.chain(invalid).collect()
    }
}

impl<F: FormField> Default for FormProblems<F> {
    fn default() -> Self {
        Self::new()
    }
}

/// A plausible e-mail address that mail software takes as it is: a local part of letters,
/// digits, dots (not first, last or doubled) and the symbols RFC 5322 allows unquoted (at most
/// 64 bytes); an `@`; a domain of two or more labels of letters, digits and inner hyphens (each
/// at most 63 bytes). No spaces, quotes or control characters. Deliverability is the mail
/// server's business, not a pattern's; the server's tests hold this rule to lettre's.
pub fn is_email(value: &str) -> bool {
    let value = value.trim();
    let Some((local, domain)) = value.rsplit_once('@') else {
        return false;
    };
    // ASCII only, as HTML's own `type=email` rule is: one rule that every regex engine (the
    // published pattern, the browser's, the API fuzzer's) can state exactly.
    let atom_char = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c);
    let local_ok = local.len() <= 64
        && local
            .split('.')
            .all(|atom| !atom.is_empty() && atom.chars().all(atom_char));
    let label_ok = |label: &str| {
        label.len() <= 63
            && label.starts_with(|c: char| c.is_ascii_alphanumeric())
            && label.ends_with(|c: char| c.is_ascii_alphanumeric())
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    let domain_ok = domain.len() <= 253 && domain.contains('.') && domain.split('.').all(label_ok);
    value.len() <= 254 && local_ok && domain_ok
}

/// A full UK postcode such as `BS14 8AB` or `bs148ab` (spaces and case are forgiven): the one
/// rule, [`Postcode::parse`](crate::postcode::Postcode::parse), asked yes or no.
pub fn is_uk_postcode(value: &str) -> bool {
    crate::postcode::Postcode::parse(value).is_some()
}

/// A phone number a courier can ring: 10 to 15 digits, optionally with a leading `+`, and
/// spaces, dashes or brackets between them.
pub fn is_phone(value: &str) -> bool {
    let value = value.trim();
    let body = value.strip_prefix('+').unwrap_or(value);
    let allowed = body
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')'));
    let digits = body.chars().filter(char::is_ascii_digit).count();
    allowed && (10..=15).contains(&digits)
}

/// True when a value holds a control character: NUL, a line break, a tab, an escape. None
/// belongs in a one-line field, and NUL is refused by PostgreSQL's text columns.
pub fn has_control_chars(value: &str) -> bool {
    value.chars().any(char::is_control)
}

/// True when a value is longer than `max` characters.
pub fn too_long(value: &str, max: usize) -> bool {
    value.trim().chars().count() > max
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_email_addresses_are_accepted() {
        for good in [
            "jo@example.com",
            "first.last+flowers@mail.co.uk",
            " jo@example.com ",
        ] {
            assert!(is_email(good), "{good}");
        }
    }

    #[test]
    fn things_that_are_not_email_addresses_are_rejected() {
        for bad in [
            "",
            "jo",
            "jo@",
            "@example.com",
            "jo@example",
            "jo @example.com",
            "jo@example..com",
            "jo@.com",
            "jo..bloom@example.com",
            ".jo@example.com",
            "jo\"@example.com",
            "jo\0@example.com",
            "jo@exa_mple.com",
            "jo@-example.com",
            "jo@example.com-",
            "zoë@example.com",
            "jo@exämple.com",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn uk_postcodes_of_every_shape_are_accepted() {
        for good in [
            "BS14 8AB", "bs148ab", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "W1A 0AX",
            "EC1A 1BB", "GIR 0AA",
        ] {
            assert!(is_uk_postcode(good), "{good}");
        }
    }

    #[test]
    fn partial_or_foreign_postcodes_are_rejected() {
        for bad in [
            "",
            "BS14",
            "BS14 8A",
            "12345",
            "BS14 8AB 1",
            "1S14 8AB",
            "BS14-8AB",
        ] {
            assert!(!is_uk_postcode(bad), "{bad}");
        }
    }

    #[test]
    fn phone_numbers_with_spaces_and_country_codes_are_accepted() {
        for good in [
            "0117 496 0123",
            "+44 117 496 0123",
            "07700 900123",
            "(0117) 4960123",
        ] {
            assert!(is_phone(good), "{good}");
        }
    }

    #[test]
    fn short_or_lettered_phone_numbers_are_rejected() {
        for bad in ["", "0117", "call me", "0117 496 012x", "++44 117 496 0123"] {
            assert!(!is_phone(bad), "{bad}");
        }
    }
}
