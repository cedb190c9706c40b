//! Which days, slots and collection times a shopper can choose, at a given moment, for a cart
//! that needs so many days' notice. The browser lists them and the server re-checks the
//! choice with the same functions, so a day shown as bookable is one the server takes.

use serde::{Deserialize, Serialize};

use crate::Money;
use crate::calendar::{Date, Instant, LondonTime, TimeOfDay};
use crate::delivery::{COLLECTION_INTERVAL_MINUTES, DeliverySettings};

/// How an order reaches its recipient.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Delivered by the studio within its zones.
    Delivery,
    /// Collected from the studio.
    Collection,
}

impl Method {
    /// Both, in the order the checkout offers them.
    pub const ALL: [Method; 2] = [Method::Delivery, Method::Collection];

    /// Reads the wire form: `delivery` or `collection`.
    pub fn parse(value: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.as_str() == value.trim())
    }

    /// The wire form.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Delivery => "delivery",
            Method::Collection => "collection",
        }
    }
}

/// Places already taken, as the server counts them: paid orders and carts held while paying,
/// but not the asking cart's own hold (it is taking the place, not competing for it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    /// Deliveries booked in a slot on a day.
    #[serde(default)]
    pub slots: Vec<TakenSlot>,
    /// Collections booked on a day.
    #[serde(default)]
    pub collections: Vec<TakenDay>,
}

/// How many deliveries a slot has on a day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakenSlot {
    /// The day.
    pub date: Date,
    /// The slot's name.
    pub slot: String,
    /// How many.
    pub count: u32,
}

/// How many collections a day has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakenDay {
    /// The day.
    pub date: Date,
    /// How many.
    pub count: u32,
}

impl Taken {
    /// Nothing taken anywhere.
    pub fn none() -> Taken {
        Taken::default()
    }

    /// Deliveries already in a slot on a day.
    pub fn slot(&self, date: Date, slot: &str) -> u32 {
        self.slots
            .iter()
            .filter(|t| t.date == date && t.slot == slot)
            .fold(0, |sum, t| sum.saturating_add(t.count))
    }

    /// Collections already on a day.
    pub fn collections(&self, date: Date) -> u32 {
        self.collections
            .iter()
            .filter(|t| t.date == date)
            .fold(0, |sum, t| sum.saturating_add(t.count))
    }
}

/// Why a day, a slot or a collection time cannot be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotBookable {
    /// Before today.
    Passed,
    /// Further ahead than the studio takes orders.
    TooFarAhead {
        /// How many days ahead the studio takes orders.
        days: u16,
    },
    /// The studio is closed (why, as a label: `Closed on Sundays`).
    Closed(String),
    /// The cart needs more notice than that.
    Notice {
        /// The cart's lead days.
        days: u32,
    },
    /// Today, but the same-day cut-off has passed.
    CutOff {
        /// Delivery or collection.
        method: Method,
        /// The cut-off on the studio's clock.
        by: TimeOfDay,
    },
    /// Today, and the slot (or every slot of the day) is booked by the day before.
    NotSameDay,
    /// No delivery slot fits within that day's opening hours.
    NoSlots,
    /// Every place is taken.
    FullyBooked,
}

impl NotBookable {
    /// The words beside the day or slot: `Needs 2 days' notice`, `Fully booked`.
    pub fn label(&self) -> String {
        match self {
            NotBookable::Passed => "That day has passed".to_owned(),
            NotBookable::TooFarAhead { days } => format!("We take orders up to {days} days ahead"),
            NotBookable::Closed(why) => why.clone(),
            NotBookable::Notice { days: 1 } => "Needs 1 day's notice".to_owned(),
            NotBookable::Notice { days } => format!("Needs {days} days' notice"),
            NotBookable::CutOff { method, by } => {
                format!("Order by {} for same-day {}", by.display(), method.as_str())
            }
            NotBookable::NotSameDay => "No same-day delivery".to_owned(),
            NotBookable::NoSlots => "No deliveries that day".to_owned(),
            NotBookable::FullyBooked => "Fully booked".to_owned(),
        }
    }
}

/// A day as the checkout lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayOption {
    /// The day.
    pub date: Date,
    /// Why it cannot be chosen; `None` when it can.
    pub unavailable: Option<NotBookable>,
}

/// A delivery slot as the checkout offers it on a day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotOption {
    /// The slot's name.
    pub name: String,
    /// When its window opens.
    pub start: TimeOfDay,
    /// When it closes.
    pub end: TimeOfDay,
    /// What it adds to the delivery fee.
    pub surcharge: Money,
    /// Why it cannot be chosen; `None` when it can.
    pub unavailable: Option<NotBookable>,
}

impl SlotOption {
    /// `Morning, 09:00–13:00`, with `(+£3.00)` when it costs extra.
    pub fn label(&self) -> String {
        let window = format!("{}, {}", self.name, self.start.until(self.end));
        if self.surcharge > Money::ZERO {
            format!("{window} (+{})", self.surcharge.display())
        } else {
            window
        }
    }
}

/// The studio's date now.
pub fn today(now: Instant) -> Date {
    LondonTime::at(now)
        .expect("the clock within the years 1 to 9999")
        .date
}

impl DeliverySettings {
    /// The time by which an order for the same day must be placed on a date: the delivery
    /// cut-off, or some minutes before the studio closes for collection. `None` when closed.
    pub fn same_day_cut_off(&self, method: Method, date: Date) -> Option<TimeOfDay> {
        let hours = self.hours_on(date)?;
        match method {
            Method::Delivery => Some(self.same_day_delivery_cut_off),
            Method::Collection => TimeOfDay::from_minutes(
                hours
                    .close
                    .minutes()
                    .saturating_sub(self.same_day_collection_minutes_before_close),
            ),
        }
    }

    fn before_cut_off(&self, method: Method, date: Date, now: Instant) -> Result<(), NotBookable> {
        if date != today(now) {
            return Ok(());
        }
        let by = self
            .same_day_cut_off(method, date)
            .unwrap_or(TimeOfDay::MIDNIGHT);
        if now < (LondonTime { date, time: by }).instant() {
            Ok(())
        } else {
            Err(NotBookable::CutOff { method, by })
        }
    }

    /// Whether a date can be chosen at all, whatever the method: not past, not too far
    /// ahead, open, and with the cart's notice.
    fn open_for_orders(&self, date: Date, now: Instant, lead_days: u32) -> Result<(), NotBookable> {
        let ahead = today(now).days_until(date);
        if ahead < 0 {
            return Err(NotBookable::Passed);
        }
        if ahead > i64::from(self.booking_horizon_days) {
            return Err(NotBookable::TooFarAhead {
                days: self.booking_horizon_days,
            });
        }
        if let Some(why) = self.closed(date) {
            return Err(NotBookable::Closed(why));
        }
        if ahead < i64::from(lead_days) {
            return Err(NotBookable::Notice { days: lead_days });
        }
        Ok(())
    }

    /// The delivery slots offered on a date (those whole within its opening hours), each
    /// bookable or not by the same-day rules and its capacity. Empty on a closed day. The
    /// day's own rules (notice, how far ahead) are [`DeliverySettings::day`]'s.
    pub fn slots_on(&self, date: Date, now: Instant, taken: &Taken) -> Vec<SlotOption> {
        let Some(hours) = self.hours_on(date) else {
            return Vec::new();
        };
        let same_day = date == today(now);
        self.slots
            .iter()
            .filter(|slot| hours.contains(slot.start, slot.end))
            .map(|slot| {
                let unavailable = if same_day && !slot.same_day {
                    Some(NotBookable::NotSameDay)
                } else if let Err(why) = self.before_cut_off(Method::Delivery, date, now) {
                    Some(why)
                } else if slot
                    .capacity
                    .is_some_and(|most| taken.slot(date, &slot.name) >= most)
                {
                    Some(NotBookable::FullyBooked)
                } else {
                    None
                };
                SlotOption {
                    name: slot.name.clone(),
                    start: slot.start,
                    end: slot.end,
                    surcharge: slot.surcharge,
                    unavailable,
                }
            })
            .collect()
    }

    /// The times a collection can be made on a date: every half hour from opening until half
    /// an hour before closing; on the day itself only before the same-day cut-off, and only
    /// times at least the collection notice after now. Empty on a closed day. Capacity is the
    /// day's ([`DeliverySettings::day`]).
    pub fn collection_times(&self, date: Date, now: Instant) -> Vec<TimeOfDay> {
        let Some(hours) = self.hours_on(date) else {
            return Vec::new();
        };
        if self.before_cut_off(Method::Collection, date, now).is_err() {
            return Vec::new();
        }
        let ready = now + i64::from(self.collection_notice_minutes) * 60;
        let last = hours
            .close
            .minutes()
            .saturating_sub(COLLECTION_INTERVAL_MINUTES);
        (hours.open.minutes()..=last)
            .step_by(usize::from(COLLECTION_INTERVAL_MINUTES))
            .filter_map(TimeOfDay::from_minutes)
            .filter(|time| LondonTime { date, time: *time }.instant() >= ready)
            .collect()
    }

    /// Whether a date can be chosen for a method, now, by a cart needing `lead_days` notice;
    /// `Ok` when at least one slot (or collection time) of it can be. Notice counts whole days
    /// from today on the studio's clock, whatever the hour: a piece needing 2 days ordered at
    /// 23:30 on a Saturday can go on the Monday. The same-day cut-offs apply to today only.
    pub fn day(
        &self,
        method: Method,
        date: Date,
        now: Instant,
        lead_days: u32,
        taken: &Taken,
    ) -> Result<(), NotBookable> {
        self.open_for_orders(date, now, lead_days)?;
        match method {
            Method::Delivery => {
                let slots = self.slots_on(date, now, taken);
                if slots.is_empty() {
                    return Err(NotBookable::NoSlots);
                }
                if slots.iter().any(|s| s.unavailable.is_none()) {
                    return Ok(());
                }
                // The reason most worth telling: a full slot, then a missed cut-off.
                let reasons: Vec<NotBookable> =
                    slots.into_iter().filter_map(|s| s.unavailable).collect();
                let full = reasons.iter().find(|why| **why == NotBookable::FullyBooked);
                let cut_off = reasons
                    .iter()
                    .find(|why| matches!(why, NotBookable::CutOff { .. }));
                Err(full.or(cut_off).cloned().unwrap_or(NotBookable::NotSameDay))
            }
            Method::Collection => {
                self.before_cut_off(Method::Collection, date, now)?;
                if self
                    .collection_capacity
                    .is_some_and(|most| taken.collections(date) >= most)
                {
                    return Err(NotBookable::FullyBooked);
                }
                if self.collection_times(date, now).is_empty() {
                    let by = self
                        .same_day_cut_off(Method::Collection, date)
                        .unwrap_or(TimeOfDay::MIDNIGHT);
                    return Err(NotBookable::CutOff {
                        method: Method::Collection,
                        by,
                    });
                }
                Ok(())
            }
        }
    }

    /// Every day from today to the booking horizon, each bookable or not and why.
    pub fn days(
        &self,
        method: Method,
        now: Instant,
        lead_days: u32,
        taken: &Taken,
    ) -> Vec<DayOption> {
        let today = today(now);
        (0..=i64::from(self.booking_horizon_days))
            .map(|ahead| {
                let date = today.add_days(ahead);
                DayOption {
                    date,
                    unavailable: self.day(method, date, now, lead_days, taken).err(),
                }
            })
            .collect()
    }

    /// The first day that can be chosen, for the cart page's "earliest delivery" line.
    pub fn earliest_day(
        &self,
        method: Method,
        now: Instant,
        lead_days: u32,
        taken: &Taken,
    ) -> Option<Date> {
        self.days(method, now, lead_days, taken)
            .into_iter()
            .find(|day| day.unavailable.is_none())
            .map(|day| day.date)
    }

    /// The cart page's line while today can still be chosen for a method: `Order by 12:00 for
    /// delivery today`, `Order by 16:00 for collection today`; `None` once it cannot (closed,
    /// the cart needs notice, the cut-off has passed, or today is full).
    pub fn order_by_today(
        &self,
        method: Method,
        now: Instant,
        lead_days: u32,
        taken: &Taken,
    ) -> Option<String> {
        let today = today(now);
        self.day(method, today, now, lead_days, taken).ok()?;
        let by = self.same_day_cut_off(method, today)?;
        Some(format!(
            "Order by {} for {} today",
            by.display(),
            method.as_str()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{at, date, time};
    use proptest::prelude::*;

    fn demo() -> DeliverySettings {
        DeliverySettings::demo()
    }

    fn label(result: Result<(), NotBookable>) -> String {
        result.err().map(|why| why.label()).unwrap_or_default()
    }

    #[test]
    fn half_past_eleven_on_the_saturday_before_the_clocks_go_forward_is_for_monday() {
        let now = at("2026-03-28", "23:30");
        for method in Method::ALL {
            let days = demo().days(method, now, 0, &Taken::none());
            assert_eq!(days[0].date, date("2026-03-28"));
            assert!(days[0].unavailable.is_some(), "{method:?}");
            assert_eq!(
                days[1].unavailable.as_ref().map(NotBookable::label),
                Some("Closed on Sundays".into())
            );
            assert_eq!(days[2].date, date("2026-03-30"));
            assert_eq!(days[2].unavailable, None, "{method:?}");
            assert_eq!(
                demo().earliest_day(method, now, 0, &Taken::none()),
                Some(date("2026-03-30"))
            );
        }
        assert_eq!(
            demo().days(Method::Delivery, now, 0, &Taken::none())[0]
                .unavailable
                .as_ref()
                .map(NotBookable::label),
            Some("No same-day delivery".into()),
            "Saturday's hours fit only the Morning, which is booked by the day before"
        );
    }

    #[test]
    fn half_past_eleven_on_the_saturday_before_the_clocks_go_back_is_for_monday() {
        // 22:30 UTC: still Saturday in Bristol, whatever UTC's date.
        let now = at("2026-10-24", "23:30");
        assert_eq!(now % 86_400, 22 * 3600 + 30 * 60);
        for method in Method::ALL {
            assert_eq!(
                demo().earliest_day(method, now, 0, &Taken::none()),
                Some(date("2026-10-26")),
                "{method:?}"
            );
        }
    }

    #[test]
    fn two_days_notice_from_saturday_night_is_still_monday_across_either_change() {
        for (saturday, monday) in [("2026-03-28", "2026-03-30"), ("2026-10-24", "2026-10-26")] {
            let now = at(saturday, "23:30");
            let settings = demo();
            assert_eq!(
                settings.day(Method::Delivery, date(monday), now, 2, &Taken::none()),
                Ok(())
            );
            assert_eq!(
                label(settings.day(Method::Delivery, date(monday), now, 3, &Taken::none())),
                "Needs 3 days' notice"
            );
            assert_eq!(
                settings.earliest_day(Method::Delivery, now, 3, &Taken::none()),
                Some(date(monday).add_days(1))
            );
        }
    }

    #[test]
    fn same_day_delivery_closes_at_noon_on_the_studio_clock_on_the_mondays_after_each_change() {
        for monday in ["2026-03-30", "2026-10-26"] {
            let settings = demo();
            let before = at(monday, "11:59");
            let slots = settings.slots_on(date(monday), before, &Taken::none());
            let states: Vec<(&str, Option<String>)> = slots
                .iter()
                .map(|s| {
                    (
                        s.name.as_str(),
                        s.unavailable.as_ref().map(NotBookable::label),
                    )
                })
                .collect();
            assert_eq!(
                states,
                [
                    ("Morning", Some("No same-day delivery".into())),
                    ("Afternoon", None)
                ]
            );
            assert_eq!(
                settings.day(Method::Delivery, date(monday), before, 0, &Taken::none()),
                Ok(())
            );

            let noon = at(monday, "12:00");
            assert_eq!(
                label(settings.day(Method::Delivery, date(monday), noon, 0, &Taken::none())),
                "Order by 12:00 for same-day delivery"
            );
            assert_eq!(
                settings.earliest_day(Method::Delivery, noon, 0, &Taken::none()),
                Some(date(monday).add_days(1))
            );
        }
        // After March's change noon in Bristol is 11:00 UTC, after October's 12:00 UTC.
        assert_eq!(at("2026-03-30", "12:00") % 86_400, 11 * 3600);
        assert_eq!(at("2026-10-26", "12:00") % 86_400, 12 * 3600);
    }

    #[test]
    fn same_day_collection_closes_two_hours_before_closing() {
        let settings = demo();
        let monday = date("2026-03-30");
        assert_eq!(
            settings.day(
                Method::Collection,
                monday,
                at("2026-03-30", "15:59"),
                0,
                &Taken::none()
            ),
            Ok(())
        );
        assert_eq!(
            settings.collection_times(monday, at("2026-03-30", "15:59")),
            [time("17:00"), time("17:30")]
        );
        assert_eq!(
            label(settings.day(
                Method::Collection,
                monday,
                at("2026-03-30", "16:00"),
                0,
                &Taken::none()
            )),
            "Order by 16:00 for same-day collection"
        );
        assert!(
            settings
                .collection_times(monday, at("2026-03-30", "16:00"))
                .is_empty()
        );
        // Saturdays close at 16:00, so same-day collection closes at 14:00.
        assert_eq!(
            label(settings.day(
                Method::Collection,
                date("2026-04-04"),
                at("2026-04-04", "14:00"),
                0,
                &Taken::none()
            )),
            "Order by 14:00 for same-day collection"
        );
    }

    #[test]
    fn collection_is_every_half_hour_from_opening_to_half_an_hour_before_closing() {
        let settings = demo();
        let times = settings.collection_times(date("2026-04-01"), at("2026-03-30", "09:00"));
        assert_eq!(times.first(), Some(&time("07:30")));
        assert_eq!(times.last(), Some(&time("17:30")));
        assert_eq!(times.len(), 21);
        let saturday = settings.collection_times(date("2026-04-04"), at("2026-03-30", "09:00"));
        assert_eq!(
            (saturday[0], *saturday.last().unwrap()),
            (time("08:00"), time("15:30"))
        );
    }

    #[test]
    fn same_day_collection_leaves_an_hour_to_make_the_flowers_up() {
        let settings = demo();
        let times = settings.collection_times(date("2026-03-30"), at("2026-03-30", "09:10"));
        assert_eq!(times.first(), Some(&time("10:30")));
        let times = settings.collection_times(date("2026-03-30"), at("2026-03-30", "06:00"));
        assert_eq!(times.first(), Some(&time("07:30")));
    }

    #[test]
    fn saturdays_offer_only_the_slots_that_fit_their_shorter_hours() {
        let settings = demo();
        let slots = settings.slots_on(
            date("2026-04-04"),
            at("2026-03-30", "09:00"),
            &Taken::none(),
        );
        let names: Vec<&str> = slots.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Morning"]);
        // So no same-day delivery on a Saturday: the Morning is booked by the day before.
        assert_eq!(
            label(settings.day(
                Method::Delivery,
                date("2026-04-04"),
                at("2026-04-04", "08:00"),
                0,
                &Taken::none()
            )),
            "No same-day delivery"
        );
    }

    #[test]
    fn a_day_with_no_slot_inside_its_hours_has_no_deliveries() {
        let mut settings = demo();
        settings.opening_hours.saturday = Some(crate::delivery::Hours {
            open: time("10:00"),
            close: time("12:00"),
        });
        assert_eq!(
            label(settings.day(
                Method::Delivery,
                date("2026-04-04"),
                at("2026-03-30", "09:00"),
                0,
                &Taken::none()
            )),
            "No deliveries that day"
        );
        assert_eq!(
            settings.day(
                Method::Collection,
                date("2026-04-04"),
                at("2026-03-30", "09:00"),
                0,
                &Taken::none()
            ),
            Ok(())
        );
    }

    #[test]
    fn notice_is_counted_in_days_from_today() {
        let settings = demo();
        let now = at("2026-03-30", "09:00");
        assert_eq!(
            label(settings.day(Method::Delivery, date("2026-03-31"), now, 2, &Taken::none())),
            "Needs 2 days' notice"
        );
        assert_eq!(
            label(settings.day(Method::Delivery, date("2026-03-30"), now, 1, &Taken::none())),
            "Needs 1 day's notice"
        );
        assert_eq!(
            settings.day(Method::Delivery, date("2026-04-01"), now, 2, &Taken::none()),
            Ok(())
        );
    }

    #[test]
    fn closed_days_say_why_before_anything_else() {
        let settings = demo();
        let now = at("2026-12-20", "09:00");
        assert_eq!(
            label(settings.day(Method::Delivery, date("2026-12-25"), now, 9, &Taken::none())),
            "Closed for Christmas"
        );
        assert_eq!(
            label(settings.day(
                Method::Collection,
                date("2027-01-01"),
                now,
                0,
                &Taken::none()
            )),
            "Closed for New Year's Day"
        );
    }

    #[test]
    fn the_list_runs_from_today_to_ninety_days_ahead() {
        let settings = demo();
        let now = at("2026-03-30", "09:00");
        let days = settings.days(Method::Collection, now, 0, &Taken::none());
        assert_eq!(days.len(), 91);
        assert_eq!(days[0].date, date("2026-03-30"));
        assert_eq!(days[90].date, date("2026-06-28"));
        assert_eq!(
            label(settings.day(
                Method::Collection,
                date("2026-06-29"),
                now,
                0,
                &Taken::none()
            )),
            "We take orders up to 90 days ahead"
        );
        assert_eq!(
            label(settings.day(
                Method::Collection,
                date("2026-03-29"),
                now,
                0,
                &Taken::none()
            )),
            "That day has passed"
        );
    }

    #[test]
    fn a_full_slot_or_day_is_fully_booked() {
        let mut settings = demo();
        settings.slots[0].capacity = Some(2);
        settings.slots[1].capacity = Some(1);
        settings.collection_capacity = Some(3);
        let busy_friday = date("2027-02-12");
        let now = at("2027-02-01", "09:00");
        let mut taken = Taken {
            slots: vec![TakenSlot {
                date: busy_friday,
                slot: "Morning".into(),
                count: 2,
            }],
            collections: vec![TakenDay {
                date: busy_friday,
                count: 3,
            }],
        };
        let slots = settings.slots_on(busy_friday, now, &taken);
        assert_eq!(slots[0].unavailable, Some(NotBookable::FullyBooked));
        assert_eq!(
            slots[0].unavailable.as_ref().unwrap().label(),
            "Fully booked"
        );
        assert_eq!(slots[1].unavailable, None);
        assert_eq!(
            settings.day(Method::Delivery, busy_friday, now, 0, &taken),
            Ok(())
        );
        assert_eq!(
            settings.day(Method::Collection, busy_friday, now, 0, &taken),
            Err(NotBookable::FullyBooked)
        );
        taken.slots.push(TakenSlot {
            date: busy_friday,
            slot: "Afternoon".into(),
            count: 1,
        });
        assert_eq!(
            settings.day(Method::Delivery, busy_friday, now, 0, &taken),
            Err(NotBookable::FullyBooked)
        );
        // Other days are untouched.
        assert_eq!(
            settings.day(Method::Delivery, busy_friday.add_days(-1), now, 0, &taken),
            Ok(())
        );
    }

    #[test]
    fn a_slot_reads_with_its_window_and_any_surcharge() {
        let slots = demo().slots_on(
            date("2026-04-01"),
            at("2026-03-30", "09:00"),
            &Taken::none(),
        );
        let labels: Vec<String> = slots.iter().map(SlotOption::label).collect();
        assert_eq!(
            labels,
            ["Morning, 09:00–13:00 (+£3.00)", "Afternoon, 13:00–18:00"]
        );
    }

    #[test]
    fn the_cart_says_by_when_to_order_for_today_while_today_can_be_had() {
        let settings = demo();
        let monday = "2026-12-14";
        let line = |method, clock, lead_days| {
            settings.order_by_today(method, at(monday, clock), lead_days, &Taken::none())
        };
        assert_eq!(
            line(Method::Delivery, "11:30", 0).as_deref(),
            Some("Order by 12:00 for delivery today")
        );
        assert_eq!(
            line(Method::Collection, "11:30", 0).as_deref(),
            Some("Order by 16:00 for collection today")
        );
        assert_eq!(line(Method::Delivery, "12:00", 0), None);
        assert_eq!(
            line(Method::Collection, "12:00", 0).as_deref(),
            Some("Order by 16:00 for collection today")
        );
        assert_eq!(line(Method::Collection, "16:00", 0), None);
        assert_eq!(
            line(Method::Delivery, "09:00", 1),
            None,
            "a cart needing notice"
        );
        let sunday = at("2026-12-13", "09:00");
        for method in Method::ALL {
            assert_eq!(
                settings.order_by_today(method, sunday, 0, &Taken::none()),
                None
            );
        }
        // Saturday's hours fit only the Morning, booked by the day before.
        let saturday = at("2026-12-12", "09:00");
        assert_eq!(
            settings.order_by_today(Method::Delivery, saturday, 0, &Taken::none()),
            None
        );
        assert_eq!(
            settings
                .order_by_today(Method::Collection, saturday, 0, &Taken::none())
                .as_deref(),
            Some("Order by 14:00 for collection today")
        );
    }

    #[test]
    fn methods_travel_in_lower_case() {
        assert_eq!(Method::parse("delivery"), Some(Method::Delivery));
        assert_eq!(Method::parse("collection"), Some(Method::Collection));
        assert_eq!(Method::parse("Delivery"), None);
        assert_eq!(
            serde_json::to_string(&Method::Collection).unwrap(),
            r#""collection""#
        );
    }

    proptest! {
        #[test]
        fn every_bookable_day_has_something_to_choose(
            now in 1_767_225_600i64..1_893_456_000,
            lead_days in 0u32..4,
            morning_taken in 0u32..3,
        ) {
            let mut settings = demo();
            settings.slots[0].capacity = Some(2);
            let today = today(now);
            let taken = Taken {
                slots: vec![TakenSlot { date: today.add_days(2), slot: "Morning".into(), count: morning_taken }],
                collections: vec![],
            };
            for day in settings.days(Method::Delivery, now, lead_days, &taken) {
                let slots = settings.slots_on(day.date, now, &taken);
                let any = slots.iter().any(|s| s.unavailable.is_none());
                if day.unavailable.is_none() {
                    prop_assert!(any, "{:?}", day);
                }
                if day.unavailable == Some(NotBookable::FullyBooked) {
                    prop_assert!(!any, "{:?}", day);
                }
            }
            for day in settings.days(Method::Collection, now, lead_days, &taken) {
                if day.unavailable.is_none() {
                    prop_assert!(!settings.collection_times(day.date, now).is_empty());
                }
            }
        }

        #[test]
        fn the_earliest_day_is_never_sooner_than_the_notice(
            now in 1_767_225_600i64..1_893_456_000,
            lead_days in 0u32..10,
        ) {
            for method in Method::ALL {
                let earliest = demo().earliest_day(method, now, lead_days, &Taken::none()).unwrap();
                prop_assert!(today(now).days_until(earliest) >= i64::from(lead_days));
                prop_assert!(demo().closed(earliest).is_none());
            }
        }
    }
}
