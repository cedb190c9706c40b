//! Names the commit a binary was built from (`posy --version`, the start-up log, /healthz and
//! each backup's manifest), so a shop's build can always be traced back to its code.
use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

fn main() {
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
