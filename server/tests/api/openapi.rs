use crate::helpers::spawn_app;

#[test]
fn the_committed_openapi_yaml_matches_the_server() {
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.yaml"))
            .expect("openapi.yaml is committed at the repository root");
    assert!(
        committed == posy_server::api::spec_yaml(),
        "openapi.yaml is out of date: run `cargo run -p posy-server -- openapi` (or `make openapi`) and commit it"
    );
}

#[tokio::test]
async fn the_api_description_and_its_docs_are_served() {
    let app = spawn_app().await;
    let (status, spec) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(spec["paths"]["/api/products/"]["get"].is_object());
    assert!(spec["paths"]["/api/products/{id}/"]["get"].is_object());
    let docs = app.get("/api/docs").await;
    assert_eq!(docs.status(), 200);
    assert!(docs.text().await.unwrap().contains("swagger"));
}
