//! The upload pipeline the gallery and the catalogue share: where an upload goes once
//! [`super::receiving`] has it in temporary files, the picture pipeline (prepared by
//! [`super::pictures`]) and the files a stored picture is kept in; each file that cannot be used
//! is refused with why, naming the file.

use poem_openapi::Object;
use posy_core::media;

use super::pictures::{self, Kind};
use super::receiving::{self, Arrival, Incoming, Parts};
use super::video::Videos;
use crate::media::store::MediaStore;

/// The turn to decode a picture: one at a time in the whole shop.
static DECODING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// A file the admin sent that was not stored, and why.
#[derive(Debug, Clone, Object)]
pub struct Refused {
    pub file_name: String,
    pub reason: String,
}

/// Why an upload could not be received or stored as a whole (a single file's refusal is a
/// [`Refused`] instead).
#[derive(Debug)]
pub enum UploadError {
    /// A part of an upload that is not a file (it has no file name): the field it came as.
    NotAFile(&'static str),
    /// A part of an upload under a name its form does not have.
    UnknownPart,
    /// An upload with more files than this many (a featured picture besides).
    TooManyFiles(usize),
    /// An upload larger than this many bytes in all.
    TooLarge(u64),
    /// An upload body that is not a complete multipart form (cut short, malformed).
    Broken,
    /// Storing a file failed (the cause, logged).
    Storage(String),
}

/// Limits on uploads.
#[derive(Clone, Debug)]
pub struct UploadLimits {
    pub max_image_bytes: u64,
    pub max_video_bytes: u64,
    /// The most pictures and videos one upload may carry, its featured picture besides.
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
    pub async fn receive(&self, parts: Parts) -> Result<Vec<Arrival>, UploadError> {
        self.videos
            .prepare()
            .await
            .map_err(|e| UploadError::Storage(e.to_string()))?;
        receiving::receive(parts, self.limits, self.videos.work_dir()).await
    }

    /// Receives an upload of one picture sent as `field` (a product's), the same way; none
    /// when no file was sent.
    pub async fn receive_one(
        &self,
        parts: Parts,
        field: &'static str,
    ) -> Result<Option<Result<Incoming, Refused>>, UploadError> {
        self.videos
            .prepare()
            .await
            .map_err(|e| UploadError::Storage(e.to_string()))?;
        receiving::receive_one(parts, field, self.limits, self.videos.work_dir()).await
    }

    /// Receives the one picture a thing has (a product's, a workshop's), sent as `picture`;
    /// refused when none is.
    pub async fn receive_picture(&self, parts: Parts) -> Result<Incoming, PictureError> {
        match self.receive_one(parts, "picture").await {
            Ok(Some(Ok(incoming))) => Ok(incoming),
            Ok(Some(Err(refused))) => Err(PictureError::Refused(refused.reason)),
            Ok(None) => Err(PictureError::Refused(NO_PICTURE.into())),
            Err(err) => Err(PictureError::Upload(err)),
        }
    }
}

/// Said of an upload of a thing's one picture that carries none.
const NO_PICTURE: &str = "Please choose a picture to upload.";

/// Why a thing's one picture (a product's, a workshop's) was not put on it.
#[derive(Debug)]
pub enum PictureError {
    /// A picture was refused (the sentence names the file), or none was sent.
    Refused(String),
    /// A picture upload that could not be read (too large, cut short…), as the gallery says.
    Upload(UploadError),
    /// Storing a picture failed (the cause, logged).
    Storage(String),
}

/// Makes `incoming` a thing's one picture: stored in `folder` through [`store_picture`] under
/// a fresh stem, then `point` points the thing's row at it, answering the row before and
/// after. The new files are all written before the row points at them; if pointing fails,
/// nothing points at them and they go. The files of the picture it had are the caller's to
/// remove, from the row before, once this is done, so the site never shows a missing picture.
pub async fn put_picture<Before, After, E: From<PictureError>>(
    media: &dyn MediaStore,
    folder: &str,
    incoming: Incoming,
    point: impl AsyncFnOnce(&StoredPicture) -> Result<(Before, After), E>,
) -> Result<(Before, After), E> {
    let stem = uuid::Uuid::new_v4().simple().to_string();
    let stored = store_picture(media, folder, &stem, incoming)
        .await
        .map_err(|err| match err {
            PictureNotStored::Refused(why) => PictureError::Refused(why),
            PictureNotStored::Failed(why) => PictureError::Storage(why),
        })?;
    let pointed = point(&stored).await;
    if pointed.is_err() {
        // Nothing points at the new files: they go.
        for path in stored.paths() {
            if let Err(err) = media.delete(path).await {
                tracing::warn!(%path, %err, "could not remove an unused picture");
            }
        }
    }
    pointed
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

/// Whether `path` is a file [`store_picture`] wrote into `folder` under a fresh UUID stem
/// (`{folder}/{stem}-{width}.{jpg,webp}`, the stem 32 hex digits), rather than a demo picture,
/// which is named after what it shows and is the seed's to keep.
pub fn is_uploaded(folder: &str, path: &str) -> bool {
    let Some(name) = path
        .strip_prefix(folder)
        .and_then(|rest| rest.strip_prefix('/'))
    else {
        return false;
    };
    let stem = name.split_once('-').map_or("", |(stem, _)| stem);
    stem.len() == 32
        && stem.bytes().all(|b| b.is_ascii_hexdigit())
        && !name.contains('/')
        && !name.contains("..")
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
pub fn display_name(sent: &str) -> String {
    let last = sent.rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = last.chars().filter(|c| !c.is_control()).take(120).collect();
    if clean.trim().is_empty() {
        "A file".to_owned()
    } else {
        clean
    }
}
