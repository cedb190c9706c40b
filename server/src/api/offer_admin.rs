//! The back office's offer codes: the list with their uses, a new code, an edit (from the
//! version the page read; 409 when stale) and ending one. A code once used is ended, never
//! deleted, so its orders keep their word. Core checks the terms ([`Offer::problems`]).

use std::borrow::Cow;

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use poem_openapi::{Enum, Object, OpenApi};
use posy_core::Money;
use posy_core::calendar::{Date, Weekday};
use posy_core::offer::{Offer, OfferCode, OfferKind};
use posy_core::voucher::VoucherCode;
use sea_orm::{ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, QueryFilter, Set};
use serde_json::Value;

use super::ApiTags;
use super::auth::AdminSession;
use super::text::Text;
use crate::http::error::{ADMIN, Answer, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::orders::OrderDesk;
use crate::orders::offers::{self, kind_word, weekday_word};
use crate::store::audit::{self, Kind};
use crate::store::clock::now;
use crate::store::db::Writing;
use crate::store::entities::offer_code;

/// The back office's offer codes.
pub struct OfferAdminApi;

/// What an offer takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case")]
pub enum OfferKindWire {
    PercentOff,
    AmountOff,
    FreeDelivery,
}

/// Core's [`Weekday`] as offers name it on the wire: the word the row keeps, `tuesday`.
/// Published by hand, not derived, so that the seven days are listed once, in core.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeekdayWire(pub Weekday);

impl Type for WeekdayWire {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        "WeekdayWire".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Reference(Self::name().into_owned())
    }

    fn register(registry: &mut Registry) {
        registry.create_schema::<Self, _>(Self::name().into_owned(), |_| MetaSchema {
            description: Some("A day of the week, as offers name them."),
            enum_items: Weekday::ALL
                .into_iter()
                .map(|day| Value::String(weekday_word(day)))
                .collect(),
            ..MetaSchema::new("string")
        });
    }

    fn as_raw_value(&self) -> Option<&Self> {
        Some(self)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self> + 'a> {
        Box::new(self.as_raw_value().into_iter())
    }
}

impl ParseFromJSON for WeekdayWire {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        let value = value.unwrap_or_default();
        // Exactly the published word: `Tuesday` or ` tuesday` is not one of the enum's items.
        let day = value
            .as_str()
            .and_then(|word| Weekday::ALL.into_iter().find(|d| weekday_word(*d) == word));
        day.map(WeekdayWire)
            .ok_or_else(|| ParseError::expected_type(value))
    }
}

impl ToJSON for WeekdayWire {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(weekday_word(self.0)))
    }
}

/// An offer code's terms, as the back office sends them.
#[derive(Debug, Object)]
pub struct OfferTerms {
    /// `TUESDAY10`: 3 to 20 letters and digits (spaces and dashes dropped); never the shape of
    /// a gift voucher's code.
    pub code: Text,
    pub kind: OfferKindWire,
    /// For `percent_off`: 1 to 100.
    pub percent: Option<u8>,
    /// For `amount_off`: `5.00`, from 1.00 to 500.00.
    pub amount: Option<Text>,
    /// The items must cost at least this, e.g. `40.00`.
    pub minimum_spend: Option<Text>,
    /// The first day of purchase, `2026-12-01`.
    pub valid_from: Option<Text>,
    /// The last day of purchase.
    pub valid_until: Option<Text>,
    /// The delivery or collection days it is for; empty for any.
    #[oai(default)]
    pub weekdays: Vec<WeekdayWire>,
    /// The delivery slots it is for, by name; empty for any.
    #[oai(default)]
    pub slots: Vec<Text>,
    /// The products it covers (ids); with `shelves`, empty for everything.
    #[oai(default)]
    pub products: Vec<i32>,
    /// The shelves it covers (ids).
    #[oai(default)]
    pub shelves: Vec<i32>,
    /// How many orders may use it in all (1 to 100000); none for no limit.
    pub total_uses: Option<u32>,
    /// One use per e-mail address.
    #[oai(default)]
    pub once_per_email: bool,
}

/// An edit: the terms and the version the page read.
#[derive(Debug, Object)]
pub struct OfferEdit {
    pub version: i32,
    #[oai(flatten)]
    pub terms: OfferTerms,
}

/// `POST /api/admin/offers/{id}/end/`'s body.
#[derive(Debug, Object)]
pub struct OfferEnd {
    pub version: i32,
}

/// An offer code's terms as the shop shows them, to the back office and to the checkout (which
/// judges the code on them again in the browser when the day or slot changes).
#[derive(Debug, Object)]
pub struct OfferTermsView {
    pub kind: OfferKindWire,
    /// Per cent off (1 to 100), for `percent_off`.
    pub percent: Option<u8>,
    /// The amount off, e.g. `5.00`, for `amount_off`.
    pub amount: Option<String>,
    /// The least the items must cost, e.g. `40.00`.
    pub minimum_spend: Option<String>,
    /// The first day of purchase, `2026-12-01`.
    pub valid_from: Option<String>,
    /// The last day of purchase.
    pub valid_until: Option<String>,
    /// The delivery or collection days it is for; empty for any.
    pub weekdays: Vec<WeekdayWire>,
    /// The delivery slots it is for, by name; empty for any.
    pub slots: Vec<String>,
    /// The products it covers; with `shelves` empty too, every item.
    pub products: Vec<i32>,
    /// The shelves it covers.
    pub shelves: Vec<i32>,
}

impl From<&Offer> for OfferTermsView {
    fn from(terms: &Offer) -> Self {
        let (kind, percent, amount) = match &terms.kind {
            OfferKind::PercentOff { percent } => (OfferKindWire::PercentOff, Some(*percent), None),
            OfferKind::AmountOff { amount } => {
                (OfferKindWire::AmountOff, None, Some(amount.to_wire()))
            }
            OfferKind::FreeDelivery => (OfferKindWire::FreeDelivery, None, None),
        };
        OfferTermsView {
            kind,
            percent,
            amount,
            minimum_spend: terms.minimum_spend.map(Money::to_wire),
            valid_from: terms.valid_from.map(Date::to_wire),
            valid_until: terms.valid_until.map(Date::to_wire),
            weekdays: terms.weekdays.iter().copied().map(WeekdayWire).collect(),
            slots: terms.slots.clone(),
            products: terms.products.clone(),
            shelves: terms.shelves.clone(),
        }
    }
}

/// An offer code as the back office lists it.
#[derive(Debug, Object)]
pub struct OfferView {
    pub id: i32,
    pub version: i32,
    pub code: String,
    #[oai(flatten)]
    pub terms: OfferTermsView,
    pub total_uses: Option<i32>,
    pub once_per_email: bool,
    /// Unix seconds: ended by the studio.
    pub ended_at: Option<i64>,
    /// Orders that used it.
    pub uses: u32,
    /// Its terms in a line: `10% off, Tuesday deliveries`.
    pub summary: String,
}

/// Why an offer call was refused.
#[derive(Debug)]
pub enum OfferError {
    Gone,
    Stale,
    /// Sentences, the first shown.
    Refused(Vec<String>),
    /// Another code has that name.
    Taken,
    Db(DbErr),
}

impl From<DbErr> for OfferError {
    fn from(err: DbErr) -> Self {
        OfferError::Db(err)
    }
}

impl From<OfferError> for Problem {
    fn from(err: OfferError) -> Problem {
        match err {
            OfferError::Gone => Problem::new(StatusCode::NOT_FOUND, "There is no such offer code."),
            OfferError::Stale => Problem::new(
                StatusCode::CONFLICT,
                "This offer code was changed meanwhile; reload to see it.",
            ),
            OfferError::Taken => Problem::new(
                StatusCode::CONFLICT,
                "Another offer code already has that name.",
            ),
            OfferError::Refused(why) => Problem::new(
                StatusCode::BAD_REQUEST,
                why.into_iter().next().unwrap_or_default(),
            ),
            OfferError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for OfferError {
    const ANSWERS: &'static [Answer] = &[
        Answer(400, "The terms cannot be saved: core's sentence."),
        Answer(404, "There is no such offer code."),
        Answer(
            409,
            "The code changed since the page read it, or another code has that name.",
        ),
        INTERNAL,
    ];
}

/// Core's terms from what was sent, or the sentences saying what is wrong.
fn parse_terms(terms: &OfferTerms) -> Result<(OfferCode, Offer), OfferError> {
    let refuse = |why: &str| OfferError::Refused(vec![why.to_owned()]);
    if VoucherCode::parse(&terms.code).is_some() {
        return Err(refuse(
            "That looks like a gift voucher's code; choose another name for the offer.",
        ));
    }
    let code = OfferCode::parse(&terms.code)
        .ok_or_else(|| refuse("An offer code is 3 to 20 letters and digits."))?;
    let money = |typed: &Option<Text>, what: &str| -> Result<Option<Money>, OfferError> {
        typed
            .as_ref()
            .map(|t| t.trim())
            .filter(|t| !t.is_empty())
            .map(|t| {
                Money::parse(t).map_err(|_| refuse(&format!("{what} is not an amount like 5.00.")))
            })
            .transpose()
    };
    let day = |typed: &Option<Text>| -> Result<Option<Date>, OfferError> {
        typed
            .as_ref()
            .map(|t| t.trim())
            .filter(|t| !t.is_empty())
            .map(|t| Date::parse(t).ok_or_else(|| refuse("Choose days like 2026-12-31.")))
            .transpose()
    };
    let kind = match terms.kind {
        OfferKindWire::PercentOff => OfferKind::PercentOff {
            percent: terms.percent.unwrap_or(0),
        },
        OfferKindWire::AmountOff => OfferKind::AmountOff {
            amount: money(&terms.amount, "The amount off")?.unwrap_or(Money::ZERO),
        },
        OfferKindWire::FreeDelivery => OfferKind::FreeDelivery,
    };
    let offer = Offer {
        kind,
        minimum_spend: money(&terms.minimum_spend, "The minimum spend")?,
        valid_from: day(&terms.valid_from)?,
        valid_until: day(&terms.valid_until)?,
        weekdays: terms.weekdays.iter().map(|d| d.0).collect(),
        slots: terms
            .slots
            .iter()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect(),
        products: terms.products.clone(),
        shelves: terms.shelves.clone(),
        total_uses: terms.total_uses,
        once_per_email: terms.once_per_email,
    };
    let problems = offer.problems();
    if !problems.is_empty() {
        return Err(OfferError::Refused(problems));
    }
    Ok((code, offer))
}

/// The row's columns from core's terms.
fn columns(row: &mut offer_code::ActiveModel, offer: &Offer) {
    let (percent, amount) = match &offer.kind {
        OfferKind::PercentOff { percent } => (Some(i32::from(*percent)), None),
        OfferKind::AmountOff { amount } => (None, Some(amount.pence())),
        OfferKind::FreeDelivery => (None, None),
    };
    let json = |ids: &[i32]| serde_json::to_string(ids).unwrap_or_else(|_| "[]".into());
    row.kind = Set(kind_word(&offer.kind).to_owned());
    row.percent = Set(percent);
    row.amount_pence = Set(amount);
    row.minimum_spend_pence = Set(offer.minimum_spend.map(Money::pence));
    row.valid_from = Set(offer.valid_from.map(Date::to_wire));
    row.valid_until = Set(offer.valid_until.map(Date::to_wire));
    row.weekdays = Set(offer
        .weekdays
        .iter()
        .map(|d| weekday_word(*d))
        .collect::<Vec<_>>()
        .join(","));
    row.slots = Set(serde_json::to_string(&offer.slots).unwrap_or_else(|_| "[]".into()));
    row.products = Set(json(&offer.products));
    row.shelves = Set(json(&offer.shelves));
    row.total_uses = Set(offer.total_uses.map(|n| n as i32));
    row.once_per_email = Set(offer.once_per_email);
}

/// Why a change to code `id` matched no row: it changed since the page read it, or it is gone.
async fn stale_or_gone(txn: &Writing, id: i32) -> Result<OfferError, DbErr> {
    let exists = offer_code::Entity::find_by_id(id).one(txn).await?.is_some();
    Ok(if exists {
        OfferError::Stale
    } else {
        OfferError::Gone
    })
}

/// Records what `who` did to code `id` in the audit log, in the transaction that did it,
/// commits both, and answers with the code as it now is.
async fn recorded(
    desk: &OrderDesk,
    txn: Writing,
    who: &str,
    id: i32,
    what: &str,
) -> Result<Json<OfferView>, OfferError> {
    let row = offer_code::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(OfferError::Gone)?;
    audit::record(&txn, who, Kind::Offer, &row.code, what).await?;
    txn.commit().await?;
    Ok(Json(view(desk, row).await?))
}

async fn view(desk: &OrderDesk, row: offer_code::Model) -> Result<OfferView, DbErr> {
    let terms = offers::terms(&row);
    let used = offers::used_count(&desk.db, row.id).await?;
    Ok(OfferView {
        id: row.id,
        version: row.version,
        summary: terms.summary(),
        terms: OfferTermsView::from(&terms),
        code: row.code,
        total_uses: row.total_uses,
        once_per_email: row.once_per_email,
        ended_at: row.ended_at,
        uses: used,
    })
}

async fn taken_by_another(
    desk: &OrderDesk,
    code: &OfferCode,
    id: Option<i32>,
) -> Result<bool, DbErr> {
    Ok(offers::find(&desk.db, code)
        .await?
        .is_some_and(|row| Some(row.id) != id))
}

type Changed = Result<Json<OfferView>, Failure<OfferError, { ADMIN | PATH | SEND }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl OfferAdminApi {
    /// Every offer code, newest first, with its uses.
    #[oai(path = "/admin/offers/", method = "get", operation_id = "adminOffers")]
    async fn list(
        &self,
        _admin: AdminSession,
        desk: Data<&OrderDesk>,
    ) -> Result<Json<Vec<OfferView>>, Failure<OfferError, ADMIN>> {
        let mut views = Vec::new();
        for row in offers::all(&desk.db).await.map_err(OfferError::from)? {
            views.push(view(&desk, row).await.map_err(OfferError::from)?);
        }
        Ok(Json(views))
    }

    /// Makes an offer code.
    #[oai(path = "/admin/offers/", method = "post", operation_id = "adminCreateOffer")]
    async fn create(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        body: Json<OfferTerms>,
    ) -> Result<Json<OfferView>, Failure<OfferError, { ADMIN | SEND }>> {
        let (code, offer) = parse_terms(&body)?;
        if taken_by_another(&desk, &code, None)
            .await
            .map_err(OfferError::from)?
        {
            return Err(OfferError::Taken.into());
        }
        let mut row = offer_code::ActiveModel {
            code: Set(code.as_str().to_owned()),
            version: Set(1),
            created_at: Set(now()),
            updated_at: Set(now()),
            ..Default::default()
        };
        columns(&mut row, &offer);
        let txn = desk.ledger.begin().await.map_err(OfferError::from)?;
        let made = match row.insert(&txn).await {
            Ok(made) => made,
            Err(_) => return Err(OfferError::Taken.into()),
        };
        let what = format!("made: {}", offer.summary());
        Ok(recorded(&desk, txn, &admin.0.username, made.id, &what).await?)
    }

    /// Changes an offer code's terms, from the version the page read.
    #[oai(path = "/admin/offers/:id/", method = "put", operation_id = "adminEditOffer")]
    async fn edit(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        body: Json<OfferEdit>,
    ) -> Changed {
        let (code, offer) = parse_terms(&body.terms)?;
        if taken_by_another(&desk, &code, Some(id.0))
            .await
            .map_err(OfferError::from)?
        {
            return Err(OfferError::Taken.into());
        }
        let mut row = offer_code::ActiveModel {
            code: Set(code.as_str().to_owned()),
            version: Set(body.version.checked_add(1).ok_or(OfferError::Stale)?),
            updated_at: Set(now()),
            ..Default::default()
        };
        columns(&mut row, &offer);
        let txn = desk.ledger.begin().await.map_err(OfferError::from)?;
        let changed = offer_code::Entity::update_many()
            .set(row)
            .filter(offer_code::Column::Id.eq(id.0))
            .filter(offer_code::Column::Version.eq(body.version))
            .exec(&txn)
            .await
            .map_err(OfferError::from)?;
        if changed.rows_affected == 0 {
            return Err(stale_or_gone(&txn, id.0)
                .await
                .map_err(OfferError::from)?
                .into());
        }
        let what = format!("changed: {}", offer.summary());
        Ok(recorded(&desk, txn, &admin.0.username, id.0, &what).await?)
    }

    /// Ends an offer code: no cart can use it from now (one paying with it now still can).
    #[oai(path = "/admin/offers/:id/end/", method = "post", operation_id = "adminEndOffer")]
    async fn end(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        body: Json<OfferEnd>,
    ) -> Changed {
        let txn = desk.ledger.begin().await.map_err(OfferError::from)?;
        if !offers::end(&txn, id.0, body.version)
            .await
            .map_err(OfferError::from)?
        {
            return Err(stale_or_gone(&txn, id.0)
                .await
                .map_err(OfferError::from)?
                .into());
        }
        Ok(recorded(&desk, txn, &admin.0.username, id.0, "ended").await?)
    }
}
