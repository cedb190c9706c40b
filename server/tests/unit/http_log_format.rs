//! `posy_server::http::log::format`'s own tests (they were its `mod tests`).

use std::sync::{Arc, Mutex};
use std::time::Duration;
use std::time::{SystemTime, UNIX_EPOCH};
use tracing::Level;

use tracing_subscriber::fmt::format::JsonFields;

use posy_server::http::access::{CURRENT, request_id};
use posy_server::http::log::format::*;

/// What a subscriber wrote.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    /// The lines written, each with its time taken out (two formatters never write in
    /// the same microsecond).
    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(timeless)
            .collect()
    }
}

fn timeless(line: &str) -> String {
    match line.split_once("\"timestamp\":\"") {
        Some((before, after)) => {
            let (_, rest) = after.split_once('"').unwrap();
            format!("{before}\"timestamp\":\"…{rest}")
        }
        None => format!("…{}", &line[line.find(' ').unwrap()..]),
    }
}

/// Runs `log` under tracing-subscriber with our [`Format`] (text or JSON, never coloured)
/// inside a request whose id is `id`, and answers the lines written.
fn ours(json: bool, id: &str, log: impl FnOnce()) -> Vec<String> {
    let out = Captured::default();
    let writer = out.clone();
    let builder = tracing_subscriber::fmt()
        .with_max_level(Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .event_format(Format { json });
    let id = request_id(Some(&poem::http::HeaderValue::from_str(id).unwrap()));
    let run = || CURRENT.sync_scope(id, log);
    if json {
        tracing::subscriber::with_default(builder.fmt_fields(JsonFields::new()).finish(), run);
    } else {
        tracing::subscriber::with_default(builder.finish(), run);
    }
    out.lines()
}

/// The same under tracing-subscriber's own formats, with the request as a span around it:
/// how the shop logged before.
fn theirs(json: bool, id: &str, log: impl FnOnce()) -> Vec<String> {
    let out = Captured::default();
    let writer = out.clone();
    let builder = tracing_subscriber::fmt()
        .with_max_level(Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone());
    let run = || tracing::info_span!("request", id = %id).in_scope(log);
    if json {
        tracing::subscriber::with_default(builder.json().finish(), run);
    } else {
        tracing::subscriber::with_default(builder.finish(), run);
    }
    out.lines()
}

fn access_event() {
    tracing::info!(
        target: ACCESS,
        method = %"GET",
        route = %"/api/products/{}/",
        status = 404_u16,
        ms = 12_u64,
    );
}

#[test]
fn the_access_line_written_by_hand_is_the_line_tracing_subscriber_wrote() {
    for json in [false, true] {
        let mut line = Vec::new();
        let access = Access {
            id: "caddy-7f3a",
            method: "GET",
            path: "/api/products/12/",
            status: 404,
            ms: 12,
        };
        access_line(&mut line, json, SystemTime::now(), &access);
        let line = timeless(std::str::from_utf8(&line).unwrap().trim_end());
        assert_eq!(vec![line.clone()], ours(json, "caddy-7f3a", access_event));
        assert_eq!(vec![line], theirs(json, "caddy-7f3a", access_event));
    }
}

#[test]
fn any_line_inside_a_request_names_it_as_its_span_did_with_any_spans_inside() {
    let log = || {
        tracing::warn!(cart = 42_u64, detail = ?Some("x"), "payment looks \"limited\"");
        tracing::debug_span!("inner", n = 3_i64, word = %"word").in_scope(|| {
            tracing::error!(target: "posy::mail", ok = false, "given up");
        });
    };
    for json in [false, true] {
        let mine = ours(json, "req-1", log);
        assert_eq!(mine.len(), 2);
        assert!(mine.iter().all(|line| line.contains("req-1")), "{mine:?}");
        assert_eq!(mine, theirs(json, "req-1", log));
    }
}

#[test]
fn a_line_outside_any_request_has_no_request() {
    let out = Captured::default();
    let writer = out.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .event_format(Format { json: false })
        .finish();
    tracing::subscriber::with_default(subscriber, || tracing::info!(n = 1, "started"));
    assert_eq!(out.lines(), ["…  INFO unit::http_log_format: started n=1"]);
}

#[test]
fn times_are_written_to_the_microsecond_in_utc() {
    let at = |seconds: u64, micros: u64| {
        let mut out = Vec::new();
        let time = UNIX_EPOCH + Duration::from_secs(seconds) + Duration::from_micros(micros);
        timestamp(time, &mut out);
        String::from_utf8(out).unwrap()
    };
    assert_eq!(at(0, 0), "1970-01-01T00:00:00.000000Z");
    assert_eq!(at(951_782_400, 500_000), "2000-02-29T00:00:00.500000Z");
    assert_eq!(at(951_868_799, 999_999), "2000-02-29T23:59:59.999999Z");
    // Twice in the same second (the cached date), then the next day.
    assert_eq!(at(1_795_843_988, 7), "2026-11-28T05:33:08.000007Z");
    assert_eq!(at(1_795_843_988, 123_456), "2026-11-28T05:33:08.123456Z");
    assert_eq!(at(1_795_930_388, 0), "2026-11-29T05:33:08.000000Z");
    assert_eq!(at(4_107_542_400, 0), "2100-03-01T00:00:00.000000Z");
    let mut before = Vec::new();
    timestamp(UNIX_EPOCH - Duration::from_micros(1), &mut before);
    assert_eq!(before, b"1969-12-31T23:59:59.999999Z");
    // A clock gone far past the calendar's years says its seconds.
    assert_eq!(at(253_402_300_800, 0), "253402300800s.000000Z");
}
