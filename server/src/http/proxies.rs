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
