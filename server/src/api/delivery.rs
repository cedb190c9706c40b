//! `GET /api/delivery/`: what the browser needs to run the delivery and collection rules itself
//! (core's, through WebAssembly): the studio's delivery settings and the places already taken,
//! each in exactly the JSON shape core reads them.

use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::cart::CartId;
use posy_core::delivery::{Closure, DeliverySettings, Hours, Slot, WeekHours, YearlyClosure, Zone};
use posy_core::schedule::Taken;
use sea_orm::DatabaseConnection;

use super::ApiTags;
use crate::cart::places;
use crate::http::error::Failure;
use crate::store::clock::Clock;
use crate::studio::delivery;

/// Delivery and collection.
pub struct DeliveryApi;

/// What `GET /api/delivery/` answers.
#[derive(Debug, Object)]
pub struct DeliveryInfo {
    pub settings: DeliverySettingsView,
    /// The places taken from today on, for the slots' and days' capacities.
    pub taken: TakenView,
}

/// Places already taken (core's `Taken`, field for field): placed orders, and carts whose stock
/// is held while they pay. Counted only while some slot or collection day has a limit; else
/// both lists are empty.
#[derive(Debug, Object)]
#[oai(rename = "Taken")]
pub struct TakenView {
    /// Deliveries booked in a slot on a day.
    pub slots: Vec<TakenSlotView>,
    /// Collections booked on a day.
    pub collections: Vec<TakenDayView>,
}

/// How many deliveries a slot has on a day.
#[derive(Debug, Object)]
#[oai(rename = "TakenSlot")]
pub struct TakenSlotView {
    /// e.g. `"2026-12-15"`.
    pub date: String,
    /// The slot's name, e.g. `Morning`.
    pub slot: String,
    pub count: u32,
}

/// How many collections a day has.
#[derive(Debug, Object)]
#[oai(rename = "TakenDay")]
pub struct TakenDayView {
    /// e.g. `"2026-12-15"`.
    pub date: String,
    pub count: u32,
}

impl From<&Taken> for TakenView {
    fn from(taken: &Taken) -> Self {
        TakenView {
            slots: taken
                .slots
                .iter()
                .map(|t| TakenSlotView {
                    date: t.date.to_wire(),
                    slot: t.slot.clone(),
                    count: t.count,
                })
                .collect(),
            collections: taken
                .collections
                .iter()
                .map(|t| TakenDayView {
                    date: t.date.to_wire(),
                    count: t.count,
                })
                .collect(),
        }
    }
}

/// The studio's delivery settings (core's `DeliverySettings`, field for field).
#[derive(Debug, Object)]
#[oai(rename = "DeliverySettings")]
pub struct DeliverySettingsView {
    /// Where the studio delivers, and for how much.
    pub zones: Vec<ZoneView>,
    /// When the items alone cost at least this (`"60.00"`), delivery is free; slot surcharges
    /// are still paid. Null: never free.
    pub free_delivery_from: Option<String>,
    /// Delivery slots, in the order the checkout lists them.
    pub slots: Vec<SlotView>,
    /// Same-day delivery must be ordered before this time (`"12:00"`, the studio's clock).
    pub same_day_delivery_cut_off: String,
    /// Same-day collection must be ordered this many minutes before closing.
    pub same_day_collection_minutes_before_close: u16,
    /// On the day itself, a collection time is at least this many minutes after the order.
    pub collection_notice_minutes: u16,
    /// The most collections on one day; null: no limit.
    pub collection_capacity: Option<u32>,
    /// The studio's own district (`BS14`), offered for collection.
    pub studio_district: String,
    /// When the studio is open, by weekday; null: closed that day of every week.
    pub opening_hours: WeekHoursView,
    /// Days closed every year.
    pub closed_every_year: Vec<YearlyClosureView>,
    /// Single days closed.
    pub closed_on: Vec<ClosureView>,
    /// Orders can be for today and up to this many days ahead.
    pub booking_horizon_days: u16,
}

/// A delivery zone: postcode districts charged one fee.
#[derive(Debug, Object)]
#[oai(rename = "DeliveryZone")]
pub struct ZoneView {
    /// e.g. `Near the studio`.
    pub name: String,
    /// Postcode districts in capitals, e.g. `BS14`.
    pub districts: Vec<String>,
    /// e.g. `"5.00"`.
    pub fee: String,
}

/// A delivery slot.
#[derive(Debug, Object)]
#[oai(rename = "DeliverySlot")]
pub struct SlotView {
    /// e.g. `Morning`; a choice names its slot by it.
    pub name: String,
    /// e.g. `"09:00"`.
    pub start: String,
    /// e.g. `"13:00"`.
    pub end: String,
    /// Added to the delivery fee, e.g. `"3.00"`.
    pub surcharge: String,
    /// Whether it can be booked on the day itself (before the same-day cut-off).
    pub same_day: bool,
    /// The most deliveries in it on one day; null: no limit.
    pub capacity: Option<u32>,
}

/// Opening and closing time on a day.
#[derive(Debug, Object)]
#[oai(rename = "OpenHours")]
pub struct HoursView {
    /// e.g. `"07:30"`.
    pub open: String,
    /// e.g. `"18:00"`.
    pub close: String,
}

/// The studio's hours by weekday.
#[derive(Debug, Object)]
#[oai(rename = "WeekHours")]
pub struct WeekHoursView {
    pub monday: Option<HoursView>,
    pub tuesday: Option<HoursView>,
    pub wednesday: Option<HoursView>,
    pub thursday: Option<HoursView>,
    pub friday: Option<HoursView>,
    pub saturday: Option<HoursView>,
    pub sunday: Option<HoursView>,
}

/// A day closed every year.
#[derive(Debug, Object)]
#[oai(rename = "YearlyClosure")]
pub struct YearlyClosureView {
    /// Month and day, e.g. `"12-25"`.
    pub day: String,
    /// Finishes "Closed for …", e.g. `Christmas`; may be empty.
    pub reason: String,
}

/// A single day closed.
#[derive(Debug, Object)]
#[oai(rename = "Closure")]
pub struct ClosureView {
    /// e.g. `"2026-12-28"`.
    pub date: String,
    /// Finishes "Closed for …"; may be empty.
    pub reason: String,
}

impl From<&Hours> for HoursView {
    fn from(hours: &Hours) -> Self {
        HoursView {
            open: hours.open.to_wire(),
            close: hours.close.to_wire(),
        }
    }
}

impl From<&WeekHours> for WeekHoursView {
    fn from(week: &WeekHours) -> Self {
        let day = |hours: &Option<Hours>| hours.as_ref().map(HoursView::from);
        WeekHoursView {
            monday: day(&week.monday),
            tuesday: day(&week.tuesday),
            wednesday: day(&week.wednesday),
            thursday: day(&week.thursday),
            friday: day(&week.friday),
            saturday: day(&week.saturday),
            sunday: day(&week.sunday),
        }
    }
}

impl From<&Zone> for ZoneView {
    fn from(zone: &Zone) -> Self {
        ZoneView {
            name: zone.name.clone(),
            districts: zone.districts.clone(),
            fee: zone.fee.to_wire(),
        }
    }
}

impl From<&Slot> for SlotView {
    fn from(slot: &Slot) -> Self {
        SlotView {
            name: slot.name.clone(),
            start: slot.start.to_wire(),
            end: slot.end.to_wire(),
            surcharge: slot.surcharge.to_wire(),
            same_day: slot.same_day,
            capacity: slot.capacity,
        }
    }
}

impl From<&YearlyClosure> for YearlyClosureView {
    fn from(closure: &YearlyClosure) -> Self {
        YearlyClosureView {
            day: closure.day.to_wire(),
            reason: closure.reason.clone(),
        }
    }
}

impl From<&Closure> for ClosureView {
    fn from(closure: &Closure) -> Self {
        ClosureView {
            date: closure.date.to_wire(),
            reason: closure.reason.clone(),
        }
    }
}

impl From<&DeliverySettings> for DeliverySettingsView {
    fn from(settings: &DeliverySettings) -> Self {
        DeliverySettingsView {
            zones: settings.zones.iter().map(ZoneView::from).collect(),
            free_delivery_from: settings.free_delivery_from.map(|m| m.to_wire()),
            slots: settings.slots.iter().map(SlotView::from).collect(),
            same_day_delivery_cut_off: settings.same_day_delivery_cut_off.to_wire(),
            same_day_collection_minutes_before_close: settings
                .same_day_collection_minutes_before_close,
            collection_notice_minutes: settings.collection_notice_minutes,
            collection_capacity: settings.collection_capacity,
            studio_district: settings.studio_district.clone(),
            opening_hours: WeekHoursView::from(&settings.opening_hours),
            closed_every_year: settings
                .closed_every_year
                .iter()
                .map(YearlyClosureView::from)
                .collect(),
            closed_on: settings.closed_on.iter().map(ClosureView::from).collect(),
            booking_horizon_days: settings.booking_horizon_days,
        }
    }
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Studio")]
impl DeliveryApi {
    /// The studio's delivery settings (zones and fees, slots, cut-offs, opening hours,
    /// closures) and the places already taken, in the shapes core's rules read them, so the
    /// browser can say at once which days and slots can be booked and what they cost. Given a
    /// cart's id, the place that cart itself holds while paying is not counted.
    #[oai(path = "/delivery/", method = "get", operation_id = "getDelivery")]
    async fn delivery(
        &self,
        db: Data<&DatabaseConnection>,
        clock: Data<&Clock>,
        cart_id: Query<Option<String>>,
    ) -> Result<Json<DeliveryInfo>, Failure<sea_orm::DbErr>> {
        let settings = delivery::settings(*db).await?;
        let cart = cart_id.0.as_deref().and_then(CartId::parse);
        let cart = cart.map(|id| id.to_string());
        let taken = places::taken(*db, &settings, clock.now(), cart.as_deref()).await?;
        Ok(Json(DeliveryInfo {
            settings: DeliverySettingsView::from(&settings),
            taken: TakenView::from(&taken),
        }))
    }
}
