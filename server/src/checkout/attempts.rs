//! How often a cart, and an address, may make or change a payment intent at the provider, so
//! a script must not make thousands. `check_intent` counts only those calls (see
//! `Checkout::payment_for_cart`): the checkout asks on every view and again before paying, and
//! a look at an unchanged cart reuses its intent and costs nothing.
//!
//! Counted in memory, under one lock, in hour-long windows: `check_intent` is a GET and so
//! writes nothing for its count, the check and the count are one step (parallel calls cannot
//! both slip under the limit), and a restart forgets the counts, which costs nothing but a
//! fresh hour. Several posy processes each count on their own, so the limits multiply by the
//! number of processes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many looks at an unchanged cart each allowed attempt is worth (see [`PaymentLooks`]).
pub const LOOKS_PER_ATTEMPT: u32 = 10;

/// The window the limits count in.
pub const WINDOW: Duration = Duration::from_secs(60 * 60);
/// Past this many keys, expired windows are swept on the next count.
const SWEEP_AT: usize = 10_000;

/// Why an attempt was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooMany {
    Cart,
    Address,
}

/// Every `check_intent` of the last hour, looks at an unchanged cart included: each still asks
/// the provider for the cart's intent, so a script must not make them without end either. A
/// shopper never comes near: [`LOOKS_PER_ATTEMPT`] times the attempts' limits.
#[derive(Clone)]
pub struct PaymentLooks(pub PaymentAttempts);

impl PaymentLooks {
    /// [`LOOKS_PER_ATTEMPT`] looks for each of the attempts allowed.
    pub fn new(per_cart: u32, per_address: u32) -> PaymentLooks {
        PaymentLooks(PaymentAttempts::new(
            per_cart.saturating_mul(LOOKS_PER_ATTEMPT),
            per_address.saturating_mul(LOOKS_PER_ATTEMPT),
        ))
    }
}

/// The payment attempts of the last hour, per cart and per address.
#[derive(Clone)]
pub struct PaymentAttempts {
    per_cart: u32,
    per_address: u32,
    counts: Arc<Mutex<Counts>>,
}

#[derive(Default)]
struct Counts {
    carts: HashMap<String, Window>,
    addresses: HashMap<String, Window>,
}

#[derive(Clone, Copy)]
struct Window {
    started: Instant,
    count: u32,
}

impl PaymentAttempts {
    /// At most `per_cart` attempts an hour for one cart and `per_address` from one address.
    pub fn new(per_cart: u32, per_address: u32) -> PaymentAttempts {
        PaymentAttempts {
            per_cart,
            per_address,
            counts: Arc::default(),
        }
    }

    /// Counts an attempt for the cart from the address, or refuses it (counting nothing) when
    /// either has had its share this hour.
    pub fn attempt(&self, cart: &str, address: &str) -> Result<(), TooMany> {
        self.attempt_at(cart, address, Instant::now())
    }

    pub fn attempt_at(&self, cart: &str, address: &str, now: Instant) -> Result<(), TooMany> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let Counts { carts, addresses } = &mut *counts;
        for map in [&mut *carts, &mut *addresses] {
            if map.len() >= SWEEP_AT {
                map.retain(|_, w| now.duration_since(w.started) < WINDOW);
            }
        }
        let used = |map: &HashMap<String, Window>, key: &str| {
            map.get(key)
                .filter(|w| now.duration_since(w.started) < WINDOW)
                .map_or(0, |w| w.count)
        };
        if used(&*carts, cart) >= self.per_cart {
            return Err(TooMany::Cart);
        }
        if used(&*addresses, address) >= self.per_address {
            return Err(TooMany::Address);
        }
        for (map, key) in [(carts, cart), (addresses, address)] {
            let window = map.entry(key.to_owned()).or_insert(Window {
                started: now,
                count: 0,
            });
            if now.duration_since(window.started) >= WINDOW {
                *window = Window {
                    started: now,
                    count: 0,
                };
            }
            window.count += 1;
        }
        Ok(())
    }
}
