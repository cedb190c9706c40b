//! The log as the studio's IT person reads it: the built binary's standard output, in JSON and
//! in text, with one access line a request and the request's id on every line it logs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};

/// A shop run as `posy serve`, its standard output in a file.
struct Shop {
    base: String,
    client: reqwest::Client,
    out: PathBuf,
    _child: tokio::process::Child,
}

impl Shop {
    /// Starts the shop in `folder` with these environment variables, and waits until it answers.
    async fn start(folder: &Path, env: &[(&str, &str)]) -> Shop {
        let (mut serve, base) = crate::helpers::posy_serve(folder);
        let out = folder.join("stdout.log");
        let child = serve
            .env_remove("POSY_DATA_DIR")
            .env_remove("DATABASE_URL")
            .env_remove("POSY_LOG_FORMAT")
            .envs(env.iter().copied())
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(std::fs::File::create(folder.join("stderr.log")).unwrap())
            .spawn()
            .expect("the posy binary starts");
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        for _ in 0..300 {
            if client.get(format!("{base}/healthz")).send().await.is_ok() {
                return Shop {
                    base,
                    client,
                    out,
                    _child: child,
                };
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "the shop did not start: {}",
            std::fs::read_to_string(folder.join("stderr.log")).unwrap_or_default()
        );
    }

    /// A GET of `path` sent with `X-Request-Id: id` (or none); the answer's id and CSRF cookie.
    async fn get(&self, path: &str, id: Option<&str>) -> (u16, String, Option<String>) {
        let mut request = self.client.get(format!("{}{path}", self.base));
        if let Some(id) = id {
            request = request.header("x-request-id", id);
        }
        let response = request.send().await.unwrap();
        let csrf = crate::helpers::set_cookie(&response, "csrftoken");
        let id = response.headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_owned();
        (response.status().as_u16(), id, csrf)
    }

    /// An enquiry a bot sent (its honeypot filled), which the shop logs while answering it.
    async fn bots_enquiry(&self, id: &str) {
        let (_, _, csrf) = self.get("/api/site/", None).await;
        let csrf = csrf.expect("a CSRF cookie");
        let response = self
            .client
            .post(format!("{}/api/contact/", self.base))
            .header("cookie", format!("csrftoken={csrf}"))
            .header("x-csrftoken", &csrf)
            .header("x-request-id", id)
            .json(&json!({
                "name": "Alex Rowe", "email": "alex@example.com", "enquiryType": "wedding",
                "message": "Flowers for a June wedding, please.", "website": "https://spam.example"
            }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
    }

    /// The lines written once `until` holds for them (they are written every 50 ms).
    async fn lines(&self, until: impl Fn(&str) -> bool) -> Vec<String> {
        for _ in 0..200 {
            let text = std::fs::read_to_string(&self.out).unwrap_or_default();
            if until(&text) {
                return text.lines().map(str::to_owned).collect();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!(
            "the log never said it: {}",
            std::fs::read_to_string(&self.out).unwrap_or_default()
        );
    }
}

#[tokio::test]
async fn json_lines_name_each_request_once_and_carry_its_id_on_everything_it_logs() {
    let folder = tempfile::tempdir().unwrap();
    let shop = Shop::start(
        folder.path(),
        &[("RUST_LOG", "info"), ("POSY_LOG_FORMAT", "json")],
    )
    .await;
    let (status, _, _) = shop
        .get("/api/products/?postcode=BS3+4AA", Some("caddy-read-1"))
        .await;
    assert_eq!(status, 200);
    let (status, made, _) = shop.get("/api/products/999999/", None).await;
    assert_eq!(status, 404);
    shop.bots_enquiry("caddy-bot-2").await;
    // Each request's access line is written once its answer has gone, so it can come after
    // the lines the request's handler wrote (the enquiry's, on a loaded machine): waited for.
    let lines = shop
        .lines(|text| {
            ["caddy-read-1", made.as_str(), "caddy-bot-2"]
                .iter()
                .all(|id| {
                    text.lines()
                        .any(|line| line.contains("posy::access") && line.contains(id))
                })
        })
        .await;
    let lines: Vec<Value> = lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let access = |id: &str| -> Vec<Value> {
        lines
            .iter()
            .filter(|line| line["target"] == "posy::access" && line["span"]["id"] == id)
            .map(|line| line["fields"].clone())
            .collect()
    };
    let without_ms = |mut fields: Value| {
        assert!(fields["ms"].is_u64(), "{fields}");
        fields.as_object_mut().unwrap().remove("ms");
        fields
    };
    let [read] = <[Value; 1]>::try_from(access("caddy-read-1")).unwrap();
    assert_eq!(
        without_ms(read),
        json!({"method": "GET", "route": "/api/products/", "status": 200})
    );
    let [missing] = <[Value; 1]>::try_from(access(&made)).unwrap();
    assert_eq!(
        without_ms(missing),
        json!({"method": "GET", "route": "/api/products/{}/", "status": 404})
    );
    let [enquiry] = <[Value; 1]>::try_from(access("caddy-bot-2")).unwrap();
    assert_eq!(
        without_ms(enquiry),
        json!({"method": "POST", "route": "/api/contact/", "status": 200})
    );
    // What the enquiry's handler logged carries its request's id, as a span did.
    let dropped = lines
        .iter()
        .find(|line| line["fields"]["message"] == "dropped an enquiry with the honeypot filled")
        .expect("the enquiry's own line");
    assert_eq!(
        (&dropped["span"], &dropped["spans"]),
        (
            &json!({"id": "caddy-bot-2", "name": "request"}),
            &json!([{"id": "caddy-bot-2", "name": "request"}])
        )
    );
    assert_eq!(dropped["level"], "INFO");
    // The start-up line is nobody's request.
    let opened = lines
        .iter()
        .find(|line| {
            line["fields"]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("Posy is open"))
        })
        .expect("the start-up line");
    assert!(opened.get("span").is_none(), "{opened}");
    let text = std::fs::read_to_string(&shop.out).unwrap();
    for secret in ["BS3", "postcode", "\u{1b}["] {
        assert!(!text.contains(secret), "{secret:?} in the log: {text}");
    }
}

#[tokio::test]
async fn text_lines_read_as_before_with_no_colour_off_a_terminal() {
    let folder = tempfile::tempdir().unwrap();
    let shop = Shop::start(folder.path(), &[("RUST_LOG", "info")]).await;
    let (status, id, _) = shop.get("/api/products/", Some("caddy-read-3")).await;
    assert_eq!((status, id.as_str()), (200, "caddy-read-3"));
    shop.bots_enquiry("caddy-bot-4").await;
    let lines = shop
        .lines(|text| {
            text.contains("dropped an enquiry")
                && text.contains("request{id=caddy-read-3}: posy::access: ")
        })
        .await;
    let access: Vec<&String> = lines
        .iter()
        .filter(|line| line.contains("request{id=caddy-read-3}: posy::access: "))
        .collect();
    assert_eq!(access.len(), 1, "{lines:#?}");
    let (time, rest) = access[0].split_once(' ').unwrap();
    // 2026-11-28T05:13:48.123456Z
    assert_eq!((time.len(), &time[10..11], &time[26..]), (27, "T", "Z"));
    assert!(
        rest.starts_with(
            " INFO request{id=caddy-read-3}: posy::access: method=GET route=/api/products/ \
             status=200 ms="
        ),
        "{rest}"
    );
    assert!(
        lines.iter().any(|line| line
            .contains("INFO request{id=caddy-bot-4}: posy_server::enquiries: dropped an enquiry")),
        "{lines:#?}"
    );
    let text = std::fs::read_to_string(&shop.out).unwrap();
    assert!(!text.contains('\u{1b}'), "colour in the log: {text}");
}

#[tokio::test]
async fn rust_log_still_leaves_the_access_lines_out() {
    let folder = tempfile::tempdir().unwrap();
    let shop = Shop::start(folder.path(), &[("RUST_LOG", "info,posy::access=off")]).await;
    shop.get("/api/products/", Some("caddy-read-5")).await;
    // Logged after the read was answered, so its access line would be written by then.
    shop.bots_enquiry("caddy-bot-6").await;
    let lines = shop.lines(|text| text.contains("caddy-bot-6")).await;
    assert!(
        !lines.iter().any(|line| line.contains("posy::access")),
        "{lines:#?}"
    );
}
