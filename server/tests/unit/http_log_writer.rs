//! `posy_server::http::log::writer`'s own tests (they were its `mod tests`).

use posy_server::http::log::writer::*;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Lines written before the guard is dropped are all out, in order, once it is.
#[test]
fn every_line_is_written_in_order_by_the_time_the_guard_goes() {
    let shared = Arc::new(Shared::default());
    let out = Arc::new(Mutex::new(Vec::new()));
    let thread = std::thread::spawn({
        let (shared, out) = (shared.clone(), out.clone());
        move || {
            let mut written = Vec::new();
            write_out(&shared, &mut written);
            *out.lock().unwrap() = written;
        }
    });
    let mut lines = Lines(shared.clone());
    for n in 0..1000 {
        writeln!(lines, "line {n}").unwrap();
    }
    drop(Guard {
        shared,
        thread: Some(thread),
    });
    let written = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    let expected: String = (0..1000).map(|n| format!("line {n}\n")).collect();
    assert_eq!(written, expected);
}

/// A blocked output drops lines past the limit rather than growing without end, and says so.
#[test]
fn past_the_limit_lines_are_dropped_and_counted() {
    let shared = Arc::new(Shared::default());
    let mut lines = Lines(shared.clone());
    let big = vec![b'x'; MOST / 2 + 1];
    lines.write_all(&big).unwrap();
    lines.write_all(&big).unwrap();
    let waiting = shared.waiting.lock().unwrap();
    assert_eq!((waiting.lines.len(), waiting.dropped), (big.len(), 1));
}
