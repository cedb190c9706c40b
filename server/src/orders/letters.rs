//! The customer's and the studio's letters about an order: what each says and its subject,
//! built from the values the order's code already holds. Where the flowers go always comes
//! from the order's own choice, never from the buyer's billing details.

use posy_core::Money;
use posy_core::calendar::Date;
use posy_core::checkout::CheckoutForm;
use posy_core::order::OrderStatus;
use posy_core::schedule::Method;
use posy_core::studio::StudioFacts;
use posy_core::workshop::{self, CancellationRule};

use crate::cart::PricedLine;
use crate::cart::fulfilment::{Charge, Described};
use crate::mail::Letter;
use crate::mail::letters::sign_off;
use crate::store::entities::{workshop as workshops, workshop_booking};

/// What an order mail says about the order itself.
pub struct OrderFacts<'a> {
    /// The studio's reference, e.g. `FS-000123`.
    pub reference: &'a str,
    /// The provider's payment id.
    pub payment: &'a str,
    pub customer: &'a CheckoutForm,
    pub lines: &'a [PricedLine],
    /// The delivery fee and slot surcharge, part of the total.
    pub charge: Charge,
    /// Delivery or collection as chosen; none for an order placed without a choice.
    pub fulfilment: Option<Described>,
    pub total: Money,
    /// The details came from the card's billing details and did not pass the checkout's
    /// rules: the studio should check them before delivering.
    pub check_details: bool,
}

/// The shopper's confirmation, with the link to their order and how long it works, signed
/// with the studio's facts as they are now. Where the flowers go comes from the order's own
/// choice (the recipient's address, or the studio's for a collection); the buyer's own address
/// is shown only as the billing address it is.
pub fn order_confirmation(
    order: &OrderFacts,
    studio: &StudioFacts,
    link: &str,
    link_days: i64,
) -> Letter {
    let OrderFacts {
        reference,
        customer,
        ..
    } = order;
    let promise = match &order.fulfilment {
        Some(choice) => match choice.method {
            Method::Delivery => format!(
                "We will deliver your flowers to {} on {}.",
                choice.form.recipient_name,
                choice.when()
            ),
            Method::Collection => format!(
                "Your flowers will be ready to collect from the studio on {}.",
                choice.when()
            ),
        },
        None => "Your flowers will be ready to collect from the studio; we will call you to \
                 agree the day."
            .to_owned(),
    };
    Letter {
        subject: format!("Your order {reference} with {}", studio.name),
        body: format!(
            "Dear {},\n\nThank you for your order. We have received your payment. \
             {promise}\n\nOrder {reference}\n\n{}\n{}{}\
             See your order at any time:\n{link}\n(The link works for {link_days} days.)\n\n\
             {}",
            customer.first_name,
            summary(order),
            handover(order.fulfilment.as_ref(), studio),
            billing(customer, "Billing address"),
            sign_off(studio),
        ),
    }
}

/// The studio's notice of a paid order: who, what and where to. Answers go to the customer.
pub fn new_order(order: &OrderFacts, studio: &StudioFacts, admin_link: &str) -> Letter {
    let OrderFacts {
        reference,
        payment,
        customer,
        total,
        check_details,
        ..
    } = order;
    let (flag, warning) = if *check_details {
        (
            " (check details)",
            "CHECK DETAILS: this order was placed from the card's billing details, which were \
             incomplete or malformed; what could be kept is below. Please contact the customer \
             before delivering.\n\n",
        )
    } else {
        ("", "")
    };
    Letter {
        subject: format!("New order {reference}{flag}: {}", total.display()),
        body: format!(
            "A new order has been paid for.\n\n{warning}Order {reference}\nOpen it in the back \
             office: {admin_link}\nPayment {payment}\n\n{}\n{}\
             Ordered by:\n  {} {}\n  {}\n  {}\n{}",
            summary(order),
            handover(order.fulfilment.as_ref(), studio),
            customer.first_name,
            customer.last_name,
            customer.email,
            customer.phone,
            billing(customer, "Billing address (not the delivery address)"),
        ),
    }
}

/// The lines and total as mail shows them.
fn summary(order: &OrderFacts) -> String {
    let mut text = String::new();
    for line in order.lines {
        text.push_str(&format!(
            "  {} x {}  {}\n",
            line.quantity,
            line.label(),
            line.total().display()
        ));
    }
    if order.charge.delivery > Money::ZERO {
        text.push_str(&format!(
            "  Delivery  {}\n",
            order.charge.delivery.display()
        ));
    }
    if order.charge.surcharge > Money::ZERO {
        text.push_str(&format!(
            "  Delivery time  {}\n",
            order.charge.surcharge.display()
        ));
    }
    text.push_str(&format!("  Total  {}\n", order.total.display()));
    text
}

/// Where and when the flowers go, taken from the order's choice only: the recipient and their
/// address for a delivery, the studio's address and the time for a collection, then the card.
/// An order placed without a choice (a client that knows only the specification's calls) is
/// collected, on a day the studio agrees with the customer.
fn handover(fulfilment: Option<&Described>, studio: &StudioFacts) -> String {
    let mut text = String::new();
    match fulfilment {
        Some(choice) => {
            for line in choice.lines() {
                text.push_str(&format!("{line}\n"));
            }
            if choice.method == Method::Collection {
                text.push_str(&format!("From: {}\n", studio_address(studio)));
            }
        }
        None => text.push_str(&format!(
            "Collection from the studio, on a day agreed by phone.\nFrom: {}\n",
            studio_address(studio)
        )),
    }
    text.push('\n');
    text
}

/// The buyer's own address, under a heading that says it is theirs and not where the flowers
/// go; nothing when the order has none (a phone order).
fn billing(customer: &CheckoutForm, heading: &str) -> String {
    let parts: Vec<&str> = [&customer.address, &customer.city, &customer.postcode]
        .into_iter()
        .map(|part| part.trim())
        .filter(|part| !part.is_empty())
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!("{heading}:\n  {}\n\n", parts.join(", "))
    }
}

/// The studio's address on one line: `Posy, 1 Hartcliffe Way, Bristol BS14 8SJ`.
pub fn studio_address(studio: &StudioFacts) -> String {
    std::iter::once(studio.name.clone())
        .chain(studio.address())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The customer's news of their order's step (core's `tells_customer` steps), with the link
/// to their order page, which shows every step with its time.
pub fn order_progress(
    studio: &StudioFacts,
    first_name: &str,
    reference: &str,
    step: OrderStatus,
    fulfilment: Option<&Described>,
    link: &str,
) -> Letter {
    let delivery = fulfilment.filter(|d| d.method == Method::Delivery);
    let collection = fulfilment.filter(|d| d.method == Method::Collection);
    let (subject, news) = match step {
        OrderStatus::Confirmed => (
            format!("Your order {reference} is confirmed"),
            match (delivery, collection) {
                (Some(d), _) => format!(
                    "We have confirmed your order and will deliver your flowers to {} at {} on \
                     {}.",
                    d.form.recipient_name,
                    d.address(),
                    d.when()
                ),
                (_, Some(c)) => format!(
                    "We have confirmed your order. Your flowers will be ready to collect from \
                     the studio ({}) on {}.",
                    studio_address(studio),
                    c.when()
                ),
                _ => "We have confirmed your order and will start on your flowers soon.".to_owned(),
            },
        ),
        OrderStatus::OutForDelivery => (
            format!("Your flowers are on their way ({reference})"),
            match delivery {
                Some(d) => format!(
                    "Your order has left the studio and is on its way to {} at {} today.",
                    d.form.recipient_name,
                    d.address()
                ),
                None => "Your order has left the studio and is out for delivery today.".to_owned(),
            },
        ),
        OrderStatus::ReadyForCollection => (
            format!("Your order {reference} is ready to collect"),
            match collection {
                Some(c) if !c.form.collection_time.is_empty() => format!(
                    "Your flowers are ready. Collect them from the studio ({}) on {} from {}.",
                    studio_address(studio),
                    c.day,
                    c.form.collection_time
                ),
                _ => format!(
                    "Your flowers are ready to collect from the studio ({}).",
                    studio_address(studio)
                ),
            },
        ),
        OrderStatus::Delivered => (
            format!("Your order {reference} has been delivered"),
            match delivery {
                Some(d) => format!(
                    "Your flowers have been delivered to {} at {}. We hope they bring a lot of \
                     joy.",
                    d.form.recipient_name,
                    d.address()
                ),
                None => {
                    "Your flowers have been delivered. We hope they bring a lot of joy.".to_owned()
                }
            },
        ),
        OrderStatus::Collected => (
            format!("Thank you for collecting your order {reference}"),
            "Your flowers have been collected. We hope they bring a lot of joy.".to_owned(),
        ),
        other => (
            format!("Your order {reference}: {}", other.label().to_lowercase()),
            format!("Your order is now {}.", other.label().to_lowercase()),
        ),
    };
    Letter {
        subject,
        body: format!(
            "Dear {first_name},\n\n{news}\n\nOrder {reference}\nSee where your order is at any \
             time:\n{link}\n\n{}",
            sign_off(studio)
        ),
    }
}

/// The customer's news of money given back on their order, or of its cancellation.
pub fn order_refunded(
    studio: &StudioFacts,
    first_name: &str,
    reference: &str,
    amount: Option<Money>,
    what: &str,
    cancelled: bool,
    by_card: bool,
) -> Letter {
    let subject = if cancelled {
        format!("Your order {reference} has been cancelled")
    } else {
        format!("A refund on your order {reference}")
    };
    let opening = if cancelled {
        "We have cancelled your order."
    } else {
        "We have given back part of your order."
    };
    let money = match amount {
        Some(amount) if by_card => format!(
            " We are refunding {} ({what}) to the card you paid with; banks usually take 5 to \
             10 working days to show it.",
            amount.display()
        ),
        Some(amount) => format!(
            " We will give you back {} ({what}) the way you paid.",
            amount.display()
        ),
        None => String::new(),
    };
    Letter {
        subject,
        body: format!(
            "Dear {first_name},\n\n{opening}{money}\n\nOrder {reference}\nIf you have any \
             questions, just reply to this e-mail.\n\n{}",
            sign_off(studio)
        ),
    }
}

/// The studio's notice that the payment provider keeps refusing a refund: the customer is
/// still owed it. Sent once, when the refund becomes failing.
pub fn refund_failing(
    reference: &str,
    amount: Money,
    what: &str,
    attempts: i32,
    last_error: &str,
    admin_link: &str,
) -> Letter {
    Letter {
        subject: format!(
            "A refund on {reference} keeps failing: {}",
            amount.display()
        ),
        body: format!(
            "The payment provider has refused the refund of {} ({what}) on order {reference} \
             {attempts} times. Its last answer was:\n\n  {last_error}\n\nThe shop will go on \
             asking once an hour, but the customer is still waiting for their money. Please \
             look at the payment in the provider's dashboard, or give the money back another \
             way and then mark the refund as settled on the order's page:\n{admin_link}\n",
            amount.display()
        ),
    }
}

/// The studio's notice that money given back on a payment outside the shop (in the provider's
/// dashboard, most likely) was taken as a refund the provider had been refusing, which the shop
/// then stopped asking for.
pub fn refund_taken_as_given(
    reference: &str,
    amount: Money,
    what: &str,
    admin_link: &str,
) -> Letter {
    Letter {
        subject: format!(
            "A refund on {reference} was given back outside the shop: {}",
            amount.display()
        ),
        body: format!(
            "The payment provider had been refusing the shop's refund of {amount} ({what}) on \
             order {reference}. It now reports more money given back on that payment than the \
             shop's own refunds, most likely a refund made in its dashboard. The shop takes \
             that as this refund given back, tells the customer so, and no longer asks the \
             provider for it, so the money cannot go out twice.\n\nIf the money given back \
             was for something else, the customer is still owed {amount}: refund it again \
             from the order's page:\n{admin_link}\n",
            amount = amount.display()
        ),
    }
}

/// The studio's notice that a refused refund is asked for no more: `given` came back through
/// the provider outside the shop, less than the refund's `amount`.
pub fn refund_held_back(
    reference: &str,
    given: Money,
    amount: Money,
    what: &str,
    admin_link: &str,
) -> Letter {
    let rest = amount.checked_sub(given).unwrap_or(Money::ZERO);
    Letter {
        subject: format!("A refund on {reference} is waiting for you"),
        body: format!(
            "The payment provider had been refusing the shop's refund of {amount} ({what}) on \
             order {reference}. It now reports {given} given back on that payment beyond the \
             shop's own refunds, most likely a refund made in its dashboard. The shop no longer \
             asks the provider for its refund, so the customer cannot be paid twice.\n\nGive \
             back what the customer is still owed in the provider's dashboard: the other {rest} \
             if the {given} was part of this refund, the whole {amount} if it was for something \
             else. Once the provider reports enough, the refund counts as given back and the \
             customer is told. If you give it back another way, mark it so on the order's \
             page:\n{admin_link}\n",
            amount = amount.display(),
            given = given.display(),
            rest = rest.display(),
        ),
    }
}

/// The studio's notice of a dispute or a fraud warning on an order's payment (`what`: the
/// alert in words, saying what to do and by when). Sent once, when it is first heard of.
pub fn payment_alert(reference: &str, what: &str, admin_link: &str) -> Letter {
    Letter {
        subject: format!("Stripe's news of the payment for {reference}"),
        body: format!(
            "Stripe has sent news of the payment for order {reference}:\n\n{what}\n\nThe \
             order's page shows it, with its history:\n{admin_link}\n"
        ),
    }
}

/// A booking's line on its order: `Christmas wreath making, Saturday 4 December 2027`.
pub fn seat_label(workshop: &workshops::Model) -> String {
    match Date::parse(&workshop.date) {
        Some(day) => format!("{}, {}", workshop.title, day.long()),
        None => workshop.title.clone(),
    }
}

/// The names on a booking, as kept (a JSON array).
pub fn booking_names(booking: &workshop_booking::Model) -> Vec<String> {
    serde_json::from_str(&booking.names).unwrap_or_default()
}

/// What a booking owes, as core says it: `You paid £20.00. The balance of £25.00 is due by …`;
/// once its balance is received (online or in the studio), that it is paid in full, so a
/// confirmation read again afterwards never asks for money already taken.
pub fn booking_owed(booking: &workshop_booking::Model) -> String {
    if booking.balance_paid_at.is_some() && booking.balance_pence > 0 {
        return workshop::paid_in_full_sentence(
            Money::from_pence(booking.paid_pence),
            Money::from_pence(booking.balance_pence),
        );
    }
    workshop::owed_sentence(
        Money::from_pence(booking.paid_pence),
        Money::from_pence(booking.balance_pence),
        booking.balance_due.as_deref().and_then(Date::parse),
    )
}

/// `1 seat`, `3 seats`.
fn seats(n: i32) -> String {
    if n == 1 {
        "1 seat".to_owned()
    } else {
        format!("{n} seats")
    }
}

/// `Of what you paid, £20.00 was by gift voucher.` after a space; nothing for none.
fn by_voucher_sentence(by_voucher: Money) -> String {
    if by_voucher > Money::ZERO {
        format!(
            " Of what you paid, {} was by gift voucher.",
            by_voucher.display()
        )
    } else {
        String::new()
    }
}

/// The booker's confirmation: the workshop, when and where, what was paid (and how much of it
/// `by_voucher`) and what is still due by when, the names, what to bring and the cancellation
/// rule.
pub fn booking_confirmation(
    reference: &str,
    workshop: &workshops::Model,
    booking: &workshop_booking::Model,
    by_voucher: Money,
    studio: &StudioFacts,
    link: &str,
) -> Letter {
    let names = booking_names(booking);
    let first = names
        .first()
        .and_then(|n| n.split_whitespace().next())
        .unwrap_or("there");
    let place = if workshop.place.trim().is_empty() {
        studio.address().join(", ")
    } else {
        workshop.place.clone()
    };
    let reminder = if booking.balance_pence > 0 {
        " We will email you a week before it is due with a link to pay it."
    } else {
        ""
    };
    let bring = if workshop.what_to_bring.trim().is_empty() {
        String::new()
    } else {
        format!("What to bring: {}\n", workshop.what_to_bring.trim())
    };
    let rule = match (
        CancellationRule::parse(&workshop.cancellation),
        booking.balance_due.as_deref().and_then(Date::parse),
    ) {
        (Some(rule), Some(due)) => format!("{}\n", rule.words(due)),
        _ => String::new(),
    };
    Letter {
        subject: format!("Your booking {reference}: {}", workshop.title),
        body: format!(
            "Dear {first},\n\nThank you for booking {} on {}, {} at {}.\n\n{}{}{reminder}\n\n\
             Booking {reference}\nNames: {}\n{bring}{rule}\nSee your booking at any time:\n\
             {link}\n\n{}",
            seats(booking.seats),
            seat_label(workshop),
            workshop.time,
            place,
            booking_owed(booking),
            by_voucher_sentence(by_voucher),
            names.join(", "),
            sign_off(studio),
        ),
    }
}

/// The studio's notice of a booking: who, how many and what they owe. Answers go to the booker.
pub fn new_booking(
    reference: &str,
    workshop: &workshops::Model,
    booking: &workshop_booking::Model,
    by_voucher: Money,
    admin_link: &str,
) -> Letter {
    let note = if booking.note.trim().is_empty() {
        String::new()
    } else {
        format!("Note (allergies, access): {}\n", booking.note.trim())
    };
    Letter {
        subject: format!("New booking {reference}: {}", workshop.title),
        body: format!(
            "{} booked on {}.\nNames: {}\nEmail: {}\nPhone: {}\n{note}{}{}\n\n{admin_link}\n",
            seats(booking.seats),
            seat_label(workshop),
            booking_names(booking).join(", "),
            booking.email,
            booking.phone,
            booking_owed(booking),
            by_voucher_sentence(by_voucher),
        ),
    }
}

/// The studio's notice that a booking's balance was paid after the booking was cancelled and
/// is being given back on its own payment, by itself.
pub fn late_balance_refunded(
    reference: &str,
    workshop: &workshops::Model,
    booking: &workshop_booking::Model,
    admin_link: &str,
) -> Letter {
    Letter {
        subject: format!("Balance refunded for cancelled booking {reference}"),
        body: format!(
            "The balance of {} for {} on {} (booking {reference}, {}) was paid after the \
             booking was cancelled. Posy is refunding it to the card it came from; nothing \
             needs doing.\n\nThe order's page shows the refund:\n{admin_link}\n",
            Money::from_pence(booking.balance_pence).display(),
            seats(booking.seats),
            seat_label(workshop),
            booking.email,
        ),
    }
}

/// The booker's note that the balance was received.
pub fn balance_received(
    reference: &str,
    workshop: &workshops::Model,
    booking: &workshop_booking::Model,
    studio: &StudioFacts,
) -> Letter {
    Letter {
        subject: format!("Balance received: {}", workshop.title),
        body: format!(
            "Hello,\n\nThank you: we have received the balance of {} for {} on {} \
             (booking {reference}). There is nothing more to pay.\n\nSee you on the day!\n\n{}",
            Money::from_pence(booking.balance_pence).display(),
            seats(booking.seats),
            seat_label(workshop),
            sign_off(studio),
        ),
    }
}

/// The booker's note that a booking was cancelled, and what happens to the money.
pub fn booking_cancelled(
    reference: &str,
    workshop: &workshops::Model,
    booking: &workshop_booking::Model,
    refunded: Option<Money>,
    to_voucher: Money,
    studio: &StudioFacts,
) -> Letter {
    // What went back on the gift voucher that paid part of it is said on its own; the card's
    // sentence is for the rest, and is left out when the voucher took it all.
    let voucher = if refunded.is_some() && to_voucher > Money::ZERO {
        format!(" {} is back on your gift voucher.", to_voucher.display())
    } else {
        String::new()
    };
    let refunded = match refunded {
        Some(amount) if to_voucher > Money::ZERO && amount <= Money::ZERO => {
            let money = if workshop.cancelled_at.is_some() {
                "We are very sorry: the studio has had to cancel the workshop."
            } else {
                ""
            };
            return cancelled_letter(
                reference,
                workshop,
                booking,
                &format!("{money}{voucher}"),
                studio,
            );
        }
        other => other,
    };
    let money = match (workshop.cancelled_at.is_some(), refunded) {
        (true, Some(amount)) => format!(
            "We are very sorry: the studio has had to cancel the workshop. We have refunded {} \
             to your card; it will be back within 5 to 10 working days.",
            amount.display()
        ),
        (false, Some(amount)) => format!(
            "We have refunded {} to your card; it will be back within 5 to 10 working days.",
            amount.display()
        ),
        (_, None) => "Nothing has been refunded to your card: we will be in touch about \
                      what you paid."
            .to_owned(),
    };
    // A balance paid in the studio went into no card: the studio gives it back by hand.
    let in_studio = if refunded.is_some()
        && booking.balance_paid_at.is_some()
        && booking.balance_paid_how.as_deref() == Some("studio")
    {
        format!(
            " The balance of {} you paid in the studio will be given back to you there.",
            Money::from_pence(booking.balance_pence).display()
        )
    } else {
        String::new()
    };
    let money = format!("{money}{voucher}{in_studio}");
    cancelled_letter(reference, workshop, booking, &money, studio)
}

fn cancelled_letter(
    reference: &str,
    workshop: &workshops::Model,
    booking: &workshop_booking::Model,
    money: &str,
    studio: &StudioFacts,
) -> Letter {
    Letter {
        subject: format!("Booking cancelled: {}", workshop.title),
        body: format!(
            "Hello,\n\nYour booking {reference} of {} on {} is cancelled. {}\n\n{}",
            seats(booking.seats),
            seat_label(workshop),
            money.trim(),
            sign_off(studio),
        ),
    }
}

/// The booker's reminder that the balance is due (a week before, or on the day), with the
/// link that pays it.
pub fn balance_reminder(
    reference: &str,
    workshop: &workshops::Model,
    booking: &workshop_booking::Model,
    due: Date,
    on_the_day: bool,
    link: &str,
    studio: &StudioFacts,
) -> Letter {
    let when = if on_the_day {
        "is due today".to_owned()
    } else {
        format!("is due by {}", due.long())
    };
    Letter {
        subject: format!("Your balance for {}", workshop.title),
        body: format!(
            "Hello,\n\nThe balance of {} for {} on {} (booking {reference}) {when}.\n\n\
             Pay it here (you will type your card in again; we keep no card details):\n\
             {link}\n\nOr call us on {} and we will take it by phone.\n\n{}",
            Money::from_pence(booking.balance_pence).display(),
            seats(booking.seats),
            seat_label(workshop),
            studio.phone,
            sign_off(studio),
        ),
    }
}
