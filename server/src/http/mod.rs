//! The HTTP plumbing every domain's API shares: the log, the access line and request ids, what
//! `/metrics` counts in memory and its text format, errors as
//! answers, the CSRF check, headers,
//! limits, compression, the proxies trusted for addresses, serving connections, the built web app and the pages
//! drawn on the server; and core's text forms as the API publishes them.

pub mod access;
pub mod compression;
pub mod csrf;
pub mod error;
pub mod headers;
pub mod limits;
pub mod log;
pub mod metrics;
pub mod pages;
pub mod proxies;
pub mod serve;
pub mod text_form;
pub mod web;
