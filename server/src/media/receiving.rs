//! Receiving an upload: the multipart body read part by part as it arrives, each file written
//! to a temporary file in the video worker's folder, so no more than a chunk of it is ever in
//! memory. The limits apply as the bytes come. Past [`UploadLimits::max_files`] files (a
//! featured picture besides) or [`UploadLimits::max_request_bytes`] in all, or with a part its
//! form does not have, the whole upload is refused and nothing is kept.
//! A file past its own kind's limit (judged from its first bytes) is refused by name at once:
//! the rest of it is skipped, not written, and the other files are still received.

use std::path::Path;

use tempfile::NamedTempFile;
use tokio::io::AsyncWriteExt;

use super::pictures::{self, Kind};
use super::uploads::UploadError;
use super::uploads::{Refused, UploadLimits, display_name};

/// The form fields that carry files.
const IMAGES: &str = "images";
const FEATURED: &str = "featured_image";

/// How many of a file's first bytes tell what it is.
const HEAD_BYTES: usize = 512;

/// An upload's body, not read yet.
pub struct Parts(multer::Multipart<'static>);

impl Parts {
    /// The body of a `multipart/form-data` request with this boundary, to be read within
    /// `max_request_bytes`.
    pub fn new(body: poem::Body, boundary: String, max_request_bytes: u64) -> Parts {
        let constraints = multer::Constraints::new()
            .size_limit(multer::SizeLimit::new().whole_stream(max_request_bytes));
        Parts(multer::Multipart::with_constraints(
            body.into_bytes_stream(),
            boundary,
            constraints,
        ))
    }
}

/// A received file, waiting in its temporary file (removed when dropped).
pub struct Incoming {
    pub file_name: String,
    pub kind: Kind,
    pub file: NamedTempFile,
}

/// One file of an upload as received: kept, or refused with why.
pub struct Arrival {
    /// Sent as the featured image.
    pub featured: bool,
    pub file: Result<Incoming, Refused>,
}

/// Reads the upload's files into temporary files in `folder`, in the order sent.
pub async fn receive(
    parts: Parts,
    limits: &UploadLimits,
    folder: &Path,
) -> Result<Vec<Arrival>, UploadError> {
    let mut multipart = parts.0;
    let received = receive_all(&mut multipart, limits, folder).await;
    read_to_the_end(&mut multipart, received).await
}

async fn receive_all(
    multipart: &mut multer::Multipart<'static>,
    limits: &UploadLimits,
    folder: &Path,
) -> Result<Vec<Arrival>, UploadError> {
    let mut arrivals: Vec<Arrival> = Vec::new();
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        let featured = match field.name() {
            Some(IMAGES) => false,
            Some(FEATURED) => true,
            _ => return Err(UploadError::UnknownPart),
        };
        let Some(sent_name) = field.file_name().map(str::to_owned) else {
            return Err(UploadError::NotAFile(if featured {
                FEATURED
            } else {
                IMAGES
            }));
        };
        // `images` up to the limit, and one featured picture besides.
        let same = arrivals.iter().filter(|a| a.featured == featured).count();
        if same == if featured { 1 } else { limits.max_files } {
            return Err(UploadError::TooManyFiles(limits.max_files));
        }
        let file = receive_file(&mut field, display_name(&sent_name), limits, folder).await?;
        arrivals.push(Arrival { featured, file });
    }
    Ok(arrivals)
}

/// Reads an upload of one file sent as `field` (a product's picture) into a temporary file in
/// `folder`: none when no file was sent; a second file, or any other part, refuses the whole
/// upload.
pub async fn receive_one(
    parts: Parts,
    field_name: &'static str,
    limits: &UploadLimits,
    folder: &Path,
) -> Result<Option<Result<Incoming, Refused>>, UploadError> {
    let mut multipart = parts.0;
    let received = receive_only(&mut multipart, field_name, limits, folder).await;
    read_to_the_end(&mut multipart, received).await
}

async fn receive_only(
    multipart: &mut multer::Multipart<'static>,
    field_name: &'static str,
    limits: &UploadLimits,
    folder: &Path,
) -> Result<Option<Result<Incoming, Refused>>, UploadError> {
    let mut received = None;
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        if field.name() != Some(field_name) {
            return Err(UploadError::UnknownPart);
        }
        let Some(sent_name) = field.file_name().map(str::to_owned) else {
            return Err(UploadError::NotAFile(field_name));
        };
        if received.is_some() {
            return Err(UploadError::TooManyFiles(1));
        }
        received = Some(receive_file(&mut field, display_name(&sent_name), limits, folder).await?);
    }
    Ok(received)
}

/// Reads, and drops, what is left of an upload refused for its form before it had all come,
/// so the refusal reaches the sender: a server that answers and closes while the body is still
/// arriving resets the connection, and the browser shows a network error in place of the
/// sentence. The body's limit still applies, so this reads no more than an upload may be; one
/// past it, or one cut short, is not read on.
async fn read_to_the_end<T>(
    multipart: &mut multer::Multipart<'static>,
    received: Result<T, UploadError>,
) -> Result<T, UploadError> {
    if let Err(UploadError::UnknownPart | UploadError::NotAFile(_) | UploadError::TooManyFiles(_)) =
        received
    {
        while let Ok(Some(mut field)) = multipart.next_field().await {
            while let Ok(Some(_)) = field.chunk().await {}
        }
    }
    received
}

/// Writes one file to a temporary file, judging its kind from its first bytes and refusing it
/// as soon as it is larger than its kind may be.
async fn receive_file(
    field: &mut multer::Field<'static>,
    name: String,
    limits: &UploadLimits,
    folder: &Path,
) -> Result<Result<Incoming, Refused>, UploadError> {
    let storage = |err: std::io::Error| UploadError::Storage(err.to_string());
    let temp = NamedTempFile::new_in(folder).map_err(storage)?;
    let mut out = tokio::fs::File::from_std(temp.reopen().map_err(storage)?);
    let mut head = Vec::with_capacity(HEAD_BYTES);
    let mut kind = None;
    let mut size = 0u64;
    let refuse = |reason: String, name: &str| {
        Ok(Err(Refused {
            file_name: name.to_owned(),
            reason,
        }))
    };
    while let Some(chunk) = field.chunk().await.map_err(broken)? {
        size += chunk.len() as u64;
        if kind.is_none() {
            let wanted = HEAD_BYTES - head.len();
            head.extend_from_slice(&chunk[..wanted.min(chunk.len())]);
            if head.len() == HEAD_BYTES {
                match pictures::classify(&name, &head) {
                    Ok(found) => kind = Some(found),
                    Err(reason) => return refuse(reason, &name),
                }
            }
        }
        if let Some(reason) = too_big(&name, kind, size, limits) {
            return refuse(reason, &name);
        }
        out.write_all(&chunk).await.map_err(storage)?;
    }
    let kind = match kind {
        Some(kind) => kind,
        // Shorter than the head: judged by what there is.
        None => match pictures::classify(&name, &head) {
            Ok(kind) => kind,
            Err(reason) => return refuse(reason, &name),
        },
    };
    out.flush().await.map_err(storage)?;
    Ok(Ok(Incoming {
        file_name: name,
        kind,
        file: temp,
    }))
}

/// Why a file of `size` bytes so far is too large for its kind (the larger limit while the
/// kind is not known yet).
pub fn too_big(name: &str, kind: Option<Kind>, size: u64, limits: &UploadLimits) -> Option<String> {
    let (limit, what) = match kind {
        Some(Kind::Video) => (limits.max_video_bytes, "a video"),
        Some(_) => (limits.max_image_bytes, "a picture"),
        None if limits.max_video_bytes >= limits.max_image_bytes => {
            (limits.max_video_bytes, "a video")
        }
        None => (limits.max_image_bytes, "a picture"),
    };
    (size > limit).then(|| {
        format!(
            "{name} is larger than the {} MB allowed for {what}.",
            limit / 1_000_000
        )
    })
}

/// What a body that could not be read as a form means to the admin.
fn broken(err: multer::Error) -> UploadError {
    match err {
        multer::Error::StreamSizeExceeded { limit } => UploadError::TooLarge(limit),
        other => {
            tracing::info!(%other, "an upload could not be read");
            UploadError::Broken
        }
    }
}
