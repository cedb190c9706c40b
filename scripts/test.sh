#!/usr/bin/env bash
# Every test of the project: formatting and the build first, as they fail fastest, then the
# tests in lanes side by side. Called by `make test` and CI.
# Every cargo call for this machine here (and in e2e.sh) selects the default members (core,
# server), so they all resolve the same packages and features and compile nothing twice; each
# step prints how long it took.
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
# The build's messages name every test binary, so the tests can run without cargo, which holds
# the target folder's lock while its tests run (see `lane rust` below).
logs=$(mktemp -d)
cargo test -q --no-run --message-format=json-render-diagnostics >"$logs/build.json"
python3 - "$logs/build.json" >"$logs/test-binaries" <<'PY'
import json, os, sys
for line in open(sys.argv[1]):
    if not line.startswith("{"):
        continue
    message = json.loads(line)
    if message.get("reason") == "compiler-artifact" and message["profile"]["test"] and message.get("executable"):
        # cargo runs each test binary in its package's folder.
        print(os.path.dirname(message["manifest_path"]), message["executable"])
PY
# The shops of the fuzzing and the journeys serve the tests' own debug build without asking
# cargo, which is busy with the wasm tests meanwhile.
export POSY_BIN="$CARGO_TARGET_DIR/debug/posy"

# Every test binary for this machine, as `cargo test` would run them, with "$@".
run_test_binaries() {
  local dir binary
  while read -r dir binary; do
    (cd "$dir" && "$binary" -q "$@" </dev/null)
  done <"$logs/test-binaries"
}

# From here the steps run in lanes, side by side: each lane's steps wait on the one before, and
# the lanes share the two cores. One step at a time left a core idle for half of the run (the
# Rust tests wait on fsync and PostgreSQL, Node runs on one thread, a journey waits on its page).
# A lane's output is printed whole, once it ends.
declare -A lane_pids=()
lane() {
  local name=$1
  shift
  ( step_started=$SECONDS; "$@"; step "lane $name ends" ) >"$logs/$name.log" 2>&1 &
  lane_pids[$name]=$!
}
# A lane still running when the run stops (a step of another failed) is stopped with all it
# started: its tests, its shops, its browsers.
stop_tree() {
  local child
  for child in $(pgrep -P "$1"); do stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
trap 'for pid in "${lane_pids[@]}"; do stop_tree "$pid"; done; rm -rf "$logs"' EXIT
failed=()
end_lane() {
  local name=$1 status=0
  wait "${lane_pids[$name]}" || status=$?
  printf '\n======== lane %s (%s)\n' "$name" "$([ $status = 0 ] && echo passed || echo FAILED)"
  cat "$logs/$name.log"
  [ $status = 0 ] || failed+=("$name")
}

rust_tests() {
  step "Rust tests on SQLite"
  # A test shop waits on its disk (each commit is synced) about two thirds of the time, so four
  # at once rather than one per core (the API tests: 229 s down to 187 s on a loaded machine).
  run_test_binaries --test-threads=4
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
    # Each test makes and migrates its own database on the server: the tests mostly wait on
    # PostgreSQL, so six at once instead of one per core (84 tests: 200 s down to 20 s here).
    TEST_DATABASE_URL="$postgres_url" run_test_binaries --test-threads=6
  else
    step "server tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them)"
  fi
  step "API fuzzing (schemathesis: every check, 20 examples an operation, as an admin)"
  scripts/api-fuzz.sh
}

wasm_tests() {
  step "wasm-bindgen tests in Node"
  # wasm-bindgen's runner runs them in Node; it takes no --quiet, so no -q here.
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test -p posy-wasm -p posy-wasm-admin --target wasm32-unknown-unknown --profile wasm-test
}

web_and_journeys() {
  step "web: types, lint, unit tests, build"
  (cd web && npm run gen:api && git diff --exit-code -- src/lib/api-schema.d.ts && npm run typecheck && npm run lint && npm test && npm run build)
  step "browser journeys (Playwright in Chromium)"
  scripts/e2e.sh
}

lane rust rust_tests
step "wasm release build (lane rust has started: the Rust tests, then API fuzzing)"
# Before the wasm tests: both ask cargo, one at a time.
scripts/build-wasm.sh
lane wasm wasm_tests
lane web web_and_journeys
step "lanes wasm (the wasm tests) and web (the web app, then the journeys) have started too"
for name in wasm rust web; do end_lane "$name"; done

step "done"
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'FAILED: lane %s\n' "${failed[@]}"
  exit 1
fi
printf 'all tests passed in %dm %ds\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))
