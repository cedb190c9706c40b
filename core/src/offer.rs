//! Offer codes and what a code and a gift voucher take off a cart, in one order everywhere:
//!
//! 1. the items, the delivery fee and the slot's surcharge, as [`crate::fulfilment::Totals`]
//!    has them (the free-delivery threshold judged on the items before any code);
//! 2. the offer code's discount: a percentage or an amount off the items it covers (never more
//!    than they cost), or the delivery fee (never the surcharge, which is paid even when
//!    delivery is free);
//! 3. what is due: items less the discount, plus delivery and surcharge, never below nothing;
//! 4. the gift voucher pays what it can of that ([`crate::voucher`]): a payment, not a
//!    discount; the card pays the rest.
//!
//! One offer code per order, and a voucher is never bought with one (a voucher is bought on
//! its own, not as a cart line). The server stores the codes and counts their uses; every
//! condition and every refusal's sentence is here.

use std::fmt;

use crate::Money;
use crate::calendar::{Date, Weekday};
use crate::fulfilment::Totals;
use crate::schedule::Method;
use crate::voucher::{VoucherCode, VoucherRefusal, VoucherState};

/// What an offer takes off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OfferKind {
    /// This many per cent off the items it covers (1 to 100), rounded down to the penny.
    PercentOff { percent: u8 },
    /// This much off the items it covers, at most what they cost.
    AmountOff { amount: Money },
    /// No delivery fee (the slot's surcharge is still paid).
    FreeDelivery,
}

/// The bounds of an offer: per cent, and the amount off in pounds.
pub const PERCENT: (u8, u8) = (1, 100);
/// The least and most an amount off may be, in pence.
pub const AMOUNT_OFF_PENCE: (i64, i64) = (100, 50_000);
/// The most uses a code may be given.
pub const MAX_USES: u32 = 100_000;
/// An offer code's length bounds once tidied.
pub const CODE_CHARS: (usize, usize) = (3, 20);

/// An offer code as the studio writes it and the shop keeps it: capitals and digits, spaces and
/// dashes dropped: `TUESDAY10`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OfferCode(String);

impl OfferCode {
    /// Reads a code as typed at the checkout or in the back office (any case, spaces and dashes
    /// forgiven); `None` unless it is 3 to 20 letters and digits.
    pub fn parse(typed: &str) -> Option<OfferCode> {
        let plain: String = typed
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '\t'))
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let (least, most) = CODE_CHARS;
        let fits = (least..=most).contains(&plain.len())
            && plain.bytes().all(|b| b.is_ascii_alphanumeric());
        fits.then_some(OfferCode(plain))
    }

    /// `TUESDAY10`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for OfferCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What was typed into "Gift voucher or offer code": a voucher's code when it has a voucher's
/// shape (the studio cannot make an offer code of that shape), else an offer code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// A gift voucher.
    Voucher(VoucherCode),
    /// An offer code.
    Offer(OfferCode),
}

/// The sentence for something that is no code at all.
pub const NOT_A_CODE: &str =
    "That doesn't look like a gift voucher or offer code. Please check it and try again.";
/// The sentence for a code the shop does not know (the same for vouchers and offers, so a
/// guess learns nothing).
pub const UNKNOWN_CODE: &str =
    "We can't find that gift voucher or offer code. Please check it and try again.";
/// The sentence for a second offer code on one order.
pub const ONE_CODE: &str = "Only one offer code can be used on an order.";
/// The sentence for a second voucher on one order.
pub const ONE_VOUCHER: &str = "Only one gift voucher can be used on an order.";
/// The sentence when the apply or look-up limit is reached.
pub const TOO_MANY_TRIES: &str =
    "Too many codes tried from here. Please wait an hour, or call the studio.";

impl Code {
    /// Reads the field: a voucher's code first, then an offer code; [`NOT_A_CODE`] for neither.
    pub fn parse(typed: &str) -> Result<Code, &'static str> {
        if let Some(code) = VoucherCode::parse(typed) {
            return Ok(Code::Voucher(code));
        }
        OfferCode::parse(typed).map(Code::Offer).ok_or(NOT_A_CODE)
    }
}

/// An offer code's terms, as the studio set them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// What it takes off.
    pub kind: OfferKind,
    /// The items must cost at least this (before the code); none for any order.
    pub minimum_spend: Option<Money>,
    /// The first day of purchase it may be used on.
    pub valid_from: Option<Date>,
    /// The last day of purchase it may be used on.
    pub valid_until: Option<Date>,
    /// The days of the week the flowers must be delivered or collected on; empty for any.
    pub weekdays: Vec<Weekday>,
    /// The delivery slots (by name) it is for; empty for any. A code for slots is not for
    /// collection.
    pub slots: Vec<String>,
    /// The products it covers (ids); with `shelves` empty too, every item.
    pub products: Vec<i32>,
    /// The shelves it covers (ids).
    pub shelves: Vec<i32>,
    /// How many orders may use it in all; none for no limit.
    pub total_uses: Option<u32>,
    /// Whether one e-mail address may use it once only.
    pub once_per_email: bool,
}

/// One line of the cart as an offer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfferLine {
    /// The product.
    pub product: i32,
    /// Its shelf, when it has one.
    pub shelf: Option<i32>,
    /// The line's total.
    pub total: Money,
}

/// When and how the flowers are handed over, once the shopper has chosen a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handover<'a> {
    /// The delivery or collection day.
    pub date: Date,
    pub way: Way<'a>,
}

impl<'a> Handover<'a> {
    /// The florist's choice as the checkout shows it, in its wire words (`delivery` or
    /// `collection`, `2026-12-16`, the slot's name or empty while none is chosen); `None`
    /// without a day that is a date, when conditions on the day wait.
    pub fn shown(method: &str, date: &str, slot: &'a str) -> Option<Handover<'a>> {
        let date = Date::parse(date.trim())?;
        let way = if Method::parse(method) == Some(Method::Collection) {
            Way::Collection
        } else {
            Way::Delivery(Some(slot.trim()).filter(|slot| !slot.is_empty()))
        };
        Some(Handover { date, way })
    }
}

/// How the flowers are handed over on the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way<'a> {
    Collection,
    /// A delivery in the slot of that name; none while the checkout shows a day chosen but not
    /// yet its slot, when conditions on slots wait until it is.
    Delivery(Option<&'a str>),
}

/// What an offer is judged on: the cart, the day of purchase, the florist's choice when made,
/// and how the code has been used.
#[derive(Clone, Copy, Debug)]
pub struct OfferCart<'a> {
    /// The cart's lines.
    pub lines: &'a [OfferLine],
    /// The totals before any code.
    pub totals: Totals,
    /// Today, in Bristol: the day of purchase.
    pub today: Date,
    /// The delivery or collection, once chosen; conditions on it wait until then.
    pub handover: Option<Handover<'a>>,
    /// Orders that used the code, and carts holding it while they pay.
    pub uses: u32,
    /// Whether the shopper's e-mail address (once known) has used it.
    pub used_by_email: bool,
    /// Seats on a workshop rather than flowers: one line, the amount due now, with no delivery
    /// and no handover day, so a code with conditions on flowers, days or slots, or one for
    /// free delivery, does not fit it.
    pub workshop: bool,
}

/// Why an offer code does not apply to this cart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OfferRefusal {
    /// Not valid yet: its first day.
    NotYet(Date),
    /// Past its last day.
    Ended(Date),
    /// The studio ended it.
    Withdrawn,
    /// Every use has been taken.
    UsedUp,
    /// This e-mail address has used it.
    UsedByEmail,
    /// The items cost less than its minimum.
    MinimumSpend(Money),
    /// The day is not one of its weekdays.
    Weekdays(Vec<Weekday>),
    /// The slot (or collection) is not one of its slots.
    Slots(Vec<String>),
    /// Nothing in the cart is covered by it.
    NoItems,
    /// Free delivery on a collection.
    Collection,
    /// A code with conditions that only flowers can meet (products, shelves, delivery days or
    /// slots, free delivery), tried on a workshop booking.
    NotForWorkshops,
}

/// `Tuesday`, `Tuesday and Thursday`, `Monday, Tuesday and Friday`.
fn and_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl fmt::Display for OfferRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OfferRefusal::NotYet(day) => {
                write!(f, "This code starts on {}.", day.day_month_year())
            }
            OfferRefusal::Ended(day) => write!(f, "This code ended on {}.", day.day_month_year()),
            OfferRefusal::Withdrawn => f.write_str("This code has ended."),
            OfferRefusal::UsedUp => f.write_str("This code has been used up."),
            OfferRefusal::UsedByEmail => {
                f.write_str("This code has already been used with this e-mail address.")
            }
            OfferRefusal::MinimumSpend(least) => {
                write!(f, "This code is for orders of {} or more.", least.display())
            }
            OfferRefusal::Weekdays(days) => {
                let names: Vec<&str> = days.iter().map(|d| d.name()).collect();
                write!(f, "This code is for {} deliveries.", and_list(&names))
            }
            OfferRefusal::Slots(slots) => {
                let names: Vec<&str> = slots.iter().map(String::as_str).collect();
                let plural = if slots.len() == 1 { "slot" } else { "slots" };
                write!(
                    f,
                    "This code is for deliveries in the {} {plural}.",
                    and_list(&names)
                )
            }
            OfferRefusal::NoItems => f.write_str("This code isn't for anything in your basket."),
            OfferRefusal::Collection => f.write_str("This code is for deliveries."),
            OfferRefusal::NotForWorkshops => {
                f.write_str("This code is for flowers, so it can't be used on a workshop.")
            }
        }
    }
}

/// What an offer takes off, once it applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Discount {
    /// Taken off the items.
    pub items: Money,
    /// Taken off the delivery fee.
    pub delivery: Money,
}

impl Discount {
    /// Both together.
    pub fn total(self) -> Money {
        self.items.saturating_add(self.delivery)
    }
}

impl Offer {
    /// The sentences for terms that cannot be saved; empty when they can.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        match &self.kind {
            OfferKind::PercentOff { percent } if !(PERCENT.0..=PERCENT.1).contains(percent) => {
                problems.push("A percentage off is from 1 to 100.".to_owned());
            }
            OfferKind::AmountOff { amount }
                if !(AMOUNT_OFF_PENCE.0..=AMOUNT_OFF_PENCE.1).contains(&amount.pence()) =>
            {
                problems.push("An amount off is from £1.00 to £500.00.".to_owned());
            }
            _ => {}
        }
        if self.minimum_spend.is_some_and(|m| m < Money::ZERO) {
            problems.push("A minimum spend can't be below nothing.".to_owned());
        }
        if let (Some(from), Some(until)) = (self.valid_from, self.valid_until)
            && until < from
        {
            problems.push("The last day must be on or after the first.".to_owned());
        }
        if self.total_uses.is_some_and(|n| n == 0 || n > MAX_USES) {
            problems.push(format!("Uses in all are from 1 to {MAX_USES}."));
        }
        if matches!(self.kind, OfferKind::FreeDelivery)
            && (!self.products.is_empty() || !self.shelves.is_empty())
        {
            problems.push("Free delivery is for the whole order, not some flowers.".to_owned());
        }
        problems
    }

    /// Whether a line is covered: every line when no products or shelves are named.
    fn covers(&self, line: &OfferLine) -> bool {
        (self.products.is_empty() && self.shelves.is_empty())
            || self.products.contains(&line.product)
            || line
                .shelf
                .is_some_and(|shelf| self.shelves.contains(&shelf))
    }

    /// Whether the code can take anything off a workshop's seats: only one whose conditions
    /// are about money, dates and uses. Products and shelves are flowers, days and slots are
    /// deliveries, and a workshop has no delivery fee to make free.
    pub fn fits_workshops(&self) -> bool {
        self.products.is_empty()
            && self.shelves.is_empty()
            && self.weekdays.is_empty()
            && self.slots.is_empty()
            && !matches!(self.kind, OfferKind::FreeDelivery)
    }

    /// What this offer takes off the cart, or the first reason it does not apply, judged in
    /// this order: a workshop's fit, dates, uses, e-mail, minimum spend, day, slot, items.
    pub fn apply(&self, cart: &OfferCart<'_>) -> Result<Discount, OfferRefusal> {
        if cart.workshop && !self.fits_workshops() {
            return Err(OfferRefusal::NotForWorkshops);
        }
        if let Some(from) = self.valid_from
            && cart.today < from
        {
            return Err(OfferRefusal::NotYet(from));
        }
        if let Some(until) = self.valid_until
            && cart.today > until
        {
            return Err(OfferRefusal::Ended(until));
        }
        if self.total_uses.is_some_and(|most| cart.uses >= most) {
            return Err(OfferRefusal::UsedUp);
        }
        if self.once_per_email && cart.used_by_email {
            return Err(OfferRefusal::UsedByEmail);
        }
        if let Some(least) = self.minimum_spend
            && cart.totals.items < least
        {
            return Err(OfferRefusal::MinimumSpend(least));
        }
        if let Some(handover) = cart.handover {
            if !self.weekdays.is_empty() && !self.weekdays.contains(&handover.date.weekday()) {
                let mut days = self.weekdays.clone();
                days.sort();
                days.dedup();
                return Err(OfferRefusal::Weekdays(days));
            }
            let in_slot = |slot: &str| self.slots.iter().any(|s| s.eq_ignore_ascii_case(slot));
            let out_of_slots = match handover.way {
                Way::Collection => true,
                Way::Delivery(Some(slot)) => !in_slot(slot),
                Way::Delivery(None) => false,
            };
            if !self.slots.is_empty() && out_of_slots {
                return Err(OfferRefusal::Slots(self.slots.clone()));
            }
            if matches!(self.kind, OfferKind::FreeDelivery) && handover.way == Way::Collection {
                return Err(OfferRefusal::Collection);
            }
        }
        let covered = cart
            .lines
            .iter()
            .filter(|line| self.covers(line))
            .fold(Money::ZERO, |sum, line| sum.saturating_add(line.total));
        let items = match &self.kind {
            OfferKind::FreeDelivery => Money::ZERO,
            _ if covered <= Money::ZERO => return Err(OfferRefusal::NoItems),
            OfferKind::PercentOff { percent } => {
                let off = i128::from(covered.pence()) * i128::from(*percent) / 100;
                Money::from_pence(off as i64)
            }
            OfferKind::AmountOff { amount } => (*amount).min(covered),
        };
        let delivery = match self.kind {
            OfferKind::FreeDelivery => cart.totals.delivery,
            _ => Money::ZERO,
        };
        Ok(Discount {
            items: items.min(cart.totals.items).max(Money::ZERO),
            delivery: delivery.max(Money::ZERO),
        })
    }

    /// The terms in a line, as the back office lists them and the checkout names the code:
    /// `10% off, Tuesday deliveries, orders of £40.00 or more`.
    pub fn summary(&self) -> String {
        let mut parts = vec![match &self.kind {
            OfferKind::PercentOff { percent } => format!("{percent}% off"),
            OfferKind::AmountOff { amount } => format!("{} off", amount.display()),
            OfferKind::FreeDelivery => "Free delivery".to_owned(),
        }];
        if !self.weekdays.is_empty() {
            let names: Vec<&str> = self.weekdays.iter().map(|d| d.name()).collect();
            parts.push(format!("{} deliveries", and_list(&names)));
        }
        if !self.slots.is_empty() {
            let names: Vec<&str> = self.slots.iter().map(String::as_str).collect();
            parts.push(format!("{} slot", and_list(&names)));
        }
        if !self.products.is_empty() || !self.shelves.is_empty() {
            parts.push("some flowers only".to_owned());
        }
        if let Some(least) = self.minimum_spend {
            parts.push(format!("orders of {} or more", least.display()));
        }
        parts.join(", ")
    }
}

/// What the shopper pays and how: the checkout's summary, the order's record, the CSV's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reckoning {
    /// The items.
    pub items: Money,
    /// The delivery fee before any code.
    pub delivery: Money,
    /// The slot's surcharge.
    pub surcharge: Money,
    /// What the offer code took off (items and delivery).
    pub discount: Money,
    /// What is due: items and charges less the discount, never below nothing.
    pub total: Money,
    /// What the gift voucher pays of it.
    pub voucher: Money,
    /// What is left for the card; nothing means no card is needed.
    pub card: Money,
}

/// Puts it together in the shop's one order (see the module's notes): the totals, less the
/// offer's discount, then paid by the voucher (what it has `available`) as far as it goes, and
/// the rest by card.
pub fn reckon(totals: Totals, discount: Discount, available: Option<Money>) -> Reckoning {
    let discount_total = discount.total().max(Money::ZERO);
    let before = totals.total;
    let total = before
        .checked_sub(discount_total)
        .unwrap_or(Money::ZERO)
        .max(Money::ZERO);
    let voucher = available.unwrap_or(Money::ZERO).max(Money::ZERO).min(total);
    Reckoning {
        items: totals.items,
        delivery: totals.delivery,
        surcharge: totals.surcharge,
        discount: before.checked_sub(total).unwrap_or(Money::ZERO),
        total,
        voucher,
        card: total.checked_sub(voucher).unwrap_or(Money::ZERO),
    }
}

/// An offer code applied to a cart, as the checkout judges it: its terms, and what the shop has
/// counted of it (the server counts; the browser is told). So that the shopper's page and the
/// server judge a code alike, both call [`judge_codes`] with one of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppliedOffer {
    /// The studio's terms (its total of uses stands in `used_up`).
    pub terms: Offer,
    /// The studio ended it.
    pub withdrawn: bool,
    /// Every use is taken: orders', and other carts' holds while they pay.
    pub used_up: bool,
}

impl AppliedOffer {
    /// The code with its uses counted: `uses` by orders and other carts paying now.
    pub fn counted(terms: Offer, withdrawn: bool, uses: u32) -> AppliedOffer {
        let used_up = terms.total_uses.is_some_and(|most| uses >= most);
        AppliedOffer {
            terms,
            withdrawn,
            used_up,
        }
    }

    /// What it takes off `cart`, or why not: [`Offer::apply`], after the studio's ending, with
    /// the uses as counted (the cart's own `uses` are not read).
    pub fn apply(&self, cart: &OfferCart<'_>) -> Result<Discount, OfferRefusal> {
        if self.withdrawn {
            return Err(OfferRefusal::Withdrawn);
        }
        // No uses left is a total of none; uses left is no total. The refusal then comes in
        // `apply`'s own order (after the dates), as the server's count would give it.
        let terms = Offer {
            total_uses: self.used_up.then_some(0),
            ..self.terms.clone()
        };
        terms.apply(&OfferCart { uses: 0, ..*cart })
    }
}

/// A cart's codes judged together: what the checkout's summary shows, before anything is held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodesJudged {
    /// What the offer code takes off (nothing when it does not apply).
    pub discount: Discount,
    /// Why the offer code does not apply, when it does not.
    pub offer_refusal: Option<OfferRefusal>,
    /// Why the voucher cannot pay, when it cannot.
    pub voucher_refusal: Option<VoucherRefusal>,
    /// What the voucher can pay today (nothing when it cannot pay).
    pub voucher_available: Money,
    /// What will be left on the voucher after this order.
    pub voucher_left_after: Money,
    /// The order's figures, in the module's one order.
    pub reckoning: Reckoning,
}

impl CodesJudged {
    /// The refusals' sentences, the offer's first.
    pub fn problems(&self) -> Vec<String> {
        let offer = self.offer_refusal.as_ref().map(ToString::to_string);
        let voucher = self.voucher_refusal.as_ref().map(ToString::to_string);
        offer.into_iter().chain(voucher).collect()
    }
}

/// Judges the codes on a cart as it stands (`cart.today` is the day of purchase, and the day a
/// voucher's last day is judged on): the offer's discount or refusal, the voucher's `state`
/// (what it has, this cart's own hold not taken off) or refusal, and the order reckoned with
/// what applies. The server answers the checkout with this, and the checkout works it out again
/// in the browser when the shopper changes the day or slot.
pub fn judge_codes(
    offer: Option<&AppliedOffer>,
    voucher: Option<&VoucherState>,
    cart: &OfferCart<'_>,
) -> CodesJudged {
    let (discount, offer_refusal) = match offer.map(|offer| offer.apply(cart)) {
        Some(Ok(discount)) => (discount, None),
        Some(Err(why)) => (Discount::default(), Some(why)),
        None => (Discount::default(), None),
    };
    let (available, voucher_refusal) = match voucher.map(|state| state.usable(cart.today)) {
        Some(Ok(left)) => (Some(left), None),
        Some(Err(why)) => (None, Some(why)),
        None => (None, None),
    };
    let reckoning = reckon(cart.totals, discount, available);
    let left_after = voucher
        .and_then(|state| state.available.checked_sub(reckoning.voucher))
        .unwrap_or(Money::ZERO)
        .max(Money::ZERO);
    CodesJudged {
        discount,
        offer_refusal,
        voucher_refusal,
        voucher_available: available.unwrap_or(Money::ZERO),
        voucher_left_after: left_after,
        reckoning,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::date;

    fn pounds(n: i64) -> Money {
        Money::from_pence(n * 100)
    }

    fn offer(kind: OfferKind) -> Offer {
        Offer {
            kind,
            minimum_spend: None,
            valid_from: None,
            valid_until: None,
            weekdays: vec![],
            slots: vec![],
            products: vec![],
            shelves: vec![],
            total_uses: None,
            once_per_email: false,
        }
    }

    const LINES: [OfferLine; 2] = [
        OfferLine {
            product: 1,
            shelf: Some(10),
            total: Money::from_pence(4000),
        },
        OfferLine {
            product: 2,
            shelf: Some(20),
            total: Money::from_pence(2000),
        },
    ];

    fn cart<'a>(handover: Option<Handover<'a>>) -> OfferCart<'a> {
        OfferCart {
            lines: &LINES,
            totals: Totals::of(pounds(60), pounds(5), pounds(3)),
            // A Monday.
            today: date("2026-12-14"),
            handover,
            uses: 0,
            used_by_email: false,
            workshop: false,
        }
    }

    /// Two seats on a workshop at a £20 deposit each: one line of £40, nothing else.
    fn seats() -> OfferCart<'static> {
        const SEATS: [OfferLine; 1] = [OfferLine {
            product: 0,
            shelf: None,
            total: Money::from_pence(4000),
        }];
        OfferCart {
            lines: &SEATS,
            totals: Totals::of(pounds(40), Money::ZERO, Money::ZERO),
            today: date("2026-12-14"),
            handover: None,
            uses: 0,
            used_by_email: false,
            workshop: true,
        }
    }

    #[test]
    fn a_code_with_money_and_date_conditions_only_takes_off_a_workshops_seats() {
        let mut ten = offer(OfferKind::PercentOff { percent: 10 });
        ten.minimum_spend = Some(pounds(30));
        ten.valid_until = Some(date("2026-12-31"));
        let off = ten.apply(&seats()).unwrap();
        assert_eq!(off.items, pounds(4));
        assert_eq!(reckon(seats().totals, off, None).total, pounds(36));
        let five = offer(OfferKind::AmountOff { amount: pounds(5) });
        assert_eq!(five.apply(&seats()).unwrap().total(), pounds(5));
        // Its own conditions still count on a workshop.
        ten.minimum_spend = Some(pounds(50));
        assert_eq!(
            ten.apply(&seats()),
            Err(OfferRefusal::MinimumSpend(pounds(50)))
        );
    }

    #[test]
    fn a_code_for_flowers_days_slots_or_delivery_is_refused_on_a_workshop_with_its_sentence() {
        let mut by_shelf = offer(OfferKind::PercentOff { percent: 10 });
        by_shelf.shelves = vec![10];
        let mut by_product = offer(OfferKind::PercentOff { percent: 10 });
        by_product.products = vec![1];
        let mut tuesdays = offer(OfferKind::PercentOff { percent: 10 });
        tuesdays.weekdays = vec![Weekday::Tuesday];
        let mut mornings = offer(OfferKind::PercentOff { percent: 10 });
        mornings.slots = vec!["Morning".into()];
        let free = offer(OfferKind::FreeDelivery);
        for code in [by_shelf, by_product, tuesdays.clone(), mornings, free] {
            assert!(!code.fits_workshops());
            assert_eq!(code.apply(&seats()), Err(OfferRefusal::NotForWorkshops));
        }
        assert_eq!(
            OfferRefusal::NotForWorkshops.to_string(),
            "This code is for flowers, so it can't be used on a workshop."
        );
        // The same Tuesday code still applies to flowers: only a workshop is refused.
        assert!(tuesdays.apply(&cart(Some(tuesday_morning()))).is_ok());
    }

    /// Tuesday 15 December, in the morning.
    fn tuesday_morning() -> Handover<'static> {
        Handover {
            date: date("2026-12-15"),
            way: Way::Delivery(Some("Morning")),
        }
    }

    /// Wednesday 16 December, in the morning.
    fn wednesday() -> Handover<'static> {
        Handover {
            date: date("2026-12-16"),
            way: Way::Delivery(Some("Morning")),
        }
    }

    #[test]
    fn the_field_reads_a_voucher_before_an_offer_code() {
        assert!(matches!(
            Code::parse("k7qm 2xhd 9prt"),
            Ok(Code::Voucher(_))
        ));
        assert_eq!(
            Code::parse("tuesday-10"),
            Ok(Code::Offer(OfferCode("TUESDAY10".into())))
        );
        assert_eq!(Code::parse("!!"), Err(NOT_A_CODE));
        assert_eq!(Code::parse("AB"), Err(NOT_A_CODE));
    }

    #[test]
    fn a_percentage_comes_off_the_items_rounded_down() {
        let ten = offer(OfferKind::PercentOff { percent: 15 });
        let mut odd = cart(None);
        let lines = [OfferLine {
            product: 1,
            shelf: None,
            total: Money::from_pence(3333),
        }];
        odd.lines = &lines;
        assert_eq!(ten.apply(&odd).unwrap().items, Money::from_pence(499));
    }

    #[test]
    fn an_amount_off_never_exceeds_the_items_it_covers() {
        let mut big = offer(OfferKind::AmountOff {
            amount: pounds(100),
        });
        assert_eq!(big.apply(&cart(None)).unwrap().items, pounds(60));
        big.products = vec![2];
        assert_eq!(big.apply(&cart(None)).unwrap().items, pounds(20));
    }

    #[test]
    fn a_code_for_some_flowers_takes_off_only_theirs() {
        let mut shelf = offer(OfferKind::PercentOff { percent: 50 });
        shelf.shelves = vec![10];
        assert_eq!(shelf.apply(&cart(None)).unwrap().items, pounds(20));
        shelf.shelves = vec![99];
        let refusal = shelf.apply(&cart(None)).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "This code isn't for anything in your basket."
        );
    }

    #[test]
    fn free_delivery_takes_the_fee_but_not_the_surcharge() {
        let free = offer(OfferKind::FreeDelivery);
        let discount = free.apply(&cart(Some(tuesday_morning()))).unwrap();
        assert_eq!(
            discount,
            Discount {
                items: Money::ZERO,
                delivery: pounds(5)
            }
        );
        let paid = reckon(cart(None).totals, discount, None);
        assert_eq!(paid.total, pounds(63));
        let collection = Handover {
            date: date("2026-12-15"),
            way: Way::Collection,
        };
        assert_eq!(
            free.apply(&cart(Some(collection))).unwrap_err().to_string(),
            "This code is for deliveries."
        );
    }

    #[test]
    fn a_tuesday_code_is_refused_on_a_wednesday_with_its_sentence() {
        let mut tuesday = offer(OfferKind::PercentOff { percent: 10 });
        tuesday.weekdays = vec![Weekday::Tuesday];
        assert!(tuesday.apply(&cart(Some(tuesday_morning()))).is_ok());
        let refusal = tuesday.apply(&cart(Some(wednesday()))).unwrap_err();
        assert_eq!(refusal.to_string(), "This code is for Tuesday deliveries.");
        tuesday.weekdays = vec![Weekday::Thursday, Weekday::Tuesday];
        let refusal = tuesday.apply(&cart(Some(wednesday()))).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "This code is for Tuesday and Thursday deliveries."
        );
    }

    #[test]
    fn the_day_the_checkout_shows_is_read_from_its_wire_words() {
        assert_eq!(
            Handover::shown("delivery", "2026-12-15", " Morning "),
            Some(tuesday_morning())
        );
        assert_eq!(
            Handover::shown("delivery", "2026-12-16", "").map(|h| h.way),
            Some(Way::Delivery(None))
        );
        assert_eq!(
            Handover::shown("collection", "2026-12-16", "Morning").map(|h| h.way),
            Some(Way::Collection)
        );
        assert_eq!(Handover::shown("delivery", "", "Morning"), None);
        assert_eq!(Handover::shown("delivery", "16 December", ""), None);
    }

    #[test]
    fn a_day_condition_waits_until_the_day_is_chosen() {
        let mut tuesday = offer(OfferKind::PercentOff { percent: 10 });
        tuesday.weekdays = vec![Weekday::Tuesday];
        assert!(tuesday.apply(&cart(None)).is_ok());
    }

    #[test]
    fn a_slot_code_is_for_its_slots_only() {
        let mut mornings = offer(OfferKind::PercentOff { percent: 10 });
        mornings.slots = vec!["Morning".into()];
        assert!(mornings.apply(&cart(Some(tuesday_morning()))).is_ok());
        let afternoon = Handover {
            date: date("2026-12-15"),
            way: Way::Delivery(Some("Afternoon")),
        };
        assert_eq!(
            mornings
                .apply(&cart(Some(afternoon)))
                .unwrap_err()
                .to_string(),
            "This code is for deliveries in the Morning slot."
        );
    }

    #[test]
    fn a_delivery_day_chosen_before_its_slot_is_judged_on_its_day() {
        let wednesday_no_slot = Handover {
            date: date("2026-12-16"),
            way: Way::Delivery(None),
        };
        let mut mornings = offer(OfferKind::PercentOff { percent: 10 });
        mornings.slots = vec!["Morning".into()];
        assert!(mornings.apply(&cart(Some(wednesday_no_slot))).is_ok());
        assert!(
            offer(OfferKind::FreeDelivery)
                .apply(&cart(Some(wednesday_no_slot)))
                .is_ok()
        );
        mornings.weekdays = vec![Weekday::Tuesday];
        assert_eq!(
            mornings
                .apply(&cart(Some(wednesday_no_slot)))
                .unwrap_err()
                .to_string(),
            "This code is for Tuesday deliveries."
        );
    }

    #[test]
    fn dates_uses_email_and_minimum_each_have_a_sentence() {
        let mut terms = offer(OfferKind::PercentOff { percent: 10 });
        terms.valid_from = Some(date("2026-12-20"));
        assert_eq!(
            terms.apply(&cart(None)).unwrap_err().to_string(),
            "This code starts on 20 December 2026."
        );
        terms.valid_from = None;
        terms.valid_until = Some(date("2026-12-13"));
        assert_eq!(
            terms.apply(&cart(None)).unwrap_err().to_string(),
            "This code ended on 13 December 2026."
        );
        terms.valid_until = Some(date("2026-12-14"));
        assert!(terms.apply(&cart(None)).is_ok());
        terms.total_uses = Some(5);
        let mut used = cart(None);
        used.uses = 5;
        assert_eq!(terms.apply(&used).unwrap_err(), OfferRefusal::UsedUp);
        terms.once_per_email = true;
        used.uses = 0;
        used.used_by_email = true;
        assert_eq!(
            terms.apply(&used).unwrap_err().to_string(),
            "This code has already been used with this e-mail address."
        );
        terms.minimum_spend = Some(pounds(75));
        assert_eq!(
            terms.apply(&cart(None)).unwrap_err().to_string(),
            "This code is for orders of £75.00 or more."
        );
    }

    #[test]
    fn the_voucher_pays_after_the_code_and_the_card_pays_the_rest() {
        let totals = Totals::of(pounds(60), pounds(5), pounds(3));
        let discount = Discount {
            items: pounds(6),
            delivery: Money::ZERO,
        };
        let paid = reckon(totals, discount, Some(pounds(25)));
        assert_eq!(paid.discount, pounds(6));
        assert_eq!(paid.total, pounds(62));
        assert_eq!(paid.voucher, pounds(25));
        assert_eq!(paid.card, pounds(37));
    }

    #[test]
    fn a_voucher_covering_everything_leaves_nothing_for_the_card() {
        let totals = Totals::of(pounds(20), pounds(5), Money::ZERO);
        let paid = reckon(totals, Discount::default(), Some(pounds(200)));
        assert_eq!(paid.voucher, pounds(25));
        assert_eq!(paid.card, Money::ZERO);
    }

    #[test]
    fn nothing_is_ever_negative() {
        let totals = Totals::of(pounds(20), Money::ZERO, Money::ZERO);
        let huge = Discount {
            items: pounds(500),
            delivery: pounds(500),
        };
        let paid = reckon(totals, huge, Some(Money::from_pence(-100)));
        assert_eq!(paid.total, Money::ZERO);
        assert_eq!(paid.discount, pounds(20));
        assert_eq!(paid.voucher, Money::ZERO);
        assert_eq!(paid.card, Money::ZERO);
    }

    #[test]
    fn terms_out_of_bounds_are_refused() {
        assert!(offer(OfferKind::PercentOff { percent: 0 }).problems().len() == 1);
        assert!(
            offer(OfferKind::AmountOff {
                amount: pounds(501)
            })
            .problems()
            .len()
                == 1
        );
        let mut backwards = offer(OfferKind::FreeDelivery);
        backwards.valid_from = Some(date("2026-12-20"));
        backwards.valid_until = Some(date("2026-12-10"));
        assert_eq!(backwards.problems().len(), 1);
        assert!(offer(OfferKind::FreeDelivery).problems().is_empty());
    }

    #[test]
    fn a_summary_names_the_terms() {
        let mut terms = offer(OfferKind::PercentOff { percent: 10 });
        terms.weekdays = vec![Weekday::Tuesday];
        terms.minimum_spend = Some(pounds(40));
        assert_eq!(
            terms.summary(),
            "10% off, Tuesday deliveries, orders of £40.00 or more"
        );
    }

    fn voucher(pence: i64, expires: &str) -> VoucherState {
        VoucherState {
            available: Money::from_pence(pence),
            expires_on: date(expires),
            voided: false,
        }
    }

    #[test]
    fn codes_judged_together_take_the_code_off_first_and_the_voucher_pays_the_rest() {
        let mut tuesday = offer(OfferKind::PercentOff { percent: 10 });
        tuesday.weekdays = vec![Weekday::Tuesday];
        let applied = AppliedOffer::counted(tuesday, false, 0);
        let card = voucher(2500, "2028-12-25");
        let judged = judge_codes(Some(&applied), Some(&card), &cart(Some(tuesday_morning())));
        assert_eq!(judged.discount.items, pounds(6));
        assert_eq!(judged.reckoning.total, pounds(62));
        assert_eq!(judged.reckoning.voucher, pounds(25));
        assert_eq!(judged.reckoning.card, pounds(37));
        assert_eq!(judged.voucher_available, pounds(25));
        assert_eq!(judged.voucher_left_after, Money::ZERO);
        assert!(judged.problems().is_empty());
    }

    #[test]
    fn a_tuesday_code_judged_on_a_wednesday_takes_nothing_off_and_says_why() {
        let mut tuesday = offer(OfferKind::PercentOff { percent: 10 });
        tuesday.weekdays = vec![Weekday::Tuesday];
        let applied = AppliedOffer::counted(tuesday, false, 0);
        let card = voucher(10_000, "2028-12-25");
        let judged = judge_codes(Some(&applied), Some(&card), &cart(Some(wednesday())));
        assert_eq!(judged.discount, Discount::default());
        assert_eq!(judged.reckoning.total, pounds(68));
        assert_eq!(judged.reckoning.voucher, pounds(68));
        assert_eq!(judged.voucher_left_after, pounds(32));
        assert_eq!(
            judged.problems(),
            vec!["This code is for Tuesday deliveries.".to_owned()]
        );
    }

    #[test]
    fn an_applied_code_counts_its_uses_and_its_ending_as_the_server_does() {
        let mut limited = offer(OfferKind::FreeDelivery);
        limited.total_uses = Some(3);
        let today = cart(None);
        assert!(
            AppliedOffer::counted(limited.clone(), false, 2)
                .apply(&today)
                .is_ok()
        );
        assert_eq!(
            AppliedOffer::counted(limited.clone(), false, 3).apply(&today),
            Err(OfferRefusal::UsedUp)
        );
        assert_eq!(
            AppliedOffer::counted(limited.clone(), true, 0).apply(&today),
            Err(OfferRefusal::Withdrawn)
        );
        // The dates come before the uses, as in `Offer::apply`.
        limited.valid_until = Some(date("2026-12-13"));
        assert_eq!(
            AppliedOffer::counted(limited, false, 3).apply(&today),
            Err(OfferRefusal::Ended(date("2026-12-13")))
        );
    }

    #[test]
    fn a_voucher_that_ran_out_pays_nothing_and_each_refusal_is_listed_offer_first() {
        let mut minimum = offer(OfferKind::AmountOff { amount: pounds(5) });
        minimum.minimum_spend = Some(pounds(100));
        let applied = AppliedOffer::counted(minimum, false, 0);
        let old = voucher(2500, "2026-12-01");
        let judged = judge_codes(Some(&applied), Some(&old), &cart(None));
        assert_eq!(judged.reckoning.voucher, Money::ZERO);
        assert_eq!(judged.reckoning.card, pounds(68));
        assert_eq!(judged.voucher_available, Money::ZERO);
        assert_eq!(
            judged.problems(),
            vec![
                "This code is for orders of £100.00 or more.".to_owned(),
                "This voucher ran out on 1 December 2026.".to_owned()
            ]
        );
        let none = judge_codes(None, None, &cart(None));
        assert_eq!(
            none.reckoning,
            reckon(cart(None).totals, Discount::default(), None)
        );
        assert_eq!(none.voucher_left_after, Money::ZERO);
    }
}
