//! Gallery albums: `GET /api/albums/` for everyone; creating, uploading to and editing albums
//! for the signed-in admin (401 otherwise). The spec's own admin paths (`/albums/`,
//! `/albums/{id}/upload_images/`) answer as the same handlers ([`SpecAlbumPaths`]).

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiRequest, Multipart, Object, OpenApi};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use super::text::Text;
use crate::albums::{
    self, AlbumError, AlbumView, FindError, Incoming, Refused, UploadLimits, Videos,
};
use crate::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::media_store::Media;
use crate::startup::MediaBase;

/// Gallery albums.
pub struct AlbumsApi;

const ALBUM_GONE: &str = "We couldn't find that album. It may have been deleted.";

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
        let title_long = "Please keep the title under 200 characters.";
        let caption_long = "Please keep the caption under 500 characters.";
        match err {
            AlbumError::AlbumGone => Problem::new(StatusCode::NOT_FOUND, ALBUM_GONE),
            AlbumError::ImageGone => Problem::new(
                StatusCode::NOT_FOUND,
                "We couldn't find that picture in this album.",
            ),
            AlbumError::TitleMissing => Problem::field(
                "Please give the album a title.",
                "title",
                posy_core::validation::REQUIRED,
            ),
            AlbumError::TitleTooLong => Problem::field(title_long, "title", title_long),
            AlbumError::CaptionTooLong => Problem::field(caption_long, "caption", caption_long),
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
            AlbumError::NoFiles => Problem::field(
                "Please choose at least one picture or video to upload.",
                "images",
                "Choose at least one file.",
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
             caption, a featured picture not of this album, a new order that is not every \
             picture once, an upload without files or with a part that is not a file.",
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

/// An album's fields as multipart form data.
#[derive(Debug, Multipart)]
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

/// `upload_images/`'s form: repeated `images`, and an optional `featured_image` (at least one
/// file in all; `images` is published as optional, as it is read).
#[derive(Debug, Multipart)]
pub struct UploadForm {
    pub images: Vec<Upload>,
    pub featured_image: Option<Upload>,
}

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

fn done() -> Json<Done> {
    Json(Done {
        status: "success".into(),
    })
}

async fn incoming(upload: Upload) -> Incoming {
    let file_name = upload.file_name().unwrap_or_default().to_owned();
    let size = upload.size() as u64;
    Incoming {
        file_name,
        size,
        file: upload.into_file(),
    }
}

/// The handlers shared by both sets of paths.
pub struct Handlers<'a> {
    pub db: &'a DatabaseConnection,
    pub media_base: &'a MediaBase,
}

impl Handlers<'_> {
    async fn list<E: From<sea_orm::DbErr>>(
        &self,
        only_ready: bool,
    ) -> Result<Json<Vec<AlbumView>>, E> {
        Ok(Json(
            albums::list(self.db, &self.media_base.0, only_ready).await?,
        ))
    }

    async fn one(&self, id: i32, only_ready: bool) -> Result<Json<AlbumView>, FindError> {
        Ok(Json(
            albums::one(self.db, id, &self.media_base.0, only_ready).await?,
        ))
    }

    async fn create(&self, fields: AlbumFields) -> Result<Json<AlbumView>, AlbumError> {
        let (title, description) = fields.into_parts();
        let id = albums::create(self.db, &title, &description).await?;
        Ok(self.one(id, false).await?)
    }

    async fn upload(
        &self,
        uploads: &Uploads<'_>,
        id: i32,
        form: UploadForm,
    ) -> Result<Json<UploadReport>, AlbumError> {
        let not_a_file =
            |field| move |upload: &Upload| upload.file_name().is_none().then_some(field);
        if let Some(field) = form
            .images
            .iter()
            .find_map(not_a_file("images"))
            .or_else(|| {
                form.featured_image
                    .as_ref()
                    .and_then(not_a_file("featured_image"))
            })
        {
            return Err(AlbumError::NotAFile(field));
        }
        let mut files = Vec::with_capacity(form.images.len());
        for upload in form.images {
            files.push(incoming(upload).await);
        }
        let featured = match form.featured_image {
            Some(upload) => Some(incoming(upload).await),
            None => None,
        };
        let refused = albums::upload(
            self.db,
            uploads.media.as_ref(),
            uploads.videos,
            uploads.limits,
            id,
            files,
            featured,
        )
        .await?;
        Ok(Json(UploadReport {
            album: self.one(id, false).await?.0,
            refused,
        }))
    }
}

/// Where uploads go and how large they may be.
pub struct Uploads<'a> {
    pub media: &'a Media,
    pub videos: &'a Videos,
    pub limits: &'a UploadLimits,
}

type Changed<T> = Result<Json<T>, Failure<AlbumError, { ADMIN | PATH | SEND }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Gallery")]
impl AlbumsApi {
    /// Every album with its pictures and videos that are ready, in order.
    #[oai(path = "/albums/", method = "get", operation_id = "listAlbums")]
    async fn list(
        &self,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
    ) -> Result<Json<Vec<AlbumView>>, Failure<sea_orm::DbErr>> {
        handlers(db.0, media_base.0).list(true).await
    }

    /// One album with its pictures and videos that are ready.
    #[oai(path = "/albums/:id/", method = "get", operation_id = "getAlbum")]
    async fn one(
        &self,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
        id: Path<i32>,
    ) -> Result<Json<AlbumView>, Failure<FindError, PATH>> {
        Ok(handlers(db.0, media_base.0).one(id.0, true).await?)
    }

    /// Admin: every album with everything in it, including videos still being converted.
    #[oai(
        path = "/admin/albums/",
        method = "get",
        operation_id = "adminListAlbums"
    )]
    async fn admin_list(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
    ) -> Result<Json<Vec<AlbumView>>, Failure<sea_orm::DbErr, ADMIN>> {
        handlers(db.0, media_base.0).list(false).await
    }

    /// Admin: makes an album (title required).
    #[oai(path = "/albums/", method = "post", operation_id = "createAlbum")]
    async fn create(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
        fields: AlbumFields,
    ) -> Result<Json<AlbumView>, Failure<AlbumError, { ADMIN | SEND }>> {
        Ok(handlers(db.0, media_base.0).create(fields).await?)
    }

    /// Admin: changes an album's title, description and featured picture.
    #[oai(path = "/albums/:id/", method = "put", operation_id = "updateAlbum")]
    async fn update(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
        id: Path<i32>,
        change: Json<AlbumChange>,
    ) -> Changed<AlbumView> {
        let change = change.0;
        albums::update(
            *db,
            id.0,
            &change.title,
            &change.description,
            change.featured_image,
        )
        .await?;
        Ok(handlers(db.0, media_base.0)
            .one(id.0, false)
            .await
            .map_err(AlbumError::from)?)
    }

    /// Admin: deletes an album with its pictures and videos.
    #[oai(path = "/albums/:id/", method = "delete", operation_id = "deleteAlbum")]
    async fn delete(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media: Data<&Media>,
        id: Path<i32>,
    ) -> Result<Json<Done>, Failure<AlbumError, { ADMIN | PATH | CSRF }>> {
        albums::delete(*db, media.0.as_ref(), id.0).await?;
        Ok(done())
    }

    /// Admin: uploads pictures (JPEG, PNG, WebP, GIF, AVIF, HEIC) and videos (MP4, MOV, WebM),
    /// judged by content; each refused file is named with why. Videos are converted in the
    /// background (`processing` until ready).
    #[oai(
        path = "/albums/:id/upload_images/",
        method = "post",
        operation_id = "uploadAlbumImages"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn upload(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
        media: Data<&Media>,
        videos: Data<&Videos>,
        limits: Data<&UploadLimits>,
        id: Path<i32>,
        form: UploadForm,
    ) -> Changed<UploadReport> {
        let uploads = Uploads {
            media: media.0,
            videos: videos.0,
            limits: limits.0,
        };
        Ok(handlers(db.0, media_base.0)
            .upload(&uploads, id.0, form)
            .await?)
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
        db: Data<&DatabaseConnection>,
        id: Path<i32>,
        image_id: Path<i32>,
        change: Json<CaptionChange>,
    ) -> Changed<Done> {
        albums::caption(*db, id.0, image_id.0, &change.caption).await?;
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
        db: Data<&DatabaseConnection>,
        media: Data<&Media>,
        id: Path<i32>,
        image_id: Path<i32>,
    ) -> Result<Json<Done>, Failure<AlbumError, { ADMIN | PATH | CSRF }>> {
        albums::delete_image(*db, media.0.as_ref(), id.0, image_id.0).await?;
        Ok(done())
    }

    /// Admin: puts an album's pictures in a new order.
    #[oai(
        path = "/albums/:id/reorder/",
        method = "post",
        operation_id = "reorderAlbumImages"
    )]
    async fn reorder(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        id: Path<i32>,
        order: Json<Reorder>,
    ) -> Changed<Done> {
        albums::reorder(*db, id.0, &order.image_ids).await?;
        Ok(done())
    }
}

fn handlers<'a>(db: &'a DatabaseConnection, media_base: &'a MediaBase) -> Handlers<'a> {
    Handlers { db, media_base }
}

/// The spec's admin paths without `/api`, answering as the handlers above.
pub struct SpecAlbumPaths;

#[OpenApi(tag = "ApiTags::Gallery")]
impl SpecAlbumPaths {
    /// Admin: the albums (the spec's path for `GET /api/admin/albums/`).
    #[oai(
        path = "/albums/",
        method = "get",
        operation_id = "specListAlbums",
        deprecated
    )]
    async fn list(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
    ) -> Result<Json<Vec<AlbumView>>, Failure<sea_orm::DbErr, ADMIN>> {
        handlers(db.0, media_base.0).list(false).await
    }

    /// Admin: makes an album (the spec's path for `POST /api/albums/`).
    #[oai(
        path = "/albums/",
        method = "post",
        operation_id = "specCreateAlbum",
        deprecated
    )]
    async fn create(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
        fields: AlbumFields,
    ) -> Result<Json<AlbumView>, Failure<AlbumError, { ADMIN | SEND }>> {
        Ok(handlers(db.0, media_base.0).create(fields).await?)
    }

    /// Admin: uploads (the spec's path for `POST /api/albums/{id}/upload_images/`).
    #[oai(
        path = "/albums/:id/upload_images/",
        method = "post",
        operation_id = "specUploadAlbumImages",
        deprecated
    )]
    #[allow(clippy::too_many_arguments)]
    async fn upload(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
        media: Data<&Media>,
        videos: Data<&Videos>,
        limits: Data<&UploadLimits>,
        id: Path<i32>,
        form: UploadForm,
    ) -> Changed<UploadReport> {
        let uploads = Uploads {
            media: media.0,
            videos: videos.0,
            limits: limits.0,
        };
        Ok(handlers(db.0, media_base.0)
            .upload(&uploads, id.0, form)
            .await?)
    }
}
