//! The letters about a gift voucher: the voucher itself (to the recipient, or to the buyer to
//! print), with its code, value, message, last day and a card to print; and the buyer's receipt.

use posy_core::Money;
use posy_core::calendar::Date;
use posy_core::studio::StudioFacts;

use crate::mail::Letter;
use crate::mail::letters::sign_off;
use crate::store::entities::voucher;

/// A card laid out in plain text, to print and put in an envelope.
fn card(row: &voucher::Model, studio: &StudioFacts) -> String {
    let last =
        Date::parse(&row.expires_on).map_or_else(|| row.expires_on.clone(), Date::day_month_year);
    let to = row
        .recipient_name
        .as_deref()
        .map(|name| format!("For {name}\n"))
        .unwrap_or_default();
    let message = if row.message.is_empty() {
        String::new()
    } else {
        format!("\n{}\n", row.message)
    };
    format!(
        "------------------------------------------------------------\n\
         {} gift voucher\n\n\
         {to}{}\n\
         Code: {}\n\
         {message}\n\
         From {}. Spend it on flowers or a workshop by {last}, online or in the studio.\n\
         ------------------------------------------------------------\n",
        studio.name,
        Money::from_pence(row.value_pence).display(),
        row.code,
        row.buyer_name,
    )
}

/// The voucher, to whoever is to have it: the recipient, or the buyer to print and give.
pub fn voucher_letter(row: &voucher::Model, studio: &StudioFacts, public_url: &str) -> Letter {
    let value = Money::from_pence(row.value_pence).display();
    let shop = public_url.trim_end_matches('/');
    let (greeting, opening) = match &row.recipient_name {
        Some(name) => (
            name.clone(),
            format!(
                "{} has sent you a {value} gift voucher for {}.",
                row.buyer_name, studio.name
            ),
        ),
        None => (
            row.buyer_name.clone(),
            format!(
                "Here is your {value} gift voucher for {}, ready to print and give.",
                studio.name
            ),
        ),
    };
    Letter {
        subject: format!("A {value} gift voucher for {}", studio.name),
        body: format!(
            "Dear {greeting},\n\n{opening}\n\nUse the code at the checkout of {shop}/shop, in \
             the box \"Gift voucher or offer code\", or bring it to the studio. What you do not \
             spend stays on the voucher. See what is left at {shop}/gift-vouchers/balance.\n\n\
             Print this card:\n\n{}\n{}",
            card(row, studio),
            sign_off(studio),
        ),
    }
}

/// The buyer's receipt: what was bought, and when it goes.
pub fn receipt(row: &voucher::Model, studio: &StudioFacts) -> Letter {
    let value = Money::from_pence(row.value_pence).display();
    let when = Date::parse(&row.send_on).map_or_else(|| row.send_on.clone(), Date::display);
    let goes = match (&row.recipient_name, &row.recipient_email) {
        (Some(name), Some(email)) => {
            format!("We will e-mail it to {name} ({email}) on {when} at 8am.")
        }
        _ => format!("We will e-mail it to you to print on {when} at 8am."),
    };
    Letter {
        subject: format!("Your {value} gift voucher from {}", studio.name),
        body: format!(
            "Dear {},\n\nThank you: we have received your payment of {value} for a gift \
             voucher. {goes}\n\n{}",
            row.buyer_name,
            sign_off(studio),
        ),
    }
}

/// The customer's word that part of a refund went back on the gift voucher that paid for it
/// (the card's part, if any, is told when the provider has given it back).
pub fn voucher_refunded(
    studio: &StudioFacts,
    first_name: &str,
    reference: &str,
    amount: Money,
    code_hint: &str,
    cancelled: bool,
) -> Letter {
    let subject = if cancelled {
        format!("Your order {reference} has been cancelled")
    } else {
        format!("A refund on your order {reference}")
    };
    Letter {
        subject,
        body: format!(
            "Dear {first_name},\n\nWe have put {} back on your gift voucher {code_hint}, which \
             paid for your order; it is there to spend now. Anything paid by card comes back \
             to the card, and we will write again when it has.\n\nOrder {reference}\nIf you \
             have any questions, just reply to this e-mail.\n\n{}",
            amount.display(),
            sign_off(studio)
        ),
    }
}
