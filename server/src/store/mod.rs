//! Storage: connecting to the database and taking turns to write (`db`), the tables
//! (`entities`, `migration`), core's values kept as JSON in a settings row (`settings`), the
//! shop's clock, the rate limits kept in the database and the secrets the shop makes for itself.

pub mod clock;
pub mod db;
pub mod entities;
pub mod migration;
pub mod rate_limit;
pub mod secrets;
pub mod settings;
