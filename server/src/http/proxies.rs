//! Which reverse proxies to believe: `--trusted-proxies` lists their addresses or networks, and a
//! visitor's address is the right-most `X-Forwarded-For` entry that is not one of them. Every
//! proxy appends the address it was connected from, so that entry is the first one a trusted
//! proxy wrote; anything to its left the visitor may have made up. A request whose socket is not
//! a trusted proxy is taken at its socket's word, whatever headers it sends.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

/// An address or a network in CIDR form: `10.0.0.5`, `10.0.0.0/8`, `::1`, `fd00::/8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    addr: IpAddr,
    prefix: u8,
}

impl Network {
    /// True when `ip` is in this network (IPv4-mapped IPv6 addresses count as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for Network {
    type Err = String;

    fn from_str(text: &str) -> Result<Network, String> {
        let text = text.trim();
        let wrong = || {
            format!(
                "`{text}` is not an address or a network (like 10.0.0.1, 10.0.0.0/8 or fd00::/8)"
            )
        };
        let (addr, prefix) = match text.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (text, None),
        };
        let addr = IpAddr::from_str(addr).map_err(|_| wrong())?.to_canonical();
        let longest = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= longest)
                .ok_or_else(wrong)?,
            None => longest,
        };
        Ok(Network { addr, prefix })
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

/// The visitor's address, from the socket's and the `X-Forwarded-For` values in the order the
/// headers came.
pub fn client_address<'a>(
    socket: IpAddr,
    forwarded_for: impl IntoIterator<Item = &'a str>,
    trusted: &[Network],
) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|net| net.contains(ip));
    let mut client = socket.to_canonical();
    if !is_trusted(client) {
        return client;
    }
    let entries: Vec<&str> = forwarded_for
        .into_iter()
        .flat_map(|value| value.split(','))
        .collect();
    for entry in entries.into_iter().rev() {
        // A trusted proxy writes plain addresses; anything else it passed on came from further
        // left, which nobody vouches for, so the last trusted hop stands.
        let Some(ip) = parse_entry(entry) else {
            return client;
        };
        client = ip;
        if !is_trusted(ip) {
            return ip;
        }
    }
    // Every hop was a trusted proxy: the left-most is the nearest to the visitor we know.
    client
}

/// The key every per-address limit counts `ip` under (holds, payment attempts, sign-ins,
/// enquiries, new carts, connections): an IPv4 address as it is (an IPv4-mapped IPv6 address
/// too), an IPv6 address by its /64. A household or phone is handed a /64 (at least) and may
/// use any address in it, so a limit on single IPv6 addresses would give one visitor 2^64
/// shares.
pub fn address_key(ip: IpAddr) -> String {
    match ip.to_canonical() {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let network = std::net::Ipv6Addr::from(u128::from(v6) & (u128::MAX << 64));
            format!("{network}/64")
        }
    }
}

/// An `X-Forwarded-For` entry's address: `1.2.3.4`, `2001:db8::1`, `[2001:db8::1]:443`, or
/// `1.2.3.4:5678`.
fn parse_entry(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    entry
        .parse::<std::net::SocketAddr>()
        .ok()
        .map(|a| a.ip().to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
