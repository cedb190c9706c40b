//! Workshops: the spots text the page shows (and decides "Fully Booked" by), what a booking
//! owes now and later and by when, how many seats one booking may take, what a cancellation
//! gives back, and the booking form with its sentences. The server, the page (through wasm)
//! and the mails all ask here, so a shopper is told the same amount and date everywhere.

use crate::Money;
use crate::calendar::Date;
use crate::checkout::CONTROL_CHARACTERS;
use crate::validation::{FormField, FormProblems, has_control_chars, is_email, is_phone, too_long};

/// `0 spots left`, `1 spot left`, `3 spots left`: the spec's wording, made from the number.
pub fn spots_text(spots_left: u32) -> String {
    match spots_left {
        1 => "1 spot left".to_owned(),
        n => format!("{n} spots left"),
    }
}

/// The spec's rule: the Book button is disabled and reads `Fully Booked` exactly when the
/// spots text is `0 spots left`.
pub fn is_fully_booked(spots_text: &str) -> bool {
    spots_text == "0 spots left"
}

/// What is still to pay after the deposit; `None` when the deposit is more than the price.
pub fn balance(price: Money, deposit: Money) -> Option<Money> {
    let rest = price.pence().checked_sub(deposit.pence())?;
    (rest >= 0).then(|| Money::from_pence(rest))
}

/// A workshop's address on the site, made from its title: `Christmas wreath making` →
/// `christmas-wreath-making` (letters and digits kept, anything else a single hyphen).
pub fn slug_for(title: &str) -> String {
    let mut slug = String::new();
    for c in title.trim().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug: String = slug
        .trim_end_matches('-')
        .chars()
        .take(MAX_SLUG_CHARS)
        .collect();
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "workshop".to_owned()
    } else {
        slug.to_owned()
    }
}

/// The longest slug kept.
pub const MAX_SLUG_CHARS: usize = 80;

/// The most seats one booking takes, however many are left: a table of friends, not a
/// coach party (the studio takes those by enquiry).
pub const MOST_SEATS_A_BOOKING: u32 = 6;

/// The most seats a workshop may have.
pub const MOST_SEATS: u32 = 200;

/// How many seats the form offers: 1 to this (none when full).
pub fn max_seats(spots_left: u32) -> u32 {
    spots_left.min(MOST_SEATS_A_BOOKING)
}

/// Days after booking that the balance is due when the booking is made on the balance due
/// date itself (a day's notice would be no notice).
pub const LATE_BALANCE_DAYS: i64 = 3;

/// A workshop's money as the studio set it: what a booking's terms are made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pricing {
    /// A seat's whole price.
    pub price: Money,
    /// Paid to book a seat; zero means paid in full.
    pub deposit: Money,
    /// The last day the deposit alone books a seat; the balance is due by then.
    pub balance_due: Date,
}

/// What one seat booked on a day costs now, and what is left to pay by when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Paid when booking, per seat.
    pub now: Money,
    /// Left to pay per seat (zero when paid in full).
    pub balance: Money,
    /// When the balance is due; `None` when nothing is left to pay.
    pub due: Option<Date>,
}

impl Terms {
    /// Whether booking pays only the deposit.
    pub fn pays_deposit(self) -> bool {
        self.due.is_some()
    }
}

impl Pricing {
    /// Whether the deposit means anything: more than nothing, less than the price.
    fn has_deposit(self) -> bool {
        self.deposit.pence() > 0 && self.deposit.pence() < self.price.pence()
    }

    /// A seat booked `today`: up to and including the balance due date the deposit now and
    /// the balance by that date (or [`LATE_BALANCE_DAYS`] after booking when booked on it);
    /// after it, or with no deposit, the whole price now.
    pub fn terms(self, today: Date) -> Terms {
        if self.has_deposit() && today <= self.balance_due {
            let due = if today == self.balance_due {
                today.add_days(LATE_BALANCE_DAYS)
            } else {
                self.balance_due
            };
            Terms {
                now: self.deposit,
                balance: Money::from_pence(self.price.pence() - self.deposit.pence()),
                due: Some(due),
            }
        } else {
            Terms {
                now: self.price,
                balance: Money::ZERO,
                due: None,
            }
        }
    }
}

/// What a booking of `seats` costs now and later, in all; `None` on overflow.
pub fn for_seats(terms: Terms, seats: u32) -> Option<(Money, Money)> {
    Some((
        terms.now.checked_times(seats)?,
        terms.balance.checked_times(seats)?,
    ))
}

/// The sentence under a booking's total: what was paid and what is due by when.
pub fn owed_sentence(paid: Money, balance: Money, due: Option<Date>) -> String {
    match due {
        Some(due) if balance.pence() > 0 => format!(
            "You paid {}. The balance of {} is due by {}.",
            paid.display(),
            balance.display(),
            due.long()
        ),
        _ => format!("You paid {}: nothing more is due.", paid.display()),
    }
}

/// The sentence under a booking whose balance has been received (by card through its link, or
/// in the studio): paid in full, `paid` at booking and `balance` later, nothing more due.
pub fn paid_in_full_sentence(paid: Money, balance: Money) -> String {
    format!(
        "You have paid {} in full ({} when booking and the balance of {} since): nothing more \
         is due.",
        paid.saturating_add(balance).display(),
        paid.display(),
        balance.display()
    )
}

/// The card's words for the balance's date, the spec's `due by November 20th`.
pub fn due_by(due: Date) -> String {
    format!("due by {}", due.month_ordinal_day())
}

/// How a booking may be cancelled. One rule for now; the word is kept on the workshop so a
/// second one can come without a migration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CancellationRule {
    /// Until the balance due date the deposit moves to another workshop or is refunded (the
    /// studio chooses); after it nothing is refunded, but the seat can be passed to a friend.
    Default,
}

impl CancellationRule {
    /// Every rule, as the back office offers them.
    pub const ALL: [CancellationRule; 1] = [CancellationRule::Default];

    /// The word kept and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            CancellationRule::Default => "default",
        }
    }

    /// Reads the word.
    pub fn parse(word: &str) -> Option<CancellationRule> {
        Self::ALL.into_iter().find(|r| r.as_str() == word.trim())
    }

    /// The rule in the shopper's words, for a workshop whose balance is due on `balance_due`.
    pub fn words(self, balance_due: Date) -> String {
        match self {
            CancellationRule::Default => format!(
                "You can cancel until {}: we will refund what you paid or move it to another \
                 workshop. After that nothing is refunded, but you are welcome to pass your \
                 seat to a friend.",
                balance_due.month_ordinal_day()
            ),
        }
    }

    /// What cancelling a booking on `today` gives back of what was `paid`, when the booking's
    /// balance was due on `due` (its own date: a late booking's is later than the workshop's).
    pub fn gives_back(self, paid: Money, today: Date, due: Date) -> Money {
        match self {
            CancellationRule::Default if today <= due => paid,
            CancellationRule::Default => Money::ZERO,
        }
    }
}

/// Days after the workshop that the bookers' notes (allergies: health data) are kept.
pub const NOTES_KEPT_DAYS: i64 = 30;

/// The day from which a workshop's notes are deleted.
pub fn notes_deleted_from(workshop_date: Date) -> Date {
    workshop_date.add_days(NOTES_KEPT_DAYS + 1)
}

/// The note's label on the booking form.
pub const NOTE_LABEL: &str = "Allergies or access needs (optional)";

/// Why the note is asked, shown under it: an allergy is health data, so the shopper is told
/// what it is for and how long it is kept.
pub const NOTE_WHY: &str = "We ask so we can keep you safe on the day: some foliage, flowers \
                            and the mince pies can cause reactions. Only the studio reads it, \
                            and we delete it 30 days after the workshop.";

/// The longest name, e-mail and note the form takes.
pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_NOTE_CHARS: usize = 500;

/// A field of the booking form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookingField {
    Seats,
    /// The names, one a seat.
    Names,
    Email,
    Phone,
    Note,
}

impl FormField for BookingField {
    fn form_name(self) -> &'static str {
        match self {
            BookingField::Seats => "seats",
            BookingField::Names => "names",
            BookingField::Email => "email",
            BookingField::Phone => "phone",
            BookingField::Note => "note",
        }
    }

    fn label(self) -> &'static str {
        match self {
            BookingField::Seats => "Seats",
            BookingField::Names => "Names",
            BookingField::Email => "Email",
            BookingField::Phone => "Phone",
            BookingField::Note => "Note",
        }
    }

    fn wire_name(self) -> &'static str {
        self.form_name()
    }

    fn when_missing(self) -> &'static str {
        match self {
            BookingField::Seats => "Please choose how many seats.",
            BookingField::Names => "Please give a name for each seat.",
            BookingField::Email => "Please give your email address, for the confirmation.",
            BookingField::Phone => "Please give a phone number, in case the day changes.",
            BookingField::Note => crate::validation::REQUIRED,
        }
    }
}

/// What the booker typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookingForm {
    pub seats: u32,
    /// One a seat, the booker's first.
    pub names: Vec<String>,
    pub email: String,
    pub phone: String,
    /// Optional: allergies or access needs.
    pub note: String,
}

/// A booking's details, trimmed and valid: only [`BookingForm::parse`] makes one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Booker {
    pub seats: u32,
    pub names: Vec<String>,
    pub email: String,
    pub phone: String,
    pub note: String,
}

/// Said when more seats are asked than are left.
pub fn only_left(title: &str, spots_left: u32) -> String {
    match spots_left {
        0 => fully_booked(title),
        n => format!(
            "Sorry, only {} on {title}: please choose {n} {} or fewer.",
            spots_text(n)
                .replace(" left", " are left")
                .replace("spot are", "spot is"),
            if n == 1 { "seat" } else { "seats" }
        ),
    }
}

/// Said of a workshop that is not on the site (unknown, hidden or cancelled).
pub const GONE_FROM_SITE: &str =
    "We could not find that workshop. It may have been cancelled or moved: see all our workshops.";

/// Said when no seat is left.
pub fn fully_booked(title: &str) -> String {
    format!("Sorry, {title} is fully booked. You can join the waiting list.")
}

impl BookingForm {
    /// Checks the form against the seats left and what the workshop asks (`asks_phone`).
    pub fn parse(
        &self,
        spots_left: u32,
        asks_phone: bool,
    ) -> Result<Booker, FormProblems<BookingField>> {
        use BookingField as F;
        let mut problems = FormProblems::new();
        let most = max_seats(spots_left);
        if self.seats == 0 {
            problems.missing.push(F::Seats);
        } else if self.seats > MOST_SEATS_A_BOOKING {
            problems.invalid(
                F::Seats,
                format!("One booking takes at most {MOST_SEATS_A_BOOKING} seats: for a larger group, please get in touch."),
            );
        } else if self.seats > most {
            problems.invalid(
                F::Seats,
                match most {
                    0 => "Sorry, no seats are left.".to_owned(),
                    1 => "Only 1 seat is left: please choose 1.".to_owned(),
                    n => format!("Only {n} seats are left: please choose {n} or fewer."),
                },
            );
        }
        let names: Vec<String> = self.names.iter().map(|n| n.trim().to_owned()).collect();
        let given = names.iter().filter(|n| !n.is_empty()).count();
        if given == 0 {
            problems.missing.push(F::Names);
        } else if given as u32 != self.seats.max(1) || names.len() != given {
            problems.invalid(F::Names, "Please give one name for each seat.");
        } else if names.iter().any(|n| too_long(n, MAX_NAME_CHARS)) {
            problems.invalid(F::Names, "Please keep each name under 100 characters.");
        } else if names.iter().any(|n| has_control_chars(n)) {
            problems.invalid(F::Names, CONTROL_CHARACTERS);
        }
        if !problems.require(F::Email, &self.email) && !is_email(self.email.trim()) {
            problems.invalid(
                F::Email,
                "Please enter an email address like name@example.com.",
            );
        }
        let phone = self.phone.trim();
        if phone.is_empty() {
            if asks_phone {
                problems.missing.push(F::Phone);
            }
        } else if !is_phone(phone) {
            problems.invalid(F::Phone, "Please enter a phone number like 07700 900123.");
        }
        if too_long(&self.note, MAX_NOTE_CHARS) {
            problems.invalid(F::Note, "Please keep the note under 500 characters.");
        } else if self
            .note
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        {
            problems.invalid(
                F::Note,
                "Please retype your note: it holds a hidden character.",
            );
        }
        problems.into_result()?;
        Ok(Booker {
            seats: self.seats,
            names,
            email: self.email.trim().to_owned(),
            phone: phone.to_owned(),
            note: self.note.trim().to_owned(),
        })
    }
}

/// Hours a seat offered from the waiting list is kept for the person offered it, unless the
/// shop's settings say otherwise.
pub const OFFER_HOURS: u32 = 24;

/// A field of the waiting list's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitingField {
    Name,
    Email,
    Seats,
}

impl FormField for WaitingField {
    fn form_name(self) -> &'static str {
        match self {
            WaitingField::Name => "name",
            WaitingField::Email => "email",
            WaitingField::Seats => "seats",
        }
    }

    fn wire_name(self) -> &'static str {
        self.form_name()
    }

    fn when_missing(self) -> &'static str {
        match self {
            WaitingField::Name => "Please tell us your name.",
            WaitingField::Email => "Please give your email address, so we can tell you.",
            WaitingField::Seats => "Please choose how many seats.",
        }
    }
}

/// Someone asking to wait for a seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaitingForm {
    pub name: String,
    pub email: String,
    pub seats: u32,
}

/// Said once someone is on the waiting list.
pub const ON_THE_LIST: &str = "Thank you: you are on the waiting list. If a seat frees up we \
                               will email you, and keep it for you for 24 hours.";

/// Said to someone asking to wait for a workshop that has seats.
pub const NOT_FULL: &str = "There are still spots left on this workshop: you can book now.";

impl WaitingForm {
    /// Checks the form: a name, an e-mail address, 1 to 6 seats.
    pub fn parse(&self) -> Result<WaitingForm, FormProblems<WaitingField>> {
        use WaitingField as F;
        let mut problems = FormProblems::new();
        if !problems.require(F::Name, &self.name)
            && (too_long(&self.name, MAX_NAME_CHARS) || has_control_chars(&self.name))
        {
            problems.invalid(
                F::Name,
                "Please give your name on one line, under 100 characters.",
            );
        }
        if !problems.require(F::Email, &self.email) && !is_email(self.email.trim()) {
            problems.invalid(
                F::Email,
                "Please enter an email address like name@example.com.",
            );
        }
        if self.seats == 0 {
            problems.missing.push(F::Seats);
        } else if self.seats > MOST_SEATS_A_BOOKING {
            problems.invalid(F::Seats, "Please choose 1 to 6 seats.");
        }
        problems.into_result()?;
        Ok(WaitingForm {
            name: self.name.trim().to_owned(),
            email: self.email.trim().to_owned(),
            seats: self.seats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(wire: &str) -> Date {
        Date::parse(wire).unwrap()
    }

    fn wreath() -> Pricing {
        Pricing {
            price: Money::from_pence(4500),
            deposit: Money::from_pence(2000),
            balance_due: day("2027-11-20"),
        }
    }

    #[test]
    fn spots_are_counted_in_plain_english() {
        assert_eq!(spots_text(0), "0 spots left");
        assert_eq!(spots_text(1), "1 spot left");
        assert_eq!(spots_text(3), "3 spots left");
    }

    #[test]
    fn only_no_spots_left_is_fully_booked() {
        assert!(is_fully_booked(&spots_text(0)));
        assert!(!is_fully_booked(&spots_text(1)));
        assert!(!is_fully_booked("10 spots left"));
    }

    #[test]
    fn the_balance_is_the_price_less_the_deposit() {
        let balance = balance(Money::from_pence(4500), Money::from_pence(2000));
        assert_eq!(balance, Some(Money::from_pence(2500)));
        assert_eq!(
            super::balance(Money::from_pence(1000), Money::from_pence(2000)),
            None
        );
    }

    #[test]
    fn the_card_says_due_by_november_20th() {
        assert_eq!(due_by(day("2027-11-20")), "due by November 20th");
    }

    #[test]
    fn up_to_and_including_the_due_date_a_seat_costs_the_deposit() {
        for today in ["2026-11-27", "2026-12-14", "2027-11-19"] {
            let terms = wreath().terms(day(today));
            assert_eq!(terms.now, Money::from_pence(2000), "{today}");
            assert_eq!(terms.balance, Money::from_pence(2500));
            assert_eq!(terms.due, Some(day("2027-11-20")));
            assert!(terms.pays_deposit());
        }
    }

    #[test]
    fn booked_on_the_due_date_the_balance_is_due_three_days_later() {
        let terms = wreath().terms(day("2027-11-20"));
        assert_eq!(terms.now, Money::from_pence(2000));
        assert_eq!(terms.due, Some(day("2027-11-23")));
    }

    #[test]
    fn after_the_due_date_a_seat_costs_the_whole_price() {
        let terms = wreath().terms(day("2027-11-21"));
        assert_eq!(terms.now, Money::from_pence(4500));
        assert_eq!(terms.balance, Money::ZERO);
        assert_eq!(terms.due, None);
        assert!(!terms.pays_deposit());
    }

    #[test]
    fn no_deposit_means_paying_in_full() {
        let pricing = Pricing {
            deposit: Money::ZERO,
            ..wreath()
        };
        assert_eq!(
            pricing.terms(day("2027-01-01")).now,
            Money::from_pence(4500)
        );
        let all = Pricing {
            deposit: Money::from_pence(4500),
            ..wreath()
        };
        assert_eq!(all.terms(day("2027-01-01")).due, None);
    }

    #[test]
    fn seats_multiply_what_is_owed() {
        let (now, later) = for_seats(wreath().terms(day("2027-01-01")), 3).unwrap();
        assert_eq!((now.pence(), later.pence()), (6000, 7500));
    }

    #[test]
    fn the_sentence_says_the_balance_and_its_date() {
        assert_eq!(
            owed_sentence(
                Money::from_pence(2000),
                Money::from_pence(2500),
                Some(day("2027-11-20"))
            ),
            "You paid £20.00. The balance of £25.00 is due by Saturday 20 November 2027."
        );
        assert_eq!(
            owed_sentence(Money::from_pence(4500), Money::ZERO, None),
            "You paid £45.00: nothing more is due."
        );
    }

    #[test]
    fn a_received_balance_reads_as_paid_in_full() {
        assert_eq!(
            paid_in_full_sentence(Money::from_pence(2000), Money::from_pence(2500)),
            "You have paid £45.00 in full (£20.00 when booking and the balance of £25.00 \
             since): nothing more is due."
        );
    }

    #[test]
    fn a_booking_takes_one_to_six_seats_within_those_left() {
        assert_eq!(max_seats(0), 0);
        assert_eq!(max_seats(2), 2);
        assert_eq!(max_seats(6), 6);
        assert_eq!(max_seats(40), 6);
    }

    #[test]
    fn cancelling_by_the_due_date_gives_back_what_was_paid_and_after_it_nothing() {
        let rule = CancellationRule::Default;
        let paid = Money::from_pence(2000);
        let due = day("2027-11-20");
        assert_eq!(rule.gives_back(paid, day("2027-11-20"), due), paid);
        assert_eq!(rule.gives_back(paid, day("2027-11-21"), due), Money::ZERO);
        assert_eq!(CancellationRule::parse("default"), Some(rule));
        assert!(
            rule.words(due)
                .starts_with("You can cancel until November 20th")
        );
    }

    #[test]
    fn a_slug_is_made_from_the_title() {
        assert_eq!(
            slug_for("Christmas wreath making"),
            "christmas-wreath-making"
        );
        assert_eq!(slug_for("  Spring: tulips & more! "), "spring-tulips-more");
        assert_eq!(slug_for("£££"), "workshop");
    }

    #[test]
    fn notes_go_thirty_days_after_the_workshop() {
        assert_eq!(notes_deleted_from(day("2027-12-04")), day("2028-01-04"));
    }

    fn form() -> BookingForm {
        BookingForm {
            seats: 2,
            names: vec!["Ann Example".into(), " Bea Example ".into()],
            email: "ann@example.com".into(),
            phone: "07700 900123".into(),
            note: "Nut allergy".into(),
        }
    }

    #[test]
    fn a_good_form_is_tidied() {
        let booker = form().parse(5, true).unwrap();
        assert_eq!(booker.names, ["Ann Example", "Bea Example"]);
    }

    #[test]
    fn a_name_is_needed_for_each_seat() {
        let mut f = form();
        f.names.pop();
        let problems = f.parse(5, true).unwrap_err();
        assert_eq!(problems.message(), "Please give one name for each seat.");
    }

    #[test]
    fn more_seats_than_left_are_refused_in_words() {
        let problems = form().parse(1, true).unwrap_err();
        assert_eq!(problems.message(), "Only 1 seat is left: please choose 1.");
        let f = BookingForm { seats: 7, ..form() };
        assert!(
            f.parse(20, true)
                .unwrap_err()
                .message()
                .contains("at most 6 seats")
        );
    }

    #[test]
    fn the_phone_is_required_only_when_asked() {
        let f = BookingForm {
            phone: String::new(),
            ..form()
        };
        assert!(f.parse(5, false).is_ok());
        assert_eq!(
            f.parse(5, true).unwrap_err().missing,
            vec![BookingField::Phone]
        );
    }

    #[test]
    fn the_waiting_list_asks_a_name_an_address_and_one_to_six_seats() {
        let form = WaitingForm {
            name: " Cat ".into(),
            email: "cat@example.com".into(),
            seats: 2,
        };
        assert_eq!(form.parse().unwrap().name, "Cat");
        let none = WaitingForm::default().parse().unwrap_err();
        assert_eq!(
            none.missing,
            vec![WaitingField::Name, WaitingField::Email, WaitingField::Seats]
        );
    }

    #[test]
    fn the_refusals_name_the_workshop() {
        assert_eq!(
            fully_booked("Wreaths"),
            "Sorry, Wreaths is fully booked. You can join the waiting list."
        );
        assert_eq!(
            only_left("Wreaths", 2),
            "Sorry, only 2 spots are left on Wreaths: please choose 2 seats or fewer."
        );
        assert_eq!(
            only_left("Wreaths", 1),
            "Sorry, only 1 spot is left on Wreaths: please choose 1 seat or fewer."
        );
    }
}
