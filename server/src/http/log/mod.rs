//! The shop's log on standard output: set up once at start ([`init`]), its lines for a person
//! or as JSON (`format`), gathered and written out by a thread of its own (`writer`), and the
//! access line, one a request ([`access`]), written straight into those lines.

pub mod format;
pub mod writer;

use std::cell::RefCell;
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

use self::format::{ACCESS, Access, Format};
use crate::http::access::{CURRENT, RequestId, route_shape};

/// Where [`access`] writes its lines by hand, once [`init`] has set up the shop's own log; the
/// tests' shops, which log through the tests' subscribers, have none and log through tracing.
struct Direct {
    lines: writer::Lines,
    json: bool,
}

static DIRECT: OnceLock<Direct> = OnceLock::new();

/// Sets up the log: lines for a person (coloured only on a terminal, never in the journal), or
/// one JSON object a line with `POSY_LOG_FORMAT=json` for a log collector; `RUST_LOG` says
/// what is written (`info`, without sqlx's and sea-orm's queries, unless it says otherwise).
///
/// A request's thread only formats its line and appends it to the log's buffer, which a thread
/// of its own writes out every 50 ms (`writer`). The buffer is bounded; past it, lines are
/// dropped (and counted) rather than slowing the shop. The guard writes out what is waiting
/// when it is dropped: keep it while the shop runs.
pub fn init() -> writer::Guard {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn,sea_orm=warn".into());
    let (lines, guard) = writer::to_stdout();
    let ansi = std::io::stdout().is_terminal();
    let json = std::env::var("POSY_LOG_FORMAT").as_deref() == Ok("json");
    let log = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(lines.clone())
        .with_ansi(ansi && !json)
        .event_format(Format { json });
    if json {
        log.fmt_fields(tracing_subscriber::fmt::format::JsonFields::new())
            .init();
    } else {
        log.init();
    }
    // A coloured access line (a terminal: someone is watching, not measuring) goes through
    // tracing and `Format`, which colours it.
    if json || !ansi {
        let _ = DIRECT.set(Direct { lines, json });
    }
    guard
}

thread_local! {
    /// The access line being written, kept between requests so writing one allocates nothing.
    static LINE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Logs one request's access line at `info` (target `posy::access`), unless `RUST_LOG` leaves
/// it out: the method, the route's shape from `path`, the status and the time taken in ms.
pub fn access(id: &RequestId, method: &str, path: &str, status: u16, took: Duration) {
    // Answered from the callsite's cached interest: no filter runs for a plain `RUST_LOG`.
    if !tracing::enabled!(target: ACCESS, tracing::Level::INFO) {
        return;
    }
    let ms = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
    let Some(direct) = DIRECT.get() else {
        let route = route_shape(path);
        CURRENT.sync_scope(*id, || {
            tracing::info!(target: ACCESS, method = %method, route = %route, status, ms);
        });
        return;
    };
    let access = Access {
        id: id.as_str(),
        method,
        path,
        status,
        ms,
    };
    LINE.with(|line| {
        let mut line = line.borrow_mut();
        line.clear();
        format::access_line(&mut line, direct.json, SystemTime::now(), &access);
        direct.lines.append(&line);
    });
}
