//! The contact form: name, e-mail, kind of enquiry and message required; phone optional.

use crate::checkout::CONTROL_CHARACTERS;
use crate::validation::{FormField, FormProblems, has_control_chars, is_email, is_phone, too_long};

/// What an enquiry is about, as the contact form offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnquiryType {
    /// Wedding flowers.
    Wedding,
    /// Events and workshops.
    Event,
    /// A bouquet order.
    Bouquet,
    /// Anything else.
    General,
}

impl EnquiryType {
    /// Every kind, in the form's order.
    pub const ALL: [EnquiryType; 4] = [
        EnquiryType::Wedding,
        EnquiryType::Event,
        EnquiryType::Bouquet,
        EnquiryType::General,
    ];

    /// Reads the form's value (`wedding`, `event`, `bouquet`, `general`).
    pub fn parse(value: &str) -> Option<EnquiryType> {
        EnquiryType::ALL
            .into_iter()
            .find(|t| t.as_str() == value.trim())
    }

    /// The words the form's choice shows.
    pub fn label(self) -> &'static str {
        match self {
            EnquiryType::Wedding => "Wedding flowers",
            EnquiryType::Event => "An event or workshop",
            EnquiryType::Bouquet => "A bouquet or gift",
            EnquiryType::General => "Something else",
        }
    }

    /// The form's value.
    pub fn as_str(self) -> &'static str {
        match self {
            EnquiryType::Wedding => "wedding",
            EnquiryType::Event => "event",
            EnquiryType::Bouquet => "bouquet",
            EnquiryType::General => "general",
        }
    }
}

/// A field of the contact form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnquiryField {
    /// Who is asking.
    Name,
    /// Where to answer.
    Email,
    /// Optional phone number.
    Phone,
    /// What it is about.
    EnquiryType,
    /// The message itself.
    Message,
}

impl FormField for EnquiryField {
    fn form_name(self) -> &'static str {
        match self {
            EnquiryField::Name => "name",
            EnquiryField::Email => "email",
            EnquiryField::Phone => "phone",
            EnquiryField::EnquiryType => "enquiryType",
            EnquiryField::Message => "message",
        }
    }

    // The spec's contact call sends `enquiryType` on the wire too.
    fn wire_name(self) -> &'static str {
        self.form_name()
    }

    fn when_missing(self) -> &'static str {
        match self {
            EnquiryField::Name => "Please tell us your name.",
            EnquiryField::Email => "Please give us your email address, so we can reply.",
            EnquiryField::EnquiryType => "Please choose what your enquiry is about.",
            EnquiryField::Message => "Please write a few words about what you need.",
            EnquiryField::Phone => crate::validation::REQUIRED,
        }
    }
}

/// What the visitor typed into the contact form.
#[derive(Clone, Debug, Default)]
pub struct EnquiryForm {
    /// Name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// Phone number, may be empty.
    pub phone: String,
    /// `wedding`, `event`, `bouquet` or `general`.
    pub enquiry_type: String,
    /// The message.
    pub message: String,
}

/// An enquiry as the studio keeps it: every field trimmed and valid. Only
/// [`EnquiryForm::parse`] makes one from what a visitor typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enquiry {
    /// Name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// Phone number, may be empty.
    pub phone: String,
    /// What it is about.
    pub enquiry_type: EnquiryType,
    /// The message.
    pub message: String,
}

/// Said of a message holding an invisible character other than a line break or a tab (a
/// copy and paste can bring one).
pub const HIDDEN_IN_MESSAGE: &str = "Please retype your message: it holds a hidden character.";

/// The longest name the studio accepts.
pub const MAX_NAME_CHARS: usize = 100;

/// The longest message the studio accepts.
pub const MAX_MESSAGE_CHARS: usize = 5000;

impl EnquiryForm {
    /// Checks an enquiry as both the browser and the server do, and gives the enquiry.
    pub fn parse(&self) -> Result<Enquiry, FormProblems<EnquiryField>> {
        validate_enquiry(self)?;
        Ok(Enquiry {
            name: self.name.trim().to_owned(),
            email: self.email.trim().to_owned(),
            phone: self.phone.trim().to_owned(),
            // Checked above: the type is one of the form's.
            enquiry_type: EnquiryType::parse(&self.enquiry_type).unwrap_or(EnquiryType::General),
            message: self.message.trim().to_owned(),
        })
    }
}

/// The one-line fields hold no line break or hidden character; the message may break lines
/// (and keep a pasted tab), but nothing else invisible: a NUL, say, which PostgreSQL's text
/// cannot even keep, is never meant. Only the server asks, after [`EnquiryForm::parse`]
/// (typing cannot make one; a paste can, and the server's sentence is shown beside the
/// field): the shopper's wasm module is held to its size budget, and this did not fit.
pub fn hidden_characters(form: &EnquiryForm) -> Result<(), FormProblems<EnquiryField>> {
    use EnquiryField as F;
    let mut problems = FormProblems::new();
    for (field, value) in [
        (F::Name, &form.name),
        (F::Email, &form.email),
        (F::Phone, &form.phone),
    ] {
        if has_control_chars(value) {
            problems.invalid(field, CONTROL_CHARACTERS);
        }
    }
    let hidden = |c: char| c.is_control() && !matches!(c, '\n' | '\r' | '\t');
    if form.message.chars().any(hidden) {
        problems.invalid(F::Message, HIDDEN_IN_MESSAGE);
    }
    problems.into_result()
}

/// Checks an enquiry without keeping it: the browser's check as the visitor types. The server
/// parses instead ([`EnquiryForm::parse`]), which checks with this.
pub fn validate_enquiry(form: &EnquiryForm) -> Result<(), FormProblems<EnquiryField>> {
    use EnquiryField as F;
    let mut problems = FormProblems::new();
    for (field, value) in [
        (F::Name, &form.name),
        (F::Email, &form.email),
        (F::EnquiryType, &form.enquiry_type),
        (F::Message, &form.message),
    ] {
        problems.require(field, value);
    }
    if !problems.missing.contains(&F::Name) && too_long(&form.name, MAX_NAME_CHARS) {
        problems.invalid(F::Name, "Please keep your name under 100 characters.");
    }
    if !problems.missing.contains(&F::Email) && !is_email(&form.email) {
        problems.invalid(
            F::Email,
            "Please enter an email address like name@example.com.",
        );
    }
    if !form.phone.trim().is_empty() && !is_phone(&form.phone) {
        problems.invalid(
            F::Phone,
            "Please enter a phone number we can call, like 0117 496 0123, or leave it empty.",
        );
    }
    if !problems.missing.contains(&F::EnquiryType)
        && EnquiryType::parse(&form.enquiry_type).is_none()
    {
        problems.invalid(F::EnquiryType, "Please choose what your enquiry is about.");
    }
    if too_long(&form.message, MAX_MESSAGE_CHARS) {
        problems.invalid(
            F::Message,
            format!("Please keep your message under {MAX_MESSAGE_CHARS} characters."),
        );
    }
    problems.into_result()
}

/// Where an enquiry stands in the studio's inbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnquiryStatus {
    /// Not answered yet.
    New,
    /// The studio has replied.
    Answered,
    /// Nothing more to do.
    Closed,
}

impl EnquiryStatus {
    /// Every status, in the inbox's order.
    pub const ALL: [EnquiryStatus; 3] = [
        EnquiryStatus::New,
        EnquiryStatus::Answered,
        EnquiryStatus::Closed,
    ];

    /// Reads a stored or posted status (`new`, `answered`, `closed`).
    pub fn parse(value: &str) -> Option<EnquiryStatus> {
        EnquiryStatus::ALL
            .into_iter()
            .find(|s| s.as_str() == value.trim())
    }

    /// As it is stored and posted.
    pub fn as_str(self) -> &'static str {
        match self {
            EnquiryStatus::New => "new",
            EnquiryStatus::Answered => "answered",
            EnquiryStatus::Closed => "closed",
        }
    }

    /// The inbox's word for it.
    pub fn label(self) -> &'static str {
        match self {
            EnquiryStatus::New => "New",
            EnquiryStatus::Answered => "Answered",
            EnquiryStatus::Closed => "Closed",
        }
    }
}

/// The longest reply the studio can send from the shop.
pub const MAX_REPLY_CHARS: usize = 5000;

/// A reply as it is sent: trimmed, not empty, within [`MAX_REPLY_CHARS`]; else the sentence
/// the reply box shows.
pub fn check_reply(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Please write a reply before sending it.".to_owned());
    }
    if too_long(text, MAX_REPLY_CHARS) {
        return Err(format!(
            "Please keep a reply under {MAX_REPLY_CHARS} characters."
        ));
    }
    Ok(text.replace("\r\n", "\n"))
}

/// The longest greeting a reply may open with.
pub const MAX_GREETING_CHARS: usize = 200;

/// The longest signature a reply may end with.
pub const MAX_SIGNATURE_CHARS: usize = 500;

/// The greeting a reply is offered: `Dear Hannah,` for Hannah Price (people are written to by
/// their first name), `Hello,` when the form gave no usable name.
pub fn reply_greeting(name: &str) -> String {
    match name.split_whitespace().next() {
        Some(first) => format!("Dear {first},"),
        None => "Hello,".to_owned(),
    }
}

/// The sign-off a reply is offered, above the studio's name (its [`crate::studio::StudioFacts::signature`]).
pub fn reply_sign_off(studio_signature: &str) -> String {
    format!("With best wishes,\n{}", studio_signature.trim())
}

/// A reply's three parts as they are sent: each trimmed, with its line ends made `\n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyParts {
    pub greeting: String,
    pub body: String,
    pub signature: String,
}

impl ReplyParts {
    /// The parts tidied as they will be sent, unchecked: what the preview shows while the
    /// florist types, and what [`check_reply_parts`] accepts.
    pub fn tidy(greeting: &str, body: &str, signature: &str) -> ReplyParts {
        let tidy = |text: &str| text.trim().replace("\r\n", "\n");
        ReplyParts {
            greeting: tidy(greeting),
            body: tidy(body),
            signature: tidy(signature),
        }
    }
}

/// A reply's greeting, text and signature as they are sent ([`ReplyParts::tidy`]): none empty,
/// the greeting on one line, each within its limit; else each faulty part's sentence, by the
/// request's field name (`greeting`, `body`, `signature`), in the letter's order.
pub fn check_reply_parts(
    greeting: &str,
    body: &str,
    signature: &str,
) -> Result<ReplyParts, Vec<(&'static str, String)>> {
    let parts = ReplyParts::tidy(greeting, body, signature);
    let mut problems = Vec::new();
    if parts.greeting.is_empty() {
        problems.push((
            "greeting",
            "Please write a greeting to open the reply, such as “Dear Hannah,”.".to_owned(),
        ));
    } else if parts.greeting.contains(['\n', '\r']) {
        problems.push((
            "greeting",
            "Please keep the greeting on one line.".to_owned(),
        ));
    } else if too_long(&parts.greeting, MAX_GREETING_CHARS) {
        problems.push((
            "greeting",
            format!("Please keep the greeting under {MAX_GREETING_CHARS} characters."),
        ));
    }
    if let Err(why) = check_reply(body) {
        problems.push(("body", why));
    }
    if parts.signature.is_empty() {
        problems.push((
            "signature",
            "Please sign the reply, so they know who wrote it.".to_owned(),
        ));
    } else if too_long(&parts.signature, MAX_SIGNATURE_CHARS) {
        problems.push((
            "signature",
            format!("Please keep the signature under {MAX_SIGNATURE_CHARS} characters."),
        ));
    }
    if problems.is_empty() {
        Ok(parts)
    } else {
        Err(problems)
    }
}

/// The reply as the customer reads it, without the enquiry: greeting, text, signature. The
/// studio keeps this with the enquiry.
pub fn reply_letter(parts: &ReplyParts) -> String {
    format!(
        "{}\n\n{}\n\n{}",
        parts.greeting, parts.body, parts.signature
    )
}

/// The whole mail of a reply: [`reply_letter`], then the enquiry quoted. The back office
/// previews exactly this (through the wasm core) before the server sends it.
pub fn reply_mail(parts: &ReplyParts, asked: &str) -> String {
    let quoted: Vec<String> = asked.lines().map(|line| format!("> {line}")).collect();
    format!(
        "{}\n\nYou wrote:\n{}\n",
        reply_letter(parts),
        quoted.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled() -> EnquiryForm {
        EnquiryForm {
            name: "Sam".into(),
            email: "sam@example.com".into(),
            phone: String::new(),
            enquiry_type: "wedding".into(),
            message: "Flowers for June?".into(),
        }
    }

    #[test]
    fn an_enquiry_without_a_phone_number_is_fine() {
        assert!(filled().parse().is_ok());
    }

    /// What a refusal says of `field`.
    fn said(problems: &FormProblems<EnquiryField>, field: EnquiryField) -> Option<&str> {
        problems
            .invalid
            .iter()
            .find(|(at, _)| *at == field)
            .map(|(_, why)| why.as_str())
    }

    #[test]
    fn a_message_keeps_its_lines_and_tabs_but_no_other_hidden_character() {
        let lines = EnquiryForm {
            message: "Hello,\r\n\tJune the 6th?\nSam".into(),
            ..filled()
        };
        assert!(lines.parse().is_ok());
        assert!(hidden_characters(&lines).is_ok());
        for hidden in ["Hello\0there", "Hello\u{1b}[2J", "Hello\u{7f}"] {
            let form = EnquiryForm {
                message: hidden.into(),
                ..filled()
            };
            let problems = hidden_characters(&form).unwrap_err();
            assert_eq!(
                said(&problems, EnquiryField::Message),
                Some(HIDDEN_IN_MESSAGE),
                "{hidden:?}"
            );
        }
        for (field, form) in [
            (
                EnquiryField::Name,
                EnquiryForm {
                    name: "Sam\0".into(),
                    ..filled()
                },
            ),
            (
                EnquiryField::Email,
                EnquiryForm {
                    email: "sam@example.com\n".into(),
                    ..filled()
                },
            ),
            (
                EnquiryField::Phone,
                EnquiryForm {
                    phone: "0117 496 0123\t".into(),
                    ..filled()
                },
            ),
        ] {
            let problems = hidden_characters(&form).unwrap_err();
            assert_eq!(
                said(&problems, field),
                Some(CONTROL_CHARACTERS),
                "{field:?}"
            );
        }
    }

    #[test]
    fn missing_required_fields_are_named() {
        let form = EnquiryForm {
            name: String::new(),
            message: " ".into(),
            ..filled()
        };
        assert_eq!(
            form.parse().unwrap_err().message(),
            "Please fill in all required fields: name, message"
        );
    }

    #[test]
    fn an_unknown_enquiry_type_is_refused() {
        let form = EnquiryForm {
            enquiry_type: "party".into(),
            ..filled()
        };
        let fields = form.parse().unwrap_err().fields(EnquiryField::wire_name);
        assert_eq!(
            fields["enquiryType"],
            "Please choose what your enquiry is about."
        );
    }

    #[test]
    fn a_phone_number_given_must_be_callable() {
        let form = EnquiryForm {
            phone: "123".into(),
            ..filled()
        };
        assert!(
            form.parse()
                .unwrap_err()
                .fields(EnquiryField::wire_name)
                .contains_key("phone")
        );
    }

    #[test]
    fn a_parsed_enquiry_is_trimmed_and_knows_its_type() {
        let form = EnquiryForm {
            name: " Sam ".into(),
            enquiry_type: "event".into(),
            ..filled()
        };
        let enquiry = form.parse().unwrap();
        assert_eq!(enquiry.name, "Sam");
        assert_eq!(enquiry.enquiry_type, EnquiryType::Event);
    }

    #[test]
    fn an_empty_field_has_its_own_sentence_for_the_browser() {
        let problems = EnquiryForm::default().parse().unwrap_err();
        let shown = problems.shopper_fields();
        assert_eq!(shown["name"], "Please tell us your name.");
        assert_eq!(
            problems.fields(EnquiryField::wire_name)["name"],
            "This field is required."
        );
    }

    #[test]
    fn every_enquiry_type_reads_back_its_own_value() {
        for kind in EnquiryType::ALL {
            assert_eq!(EnquiryType::parse(kind.as_str()), Some(kind));
        }
    }
}

#[cfg(test)]
mod inbox_tests {
    use super::*;

    #[test]
    fn statuses_read_back_as_they_are_written() {
        for status in EnquiryStatus::ALL {
            assert_eq!(EnquiryStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(
            EnquiryStatus::parse(" closed "),
            Some(EnquiryStatus::Closed)
        );
        assert_eq!(EnquiryStatus::parse("spam"), None);
    }

    #[test]
    fn a_reply_is_trimmed_and_must_say_something_within_the_limit() {
        assert_eq!(
            check_reply("  Yes, we can!\r\nJo  "),
            Ok("Yes, we can!\nJo".to_owned())
        );
        assert_eq!(
            check_reply(" \n "),
            Err("Please write a reply before sending it.".to_owned())
        );
        assert!(check_reply(&"a".repeat(MAX_REPLY_CHARS)).is_ok());
        assert_eq!(
            check_reply(&"a".repeat(MAX_REPLY_CHARS + 1)),
            Err("Please keep a reply under 5000 characters.".to_owned())
        );
    }
    #[test]
    fn a_reply_is_offered_the_first_name_and_the_studios_sign_off() {
        assert_eq!(reply_greeting("  Hannah Price "), "Dear Hannah,");
        assert_eq!(reply_greeting("Jo"), "Dear Jo,");
        assert_eq!(reply_greeting("  "), "Hello,");
        assert_eq!(
            reply_sign_off("Posy Floral Studio"),
            "With best wishes,\nPosy Floral Studio"
        );
    }

    #[test]
    fn a_replys_parts_are_trimmed_and_each_fault_is_named_by_its_field() {
        assert_eq!(
            check_reply_parts(" Dear Hannah, ", " Yes.\r\n", " Jo\r\nPosy "),
            Ok(ReplyParts {
                greeting: "Dear Hannah,".into(),
                body: "Yes.".into(),
                signature: "Jo\nPosy".into(),
            })
        );
        let problems = check_reply_parts(" ", "", "\n").unwrap_err();
        let fields: Vec<&str> = problems.iter().map(|(field, _)| *field).collect();
        assert_eq!(fields, ["greeting", "body", "signature"]);
        assert_eq!(
            check_reply_parts("Dear\nHannah,", "Yes.", "Jo").unwrap_err(),
            [(
                "greeting",
                "Please keep the greeting on one line.".to_owned()
            )]
        );
        assert_eq!(
            check_reply_parts(
                &"a".repeat(MAX_GREETING_CHARS + 1),
                "Yes.",
                &"b".repeat(MAX_SIGNATURE_CHARS + 1)
            )
            .unwrap_err()
            .len(),
            2
        );
    }

    #[test]
    fn a_reply_mail_has_one_greeting_the_text_the_signature_and_the_enquiry_quoted() {
        let parts =
            check_reply_parts("Dear Hannah,", "Yes, we can.", "With best wishes,\nPosy").unwrap();
        assert_eq!(
            reply_mail(&parts, "June?\n60 guests."),
            "Dear Hannah,\n\nYes, we can.\n\nWith best wishes,\nPosy\n\nYou wrote:\n> June?\n> 60 guests.\n"
        );
    }
}
