//! Gallery albums and their pictures and videos.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Albums::Table)
                    .col(pk_auto(Albums::Id))
                    .col(string_len(Albums::Title, 200))
                    .col(text(Albums::Description))
                    // One of its own images; not a foreign key, so images and albums can be
                    // removed in any order (the album's view ignores a dangling id).
                    .col(integer_null(Albums::FeaturedImageId))
                    .col(integer(Albums::Position).default(0))
                    .col(big_integer(Albums::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AlbumImages::Table)
                    .col(pk_auto(AlbumImages::Id))
                    .col(integer(AlbumImages::AlbumId))
                    // `image` or `video`.
                    .col(string_len(AlbumImages::MediaType, 10))
                    // Under the media folder: `albums/<generated>-1600.jpg`, `albums/<generated>.mp4`.
                    .col(string_len(AlbumImages::FilePath, 500))
                    // Generated names of the smaller sizes, comma separated `width:path`.
                    .col(text(AlbumImages::Variants))
                    .col(integer(AlbumImages::Width))
                    .col(integer(AlbumImages::Height))
                    .col(string_len(AlbumImages::Caption, 500).default(""))
                    .col(integer(AlbumImages::Position).default(0))
                    // `ready`, `processing` (a video being converted) or `failed`.
                    .col(string_len(AlbumImages::Status, 20))
                    .col(big_integer(AlbumImages::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(AlbumImages::Table, AlbumImages::AlbumId)
                            .to(Albums::Table, Albums::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_album_images_album")
                    .table(AlbumImages::Table)
                    .col(AlbumImages::AlbumId)
                    .col(AlbumImages::Position)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [AlbumImages::Table.into_iden(), Albums::Table.into_iden()] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Albums {
    Table,
    Id,
    Title,
    Description,
    FeaturedImageId,
    Position,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AlbumImages {
    Table,
    Id,
    AlbumId,
    MediaType,
    FilePath,
    Variants,
    Width,
    Height,
    Caption,
    Position,
    Status,
    CreatedAt,
}
