//! The server library's unit tests: each file is one module's, reaching it through the library's
//! public paths. They live here rather than in `#[cfg(test)]` modules beside the code so the
//! library is compiled once for the tests (a `#[cfg(test)]` module makes cargo compile the whole
//! library a second time, as its own test binary: about 100 s of CPU a fresh build).

mod accounts_auth;
mod api_paths;
mod api_text;
mod api_upload;
mod app_backup;
mod app_check;
mod app_cli;
mod app_memory;
mod app_tasks;
mod catalogue_products;
mod checkout_attempts;
mod checkout_payments_simulated;
mod checkout_payments_stripe;
mod checkout_webhook;
mod enquiries_letters;
mod http_access;
mod http_compression;
mod http_csrf;
mod http_headers;
mod http_limits;
mod http_log_format;
mod http_log_writer;
mod http_metrics;
mod http_pages;
mod http_pages_core_host;
mod http_proxies;
mod http_web;
mod mail;
mod mail_smtp;
mod media_pictures;
mod media_receiving;
mod media_sizes;
mod media_store;
mod media_uploads;
mod media_video;
mod orders;
mod orders_export;
mod orders_letters;
mod orders_privacy;
mod orders_refunds;
mod store_audit;
mod store_clock;
mod store_migration_m20261124_000009_fulfilment_places;
mod store_migration_m20261129_000001_tidy_choices;
mod store_secrets;
