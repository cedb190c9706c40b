//! `spawn_app`: a whole shop on a random port with a database of its own.

use std::sync::atomic::{AtomicU32, Ordering};

use posy_server::config::Config;
use posy_server::startup::Application;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub db: DatabaseConnection,
    _dir: tempfile::TempDir,
}

/// Options for a test shop.
#[derive(Default)]
pub struct Options {
    pub no_demo: bool,
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(Options::default()).await
}

pub async fn spawn_app_with(options: Options) -> TestApp {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data_dir = dir.path().join("data");
    let web_dir = dir.path().join("web");
    std::fs::create_dir_all(web_dir.join("assets")).unwrap();
    std::fs::write(
        web_dir.join("index.html"),
        "<!doctype html><title>Posy test app</title>",
    )
    .unwrap();
    std::fs::write(
        web_dir.join("assets/app-1a2b3c.js"),
        "console.log('posy')".repeat(100),
    )
    .unwrap();
    let mut config = Config::for_data_dir(data_dir.clone());
    config.web_dir = web_dir.clone();
    config.no_demo = options.no_demo;
    config.database_url = fresh_postgres_database().await;
    let app = Application::build(config).await.expect("the shop starts");
    let base = format!("http://{}", app.address());
    let db = app.db().clone();
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    TestApp {
        base,
        client,
        db,
        _dir: dir,
    }
}

/// With TEST_DATABASE_URL set, a new empty database on that server for this test alone.
async fn fresh_postgres_database() -> Option<String> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let server_url = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let name = format!(
        "posy_t_{}_{}_{}",
        std::process::id(),
        nanos,
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let admin = Database::connect(&server_url)
        .await
        .expect("TEST_DATABASE_URL is reachable");
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create a test database");
    admin.close().await.ok();
    let (prefix, _) = server_url
        .rsplit_once('/')
        .expect("a database URL ends in /name");
    Some(format!("{prefix}/{name}"))
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("the request is answered")
    }

    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            content_type.starts_with("application/json"),
            "{path} answered {content_type}"
        );
        (status, response.json().await.unwrap())
    }
}
