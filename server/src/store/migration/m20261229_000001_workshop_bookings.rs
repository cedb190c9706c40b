//! Workshops you can book (issue 31): the workshop's own page (`slug`), what to bring, its start
//! and end time, place and seats, hidden or cancelled, its cancellation rule, what bookers are
//! asked, and a `version` for the back office's edits; the bookings (each an order once paid,
//! with what it still owes and by when, fixed when booked so an edit never changes it); the
//! waiting list; and an order's `channel` (`shop`, or `workshop` for a booking).
//!
//! `spots_left` stays the seats not yet booked, taken with a conditional update as stock is;
//! `seats` is how many the workshop has in all (existing rows: their spots left).

use posy_core::calendar::TimeOfDay;
use posy_core::workshop::slug_for;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column a statement.
        let columns = [
            string_len(Workshops::Slug, 80).default("").to_owned(),
            text(Workshops::WhatToBring).default("").to_owned(),
            string_len(Workshops::StartTime, 5)
                .default("10:00")
                .to_owned(),
            string_len(Workshops::EndTime, 5)
                .default("13:00")
                .to_owned(),
            // Empty: the studio's own address.
            string_len(Workshops::Place, 300).default("").to_owned(),
            integer(Workshops::Seats)
                .default(0)
                .check(Expr::col(Workshops::Seats).gte(0))
                .to_owned(),
            boolean(Workshops::Hidden).default(false).to_owned(),
            big_integer_null(Workshops::CancelledAt),
            string_len(Workshops::Cancellation, 20)
                .default("default")
                .to_owned(),
            boolean(Workshops::AsksPhone).default(true).to_owned(),
            boolean(Workshops::AsksNote).default(true).to_owned(),
            integer(Workshops::Version).default(0).to_owned(),
        ];
        for column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(Workshops::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        fill_workshops(manager).await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_workshops_slug")
                    .table(Workshops::Table)
                    .col(Workshops::Slug)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .add_column(string_len(Orders::Channel, 20).default("shop"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WorkshopBookings::Table)
                    .col(pk_auto(WorkshopBookings::Id))
                    .col(integer(WorkshopBookings::WorkshopId))
                    // The cart that holds the seats while paying (one booking a cart), and
                    // whose payment intent pays the deposit.
                    .col(string_len(WorkshopBookings::CartId, 64).unique_key())
                    // Set once paid: the booking is this order.
                    .col(integer_null(WorkshopBookings::OrderId).unique_key())
                    .col(
                        integer(WorkshopBookings::Seats)
                            .check(Expr::col(WorkshopBookings::Seats).gte(1)),
                    )
                    // The names, one a seat, as a JSON array.
                    .col(text(WorkshopBookings::Names))
                    .col(string_len(WorkshopBookings::Email, 254))
                    .col(string_len(WorkshopBookings::Phone, 40))
                    // Allergies or access needs: health data, deleted 30 days after the
                    // workshop (`notes_cleared_at`).
                    .col(text(WorkshopBookings::Note))
                    .col(big_integer_null(WorkshopBookings::NotesClearedAt))
                    // What booking paid (all seats) and what is left, fixed when booked.
                    .col(big_integer(WorkshopBookings::PaidPence))
                    .col(big_integer(WorkshopBookings::BalancePence))
                    .col(string_len_null(WorkshopBookings::BalanceDue, 10))
                    // `card` (the link in the reminder) or `studio` (marked in the back office).
                    .col(big_integer_null(WorkshopBookings::BalancePaidAt))
                    .col(string_len_null(WorkshopBookings::BalancePaidHow, 20))
                    .col(string_len_null(WorkshopBookings::BalanceIntentId, 255))
                    // The reminders sent: `week` a week before, `day` on the day.
                    .col(string_len_null(WorkshopBookings::Reminded, 10))
                    .col(big_integer_null(WorkshopBookings::CancelledAt))
                    .col(big_integer(WorkshopBookings::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(WorkshopBookings::Table, WorkshopBookings::WorkshopId)
                            .to(Workshops::Table, Workshops::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_workshop_bookings_workshop")
                    .table(WorkshopBookings::Table)
                    .col(WorkshopBookings::WorkshopId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WorkshopWaiting::Table)
                    .col(pk_auto(WorkshopWaiting::Id))
                    .col(integer(WorkshopWaiting::WorkshopId))
                    .col(string_len(WorkshopWaiting::Name, 100))
                    .col(string_len(WorkshopWaiting::Email, 254))
                    .col(integer(WorkshopWaiting::Seats).default(1))
                    .col(big_integer(WorkshopWaiting::CreatedAt))
                    // An offer made: until when its seats are kept, and the offer link's
                    // token (a hash).
                    .col(big_integer_null(WorkshopWaiting::OfferedUntil))
                    .col(string_len_null(WorkshopWaiting::OfferToken, 64))
                    // Booked, lapsed or removed: no longer waiting.
                    .col(big_integer_null(WorkshopWaiting::DoneAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(WorkshopWaiting::Table, WorkshopWaiting::WorkshopId)
                            .to(Workshops::Table, Workshops::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_workshop_waiting_workshop")
                    .table(WorkshopWaiting::Table)
                    .col(WorkshopWaiting::WorkshopId)
                    .col(WorkshopWaiting::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            WorkshopWaiting::Table.into_iden(),
            WorkshopBookings::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        manager
            .drop_index(Index::drop().name("idx_workshops_slug").to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .drop_column(Orders::Channel)
                    .to_owned(),
            )
            .await?;
        for column in [
            Workshops::Slug,
            Workshops::WhatToBring,
            Workshops::StartTime,
            Workshops::EndTime,
            Workshops::Place,
            Workshops::Seats,
            Workshops::Hidden,
            Workshops::CancelledAt,
            Workshops::Cancellation,
            Workshops::AsksPhone,
            Workshops::AsksNote,
            Workshops::Version,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Workshops::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

/// Gives each existing workshop a slug from its title (numbered when two share one), its
/// start and end read from its `time` (`10:00–13:00`) where they can be, and its seats.
async fn fill_workshops(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let rows = Query::select()
        .columns([
            Workshops::Id,
            Workshops::Title,
            Workshops::Time,
            Workshops::SpotsLeft,
        ])
        .from(Workshops::Table)
        .order_by(Workshops::Id, Order::Asc)
        .to_owned();
    let mut taken = Vec::new();
    for row in db.query_all(&rows).await? {
        let id: i32 = row.try_get("", "id")?;
        let title: String = row.try_get("", "title")?;
        let time: String = row.try_get("", "time")?;
        let spots: i32 = row.try_get("", "spots_left")?;
        let mut slug = slug_for(&title);
        if taken.contains(&slug) {
            slug = format!("{slug}-{id}");
        }
        taken.push(slug.clone());
        let mut update = Query::update()
            .table(Workshops::Table)
            .value(Workshops::Slug, slug)
            .value(Workshops::Seats, std::cmp::max(spots, 0))
            .and_where(Expr::col(Workshops::Id).eq(id))
            .to_owned();
        let mut ends = time.split(['–', '-']).map(str::trim);
        if let (Some(start), Some(end)) = (
            ends.next().and_then(TimeOfDay::parse),
            ends.next().and_then(TimeOfDay::parse),
        ) {
            update
                .value(Workshops::StartTime, start.to_wire())
                .value(Workshops::EndTime, end.to_wire());
        }
        db.execute(&update).await?;
    }
    Ok(())
}

#[derive(DeriveIden)]
enum Workshops {
    Table,
    Id,
    Title,
    Time,
    SpotsLeft,
    Slug,
    WhatToBring,
    StartTime,
    EndTime,
    Place,
    Seats,
    Hidden,
    CancelledAt,
    Cancellation,
    AsksPhone,
    AsksNote,
    Version,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Channel,
}

#[derive(DeriveIden)]
enum WorkshopBookings {
    Table,
    Id,
    WorkshopId,
    CartId,
    OrderId,
    Seats,
    Names,
    Email,
    Phone,
    Note,
    NotesClearedAt,
    PaidPence,
    BalancePence,
    BalanceDue,
    BalancePaidAt,
    BalancePaidHow,
    BalanceIntentId,
    Reminded,
    CancelledAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkshopWaiting {
    Table,
    Id,
    WorkshopId,
    Name,
    Email,
    Seats,
    CreatedAt,
    OfferedUntil,
    OfferToken,
    DoneAt,
}
