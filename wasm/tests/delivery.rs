//! Delivery and collection as the checkout and cart pages see them, run in Node: the demo
//! settings as the server publishes them (core's own JSON), and a clock faked by the moment
//! each call is given.

use posy_core::calendar::{Date, LondonTime, TimeOfDay};
use posy_core::delivery::{Closure, DeliverySettings};
use posy_core::schedule::{Taken, TakenDay, TakenSlot};
use posy_core::{Money, fulfilment::CARD_MAX_CHARS};
use posy_wasm::*;
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::*;

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn parse_json(text: &str) -> JsValue;
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify)]
    fn stringify(value: &JsValue) -> String;
}

/// The settings exactly as `GET /api/delivery/` gives them: core's serde JSON.
fn json(settings: &DeliverySettings) -> String {
    serde_json::to_string(settings).unwrap()
}

fn demo() -> Delivery {
    Delivery::new(parse_json(&json(&DeliverySettings::demo())), None).unwrap()
}

/// The moment the studio's clock shows this day and time, in Unix seconds as the page passes
/// `Date.now() / 1000`.
fn at(day: &str, clock: &str) -> f64 {
    let local = LondonTime {
        date: Date::parse(day).unwrap(),
        time: TimeOfDay::parse(clock).unwrap(),
    };
    local.instant() as f64
}

/// Monday 14 December 2026, 11:30 in Bristol (GMT, so 11:30Z).
fn monday_11_30() -> f64 {
    at("2026-12-14", "11:30")
}

fn message(error: JsError) -> String {
    js_sys::Error::from(JsValue::from(error))
        .message()
        .as_string()
        .unwrap()
}

fn get(value: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(value, &name.into()).unwrap()
}

fn at_index(array: &js_sys::Array, index: u32) -> String {
    stringify(&array.get(index))
}

#[wasm_bindgen_test]
fn the_moment_is_the_one_asked_for() {
    assert_eq!(monday_11_30(), 1_797_247_800.0, "2026-12-14T11:30:00Z");
}

#[wasm_bindgen_test]
fn the_settings_are_read_exactly_as_core_writes_them() {
    let settings = DeliverySettings::demo();
    assert_eq!(demo().settings(), &settings);
    // The JSON text does as well as the parsed object.
    let from_text = Delivery::new(JsValue::from_str(&json(&settings)), None).unwrap();
    assert_eq!(from_text.settings(), &settings);

    // Every optional field the other way round from the demo.
    let mut other = settings.clone();
    other.free_delivery_from = None;
    other.slots[0].capacity = Some(4);
    other.slots[1].surcharge = Money::from_pence(150);
    other.collection_capacity = Some(12);
    other.opening_hours.sunday = other.opening_hours.saturday;
    other.opening_hours.monday = None;
    other.closed_every_year[0].reason = String::new();
    other.closed_on = vec![
        Closure {
            date: Date::parse("2027-05-03").unwrap(),
            reason: "the bank holiday".into(),
        },
        Closure {
            date: Date::parse("2027-05-04").unwrap(),
            reason: String::new(),
        },
    ];
    other.booking_horizon_days = 30;
    let read = Delivery::new(JsValue::from_str(&json(&other)), None).unwrap();
    assert_eq!(read.settings(), &other);
}

#[wasm_bindgen_test]
fn fields_core_lets_go_unsaid_may_be_left_out() {
    let mut value: serde_json::Value = serde_json::to_value(DeliverySettings::demo()).unwrap();
    let settings = value.as_object_mut().unwrap();
    for optional in [
        "free_delivery_from",
        "collection_capacity",
        "closed_every_year",
        "closed_on",
    ] {
        settings.remove(optional);
    }
    for slot in settings["slots"].as_array_mut().unwrap() {
        slot.as_object_mut().unwrap().remove("surcharge");
        slot.as_object_mut().unwrap().remove("capacity");
    }
    let text = value.to_string();
    // Core reads it so, and so does the browser.
    let core: DeliverySettings = serde_json::from_str(&text).unwrap();
    assert_eq!(
        Delivery::new(JsValue::from_str(&text), None)
            .unwrap()
            .settings(),
        &core
    );
}

#[wasm_bindgen_test]
fn malformed_settings_throw_naming_the_field() {
    let demo = json(&DeliverySettings::demo());
    for (from, to, field) in [
        (r#""fee":"5.00""#, r#""fee":5"#, "fee"),
        (r#""start":"09:00""#, r#""start":"9am""#, "start"),
        (r#""same_day":false"#, r#""same_day":"no""#, "same_day"),
        (r#""day":"12-25""#, r#""day":"25 December""#, "day"),
        (
            r#""booking_horizon_days":90"#,
            r#""booking_horizon_days":-1"#,
            "booking_horizon_days",
        ),
        (
            r#""studio_district":"BS14""#,
            r#""studio":"BS14""#,
            "studio_district",
        ),
        (r#""zones":["#, r#""zones":"none","x":["#, "zones"),
    ] {
        assert!(demo.contains(from), "{from}");
        let broken = demo.replacen(from, to, 1);
        let error = message(
            Delivery::new(JsValue::from_str(&broken), None)
                .err()
                .unwrap(),
        );
        assert_eq!(
            error,
            format!("The delivery settings' {field} is missing or not as expected."),
            "{to}"
        );
    }
    let error = message(
        Delivery::new(JsValue::from_str("{not json"), None)
            .err()
            .unwrap(),
    );
    assert_eq!(error, "The delivery settings are not JSON.");
    assert!(Delivery::new(JsValue::NULL, None).is_err());
}

#[wasm_bindgen_test]
fn a_postcode_is_priced_as_it_is_typed() {
    let delivery = demo();
    assert!(delivery.check_postcode("").is_null());
    assert!(delivery.check_postcode("b").is_null());
    assert_eq!(
        stringify(&delivery.check_postcode("bs3")),
        r#"{"kind":"delivers","district":"BS3","zone":"Near the studio","fee":"5.00"}"#
    );
    assert_eq!(
        stringify(&delivery.check_postcode("BS8 1AB")),
        r#"{"kind":"delivers","district":"BS8","zone":"Bristol","fee":"8.00"}"#
    );
    assert_eq!(
        stringify(&delivery.check_postcode("bs99 1")),
        r#"{"kind":"outside","district":"BS99","message":"We can't deliver to BS99 — you could collect from the studio in BS14 instead."}"#
    );
}

#[wasm_bindgen_test]
fn the_days_run_from_today_with_why_each_cannot_be_had() {
    let delivery = demo();
    let days = delivery.days("delivery", monday_11_30(), 0).unwrap();
    assert_eq!(days.length(), 91);
    assert_eq!(
        at_index(&days, 0),
        r#"{"date":"2026-12-14","label":"Monday 14 December","available":true,"reason":null}"#
    );
    // Sunday the 20th, and Christmas Day on the Friday after.
    assert_eq!(
        at_index(&days, 6),
        r#"{"date":"2026-12-20","label":"Sunday 20 December","available":false,"reason":"Closed on Sundays"}"#
    );
    assert_eq!(
        at_index(&days, 11),
        r#"{"date":"2026-12-25","label":"Friday 25 December","available":false,"reason":"Closed for Christmas"}"#
    );
    assert_eq!(
        get(&days.get(90), "date").as_string().unwrap(),
        "2027-03-14"
    );

    // At noon same-day delivery has closed; collection is open until 16:00.
    let noon = at("2026-12-14", "12:00");
    let days = delivery.days("delivery", noon, 0).unwrap();
    assert_eq!(
        get(&days.get(0), "reason").as_string().unwrap(),
        "Order by 12:00 for same-day delivery"
    );
    assert_eq!(get(&days.get(1), "available"), JsValue::TRUE);
    let days = delivery.days("collection", noon, 0).unwrap();
    assert_eq!(get(&days.get(0), "available"), JsValue::TRUE);

    // A cart needing two days' notice.
    let days = delivery.days("collection", monday_11_30(), 2).unwrap();
    assert_eq!(
        get(&days.get(1), "reason").as_string().unwrap(),
        "Needs 2 days' notice"
    );
    assert_eq!(get(&days.get(2), "available"), JsValue::TRUE);
}

#[wasm_bindgen_test]
fn a_sunday_has_nothing_today() {
    let delivery = demo();
    let sunday = at("2026-12-13", "10:00");
    for method in ["delivery", "collection"] {
        let days = delivery.days(method, sunday, 0).unwrap();
        assert_eq!(
            get(&days.get(0), "reason").as_string().unwrap(),
            "Closed on Sundays"
        );
    }
    assert_eq!(delivery.slots("2026-12-13", sunday).unwrap().length(), 0);
    assert_eq!(
        delivery
            .collection_times("2026-12-13", sunday)
            .unwrap()
            .length(),
        0
    );
}

#[wasm_bindgen_test]
fn the_cart_page_learns_the_earliest_days_and_by_when_to_order() {
    let delivery = demo();
    assert_eq!(
        stringify(&delivery.earliest(monday_11_30(), 0).unwrap()),
        concat!(
            r#"{"delivery":{"date":"2026-12-14","label":"Monday 14 December","orderBy":"Order by 12:00 for delivery today"},"#,
            r#""collection":{"date":"2026-12-14","label":"Monday 14 December","orderBy":"Order by 16:00 for collection today"}}"#
        )
    );
    let noon = delivery.earliest(at("2026-12-14", "12:00"), 0).unwrap();
    assert_eq!(
        stringify(&get(&noon, "delivery")),
        r#"{"date":"2026-12-15","label":"Tuesday 15 December","orderBy":null}"#
    );
    // Two days' notice from the Wednesday before Christmas: past the closed 25th and 26th
    // and the Sunday, to the Monday.
    let wednesday = delivery.earliest(at("2026-12-23", "09:00"), 2).unwrap();
    assert_eq!(
        get(&get(&wednesday, "delivery"), "date")
            .as_string()
            .unwrap(),
        "2026-12-28"
    );
    // Nothing within the horizon.
    let never = delivery.earliest(monday_11_30(), 400).unwrap();
    assert_eq!(stringify(&never), r#"{"delivery":null,"collection":null}"#);
}

#[wasm_bindgen_test]
fn a_days_slots_come_with_their_price_and_whether_they_can_be_had() {
    let delivery = demo();
    let slots = delivery.slots("2026-12-14", monday_11_30()).unwrap();
    assert_eq!(slots.length(), 2);
    assert_eq!(
        at_index(&slots, 0),
        r#"{"name":"Morning","start":"09:00","end":"13:00","label":"Morning, 09:00–13:00 (+£3.00)","surcharge":"3.00","available":false,"reason":"No same-day delivery"}"#
    );
    assert_eq!(
        at_index(&slots, 1),
        r#"{"name":"Afternoon","start":"13:00","end":"18:00","label":"Afternoon, 13:00–18:00","surcharge":"0.00","available":true,"reason":null}"#
    );
    let noon = delivery
        .slots("2026-12-14", at("2026-12-14", "12:00"))
        .unwrap();
    assert_eq!(
        get(&noon.get(1), "reason").as_string().unwrap(),
        "Order by 12:00 for same-day delivery"
    );
    let tomorrow = delivery.slots("2026-12-15", monday_11_30()).unwrap();
    assert!(
        tomorrow
            .iter()
            .all(|slot| get(&slot, "available") == JsValue::TRUE)
    );
    // Saturdays close at 16:00, so only the Morning fits.
    assert_eq!(
        delivery
            .slots("2026-12-19", monday_11_30())
            .unwrap()
            .length(),
        1
    );
    assert_eq!(
        delivery
            .slots("2026-12-25", monday_11_30())
            .unwrap()
            .length(),
        0
    );
}

#[wasm_bindgen_test]
fn collection_times_leave_an_hour_to_make_the_flowers_up() {
    let delivery = demo();
    let times = delivery
        .collection_times("2026-12-14", monday_11_30())
        .unwrap();
    assert_eq!(at_index(&times, 0), r#"{"value":"12:30","label":"12:30"}"#);
    assert_eq!(
        at_index(&times, times.length() - 1),
        r#"{"value":"17:30","label":"17:30"}"#
    );
    let tomorrow = delivery
        .collection_times("2026-12-15", monday_11_30())
        .unwrap();
    assert_eq!(
        at_index(&tomorrow, 0),
        r#"{"value":"07:30","label":"07:30"}"#
    );
    assert_eq!(tomorrow.length(), 21);
    let late = delivery
        .collection_times("2026-12-14", at("2026-12-14", "16:00"))
        .unwrap();
    assert_eq!(late.length(), 0);
}

#[wasm_bindgen_test]
fn the_card_counts_what_is_left() {
    assert_eq!(
        stringify(&card_count("")),
        r#"{"text":"250 characters left · 6 lines left","fits":true,"characters":0,"lines":0}"#
    );
    assert_eq!(
        stringify(&card_count("Happy birthday, Sam!")),
        r#"{"text":"230 characters left · 5 lines left","fits":true,"characters":20,"lines":1}"#
    );
    let long = "x".repeat(CARD_MAX_CHARS + 1);
    assert_eq!(
        stringify(&card_count(&long)),
        r#"{"text":"1 character too many · 5 lines left","fits":false,"characters":251,"lines":1}"#
    );
    assert_eq!(
        get(&card_count("a\r\nb\nc\nd\ne\nf\ng"), "text")
            .as_string()
            .unwrap(),
        "237 characters left · 1 line too many"
    );
}

/// A delivery to BS3 on the Monday afternoon, as the page posts it.
fn afternoon_today() -> serde_json::Value {
    serde_json::json!({
        "method": "delivery",
        "date": "2026-12-14",
        "slot": "Afternoon",
        "recipient_name": "Sam Green",
        "recipient_phone": "07700 900123",
        "address_line1": "3 Lime Road",
        "city": "Bristol",
        "postcode": "bs3 4ab",
        "card_message": "Happy birthday!",
    })
}

fn choice(value: &serde_json::Value) -> JsValue {
    parse_json(&value.to_string())
}

#[wasm_bindgen_test]
fn a_good_choice_is_priced() {
    let delivery = demo();
    let now = monday_11_30();
    assert_eq!(
        stringify(
            &delivery
                .check(choice(&afternoon_today()), now, 0, "45.00")
                .unwrap()
        ),
        r#"{"error":null,"fields":{},"totals":{"items":"45.00","delivery":"5.00","surcharge":"0.00","total":"50.00"}}"#
    );
    let mut morning = afternoon_today();
    morning["date"] = "2026-12-15".into();
    morning["slot"] = "Morning".into();
    let totals = |items| {
        let checked = delivery.check(choice(&morning), now, 0, items).unwrap();
        stringify(&get(&checked, "totals"))
    };
    assert_eq!(
        totals("45.00"),
        r#"{"items":"45.00","delivery":"5.00","surcharge":"3.00","total":"53.00"}"#
    );
    // Free delivery from £60 of items; the Morning's surcharge is still paid.
    assert_eq!(
        totals("60.00"),
        r#"{"items":"60.00","delivery":"0.00","surcharge":"3.00","total":"63.00"}"#
    );
    let collect = serde_json::json!({
        "method": "collection", "date": "2026-12-14", "collection_time": "15:00",
    });
    let checked = delivery.check(choice(&collect), now, 0, "45.00").unwrap();
    assert_eq!(
        stringify(&get(&checked, "totals")),
        r#"{"items":"45.00","delivery":"0.00","surcharge":"0.00","total":"45.00"}"#
    );
}

#[wasm_bindgen_test]
fn a_choice_at_fault_says_why_by_field() {
    let delivery = demo();
    let now = monday_11_30();
    let check = |value: &serde_json::Value, now| {
        let checked = delivery.check(choice(value), now, 0, "45.00").unwrap();
        assert!(get(&checked, "totals").is_null());
        (
            get(&checked, "error").as_string().unwrap(),
            stringify(&get(&checked, "fields")),
        )
    };

    let mut outside = afternoon_today();
    outside["postcode"] = "BS99 1AB".into();
    let (error, fields) = check(&outside, now);
    let sentence = "We can't deliver to BS99 — you could collect from the studio in BS14 instead.";
    assert_eq!(error, sentence);
    assert_eq!(fields, format!(r#"{{"postcode":"{sentence}"}}"#));

    // The same choice at noon: too late for today.
    let (_, fields) = check(&afternoon_today(), at("2026-12-14", "12:00"));
    assert_eq!(
        fields,
        r#"{"date":"Order by 12:00 for same-day delivery. Please choose another day."}"#
    );

    let mut christmas = afternoon_today();
    christmas["date"] = "2026-12-25".into();
    let (_, fields) = check(&christmas, now);
    assert_eq!(
        fields,
        r#"{"date":"Closed for Christmas. Please choose another day."}"#
    );

    let mut long_card = afternoon_today();
    long_card["card_message"] = "x".repeat(251).into();
    let (_, fields) = check(&long_card, now);
    assert_eq!(
        fields,
        r#"{"card_message":"Please keep this under 250 characters."}"#
    );

    let (error, fields) = check(
        &serde_json::json!({"method": "delivery", "date": "2026-12-15"}),
        now,
    );
    assert_eq!(
        error,
        "Please fill in all required fields: Delivery time, Recipient's name, Delivery address, Delivery town or city, Delivery postcode"
    );
    assert!(
        fields.contains(r#""recipient_name":"Please tell us who the flowers are for.""#),
        "{fields}"
    );
    assert!(
        fields.contains(r#""postcode":"Please give the delivery postcode.""#),
        "{fields}"
    );

    let (_, fields) = check(&serde_json::json!({"method": "post"}), now);
    assert!(
        fields.contains(r#""method":"Please choose delivery or collection.""#),
        "{fields}"
    );
}

#[wasm_bindgen_test]
fn a_cart_needing_notice_cannot_have_today() {
    let delivery = demo();
    let checked = delivery
        .check(choice(&afternoon_today()), monday_11_30(), 2, "45.00")
        .unwrap();
    assert_eq!(
        get(&checked, "error").as_string().unwrap(),
        "Needs 2 days' notice. Please choose another day."
    );
}

#[wasm_bindgen_test]
fn nonsense_arguments_throw() {
    let delivery = demo();
    let now = monday_11_30();
    assert_eq!(
        message(delivery.days("post", now, 0).err().unwrap()),
        "method must be delivery or collection"
    );
    assert_eq!(
        message(delivery.slots("14/12/2026", now).err().unwrap()),
        "not a date like 2026-02-14: \"14/12/2026\""
    );
    for bad in [f64::NAN, -1.0, 1e15, f64::INFINITY] {
        assert_eq!(
            message(delivery.earliest(bad, 0).err().unwrap()),
            "now must be Unix seconds, as Date.now() / 1000"
        );
    }
    assert!(
        delivery
            .check(choice(&afternoon_today()), now, 0, "£45")
            .is_err()
    );
    // Milliseconds by mistake are refused rather than read as the year 58,000.
    assert!(delivery.days("delivery", now * 1000.0, 0).is_err());
}

#[wasm_bindgen_test]
fn delivery_is_free_from_the_threshold_on() {
    let delivery = demo();
    assert!(!delivery.delivers_free("59.99").unwrap());
    assert!(delivery.delivers_free("60.00").unwrap());
    assert!(delivery.delivers_free("sixty").is_err());
}

/// The demo settings with room for one delivery in the Morning and one collection a day, as the
/// server publishes them, with the places `GET /api/delivery/` says are taken (core's JSON).
fn with_places_taken(taken: &Taken) -> Delivery {
    let mut settings = DeliverySettings::demo();
    settings.slots[0].capacity = Some(1);
    settings.collection_capacity = Some(1);
    let taken = parse_json(&serde_json::to_string(taken).unwrap());
    Delivery::new(parse_json(&json(&settings)), Some(taken)).unwrap()
}

/// The Morning of Tuesday the 15th and collection on Monday the 14th (today) are taken.
fn tuesday_morning_and_collection_today() -> Taken {
    Taken {
        slots: vec![TakenSlot {
            date: Date::parse("2026-12-15").unwrap(),
            slot: "Morning".into(),
            count: 1,
        }],
        collections: vec![TakenDay {
            date: Date::parse("2026-12-14").unwrap(),
            count: 1,
        }],
    }
}

#[wasm_bindgen_test]
fn the_places_taken_are_read_exactly_as_core_writes_them() {
    let taken = tuesday_morning_and_collection_today();
    assert_eq!(with_places_taken(&taken).taken(), &taken);
    assert_eq!(demo().taken(), &Taken::none(), "none given: none taken");
    let settings = parse_json(&json(&DeliverySettings::demo()));
    let empty = Delivery::new(settings.clone(), Some(parse_json("{}"))).unwrap();
    assert_eq!(empty.taken(), &Taken::none(), "lists may be left out");
    let nothing = Delivery::new(settings.clone(), Some(JsValue::NULL)).unwrap();
    assert_eq!(nothing.taken(), &Taken::none());

    let written = serde_json::to_string(&taken).unwrap();
    for (from, to, field) in [
        (r#""count":1"#, r#""count":-1"#, "count"),
        (r#""date":"2026-12-15""#, r#""date":"15/12""#, "date"),
        (r#""slot":"Morning""#, r#""slot":3"#, "slot"),
        (r#""slots":["#, r#""slots":{},"x":["#, "slots"),
    ] {
        assert!(written.contains(from), "{from}");
        let broken = parse_json(&written.replacen(from, to, 1));
        let error = message(Delivery::new(settings.clone(), Some(broken)).err().unwrap());
        assert_eq!(
            error,
            format!("The places taken's {field} is missing or not as expected."),
            "{to}"
        );
    }
    let error = message(Delivery::new(settings, Some("taken".into())).err().unwrap());
    assert_eq!(error, "The places taken must be an object.");
}

#[wasm_bindgen_test]
fn a_slot_or_day_whose_places_are_taken_is_fully_booked_wherever_the_page_asks() {
    let delivery = with_places_taken(&tuesday_morning_and_collection_today());
    let now = monday_11_30();
    // The slots of the day.
    let tuesday = delivery.slots("2026-12-15", now).unwrap();
    assert_eq!(
        (
            get(&tuesday.get(0), "reason").as_string(),
            get(&tuesday.get(1), "available")
        ),
        (Some("Fully booked".into()), JsValue::TRUE)
    );
    // The days: collection today is full, delivery today is not.
    let collection = delivery.days("collection", now, 0).unwrap();
    assert_eq!(
        at_index(&collection, 0),
        r#"{"date":"2026-12-14","label":"Monday 14 December","available":false,"reason":"Fully booked"}"#
    );
    assert_eq!(
        get(
            &delivery.days("delivery", now, 0).unwrap().get(0),
            "available"
        ),
        JsValue::TRUE
    );
    // The cart page's earliest collection moves to Tuesday, with no "Order by".
    let earliest = delivery.earliest(now, 0).unwrap();
    assert_eq!(
        stringify(&get(&earliest, "collection")),
        r#"{"date":"2026-12-15","label":"Tuesday 15 December","orderBy":null}"#
    );
    // The choice's check, as the server's.
    let mut morning = afternoon_today();
    morning["date"] = "2026-12-15".into();
    morning["slot"] = "Morning".into();
    let checked = delivery.check(choice(&morning), now, 0, "45.00").unwrap();
    assert_eq!(
        stringify(&get(&checked, "fields")),
        r#"{"slot":"Fully booked. Please choose another time."}"#
    );
    // The same settings with nothing taken have room.
    let mut settings = DeliverySettings::demo();
    settings.slots[0].capacity = Some(1);
    let empty = Delivery::new(parse_json(&json(&settings)), None).unwrap();
    let checked = empty.check(choice(&morning), now, 0, "45.00").unwrap();
    assert_eq!(get(&checked, "error"), JsValue::NULL);
}

#[wasm_bindgen_test]
fn deliver_to_me_gives_the_recipients_fields_from_the_shoppers_own() {
    let customer = parse_json(
        r#"{"firstName": " Jo ", "lastName": "Bloom", "address": "12 Wells Road",
        "city": "Bristol", "postcode": "bs14 9ab", "phone": "0117 496 0123"}"#,
    );
    assert_eq!(
        stringify(&deliver_to(customer)),
        r#"{"recipient_name":"Jo Bloom","recipient_phone":"0117 496 0123","address_line1":"12 Wells Road","address_line2":"","city":"Bristol","postcode":"bs14 9ab"}"#
    );
    // Exactly those fields, whatever has been typed so far.
    assert_eq!(
        stringify(&deliver_to(parse_json("{}"))),
        r#"{"recipient_name":"","recipient_phone":"","address_line1":"","address_line2":"","city":"","postcode":""}"#
    );
}
