//! The florist's choice kept with the cart: delivery or collection, the day and the slot or
//! collection time, the recipient and the card. Core decides whether a choice can be booked and
//! what it costs ([`posy_core::fulfilment`]); this module hands it the cart's facts (the items'
//! total and the notice its pieces need), the studio's settings and the shop's clock, and keeps
//! a choice that passed.

use posy_core::cart::CartId;
use posy_core::fulfilment::{FulfilmentField, FulfilmentForm, Totals};
use posy_core::schedule::Taken;
use posy_core::validation::FormProblems;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use crate::cart::{self, PricedLine};
use crate::clock::Clock;
use crate::delivery;
use crate::entities::cart as carts;

/// Why a choice was not kept.
#[derive(Debug)]
pub enum ChoiceError {
    /// No open cart has that id.
    CartGone,
    /// Nothing in the cart to deliver.
    EmptyCart,
    /// Core's sentences, a field each.
    Form(FormProblems<FulfilmentField>),
    Db(DbErr),
}

impl From<DbErr> for ChoiceError {
    fn from(err: DbErr) -> Self {
        ChoiceError::Db(err)
    }
}

/// The days of notice a cart needs: the most any of its pieces needs.
pub fn lead_days(lines: &[PricedLine]) -> u32 {
    lines
        .iter()
        .map(|line| u32::try_from(line.product.lead_days).unwrap_or(0))
        .max()
        .unwrap_or(0)
}

/// Checks `form` for the cart at the clock's moment and keeps it with the cart; answers what
/// the cart then costs.
pub async fn choose(
    db: &impl ConnectionTrait,
    clock: Clock,
    cart_id: CartId,
    form: FulfilmentForm,
) -> Result<Totals, ChoiceError> {
    let open = carts::Entity::find_by_id(cart_id.to_string())
        .one(db)
        .await?
        .is_some_and(|cart| cart.ordered_at.is_none());
    if !open {
        return Err(ChoiceError::CartGone);
    }
    let lines = cart::priced_lines(db, cart_id).await?;
    if lines.is_empty() {
        return Err(ChoiceError::EmptyCart);
    }
    let settings = delivery::settings(db).await?;
    // No slot or day has a limit in the demo settings; counting the places taken comes with
    // the orders that book them.
    let chosen = form
        .parse(&settings, clock.now(), lead_days(&lines), &Taken::none())
        .map_err(ChoiceError::Form)?;
    let totals = settings.totals(cart::total_of(&lines), &chosen);
    let kept = serde_json::to_string(&form)
        .map_err(|err| DbErr::Custom(format!("the choice cannot be written: {err}")))?;
    let updated = carts::Entity::update_many()
        .col_expr(carts::Column::Fulfilment, Expr::value(kept))
        .filter(carts::Column::Id.eq(cart_id.to_string()))
        .filter(carts::Column::OrderedAt.is_null())
        .exec(db)
        .await?;
    if updated.rows_affected == 0 {
        return Err(ChoiceError::CartGone);
    }
    Ok(totals)
}
