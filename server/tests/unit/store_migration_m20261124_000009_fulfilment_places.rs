//! `posy_server::store::migration::m20261124_000009_fulfilment_places`'s own tests (they were its `mod tests`).

use posy_server::store::migration::m20261124_000009_fulfilment_places::place_of;

#[test]
fn a_kept_choice_is_read_as_its_place() {
    assert_eq!(
        place_of(r#"{"method":" delivery","date":"2026-12-15 ","slot":" Morning"}"#),
        Some((
            "delivery".into(),
            "2026-12-15".into(),
            Some("Morning".into())
        ))
    );
    assert_eq!(
        place_of(
            r#"{"method":"collection","date":"2026-12-15","slot":"","collection_time":"10:00"}"#
        ),
        Some(("collection".into(), "2026-12-15".into(), None))
    );
    assert_eq!(place_of(r#"{"method":"by owl","date":"2026-12-15"}"#), None);
    assert_eq!(place_of("not json"), None);
}
