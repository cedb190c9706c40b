//! An upload to an album: what [`crate::media`] received becomes the album's stored pictures
//! and videos waiting for the video worker, in the order sent; each file that cannot be used is
//! refused with why, naming the file.

use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};

use super::AlbumError;
use crate::media::pictures::Kind;
use crate::media::receiving::{Arrival, Incoming};
use crate::media::uploads::{Destination, PictureNotStored, Refused, store_picture};
use crate::store::clock::now;
use crate::store::entities::album_image::{ImageStatus, MediaType};
use crate::store::entities::{album, album_image};

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
