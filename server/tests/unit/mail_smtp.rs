//! `posy_server::mail::smtp`'s own tests (they were its `mod tests`).

use posy_server::mail::smtp::*;

/// Read inside a runtime: lettre's pool starts its own task.
fn read(url: &str, password: Option<&str>) -> anyhow::Result<Server> {
    server(&SmtpSettings {
        url,
        password,
        ca_file: None,
    })
}

fn refusal(url: &str, password: Option<&str>) -> String {
    match read(url, password) {
        Ok(_) => panic!("{url} was taken"),
        Err(err) => err.to_string(),
    }
}

#[tokio::test]
async fn a_server_elsewhere_is_reached_only_with_tls() {
    assert_eq!(
        read("smtps://shop@smtp.example", Some("pw"))
            .unwrap()
            .address,
        "smtp.example:465"
    );
    assert_eq!(
        read("smtp://shop@smtp.example?tls=required", Some("pw"))
            .unwrap()
            .address,
        "smtp.example:587"
    );
    for plain in [
        "smtp://shop@smtp.example:587",
        "smtp://shop@smtp.example:587?tls=opportunistic",
    ] {
        let why = refusal(plain, Some("pw"));
        assert!(why.contains("without encryption"), "{why}");
        assert!(
            why.contains("smtps://USER@smtp.example:465")
                && why.contains("smtp://USER@smtp.example:587?tls=required"),
            "{why}"
        );
    }
    assert!(refusal("smtp://smtp.example?tls=maybe", None).contains("tls=maybe"));
    assert!(refusal("http://smtp.example", None).contains("http://"));
}

#[tokio::test]
async fn a_server_on_this_machine_may_be_plain() {
    for local in ["smtp://localhost", "smtp://127.0.0.1:2525", "smtp://[::1]"] {
        read(local, None).unwrap_or_else(|err| panic!("{local}: {err}"));
    }
    assert_eq!(
        read("smtp://localhost", None).unwrap().address,
        "localhost:25"
    );
    // A name that only looks local goes through the resolver: it may be anywhere.
    assert!(read("smtp://mail.localhost.example", None).is_err());
}

#[tokio::test]
async fn the_password_is_kept_in_one_place() {
    read("smtps://shop%40posy.example:p%40ss@smtp.example", None).unwrap();
    read(
        "smtps://shop%40posy.example@smtp.example",
        Some("p@ss w/rd:%"),
    )
    .unwrap();
    assert!(refusal("smtps://shop:pw@smtp.example", Some("pw")).contains("one"));
    assert!(refusal("smtps://smtp.example", Some("pw")).contains("names no user"));
    assert!(refusal("smtps://shop@smtp.example", None).contains("POSY_SMTP_PASSWORD"));
    read("smtps://smtp.example", None).unwrap();
}

#[tokio::test]
async fn a_root_certificate_must_be_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ca.pem");
    std::fs::write(&file, "not a certificate").unwrap();
    let settings = SmtpSettings {
        url: "smtps://smtp.example",
        password: None,
        ca_file: Some(&file),
    };
    let why = server(&settings).err().expect("refused").to_string();
    assert!(why.contains("POSY_SMTP_CA_FILE"), "{why}");
    let missing = dir.path().join("none.pem");
    let settings = SmtpSettings {
        ca_file: Some(&missing),
        ..settings
    };
    assert!(server(&settings).is_err());
}

#[test]
fn localhost_addresses_are_recognised() {
    assert!(is_localhost_address("studio@posy.localhost"));
    assert!(is_localhost_address("Posy <shop@Posy.Localhost>"));
    assert!(is_localhost_address("jo@localhost"));
    assert!(!is_localhost_address("studio@posy.example"));
    assert!(!is_localhost_address("jo@localhost.example"));
}
