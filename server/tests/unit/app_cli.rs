//! `posy_server::app::cli`'s own tests (they were its `mod tests`).

use clap::{CommandFactory, Parser};

use posy_server::app::cli::*;

#[test]
fn the_command_line_is_well_formed() {
    Cli::command().debug_assert();
}

#[test]
fn sign_out_all_takes_a_username() {
    let cli = Cli::try_parse_from(["posy", "admin", "sign-out-all", "--username", "ruth"])
        .expect("parses");
    assert!(matches!(
        cli.command,
        Command::Admin { action: AdminAction::SignOutAll { username } } if username == "ruth"
    ));
    assert!(Cli::try_parse_from(["posy", "admin", "sign-out-all"]).is_err());
}

#[test]
fn trusted_proxies_are_a_comma_separated_list_of_networks() {
    let cli = Cli::try_parse_from([
        "posy",
        "serve",
        "--trusted-proxies",
        "127.0.0.1, 10.0.0.0/8,fd00::/8",
    ])
    .expect("parses");
    let listed: Vec<String> = cli
        .config
        .trusted_proxies
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(listed, ["127.0.0.1/32", "10.0.0.0/8", "fd00::/8"]);
    let err = Cli::try_parse_from(["posy", "serve", "--trusted-proxies", "10.0.0.0/40"])
        .err()
        .expect("refused");
    assert!(
        err.to_string().contains("is not an address or a network"),
        "{err}"
    );
    let none = Cli::try_parse_from(["posy", "serve"]).expect("parses");
    assert!(none.config.trusted_proxies.is_empty());
}

#[test]
fn the_old_behind_proxy_setting_stops_the_shop_naming_the_new_one() {
    for args in [
        &["posy", "serve", "--behind-proxy"][..],
        &["posy", "serve", "--behind-proxy=true"],
        &[
            "posy",
            "admin",
            "create",
            "--username",
            "x",
            "--behind-proxy",
        ],
    ] {
        let err = Cli::try_parse_from(args).err().expect("refused");
        let text = err.to_string();
        assert!(
            text.contains("--trusted-proxies (POSY_TRUSTED_PROXIES)"),
            "{args:?}: {text}"
        );
    }
    // The environment variable takes the same way in.
    let command = Cli::command();
    let old = command
        .get_arguments()
        .find(|a| a.get_id() == "retired_behind_proxy")
        .expect("the old flag is still known");
    assert_eq!(
        old.get_env(),
        Some(std::ffi::OsStr::new("POSY_BEHIND_PROXY"))
    );
    assert!(old.is_hide_set(), "and not offered in --help");
}
