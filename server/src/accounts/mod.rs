//! The studio's people: signing in, sessions, and the admins who may use the back office.

pub mod admins;
pub mod auth;
