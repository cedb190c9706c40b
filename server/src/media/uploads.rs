//! The upload pipeline: what the admin sends to an album, once [`super::receiving`] has it in
//! temporary files, becomes stored pictures (prepared by [`super::pictures`]) and videos
//! waiting for the [`super::video`] worker; each file that cannot be used is refused with why,
//! naming the file.

use poem_openapi::Object;
use posy_core::media;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};

use super::pictures::{self, Kind};
use super::receiving::{self, Arrival, Incoming, Parts};
use super::video::Videos;
use crate::gallery::AlbumError;
use crate::media::store::MediaStore;
use crate::store::clock::now;
use crate::store::entities::album_image::{ImageStatus, MediaType};
use crate::store::entities::{album, album_image};

/// The turn to decode a picture: one at a time in the whole shop.
static DECODING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

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
    /// The most files one upload may carry.
    pub max_files: usize,
    /// The largest upload, all its parts together.
    pub max_request_bytes: u64,
}

/// Where an upload goes: the media folder, the video worker and the limits.
pub struct Destination<'a> {
    pub media: &'a dyn MediaStore,
    pub videos: &'a Videos,
    pub limits: &'a UploadLimits,
}

impl Destination<'_> {
    /// Receives an upload's files (see [`receiving`]) into the video worker's folder, where
    /// a video's temporary file can become its upload by a rename.
    pub async fn receive(&self, parts: Parts) -> Result<Vec<Arrival>, AlbumError> {
        self.videos
            .prepare()
            .await
            .map_err(|e| AlbumError::Storage(e.to_string()))?;
        receiving::receive(parts, self.limits, self.videos.work_dir()).await
    }

    /// Receives an upload of one picture sent as `field` (a product's), the same way; none
    /// when no file was sent.
    pub async fn receive_one(
        &self,
        parts: Parts,
        field: &'static str,
    ) -> Result<Option<Result<Incoming, Refused>>, AlbumError> {
        self.videos
            .prepare()
            .await
            .map_err(|e| AlbumError::Storage(e.to_string()))?;
        receiving::receive_one(parts, field, self.limits, self.videos.work_dir()).await
    }
}

/// Answers whether album `id` is there to upload to.
pub async fn find_album(db: &DatabaseConnection, id: i32) -> Result<(), AlbumError> {
    match album::Entity::find_by_id(id).one(db).await? {
        Some(_) => Ok(()),
        None => Err(AlbumError::AlbumGone),
    }
}

/// Stores what can be stored of an upload; answers the refusals, in the order the files were
/// sent. The featured picture, when given and usable, becomes the album's (and comes first).
pub async fn upload(
    db: &DatabaseConnection,
    to: &Destination<'_>,
    album_id: i32,
    mut arrivals: Vec<Arrival>,
) -> Result<Vec<Refused>, AlbumError> {
    find_album(db, album_id).await?;
    if arrivals.is_empty() {
        return Err(AlbumError::NoFiles);
    }
    let mut position = album_image::Entity::find()
        .filter(album_image::Column::AlbumId.eq(album_id))
        .all(db)
        .await?
        .iter()
        .map(|i| i.position + 1)
        .max()
        .unwrap_or(0);
    arrivals.sort_by_key(|a| !a.featured);
    let mut refused = Vec::new();
    let mut featured_id = None;
    for arrival in arrivals {
        let incoming = match arrival.file {
            Ok(incoming) => incoming,
            Err(refusal) => {
                refused.push(refusal);
                continue;
            }
        };
        let name = incoming.file_name.clone();
        let place = Place {
            album_id,
            position,
            must_be_picture: arrival.featured,
        };
        match store(db, to, place, incoming).await {
            Ok(id) => {
                position += 1;
                if arrival.featured {
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

/// Where in an album a file goes, and whether it must be a picture (the featured one).
struct Place {
    album_id: i32,
    position: i32,
    must_be_picture: bool,
}

async fn store(
    db: &DatabaseConnection,
    to: &Destination<'_>,
    place: Place,
    incoming: Incoming,
) -> Result<i32, NotStored> {
    if place.must_be_picture && incoming.kind == Kind::Video {
        return Err(NotStored::Refused(format!(
            "{} is a video; the featured image must be a picture.",
            incoming.file_name
        )));
    }
    let stem = uuid::Uuid::new_v4().simple().to_string();
    let row = |media_type, file_path: String, variants: String, w: u32, h: u32, status| {
        album_image::ActiveModel {
            album_id: Set(place.album_id),
            media_type: Set(media_type),
            file_path: Set(file_path),
            variants: Set(variants),
            width: Set(w as i32),
            height: Set(h as i32),
            caption: Set(String::new()),
            position: Set(place.position),
            status: Set(status),
            created_at: Set(now()),
            ..Default::default()
        }
    };
    if incoming.kind == Kind::Video {
        // Received in the worker's own folder: it becomes the upload by a rename, unread.
        incoming
            .file
            .persist(to.videos.upload_path(&stem))
            .map_err(|e| failed(e.error))?;
        let saved = row(
            MediaType::Video,
            format!("albums/{stem}.mp4"),
            String::new(),
            1280,
            720,
            ImageStatus::Processing,
        )
        .insert(db)
        .await?;
        to.videos.convert(saved.id, stem);
        return Ok(saved.id);
    }
    let stored = store_picture(to.media, "albums", &stem, incoming)
        .await
        .map_err(|err| match err {
            PictureNotStored::Refused(why) => NotStored::Refused(why),
            PictureNotStored::Failed(why) => failed(why),
        })?;
    let saved = row(
        MediaType::Image,
        stored.largest().to_owned(),
        stored.variants(),
        stored.width,
        stored.height,
        ImageStatus::Ready,
    )
    .insert(db)
    .await?;
    Ok(saved.id)
}

/// A picture stored in its page sizes.
pub struct StoredPicture {
    pub width: u32,
    pub height: u32,
    /// Each size's width and JPEG's media path, smallest first.
    pub sizes: Vec<(u32, String)>,
    /// The same for the WebPs beside them (none where `cwebp` failed).
    pub webps: Vec<(u32, String)>,
}

impl StoredPicture {
    /// The largest size's path: the picture's own.
    pub fn largest(&self) -> &str {
        self.sizes.last().map_or("", |(_, path)| path)
    }

    /// Every file, as a row's `variants` column keeps them (see [`kept_files`]).
    pub fn variants(&self) -> String {
        let files: Vec<String> = self
            .sizes
            .iter()
            .chain(&self.webps)
            .map(|(width, path)| format!("{width}:{path}"))
            .collect();
        files.join(",")
    }

    /// Every file's path, JPEGs and WebPs.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.sizes
            .iter()
            .chain(&self.webps)
            .map(|(_, p)| p.as_str())
    }
}

/// The files a stored picture is kept in, from its row's `variants` column: each one's width
/// and media path, the JPEGs smallest first and then the WebPs beside them
/// (`480:albums/x-480.jpg,960:albums/x-960.jpg,480:albums/x-480.webp,960:albums/x-960.webp`).
/// A picture stored before WebPs were made lists only its JPEGs, so pages never ask for a
/// WebP that is not there.
pub fn kept_files(variants: &str) -> impl Iterator<Item = (u32, &str)> {
    variants
        .split(',')
        .filter_map(|v| v.split_once(':'))
        .filter_map(|(w, p)| Some((w.parse().ok()?, p)))
}

/// A `srcset` of a picture's kept files in one format (`/media/albums/x-480.webp 480w, …`);
/// none when it has none in that format.
pub fn srcset(variants: &str, media_base: &str, webp: bool) -> Option<String> {
    let sizes: Vec<String> = kept_files(variants)
        .filter(|(_, path)| media::is_webp(path) == webp)
        .map(|(width, path)| format!("{} {width}w", media::media_url(Some(path), media_base)))
        .collect();
    (!sizes.is_empty()).then(|| sizes.join(", "))
}

/// Why a picture was not stored.
pub enum PictureNotStored {
    /// Refused, with why (naming the file).
    Refused(String),
    /// The shop failed (the cause, logged).
    Failed(String),
}

/// The picture pipeline the gallery and the shop's products share: a received picture (not a
/// video) decoded one at a time, turned upright, re-encoded without its EXIF in the page
/// widths, and written as `{folder}/{stem}-{width}.jpg` with a lossy WebP beside each
/// (`.webp`, core's `webp_path`). No database work happens here: callers write their row
/// after, so no transaction waits on pictures.
pub async fn store_picture(
    media: &dyn MediaStore,
    folder: &str,
    stem: &str,
    incoming: Incoming,
) -> Result<StoredPicture, PictureNotStored> {
    let Incoming {
        file_name: name,
        kind,
        file,
    } = incoming;
    let failed = |err: &dyn std::fmt::Display| PictureNotStored::Failed(err.to_string());
    // One picture read and decoded at a time in the whole shop: a 12-megapixel photo alone
    // takes 36 MB decoded, besides its file.
    let _turn = DECODING.acquire().await.map_err(|e| failed(&e))?;
    let bytes = tokio::fs::read(file.path()).await.map_err(|e| failed(&e))?;
    drop(file);
    let (bytes, format) = match kind {
        Kind::Heif => (
            pictures::heif_to_jpeg(&name, &bytes)
                .await
                .map_err(PictureNotStored::Refused)?,
            image::ImageFormat::Jpeg,
        ),
        Kind::Picture(format) => (bytes, format),
        Kind::Video => {
            return Err(PictureNotStored::Refused(format!(
                "{name} is a video; please choose a picture."
            )));
        }
    };
    let prepared =
        tokio::task::spawn_blocking(move || pictures::prepare_picture(&name, &bytes, format))
            .await
            .map_err(|e| failed(&e))?
            .map_err(PictureNotStored::Refused)?;
    let mut sizes = Vec::new();
    let mut webps = Vec::new();
    for size in prepared.sizes {
        let path = format!("{folder}/{stem}-{}.jpg", size.width);
        // A WebP that cannot be made leaves that size as JPEG only: every browser shows it.
        let webp = match pictures::webp(&size.upright).await {
            Ok(webp) => Some(webp),
            Err(err) => {
                tracing::error!(%err, "no WebP for a picture (is cwebp installed?)");
                None
            }
        };
        media.put(&path, size.jpeg).await.map_err(|e| failed(&e))?;
        if let Some(webp) = webp {
            let webp_path = media::webp_path(&path);
            media.put(&webp_path, webp).await.map_err(|e| failed(&e))?;
            webps.push((size.width, webp_path));
        }
        sizes.push((size.width, path));
    }
    Ok(StoredPicture {
        width: prepared.width,
        height: prepared.height,
        sizes,
        webps,
    })
}

/// A sent file name fit to show: its last path part, without control characters.
pub(super) fn display_name(sent: &str) -> String {
    let last = sent.rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = last.chars().filter(|c| !c.is_control()).take(120).collect();
    if clean.trim().is_empty() {
        "A file".to_owned()
    } else {
        clean
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
