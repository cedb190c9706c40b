//! Delivery and collection in the shopper's browser: the checkout's live postcode check, the
//! days, slots and collection times it offers, the card's live count, the choice's check and
//! its totals, and the cart page's earliest days, all by core's rules, with no round trip.
//!
//! The settings and the places already taken are read once into a [`Delivery`] handle (`new
//! Delivery(body.settings, body.taken)`); each call is given the moment as Unix seconds
//! (`Date.now() / 1000`, so tests can fake the clock) and the cart's lead days (the largest
//! `lead_days` of its products). A slot or day whose places are all taken is "Fully booked";
//! the counts are as the page loaded them, and the server checks again.

use posy_core::Money;
use posy_core::calendar::{Date, Instant};
use posy_core::delivery::{DeliverySettings, PostcodeCheck};
use posy_core::fulfilment::{CardCount, FulfilmentField, FulfilmentForm};
use posy_core::schedule::{Method, NotBookable, Taken};
use posy_core::validation::FormField;
use wasm_bindgen::prelude::*;

use crate::Obj;
use crate::read::{js_error, money, text};

impl Obj {
    fn money(self, name: &str, amount: Money) -> Obj {
        self.str(name, &amount.to_wire())
    }

    /// `available` and `reason`: `null`, or the words of why it cannot be chosen.
    fn availability(self, unavailable: &Option<NotBookable>) -> Obj {
        let reason = unavailable.as_ref().map(NotBookable::label);
        self.flag("available", reason.is_none())
            .text("reason", reason.as_deref())
    }

    /// A day as the lists show it: `date: "2026-12-14", label: "Monday 14 December"`.
    fn day(self, date: Date) -> Obj {
        self.str("date", &date.to_wire())
            .str("label", &date.display())
    }
}

/// Seconds since 1970 from JavaScript, to the second. Refused before 1970 and from about the
/// year 8300 (2e11 seconds), where core's calendar (years 1 to 9999) could not follow the
/// booking horizon; milliseconds passed by mistake are refused too.
fn moment(now: f64) -> Result<Instant, JsError> {
    if (0.0..2e11).contains(&now) {
        Ok(now.floor() as Instant)
    } else {
        Err(js_error("now must be Unix seconds, as Date.now() / 1000"))
    }
}

fn method(wire: &str) -> Result<Method, JsError> {
    Method::parse(wire).ok_or_else(|| js_error("method must be delivery or collection"))
}

fn date(wire: &str) -> Result<Date, JsError> {
    Date::parse(wire).ok_or_else(|| js_error(format!("not a date like 2026-02-14: \"{wire}\"")))
}

/// The choice as it is posted (core's `FulfilmentForm` JSON: `collection_time`, …); fields
/// left out are blank.
fn form(form: &JsValue) -> FulfilmentForm {
    let value = |field: FulfilmentField| text(form, field.wire_name());
    FulfilmentForm {
        method: value(FulfilmentField::Method),
        date: value(FulfilmentField::Date),
        slot: value(FulfilmentField::Slot),
        collection_time: value(FulfilmentField::CollectionTime),
        recipient_name: value(FulfilmentField::RecipientName),
        recipient_phone: value(FulfilmentField::RecipientPhone),
        address_line1: value(FulfilmentField::AddressLine1),
        address_line2: value(FulfilmentField::AddressLine2),
        city: value(FulfilmentField::City),
        postcode: value(FulfilmentField::Postcode),
        instructions: value(FulfilmentField::Instructions),
        card_message: value(FulfilmentField::CardMessage),
        card_from: value(FulfilmentField::CardFrom),
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** The places already taken, as `GET /api/delivery/` publishes them. */
export interface Taken {
  slots: { date: string; slot: string; count: number }[];
  collections: { date: string; count: number }[];
}
/** Delivery or collection, as the choice posts it. */
export type Method = "delivery" | "collection";
/** What `checkPostcode` says of a postcode being typed (`fee` is the zone's, a wire amount). */
export type PostcodeCheck =
  | { kind: "delivers"; district: string; zone: string; fee: string }
  | { kind: "outside"; district: string; message: string };
/** A day as `days` lists it: `date` is the wire form, `label` what shoppers read. */
export interface DayOption { date: string; label: string; available: boolean; reason: string | null }
/** The first day a method can have; `orderBy` only when that day is today. */
export interface EarliestDay { date: string; label: string; orderBy: string | null }
export interface EarliestDays { delivery: EarliestDay | null; collection: EarliestDay | null }
/** A delivery slot on a day; `surcharge` is a wire amount. */
export interface SlotOption {
  name: string; start: string; end: string; label: string; surcharge: string;
  available: boolean; reason: string | null;
}
/** A collection time: `value` is what the choice posts, `label` what shoppers read. */
export interface CollectionTime { value: string; label: string }
/** The choice as it is posted (core's FulfilmentForm); fields left out are blank. */
export interface FulfilmentChoice {
  method?: string; date?: string; slot?: string; collection_time?: string;
  recipient_name?: string; recipient_phone?: string; address_line1?: string;
  address_line2?: string; city?: string; postcode?: string; instructions?: string;
  card_message?: string; card_from?: string;
}
/** What the order costs, as wire amounts. */
export interface Totals { items: string; delivery: string; surcharge: string; total: string }
/** `check`'s answer: the totals, or why not by field. */
export type FulfilmentCheck =
  | { error: null; fields: Record<string, never>; totals: Totals }
  | { error: string; fields: Partial<Record<keyof FulfilmentChoice, string>>; totals: null };
export interface CardCount { text: string; fits: boolean; characters: number; lines: number }
export interface FulfilmentFieldInfo {
  name: keyof FulfilmentChoice; label: string; maxLength: number; required: boolean;
  delivery: boolean; collection: boolean;
}
/** How `formatDate` writes a day: "Saturday 5 December" (`day`), "Saturday 5 December 2026"
 * (`long`), or "November 20th" (`monthDay`, the workshop card's due date). */
export type DateStyle = "day" | "long" | "monthDay";
"#;

/// The studio's delivery settings and the places taken, read once, and the rules over them.
#[wasm_bindgen]
pub struct Delivery {
    settings: DeliverySettings,
    taken: Taken,
}

impl Delivery {
    /// The settings as read, for tests.
    pub fn settings(&self) -> &DeliverySettings {
        &self.settings
    }

    /// The places taken as read, for tests.
    pub fn taken(&self) -> &Taken {
        &self.taken
    }
}

#[wasm_bindgen]
impl Delivery {
    /// `new Delivery(body.settings, body.taken)` with the objects `GET /api/delivery/` gives
    /// (the settings may be their JSON text); without `taken`, nothing is taken. Throws an
    /// `Error` naming a field that is missing or malformed.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "object | string")] settings: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Taken | null")] taken: Option<JsValue>,
    ) -> Result<Delivery, JsError> {
        let settings = match settings.as_string() {
            Some(json) => js_sys::JSON::parse(&json)
                .map_err(|_| js_error("The delivery settings are not JSON."))?,
            None => settings,
        };
        Ok(Delivery {
            settings: crate::settings::read(&settings)?,
            taken: crate::settings::read_taken(&taken.unwrap_or(JsValue::NULL))?,
        })
    }

    /// `checkPostcode("bs3 4")` → `{kind: "delivers", district: "BS3", zone: "Near the
    /// studio", fee: "5.00"}` (the zone's fee, before free delivery), or `{kind: "outside",
    /// district: "BS99", message: "We can't deliver to BS99 — …"}`, or `null` while no district
    /// is typed yet.
    #[wasm_bindgen(js_name = checkPostcode, unchecked_return_type = "PostcodeCheck | null")]
    pub fn check_postcode(&self, typed: &str) -> JsValue {
        match self.settings.check_postcode(typed) {
            PostcodeCheck::NotYet => JsValue::NULL,
            PostcodeCheck::Delivers {
                district,
                zone,
                fee,
            } => Obj::new()
                .str("kind", "delivers")
                .str("district", &district)
                .str("zone", &zone)
                .money("fee", fee)
                .into(),
            PostcodeCheck::Outside { district, message } => Obj::new()
                .str("kind", "outside")
                .str("district", &district)
                .str("message", &message)
                .into(),
        }
    }

    /// `days("delivery", now, leadDays)` → every day from today to the booking horizon:
    /// `[{date: "2026-12-14", label: "Monday 14 December", available: true, reason: null},
    /// {…, available: false, reason: "Closed on Sundays"}, …]`.
    #[wasm_bindgen(unchecked_return_type = "DayOption[]")]
    pub fn days(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Method")] method: &str,
        now: f64,
        #[wasm_bindgen(js_name = leadDays)] lead_days: u32,
    ) -> Result<js_sys::Array, JsError> {
        let days = self
            .settings
            .days(self::method(method)?, moment(now)?, lead_days, &self.taken);
        Ok(days
            .iter()
            .map(|day| JsValue::from(Obj::new().day(day.date).availability(&day.unavailable)))
            .collect())
    }

    /// `earliest(now, leadDays)` → for the cart page, the first day each method can have:
    /// `{delivery: {date: "2026-12-14", label: "Monday 14 December", orderBy: "Order by 12:00
    /// for delivery today"}, collection: {…}}`; `orderBy` is `null` unless that day is today,
    /// and a method is `null` when no day within the horizon can be had.
    #[wasm_bindgen(unchecked_return_type = "EarliestDays")]
    pub fn earliest(
        &self,
        now: f64,
        #[wasm_bindgen(js_name = leadDays)] lead_days: u32,
    ) -> Result<JsValue, JsError> {
        let now = moment(now)?;
        let taken = &self.taken;
        let first = |method| match self.settings.earliest_day(method, now, lead_days, taken) {
            None => JsValue::NULL,
            Some(day) => {
                let order_by = self.settings.order_by_today(method, now, lead_days, taken);
                Obj::new()
                    .day(day)
                    .text("orderBy", order_by.as_deref())
                    .into()
            }
        };
        Ok(Obj::new()
            .set("delivery", first(Method::Delivery))
            .set("collection", first(Method::Collection))
            .into())
    }

    /// `deliversFree("60.00")` → `true` when items costing that much are delivered free (at
    /// or above the studio's threshold); throws when it is not a wire amount.
    #[wasm_bindgen(js_name = deliversFree)]
    pub fn delivers_free(&self, items: &str) -> Result<bool, JsError> {
        Ok(self.settings.delivers_free(money(items)?))
    }

    /// `slots("2026-12-14", now)` → the delivery slots offered that day (a day from `days`):
    /// `[{name: "Morning", start: "09:00", end: "13:00", label: "Morning, 09:00–13:00 (+£3.00)",
    /// surcharge: "3.00", available: false, reason: "No same-day delivery"}, …]`; empty when
    /// the studio is closed.
    #[wasm_bindgen(unchecked_return_type = "SlotOption[]")]
    pub fn slots(&self, date: &str, now: f64) -> Result<js_sys::Array, JsError> {
        let slots = self
            .settings
            .slots_on(self::date(date)?, moment(now)?, &self.taken);
        Ok(slots
            .iter()
            .map(|slot| {
                JsValue::from(
                    Obj::new()
                        .str("name", &slot.name)
                        .str("start", &slot.start.to_wire())
                        .str("end", &slot.end.to_wire())
                        .str("label", &slot.label())
                        .money("surcharge", slot.surcharge)
                        .availability(&slot.unavailable),
                )
            })
            .collect())
    }

    /// `collectionTimes("2026-12-14", now)` → `[{value: "13:00", label: "13:00"}, …]`, every
    /// time a collection can be made that day (`value` is what the form posts); empty when none.
    #[wasm_bindgen(js_name = collectionTimes, unchecked_return_type = "CollectionTime[]")]
    pub fn collection_times(&self, date: &str, now: f64) -> Result<js_sys::Array, JsError> {
        let times = self
            .settings
            .collection_times(self::date(date)?, moment(now)?);
        Ok(times
            .iter()
            .map(|time| {
                JsValue::from(
                    Obj::new()
                        .str("value", &time.to_wire())
                        .str("label", &time.display()),
                )
            })
            .collect())
    }

    /// `check(choice, now, leadDays, "45.00")`, with the choice as it is posted (`{method:
    /// "delivery", date, slot, recipient_name, …}`, core's `FulfilmentForm`) and the items'
    /// total → `{error: null, fields: {}, totals: {items: "45.00", delivery: "5.00",
    /// surcharge: "3.00", total: "53.00"}}` when it passes, else `{error: "…", fields:
    /// {postcode: "We can't deliver to BS99 — …", …}, totals: null}` with the fields at fault
    /// by those (wire) names. Throws when the items' total is not a wire amount.
    #[wasm_bindgen(unchecked_return_type = "FulfilmentCheck")]
    pub fn check(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FulfilmentChoice")] choice: JsValue,
        now: f64,
        #[wasm_bindgen(js_name = leadDays)] lead_days: u32,
        items: &str,
    ) -> Result<JsValue, JsError> {
        let items = money(items)?;
        let checked = form(&choice).parse(&self.settings, moment(now)?, lead_days, &self.taken);
        Ok(match checked {
            Err(problems) => crate::problems_to_js(problems, FulfilmentField::wire_name)
                .set("totals", JsValue::NULL),
            Ok(fulfilment) => {
                let totals = self.settings.totals(items, &fulfilment);
                let totals = Obj::new()
                    .money("items", totals.items)
                    .money("delivery", totals.delivery)
                    .money("surcharge", totals.surcharge)
                    .money("total", totals.total);
                Obj::new()
                    .set("error", JsValue::NULL)
                    .set("fields", Obj::new().into())
                    .set("totals", totals.into())
            }
        }
        .into())
    }
}

/// `cardCount("Happy birthday")` → `{text: "236 characters left · 5 lines left", fits: true,
/// characters: 14, lines: 1}`, counted as the check counts.
#[wasm_bindgen(js_name = cardCount, unchecked_return_type = "CardCount")]
pub fn card_count(message: &str) -> JsValue {
    let count = CardCount::of(message);
    Obj::new()
        .str("text", &count.text())
        .flag("fits", count.fits())
        .num("characters", count.characters)
        .num("lines", count.lines)
        .into()
}

/// `deliverTo({firstName: "Jo", lastName: "Bloom", address, city, postcode, phone})` →
/// `{recipient_name: "Jo Bloom", recipient_phone, address_line1, address_line2: "", city,
/// postcode}`: "Deliver to me", the recipient's fields (exactly those) as core fills them from
/// the shopper's own details as typed so far, to lay over the choice.
#[wasm_bindgen(js_name = deliverTo, unchecked_return_type = "Partial<FulfilmentChoice>")]
pub fn deliver_to(#[wasm_bindgen(unchecked_param_type = "object")] customer: JsValue) -> JsValue {
    let mut form = FulfilmentForm::default();
    form.deliver_to(&crate::checkout_form(&customer));
    FulfilmentField::ALL
        .iter()
        .filter(|field| field.is_recipient())
        .fold(Obj::new(), |object, field| {
            object.str(field.wire_name(), form.value(*field))
        })
        .into()
}

/// `fulfilmentFields()` → `[{name: "method", label: "Delivery or collection", maxLength: 20,
/// required: true, delivery: true, collection: true}, …]` in the form's order: `name` is the
/// posted (wire) name, `delivery` and `collection` whether each method asks for it.
#[wasm_bindgen(js_name = fulfilmentFields, unchecked_return_type = "FulfilmentFieldInfo[]")]
pub fn fulfilment_fields() -> js_sys::Array {
    FulfilmentField::ALL
        .iter()
        .map(|field| {
            JsValue::from(
                Obj::new()
                    .str("name", field.wire_name())
                    .str("label", field.label())
                    .num("maxLength", field.max_chars())
                    .flag("required", field.required())
                    .flag("delivery", field.asked(Method::Delivery))
                    .flag("collection", field.asked(Method::Collection)),
            )
        })
        .collect()
}
