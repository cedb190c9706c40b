//! The shop's own mail: what each message says and its subject, in one place, built from the
//! values the domain modules already hold.

use posy_core::Money;
use posy_core::checkout::CheckoutForm;
use posy_core::enquiry::Enquiry;
use posy_core::order::OrderStatus;
use posy_core::studio::StudioFacts;

use crate::cart::PricedLine;
use crate::fulfilment::{Charge, Described};

/// A message before it has a recipient.
pub struct Letter {
    pub subject: String,
    pub body: String,
}

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
/// with the studio's facts as they are now.
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
    Letter {
        subject: format!("Your order {reference} with {}", studio.name),
        body: format!(
            "Dear {},\n\nThank you for your order. We have received your payment and will be in \
             touch about delivery.\n\nOrder {reference}\n\n{}\nDelivering to:\n{}\n{}\n{}\n\n\
             See your order at any time:\n{link}\n(The link works for {link_days} days.)\n\n\
             {}",
            customer.first_name,
            summary(order),
            customer.address,
            customer.city,
            customer.postcode,
            sign_off(studio),
        ),
    }
}

/// The studio's notice of a paid order: who, what and where to.
pub fn new_order(order: &OrderFacts, admin_link: &str) -> Letter {
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
             office: {admin_link}\nPayment {payment}\n\n{}\n\
             Customer:\n{} {}\n{}\n{}\n\nDeliver to:\n{}\n{}\n{}\n",
            summary(order),
            customer.first_name,
            customer.last_name,
            customer.email,
            customer.phone,
            customer.address,
            customer.city,
            customer.postcode
        ),
    }
}

/// The studio's warning that a payment which could not become an order was not refunded.
pub fn refund_by_hand(payment: &str, reason: &str) -> Letter {
    Letter {
        subject: "A refund needs doing by hand".to_owned(),
        body: format!(
            "Payment {payment} could not become an order ({reason}) and the automatic refund \
             failed. Please refund it from the payment provider's dashboard.\n"
        ),
    }
}

/// The studio's notice that a payment was refunded instead of becoming an order.
pub fn payment_refunded(payment: &str, reason: &str) -> Letter {
    Letter {
        subject: "A payment was refunded".to_owned(),
        body: format!(
            "Payment {payment} could not become an order and has been refunded in full. The \
             shopper was told: {reason}\n"
        ),
    }
}

/// The studio's copy of an enquiry from the contact form.
pub fn new_enquiry(id: i32, enquiry: &Enquiry) -> Letter {
    let about = enquiry.enquiry_type.as_str();
    let phone = Some(enquiry.phone.as_str()).filter(|p| !p.is_empty());
    Letter {
        subject: format!("New {about} enquiry from {}", enquiry.name),
        body: format!(
            "Enquiry {id} from the website.\n\nName: {}\nEmail: {}\nPhone: {}\n\
             About: {about}\n\n{}\n",
            enquiry.name,
            enquiry.email,
            phone.unwrap_or("(not given)"),
            enquiry.message
        ),
    }
}

/// The studio's reply to an enquiry, signed as the studio, with the enquiry quoted below it.
pub fn enquiry_reply(studio: &StudioFacts, name: &str, asked: &str, reply: &str) -> Letter {
    let quoted: Vec<String> = asked.lines().map(|line| format!("> {line}")).collect();
    Letter {
        subject: format!("Your enquiry to {}", studio.name),
        body: format!(
            "Dear {name},\n\n{reply}\n\n{}\n\nYou wrote:\n{}\n",
            studio.signature(),
            quoted.join("\n")
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
    match &order.fulfilment {
        Some(choice) => {
            text.push('\n');
            for line in choice.lines() {
                text.push_str(&format!("  {line}\n"));
            }
        }
        None => {
            text.push_str("\n  Collection from the studio, on the first day it can be ready.\n")
        }
    }
    text
}

/// The studio's notice that the shop gave up on one of its mails. It names the mail by id and
/// subject; the outbox row holds the recipient and the last error.
pub fn undeliverable(id: i32, subject: &str, tries: i32) -> Letter {
    Letter {
        subject: format!("Mail {id} could not be sent"),
        body: format!(
            "The shop tried {tries} times to send mail {id} (\"{subject}\") and has given up.\n\
             The reason is in the outbox (row {id}); please contact its recipient another way.\n"
        ),
    }
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
    let day = fulfilment.map_or_else(String::new, |d| d.day.clone());
    let (subject, news) = match step {
        OrderStatus::Confirmed => (
            format!("Your order {reference} is confirmed"),
            if day.is_empty() {
                "We have confirmed your order and will start on your flowers soon.".to_owned()
            } else {
                format!("We have confirmed your order and will have your flowers ready for {day}.")
            },
        ),
        OrderStatus::OutForDelivery => (
            format!("Your flowers are on their way ({reference})"),
            "Your order has left the studio and is out for delivery today.".to_owned(),
        ),
        OrderStatus::ReadyForCollection => (
            format!("Your order {reference} is ready to collect"),
            match fulfilment {
                Some(d) if !d.form.collection_time.is_empty() => format!(
                    "Your flowers are ready. Collect them from the studio on {day} from {}.",
                    d.form.collection_time
                ),
                _ => "Your flowers are ready to collect from the studio.".to_owned(),
            },
        ),
        OrderStatus::Delivered => (
            format!("Your order {reference} has been delivered"),
            "Your flowers have been delivered. We hope they bring a lot of joy.".to_owned(),
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

/// How the customer's mails end: `With love from the studio,` and the studio as it is now
/// (`Posy floral studio, Bristol`).
fn sign_off(studio: &StudioFacts) -> String {
    format!(
        "With love from the studio,\n{} {}, {}\n",
        studio.name, studio.tagline, studio.town
    )
}
