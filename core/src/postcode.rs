//! UK postcodes: read in any spacing and case, written as Royal Mail writes them (`BS14 9AB`),
//! and split into the district (the outward code, `BS14`) that delivery zones are made of.

use std::fmt;

/// Said when a postcode is not one; the checkout and the delivery form use the same words.
pub const POSTCODE_FORMAT: &str = "Please enter a full UK postcode, like BS14 8AB.";

/// A full UK postcode, in capitals, its district and its inward code kept apart.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Postcode {
    district: String,
    inward: String,
}

fn compact(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// A district (outward code) in capitals and without spaces: `A9`, `A99`, `AA9`, `AA99`, `A9A`
/// or `AA9A`, such as `BS3`, `BS14` or `W1A`.
fn is_district(compact: &str) -> bool {
    let shape: String = compact
        .chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                'A'
            } else if c.is_ascii_digit() {
                '9'
            } else {
                '?'
            }
        })
        .collect();
    matches!(
        shape.as_str(),
        "A9" | "A99" | "AA9" | "AA99" | "A9A" | "AA9A"
    )
}

impl Postcode {
    /// Reads a full postcode such as `BS14 9AB`, `bs149ab` or ` Bs14  9aB ` (spaces and case
    /// are forgiven); `None` for anything that is not one, a district alone included.
    pub fn parse(value: &str) -> Option<Postcode> {
        let compact = compact(value);
        if compact == "GIR0AA" {
            return Some(Postcode {
                district: "GIR".into(),
                inward: "0AA".into(),
            });
        }
        if !(5..=7).contains(&compact.len()) || !compact.is_ascii() {
            return None;
        }
        let (district, inward) = compact.split_at(compact.len() - 3);
        let inward_ok = {
            let b = inward.as_bytes();
            b[0].is_ascii_digit() && b[1].is_ascii_uppercase() && b[2].is_ascii_uppercase()
        };
        (inward_ok && is_district(district)).then(|| Postcode {
            district: district.into(),
            inward: inward.into(),
        })
    }

    /// The district (outward code): `BS14`.
    pub fn district(&self) -> &str {
        &self.district
    }

    /// The inward code: `9AB`.
    pub fn inward(&self) -> &str {
        &self.inward
    }
}

/// `BS14 9AB`: capitals, one space before the inward code.
impl fmt::Display for Postcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.district, self.inward)
    }
}

/// A district on its own, as the studio lists them in its delivery zones: `bs3 ` is `BS3`.
pub fn parse_district(value: &str) -> Option<String> {
    let compact = compact(value);
    is_district(&compact).then_some(compact)
}

/// The district of what a shopper has typed so far, so the fee can be shown before the
/// postcode is complete: a full postcode's district; else the first word when it is a
/// district (`BS3 4`); else the whole when it is one (`BS3`). Without a space a district is
/// taken as typed, so `BS14` is BS14 until a full `BS14AB` makes it BS1 4AB.
pub fn typed_district(value: &str) -> Option<String> {
    if let Some(postcode) = Postcode::parse(value) {
        return Some(postcode.district);
    }
    let mut words = value.split_whitespace();
    let first = words.next()?;
    if words.next().is_some() {
        parse_district(first)
    } else {
        parse_district(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postcode_is_written_in_capitals_with_one_space() {
        for typed in ["BS14 9AB", "bs149ab", " Bs14  9aB ", "BS1 49AB"] {
            let postcode = Postcode::parse(typed).unwrap();
            assert_eq!(postcode.to_string(), "BS14 9AB", "{typed:?}");
            assert_eq!(postcode.district(), "BS14");
            assert_eq!(postcode.inward(), "9AB");
        }
        assert_eq!(Postcode::parse("bs3 4ab").unwrap().to_string(), "BS3 4AB");
        assert_eq!(Postcode::parse("gir0aa").unwrap().district(), "GIR");
    }

    #[test]
    fn the_inward_code_is_always_the_last_three_characters() {
        assert_eq!(Postcode::parse("BS14AB").unwrap().to_string(), "BS1 4AB");
    }

    #[test]
    fn a_district_alone_or_a_foreign_code_is_not_a_postcode() {
        for bad in [
            "BS14",
            "BS14 9A",
            "12345",
            "BS14 9AB 1",
            "ÀS14 9AB",
            "BS14-9AB",
        ] {
            assert_eq!(Postcode::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn districts_are_read_alone_in_any_case() {
        assert_eq!(parse_district(" bs3"), Some("BS3".into()));
        assert_eq!(parse_district("W1A"), Some("W1A".into()));
        for bad in ["", "BS", "3BS", "BS144", "BS 14 9AB"] {
            assert_eq!(parse_district(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_district_of_a_postcode_being_typed_is_known_early() {
        assert_eq!(typed_district("b"), None);
        assert_eq!(typed_district("bs"), None);
        assert_eq!(typed_district("bs3"), Some("BS3".into()));
        assert_eq!(typed_district("bs3 4"), Some("BS3".into()));
        assert_eq!(typed_district("bs3 4a"), Some("BS3".into()));
        assert_eq!(typed_district("bs14"), Some("BS14".into()));
        assert_eq!(typed_district("bs14ab"), Some("BS1".into()));
        assert_eq!(typed_district("hello there"), None);
    }
}
