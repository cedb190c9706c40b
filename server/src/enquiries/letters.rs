//! The letters about an enquiry: the studio's copy and the enquirer's acknowledgement.

use posy_core::enquiry::Enquiry;
use posy_core::studio::StudioFacts;

use crate::mail::Letter;
use crate::mail::letters::sign_off;

/// The studio's copy of an enquiry from the contact form.
pub fn new_enquiry(id: i32, enquiry: &Enquiry) -> Letter {
    let kind = enquiry.enquiry_type.as_str();
    let about = enquiry.enquiry_type.label();
    let phone = Some(enquiry.phone.as_str()).filter(|p| !p.is_empty());
    Letter {
        subject: format!("New {kind} enquiry from {}", enquiry.name),
        body: format!(
            "Enquiry {id} from the website.\n\nName: {}\nEmail: {}\nPhone: {}\n\
             About: {about}\n\n{}\n",
            enquiry.name,
            enquiry.email,
            phone.unwrap_or("(not given)"),
            enquiry.message
        ),
    }
}

/// The enquirer's acknowledgement: the message arrived, when to expect an answer, and what
/// they wrote, so they need not keep a copy.
pub fn enquiry_received(studio: &StudioFacts, enquiry: &Enquiry) -> Letter {
    let quoted: Vec<String> = enquiry
        .message
        .lines()
        .map(|line| format!("> {line}"))
        .collect();
    Letter {
        subject: format!("We have your message, {}", studio.name),
        body: format!(
            "Dear {},\n\nThank you for getting in touch. Your message has reached the studio \
             and we usually reply within one working day. If it is urgent, please call us on \
             {}.\n\nYou wrote (about {}):\n{}\n\n{}",
            first_name(&enquiry.name),
            studio.phone,
            enquiry.enquiry_type.label().to_lowercase(),
            quoted.join("\n"),
            sign_off(studio),
        ),
    }
}

/// The first word of a name as typed, for a greeting: `Hannah Price` → `Hannah`.
fn first_name(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or(name)
}
