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

/// Why a new password cannot be one, if it cannot. Passwords are never trimmed: every
/// character counts.
pub fn check_new_password(password: &str) -> Result<(), String> {
    let length = password.chars().count();
    if length < MIN_PASSWORD_CHARS {
        return Err(format!(
            "Please choose a password of at least {MIN_PASSWORD_CHARS} characters."
        ));
    }
    if length > MAX_PASSWORD_CHARS {
        return Err("Please keep the password to 1,024 characters at most.".into());
    }
    Ok(())
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
            check_new_password("short pass"),
            Err("Please choose a password of at least 12 characters.".into())
        );
        assert!(check_new_password("twelve chars").is_ok());
        assert!(check_new_password("ümlaut-ümlaut").is_ok());
        assert_eq!(
            check_new_password(&"p".repeat(1025)),
            Err("Please keep the password to 1,024 characters at most.".into())
        );
    }
}
