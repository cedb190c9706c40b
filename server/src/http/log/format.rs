//! The log's lines, for a person or as JSON, each carrying the id of the request that logged it.
//!
//! tracing-subscriber's own formats find a request's id on a span around the request. Making,
//! entering, leaving and closing that span in the registry, and formatting the access line
//! field by field through `core::fmt`, cost a cached catalogue read about a fifth of its server
//! CPU (performance.md, 2026-11-28). Here the id is a task-local (`http::access::current`),
//! [`Format`] writes it where that span was written, and [`access_line`] writes the access line
//! by hand. The tests below hold all three to tracing-subscriber's own text and JSON with the
//! span, so a log reader sees the same lines as before.

use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::time::{SystemTime, UNIX_EPOCH};

use posy_core::calendar::Date;
use serde::ser::{SerializeMap, Serializer as _};
use tracing::{Event, Level, Subscriber};
use tracing_serde::fields::AsMap;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields, FormattedFields};
use tracing_subscriber::registry::LookupSpan;

use crate::http::access::{RequestId, current, route_shape_into};

/// The access line's target, by which `RUST_LOG` lets it through or not.
pub const ACCESS: &str = "posy::access";

/// How every line but the access line is written (that one: [`access_line`]): text for a
/// person, or one JSON object a line (`json`), with the field formatter to match
/// (tracing-subscriber's `DefaultFields` or `JsonFields`).
pub struct Format {
    pub json: bool,
}

impl<S, N> FormatEvent<S, N> for Format
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let mut stamp = Vec::with_capacity(32);
        timestamp(SystemTime::now(), &mut stamp);
        let stamp = std::str::from_utf8(&stamp).map_err(|_| fmt::Error)?;
        let request = current();
        let line = Line {
            ctx,
            event,
            request: request.as_ref(),
            stamp,
        };
        if self.json {
            line.json(writer)
        } else {
            line.text(writer)
        }
    }
}

/// One request's access line, as [`access_line`] writes it.
pub struct Access<'a> {
    pub id: &'a str,
    pub method: &'a str,
    /// The path asked for: only its route's shape is written (`http::access::route_shape`).
    pub path: &'a str,
    pub status: u16,
    pub ms: u64,
}

/// Appends the access line to `out`, byte for byte as [`Format`] writes
/// `tracing::info!(target: ACCESS, method = %method, route = %shape, status, ms)` inside the
/// request, but without `core::fmt` or the registry.
pub fn access_line(out: &mut Vec<u8>, json: bool, now: SystemTime, access: &Access<'_>) {
    if json {
        out.extend_from_slice(b"{\"timestamp\":\"");
        timestamp(now, out);
        out.extend_from_slice(b"\",\"level\":\"INFO\",\"fields\":{\"method\":");
        json_string(out, access.method);
        // A route's shape is lowercase words, `-`, `_`, `/`, `{}` and `…`: nothing JSON escapes.
        route_status_ms(
            out,
            access,
            [b",\"route\":\"", b"\",\"status\":", b",\"ms\":"],
        );
        out.extend_from_slice(b"},\"target\":\"posy::access\",\"span\":{\"id\":");
        json_string(out, access.id);
        out.extend_from_slice(b",\"name\":\"request\"},\"spans\":[{\"id\":");
        json_string(out, access.id);
        out.extend_from_slice(b",\"name\":\"request\"}]}\n");
    } else {
        timestamp(now, out);
        out.extend_from_slice(b"  INFO request{id=");
        out.extend_from_slice(access.id.as_bytes());
        out.extend_from_slice(b"}: posy::access: method=");
        out.extend_from_slice(access.method.as_bytes());
        route_status_ms(out, access, [b" route=", b" status=", b" ms="]);
        out.push(b'\n');
    }
}

/// The access line's route, status and time, in that order in both formats, each after its
/// label as the format writes it.
fn route_status_ms(out: &mut Vec<u8>, access: &Access<'_>, labels: [&[u8]; 3]) {
    out.extend_from_slice(labels[0]);
    route_shape_into(access.path, out);
    out.extend_from_slice(labels[1]);
    number(out, u64::from(access.status), 1);
    out.extend_from_slice(labels[2]);
    number(out, access.ms, 1);
}

/// One event to write, with the request it belongs to and its time.
struct Line<'a, S, N> {
    ctx: &'a FmtContext<'a, S, N>,
    event: &'a Event<'a>,
    request: Option<&'a RequestId>,
    stamp: &'a str,
}

impl<S, N> Line<'_, S, N>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    /// A line for a person, as tracing-subscriber's `Full` format writes it: the time, the level,
    /// the request (as the `request{id=…}` span it used to be) and any spans, the target, the
    /// fields; coloured only when the writer is (a terminal).
    fn text(&self, mut writer: Writer<'_>) -> fmt::Result {
        let ansi = writer.has_ansi_escapes();
        let meta = self.event.metadata();
        let level = *meta.level();
        write!(writer, "{} ", Paint(ansi, DIMMED, self.stamp))?;
        write!(writer, "{} ", Paint(ansi, colour(level), level_word(level)))?;
        let mut spans = false;
        if let Some(id) = self.request {
            write!(
                writer,
                "{}{}{}{}{}{}{}",
                Paint(ansi, BOLD, "request"),
                Paint(ansi, BOLD, "{"),
                Paint(ansi, ITALIC, "id"),
                Paint(ansi, DIMMED, "="),
                id.as_str(),
                Paint(ansi, BOLD, "}"),
                Paint(ansi, DIMMED, ":"),
            )?;
            spans = true;
        }
        if let Some(scope) = self.ctx.event_scope() {
            for span in scope.from_root() {
                write!(writer, "{}", Paint(ansi, BOLD, span.name()))?;
                let extensions = span.extensions();
                if let Some(fields) = extensions.get::<FormattedFields<N>>()
                    && !fields.is_empty()
                {
                    write!(
                        writer,
                        "{}{fields}{}",
                        Paint(ansi, BOLD, "{"),
                        Paint(ansi, BOLD, "}")
                    )?;
                }
                write!(writer, "{}", Paint(ansi, DIMMED, ":"))?;
                spans = true;
            }
        }
        if spans {
            writer.write_char(' ')?;
        }
        write!(
            writer,
            "{}{} ",
            Paint(ansi, DIMMED, meta.target()),
            Paint(ansi, DIMMED, ":")
        )?;
        self.ctx.format_fields(writer.by_ref(), self.event)?;
        writeln!(writer)
    }

    /// A JSON line, as tracing-subscriber's `Json` format writes it: time, level, fields, target,
    /// and, inside a request or a span, the innermost (`span`) and all from the outermost
    /// (`spans`), the request first as `{"id":…,"name":"request"}`.
    fn json(&self, mut writer: Writer<'_>) -> fmt::Result {
        let mut spans = Vec::new();
        if let Some(id) = self.request {
            spans.push(JsonSpan {
                name: "request",
                fields: Fields::Id(id.as_str()),
            });
        }
        if let Some(scope) = self.ctx.event_scope() {
            for span in scope.from_root() {
                let extensions = span.extensions();
                let fields = extensions
                    .get::<FormattedFields<N>>()
                    .and_then(|f| serde_json::from_str(&f.fields).ok())
                    .unwrap_or_default();
                spans.push(JsonSpan {
                    name: span.name(),
                    fields: Fields::Recorded(fields),
                });
            }
        }
        let mut out = Vec::with_capacity(256);
        json_object(&mut out, self.stamp, self.event, &spans).map_err(|_| fmt::Error)?;
        writer.write_str(std::str::from_utf8(&out).map_err(|_| fmt::Error)?)?;
        writeln!(writer)
    }
}

fn json_object(
    out: &mut Vec<u8>,
    stamp: &str,
    event: &Event<'_>,
    spans: &[JsonSpan<'_>],
) -> serde_json::Result<()> {
    let meta = event.metadata();
    let mut line = serde_json::Serializer::new(out);
    let mut map = line.serialize_map(None)?;
    map.serialize_entry("timestamp", stamp)?;
    map.serialize_entry("level", meta.level().as_str())?;
    map.serialize_entry("fields", &event.field_map())?;
    map.serialize_entry("target", meta.target())?;
    if let Some(innermost) = spans.last() {
        map.serialize_entry("span", innermost)?;
        map.serialize_entry("spans", spans)?;
    }
    map.end()
}

/// A span as the JSON line names it: its fields, then its name.
struct JsonSpan<'a> {
    name: &'a str,
    fields: Fields<'a>,
}

enum Fields<'a> {
    /// The request's, which has only its id.
    Id(&'a str),
    /// Another span's, as `JsonFields` recorded them.
    Recorded(serde_json::Map<String, serde_json::Value>),
}

impl serde::Serialize for JsonSpan<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match &self.fields {
            Fields::Id(id) => map.serialize_entry("id", id)?,
            Fields::Recorded(fields) => {
                for (name, value) in fields {
                    map.serialize_entry(name, value)?;
                }
            }
        }
        map.serialize_entry("name", self.name)?;
        map.end()
    }
}

const BOLD: &str = "1";
const DIMMED: &str = "2";
const ITALIC: &str = "3";

/// Text in an ANSI style (its SGR code) when `.0`, else as it is.
struct Paint<'a>(bool, &'static str, &'a str);

impl fmt::Display for Paint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 {
            write!(f, "\x1b[{}m{}\x1b[0m", self.1, self.2)
        } else {
            f.write_str(self.2)
        }
    }
}

fn level_word(level: Level) -> &'static str {
    match level {
        Level::TRACE => "TRACE",
        Level::DEBUG => "DEBUG",
        Level::INFO => " INFO",
        Level::WARN => " WARN",
        Level::ERROR => "ERROR",
    }
}

fn colour(level: Level) -> &'static str {
    match level {
        Level::TRACE => "35",
        Level::DEBUG => "34",
        Level::INFO => "32",
        Level::WARN => "33",
        Level::ERROR => "31",
    }
}

thread_local! {
    /// The last second this thread wrote, and its text up to the seconds: a line's time is then
    /// only its microseconds to write.
    static SECOND: RefCell<(i64, String)> = const { RefCell::new((i64::MIN, String::new())) };
}

/// Appends `now` as tracing-subscriber's `SystemTime` timer writes it, e.g.
/// `2026-11-28T05:13:48.123456Z` (UTC, to the microsecond).
pub fn timestamp(now: SystemTime, out: &mut Vec<u8>) {
    let (seconds, nanos) = match now.duration_since(UNIX_EPOCH) {
        Ok(since) => (since.as_secs() as i64, since.subsec_nanos()),
        Err(before) => {
            let before = before.duration();
            let (seconds, nanos) = (before.as_secs() as i64, before.subsec_nanos());
            if nanos == 0 {
                (-seconds, 0)
            } else {
                (-seconds - 1, 1_000_000_000 - nanos)
            }
        }
    };
    SECOND.with(|second| {
        let mut second = second.borrow_mut();
        if second.0 != seconds {
            second.1.clear();
            write_second(seconds, &mut second.1);
            second.0 = seconds;
        }
        out.extend_from_slice(second.1.as_bytes());
    });
    out.push(b'.');
    number(out, u64::from(nanos / 1_000), 6);
    out.push(b'Z');
}

/// `seconds` since 1970 as `YYYY-MM-DDTHH:MM:SS`, the day by core's calendar (the one rule for
/// turning a day count into a date). A clock outside the years 1 to 9999 is written as its
/// count of seconds.
fn write_second(seconds: i64, out: &mut String) {
    let (days, second) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let Some(date) = Date::from_days_since_epoch(days) else {
        let _ = write!(out, "{seconds}s");
        return;
    };
    let _ = write!(
        out,
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
        date.year(),
        date.month(),
        date.day(),
        second / 3_600,
        second / 60 % 60,
        second % 60
    );
}

/// Appends `n` in decimal, at least `width` digits (zeros in front), `width` at most 20.
fn number(out: &mut Vec<u8>, mut n: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at.min(digits.len() - width)..]);
}

/// Appends `text` as a JSON string, escaped as serde_json escapes it.
fn json_string(out: &mut Vec<u8>, text: &str) {
    let _ = serde_json::to_writer(&mut *out, text);
}
