//! Gift vouchers: the code printed on the card, the values the studio sells, how long one lasts,
//! what is left on one and every sentence a holder reads about it. A voucher is a payment, not a
//! discount: what a cart takes from one is worked out by [`crate::offer::reckon`] after any
//! offer code. The server keeps the voucher's movements (issued, held, spent, given back,
//! voided, extended) as a ledger whose sum is the balance; core only judges a balance it is
//! given.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Money;
use crate::calendar::{Date, Instant, LondonTime, days_in_month};
use crate::validation::{FormField, FormProblems, has_control_chars, is_email, too_long};

/// The letters and digits a code is made of: no `0`/`O`, `1`/`I`/`L` or `U`/`V` look-alikes,
/// so a code read aloud on the phone or copied from a card comes out right.
pub const ALPHABET: &[u8; 29] = b"23456789ABCDEFGHJKMNPQRSTWXYZ";

/// Characters in one group of a code.
pub const GROUP: usize = 4;

/// How many groups a new code has: three (29^12, about 2^58, so codes cannot be guessed within
/// the look-up's rate limit); four-group codes are read too, for a future longer code.
pub const GROUPS: usize = 3;

/// A voucher's code as the shop writes it: `K7QM-2XHD-9PRT`, capitals, groups of four joined by
/// dashes. Made from randomness by [`VoucherCode::from_random`], read back by
/// [`VoucherCode::parse`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VoucherCode(String);

impl VoucherCode {
    /// Reads a code forgivingly: any case, spaces and dashes anywhere or missing; three or four
    /// groups of four from [`ALPHABET`]. `None` for anything else.
    pub fn parse(typed: &str) -> Option<VoucherCode> {
        let plain: Vec<u8> = typed
            .bytes()
            .filter(|b| !matches!(b, b' ' | b'-' | b'\t'))
            .map(|b| b.to_ascii_uppercase())
            .collect();
        let fits = (plain.len() == GROUP * 3 || plain.len() == GROUP * 4)
            && plain.iter().all(|b| ALPHABET.contains(b));
        fits.then(|| VoucherCode::grouped(&plain))
    }

    /// A new code of [`GROUPS`] groups from 128 random bits (the server's randomness): each
    /// character is the next digit of the number in base 29, so every code is as likely.
    pub fn from_random(mut random: u128) -> VoucherCode {
        let base = ALPHABET.len() as u128;
        let plain: Vec<u8> = (0..GROUP * GROUPS)
            .map(|_| {
                let digit = (random % base) as usize;
                random /= base;
                ALPHABET[digit]
            })
            .collect();
        VoucherCode::grouped(&plain)
    }

    fn grouped(plain: &[u8]) -> VoucherCode {
        let groups: Vec<&str> = plain
            .chunks(GROUP)
            .map(|group| std::str::from_utf8(group).expect("ASCII"))
            .collect();
        VoucherCode(groups.join("-"))
    }

    /// `K7QM-2XHD-9PRT`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The code with all but its last group hidden, `••••-••••-9PRT`: how lists and mails to
    /// anyone but its holder show it.
    pub fn hint(&self) -> String {
        let last = self.0.rsplit('-').next().unwrap_or_default();
        let hidden = self.0.len() / (GROUP + 1);
        format!("{}{last}", "••••-".repeat(hidden))
    }
}

impl fmt::Display for VoucherCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The least a voucher may be worth, in whole pounds.
pub const MIN_POUNDS: u32 = 10;
/// The most a voucher may be worth, in whole pounds.
pub const MAX_POUNDS: u32 = 200;
/// The values the page offers as buttons.
pub const SUGGESTED_POUNDS: [u32; 3] = [25, 50, 75];

/// Why a value cannot be a voucher's.
pub const VALUE_PROBLEM: &str = "Choose a value from £10 to £200, in whole pounds.";

/// Reads a voucher's value as typed: `25`, `£25`, `25.00`; whole pounds from [`MIN_POUNDS`] to
/// [`MAX_POUNDS`]; otherwise [`VALUE_PROBLEM`].
pub fn parse_value(typed: &str) -> Result<Money, &'static str> {
    let typed = typed.trim();
    let typed = typed.strip_prefix('£').unwrap_or(typed).trim();
    let money = Money::parse(typed).map_err(|_| VALUE_PROBLEM)?;
    value_problem(money).map_or(Ok(money), Err)
}

/// [`VALUE_PROBLEM`] when an amount is not a voucher's value; `None` when it is.
pub fn value_problem(value: Money) -> Option<&'static str> {
    let pence = value.pence();
    let whole = pence % 100 == 0;
    let within = (i64::from(MIN_POUNDS) * 100..=i64::from(MAX_POUNDS) * 100).contains(&pence);
    (!(whole && within)).then_some(VALUE_PROBLEM)
}

/// How long a voucher bought now lasts: a setting of the studio's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct VoucherSettings {
    /// Months from the day it was bought (or sent) to its last day.
    pub validity_months: u32,
}

impl Default for VoucherSettings {
    fn default() -> Self {
        VoucherSettings {
            validity_months: 24,
        }
    }
}

/// The shortest and longest validity the studio may set, in months: UK practice is at least a
/// year; ten years keeps a typo from making vouchers last for ever.
pub const VALIDITY_MONTHS: (u32, u32) = (12, 120);

impl VoucherSettings {
    /// The sentence when the validity is out of bounds; `None` when it can be saved.
    pub fn problem(&self) -> Option<String> {
        let (least, most) = VALIDITY_MONTHS;
        (!(least..=most).contains(&self.validity_months))
            .then(|| format!("Vouchers must last between {least} and {most} months."))
    }

    /// The last day a voucher issued on `issued` can be spent.
    pub fn expires_on(&self, issued: Date) -> Date {
        add_months(issued, self.validity_months)
    }
}

/// The same day `months` later, or the month's last day when it is shorter (31 January plus a
/// month is 28 or 29 February).
pub fn add_months(date: Date, months: u32) -> Date {
    let index = i64::from(date.month()) - 1 + i64::from(months);
    let year = date.year() + (index / 12) as i32;
    let month = (index % 12) as u8 + 1;
    let day = date.day().min(days_in_month(year, month));
    Date::new(year, month, day).unwrap_or(date)
}

/// What the ledger says of a voucher at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VoucherState {
    /// The sum of its movements, holds for carts still paying included: what can be spent now.
    pub available: Money,
    /// Its last day.
    pub expires_on: Date,
    /// Whether the studio voided it.
    pub voided: bool,
}

/// Why a voucher cannot pay for anything today.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoucherRefusal {
    /// Its last day has passed.
    Expired(Date),
    /// The studio voided it.
    Voided,
    /// Nothing is left on it (spent, or held by a cart being paid for).
    Empty,
}

impl fmt::Display for VoucherRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VoucherRefusal::Expired(day) => {
                write!(f, "This voucher ran out on {}.", day.day_month_year())
            }
            VoucherRefusal::Voided => f.write_str(
                "This voucher has been cancelled. Please call the studio if you think it shouldn't have been.",
            ),
            VoucherRefusal::Empty => f.write_str("This voucher has nothing left on it."),
        }
    }
}

impl VoucherState {
    /// What it can pay today, or why it cannot pay at all.
    pub fn usable(&self, today: Date) -> Result<Money, VoucherRefusal> {
        if self.voided {
            Err(VoucherRefusal::Voided)
        } else if today > self.expires_on {
            Err(VoucherRefusal::Expired(self.expires_on))
        } else if self.available <= Money::ZERO {
            Err(VoucherRefusal::Empty)
        } else {
            Ok(self.available)
        }
    }

    /// What the balance look-up says: `This voucher has £3.50 left, to spend by 1 March 2028.`,
    /// or the refusal's sentence.
    pub fn look_up(&self, today: Date) -> String {
        match self.usable(today) {
            Ok(left) => format!(
                "{} Spend it by {}.",
                left_sentence(left),
                self.expires_on.day_month_year()
            ),
            Err(VoucherRefusal::Empty) => left_sentence(Money::ZERO),
            Err(refusal) => refusal.to_string(),
        }
    }
}

/// `This voucher has £3.50 left.`
pub fn left_sentence(left: Money) -> String {
    format!("This voucher has {} left.", left.display())
}

/// A movement of a voucher's ledger. Each is a signed amount; the balance is their sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Movement {
    /// Bought (online or in the studio): its value, positive.
    Issued,
    /// Set aside for a cart being paid for: negative; counts only while the cart's hold lives.
    Held,
    /// Spent on an order: negative (a hold becomes this when the order is placed).
    Spent,
    /// Given back by a refund of an order it paid for: positive.
    Refunded,
    /// The studio voided it: minus what was left.
    Voided,
    /// The studio moved its last day: no money.
    Extended,
}

impl Movement {
    /// Every movement, in the order a history lists their kinds.
    pub const ALL: [Movement; 6] = [
        Movement::Issued,
        Movement::Held,
        Movement::Spent,
        Movement::Refunded,
        Movement::Voided,
        Movement::Extended,
    ];

    /// The word kept in the database and sent by the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Movement::Issued => "issued",
            Movement::Held => "held",
            Movement::Spent => "spent",
            Movement::Refunded => "refunded",
            Movement::Voided => "voided",
            Movement::Extended => "extended",
        }
    }

    /// The word back.
    pub fn parse(word: &str) -> Option<Movement> {
        Movement::ALL.into_iter().find(|m| m.as_str() == word)
    }

    /// How the history reads it: `Spent on order 1042`.
    pub fn describe(self, cart_or_order: Option<i64>) -> String {
        let n = cart_or_order.map(|n| format!(" {n}")).unwrap_or_default();
        match self {
            Movement::Issued => "Issued".to_owned(),
            Movement::Held => "Held while a cart is paid for".to_owned(),
            Movement::Spent => format!("Spent on order{n}"),
            Movement::Refunded => format!("Given back by a refund of order{n}"),
            Movement::Voided => "Voided".to_owned(),
            Movement::Extended => "Extended".to_owned(),
        }
    }
}

/// When a voucher mail goes: on the chosen day at this hour, UK time (or at once for today).
pub const SEND_HOUR: u8 = 8;

/// Whether a voucher to be sent on `send_on` goes at `now`: from [`SEND_HOUR`] on the studio's
/// clock on its day (07:00 UTC in British Summer Time, 08:00 UTC in winter), or at once when
/// its day has passed.
pub fn is_due(send_on: Date, now: Instant) -> bool {
    let Some(here) = LondonTime::at(now) else {
        return false;
    };
    send_on < here.date
        || (send_on == here.date && here.time.minutes() >= u16::from(SEND_HOUR) * 60)
}

/// The longest a buyer may wait to send a voucher, in days ahead.
pub const SEND_AHEAD_DAYS: i64 = 365;

/// The sentence for a send day that cannot be chosen; `None` when it can.
pub fn send_day_problem(send_on: Date, today: Date) -> Option<String> {
    if send_on < today {
        Some("Choose today or a day ahead to send the voucher.".to_owned())
    } else if today.days_until(send_on) > SEND_AHEAD_DAYS {
        Some("Choose a send day within a year.".to_owned())
    } else {
        None
    }
}

/// The most characters of a message to the recipient.
pub const MESSAGE_CHARS: usize = 300;

/// A field of the voucher form (the buyer's page and the studio's sale alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoucherField {
    /// The voucher's value.
    Value,
    /// The buyer's name.
    BuyerName,
    /// The buyer's e-mail address.
    BuyerEmail,
    /// Who it is for.
    RecipientName,
    /// Where it is sent.
    RecipientEmail,
    /// The message on the card.
    Message,
    /// The day it is sent.
    SendOn,
}

impl FormField for VoucherField {
    fn label(self) -> &'static str {
        match self {
            VoucherField::Value => "Value",
            VoucherField::BuyerName => "Your name",
            VoucherField::BuyerEmail => "Your email",
            VoucherField::RecipientName => "Their name",
            VoucherField::RecipientEmail => "Their email",
            VoucherField::Message => "Message",
            VoucherField::SendOn => "Send on",
        }
    }

    fn form_name(self) -> &'static str {
        match self {
            VoucherField::Value => "value",
            VoucherField::BuyerName => "buyerName",
            VoucherField::BuyerEmail => "buyerEmail",
            VoucherField::RecipientName => "recipientName",
            VoucherField::RecipientEmail => "recipientEmail",
            VoucherField::Message => "message",
            VoucherField::SendOn => "sendOn",
        }
    }

    fn wire_name(self) -> &'static str {
        match self {
            VoucherField::Value => "value",
            VoucherField::BuyerName => "buyer_name",
            VoucherField::BuyerEmail => "buyer_email",
            VoucherField::RecipientName => "recipient_name",
            VoucherField::RecipientEmail => "recipient_email",
            VoucherField::Message => "message",
            VoucherField::SendOn => "send_on",
        }
    }
}

impl VoucherField {
    /// The words beside the field in the studio's form, which sells a voucher for a customer:
    /// the shopper's "Your name" would be the florist's.
    pub fn studio_label(self) -> &'static str {
        match self {
            VoucherField::Value => "Value",
            VoucherField::BuyerName => "Buyer’s name",
            VoucherField::BuyerEmail => "Buyer’s e-mail",
            VoucherField::RecipientName => "Recipient’s name",
            VoucherField::RecipientEmail => "Recipient’s e-mail",
            VoucherField::Message => "Message",
            VoucherField::SendOn => "Send it on",
        }
    }
}

/// The most characters of a name.
pub const NAME_CHARS: usize = 100;
/// The most characters of an e-mail address.
pub const EMAIL_CHARS: usize = 254;

/// What was typed into the voucher form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VoucherForm {
    /// `25`, `£25`, `25.00`.
    pub value: String,
    pub buyer_name: String,
    pub buyer_email: String,
    /// "Send it to me to print": no recipient's address is asked.
    pub send_to_me: bool,
    pub recipient_name: String,
    pub recipient_email: String,
    /// May be empty; line breaks kept.
    pub message: String,
    /// `2026-12-25`; empty for today.
    pub send_on: String,
}

/// A voucher order that passed every rule: only [`VoucherForm::parse`] makes one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoucherOrder {
    pub value: Money,
    pub buyer_name: String,
    pub buyer_email: String,
    /// Who it is for and where it goes; none when sent to the buyer to print.
    pub recipient: Option<(String, String)>,
    /// Sent to the buyer to print: the name the card is for, when given.
    pub print_for: Option<String>,
    pub message: String,
    pub send_on: Date,
}

impl VoucherForm {
    /// Checks the form on `today` (Bristol's): every sentence at once, by field.
    pub fn parse(&self, today: Date) -> Result<VoucherOrder, FormProblems<VoucherField>> {
        let mut problems = FormProblems::new();
        let value = if problems.require(VoucherField::Value, &self.value) {
            None
        } else {
            match parse_value(&self.value) {
                Ok(value) => Some(value),
                Err(why) => {
                    problems.invalid(VoucherField::Value, why);
                    None
                }
            }
        };
        let name = |problems: &mut FormProblems<VoucherField>, field, typed: &str| {
            if !problems.require(field, typed)
                && (too_long(typed.trim(), NAME_CHARS) || has_control_chars(typed))
            {
                problems.invalid(
                    field,
                    format!("Please keep this to {NAME_CHARS} characters."),
                );
            }
            typed.trim().to_owned()
        };
        let email = |problems: &mut FormProblems<VoucherField>, field, typed: &str| {
            if !problems.require(field, typed) && !is_email(typed.trim()) {
                problems.invalid(field, "Please enter a valid email address.");
            }
            typed.trim().to_owned()
        };
        let buyer_name = name(&mut problems, VoucherField::BuyerName, &self.buyer_name);
        let buyer_email = email(&mut problems, VoucherField::BuyerEmail, &self.buyer_email);
        let mut print_for = None;
        let recipient = if self.send_to_me {
            // The printed card may still say who it is for.
            let to = self.recipient_name.trim();
            if !to.is_empty() {
                if too_long(to, NAME_CHARS) || has_control_chars(to) {
                    problems.invalid(
                        VoucherField::RecipientName,
                        format!("Please keep this to {NAME_CHARS} characters."),
                    );
                }
                print_for = Some(to.to_owned());
            }
            None
        } else {
            let to = name(
                &mut problems,
                VoucherField::RecipientName,
                &self.recipient_name,
            );
            let at = email(
                &mut problems,
                VoucherField::RecipientEmail,
                &self.recipient_email,
            );
            Some((to, at))
        };
        let message = self.message.trim().replace("\r\n", "\n");
        if message.chars().count() > MESSAGE_CHARS {
            problems.invalid(
                VoucherField::Message,
                format!("Please keep the message to {MESSAGE_CHARS} characters."),
            );
        }
        let send_on = if self.send_on.trim().is_empty() {
            Some(today)
        } else {
            match Date::parse(self.send_on.trim()) {
                Some(day) => match send_day_problem(day, today) {
                    Some(why) => {
                        problems.invalid(VoucherField::SendOn, why);
                        None
                    }
                    None => Some(day),
                },
                None => {
                    problems.invalid(VoucherField::SendOn, "Choose a day to send the voucher.");
                    None
                }
            }
        };
        problems.into_result()?;
        Ok(VoucherOrder {
            value: value.expect("checked"),
            buyer_name,
            buyer_email,
            recipient,
            print_for,
            message,
            send_on: send_on.expect("checked"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::date;

    /// The moment a clock on UTC shows `hh:mm` on `day`.
    fn utc(day: &str, hh: i64, mm: i64) -> Instant {
        date(day).days_since_epoch() * 86_400 + hh * 3600 + mm * 60
    }

    #[test]
    fn a_voucher_goes_at_8_on_the_studios_clock_which_is_7_utc_in_summer_and_8_in_winter() {
        // (send day, the last UTC minute before it goes, the first it goes): midsummer, a
        // winter's day, and the days the clocks change (08:00 is after the change on both).
        for (day, before, from) in [
            ("2027-06-21", (6, 59), (7, 0)),
            ("2026-12-25", (7, 59), (8, 0)),
            ("2027-03-28", (6, 59), (7, 0)),
            ("2027-10-31", (7, 59), (8, 0)),
        ] {
            let send_on = date(day);
            assert!(
                !is_due(send_on, utc(day, 0, 0) - 1),
                "{day}: the day before"
            );
            assert!(!is_due(send_on, utc(day, before.0, before.1)), "{day}");
            assert!(is_due(send_on, utc(day, from.0, from.1)), "{day}");
            assert!(is_due(send_on, utc(day, 23, 59)), "{day}: later that day");
        }
    }

    #[test]
    fn a_voucher_whose_day_has_passed_goes_at_once_at_any_hour() {
        let send_on = date("2027-06-21");
        assert!(is_due(send_on, utc("2027-06-22", 0, 30)));
        assert!(is_due(send_on, utc("2027-07-01", 3, 0)));
    }

    #[test]
    fn a_code_is_read_whatever_its_case_spaces_and_dashes() {
        for typed in [
            "K7QM-2XHD-9PRT",
            "k7qm-2xhd-9prt",
            "K7QM2XHD9PRT",
            " k7qm 2xhd 9prt ",
            "K7-QM2X-HD9P-RT",
        ] {
            let code = VoucherCode::parse(typed).unwrap_or_else(|| panic!("{typed}"));
            assert_eq!(code.as_str(), "K7QM-2XHD-9PRT");
        }
    }

    #[test]
    fn a_four_group_code_is_read_too() {
        let code = VoucherCode::parse("k7qm2xhd9prtabcd").unwrap();
        assert_eq!(code.as_str(), "K7QM-2XHD-9PRT-ABCD");
    }

    #[test]
    fn look_alikes_and_wrong_lengths_are_not_codes() {
        for typed in [
            "",
            "K7QM-2XHD-9PR",
            "K7QM-2XHD-9PRT-A",
            "K0QM-2XHD-9PRT",
            "KOQM-2XHD-9PRT",
            "K1QM-2XHD-9PRT",
            "KIQM-2XHD-9PRT",
            "KLQM-2XHD-9PRT",
            "KUQM-2XHD-9PRT",
            "K7QM_2XHD_9PRT",
            "SPRING10",
        ] {
            assert_eq!(VoucherCode::parse(typed), None, "{typed}");
        }
    }

    #[test]
    fn a_new_code_is_three_groups_from_the_alphabet_and_reads_back() {
        for random in [0, 1, u128::MAX, 0x0123_4567_89ab_cdef_0123_4567_89ab_cdef] {
            let code = VoucherCode::from_random(random);
            assert_eq!(code.as_str().len(), 14);
            assert_eq!(VoucherCode::parse(code.as_str()), Some(code.clone()));
        }
        assert_ne!(VoucherCode::from_random(1), VoucherCode::from_random(2));
    }

    #[test]
    fn a_hint_shows_only_the_last_group() {
        let code = VoucherCode::parse("K7QM-2XHD-9PRT").unwrap();
        assert_eq!(code.hint(), "••••-••••-9PRT");
    }

    #[test]
    fn values_are_whole_pounds_from_ten_to_two_hundred() {
        assert_eq!(parse_value("25"), Ok(Money::from_pence(2500)));
        assert_eq!(parse_value("£10"), Ok(Money::from_pence(1000)));
        assert_eq!(parse_value(" 200.00 "), Ok(Money::from_pence(20000)));
        for bad in ["9", "201", "25.50", "", "ten", "-25"] {
            assert_eq!(parse_value(bad), Err(VALUE_PROBLEM), "{bad}");
        }
    }

    #[test]
    fn a_voucher_lasts_two_years_by_default() {
        let settings = VoucherSettings::default();
        assert_eq!(settings.expires_on(date("2026-12-25")), date("2028-12-25"));
        assert_eq!(settings.problem(), None);
        assert!(VoucherSettings { validity_months: 6 }.problem().is_some());
    }

    #[test]
    fn a_month_later_than_a_long_month_is_its_last_day() {
        assert_eq!(add_months(date("2026-01-31"), 1), date("2026-02-28"));
        assert_eq!(add_months(date("2027-01-31"), 13), date("2028-02-29"));
        assert_eq!(add_months(date("2026-11-30"), 3), date("2027-02-28"));
    }

    fn state(pence: i64, expires: &str) -> VoucherState {
        VoucherState {
            available: Money::from_pence(pence),
            expires_on: date(expires),
            voided: false,
        }
    }

    #[test]
    fn a_voucher_pays_what_is_left_until_its_last_day() {
        let voucher = state(350, "2028-03-01");
        assert_eq!(
            voucher.usable(date("2028-03-01")),
            Ok(Money::from_pence(350))
        );
        assert_eq!(
            voucher.look_up(date("2027-01-01")),
            "This voucher has £3.50 left. Spend it by 1 March 2028."
        );
    }

    #[test]
    fn each_refusal_has_its_sentence() {
        let ran_out = state(350, "2028-03-01").usable(date("2028-03-02"));
        assert_eq!(
            ran_out.unwrap_err().to_string(),
            "This voucher ran out on 1 March 2028."
        );
        let empty = state(0, "2028-03-01");
        assert_eq!(empty.usable(date("2027-01-01")), Err(VoucherRefusal::Empty));
        assert_eq!(
            empty.look_up(date("2027-01-01")),
            "This voucher has £0.00 left."
        );
        let voided = VoucherState {
            voided: true,
            ..state(500, "2028-03-01")
        };
        assert_eq!(
            voided.usable(date("2027-01-01")),
            Err(VoucherRefusal::Voided)
        );
    }

    #[test]
    fn movements_are_kept_as_words() {
        for movement in Movement::ALL {
            assert_eq!(Movement::parse(movement.as_str()), Some(movement));
        }
        assert_eq!(Movement::Spent.describe(Some(1042)), "Spent on order 1042");
    }

    fn form() -> VoucherForm {
        VoucherForm {
            value: "25".into(),
            buyer_name: "Jo Bloom".into(),
            buyer_email: "jo@example.com".into(),
            send_to_me: false,
            recipient_name: "Sam".into(),
            recipient_email: "sam@example.com".into(),
            message: "Happy Christmas".into(),
            send_on: "2026-12-25".into(),
        }
    }

    #[test]
    fn a_filled_in_voucher_form_is_an_order() {
        let order = form().parse(date("2026-12-14")).unwrap();
        assert_eq!(order.value, Money::from_pence(2500));
        assert_eq!(
            order.recipient,
            Some(("Sam".into(), "sam@example.com".into()))
        );
        assert_eq!(order.send_on, date("2026-12-25"));
        let to_me = VoucherForm {
            send_to_me: true,
            recipient_name: String::new(),
            recipient_email: String::new(),
            send_on: String::new(),
            ..form()
        };
        let order = to_me.parse(date("2026-12-14")).unwrap();
        assert_eq!(order.recipient, None);
        assert_eq!(order.print_for, None);
        let for_sam = VoucherForm {
            recipient_name: " Sam ".into(),
            ..to_me.clone()
        };
        assert_eq!(
            for_sam.parse(date("2026-12-14")).unwrap().print_for,
            Some("Sam".into())
        );
        assert_eq!(order.send_on, date("2026-12-14"));
    }

    #[test]
    fn every_problem_of_a_voucher_form_is_named_by_field() {
        let bad = VoucherForm {
            value: "5".into(),
            buyer_email: "jo@".into(),
            recipient_name: String::new(),
            send_on: "2026-12-01".into(),
            ..form()
        };
        let problems = bad.parse(date("2026-12-14")).unwrap_err();
        let fields = problems.fields(VoucherField::wire_name);
        assert_eq!(fields["value"], VALUE_PROBLEM);
        assert_eq!(fields["buyer_email"], "Please enter a valid email address.");
        assert_eq!(fields["recipient_name"], "This field is required.");
        assert!(fields.contains_key("send_on"));
    }

    #[test]
    fn the_studio_is_told_what_is_missing_in_its_own_words() {
        let empty = VoucherForm {
            buyer_name: String::new(),
            buyer_email: String::new(),
            ..form()
        };
        let problems = empty.parse(date("2026-12-14")).unwrap_err();
        assert_eq!(
            problems.message(),
            "Please fill in all required fields: Your name, Your email"
        );
        assert_eq!(
            problems.message_naming(VoucherField::studio_label),
            "Please fill in all required fields: Buyer’s name, Buyer’s e-mail"
        );
    }

    #[test]
    fn a_send_day_is_today_or_within_a_year() {
        let today = date("2026-12-14");
        assert_eq!(send_day_problem(date("2026-12-25"), today), None);
        assert_eq!(send_day_problem(today, today), None);
        assert!(send_day_problem(date("2026-12-13"), today).is_some());
        assert!(send_day_problem(date("2028-01-01"), today).is_some());
    }
}
