//! The studio itself: its facts (name, address, phone), the site's words and pictures, and the
//! delivery settings (zones, slots, closures).

pub mod delivery;
pub mod facts;
pub mod retention;
pub mod site;
pub mod waiting;
pub mod workshops;
