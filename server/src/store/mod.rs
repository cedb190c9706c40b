//! Storage: connecting to the database and taking turns to write (`db`), the tables
//! (`entities`, `migration`), core's values kept as JSON in a settings row (`settings`), the
//! record of who did what that every domain writes to (`audit`), the shop's clock, the rate
//! limits kept in the database, the secrets the shop makes for itself, the shop's health as its
//! storage shows it (`health`: `/readyz`, the back office), and the one order stock rows are
//! locked in (`stock`).

pub mod audit;
pub mod clock;
pub mod db;
pub mod entities;
pub mod health;
pub mod migration;
pub mod rate_limit;
pub mod secrets;
pub mod settings;
pub mod stock;
