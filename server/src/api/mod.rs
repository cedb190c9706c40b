//! The shop's JSON API: one module per resource, combined into one OpenAPI service whose
//! description is served at /api/openapi.json and written to openapi.yaml by `posy openapi`.

use poem_openapi::{OpenApiService, Tags};

pub mod admins;
pub mod albums;
pub mod audit;
pub mod auth;
pub mod cached_json;
pub mod cart;
pub mod catalogue;
pub mod catalogue_admin;
pub mod customers;
pub mod delivery;
pub mod enquiries;
pub mod mail;
pub mod offer_admin;
pub mod order_admin;
pub mod orders;
pub mod paths;
pub mod payment;
pub mod privacy;
pub mod settings;
pub mod state;
pub mod studio;
pub mod summary;
pub mod text;
pub mod upload;
pub mod voucher_admin;
pub mod vouchers;
pub mod workshop_admin;
pub mod workshops;

/// Groups of calls in the API description.
#[derive(Tags)]
pub enum ApiTags {
    /// Products and their sizes.
    Catalogue,
    /// The shopper's cart.
    Cart,
    /// Card payments.
    Payment,
    /// Paid orders.
    Orders,
    /// The studio's facts, workshops and enquiries.
    Studio,
    /// The studio's admin: signing in and the back office.
    Admin,
    /// Gallery albums of pictures and videos.
    Gallery,
}

/// Names each resource's API once, as the service's type and as its value.
macro_rules! resources {
    ($($api:path),* ; $($more:path),* $(,)?) => {
        /// Every resource's API. poem-openapi combines tuples of at most 16, so those past the
        /// first fifteen are a tuple of their own.
        pub type Api = ($($api,)* ($($more,)*),);

        const API: Api = ($($api,)* ($($more,)*),);
    };
}

resources!(
    catalogue::CatalogueApi,
    cart::CartApi,
    payment::PaymentApi,
    orders::OrdersApi,
    studio::StudioApi,
    delivery::DeliveryApi,
    auth::AuthApi,
    summary::SummaryApi,
    mail::MailApi,
    enquiries::EnquiriesApi,
    settings::SettingsApi,
    admins::AdminsApi,
    order_admin::OrderAdminApi,
    catalogue_admin::CatalogueAdminApi,
    albums::AlbumsApi;
    albums::SpecAlbumPaths,
    privacy::PrivacyApi,
    customers::CustomersApi,
    workshops::WorkshopsApi,
    workshop_admin::WorkshopAdminApi,
    vouchers::VouchersApi,
    voucher_admin::VoucherAdminApi,
    offer_admin::OfferAdminApi,
);

/// The API service with its description.
pub fn service() -> OpenApiService<Api, ()> {
    OpenApiService::new(API, "Posy", env!("CARGO_PKG_VERSION")).description(
        "The shop and back office of a floral studio in South Bristol. Money is a string in \
             pounds with two places (\"45.00\"); every error is {\"error\": \"...\"}, with \
             \"fields\" when fields are at fault. Every GET sets a `csrftoken` cookie when \
             the request had none; every POST must repeat its value in the `X-CSRFToken` \
             header, else 403. Stripe's events go to POST /api/payment/webhook/ (not listed: \
             a raw body checked against the Stripe-Signature header, no CSRF token).",
    )
}

/// The API description as published (see [`paths::publish`]), as JSON. Made once a process:
/// it depends only on the code, and making it (three times, with the docs page) was most of
/// a shop's start in a debug build, paid again by each of the tests' many shops.
pub fn spec_json() -> String {
    static SPEC: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SPEC.get_or_init(|| {
        serde_json::to_string_pretty(&paths::publish(&service().spec()))
            .expect("a JSON value serialises")
    })
    .clone()
}

/// The API description as YAML, exactly as committed in openapi.yaml.
pub fn spec_yaml() -> String {
    serde_yaml::to_string(&paths::publish(&service().spec()))
        .expect("a JSON value serialises as YAML")
}

/// Swagger UI over the published description (made once a process, as [`spec_json`]).
pub fn docs_html() -> String {
    static DOCS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DOCS.get_or_init(|| {
        let service = service();
        service
            .swagger_ui_html()
            .replace(&service.spec(), &spec_json())
    })
    .clone()
}
