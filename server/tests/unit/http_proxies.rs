//! `posy_server::http::proxies`'s own tests (they were its `mod tests`).

use posy_server::http::proxies::*;
use std::net::IpAddr;
use std::str::FromStr;

fn nets(list: &[&str]) -> Vec<Network> {
    list.iter().map(|n| n.parse().unwrap()).collect()
}

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

#[test]
fn networks_parse_in_both_families_and_match_their_addresses() {
    let private = Network::from_str("10.0.0.0/8").unwrap();
    assert!(private.contains(ip("10.200.3.4")));
    assert!(!private.contains(ip("11.0.0.1")));
    assert!(
        private.contains(ip("::ffff:10.1.2.3")),
        "IPv4-mapped IPv6 counts as IPv4"
    );
    let one = Network::from_str(" 192.168.1.7 ").unwrap();
    assert!(one.contains(ip("192.168.1.7")) && !one.contains(ip("192.168.1.8")));
    let v6 = Network::from_str("fd00::/8").unwrap();
    assert!(v6.contains(ip("fd12:3456::1")) && !v6.contains(ip("fe80::1")));
    assert!(!v6.contains(ip("10.0.0.1")));
    let loopback = Network::from_str("::1").unwrap();
    assert!(loopback.contains(ip("::1")) && !loopback.contains(ip("::2")));
    let everything = Network::from_str("0.0.0.0/0").unwrap();
    assert!(everything.contains(ip("203.0.113.9")));
    assert!(
        Network::from_str("::/0")
            .unwrap()
            .contains(ip("2001:db8::5"))
    );
    assert_eq!(private.to_string(), "10.0.0.0/8");
}

#[test]
fn malformed_networks_are_refused_with_a_sentence() {
    for bad in [
        "",
        "10.0.0.0/33",
        "::/129",
        "10.0.0/8",
        "proxy.local",
        "10.0.0.1/x",
    ] {
        let err = Network::from_str(bad).unwrap_err();
        assert!(
            err.contains("is not an address or a network"),
            "{bad}: {err}"
        );
    }
}

#[test]
fn an_ipv6_address_is_counted_by_its_64_and_ipv4_as_it_is() {
    assert_eq!(address_key(ip("203.0.113.9")), "203.0.113.9");
    assert_eq!(address_key(ip("::ffff:203.0.113.9")), "203.0.113.9");
    let one = address_key(ip("2001:db8:1:2::1"));
    assert_eq!(one, "2001:db8:1:2::/64");
    assert_eq!(address_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")), one);
    assert_ne!(address_key(ip("2001:db8:1:3::1")), one);
    assert_eq!(address_key(ip("::1")), "::/64");
}

#[test]
fn without_trusted_proxies_the_socket_counts_whatever_the_header_says() {
    let socket = ip("203.0.113.9");
    assert_eq!(client_address(socket, ["198.51.100.1"], &[]), socket);
    assert_eq!(client_address(socket, [], &[]), socket);
}

#[test]
fn a_socket_that_is_not_a_trusted_proxy_cannot_forward() {
    let trusted = nets(&["10.0.0.0/8"]);
    let socket = ip("203.0.113.9");
    assert_eq!(client_address(socket, ["198.51.100.1"], &trusted), socket);
}

#[test]
fn the_right_most_untrusted_entry_is_the_visitor() {
    let trusted = nets(&["10.0.0.0/8", "fd00::/8"]);
    let proxy = ip("10.0.0.2");
    assert_eq!(
        client_address(proxy, ["198.51.100.1"], &trusted),
        ip("198.51.100.1")
    );
    // The visitor wrote the first entry themselves; the proxies appended the rest.
    assert_eq!(
        client_address(proxy, ["1.1.1.1, 198.51.100.1, 10.0.0.9"], &trusted),
        ip("198.51.100.1")
    );
    // Several headers are one list, in the order they came.
    assert_eq!(
        client_address(proxy, ["1.1.1.1", "2001:db8::7, fd00::3"], &trusted),
        ip("2001:db8::7")
    );
    assert_eq!(
        client_address(proxy, ["[2001:db8::7]:4711"], &trusted),
        ip("2001:db8::7")
    );
    assert_eq!(
        client_address(ip("::ffff:10.0.0.2"), ["198.51.100.1:80"], &trusted),
        ip("198.51.100.1")
    );
}

#[test]
fn a_proxy_without_a_header_or_a_chain_of_proxies_gives_the_nearest_known_hop() {
    let trusted = nets(&["10.0.0.0/8"]);
    let proxy = ip("10.0.0.2");
    assert_eq!(client_address(proxy, [], &trusted), proxy);
    assert_eq!(
        client_address(proxy, ["10.0.0.7, 10.0.0.8"], &trusted),
        ip("10.0.0.7")
    );
    assert_eq!(
        client_address(proxy, ["198.51.100.1, garbage, 10.0.0.8"], &trusted),
        ip("10.0.0.8"),
        "nothing left of a malformed entry is believed"
    );
}
