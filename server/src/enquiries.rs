//! Enquiries from the contact form: checked with core's rules, stored, and mailed to the studio
//! through the outbox in one transaction. A honeypot field and a per-address limit keep bots
//! out without bothering people; the limit is counted by [`crate::rate_limit`], so a crowd of
//! parallel posts gets exactly its five.

use posy_core::enquiry::{EnquiryField, EnquiryForm};
use posy_core::validation::FormProblems;
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set, TransactionTrait};

use crate::clock::now;
use crate::entities::enquiry;
use crate::mail::{self, letters};
use crate::rate_limit::Limit;

/// How many enquiries one address may send in [`WINDOW_SECONDS`].
pub const LIMIT: u32 = 5;
/// The window of the per-address limit.
pub const WINDOW_SECONDS: i64 = 10 * 60;

const ENQUIRIES: Limit = Limit {
    scope: "contact",
    max: LIMIT,
    window_seconds: WINDOW_SECONDS,
};

/// Why an enquiry was not taken.
#[derive(Debug)]
pub enum EnquiryError {
    /// The form's fields at fault.
    Form(FormProblems<EnquiryField>),
    /// Several enquiries from this address lately; the studio's phone number to call instead.
    TooMany {
        phone: String,
    },
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for EnquiryError {
    fn from(err: sea_orm::DbErr) -> Self {
        EnquiryError::Db(err)
    }
}

/// An enquiry as sent, before it is parsed.
pub struct EnquirySent {
    pub form: EnquiryForm,
    /// The hidden field people never see; anything in it means a bot.
    pub honeypot: String,
    /// Where it came from.
    pub remote_addr: String,
}

/// Checks, stores and mails an enquiry. A bot's (honeypot filled) is answered the same but
/// dropped, so it learns nothing.
pub async fn receive(
    db: &DatabaseConnection,
    sent: EnquirySent,
    studio_email: &str,
    studio_phone: &str,
) -> Result<(), EnquiryError> {
    let enquiry = sent.form.parse().map_err(EnquiryError::Form)?;
    if !sent.honeypot.trim().is_empty() {
        tracing::info!(addr = %sent.remote_addr, "dropped an enquiry with the honeypot filled");
        return Ok(());
    }
    if !ENQUIRIES.take(db, &sent.remote_addr).await? {
        return Err(EnquiryError::TooMany {
            phone: studio_phone.to_owned(),
        });
    }
    let txn = db.begin().await?;
    let stored = enquiry::ActiveModel {
        name: Set(enquiry.name.clone()),
        email: Set(enquiry.email.clone()),
        phone: Set(Some(enquiry.phone.clone()).filter(|p| !p.is_empty())),
        enquiry_type: Set(enquiry.enquiry_type.as_str().to_owned()),
        message: Set(enquiry.message.clone()),
        remote_addr: Set(sent.remote_addr),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    mail::post(
        &txn,
        studio_email,
        letters::new_enquiry(stored.id, &enquiry),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}
