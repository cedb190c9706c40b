//! `workshops.image_variants`: a workshop's picture in its page sizes, as a product's is
//! (`480:workshops/x-480.jpg,…`, see `media::uploads::kept_files`), so its card and page offer
//! a `srcset`. A workshop already pointing at a demo product's picture (the demo's workshops)
//! takes that product's sizes, which the seed wrote beside it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Workshops::Table)
                    .add_column(string_len(Workshops::ImageVariants, 1000).default(""))
                    .to_owned(),
            )
            .await?;
        // The same SQL on SQLite and PostgreSQL: a correlated subquery, no UPDATE … FROM.
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE workshops SET image_variants = COALESCE((SELECT p.image_variants \
                 FROM products p WHERE p.image = workshops.image ORDER BY p.id LIMIT 1), '') \
                 WHERE image IS NOT NULL",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Workshops::Table)
                    .drop_column(Workshops::ImageVariants)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Workshops {
    Table,
    ImageVariants,
}
