//! How long the shop keeps customers' personal data (UK GDPR's storage limitation), as the
//! studio sets it in the back office: five periods with defaults that suit a UK shop, the
//! moments before which each kind goes (from the real time, passed in), the words the privacy
//! notice uses for each, and what an anonymised order keeps of its address (the postcode
//! district: HMRC's money records do not need more, and the studio's sales by area do).

use serde::{Deserialize, Serialize};

use crate::calendar::Date;
use crate::fulfilment::FulfilmentForm;
use crate::postcode::{Postcode, typed_district};

/// The five periods, each in the unit the notice says it in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RetentionSettings {
    /// Days after sending that a mail's text is deleted (it repeats addresses and phones).
    pub mail_days: u32,
    /// Months after the delivery or collection day that the recipient's phone, the
    /// delivery instructions and the card message are blanked.
    pub card_months: u32,
    /// Years after an enquiry (or the studio's last reply to it) that it is deleted.
    pub enquiry_years: u32,
    /// Days after the shop gave up on a mail that it is deleted.
    pub dead_mail_days: u32,
    /// Years after an order was placed that its personal data is anonymised (HMRC asks for
    /// six years of the money: amounts, items, dates and the postcode district stay).
    pub order_years: u32,
}

impl Default for RetentionSettings {
    fn default() -> Self {
        RetentionSettings {
            mail_days: 90,
            card_months: 13,
            enquiry_years: 2,
            dead_mail_days: 90,
            order_years: 6,
        }
    }
}

/// The shortest and longest each period may be, so a slip of the keyboard neither deletes
/// this week's orders nor keeps everything for ever.
pub const MAIL_DAYS: (u32, u32) = (7, 3650);
pub const CARD_MONTHS: (u32, u32) = (1, 120);
pub const ENQUIRY_YEARS: (u32, u32) = (1, 10);
pub const ORDER_YEARS: (u32, u32) = (6, 20);

/// The moments before which each kind of data goes, as Unix seconds (the delivery day as a
/// date), worked out from one real moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cutoffs {
    /// Mail sent before this loses its text (the row and its file go).
    pub mail_sent_before: i64,
    /// Mail given up on before this goes.
    pub mail_given_up_before: i64,
    /// Orders delivered or collected on a day before this lose the recipient's phone, the
    /// instructions and the card message.
    pub handed_over_before: Date,
    /// Enquiries with nothing (no reply either) since this go, with their replies.
    pub enquiries_before: i64,
    /// Orders placed before this are anonymised.
    pub orders_before: i64,
}

impl RetentionSettings {
    /// A sentence for each period out of bounds; empty when they can be saved.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut within = |value: u32, (least, most): (u32, u32), what: &str, unit: &str| {
            if !(least..=most).contains(&value) {
                problems.push(format!(
                    "{what} must be kept between {least} and {most} {unit}."
                ));
            }
        };
        within(self.mail_days, MAIL_DAYS, "Sent mail", "days");
        within(self.card_months, CARD_MONTHS, "Card messages", "months");
        within(self.enquiry_years, ENQUIRY_YEARS, "Enquiries", "years");
        within(
            self.dead_mail_days,
            MAIL_DAYS,
            "Mail that could not be sent",
            "days",
        );
        // Six years is HMRC's: the money part of an order may not go sooner.
        within(self.order_years, ORDER_YEARS, "Orders", "years");
        problems
    }

    /// The moments before which each kind goes, at `now` (Unix seconds, the real time).
    pub fn cutoffs(&self, now: i64) -> Cutoffs {
        let day = 86_400;
        let today = Date::from_days_since_epoch(now.div_euclid(day))
            .expect("the real time is within the years 1 to 9999");
        let second_of_day = now.rem_euclid(day);
        let moment = |date: Date| date.days_since_epoch() * day + second_of_day;
        Cutoffs {
            mail_sent_before: now - i64::from(self.mail_days) * day,
            mail_given_up_before: now - i64::from(self.dead_mail_days) * day,
            handed_over_before: months_before(today, self.card_months),
            enquiries_before: moment(months_before(today, self.enquiry_years * 12)),
            orders_before: moment(months_before(today, self.order_years * 12)),
        }
    }

    /// How long sent mail is kept, in words: `90 days`.
    pub fn mail_words(&self) -> String {
        counted(self.mail_days, "day")
    }

    /// `13 months`.
    pub fn card_words(&self) -> String {
        counted(self.card_months, "month")
    }

    /// `2 years`.
    pub fn enquiry_words(&self) -> String {
        counted(self.enquiry_years, "year")
    }

    /// `90 days`.
    pub fn dead_mail_words(&self) -> String {
        counted(self.dead_mail_days, "day")
    }

    /// `6 years`.
    pub fn order_words(&self) -> String {
        counted(self.order_years, "year")
    }
}

/// `1 day`, `90 days`.
fn counted(n: u32, unit: &str) -> String {
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}

/// The same day so many months earlier, or the month's last day when it is shorter (31 March
/// less one month is 28 or 29 February).
fn months_before(date: Date, months: u32) -> Date {
    let index = date.year() * 12 + i32::from(date.month()) - 1 - months as i32;
    let (year, month) = (index.div_euclid(12), (index.rem_euclid(12) + 1) as u8);
    let day = date.day().min(crate::calendar::days_in_month(year, month));
    Date::new(year, month, day).expect("a day that exists")
}

/// What an anonymised order keeps of a postcode: its district (`BS3` of `BS3 1AA`), read as
/// forgivingly as the checkout reads postcodes; nothing when none can be read from it.
pub fn kept_district(postcode: &str) -> String {
    Postcode::parse(postcode)
        .map(|full| full.district().to_owned())
        .or_else(|| typed_district(postcode))
        .unwrap_or_default()
}

/// Blanks what a delivery needed only until it was handed over: the recipient's phone, the
/// driver's instructions and the card message (who it was from goes with it).
pub fn blank_handover_notes(choice: &mut FulfilmentForm) {
    choice.recipient_phone.clear();
    choice.instructions.clear();
    choice.card_message.clear();
    choice.card_from.clear();
}

/// Keeps of a choice only what is not about a person: the method, the day, the slot or time,
/// and the postcode's district.
pub fn anonymise_choice(choice: &mut FulfilmentForm) {
    *choice = FulfilmentForm {
        method: std::mem::take(&mut choice.method),
        date: std::mem::take(&mut choice.date),
        slot: std::mem::take(&mut choice.slot),
        collection_time: std::mem::take(&mut choice.collection_time),
        postcode: kept_district(&choice.postcode),
        ..FulfilmentForm::default()
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-14T09:30:00Z.
    const NOW: i64 = 1_797_240_600;

    #[test]
    fn the_defaults_suit_a_uk_shop() {
        let settings = RetentionSettings::default();
        assert_eq!(
            [
                settings.mail_words(),
                settings.card_words(),
                settings.enquiry_words(),
                settings.dead_mail_words(),
                settings.order_words(),
            ],
            ["90 days", "13 months", "2 years", "90 days", "6 years"]
        );
        assert!(settings.problems().is_empty());
    }

    #[test]
    fn a_postcode_keeps_only_its_district() {
        assert_eq!(kept_district("BS3 1AA"), "BS3");
        assert_eq!(kept_district("bs149ab"), "BS14");
        assert_eq!(kept_district(" w1a 0ax "), "W1A");
        // A card's billing postcode the checkout could not read whole still gives its district.
        assert_eq!(kept_district("BS3 1"), "BS3");
        assert_eq!(kept_district("BS3"), "BS3");
        // Nothing that could identify a street is kept.
        assert_eq!(kept_district("12 High Street"), "");
        assert_eq!(kept_district(""), "");
    }

    fn a_choice() -> FulfilmentForm {
        FulfilmentForm {
            method: "delivery".into(),
            date: "2026-12-15".into(),
            slot: "Morning".into(),
            recipient_name: "Ann Other".into(),
            recipient_phone: "07700 900123".into(),
            address_line1: "1 Quiet Lane".into(),
            address_line2: "Flat 2".into(),
            city: "Bristol".into(),
            postcode: "BS3 1AA".into(),
            instructions: "Leave with the neighbour".into(),
            card_message: "Happy birthday".into(),
            card_from: "Jo".into(),
            ..FulfilmentForm::default()
        }
    }

    #[test]
    fn after_the_day_the_notes_for_the_driver_and_the_card_go() {
        let mut choice = a_choice();
        blank_handover_notes(&mut choice);
        assert_eq!(
            choice,
            FulfilmentForm {
                recipient_phone: String::new(),
                instructions: String::new(),
                card_message: String::new(),
                card_from: String::new(),
                ..a_choice()
            }
        );
    }

    #[test]
    fn an_anonymised_choice_keeps_the_day_the_slot_and_the_district() {
        let mut choice = a_choice();
        anonymise_choice(&mut choice);
        assert_eq!(
            choice,
            FulfilmentForm {
                method: "delivery".into(),
                date: "2026-12-15".into(),
                slot: "Morning".into(),
                postcode: "BS3".into(),
                ..FulfilmentForm::default()
            }
        );
    }

    #[test]
    fn each_period_counts_back_from_the_real_moment() {
        let cutoffs = RetentionSettings::default().cutoffs(NOW);
        assert_eq!(cutoffs.mail_sent_before, NOW - 90 * 86_400);
        assert_eq!(cutoffs.mail_given_up_before, NOW - 90 * 86_400);
        assert_eq!(cutoffs.handed_over_before, Date::new(2025, 11, 14).unwrap());
        // 2024-12-14T09:30:00Z and 2020-12-14T09:30:00Z.
        assert_eq!(cutoffs.enquiries_before, 1_734_168_600);
        assert_eq!(cutoffs.orders_before, 1_607_938_200);
    }

    #[test]
    fn a_month_back_from_a_long_month_ends_on_the_shorter_ones_last_day() {
        let march = Date::new(2028, 3, 31).unwrap();
        assert_eq!(months_before(march, 1), Date::new(2028, 2, 29).unwrap());
        assert_eq!(months_before(march, 13), Date::new(2027, 2, 28).unwrap());
        assert_eq!(months_before(march, 3), Date::new(2027, 12, 31).unwrap());
    }

    #[test]
    fn periods_out_of_bounds_are_refused_in_words() {
        let settings = RetentionSettings {
            mail_days: 0,
            order_years: 5,
            ..RetentionSettings::default()
        };
        assert_eq!(
            settings.problems(),
            [
                "Sent mail must be kept between 7 and 3650 days.",
                "Orders must be kept between 6 and 20 years.",
            ]
        );
    }

    #[test]
    fn settings_saved_before_a_period_existed_read_with_its_default() {
        let read: RetentionSettings = serde_json::from_str(r#"{"mail_days":30}"#).unwrap();
        assert_eq!(read.mail_days, 30);
        assert_eq!(read.order_years, 6);
    }
}
