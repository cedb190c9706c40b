//! Gift vouchers and offer codes (issue 32).
//!
//! - `vouchers`: one row per voucher, bought online (its own payment intent, unique) or sold in
//!   the studio; who bought it, for whom, the message, the send day and when its mail went. It
//!   carries no balance: the balance is the sum of its movements.
//! - `voucher_movements`: the ledger. Each row a signed amount in pence: issued (+), held for a
//!   cart being paid for (−, counted only while that cart's hold lives, like its stock), spent on
//!   an order (−; the hold becomes it in the order's transaction), given back by a refund (+),
//!   voided (− what was left), extended (0, with the new last day). Every row that moves money
//!   has a unique key, so a retry never moves it twice.
//! - `offer_codes`: the studio's codes and their terms, versioned; ended, never deleted once used.
//! - `offer_uses`: a code held for a cart at `check_intent` (counted while the hold lives), then
//!   used by an order; the e-mail address for "one per e-mail".
//! - `carts` gain the voucher and the offer code the shopper applied, and what they came to when
//!   the payment was made; `orders` what was paid by voucher and the discount.
//!
//! Plain strings for kinds and days, money in pence, alike on both databases.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Vouchers::Table)
                    .col(pk_auto(Vouchers::Id))
                    // `K7QM-2XHD-9PRT`, as core writes it.
                    .col(string_len_uniq(Vouchers::Code, 24))
                    .col(
                        big_integer(Vouchers::ValuePence)
                            .check(Expr::col(Vouchers::ValuePence).gt(0)),
                    )
                    // `unpaid` while its payment is made, then `issued`.
                    .col(string_len(Vouchers::Status, 16))
                    // The last day it can be spent, `2028-12-25` (an extension moves it).
                    .col(string_len(Vouchers::ExpiresOn, 10))
                    .col(big_integer_null(Vouchers::VoidedAt))
                    .col(integer(Vouchers::Version).default(1))
                    .col(big_integer(Vouchers::CreatedAt))
                    .col(string_len(Vouchers::BuyerName, 100))
                    .col(string_len(Vouchers::BuyerEmail, 254))
                    // Null recipient: sent to the buyer to print.
                    .col(string_len_null(Vouchers::RecipientName, 100))
                    .col(string_len_null(Vouchers::RecipientEmail, 254))
                    .col(text(Vouchers::Message))
                    // The day its mail goes, at 08:00 UK time.
                    .col(string_len(Vouchers::SendOn, 10))
                    .col(big_integer_null(Vouchers::SentAt))
                    // `card` (bought online) or `studio` (sold in the studio).
                    .col(string_len(Vouchers::PaidBy, 16))
                    .col(string_len_null(Vouchers::PaymentIntentId, 255).unique_key())
                    .col(string_len_null(Vouchers::PaymentNote, 200))
                    .col(string_len_null(Vouchers::TakenBy, 100))
                    // The address that asked for its payment (as limits count it); null after.
                    .col(string_len_null(Vouchers::PayAddress, 64))
                    .col(big_integer_null(Vouchers::AnonymisedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_vouchers_send")
                    .table(Vouchers::Table)
                    .col(Vouchers::Status)
                    .col(Vouchers::SentAt)
                    .col(Vouchers::SendOn)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_vouchers_buyer_email")
                    .table(Vouchers::Table)
                    .col(Vouchers::BuyerEmail)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(VoucherMovements::Table)
                    .col(pk_auto(VoucherMovements::Id))
                    .col(integer(VoucherMovements::VoucherId))
                    // core's `voucher::Movement` word.
                    .col(string_len(VoucherMovements::Kind, 16))
                    // Signed pence: the balance is the sum.
                    .col(big_integer(VoucherMovements::AmountPence))
                    // The cart a hold is for.
                    .col(string_len_null(VoucherMovements::CartId, 36))
                    // The order it was spent on or given back from.
                    .col(integer_null(VoucherMovements::OrderId))
                    // An extension's new last day.
                    .col(string_len_null(VoucherMovements::ExpiresOn, 10))
                    // The admin who made it, for the studio's own movements.
                    .col(string_len_null(VoucherMovements::Who, 100))
                    .col(text_null(VoucherMovements::Note))
                    // Unique: what makes a retry find the movement it made, not a second one.
                    .col(string_len_uniq(VoucherMovements::Key, 120))
                    .col(big_integer(VoucherMovements::At))
                    .foreign_key(
                        ForeignKey::create()
                            .from(VoucherMovements::Table, VoucherMovements::VoucherId)
                            .to(Vouchers::Table, Vouchers::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_voucher_movements_voucher")
                    .table(VoucherMovements::Table)
                    .col(VoucherMovements::VoucherId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_voucher_movements_cart")
                    .table(VoucherMovements::Table)
                    .col(VoucherMovements::CartId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_voucher_movements_order")
                    .table(VoucherMovements::Table)
                    .col(VoucherMovements::OrderId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(OfferCodes::Table)
                    .col(pk_auto(OfferCodes::Id))
                    .col(string_len_uniq(OfferCodes::Code, 20))
                    .col(integer(OfferCodes::Version).default(1))
                    // `percent_off`, `amount_off` or `free_delivery`.
                    .col(string_len(OfferCodes::Kind, 16))
                    .col(integer_null(OfferCodes::Percent))
                    .col(big_integer_null(OfferCodes::AmountPence))
                    .col(big_integer_null(OfferCodes::MinimumSpendPence))
                    .col(string_len_null(OfferCodes::ValidFrom, 10))
                    .col(string_len_null(OfferCodes::ValidUntil, 10))
                    // `tuesday,thursday`; empty for any day.
                    .col(string_len(OfferCodes::Weekdays, 80).default(""))
                    // JSON lists: slot names, product ids, shelf ids.
                    .col(text(OfferCodes::Slots))
                    .col(text(OfferCodes::Products))
                    .col(text(OfferCodes::Shelves))
                    .col(integer_null(OfferCodes::TotalUses))
                    .col(boolean(OfferCodes::OncePerEmail).default(false))
                    .col(big_integer_null(OfferCodes::EndedAt))
                    .col(big_integer(OfferCodes::CreatedAt))
                    .col(big_integer(OfferCodes::UpdatedAt))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(OfferUses::Table)
                    .col(pk_auto(OfferUses::Id))
                    .col(integer(OfferUses::OfferId))
                    // `held` (for a cart paying) or `used` (by an order).
                    .col(string_len(OfferUses::Kind, 8))
                    .col(string_len_null(OfferUses::CartId, 36))
                    .col(integer_null(OfferUses::OrderId).unique_key())
                    // Lower case, for one per e-mail; blanked when the order is anonymised.
                    .col(string_len_null(OfferUses::Email, 254))
                    .col(big_integer(OfferUses::DiscountPence).default(0))
                    .col(big_integer(OfferUses::At))
                    .foreign_key(
                        ForeignKey::create()
                            .from(OfferUses::Table, OfferUses::OfferId)
                            .to(OfferCodes::Table, OfferCodes::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_offer_uses_offer")
                    .table(OfferUses::Table)
                    .col(OfferUses::OfferId)
                    .col(OfferUses::Kind)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_offer_uses_cart")
                    .table(OfferUses::Table)
                    .col(OfferUses::CartId)
                    .to_owned(),
            )
            .await?;

        for column in [
            string_len_null(Carts::VoucherCode, 24),
            string_len_null(Carts::OfferCode, 20),
            big_integer_null(Carts::VoucherPence),
            big_integer_null(Carts::DiscountPence),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Carts::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        for column in [
            integer_null(Orders::VoucherId),
            big_integer(Orders::VoucherPence).default(0).to_owned(),
            big_integer(Orders::DiscountPence).default(0).to_owned(),
            string_len_null(Orders::OfferCode, 20),
            big_integer(Orders::VoucherRefundedPence)
                .default(0)
                .to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            Orders::VoucherId,
            Orders::VoucherPence,
            Orders::DiscountPence,
            Orders::OfferCode,
            Orders::VoucherRefundedPence,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        for column in [
            Carts::VoucherCode,
            Carts::OfferCode,
            Carts::VoucherPence,
            Carts::DiscountPence,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Carts::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .drop_table(Table::drop().table(OfferUses::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(OfferCodes::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(VoucherMovements::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(Vouchers::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum Vouchers {
    Table,
    Id,
    Code,
    ValuePence,
    Status,
    ExpiresOn,
    VoidedAt,
    Version,
    CreatedAt,
    BuyerName,
    BuyerEmail,
    RecipientName,
    RecipientEmail,
    Message,
    SendOn,
    SentAt,
    PaidBy,
    PaymentIntentId,
    PaymentNote,
    TakenBy,
    PayAddress,
    AnonymisedAt,
}

#[derive(DeriveIden)]
enum VoucherMovements {
    Table,
    Id,
    VoucherId,
    Kind,
    AmountPence,
    CartId,
    OrderId,
    ExpiresOn,
    Who,
    Note,
    Key,
    At,
}

#[derive(DeriveIden)]
enum OfferCodes {
    Table,
    Id,
    Code,
    Version,
    Kind,
    Percent,
    AmountPence,
    MinimumSpendPence,
    ValidFrom,
    ValidUntil,
    Weekdays,
    Slots,
    Products,
    Shelves,
    TotalUses,
    OncePerEmail,
    EndedAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum OfferUses {
    Table,
    Id,
    OfferId,
    Kind,
    CartId,
    OrderId,
    Email,
    DiscountPence,
    At,
}

#[derive(DeriveIden)]
enum Carts {
    Table,
    VoucherCode,
    OfferCode,
    VoucherPence,
    DiscountPence,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    VoucherId,
    VoucherPence,
    DiscountPence,
    OfferCode,
    VoucherRefundedPence,
}
