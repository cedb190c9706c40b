//! The admin's changes to albums: making, editing, ordering and deleting them and their
//! pictures. Titles, descriptions and captions follow core's gallery limits.

use posy_core::gallery;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::AlbumError;
use crate::media::store::MediaStore;
use crate::media::uploads::kept_files;
use crate::store::clock::now;
use crate::store::db::Writer;
use crate::store::entities::album_image::MediaType;
use crate::store::entities::{album, album_image};

/// An album's title and description, trimmed and within core's limits.
fn checked(title: &str, description: &str) -> Result<(String, String), AlbumError> {
    let title = gallery::album_title(title).map_err(|why| {
        if why == gallery::TITLE_MISSING {
            AlbumError::TitleMissing
        } else {
            AlbumError::TitleTooLong(why)
        }
    })?;
    let description =
        gallery::album_description(description).map_err(AlbumError::DescriptionTooLong)?;
    Ok((title.to_owned(), description.to_owned()))
}

/// Makes an album.
pub async fn create(writer: &Writer, title: &str, description: &str) -> Result<i32, AlbumError> {
    let (title, description) = checked(title, description)?;
    let row = album::ActiveModel {
        title: Set(title),
        description: Set(description),
        featured_image_id: Set(None),
        position: Set(0),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(writer)
    .await?;
    Ok(row.id)
}

/// Changes an album's title, description and featured picture (one of its own pictures).
pub async fn update(
    writer: &Writer,
    id: i32,
    title: &str,
    description: &str,
    featured_image: Option<i32>,
) -> Result<(), AlbumError> {
    let (title, description) = checked(title, description)?;
    let db = writer.pool();
    let found = album::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(AlbumError::AlbumGone)?;
    if let Some(image) = featured_image {
        let own = album_image::Entity::find_by_id(image)
            .filter(album_image::Column::AlbumId.eq(id))
            .filter(album_image::Column::MediaType.eq(MediaType::Image))
            .one(db)
            .await?;
        if own.is_none() {
            return Err(AlbumError::FeaturedNotOwn);
        }
    }
    let mut row: album::ActiveModel = found.into();
    row.title = Set(title);
    row.description = Set(description);
    row.featured_image_id = Set(featured_image);
    row.update(writer).await?;
    Ok(())
}

/// Deletes an album, its pictures and their files.
pub async fn delete(writer: &Writer, media: &dyn MediaStore, id: i32) -> Result<(), AlbumError> {
    let images = album_image::Entity::find()
        .filter(album_image::Column::AlbumId.eq(id))
        .all(writer.pool())
        .await?;
    let removed = album::Entity::delete_by_id(id).exec(writer).await?;
    if removed.rows_affected == 0 {
        return Err(AlbumError::AlbumGone);
    }
    for image in &images {
        remove_files(media, image).await;
    }
    Ok(())
}

/// Changes a picture's caption.
pub async fn caption(
    writer: &Writer,
    album_id: i32,
    image_id: i32,
    caption: &str,
) -> Result<(), AlbumError> {
    let caption = gallery::caption(caption).map_err(AlbumError::CaptionTooLong)?;
    let changed = album_image::Entity::update_many()
        .col_expr(album_image::Column::Caption, Expr::value(caption))
        .filter(album_image::Column::Id.eq(image_id))
        .filter(album_image::Column::AlbumId.eq(album_id))
        .exec(writer)
        .await?;
    if changed.rows_affected == 0 {
        return Err(AlbumError::ImageGone);
    }
    Ok(())
}

/// Deletes a picture and its files.
pub async fn delete_image(
    writer: &Writer,
    media: &dyn MediaStore,
    album_id: i32,
    image_id: i32,
) -> Result<(), AlbumError> {
    let image = album_image::Entity::find_by_id(image_id)
        .filter(album_image::Column::AlbumId.eq(album_id))
        .one(writer.pool())
        .await?
        .ok_or(AlbumError::ImageGone)?;
    let txn = writer.begin().await?;
    album_image::Entity::delete_by_id(image_id)
        .exec(&txn)
        .await?;
    album::Entity::update_many()
        .col_expr(
            album::Column::FeaturedImageId,
            Expr::value(Option::<i32>::None),
        )
        .filter(album::Column::Id.eq(album_id))
        .filter(album::Column::FeaturedImageId.eq(image_id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    remove_files(media, &image).await;
    Ok(())
}

/// Puts an album's pictures in the given order (every one of its pictures, once).
pub async fn reorder(writer: &Writer, album_id: i32, ids: &[i32]) -> Result<(), AlbumError> {
    let db = writer.pool();
    if album::Entity::find_by_id(album_id).one(db).await?.is_none() {
        return Err(AlbumError::AlbumGone);
    }
    let mut own: Vec<i32> = album_image::Entity::find()
        .filter(album_image::Column::AlbumId.eq(album_id))
        .all(db)
        .await?
        .into_iter()
        .map(|i| i.id)
        .collect();
    let mut asked = ids.to_vec();
    own.sort_unstable();
    asked.sort_unstable();
    if own != asked {
        return Err(AlbumError::NotEveryPicture);
    }
    let txn = writer.begin().await?;
    for (position, id) in ids.iter().enumerate() {
        album_image::Entity::update_many()
            .col_expr(album_image::Column::Position, Expr::value(position as i32))
            .filter(album_image::Column::Id.eq(*id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(())
}

async fn remove_files(media: &dyn MediaStore, image: &album_image::Model) {
    let mut paths = vec![image.file_path.clone()];
    paths.extend(kept_files(&image.variants).map(|(_, p)| p.to_owned()));
    if image.media_type == MediaType::Video {
        paths.push(image.file_path.replace(".mp4", ".jpg"));
    }
    for path in paths {
        // Only ever files the shop generated under albums/.
        if path.starts_with("albums/")
            && !path.contains("..")
            && let Err(err) = media.delete(&path).await
        {
            tracing::warn!(%path, %err, "could not remove a media file");
        }
    }
}
