//! A gift voucher's personal data: the buyer's and the recipient's names and addresses and the
//! message. Held for either address (the right of access), and forgotten on request or after the
//! orders' period (six years by default) from when it was bought; one never paid for sooner,
//! when an unpaid cart would go. The code, its value and its ledger stay: they are money, and a
//! voucher anonymised can still be spent by its holder.

use poem_openapi::Object;
use posy_core::Money;
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, ExprTrait, QueryFilter, QueryOrder,
};
use serde::Serialize;

use crate::orders::vouchers::UNPAID;
use crate::store::clock::iso8601;
use crate::store::entities::{offer_use, voucher};

/// A voucher as held for someone who bought or received it.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "HeldVoucher")]
pub struct HeldVoucher {
    /// `K7QM-2XHD-9PRT`.
    pub code: String,
    pub value: String,
    /// ISO 8601, UTC.
    pub bought_at: String,
    pub buyer_name: String,
    pub buyer_email: String,
    pub recipient_name: Option<String>,
    pub recipient_email: Option<String>,
    pub message: String,
    pub send_on: String,
}

fn for_address(email: &str) -> sea_orm::Condition {
    let email = email.trim().to_lowercase();
    sea_orm::Condition::any()
        .add(Expr::expr(Func::lower(Expr::col(voucher::Column::BuyerEmail))).eq(email.clone()))
        .add(Expr::expr(Func::lower(Expr::col(voucher::Column::RecipientEmail))).eq(email))
}

/// The vouchers `email` bought or was sent (any capitals), oldest first.
pub async fn held(db: &impl ConnectionTrait, email: &str) -> Result<Vec<HeldVoucher>, DbErr> {
    Ok(voucher::Entity::find()
        .filter(for_address(email))
        .filter(voucher::Column::AnonymisedAt.is_null())
        .order_by_asc(voucher::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|v| HeldVoucher {
            code: v.code,
            value: Money::from_pence(v.value_pence).to_wire(),
            bought_at: iso8601(v.created_at),
            buyer_name: v.buyer_name,
            buyer_email: v.buyer_email,
            recipient_name: v.recipient_name,
            recipient_email: v.recipient_email,
            message: v.message,
            send_on: v.send_on,
        })
        .collect())
}

/// Blanks the personal data of the vouchers matched, in the caller's transaction; answers how
/// many.
async fn anonymise(
    txn: &impl ConnectionTrait,
    which: sea_orm::Condition,
    now: i64,
) -> Result<u64, DbErr> {
    let done = voucher::Entity::update_many()
        .col_expr(voucher::Column::BuyerName, Expr::value(""))
        .col_expr(voucher::Column::BuyerEmail, Expr::value(""))
        .col_expr(voucher::Column::RecipientName, Expr::value(None::<String>))
        .col_expr(voucher::Column::RecipientEmail, Expr::value(None::<String>))
        .col_expr(voucher::Column::Message, Expr::value(""))
        .col_expr(voucher::Column::PayAddress, Expr::value(None::<String>))
        .col_expr(voucher::Column::AnonymisedAt, Expr::value(now))
        .filter(which)
        .filter(voucher::Column::AnonymisedAt.is_null())
        .exec(txn)
        .await?;
    Ok(done.rows_affected)
}

/// Forgets `email` on every voucher she bought or was sent, and on her uses of offer codes.
pub async fn forget(txn: &impl ConnectionTrait, email: &str, now: i64) -> Result<u64, DbErr> {
    offer_use::Entity::update_many()
        .col_expr(offer_use::Column::Email, Expr::value(None::<String>))
        .filter(offer_use::Column::Email.eq(email.trim().to_lowercase()))
        .exec(txn)
        .await?;
    anonymise(txn, for_address(email), now).await
}

/// Anonymises vouchers bought before `bought_before` (the orders' period), in the caller's
/// transaction; answers how many.
pub async fn anonymise_bought_before(
    txn: &impl ConnectionTrait,
    bought_before: i64,
    now: i64,
) -> Result<u64, DbErr> {
    anonymise(
        txn,
        sea_orm::Condition::all().add(voucher::Column::CreatedAt.lt(bought_before)),
        now,
    )
    .await
}

/// Anonymises vouchers whose purchase was started before `started_before` and never paid for
/// (the card refused or the page left), in the caller's transaction; answers how many.
pub async fn anonymise_unpaid_started_before(
    txn: &impl ConnectionTrait,
    started_before: i64,
    now: i64,
) -> Result<u64, DbErr> {
    anonymise(
        txn,
        sea_orm::Condition::all()
            .add(voucher::Column::Status.eq(UNPAID))
            .add(voucher::Column::CreatedAt.lt(started_before)),
        now,
    )
    .await
}
