//! The checkout's one field, "Gift voucher or offer code": a code applied to a cart is kept on
//! it (`carts.voucher_code`, `carts.offer_code`; one of each at most) and judged again whenever
//! the cart is totalled, since its conditions depend on the day chosen and what is in the cart.
//! Nothing is held here: the voucher's amount and the code's use are held at `check_intent`
//! ([`super::Checkout::payment_for_cart`]), as the stock is. Core does the sums and says every
//! sentence ([`posy_core::offer`], [`posy_core::voucher`]).

use posy_core::Money;
use posy_core::calendar::Date;
use posy_core::cart::CartId;
use posy_core::fulfilment::{FulfilmentForm, Totals};
use posy_core::offer::{
    AppliedOffer, Code, Discount, Handover, ONE_CODE, ONE_VOUCHER, OfferCart, OfferCode, OfferLine,
    Reckoning, UNKNOWN_CODE, Way, judge_codes, reckon,
};
use posy_core::schedule::{Taken, today};
use posy_core::voucher::{VoucherCode, VoucherState, left_sentence};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use crate::cart::holds;
use crate::cart::{self, PricedLine};
use crate::orders::offers::{self, NotApplied};
use crate::orders::vouchers;
use crate::store::clock::Clock;
use crate::store::db::Writer;
use crate::store::entities::{cart as carts, offer_code, workshop_booking};
use crate::studio::delivery;

/// Why a code was not applied, or a cart's codes could not be shown.
#[derive(Debug)]
pub enum CodeError {
    /// No open cart has that id.
    CartGone,
    /// The code was refused: core's sentence.
    Refused(String),
    Db(DbErr),
}

impl From<DbErr> for CodeError {
    fn from(err: DbErr) -> Self {
        CodeError::Db(err)
    }
}

/// Which of the cart's two codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeKind {
    Voucher,
    Offer,
}

/// The voucher applied to a cart, as the checkout shows it.
#[derive(Clone, Debug)]
pub struct VoucherUse {
    pub code: String,
    /// What it has now (other carts' holds taken off).
    pub available: Money,
    /// What it pays of this order.
    pub pays: Money,
    /// What will be left on it after.
    pub left_after: Money,
    pub expires_on: String,
    /// What the ledger says of it, for the checkout to judge it again in the browser.
    pub state: VoucherState,
}

/// The offer code applied to a cart.
#[derive(Clone, Debug)]
pub struct OfferUse {
    pub code: String,
    /// Its terms in a line.
    pub summary: String,
    /// What it takes off this order now.
    pub discount: Money,
    /// Its terms and uses, for the checkout to judge it again in the browser.
    pub applied: AppliedOffer,
}

/// A cart's codes and what the order comes to with them.
#[derive(Clone, Debug)]
pub struct CartCodes {
    pub voucher: Option<VoucherUse>,
    pub offer: Option<OfferUse>,
    /// Sentences for applied codes that do not apply as the cart stands.
    pub problems: Vec<String>,
    pub reckoning: Reckoning,
    /// The cart's lines as an offer sees them (the checkout judges a code again with them).
    pub lines: Vec<OfferLine>,
}

/// The handover day an offer is judged on: the cart's kept choice, or the day the checkout
/// shows before the choice can be kept (while its address is not filled in, say).
#[derive(Clone, Debug, PartialEq)]
pub struct Chosen {
    pub date: Date,
    pub collection: bool,
    /// The delivery's slot, once chosen.
    pub slot: Option<String>,
}

impl Chosen {
    /// The day as the checkout shows it: a method, a day and a slot in their wire forms, read
    /// by core ([`Handover::shown`]). None without a day that is a date: it is only a hint,
    /// never kept.
    pub fn shown(method: &str, date: &str, slot: &str) -> Option<Chosen> {
        let Handover { date, way } = Handover::shown(method, date, slot)?;
        let (collection, slot) = match way {
            Way::Collection => (true, None),
            Way::Delivery(slot) => (false, slot.map(str::to_owned)),
        };
        Some(Chosen {
            date,
            collection,
            slot,
        })
    }

    fn judged(&self) -> Handover<'_> {
        Handover {
            date: self.date,
            way: if self.collection {
                Way::Collection
            } else {
                Way::Delivery(self.slot.as_deref())
            },
        }
    }
}

/// The handover the cart's kept choice names, if any, read as the checkout's shown one is.
pub fn handover(cart: &carts::Model) -> Option<Chosen> {
    Chosen::shown(
        cart.fulfil_method.as_deref().unwrap_or_default(),
        cart.fulfil_date.as_deref()?,
        cart.fulfil_slot.as_deref().unwrap_or_default(),
    )
}

/// What an offer is judged on that the cart holds: its lines as an offer sees them, and the
/// handover day, if any; or a workshop booking's seats.
pub(super) struct OfferBasis {
    lines: Vec<OfferLine>,
    handover: Option<Chosen>,
    workshop: bool,
}

impl OfferBasis {
    /// A workshop booking's seats: one line of what is `due` now (the deposits, or the whole
    /// price), with no handover day. Core refuses the codes that do not fit seats.
    pub(super) fn seats(due: Money) -> OfferBasis {
        OfferBasis {
            lines: vec![OfferLine {
                product: 0,
                shelf: None,
                total: due,
            }],
            handover: None,
            workshop: true,
        }
    }

    /// The cart's basis, on the day `shown` by the checkout if it shows one, else the kept one.
    pub(super) fn of(
        cart: &carts::Model,
        lines: &[PricedLine],
        shown: Option<Chosen>,
    ) -> OfferBasis {
        OfferBasis {
            lines: lines
                .iter()
                .filter(|line| line.unavailable().is_none())
                .map(|line| OfferLine {
                    product: line.product.id,
                    shelf: Some(line.product.category_id),
                    total: line.total(),
                })
                .collect(),
            handover: shown.or_else(|| handover(cart)),
            workshop: false,
        }
    }

    /// The cart as the offer judges it, bought `today` at `totals` (the code's uses are
    /// counted by `offers` itself).
    fn cart(&self, totals: Totals, today: Date) -> OfferCart<'_> {
        OfferCart {
            lines: &self.lines,
            totals,
            today,
            handover: self.handover.as_ref().map(Chosen::judged),
            uses: 0,
            used_by_email: false,
            workshop: self.workshop,
        }
    }
}

/// What the cart's choice costs now (the fee and surcharge fixed on it when its payment was
/// made; else worked out from the delivery settings, without booking anything).
async fn charge(
    db: &impl ConnectionTrait,
    clock: Clock,
    cart: &carts::Model,
    lines: &[PricedLine],
    items: Money,
) -> Result<Totals, DbErr> {
    if let Some(fixed) = crate::cart::fulfilment::fixed_charge(cart) {
        return Ok(fixed.totals(items));
    }
    let Some(kept) = &cart.fulfilment else {
        return Ok(Totals::of(items, Money::ZERO, Money::ZERO));
    };
    let form: FulfilmentForm = serde_json::from_str(kept)
        .map_err(|err| DbErr::Custom(format!("a cart's choice cannot be read: {err}")))?;
    let settings = delivery::settings(db).await?;
    let lead = crate::cart::fulfilment::lead_days(lines);
    Ok(
        match form.parse(&settings, clock.now(), lead, &Taken::none()) {
            Ok(chosen) => settings.totals(items, &chosen),
            Err(_) => Totals::of(items, Money::ZERO, Money::ZERO),
        },
    )
}

/// What a booking's cart pays now for its seats (the deposits, or the whole price): what a
/// voucher or an offer code is judged on. `None` for a cart of flowers.
pub async fn seats_due(db: &impl ConnectionTrait, id: CartId) -> Result<Option<Money>, DbErr> {
    Ok(workshop_booking::Entity::find()
        .filter(workshop_booking::Column::CartId.eq(id.to_string()))
        .filter(workshop_booking::Column::OrderId.is_null())
        .one(db)
        .await?
        .map(|booking| Money::from_pence(booking.paid_pence)))
}

/// The cart's totals and what an offer judges on it: its lines, choice and charge; or, for a
/// booking's cart, its seats.
async fn basis(
    db: &impl ConnectionTrait,
    clock: Clock,
    cart: &carts::Model,
    id: CartId,
    shown: Option<Chosen>,
) -> Result<(Totals, OfferBasis), DbErr> {
    if let Some(due) = seats_due(db, id).await? {
        return Ok((
            Totals::of(due, Money::ZERO, Money::ZERO),
            OfferBasis::seats(due),
        ));
    }
    let lines = cart::priced_lines(db, id).await?;
    let items = cart::payable_total(&lines);
    let totals = charge(db, clock, cart, &lines, items).await?;
    Ok((totals, OfferBasis::of(cart, &lines, shown)))
}

/// The cart's codes, judged as it stands now, on the day `shown` by the checkout when it
/// shows one (else the cart's kept choice).
pub async fn view(
    db: &impl ConnectionTrait,
    clock: Clock,
    id: CartId,
    shown: Option<Chosen>,
) -> Result<CartCodes, CodeError> {
    let cart = carts::Entity::find_by_id(id.to_string())
        .one(db)
        .await?
        .filter(|cart| cart.ordered_at.is_none())
        .ok_or(CodeError::CartGone)?;
    let (totals, basis) = basis(db, clock, &cart, id, shown).await?;
    let now = clock.now();
    let judged_cart = basis.cart(totals, today(now));
    // A code kept on the cart that the shop no longer has (never, as codes are ended rather
    // than deleted, but a voucher may be erased) is named as unknown.
    let mut unknown_offer = false;
    let mut offer = None;
    if let Some(code) = cart.offer_code.as_deref().and_then(OfferCode::parse) {
        match offers::find(db, &code).await? {
            Some(row) => offer = Some((offers::applied(db, &row, Some(&cart.id), now).await?, row)),
            None => unknown_offer = true,
        }
    }
    let mut unknown_voucher = false;
    let mut voucher = None;
    if let Some(code) = cart.voucher_code.as_deref().and_then(VoucherCode::parse) {
        match vouchers::find(db, &code).await? {
            Some(row) => {
                let state = vouchers::state(db, &row, now, Some(&cart.id)).await?;
                voucher = Some((state, row));
            }
            None => unknown_voucher = true,
        }
    }
    let judged = judge_codes(
        offer.as_ref().map(|(applied, _)| applied),
        voucher.as_ref().map(|(state, _)| state),
        &judged_cart,
    );
    let unknown = |yes: bool| yes.then(|| UNKNOWN_CODE.to_owned());
    let problems = unknown(unknown_offer)
        .into_iter()
        .chain(judged.offer_refusal.as_ref().map(ToString::to_string))
        .chain(unknown(unknown_voucher))
        .chain(judged.voucher_refusal.as_ref().map(ToString::to_string))
        .collect();
    let offer = offer.map(|(applied, row)| OfferUse {
        code: row.code,
        summary: applied.terms.summary(),
        discount: judged.discount.total(),
        applied,
    });
    let voucher = voucher.map(|(state, row)| VoucherUse {
        code: row.code,
        available: judged.voucher_available,
        pays: judged.reckoning.voucher,
        left_after: judged.voucher_left_after,
        expires_on: row.expires_on,
        state,
    });
    Ok(CartCodes {
        voucher,
        offer,
        problems,
        reckoning: judged.reckoning,
        lines: basis.lines,
    })
}

/// Applies what was typed to the cart: a voucher with something on it, or an offer code that
/// applies to the cart as it stands, on the day `shown` by the checkout or else the kept one
/// (conditions on a day not chosen yet wait until it is). Answers the cart's codes.
pub async fn apply(
    db: &impl ConnectionTrait,
    writer: &Writer,
    clock: Clock,
    id: CartId,
    typed: &str,
    shown: Option<Chosen>,
) -> Result<CartCodes, CodeError> {
    let code = Code::parse(typed).map_err(|why| CodeError::Refused(why.to_owned()))?;
    let cart = carts::Entity::find_by_id(id.to_string())
        .one(db)
        .await?
        .filter(|cart| cart.ordered_at.is_none())
        .ok_or(CodeError::CartGone)?;
    let now = clock.now();
    let (kind, kept) = match code {
        Code::Voucher(code) => {
            if cart
                .voucher_code
                .as_deref()
                .is_some_and(|kept| kept != code.as_str())
            {
                return Err(CodeError::Refused(ONE_VOUCHER.to_owned()));
            }
            let row = vouchers::find(db, &code)
                .await?
                .ok_or_else(|| CodeError::Refused(UNKNOWN_CODE.to_owned()))?;
            let state = vouchers::state(db, &row, now, Some(&cart.id)).await?;
            state
                .usable(today(now))
                .map_err(|why| CodeError::Refused(why.to_string()))?;
            (CodeKind::Voucher, row.code)
        }
        Code::Offer(code) => {
            if cart
                .offer_code
                .as_deref()
                .is_some_and(|kept| kept != code.as_str())
            {
                return Err(CodeError::Refused(ONE_CODE.to_owned()));
            }
            let row: offer_code::Model = offers::find(db, &code)
                .await?
                .ok_or_else(|| CodeError::Refused(UNKNOWN_CODE.to_owned()))?;
            let (totals, basis) = basis(db, clock, &cart, id, shown.clone()).await?;
            let judged = basis.cart(totals, today(now));
            match offers::judge(db, &row, Some(&cart.id), judged, None, now).await {
                Ok(_) => {}
                Err(NotApplied::Refused(why)) => return Err(CodeError::Refused(why.to_string())),
                Err(NotApplied::Unknown) => {
                    return Err(CodeError::Refused(UNKNOWN_CODE.to_owned()));
                }
                Err(NotApplied::Db(err)) => return Err(err.into()),
            }
            (CodeKind::Offer, row.code)
        }
    };
    keep(writer, id, kind, Some(kept)).await?;
    view(db, clock, id, shown).await
}

/// Takes one of the cart's codes off; answers the cart's codes.
pub async fn remove(
    db: &impl ConnectionTrait,
    writer: &Writer,
    clock: Clock,
    id: CartId,
    kind: CodeKind,
    shown: Option<Chosen>,
) -> Result<CartCodes, CodeError> {
    keep(writer, id, kind, None).await?;
    view(db, clock, id, shown).await
}

/// Writes a code on the cart (or takes it off): a change to what the cart will pay, so it ends
/// the cart's hold, as every cart change does, and the amounts fixed with its payment.
async fn keep(
    writer: &Writer,
    id: CartId,
    kind: CodeKind,
    code: Option<String>,
) -> Result<(), CodeError> {
    writer
        .write(move |txn| {
            Box::pin(async move {
                let column = match kind {
                    CodeKind::Voucher => carts::Column::VoucherCode,
                    CodeKind::Offer => carts::Column::OfferCode,
                };
                let updated = holds::release(carts::Entity::update_many())
                    .col_expr(column, Expr::value(code))
                    .col_expr(carts::Column::VoucherPence, Expr::value(None::<i64>))
                    .col_expr(carts::Column::DiscountPence, Expr::value(None::<i64>))
                    .filter(carts::Column::Id.eq(id.to_string()))
                    .filter(carts::Column::OrderedAt.is_null())
                    .exec(txn)
                    .await?;
                if updated.rows_affected == 0 {
                    return Err(CodeError::CartGone);
                }
                Ok(())
            })
        })
        .await
}

/// The balance look-up's sentence for a typed code, with the voucher's code as kept and what
/// it has; `Err` with the sentence for something that is no voucher.
pub async fn balance(
    db: &impl ConnectionTrait,
    clock: Clock,
    typed: &str,
) -> Result<(VoucherCode, posy_core::voucher::VoucherState, String), CodeError> {
    let code = match Code::parse(typed) {
        Ok(Code::Voucher(code)) => code,
        Ok(Code::Offer(_)) => return Err(CodeError::Refused(UNKNOWN_CODE.to_owned())),
        Err(why) => return Err(CodeError::Refused(why.to_owned())),
    };
    let row = vouchers::find(db, &code)
        .await?
        .ok_or_else(|| CodeError::Refused(UNKNOWN_CODE.to_owned()))?;
    let now = clock.now();
    let state = vouchers::state(db, &row, now, None).await?;
    let sentence = state.look_up(today(now));
    Ok((code, state, sentence))
}

/// `This voucher has £3.50 left.`, for a voucher that cannot pay what a cart held of it.
pub fn short_sentence(left: Money) -> String {
    left_sentence(left)
}

/// Holds for the cart, in the transaction that holds its stock (its hold already written): a
/// use of its offer code and what its voucher pays of what is left to pay; fixes both on the
/// cart; answers the sum. A code that no longer applies is refused with its sentence, before
/// any card is charged. A cart without codes forgets any it held.
pub(super) async fn hold(
    txn: &impl ConnectionTrait,
    now: i64,
    cart: &carts::Model,
    basis: &OfferBasis,
    totals: Totals,
    email: Option<&str>,
) -> Result<Reckoning, super::IntentError> {
    use super::IntentError;
    let day = today(now);
    let discount = match cart.offer_code.as_deref().and_then(OfferCode::parse) {
        Some(code) => {
            let judged = basis.cart(totals, day);
            match offers::hold(txn, &cart.id, &code, judged, email, now).await {
                Ok((discount, _)) => discount,
                Err(NotApplied::Refused(why)) => return Err(IntentError::Code(why.to_string())),
                Err(NotApplied::Unknown) => return Err(IntentError::Code(UNKNOWN_CODE.to_owned())),
                Err(NotApplied::Db(err)) => return Err(err.into()),
            }
        }
        None => {
            offers::forget_holds(txn, &cart.id).await?;
            Discount::default()
        }
    };
    let due = reckon(totals, discount, None).total;
    let available = match cart.voucher_code.as_deref().and_then(VoucherCode::parse) {
        Some(code) => match vouchers::hold(txn, &cart.id, &code, due, now, day).await {
            Ok((held, _)) => Some(held),
            Err(vouchers::NotTaken::Refused(why)) => {
                return Err(IntentError::Code(why.to_string()));
            }
            Err(vouchers::NotTaken::Short(left)) => {
                return Err(IntentError::Code(left_sentence(left)));
            }
            Err(vouchers::NotTaken::Unknown) => {
                return Err(IntentError::Code(UNKNOWN_CODE.to_owned()));
            }
            Err(vouchers::NotTaken::Db(err)) => return Err(err.into()),
        },
        None => {
            vouchers::forget_holds(txn, &cart.id).await?;
            None
        }
    };
    let reckoning = reckon(totals, discount, available);
    carts::Entity::update_many()
        .col_expr(
            carts::Column::VoucherPence,
            Expr::value(reckoning.voucher.pence()),
        )
        .col_expr(
            carts::Column::DiscountPence,
            Expr::value(reckoning.discount.pence()),
        )
        .filter(carts::Column::Id.eq(cart.id.as_str()))
        .exec(txn)
        .await?;
    Ok(reckoning)
}

/// What the cart's payment was made for: its totals with the discount and the voucher's amount
/// fixed at `check_intent`; `None` when a code was applied or taken off since (they are fixed
/// no more), so the order is not placed for a sum nobody was shown.
pub fn fixed(cart: &carts::Model, totals: Totals) -> Option<Reckoning> {
    let has_codes = cart.voucher_code.is_some() || cart.offer_code.is_some();
    let (voucher, discount) = match (cart.voucher_pence, cart.discount_pence) {
        (Some(voucher), Some(discount)) => (voucher, discount),
        _ if has_codes => return None,
        _ => (0, 0),
    };
    let discount = Discount {
        items: Money::from_pence(discount),
        delivery: Money::ZERO,
    };
    Some(reckon(totals, discount, Some(Money::from_pence(voucher))))
}

/// In the order's transaction: the code's use becomes the order's and the voucher's hold is
/// spent on it, the order noting which voucher paid. `Ok(Err(sentence))` when either can no
/// longer be (the caller rolls back).
pub async fn settle(
    txn: &impl ConnectionTrait,
    now: i64,
    cart: &carts::Model,
    order_id: i32,
    email: &str,
    paid: Reckoning,
) -> Result<Result<(), String>, DbErr> {
    let day = today(now);
    if let Some(code) = cart.offer_code.as_deref().and_then(OfferCode::parse) {
        match offers::use_for_order(txn, &cart.id, &code, order_id, email, now).await {
            Ok(()) => {}
            Err(NotApplied::Refused(why)) => return Ok(Err(why.to_string())),
            Err(NotApplied::Unknown) => return Ok(Err(UNKNOWN_CODE.to_owned())),
            Err(NotApplied::Db(err)) => return Err(err),
        }
    }
    let Some(code) = cart.voucher_code.as_deref().and_then(VoucherCode::parse) else {
        return Ok(Ok(()));
    };
    if paid.voucher <= Money::ZERO {
        vouchers::forget_holds(txn, &cart.id).await?;
        return Ok(Ok(()));
    }
    let voucher_id =
        match vouchers::spend(txn, &cart.id, &code, paid.voucher, order_id, now, day).await {
            Ok(id) => id,
            Err(vouchers::NotTaken::Refused(why)) => return Ok(Err(why.to_string())),
            Err(vouchers::NotTaken::Short(left)) => return Ok(Err(left_sentence(left))),
            Err(vouchers::NotTaken::Unknown) => return Ok(Err(UNKNOWN_CODE.to_owned())),
            Err(vouchers::NotTaken::Db(err)) => return Err(err),
        };
    crate::store::entities::order::Entity::update_many()
        .col_expr(
            crate::store::entities::order::Column::VoucherId,
            Expr::value(voucher_id),
        )
        .filter(crate::store::entities::order::Column::Id.eq(order_id))
        .exec(txn)
        .await?;
    Ok(Ok(()))
}
