//! Gallery albums: their pictures and videos as the pages show them, and the admin's changes.
//! Uploads become files under `albums/` in the media folder with generated names (a file's
//! own name is only ever used in messages); see [`crate::uploads`] for what is done to them.

use std::path::PathBuf;
use std::sync::Arc;

use poem_openapi::Object;
use posy_core::media;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
    TransactionTrait,
};
use tokio::sync::Semaphore;

use crate::clock::now;
use crate::entities::{album, album_image};
use crate::media_store::{Media, MediaStore};
use crate::uploads::{self, Kind};

/// Why a gallery change or lookup did not happen.
#[derive(Debug)]
pub enum AlbumError {
    /// No album has that id.
    AlbumGone,
    /// The album has no picture with that id.
    ImageGone,
    /// The title is empty.
    TitleMissing,
    /// The title is longer than 200 characters.
    TitleTooLong,
    /// The caption is longer than 500 characters.
    CaptionTooLong,
    /// The featured picture is not one of the album's pictures.
    FeaturedNotOwn,
    /// A new order that is not every picture of the album once.
    NotEveryPicture,
    /// An upload without any file.
    NoFiles,
    /// A part of an upload that is not a file (it has no file name): the field it came as.
    NotAFile(&'static str),
    /// Storing a file failed (the cause, logged).
    Storage(String),
    Db(sea_orm::DbErr),
}

/// Why an album could not be shown.
#[derive(Debug)]
pub enum FindError {
    /// No album has that id.
    AlbumGone,
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for FindError {
    fn from(err: sea_orm::DbErr) -> Self {
        FindError::Db(err)
    }
}

impl From<FindError> for AlbumError {
    fn from(err: FindError) -> Self {
        match err {
            FindError::AlbumGone => AlbumError::AlbumGone,
            FindError::Db(err) => AlbumError::Db(err),
        }
    }
}

impl From<sea_orm::DbErr> for AlbumError {
    fn from(err: sea_orm::DbErr) -> Self {
        AlbumError::Db(err)
    }
}

/// An album as the gallery shows it (spec §3).
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

/// A picture or video of an album (spec §3).
#[derive(Debug, Clone, Object)]
#[oai(rename = "AlbumImage")]
pub struct AlbumImageView {
    pub id: i32,
    /// The picture at its largest size (1600 px wide at most), or the MP4.
    pub file_url: String,
    /// `image` or `video`.
    pub media_type: String,
    pub caption: String,
    pub position: i32,
    /// In pixels, so pages reserve the space before it loads.
    pub width: i32,
    pub height: i32,
    /// For `<img srcset>`: e.g. `/media/albums/x-480.jpg 480w, /media/albums/x-960.jpg 960w`.
    pub srcset: String,
    /// A small picture for grids: the 480 px size, or a video's `.jpg` poster.
    pub thumbnail_url: String,
    /// `ready`, `processing` (a video being converted) or `failed`.
    pub status: String,
}

/// A file the admin sent that was not stored, and why.
#[derive(Debug, Clone, Object)]
pub struct Refused {
    pub file_name: String,
    pub reason: String,
}

/// Limits on uploads.
#[derive(Clone, Debug)]
pub struct UploadLimits {
    pub max_image_bytes: u64,
    pub max_video_bytes: u64,
}

/// An uploaded file: its name as sent and where its bytes wait.
pub struct Incoming {
    pub file_name: String,
    pub size: u64,
    pub file: tokio::fs::File,
}

/// Converts videos one at a time in the background, in a work folder, then stores the MP4 and
/// its poster.
#[derive(Clone)]
pub struct Videos {
    db: DatabaseConnection,
    media: Media,
    work_dir: PathBuf,
    permits: Arc<Semaphore>,
}

impl Videos {
    pub fn new(db: DatabaseConnection, media: Media, work_dir: PathBuf) -> Videos {
        Videos {
            db,
            media,
            work_dir,
            permits: Arc::new(Semaphore::new(1)),
        }
    }

    /// Where an upload waits for conversion.
    fn upload_path(&self, stem: &str) -> PathBuf {
        self.work_dir.join(format!("{stem}.upload"))
    }

    /// Converts the upload waiting for image `id`.
    pub fn convert(&self, id: i32, stem: String) {
        let videos = self.clone();
        tokio::spawn(async move {
            let Ok(_permit) = videos.permits.acquire().await else {
                return;
            };
            let upload = videos.upload_path(&stem);
            let mp4 = videos.work_dir.join(format!("{stem}.mp4"));
            let poster = videos.work_dir.join(format!("{stem}.jpg"));
            let outcome = async {
                let size = uploads::convert_video(&upload, &mp4, &poster).await?;
                for (local, name) in [
                    (&mp4, format!("albums/{stem}.mp4")),
                    (&poster, format!("albums/{stem}.jpg")),
                ] {
                    videos
                        .media
                        .put(&name, tokio::fs::read(local).await?)
                        .await?;
                }
                anyhow::Ok(size)
            }
            .await;
            let update = album_image::Entity::update_many().filter(album_image::Column::Id.eq(id));
            let update = match &outcome {
                Ok((w, h)) => update
                    .col_expr(album_image::Column::Status, Expr::value("ready"))
                    .col_expr(album_image::Column::Width, Expr::value(*w as i32))
                    .col_expr(album_image::Column::Height, Expr::value(*h as i32)),
                Err(err) => {
                    tracing::warn!(id, %err, "a video could not be converted");
                    update.col_expr(album_image::Column::Status, Expr::value("failed"))
                }
            };
            if let Err(err) = update.exec(&videos.db).await {
                tracing::error!(id, %err, "could not record a converted video");
            }
            for local in [&upload, &mp4, &poster] {
                let _ = tokio::fs::remove_file(local).await;
            }
        });
    }

    /// Starts again the conversions a stopped server left half-done.
    pub async fn resume(&self) -> Result<(), sea_orm::DbErr> {
        let waiting = album_image::Entity::find()
            .filter(album_image::Column::Status.eq("processing"))
            .all(&self.db)
            .await?;
        for image in waiting {
            if let Some(stem) = image
                .file_path
                .strip_prefix("albums/")
                .and_then(|p| p.strip_suffix(".mp4"))
            {
                if self.upload_path(stem).exists() {
                    self.convert(image.id, stem.to_owned());
                } else {
                    album_image::Entity::update_many()
                        .col_expr(album_image::Column::Status, Expr::value("failed"))
                        .filter(album_image::Column::Id.eq(image.id))
                        .exec(&self.db)
                        .await?;
                }
            }
        }
        Ok(())
    }
}

/// Every album with its pictures, in order. Visitors see only what is ready.
pub async fn list(
    db: &DatabaseConnection,
    media_base: &str,
    only_ready: bool,
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
    if only_ready {
        images = images.filter(album_image::Column::Status.eq("ready"));
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

/// One album.
pub async fn one(
    db: &DatabaseConnection,
    id: i32,
    media_base: &str,
    only_ready: bool,
) -> Result<AlbumView, FindError> {
    list(db, media_base, only_ready)
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
            let sizes: Vec<(u32, &str)> = i
                .variants
                .split(',')
                .filter_map(|v| v.split_once(':'))
                .filter_map(|(w, p)| Some((w.parse().ok()?, p)))
                .collect();
            let thumbnail = match i.media_type.as_str() {
                "video" => media::video_thumbnail(&url(&i.file_path)),
                _ => sizes
                    .first()
                    .map_or_else(|| url(&i.file_path), |(_, p)| url(p)),
            };
            AlbumImageView {
                id: i.id,
                file_url: url(&i.file_path),
                media_type: i.media_type.clone(),
                caption: i.caption.clone(),
                position: i.position,
                width: i.width,
                height: i.height,
                srcset: sizes
                    .iter()
                    .map(|(w, p)| format!("{} {w}w", url(p)))
                    .collect::<Vec<_>>()
                    .join(", "),
                thumbnail_url: thumbnail,
                status: i.status.clone(),
            }
        })
        .collect();
    let featured = album
        .featured_image_id
        .and_then(|id| images.iter().find(|i| i.id == id));
    let featured_image_url = featured
        .or_else(|| images.iter().find(|i| i.media_type == "image"))
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

/// Checks an album's title (required, at most 200 characters).
pub fn checked_title(title: &str) -> Result<String, AlbumError> {
    let title = title.trim();
    if title.is_empty() {
        return Err(AlbumError::TitleMissing);
    }
    if title.chars().count() > 200 {
        return Err(AlbumError::TitleTooLong);
    }
    Ok(title.to_owned())
}

/// Makes an album.
pub async fn create(
    db: &DatabaseConnection,
    title: &str,
    description: &str,
) -> Result<i32, AlbumError> {
    let title = checked_title(title)?;
    let row = album::ActiveModel {
        title: Set(title),
        description: Set(description.trim().to_owned()),
        featured_image_id: Set(None),
        position: Set(0),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// Changes an album's title, description and featured picture (one of its own pictures).
pub async fn update(
    db: &DatabaseConnection,
    id: i32,
    title: &str,
    description: &str,
    featured_image: Option<i32>,
) -> Result<(), AlbumError> {
    let title = checked_title(title)?;
    let found = album::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(AlbumError::AlbumGone)?;
    if let Some(image) = featured_image {
        let own = album_image::Entity::find_by_id(image)
            .filter(album_image::Column::AlbumId.eq(id))
            .filter(album_image::Column::MediaType.eq("image"))
            .one(db)
            .await?;
        if own.is_none() {
            return Err(AlbumError::FeaturedNotOwn);
        }
    }
    let mut row: album::ActiveModel = found.into();
    row.title = Set(title);
    row.description = Set(description.trim().to_owned());
    row.featured_image_id = Set(featured_image);
    row.update(db).await?;
    Ok(())
}

/// Deletes an album, its pictures and their files.
pub async fn delete(
    db: &DatabaseConnection,
    media: &dyn MediaStore,
    id: i32,
) -> Result<(), AlbumError> {
    let images = album_image::Entity::find()
        .filter(album_image::Column::AlbumId.eq(id))
        .all(db)
        .await?;
    let removed = album::Entity::delete_by_id(id).exec(db).await?;
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
    db: &DatabaseConnection,
    album_id: i32,
    image_id: i32,
    caption: &str,
) -> Result<(), AlbumError> {
    let caption = caption.trim();
    if caption.chars().count() > 500 {
        return Err(AlbumError::CaptionTooLong);
    }
    let changed = album_image::Entity::update_many()
        .col_expr(album_image::Column::Caption, Expr::value(caption))
        .filter(album_image::Column::Id.eq(image_id))
        .filter(album_image::Column::AlbumId.eq(album_id))
        .exec(db)
        .await?;
    if changed.rows_affected == 0 {
        return Err(AlbumError::ImageGone);
    }
    Ok(())
}

/// Deletes a picture and its files.
pub async fn delete_image(
    db: &DatabaseConnection,
    media: &dyn MediaStore,
    album_id: i32,
    image_id: i32,
) -> Result<(), AlbumError> {
    let image = album_image::Entity::find_by_id(image_id)
        .filter(album_image::Column::AlbumId.eq(album_id))
        .one(db)
        .await?
        .ok_or(AlbumError::ImageGone)?;
    let txn = db.begin().await?;
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
pub async fn reorder(
    db: &DatabaseConnection,
    album_id: i32,
    ids: &[i32],
) -> Result<(), AlbumError> {
    if album::Entity::find_by_id(album_id).one(db).await?.is_none() {
        return Err(AlbumError::AlbumGone);
    }
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
    let txn = db.begin().await?;
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

/// Stores what can be stored of an upload; answers the refusals. The featured picture, when
/// given and usable, becomes the album's.
pub async fn upload(
    db: &DatabaseConnection,
    media: &dyn MediaStore,
    videos: &Videos,
    limits: &UploadLimits,
    album_id: i32,
    files: Vec<Incoming>,
    featured: Option<Incoming>,
) -> Result<Vec<Refused>, AlbumError> {
    if album::Entity::find_by_id(album_id).one(db).await?.is_none() {
        return Err(AlbumError::AlbumGone);
    }
    if files.is_empty() && featured.is_none() {
        return Err(AlbumError::NoFiles);
    }
    tokio::fs::create_dir_all(&videos.work_dir)
        .await
        .map_err(|e| AlbumError::Storage(e.to_string()))?;
    let mut position = album_image::Entity::find()
        .filter(album_image::Column::AlbumId.eq(album_id))
        .all(db)
        .await?
        .iter()
        .map(|i| i.position + 1)
        .max()
        .unwrap_or(0);
    let mut refused = Vec::new();
    let mut featured_id = None;
    let tagged = featured
        .into_iter()
        .map(|f| (f, true))
        .chain(files.into_iter().map(|f| (f, false)));
    for (incoming, is_featured) in tagged {
        let name = display_name(&incoming.file_name);
        match store(
            db,
            media,
            videos,
            limits,
            album_id,
            position,
            incoming,
            is_featured,
        )
        .await
        {
            Ok(id) => {
                position += 1;
                if is_featured {
                    featured_id = Some(id);
                }
            }
            Err(NotStored::Refused(reason)) => refused.push(Refused {
                file_name: name,
                reason,
            }),
            Err(NotStored::Failed(err)) => return Err(err),
        }
    }
    if let Some(id) = featured_id {
        album::Entity::update_many()
            .col_expr(album::Column::FeaturedImageId, Expr::value(id))
            .filter(album::Column::Id.eq(album_id))
            .exec(db)
            .await?;
    }
    Ok(refused)
}

/// What became of one file that was not stored.
enum NotStored {
    /// Refused, with why (naming the file).
    Refused(String),
    Failed(AlbumError),
}

impl From<sea_orm::DbErr> for NotStored {
    fn from(err: sea_orm::DbErr) -> Self {
        NotStored::Failed(err.into())
    }
}

fn failed(err: impl std::fmt::Display) -> NotStored {
    NotStored::Failed(AlbumError::Storage(err.to_string()))
}

#[allow(clippy::too_many_arguments)]
async fn store(
    db: &DatabaseConnection,
    media: &dyn MediaStore,
    videos: &Videos,
    limits: &UploadLimits,
    album_id: i32,
    position: i32,
    incoming: Incoming,
    must_be_picture: bool,
) -> Result<i32, NotStored> {
    use tokio::io::AsyncReadExt;
    let name = display_name(&incoming.file_name);
    let too_big = |limit: u64, what: &str| {
        NotStored::Refused(format!(
            "{name} is larger than the {} MB allowed for {what}.",
            limit / 1_000_000
        ))
    };
    if incoming.size > limits.max_image_bytes.max(limits.max_video_bytes) {
        return Err(too_big(limits.max_video_bytes, "a video"));
    }
    let mut bytes = Vec::with_capacity(incoming.size as usize);
    let mut file = incoming.file;
    file.read_to_end(&mut bytes).await.map_err(failed)?;
    let kind = uploads::classify(&name, &bytes).map_err(NotStored::Refused)?;
    if must_be_picture && kind == Kind::Video {
        return Err(NotStored::Refused(format!(
            "{name} is a video; the featured image must be a picture."
        )));
    }
    let stem = uuid::Uuid::new_v4().simple().to_string();
    let row =
        |media_type: &str, file_path: String, variants: String, w: u32, h: u32, status: &str| {
            album_image::ActiveModel {
                album_id: Set(album_id),
                media_type: Set(media_type.to_owned()),
                file_path: Set(file_path),
                variants: Set(variants),
                width: Set(w as i32),
                height: Set(h as i32),
                caption: Set(String::new()),
                position: Set(position),
                status: Set(status.to_owned()),
                created_at: Set(now()),
                ..Default::default()
            }
        };
    if kind == Kind::Video {
        if bytes.len() as u64 > limits.max_video_bytes {
            return Err(too_big(limits.max_video_bytes, "a video"));
        }
        tokio::fs::write(videos.upload_path(&stem), &bytes)
            .await
            .map_err(failed)?;
        let saved = row(
            "video",
            format!("albums/{stem}.mp4"),
            String::new(),
            1280,
            720,
            "processing",
        )
        .insert(db)
        .await?;
        videos.convert(saved.id, stem);
        return Ok(saved.id);
    }
    if bytes.len() as u64 > limits.max_image_bytes {
        return Err(too_big(limits.max_image_bytes, "a picture"));
    }
    let (bytes, format) = match kind {
        Kind::Heif => (
            uploads::heif_to_jpeg(&name, &bytes)
                .await
                .map_err(NotStored::Refused)?,
            image::ImageFormat::Jpeg,
        ),
        Kind::Picture(format) => (bytes, format),
        Kind::Video => unreachable!("videos are stored above"),
    };
    let prepared =
        tokio::task::spawn_blocking(move || uploads::prepare_picture(&name, &bytes, format))
            .await
            .map_err(failed)?
            .map_err(NotStored::Refused)?;
    let mut variants = Vec::new();
    for (width, jpeg) in &prepared.sizes {
        let path = format!("albums/{stem}-{width}.jpg");
        media.put(&path, jpeg.clone()).await.map_err(failed)?;
        variants.push(format!("{width}:{path}"));
    }
    let largest = prepared.sizes.last().map_or(0, |s| s.0);
    let saved = row(
        "image",
        format!("albums/{stem}-{largest}.jpg"),
        variants.join(","),
        prepared.width,
        prepared.height,
        "ready",
    )
    .insert(db)
    .await?;
    Ok(saved.id)
}

/// A sent file name fit to show: its last path part, without control characters.
fn display_name(sent: &str) -> String {
    let last = sent.rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = last.chars().filter(|c| !c.is_control()).take(120).collect();
    if clean.trim().is_empty() {
        "A file".to_owned()
    } else {
        clean
    }
}

async fn remove_files(media: &dyn MediaStore, image: &album_image::Model) {
    let mut paths = vec![image.file_path.clone()];
    paths.extend(
        image
            .variants
            .split(',')
            .filter_map(|v| v.split_once(':'))
            .map(|(_, p)| p.to_owned()),
    );
    if image.media_type == "video" {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_shown_without_their_folders() {
        assert_eq!(display_name("../../etc/passwd"), "passwd");
        assert_eq!(display_name("C:\\photos\\rose.jpg"), "rose.jpg");
        assert_eq!(display_name(""), "A file");
    }
}
