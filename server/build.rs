//! Names the commit a binary was built from (`posy --version`, the start-up log, /healthz and
//! each backup's manifest), so a shop's build can always be traced back to its code; and, in a
//! release build, lists the built web app's files (`web/dist`) so the binary carries them
//! (`http::web::BUILT`): a release `posy` is the one file to deploy. Debug builds (the tests,
//! `make dev`) list none and read `web/dist` from disk, so building the web app never makes
//! them compile again.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

fn main() {
    web_files();
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=POSY_COMMIT={commit}");
    // Built again when HEAD moves: HEAD itself (another branch), the branch's ref (a commit),
    // and the packed refs. Only files that exist are named: cargo runs a script naming a
    // missing one on every build.
    let mut watched = vec![git(&["rev-parse", "--git-path", "HEAD"])];
    watched.push(git(&["rev-parse", "--git-path", "packed-refs"]));
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(git(&["rev-parse", "--git-path", &branch]));
    }
    for path in watched.into_iter().flatten() {
        if Path::new(&path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    // Without a repository (a source tarball) nothing above is watched; then this script itself.
    println!("cargo:rerun-if-changed=build.rs");
}

/// Writes `web_files.rs` into OUT_DIR: `&[(path inside web/dist, its bytes)]`, empty in debug
/// builds (cargo sets CARGO_CFG_DEBUG_ASSERTIONS for the crate being built).
fn web_files() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut list = String::from("&[\n");
    if std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_none() {
        let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it");
        let dist = Path::new(&manifest).join("../web/dist");
        // A folder is watched whole: any file in it changed, added or removed builds again.
        println!("cargo:rerun-if-changed={}", dist.display());
        let mut files = Vec::new();
        collect(&dist, &dist, &mut files);
        files.sort();
        if !files.iter().any(|(name, _)| name == "index.html") {
            println!(
                "cargo:warning=web/dist is not built: this release binary carries no web app \
                 and reads web/dist from its working folder. Run `make build` to build both."
            );
            files.clear();
        }
        for (name, path) in files {
            writeln!(
                list,
                "    ({name:?}, include_bytes!({:?})),",
                path.display()
            )
            .expect("a String takes any text");
        }
    }
    list.push(']');
    std::fs::write(out.join("web_files.rs"), list).expect("OUT_DIR is writable");
}

/// Every file under `dir`, named by its path from `root` with `/` between folders.
fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if let Ok(relative) = path.strip_prefix(root) {
            let name = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let path = path.canonicalize().unwrap_or(path);
            files.push((name, path));
        }
    }
}
