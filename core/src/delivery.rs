//! The studio's delivery settings: where it delivers and for how much, its delivery slots,
//! when it is open, and the days it closes. The server keeps them in the database (the back
//! office edits them) and publishes them as JSON; the browser and the server then run the same
//! rules over them ([`crate::schedule`], [`crate::fulfilment`]).

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Money;
use crate::calendar::{Date, MINUTES_PER_DAY, TimeOfDay, Weekday, days_in_month};
use crate::postcode::{parse_district, typed_district};

/// A delivery zone: some postcode districts, all charged the same fee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    /// What the back office calls it, e.g. `Near the studio`.
    pub name: String,
    /// Postcode districts (outward codes) in capitals, e.g. `BS14`.
    pub districts: Vec<String>,
    /// What delivery to the zone costs.
    pub fee: Money,
}

/// A window of the day in which a delivery arrives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// Its name, which is also how a choice names it: `Morning`.
    pub name: String,
    /// When the window opens.
    pub start: TimeOfDay,
    /// When it closes.
    pub end: TimeOfDay,
    /// Added to the delivery fee for this slot (and still paid when delivery is free).
    #[serde(default)]
    pub surcharge: Money,
    /// Whether it can be booked on the day itself, before the same-day cut-off.
    pub same_day: bool,
    /// The most deliveries in this slot on one day; none means no limit.
    #[serde(default)]
    pub capacity: Option<u32>,
}

/// When the studio opens and closes on a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hours {
    /// Opening time.
    pub open: TimeOfDay,
    /// Closing time.
    pub close: TimeOfDay,
}

impl Hours {
    /// `07:30–18:00`, as the site writes opening hours.
    pub fn display(self) -> String {
        self.open.until(self.close)
    }

    /// Whether a window from `start` to `end` lies wholly within these hours.
    pub fn contains(self, start: TimeOfDay, end: TimeOfDay) -> bool {
        self.open <= start && start < end && end <= self.close
    }
}

/// The studio's hours on each day of the week; a day without hours is closed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeekHours {
    /// Monday.
    pub monday: Option<Hours>,
    /// Tuesday.
    pub tuesday: Option<Hours>,
    /// Wednesday.
    pub wednesday: Option<Hours>,
    /// Thursday.
    pub thursday: Option<Hours>,
    /// Friday.
    pub friday: Option<Hours>,
    /// Saturday.
    pub saturday: Option<Hours>,
    /// Sunday.
    pub sunday: Option<Hours>,
}

impl WeekHours {
    /// The hours on a weekday, or `None` when the studio is closed that day of every week.
    pub fn on(&self, weekday: Weekday) -> Option<Hours> {
        match weekday {
            Weekday::Monday => self.monday,
            Weekday::Tuesday => self.tuesday,
            Weekday::Wednesday => self.wednesday,
            Weekday::Thursday => self.thursday,
            Weekday::Friday => self.friday,
            Weekday::Saturday => self.saturday,
            Weekday::Sunday => self.sunday,
        }
    }

    /// The lines `GET /api/site/` shows, Monday first, consecutive days with the same hours
    /// together: `Monday to Friday` `07:30–18:00`, `Saturday` `08:00–16:00`, `Sunday` `Closed`.
    pub fn lines(&self) -> Vec<OpeningHoursLine> {
        let mut lines: Vec<(Weekday, Weekday, Option<Hours>)> = Vec::new();
        for day in Weekday::ALL {
            let hours = self.on(day);
            match lines.last_mut() {
                Some((_, last, same)) if *same == hours => *last = day,
                _ => lines.push((day, day, hours)),
            }
        }
        lines
            .into_iter()
            .map(|(first, last, hours)| OpeningHoursLine {
                days: match last as usize - first as usize {
                    0 => first.name().to_owned(),
                    1 => format!("{} and {}", first.name(), last.name()),
                    _ => format!("{} to {}", first.name(), last.name()),
                },
                hours: hours.map_or_else(|| "Closed".to_owned(), Hours::display),
            })
            .collect()
    }
}

/// One line of the opening hours the site shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningHoursLine {
    /// `Monday to Friday`.
    pub days: String,
    /// `07:30–18:00`, or `Closed`.
    pub hours: String,
}

/// A day of the year, whatever the year: `12-25`. The 29th of February counts only in leap
/// years.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MonthDay {
    month: u8,
    day: u8,
}

impl MonthDay {
    /// The day, or `None` when no year has it.
    pub fn new(month: u8, day: u8) -> Option<MonthDay> {
        (day >= 1 && day <= days_in_month(2000, month)).then_some(MonthDay { month, day })
    }

    /// Whether a date falls on this day of its year.
    pub fn is(self, date: Date) -> bool {
        date.month() == self.month && date.day() == self.day
    }

    /// Reads the wire form `12-25` exactly.
    pub fn parse(wire: &str) -> Option<MonthDay> {
        let (month, day) = wire.split_once('-')?;
        let two_digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
        if !two_digits(month) || !two_digits(day) {
            return None;
        }
        MonthDay::new(month.parse().ok()?, day.parse().ok()?)
    }

    /// The wire form: `12-25`.
    pub fn to_wire(self) -> String {
        format!("{:02}-{:02}", self.month, self.day)
    }
}

impl fmt::Display for MonthDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_wire())
    }
}

impl Serialize for MonthDay {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_wire())
    }
}

impl<'de> Deserialize<'de> for MonthDay {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = String::deserialize(deserializer)?;
        MonthDay::parse(&wire)
            .ok_or_else(|| serde::de::Error::custom(format!("not a day like 12-25: {wire}")))
    }
}

/// A day the studio closes every year, such as Christmas Day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct YearlyClosure {
    /// The day: `12-25`.
    pub day: MonthDay,
    /// Why, finishing "Closed for …": `Christmas`. May be blank.
    #[serde(default)]
    pub reason: String,
}

/// A single day the studio closes, such as a bank holiday or a stocktake.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closure {
    /// The day.
    pub date: Date,
    /// Why, finishing "Closed for …": `the bank holiday`. May be blank.
    #[serde(default)]
    pub reason: String,
}

/// Everything the delivery and collection rules need to know about the studio, as the back
/// office sets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeliverySettings {
    /// Where the studio delivers, and for how much.
    pub zones: Vec<Zone>,
    /// When the items alone cost at least this, delivery (but not a slot's surcharge) is free.
    #[serde(default)]
    pub free_delivery_from: Option<Money>,
    /// The delivery slots, in the order the checkout lists them.
    pub slots: Vec<Slot>,
    /// Same-day delivery must be ordered before this time (the studio's clock).
    pub same_day_delivery_cut_off: TimeOfDay,
    /// Same-day collection must be ordered this many minutes before the studio closes.
    pub same_day_collection_minutes_before_close: u16,
    /// On the day itself, a collection time is at least this many minutes after the order,
    /// so the flowers can be made up.
    pub collection_notice_minutes: u16,
    /// The most collections on one day; none means no limit.
    #[serde(default)]
    pub collection_capacity: Option<u32>,
    /// The studio's own district, offered for collection when delivery cannot be: `BS14`.
    pub studio_district: String,
    /// When the studio is open; collection is within these hours, and a slot is offered on a
    /// day only when its whole window is.
    pub opening_hours: WeekHours,
    /// Days closed every year.
    #[serde(default)]
    pub closed_every_year: Vec<YearlyClosure>,
    /// Single days closed.
    #[serde(default)]
    pub closed_on: Vec<Closure>,
    /// How many days ahead an order can be for: today plus this many days.
    pub booking_horizon_days: u16,
}

/// Collection times are offered every this many minutes from opening.
pub const COLLECTION_INTERVAL_MINUTES: u16 = 30;

/// The districts of the demo's zone near the studio.
const NEAR_DISTRICTS: [&str; 5] = ["BS3", "BS4", "BS13", "BS14", "BS31"];

/// The other districts of Bristol and its edges the demo delivers to (BS33 and BS38 do not
/// exist).
const BRISTOL_DISTRICTS: [&str; 21] = [
    "BS1", "BS2", "BS5", "BS6", "BS7", "BS8", "BS9", "BS10", "BS11", "BS15", "BS16", "BS20",
    "BS30", "BS32", "BS34", "BS35", "BS36", "BS37", "BS39", "BS40", "BS41",
];

impl DeliverySettings {
    /// The demo studio in South Bristol: £5 near the studio and £8 across Bristol, free from
    /// £60; a Morning slot (£3 extra, booked by the day before) and an Afternoon one (same day
    /// when ordered by 12:00); the site's opening hours; closed at Christmas and on New Year's
    /// Day; bookable 90 days ahead.
    pub fn demo() -> DeliverySettings {
        let time = |wire| TimeOfDay::parse(wire).expect("a demo time");
        let hours = |open, close| {
            Some(Hours {
                open: time(open),
                close: time(close),
            })
        };
        let weekday = hours("07:30", "18:00");
        let districts = |list: &[&str]| list.iter().map(|d| (*d).to_owned()).collect::<Vec<_>>();
        let yearly = |month, day, reason: &str| YearlyClosure {
            day: MonthDay::new(month, day).expect("a demo day"),
            reason: reason.into(),
        };
        DeliverySettings {
            zones: vec![
                Zone {
                    name: "Near the studio".into(),
                    districts: districts(&NEAR_DISTRICTS),
                    fee: Money::from_pence(500),
                },
                Zone {
                    name: "Bristol".into(),
                    districts: districts(&BRISTOL_DISTRICTS),
                    fee: Money::from_pence(800),
                },
            ],
            free_delivery_from: Some(Money::from_pence(6000)),
            slots: vec![
                Slot {
                    name: "Morning".into(),
                    start: time("09:00"),
                    end: time("13:00"),
                    surcharge: Money::from_pence(300),
                    same_day: false,
                    capacity: None,
                },
                Slot {
                    name: "Afternoon".into(),
                    start: time("13:00"),
                    end: time("18:00"),
                    surcharge: Money::ZERO,
                    same_day: true,
                    capacity: None,
                },
            ],
            same_day_delivery_cut_off: time("12:00"),
            same_day_collection_minutes_before_close: 120,
            collection_notice_minutes: 60,
            collection_capacity: None,
            studio_district: "BS14".into(),
            opening_hours: WeekHours {
                monday: weekday,
                tuesday: weekday,
                wednesday: weekday,
                thursday: weekday,
                friday: weekday,
                saturday: hours("08:00", "16:00"),
                sunday: None,
            },
            closed_every_year: vec![
                yearly(12, 25, "Christmas"),
                yearly(12, 26, "Christmas"),
                yearly(1, 1, "New Year's Day"),
            ],
            closed_on: Vec::new(),
            booking_horizon_days: 90,
        }
    }

    /// The zone a district is in, if the studio delivers there.
    pub fn zone(&self, district: &str) -> Option<&Zone> {
        self.zones
            .iter()
            .find(|zone| zone.districts.iter().any(|d| d == district))
    }

    /// The slot of that name.
    pub fn slot(&self, name: &str) -> Option<&Slot> {
        self.slots.iter().find(|slot| slot.name == name)
    }

    /// What the checkout says of a postcode as it is typed: the fee as soon as a district is
    /// known (`BS3` is enough), or why it cannot be delivered to.
    pub fn check_postcode(&self, typed: &str) -> PostcodeCheck {
        match typed_district(typed) {
            None => PostcodeCheck::NotYet,
            Some(district) => match self.zone(&district) {
                Some(zone) => PostcodeCheck::Delivers {
                    district,
                    zone: zone.name.clone(),
                    fee: zone.fee,
                },
                None => PostcodeCheck::Outside {
                    message: self.outside_area(&district),
                    district,
                },
            },
        }
    }

    /// The sentence for a district outside every zone, offering collection instead.
    pub fn outside_area(&self, district: &str) -> String {
        format!(
            "We can't deliver to {district} — you could collect from the studio in {} instead.",
            self.studio_district
        )
    }

    /// The delivery fee for the items' total: the zone's fee, or nothing from the free-delivery
    /// threshold up. A slot's surcharge is not part of it.
    pub fn delivery_fee(&self, zone_fee: Money, items: Money) -> Money {
        if self.delivers_free(items) {
            Money::ZERO
        } else {
            zone_fee
        }
    }

    /// Whether items costing this much are delivered free: at or above the threshold.
    pub fn delivers_free(&self, items: Money) -> bool {
        self.free_delivery_from
            .is_some_and(|threshold| items >= threshold)
    }

    /// Why a date is closed all day, as a label beside the day: `Closed for Christmas`,
    /// `Closed on Sundays`; `None` when the studio is open.
    pub fn closed(&self, date: Date) -> Option<String> {
        let reason = self
            .closed_on
            .iter()
            .find(|c| c.date == date)
            .map(|c| &c.reason)
            .or_else(|| {
                self.closed_every_year
                    .iter()
                    .find(|c| c.day.is(date))
                    .map(|c| &c.reason)
            });
        match reason {
            Some(reason) if reason.trim().is_empty() => Some("Closed that day".to_owned()),
            Some(reason) => Some(format!("Closed for {}", reason.trim())),
            None if self.opening_hours.on(date.weekday()).is_none() => {
                Some(format!("Closed on {}s", date.weekday().name()))
            }
            None => None,
        }
    }

    /// Why `date` is closed under these settings when it was open under `before`: a day these
    /// settings newly close, whose booked orders the studio must be warned of.
    pub fn newly_closed(&self, before: &DeliverySettings, date: Date) -> Option<String> {
        match before.closed(date) {
            Some(_) => None,
            None => self.closed(date),
        }
    }

    /// The studio's hours on a date, or `None` when it is closed that day.
    pub fn hours_on(&self, date: Date) -> Option<Hours> {
        match self.closed(date) {
            Some(_) => None,
            None => self.opening_hours.on(date.weekday()),
        }
    }

    /// What is wrong with these settings, one sentence each, for the back office; empty when
    /// they make sense.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen = BTreeSet::new();
        for zone in &self.zones {
            let name = zone.name.trim();
            if name.is_empty() {
                problems.push("Every zone needs a name.".to_owned());
            }
            if zone.districts.is_empty() {
                problems.push(format!("The zone {name} has no districts."));
            }
            if zone.fee < Money::ZERO {
                problems.push(format!("The fee for {name} cannot be less than £0.00."));
            }
            for district in &zone.districts {
                if parse_district(district).as_ref() != Some(district) {
                    problems.push(format!(
                        "{district} in {name} is not a postcode district like BS14."
                    ));
                } else if !seen.insert(district) {
                    problems.push(format!("{district} is in more than one zone."));
                }
            }
        }
        if self.free_delivery_from.is_some_and(|m| m < Money::ZERO) {
            problems.push("Free delivery cannot start below £0.00.".to_owned());
        }
        let mut names = BTreeSet::new();
        for slot in &self.slots {
            let name = slot.name.trim();
            if name.is_empty() {
                problems.push("Every slot needs a name.".to_owned());
            } else if !names.insert(name) {
                problems.push(format!("There are two slots called {name}."));
            }
            if slot.start >= slot.end {
                problems.push(format!("The {name} slot must end after it starts."));
            } else if !Weekday::ALL.iter().any(|day| {
                self.opening_hours
                    .on(*day)
                    .is_some_and(|h| h.contains(slot.start, slot.end))
            }) {
                problems.push(format!(
                    "The {name} slot fits within no day's opening hours, so it is never offered."
                ));
            }
            if slot.same_day && slot.start < self.same_day_delivery_cut_off {
                problems.push(format!(
                    "The {name} slot is booked on the day until {}, after it has started; start it later or book it by the day before.",
                    self.same_day_delivery_cut_off.display()
                ));
            }
            if slot.surcharge < Money::ZERO {
                problems.push(format!(
                    "The surcharge for {name} cannot be less than £0.00."
                ));
            }
        }
        let mut open_days = 0;
        for day in Weekday::ALL {
            if let Some(hours) = self.opening_hours.on(day) {
                open_days += 1;
                if hours.open >= hours.close {
                    problems.push(format!(
                        "On {}s the studio must close after it opens.",
                        day.name()
                    ));
                }
            }
        }
        if open_days == 0 {
            problems.push("The studio must be open on at least one day of the week.".to_owned());
        }
        let before_close = self.same_day_collection_minutes_before_close;
        if self.collection_notice_minutes + COLLECTION_INTERVAL_MINUTES > before_close {
            problems.push(format!(
                "With same-day collection closing {before_close} minutes before closing time, the collection notice can be at most {} minutes, so the last same-day order still has a time to collect.",
                before_close.saturating_sub(COLLECTION_INTERVAL_MINUTES)
            ));
        }
        if self.same_day_collection_minutes_before_close >= MINUTES_PER_DAY {
            problems.push(
                "Same-day collection must close less than a day before closing time.".to_owned(),
            );
        }
        if parse_district(&self.studio_district).as_ref() != Some(&self.studio_district) {
            problems.push(format!(
                "The studio's district {} is not a postcode district like BS14.",
                self.studio_district
            ));
        }
        if self.booking_horizon_days == 0 {
            problems.push("Orders must be possible at least one day ahead.".to_owned());
        }
        problems
    }
}

/// What the checkout says of a postcode being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostcodeCheck {
    /// Not yet a district: nothing to say.
    NotYet,
    /// The studio delivers there, for this fee (before any free delivery).
    Delivers {
        /// The district, in capitals.
        district: String,
        /// The zone's name.
        zone: String,
        /// The zone's fee.
        fee: Money,
    },
    /// Outside every zone: never charged, collection offered.
    Outside {
        /// The district, in capitals.
        district: String,
        /// The sentence to show.
        message: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::date;

    #[test]
    fn the_demo_settings_make_sense() {
        assert_eq!(DeliverySettings::demo().problems(), Vec::<String>::new());
    }

    #[test]
    fn the_demo_opening_hours_read_as_the_site_shows_them_today() {
        let lines = DeliverySettings::demo().opening_hours.lines();
        let lines: Vec<(&str, &str)> = lines
            .iter()
            .map(|l| (l.days.as_str(), l.hours.as_str()))
            .collect();
        assert_eq!(
            lines,
            [
                ("Monday to Friday", "07:30–18:00"),
                ("Saturday", "08:00–16:00"),
                ("Sunday", "Closed"),
            ]
        );
    }

    #[test]
    fn opening_hours_group_only_consecutive_equal_days() {
        let hours = |open, close| {
            Some(Hours {
                open: TimeOfDay::parse(open).unwrap(),
                close: TimeOfDay::parse(close).unwrap(),
            })
        };
        let week = WeekHours {
            monday: None,
            tuesday: hours("09:00", "17:00"),
            wednesday: hours("09:00", "17:00"),
            thursday: hours("09:00", "20:00"),
            friday: hours("09:00", "17:00"),
            saturday: None,
            sunday: None,
        };
        let lines: Vec<String> = week
            .lines()
            .iter()
            .map(|l| format!("{}: {}", l.days, l.hours))
            .collect();
        assert_eq!(
            lines,
            [
                "Monday: Closed",
                "Tuesday and Wednesday: 09:00–17:00",
                "Thursday: 09:00–20:00",
                "Friday: 09:00–17:00",
                "Saturday and Sunday: Closed",
            ]
        );
    }

    #[test]
    fn a_district_finds_its_zone_and_fee() {
        let settings = DeliverySettings::demo();
        assert_eq!(settings.zone("BS14").unwrap().fee, Money::from_pence(500));
        assert_eq!(settings.zone("BS8").unwrap().fee, Money::from_pence(800));
        assert_eq!(settings.zone("BS99"), None);
        assert_eq!(
            settings.zone("bs14"),
            None,
            "districts are given in capitals"
        );
    }

    #[test]
    fn a_postcode_is_priced_as_soon_as_its_district_is_typed() {
        let settings = DeliverySettings::demo();
        assert_eq!(settings.check_postcode("bs"), PostcodeCheck::NotYet);
        assert_eq!(
            settings.check_postcode("bs3"),
            PostcodeCheck::Delivers {
                district: "BS3".into(),
                zone: "Near the studio".into(),
                fee: Money::from_pence(500),
            }
        );
        assert!(matches!(
            settings.check_postcode("bs8 1ab"),
            PostcodeCheck::Delivers { fee, .. } if fee == Money::from_pence(800)
        ));
    }

    #[test]
    fn a_postcode_outside_every_zone_is_offered_collection() {
        let settings = DeliverySettings::demo();
        assert_eq!(
            settings.check_postcode("bs99 1ab"),
            PostcodeCheck::Outside {
                district: "BS99".into(),
                message:
                    "We can't deliver to BS99 — you could collect from the studio in BS14 instead."
                        .into(),
            }
        );
    }

    #[test]
    fn delivery_is_free_from_the_threshold_on_the_items_alone() {
        let settings = DeliverySettings::demo();
        let fee = Money::from_pence(800);
        assert_eq!(settings.delivery_fee(fee, Money::from_pence(5999)), fee);
        assert_eq!(
            settings.delivery_fee(fee, Money::from_pence(6000)),
            Money::ZERO
        );
        assert!(!settings.delivers_free(Money::from_pence(5999)));
        assert!(settings.delivers_free(Money::from_pence(6000)));
        let no_threshold = DeliverySettings {
            free_delivery_from: None,
            ..settings
        };
        assert_eq!(
            no_threshold.delivery_fee(fee, Money::from_pence(1_000_000)),
            fee
        );
    }

    #[test]
    fn sundays_and_christmas_are_closed_with_a_reason() {
        let settings = DeliverySettings::demo();
        assert_eq!(
            settings.closed(date("2026-03-29")),
            Some("Closed on Sundays".into())
        );
        assert_eq!(
            settings.closed(date("2026-12-25")),
            Some("Closed for Christmas".into())
        );
        assert_eq!(
            settings.closed(date("2027-12-25")),
            Some("Closed for Christmas".into())
        );
        assert_eq!(
            settings.closed(date("2027-01-01")),
            Some("Closed for New Year's Day".into())
        );
        assert_eq!(settings.closed(date("2026-12-24")), None);
        assert_eq!(
            settings
                .hours_on(date("2026-12-24"))
                .unwrap()
                .close
                .display(),
            "18:00"
        );
    }

    #[test]
    fn a_single_closed_day_can_be_given_with_or_without_a_reason() {
        let mut settings = DeliverySettings::demo();
        settings.closed_on = vec![
            Closure {
                date: date("2026-05-04"),
                reason: "the bank holiday".into(),
            },
            Closure {
                date: date("2026-05-05"),
                reason: " ".into(),
            },
        ];
        assert_eq!(
            settings.closed(date("2026-05-04")),
            Some("Closed for the bank holiday".into())
        );
        assert_eq!(
            settings.closed(date("2026-05-05")),
            Some("Closed that day".into())
        );
        assert_eq!(settings.hours_on(date("2026-05-05")), None);
    }

    #[test]
    fn a_day_is_newly_closed_only_when_it_was_open_before() {
        let before = DeliverySettings::demo();
        let mut after = before.clone();
        after.closed_on = vec![Closure {
            date: date("2026-12-15"),
            reason: "a wedding".into(),
        }];
        after.opening_hours.monday = None;
        assert_eq!(
            after.newly_closed(&before, date("2026-12-15")),
            Some("Closed for a wedding".into())
        );
        assert_eq!(
            after.newly_closed(&before, date("2026-12-14")),
            Some("Closed on Mondays".into())
        );
        // Christmas and Sundays were closed already; an open day stays open.
        assert_eq!(after.newly_closed(&before, date("2026-12-25")), None);
        assert_eq!(after.newly_closed(&before, date("2026-12-13")), None);
        assert_eq!(after.newly_closed(&before, date("2026-12-16")), None);
    }

    #[test]
    fn the_29th_of_february_closes_only_leap_years() {
        let day = MonthDay::parse("02-29").unwrap();
        assert!(day.is(date("2028-02-29")));
        assert!(!day.is(date("2027-02-28")));
        assert_eq!(MonthDay::parse("02-30"), None);
        assert_eq!(MonthDay::parse("2-3"), None);
    }

    #[test]
    fn settings_travel_as_json_and_back() {
        let settings = DeliverySettings::demo();
        let json = serde_json::to_value(&settings).unwrap();
        assert_eq!(json["zones"][0]["fee"], "5.00");
        assert_eq!(json["slots"][0]["start"], "09:00");
        assert_eq!(json["opening_hours"]["sunday"], serde_json::Value::Null);
        assert_eq!(json["closed_every_year"][0]["day"], "12-25");
        let back: DeliverySettings = serde_json::from_value(json).unwrap();
        assert_eq!(back, settings);
    }

    #[test]
    fn nonsense_settings_are_explained() {
        let mut settings = DeliverySettings::demo();
        settings.zones[0].districts.push("BS8".into());
        settings.zones[1].districts.push("bs99".into());
        settings.zones[1].fee = Money::from_pence(-1);
        settings.slots[1].end = settings.slots[1].start;
        settings.slots[0].name = "Afternoon".into();
        settings.opening_hours.saturday = Some(Hours {
            open: TimeOfDay::parse("16:00").unwrap(),
            close: TimeOfDay::parse("08:00").unwrap(),
        });
        settings.collection_notice_minutes = 120;
        settings.studio_district = "Bristol".into();
        settings.booking_horizon_days = 0;
        let problems = settings.problems();
        for words in [
            "BS8 is in more than one zone.",
            "bs99 in Bristol is not a postcode district like BS14.",
            "The fee for Bristol cannot be less than £0.00.",
            "The Afternoon slot must end after it starts.",
            "There are two slots called Afternoon.",
            "On Saturdays the studio must close after it opens.",
            "the collection notice can be at most 90 minutes",
            "The studio's district Bristol is not",
            "at least one day ahead",
        ] {
            assert!(
                problems.iter().any(|p| p.contains(words)),
                "{words}: {problems:#?}"
            );
        }
    }

    #[test]
    fn a_same_day_slot_starting_before_the_cut_off_is_pointed_out() {
        let mut settings = DeliverySettings::demo();
        settings.slots[0].same_day = true;
        assert_eq!(
            settings.problems(),
            [
                "The Morning slot is booked on the day until 12:00, after it has started; start it later or book it by the day before."
            ]
        );
    }

    #[test]
    fn a_slot_outside_every_days_hours_is_pointed_out() {
        let mut settings = DeliverySettings::demo();
        settings.slots[1].end = TimeOfDay::parse("19:00").unwrap();
        assert_eq!(
            settings.problems(),
            ["The Afternoon slot fits within no day's opening hours, so it is never offered."]
        );
    }
}
