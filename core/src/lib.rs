//! Posy's business rules, shared by the server (natively) and the shopper's browser (as
//! WebAssembly), so both sides apply exactly the same rule. No I/O lives here.

pub mod account;
pub mod calendar;
pub mod cart;
pub mod catalogue;
pub mod category_form;
pub mod checkout;
pub mod delivery;
pub mod enquiry;
pub mod fulfilment;
pub mod gallery;
pub mod media;
pub mod money;
pub mod offer;
pub mod order;
pub mod postcode;
pub mod product_form;
pub mod quantity;
pub mod retention;
pub mod schedule;
pub mod studio;
pub mod studio_order;
#[cfg(test)]
mod testing;
pub mod validation;
pub mod voucher;
pub mod workshop;

pub use money::Money;
