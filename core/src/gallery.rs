//! The gallery's words: how long an album's title and description and a picture's caption
//! may be. The admin's forms stop typing at these limits and the server refuses past them.

use crate::validation;

/// The most characters an album's title may have.
pub const TITLE_MAX_CHARS: usize = 200;

/// The most characters an album's description may have.
pub const DESCRIPTION_MAX_CHARS: usize = 2000;

/// The most characters a picture's caption may have.
pub const CAPTION_MAX_CHARS: usize = 500;

/// Said of an album without a title.
pub const TITLE_MISSING: &str = "Please give the album a title.";

/// An album's title, trimmed: required, at most [`TITLE_MAX_CHARS`].
pub fn album_title(title: &str) -> Result<&str, &'static str> {
    match within(
        title,
        TITLE_MAX_CHARS,
        "Please keep the title under 200 characters.",
    )? {
        "" => Err(TITLE_MISSING),
        title => Ok(title),
    }
}

/// An album's description, trimmed: may be empty, at most [`DESCRIPTION_MAX_CHARS`].
pub fn album_description(description: &str) -> Result<&str, &'static str> {
    within(
        description,
        DESCRIPTION_MAX_CHARS,
        "Please keep the description under 2000 characters.",
    )
}

/// A picture's caption, trimmed: may be empty, at most [`CAPTION_MAX_CHARS`].
pub fn caption(caption: &str) -> Result<&str, &'static str> {
    within(
        caption,
        CAPTION_MAX_CHARS,
        "Please keep the caption under 500 characters.",
    )
}

/// The trimmed text, or `too_long` when it has more than `max` characters. (The sentences name
/// their limits in words; a test holds each to its constant.)
fn within<'a>(text: &'a str, max: usize, too_long: &'static str) -> Result<&'a str, &'static str> {
    if validation::too_long(text, max) {
        Err(too_long)
    } else {
        Ok(text.trim())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_is_trimmed_and_required() {
        assert_eq!(album_title("  Spring weddings "), Ok("Spring weddings"));
        assert_eq!(album_title("   "), Err(TITLE_MISSING));
    }

    type Rule = fn(&str) -> Result<&str, &'static str>;

    #[test]
    fn each_limit_allows_exactly_its_length_and_says_it_in_its_sentence() {
        let cases: [(Rule, usize); 3] = [
            (album_title, TITLE_MAX_CHARS),
            (album_description, DESCRIPTION_MAX_CHARS),
            (caption, CAPTION_MAX_CHARS),
        ];
        for (rule, max) in cases {
            // Counted in characters, not bytes: an accented letter is one.
            assert!(rule(&"é".repeat(max)).is_ok(), "{max}");
            let refused = rule(&"é".repeat(max + 1)).unwrap_err();
            assert!(refused.contains(&max.to_string()), "{refused}");
        }
    }

    #[test]
    fn captions_and_descriptions_may_be_empty() {
        assert_eq!(caption(" "), Ok(""));
        assert_eq!(album_description(""), Ok(""));
    }
}
