//! The tables, as sea-orm entities. Money columns hold pence.

pub mod admin;
pub mod album;
pub mod album_image;
pub mod cart;
pub mod cart_item;
pub mod catalogue_version;
pub mod category;
pub mod enquiry;
pub mod enquiry_reply;
pub mod order;
pub mod order_event;
pub mod order_item;
pub mod order_refund;
pub mod order_token;
pub mod outbox;
pub mod product;
pub mod rate_limit;
pub mod refund;
pub mod secret;
pub mod session;
pub mod shop_setting;
pub mod simulated_payment;
pub mod simulated_refund;
pub mod variation;
pub mod workshop;
