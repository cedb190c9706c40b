//! The back office's catalogue (admin only: 401 without the session, 403 without the CSRF
//! header on unsafe calls): products made, changed, given a picture, archived, restored or
//! deleted, the list's quick stock change, and the shelves (categories) made, renamed, put in
//! order and hidden. Every change shows on /shop at once.

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{Multipart, Object, OpenApi};

use super::ApiTags;
use super::albums::{Done, done};
use super::auth::AdminSession;
use super::text::Text;
use super::upload::{Streamed, picture_problem};
use crate::api::state::{Gallery, MediaBase};
use crate::catalogue::products::{self, AdminProductView, ProductAdminError, Seen};
use crate::catalogue::shelves::{self, CategoryError, CategoryView};
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::store::db::Writer;
use posy_core::product_form::{ProductForm, SizeForm};
use sea_orm::DatabaseConnection;

/// The back office's products and shelves.
pub struct CatalogueAdminApi;

/// A size as the product form sends it.
#[derive(Debug, Object)]
pub struct SizeChangeBody {
    /// The size's id; absent for a size being added. The product's sizes left out are removed.
    pub id: Option<i32>,
    /// e.g. `Large`.
    pub size: Text,
    /// e.g. `"60.00"` (a leading £ is fine).
    pub price: Text,
    pub stock: i64,
    /// The stock the form showed for this size when it was loaded (required for a size with
    /// an id when changing a product): the stock is written only when it differs from this,
    /// and refused (409) when the size's stock is no longer this.
    pub stock_seen: Option<i64>,
}

/// The product form: what a product is made as, or becomes.
#[derive(Debug, Object)]
pub struct ProductChangeBody {
    pub name: Text,
    pub description: Text,
    /// The shelf it is shown under.
    pub category_id: i32,
    /// e.g. `"45.00"`; ignored for a product with sizes (each has its own).
    pub price: Text,
    /// Ignored for a product with sizes.
    pub stock: i64,
    /// Days of notice it needs, 0 to 60.
    pub lead_days: u32,
    /// On sale; false hides it from shoppers.
    pub visible: bool,
    /// Its sizes in the selector's order (at most 12); empty without sizes.
    #[oai(validator(max_items = 50))]
    pub sizes: Vec<SizeChangeBody>,
    /// The product's `version` as the form loaded it (required when changing a product): a
    /// save is refused (409) when someone else saved the product since.
    pub version: Option<i64>,
    /// The stock the form showed when it was loaded (required when changing a product
    /// without sizes): the stock is written only when it differs from this, and refused (409)
    /// when the product's stock is no longer this (a sale came between).
    pub stock_seen: Option<i64>,
}

impl ProductChangeBody {
    /// What the form was made from, for a change to a product: every part must be sent.
    fn seen(&self) -> Result<Seen, ProductAdminError> {
        let sizes = self
            .sizes
            .iter()
            .filter_map(|size| Some((size.id?, size.stock_seen)))
            .map(|(id, shown)| Ok((id, shown.ok_or(ProductAdminError::Unseen("sizes"))?)))
            .collect::<Result<_, ProductAdminError>>()?;
        Ok(Seen {
            version: self.version.ok_or(ProductAdminError::Unseen("version"))?,
            // With sizes, the product's own count is not the form's.
            stock: match self.stock_seen {
                Some(shown) => shown,
                None if self.sizes.is_empty() => {
                    return Err(ProductAdminError::Unseen("stock"));
                }
                None => self.stock,
            },
            sizes,
        })
    }
}

impl From<ProductChangeBody> for ProductForm {
    fn from(change: ProductChangeBody) -> ProductForm {
        ProductForm {
            name: change.name.0,
            description: change.description.0,
            category_id: change.category_id,
            price: change.price.0,
            stock: change.stock,
            lead_days: change.lead_days,
            visible: change.visible,
            sizes: change
                .sizes
                .into_iter()
                .map(|size| SizeForm {
                    id: size.id,
                    size: size.size.0,
                    price: size.price.0,
                    stock: size.stock,
                })
                .collect(),
        }
    }
}

/// The list's quick stock change.
#[derive(Debug, Object)]
pub struct StockChange {
    /// 0 to 9999.
    pub stock: i64,
    /// The stock the list showed: written only when `stock` differs, and refused (409) when
    /// the stock is no longer this.
    pub stock_seen: i64,
    /// The size whose stock it is; absent for a product without sizes.
    pub size_id: Option<i32>,
}

/// A new shelf.
#[derive(Debug, Object)]
pub struct NewCategory {
    /// Up to 60 characters, not another shelf's name.
    pub name: Text,
}

/// A shelf's new name and whether it is hidden.
#[derive(Debug, Object)]
pub struct CategoryChange {
    /// Checked by core (one line, at most 60 characters, not another shelf's name).
    pub name: Text,
    /// Hidden from /shop with all its products.
    pub hidden: bool,
    /// The shelf's `version` as the page loaded it: refused (409) when someone else changed
    /// the shelf since.
    pub version: i64,
}

/// The shelves in their new order.
#[derive(Debug, Object)]
pub struct CategoryOrder {
    /// Every shelf's id, once, first shown first.
    #[oai(validator(max_items = 500))]
    pub category_ids: Vec<i32>,
    /// Every shelf's id in the order the page showed them before this change: refused (409)
    /// when someone else has put them in another order since.
    #[oai(validator(max_items = 500))]
    pub order_seen: Vec<i32>,
}

/// The picture form as published: one `picture` file. Only its schema is used: the body is
/// read as it arrives ([`PictureBody`]), as the gallery's uploads are.
#[derive(Debug, Multipart)]
#[allow(dead_code)]
pub struct PictureForm {
    picture: Upload,
}

/// A product picture's upload, read within the gallery's limits as it arrives.
pub type PictureBody = Streamed<PictureForm>;

const NO_SUCH_PRODUCT: &str = "That product is not in the shop any more.";
const NOT_ITS_SIZES: &str = "The sizes sent are not this product's: please reload the page.";
const NO_SUCH_CATEGORY: &str = "That category is not in the shop any more: please reload the page.";
const ORDERED: &str =
    "This product has been ordered, so it can only be archived: its orders keep it.";
const EDITED_MEANWHILE: &str = "Someone else saved this product while you were editing: reload it \
     to see their changes, then make yours again.";
const UNSEEN: &str = "This form is older than the shop: please reload the page.";

/// The refusal of a stock change made from a count that has moved since the page showed it.
fn stock_moved(now: i64, size: Option<&str>) -> String {
    match size {
        Some(size) => format!(
            "The stock of {size} changed to {now} while you were editing: check it and save again."
        ),
        None => {
            format!("The stock changed to {now} while you were editing: check it and save again.")
        }
    }
}
const ONE_PICTURE: &str = "Please send one picture: a product has one.";

impl From<ProductAdminError> for Problem {
    fn from(err: ProductAdminError) -> Problem {
        match err {
            ProductAdminError::Gone => Problem::new(StatusCode::NOT_FOUND, NO_SUCH_PRODUCT),
            ProductAdminError::Form(problems) => {
                Problem::fields(problems.message(), problems.fields())
            }
            ProductAdminError::NotItsSizes => Problem::field(NOT_ITS_SIZES, "sizes", NOT_ITS_SIZES),
            ProductAdminError::Stock(why) => Problem::field(why.clone(), "stock", why),
            ProductAdminError::StockMoved { now, size } => {
                Problem::new(StatusCode::CONFLICT, stock_moved(now, size.as_deref()))
            }
            ProductAdminError::EditedMeanwhile => {
                Problem::new(StatusCode::CONFLICT, EDITED_MEANWHILE)
            }
            ProductAdminError::Unseen(field) => Problem::field(UNSEEN, field, UNSEEN),
            ProductAdminError::NoSuchCategory => {
                Problem::field(NO_SUCH_CATEGORY, "category_id", NO_SUCH_CATEGORY)
            }
            ProductAdminError::Ordered => Problem::new(StatusCode::CONFLICT, ORDERED),
            ProductAdminError::Picture(err) => picture_problem(err, ONE_PICTURE),
            ProductAdminError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for ProductAdminError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields` names it, a size's as `sizes.0.price`): an empty \
             name or description, no category or one not in the shop, a price that is not more \
             than £0.00 or is over £10,000, a stock count outside 0 to 9999, notice over 60 \
             days, a size without a name or named twice, more than 12 sizes, or sizes that are \
             not the product's own; a change without the `version` or a stock it was made from \
             (`stock_seen`); a picture that is not a picture the shop can use, none, or a part \
             the form does not have.",
        ),
        Answer(
            404,
            "No product has that id (or that size is not the product's).",
        ),
        Answer(
            409,
            "The product has been ordered: it can be archived, not deleted. Or a change made \
             from what has changed since: someone else saved the product (its `version` \
             moved), or the stock was changed from a count it no longer is (a sale came \
             between); the sentence says which, and the count now.",
        ),
        Answer(
            413,
            "A picture upload larger than the shop takes at once (POSY_MAX_UPLOAD_MB), or with \
             more than one file; nothing of it is kept.",
        ),
        INTERNAL,
    ];
}

const NO_SUCH_SHELF: &str = "That category is not in the shop any more.";
const NOT_EVERY_SHELF: &str = "Please list every category once.";
const SHELF_EDITED_MEANWHILE: &str = "Someone else changed this category while you were \
     editing: reload the page to see it, then make your change again.";
const ORDER_MOVED: &str = "Someone else changed the categories' order while you were \
     arranging them: reload the page to see it, then arrange them again.";

impl From<CategoryError> for Problem {
    fn from(err: CategoryError) -> Problem {
        match err {
            CategoryError::Gone => Problem::new(StatusCode::NOT_FOUND, NO_SUCH_SHELF),
            CategoryError::Name(why) => Problem::field(why.clone(), "name", why),
            CategoryError::NotEveryCategory => {
                Problem::field(NOT_EVERY_SHELF, "category_ids", NOT_EVERY_SHELF)
            }
            CategoryError::EditedMeanwhile => {
                Problem::new(StatusCode::CONFLICT, SHELF_EDITED_MEANWHILE)
            }
            CategoryError::OrderMoved => Problem::new(StatusCode::CONFLICT, ORDER_MOVED),
            CategoryError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for CategoryError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields` names it): a name that is empty, over 60 characters, \
             on two lines or another category's; a new order that is not every category once.",
        ),
        Answer(404, "No category has that id."),
        Answer(
            409,
            "Made from what has changed since: someone else renamed or hid the category (its \
             `version` moved), or put the categories in another order than `order_seen`.",
        ),
        INTERNAL,
    ];
}

type Products = Result<Json<Vec<AdminProductView>>, Failure<sea_orm::DbErr, ADMIN>>;
type ProductMade = Result<Json<AdminProductView>, Failure<ProductAdminError, { ADMIN | SEND }>>;
type ProductChanged =
    Result<Json<AdminProductView>, Failure<ProductAdminError, { ADMIN | PATH | SEND }>>;
type ProductMoved =
    Result<Json<AdminProductView>, Failure<ProductAdminError, { ADMIN | PATH | CSRF }>>;
type ProductDeleted = Result<Json<Done>, Failure<ProductAdminError, { ADMIN | PATH | CSRF }>>;
type Shelves = Result<Json<Vec<CategoryView>>, Failure<sea_orm::DbErr, ADMIN>>;
type ShelvesChanged = Result<Json<Vec<CategoryView>>, Failure<CategoryError, { ADMIN | SEND }>>;
type ShelfChanged =
    Result<Json<Vec<CategoryView>>, Failure<CategoryError, { ADMIN | PATH | SEND }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl CatalogueAdminApi {
    /// Every product, on sale, hidden or archived, with its sizes and stock, in the shop's
    /// order.
    #[oai(path = "/admin/products/", method = "get", operation_id = "adminListProducts")]
    async fn products(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media: Data<&MediaBase>,
    ) -> Products {
        Ok(Json(products::list(*db, &media.0.0).await?))
    }

    /// Makes a product, last on its shelf; /shop shows it at once when it is on sale. Its
    /// picture is uploaded after, with `picture/`.
    #[oai(path = "/admin/products/", method = "post", operation_id = "adminCreateProduct")]
    async fn create_product(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        media: Data<&MediaBase>,
        change: Json<ProductChangeBody>,
    ) -> ProductMade {
        let form = ProductForm::from(change.0);
        Ok(Json(
            products::create(*writer, &admin.0.username, &form, &media.0.0).await?,
        ))
    }

    /// Changes a product: name, description, shelf, price and stock, its sizes (changed,
    /// added, removed), notice and whether it is on sale; /shop shows it at once.
    #[oai(path = "/admin/products/:id/", method = "put", operation_id = "adminUpdateProduct")]
    async fn update_product(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        media: Data<&MediaBase>,
        id: Path<i32>,
        change: Json<ProductChangeBody>,
    ) -> ProductChanged {
        let seen = change.0.seen()?;
        let form = ProductForm::from(change.0);
        Ok(Json(
            products::update(*writer, &admin.0.username, id.0, &form, &seen, &media.0.0).await?,
        ))
    }

    /// Deletes a product no order ever had (409 for one that was ordered: archive it).
    #[oai(path = "/admin/products/:id/", method = "delete", operation_id = "adminDeleteProduct")]
    async fn delete_product(
        &self,
        admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
    ) -> ProductDeleted {
        products::delete(
            &gallery.writer,
            &admin.0.username,
            gallery.media.as_ref(),
            id.0,
        )
        .await?;
        Ok(done())
    }

    /// Archives a product: it leaves /shop and carts, its orders keep their snapshots, and it
    /// stays listed under Archived.
    #[oai(
        path = "/admin/products/:id/archive/",
        method = "post",
        operation_id = "adminArchiveProduct"
    )]
    async fn archive_product(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        media: Data<&MediaBase>,
        id: Path<i32>,
    ) -> ProductMoved {
        Ok(Json(
            products::archive(*writer, &admin.0.username, id.0, &media.0.0).await?,
        ))
    }

    /// Brings an archived product back, hidden until it is put on sale.
    #[oai(
        path = "/admin/products/:id/restore/",
        method = "post",
        operation_id = "adminRestoreProduct"
    )]
    async fn restore_product(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        media: Data<&MediaBase>,
        id: Path<i32>,
    ) -> ProductMoved {
        Ok(Json(
            products::restore(*writer, &admin.0.username, id.0, &media.0.0).await?,
        ))
    }

    /// Gives a product its picture (JPEG, PNG, WebP, GIF, AVIF or HEIC, within the gallery's
    /// limits), kept upright and without its EXIF in 480, 960 and 1600 px widths; a picture it
    /// had is removed once the new one is in place.
    #[oai(
        path = "/admin/products/:id/picture/",
        method = "post",
        operation_id = "adminUploadProductPicture"
    )]
    async fn upload_picture(
        &self,
        admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
        body: PictureBody,
    ) -> ProductChanged {
        // An unknown product is said before its picture is read.
        products::exists(&gallery.db, id.0).await?;
        let incoming = gallery
            .receive_picture(body.parts)
            .await
            .map_err(ProductAdminError::from)?;
        Ok(Json(
            products::replace_picture(
                &gallery.writer,
                &admin.0.username,
                gallery.media.as_ref(),
                id.0,
                incoming,
                &gallery.media_base.0,
            )
            .await?,
        ))
    }

    /// Sets how many of a product (or of one of its sizes) are in stock.
    #[oai(path = "/admin/products/:id/stock/", method = "post", operation_id = "adminSetStock")]
    async fn set_stock(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        media: Data<&MediaBase>,
        id: Path<i32>,
        change: Json<StockChange>,
    ) -> ProductChanged {
        let change = change.0;
        Ok(Json(
            products::set_stock(
                *writer,
                &admin.0.username,
                id.0,
                change.size_id,
                change.stock_seen,
                change.stock,
                &media.0.0,
            )
            .await?,
        ))
    }

    /// Every shelf in the shop's order, hidden ones too, with how many products each holds.
    #[oai(path = "/admin/categories/", method = "get", operation_id = "adminListCategories")]
    async fn categories(&self, _admin: AdminSession, db: Data<&DatabaseConnection>) -> Shelves {
        Ok(Json(shelves::list(*db).await?))
    }

    /// Makes a shelf, last on /shop; answers every shelf.
    #[oai(path = "/admin/categories/", method = "post", operation_id = "adminCreateCategory")]
    async fn create_category(
        &self,
        _admin: AdminSession,
        writer: Data<&Writer>,
        shelf: Json<NewCategory>,
    ) -> ShelvesChanged {
        Ok(Json(shelves::create(*writer, &shelf.0.name).await?))
    }

    /// Renames a shelf, and hides or shows it (a hidden shelf's products leave /shop); answers
    /// every shelf.
    #[oai(path = "/admin/categories/:id/", method = "put", operation_id = "adminUpdateCategory")]
    async fn update_category(
        &self,
        _admin: AdminSession,
        writer: Data<&Writer>,
        id: Path<i32>,
        change: Json<CategoryChange>,
    ) -> ShelfChanged {
        let change = change.0;
        Ok(Json(
            shelves::update(*writer, id.0, &change.name, change.hidden, change.version).await?,
        ))
    }

    /// Puts the shelves in a new order (every shelf, once); answers every shelf.
    #[oai(
        path = "/admin/categories/order/",
        method = "post",
        operation_id = "adminReorderCategories"
    )]
    async fn reorder_categories(
        &self,
        _admin: AdminSession,
        writer: Data<&Writer>,
        order: Json<CategoryOrder>,
    ) -> ShelvesChanged {
        Ok(Json(
            shelves::reorder(*writer, &order.0.category_ids, &order.0.order_seen).await?,
        ))
    }
}
