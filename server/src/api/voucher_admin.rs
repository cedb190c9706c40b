//! The back office's gift vouchers: the list (with the orders), one voucher with its history,
//! a voucher sold in the studio (a phone order), extending and voiding one, and the validity
//! setting. Each change says the version it saw; a stale one is refused (409).

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::Money;
use posy_core::calendar::Date;
use posy_core::schedule::today;
use posy_core::validation::{FormField, FormProblems};
use posy_core::voucher::{Movement, VoucherField, VoucherForm, VoucherSettings};
use sea_orm::{DbErr, EntityTrait};

use super::ApiTags;
use super::auth::AdminSession;
use super::text::Text;
use super::vouchers::VoucherFields;
use crate::http::error::{ADMIN, Answer, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::orders::OrderDesk;
use crate::orders::vouchers::{self, ChangeError, PaidFor};
use crate::store::audit::{self, Kind};
use crate::store::db::Writing;
use crate::store::entities::{voucher, voucher_movement};

/// The back office's vouchers.
pub struct VoucherAdminApi;

/// A voucher as the back office lists it.
#[derive(Debug, Object)]
pub struct VoucherRow {
    pub id: i32,
    /// `K7QM-2XHD-9PRT`.
    pub code: String,
    /// What it was bought for.
    pub value: String,
    /// What can be spent now (carts paying with it take theirs off).
    pub balance: String,
    /// `unpaid` (its online payment not made), `issued`, `voided` or `expired`.
    pub status: String,
    pub expires_on: String,
    pub buyer_name: String,
    pub buyer_email: String,
    /// None: sent to the buyer to print.
    pub recipient_name: Option<String>,
    pub recipient_email: Option<String>,
    /// The day its mail goes.
    pub send_on: String,
    /// When its mail went (Unix seconds); none before.
    pub sent_at: Option<i64>,
    /// When its buyer's and recipient's details went (Unix seconds: an erasure, or the
    /// retention rule); none while they are kept. One not sent by then is never mailed.
    pub anonymised_at: Option<i64>,
    /// `card` (online) or `studio`.
    pub paid_by: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Send it back with a change.
    pub version: i32,
}

/// One movement of a voucher.
#[derive(Debug, Object)]
pub struct VoucherMovementView {
    /// Unix seconds.
    pub at: i64,
    /// `issued`, `held`, `spent`, `refunded`, `voided`, `extended`.
    pub kind: String,
    /// Signed, e.g. `-25.00`.
    pub amount: String,
    /// In words: `Spent on order 1042`.
    pub description: String,
    pub order_id: Option<i32>,
    /// An extension's new last day.
    pub expires_on: Option<String>,
    pub who: Option<String>,
    pub note: Option<String>,
}

/// One voucher with its message and history.
#[derive(Debug, Object)]
pub struct VoucherDetail {
    #[oai(flatten)]
    pub row: VoucherRow,
    pub message: String,
    /// How a studio sale was paid.
    pub payment_note: Option<String>,
    /// Oldest first.
    pub history: Vec<VoucherMovementView>,
}

/// A voucher sold in the studio: the voucher form, and how it was paid.
#[derive(Debug, Object)]
pub struct StudioVoucher {
    #[oai(flatten)]
    pub voucher: VoucherFields,
    /// How it was paid, e.g. `Card on the phone`.
    pub payment_note: Text,
}

/// `POST /api/admin/vouchers/{id}/extend/`'s body.
#[derive(Debug, Object)]
pub struct ExtendVoucher {
    /// The version the page showed.
    pub version: i32,
    /// The new last day, later than the current one.
    pub expires_on: Text,
}

/// `POST /api/admin/vouchers/{id}/void/`'s body.
#[derive(Debug, Object)]
pub struct VoidVoucher {
    pub version: i32,
    /// Why, for the history.
    #[oai(default)]
    pub note: Text,
}

/// The voucher settings with the version a save sends back.
#[derive(Debug, Object)]
pub struct VoucherSettingsView {
    /// Months a new voucher lasts, 12 to 120.
    pub validity_months: u32,
    pub version: i64,
}

/// Why a voucher call was refused.
#[derive(Debug)]
pub enum VoucherAdminError {
    /// No such voucher.
    Gone,
    /// Changed since the page read it.
    Stale,
    /// The voucher form's fields at fault.
    Form(FormProblems<VoucherField>),
    /// A sentence.
    Refused(String),
    Db(DbErr),
}

impl From<DbErr> for VoucherAdminError {
    fn from(err: DbErr) -> Self {
        VoucherAdminError::Db(err)
    }
}

impl From<ChangeError> for VoucherAdminError {
    fn from(err: ChangeError) -> Self {
        match err {
            ChangeError::Gone => VoucherAdminError::Gone,
            ChangeError::Stale => VoucherAdminError::Stale,
            ChangeError::Invalid(why) => VoucherAdminError::Refused(why.to_owned()),
            ChangeError::Db(err) => VoucherAdminError::Db(err),
        }
    }
}

impl From<VoucherAdminError> for Problem {
    fn from(err: VoucherAdminError) -> Problem {
        match err {
            VoucherAdminError::Gone => {
                Problem::new(StatusCode::NOT_FOUND, "There is no such voucher.")
            }
            VoucherAdminError::Stale => Problem::new(
                StatusCode::CONFLICT,
                "This voucher was changed meanwhile; reload to see it.",
            ),
            VoucherAdminError::Form(problems) => Problem::fields(
                problems.message_naming(VoucherField::studio_label),
                problems.fields(FormField::wire_name),
            ),
            VoucherAdminError::Refused(why) => Problem::new(StatusCode::BAD_REQUEST, why),
            VoucherAdminError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for VoucherAdminError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is missing or wrong (`fields` by wire name, core's sentences), or the \
             change makes no sense (a last day not later, a voucher voided already).",
        ),
        Answer(404, "There is no such voucher."),
        Answer(
            409,
            "The voucher (or the settings) changed since the page read it: reload.",
        ),
        INTERNAL,
    ];
}

/// The voucher's status as the back office says it.
fn status(row: &voucher::Model, today: Date) -> String {
    if row.voided_at.is_some() {
        "voided".into()
    } else if row.status != vouchers::ISSUED {
        row.status.clone()
    } else if Date::parse(&row.expires_on).is_some_and(|last| today > last) {
        "expired".into()
    } else {
        "issued".into()
    }
}

async fn row_view(desk: &OrderDesk, row: voucher::Model) -> Result<VoucherRow, DbErr> {
    let now = desk.clock.now();
    let balance = vouchers::available(&desk.db, row.id, now, None).await?;
    Ok(VoucherRow {
        id: row.id,
        status: status(&row, today(now)),
        code: row.code,
        value: Money::from_pence(row.value_pence).to_wire(),
        balance: balance.to_wire(),
        expires_on: row.expires_on,
        buyer_name: row.buyer_name,
        buyer_email: row.buyer_email,
        recipient_name: row.recipient_name,
        recipient_email: row.recipient_email,
        send_on: row.send_on,
        sent_at: row.sent_at,
        anonymised_at: row.anonymised_at,
        paid_by: row.paid_by,
        created_at: row.created_at,
        version: row.version,
    })
}

fn movement_view(m: voucher_movement::Model) -> VoucherMovementView {
    let kind = Movement::parse(&m.kind);
    let number = m.order_id.map(i64::from);
    VoucherMovementView {
        at: m.at,
        description: kind.map_or_else(|| m.kind.clone(), |k| k.describe(number)),
        kind: m.kind,
        amount: Money::from_pence(m.amount_pence).to_wire(),
        order_id: m.order_id,
        expires_on: m.expires_on,
        who: m.who,
        note: m.note,
    }
}

async fn detail(desk: &OrderDesk, id: i32) -> Result<VoucherDetail, VoucherAdminError> {
    let row = voucher::Entity::find_by_id(id)
        .one(&desk.db)
        .await?
        .ok_or(VoucherAdminError::Gone)?;
    let history = vouchers::history(&desk.db, id).await?;
    let (message, payment_note) = (row.message.clone(), row.payment_note.clone());
    Ok(VoucherDetail {
        row: row_view(desk, row).await?,
        message,
        payment_note,
        history: history.into_iter().map(movement_view).collect(),
    })
}

/// Records what `who` did to `voucher` in the audit log, in the transaction that did it,
/// commits both, and answers with the voucher as it now is.
async fn recorded(
    desk: &OrderDesk,
    txn: Writing,
    who: &str,
    voucher: &voucher::Model,
    what: &str,
) -> Result<Json<VoucherDetail>, VoucherAdminError> {
    let subject = format!("Voucher {} (#{})", voucher.code, voucher.id);
    audit::record(&txn, who, Kind::Voucher, &subject, what).await?;
    txn.commit().await?;
    Ok(Json(detail(desk, voucher.id).await?))
}

type One = Result<Json<VoucherDetail>, Failure<VoucherAdminError, { ADMIN | PATH }>>;
type Changed = Result<Json<VoucherDetail>, Failure<VoucherAdminError, { ADMIN | PATH | SEND }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl VoucherAdminApi {
    /// The latest 100 vouchers, or those whose code or buyer's or recipient's e-mail address
    /// holds `q`.
    #[oai(path = "/admin/vouchers/", method = "get", operation_id = "adminVouchers")]
    async fn list(
        &self,
        _admin: AdminSession,
        desk: Data<&OrderDesk>,
        q: Query<Option<String>>,
    ) -> Result<Json<Vec<VoucherRow>>, Failure<VoucherAdminError, ADMIN>> {
        let rows = vouchers::list(&desk.db, q.0.as_deref())
            .await
            .map_err(VoucherAdminError::from)?;
        let mut views = Vec::with_capacity(rows.len());
        for row in rows {
            views.push(
                row_view(&desk, row)
                    .await
                    .map_err(VoucherAdminError::from)?,
            );
        }
        Ok(Json(views))
    }

    /// One voucher with its message and its history.
    #[oai(path = "/admin/vouchers/:id/", method = "get", operation_id = "adminVoucher")]
    async fn one(&self, _admin: AdminSession, desk: Data<&OrderDesk>, id: Path<i32>) -> One {
        Ok(Json(detail(&desk, id.0).await?))
    }

    /// Sells a voucher in the studio (paid outside the shop, e.g. by card on the phone): issued
    /// at once, its mail sent on its day; the answer has its code to read out.
    #[oai(path = "/admin/vouchers/", method = "post", operation_id = "adminSellVoucher")]
    async fn sell(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        body: Json<StudioVoucher>,
    ) -> Result<Json<VoucherDetail>, Failure<VoucherAdminError, { ADMIN | SEND }>> {
        let body = body.0;
        let form = VoucherForm::from(body.voucher);
        let order = form
            .parse(today(desk.clock.now()))
            .map_err(VoucherAdminError::Form)?;
        let note = body.payment_note.0.trim().to_owned();
        if note.is_empty() || note.chars().count() > 200 {
            return Err(VoucherAdminError::Refused(
                "Say how it was paid, in up to 200 characters.".into(),
            )
            .into());
        }
        let who = admin.0.username.clone();
        let txn = desk.ledger.begin().await.map_err(VoucherAdminError::from)?;
        let made = vouchers::create(
            &txn,
            &order,
            PaidFor::Studio {
                note: &note,
                taken_by: &who,
            },
        )
        .await
        .map_err(VoucherAdminError::from)?;
        // Today's goes at once (by the shop's day); a later day's at 08:00 on it.
        if order.send_on <= today(desk.clock.now()) {
            let studio = desk
                .facts
                .get(&desk.db)
                .await
                .map_err(VoucherAdminError::from)?;
            vouchers::send(&txn, &made, &studio, &desk.public_url)
                .await
                .map_err(VoucherAdminError::from)?;
        }
        let what = format!("sold in the studio for {}", order.value.display());
        Ok(recorded(&desk, txn, &who, &made, &what).await?)
    }

    /// Moves a voucher's last day later.
    #[oai(
        path = "/admin/vouchers/:id/extend/",
        method = "post",
        operation_id = "adminExtendVoucher"
    )]
    async fn extend(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        body: Json<ExtendVoucher>,
    ) -> Changed {
        let until = Date::parse(body.expires_on.trim())
            .ok_or_else(|| VoucherAdminError::Refused("Choose a day like 2029-01-31.".into()))?;
        let who = admin.0.username.clone();
        let txn = desk.ledger.begin().await.map_err(VoucherAdminError::from)?;
        let changed = vouchers::extend(&txn, id.0, body.version, until, &who)
            .await
            .map_err(VoucherAdminError::from)?;
        let what = format!("extended to {}", until.day_month_year());
        Ok(recorded(&desk, txn, &who, &changed, &what).await?)
    }

    /// Voids a voucher: what is left on it goes (a cart paying with it now keeps what it
    /// holds).
    #[oai(path = "/admin/vouchers/:id/void/", method = "post", operation_id = "adminVoidVoucher")]
    async fn void(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        body: Json<VoidVoucher>,
    ) -> Changed {
        let who = admin.0.username.clone();
        let note = body.note.trim().chars().take(500).collect::<String>();
        let txn = desk.ledger.begin().await.map_err(VoucherAdminError::from)?;
        let changed = vouchers::void(&txn, id.0, body.version, &who, &note, desk.clock.now())
            .await
            .map_err(VoucherAdminError::from)?;
        Ok(recorded(&desk, txn, &who, &changed, "voided").await?)
    }

    /// The voucher settings: how long a new voucher lasts.
    #[oai(
        path = "/admin/settings/vouchers/",
        method = "get",
        operation_id = "adminVoucherSettings"
    )]
    async fn settings(
        &self,
        _admin: AdminSession,
        desk: Data<&OrderDesk>,
    ) -> Result<Json<VoucherSettingsView>, Failure<VoucherAdminError, ADMIN>> {
        let (settings, version) = vouchers::versioned_settings(&desk.db)
            .await
            .map_err(VoucherAdminError::from)?;
        Ok(Json(VoucherSettingsView {
            validity_months: settings.validity_months,
            version,
        }))
    }

    /// Saves the voucher settings from the version the page read (409 when stale).
    #[oai(
        path = "/admin/settings/vouchers/",
        method = "put",
        operation_id = "adminSaveVoucherSettings"
    )]
    async fn save_settings(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        body: Json<VoucherSettingsView>,
    ) -> Result<Json<VoucherSettingsView>, Failure<VoucherAdminError, { ADMIN | SEND }>> {
        let settings = VoucherSettings {
            validity_months: body.validity_months,
        };
        let txn = desk.ledger.begin().await.map_err(VoucherAdminError::from)?;
        let version = match vouchers::save_settings(&txn, &settings, body.version)
            .await
            .map_err(VoucherAdminError::from)?
        {
            Err(why) => return Err(VoucherAdminError::Refused(why).into()),
            Ok(None) => return Err(VoucherAdminError::Stale.into()),
            Ok(Some(version)) => version,
        };
        audit::record(
            &txn,
            &admin.0.username,
            Kind::Settings,
            "Vouchers",
            &format!("new vouchers last {} months", settings.validity_months),
        )
        .await
        .map_err(VoucherAdminError::from)?;
        txn.commit().await.map_err(VoucherAdminError::from)?;
        Ok(Json(VoucherSettingsView {
            validity_months: settings.validity_months,
            version,
        }))
    }
}
