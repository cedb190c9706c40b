//! Gallery albums: `GET /api/albums/` for everyone; creating, uploading to and editing albums
//! for the signed-in admin (401 otherwise). The spec's own admin paths (`/albums/`,
//! `/albums/{id}/upload_images/`) answer as the same handlers ([`SpecAlbumPaths`]).

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiRequest, Multipart, Object, OpenApi};

use super::ApiTags;
use super::auth::AdminSession;
use super::text::Text;
use super::upload::Streamed;
use crate::api::state::Gallery;
use crate::gallery::uploads;
use crate::gallery::view::AlbumView;
use crate::gallery::{AlbumError, FindError, Viewer, admin};
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::media::uploads::Refused;

/// Gallery albums.
pub struct AlbumsApi;

const ALBUM_GONE: &str = "We couldn't find that album. It may have been deleted.";
/// A form's part under a name the form does not have (an upload's, or a new album's).
pub const UNKNOWN_PART: &str =
    "This form has a part the shop does not take. Please send only the form's own fields.";

impl From<FindError> for Problem {
    fn from(err: FindError) -> Problem {
        match err {
            FindError::AlbumGone => Problem::new(StatusCode::NOT_FOUND, ALBUM_GONE),
            FindError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for FindError {
    const ANSWERS: &'static [Answer] = &[Answer(404, "No album has that id."), INTERNAL];
}

impl From<AlbumError> for Problem {
    fn from(err: AlbumError) -> Problem {
        match err {
            AlbumError::AlbumGone => Problem::new(StatusCode::NOT_FOUND, ALBUM_GONE),
            AlbumError::ImageGone => Problem::new(
                StatusCode::NOT_FOUND,
                "We couldn't find that picture in this album.",
            ),
            AlbumError::TitleMissing => Problem::field(
                posy_core::gallery::TITLE_MISSING,
                "title",
                posy_core::validation::REQUIRED,
            ),
            AlbumError::TitleTooLong(why) => Problem::field(why, "title", why),
            AlbumError::DescriptionTooLong(why) => Problem::field(why, "description", why),
            AlbumError::CaptionTooLong(why) => Problem::field(why, "caption", why),
            AlbumError::FeaturedNotOwn => Problem::field(
                "The featured picture must be one of this album's pictures.",
                "featured_image",
                "Choose a picture of this album.",
            ),
            AlbumError::NotEveryPicture => Problem::field(
                "Please list every picture of the album once.",
                "image_ids",
                "Every picture of the album, once each.",
            ),
            AlbumError::NotAFile(field) => Problem::field(
                "Please send pictures and videos as files.",
                field,
                "Not a file.",
            ),
            AlbumError::UnknownPart => Problem::new(StatusCode::BAD_REQUEST, UNKNOWN_PART),
            AlbumError::NoFiles => Problem::field(
                "Please choose at least one picture or video to upload.",
                "images",
                "Choose at least one file.",
            ),
            AlbumError::TooManyFiles(most) => Problem::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("Please upload at most {most} files at once."),
            ),
            AlbumError::UploadTooLarge(bytes) => Problem::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "This upload is larger than the {} MB one upload may be. Please send fewer \
                     files at once.",
                    bytes / 1_000_000
                ),
            ),
            AlbumError::UploadBroken => Problem::new(
                StatusCode::BAD_REQUEST,
                "The upload did not arrive whole. Please try again.",
            ),
            AlbumError::Storage(cause) => Problem::internal(cause),
            AlbumError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for AlbumError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields` names it): an empty or over-long title, an over-long \
             description or caption, a featured picture not of this album, a new order that is \
             not every picture once, an upload without files, with a part that is not a file or \
             a part the form does not have, an upload that did not arrive whole.",
        ),
        Answer(
            413,
            "An upload with more files, or more bytes in all, than the shop takes at once \
             (POSY_MAX_UPLOAD_FILES, POSY_MAX_UPLOAD_MB); nothing of it is kept.",
        ),
        Answer(
            404,
            "No album has that id, or the album has no picture with that id.",
        ),
        INTERNAL,
    ];
}

/// An album's title and description, as a form (the spec's) or JSON.
#[derive(ApiRequest)]
pub enum AlbumFields {
    Form(AlbumForm),
    Json(Json<AlbumJson>),
}

/// An album's fields as multipart form data; a part it does not have refuses the form.
#[derive(Debug, Multipart)]
#[oai(deny_unknown_fields)]
pub struct AlbumForm {
    #[oai(default)]
    pub title: String,
    #[oai(default)]
    pub description: String,
}

/// An album's fields as JSON.
#[derive(Debug, Object)]
pub struct AlbumJson {
    #[oai(default)]
    pub title: Text,
    #[oai(default)]
    pub description: Text,
}

impl AlbumFields {
    fn into_parts(self) -> (String, String) {
        match self {
            AlbumFields::Form(f) => (f.title, f.description),
            AlbumFields::Json(j) => (j.0.title.0, j.0.description.0),
        }
    }
}

/// Changes to an album.
#[derive(Debug, Object)]
pub struct AlbumChange {
    pub title: Text,
    #[oai(default)]
    pub description: Text,
    /// One of the album's pictures, or null for none.
    pub featured_image: Option<i32>,
}

/// A picture's new caption.
#[derive(Debug, Object)]
pub struct CaptionChange {
    pub caption: Text,
}

/// An album's pictures in their new order.
#[derive(Debug, Object)]
pub struct Reorder {
    pub image_ids: Vec<i32>,
}

/// `upload_images/`'s form as published: repeated `images`, and an optional `featured_image`
/// (at least one file in all; `images` is published as optional, as it is read). Only its
/// schema is used: the body is read by [`UploadBody`].
#[derive(Debug, Multipart)]
#[allow(dead_code)]
pub struct UploadForm {
    images: Vec<Upload>,
    featured_image: Option<Upload>,
}

/// `upload_images/`'s body, read as it arrives.
pub type UploadBody = Streamed<UploadForm>;

/// What an upload did: the album now, and the files refused with why.
#[derive(Debug, Object)]
pub struct UploadReport {
    pub album: AlbumView,
    pub refused: Vec<Refused>,
}

/// What a change answers.
#[derive(Debug, Object)]
pub struct Done {
    /// `success`.
    pub status: String,
}

/// The answer of a change that has nothing more to say.
pub(super) fn done() -> Json<Done> {
    Json(Done {
        status: "success".into(),
    })
}

type Listed = Result<Json<Vec<AlbumView>>, Failure<sea_orm::DbErr, ADMIN>>;
type Created = Result<Json<AlbumView>, Failure<AlbumError, { ADMIN | SEND }>>;
type Changed<T> = Result<Json<T>, Failure<AlbumError, { ADMIN | PATH | SEND }>>;
type Deleted = Result<Json<Done>, Failure<AlbumError, { ADMIN | PATH | CSRF }>>;

async fn admin_list(gallery: &Gallery) -> Listed {
    Ok(Json(gallery.albums(Viewer::Admin).await?))
}

async fn create(gallery: &Gallery, fields: AlbumFields) -> Created {
    let (title, description) = fields.into_parts();
    let id = admin::create(&gallery.writer, &title, &description).await?;
    Ok(Json(
        gallery
            .album(id, Viewer::Admin)
            .await
            .map_err(AlbumError::from)?,
    ))
}

async fn upload(gallery: &Gallery, id: i32, body: UploadBody) -> Changed<UploadReport> {
    // An unknown album is said before its files are read.
    uploads::find_album(&gallery.db, id).await?;
    let to = gallery.destination();
    let arrivals = to.receive(body.parts).await.map_err(AlbumError::from)?;
    let refused = uploads::upload(&gallery.db, &to, id, arrivals).await?;
    let album = gallery
        .album(id, Viewer::Admin)
        .await
        .map_err(AlbumError::from)?;
    Ok(Json(UploadReport { album, refused }))
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Gallery")]
impl AlbumsApi {
    /// Every album with its pictures and videos that are ready, in order.
    #[oai(path = "/albums/", method = "get", operation_id = "listAlbums")]
    async fn list(
        &self,
        gallery: Data<&Gallery>,
    ) -> Result<Json<Vec<AlbumView>>, Failure<sea_orm::DbErr>> {
        Ok(Json(gallery.albums(Viewer::Visitor).await?))
    }

    /// One album with its pictures and videos that are ready.
    #[oai(path = "/albums/:id/", method = "get", operation_id = "getAlbum")]
    async fn one(
        &self,
        gallery: Data<&Gallery>,
        id: Path<i32>,
    ) -> Result<Json<AlbumView>, Failure<FindError, PATH>> {
        Ok(Json(gallery.album(id.0, Viewer::Visitor).await?))
    }

    /// Admin: every album with everything in it, including videos still being converted.
    #[oai(path = "/admin/albums/", method = "get", operation_id = "adminListAlbums")]
    async fn admin_list(&self, _admin: AdminSession, gallery: Data<&Gallery>) -> Listed {
        admin_list(gallery.0).await
    }

    /// Admin: makes an album (title required).
    #[oai(path = "/albums/", method = "post", operation_id = "createAlbum")]
    async fn create(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        fields: AlbumFields,
    ) -> Created {
        create(gallery.0, fields).await
    }

    /// Admin: changes an album's title, description and featured picture.
    #[oai(path = "/albums/:id/", method = "put", operation_id = "updateAlbum")]
    async fn update(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
        change: Json<AlbumChange>,
    ) -> Changed<AlbumView> {
        let change = change.0;
        let (title, description) = (&change.title, &change.description);
        admin::update(
            &gallery.writer,
            id.0,
            title,
            description,
            change.featured_image,
        )
        .await?;
        Ok(Json(
            gallery
                .album(id.0, Viewer::Admin)
                .await
                .map_err(AlbumError::from)?,
        ))
    }

    /// Admin: deletes an album with its pictures and videos.
    #[oai(path = "/albums/:id/", method = "delete", operation_id = "deleteAlbum")]
    async fn delete(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
    ) -> Deleted {
        admin::delete(&gallery.writer, gallery.media.as_ref(), id.0).await?;
        Ok(done())
    }

    /// Admin: uploads pictures (JPEG, PNG, WebP, GIF, AVIF, HEIC) and videos (MP4, MOV, WebM),
    /// judged by content; each refused file is named with why. Videos are converted in the
    /// background (`processing` until ready).
    #[oai(path = "/albums/:id/upload_images/", method = "post", operation_id = "uploadAlbumImages")]
    async fn upload(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
        body: UploadBody,
    ) -> Changed<UploadReport> {
        upload(gallery.0, id.0, body).await
    }

    /// Admin: changes a picture's caption.
    #[oai(
        path = "/albums/:id/images/:image_id/",
        method = "put",
        operation_id = "updateAlbumImage"
    )]
    async fn caption(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
        image_id: Path<i32>,
        change: Json<CaptionChange>,
    ) -> Changed<Done> {
        admin::caption(&gallery.writer, id.0, image_id.0, &change.caption).await?;
        Ok(done())
    }

    /// Admin: deletes a picture or video.
    #[oai(
        path = "/albums/:id/images/:image_id/",
        method = "delete",
        operation_id = "deleteAlbumImage"
    )]
    async fn delete_image(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
        image_id: Path<i32>,
    ) -> Deleted {
        admin::delete_image(&gallery.writer, gallery.media.as_ref(), id.0, image_id.0).await?;
        Ok(done())
    }

    /// Admin: puts an album's pictures in a new order.
    #[oai(path = "/albums/:id/reorder/", method = "post", operation_id = "reorderAlbumImages")]
    async fn reorder(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
        order: Json<Reorder>,
    ) -> Changed<Done> {
        admin::reorder(&gallery.writer, id.0, &order.image_ids).await?;
        Ok(done())
    }
}

/// The spec's admin paths without `/api`, answering as the calls above.
pub struct SpecAlbumPaths;

#[OpenApi(tag = "ApiTags::Gallery")]
impl SpecAlbumPaths {
    /// Admin: the albums (the spec's path for `GET /api/admin/albums/`).
    #[oai(path = "/albums/", method = "get", operation_id = "specListAlbums", deprecated)]
    async fn list(&self, _admin: AdminSession, gallery: Data<&Gallery>) -> Listed {
        admin_list(gallery.0).await
    }

    /// Admin: makes an album (the spec's path for `POST /api/albums/`).
    #[oai(path = "/albums/", method = "post", operation_id = "specCreateAlbum", deprecated)]
    async fn create(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        fields: AlbumFields,
    ) -> Created {
        create(gallery.0, fields).await
    }

    /// Admin: uploads (the spec's path for `POST /api/albums/{id}/upload_images/`).
    #[oai(
        path = "/albums/:id/upload_images/",
        method = "post",
        operation_id = "specUploadAlbumImages",
        deprecated
    )]
    async fn upload(
        &self,
        _admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
        body: UploadBody,
    ) -> Changed<UploadReport> {
        upload(gallery.0, id.0, body).await
    }
}
