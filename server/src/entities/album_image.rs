//! A picture or video in an album.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "album_images")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub album_id: i32,
    /// `image` or `video`.
    pub media_type: String,
    /// Under the media folder, e.g. `albums/3f2a…-1600.jpg` or `albums/3f2a….mp4`.
    pub file_path: String,
    /// Smaller sizes of a picture: `480:albums/…-480.jpg,960:albums/…-960.jpg`.
    #[sea_orm(column_type = "Text")]
    pub variants: String,
    pub width: i32,
    pub height: i32,
    pub caption: String,
    pub position: i32,
    /// `ready`, `processing` or `failed`.
    pub status: String,
    /// Unix seconds.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
