//! What the handlers share, put in the routes' data by [`crate::startup`] and taken by the
//! handlers in [`crate::api`] (so neither imports the other for it).

use sea_orm::DatabaseConnection;

use crate::gallery::uploads::{Destination, UploadLimits};
use crate::gallery::video::Videos;
use crate::gallery::view::{self, AlbumView};
use crate::gallery::{FindError, Viewer};
use crate::media_store::Media;
use crate::site::Site;

/// Where media URLs point: "" for the shop's own /media/, else the public URL before it.
#[derive(Clone, Debug)]
pub struct MediaBase(pub String);

/// How to tell who is asking: the shop may sit behind a reverse proxy, and serve over https.
#[derive(Clone, Debug)]
pub struct Clients {
    /// Take the visitor's address from the proxy's X-Forwarded-For header.
    pub behind_proxy: bool,
    /// Mark cookies Secure.
    pub secure_cookies: bool,
}

impl Clients {
    /// The visitor's IP address: the socket's, or the proxy's last X-Forwarded-For entry.
    pub fn address(&self, req: &poem::Request) -> String {
        let forwarded = self
            .behind_proxy
            .then(|| req.headers().get("x-forwarded-for")?.to_str().ok())
            .flatten()
            .and_then(|v| v.rsplit(',').next())
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty());
        forwarded.unwrap_or_else(|| {
            req.remote_addr()
                .as_socket_addr()
                .map(|a| a.ip().to_string())
                .unwrap_or_else(|| "unknown".into())
        })
    }
}

/// What the gallery's calls need: the database, the media folder, the video worker, the upload
/// limits and where media URLs point.
#[derive(Clone)]
pub struct Gallery {
    pub db: DatabaseConnection,
    pub media: Media,
    pub videos: Videos,
    pub limits: UploadLimits,
    pub media_base: MediaBase,
}

impl Gallery {
    /// Every album as `viewer` may see it.
    pub async fn albums(&self, viewer: Viewer) -> Result<Vec<AlbumView>, sea_orm::DbErr> {
        view::list(&self.db, &self.media_base.0, viewer).await
    }

    /// One album as `viewer` may see it.
    pub async fn album(&self, id: i32, viewer: Viewer) -> Result<AlbumView, FindError> {
        view::one(&self.db, id, &self.media_base.0, viewer).await
    }

    /// Where uploads go.
    pub fn destination(&self) -> Destination<'_> {
        Destination {
            media: self.media.as_ref(),
            videos: &self.videos,
            limits: &self.limits,
        }
    }
}

/// The studio's facts and where its notices go.
#[derive(Clone)]
pub struct Studio {
    pub site: Site,
    /// Where enquiries are mailed.
    pub notices_to: String,
}
