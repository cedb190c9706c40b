//! The simulated card provider: Posy's embedded default, so a shop without Stripe keys takes
//! whole orders offline. It keeps its intents in the database (so any posy process sharing it
//! agrees) and answers the card form with Stripe's own test cards and messages:
//! 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
//! insufficient funds, and 4000 0027 6000 3184 asks for a (simulated) 3-D Secure step.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

use posy_core::cart::CartId;

use super::{
    Billing, Intent, NewIntent, PaymentError, PaymentProvider, PaymentStatus, Provider, Refund,
    Reply,
};
use crate::store::clock::now;
use crate::store::entities::simulated_payment::{self, Entity as SimulatedPayment};
use crate::store::entities::simulated_refund::{self, Entity as SimulatedRefund};

/// The simulated provider over the shop's database.
pub struct SimulatedProvider {
    db: DatabaseConnection,
}

impl SimulatedProvider {
    /// A provider keeping its intents in `db`.
    pub fn new(db: DatabaseConnection) -> SimulatedProvider {
        SimulatedProvider { db }
    }

    /// Pence given back on intent `id`, but by the refund asked with `but` (asked again).
    async fn given(&self, id: &str, but: Option<&str>) -> Result<i64, PaymentError> {
        Ok(SimulatedRefund::find()
            .filter(simulated_refund::Column::PaymentIntentId.eq(id))
            .all(&self.db)
            .await
            .map_err(stored)?
            .iter()
            .filter(|r| Some(r.idempotency_key.as_str()) != but)
            .map(|r| r.amount)
            .sum())
    }
}

impl PaymentProvider for SimulatedProvider {
    fn provider(&self) -> Provider {
        Provider::Simulated
    }

    fn publishable_key(&self) -> Option<String> {
        None
    }

    fn create(&self, new: NewIntent) -> Reply<'_, Intent> {
        Box::pin(async move {
            let NewIntent {
                cart_id,
                amount,
                idempotency_key,
            } = new;
            // The id comes from the idempotency key, so asking twice finds the first intent.
            let id = format!(
                "pi_sim_{}",
                &hex::encode(Sha256::digest(idempotency_key))[..24]
            );
            let row = simulated_payment::ActiveModel {
                id: Set(id.clone()),
                client_secret: Set(format!("{id}_secret_{}", random_hex(16))),
                cart_id: Set(cart_id.to_string()),
                amount: Set(amount),
                currency: Set("gbp".to_owned()),
                status: Set(PaymentStatus::RequiresPaymentMethod.as_str().to_owned()),
                billing_name: Set(None),
                billing_email: Set(None),
                billing_phone: Set(None),
                billing_line1: Set(None),
                billing_city: Set(None),
                billing_postal_code: Set(None),
                refunded: Set(false),
                disputed: Set(false),
                created_at: Set(now()),
            };
            SimulatedPayment::insert(row)
                .on_conflict_do_nothing_on([simulated_payment::Column::Id])
                .exec(&self.db)
                .await
                .map_err(stored)?;
            self.retrieve(&id).await
        })
    }

    fn retrieve<'a>(&'a self, id: &'a str) -> Reply<'a, Intent> {
        Box::pin(async move {
            let row = SimulatedPayment::find_by_id(id)
                .one(&self.db)
                .await
                .map_err(stored)?
                .ok_or(PaymentError::NotFound)?;
            // The flag is set by each refund (so an unrefunded payment costs no second query);
            // a payment marked refunded with no refund itemised was refunded whole, as by hand
            // in a dashboard.
            let refunded = match row.refunded {
                false => 0,
                true => match self.given(id, None).await? {
                    0 => row.amount,
                    given => given,
                },
            };
            Ok(intent_of(row, refunded))
        })
    }

    fn update_amount<'a>(&'a self, id: &'a str, amount: i64) -> Reply<'a, Intent> {
        Box::pin(async move {
            let changed = SimulatedPayment::update_many()
                .col_expr(simulated_payment::Column::Amount, Expr::value(amount))
                .filter(simulated_payment::Column::Id.eq(id))
                .filter(simulated_payment::Column::Status.is_in(UNPAID))
                .exec(&self.db)
                .await
                .map_err(stored)?;
            if changed.rows_affected == 0 {
                return Err(PaymentError::Provider(format!(
                    "intent {id} cannot change its amount now"
                )));
            }
            self.retrieve(id).await
        })
    }

    fn refund<'a>(&'a self, refund: Refund<'a>) -> Reply<'a, ()> {
        Box::pin(async move {
            let id = refund.intent;
            let intent = self.retrieve(id).await?;
            if !intent.succeeded() {
                return Err(PaymentError::Provider(format!(
                    "intent {id} has no payment to refund"
                )));
            }
            let given = self.given(id, Some(refund.idempotency_key)).await?;
            let left = intent.amount - given;
            let amount = refund.amount.unwrap_or(left);
            if amount <= 0 || amount > left {
                // Stripe's own words for it.
                return Err(PaymentError::Provider(format!(
                    "Refund amount ({amount}) is greater than unrefunded amount on charge ({left})"
                )));
            }
            // Kept by its key, as Stripe keeps idempotent requests: asked again, once.
            SimulatedRefund::insert(simulated_refund::ActiveModel {
                idempotency_key: Set(refund.idempotency_key.to_owned()),
                payment_intent_id: Set(id.to_owned()),
                amount: Set(amount),
                created_at: Set(now()),
            })
            .on_conflict_do_nothing_on([simulated_refund::Column::IdempotencyKey])
            .exec_without_returning(&self.db)
            .await
            .map_err(stored)?;
            SimulatedPayment::update_many()
                .col_expr(simulated_payment::Column::Refunded, Expr::value(true))
                .filter(simulated_payment::Column::Id.eq(id))
                .exec(&self.db)
                .await
                .map_err(stored)?;
            Ok(())
        })
    }
}

/// States in which an intent can still be paid or change its amount.
const UNPAID: [&str; 2] = [
    PaymentStatus::RequiresPaymentMethod.as_str(),
    PaymentStatus::RequiresAction.as_str(),
];

/// What the card form sent.
#[derive(Clone, Debug, Default)]
pub struct Card {
    pub number: String,
    /// `MM/YY`.
    pub expiry: String,
    pub cvc: String,
}

/// A refusal, in Stripe.js's shape: a code and a message for the shopper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardError {
    pub code: &'static str,
    pub message: &'static str,
}

const fn card_error(code: &'static str, message: &'static str) -> CardError {
    CardError { code, message }
}

/// What the test card's number makes of a payment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardOutcome {
    Pays,
    NeedsAuthentication,
    Refused(CardError),
}

/// Checks the card form as Stripe's card element does, then answers as Stripe's test cards
/// do. `today` is (year, month).
pub fn judge_card(card: &Card, today: (i32, u32)) -> CardOutcome {
    let number: String = card
        .number
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if number.is_empty() {
        return CardOutcome::Refused(card_error(
            "incomplete_number",
            "Your card number is incomplete.",
        ));
    }
    if !number.chars().all(|c| c.is_ascii_digit()) || !(13..=19).contains(&number.len()) {
        return CardOutcome::Refused(card_error("invalid_number", "Your card number is invalid."));
    }
    if !passes_luhn(&number) {
        return CardOutcome::Refused(card_error("invalid_number", "Your card number is invalid."));
    }
    if let Err(problem) = check_expiry(&card.expiry, today) {
        return CardOutcome::Refused(problem);
    }
    let cvc = card.cvc.trim();
    if !(3..=4).contains(&cvc.len()) || !cvc.chars().all(|c| c.is_ascii_digit()) {
        return CardOutcome::Refused(card_error(
            "incomplete_cvc",
            "Your card's security code is incomplete.",
        ));
    }
    match number.as_str() {
        "4242424242424242" | "4000058260000005" | "5555555555554444" => CardOutcome::Pays,
        "4000002760003184" | "4000002500003155" => CardOutcome::NeedsAuthentication,
        "4000000000000002" => {
            CardOutcome::Refused(card_error("card_declined", "Your card was declined."))
        }
        "4000000000009995" => CardOutcome::Refused(card_error(
            "card_declined",
            "Your card has insufficient funds.",
        )),
        "4000000000000069" => {
            CardOutcome::Refused(card_error("expired_card", "Your card has expired."))
        }
        "4000000000000127" => CardOutcome::Refused(card_error(
            "incorrect_cvc",
            "Your card's security code is incorrect.",
        )),
        _ => CardOutcome::Refused(card_error(
            "card_declined",
            "Your card was declined. This shop is in test mode: please use a test card \
             such as 4242 4242 4242 4242.",
        )),
    }
}

fn passes_luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .chars()
        .rev()
        .filter_map(|c| c.to_digit(10))
        .enumerate()
        .map(|(i, d)| match (i % 2 == 1, d * 2) {
            (true, doubled) if doubled > 9 => doubled - 9,
            (true, doubled) => doubled,
            (false, _) => d,
        })
        .sum();
    sum.is_multiple_of(10)
}

fn check_expiry(expiry: &str, (year, month): (i32, u32)) -> Result<(), CardError> {
    let incomplete = card_error(
        "incomplete_expiry",
        "Your card's expiration date is incomplete.",
    );
    let digits: String = expiry.chars().filter(char::is_ascii_digit).collect();
    if digits.len() != 4 && digits.len() != 6 {
        return Err(incomplete);
    }
    let expiry_month: u32 = digits[..2].parse().map_err(|_| incomplete.clone())?;
    let expiry_year: i32 = match digits.len() {
        4 => 2000 + digits[2..].parse::<i32>().map_err(|_| incomplete.clone())?,
        _ => digits[2..].parse().map_err(|_| incomplete.clone())?,
    };
    if !(1..=12).contains(&expiry_month) {
        return Err(card_error(
            "invalid_expiry_month",
            "Your card's expiration month is invalid.",
        ));
    }
    if expiry_year < year {
        return Err(card_error(
            "invalid_expiry_year_past",
            "Your card's expiration year is in the past.",
        ));
    }
    if expiry_year == year && expiry_month < month {
        return Err(card_error(
            "invalid_expiry_month_past",
            "Your card's expiration date is in the past.",
        ));
    }
    Ok(())
}

/// The (year, month) of a Unix time, in UTC.
pub fn year_month(unix_seconds: i64) -> (i32, u32) {
    match posy_core::calendar::Date::from_days_since_epoch(unix_seconds.div_euclid(86_400)) {
        Some(date) => (date.year(), u32::from(date.month())),
        None => (1970, 1),
    }
}

/// What confirming or authenticating answers: the intent, or a refusal.
pub type Confirmation = Result<Intent, CardError>;

/// Why the simulated card form's call was not taken.
#[derive(Debug)]
pub enum SimulatedError {
    /// The shop takes real payments (Stripe): there is nothing to simulate.
    Off,
    /// No simulated payment has that client secret.
    UnknownSecret,
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for SimulatedError {
    fn from(err: sea_orm::DbErr) -> Self {
        SimulatedError::Db(err)
    }
}

const ALREADY_PAID: CardError = CardError {
    code: "payment_intent_unexpected_state",
    message: "This payment has already been made.",
};
const AUTHENTICATION_FAILED: CardError = CardError {
    code: "payment_intent_authentication_failure",
    message: "We are unable to authenticate your payment method. Please choose a different \
              payment method and try again.",
};

/// Confirms the intent with this client secret using a card, as Stripe.js's
/// confirmCardPayment does.
pub async fn confirm(
    db: &DatabaseConnection,
    client_secret: &str,
    card: &Card,
    billing: &Billing,
) -> Result<Confirmation, SimulatedError> {
    let intent = by_secret(db, client_secret)
        .await?
        .ok_or(SimulatedError::UnknownSecret)?;
    if status_of(&intent) != PaymentStatus::RequiresPaymentMethod {
        return Ok(Err(ALREADY_PAID));
    }
    let status = match judge_card(card, year_month(now())) {
        CardOutcome::Refused(refusal) => return Ok(Err(refusal)),
        CardOutcome::Pays => PaymentStatus::Succeeded,
        CardOutcome::NeedsAuthentication => PaymentStatus::RequiresAction,
    };
    let moved = SimulatedPayment::update_many()
        .col_expr(
            simulated_payment::Column::Status,
            Expr::value(status.as_str()),
        )
        .col_expr(
            simulated_payment::Column::BillingName,
            Expr::value(billing.name.clone()),
        )
        .col_expr(
            simulated_payment::Column::BillingEmail,
            Expr::value(billing.email.clone()),
        )
        .col_expr(
            simulated_payment::Column::BillingPhone,
            Expr::value(billing.phone.clone()),
        )
        .col_expr(
            simulated_payment::Column::BillingLine1,
            Expr::value(billing.line1.clone()),
        )
        .col_expr(
            simulated_payment::Column::BillingCity,
            Expr::value(billing.city.clone()),
        )
        .col_expr(
            simulated_payment::Column::BillingPostalCode,
            Expr::value(billing.postal_code.clone()),
        )
        .filter(simulated_payment::Column::Id.eq(&intent.id))
        .filter(simulated_payment::Column::Status.eq(PaymentStatus::RequiresPaymentMethod.as_str()))
        .exec(db)
        .await?;
    if moved.rows_affected == 0 {
        // Another confirmation of the same intent won the race.
        return Ok(Err(ALREADY_PAID));
    }
    let intent = by_secret(db, client_secret)
        .await?
        .ok_or(SimulatedError::UnknownSecret)?;
    // Just paid: nothing given back yet.
    Ok(Ok(intent_of(intent, 0)))
}

/// Ends the simulated 3-D Secure step: `succeed` pays, otherwise the intent needs a new card.
pub async fn authenticate(
    db: &DatabaseConnection,
    client_secret: &str,
    succeed: bool,
) -> Result<Confirmation, SimulatedError> {
    let intent = by_secret(db, client_secret)
        .await?
        .ok_or(SimulatedError::UnknownSecret)?;
    if status_of(&intent) != PaymentStatus::RequiresAction {
        return Ok(Err(ALREADY_PAID));
    }
    let status = if succeed {
        PaymentStatus::Succeeded
    } else {
        PaymentStatus::RequiresPaymentMethod
    };
    SimulatedPayment::update_many()
        .col_expr(
            simulated_payment::Column::Status,
            Expr::value(status.as_str()),
        )
        .filter(simulated_payment::Column::Id.eq(&intent.id))
        .filter(simulated_payment::Column::Status.eq(PaymentStatus::RequiresAction.as_str()))
        .exec(db)
        .await?;
    if !succeed {
        return Ok(Err(AUTHENTICATION_FAILED));
    }
    let intent = by_secret(db, client_secret)
        .await?
        .ok_or(SimulatedError::UnknownSecret)?;
    // Just paid: nothing given back yet.
    Ok(Ok(intent_of(intent, 0)))
}

async fn by_secret(
    db: &DatabaseConnection,
    client_secret: &str,
) -> Result<Option<simulated_payment::Model>, sea_orm::DbErr> {
    SimulatedPayment::find()
        .filter(simulated_payment::Column::ClientSecret.eq(client_secret))
        .one(db)
        .await
}

/// A stored intent's status; the table only ever holds the ones written here.
fn status_of(row: &simulated_payment::Model) -> PaymentStatus {
    PaymentStatus::parse(&row.status).unwrap_or(PaymentStatus::Canceled)
}

fn intent_of(row: simulated_payment::Model, refunded: i64) -> Intent {
    Intent {
        status: status_of(&row),
        cart_id: CartId::parse(&row.cart_id),
        id: row.id,
        client_secret: row.client_secret,
        amount: row.amount,
        currency: row.currency,
        billing: Billing {
            name: row.billing_name,
            email: row.billing_email,
            phone: row.billing_phone,
            line1: row.billing_line1,
            city: row.billing_city,
            postal_code: row.billing_postal_code,
        },
        refunded,
        disputed: row.disputed,
    }
}

fn stored(err: sea_orm::DbErr) -> PaymentError {
    PaymentError::Provider(format!("simulated payments: {err}"))
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the system has randomness");
    hex::encode(buf)
}
