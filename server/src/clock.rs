//! Time as Posy's tables keep it: Unix seconds, in UTC.

/// Seconds since 1970.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The calendar date and time of day of a Unix time: (year, month, day, seconds into the day).
pub fn civil(unix_seconds: i64) -> (i64, u32, u32, i64) {
    // Howard Hinnant's days-to-civil algorithm.
    let z = unix_seconds.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, unix_seconds.rem_euclid(86_400))
}

/// Unix seconds as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn iso8601(unix_seconds: i64) -> String {
    let (year, month, day, secs) = civil(unix_seconds);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_in_iso_8601() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601(1_795_435_200), "2026-11-23T12:00:00Z");
        assert_eq!(iso8601(1_709_251_199), "2024-02-29T23:59:59Z");
        assert_eq!(iso8601(-1), "1969-12-31T23:59:59Z");
    }
}
