//! The studio's own facts, in one place: name, address, contact details, opening hours, social
//! links and where it delivers. The web app's nav, footer and pages read them from
//! `GET /api/site/`.

use poem_openapi::Object;
use posy_core::delivery::{DeliverySettings, WeekHours};

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
    /// e.g. `7:30–18:00`, or `Closed`.
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

impl Default for Site {
    /// The demo studio in South Bristol.
    fn default() -> Site {
        let social = |name: &str, url: &str| SocialLink {
            name: name.into(),
            url: url.into(),
        };
        Site {
            name: "Posy".into(),
            tagline: "floral studio".into(),
            address: vec![
                "Posy Floral Studio".into(),
                "Unit 4, Stockwood Mews".into(),
                "Stockwood Lane, Whitchurch".into(),
                "Bristol BS14 8SJ".into(),
            ],
            phone: "0117 496 0123".into(),
            phone_international: "+441174960123".into(),
            email: "hello@posyflowers.example".into(),
            opening_hours: opening_hours(&DeliverySettings::demo().opening_hours),
            social: vec![
                social("Instagram", "https://www.instagram.com/"),
                social("Facebook", "https://www.facebook.com/"),
                social("Pinterest", "https://www.pinterest.co.uk/"),
            ],
            delivery_area: "Bristol".into(),
            collection_from: "BS14".into(),
            delivery_note: "We deliver across Bristol, or collect from our studio in BS14.".into(),
        }
    }
}
