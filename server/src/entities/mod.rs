//! The tables, as sea-orm entities. Money columns hold pence.

pub mod cart;
pub mod cart_item;
pub mod catalogue_version;
pub mod category;
pub mod product;
pub mod secret;
pub mod variation;
