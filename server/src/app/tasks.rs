//! The shop's background tasks (cart sweeper, outbox, video conversions) run supervised: a
//! panic in one is logged and the task starts again after a pause, so one bad row or bug
//! never silently stops mail going out for the rest of the server's life.

use std::future::Future;
use std::time::Duration;

use tokio::task::JoinHandle;

/// The pause before a task that panicked starts again, so a task that panics at once does not
/// spin.
const RESTART_PAUSE: Duration = Duration::from_secs(1);

/// Runs the future `start` makes until it finishes; when it panics, logs it (with the task's
/// `name`) and starts a new one. Aborting the returned handle stops the task for good.
pub fn supervise<F, Fut>(name: &'static str, start: F) -> JoinHandle<()>
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    supervise_with_pause(name, start, RESTART_PAUSE)
}

pub fn supervise_with_pause<F, Fut>(name: &'static str, start: F, pause: Duration) -> JoinHandle<()>
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    tokio::spawn(async move {
        loop {
            // Its own task, so a panic unwinds only that task and shows here as an error.
            let mut run = AbortOnDrop(tokio::spawn(crate::store::db::in_background(start())));
            match (&mut run.0).await {
                Ok(()) => return,
                Err(err) if err.is_panic() => {
                    tracing::error!(task = name, "background task panicked; restarting it");
                    tokio::time::sleep(pause).await;
                }
                Err(_) => return,
            }
        }
    })
}

/// Stops the inner task when the supervisor itself is aborted.
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}
