//! The back office's workshop form: every field with its limits and sentences, parsed into a
//! [`WorkshopPlan`] the server keeps. What a booking already owes is kept on the booking, so a
//! change here never alters it.

use crate::Money;
use crate::calendar::{Date, TimeOfDay};
use crate::validation::{FormField, FormProblems, has_control_chars, too_long};
use crate::workshop::{CancellationRule, MOST_SEATS};

/// A field of the workshop form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkshopField {
    Title,
    Description,
    WhatToBring,
    Date,
    StartTime,
    EndTime,
    Place,
    Seats,
    Price,
    Deposit,
    BalanceDue,
    Cancellation,
}

impl FormField for WorkshopField {
    fn form_name(self) -> &'static str {
        match self {
            WorkshopField::Title => "title",
            WorkshopField::Description => "description",
            WorkshopField::WhatToBring => "what_to_bring",
            WorkshopField::Date => "date",
            WorkshopField::StartTime => "start_time",
            WorkshopField::EndTime => "end_time",
            WorkshopField::Place => "place",
            WorkshopField::Seats => "seats",
            WorkshopField::Price => "price",
            WorkshopField::Deposit => "deposit",
            WorkshopField::BalanceDue => "balance_due",
            WorkshopField::Cancellation => "cancellation",
        }
    }

    fn label(self) -> &'static str {
        match self {
            WorkshopField::Title => "Title",
            WorkshopField::Description => "Description",
            WorkshopField::WhatToBring => "What to bring",
            WorkshopField::Date => "Date",
            WorkshopField::StartTime => "Starts",
            WorkshopField::EndTime => "Ends",
            WorkshopField::Place => "Place",
            WorkshopField::Seats => "Seats",
            WorkshopField::Price => "Price",
            WorkshopField::Deposit => "Deposit",
            WorkshopField::BalanceDue => "Balance due",
            WorkshopField::Cancellation => "Cancellation rule",
        }
    }

    fn wire_name(self) -> &'static str {
        self.form_name()
    }
}

/// The longest title, description, what to bring and place.
pub const MAX_TITLE_CHARS: usize = 120;
pub const MAX_DESCRIPTION_CHARS: usize = 2000;
pub const MAX_BRING_CHARS: usize = 1000;
pub const MAX_PLACE_CHARS: usize = 300;
/// The dearest seat, in pence (£1,000).
pub const MAX_PRICE_PENCE: i64 = 100_000;

/// What the studio typed, as the form sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorkshopForm {
    pub title: String,
    pub description: String,
    pub what_to_bring: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `HH:MM`.
    pub start_time: String,
    pub end_time: String,
    /// Empty: the studio itself.
    pub place: String,
    pub seats: u32,
    /// `"45.00"`.
    pub price: String,
    /// `"20.00"`; `"0.00"` (or empty) to pay in full when booking.
    pub deposit: String,
    /// `YYYY-MM-DD`, on or before the workshop's date.
    pub balance_due: String,
    /// Core's rule word: `default`.
    pub cancellation: String,
}

/// A workshop as the studio planned it: every field checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkshopPlan {
    pub title: String,
    pub description: String,
    pub what_to_bring: String,
    pub date: Date,
    pub start: TimeOfDay,
    pub end: TimeOfDay,
    pub place: String,
    pub seats: u32,
    pub price: Money,
    pub deposit: Money,
    pub balance_due: Date,
    pub rule: CancellationRule,
}

impl WorkshopPlan {
    /// `10:00–13:00`.
    pub fn time(&self) -> String {
        self.start.until(self.end)
    }
}

impl WorkshopForm {
    /// Checks the form; `booked` seats are already sold, so the seats cannot go below them.
    pub fn parse(&self, booked: u32) -> Result<WorkshopPlan, FormProblems<WorkshopField>> {
        use WorkshopField as F;
        let mut problems = FormProblems::new();
        for (field, value, max) in [
            (F::Title, &self.title, MAX_TITLE_CHARS),
            (F::Description, &self.description, MAX_DESCRIPTION_CHARS),
        ] {
            if !problems.require(field, value) && too_long(value, max) {
                problems.invalid(field, format!("Please keep it under {max} characters."));
            }
        }
        if has_control_chars(&self.title) {
            problems.invalid(F::Title, crate::checkout::CONTROL_CHARACTERS);
        }
        if too_long(&self.what_to_bring, MAX_BRING_CHARS) {
            problems.invalid(F::WhatToBring, "Please keep it under 1000 characters.");
        }
        if too_long(&self.place, MAX_PLACE_CHARS) || has_control_chars(&self.place) {
            problems.invalid(
                F::Place,
                "Please give the place on one line, under 300 characters.",
            );
        }
        let date = Date::parse(self.date.trim());
        if !problems.require(F::Date, &self.date) && date.is_none() {
            problems.invalid(F::Date, "Please give the date as a day, e.g. 2027-12-04.");
        }
        let start = TimeOfDay::parse(self.start_time.trim());
        let end = TimeOfDay::parse(self.end_time.trim());
        if !problems.require(F::StartTime, &self.start_time) && start.is_none() {
            problems.invalid(F::StartTime, "Please give a time like 10:00.");
        }
        if !problems.require(F::EndTime, &self.end_time) && end.is_none() {
            problems.invalid(F::EndTime, "Please give a time like 13:00.");
        }
        if let (Some(start), Some(end)) = (start, end)
            && end <= start
        {
            problems.invalid(F::EndTime, "Please end the workshop after it starts.");
        }
        if self.seats == 0 || self.seats > MOST_SEATS {
            problems.invalid(F::Seats, format!("Please give 1 to {MOST_SEATS} seats."));
        } else if self.seats < booked {
            problems.invalid(
                F::Seats,
                format!(
                    "{booked} seats are booked already: the workshop needs at least that many."
                ),
            );
        }
        let price = Money::parse(self.price.trim()).ok();
        match price {
            _ if problems.require(F::Price, &self.price) => {}
            Some(p) if p.pence() > 0 && p.pence() <= MAX_PRICE_PENCE => {}
            _ => problems.invalid(F::Price, "Please give a price from £0.01 to £1,000.00."),
        }
        let deposit = if self.deposit.trim().is_empty() {
            Some(Money::ZERO)
        } else {
            Money::parse(self.deposit.trim()).ok()
        };
        match (deposit, price) {
            (Some(d), Some(p)) if d.pence() >= 0 && d.pence() <= p.pence() => {}
            (Some(d), None) if d.pence() >= 0 => {}
            _ => problems.invalid(
                F::Deposit,
                "Please give a deposit of no more than the price (£0.00 to pay in full).",
            ),
        }
        let due = Date::parse(self.balance_due.trim());
        if !problems.require(F::BalanceDue, &self.balance_due) {
            match (due, date) {
                (None, _) => problems.invalid(
                    F::BalanceDue,
                    "Please give the date as a day, e.g. 2027-11-20.",
                ),
                (Some(due), Some(date)) if due > date => problems.invalid(
                    F::BalanceDue,
                    "Please make the balance due on or before the workshop.",
                ),
                _ => {}
            }
        }
        let rule = CancellationRule::parse(&self.cancellation);
        if rule.is_none() {
            problems.invalid(F::Cancellation, "Please choose a cancellation rule.");
        }
        problems.into_result()?;
        let (Some(date), Some(start), Some(end), Some(price), Some(deposit), Some(due), Some(rule)) =
            (date, start, end, price, deposit, due, rule)
        else {
            unreachable!("every field was checked above");
        };
        Ok(WorkshopPlan {
            title: self.title.trim().to_owned(),
            description: self.description.trim().to_owned(),
            what_to_bring: self.what_to_bring.trim().to_owned(),
            date,
            start,
            end,
            place: self.place.trim().to_owned(),
            seats: self.seats,
            price,
            deposit,
            balance_due: due,
            rule,
        })
    }
}

/// Said of an edit made from a workshop someone else has saved since.
pub const STALE_EDIT: &str = "Someone else changed this workshop since you opened it. Reload to \
                              see their changes, then make yours again.";

#[cfg(test)]
mod tests {
    use super::*;

    fn wreath() -> WorkshopForm {
        WorkshopForm {
            title: "Christmas wreath making".into(),
            description: "Moss, pine and oranges.".into(),
            what_to_bring: String::new(),
            date: "2027-12-04".into(),
            start_time: "10:00".into(),
            end_time: "13:00".into(),
            place: String::new(),
            seats: 8,
            price: "45.00".into(),
            deposit: "20.00".into(),
            balance_due: "2027-11-20".into(),
            cancellation: "default".into(),
        }
    }

    #[test]
    fn a_good_workshop_is_kept_with_its_hours() {
        let plan = wreath().parse(0).unwrap();
        assert_eq!(plan.time(), "10:00–13:00");
        assert_eq!(plan.deposit, Money::from_pence(2000));
    }

    #[test]
    fn the_seats_never_go_below_those_booked() {
        let problems = wreath().parse(9).unwrap_err();
        assert_eq!(
            problems.message(),
            "9 seats are booked already: the workshop needs at least that many."
        );
    }

    #[test]
    fn the_balance_is_due_by_the_workshop_and_the_deposit_within_the_price() {
        let form = WorkshopForm {
            balance_due: "2027-12-05".into(),
            deposit: "50.00".into(),
            ..wreath()
        };
        let problems = form.parse(0).unwrap_err();
        let fields: Vec<_> = problems.invalid.iter().map(|(f, _)| *f).collect();
        assert_eq!(fields, [WorkshopField::Deposit, WorkshopField::BalanceDue]);
    }

    #[test]
    fn an_end_before_the_start_is_refused() {
        let form = WorkshopForm {
            end_time: "09:00".into(),
            ..wreath()
        };
        assert_eq!(
            form.parse(0).unwrap_err().message(),
            "Please end the workshop after it starts."
        );
    }
}
