//! An admin account's username and password rules, the same for `posy admin create` and for
//! an admin adding another or changing their own password in the back office.

/// The shortest password an account may have.
pub const MIN_PASSWORD_CHARS: usize = 12;
/// The longest password an account may have: hashing is then bounded too.
pub const MAX_PASSWORD_CHARS: usize = 1024;
/// The longest username an account may have (the column's size).
pub const MAX_USERNAME_CHARS: usize = 100;

/// The username as kept (trimmed), or why it cannot be one.
pub fn check_username(username: &str) -> Result<String, String> {
    let username = username.trim();
    if username.is_empty() {
        return Err("Please give a username.".into());
    }
    if username.chars().count() > MAX_USERNAME_CHARS {
        return Err(format!(
            "Please keep the username to {MAX_USERNAME_CHARS} characters at most."
        ));
    }
    if username.chars().any(char::is_control) {
        return Err("Please keep the username to one line.".into());
    }
    Ok(username.to_owned())
}

/// Said of a new password a guesser would try early.
pub const GUESSABLE_PASSWORD: &str = "That password is too easy to guess: it is a common password, or \
     close to one. Please choose another (three or four unrelated words work well).";

/// Why a new password cannot be one, if it cannot: its length, and (with the `passwords`
/// feature, which the server has) whether a guesser would try it early, as zxcvbn estimates
/// from its lists of common passwords, words and names, keyboard runs, dates and repeats.
/// `about` are words a guesser of this account would try first: its username, the shop's
/// name. Passwords are never trimmed: every character counts.
pub fn check_new_password(password: &str, about: &[&str]) -> Result<(), String> {
    let length = password.chars().count();
    if length < MIN_PASSWORD_CHARS {
        return Err(format!(
            "Please choose a password of at least {MIN_PASSWORD_CHARS} characters."
        ));
    }
    if length > MAX_PASSWORD_CHARS {
        return Err("Please keep the password to 1,024 characters at most.".into());
    }
    if guessable(password, about) {
        return Err(GUESSABLE_PASSWORD.into());
    }
    Ok(())
}

/// The estimate's cost grows with the length; past this many characters a password is not
/// one a guesser tries early, and the rest would only slow the check.
#[cfg(feature = "passwords")]
const ESTIMATED_CHARS: usize = 64;

#[cfg(feature = "passwords")]
fn guessable(password: &str, about: &[&str]) -> bool {
    let start: String = password.chars().take(ESTIMATED_CHARS).collect();
    // Score 3 is "safely unguessable": over 10^8 guesses, beyond an online guesser that the
    // sign-in's limits slow to a few a minute, and costly offline against Argon2.
    zxcvbn::zxcvbn(&start, about).score() < zxcvbn::Score::Three
}

#[cfg(not(feature = "passwords"))]
fn guessable(_password: &str, _about: &[&str]) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_are_trimmed_and_must_have_one_to_a_hundred_characters() {
        assert_eq!(check_username("  maya "), Ok("maya".into()));
        assert_eq!(check_username(" "), Err("Please give a username.".into()));
        assert!(check_username(&"m".repeat(101)).is_err());
        assert!(check_username(&"m".repeat(100)).is_ok());
        assert!(check_username("ma\nya").is_err());
    }

    #[test]
    fn passwords_have_twelve_to_1024_characters_counted_as_typed() {
        assert_eq!(
            check_new_password("short pass", &[]),
            Err("Please choose a password of at least 12 characters.".into())
        );
        assert!(check_new_password("ümlaut-ümlaut-kettle", &[]).is_ok());
        assert_eq!(
            check_new_password(&"p".repeat(1025), &[]),
            Err("Please keep the password to 1,024 characters at most.".into())
        );
    }

    #[cfg(feature = "passwords")]
    #[test]
    fn passwords_a_guesser_tries_early_are_refused_with_a_sentence() {
        for common in [
            "password1234",
            "123456789012",
            "qwertyuiop123",
            "iloveyou1234",
            "aaaaaaaaaaaa",
            "Password123!",
        ] {
            assert_eq!(
                check_new_password(common, &[]),
                Err(GUESSABLE_PASSWORD.into()),
                "{common}"
            );
        }
        // The account's own name, and the shop's, are among the first guesses.
        for leaning in ["ruth12345678", "posyposyposy"] {
            assert_eq!(
                check_new_password(leaning, &["ruth", "posy"]),
                Err(GUESSABLE_PASSWORD.into()),
                "{leaning}"
            );
        }
        for good in ["kettle-orchid-lantern-41", "Marigold tram sleeps late"] {
            assert_eq!(
                check_new_password(good, &["ruth", "posy"]),
                Ok(()),
                "{good}"
            );
        }
    }
}
