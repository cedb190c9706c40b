//! `posy_server::app::tasks`'s own tests (they were its `mod tests`).

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;
use tokio::task::JoinHandle;

use posy_server::app::tasks::*;

/// Supervises, with a short pause, the task `run` makes from a count shared with the test.
fn counting<F, Fut>(run: F) -> (Arc<AtomicU32>, JoinHandle<()>)
where
    F: Fn(Arc<AtomicU32>) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let runs = Arc::new(AtomicU32::new(0));
    let counted = runs.clone();
    let task = supervise_with_pause(
        "test",
        move || run(counted.clone()),
        Duration::from_millis(1),
    );
    (runs, task)
}

#[tokio::test]
async fn a_task_that_panics_is_started_again() {
    let (runs, task) = counting(|runs| async move {
        // Panics the first two times, then finishes.
        if runs.fetch_add(1, Ordering::SeqCst) < 2 {
            panic!("a bug in a background task");
        }
    });
    tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .expect("the supervisor ends once the task finishes")
        .unwrap();
    assert_eq!(runs.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn aborting_the_supervisor_stops_the_task() {
    let (runs, task) = counting(|runs| async move {
        loop {
            runs.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    });
    tokio::time::sleep(Duration::from_millis(30)).await;
    task.abort();
    let _ = task.await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let after = runs.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(30)).await;
    assert_eq!(runs.load(Ordering::SeqCst), after, "the task still runs");
}
