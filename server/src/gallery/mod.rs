//! The gallery: albums of pictures and videos. [`view`] is what visitors (and the admin) see,
//! [`admin`] the admin's changes, [`uploads`] what becomes of an upload (pictures prepared
//! by [`crate::media::pictures`], videos converted by the [`crate::media::video`] worker). Uploads become files under
//! `albums/` in the media folder with generated names (a file's own name is only ever used in
//! messages).

pub mod admin;
pub mod uploads;
pub mod view;

use crate::media::uploads::UploadError;

/// Why a gallery change or lookup did not happen.
#[derive(Debug)]
pub enum AlbumError {
    /// No album has that id.
    AlbumGone,
    /// The album has no picture with that id.
    ImageGone,
    /// The title is empty.
    TitleMissing,
    /// The title is too long (the sentence says how long it may be).
    TitleTooLong(&'static str),
    /// The description is too long (the sentence says how long it may be).
    DescriptionTooLong(&'static str),
    /// The caption is too long (the sentence says how long it may be).
    CaptionTooLong(&'static str),
    /// The featured picture is not one of the album's pictures.
    FeaturedNotOwn,
    /// A new order that is not every picture of the album once.
    NotEveryPicture,
    /// An upload without any file.
    NoFiles,
    /// A part of an upload that is not a file (it has no file name): the field it came as.
    NotAFile(&'static str),
    /// A part of an upload under a name its form does not have.
    UnknownPart,
    /// An upload with more files than this many (a featured picture besides).
    TooManyFiles(usize),
    /// An upload larger than this many bytes in all.
    UploadTooLarge(u64),
    /// An upload body that is not a complete multipart form (cut short, malformed).
    UploadBroken,
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

impl From<UploadError> for AlbumError {
    fn from(err: UploadError) -> Self {
        match err {
            UploadError::NotAFile(field) => AlbumError::NotAFile(field),
            UploadError::UnknownPart => AlbumError::UnknownPart,
            UploadError::TooManyFiles(most) => AlbumError::TooManyFiles(most),
            UploadError::TooLarge(bytes) => AlbumError::UploadTooLarge(bytes),
            UploadError::Broken => AlbumError::UploadBroken,
            UploadError::Storage(cause) => AlbumError::Storage(cause),
        }
    }
}

impl From<sea_orm::DbErr> for AlbumError {
    fn from(err: sea_orm::DbErr) -> Self {
        AlbumError::Db(err)
    }
}

/// Who is looking at the gallery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Visitors see only what is ready.
    Visitor,
    /// The admin sees everything, including videos still being converted or that failed.
    Admin,
}
