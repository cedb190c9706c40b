//! Time as Posy's tables keep it: Unix seconds, in UTC. Timestamps are always the real time;
//! the rules that depend on the day (which days and slots can be booked) read the shop's
//! [`Clock`], which tests and journeys can move (`--fake-now`).

use posy_core::calendar::{Date, TimeOfDay};

/// The moment the shop's date rules see: the real time, or the real time moved so that it
/// read a chosen moment when the shop started (and runs on from there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    offset_seconds: i64,
}

impl Clock {
    /// The real time.
    pub fn real() -> Clock {
        Clock::default()
    }

    /// A clock that reads `moment` (Unix seconds) now, and runs on from there.
    pub fn starting_at(moment: i64) -> Clock {
        Clock {
            offset_seconds: moment - now(),
        }
    }

    /// Seconds since 1970 on this clock.
    pub fn now(self) -> i64 {
        now() + self.offset_seconds
    }
}

/// Reads a moment written `2026-12-14T11:30:00Z` (seconds optional) as Unix seconds.
pub fn parse_moment(text: &str) -> Option<i64> {
    let (date, time) = text.trim().strip_suffix('Z')?.split_once('T')?;
    let date = Date::parse(date)?;
    let (time, seconds) = match time.len() {
        5 => (time, 0),
        8 => (
            &time[..5],
            time.get(6..)?.parse::<i64>().ok().filter(|s| *s < 60)?,
        ),
        _ => return None,
    };
    let time = TimeOfDay::parse(time)?;
    Some(date.days_since_epoch() * 86_400 + i64::from(time.minutes()) * 60 + seconds)
}

/// Seconds since 1970.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Unix seconds as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn iso8601(unix_seconds: i64) -> String {
    let secs = unix_seconds.rem_euclid(86_400);
    // The shop's own timestamps, within core's years 1 to 9999.
    let date = Date::from_days_since_epoch(unix_seconds.div_euclid(86_400))
        .expect("a timestamp within the years 1 to 9999");
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        date.to_wire(),
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}
