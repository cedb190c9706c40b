//! Gallery albums: `GET /api/albums/` for everyone; creating, uploading to and editing albums
//! for the signed-in admin (401 otherwise). The spec's own admin paths (`/albums/`,
//! `/albums/{id}/upload_images/`) answer as the same handlers ([`SpecAlbumPaths`]).

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiRequest, Multipart, Object, OpenApi};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use crate::albums::{self, AlbumView, Incoming, Refused, UploadLimits, Videos};
use crate::error::ApiError;
use crate::media_store::Media;
use crate::startup::MediaBase;

/// Gallery albums.
pub struct AlbumsApi;

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
    pub title: String,
    #[oai(default)]
    pub description: String,
}

impl AlbumFields {
    fn into_parts(self) -> (String, String) {
        match self {
            AlbumFields::Form(f) => (f.title, f.description),
            AlbumFields::Json(j) => (j.0.title, j.0.description),
        }
    }
}

/// Changes to an album.
#[derive(Debug, Object)]
pub struct AlbumChange {
    pub title: String,
    #[oai(default)]
    pub description: String,
    /// One of the album's pictures, or null for none.
    pub featured_image: Option<i32>,
}

/// A picture's new caption.
#[derive(Debug, Object)]
pub struct CaptionChange {
    pub caption: String,
}

/// An album's pictures in their new order.
#[derive(Debug, Object)]
pub struct Reorder {
    pub image_ids: Vec<i32>,
}

/// `upload_images/`'s form: repeated `images`, and an optional `featured_image`.
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
    async fn list(&self, only_ready: bool) -> Result<Json<Vec<AlbumView>>, ApiError> {
        Ok(Json(
            albums::list(self.db, &self.media_base.0, only_ready).await?,
        ))
    }

    async fn create(&self, fields: AlbumFields) -> Result<Json<AlbumView>, ApiError> {
        let (title, description) = fields.into_parts();
        let id = albums::create(self.db, &title, &description).await?;
        Ok(Json(
            albums::one(self.db, id, &self.media_base.0, false).await?,
        ))
    }

    async fn upload(
        &self,
        media: &Media,
        videos: &Videos,
        limits: &UploadLimits,
        id: i32,
        form: UploadForm,
    ) -> Result<Json<UploadReport>, ApiError> {
        let mut files = Vec::with_capacity(form.images.len());
        for upload in form.images {
            files.push(incoming(upload).await);
        }
        let featured = match form.featured_image {
            Some(upload) => Some(incoming(upload).await),
            None => None,
        };
        let refused =
            albums::upload(self.db, media.as_ref(), videos, limits, id, files, featured).await?;
        Ok(Json(UploadReport {
            album: albums::one(self.db, id, &self.media_base.0, false).await?,
            refused,
        }))
    }
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Gallery")]
impl AlbumsApi {
    /// Every album with its pictures and videos that are ready, in order.
    #[oai(path = "/albums/", method = "get", operation_id = "listAlbums")]
    async fn list(
        &self,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
    ) -> Result<Json<Vec<AlbumView>>, ApiError> {
        let handlers = Handlers {
            db: *db,
            media_base: *media_base,
        };
        handlers.list(true).await
    }

    /// One album with its pictures and videos that are ready.
    #[oai(path = "/albums/:id/", method = "get", operation_id = "getAlbum")]
    async fn one(
        &self,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
        id: Path<i32>,
    ) -> Result<Json<AlbumView>, ApiError> {
        Ok(Json(albums::one(*db, id.0, &media_base.0.0, true).await?))
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
    ) -> Result<Json<Vec<AlbumView>>, ApiError> {
        let handlers = Handlers {
            db: *db,
            media_base: *media_base,
        };
        handlers.list(false).await
    }

    /// Admin: makes an album (title required).
    #[oai(path = "/albums/", method = "post", operation_id = "createAlbum")]
    async fn create(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
        fields: AlbumFields,
    ) -> Result<Json<AlbumView>, ApiError> {
        let handlers = Handlers {
            db: *db,
            media_base: *media_base,
        };
        handlers.create(fields).await
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
    ) -> Result<Json<AlbumView>, ApiError> {
        let change = change.0;
        albums::update(
            *db,
            id.0,
            &change.title,
            &change.description,
            change.featured_image,
        )
        .await?;
        Ok(Json(albums::one(*db, id.0, &media_base.0.0, false).await?))
    }

    /// Admin: deletes an album with its pictures and videos.
    #[oai(path = "/albums/:id/", method = "delete", operation_id = "deleteAlbum")]
    async fn delete(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media: Data<&Media>,
        id: Path<i32>,
    ) -> Result<Json<Done>, ApiError> {
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
    ) -> Result<Json<UploadReport>, ApiError> {
        let handlers = Handlers {
            db: *db,
            media_base: *media_base,
        };
        handlers.upload(*media, *videos, *limits, id.0, form).await
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
    ) -> Result<Json<Done>, ApiError> {
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
    ) -> Result<Json<Done>, ApiError> {
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
    ) -> Result<Json<Done>, ApiError> {
        albums::reorder(*db, id.0, &order.image_ids).await?;
        Ok(done())
    }
}

/// The spec's admin paths without `/api` (§7), answering as the handlers above.
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
    ) -> Result<Json<Vec<AlbumView>>, ApiError> {
        let handlers = Handlers {
            db: *db,
            media_base: *media_base,
        };
        handlers.list(false).await
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
    ) -> Result<Json<AlbumView>, ApiError> {
        let handlers = Handlers {
            db: *db,
            media_base: *media_base,
        };
        handlers.create(fields).await
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
    ) -> Result<Json<UploadReport>, ApiError> {
        let handlers = Handlers {
            db: *db,
            media_base: *media_base,
        };
        handlers.upload(*media, *videos, *limits, id.0, form).await
    }
}
