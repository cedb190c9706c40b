//! `posy_server::http::pages::core_host`'s own tests (they were its `mod tests`).

use rquickjs::{Context, Runtime};

/// The names the web app's renderer facade says the server installs (`RENDERED`).
fn rendered_list() -> Vec<String> {
    let facade = include_str!("../../../web/src/ssr/core-host.ts");
    let start = facade
        .find("export const RENDERED = [")
        .expect("core-host.ts lists RENDERED");
    let list = &facade[start..];
    let list = &list[list.find('[').unwrap() + 1..list.find(']').unwrap()];
    let mut names: Vec<String> = list
        .split(',')
        .map(|name| name.trim().trim_matches('\'').to_owned())
        .filter(|name| !name.is_empty())
        .collect();
    names.sort();
    names
}

#[test]
fn the_renderer_installs_exactly_the_rules_its_facade_lists() {
    let runtime = Runtime::new().unwrap();
    let context = Context::full(&runtime).unwrap();
    let mut installed: Vec<String> = context.with(|ctx| {
        posy_server::http::pages::core_host::install(&ctx).unwrap();
        ctx.eval::<Vec<String>, _>("Object.keys(globalThis.posyCore)")
            .unwrap()
    });
    // The console's way to the server's log, not a rule of the core.
    installed.retain(|name| name != "log");
    installed.sort();
    assert_eq!(installed, rendered_list());
}

#[test]
fn the_date_rules_answer_as_their_wasm_twins() {
    let runtime = Runtime::new().unwrap();
    let context = Context::full(&runtime).unwrap();
    let said: Vec<String> = context.with(|ctx| {
        posy_server::http::pages::core_host::install(&ctx).unwrap();
        ctx.eval::<Vec<String>, _>(
            "[posyCore.formatDate('2026-12-05', 'long'), posyCore.formatDate('2026-11-20', \
             'monthDay'), posyCore.formatDate('soon', 'long')]",
        )
        .unwrap()
    });
    assert_eq!(said, ["Saturday 5 December 2026", "November 20th", ""]);
}
