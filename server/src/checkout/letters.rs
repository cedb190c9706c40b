//! The studio's letters about a payment that could not become an order.

use crate::mail::Letter;

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
