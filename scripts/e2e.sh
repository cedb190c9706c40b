#!/usr/bin/env bash
# Starts a release-like shop on a fresh data folder and a free port, runs the Playwright
# journeys against it in Debian's Chromium, and stops it. Screenshots land in test-results/.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
# The same packages and features as `cargo test --workspace`, so after the tests this builds
# nothing: the `posy` binary the integration tests use is the one served here.
cargo test -q --workspace --no-run
data=$(mktemp -d)
# An admin for the gallery journey (the password only lives as long as this run).
export POSY_ADMIN_USERNAME=studio POSY_ADMIN_PASSWORD="journey-$(date +%s)-$RANDOM"
"$CARGO_TARGET_DIR/debug/posy" admin create --username "$POSY_ADMIN_USERNAME" --data-dir "$data" \
  --database-url "sqlite://$data/posy.db?mode=rwc" >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$CARGO_TARGET_DIR/debug/posy" serve --bind "127.0.0.1:$port" --data-dir "$data" --web-dir web/dist \
  --database-url "sqlite://$data/posy.db?mode=rwc" >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$port/api/products/" >/dev/null && break
  sleep 0.2
done
mkdir -p test-results
export POSY_URL="http://127.0.0.1:$port" POSY_SCREENSHOTS="$PWD/test-results"
(cd web && npm run e2e) || { echo "--- server log"; tail -50 "$data/server.log"; exit 1; }
