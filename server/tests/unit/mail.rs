//! `posy_server::mail`'s own tests (they were its `mod tests`).

use std::str::FromStr;

use posy_core::validation::is_email;

use posy_server::mail::*;

/// Pieces an address is made of, the awkward ones included.
const PIECES: &[&str] = &[
    "jo",
    "a",
    "Z9",
    "bloom",
    "x",
    ".",
    ".",
    "@",
    "-",
    "_",
    "+",
    "~",
    "!",
    "'",
    "`",
    "{",
    "}",
    "|",
    "=",
    "?",
    "#",
    "$",
    "%",
    "&",
    "*",
    "/",
    "^",
    "\"",
    "\\",
    "(",
    ")",
    ",",
    ";",
    ":",
    "<",
    ">",
    "[",
    "]",
    " ",
    "\t",
    "\n",
    "\r",
    "\0",
    "\u{7f}",
    "é",
    "ß",
    "中",
    "٣",
    "²",
    "\u{200b}",
    "\u{a0}",
    "🌷",
    "com",
    "co.uk",
    "example",
    "xn--bcher-kva",
    "1.2.3.4",
];

/// A deterministic stream of candidate addresses: random pieces on either side of an `@`,
/// so many come close to valid, plus some with no `@` or several.
fn candidates(count: usize) -> Vec<String> {
    let mut seed: u64 = 0x5eed_f10e;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    let side = |next: &mut dyn FnMut(usize) -> usize, most: usize| -> String {
        (0..1 + next(most))
            .map(|_| PIECES[next(PIECES.len())])
            .collect()
    };
    (0..count)
        .map(|_| match next(10) {
            0 => side(&mut next, 8),
            1 => format!(
                "{}@{}@{}",
                side(&mut next, 3),
                side(&mut next, 3),
                side(&mut next, 3)
            ),
            _ => format!(
                "{}@{}.{}",
                side(&mut next, 4),
                side(&mut next, 3),
                side(&mut next, 2)
            ),
        })
        .collect()
}

fn hand_picked() -> Vec<String> {
    let mut inputs: Vec<String> = [
        "jo@example.com",
        " jo@example.com ",
        "first.last+flowers@mail.co.uk",
        "o'brien@example.ie",
        "jo@bücher.de",
        "jö@example.com",
        "\"jo bloom\"@example.com",
        "jo..bloom@example.com",
        "jo.@example.com",
        "jo@example_shop.com",
        "jo@-example.com",
        "jo@example-.com",
        "jo@[1.2.3.4]",
        "jo@1.2.3.4",
        "jo\u{0}@example.com",
        "jo@example.com\u{0}",
        "jo\r\nBcc: all@example.com@example.com",
        "<jo@example.com>",
        "Jo <jo@example.com>",
        "jo@example.c",
        "jo@123.456",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Lengths at and past each limit: local part 64, label 63, domain 253, whole 254.
    for n in [63, 64, 65] {
        inputs.push(format!("{}@example.com", "a".repeat(n)));
        inputs.push(format!("jo@{}.com", "b".repeat(n)));
        inputs.push(format!("{}@example.com", "é".repeat(n / 2 + 1)));
    }
    let labels = |n: usize| vec!["c".repeat(60); n].join(".");
    for tail in ["com", "co", "c"] {
        inputs.push(format!("jo@{}.{tail}", labels(4)));
    }
    inputs
}

#[test]
fn cores_email_rule_accepts_nothing_that_lettre_refuses() {
    let inputs: Vec<String> = hand_picked()
        .into_iter()
        .chain(candidates(150_000))
        .collect();
    let mut accepted = 0;
    for input in &inputs {
        if is_email(input) {
            accepted += 1;
            // The server trims every field before it keeps it.
            assert!(
                lettre::Address::from_str(input.trim()).is_ok(),
                "core accepts {input:?} but lettre refuses it"
            );
        }
    }
    // Enough accepted inputs that the comparison means something.
    assert!(accepted > 200, "only {accepted} inputs were addresses");
}

#[test]
fn pauses_double_up_to_an_hour() {
    assert_eq!(pause_after(1), 30);
    assert_eq!(pause_after(2), 60);
    assert_eq!(pause_after(3), 120);
    assert_eq!(pause_after(20), MAX_PAUSE_SECONDS);
}
