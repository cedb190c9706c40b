//! The demo catalogue: added on the shop's very first start so a new shop has something to
//! show, with pictures the project generated itself (art/, committed under server/demo/). A
//! marker row records that the first start is over, so a studio that empties its shop never
//! finds the demo back after a restart.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set,
    TransactionSession, TransactionTrait, TryInsertResult,
};

use crate::catalogue::bump_version;
use crate::media::store::MediaStore;
use crate::store::entities::{album, album_image, category, product, secret, variation, workshop};

struct DemoProduct {
    slug: &'static str,
    name: &'static str,
    category: &'static str,
    description: &'static str,
    /// Pence and stock; ignored when there are sizes.
    price: i64,
    stock: i64,
    /// (size, pence, stock)
    sizes: &'static [(&'static str, i64, i64)],
}

/// The days of notice a demo piece needs: the made-to-order wreath and the funeral basket
/// take two; everything else can go the same day.
fn lead_days(slug: &str) -> i32 {
    match slug {
        "christmas-door-wreath" | "sympathy-basket" => 2,
        _ => 0,
    }
}

const CATEGORIES: [&str; 5] = ["Bouquets", "Seasonal", "Sympathy", "Plants", "Extras"];

const PRODUCTS: &[DemoProduct] = &[
    DemoProduct {
        slug: "peony-posy",
        name: "Peony Posy",
        category: "Bouquets",
        description: "Blush and shell-pink peonies, loosely hand-tied with silver-dollar eucalyptus and wrapped in tissue. The buds open over three or four days into big, blowsy flowers; keep them out of direct sun and give them fresh water every other day.",
        price: 0,
        stock: 0,
        sizes: &[("Small", 3500, 6), ("Medium", 4500, 4), ("Large", 6000, 3)],
    },
    DemoProduct {
        slug: "wildflower-meadow",
        name: "Wildflower Meadow Bouquet",
        category: "Bouquets",
        description: "Cornflowers, buttercup-yellow craspedia, ox-eye daisies and feathery grasses, gathered as if from a June hedgerow and wrapped in kraft paper. Relaxed, cheerful and lasts about a week.",
        price: 0,
        stock: 0,
        sizes: &[("Regular", 3800, 8), ("Generous", 5200, 0)],
    },
    DemoProduct {
        slug: "the-bedminster",
        name: "The Bedminster",
        category: "Bouquets",
        description: "Our signature hand-tie, named after the streets we grew up on: coral ranunculus, apricot roses and soft sage foliage. Arrives in water, ready for a vase.",
        price: 4200,
        stock: 10,
        sizes: &[],
    },
    DemoProduct {
        slug: "garden-rose-hand-tie",
        name: "Garden Rose Hand-tie",
        category: "Bouquets",
        description: "Lush cream and dusky-pink garden roses with glossy dark leaves. Scented, romantic and a lovely way to say thank you. Trim the stems on the slant every couple of days.",
        price: 0,
        stock: 0,
        sizes: &[("Classic", 4000, 5), ("Luxe", 6500, 2)],
    },
    DemoProduct {
        slug: "sunflower-bunch",
        name: "Sunflower Bunch",
        category: "Bouquets",
        description: "Five big, happy sunflowers tied with brown paper and twine. Simple and bright: they turn any kitchen table into a summer afternoon.",
        price: 2800,
        stock: 12,
        sizes: &[],
    },
    DemoProduct {
        slug: "dried-flower-posy",
        name: "Dried Flower Posy",
        category: "Bouquets",
        description: "Bunny tails, pampas, golden wheat and dusty-pink statice in muted tones. Needs no water and keeps its looks for months: a gift that lasts.",
        price: 3000,
        stock: 7,
        sizes: &[],
    },
    DemoProduct {
        slug: "florists-choice",
        name: "Florist's Choice",
        category: "Bouquets",
        description: "Tell us who it is for and leave the rest to us. A generous mix of the best flowers in the studio that morning, bold and happy, different every time.",
        price: 0,
        stock: 0,
        sizes: &[
            ("Small", 3000, 10),
            ("Medium", 4500, 10),
            ("Large", 6500, 6),
        ],
    },
    DemoProduct {
        slug: "christmas-door-wreath",
        name: "Christmas Door Wreath",
        category: "Seasonal",
        description: "Blue pine, spruce and cedar on a moss base, with red berries, pine cones and a deep red velvet ribbon. Made by hand in the studio; it stays fresh outdoors through the season.",
        price: 0,
        stock: 0,
        sizes: &[("30 cm", 4500, 6), ("40 cm", 6000, 0)],
    },
    DemoProduct {
        slug: "winter-berry-bouquet",
        name: "Winter Berry Bouquet",
        category: "Seasonal",
        description: "Deep red roses, burgundy astrantia, ilex berries and evergreen foliage. Warm, rich and wintry. This season's batch has all gone; more soon.",
        price: 4800,
        stock: 0,
        sizes: &[],
    },
    DemoProduct {
        slug: "white-lily-sympathy",
        name: "White Lily Sympathy Bouquet",
        category: "Sympathy",
        description: "White lilies and white roses with deep green foliage: calm, respectful and quietly beautiful. We include a card for your message and can deliver to a home or a funeral director.",
        price: 5500,
        stock: 4,
        sizes: &[],
    },
    DemoProduct {
        slug: "sympathy-basket",
        name: "Sympathy Basket",
        category: "Sympathy",
        description: "A low woven basket of white and soft lilac flowers arranged in oasis, so it needs no vase and nothing doing. Gentle and lasting, for a home or a service.",
        price: 0,
        stock: 0,
        sizes: &[("Standard", 5000, 0), ("Large", 7500, 2)],
    },
    DemoProduct {
        slug: "potted-orchid",
        name: "Potted White Orchid",
        category: "Plants",
        description: "An elegant white phalaenopsis in a glazed ceramic pot. It flowers for months: water lightly once a week and keep it in bright, indirect light.",
        price: 3200,
        stock: 5,
        sizes: &[],
    },
    DemoProduct {
        slug: "soy-candle",
        name: "Hand-poured Soy Candle",
        category: "Extras",
        description: "Fig leaf and cedar, poured in an amber glass jar by a candle maker in Totterdown. About 40 hours of burning; a lovely partner to a bouquet.",
        price: 1800,
        stock: 15,
        sizes: &[],
    },
    DemoProduct {
        slug: "greeting-card",
        name: "Pressed Flower Card",
        category: "Extras",
        description: "A blank card printed with our own pressed-flower design. We write your message inside by hand and tuck it into the bouquet.",
        price: 350,
        stock: 50,
        sizes: &[],
    },
    DemoProduct {
        slug: "bud-vase",
        name: "Glass Bud Vase",
        category: "Extras",
        description: "A small clear glass bud vase, 15 cm tall, just right for a single stem or a few sprigs from the bouquet.",
        price: 1200,
        stock: 9,
        sizes: &[],
    },
];

/// A demo picture's files, as art/ draws them: at 480 and 960 px and its own width (1000 for
/// products, 1600 for pages), each as JPEG and as WebP, compiled into the binary so `posy`
/// needs no source tree to seed. Stored under the same paths in the media folder.
macro_rules! demo_picture {
    ($folder:literal, $name:literal) => {
        demo_picture!(@files $folder, $name, [
            "-480.jpg", "-480.webp", "-960.jpg", "-960.webp", ".jpg", ".webp"
        ])
    };
    (@files $folder:literal, $name:literal, [$($end:literal),*]) => {
        [$((
            concat!($folder, "/", $name, $end),
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"), "/demo/media/", $folder, "/", $name, $end
            ))
            .as_slice(),
        )),*]
    };
}

/// Every demo picture's files: the products' (named by their slugs) and the studio pages'
/// (hero and gallery, which the pages show as /media/pages/NAME-WIDTH.{jpg,webp}).
const DEMO_PICTURES: [[(&str, &[u8]); 6]; 22] = [
    demo_picture!("products", "peony-posy"),
    demo_picture!("products", "wildflower-meadow"),
    demo_picture!("products", "the-bedminster"),
    demo_picture!("products", "garden-rose-hand-tie"),
    demo_picture!("products", "sunflower-bunch"),
    demo_picture!("products", "dried-flower-posy"),
    demo_picture!("products", "florists-choice"),
    demo_picture!("products", "christmas-door-wreath"),
    demo_picture!("products", "winter-berry-bouquet"),
    demo_picture!("products", "white-lily-sympathy"),
    demo_picture!("products", "sympathy-basket"),
    demo_picture!("products", "potted-orchid"),
    demo_picture!("products", "soy-candle"),
    demo_picture!("products", "greeting-card"),
    demo_picture!("products", "bud-vase"),
    demo_picture!("pages", "hero"),
    demo_picture!("pages", "gallery-1"),
    demo_picture!("pages", "gallery-2"),
    demo_picture!("pages", "gallery-3"),
    demo_picture!("pages", "gallery-4"),
    demo_picture!("pages", "gallery-5"),
    demo_picture!("pages", "gallery-6"),
];

/// A demo product's picture, `products/{slug}.jpg`, when art/ drew one.
fn picture(slug: &str) -> Option<String> {
    let path = format!("products/{slug}.jpg");
    DEMO_PICTURES
        .iter()
        .any(|files| files.iter().any(|(p, _)| *p == path))
        .then_some(path)
}

/// A demo picture's `variants` (see `gallery::uploads::kept_files`): its JPEG at 480 and 960 px
/// and its own `width`, then the WebP beside each.
fn variants(picture: &str, width: i32) -> String {
    let stem = picture.strip_suffix(".jpg").unwrap_or(picture);
    let jpegs = [
        (480, format!("{stem}-480.jpg")),
        (960, format!("{stem}-960.jpg")),
        (width, picture.to_owned()),
    ];
    let webps = jpegs
        .clone()
        .map(|(w, path)| (w, posy_core::media::webp_path(&path)));
    let files: Vec<String> = jpegs
        .iter()
        .chain(&webps)
        .map(|(w, path)| format!("{w}:{path}"))
        .collect();
    files.join(",")
}

/// Writes the studio pages' own pictures (`pages/`: the hero and the gallery pictures the home,
/// weddings and funerals pages name in their srcsets). They belong to this release's pages, not
/// to the shop's data, so every start writes them, demo or not: a shop started before a release
/// that added a size or a WebP gets it, rather than a page asking for a file that is not there.
pub async fn page_pictures(media: &dyn MediaStore) -> anyhow::Result<()> {
    for (path, bytes) in DEMO_PICTURES.iter().flatten() {
        if path.starts_with("pages/") {
            media.put(path, bytes.to_vec()).await?;
        }
    }
    Ok(())
}

/// The row of the key/value table `secrets` that says the first start is over (its value is
/// not used).
const FIRST_START_DONE: &str = "first-start-done";

/// On the shop's very first start, records that it happened and adds the demo catalogue
/// (unless `add_demo` is false); on every later start does nothing. Answers whether it added
/// the demo.
pub async fn seed_on_first_start<C>(
    db: &C,
    media: &dyn MediaStore,
    add_demo: bool,
) -> anyhow::Result<bool>
where
    C: ConnectionTrait + TransactionTrait,
{
    // Two processes starting at once both try; only the one whose row lands goes on.
    let claimed = secret::Entity::insert(secret::ActiveModel {
        name: Set(FIRST_START_DONE.to_owned()),
        value: Set(hex::encode(b"done")),
    })
    .on_conflict_do_nothing_on([secret::Column::Name])
    .exec_without_returning(db)
    .await?;
    if !matches!(claimed, TryInsertResult::Inserted(rows) if rows > 0) {
        return Ok(false);
    }
    // A shop from before the marker started already if it has a key or a product.
    let keys = secret::Entity::find()
        .filter(secret::Column::Name.ne(FIRST_START_DONE))
        .count(db)
        .await?;
    if !add_demo || keys > 0 || product::Entity::find().count(db).await? > 0 {
        return Ok(false);
    }
    match seed(db, media).await {
        Ok(()) => Ok(true),
        Err(err) => {
            // The next start tries again.
            secret::Entity::delete_by_id(FIRST_START_DONE.to_owned())
                .exec(db)
                .await?;
            Err(err)
        }
    }
}

/// Adds the demo catalogue.
async fn seed<C>(db: &C, media: &dyn MediaStore) -> anyhow::Result<()>
where
    C: ConnectionTrait + TransactionTrait,
{
    // Pictures first: a database pointing at missing files would be worse than stray files.
    // (The pages' own are written at every start: see `page_pictures`.)
    for (path, bytes) in DEMO_PICTURES.iter().flatten() {
        if path.starts_with("products/") {
            media.put(path, bytes.to_vec()).await?;
        }
    }
    let txn = db.begin().await?;
    let mut category_ids = std::collections::HashMap::new();
    for (position, name) in CATEGORIES.iter().enumerate() {
        let row = category::ActiveModel {
            name: Set((*name).into()),
            position: Set(position as i32),
            hidden: Set(false),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        category_ids.insert(*name, row.id);
    }
    for (position, demo) in PRODUCTS.iter().enumerate() {
        let lowest = demo.sizes.iter().map(|s| s.1).min().unwrap_or(demo.price);
        let row = product::ActiveModel {
            category_id: Set(category_ids[demo.category]),
            name: Set(demo.name.into()),
            description: Set(demo.description.into()),
            image: Set(picture(demo.slug)),
            price_pence: Set(lowest),
            stock: Set(if demo.sizes.is_empty() { demo.stock } else { 0 }),
            position: Set(position as i32),
            active: Set(true),
            lead_days: Set(lead_days(demo.slug)),
            archived: Set(false),
            image_variants: Set(picture(demo.slug)
                .map(|path| variants(&path, DEMO_PRODUCT_WIDTH))
                .unwrap_or_default()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        for (size_position, (size, price, stock)) in demo.sizes.iter().enumerate() {
            variation::ActiveModel {
                product_id: Set(row.id),
                size: Set((*size).into()),
                price_pence: Set(*price),
                stock: Set(*stock),
                position: Set(size_position as i32),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
    }
    bump_version(&txn).await?;
    seed_workshops(&txn).await?;
    seed_albums(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// The spec's workshop (£45, a £20 deposit, the £25 balance due by November 20th), in a year
/// whose balance date is still ahead on the journeys' clock (14 December 2026) and today, so
/// the deposit books a seat; and a second that is full, so Fully Booked and the waiting list
/// show.
async fn seed_workshops(txn: &impl ConnectionTrait) -> anyhow::Result<()> {
    let demo = [
        (
            "Christmas wreath making",
            "Make a generous door wreath from Somerset moss, blue pine, eucalyptus, dried \
             oranges and cinnamon, with mulled wine and mince pies by the studio stove. \
             Everything is provided and you take your wreath home on the day; no experience \
             needed.",
            "Nothing but warm clothes: we provide the moss, foliage, tools and gloves. Bring a \
             bag or a box if you would like to carry your wreath home flat.",
            "2027-12-04",
            ("10:00", "13:00"),
            (4500, 2000, "2027-11-20"),
            (4, 4),
            Some("products/christmas-door-wreath.jpg"),
        ),
        (
            "Winter table centrepiece",
            "A long, low centrepiece of spruce, ivy, white roses and candles for the Christmas \
             table, arranged in a reusable trough without floral foam.",
            "An apron if you have one; everything else is provided.",
            "2027-12-11",
            ("14:00", "16:30"),
            (3800, 1500, "2027-11-27"),
            (6, 0),
            Some("products/winter-berry-bouquet.jpg"),
        ),
    ];
    for (position, (title, description, bring, date, (start, end), money, seats, image)) in
        demo.into_iter().enumerate()
    {
        let (price, deposit, balance_due) = money;
        let (seats, spots_left) = seats;
        workshop::ActiveModel {
            title: Set(title.into()),
            slug: Set(posy_core::workshop::slug_for(title)),
            description: Set(description.into()),
            what_to_bring: Set(bring.into()),
            date: Set(date.into()),
            time: Set(format!("{start}–{end}")),
            start_time: Set(start.into()),
            end_time: Set(end.into()),
            place: Set(String::new()),
            price_pence: Set(price),
            deposit_pence: Set(deposit),
            balance_due: Set(balance_due.into()),
            seats: Set(seats),
            spots_left: Set(spots_left),
            image: Set(image.map(str::to_owned)),
            image_variants: Set(image
                .map(|path| variants(path, DEMO_PRODUCT_WIDTH))
                .unwrap_or_default()),
            position: Set(position as i32),
            hidden: Set(false),
            cancelled_at: Set(None),
            cancellation: Set(posy_core::workshop::CancellationRule::Default
                .as_str()
                .into()),
            asks_phone: Set(true),
            asks_note: Set(true),
            version: Set(0),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    Ok(())
}

/// How wide art/ draws a product's picture (square).
const DEMO_PRODUCT_WIDTH: i32 = 1000;

/// A demo album's picture: path under the media folder, width, height, caption.
type DemoPicture = (&'static str, i32, i32, &'static str);

/// Demo albums over the pictures seeded above (pages 1600×1067, products 1000×1000).
async fn seed_albums(txn: &impl ConnectionTrait) -> anyhow::Result<()> {
    let albums: [(&str, &str, &[DemoPicture]); 3] = [
        (
            "Summer weddings",
            "Garden roses, peonies and meadow flowers for June and July weddings around Bristol, \
             from buttonholes to the arch.",
            &[
                (
                    "pages/gallery-1.jpg",
                    1600,
                    1067,
                    "Tables dressed for a barn wedding near Chew Magna",
                ),
                (
                    "products/peony-posy.jpg",
                    1000,
                    1000,
                    "A bridal posy of blush peonies",
                ),
                (
                    "products/garden-rose-hand-tie.jpg",
                    1000,
                    1000,
                    "Garden roses for the bridesmaids",
                ),
                (
                    "pages/gallery-2.jpg",
                    1600,
                    1067,
                    "The ceremony arch, all British-grown",
                ),
                (
                    "products/wildflower-meadow.jpg",
                    1000,
                    1000,
                    "Meadow flowers for a relaxed reception",
                ),
            ],
        ),
        (
            "In remembrance",
            "Gentle tributes made with care: sympathy bouquets, baskets and sprays.",
            &[
                (
                    "products/white-lily-sympathy.jpg",
                    1000,
                    1000,
                    "White lilies and soft foliage",
                ),
                (
                    "products/sympathy-basket.jpg",
                    1000,
                    1000,
                    "A basket of spring whites and lilacs",
                ),
                (
                    "pages/gallery-3.jpg",
                    1600,
                    1067,
                    "A casket spray in cream and green",
                ),
            ],
        ),
        (
            "Christmas at the studio",
            "Wreaths, winter berries and the wreath-making workshop by the stove.",
            &[
                (
                    "products/christmas-door-wreath.jpg",
                    1000,
                    1000,
                    "A door wreath of blue pine and dried orange",
                ),
                (
                    "products/winter-berry-bouquet.jpg",
                    1000,
                    1000,
                    "Winter berries and evergreens",
                ),
                (
                    "pages/gallery-4.jpg",
                    1600,
                    1067,
                    "Workshop tables ready for wreath making",
                ),
                (
                    "pages/gallery-5.jpg",
                    1600,
                    1067,
                    "Finished wreaths going home",
                ),
                ("pages/gallery-6.jpg", 1600, 1067, "Mulled wine and moss"),
            ],
        ),
    ];
    let now = crate::store::clock::now();
    for (position, (title, description, pictures)) in albums.iter().enumerate() {
        let row = album::ActiveModel {
            title: Set((*title).into()),
            description: Set((*description).into()),
            featured_image_id: Set(None),
            position: Set(position as i32),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        let mut first = None;
        for (index, (path, width, height, caption)) in pictures.iter().enumerate() {
            let image = album_image::ActiveModel {
                album_id: Set(row.id),
                media_type: Set(album_image::MediaType::Image),
                file_path: Set((*path).into()),
                variants: Set(variants(path, *width)),
                width: Set(*width),
                height: Set(*height),
                caption: Set((*caption).into()),
                position: Set(index as i32),
                status: Set(album_image::ImageStatus::Ready),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(txn)
            .await?;
            first.get_or_insert(image.id);
        }
        let mut row: album::ActiveModel = row.into();
        row.featured_image_id = Set(first);
        row.update(txn).await?;
    }
    Ok(())
}
