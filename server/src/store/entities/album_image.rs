//! A picture or video in an album.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "album_images")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub album_id: i32,
    pub media_type: MediaType,
    /// Under the media folder, e.g. `albums/3f2a…-1600.jpg` or `albums/3f2a….mp4`.
    pub file_path: String,
    /// Smaller sizes of a picture: `480:albums/…-480.jpg,960:albums/…-960.jpg`.
    #[sea_orm(column_type = "Text")]
    pub variants: String,
    pub width: i32,
    pub height: i32,
    pub caption: String,
    pub position: i32,
    pub status: ImageStatus,
    /// Unix seconds.
    pub created_at: i64,
}

/// Whether an album item is a picture or a video.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, poem_openapi::Enum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(10))")]
#[oai(rename_all = "lowercase")]
pub enum MediaType {
    #[sea_orm(string_value = "image")]
    Image,
    #[sea_orm(string_value = "video")]
    Video,
}

/// Whether an album item is ready to show: `processing` while a video is converted, `failed`
/// when that failed. Visitors see only `ready` items.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum, poem_openapi::Enum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(20))")]
#[oai(rename_all = "lowercase")]
pub enum ImageStatus {
    #[sea_orm(string_value = "processing")]
    Processing,
    #[sea_orm(string_value = "ready")]
    Ready,
    #[sea_orm(string_value = "failed")]
    Failed,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
