//! `spawn_app`: a whole shop on a random port with a database of its own.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use posy_server::app::config::Config;
use posy_server::app::startup::Application;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};
use serde_json::{Value, json};

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub db: DatabaseConnection,
    /// Every statement the shop has run (see `posy_server::store::db::count_statements`).
    pub statements: Arc<std::sync::atomic::AtomicU64>,
    /// A CSRF token the shop issued, sent as cookie and header by [`TestApp::post_json`].
    pub csrf: String,
    /// The shop's data folder (database, media, outbox).
    pub data_dir: PathBuf,
    /// The back office's order calls, for running a task's pass on a clock the test moves.
    pub desk: posy_server::orders::OrderDesk,
    config: Config,
    server: tokio::task::JoinHandle<anyhow::Result<()>>,
    _dir: Arc<tempfile::TempDir>,
}

/// Options for a test shop.
#[derive(Default)]
pub struct Options {
    pub no_demo: bool,
    /// Card payments through Stripe's API at this address (a fake), with test keys.
    pub stripe_api_url: Option<String>,
    /// How long order links work; the default 30 when `None`.
    pub order_link_days: Option<u32>,
    /// Media in the bucket `posy-test` of an S3 endpoint at this address (a fake).
    pub s3_endpoint: Option<String>,
    /// Payment attempts one cart may make in an hour; the default 20 when `None`.
    pub max_intents_per_cart: Option<u32>,
    /// Payment attempts one address may make in an hour; the default 300 when `None`. Tests
    /// that play a crowd from one address raise it.
    pub max_intents_per_address: Option<u32>,
    /// Carts one address may have holding stock at once; the default 3 when `None`. Tests
    /// that play a crowd from one address raise it.
    pub max_holds_per_address: Option<u32>,
    /// Mail through an SMTP server: `SMTP_URL`, `POSY_SMTP_PASSWORD` and `POSY_SMTP_CA_FILE`,
    /// sent from and to the studio's real-looking addresses.
    pub smtp: Option<(String, String, Option<PathBuf>)>,
    /// Any other setting, changed last.
    pub configure: Option<fn(&mut Config)>,
    /// A shop already there (a restored backup): its data folder and, for PostgreSQL, its
    /// database, instead of new ones.
    pub existing: Option<(PathBuf, Option<String>)>,
}

/// Trusts the test's own address as a reverse proxy, so a request's `X-Forwarded-For` says
/// which shopper's address it comes from.
pub fn behind_a_proxy(config: &mut Config) {
    config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
}

/// A test shop's connections to PostgreSQL (and its carts' 2 more): six shops at once (test.sh)
/// stay well within the server's 100, every test passes as with the shop's 16, and each opens
/// fewer (about 11 a test rather than 20, each a new server process).
pub const TEST_SHOP_CONNECTIONS: u32 = 4;

/// The webhook signing secret of test shops on Stripe.
pub const WEBHOOK_SECRET: &str = "whsec_test_posy";

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
        "<!doctype html><title>Posy test app</title>\
         <script type=\"module\" src=\"/assets/app-1a2b3c.js\"></script>",
    )
    .unwrap();
    std::fs::write(
        web_dir.join("assets/app-1a2b3c.js"),
        "console.log('posy')".repeat(100),
    )
    .unwrap();
    let mut config = Config::for_data_dir(data_dir.clone());
    config.web_dir = Some(web_dir.clone());
    config.no_demo = options.no_demo;
    // Every test's crowd of shoppers connects and starts its carts from this machine's one
    // address: only the tests of those caps themselves set them.
    config.max_connections_per_address = 100_000;
    config.new_carts_per_address = 100_000;
    config.database_connections = TEST_SHOP_CONNECTIONS;
    config.database_url = match options.existing {
        Some((existing_dir, database_url)) => {
            config.data_dir = existing_dir;
            database_url
        }
        None => match migrated_postgres_database().await {
            Some(url) => Some(url),
            None => {
                migrated_sqlite_database(&config.data_dir).await;
                None
            }
        },
    };
    if let Some(url) = options.stripe_api_url {
        config.stripe_api_url = Some(url);
        config.stripe_secret_key = Some("sk_test_posy".into());
        config.stripe_publishable_key = Some("pk_test_posy".into());
        config.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
    }
    if let Some(endpoint) = options.s3_endpoint {
        config.s3_bucket = Some("posy-test".into());
        config.s3_endpoint = Some(endpoint);
        config.s3_access_key_id = Some("test-key".into());
        config.s3_secret_access_key = Some("test-secret".into());
        config.media_url = Some("https://cdn.example/posy-test".into());
    }
    if let Some((url, password, ca_file)) = options.smtp {
        config.smtp_url = Some(url);
        config.smtp_password = Some(password);
        config.smtp_ca_file = ca_file;
        config.mail_from = "Posy floral studio <shop@posy.example>".into();
        config.studio_email = "studio@posy.example".into();
    }
    if let Some(days) = options.order_link_days {
        config.order_link_days = days;
    }
    if let Some(limit) = options.max_intents_per_cart {
        config.max_intents_per_cart = limit;
    }
    if let Some(limit) = options.max_intents_per_address {
        config.max_intents_per_address = limit;
    }
    if let Some(limit) = options.max_holds_per_address {
        config.max_holds_per_address = limit;
    }
    if let Some(configure) = options.configure {
        configure(&mut config);
    }
    start(config, Arc::new(dir)).await
}

async fn start(config: Config, dir: Arc<tempfile::TempDir>) -> TestApp {
    let app = Application::build(config.clone())
        .await
        .expect("the shop starts");
    let base = format!("http://{}", app.address());
    let db = app.db().clone();
    let desk = app.desk();
    let statements = app.statements();
    let server = tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let csrf = issued_csrf_token(&client, &base).await;
    TestApp {
        base,
        client,
        db,
        statements,
        csrf,
        data_dir: config.data_dir.clone(),
        desk,
        config,
        server,
        _dir: dir,
    }
}

/// The `csrftoken` a GET under /api/ sets.
async fn issued_csrf_token(client: &reqwest::Client, base: &str) -> String {
    let response = client
        .get(format!("{base}/api/products/"))
        .send()
        .await
        .expect("the shop answers");
    set_cookie(&response, "csrftoken").expect("a GET under /api/ sets csrftoken")
}

/// The value a response's Set-Cookie gives the cookie `name`.
pub fn set_cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next()?.split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_owned())
}

/// With TEST_DATABASE_URL set, a new empty database on that server for this test alone.
pub async fn fresh_postgres_database() -> Option<String> {
    let server_url = postgres_server()?;
    Some(create_database(&server_url, None).await)
}

/// With TEST_DATABASE_URL set, a database for this test alone with every migration applied:
/// one an earlier test of this process has finished with, put back as the migrations left it
/// ([`Template::reset`]), or else a new copy of one this test process migrated once. The
/// migrations, each committed to disk, cost the server about 350 ms a test; a copy about 60 ms
/// and, with the first connection to a new database and its drop at the run's end, most of the
/// server's CPU in the PostgreSQL run; a reset a few milliseconds.
async fn migrated_postgres_database() -> Option<String> {
    static TEMPLATE: tokio::sync::OnceCell<Template> = tokio::sync::OnceCell::const_new();
    let server_url = postgres_server()?;
    let template = TEMPLATE
        .get_or_init(|| async {
            let url = create_database(&server_url, None).await;
            let db = posy_server::store::db::connect(&url, TEST_SHOP_CONNECTIONS)
                .await
                .expect("migrate the template database");
            let template = Template::read(&db, database_name(&url)).await;
            // A database is copied only while no one is connected to it.
            db.close().await.expect("close the template database");
            template
        })
        .await;
    let url = match template.reused(&server_url).await {
        Some(url) => url,
        None => create_database(&server_url, Some(&template.name)).await,
    };
    HELD.with_borrow_mut(|held| held.push(Held(database_name(&url).to_owned())));
    Some(url)
}

/// The test databases this process has finished with, free for the next test.
static FREE: std::sync::Mutex<std::collections::VecDeque<String>> =
    std::sync::Mutex::new(std::collections::VecDeque::new());

thread_local! {
    /// The databases the test running on this thread holds. libtest runs each test on a thread
    /// of its own, which ends with the test (its runtime, shops and connections gone first):
    /// then they are free.
    static HELD: std::cell::RefCell<Vec<Held>> = const { std::cell::RefCell::new(Vec::new()) };
}

struct Held(String);

impl Drop for Held {
    fn drop(&mut self) {
        if let Ok(mut free) = FREE.lock() {
            free.push_back(std::mem::take(&mut self.0));
        }
    }
}

/// What the migrated template holds, to put a used database back as it was.
struct Template {
    name: String,
    /// The shape of its schema (tables, columns, indexes, constraints): a database a test
    /// changed the shape of (a migration undone, a table renamed) is not reused.
    shape: String,
    /// Empties every table and puts back the template's rows and sequences.
    reset: String,
}

/// The shape of the connected database's schema, as a digest.
const SHAPE: &str = "SELECT md5(coalesce(string_agg(x, ';' ORDER BY x), '')) FROM (
    SELECT c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname, '') || ':'
        || coalesce(format_type(a.atttypid, a.atttypmod), '') || ':' || coalesce(a.attnotnull::text, '') AS x
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
    UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT conname || pg_get_constraintdef(oid) FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'trigger ' || tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'function ' || proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace
) shape";

impl Template {
    async fn read(db: &DatabaseConnection, name: &str) -> Template {
        let texts = async |sql: &str| -> Vec<Vec<Option<String>>> {
            db.query_all_raw(Statement::from_string(db.get_database_backend(), sql))
                .await
                .expect("read the template database")
                .iter()
                .map(|row| {
                    (0..row.column_names().len())
                        .map(|i| row.try_get_by_index::<Option<String>>(i).unwrap())
                        .collect()
                })
                .collect()
        };
        let quoted = |name: &str| format!("\"{}\"", name.replace('"', "\"\""));
        let literal = |text: &str| format!("'{}'", text.replace('\'', "''"));
        let tables: Vec<String> = texts(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
        )
        .await
        .into_iter()
        .map(|row| row[0].clone().unwrap())
        .collect();
        // Emptied by DELETE, each table before those it refers to: a test leaves a few rows, and
        // for them a DELETE of every table took 4-7 ms where one TRUNCATE (a new file for each
        // table and index) took 60 ms. TRUNCATE only if the references went round in a circle.
        let references: Vec<(String, String)> = texts(
            "SELECT child.relname::text, parent.relname::text FROM pg_constraint c \
             JOIN pg_class child ON child.oid = c.conrelid \
             JOIN pg_class parent ON parent.oid = c.confrelid \
             WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace",
        )
        .await
        .into_iter()
        .map(|row| (row[0].clone().unwrap(), row[1].clone().unwrap()))
        .collect();
        let mut left = tables.clone();
        let mut in_order = Vec::new();
        while let Some(at) = left.iter().position(|table| {
            !references
                .iter()
                .any(|(child, parent)| parent == table && child != table && left.contains(child))
        }) {
            in_order.push(left.remove(at));
        }
        let mut reset = if left.is_empty() {
            in_order
                .iter()
                .map(|table| format!("DELETE FROM {};\n", quoted(table)))
                .collect()
        } else {
            format!(
                "TRUNCATE {};\n",
                tables
                    .iter()
                    .map(|t| quoted(t))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        // The template's rows go back each table after those it refers to.
        let to_fill: Vec<&String> = if left.is_empty() {
            in_order.iter().rev().collect()
        } else {
            tables.iter().collect()
        };
        for table in to_fill {
            let rows = texts(&format!(
                "SELECT json_agg(t)::text FROM {} t",
                quoted(table)
            ))
            .await;
            if let Some(json) = &rows[0][0] {
                reset += &format!(
                    "INSERT INTO {0} OVERRIDING SYSTEM VALUE \
                     SELECT * FROM json_populate_recordset(NULL::{0}, {1});\n",
                    quoted(table),
                    literal(json)
                );
            }
        }
        let sequences = texts(
            "SELECT sequencename::text, last_value::text FROM pg_sequences WHERE schemaname = 'public'",
        )
        .await;
        for row in sequences {
            let sequence = quoted(row[0].as_deref().unwrap());
            reset += &match &row[1] {
                Some(value) => format!("SELECT setval({}, {value});\n", literal(&sequence)),
                None => format!("ALTER SEQUENCE {sequence} RESTART;\n"),
            };
        }
        let shape = texts(SHAPE).await[0][0].clone().unwrap();
        Template {
            name: name.to_owned(),
            shape,
            reset,
        }
    }

    /// A database an earlier test finished with, under a new name and put back as the template
    /// is, with a catalogue `instance` of its own (as [`create_database`] gives a copy); none if
    /// none is free. The new name keeps out anything of the last test that would still connect
    /// (its shop's connections end with its runtime, and the server may not have noticed yet):
    /// a database is renamed only once no one is connected to it, and what connects later by
    /// the old name is refused. One still in use after a second, whose shape a test changed, or
    /// whose rows the reset could not delete, is left for the run's end to drop.
    async fn reused(&self, server_url: &str) -> Option<String> {
        let admin = Database::connect(server_url)
            .await
            .expect("TEST_DATABASE_URL is reachable");
        let reused = loop {
            // The one freed longest ago: its last test's connections are the likeliest gone.
            let Some(old) = FREE.lock().unwrap().pop_front() else {
                break None;
            };
            let name = new_database_name();
            let mut renamed = false;
            for _ in 0..100 {
                admin
                    .execute_unprepared(&format!(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{old}'"
                    ))
                    .await
                    .expect("end a test database's connections");
                if admin
                    .execute_unprepared(&format!("ALTER DATABASE {old} RENAME TO {name}"))
                    .await
                    .is_ok()
                {
                    renamed = true;
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            if !renamed {
                continue;
            }
            let url = database_url(server_url, &name);
            let db = Database::connect(&url)
                .await
                .expect("open a test database again");
            let shape = db
                .query_one_raw(Statement::from_string(db.get_database_backend(), SHAPE))
                .await
                .expect("read a test database's shape")
                .unwrap()
                .try_get_by_index::<String>(0)
                .unwrap();
            let reset = shape == self.shape
                && db
                    .execute_unprepared(&format!(
                        "BEGIN;\n{}UPDATE catalogue_version SET instance = '{}';\nCOMMIT;",
                        self.reset,
                        catalogue_instance()
                    ))
                    .await
                    .is_ok();
            db.close().await.ok();
            if reset {
                break Some(url);
            }
        };
        admin.close().await.ok();
        reused
    }
}

/// Without TEST_DATABASE_URL: puts in `data_dir` the shop's SQLite file with every migration
/// applied, a copy of one this test process migrated once, as [`migrated_postgres_database`]
/// does on PostgreSQL (each migration commits to disk).
async fn migrated_sqlite_database(data_dir: &std::path::Path) {
    static TEMPLATE: tokio::sync::OnceCell<PathBuf> = tokio::sync::OnceCell::const_new();
    let template = TEMPLATE
        .get_or_init(|| async {
            // In the target folder's own place for tests' files, one a test process (named by
            // its id); those of processes that have ended are removed first, never one that
            // another test process running beside this one is copying from.
            let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sqlite-templates");
            for earlier in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
                let process = PathBuf::from("/proc").join(earlier.file_name());
                if PathBuf::from("/proc/self").exists() && !process.exists() {
                    let _ = std::fs::remove_dir_all(earlier.path());
                }
            }
            let folder = folder.join(std::process::id().to_string());
            let _ = std::fs::remove_dir_all(&folder);
            std::fs::create_dir_all(&folder).expect("a folder for the template database");
            let path = folder.join("posy.db");
            let db = posy_server::store::db::connect(
                &format!("sqlite://{}?mode=rwc", path.display()),
                TEST_SHOP_CONNECTIONS,
            )
            .await
            .expect("migrate the template database");
            // Closing the last connection folds the write-ahead log into the file.
            db.close().await.expect("close the template database");
            path
        })
        .await;
    std::fs::create_dir_all(data_dir).expect("the test shop's data folder");
    let copy = data_dir.join("posy.db");
    std::fs::copy(template, &copy).expect("copy the template database");
    // Each copy gets a catalogue `instance` of its own, as on PostgreSQL (see `create_database`).
    let db = Database::connect(format!("sqlite://{}", copy.display()))
        .await
        .expect("open the copied database");
    db.execute_unprepared(&format!(
        "UPDATE catalogue_version SET instance = '{}'",
        catalogue_instance()
    ))
    .await
    .expect("name the copy's catalogue");
    db.close().await.ok();
}

fn postgres_server() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
}

fn database_name(url: &str) -> &str {
    url.rsplit_once('/')
        .expect("a database URL ends in /name")
        .1
}

/// A new database on the server (named `posy_t_…`, which test.sh drops after the run), empty
/// or a copy of `template`; answers its URL.
async fn create_database(server_url: &str, template: Option<&str>) -> String {
    let name = new_database_name();
    let admin = Database::connect(server_url)
        .await
        .expect("TEST_DATABASE_URL is reachable");
    let from = template.map_or(String::new(), |t| format!(" TEMPLATE {t}"));
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name}{from}"))
        .await
        .expect("create a test database");
    // A test's commits need not reach the disk (the machine's PostgreSQL waits for it on
    // every commit, most of a test's time there); what a transaction sees is unchanged. The
    // shop's own choice of `synchronous_commit` per pool is tested in `store::db`.
    admin
        .execute_unprepared(&format!(
            "ALTER DATABASE {name} SET synchronous_commit = off"
        ))
        .await
        .expect("let the test database commit without waiting for the disk");
    admin.close().await.ok();
    let url = database_url(server_url, &name);
    if template.is_some() {
        // A copy carries the template's catalogue `instance`, the word that keeps apart the
        // catalogue versions this process wrote in each database: each copy gets its own, as
        // each real shop has, or one test's writes would make another's catalogue look fresh.
        let db = Database::connect(&url)
            .await
            .expect("open the copied database");
        db.execute_unprepared(&format!(
            "UPDATE catalogue_version SET instance = '{}'",
            catalogue_instance()
        ))
        .await
        .expect("name the copy's catalogue");
        db.close().await.ok();
    }
    url
}

/// A name for a test database no other has (`posy_t_…`, which test.sh drops after the run).
fn new_database_name() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!(
        "posy_t_{}_{}_{}",
        std::process::id(),
        nanos,
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// The URL of the database `name` on the server of `server_url`.
fn database_url(server_url: &str, name: &str) -> String {
    let prefix = &server_url[..server_url.len() - database_name(server_url).len()];
    format!("{prefix}{name}")
}

/// A catalogue `instance` no other test database of this run has had (within the column's 32
/// characters): this process's id and a count.
fn catalogue_instance() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    format!(
        "t{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

impl TestApp {
    /// The database's URL, as `posy` is given it on the command line.
    pub fn database_url(&self) -> String {
        self.config.database_url()
    }

    /// Kills the shop at once (no graceful stop) and starts it again on the same data.
    pub async fn killed_and_restarted(self) -> TestApp {
        self.server.abort();
        let _ = self.server.await;
        self.db.clone().close().await.ok();
        start(self.config, self._dir).await
    }

    /// Kills the shop at once and starts it again on the same data with a setting changed
    /// (the clock moved on with `--fake-now`, say).
    pub async fn restarted_with(mut self, change: impl FnOnce(&mut Config)) -> TestApp {
        change(&mut self.config);
        self.killed_and_restarted().await
    }

    /// The mail written to the outbox folder so far, waiting up to 10 s for `count` of them.
    pub async fn mail(&self, count: usize) -> Vec<String> {
        let folder = self.data_dir.join("outbox");
        letters_in(&folder, count).await.unwrap_or_else(|| {
            panic!(
                "fewer than {count} mails were written to {}",
                folder.display()
            )
        })
    }

    /// The first mail in the outbox (quoted-printable undone) that says `words`, waited for:
    /// the outbox writes its letters after the answer, in no set order, so a count of mails can
    /// be reached before the one a test is about is written.
    pub async fn mail_saying(&self, words: &str) -> String {
        let folder = self.data_dir.join("outbox");
        for _ in 0..100 {
            let letters = letters_in(&folder, 0).await.unwrap_or_default();
            if let Some(letter) = letters
                .iter()
                .map(|m| decoded(m))
                .find(|m| m.contains(words))
            {
                return letter;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("no mail in {} says {words:?}", folder.display())
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The shop's settings, as `posy` would be given them (for `posy check`).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The folder the shop serves its web app from (a stand-in app, which tests may change).
    pub fn web_dir(&self) -> &std::path::Path {
        self.config
            .web_dir
            .as_deref()
            .expect("test shops serve a folder")
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("the request is answered")
    }

    /// A POST as the web app sends it: JSON, with the CSRF cookie and header.
    pub async fn post_json(
        &self,
        path: &str,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let response = self
            .client
            .post(self.url(path))
            .header("cookie", format!("csrftoken={}", self.csrf))
            .header("x-csrftoken", &self.csrf)
            .json(body)
            .send()
            .await
            .expect("the request is answered");
        json_of(path, response).await
    }

    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        json_of(path, self.get(path).await).await
    }

    /// Order `id` as the customer's link (with its `token`) shows it.
    pub async fn order_by_link(
        &self,
        id: impl std::fmt::Display,
        token: &str,
    ) -> serde_json::Value {
        self.get_json(&format!("/api/orders/{id}?token={token}"))
            .await
            .1
    }
}

/// A refusal's body says each sentence on its field.
pub fn assert_fields_say(body: &Value, said: &[(&str, &str)]) {
    for (field, sentence) in said {
        assert_eq!(body["fields"][field], *sentence, "{field}: {body}");
    }
}

/// The status and JSON body of a response, which must be JSON.
pub async fn json_of(path: &str, response: reqwest::Response) -> (u16, serde_json::Value) {
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

/// A POST as if from `address` (the shop trusting the test as its proxy: see
/// [`behind_a_proxy`]): the status and body.
pub async fn post_from(app: &TestApp, path: &str, body: &Value, address: &str) -> (u16, Value) {
    let response = app
        .signed(reqwest::Method::POST, path, None)
        .header("x-forwarded-for", address)
        .json(body)
        .send()
        .await
        .unwrap();
    json_of(path, response).await
}

/// A GET as if from `address`: the status and body.
pub async fn get_from(app: &TestApp, path: &str, address: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(path))
        .header("x-forwarded-for", address)
        .send()
        .await
        .unwrap();
    json_of(path, response).await
}

/// `posy serve` of the built binary, for tests that need the shop as a process of its own: on a
/// free port, its data folder and a stand-in web app in `folder`. The command, for the test's
/// own flags and output (the process ends when it is dropped), and the shop's address.
pub fn posy_serve(folder: &std::path::Path) -> (tokio::process::Command, String) {
    let web = folder.join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>Posy</title>").unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_posy"));
    command
        .arg("serve")
        .args(["--bind", &format!("127.0.0.1:{port}")])
        .arg("--data-dir")
        .arg(folder.join("data"))
        .arg("--web-dir")
        .arg(&web)
        .kill_on_drop(true);
    (command, format!("http://127.0.0.1:{port}"))
}

/// A fresh cart's id.
pub async fn new_cart(app: &TestApp) -> String {
    let (status, cart) = app.get_json("/api/cart/").await;
    assert_eq!(status, 200);
    cart["id"].as_str().unwrap().to_owned()
}

/// A demo product by name.
pub async fn product(app: &TestApp, name: &str) -> Value {
    let (_, list) = app.get_json("/api/products/").await;
    list.as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("the demo catalogue has {name}"))
        .clone()
}

/// The id of a product's size.
pub fn size_id(product: &Value, size: &str) -> i64 {
    product["variations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["size"] == size)
        .unwrap_or_else(|| panic!("{} has {size}", product["name"]))["id"]
        .as_i64()
        .unwrap()
}

pub async fn add(
    app: &TestApp,
    cart: &str,
    product: i64,
    size: Option<i64>,
    qty: i64,
) -> (u16, Value) {
    app.post_json(
        "/api/cart/add_item/",
        &json!({"cart_id": cart, "product_id": product, "quantity": qty, "variation_id": size}),
    )
    .await
}

/// How many rows the shop's database holds, over all its tables.
pub async fn rows_in_all_tables(app: &TestApp) -> i64 {
    let backend = app.db.get_database_backend();
    let tables = match backend {
        sea_orm::DatabaseBackend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        }
        _ => "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
    };
    let names: Vec<String> = app
        .db
        .query_all_raw(Statement::from_string(backend, tables))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "name").unwrap())
        .collect();
    let mut total = 0;
    for name in names {
        let row = app
            .db
            .query_one_raw(Statement::from_string(
                backend,
                format!("SELECT COUNT(*) AS n FROM {name}"),
            ))
            .await
            .unwrap()
            .unwrap();
        total += row.try_get::<i64>("", "n").unwrap();
    }
    total
}

/// How many rows `table` holds (`table` may carry a `WHERE`).
pub async fn count(app: &TestApp, table: &str) -> i64 {
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT COUNT(*) AS n FROM {table}"),
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

/// Removes a line from a cart: the status.
pub async fn remove_line(app: &TestApp, cart: &str, item: &Value) -> u16 {
    let body = json!({"cart_id": cart, "item_id": item});
    app.post_json("/api/cart/remove_item/", &body).await.0
}

/// Brings every rate limit's window `minutes` nearer its end, as that much time passing would.
pub async fn pass_minutes_of_limits(app: &TestApp, minutes: i64) {
    let statement =
        format!("UPDATE rate_limits SET window_ends_at = window_ends_at - {minutes} * 60");
    sql(app, &statement).await;
}

pub async fn sql(app: &TestApp, statement: &str) {
    app.db
        .execute_raw(Statement::from_string(
            app.db.get_database_backend(),
            statement,
        ))
        .await
        .unwrap();
}

/// The letters (`.eml` files) in `folder`, in their names' order, once there are `count` of
/// them; `None` when there are fewer after 10 s.
/// Quoted-printable undone, enough for the tests' sentences.
pub fn decoded(mail: &str) -> String {
    mail.replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=C2=A3", "£")
        .replace("=3D", "=")
}

pub async fn letters_in(folder: &std::path::Path, count: usize) -> Option<Vec<String>> {
    for _ in 0..100 {
        let mut files: Vec<_> = std::fs::read_dir(folder)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|e| e == "eml"));
        if files.len() >= count {
            files.sort();
            return Some(
                files
                    .iter()
                    .map(|p| std::fs::read_to_string(p).unwrap())
                    .collect(),
            );
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    None
}

/// The status a request is answered with.
pub async fn status_of(request: reqwest::RequestBuilder) -> u16 {
    request.send().await.unwrap().status().as_u16()
}

/// A letter in the outbox that failed three times and will not be tried again before
/// tomorrow (`now` + a day).
pub async fn failing_letter(app: &TestApp, now: i64) {
    use posy_server::store::entities::outbox;
    use sea_orm::{ActiveModelTrait, Set};
    outbox::ActiveModel {
        recipient: Set("amy@example.com".into()),
        subject: Set("Your order".into()),
        body: Set("Thank you".into()),
        created_at: Set(now),
        attempts: Set(3),
        next_attempt_at: Set(now + 86_400),
        last_error: Set(Some("connection refused".into())),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
}

/// Sets a demo product's stock, and tells the shop its catalogue changed.
pub async fn stock(app: &TestApp, name: &str, stock: i64) {
    sql(
        app,
        &format!("UPDATE products SET stock = {stock} WHERE name = '{name}'"),
    )
    .await;
    sql(app, "UPDATE catalogue_version SET version = version + 1").await;
}

/// The studio's admin account and a signed-in session's cookie value.
pub async fn admin_session(app: &TestApp) -> String {
    crate::builders::Admin::studio().signed_in(app).await
}

impl TestApp {
    /// A request with the CSRF token and, when given, an admin session.
    pub fn signed(
        &self,
        method: reqwest::Method,
        path: &str,
        session: Option<&str>,
    ) -> reqwest::RequestBuilder {
        let cookie = match session {
            Some(s) => format!("csrftoken={}; posy_session={s}", self.csrf),
            None => format!("csrftoken={}", self.csrf),
        };
        self.client
            .request(method, self.url(path))
            .header("cookie", cookie)
            .header("x-csrftoken", &self.csrf)
    }
}

impl TestApp {
    /// A request with the admin session and the CSRF cookie but not its header, as a page on
    /// another site could make the browser send.
    pub fn without_csrf_header(
        &self,
        method: reqwest::Method,
        path: &str,
        session: &str,
    ) -> reqwest::RequestBuilder {
        self.client.request(method, self.url(path)).header(
            "cookie",
            format!("csrftoken={}; posy_session={session}", self.csrf),
        )
    }
}

/// Checks that every call (method, path, JSON body) answers 401 without an admin session, and
/// that every change (any method but GET) answers 403 with `session` but without the CSRF
/// header.
pub async fn assert_admin_only<P: AsRef<str>>(
    app: &TestApp,
    session: &str,
    calls: &[(reqwest::Method, P, Value)],
) {
    for (method, path, body) in calls {
        let path = path.as_ref();
        let (status, answer) = call(app, method.clone(), path, None, body.clone()).await;
        assert_eq!(status, 401, "{method} {path} without a session: {answer}");
    }
    for (method, path, body) in calls {
        if *method == reqwest::Method::GET {
            continue;
        }
        let path = path.as_ref();
        let response = app
            .without_csrf_header(method.clone(), path, session)
            .json(body)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status().as_u16(),
            403,
            "{method} {path} without the CSRF header"
        );
    }
}

/// A multipart form posted with the CSRF token and the admin session: its status and answer.
pub async fn post_form(
    app: &TestApp,
    path: &str,
    session: &str,
    form: reqwest::multipart::Form,
) -> (u16, Value) {
    let request = app.signed(reqwest::Method::POST, path, Some(session));
    json_of(path, request.multipart(form).send().await.unwrap()).await
}

/// What a thing's one picture (a product's, a workshop's) posted to `path` refuses: an upload
/// with no file (400, the `picture` field's sentence) and one with two (413, `one_picture`).
pub async fn assert_one_picture_only(app: &TestApp, session: &str, path: &str, one_picture: &str) {
    let response = app
        .signed(reqwest::Method::POST, path, Some(session))
        .header(
            "content-type",
            "multipart/form-data; boundary=posy-boundary",
        )
        .body("--posy-boundary--\r\n")
        .send()
        .await
        .unwrap();
    let (status, body) = json_of(path, response).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["picture"],
        "Please choose a picture to upload."
    );
    let picture = |name: &str| {
        reqwest::multipart::Part::bytes(crate::files::jpeg_with_gps()).file_name(name.to_owned())
    };
    let form = reqwest::multipart::Form::new()
        .part("picture", picture("a.jpg"))
        .part("picture", picture("b.jpg"));
    let (status, body) = post_form(app, path, session, form).await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["error"], one_picture);
}

/// A JSON call with the CSRF token and, when given, an admin session: its status and answer.
pub async fn call(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    session: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let request = app.signed(method, path, session);
    json_of(path, request.json(&body).send().await.unwrap()).await
}

/// The admin's GET of `path`: its status and answer.
pub async fn admin_get(app: &TestApp, session: &str, path: &str) -> (u16, Value) {
    call(app, reqwest::Method::GET, path, Some(session), Value::Null).await
}

/// The admin's POST of `body` to `path`, with the CSRF token: its status and answer.
pub async fn admin_post(app: &TestApp, session: &str, path: &str, body: Value) -> (u16, Value) {
    call(app, reqwest::Method::POST, path, Some(session), body).await
}

/// The admin's PUT of `body` to `path`, with the CSRF token: its status and answer.
pub async fn admin_put(app: &TestApp, session: &str, path: &str, body: Value) -> (u16, Value) {
    call(app, reqwest::Method::PUT, path, Some(session), body).await
}

/// The admin's DELETE of `path`, with the CSRF token: its status and answer.
pub async fn admin_delete(app: &TestApp, session: &str, path: &str) -> (u16, Value) {
    call(
        app,
        reqwest::Method::DELETE,
        path,
        Some(session),
        Value::Null,
    )
    .await
}

/// The names of a JSON object's fields, to compare an answer's shape.
pub fn keys(value: &serde_json::Value) -> std::collections::BTreeSet<&str> {
    value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

/// A product's stock as the database holds it now (the shop's list may lag another
/// process's change by `catalogue::FRESH_FOR`; the database decides what can be sold).
pub async fn stock_in_db(app: &TestApp, name: &str) -> i64 {
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!(
                "SELECT stock FROM products WHERE name = '{}'",
                name.replace('\'', "''")
            ),
        ))
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("the demo catalogue has {name}"));
    row.try_get::<i64>("", "stock").unwrap()
}

/// A `srcset`'s pictures: each URL with its width (`"/a-480.webp 480w, …"` → `("/a-480.webp", 480)`).
pub fn srcset_urls(srcset: &str) -> Vec<(String, u32)> {
    srcset
        .split(", ")
        .map(|entry| {
            let (url, width) = entry.split_once(' ').expect("a URL and a width");
            let width = width.strip_suffix('w').expect("a width in w").parse();
            (url.to_owned(), width.expect("a number"))
        })
        .collect()
}

/// Checks that each picture of a WebP srcset is served as a lossy WebP of its width, and
/// that the srcset offers the same widths as the JPEG one.
pub async fn assert_webp_sizes(app: &TestApp, webp_srcset: &str, jpeg_srcset: &str) {
    let webps = srcset_urls(webp_srcset);
    let widths: Vec<u32> = webps.iter().map(|(_, w)| *w).collect();
    let jpeg_widths: Vec<u32> = srcset_urls(jpeg_srcset).iter().map(|(_, w)| *w).collect();
    assert_eq!(widths, jpeg_widths, "{webp_srcset} beside {jpeg_srcset}");
    for (url, width) in webps {
        assert!(url.ends_with(".webp"), "{url}");
        let response = app.get(&url).await;
        assert_eq!(response.status(), 200, "{url}");
        let bytes = response.bytes().await.unwrap();
        // A lossy WebP holds a VP8 chunk (a lossless one VP8L).
        assert_eq!(&bytes[..4], b"RIFF", "{url}");
        assert_eq!(&bytes[8..16], b"WEBPVP8 ", "{url} is lossy");
        let picture = image::load_from_memory_with_format(&bytes, image::ImageFormat::WebP)
            .unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(picture.width(), width, "{url}");
    }
}
