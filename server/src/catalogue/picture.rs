//! A product's picture, uploaded in the back office through the gallery's picture pipeline
//! ([`crate::media::uploads::store_picture`]): decided by its content, turned upright,
//! re-encoded without its EXIF as `products/{stem}-{480,960,1600}.jpg`. A new picture's files
//! are all written before the product points at them, and the old picture's files are removed
//! only after that change is committed, so the shop never shows a missing picture.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait};

use crate::catalogue;
use crate::catalogue::products::{self, AdminProductView, ProductAdminError};
use crate::media::receiving::Incoming;
use crate::media::store::MediaStore;
use crate::media::uploads::{PictureNotStored, kept_files, store_picture};
use crate::store::entities::product;

/// The folder uploaded product pictures are kept in (the demo's are there too).
const FOLDER: &str = "products";

/// Answers whether product `id` is there to take a picture.
pub async fn find(db: &DatabaseConnection, id: i32) -> Result<(), ProductAdminError> {
    match product::Entity::find_by_id(id).one(db).await? {
        Some(_) => Ok(()),
        None => Err(ProductAdminError::Gone),
    }
}

/// Makes `incoming` product `id`'s picture, in place of any it had.
pub async fn replace(
    db: &DatabaseConnection,
    media: &dyn MediaStore,
    id: i32,
    incoming: Incoming,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let stem = uuid::Uuid::new_v4().simple().to_string();
    let stored = store_picture(media, FOLDER, &stem, incoming)
        .await
        .map_err(|err| match err {
            PictureNotStored::Refused(why) => ProductAdminError::Picture(why),
            PictureNotStored::Failed(why) => ProductAdminError::Storage(why),
        })?;
    let pointed = async {
        let txn = db.begin().await?;
        let before = product::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or(ProductAdminError::Gone)?;
        product::Entity::update_many()
            .col_expr(
                product::Column::Image,
                Expr::value(Some(stored.largest().to_owned())),
            )
            .col_expr(
                product::Column::ImageVariants,
                Expr::value(stored.variants()),
            )
            .filter(product::Column::Id.eq(id))
            .exec(&txn)
            .await?;
        catalogue::bump_version(&txn).await?;
        let view = products::one(&txn, id, media_base).await?;
        txn.commit().await?;
        Ok::<_, ProductAdminError>((before, view))
    }
    .await;
    match pointed {
        Ok((before, view)) => {
            remove_files(media, &before).await;
            Ok(view)
        }
        Err(err) => {
            // Nothing points at the new files: they go.
            for path in stored.paths() {
                if let Err(err) = media.delete(path).await {
                    tracing::warn!(%path, %err, "could not remove an unused picture");
                }
            }
            Err(err)
        }
    }
}

/// Removes a product's uploaded picture files, JPEGs and WebPs. A demo picture stays: the seed
/// owns it, and albums and the workshop show it too.
pub async fn remove_files(media: &dyn MediaStore, product: &product::Model) {
    for (_, path) in kept_files(&product.image_variants) {
        if uploaded(path)
            && let Err(err) = media.delete(path).await
        {
            tracing::warn!(%path, %err, "could not remove a product picture");
        }
    }
}

/// Whether `path` is a file this module stored: `products/{stem}-{width}.{jpg,webp}`, the stem
/// a UUID's 32 hex digits (the demo's are named after the product).
fn uploaded(path: &str) -> bool {
    let Some(name) = path.strip_prefix("products/") else {
        return false;
    };
    let stem = name.split_once('-').map_or("", |(stem, _)| stem);
    stem.len() == 32
        && stem.bytes().all(|b| b.is_ascii_hexdigit())
        && !name.contains('/')
        && !name.contains("..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_uploaded_pictures_are_removed_never_the_demos() {
        let stem = "0123456789abcdef0123456789abcdef";
        assert!(uploaded(&format!("products/{stem}-480.jpg")));
        assert!(uploaded(&format!("products/{stem}-1600.webp")));
        assert!(!uploaded("products/peony-posy-480.webp"));
        assert!(!uploaded("products/peony-posy.jpg"));
        assert!(!uploaded(&format!("albums/{stem}-480.jpg")));
        assert!(!uploaded(&format!("products/{stem}-480/../../x.jpg")));
    }
}
