//! Enquiries from the contact form: checked with core's rules, stored, and mailed to the studio
//! through the outbox in one transaction. A honeypot field and a per-address limit keep bots
//! out without bothering people.

use posy_core::enquiry::{EnquiryField, EnquiryForm, validate_enquiry};
use posy_core::validation::FormProblems;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    Set, TransactionTrait,
};

use crate::clock::now;
use crate::entities::enquiry;
use crate::mail;

/// How many enquiries one address may send in [`WINDOW_SECONDS`].
pub const LIMIT: u64 = 5;
/// The window of the per-address limit.
pub const WINDOW_SECONDS: i64 = 10 * 60;

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

/// An enquiry as sent.
pub struct Enquiry {
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
    enquiry: Enquiry,
    studio_email: &str,
    studio_phone: &str,
) -> Result<(), EnquiryError> {
    let form = trimmed(enquiry.form);
    validate_enquiry(&form).map_err(EnquiryError::Form)?;
    if !enquiry.honeypot.trim().is_empty() {
        tracing::info!(addr = %enquiry.remote_addr, "dropped an enquiry with the honeypot filled");
        return Ok(());
    }
    let recent = enquiry::Entity::find()
        .filter(enquiry::Column::RemoteAddr.eq(&enquiry.remote_addr))
        .filter(enquiry::Column::CreatedAt.gt(now() - WINDOW_SECONDS))
        .count(db)
        .await?;
    if recent >= LIMIT {
        return Err(EnquiryError::TooMany {
            phone: studio_phone.to_owned(),
        });
    }
    let txn = db.begin().await?;
    let phone = Some(form.phone.clone()).filter(|p| !p.is_empty());
    let stored = enquiry::ActiveModel {
        name: Set(form.name.clone()),
        email: Set(form.email.clone()),
        phone: Set(phone.clone()),
        enquiry_type: Set(form.enquiry_type.clone()),
        message: Set(form.message.clone()),
        remote_addr: Set(enquiry.remote_addr),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    mail::enqueue(
        &txn,
        studio_email,
        &format!("New {} enquiry from {}", form.enquiry_type, form.name),
        &format!(
            "Enquiry {} from the website.\n\nName: {}\nEmail: {}\nPhone: {}\nAbout: {}\n\n{}\n",
            stored.id,
            form.name,
            form.email,
            phone.as_deref().unwrap_or("(not given)"),
            form.enquiry_type,
            form.message
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

fn trimmed(form: EnquiryForm) -> EnquiryForm {
    EnquiryForm {
        name: form.name.trim().to_owned(),
        email: form.email.trim().to_owned(),
        phone: form.phone.trim().to_owned(),
        enquiry_type: form.enquiry_type.trim().to_owned(),
        message: form.message.trim().to_owned(),
    }
}
