//! The letters of the outbox itself, and what every customer's letter shares. Each domain
//! writes its own letters beside it (`orders::letters`, `checkout::letters`,
//! `enquiries::letters`), from the values it already holds.

use posy_core::studio::StudioFacts;

/// A message before it has a recipient.
pub struct Letter {
    pub subject: String,
    pub body: String,
}

/// The studio's notice that the shop gave up on one of its mails. It names the mail by id and
/// subject; the outbox row holds the recipient and the last error.
pub fn undeliverable(id: i32, subject: &str, tries: i32) -> Letter {
    Letter {
        subject: format!("Mail {id} could not be sent"),
        body: format!(
            "The shop tried {tries} times to send mail {id} (\"{subject}\") and has given up.\n\
             The reason is in the outbox (row {id}); please contact its recipient another way.\n"
        ),
    }
}

/// How the customer's mails end: `With love from the studio,` and the studio as it is now
/// (`Posy floral studio, Bristol`).
pub fn sign_off(studio: &StudioFacts) -> String {
    format!(
        "With love from the studio,\n{} {}, {}\n",
        studio.name, studio.tagline, studio.town
    )
}
