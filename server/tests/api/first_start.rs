//! What a shop does when it starts: the demo catalogue only on the very first start, the
//! pages' own pictures at every start, and no simulated payments on a public https address
//! unless asked for.

use posy_server::app::config::Config;
use posy_server::app::startup::Application;

use crate::helpers::{Options, spawn_app, spawn_app_with, sql};

#[tokio::test]
async fn the_demo_catalogue_never_comes_back_once_the_studio_empties_its_shop() {
    let app = spawn_app().await;
    let (_, products) = app.get_json("/api/products/").await;
    assert!(
        !products.as_array().unwrap().is_empty(),
        "the first start adds the demo"
    );
    sql(&app, "DELETE FROM variations").await;
    sql(&app, "DELETE FROM products").await;
    sql(&app, "UPDATE catalogue_version SET version = version + 1").await;
    let app = app.killed_and_restarted().await;
    let (_, products) = app.get_json("/api/products/").await;
    assert_eq!(
        products,
        serde_json::json!([]),
        "an emptied shop stays empty"
    );
}

#[tokio::test]
async fn a_shop_first_started_without_the_demo_never_gets_it() {
    let app = spawn_app_with(Options {
        no_demo: true,
        ..Options::default()
    })
    .await;
    let (_, products) = app.get_json("/api/products/").await;
    assert_eq!(products, serde_json::json!([]));
    // Its later starts are not first starts, with or without the flag.
    let app = app.killed_and_restarted().await;
    let (_, products) = app.get_json("/api/products/").await;
    assert_eq!(products, serde_json::json!([]));
}

#[tokio::test]
async fn the_pages_own_pictures_are_written_at_every_start_demo_or_not() {
    let app = spawn_app_with(Options {
        no_demo: true,
        ..Options::default()
    })
    .await;
    let hero = "/media/pages/hero-480.webp";
    assert_eq!(app.get(hero).await.status(), 200, "without the demo too");
    // A shop whose media folder lacks them (started before a release added them) gets them back.
    let file = app.data_dir.join("media/pages/hero-480.webp");
    std::fs::remove_file(&file).unwrap();
    let app = app.killed_and_restarted().await;
    assert_eq!(app.get(hero).await.status(), 200);
    assert_eq!(app.get("/media/pages/gallery-6.jpg").await.status(), 200);
}

fn https_shop(dir: &std::path::Path) -> Config {
    let mut config = Config::for_data_dir(dir.to_path_buf());
    config.public_url = Some("https://posy.example".into());
    config.no_demo = true;
    config
}

#[tokio::test]
async fn a_shop_on_https_refuses_to_start_with_simulated_payments_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let refused = Application::build(https_shop(dir.path()))
        .await
        .err()
        .expect("no simulated payments on https without the flag")
        .to_string();
    for named in [
        "STRIPE_SECRET_KEY",
        "STRIPE_PUBLISHABLE_KEY",
        "STRIPE_WEBHOOK_SECRET",
        "--allow-test-payments",
    ] {
        assert!(refused.contains(named), "{refused}");
    }
    // Refused before anything was written: no database with a demo catalogue in it, in what
    // was meant to be the real shop's folder.
    let mut demo = https_shop(dir.path());
    demo.no_demo = false;
    assert!(Application::build(demo).await.is_err());
    assert!(
        !dir.path().join("posy.db").exists(),
        "{:?}",
        std::fs::read_dir(dir.path()).unwrap().collect::<Vec<_>>()
    );

    let mut allowed = https_shop(dir.path());
    allowed.allow_test_payments = true;
    assert!(
        Application::build(allowed).await.is_ok(),
        "a staging shop may"
    );

    let mut plain = https_shop(dir.path());
    plain.public_url = Some("http://localhost:8080".into());
    assert!(
        Application::build(plain).await.is_ok(),
        "plain http is a local test shop"
    );
}

#[tokio::test]
async fn a_partial_stripe_configuration_names_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = https_shop(dir.path());
    config.stripe_secret_key = Some("sk_test_posy".into());
    let refused = Application::build(config).await.err().unwrap().to_string();
    assert!(
        refused.contains("STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET missing"),
        "{refused}"
    );
}
