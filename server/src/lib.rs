//! Posy's server: the shop's JSON API (poem-openapi), storage (sea-orm), media and the built
//! web app, started by [`startup::Application`].

pub mod api;
pub mod attempts;
pub mod auth;
pub mod back_office;
pub mod cart;
pub mod catalogue;
pub mod checkout;
pub mod cli;
pub mod clock;
pub mod config;
pub mod csrf;
pub mod db;
pub mod delivery;
pub mod enquiries;
pub mod entities;
pub mod error;
pub mod gallery;
pub mod headers;
pub mod limits;
pub mod mail;
pub mod media_store;
pub mod memory;
pub mod migration;
pub mod orders;
pub mod payments;
pub mod proxies;
pub mod rate_limit;
pub mod secrets;
pub mod seed;
pub mod site;
pub mod startup;
pub mod state;
pub mod tasks;
pub mod web;
pub mod webhook;
