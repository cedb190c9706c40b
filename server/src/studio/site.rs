//! The studio's own facts as the pages read them from `GET /api/site/`: name, address, contact
//! details, opening hours, social links and where it delivers. The facts are kept by
//! [`crate::studio::facts`], the hours by the delivery settings.

use poem_openapi::Object;
use posy_core::delivery::WeekHours;
use posy_core::studio::StudioFacts;

/// What the shop says about the studio.
#[derive(Debug, Clone, Object)]
pub struct Site {
    /// The brand, e.g. `Posy`.
    pub name: String,
    /// Under the brand in the nav: `floral studio`.
    pub tagline: String,
    /// The studio's address, one line each, the postcode last.
    pub address: Vec<String>,
    /// As people write it, e.g. `0117 496 0123`.
    pub phone: String,
    /// For `tel:` links, e.g. `+441174960123`.
    pub phone_international: String,
    pub email: String,
    /// In the order of the week, from the delivery settings' hours.
    pub opening_hours: Vec<OpeningHours>,
    pub social: Vec<SocialLink>,
    /// Where the studio delivers, e.g. `Bristol`.
    pub delivery_area: String,
    /// Where orders can be collected, e.g. `BS14`.
    pub collection_from: String,
    /// One sentence for pages and the footer.
    pub delivery_note: String,
}

/// Opening hours for some days.
#[derive(Debug, Clone, Object)]
pub struct OpeningHours {
    /// e.g. `Monday to Friday`.
    pub days: String,
    /// e.g. `07:30–18:00`, or `Closed`.
    pub hours: String,
}

/// The lines the site shows for the week's hours (core groups the days).
pub fn opening_hours(week: &WeekHours) -> Vec<OpeningHours> {
    week.lines()
        .into_iter()
        .map(|line| OpeningHours {
            days: line.days,
            hours: line.hours,
        })
        .collect()
}

/// A social network profile.
#[derive(Debug, Clone, Object)]
pub struct SocialLink {
    /// e.g. `Instagram`.
    pub name: String,
    pub url: String,
}

impl Site {
    /// What the pages show: the studio's facts as kept, and the week's hours from the
    /// delivery settings (one place for each).
    pub fn new(facts: &StudioFacts, week: &WeekHours) -> Site {
        Site {
            name: facts.name.clone(),
            tagline: facts.tagline.clone(),
            address: facts.address(),
            phone: facts.phone.clone(),
            phone_international: facts.phone_international(),
            email: facts.email.clone(),
            opening_hours: opening_hours(week),
            social: facts
                .social()
                .into_iter()
                .map(|(name, url)| SocialLink {
                    name: name.into(),
                    url,
                })
                .collect(),
            delivery_area: facts.town.clone(),
            collection_from: facts.collection_district(),
            delivery_note: facts.delivery_note(),
        }
    }
}
