//! Albums as the gallery's pages show them: their pictures and videos in order, with the
//! sizes and posters the pages use.

use poem_openapi::Object;
use posy_core::media;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};

use super::{FindError, Viewer};
use crate::media::uploads::{kept_files, srcset};
use crate::store::entities::album_image::{ImageStatus, MediaType};
use crate::store::entities::{album, album_image};

/// An album as the gallery shows it (the spec's entities).
#[derive(Debug, Clone, Object)]
#[oai(rename = "Album")]
pub struct AlbumView {
    pub id: i32,
    pub title: String,
    pub description: String,
    /// The id of the picture on its card; null when none is chosen.
    pub featured_image: Option<i32>,
    /// That picture's URL (its first picture's when none is chosen); null for an empty album.
    pub featured_image_url: Option<String>,
    /// Its pictures and videos in order.
    pub images: Vec<AlbumImageView>,
}

/// A picture or video of an album (the spec's entities).
#[derive(Debug, Clone, Object)]
#[oai(rename = "AlbumImage")]
pub struct AlbumImageView {
    pub id: i32,
    /// The picture at its largest size (1600 px wide at most), or the MP4.
    pub file_url: String,
    pub media_type: MediaType,
    pub caption: String,
    pub position: i32,
    /// In pixels, so pages reserve the space before it loads.
    pub width: i32,
    pub height: i32,
    /// For `<img srcset>`: e.g. `/media/albums/x-480.jpg 480w, /media/albums/x-960.jpg 960w`.
    pub srcset: String,
    /// The same sizes as lossy WebP, for `<source type="image/webp" srcset>`; empty for a
    /// video, or a picture kept only as JPEG (stored before WebPs were made).
    pub webp_srcset: String,
    /// A small picture for grids: the 480 px size, or a video's `.jpg` poster.
    pub thumbnail_url: String,
    pub status: ImageStatus,
}

/// Every album with its pictures, in order, as `viewer` may see them.
pub async fn list(
    db: &DatabaseConnection,
    media_base: &str,
    viewer: Viewer,
) -> Result<Vec<AlbumView>, sea_orm::DbErr> {
    let albums = album::Entity::find()
        .order_by_asc(album::Column::Position)
        .order_by_desc(album::Column::CreatedAt)
        .order_by_desc(album::Column::Id)
        .all(db)
        .await?;
    let mut images = album_image::Entity::find()
        .order_by_asc(album_image::Column::Position)
        .order_by_asc(album_image::Column::Id);
    if viewer == Viewer::Visitor {
        images = images.filter(album_image::Column::Status.eq(ImageStatus::Ready));
    }
    let images = images.all(db).await?;
    Ok(albums
        .into_iter()
        .map(|a| {
            let own: Vec<&album_image::Model> =
                images.iter().filter(|i| i.album_id == a.id).collect();
            view(a, &own, media_base)
        })
        .collect())
}

/// One album, as `viewer` may see it.
pub async fn one(
    db: &DatabaseConnection,
    id: i32,
    media_base: &str,
    viewer: Viewer,
) -> Result<AlbumView, FindError> {
    list(db, media_base, viewer)
        .await?
        .into_iter()
        .find(|a| a.id == id)
        .ok_or(FindError::AlbumGone)
}

fn view(album: album::Model, images: &[&album_image::Model], media_base: &str) -> AlbumView {
    let url = |path: &str| media::media_url(Some(path), media_base);
    let images: Vec<AlbumImageView> = images
        .iter()
        .map(|i| {
            let sizes: Vec<(u32, &str)> = kept_files(&i.variants)
                .filter(|(_, path)| !media::is_webp(path))
                .collect();
            let thumbnail = match i.media_type {
                MediaType::Video => media::video_thumbnail(&url(&i.file_path)),
                MediaType::Image => sizes
                    .first()
                    .map_or_else(|| url(&i.file_path), |(_, p)| url(p)),
            };
            AlbumImageView {
                id: i.id,
                file_url: url(&i.file_path),
                media_type: i.media_type,
                caption: i.caption.clone(),
                position: i.position,
                width: i.width,
                height: i.height,
                srcset: srcset(&i.variants, media_base, false).unwrap_or_default(),
                webp_srcset: srcset(&i.variants, media_base, true).unwrap_or_default(),
                thumbnail_url: thumbnail,
                status: i.status,
            }
        })
        .collect();
    let featured = album
        .featured_image_id
        .and_then(|id| images.iter().find(|i| i.id == id));
    let featured_image_url = featured
        .or_else(|| images.iter().find(|i| i.media_type == MediaType::Image))
        .map(|i| i.file_url.clone())
        .or_else(|| images.first().map(|i| i.thumbnail_url.clone()));
    AlbumView {
        id: album.id,
        title: album.title,
        description: album.description,
        featured_image: featured.map(|i| i.id),
        featured_image_url,
        images,
    }
}
