//! What `/metrics` counts in memory, and Prometheus's text format to say it in.
//!
//! The format is small enough to write here (`# HELP`, `# TYPE`, then one `name{labels} value`
//! line a sample), so no metrics crate is built. Every label value comes from a fixed list of
//! the shop's own words or status codes, never from what a visitor sent, so the number of
//! series stays bounded whatever the traffic.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Prometheus's text exposition format (version 0.0.4), written family by family.
#[derive(Default)]
pub struct Text(String);

/// The content type of [`Text`].
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

impl Text {
    /// Starts a family: its help line and its type (`counter` or `gauge`).
    pub fn family(&mut self, name: &str, kind: &str, help: &str) {
        let _ = writeln!(self.0, "# HELP {name} {}", help.replace('\\', "\\\\"));
        let _ = writeln!(self.0, "# TYPE {name} {kind}");
    }

    /// One sample of the family just started.
    pub fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: impl std::fmt::Display) {
        self.0.push_str(name);
        if !labels.is_empty() {
            self.0.push('{');
            for (i, (label, value)) in labels.iter().enumerate() {
                if i > 0 {
                    self.0.push(',');
                }
                let value = value
                    .replace('\\', "\\\\")
                    .replace('"', "\\\"")
                    .replace('\n', "\\n");
                let _ = write!(self.0, "{label}=\"{value}\"");
            }
            self.0.push('}');
        }
        let _ = writeln!(self.0, " {value}");
    }

    pub fn finish(self) -> String {
        self.0
    }
}

/// The kinds of route requests are counted by: few and fixed, unlike the paths themselves.
pub const ROUTE_CLASSES: [&str; 7] = [
    "api", "admin", "webhook", "web", "media", "monitor", "other",
];

/// The class of the route `path` reaches.
pub fn route_class(path: &str) -> &'static str {
    if path.starts_with("/api/payment/webhook") {
        "webhook"
    } else if path.starts_with("/api/admin") || path.starts_with("/albums") {
        "admin"
    } else if path == "/api" || path.starts_with("/api/") {
        "api"
    } else if path.starts_with("/media/") {
        "media"
    } else if matches!(path, "/healthz" | "/readyz" | "/metrics") {
        "monitor"
    } else if path.starts_with('/') {
        "web"
    } else {
        "other"
    }
}

/// Statuses 100 to 599, one counter each per route class.
const STATUSES: usize = 500;

/// Requests answered, by route class and status: one atomic add per request, no lock.
#[derive(Clone)]
pub struct Requests(Arc<[AtomicU64]>);

impl Default for Requests {
    fn default() -> Requests {
        Requests(
            (0..ROUTE_CLASSES.len() * STATUSES)
                .map(|_| AtomicU64::new(0))
                .collect(),
        )
    }
}

impl Requests {
    /// Counts one answer of `status` to a request of the route class `class`.
    pub fn count(&self, class: &str, status: u16) {
        let class = ROUTE_CLASSES
            .iter()
            .position(|c| *c == class)
            .unwrap_or(ROUTE_CLASSES.len() - 1);
        let status = usize::from(status.clamp(100, 599)) - 100;
        self.0[class * STATUSES + status].fetch_add(1, Ordering::Relaxed);
    }

    /// Every (class, status, count) counted at least once.
    pub fn counted(&self) -> Vec<(&'static str, u16, u64)> {
        let mut found = Vec::new();
        for (class, name) in ROUTE_CLASSES.iter().enumerate() {
            for status in 0..STATUSES {
                let n = self.0[class * STATUSES + status].load(Ordering::Relaxed);
                if n > 0 {
                    found.push((*name, (status + 100) as u16, n));
                }
            }
        }
        found
    }
}

/// Counts of rare events by a word from a fixed list (a refund's reason, a webhook's outcome).
#[derive(Clone, Default)]
pub struct Tally(Arc<Mutex<BTreeMap<&'static str, u64>>>);

impl Tally {
    pub fn count(&self, what: &'static str) {
        *self
            .0
            .lock()
            .expect("never poisoned")
            .entry(what)
            .or_default() += 1;
    }

    /// Every word counted, with its count.
    pub fn counted(&self) -> Vec<(&'static str, u64)> {
        let counts = self.0.lock().expect("never poisoned");
        counts.iter().map(|(what, n)| (*what, *n)).collect()
    }
}
