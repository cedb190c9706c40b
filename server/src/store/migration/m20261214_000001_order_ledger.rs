//! What a busy day needs of the orders' records:
//!
//! - `order_events.request_key`: the key the page made for a cancellation that gave nothing
//!   back (one that gives money back keeps its key on its refund row, in `idempotency_key`),
//!   unique, so a retried cancellation finds the first one instead of being refused.
//! - `order_items.sized`: the line was bought in a size. Once the size is deleted its
//!   `variation_id` is null, and without this a restock would land on the product's own
//!   (unused) stock. Lines kept before are sized when they still name a size, or when their
//!   product still has sizes (a product with sizes sells only by size).
//! - `refunds.settled_at` / `settled_by`: a checkout's refund the provider refused (the studio
//!   was mailed to give it back by hand) marked as given back another way, and by whom.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// As long as the other columns naming an admin.
const BY_LEN: u32 = 100;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(OrderEvents::Table)
                    .add_column(string_len_null(OrderEvents::RequestKey, 100))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_order_events_request_key")
                    .table(OrderEvents::Table)
                    .col(OrderEvents::RequestKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(OrderItems::Table)
                    .add_column(boolean(OrderItems::Sized).default(false))
                    .to_owned(),
            )
            .await?;
        let sized = Query::update()
            .table(OrderItems::Table)
            .value(OrderItems::Sized, true)
            .cond_where(
                Cond::any()
                    .add(Expr::col(OrderItems::VariationId).is_not_null())
                    .add(
                        Expr::col(OrderItems::ProductId).in_subquery(
                            Query::select()
                                .column(Variations::ProductId)
                                .from(Variations::Table)
                                .to_owned(),
                        ),
                    ),
            )
            .to_owned();
        manager.get_connection().execute(&sized).await?;
        for column in [
            big_integer_null(Refunds::SettledAt),
            string_len_null(Refunds::SettledBy, BY_LEN),
        ] {
            let mut column = column;
            manager
                .alter_table(
                    Table::alter()
                        .table(Refunds::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Refunds::SettledBy, Refunds::SettledAt] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Refunds::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(OrderItems::Table)
                    .drop_column(OrderItems::Sized)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("idx_order_events_request_key")
                    .table(OrderEvents::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(OrderEvents::Table)
                    .drop_column(OrderEvents::RequestKey)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum OrderEvents {
    Table,
    RequestKey,
}

#[derive(DeriveIden)]
enum OrderItems {
    Table,
    ProductId,
    VariationId,
    Sized,
}

#[derive(DeriveIden)]
enum Variations {
    Table,
    ProductId,
}

#[derive(DeriveIden)]
enum Refunds {
    Table,
    SettledAt,
    SettledBy,
}
