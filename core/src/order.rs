//! Where a paid order stands in the studio's day, and what may be given back: the status
//! workflow a florist recognises, the steps the customer is shown, and the refund rules.
//!
//! Delivery: New → Confirmed → Ready → Out for delivery → Delivered.
//! Collection: New → Confirmed → Ready for collection → Collected.
//! Steps may be skipped forward; one step back (an undo) is allowed, except from a finished
//! order (Delivered, Collected or Cancelled). Cancelling is not a step: it goes with a refund.

use crate::Money;
use crate::calendar::Date;
use crate::cart::CartLine;
use crate::schedule::Method;

/// Where an order stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    New,
    Confirmed,
    Ready,
    OutForDelivery,
    Delivered,
    ReadyForCollection,
    Collected,
    Cancelled,
}

const DELIVERY: [OrderStatus; 5] = [
    OrderStatus::New,
    OrderStatus::Confirmed,
    OrderStatus::Ready,
    OrderStatus::OutForDelivery,
    OrderStatus::Delivered,
];

const COLLECTION: [OrderStatus; 4] = [
    OrderStatus::New,
    OrderStatus::Confirmed,
    OrderStatus::ReadyForCollection,
    OrderStatus::Collected,
];

impl OrderStatus {
    /// Every status, in the order the back office's filter offers them.
    pub const ALL: [OrderStatus; 8] = [
        OrderStatus::New,
        OrderStatus::Confirmed,
        OrderStatus::Ready,
        OrderStatus::OutForDelivery,
        OrderStatus::ReadyForCollection,
        OrderStatus::Delivered,
        OrderStatus::Collected,
        OrderStatus::Cancelled,
    ];

    /// The wire form, e.g. `out_for_delivery`.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::New => "new",
            OrderStatus::Confirmed => "confirmed",
            OrderStatus::Ready => "ready",
            OrderStatus::OutForDelivery => "out_for_delivery",
            OrderStatus::Delivered => "delivered",
            OrderStatus::ReadyForCollection => "ready_for_collection",
            OrderStatus::Collected => "collected",
            OrderStatus::Cancelled => "cancelled",
        }
    }

    /// Reads the wire form.
    pub fn parse(value: &str) -> Option<OrderStatus> {
        OrderStatus::ALL
            .into_iter()
            .find(|s| s.as_str() == value.trim())
    }

    /// In words, e.g. `Out for delivery`.
    pub fn label(self) -> &'static str {
        match self {
            OrderStatus::New => "New",
            OrderStatus::Confirmed => "Confirmed",
            OrderStatus::Ready => "Ready",
            OrderStatus::OutForDelivery => "Out for delivery",
            OrderStatus::Delivered => "Delivered",
            OrderStatus::ReadyForCollection => "Ready for collection",
            OrderStatus::Collected => "Collected",
            OrderStatus::Cancelled => "Cancelled",
        }
    }

    /// Delivered, collected or cancelled: nothing more happens to it.
    pub fn finished(self) -> bool {
        matches!(
            self,
            OrderStatus::Delivered | OrderStatus::Collected | OrderStatus::Cancelled
        )
    }

    /// Whether a refund puts the flowers back in stock unless the studio says otherwise: only
    /// before they are made (New or Confirmed); after, they cannot be sold again.
    pub fn restocks_by_default(self) -> bool {
        matches!(self, OrderStatus::New | OrderStatus::Confirmed)
    }

    /// The customer is mailed when the order reaches this step.
    pub fn tells_customer(self) -> bool {
        matches!(
            self,
            OrderStatus::Confirmed
                | OrderStatus::OutForDelivery
                | OrderStatus::ReadyForCollection
                | OrderStatus::Delivered
                | OrderStatus::Collected
        )
    }
}

/// How an order was paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaidBy {
    /// Through the shop's payment provider, at the checkout.
    Card,
    /// Taken by phone or in the studio and paid there.
    Studio,
}

impl PaidBy {
    /// Every way, as the API lists them.
    pub const ALL: [PaidBy; 2] = [PaidBy::Card, PaidBy::Studio];

    /// The wire form, as stored: `card` or `studio`.
    pub fn as_str(self) -> &'static str {
        match self {
            PaidBy::Card => "card",
            PaidBy::Studio => "studio",
        }
    }

    /// Reads the wire form.
    pub fn parse(value: &str) -> Option<PaidBy> {
        PaidBy::ALL.into_iter().find(|p| p.as_str() == value.trim())
    }
}

/// Where money the studio gives back on an order stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefundState {
    /// The provider not yet asked, or not yet answered.
    Pending,
    /// The provider refused it or did not answer: tried again later.
    Failed,
    /// The provider has refused it again and again: the studio has been told, and it is still
    /// tried again, slowly, until it succeeds or the studio settles it another way.
    Failing,
    /// The provider gave it back.
    Succeeded,
    /// Paid outside the shop: the studio gives it back the way it was paid.
    ByHand,
    /// The provider kept refusing it and the studio gave the money back another way.
    SettledElsewhere,
}

impl RefundState {
    /// Every state, as the API lists them.
    pub const ALL: [RefundState; 6] = [
        RefundState::Pending,
        RefundState::Failed,
        RefundState::Failing,
        RefundState::Succeeded,
        RefundState::ByHand,
        RefundState::SettledElsewhere,
    ];

    /// The states still to be sent to the provider (again).
    pub const UNSETTLED: [RefundState; 3] = [
        RefundState::Pending,
        RefundState::Failed,
        RefundState::Failing,
    ];

    /// The wire form, as stored: e.g. `by_hand`.
    pub fn as_str(self) -> &'static str {
        match self {
            RefundState::Pending => "pending",
            RefundState::Failed => "failed",
            RefundState::Failing => "failing",
            RefundState::Succeeded => "succeeded",
            RefundState::ByHand => "by_hand",
            RefundState::SettledElsewhere => "settled_elsewhere",
        }
    }

    /// Reads the wire form.
    pub fn parse(value: &str) -> Option<RefundState> {
        RefundState::ALL
            .into_iter()
            .find(|s| s.as_str() == value.trim())
    }

    /// A refund of an order paid `by` starts here: a card's is sent to the provider, any
    /// other is given back by hand.
    pub fn first(by: PaidBy) -> RefundState {
        match by {
            PaidBy::Card => RefundState::Pending,
            PaidBy::Studio => RefundState::ByHand,
        }
    }

    /// Still to be sent to the provider (again).
    pub fn unsettled(self) -> bool {
        RefundState::UNSETTLED.contains(&self)
    }

    /// The provider turned it down when last asked, and will be asked again: money it reports
    /// given back beyond the shop's other refunds may be this one's (made in its dashboard).
    pub fn refused(self) -> bool {
        matches!(self, RefundState::Failed | RefundState::Failing)
    }

    /// The studio may say it gave this refund back another way: only once the provider has
    /// refused it again and again, never while a first try may still go through (the
    /// customer would be paid twice).
    pub fn can_settle_elsewhere(self) -> bool {
        self == RefundState::Failing
    }
}

/// The steps of an order made by `method`, first to last.
pub fn steps(method: Method) -> &'static [OrderStatus] {
    match method {
        Method::Delivery => &DELIVERY,
        Method::Collection => &COLLECTION,
    }
}

/// The steps the customer's own order page shows (the studio's Ready is its own business).
pub fn customer_steps(method: Method) -> Vec<OrderStatus> {
    steps(method)
        .iter()
        .copied()
        .filter(|s| *s != OrderStatus::Ready)
        .collect()
}

fn position(method: Method, status: OrderStatus) -> Option<usize> {
    steps(method).iter().position(|s| *s == status)
}

fn method_name(method: Method) -> &'static str {
    match method {
        Method::Delivery => "a delivery",
        Method::Collection => "a collection",
    }
}

/// Checks a move of an order made by `method` from `from` to `to`; the sentence says why not.
pub fn check_move(method: Method, from: OrderStatus, to: OrderStatus) -> Result<(), String> {
    if to == OrderStatus::Cancelled {
        return Err(
            "To cancel an order, use Cancel and refund, so its payment is given back.".into(),
        );
    }
    if from.finished() {
        return Err(format!(
            "This order is {}, so its status can no longer change.",
            from.label().to_lowercase()
        ));
    }
    if from == to {
        return Err(format!(
            "This order is already {}.",
            to.label().to_lowercase()
        ));
    }
    let (Some(now), Some(next)) = (position(method, from), position(method, to)) else {
        return Err(format!(
            "{} is not a step of {} order.",
            to.label(),
            method_name(method)
        ));
    };
    if next + 1 < now {
        return Err("Only the last step can be undone.".into());
    }
    Ok(())
}

/// What the studio can do next with an order where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves {
    /// The next step, the usual button.
    pub next: Option<OrderStatus>,
    /// Later steps, skipping some.
    pub later: Vec<OrderStatus>,
    /// One step back (undo).
    pub back: Option<OrderStatus>,
}

/// The moves [`check_move`] allows from `from`.
pub fn moves(method: Method, from: OrderStatus) -> Moves {
    let path = steps(method);
    match position(method, from) {
        Some(at) if !from.finished() => Moves {
            next: path.get(at + 1).copied(),
            later: path.iter().skip(at + 2).copied().collect(),
            back: at.checked_sub(1).and_then(|i| path.get(i).copied()),
        },
        _ => Moves {
            next: None,
            later: Vec::new(),
            back: None,
        },
    }
}

/// A past day's order not yet finished: it shows first, marked overdue.
pub fn is_overdue(day: Date, today: Date, status: OrderStatus) -> bool {
    day < today && !status.finished()
}

/// A line of a paid order as far as refunds go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundableLine {
    /// As the order shows it, e.g. `Peony Posy (Large)`.
    pub name: String,
    pub unit_price: Money,
    /// How many were bought and not yet refunded.
    pub remaining: u32,
}

/// What the studio chose to give back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundChoice {
    /// How many of each line, in the order's line order.
    pub quantities: Vec<u32>,
    /// The delivery charge (fee and slot surcharge) too.
    pub delivery: bool,
}

/// What a refund gives back, once checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedRefund {
    pub amount: Money,
    /// In words for the order's record and the customer's mail, e.g. `2 × Peony Posy,
    /// delivery`.
    pub what: String,
    /// Nothing is left to refund after it.
    pub everything: bool,
}

/// Checks a refund against what is left: at least one thing chosen, no line beyond what is
/// left of it, the delivery charge only once, and no more money than is left of the payment
/// of `total` with `refunded` given back ([`check_money_left`]). `fee_left` is the delivery
/// charge not yet refunded (zero once it has been, or when there was none).
pub fn check_refund(
    lines: &[RefundableLine],
    fee_left: Money,
    choice: &RefundChoice,
    total: Money,
    refunded: Money,
) -> Result<CheckedRefund, String> {
    if choice.quantities.len() != lines.len() {
        return Err("The order's items have changed; please open the order again.".into());
    }
    let mut amount = Money::ZERO;
    let mut what = Vec::new();
    for (line, &quantity) in lines.iter().zip(&choice.quantities) {
        if quantity > line.remaining {
            return Err(match line.remaining {
                0 => format!("{} has already been refunded.", line.name),
                left => format!("Only {left} of {} can still be refunded.", line.name),
            });
        }
        if quantity > 0 {
            amount = amount.saturating_add(
                CartLine {
                    unit_price: line.unit_price,
                    quantity,
                }
                .total(),
            );
            what.push(format!("{quantity} × {}", line.name));
        }
    }
    if choice.delivery {
        if fee_left == Money::ZERO {
            return Err("There is no delivery charge left to refund.".into());
        }
        amount = amount.saturating_add(fee_left);
        what.push("delivery".into());
    }
    if amount == Money::ZERO {
        return Err("Please choose what to refund: an item, or the delivery charge.".into());
    }
    let everything = lines
        .iter()
        .zip(&choice.quantities)
        .all(|(line, &quantity)| quantity == line.remaining)
        && (choice.delivery || fee_left == Money::ZERO);
    check_money_left(amount, total, refunded)?;
    Ok(CheckedRefund {
        amount,
        what: what.join(", "),
        everything,
    })
}

/// What an order is worth after its refunds: the total less what was given back (or is being
/// given back). A refund is checked never to pass what is left, so this is never below zero.
pub fn net_of(total: Money, refunded: Money) -> Money {
    total.checked_sub(refunded).unwrap_or(Money::ZERO)
}

/// Checks a refund of `amount` against the money left on the payment: the total less what
/// was given back already, however it was (from the shop, or in the payment provider's own
/// dashboard, which gives back money without naming lines).
pub fn check_money_left(amount: Money, total: Money, refunded: Money) -> Result<(), String> {
    let left = net_of(total, refunded);
    if amount > left {
        return Err(if left == Money::ZERO {
            "Everything paid for this order has already been given back.".into()
        } else {
            format!(
                "Only {} of this order's payment is left to give back, counting what was \
                 refunded outside the shop; please choose less.",
                left.display()
            )
        });
    }
    Ok(())
}

/// How many of a line still count as sold, after `refunded` of its `quantity` were given back.
pub fn kept_quantity(quantity: u32, refunded: u32) -> u32 {
    quantity.saturating_sub(refunded)
}

/// The longest note the studio can write on an order, in characters.
pub const MAX_NOTE_CHARS: usize = 2000;

/// The studio's note on an order as it is kept (trimmed, line ends as `\n`), or why it cannot
/// be written: an empty note, or one longer than [`MAX_NOTE_CHARS`].
pub fn check_note(text: &str) -> Result<String, String> {
    let text = text.trim().replace("\r\n", "\n");
    if text.is_empty() {
        return Err("Please write the note first.".into());
    }
    if text.chars().count() > MAX_NOTE_CHARS {
        return Err(format!(
            "Please keep a note to {MAX_NOTE_CHARS} characters."
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    #[test]
    fn a_note_is_kept_trimmed_and_refused_when_blank_or_too_long() {
        assert_eq!(
            check_note("  Ring first\r\nback door "),
            Ok("Ring first\nback door".into())
        );
        assert_eq!(
            check_note(" \n "),
            Err("Please write the note first.".into())
        );
        assert!(check_note(&"é".repeat(MAX_NOTE_CHARS)).is_ok());
        assert_eq!(
            check_note(&"é".repeat(MAX_NOTE_CHARS + 1)),
            Err("Please keep a note to 2000 characters.".into())
        );
    }

    #[test]
    fn a_refund_restocks_by_default_only_before_the_flowers_are_made() {
        let restocking: Vec<OrderStatus> = OrderStatus::ALL
            .into_iter()
            .filter(|s| s.restocks_by_default())
            .collect();
        assert_eq!(restocking, [New, Confirmed]);
    }

    #[test]
    fn an_order_after_a_part_refund_is_worth_its_total_less_the_refund() {
        assert_eq!(
            net_of(Money::from_pence(11_050), Money::from_pence(1_250)),
            Money::from_pence(9_800)
        );
        assert_eq!(
            net_of(Money::from_pence(5_000), Money::ZERO),
            Money::from_pence(5_000)
        );
        assert_eq!(
            net_of(Money::from_pence(5_000), Money::from_pence(5_000)),
            Money::ZERO
        );
        assert_eq!(kept_quantity(2, 1), 1);
        assert_eq!(kept_quantity(1, 3), 0);
    }

    #[test]
    fn wire_names_read_back() {
        for status in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(OrderStatus::parse("shipped"), None);
    }

    #[test]
    fn paid_by_and_refund_states_read_back() {
        for by in PaidBy::ALL {
            assert_eq!(PaidBy::parse(by.as_str()), Some(by));
        }
        for state in RefundState::ALL {
            assert_eq!(RefundState::parse(state.as_str()), Some(state));
        }
        assert_eq!(PaidBy::parse("cash"), None);
        assert_eq!(RefundState::parse("done"), None);
        assert_eq!(RefundState::first(PaidBy::Card), RefundState::Pending);
        assert_eq!(RefundState::first(PaidBy::Studio), RefundState::ByHand);
        let unsettled: Vec<RefundState> = RefundState::ALL
            .into_iter()
            .filter(|s| s.unsettled())
            .collect();
        assert_eq!(
            unsettled,
            [
                RefundState::Pending,
                RefundState::Failed,
                RefundState::Failing
            ]
        );
        // A pending ask may be in flight, so only refused ones are paid by money the provider
        // reports outside the shop.
        let refused: Vec<RefundState> = RefundState::ALL
            .into_iter()
            .filter(|s| s.refused())
            .collect();
        assert_eq!(refused, [RefundState::Failed, RefundState::Failing]);
        let settles: Vec<RefundState> = RefundState::ALL
            .into_iter()
            .filter(|s| s.can_settle_elsewhere())
            .collect();
        assert_eq!(settles, [RefundState::Failing]);
    }

    #[test]
    fn a_delivery_moves_forward_skipping_steps_and_back_one() {
        let d = Method::Delivery;
        assert_eq!(check_move(d, New, Confirmed), Ok(()));
        assert_eq!(check_move(d, New, OutForDelivery), Ok(()));
        assert_eq!(check_move(d, Ready, Confirmed), Ok(()));
        assert_eq!(
            check_move(d, OutForDelivery, Confirmed),
            Err("Only the last step can be undone.".into())
        );
        assert_eq!(
            check_move(d, Delivered, OutForDelivery),
            Err("This order is delivered, so its status can no longer change.".into())
        );
        assert_eq!(
            check_move(d, New, ReadyForCollection),
            Err("Ready for collection is not a step of a delivery order.".into())
        );
        assert_eq!(
            check_move(d, Confirmed, Confirmed),
            Err("This order is already confirmed.".into())
        );
        assert!(check_move(d, New, Cancelled).is_err());
        assert!(check_move(d, Cancelled, New).is_err());
    }

    #[test]
    fn a_collection_has_its_own_steps() {
        let c = Method::Collection;
        assert_eq!(check_move(c, Confirmed, ReadyForCollection), Ok(()));
        assert!(check_move(c, Confirmed, Ready).is_err());
        assert!(check_move(c, Collected, ReadyForCollection).is_err());
        assert_eq!(
            customer_steps(c),
            vec![New, Confirmed, ReadyForCollection, Collected]
        );
        assert_eq!(
            customer_steps(Method::Delivery),
            vec![New, Confirmed, OutForDelivery, Delivered]
        );
    }

    #[test]
    fn moves_offer_exactly_what_check_move_allows() {
        for method in Method::ALL {
            for from in OrderStatus::ALL {
                let moves = moves(method, from);
                let offered: Vec<OrderStatus> = moves
                    .next
                    .into_iter()
                    .chain(moves.later.iter().copied())
                    .chain(moves.back)
                    .collect();
                for to in OrderStatus::ALL {
                    assert_eq!(
                        offered.contains(&to),
                        check_move(method, from, to).is_ok(),
                        "{method:?} {from:?} → {to:?}"
                    );
                }
            }
        }
        let m = moves(Method::Delivery, Confirmed);
        assert_eq!(m.next, Some(Ready));
        assert_eq!(m.later, vec![OutForDelivery, Delivered]);
        assert_eq!(m.back, Some(New));
    }

    #[test]
    fn only_unfinished_past_orders_are_overdue() {
        let today = Date::parse("2026-12-14").unwrap();
        let yesterday = Date::parse("2026-12-13").unwrap();
        assert!(is_overdue(yesterday, today, Ready));
        assert!(!is_overdue(yesterday, today, Delivered));
        assert!(!is_overdue(today, today, New));
    }

    #[test]
    fn the_customer_hears_of_the_steps_that_matter_to_them() {
        let told: Vec<OrderStatus> = OrderStatus::ALL
            .into_iter()
            .filter(|s| s.tells_customer())
            .collect();
        assert_eq!(
            told,
            vec![
                Confirmed,
                OutForDelivery,
                ReadyForCollection,
                Delivered,
                Collected
            ]
        );
    }

    fn lines() -> Vec<RefundableLine> {
        vec![
            RefundableLine {
                name: "Peony Posy (Large)".into(),
                unit_price: Money::from_pence(4500),
                remaining: 2,
            },
            RefundableLine {
                name: "Vase".into(),
                unit_price: Money::from_pence(1200),
                remaining: 1,
            },
        ]
    }

    /// [`check_refund`] on a payment with plenty left.
    fn check(
        lines: &[RefundableLine],
        fee_left: Money,
        choice: &RefundChoice,
    ) -> Result<CheckedRefund, String> {
        check_refund(
            lines,
            fee_left,
            choice,
            Money::from_pence(100_000),
            Money::ZERO,
        )
    }

    #[test]
    fn a_refund_adds_up_what_was_chosen() {
        let refund = check(
            &lines(),
            Money::from_pence(800),
            &RefundChoice {
                quantities: vec![1, 0],
                delivery: false,
            },
        )
        .unwrap();
        assert_eq!(refund.amount, Money::from_pence(4500));
        assert_eq!(refund.what, "1 × Peony Posy (Large)");
        assert!(!refund.everything);

        let all = check(
            &lines(),
            Money::from_pence(800),
            &RefundChoice {
                quantities: vec![2, 1],
                delivery: true,
            },
        )
        .unwrap();
        assert_eq!(all.amount, Money::from_pence(9000 + 1200 + 800));
        assert_eq!(all.what, "2 × Peony Posy (Large), 1 × Vase, delivery");
        assert!(all.everything);
    }

    #[test]
    fn a_refund_never_gives_back_more_than_is_left() {
        let fee = Money::from_pence(800);
        let choose = |quantities: Vec<u32>, delivery| RefundChoice {
            quantities,
            delivery,
        };
        assert_eq!(
            check(&lines(), fee, &choose(vec![3, 0], false)),
            Err("Only 2 of Peony Posy (Large) can still be refunded.".into())
        );
        let mut spent = lines();
        spent[1].remaining = 0;
        assert_eq!(
            check(&spent, fee, &choose(vec![0, 1], false)),
            Err("Vase has already been refunded.".into())
        );
        assert_eq!(
            check(&lines(), Money::ZERO, &choose(vec![0, 0], true)),
            Err("There is no delivery charge left to refund.".into())
        );
        assert_eq!(
            check(&lines(), fee, &choose(vec![0, 0], false)),
            Err("Please choose what to refund: an item, or the delivery charge.".into())
        );
        assert!(check(&lines(), fee, &choose(vec![1], false)).is_err());
    }

    #[test]
    fn a_refund_never_gives_back_more_than_is_left_of_the_payment() {
        let pounds = |p: i64| Money::from_pence(p * 100);
        assert_eq!(check_money_left(pounds(20), pounds(50), pounds(30)), Ok(()));
        let why = check_money_left(pounds(21), pounds(50), pounds(30)).unwrap_err();
        assert!(
            why.starts_with("Only £20.00 of this order's payment is left"),
            "{why}"
        );
        // A refund of lines is checked against the money left too.
        let one = RefundChoice {
            quantities: vec![1, 0],
            delivery: false,
        };
        let why = check_refund(&lines(), Money::ZERO, &one, pounds(50), pounds(30)).unwrap_err();
        assert!(
            why.starts_with("Only £20.00 of this order's payment"),
            "{why}"
        );
        let why = check_money_left(pounds(1), pounds(50), pounds(50)).unwrap_err();
        assert_eq!(
            why,
            "Everything paid for this order has already been given back."
        );
    }
}
