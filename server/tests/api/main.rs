//! The server's integration tests: one binary, each test on its own fresh database (SQLite,
//! or PostgreSQL when TEST_DATABASE_URL is set) and its own port.

mod admins;
mod albums;
mod auth;
mod backup;
mod builders;
mod cart;
mod catalogue;
mod catalogue_admin;
mod checkout;
mod csrf;
mod defences;
mod delivery;
mod files;
mod first_start;
mod fulfilment;
mod health;
mod helpers;
mod holds;
mod inbox;
mod layout;
mod openapi;
mod order_admin;
mod order_changes;
mod outbox;
mod pages;
mod paying;
mod places;
mod product_admin;
mod serving;
mod settings;
mod statements;
mod stripe;
mod studio;
mod studio_facts;
