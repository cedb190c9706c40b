//! Days and times as the studio in Bristol lives them: civil dates, times of day, and the UK's
//! summer-time rule, so the browser and the server agree on "today" and "before 12:00" without
//! a time-zone database (which would make the wasm several times larger). The clock itself is
//! never read here: every rule is given the time as seconds since 1970-01-01 00:00 UTC.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A day of the week.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Weekday {
    /// Monday.
    Monday,
    /// Tuesday.
    Tuesday,
    /// Wednesday.
    Wednesday,
    /// Thursday.
    Thursday,
    /// Friday.
    Friday,
    /// Saturday.
    Saturday,
    /// Sunday.
    Sunday,
}

impl Weekday {
    /// The week as British shops list it, Monday first.
    pub const ALL: [Weekday; 7] = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ];

    /// `Monday`.
    pub fn name(self) -> &'static str {
        match self {
            Weekday::Monday => "Monday",
            Weekday::Tuesday => "Tuesday",
            Weekday::Wednesday => "Wednesday",
            Weekday::Thursday => "Thursday",
            Weekday::Friday => "Friday",
            Weekday::Saturday => "Saturday",
            Weekday::Sunday => "Sunday",
        }
    }

    /// `Mon`, as a moment's short form writes it.
    pub fn short_name(self) -> &'static str {
        &self.name()[..3]
    }
}

/// A day in the (proleptic Gregorian) calendar, with no time zone: "the 14th of February", as
/// a shopper chooses it. Years 1 to 9999, so the wire form always has four digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The months' names in order, `January` to `December`: the back office's day-and-month pickers.
pub fn month_names() -> [&'static str; 12] {
    MONTHS
}

/// `Dec`, as a moment's short form writes a month (British English spells September `Sept`).
fn short_month(month: u8) -> &'static str {
    match month {
        9 => "Sept",
        _ => &MONTHS[usize::from(month - 1)][..3],
    }
}

/// Days in a month of a year; 0 for a month that does not exist.
pub fn days_in_month(year: i32, month: u8) -> u8 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    }
}

impl Date {
    /// The date, or `None` when there is no such day (30 February) or the year is outside 1 to
    /// 9999.
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        ((1..=9999).contains(&year) && day >= 1 && day <= days_in_month(year, month))
            .then_some(Date { year, month, day })
    }

    /// The year.
    pub fn year(self) -> i32 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before it), by Howard Hinnant's `days_from_civil`.
    pub fn days_since_epoch(self) -> i64 {
        let (month, day) = (i64::from(self.month), i64::from(self.day));
        let year = i64::from(self.year) - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date so many days after 1970-01-01, by Howard Hinnant's `civil_from_days`; `None`
    /// outside the years 1 to 9999.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        let days = days.checked_add(719_468)?;
        let era = days.div_euclid(146_097);
        let day_of_era = days - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
        let month = if shifted_month < 10 {
            shifted_month + 3
        } else {
            shifted_month - 9
        };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date::new(i32::try_from(year).ok()?, month as u8, day as u8)
    }

    /// The day of the week.
    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday, the fourth day of a week that starts on Monday.
        Weekday::ALL[(self.days_since_epoch() + 3).rem_euclid(7) as usize]
    }

    /// The date so many days later (earlier when negative). Panics only past the year 9999.
    pub fn add_days(self, days: i64) -> Date {
        Date::from_days_since_epoch(self.days_since_epoch() + days)
            .expect("a date within the years 1 to 9999")
    }

    /// How many days from this date to `later` (negative when `later` is earlier).
    pub fn days_until(self, later: Date) -> i64 {
        later.days_since_epoch() - self.days_since_epoch()
    }

    /// Reads the wire form `2026-02-14`, exactly (four, two and two digits).
    pub fn parse(wire: &str) -> Option<Date> {
        let bytes = wire.as_bytes();
        let digits = |range: std::ops::Range<usize>| {
            bytes[range.clone()]
                .iter()
                .all(u8::is_ascii_digit)
                .then(|| wire[range].parse::<i32>().ok())
                .flatten()
        };
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        Date::new(digits(0..4)?, digits(5..7)? as u8, digits(8..10)? as u8)
    }

    /// The wire form: `2026-02-14`.
    pub fn to_wire(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// The month's name: `February`.
    fn month_name(self) -> &'static str {
        MONTHS[usize::from(self.month - 1)]
    }

    /// The form shoppers read: `Saturday 14 February` (no year: the shop books 90 days ahead).
    pub fn display(self) -> String {
        format!("{} {}", self.weekday().name(), self.day_month())
    }

    /// `Saturday 14 February 2026`: a day beyond the booking horizon, such as a workshop's.
    pub fn long(self) -> String {
        format!("{} {}", self.display(), self.year)
    }

    /// `14 February 2026`: the day something happened, such as an order placed.
    pub fn day_month_year(self) -> String {
        format!("{} {}", self.day_month(), self.year)
    }

    /// `November 20th`, as the workshop card writes the balance's due date (the spec's words).
    pub fn month_ordinal_day(self) -> String {
        let suffix = match (self.day % 10, self.day) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        format!("{} {}{suffix}", self.month_name(), self.day)
    }

    /// `14 February`.
    fn day_month(self) -> String {
        format!("{} {}", self.day, self.month_name())
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_wire())
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = String::deserialize(deserializer)?;
        Date::parse(&wire)
            .ok_or_else(|| serde::de::Error::custom(format!("not a date like 2026-02-14: {wire}")))
    }
}

/// A time on the clock of the day, to the minute, from 00:00 to 23:59.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TimeOfDay(u16);

/// Minutes in a day.
pub const MINUTES_PER_DAY: u16 = 24 * 60;

impl TimeOfDay {
    /// Midnight, the start of the day.
    pub const MIDNIGHT: TimeOfDay = TimeOfDay(0);

    /// `hours:minutes`, or `None` past 23:59.
    pub fn new(hours: u8, minutes: u8) -> Option<TimeOfDay> {
        (hours < 24 && minutes < 60).then(|| TimeOfDay(u16::from(hours) * 60 + u16::from(minutes)))
    }

    /// So many minutes after midnight, or `None` from 24:00 on.
    pub fn from_minutes(minutes: u16) -> Option<TimeOfDay> {
        (minutes < MINUTES_PER_DAY).then_some(TimeOfDay(minutes))
    }

    /// Minutes after midnight.
    pub fn minutes(self) -> u16 {
        self.0
    }

    /// Reads the wire form `09:30`, exactly (two digits, a colon, two digits).
    pub fn parse(wire: &str) -> Option<TimeOfDay> {
        let bytes = wire.as_bytes();
        if bytes.len() != 5 || bytes[2] != b':' || !bytes[..2].iter().all(u8::is_ascii_digit) {
            return None;
        }
        if !bytes[3..].iter().all(u8::is_ascii_digit) {
            return None;
        }
        TimeOfDay::new(wire[..2].parse().ok()?, wire[3..].parse().ok()?)
    }

    /// The wire form: `09:30`.
    pub fn to_wire(self) -> String {
        format!("{:02}:{:02}", self.0 / 60, self.0 % 60)
    }

    /// The form shoppers read, the one time style of the site, its mails and its opening
    /// hours: `09:30`, `18:00` (24-hour, as UK timetables write it).
    pub fn display(self) -> String {
        self.to_wire()
    }

    /// `09:00–13:00`: the window from this time to `end`, as slots and opening hours are written.
    pub fn until(self, end: TimeOfDay) -> String {
        format!("{}–{}", self.display(), end.display())
    }
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

impl Serialize for TimeOfDay {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_wire())
    }
}

impl<'de> Deserialize<'de> for TimeOfDay {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = String::deserialize(deserializer)?;
        TimeOfDay::parse(&wire)
            .ok_or_else(|| serde::de::Error::custom(format!("not a time like 09:30: {wire}")))
    }
}

/// A moment, as seconds since 1970-01-01 00:00 UTC (Unix time, as the server's clock and
/// JavaScript's `Date.now() / 1000` give it).
pub type Instant = i64;

const SECONDS_PER_DAY: i64 = 86_400;

/// The last Sunday of a month: when UK clocks change, in March and in October.
pub fn last_sunday(year: i32, month: u8) -> Date {
    let last = Date::new(year, month, days_in_month(year, month)).expect("a real month");
    // Monday is 0, so a Sunday is 6 days after the Monday of its week.
    let back = (last.weekday() as i64 + 1) % 7;
    last.add_days(-back)
}

/// The UK rule: British Summer Time (UTC+1) runs from 01:00 UTC on the last Sunday of March to
/// 01:00 UTC on the last Sunday of October; Greenwich Mean Time (UTC) the rest of the year.
pub fn is_summer_time(at: Instant) -> bool {
    let Some(date) = Date::from_days_since_epoch(at.div_euclid(SECONDS_PER_DAY)) else {
        return false;
    };
    let change =
        |month| last_sunday(date.year(), month).days_since_epoch() * SECONDS_PER_DAY + 3600;
    (change(3)..change(10)).contains(&at)
}

/// What a clock in the studio shows at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LondonTime {
    /// The day in Bristol.
    pub date: Date,
    /// The time on the studio's clock, to the minute (seconds dropped).
    pub time: TimeOfDay,
}

impl LondonTime {
    /// The studio's clock at a moment; `None` outside the years 1 to 9999.
    pub fn at(at: Instant) -> Option<LondonTime> {
        let local = at + if is_summer_time(at) { 3600 } else { 0 };
        let date = Date::from_days_since_epoch(local.div_euclid(SECONDS_PER_DAY))?;
        let minutes = (local.rem_euclid(SECONDS_PER_DAY) / 60) as u16;
        Some(LondonTime {
            date,
            time: TimeOfDay(minutes),
        })
    }

    /// `Tue 15 Dec, 09:12`: when a step of an order happened, as its pages list them.
    pub fn brief(self) -> String {
        format!(
            "{} {} {}, {}",
            self.date.weekday().short_name(),
            self.date.day,
            short_month(self.date.month),
            self.time
        )
    }

    /// `15 December 2026 at 09:12`: when an order was placed, as its confirmation says.
    pub fn full(self) -> String {
        format!("{} at {}", self.date.day_month_year(), self.time)
    }

    /// The moment the studio's clock shows this time. A time the clocks skip in March (01:00 to
    /// 01:59) is taken an hour later, as a clock would show it; a time shown twice in October is
    /// taken the first time, while still in summer time.
    pub fn instant(self) -> Instant {
        let as_if_utc =
            self.date.days_since_epoch() * SECONDS_PER_DAY + i64::from(self.time.minutes()) * 60;
        let in_summer = as_if_utc - 3600;
        if is_summer_time(in_summer) {
            in_summer
        } else {
            as_if_utc
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{date, time};
    use proptest::prelude::*;

    fn utc(date_wire: &str, time_wire: &str) -> Instant {
        date(date_wire).days_since_epoch() * SECONDS_PER_DAY + i64::from(time(time_wire).0) * 60
    }

    fn london(at: Instant) -> String {
        let local = LondonTime::at(at).unwrap();
        format!("{} {}", local.date.to_wire(), local.time.to_wire())
    }

    #[test]
    fn the_epoch_is_day_zero_and_a_thursday() {
        assert_eq!(date("1970-01-01").days_since_epoch(), 0);
        assert_eq!(date("1970-01-01").weekday(), Weekday::Thursday);
        assert_eq!(date("1969-12-31").days_since_epoch(), -1);
        assert_eq!(date("2000-03-01").days_since_epoch(), 11_017);
        assert_eq!(date("2026-02-14").weekday(), Weekday::Saturday);
    }

    #[test]
    fn leap_days_exist_only_in_leap_years() {
        assert!(Date::new(2024, 2, 29).is_some());
        assert!(Date::new(2000, 2, 29).is_some());
        assert!(Date::new(1900, 2, 29).is_none());
        assert!(Date::new(2026, 2, 29).is_none());
        assert_eq!(date("2024-02-28").add_days(1), date("2024-02-29"));
        assert_eq!(date("2026-12-31").add_days(1), date("2027-01-01"));
    }

    #[test]
    fn dates_are_read_only_in_the_exact_wire_form() {
        assert_eq!(date("2026-02-14").to_wire(), "2026-02-14");
        for bad in [
            "",
            "2026-2-14",
            "2026-02-30",
            "2026/02/14",
            "14-02-2026",
            "2026-02-14 ",
            "+026-02-14",
            "0000-01-01",
            "2026-13-01",
        ] {
            assert_eq!(Date::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn shoppers_read_a_date_with_its_weekday_and_month_name() {
        assert_eq!(date("2026-02-14").display(), "Saturday 14 February");
        assert_eq!(date("2026-12-25").to_string(), "Friday 25 December");
    }

    #[test]
    fn a_date_is_written_long_with_its_year_or_without_its_weekday() {
        assert_eq!(date("2026-12-05").long(), "Saturday 5 December 2026");
        assert_eq!(date("2026-11-23").day_month_year(), "23 November 2026");
        assert_eq!(date("1970-01-01").day_month_year(), "1 January 1970");
    }

    #[test]
    fn the_workshop_card_writes_a_due_date_as_the_spec_does() {
        assert_eq!(date("2026-11-20").month_ordinal_day(), "November 20th");
        for (day, written) in [
            ("01", "1st"),
            ("02", "2nd"),
            ("03", "3rd"),
            ("04", "4th"),
            ("11", "11th"),
            ("12", "12th"),
            ("13", "13th"),
            ("21", "21st"),
            ("22", "22nd"),
            ("23", "23rd"),
            ("30", "30th"),
            ("31", "31st"),
        ] {
            let due = date(&format!("2026-12-{day}"));
            assert_eq!(due.month_ordinal_day(), format!("December {written}"));
        }
    }

    #[test]
    fn a_moment_is_written_on_the_studio_clock_briefly_or_in_full() {
        let at = |day, clock| LondonTime::at(utc(day, clock)).unwrap();
        assert_eq!(at("2026-12-15", "09:12").brief(), "Tue 15 Dec, 09:12");
        // In summer time a moment late in the evening (UTC) is already the next day in Bristol.
        assert_eq!(at("2026-06-01", "23:05").brief(), "Tue 2 Jun, 00:05");
        assert_eq!(at("2026-09-15", "08:05").brief(), "Tue 15 Sept, 09:05");
        assert_eq!(
            at("2026-11-20", "14:05").full(),
            "20 November 2026 at 14:05"
        );
        assert_eq!(at("2026-06-23", "23:05").full(), "24 June 2026 at 00:05");
    }

    #[test]
    fn times_are_read_in_the_wire_form_and_shown_as_the_site_writes_them() {
        assert_eq!(time("09:30").minutes(), 570);
        assert_eq!(time("09:30").to_wire(), "09:30");
        assert_eq!(time("09:30").display(), "09:30");
        assert_eq!(time("18:00").display(), "18:00");
        assert_eq!(time("07:30").until(time("13:00")), "07:30–13:00");
        for bad in [
            "", "9:30", "24:00", "12:60", "12.30", "12:3", "ab:cd", " 9:30",
        ] {
            assert_eq!(TimeOfDay::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn dates_and_times_travel_as_json_strings() {
        let json = serde_json::to_string(&(date("2026-02-14"), time("09:00"))).unwrap();
        assert_eq!(json, r#"["2026-02-14","09:00"]"#);
        let back: (Date, TimeOfDay) = serde_json::from_str(&json).unwrap();
        assert_eq!(back, (date("2026-02-14"), time("09:00")));
        assert!(serde_json::from_str::<Date>(r#""2026-02-30""#).is_err());
        assert!(serde_json::from_str::<TimeOfDay>(r#""25:00""#).is_err());
    }

    #[test]
    fn the_clocks_change_on_the_last_sundays_of_march_and_october() {
        assert_eq!(last_sunday(2026, 3), date("2026-03-29"));
        assert_eq!(last_sunday(2026, 10), date("2026-10-25"));
        assert_eq!(last_sunday(2027, 3), date("2027-03-28"));
        // A month whose last day is a Sunday.
        assert_eq!(last_sunday(2024, 3), date("2024-03-31"));
    }

    #[test]
    fn summer_time_starts_at_one_in_the_morning_utc_in_march() {
        assert!(!is_summer_time(utc("2026-03-29", "00:59")));
        assert!(is_summer_time(utc("2026-03-29", "01:00")));
        assert_eq!(london(utc("2026-03-29", "00:59")), "2026-03-29 00:59");
        assert_eq!(london(utc("2026-03-29", "01:00")), "2026-03-29 02:00");
    }

    #[test]
    fn summer_time_ends_at_one_in_the_morning_utc_in_october() {
        assert!(is_summer_time(utc("2026-10-25", "00:59")));
        assert!(!is_summer_time(utc("2026-10-25", "01:00")));
        assert_eq!(london(utc("2026-10-25", "00:59")), "2026-10-25 01:59");
        assert_eq!(london(utc("2026-10-25", "01:00")), "2026-10-25 01:00");
    }

    #[test]
    fn late_on_a_summer_evening_london_is_already_on_the_next_day() {
        assert_eq!(london(utc("2026-06-30", "23:30")), "2026-07-01 00:30");
        assert_eq!(london(utc("2026-12-31", "23:30")), "2026-12-31 23:30");
    }

    #[test]
    fn noon_on_the_mondays_after_each_change_is_found_in_utc() {
        // After the March change noon in Bristol is 11:00 UTC; after October's it is 12:00.
        let noon = |day| {
            LondonTime {
                date: date(day),
                time: time("12:00"),
            }
            .instant()
        };
        assert_eq!(noon("2026-03-30"), utc("2026-03-30", "11:00"));
        assert_eq!(noon("2026-10-26"), utc("2026-10-26", "12:00"));
        // And 23:30 on the Saturdays before them.
        let saturday = |day| {
            LondonTime {
                date: date(day),
                time: time("23:30"),
            }
            .instant()
        };
        assert_eq!(saturday("2026-03-28"), utc("2026-03-28", "23:30"));
        assert_eq!(saturday("2026-10-24"), utc("2026-10-24", "22:30"));
    }

    #[test]
    fn a_skipped_time_is_taken_an_hour_later_and_a_repeated_time_the_first_time() {
        let at = |day, clock| {
            LondonTime {
                date: date(day),
                time: time(clock),
            }
            .instant()
        };
        assert_eq!(london(at("2026-03-29", "01:30")), "2026-03-29 02:30");
        assert_eq!(at("2026-10-25", "01:30"), utc("2026-10-25", "00:30"));
    }

    proptest! {
        #[test]
        fn every_date_survives_the_round_trip_through_days(days in -719_162i64..2_932_897) {
            let date = Date::from_days_since_epoch(days).unwrap();
            prop_assert_eq!(date.days_since_epoch(), days);
            prop_assert_eq!(Date::parse(&date.to_wire()), Some(date));
            prop_assert_eq!(date.add_days(1).weekday() as usize, (date.weekday() as usize + 1) % 7);
            let next = date.add_days(1);
            prop_assert!(next > date);
        }

        #[test]
        fn every_real_date_is_counted_the_same_both_ways(year in 1i32..=9999, month in 1u8..=12, day in 1u8..=31) {
            if let Some(date) = Date::new(year, month, day) {
                prop_assert_eq!(Date::from_days_since_epoch(date.days_since_epoch()), Some(date));
            }
        }

        #[test]
        fn every_moment_is_found_again_from_the_studio_clock(at in 0i64..4_102_444_800) {
            let local = LondonTime::at(at).unwrap();
            let back = local.instant();
            // Seconds are dropped, and in October's repeated hour the first one is meant.
            let minute = at - at.rem_euclid(60);
            let repeated_hour = !is_summer_time(minute) && is_summer_time(minute - 3600);
            if repeated_hour {
                prop_assert_eq!(back, minute - 3600);
            } else {
                prop_assert_eq!(back, minute);
            }
        }

        #[test]
        fn every_clock_time_outside_the_march_gap_is_shown_again(days in 0i64..47_482, minutes in 0u16..MINUTES_PER_DAY) {
            let local = LondonTime {
                date: Date::from_days_since_epoch(days).unwrap(),
                time: TimeOfDay(minutes),
            };
            let in_gap = local.date == last_sunday(local.date.year(), 3) && (60..120).contains(&minutes);
            if !in_gap {
                prop_assert_eq!(LondonTime::at(local.instant()), Some(local));
            }
        }
    }
}
