//! The studio's own facts as the back office edits them: its name and tagline, phone, e-mail,
//! address and social links. The nav, the footer, the pages and the mails all show them, so
//! each is checked here, once, with a sentence for the studio when it is not right. What the
//! pages need beside them is derived from them: the `tel:` form of the phone, the address as
//! lines, the district orders are collected from and the delivery sentence.
//!
//! Opening hours and closed days are the delivery settings' ([`crate::delivery`]): one place.

use serde::{Deserialize, Serialize};

use crate::postcode::{POSTCODE_FORMAT, Postcode};
use crate::validation::{FormField, FormProblems, has_control_chars, is_email, too_long};

/// The longest brand name (it sits in the nav beside the menu).
pub const MAX_NAME_CHARS: usize = 40;
/// The longest tagline (under the brand in the nav).
pub const MAX_TAGLINE_CHARS: usize = 60;
/// The longest address line or town.
pub const MAX_LINE_CHARS: usize = 100;
/// The longest e-mail address mail software takes.
pub const MAX_EMAIL_CHARS: usize = 254;
/// The longest phone number as written (15 digits with spaces and a `+`).
pub const MAX_PHONE_CHARS: usize = 20;
/// The longest postcode as typed (`BS14 8SJ` with spaces to spare).
pub const MAX_POSTCODE_CHARS: usize = 10;
/// The longest link to a social profile.
pub const MAX_LINK_CHARS: usize = 300;

/// A field of the studio's form, named as the API and the form name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudioField {
    Name,
    Tagline,
    Phone,
    Email,
    AddressLine1,
    AddressLine2,
    AddressLine3,
    Town,
    Postcode,
    Instagram,
    Facebook,
    Pinterest,
}

impl StudioField {
    /// Every field, in the form's order.
    pub const ALL: [StudioField; 12] = [
        StudioField::Name,
        StudioField::Tagline,
        StudioField::Phone,
        StudioField::Email,
        StudioField::AddressLine1,
        StudioField::AddressLine2,
        StudioField::AddressLine3,
        StudioField::Town,
        StudioField::Postcode,
        StudioField::Instagram,
        StudioField::Facebook,
        StudioField::Pinterest,
    ];

    /// The most characters the field takes.
    pub fn max_chars(self) -> usize {
        use StudioField as F;
        match self {
            F::Name => MAX_NAME_CHARS,
            F::Tagline => MAX_TAGLINE_CHARS,
            F::Phone => MAX_PHONE_CHARS,
            F::Email => MAX_EMAIL_CHARS,
            F::AddressLine1 | F::AddressLine2 | F::AddressLine3 | F::Town => MAX_LINE_CHARS,
            F::Postcode => MAX_POSTCODE_CHARS,
            F::Instagram | F::Facebook | F::Pinterest => MAX_LINK_CHARS,
        }
    }

    /// What the field is called in sentences about it.
    fn called(self) -> &'static str {
        use StudioField as F;
        match self {
            F::Name => "the studio's name",
            F::Tagline => "the tagline",
            F::Phone => "the phone number",
            F::Email => "the e-mail address",
            F::AddressLine1 | F::AddressLine2 | F::AddressLine3 => "each address line",
            F::Town => "the town",
            F::Postcode => "the postcode",
            F::Instagram => "the Instagram link",
            F::Facebook => "the Facebook link",
            F::Pinterest => "the Pinterest link",
        }
    }
}

impl FormField for StudioField {
    fn form_name(self) -> &'static str {
        use StudioField as F;
        match self {
            F::Name => "name",
            F::Tagline => "tagline",
            F::Phone => "phone",
            F::Email => "email",
            F::AddressLine1 => "address_line_1",
            F::AddressLine2 => "address_line_2",
            F::AddressLine3 => "address_line_3",
            F::Town => "town",
            F::Postcode => "postcode",
            F::Instagram => "instagram",
            F::Facebook => "facebook",
            F::Pinterest => "pinterest",
        }
    }

    fn wire_name(self) -> &'static str {
        self.form_name()
    }

    fn when_missing(self) -> &'static str {
        use StudioField as F;
        match self {
            F::Name => "Please give the studio's name, as the nav shows it.",
            F::Tagline => "Please give a few words for under the name, like floral studio.",
            F::Phone => "Please give the studio's phone number, like 0117 496 0123.",
            F::Email => "Please give the studio's e-mail address.",
            F::AddressLine1 => "Please give the first line of the studio's address.",
            F::Town => "Please give the studio's town, like Bristol.",
            F::Postcode => "Please give the studio's postcode, like BS14 8SJ.",
            // Never required.
            F::AddressLine2 | F::AddressLine3 | F::Instagram | F::Facebook | F::Pinterest => {
                crate::validation::REQUIRED
            }
        }
    }
}

/// The studio's facts, as the back office sends them and as the shop keeps them once checked
/// (then trimmed, the postcode in capitals). Optional fields are empty when not given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StudioFacts {
    /// The brand: `Posy`.
    pub name: String,
    /// Under the brand: `floral studio`.
    pub tagline: String,
    /// As people write it: `0117 496 0123`.
    pub phone: String,
    pub email: String,
    pub address_line_1: String,
    /// Optional.
    pub address_line_2: String,
    /// Optional.
    pub address_line_3: String,
    /// `Bristol`: also where the studio delivers.
    pub town: String,
    /// `BS14 8SJ`.
    pub postcode: String,
    /// Links to the studio's profiles, each optional.
    pub instagram: String,
    pub facebook: String,
    pub pinterest: String,
}

/// A UK phone number in the international form a `tel:` link takes: `0117 496 0123` →
/// `+441174960123`, `+44 (0)117 496 0123` → `+441174960123`. `None` for a number that is not a
/// UK one: 10 or 11 digits starting 0, or +44 and 9 or 10 more.
pub fn tel(phone: &str) -> Option<String> {
    let phone = phone.trim();
    let allowed = |c: char| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')');
    let (international, rest) = match phone.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, phone),
    };
    if rest.is_empty() || !rest.chars().all(allowed) {
        return None;
    }
    let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
    let national = if international {
        let national = digits.strip_prefix("44")?;
        // `+44 (0)117 …`: the bracketed trunk zero is not dialled from abroad.
        let bracketed_zero = rest.replace(' ', "").starts_with("44(0)");
        if bracketed_zero {
            national.strip_prefix('0')?
        } else {
            national
        }
    } else {
        digits.strip_prefix('0')?
    };
    let ok = (9..=10).contains(&national.len()) && !national.starts_with('0');
    ok.then(|| format!("+44{national}"))
}

/// Said when a phone number is not a UK one.
pub const PHONE_FORMAT: &str =
    "Please give a UK phone number, like 0117 496 0123 or +44 117 496 0123.";
/// Said when a social link is not a web address.
pub const LINK_FORMAT: &str = "Please give the whole web address, starting https://.";

/// A link to a profile: one `https://` address with a host, no spaces.
fn is_link(value: &str) -> bool {
    value.strip_prefix("https://").is_some_and(|rest| {
        let host = rest.split('/').next().unwrap_or_default();
        host.contains('.') && !rest.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

impl StudioFacts {
    /// The demo studio in South Bristol, as the shop starts.
    pub fn demo() -> StudioFacts {
        StudioFacts {
            name: "Posy".into(),
            tagline: "floral studio".into(),
            phone: "0117 496 0123".into(),
            email: "hello@posyflowers.example".into(),
            address_line_1: "Posy Floral Studio".into(),
            address_line_2: "Unit 4, Stockwood Mews".into(),
            address_line_3: "Stockwood Lane, Whitchurch".into(),
            town: "Bristol".into(),
            postcode: "BS14 8SJ".into(),
            instagram: "https://www.instagram.com/".into(),
            facebook: "https://www.facebook.com/".into(),
            pinterest: "https://www.pinterest.co.uk/".into(),
        }
    }

    fn value(&self, field: StudioField) -> &str {
        use StudioField as F;
        match field {
            F::Name => &self.name,
            F::Tagline => &self.tagline,
            F::Phone => &self.phone,
            F::Email => &self.email,
            F::AddressLine1 => &self.address_line_1,
            F::AddressLine2 => &self.address_line_2,
            F::AddressLine3 => &self.address_line_3,
            F::Town => &self.town,
            F::Postcode => &self.postcode,
            F::Instagram => &self.instagram,
            F::Facebook => &self.facebook,
            F::Pinterest => &self.pinterest,
        }
    }

    /// Checks the facts as the server does before keeping them: every field at fault with
    /// its sentence, else the facts tidied (trimmed, the postcode written as Royal Mail
    /// writes it).
    pub fn check(&self) -> Result<StudioFacts, FormProblems<StudioField>> {
        use StudioField as F;
        let mut problems = FormProblems::new();
        for field in F::ALL {
            let value = self.value(field);
            let required = !matches!(
                field,
                F::AddressLine2 | F::AddressLine3 | F::Instagram | F::Facebook | F::Pinterest
            );
            if value.trim().is_empty() {
                if required {
                    problems.missing.push(field);
                }
                continue;
            }
            if too_long(value, field.max_chars()) {
                let most = field.max_chars();
                let called = field.called();
                problems.invalid(
                    field,
                    format!("Please keep {called} to {most} characters at most."),
                );
                continue;
            }
            if has_control_chars(value) {
                let called = field.called();
                problems.invalid(field, format!("Please keep {called} to one line."));
                continue;
            }
            let fault = match field {
                F::Phone => tel(value).is_none().then_some(PHONE_FORMAT),
                F::Email => (!is_email(value))
                    .then_some("Please give an e-mail address like hello@example.co.uk."),
                F::Postcode => Postcode::parse(value).is_none().then_some(POSTCODE_FORMAT),
                F::Instagram | F::Facebook | F::Pinterest => {
                    (!is_link(value.trim())).then_some(LINK_FORMAT)
                }
                _ => None,
            };
            if let Some(why) = fault {
                problems.invalid(field, why);
            }
        }
        problems.into_result()?;
        let trim = |value: &str| value.trim().to_owned();
        Ok(StudioFacts {
            name: trim(&self.name),
            tagline: trim(&self.tagline),
            phone: trim(&self.phone),
            email: trim(&self.email),
            address_line_1: trim(&self.address_line_1),
            address_line_2: trim(&self.address_line_2),
            address_line_3: trim(&self.address_line_3),
            town: trim(&self.town),
            postcode: Postcode::parse(&self.postcode)
                .map(|p| p.to_string())
                .unwrap_or_default(),
            instagram: trim(&self.instagram),
            facebook: trim(&self.facebook),
            pinterest: trim(&self.pinterest),
        })
    }

    /// The phone for `tel:` links: `+441174960123` (empty when the phone is not a UK one,
    /// which checked facts never are).
    pub fn phone_international(&self) -> String {
        tel(&self.phone).unwrap_or_default()
    }

    /// The address one line each, the town and postcode last: `Bristol BS14 8SJ`.
    pub fn address(&self) -> Vec<String> {
        [
            self.address_line_1.as_str(),
            &self.address_line_2,
            &self.address_line_3,
        ]
        .into_iter()
        .filter(|line| !line.trim().is_empty())
        .map(str::to_owned)
        .chain([format!("{} {}", self.town, self.postcode)])
        .collect()
    }

    /// The postcode district orders are collected from: `BS14`.
    pub fn collection_district(&self) -> String {
        Postcode::parse(&self.postcode)
            .map(|p| p.district().to_owned())
            .unwrap_or_default()
    }

    /// One sentence for the pages and the footer.
    pub fn delivery_note(&self) -> String {
        format!(
            "We deliver across {}, or collect from our studio in {}.",
            self.town,
            self.collection_district()
        )
    }

    /// The social links given, by network: `("Instagram", "https://…")`.
    pub fn social(&self) -> Vec<(&'static str, String)> {
        [
            ("Instagram", &self.instagram),
            ("Facebook", &self.facebook),
            ("Pinterest", &self.pinterest),
        ]
        .into_iter()
        .filter(|(_, url)| !url.trim().is_empty())
        .map(|(name, url)| (name, url.clone()))
        .collect()
    }

    /// How letters are signed: `Posy Floral Studio`, the address's first line (or the name).
    pub fn signature(&self) -> &str {
        if self.address_line_1.trim().is_empty() {
            &self.name
        } else {
            &self.address_line_1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(problems: &FormProblems<StudioField>) -> Vec<(String, String)> {
        problems.shopper_fields().into_iter().collect()
    }

    #[test]
    fn the_demo_studio_passes_its_own_check_unchanged() {
        assert_eq!(StudioFacts::demo().check(), Ok(StudioFacts::demo()));
    }

    #[test]
    fn the_demo_studio_reads_as_the_site_always_showed_it() {
        let demo = StudioFacts::demo();
        assert_eq!(demo.phone_international(), "+441174960123");
        assert_eq!(
            demo.address(),
            [
                "Posy Floral Studio",
                "Unit 4, Stockwood Mews",
                "Stockwood Lane, Whitchurch",
                "Bristol BS14 8SJ"
            ]
        );
        assert_eq!(demo.collection_district(), "BS14");
        assert_eq!(
            demo.delivery_note(),
            "We deliver across Bristol, or collect from our studio in BS14."
        );
        assert_eq!(demo.social().len(), 3);
        assert_eq!(demo.signature(), "Posy Floral Studio");
    }

    #[test]
    fn uk_numbers_in_any_usual_writing_get_one_tel_form() {
        for (written, wanted) in [
            ("0117 496 0123", "+441174960123"),
            ("01174960123", "+441174960123"),
            ("(0117) 496-0123", "+441174960123"),
            ("+44 117 496 0123", "+441174960123"),
            ("+44 (0)117 496 0123", "+441174960123"),
            ("07700 900123", "+447700900123"),
            (" 0800 123 456 ", "+44800123456"),
        ] {
            assert_eq!(tel(written).as_deref(), Some(wanted), "{written}");
        }
    }

    #[test]
    fn numbers_that_are_not_uk_ones_have_no_tel_form() {
        for bad in [
            "",
            "0117",
            "117 496 0123",
            "+1 415 555 0100",
            "00 44 117 496 0123",
            "0117 496 012x",
            "0117 496 0123 4567",
            "+44 0117 496 0123",
            "++44 117 496 0123",
        ] {
            assert_eq!(tel(bad), None, "{bad}");
        }
    }

    #[test]
    fn empty_required_fields_each_get_their_own_sentence_and_optional_ones_none() {
        let problems = StudioFacts::default().check().unwrap_err();
        let named: Vec<&str> = problems.missing.iter().map(|f| f.form_name()).collect();
        assert_eq!(
            named,
            [
                "name",
                "tagline",
                "phone",
                "email",
                "address_line_1",
                "town",
                "postcode"
            ]
        );
        assert_eq!(
            problems.shopper_fields()["phone"],
            "Please give the studio's phone number, like 0117 496 0123."
        );
    }

    #[test]
    fn malformed_fields_are_refused_each_with_a_sentence() {
        let facts = StudioFacts {
            phone: "call us".into(),
            email: "hello@".into(),
            postcode: "BS14".into(),
            instagram: "instagram.com/posy".into(),
            name: "P".repeat(MAX_NAME_CHARS + 1),
            address_line_2: "Unit 4\nStockwood".into(),
            ..StudioFacts::demo()
        };
        let problems = facts.check().unwrap_err();
        assert_eq!(
            fields(&problems),
            [
                (
                    "address_line_2".into(),
                    "Please keep each address line to one line.".into()
                ),
                (
                    "email".into(),
                    "Please give an e-mail address like hello@example.co.uk.".into()
                ),
                ("instagram".into(), LINK_FORMAT.into()),
                (
                    "name".into(),
                    "Please keep the studio's name to 40 characters at most.".into()
                ),
                ("phone".into(), PHONE_FORMAT.into()),
                ("postcode".into(), POSTCODE_FORMAT.into()),
            ]
        );
    }

    #[test]
    fn checked_facts_are_trimmed_with_the_postcode_as_royal_mail_writes_it() {
        let facts = StudioFacts {
            name: "  Petal ".into(),
            postcode: "bs3 4ab".into(),
            address_line_2: String::new(),
            address_line_3: "  ".into(),
            facebook: String::new(),
            ..StudioFacts::demo()
        };
        let checked = facts.check().expect("fine");
        assert_eq!(checked.name, "Petal");
        assert_eq!(checked.postcode, "BS3 4AB");
        assert_eq!(checked.address_line_3, "");
        assert_eq!(checked.address(), ["Posy Floral Studio", "Bristol BS3 4AB"]);
        assert_eq!(checked.collection_district(), "BS3");
        assert_eq!(checked.social().len(), 2);
    }
}
