//! Posy's server: the shop's JSON API (poem-openapi), storage (sea-orm), media and the built
//! web app, started by [`app::startup::Application`].
//!
//! One folder per domain of the shop (catalogue, cart, checkout, orders, studio, enquiries,
//! gallery, accounts); `app` starts and wires a shop and `api` answers its calls, both above
//! the domains; `store`, `media`, `mail` and `http` are the plumbing below them.

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
