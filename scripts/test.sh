#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest. Called by `make test` and CI.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
step() { printf '\n== %s\n' "$*"; }

step "rustfmt"
cargo fmt --all -- --check

step "clippy (warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "Rust tests on SQLite"
cargo test --workspace

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "server tests on PostgreSQL ($TEST_DATABASE_URL)"
  # Leftover databases of earlier runs that stopped half-way.
  psql "$TEST_DATABASE_URL" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'posy_t_%'" 2>/dev/null \
    | while read -r db; do psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$db\"" || true; done
  cargo test -p posy-server --test api
else
  step "server tests on PostgreSQL: skipped (set TEST_DATABASE_URL to run them)"
fi

step "wasm-bindgen tests in Node"
(cd wasm && wasm-pack test --node)

step "wasm release build"
scripts/build-wasm.sh

step "web: types, lint, unit tests, build"
(cd web && npm run gen:api && git diff --exit-code -- src/lib/api-schema.d.ts && npm run typecheck && npm run lint && npm test && npm run build)

step "browser journeys (Playwright in Chromium)"
scripts/e2e.sh
