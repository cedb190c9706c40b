#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest. Called by `make test` and CI.
# Every cargo call here (and in e2e.sh) selects the whole workspace, so they all resolve the
# same packages and features and compile nothing twice; each step prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
postgres_url="${TEST_DATABASE_URL:-}"
# Each step chooses its database itself: none of them inherits the PostgreSQL URL by accident.
unset TEST_DATABASE_URL
started=$SECONDS
step_started=$SECONDS
step() {
  [ "$step_started" = "$SECONDS" ] || printf '   (%ds)\n' $((SECONDS - step_started))
  step_started=$SECONDS
  printf '\n== %s\n' "$*"
}

step "rustfmt"
cargo fmt --all -- --check

# Clippy lints the workspace's own crates while they are built for the tests, instead of in a
# `cargo clippy` pass of its own that would compile every dependency a second time (in check
# mode). This is what `cargo clippy` itself does: clippy-driver wraps rustc for workspace
# members, and CLIPPY_ARGS carries `-D warnings`. Exported, so e2e.sh builds the same way.
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" \
  || { echo "clippy-driver missing: rustup component add clippy" >&2; exit 1; }
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

step "clippy (warnings are errors) while building every test"
cargo test -q --workspace --no-run

step "Rust tests on SQLite"
cargo test -q --workspace

if [ -n "$postgres_url" ]; then
  step "server tests on PostgreSQL ($postgres_url)"
  # Each test's database is dropped once the run ends (left behind, 229 of them piled up on
  # the server every run shares, each one more for autovacuum to visit, and measurably slowed
  # the cart bench's PostgreSQL), and before, for those of a run that was cut off.
  drop_test_databases() {
    psql "$postgres_url" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'posy_t_%'" 2>/dev/null \
      | while read -r db; do psql "$postgres_url" -qc "DROP DATABASE IF EXISTS \"$db\"" || true; done
  }
  drop_test_databases
  trap drop_test_databases EXIT
  # The whole workspace again rather than `--test api` alone: selecting one target resolves
  # other dev-dependency features (posy-wasm's wasm-bindgen-test drops out) and would rebuild
  # half the dependency tree; core's and the unit tests cost seconds.
  # Each test makes and migrates its own database on the server: the tests mostly wait on
  # PostgreSQL, so six at once instead of one per core (84 tests: 200 s down to 20 s here).
  TEST_DATABASE_URL="$postgres_url" cargo test -q --workspace -- --test-threads=6
else
  step "server tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them)"
fi

step "wasm-bindgen tests in Node"
# wasm-bindgen's runner runs them in Node; it takes no --quiet, so no -q here.
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test -p posy-wasm --target wasm32-unknown-unknown

step "wasm release build"
scripts/build-wasm.sh

step "web: types, lint, unit tests, build"
(cd web && npm run gen:api && git diff --exit-code -- src/lib/api-schema.d.ts && npm run typecheck && npm run lint && npm test && npm run build)

step "API fuzzing (schemathesis, 10 examples an operation)"
scripts/api-fuzz.sh --max-examples 10

step "browser journeys (Playwright in Chromium)"
scripts/e2e.sh

step "done"
printf 'all tests passed in %dm %ds\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))
