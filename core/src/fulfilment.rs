//! The shopper's choice of how the flowers reach someone: delivery (a day, a slot, a
//! recipient and an address in a zone) or collection (a day and a time), with an optional card.
//! The browser checks it as the shopper fills it in and the server checks it again before
//! taking payment, with the same [`FulfilmentForm::parse`] and the time passed in; what it
//! gives back prices the order ([`DeliverySettings::totals`]).

use serde::{Deserialize, Serialize};

use crate::Money;
use crate::calendar::{Date, Instant, LondonTime, TimeOfDay};
use crate::checkout::{CONTROL_CHARACTERS, CheckoutForm};
use crate::delivery::DeliverySettings;
use crate::postcode::{POSTCODE_FORMAT, Postcode};
use crate::schedule::{Method, Taken};
use crate::validation::{FormField, FormProblems, has_control_chars, is_phone, too_long};

/// The most characters a card message may hold, line breaks included.
pub const CARD_MAX_CHARS: usize = 250;

/// The most lines a card message may have: what fits on the studio's cards.
pub const CARD_MAX_LINES: usize = 6;

/// A field of the delivery-or-collection form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FulfilmentField {
    /// Delivery or collection.
    Method,
    /// The day.
    Date,
    /// The delivery slot's name.
    Slot,
    /// The collection time.
    CollectionTime,
    /// Who the flowers are for.
    RecipientName,
    /// The recipient's phone, for the driver.
    RecipientPhone,
    /// The first line of the delivery address.
    AddressLine1,
    /// An optional second line.
    AddressLine2,
    /// Town or city.
    City,
    /// The delivery postcode.
    Postcode,
    /// Optional delivery instructions.
    Instructions,
    /// The optional card message.
    CardMessage,
    /// The optional name the card is from; blank is anonymous.
    CardFrom,
}

impl FulfilmentField {
    /// Every field, in the form's order.
    pub const ALL: [FulfilmentField; 13] = [
        FulfilmentField::Method,
        FulfilmentField::Date,
        FulfilmentField::Slot,
        FulfilmentField::CollectionTime,
        FulfilmentField::RecipientName,
        FulfilmentField::RecipientPhone,
        FulfilmentField::AddressLine1,
        FulfilmentField::AddressLine2,
        FulfilmentField::City,
        FulfilmentField::Postcode,
        FulfilmentField::Instructions,
        FulfilmentField::CardMessage,
        FulfilmentField::CardFrom,
    ];

    /// Whether this is one of the recipient's fields (the name to the postcode, in the form's
    /// order): what "Deliver to me" fills from the customer's details
    /// ([`FulfilmentForm::deliver_to`]).
    pub fn is_recipient(self) -> bool {
        (Self::RecipientName as u8..=Self::Postcode as u8).contains(&(self as u8))
    }

    /// The words a shopper sees beside the box.
    pub fn label(self) -> &'static str {
        match self {
            FulfilmentField::Method => "Delivery or collection",
            FulfilmentField::Date => "Day",
            FulfilmentField::Slot => "Delivery time",
            FulfilmentField::CollectionTime => "Collection time",
            FulfilmentField::RecipientName => "Recipient's name",
            FulfilmentField::RecipientPhone => "Recipient's phone (optional)",
            FulfilmentField::AddressLine1 => "Delivery address",
            FulfilmentField::AddressLine2 => "Address line 2 (optional)",
            FulfilmentField::City => "Delivery town or city",
            FulfilmentField::Postcode => "Delivery postcode",
            FulfilmentField::Instructions => "Delivery instructions (optional)",
            FulfilmentField::CardMessage => "Card message (optional)",
            FulfilmentField::CardFrom => "From (optional; blank to stay anonymous)",
        }
    }

    /// The most characters the field may hold.
    pub fn max_chars(self) -> usize {
        match self {
            FulfilmentField::Method | FulfilmentField::Date | FulfilmentField::CollectionTime => 20,
            FulfilmentField::Postcode => 20,
            FulfilmentField::RecipientPhone => 40,
            FulfilmentField::Slot => 50,
            FulfilmentField::Instructions => 200,
            FulfilmentField::CardMessage => CARD_MAX_CHARS,
            _ => 100,
        }
    }

    /// Whether the field is asked for with a method: the slot, recipient and address only for
    /// delivery, the time only for collection.
    pub fn asked(self, method: Method) -> bool {
        match self {
            FulfilmentField::Slot
            | FulfilmentField::RecipientName
            | FulfilmentField::RecipientPhone
            | FulfilmentField::AddressLine1
            | FulfilmentField::AddressLine2
            | FulfilmentField::City
            | FulfilmentField::Postcode
            | FulfilmentField::Instructions => method == Method::Delivery,
            FulfilmentField::CollectionTime => method == Method::Collection,
            FulfilmentField::Method
            | FulfilmentField::Date
            | FulfilmentField::CardMessage
            | FulfilmentField::CardFrom => true,
        }
    }

    /// Whether a blank value is refused. The recipient's phone is optional: it helps the
    /// driver, but a surprise bouquet's sender may not know it.
    pub fn required(self) -> bool {
        !matches!(
            self,
            FulfilmentField::RecipientPhone
                | FulfilmentField::AddressLine2
                | FulfilmentField::Instructions
                | FulfilmentField::CardMessage
                | FulfilmentField::CardFrom
        )
    }
}

impl FormField for FulfilmentField {
    fn label(self) -> &'static str {
        FulfilmentField::label(self)
    }

    fn form_name(self) -> &'static str {
        match self {
            FulfilmentField::Method => "method",
            FulfilmentField::Date => "date",
            FulfilmentField::Slot => "slot",
            FulfilmentField::CollectionTime => "collectionTime",
            FulfilmentField::RecipientName => "recipientName",
            FulfilmentField::RecipientPhone => "recipientPhone",
            FulfilmentField::AddressLine1 => "addressLine1",
            FulfilmentField::AddressLine2 => "addressLine2",
            FulfilmentField::City => "city",
            FulfilmentField::Postcode => "postcode",
            FulfilmentField::Instructions => "instructions",
            FulfilmentField::CardMessage => "cardMessage",
            FulfilmentField::CardFrom => "cardFrom",
        }
    }

    fn wire_name(self) -> &'static str {
        match self {
            FulfilmentField::CollectionTime => "collection_time",
            FulfilmentField::RecipientName => "recipient_name",
            FulfilmentField::RecipientPhone => "recipient_phone",
            FulfilmentField::AddressLine1 => "address_line1",
            FulfilmentField::AddressLine2 => "address_line2",
            FulfilmentField::CardMessage => "card_message",
            FulfilmentField::CardFrom => "card_from",
            other => other.form_name(),
        }
    }

    fn when_missing(self) -> &'static str {
        match self {
            FulfilmentField::Method => "Please choose delivery or collection.",
            FulfilmentField::Date => "Please choose a day.",
            FulfilmentField::Slot => "Please choose a delivery time.",
            FulfilmentField::CollectionTime => "Please choose a collection time.",
            FulfilmentField::RecipientName => "Please tell us who the flowers are for.",
            FulfilmentField::AddressLine1 => "Please give the delivery address.",
            FulfilmentField::City => "Please give the town or city.",
            FulfilmentField::Postcode => "Please give the delivery postcode.",
            _ => crate::validation::REQUIRED,
        }
    }
}

/// What the shopper chose and typed, as the browser sends it and the cart keeps it until the
/// order is placed. Fields a method does not ask for are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FulfilmentForm {
    /// `delivery` or `collection`.
    pub method: String,
    /// `2026-02-14`.
    pub date: String,
    /// The delivery slot's name: `Morning`.
    pub slot: String,
    /// `10:30`.
    pub collection_time: String,
    /// Who the flowers are for.
    pub recipient_name: String,
    /// The recipient's phone.
    pub recipient_phone: String,
    /// First line of the address.
    pub address_line1: String,
    /// Second line, may be empty.
    pub address_line2: String,
    /// Town or city.
    pub city: String,
    /// Postcode.
    pub postcode: String,
    /// Delivery instructions, may be empty.
    pub instructions: String,
    /// Card message, may be empty; line breaks allowed.
    pub card_message: String,
    /// Who the card is from, may be empty (anonymous).
    pub card_from: String,
}

/// Who receives a delivery and where, checked and tidied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipient {
    /// Name.
    pub name: String,
    /// Phone.
    pub phone: String,
    /// First line of the address.
    pub address_line1: String,
    /// Second line, may be empty.
    pub address_line2: String,
    /// Town or city.
    pub city: String,
    /// Postcode.
    pub postcode: Postcode,
}

/// A checked delivery: when, where and what it costs before any free delivery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The slot's name.
    pub slot: String,
    /// When the slot's window opens.
    pub start: TimeOfDay,
    /// When it closes.
    pub end: TimeOfDay,
    /// The zone's name.
    pub zone: String,
    /// The zone's fee (free delivery is applied by [`DeliverySettings::totals`]).
    pub zone_fee: Money,
    /// The slot's surcharge.
    pub surcharge: Money,
    /// Who and where.
    pub recipient: Recipient,
    /// Instructions for the driver, may be empty.
    pub instructions: String,
}

impl Delivery {
    /// The slot's hours, kept with the order so its mails and pages say them: `09:00–13:00`.
    pub fn hours(&self) -> String {
        self.start.until(self.end)
    }
}

/// How a checked order reaches its recipient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handover {
    /// Delivered (boxed: a delivery holds far more than a collection time).
    Delivery(Box<Delivery>),
    /// Collected from the studio at a time.
    Collection {
        /// When.
        time: TimeOfDay,
    },
}

/// The card that goes with the flowers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// The message, its line breaks kept as `\n`; may be empty.
    pub message: String,
    /// Who it is from; empty when anonymous.
    pub from: String,
}

/// A choice that passed every rule: only [`FulfilmentForm::parse`] makes one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fulfilment {
    /// The day.
    pub date: Date,
    /// Delivery or collection, with their details.
    pub handover: Handover,
    /// The card, when the shopper wrote a message or a name.
    pub card: Option<Card>,
}

impl Fulfilment {
    /// Delivery or collection.
    pub fn method(&self) -> Method {
        match self.handover {
            Handover::Delivery(_) => Method::Delivery,
            Handover::Collection { .. } => Method::Collection,
        }
    }

    /// The checked choice written out as a form again, tidied: only the fields its method asks
    /// for, each trimmed, the postcode written as postcodes are, the slot and time as the studio
    /// names them, the card's line breaks as `\n`. This is what the cart and the order keep, so
    /// what is shown later is shown as it is kept; checking it again gives the same choice.
    pub fn form(&self) -> FulfilmentForm {
        let mut form = FulfilmentForm {
            method: self.method().as_str().to_owned(),
            date: self.date.to_wire(),
            ..FulfilmentForm::default()
        };
        match &self.handover {
            Handover::Delivery(delivery) => {
                let recipient = &delivery.recipient;
                form.slot = delivery.slot.clone();
                form.recipient_name = recipient.name.clone();
                form.recipient_phone = recipient.phone.clone();
                form.address_line1 = recipient.address_line1.clone();
                form.address_line2 = recipient.address_line2.clone();
                form.city = recipient.city.clone();
                form.postcode = recipient.postcode.to_string();
                form.instructions = delivery.instructions.clone();
            }
            Handover::Collection { time } => form.collection_time = time.to_wire(),
        }
        if let Some(card) = &self.card {
            form.card_message = card.message.clone();
            form.card_from = card.from.clone();
        }
        form
    }
}

/// What the order costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    /// The items.
    pub items: Money,
    /// The delivery fee: the zone's, or nothing from the free-delivery threshold and for
    /// collection.
    pub delivery: Money,
    /// The slot's surcharge, paid even when delivery is free.
    pub surcharge: Money,
    /// What the shopper pays: the three together.
    pub total: Money,
}

impl Totals {
    /// The items, the delivery fee and the slot's surcharge, and what the shopper pays: the
    /// three together, stopping at the largest amount rather than wrapping, as cart totals do.
    pub fn of(items: Money, delivery: Money, surcharge: Money) -> Totals {
        Totals {
            items,
            delivery,
            surcharge,
            total: items.saturating_add(delivery).saturating_add(surcharge),
        }
    }
}

/// How much of the card message is used, for the live count beside the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardCount {
    /// Characters used, line breaks included.
    pub characters: usize,
    /// Lines used.
    pub lines: usize,
}

impl CardCount {
    /// Counts a message as the check does: `\r\n` as one line break, the ends trimmed.
    pub fn of(message: &str) -> CardCount {
        let message = card_text(message);
        CardCount {
            characters: message.chars().count(),
            lines: if message.is_empty() {
                0
            } else {
                message.lines().count()
            },
        }
    }

    /// Whether the message fits the card.
    pub fn fits(self) -> bool {
        self.characters <= CARD_MAX_CHARS && self.lines <= CARD_MAX_LINES
    }

    /// `230 characters left · 5 lines left`, or what is too many.
    pub fn text(self) -> String {
        let left = |used: usize, max: usize, one: &str, many: &str| {
            let (n, how) = if used <= max {
                (max - used, "left")
            } else {
                (used - max, "too many")
            };
            format!("{n} {} {how}", if n == 1 { one } else { many })
        };
        format!(
            "{} · {}",
            left(self.characters, CARD_MAX_CHARS, "character", "characters"),
            left(self.lines, CARD_MAX_LINES, "line", "lines")
        )
    }
}

/// Notes what is wrong with a value on its own: blank when required, too long, or holding
/// control characters (a card message may break lines). True when it holds a value worth
/// checking further.
fn well_formed(
    field: FulfilmentField,
    value: &str,
    problems: &mut FormProblems<FulfilmentField>,
) -> bool {
    if field.required() {
        if problems.require(field, value) {
            return false;
        }
    } else if value.trim().is_empty() {
        return false;
    }
    let value = if field == FulfilmentField::CardMessage {
        card_text(value)
    } else {
        value.to_owned()
    };
    let max = field.max_chars();
    // A card message may break lines; nothing else may.
    let one_line = if field == FulfilmentField::CardMessage {
        value.replace('\n', "")
    } else {
        value.clone()
    };
    if too_long(&value, max) {
        problems.invalid(field, format!("Please keep this under {max} characters."));
        false
    } else if has_control_chars(&one_line) {
        problems.invalid(field, CONTROL_CHARACTERS);
        false
    } else {
        true
    }
}

/// A card message as it is kept: line breaks as `\n`, the ends trimmed.
fn card_text(message: &str) -> String {
    message
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .trim()
        .to_owned()
}

impl FulfilmentForm {
    /// The value typed into a field.
    pub fn value(&self, field: FulfilmentField) -> &str {
        match field {
            FulfilmentField::Method => &self.method,
            FulfilmentField::Date => &self.date,
            FulfilmentField::Slot => &self.slot,
            FulfilmentField::CollectionTime => &self.collection_time,
            FulfilmentField::RecipientName => &self.recipient_name,
            FulfilmentField::RecipientPhone => &self.recipient_phone,
            FulfilmentField::AddressLine1 => &self.address_line1,
            FulfilmentField::AddressLine2 => &self.address_line2,
            FulfilmentField::City => &self.city,
            FulfilmentField::Postcode => &self.postcode,
            FulfilmentField::Instructions => &self.instructions,
            FulfilmentField::CardMessage => &self.card_message,
            FulfilmentField::CardFrom => &self.card_from,
        }
    }

    /// A field's value, to set it.
    pub fn value_mut(&mut self, field: FulfilmentField) -> &mut String {
        match field {
            FulfilmentField::Method => &mut self.method,
            FulfilmentField::Date => &mut self.date,
            FulfilmentField::Slot => &mut self.slot,
            FulfilmentField::CollectionTime => &mut self.collection_time,
            FulfilmentField::RecipientName => &mut self.recipient_name,
            FulfilmentField::RecipientPhone => &mut self.recipient_phone,
            FulfilmentField::AddressLine1 => &mut self.address_line1,
            FulfilmentField::AddressLine2 => &mut self.address_line2,
            FulfilmentField::City => &mut self.city,
            FulfilmentField::Postcode => &mut self.postcode,
            FulfilmentField::Instructions => &mut self.instructions,
            FulfilmentField::CardMessage => &mut self.card_message,
            FulfilmentField::CardFrom => &mut self.card_from,
        }
    }

    /// "Deliver to me": the recipient and address filled from the customer's details, as typed
    /// so far (the browser fills them in while the checkout form is being written).
    pub fn deliver_to(&mut self, customer: &CheckoutForm) {
        // Joined by hand, not by format!: this runs in the shopper's wasm module, where every
        // byte is downloaded.
        let mut name = customer.first_name.trim().to_owned();
        let last = customer.last_name.trim();
        if !name.is_empty() && !last.is_empty() {
            name.push(' ');
        }
        name.push_str(last);
        self.recipient_name = name;
        self.recipient_phone = customer.phone.clone();
        self.address_line1 = customer.address.clone();
        self.address_line2 = String::new();
        self.city = customer.city.clone();
        self.postcode = customer.postcode.clone();
    }

    /// Checks the choice against the settings at the moment `now`, for a cart needing
    /// `lead_days` notice, with the places others have `taken`; one sentence per field at
    /// fault, else the checked choice.
    pub fn parse(
        &self,
        settings: &DeliverySettings,
        now: Instant,
        lead_days: u32,
        taken: &Taken,
    ) -> Result<Fulfilment, FormProblems<FulfilmentField>> {
        let mut problems = FormProblems::new();
        let method = if problems.require(FulfilmentField::Method, &self.method) {
            None
        } else {
            let method = Method::parse(&self.method);
            if method.is_none() {
                problems.invalid(
                    FulfilmentField::Method,
                    FulfilmentField::Method.when_missing(),
                );
            }
            method
        };
        // Without a method, only the fields every method asks for can be checked.
        let asked = |field: FulfilmentField| match method {
            Some(method) => field.asked(method),
            None => field.asked(Method::Delivery) && field.asked(Method::Collection),
        };
        // Which fields hold a value worth checking further.
        let mut given = [false; FulfilmentField::ALL.len()];
        for field in FulfilmentField::ALL {
            if field != FulfilmentField::Method && asked(field) {
                given[field as usize] = well_formed(field, self.value(field), &mut problems);
            }
        }
        let filled = |field: FulfilmentField| given[field as usize];

        let date = if filled(FulfilmentField::Date) {
            match Date::parse(self.date.trim()) {
                None => {
                    problems.invalid(FulfilmentField::Date, "Please choose a day from the list.");
                    None
                }
                Some(date) => match method.map(|m| settings.day(m, date, now, lead_days, taken)) {
                    Some(Err(why)) => {
                        problems.invalid(
                            FulfilmentField::Date,
                            format!("{}. Please choose another day.", why.label()),
                        );
                        None
                    }
                    _ => Some(date),
                },
            }
        } else {
            None
        };

        let card_message = card_text(&self.card_message);
        if filled(FulfilmentField::CardMessage)
            && CardCount::of(&card_message).lines > CARD_MAX_LINES
        {
            problems.invalid(
                FulfilmentField::CardMessage,
                format!("Please keep the card message to {CARD_MAX_LINES} lines."),
            );
        }
        let card_from = self.card_from.trim().to_owned();
        let card = (!card_message.is_empty() || !card_from.is_empty()).then_some(Card {
            message: card_message,
            from: card_from,
        });

        let handover = match method {
            Some(Method::Delivery) => {
                self.check_delivery(settings, date, now, taken, &filled, &mut problems)
            }
            Some(Method::Collection) => date
                .filter(|_| filled(FulfilmentField::CollectionTime))
                .and_then(|date| self.check_collection(settings, date, now, &mut problems)),
            None => None,
        };
        let (Some(date), Some(handover)) = (date, handover) else {
            debug_assert!(!problems.is_empty(), "a choice left incomplete says why");
            return Err(problems);
        };
        problems.into_result()?;
        Ok(Fulfilment {
            date,
            handover,
            card,
        })
    }

    /// Checks a change to an order's booked choice, as the shop checks a new one at `now`
    /// (notice, cut-offs, the places others have `taken`), with two differences: the method
    /// stays as booked (the money was paid for it), and when the change keeps the booked day
    /// and slot (or collection time), that place stands as booked: a cut-off passed or a slot
    /// filled since then does not stop the card message or the address being corrected. The
    /// kept place is checked as at the start of the day before it, when nothing of the day's
    /// own timing has passed, with no places counted (it holds one of them already).
    pub fn parse_change(
        &self,
        booked: &FulfilmentForm,
        settings: &DeliverySettings,
        now: Instant,
        lead_days: u32,
        taken: &Taken,
    ) -> Result<Fulfilment, FormProblems<FulfilmentField>> {
        if self.method.trim() != booked.method.trim() {
            let mut problems = FormProblems::new();
            problems.invalid(
                FulfilmentField::Method,
                "A delivery cannot become a collection here (or the reverse): please cancel and take a new order.",
            );
            return Err(problems);
        }
        let same = |a: &str, b: &str| a.trim() == b.trim();
        let kept_place = same(&self.date, &booked.date)
            && match Method::parse(&self.method) {
                Some(Method::Delivery) => same(&self.slot, &booked.slot),
                Some(Method::Collection) => same(&self.collection_time, &booked.collection_time),
                None => false,
            };
        match Date::parse(self.date.trim()) {
            Some(day) if kept_place => {
                let eve = LondonTime {
                    date: day.add_days(-1),
                    time: TimeOfDay::MIDNIGHT,
                }
                .instant();
                self.parse(settings, eve, 0, &Taken::none())
            }
            _ => self.parse(settings, now, lead_days, taken),
        }
    }

    fn check_collection(
        &self,
        settings: &DeliverySettings,
        date: Date,
        now: Instant,
        problems: &mut FormProblems<FulfilmentField>,
    ) -> Option<Handover> {
        let times = settings.collection_times(date, now);
        let chosen = TimeOfDay::parse(self.collection_time.trim()).filter(|t| times.contains(t));
        if chosen.is_none() {
            let why = match (times.first(), times.last()) {
                (Some(first), Some(last)) => {
                    format!("Please choose a collection time between {first} and {last}.")
                }
                _ => FulfilmentField::CollectionTime.when_missing().to_owned(),
            };
            problems.invalid(FulfilmentField::CollectionTime, why);
        }
        chosen.map(|time| Handover::Collection { time })
    }

    fn check_delivery(
        &self,
        settings: &DeliverySettings,
        date: Option<Date>,
        now: Instant,
        taken: &Taken,
        filled: &dyn Fn(FulfilmentField) -> bool,
        problems: &mut FormProblems<FulfilmentField>,
    ) -> Option<Handover> {
        let slot = date
            .filter(|_| filled(FulfilmentField::Slot))
            .and_then(|date| {
                let offered = settings.slots_on(date, now, taken);
                match offered.into_iter().find(|s| s.name == self.slot.trim()) {
                    None => {
                        problems.invalid(
                            FulfilmentField::Slot,
                            "Please choose one of the delivery times offered that day.",
                        );
                        None
                    }
                    Some(slot) => match &slot.unavailable {
                        Some(why) => {
                            problems.invalid(
                                FulfilmentField::Slot,
                                format!("{}. Please choose another time.", why.label()),
                            );
                            None
                        }
                        None => Some(slot),
                    },
                }
            });
        if filled(FulfilmentField::RecipientPhone) && !is_phone(&self.recipient_phone) {
            problems.invalid(
                FulfilmentField::RecipientPhone,
                "Please enter a phone number we can call, like 0117 496 0123.",
            );
        }
        let place = if filled(FulfilmentField::Postcode) {
            match Postcode::parse(&self.postcode) {
                None => {
                    problems.invalid(FulfilmentField::Postcode, POSTCODE_FORMAT);
                    None
                }
                Some(postcode) => match settings.zone(postcode.district()) {
                    None => {
                        problems.invalid(
                            FulfilmentField::Postcode,
                            settings.outside_area(postcode.district()),
                        );
                        None
                    }
                    Some(zone) => Some((postcode, zone)),
                },
            }
        } else {
            None
        };
        let (slot, (postcode, zone)) = (slot?, place?);
        if !problems.is_empty() {
            return None;
        }
        let tidy = |value: &str| value.trim().to_owned();
        Some(Handover::Delivery(Box::new(Delivery {
            slot: slot.name,
            start: slot.start,
            end: slot.end,
            zone: zone.name.clone(),
            zone_fee: zone.fee,
            surcharge: slot.surcharge,
            recipient: Recipient {
                name: tidy(&self.recipient_name),
                phone: tidy(&self.recipient_phone),
                address_line1: tidy(&self.address_line1),
                address_line2: tidy(&self.address_line2),
                city: tidy(&self.city),
                postcode,
            },
            instructions: tidy(&self.instructions),
        })))
    }
}

impl DeliverySettings {
    /// What an order costs: the items, the delivery fee (the zone's, nothing from the
    /// free-delivery threshold on the items alone, nothing for collection) and the slot's
    /// surcharge (paid even when delivery is free). Saturates rather than wrapping on absurd
    /// amounts, as cart totals do.
    pub fn totals(&self, items: Money, fulfilment: &Fulfilment) -> Totals {
        let (delivery, surcharge) = match &fulfilment.handover {
            Handover::Delivery(d) => (self.delivery_fee(d.zone_fee, items), d.surcharge),
            Handover::Collection { .. } => (Money::ZERO, Money::ZERO),
        };
        Totals::of(items, delivery, surcharge)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkout::CheckoutForm;
    use crate::schedule::{TakenSlot, today};
    use crate::testing::{at, customer};
    use proptest::prelude::*;

    /// A Monday morning, booking for the Wednesday.
    fn monday() -> Instant {
        at("2026-03-30", "09:00")
    }

    fn delivery() -> FulfilmentForm {
        FulfilmentForm {
            method: "delivery".into(),
            date: "2026-04-01".into(),
            slot: "Morning".into(),
            recipient_name: "Sam Green".into(),
            recipient_phone: "07700 900123".into(),
            address_line1: "3 Lime Road".into(),
            city: "Bristol".into(),
            postcode: "bs3 4ab".into(),
            ..FulfilmentForm::default()
        }
    }

    fn collection() -> FulfilmentForm {
        FulfilmentForm {
            method: "collection".into(),
            date: "2026-04-01".into(),
            collection_time: "10:30".into(),
            ..FulfilmentForm::default()
        }
    }

    fn check(form: &FulfilmentForm) -> Result<Fulfilment, FormProblems<FulfilmentField>> {
        form.parse(&DeliverySettings::demo(), monday(), 0, &Taken::none())
    }

    /// `form` as a change to a booked `delivery()`, on Monday morning, for pieces needing
    /// `lead_days` of notice.
    fn change(
        form: &FulfilmentForm,
        lead_days: u32,
    ) -> Result<Fulfilment, FormProblems<FulfilmentField>> {
        form.parse_change(
            &delivery(),
            &DeliverySettings::demo(),
            monday(),
            lead_days,
            &Taken::none(),
        )
    }

    /// The one sentence said of a field.
    fn said(form: &FulfilmentForm, now: Instant, field: FulfilmentField) -> String {
        let problems = form
            .parse(&DeliverySettings::demo(), now, 0, &Taken::none())
            .unwrap_err();
        problems.shopper_fields()[field.form_name()].clone()
    }

    /// Each form is refused on Monday morning, with its sentence on `field`.
    fn refused(field: FulfilmentField, cases: &[(FulfilmentForm, &str)]) {
        for (form, sentence) in cases {
            assert_eq!(said(form, monday(), field), *sentence, "{form:?}");
        }
    }

    fn delivery_of(fulfilment: &Fulfilment) -> &Delivery {
        match &fulfilment.handover {
            Handover::Delivery(delivery) => delivery,
            other => panic!("not a delivery: {other:?}"),
        }
    }

    #[test]
    fn a_filled_in_delivery_passes_with_its_zone_fee_and_surcharge() {
        let fulfilment = check(&delivery()).unwrap();
        assert_eq!(fulfilment.method(), Method::Delivery);
        assert_eq!(fulfilment.date.to_wire(), "2026-04-01");
        assert_eq!(fulfilment.card, None);
        let delivery = delivery_of(&fulfilment);
        assert_eq!(delivery.slot, "Morning");
        assert_eq!(delivery.zone, "Near the studio");
        assert_eq!(delivery.zone_fee, Money::from_pence(500));
        assert_eq!(delivery.surcharge, Money::from_pence(300));
        assert_eq!(delivery.recipient.postcode.to_string(), "BS3 4AB");
    }

    #[test]
    fn a_change_keeping_the_booked_place_stands_after_its_cut_off() {
        let booked = delivery();
        let changed = FulfilmentForm {
            card_message: "Sorry, a day late!".into(),
            address_line1: "5 Lime Road".into(),
            ..booked.clone()
        };
        // The Wednesday afternoon, long past the morning's cut-off.
        let late = at("2026-04-01", "15:00");
        let settings = DeliverySettings::demo();
        assert!(changed.parse(&settings, late, 0, &Taken::none()).is_err());
        let kept = changed
            .parse_change(&booked, &settings, late, 0, &Taken::none())
            .unwrap();
        assert_eq!(delivery_of(&kept).recipient.address_line1, "5 Lime Road");
        assert_eq!(kept.card.unwrap().message, "Sorry, a day late!");
    }

    #[test]
    fn a_change_of_day_is_checked_as_a_new_choice() {
        let booked = delivery();
        // Sunday: the demo studio is closed.
        let sunday = FulfilmentForm {
            date: "2026-04-05".into(),
            ..booked.clone()
        };
        let problems = change(&sunday, 0).unwrap_err();
        assert!(problems.shopper_fields()[FulfilmentField::Date.form_name()].contains("Closed"));
        // And a day without the pieces' notice.
        let tomorrow = FulfilmentForm {
            date: "2026-03-31".into(),
            ..booked.clone()
        };
        assert!(change(&tomorrow, 3).is_err());
    }

    #[test]
    fn a_change_into_a_full_slot_is_refused() {
        let mut settings = DeliverySettings::demo();
        settings.slots[1].capacity = Some(1);
        let booked = delivery();
        let afternoon = FulfilmentForm {
            slot: settings.slots[1].name.clone(),
            ..booked.clone()
        };
        let taken = Taken {
            slots: vec![TakenSlot {
                date: Date::parse("2026-04-01").unwrap(),
                slot: settings.slots[1].name.clone(),
                count: 1,
            }],
            ..Taken::none()
        };
        let problems = afternoon
            .parse_change(&booked, &settings, monday(), 0, &taken)
            .unwrap_err();
        assert!(
            problems.shopper_fields()[FulfilmentField::Slot.form_name()].contains("Fully booked")
        );
        assert!(
            afternoon
                .parse_change(&booked, &settings, monday(), 0, &Taken::none())
                .is_ok()
        );
    }

    #[test]
    fn a_change_keeps_the_booked_method() {
        let problems = change(&collection(), 0).unwrap_err();
        assert!(
            problems
                .shopper_fields()
                .contains_key(FulfilmentField::Method.form_name())
        );
    }

    #[test]
    fn a_collection_needs_only_a_day_and_a_time() {
        let form = FulfilmentForm {
            // What a delivery would ask for is ignored, however it is filled in.
            postcode: "nonsense".into(),
            recipient_phone: "x".into(),
            ..collection()
        };
        let fulfilment = check(&form).unwrap();
        assert_eq!(
            fulfilment.handover,
            Handover::Collection {
                time: TimeOfDay::parse("10:30").unwrap()
            }
        );
    }

    #[test]
    fn an_empty_form_asks_for_the_method_and_the_day() {
        let problems = check(&FulfilmentForm::default()).unwrap_err();
        assert_eq!(
            problems.message(),
            "Please fill in all required fields: Delivery or collection, Day"
        );
        assert_eq!(
            problems.shopper_fields()["method"],
            "Please choose delivery or collection."
        );
    }

    #[test]
    fn an_empty_delivery_lists_every_required_field_by_wire_name() {
        let form = FulfilmentForm {
            method: "delivery".into(),
            ..FulfilmentForm::default()
        };
        let problems = check(&form).unwrap_err();
        let fields = problems.fields(FulfilmentField::wire_name);
        assert_eq!(
            fields.keys().collect::<Vec<_>>(),
            [
                "address_line1",
                "city",
                "date",
                "postcode",
                "recipient_name",
                "slot"
            ]
        );
        assert_eq!(
            problems.shopper_fields()["recipientName"],
            "Please tell us who the flowers are for."
        );
    }

    #[test]
    fn a_field_that_cannot_be_had_is_refused_on_that_field_with_why() {
        let delivery_on = |date: &str, slot: &str| FulfilmentForm {
            date: date.into(),
            slot: slot.into(),
            ..delivery()
        };
        let cut_off = delivery_on("2026-03-30", "Afternoon");
        let settings = DeliverySettings::demo();
        assert!(
            cut_off
                .parse(&settings, at("2026-03-30", "11:59"), 0, &Taken::none())
                .is_ok()
        );
        // The form, when it is checked, the field blamed, and what the shopper is told.
        let cases = [
            (
                FulfilmentForm {
                    method: "drone".into(),
                    ..collection()
                },
                monday(),
                FulfilmentField::Method,
                "Please choose delivery or collection.",
            ),
            (
                FulfilmentForm {
                    date: "1/4/2026".into(),
                    ..collection()
                },
                monday(),
                FulfilmentField::Date,
                "Please choose a day from the list.",
            ),
            (
                cut_off,
                at("2026-03-30", "12:00"),
                FulfilmentField::Date,
                "Order by 12:00 for same-day delivery. Please choose another day.",
            ),
            (
                delivery_on("2026-03-30", "Morning"),
                at("2026-03-30", "10:00"),
                FulfilmentField::Slot,
                "No same-day delivery. Please choose another time.",
            ),
            (
                delivery_on("2026-04-04", "Afternoon"),
                monday(),
                FulfilmentField::Slot,
                "Please choose one of the delivery times offered that day.",
            ),
            (
                FulfilmentForm {
                    date: "2026-03-30".into(),
                    collection_time: "09:30".into(),
                    ..collection()
                },
                monday(),
                FulfilmentField::CollectionTime,
                "Please choose a collection time between 10:00 and 17:30.",
            ),
            (
                FulfilmentForm {
                    recipient_phone: "ring me".into(),
                    ..delivery()
                },
                monday(),
                FulfilmentField::RecipientPhone,
                "Please enter a phone number we can call, like 0117 496 0123.",
            ),
        ];
        for (form, now, field, sentence) in cases {
            assert_eq!(said(&form, now, field), sentence, "{form:?}");
        }
    }

    #[test]
    fn a_closed_day_is_refused_on_the_date_with_its_reason() {
        let form = FulfilmentForm {
            date: "2026-04-05".into(),
            ..delivery()
        };
        let problems = check(&form).unwrap_err();
        assert_eq!(
            problems
                .fields(FulfilmentField::wire_name)
                .keys()
                .collect::<Vec<_>>(),
            ["date"],
            "the slot is not blamed for the day"
        );
        assert_eq!(
            problems.message(),
            "Closed on Sundays. Please choose another day."
        );
    }

    #[test]
    fn a_full_slot_is_refused_as_fully_booked() {
        let mut settings = DeliverySettings::demo();
        settings.slots[0].capacity = Some(4);
        let taken = Taken {
            slots: vec![TakenSlot {
                date: Date::parse("2026-04-01").unwrap(),
                slot: "Morning".into(),
                count: 4,
            }],
            collections: vec![],
        };
        let problems = delivery()
            .parse(&settings, monday(), 0, &taken)
            .unwrap_err();
        assert_eq!(
            problems.message(),
            "Fully booked. Please choose another time."
        );
        let afternoon = FulfilmentForm {
            slot: "Afternoon".into(),
            ..delivery()
        };
        assert!(afternoon.parse(&settings, monday(), 0, &taken).is_ok());
    }

    #[test]
    fn a_cart_needing_notice_is_refused_too_soon_a_day() {
        let problems = delivery()
            .parse(&DeliverySettings::demo(), monday(), 3, &Taken::none())
            .unwrap_err();
        assert_eq!(
            problems.message(),
            "Needs 3 days' notice. Please choose another day."
        );
    }

    #[test]
    fn a_postcode_outside_every_zone_is_offered_collection_and_never_charged() {
        let postcode = |postcode: &str| FulfilmentForm {
            postcode: postcode.into(),
            ..delivery()
        };
        refused(
            FulfilmentField::Postcode,
            &[
                (
                    postcode("BS99 1AB"),
                    "We can't deliver to BS99 — you could collect from the studio in BS14 instead.",
                ),
                (postcode("BS3"), POSTCODE_FORMAT),
            ],
        );
    }

    #[test]
    fn a_collection_time_must_be_one_offered_that_day() {
        let cases = ["07:00", "18:00", "10:15", "half ten"].map(|time| {
            let form = FulfilmentForm {
                collection_time: time.into(),
                ..collection()
            };
            (
                form,
                "Please choose a collection time between 07:30 and 17:30.",
            )
        });
        refused(FulfilmentField::CollectionTime, &cases);
    }

    #[test]
    fn a_card_message_keeps_its_lines_and_its_sender() {
        let form = FulfilmentForm {
            card_message: "  Happy birthday!\r\n\r\nLove from\r\nall of us \n".into(),
            card_from: " Jo ".into(),
            ..collection()
        };
        let card = check(&form).unwrap().card.unwrap();
        assert_eq!(card.message, "Happy birthday!\n\nLove from\nall of us");
        assert_eq!(card.from, "Jo");
        let anonymous = FulfilmentForm {
            card_message: "Thinking of you".into(),
            ..collection()
        };
        assert_eq!(check(&anonymous).unwrap().card.unwrap().from, "");
    }

    #[test]
    fn a_card_message_of_250_characters_and_6_lines_fits() {
        let fits = FulfilmentForm {
            card_message: format!("{}\n{}", "a".repeat(200), "b\n".repeat(4) + "c"),
            ..collection()
        };
        assert!(check(&fits).is_ok(), "{:?}", check(&fits));
    }

    #[test]
    fn the_live_count_says_what_is_left_or_too_many() {
        assert_eq!(
            CardCount::of("").text(),
            "250 characters left · 6 lines left"
        );
        let count = CardCount::of("Hello\r\nthere");
        assert_eq!(
            count,
            CardCount {
                characters: 11,
                lines: 2
            }
        );
        assert!(count.fits());
        assert_eq!(
            CardCount::of(&"x".repeat(251)).text(),
            "1 character too many · 5 lines left"
        );
        let seven = CardCount::of(&"x\n".repeat(7));
        assert!(!seven.fits());
        assert_eq!(seven.text(), "237 characters left · 1 line too many");
    }

    #[test]
    fn one_line_of_instructions_is_kept_for_the_driver() {
        let ok = FulfilmentForm {
            instructions: "Leave with the neighbour at number 5".into(),
            ..delivery()
        };
        assert_eq!(
            delivery_of(&check(&ok).unwrap()).instructions,
            "Leave with the neighbour at number 5"
        );
    }

    #[test]
    fn a_delivery_without_the_recipients_phone_is_accepted() {
        let form = FulfilmentForm {
            recipient_phone: "  ".into(),
            ..delivery()
        };
        let Handover::Delivery(delivery) = check(&form).unwrap().handover else {
            panic!("a delivery");
        };
        assert_eq!(delivery.recipient.phone, "");
    }

    #[test]
    fn a_recipient_phone_must_be_one_a_driver_can_call() {
        let form = FulfilmentForm {
            recipient_phone: "ring me".into(),
            ..delivery()
        };
        refused(
            FulfilmentField::RecipientPhone,
            &[(
                form,
                "Please enter a phone number we can call, like 0117 496 0123.",
            )],
        );
    }

    #[test]
    fn a_card_message_or_instructions_too_long_or_broken_is_refused() {
        let (card, instructions) = (FulfilmentField::CardMessage, FulfilmentField::Instructions);
        // The field, what is typed into it, and what the shopper is told.
        let cases = [
            (
                card,
                "é".repeat(251),
                "Please keep this under 250 characters.",
            ),
            (
                card,
                "line\n".repeat(7),
                "Please keep the card message to 6 lines.",
            ),
            (card, "Dear\tSam".into(), CONTROL_CHARACTERS),
            (
                instructions,
                "x".repeat(201),
                "Please keep this under 200 characters.",
            ),
            (
                instructions,
                "Ring twice\nthen wait".into(),
                CONTROL_CHARACTERS,
            ),
        ];
        for (field, typed, sentence) in cases {
            let mut form = delivery();
            *form.value_mut(field) = typed;
            refused(field, &[(form, sentence)]);
        }
    }

    #[test]
    fn deliver_to_me_fills_the_recipient_from_the_customer() {
        let customer = CheckoutForm {
            postcode: "bs14 9ab".into(),
            ..customer()
        }
        .parse()
        .unwrap();
        let mut form = FulfilmentForm {
            method: "delivery".into(),
            date: "2026-04-01".into(),
            slot: "Afternoon".into(),
            ..FulfilmentForm::default()
        };
        form.deliver_to(&customer);
        let fulfilment = check(&form).unwrap();
        let recipient = &delivery_of(&fulfilment).recipient;
        assert_eq!(recipient.name, "Jo Bloom");
        assert_eq!(recipient.postcode.to_string(), "BS14 9AB");
    }

    #[test]
    fn deliver_to_me_fills_in_details_still_being_typed() {
        let typed = CheckoutForm {
            first_name: " Jo ".into(),
            address: "12 Wells Road".into(),
            postcode: "bs14".into(),
            ..CheckoutForm::default()
        };
        let mut form = FulfilmentForm {
            address_line2: "Flat 2".into(),
            ..FulfilmentForm::default()
        };
        form.deliver_to(&typed);
        assert_eq!(form.recipient_name, "Jo");
        assert_eq!(form.address_line1, "12 Wells Road");
        assert_eq!(form.address_line2, "");
        assert_eq!(form.postcode, "bs14");
    }

    #[test]
    fn deliver_to_me_fills_exactly_the_recipients_fields() {
        let customer = customer();
        let mut before = FulfilmentForm::default();
        for field in FulfilmentField::ALL {
            *before.value_mut(field) = "typed before".into();
        }
        let mut form = before.clone();
        form.deliver_to(&customer);
        for field in FulfilmentField::ALL {
            assert_eq!(
                form.value(field) != before.value(field),
                field.is_recipient(),
                "{field:?}"
            );
        }
    }

    #[test]
    fn a_choice_is_kept_tidied_and_checks_again_the_same() {
        let typed = FulfilmentForm {
            recipient_name: "  Sam Green ".into(),
            slot: " Morning".into(),
            instructions: " Side gate ".into(),
            card_message: " Happy birthday,\r\nlove Jo \r\n".into(),
            card_from: " Jo ".into(),
            collection_time: "10:30".into(),
            ..delivery()
        };
        let fulfilment = check(&typed).unwrap();
        let kept = fulfilment.form();
        assert_eq!(
            kept,
            // The collection time is asked only for a collection: not kept with a delivery.
            FulfilmentForm {
                postcode: "BS3 4AB".into(),
                instructions: "Side gate".into(),
                card_message: "Happy birthday,\nlove Jo".into(),
                card_from: "Jo".into(),
                ..delivery()
            }
        );
        assert_eq!(check(&kept), Ok(fulfilment));
        let collected = check(&collection()).unwrap();
        assert_eq!(collected.form(), collection());
        assert_eq!(check(&collected.form()), Ok(collected));
    }

    #[test]
    fn totals_add_the_fee_and_surcharge_to_the_items() {
        let settings = DeliverySettings::demo();
        let morning = check(&delivery()).unwrap();
        let pence = Money::from_pence;
        assert_eq!(
            settings.totals(pence(4500), &morning),
            Totals {
                items: pence(4500),
                delivery: pence(500),
                surcharge: pence(300),
                total: pence(5300),
            }
        );
        // From £60 of items the fee goes, but the Morning's surcharge stays.
        assert_eq!(
            settings.totals(pence(6000), &morning),
            Totals {
                items: pence(6000),
                delivery: Money::ZERO,
                surcharge: pence(300),
                total: pence(6300),
            }
        );
        let collect = check(&collection()).unwrap();
        assert_eq!(settings.totals(pence(4500), &collect).total, pence(4500));
    }

    #[test]
    fn fields_are_named_as_the_form_and_the_api_name_them() {
        let wire: Vec<&str> = FulfilmentField::ALL.iter().map(|f| f.wire_name()).collect();
        assert_eq!(
            wire.join(" "),
            "method date slot collection_time recipient_name recipient_phone address_line1 \
             address_line2 city postcode instructions card_message card_from"
        );
        assert_eq!(FulfilmentField::CardMessage.form_name(), "cardMessage");
        assert_eq!(FulfilmentField::CardMessage.max_chars(), 250);
    }

    #[test]
    fn a_form_is_read_from_json_with_the_missing_fields_blank() {
        let form: FulfilmentForm = serde_json::from_str(
            r#"{"method":"collection","date":"2026-04-01","collection_time":"10:30"}"#,
        )
        .unwrap();
        assert_eq!(form, collection());
    }

    fn any_zone_postcode() -> impl Strategy<Value = String> {
        let districts: Vec<String> = DeliverySettings::demo()
            .zones
            .iter()
            .flat_map(|z| z.districts.clone())
            .collect();
        (proptest::sample::select(districts), 0u8..10, "[A-Z]{2}")
            .prop_map(|(district, digit, letters)| format!("{district} {digit}{letters}"))
    }

    proptest! {
        #[test]
        fn every_day_and_slot_listed_as_bookable_passes_the_check(
            now in 1_767_225_600i64..1_893_456_000,
            lead_days in 0u32..4,
            postcode in any_zone_postcode(),
            items in 0i64..20_000,
        ) {
            let settings = DeliverySettings::demo();
            let taken = Taken::none();
            for day in settings.days(Method::Delivery, now, lead_days, &taken).into_iter().take(10) {
                if day.unavailable.is_some() {
                    continue;
                }
                for slot in settings.slots_on(day.date, now, &taken) {
                    let form = FulfilmentForm {
                        date: day.date.to_wire(),
                        slot: slot.name.clone(),
                        postcode: postcode.clone(),
                        ..delivery()
                    };
                    let checked = form.parse(&settings, now, lead_days, &taken);
                    prop_assert_eq!(checked.is_ok(), slot.unavailable.is_none(), "{:?} {:?}", day, slot);
                    if let Ok(fulfilment) = checked {
                        let totals = settings.totals(Money::from_pence(items), &fulfilment);
                        let sum = totals.items.pence() + totals.delivery.pence() + totals.surcharge.pence();
                        prop_assert_eq!(totals.total.pence(), sum);
                        let fee = delivery_of(&fulfilment).zone_fee;
                        prop_assert!(totals.delivery == fee || totals.delivery == Money::ZERO);
                    }
                }
            }
        }

        #[test]
        fn every_collection_time_listed_passes_the_check(
            now in 1_767_225_600i64..1_893_456_000,
            lead_days in 0u32..4,
        ) {
            let settings = DeliverySettings::demo();
            let taken = Taken::none();
            let days = settings.days(Method::Collection, now, lead_days, &taken);
            for day in days.into_iter().take(5).filter(|d| d.unavailable.is_none()) {
                for time in settings.collection_times(day.date, now) {
                    let form = FulfilmentForm {
                        date: day.date.to_wire(),
                        collection_time: time.to_wire(),
                        ..collection()
                    };
                    prop_assert!(form.parse(&settings, now, lead_days, &taken).is_ok());
                }
            }
        }

        #[test]
        fn a_district_outside_every_zone_is_never_charged(
            district in "[A-Z]{1,2}[0-9]{1,2}",
            inward in "[0-9][A-Z]{2}",
        ) {
            let settings = DeliverySettings::demo();
            prop_assume!(settings.zone(&district).is_none());
            let form = FulfilmentForm {
                postcode: format!("{district} {inward}"),
                ..delivery()
            };
            let problems = form.parse(&settings, monday(), 0, &Taken::none()).unwrap_err();
            prop_assert_eq!(
                &problems.shopper_fields()["postcode"],
                &settings.outside_area(&district)
            );
        }

        #[test]
        fn any_form_at_all_is_answered_without_a_panic(
            method in prop_oneof![Just("delivery".to_owned()), Just("collection".to_owned()), ".{0,12}"],
            date in prop_oneof![Just("2026-04-01".to_owned()), Just("2026-04-05".to_owned()), ".{0,12}"],
            slot in prop_oneof![Just("Morning".to_owned()), ".{0,8}"],
            time in prop_oneof![Just("10:30".to_owned()), ".{0,6}"],
            text in ".{0,12}",
            card in "(.|\n){0,300}",
            now in 1_767_225_600i64..1_893_456_000,
        ) {
            let form = FulfilmentForm {
                method,
                date,
                slot,
                collection_time: time,
                recipient_name: text.clone(),
                recipient_phone: text.clone(),
                address_line1: text.clone(),
                city: text.clone(),
                postcode: text,
                card_message: card,
                ..FulfilmentForm::default()
            };
            let _ = form.parse(&DeliverySettings::demo(), now, 0, &Taken::none());
            let _ = today(now);
        }
    }
}
