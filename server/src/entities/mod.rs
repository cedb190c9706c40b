//! The tables, as sea-orm entities. Money columns hold pence.

pub mod catalogue_version;
pub mod category;
pub mod product;
pub mod variation;
