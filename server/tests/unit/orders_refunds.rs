//! `posy_server::orders::refunds`'s own tests (they were its `mod tests`).

use posy_server::orders::refunds::*;

#[test]
fn retries_wait_longer_each_time_up_to_an_hour() {
    assert_eq!(pause_after(0), 30);
    assert_eq!(pause_after(1), 60);
    assert_eq!(pause_after(3), 240);
    assert_eq!(pause_after(10), MAX_PAUSE_SECONDS);
    assert_eq!(pause_after(1000), MAX_PAUSE_SECONDS);
}
