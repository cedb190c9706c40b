//! Reads the delivery settings `GET /api/delivery/` publishes (core's serde JSON of
//! [`DeliverySettings`]), and the places taken beside them (core's [`Taken`]), property by
//! property with js-sys, as the rest of this crate reads plain objects. serde_json or serde-wasm-bindgen with core's derives would do it in a line,
//! but made the module 28 and 17 KB (gzip) larger. Every field of core's type is named in one
//! struct literal here, so a field added to core fails to compile until it is read; the tests
//! hold the names to core's own JSON.

use std::cell::Cell;

use posy_core::Money;
use posy_core::calendar::{Date, TimeOfDay};
use posy_core::delivery::{
    Closure, DeliverySettings, Hours, MonthDay, Slot, WeekHours, YearlyClosure, Zone,
};
use posy_core::schedule::{Taken, TakenDay, TakenSlot};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::read::{field, js_error};

/// Reads fields without stopping at the first that is missing or malformed: it notes that
/// one's name and carries on with a stand-in value, which [`read`] then throws away. So the
/// reading has no early returns, each of which would drop what was read so far (code the
/// module would carry for every field).
struct Reader {
    fault: Cell<Option<&'static str>>,
}

/// Whether a value is `null` or left out.
fn absent(value: &JsValue) -> bool {
    value.is_null() || value.is_undefined()
}

fn whole(value: &JsValue, most: u32) -> Option<u32> {
    value
        .as_f64()
        .filter(|n| *n >= 0.0 && *n <= f64::from(most) && n.fract() == 0.0)
        .map(|n| n as u32)
}

fn capacity(value: &JsValue) -> Option<u32> {
    whole(value, u32::MAX)
}

fn money(value: &JsValue) -> Option<Money> {
    Money::parse(&value.as_string()?).ok()
}

fn time(value: &JsValue) -> Option<TimeOfDay> {
    TimeOfDay::parse(&value.as_string()?)
}

impl Reader {
    /// The value, or `None` after noting the field at fault.
    #[inline(never)]
    fn check<T>(&self, name: &'static str, value: Option<T>) -> Option<T> {
        if value.is_none() && self.fault.get().is_none() {
            self.fault.set(Some(name));
        }
        value
    }

    #[inline(never)]
    fn string(&self, object: &JsValue, name: &'static str) -> String {
        let value = field(object, name).as_string();
        self.check(name, value).unwrap_or_default()
    }

    #[inline(never)]
    fn money(&self, object: &JsValue, name: &'static str) -> Money {
        self.check(name, money(&field(object, name)))
            .unwrap_or_default()
    }

    #[inline(never)]
    fn time(&self, object: &JsValue, name: &'static str) -> TimeOfDay {
        self.check(name, time(&field(object, name)))
            .unwrap_or(TimeOfDay::MIDNIGHT)
    }

    #[inline(never)]
    fn number(&self, object: &JsValue, name: &'static str) -> u16 {
        let value = whole(&field(object, name), u16::MAX.into());
        self.check(name, value).unwrap_or_default() as u16
    }

    /// `null` or left out, else read by `read`.
    fn optional<T>(
        &self,
        object: &JsValue,
        name: &'static str,
        read: &dyn Fn(&JsValue) -> Option<T>,
    ) -> Option<T> {
        let value = field(object, name);
        if absent(&value) {
            return None;
        }
        self.check(name, read(&value))
    }

    /// An array, each item given to `read` (which notes its own faults); left out, it is
    /// empty when not `required` (core's serde default). Not generic, so there is one copy.
    #[inline(never)]
    fn each(
        &self,
        object: &JsValue,
        name: &'static str,
        required: bool,
        read: &mut dyn FnMut(&JsValue),
    ) {
        let value = field(object, name);
        if absent(&value) && !required {
            return;
        }
        if let Some(array) = self.check(name, value.dyn_into::<js_sys::Array>().ok()) {
            for index in 0..array.length() {
                read(&array.get(index));
            }
        }
    }

    /// A day, as `date` in an entry of a list.
    #[inline(never)]
    fn date(&self, object: &JsValue) -> Option<Date> {
        self.check("date", Date::parse(&self.string(object, "date")))
    }

    /// The places taken: each list may be left out (core's serde default), and an entry is
    /// kept only when it reads whole.
    fn taken(&self, taken: &JsValue) -> Taken {
        let (mut slots, mut collections) = (Vec::new(), Vec::new());
        let count = |entry: &JsValue| self.check("count", capacity(&field(entry, "count")));
        self.each(taken, "slots", false, &mut |entry| {
            let slot = self.string(entry, "slot");
            if let (Some(date), Some(count)) = (self.date(entry), count(entry)) {
                slots.push(TakenSlot { date, slot, count });
            }
        });
        self.each(taken, "collections", false, &mut |entry| {
            if let (Some(date), Some(count)) = (self.date(entry), count(entry)) {
                collections.push(TakenDay { date, count });
            }
        });
        Taken { slots, collections }
    }

    /// A closure's reason, which may be left out (core's serde default).
    #[inline(never)]
    fn reason(&self, closure: &JsValue) -> String {
        self.optional(closure, "reason", &JsValue::as_string)
            .unwrap_or_default()
    }

    fn settings(&self, settings: &JsValue) -> DeliverySettings {
        let week = field(settings, "opening_hours");
        self.check("opening_hours", week.is_object().then_some(()));
        let day = |name| {
            self.optional(&week, name, &|day| {
                Some(Hours {
                    open: time(&field(day, "open"))?,
                    close: time(&field(day, "close"))?,
                })
            })
        };
        let (mut zones, mut slots) = (Vec::new(), Vec::new());
        let (mut closed_every_year, mut closed_on) = (Vec::new(), Vec::new());
        self.each(settings, "zones", true, &mut |zone| {
            let mut districts = Vec::new();
            self.each(zone, "districts", true, &mut |district| {
                districts.extend(self.check("districts", district.as_string()));
            });
            zones.push(Zone {
                name: self.string(zone, "name"),
                districts,
                fee: self.money(zone, "fee"),
            });
        });
        self.each(settings, "slots", true, &mut |slot| {
            slots.push(Slot {
                name: self.string(slot, "name"),
                start: self.time(slot, "start"),
                end: self.time(slot, "end"),
                surcharge: self.optional(slot, "surcharge", &money).unwrap_or_default(),
                same_day: self
                    .check("same_day", field(slot, "same_day").as_bool())
                    .unwrap_or_default(),
                capacity: self.optional(slot, "capacity", &capacity),
            });
        });
        self.each(settings, "closed_every_year", false, &mut |closure| {
            let day = MonthDay::parse(&self.string(closure, "day"));
            if let Some(day) = self.check("day", day) {
                closed_every_year.push(YearlyClosure {
                    day,
                    reason: self.reason(closure),
                });
            }
        });
        self.each(settings, "closed_on", false, &mut |closure| {
            if let Some(date) = self.date(closure) {
                closed_on.push(Closure {
                    date,
                    reason: self.reason(closure),
                });
            }
        });
        DeliverySettings {
            zones,
            free_delivery_from: self.optional(settings, "free_delivery_from", &money),
            slots,
            same_day_delivery_cut_off: self.time(settings, "same_day_delivery_cut_off"),
            same_day_collection_minutes_before_close: self
                .number(settings, "same_day_collection_minutes_before_close"),
            collection_notice_minutes: self.number(settings, "collection_notice_minutes"),
            collection_capacity: self.optional(settings, "collection_capacity", &capacity),
            studio_district: self.string(settings, "studio_district"),
            opening_hours: WeekHours {
                monday: day("monday"),
                tuesday: day("tuesday"),
                wednesday: day("wednesday"),
                thursday: day("thursday"),
                friday: day("friday"),
                saturday: day("saturday"),
                sunday: day("sunday"),
            },
            closed_every_year,
            closed_on,
            booking_horizon_days: self.number(settings, "booking_horizon_days"),
        }
    }
}

/// The settings from the object `GET /api/delivery/` gives as `settings`; the error names the
/// first field that is missing or malformed.
pub fn read(settings: &JsValue) -> Result<DeliverySettings, JsError> {
    if !settings.is_object() {
        return Err(js_error("The delivery settings must be an object."));
    }
    let reader = Reader {
        fault: Cell::new(None),
    };
    let read = reader.settings(settings);
    match reader.fault.get() {
        None => Ok(read),
        Some(name) => Err(js_error(format!(
            "The delivery settings' {name} is missing or not as expected."
        ))),
    }
}

/// The places taken from the object `GET /api/delivery/` gives as `taken`; nothing taken when
/// it is `null` or left out. The error names the first field that is missing or malformed.
pub fn read_taken(taken: &JsValue) -> Result<Taken, JsError> {
    if absent(taken) {
        return Ok(Taken::none());
    }
    if !taken.is_object() {
        return Err(js_error("The places taken must be an object."));
    }
    let reader = Reader {
        fault: Cell::new(None),
    };
    let read = reader.taken(taken);
    match reader.fault.get() {
        None => Ok(read),
        Some(name) => Err(js_error(format!(
            "The places taken's {name} is missing or not as expected."
        ))),
    }
}
