//! The shop's own mail: what each message says and its subject, in one place, built from the
//! values the domain modules already hold.

use posy_core::Money;
use posy_core::checkout::CheckoutForm;
use posy_core::enquiry::Enquiry;
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
             With love from the studio,\n{} {}, {}\n",
            customer.first_name,
            summary(order),
            customer.address,
            customer.city,
            customer.postcode,
            studio.name,
            studio.tagline,
            studio.town,
        ),
    }
}

/// The studio's notice of a paid order: who, what and where to.
pub fn new_order(order: &OrderFacts) -> Letter {
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
            "A new order has been paid for.\n\n{warning}Order {reference}\nPayment {payment}\n\n{}\n\
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
