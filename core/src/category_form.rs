//! The shop's shelves (categories) as the back office names them: a name on one line, short
//! enough for the shop's headings, and not another shelf's (whatever the capitals), so a
//! shopper never sees two "Bouquets".

/// The longest shelf name: it is a heading on /shop and a tab in the back office.
pub const MAX_CATEGORY_CHARS: usize = 60;

/// Said when the name is left empty.
pub const CATEGORY_NAME_MISSING: &str = "Please give the category a name.";

/// A shelf's name, trimmed, or the one sentence saying what is wrong with it. `others` are the
/// names of the other shelves (not this one's own, when it is being renamed).
pub fn category_name<'a>(
    typed: &str,
    mut others: impl Iterator<Item = &'a str>,
) -> Result<String, String> {
    let name = typed.trim();
    if name.is_empty() {
        return Err(CATEGORY_NAME_MISSING.to_owned());
    }
    if name.chars().count() > MAX_CATEGORY_CHARS {
        return Err(format!(
            "Please keep the category's name to {MAX_CATEGORY_CHARS} characters."
        ));
    }
    if name.chars().any(char::is_control) {
        return Err("Please keep the category's name to one line.".to_owned());
    }
    let folded = name.to_lowercase();
    if others.any(|other| other.trim().to_lowercase() == folded) {
        return Err(format!("There is already a category called {name}."));
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_kept() {
        assert_eq!(
            category_name("  Wedding flowers ", ["Bouquets"].into_iter()),
            Ok("Wedding flowers".to_owned())
        );
    }

    #[test]
    fn each_fault_has_its_sentence() {
        assert_eq!(
            category_name("   ", std::iter::empty()),
            Err(CATEGORY_NAME_MISSING.to_owned())
        );
        assert_eq!(
            category_name(&"a".repeat(61), std::iter::empty()),
            Err("Please keep the category's name to 60 characters.".to_owned())
        );
        assert!(category_name(&"a".repeat(60), std::iter::empty()).is_ok());
        assert_eq!(
            category_name("Bou\nquets", std::iter::empty()),
            Err("Please keep the category's name to one line.".to_owned())
        );
    }

    #[test]
    fn a_name_another_shelf_has_is_refused_whatever_its_capitals() {
        assert_eq!(
            category_name("bouquets ", ["Plants", "Bouquets"].into_iter()),
            Err("There is already a category called bouquets.".to_owned())
        );
    }
}
