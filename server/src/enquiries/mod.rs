//! Enquiries from the contact form: checked with core's rules, stored, mailed to the studio
//! (answers going to the enquirer) and acknowledged to the enquirer, through the outbox in one
//! transaction. A honeypot field and a per-address limit keep bots
//! out without bothering people; the limit is counted by [`crate::store::rate_limit`], so a crowd of
//! parallel posts gets exactly its limit (five by default).

pub mod inbox;
pub mod letters;
pub mod privacy;

use posy_core::enquiry::{EnquiryField, EnquiryForm, EnquiryStatus};
use posy_core::studio::StudioFacts;
use posy_core::validation::FormProblems;
use sea_orm::{ActiveModelTrait, Set};

use crate::mail;
use crate::store::clock::now;
use crate::store::db::Writer;
use crate::store::entities::enquiry;
use crate::store::rate_limit::Limit;

/// The contact form's limit: `enquiries` per address in `window_minutes`.
pub fn limit(enquiries: u32, window_minutes: u32) -> Limit {
    Limit::new("contact", enquiries, window_minutes)
}

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
    /// Where it came from, as per-address limits count it (an IPv6 address by its /64).
    pub remote_addr: String,
}

/// Checks, stores and mails an enquiry, within `limit` for its address. A bot's (honeypot
/// filled) is answered the same but dropped, so it learns nothing.
pub async fn receive(
    writer: &Writer,
    sent: EnquirySent,
    limit: &Limit,
    studio_email: &str,
    studio: &StudioFacts,
) -> Result<(), EnquiryError> {
    let enquiry = sent.form.parse().map_err(EnquiryError::Form)?;
    posy_core::enquiry::hidden_characters(&sent.form).map_err(EnquiryError::Form)?;
    if !sent.honeypot.trim().is_empty() {
        tracing::info!(addr = %sent.remote_addr, "dropped an enquiry with the honeypot filled");
        return Ok(());
    }
    if !limit.take(writer, &sent.remote_addr).await? {
        return Err(EnquiryError::TooMany {
            phone: studio.phone.clone(),
        });
    }
    let txn = writer.begin().await?;
    let stored = enquiry::ActiveModel {
        name: Set(enquiry.name.clone()),
        email: Set(enquiry.email.clone()),
        phone: Set(Some(enquiry.phone.clone()).filter(|p| !p.is_empty())),
        enquiry_type: Set(enquiry.enquiry_type.as_str().to_owned()),
        message: Set(enquiry.message.clone()),
        remote_addr: Set(sent.remote_addr),
        created_at: Set(now()),
        status: Set(EnquiryStatus::New.as_str().to_owned()),
        read_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    mail::post_answered_to(
        &txn,
        studio_email,
        letters::new_enquiry(stored.id, &enquiry),
        &enquiry.email,
    )
    .await?;
    mail::post(
        &txn,
        &enquiry.email,
        letters::enquiry_received(studio, &enquiry),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}
