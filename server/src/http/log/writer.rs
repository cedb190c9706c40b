//! Where the log's lines go: gathered in memory and written to stdout by a thread of its own
//! every [`EVERY`], rather than one write (and one wake-up of a writing thread) per line.
//!
//! The shop logs one access line per request (`http::log::access`). Handed to a writing thread
//! one by one (tracing-appender's worker), each line woke that thread and was written alone: at
//! 40,000 catalogue reads a second that cost 12 % of them (`make bench`, log at `info`). Here a
//! request's thread only appends its line under a lock. A crash may lose the last
//! 50 ms of lines; a panic's own message goes to stderr at once.

use std::io::Write;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long a line may wait before it is written.
const EVERY: Duration = Duration::from_millis(50);
/// Lines waiting past this many bytes (stdout blocked) are dropped, and the drop is counted
/// in the next line written.
pub const MOST: usize = 8 * 1024 * 1024;

#[derive(Default)]
pub struct Waiting {
    pub lines: Vec<u8>,
    pub dropped: u64,
    pub stopping: bool,
}

#[derive(Default)]
pub struct Shared {
    pub waiting: Mutex<Waiting>,
    pub stop: Condvar,
}

/// What the log writes into (`tracing_subscriber`'s writer).
#[derive(Clone)]
pub struct Lines(pub Arc<Shared>);

/// Keeps the writing thread; dropping it writes what is waiting and stops the thread.
pub struct Guard {
    pub shared: Arc<Shared>,
    pub thread: Option<JoinHandle<()>>,
}

/// The writer, and the guard to keep for as long as the process logs.
pub fn to_stdout() -> (Lines, Guard) {
    let shared = Arc::new(Shared::default());
    let thread = std::thread::Builder::new()
        .name("log-writer".into())
        .spawn({
            let shared = shared.clone();
            move || write_out(&shared, &mut std::io::stdout())
        })
        .expect("a thread for the log");
    (
        Lines(shared.clone()),
        Guard {
            shared,
            thread: Some(thread),
        },
    )
}

pub fn write_out(shared: &Shared, out: &mut impl Write) {
    let mut spare = Vec::new();
    loop {
        let (stopping, dropped) = {
            let waiting = shared.waiting.lock().unwrap_or_else(|e| e.into_inner());
            let (mut waiting, _) = shared
                .stop
                .wait_timeout_while(waiting, EVERY, |w| !w.stopping)
                .unwrap_or_else(|e| e.into_inner());
            std::mem::swap(&mut waiting.lines, &mut spare);
            (waiting.stopping, std::mem::take(&mut waiting.dropped))
        };
        if dropped > 0 {
            let _ = writeln!(
                out,
                "posy: {dropped} log lines dropped (the log's output was blocked)"
            );
        }
        let _ = out.write_all(&spare);
        let _ = out.flush();
        spare.clear();
        if stopping {
            return;
        }
    }
}

impl Lines {
    /// Adds whole lines to those waiting (or counts them dropped past [`MOST`]).
    pub fn append(&self, line: &[u8]) {
        let mut waiting = self.0.waiting.lock().unwrap_or_else(|e| e.into_inner());
        if waiting.lines.len() + line.len() > MOST {
            waiting.dropped += 1;
        } else {
            waiting.lines.extend_from_slice(line);
        }
    }
}

impl Write for Lines {
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        self.append(line);
        Ok(line.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Lines {
    type Writer = Lines;

    fn make_writer(&'a self) -> Lines {
        self.clone()
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        self.shared
            .waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .stopping = true;
        self.shared.stop.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
