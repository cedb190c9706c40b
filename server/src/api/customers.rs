//! A customer's data on request (UK GDPR's rights of access and erasure), in the back office
//! and on the command line (`posy customers export|erase`, which call the functions here):
//! what is held for an e-mail address, her copy of it as JSON, and erasing it. Each domain
//! reads and forgets its own part (`orders::privacy`, `enquiries::privacy`, `mail::privacy`);
//! this file puts them together in one transaction, where the record of who did it belongs.
//!
//! Erasing anonymises her orders (amounts, items, dates, refunds and the postcode district
//! stay: HMRC's six years), deletes her enquiries with their replies and every letter to or
//! about her (rows, then their `.eml` files), and ends every link to her orders. It is refused
//! while an order of hers is unfinished: the studio still needs her address to deliver it.

use std::path::Path;

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::calendar::LondonTime;
use posy_core::order::OrderStatus;
use posy_core::validation::is_email;
use sea_orm::{ConnectionTrait, DbErr};
use serde::Serialize;

use super::ApiTags;
use super::auth::AdminSession;
use super::state::Privacy;
use crate::enquiries::privacy::HeldEnquiry;
use crate::http::error::{ADMIN, Answer, Failure, INTERNAL, Problem, Refusal, SEND};
use crate::mail::privacy::HeldMail;
use crate::orders::bookings::HeldBooking;
use crate::orders::privacy::HeldOrder;
use crate::orders::voucher_privacy::HeldVoucher;
use crate::store::audit::{self, Kind};
use crate::store::clock::{now, parse_moment};
use crate::store::db::Writer;
use crate::{enquiries, mail, orders};

/// A customer's data in the back office.
pub struct CustomersApi;

/// Everything the shop holds for an e-mail address: her copy (the export).
#[derive(Debug, Clone, Object, Serialize)]
pub struct CustomerData {
    /// The address asked about, as given.
    pub email: String,
    /// When this copy was made, ISO 8601 in UTC.
    pub exported_at: String,
    pub orders: Vec<HeldOrder>,
    pub enquiries: Vec<HeldEnquiry>,
    /// Letters to her, or about her to the studio, still in the outbox.
    pub mail: Vec<HeldMail>,
    /// Her workshop bookings, with the names and the note (allergies) she gave.
    pub bookings: Vec<HeldBooking>,
    /// Gift vouchers she bought or was sent, with their messages.
    pub vouchers: Vec<HeldVoucher>,
}

/// What the back office shows before an export or an erasure: what is held, in brief.
#[derive(Debug, Object)]
pub struct CustomerSummary {
    pub email: String,
    /// Each order, e.g. `FS-000123, placed 14 December 2026 at 09:30, Delivered, £45.00`.
    pub orders: Vec<String>,
    /// Each enquiry, e.g. `wedding, received 14 December 2026 at 09:30, 1 reply`.
    pub enquiries: Vec<String>,
    /// Each letter, e.g. `Your Posy order FS-000123, written 14 December 2026 at 09:30`.
    pub mail: Vec<String>,
    /// Why she cannot be erased yet (an unfinished order, named); null when she can.
    pub erase_refused: Option<String>,
}

/// Whose data: the address.
#[derive(Debug, Object)]
pub struct CustomerAsk {
    pub email: String,
}

/// What an erasure did.
#[derive(Debug, Object, Serialize)]
pub struct Erased {
    /// Orders anonymised (amounts, items, dates, refunds and the district kept).
    pub orders: u64,
    /// Enquiries deleted with their replies.
    pub enquiries: u64,
    /// Letters deleted.
    pub mail: usize,
    /// Their `.eml` files removed from the data folder.
    pub mail_files: usize,
    /// Gift vouchers whose buyer's or recipient's details and message went (the code and its
    /// money stay).
    pub vouchers: u64,
}

/// Why a customer's data was not exported or erased.
#[derive(Debug)]
pub enum CustomerError {
    /// Not an e-mail address.
    NotAnAddress,
    /// An order of hers is unfinished: the sentence names which and why.
    Unfinished(String),
    Db(DbErr),
}

impl From<DbErr> for CustomerError {
    fn from(err: DbErr) -> Self {
        CustomerError::Db(err)
    }
}

const NOT_AN_ADDRESS: &str = "Please give the customer's e-mail address, like jo@example.com.";

impl From<CustomerError> for Problem {
    fn from(err: CustomerError) -> Problem {
        match err {
            CustomerError::NotAnAddress => Problem::field(NOT_AN_ADDRESS, "email", NOT_AN_ADDRESS),
            CustomerError::Unfinished(why) => Problem::new(StatusCode::CONFLICT, why),
            CustomerError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for CustomerError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "The address is not an e-mail address (`fields.email`).",
        ),
        Answer(
            409,
            "Nothing was erased: an order of hers is not finished yet; `error` names it.",
        ),
        INTERNAL,
    ];
}

fn address(email: &str) -> Result<&str, CustomerError> {
    let email = email.trim();
    if is_email(email) {
        Ok(email)
    } else {
        Err(CustomerError::NotAnAddress)
    }
}

/// Everything held for `email`, read on `db`.
async fn held(db: &impl ConnectionTrait, email: &str) -> Result<CustomerData, DbErr> {
    Ok(CustomerData {
        email: email.to_owned(),
        exported_at: crate::store::clock::iso8601(now()),
        orders: orders::privacy::held(db, email).await?,
        enquiries: enquiries::privacy::held(db, email).await?,
        mail: mail::privacy::held(db, email).await?,
        bookings: orders::bookings::held(db, email).await?,
        vouchers: orders::voucher_privacy::held(db, email).await?,
    })
}

/// A held moment (ISO 8601) as the studio reads it, `23 November 2026 at 10:15` in Bristol.
fn in_words(moment: &str) -> String {
    parse_moment(moment)
        .and_then(LondonTime::at)
        .map_or_else(|| moment.to_owned(), LondonTime::full)
}

/// An address as the record of an erasure keeps it: its first letter and its domain
/// ("s…@example.com"), enough to tell which request it was, not to find her again.
fn hint(email: &str) -> String {
    match email.split_once('@') {
        Some((name, domain)) => {
            format!("{}…@{domain}", name.chars().next().unwrap_or('?'))
        }
        None => "an address".to_owned(),
    }
}

/// Why her orders keep her from being erased, in a sentence; none when nothing does.
async fn refusal(db: &impl ConnectionTrait, email: &str) -> Result<Option<String>, DbErr> {
    let open = orders::privacy::unfinished(db, email).await?;
    Ok(match open.as_slice() {
        [] => None,
        [one] => Some(format!(
            "Her data cannot be erased yet: order {one} is not finished, and the studio still \
             needs her details to make and hand it over. Erase it once the order is delivered, \
             collected or cancelled."
        )),
        [first @ .., last] => Some(format!(
            "Her data cannot be erased yet: orders {} and {last} are not finished, and the \
             studio still needs her details to make and hand them over. Erase it once they are \
             delivered, collected or cancelled.",
            first.join(", ")
        )),
    })
}

/// Her copy of everything held for `email`, made in a write transaction of its own, where
/// the record that `by` exported it belongs.
pub async fn export(writer: &Writer, email: &str, by: &str) -> Result<CustomerData, CustomerError> {
    let email = address(email)?;
    let txn = writer.begin().await?;
    let data = held(&txn, email).await?;
    audit::record(
        &txn,
        by,
        Kind::Export,
        email,
        &format!(
            "her data: {} order(s), {} enquiry(ies), {} letter(s)",
            data.orders.len(),
            data.enquiries.len(),
            data.mail.len()
        ),
    )
    .await?;
    txn.commit().await?;
    tracing::info!(by, "a customer's data was exported");
    Ok(data)
}

/// Erases what is held for `email` (see the top of this file), unless an order of hers is
/// unfinished. The rows go in one transaction (where the record that `by` erased them
/// belongs); the letters' files after it commits. A file that cannot be removed then is
/// logged, and the retention task's next pass removes it (it looks for files whose letters
/// are gone).
pub async fn erase(
    writer: &Writer,
    outbox_dir: &Path,
    email: &str,
    by: &str,
) -> Result<Erased, CustomerError> {
    let email = address(email)?;
    let txn = writer.begin().await?;
    if let Some(why) = refusal(&txn, email).await? {
        txn.rollback().await?;
        return Err(CustomerError::Unfinished(why));
    }
    let orders = orders::privacy::forget(&txn, email, now()).await?;
    orders::bookings::forget(&txn, email, now()).await?;
    let enquiries = enquiries::privacy::forget(&txn, email).await?;
    let letters = mail::privacy::forget(&txn, email).await?;
    let vouchers = orders::voucher_privacy::forget(&txn, email, now()).await?;
    // The record keeps only a hint of the address: it outlives her data by two years.
    audit::record(
        &txn,
        by,
        Kind::Erasure,
        &hint(email),
        &format!(
            "erased on request: {orders} order(s) and {vouchers} voucher(s) anonymised, \
             {enquiries} enquiry(ies) and {} letter(s) deleted",
            letters.len()
        ),
    )
    .await?;
    txn.commit().await?;
    let mail_files = match mail::privacy::remove_files(outbox_dir, &letters) {
        Ok(removed) => removed,
        Err(err) => {
            tracing::warn!(%err, "a customer's letters' files could not all be removed yet");
            0
        }
    };
    tracing::info!(by, orders, enquiries, "a customer's data was erased");
    Ok(Erased {
        orders,
        enquiries,
        mail: letters.len(),
        mail_files,
        vouchers,
    })
}

type Looked = Result<Json<CustomerSummary>, Failure<CustomerError, ADMIN>>;
type Exported = Result<Json<CustomerData>, Failure<CustomerError, { ADMIN | SEND }>>;
type Erasure = Result<Json<Erased>, Failure<CustomerError, { ADMIN | SEND }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl CustomersApi {
    /// What the shop holds for an e-mail address, in brief (any capitals), and whether it can
    /// be erased now.
    #[oai(path = "/admin/customers/", method = "get", operation_id = "adminCustomerSummary")]
    async fn summary(
        &self,
        _admin: AdminSession,
        writer: Data<&Writer>,
        email: Query<String>,
    ) -> Looked {
        let email = address(&email.0)?;
        let db = writer.pool();
        let data = held(db, email).await.map_err(CustomerError::from)?;
        let replies = |n: usize| match n {
            1 => "1 reply".to_owned(),
            n => format!("{n} replies"),
        };
        Ok(Json(CustomerSummary {
            email: email.to_owned(),
            orders: data
                .orders
                .iter()
                .map(|o| {
                    let gone = if o.anonymised_at.is_some() {
                        ", anonymised"
                    } else {
                        ""
                    };
                    let status = OrderStatus::parse(&o.status).map_or("", OrderStatus::label);
                    format!(
                        "{}, placed {}, {status}, £{}{gone}",
                        o.reference,
                        in_words(&o.placed_at),
                        o.total
                    )
                })
                .collect(),
            enquiries: data
                .enquiries
                .iter()
                .map(|e| {
                    format!(
                        "{}, received {}, {}",
                        e.enquiry_type,
                        in_words(&e.received_at),
                        replies(e.replies.len())
                    )
                })
                .collect(),
            mail: data
                .mail
                .iter()
                .map(|m| format!("{}, written {}", m.subject, in_words(&m.queued_at)))
                .collect(),
            erase_refused: refusal(db, email).await.map_err(CustomerError::from)?,
        }))
    }

    /// Her copy of everything held for the address, as JSON: every order (with the studio's
    /// notes), enquiry, reply and letter.
    #[oai(path = "/admin/customers/export/", method = "post", operation_id = "adminExportCustomer")]
    async fn export(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        ask: Json<CustomerAsk>,
    ) -> Exported {
        Ok(Json(
            export(*writer, &ask.0.email, &admin.0.username).await?,
        ))
    }

    /// Erases what is held for the address: her orders anonymised (the money, the items, the
    /// dates, the refunds and the postcode district stay), her enquiries, replies and letters
    /// deleted, her order links ended. Refused (409) while an order of hers is unfinished.
    #[oai(path = "/admin/customers/erase/", method = "post", operation_id = "adminEraseCustomer")]
    async fn erase(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        privacy: Data<&Privacy>,
        ask: Json<CustomerAsk>,
    ) -> Erasure {
        Ok(Json(
            erase(
                *writer,
                &privacy.outbox_dir,
                &ask.0.email,
                &admin.0.username,
            )
            .await?,
        ))
    }
}
