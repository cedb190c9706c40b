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
# The tests' shops, browsers and files live in memory (tmpfs) when the machine has room (4 GB
# free): a test shop spends most of its time waiting for its commits to reach the disk, and
# no test is about the disk. Elsewhere, the usual temporary folder.
tests_tmp=""
if [ "$(df -Pk /dev/shm 2>/dev/null | awk 'NR==2 {print $4}')" -gt 4000000 ] 2>/dev/null; then
  tests_tmp=$(mktemp -d /dev/shm/posy-tests.XXXXXX)
  export TMPDIR="$tests_tmp"
fi
# Each step chooses its database itself: none of them inherits the PostgreSQL URL by accident.
unset TEST_DATABASE_URL
# A PostgreSQL on this machine is spoken to without TLS (libpq's and sqlx's PGSSLMODE): its
# handshake on each of a test shop's connections (17 for the simplest test) was a quarter of the
# PostgreSQL tests' CPU, theirs and the server's, and no test is about TLS.
case "$postgres_url" in
  *@127.0.0.1[:/]* | *@localhost[:/]* | *@\[::1\][:/]*) export PGSSLMODE="${PGSSLMODE:-disable}" ;;
esac
started=$SECONDS
step_started=$SECONDS
step() {
  [ "$step_started" = "$SECONDS" ] || printf '   (%ds)\n' $((SECONDS - step_started))
  step_started=$SECONDS
  printf '\n== %s\n' "$*"
}

# A lane (or the set-up) still running when the run stops (a step of another failed) is
# stopped with all it started: its tests, its shops, its browsers.
stop_tree() {
  local child
  for child in $(pgrep -P "$1"); do stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
logs=$(mktemp -d)
step "set-up (Debian's packages, the wasm tools, npm's and Python's packages), beside the build"
# Nothing the build needs comes from it: on a new machine its downloads and installs (about two
# minutes) go on while the build runs, and the steps after the build wait for it.
scripts/setup.sh test >"$logs/setup.log" 2>&1 &
setup_pid=$!
build_pid=""
trap 'stop_tree "$setup_pid"; rm -rf "$logs" ${tests_tmp:+"$tests_tmp"}' EXIT

step "rustfmt"
cargo fmt --all -- --check

# Clippy lints the workspace's own crates while they are built for the tests, instead of in a
# `cargo clippy` pass of its own that would compile every dependency a second time (in check
# mode). This is what `cargo clippy` itself does: clippy-driver wraps rustc for workspace
# members, and CLIPPY_ARGS carries `-D warnings`. Exported, so e2e.sh builds the same way.
# Only the tests' builds of the workspace's crates (and build scripts) go through clippy: a
# crate's test build holds all of its code and its tests, so linting its plain build too (the
# one the shop's binary links) linted the same code twice, about 25 s of CPU and 15 s on the
# build's longest path (the server's library) for nothing.
command -v clippy-driver >/dev/null \
  || { echo "clippy-driver missing: rustup component add clippy" >&2; exit 1; }
export RUSTC_WORKSPACE_WRAPPER="$PWD/scripts/clippy-tests.sh"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

# The build runs in the background: the web app's checks and the wasm steps need nothing from
# it, and go on beside it (on two cores, the build alone left one idle for long stretches: the
# server crate's own compile is mostly one thread). The build's messages name every test
# binary, so the tests can run without cargo, which holds the target folder's lock while its
# tests run (see `lane rust` below).
# Each failure returns at once: called in an `&&` list, the function runs without `set -e`.
build() {
  # How much CPU the build took, beside its wall time; its --timings report
  # (target/cargo-timings/) says which crates took it.
  TIMEFORMAT='   (build: %Rs, CPU %Us user, %Ss system)'
  time cargo test -q --no-run --timings --message-format=json-render-diagnostics >"$logs/build.json" || return 1
  python3 - "$logs/build.json" >"$logs/test-binaries" <<'PY' || return 1
import json, os, sys
for line in open(sys.argv[1]):
    if not line.startswith("{"):
        continue
    message = json.loads(line)
    if message.get("reason") == "compiler-artifact" and message["profile"]["test"] and message.get("executable"):
        # cargo runs each test binary in its package's folder.
        print(os.path.dirname(message["manifest_path"]), message["executable"])
PY
}
step "clippy (warnings are errors) while building every test, in the background"
( build && touch "$logs/build.ok" || { touch "$logs/build.failed"; exit 1; } ) >"$logs/build.log" 2>&1 &
build_pid=$!
# What must be waited for before using the build: from the main script or from a lane.
await_build() {
  until [ -e "$logs/build.ok" ] || [ -e "$logs/build.failed" ]; do sleep 1; done
  [ -e "$logs/build.ok" ]
}
# The journeys need only the shop's binary. cargo links it before the API tests (they run it),
# and says so in the build's messages as it happens, so the journeys start then, while the test
# binaries are still compiling (about half a minute on a fresh build).
await_posy() {
  until grep -q '"executable":"[^"]*/debug/posy"' "$logs/build.json" 2>/dev/null \
    || [ -e "$logs/build.ok" ] || [ -e "$logs/build.failed" ]; do sleep 1; done
  [ ! -e "$logs/build.failed" ]
}

# From here the steps run in lanes, side by side: each lane's steps wait on the one before, and
# the lanes share the two cores. One step at a time left a core idle for half of the run (the
# Rust tests wait on fsync and PostgreSQL, Node runs on one thread, a journey waits on its page).
# A lane's output is printed whole, once it ends.
declare -A lane_pids=()
lane() {
  local name=$1
  shift
  # `times` at its end: the CPU its processes took (on two cores, what the lanes share).
  # (`times` itself in this shell, not in a pipe's: a pipe's end has no children of its own.)
  ( step_started=$SECONDS; "$@"; step "lane $name ends"; times >"$logs/$name.times"
    tail -1 "$logs/$name.times" | sed 's/^/   CPU of its processes (user, system): /' ) >"$logs/$name.log" 2>&1 &
  lane_pids[$name]=$!
}
trap 'for pid in "$setup_pid" "$build_pid" "${lane_pids[@]}"; do stop_tree "$pid"; done; rm -rf "$logs" ${tests_tmp:+"$tests_tmp"}' EXIT
failed=()
end_lane() {
  local name=$1 status=0
  wait "${lane_pids[$name]}" || status=$?
  printf '\n======== lane %s (%s)\n' "$name" "$([ $status = 0 ] && echo passed || echo FAILED)"
  cat "$logs/$name.log"
  [ $status = 0 ] || failed+=("$name")
}

# The shops of the fuzzing and the journeys serve the tests' own debug build without asking
# cargo.
export POSY_BIN="$CARGO_TARGET_DIR/debug/posy"

# The test binaries listed in $1 (a folder and a binary a line: all of them in
# $logs/test-binaries), as `cargo test` would run them, with the rest of the arguments.
# Fails if any of them failed, once all have run.
run_test_binaries() {
  local list=$1 dir binary status=0
  shift
  while read -r dir binary; do
    (cd "$dir" && "$binary" -q "$@" </dev/null) || status=$?
  done <"$list"
  return $status
}

rust_tests() {
  step "Rust tests on SQLite"
  # A test shop waits on its disk (each commit is synced) about two thirds of the time, so four
  # at once rather than one per core (the API tests: 229 s down to 187 s on a loaded machine).
  run_test_binaries "$logs/test-binaries" --test-threads=4
  if [ -n "$postgres_url" ]; then
    step "server tests on PostgreSQL ($postgres_url)"
    # Each test's database is dropped once the run ends (left behind, 229 of them piled up on
    # the server every run shares, each one more for autovacuum to visit, and measurably slowed
    # the cart bench's PostgreSQL), and before, for those of a run that was cut off; all in one
    # session (a psql a database took about two minutes for 382).
    drop_test_databases() {
      psql "$postgres_url" -Atc "SELECT format('DROP DATABASE IF EXISTS %I;', datname) FROM pg_database WHERE datname LIKE 'posy_t_%'" 2>/dev/null \
        | psql "$postgres_url" -q >/dev/null 2>&1 || true
    }
    drop_test_databases
    # Each test has a database of its own on the server (one an ended test left, put back as
    # migrated, or a copy of one migrated once: see server/tests/api/helpers.rs) and mostly
    # waits on PostgreSQL, so six at once instead of one per core (84 tests: 200 s down to 20 s).
    # Not in a lane of its own: beside the SQLite tests and the journeys it made every lane
    # slower, and the run too (1,103 s against 1,075 s, stop 42), the two cores being full.
    # Only the API tests: the only ones that open the database of the run (core's rules and
    # the server's unit tests never do, and ran twice for nothing, about 30 s of this lane).
    local status=0
    grep '/deps/api-' "$logs/test-binaries" >"$logs/database-binaries"
    TEST_DATABASE_URL="$postgres_url" run_test_binaries "$logs/database-binaries" --test-threads=6 \
      || status=$?
    # In the background: the other lanes go on meanwhile.
    drop_test_databases &
    return $status
  else
    step "server tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them)"
  fi
}

# The fuzzing starts with the Rust tests, at a low priority: it runs on what the others leave
# while they wait (their shops' timers, PostgreSQL, a page loading), instead of alone on one
# core at the end (68 s of a 978 s run, stop 42). Tried at stop 42 and dropped, as PostgreSQL
# then refused the busier tests' shops ("too many clients"); their pools are smaller now
# (TEST_SHOP_CONNECTIONS: about 11 connections a test rather than 20). At nice 10 its starved
# shop once answered a call after schemathesis's 10 s timeout; at nice 5 it takes a larger share
# while the others run (it still ends last, about 30 s after them: the two cores are full).
fuzz_tests() {
  step "API fuzzing (schemathesis: every check, 20 examples an operation, as an admin), at nice 5"
  nice -n 5 scripts/api-fuzz.sh
}

wasm_tests() {
  step "wasm-bindgen tests in Node"
  # wasm-bindgen's runner runs them in Node; it takes no --quiet, so no -q here. Another
  # profile than the build's, so cargo does not make one wait for the other.
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test -p posy-wasm -p posy-wasm-admin -p posy-wasm-checkout --target wasm32-unknown-unknown --profile wasm-test
}

web_and_journeys() {
  step "web: types, lint, unit tests, build"
  (cd web && npm run gen:api && git diff --exit-code -- src/lib/api-schema.d.ts && npm run typecheck && npm run lint && npm test && npm run build)
  step "browser journeys (Playwright in Chromium), once the shop's binary is built"
  await_posy || { echo "the build failed: no journeys"; return 1; }
  scripts/e2e.sh
}

step "set-up ends"
wait "$setup_pid" || { cat "$logs/setup.log"; echo "set-up failed" >&2; exit 1; }
cat "$logs/setup.log"
step "wasm release build, beside the build"
scripts/build-wasm.sh
lane wasm wasm_tests
lane web web_and_journeys
step "lanes wasm (the wasm tests) and web (the web app, then the journeys) have started"
wait "$build_pid" || { printf '\n======== the build FAILED\n'; cat "$logs/build.log"; exit 1; }
cat "$logs/build.log"
lane rust rust_tests
lane fuzz fuzz_tests
step "the build is done; lanes rust (the tests on SQLite, then on PostgreSQL) and fuzz (API fuzzing, at a low priority) have started"
for name in wasm rust web fuzz; do end_lane "$name"; done

step "done"
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'FAILED: lane %s\n' "${failed[@]}"
  exit 1
fi
printf 'all tests passed in %dm %ds\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))
