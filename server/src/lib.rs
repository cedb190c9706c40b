//! Posy's server: the shop's JSON API (poem-openapi), storage (sea-orm), media and the built
//! web app, started by [`app::startup::Application`].
//!
//! One folder per domain of the shop (catalogue, cart, checkout, orders, studio, enquiries,
//! gallery, accounts); `app` starts and wires a shop and `api` answers its calls, both above
//! the domains; `store`, `media`, `mail` and `http` are the plumbing below them.

/// This build: the package's version and the commit it was built from ("0.1.0 (3f2a9c1b7d4e)").
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("POSY_COMMIT"), ")");

pub mod accounts;
pub mod api;
pub mod app;
pub mod cart;
pub mod catalogue;
pub mod checkout;
pub mod enquiries;
pub mod gallery;
pub mod http;
pub mod mail;
pub mod media;
pub mod orders;
pub mod store;
pub mod studio;
