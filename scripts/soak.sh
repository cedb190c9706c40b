#!/usr/bin/env bash
# The shop under a bad day's load, on a release build: 60 s of mixed traffic at 50 connections
# (catalogue reads, cart adds and updates, check_intent, contact posts, failed sign-ins, a few
# 12-megapixel photo uploads), then 100 checkouts at once for 10 in stock (those whose stock
# other carts hold are told so before paying: "intent refused (409)"). scripts/soak.py
# prints requests per kind, errors and the server's peak RSS, and fails on any 5xx or socket
# error, on a stock that does not add up, or on a peak RSS over 100 MB.
#
#   scripts/soak.sh                                         on SQLite in a fresh data folder
#   SOAK_DATABASE_URL=postgres://postgres@127.0.0.1/test scripts/soak.sh   on a fresh PostgreSQL database
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
scripts/setup.sh run
# SOAK_BINARY: try the script against another build (a debug one, say) without building.
posy="${SOAK_BINARY:-$CARGO_TARGET_DIR/release/posy}"
[ -n "${SOAK_BINARY:-}" ] || cargo build --release -p posy-server

data=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if [ -n "${SOAK_DATABASE_URL:-}" ]; then
  name="posy_soak_$$"
  psql -q "$SOAK_DATABASE_URL" -c "CREATE DATABASE $name"
  export DATABASE_URL="${SOAK_DATABASE_URL%/*}/$name"
  sql="psql -tA $DATABASE_URL -c"
else
  sql="python3 scripts/soak-sqlite.py $data/posy.db"
fi
password="soak-admin-password-$$"
POSY_ADMIN_PASSWORD="$password" "$posy" admin create --username soak --data-dir "$data" \
  --studio-email studio@posy.localhost >/dev/null
ffmpeg -loglevel error -f lavfi -i testsrc2=size=${SOAK_PHOTO_SIZE:-4000x3000} -frames:v 1 -q:v 3 "$data/photo.jpg"

# One address sends everything here: its limits are raised so the crowd is served, not refused.
POSY_MAX_INTENTS_PER_ADDRESS=1000000 POSY_MAX_HOLDS_PER_ADDRESS=1000000 POSY_MAX_HELD_UNITS_PER_ADDRESS=1000000 POSY_NEW_CARTS_PER_ADDRESS=1000000 POSY_MAX_CONNECTIONS_PER_ADDRESS=1000000 POSY_MAX_HOLD_RENEWALS=1000000 RUST_LOG=warn "$posy" serve --bind "127.0.0.1:$port" --data-dir "$data" --web-dir web/dist \
  >"$data/server.log" 2>&1 &
server=$!
cleanup() {
  kill $server 2>/dev/null; wait $server 2>/dev/null
  [ -n "${SOAK_DATABASE_URL:-}" ] && psql -q "$SOAK_DATABASE_URL" -c "DROP DATABASE IF EXISTS $name" || true
  rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/api/products/" >/dev/null && break; sleep 0.2; done

python3 scripts/soak.py --port "$port" --pid "$server" --photo "$data/photo.jpg" \
  --admin-password "$password" --sql "$sql" \
  --seconds "${SOAK_SECONDS:-60}" --connections "${SOAK_CONNECTIONS:-50}" \
  || { echo "--- server log (last 30 lines)"; tail -30 "$data/server.log"; exit 1; }
