//! What the handlers share: made from the configuration when the shop starts and put in the
//! routes' data, then taken by the handlers of this module's siblings.

use sea_orm::DatabaseConnection;

use crate::accounts::auth;
use crate::gallery::view::{self, AlbumView};
use crate::gallery::{FindError, Viewer};
use crate::http::proxies::{self, Network};
use crate::media::receiving::{Incoming, Parts};
use crate::media::store::Media;
use crate::media::uploads::{Destination, PictureError, UploadLimits};
use crate::media::video::Videos;
use crate::store::db::Writer;
use crate::store::rate_limit::Limit;
use crate::studio::facts::Facts;

/// Where media URLs point: "" for the shop's own /media/, else the public URL before it.
#[derive(Clone, Debug)]
pub struct MediaBase(pub String);

/// How to tell who is asking: the visitor's address (through trusted reverse proxies) and the
/// admin's session cookie (`__Host-` prefixed and Secure over https).
#[derive(Clone, Debug)]
pub struct Clients {
    /// Reverse proxies whose X-Forwarded-For entries are believed; none: the socket's address.
    pub trusted_proxies: Vec<Network>,
    /// Served over https: cookies are Secure, the session cookie `__Host-` prefixed.
    pub secure_cookies: bool,
    /// An admin session ends this long after signing in, however busy.
    pub session_lifetime_seconds: i64,
    /// Failed sign-ins per address and username.
    pub sign_ins: Limit,
    /// Failed sign-ins per address, whatever the usernames.
    pub sign_ins_per_address: Limit,
    /// Enquiries per address.
    pub enquiries: Limit,
    /// The shop's password hasher, which sign-ins queue for.
    pub hasher: auth::Hasher,
}

impl Clients {
    /// The visitor's address as every per-address limit counts it
    /// ([`proxies::address_key`]: an IPv6 address by its /64), from the socket's IP address, or
    /// through trusted proxies the right-most X-Forwarded-For entry that is not one of them
    /// (see [`crate::http::proxies`]).
    pub fn address(&self, req: &poem::Request) -> String {
        let Some(socket) = req.remote_addr().as_socket_addr().map(|a| a.ip()) else {
            return "unknown".into();
        };
        let forwarded = req
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok());
        proxies::address_key(proxies::client_address(
            socket,
            forwarded,
            &self.trusted_proxies,
        ))
    }

    /// The name of the admin's session cookie.
    pub fn session_cookie(&self) -> &'static str {
        auth::session_cookie_name(self.secure_cookies)
    }
}

/// What the gallery's calls need: the database, its writer, the media folder, the video
/// worker, the upload limits and where media URLs point.
#[derive(Clone)]
pub struct Gallery {
    pub db: DatabaseConnection,
    /// The admin's changes take their turn through it.
    pub writer: Writer,
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

    /// A product's or a workshop's one picture, read to disk as it arrives.
    pub async fn receive_picture(&self, parts: Parts) -> Result<Incoming, PictureError> {
        self.destination().receive_picture(parts).await
    }
}

/// The studio's facts and where its notices go.
#[derive(Clone)]
pub struct Studio {
    /// Its name, phone, address and links, as the back office last saved them.
    pub facts: Facts,
    /// Where enquiries are mailed.
    pub notices_to: String,
}

/// What the privacy notice says of this shop, and where erasure finds the letters' files.
#[derive(Clone, Debug)]
pub struct Privacy {
    /// Where the outbox writes `.eml` files (the data folder's `outbox/`).
    pub outbox_dir: std::path::PathBuf,
    /// Cards are taken by Stripe, not the simulated provider.
    pub stripe: bool,
    /// Mail goes through an SMTP relay.
    pub mail_relay: bool,
    /// Media are kept in an S3-compatible bucket.
    pub object_storage: bool,
}
