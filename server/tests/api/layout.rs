//! The server's shape: one folder per domain of the shop and the plumbing apart, with the
//! arrows between top-level modules pointing one way. Read from the source, so a new file at
//! the top or an import that closes a circle fails here, not in a review.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top of `server/src`: the fourteen folders and the two files.
const TOP: [&str; 16] = [
    "accounts",
    "api",
    "app",
    "cart",
    "catalogue",
    "checkout",
    "enquiries",
    "gallery",
    "http",
    "lib.rs",
    "mail",
    "main.rs",
    "media",
    "orders",
    "store",
    "studio",
];

/// Circles still open, each as (a, b, why); the test fails on any other, and on one listed
/// here that has closed (so the list never outlives the circle). None today.
const KNOWN_CIRCLES: &[(&str, &str, &str)] = &[];

fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The top-level modules a text names through `crate::` (doc links count: they are arrows a
/// reader follows too), grouped imports (`crate::{a, b}`) included.
fn named(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            names.extend(group.split(',').map(|part| ident(part.trim())));
        } else {
            names.insert(ident(rest));
        }
    }
    names.retain(|name| !name.is_empty());
    names
}

/// Which top-level modules each one names.
fn arrows() -> BTreeMap<String, BTreeSet<String>> {
    let root = source();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&root).unwrap();
        let mut parts = relative.components();
        let top = parts
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .into_owned();
        if parts.next().is_none() {
            continue; // lib.rs and main.rs declare the modules
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let to = arrows.entry(top.clone()).or_default();
        to.extend(named(&text).into_iter().filter(|name| *name != top));
    }
    arrows
}

fn reaches(arrows: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut next = vec![from.to_owned()];
    while let Some(at) = next.pop() {
        for step in arrows.get(&at).into_iter().flatten() {
            if step == to {
                return true;
            }
            if seen.insert(step.clone()) {
                next.push(step.clone());
            }
        }
    }
    false
}

#[test]
fn the_top_of_the_server_is_its_fourteen_folders_and_two_files() {
    let mut entries: Vec<String> = std::fs::read_dir(source())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    entries.sort();
    assert_eq!(
        entries, TOP,
        "a new top-level entry belongs in one of the folders"
    );
}

#[test]
fn no_two_top_level_modules_reach_each_other_but_the_known_circles() {
    let arrows = arrows();
    let mut circles = BTreeSet::new();
    for a in arrows.keys() {
        for b in arrows.keys() {
            if a < b && reaches(&arrows, a, b) && reaches(&arrows, b, a) {
                circles.insert((a.clone(), b.clone()));
            }
        }
    }
    let known: BTreeSet<(String, String)> = KNOWN_CIRCLES
        .iter()
        .map(|(a, b, _)| ((*a).to_owned(), (*b).to_owned()))
        .collect();
    assert_eq!(
        circles, known,
        "modules that reach each other (arrows: {arrows:#?})"
    );
}

#[test]
fn the_plumbing_never_names_a_domain_or_the_floors_above() {
    let arrows = arrows();
    let plumbing = ["store", "media", "mail", "http"];
    // Every other folder: the domains and the floors above them.
    let above: Vec<&str> = TOP
        .into_iter()
        .filter(|module| !module.ends_with(".rs") && !plumbing.contains(module))
        .collect();
    for plumbing in plumbing {
        let wrong: Vec<&String> = arrows
            .get(plumbing)
            .into_iter()
            .flatten()
            .filter(|to| above.contains(&to.as_str()))
            .collect();
        assert!(wrong.is_empty(), "{plumbing} names {wrong:?}");
    }
}
