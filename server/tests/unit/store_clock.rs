//! `posy_server::store::clock`'s own tests (they were its `mod tests`).

use posy_server::store::clock::*;

#[test]
fn a_moment_is_read_back_as_it_is_written() {
    for moment in [0, 1_795_435_200, 1_709_251_199, 1_774_746_000] {
        assert_eq!(parse_moment(&iso8601(moment)), Some(moment));
    }
    assert_eq!(parse_moment("2026-11-23T12:00Z"), Some(1_795_435_200));
    for bad in [
        "2026-11-23 12:00:00Z",
        "2026-11-23T12:00:00",
        "2026-02-30T12:00Z",
        "2026-11-23T12:00:60Z",
    ] {
        assert_eq!(parse_moment(bad), None, "{bad}");
    }
}

#[test]
fn a_clock_started_at_a_moment_reads_it_and_runs_on() {
    let read = Clock::starting_at(1_795_435_200).now();
    assert!((1_795_435_200..1_795_435_205).contains(&read), "{read}");
    assert!((Clock::real().now() - now()).abs() <= 1);
}

#[test]
fn times_are_written_in_iso_8601() {
    assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
    assert_eq!(iso8601(1_795_435_200), "2026-11-23T12:00:00Z");
    assert_eq!(iso8601(1_709_251_199), "2024-02-29T23:59:59Z");
    assert_eq!(iso8601(-1), "1969-12-31T23:59:59Z");
}
