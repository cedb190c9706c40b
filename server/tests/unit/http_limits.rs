//! `posy_server::http::limits`'s own tests (they were its `mod tests`).

use posy_server::http::limits::*;
use std::sync::Arc;
use std::task::Context;
use std::time::Duration;
use tokio::sync::Semaphore;

fn io() -> GuardedIo<tokio::io::Empty> {
    idle_after(Duration::from_secs(60))
}

fn idle_after(idle: Duration) -> GuardedIo<tokio::io::Empty> {
    let permit = Arc::new(Semaphore::new(1)).try_acquire_owned().unwrap();
    GuardedIo::new(tokio::io::empty(), permit, None, None, idle)
}

fn idle_now(io: &mut GuardedIo<tokio::io::Empty>) -> bool {
    let waker = std::task::Waker::noop();
    io.idle_too_long(&mut Context::from_waker(waker))
}

/// The idle time of the connections that wait for it.
const SHORT: Duration = Duration::from_millis(100);

/// Waits past a connection's idle time, [`SHORT`]: each check holds whatever the machine's
/// load, as each only needs that much time to have passed.
async fn after_idle(io: &mut GuardedIo<tokio::io::Empty>) -> bool {
    tokio::time::sleep(SHORT * 3).await;
    idle_now(io)
}

#[tokio::test]
async fn a_connection_is_idle_only_while_the_shop_owes_no_answer() {
    let short = SHORT;
    let mut io = idle_after(short);
    let _half_in = io.owed().turn();
    assert!(
        after_idle(&mut io).await,
        "a request not all in, then silence, is idle"
    );

    let mut io = idle_after(short);
    let turn = io.owed().turn();
    turn.received();
    assert!(
        !after_idle(&mut io).await,
        "the shop working on an answer is not idle"
    );
    assert!(!after_idle(&mut io).await, "however long it works");
    drop(turn);
    assert!(after_idle(&mut io).await, "idle once answered");
}

#[tokio::test]
async fn the_head_ends_at_the_first_blank_line_even_across_reads() {
    let mut io = io();
    assert!(!io.saw(b"GET / HTTP/1.1\r\nHost: x\r"));
    assert!(!io.saw(b"\n\r"));
    assert!(io.saw(b"\n"));
    let mut io = self::io();
    assert!(!io.saw(b"GET / HTTP/1.1\r\n\r\r\n"));
    assert!(io.saw(b"\r\n"));
}
