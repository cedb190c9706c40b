//! `posy_server::app::memory`'s own tests (they were its `mod tests`).

#[test]
fn malloc_takes_the_threshold() {
    assert!(posy_server::app::memory::give_back_large_blocks());
}
