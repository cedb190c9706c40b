#!/usr/bin/env bash
# A Valentine's morning, measured (issue 28): a release shop on a fresh database, 64 shoppers
# buying without pause (list, product, add, the florist's choice, check_intent twice, the
# simulated card, the order), each journey from an address of its own through the trusted proxy
# and X-Forwarded-For, while two admins move orders along, refund, cancel, restock, edit products
# and reply to the shoppers' enquiries. scripts/valentine.py prints requests, p50, p99 and errors
# per kind, the server's peak RSS, then checks that no update was lost or doubled (stock = initial
# - sold + restocked, refunds = refunds asked, each paid payment one order) and prints PASS or
# FAIL for each of the issue's targets. Speed is reported, not asserted: it exits non-zero only
# when the bench itself could not run.
#
#   scripts/valentine.sh                                  on SQLite (builds the release binary)
#   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 scripts/valentine.sh
#                                                         on SQLite, then on a fresh PostgreSQL database
#   POSY_BIN=/work/bench-before/posy scripts/valentine.sh a given build, not built here
#
# DURATION (seconds, default 60), SHOPPERS (64), ADMINS (2), START_STOCK (3000: every stock row
# is set to it first, so the morning does not sell out), VALENTINE_DATABASES (`sqlite postgres`,
# to run one only), VALENTINE_ARGS (more of valentine.py's options, e.g. `--field
# StockChange.seen=seen_stock` for a field the script cannot place by its name).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
DURATION="${DURATION:-60}" SHOPPERS="${SHOPPERS:-64}" ADMINS="${ADMINS:-2}"
START_STOCK="${START_STOCK:-3000}"
DURATION="${DURATION%s}"
databases="${VALENTINE_DATABASES:-sqlite postgres}"

posy="${POSY_BIN:-}"
if [ -z "$posy" ]; then
  cargo build -q --release -p posy-server
  posy="$CARGO_TARGET_DIR/release/posy"
fi
posy=$(realpath "$posy")
echo "valentine: $posy ($("$posy" --version 2>/dev/null || echo 'version unknown'))"

work=$(mktemp -d)
server="" pg_name=""
stop_shop() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; server=""; }
cleanup() {
  stop_shop
  if [ -n "$pg_name" ]; then psql -X -q "${BENCH_POSTGRES_URL%/}/postgres" -c "DROP DATABASE IF EXISTS $pg_name" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Starts the shop on a fresh data folder and database ($1) with an admin; sets PORT.
start_shop() {
  local database=$1 data="$work/data-$RANDOM"
  mkdir -p "$data"
  ADMIN_PASSWORD="valentine-$(date +%s)-$RANDOM$RANDOM"
  POSY_ADMIN_PASSWORD="$ADMIN_PASSWORD" "$posy" admin create --username valentine \
    --data-dir "$data" --database-url "$database" --studio-email studio@posy.localhost >/dev/null
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # The bench is the loopback proxy in front of the shop: each request's X-Forwarded-For is the
  # shopper's own address, and every per-address limit keeps its default.
  RUST_LOG=warn POSY_TRUSTED_PROXIES=127.0.0.1 "$posy" serve --bind "127.0.0.1:$PORT" \
    --data-dir "$data" --web-dir web/dist --database-url "$database" >"$data/server.log" 2>&1 &
  server=$!
  SHOP_DATA=$data
  for _ in $(seq 1 150); do curl -fs "http://127.0.0.1:$PORT/api/products/" >/dev/null && return 0; sleep 0.2; done
  echo "the shop did not start; its log:" >&2; tail -30 "$data/server.log" >&2; return 1
}

# Runs the morning against the shop just started; $1 names it, the rest is valentine.py's.
morning() {
  local label=$1; shift
  # shellcheck disable=SC2086 # VALENTINE_ARGS is a list of options
  python3 scripts/valentine.py --port "$PORT" --pid "$server" --label "$label" \
    --seconds "$DURATION" --shoppers "$SHOPPERS" --admins "$ADMINS" --start-stock "$START_STOCK" \
    --admin-username valentine --admin-password "$ADMIN_PASSWORD" "$@" ${VALENTINE_ARGS:-} || {
    echo "--- the server's log (last 30 lines)"; tail -30 "$SHOP_DATA/server.log"; return 1; }
  # What the server logged besides its access lines: the causes behind any 500.
  local logged
  logged=$(grep -cE ' (WARN|ERROR) ' "$SHOP_DATA/server.log" || true)
  echo "server log: $logged warnings and errors"
  grep -E ' ERROR ' "$SHOP_DATA/server.log" | sed -E 's/^[^ ]+ +//; s/[0-9]+/N/g' | sort | uniq -c | sort -rn | head -8 || true
  stop_shop
}

for database in $databases; do
  case "$database" in
    sqlite)
      echo
      start_shop "sqlite://$work/valentine.db?mode=rwc"
      morning "SQLite" --sqlite "$work/valentine.db"
      ;;
    postgres)
      [ -n "${BENCH_POSTGRES_URL:-}" ] || { echo; echo "(PostgreSQL skipped: set BENCH_POSTGRES_URL, e.g. postgres://postgres@127.0.0.1:5432)"; continue; }
      pg_name="posy_valentine_$(date +%s)_$$"
      psql -X -q "${BENCH_POSTGRES_URL%/}/postgres" -c "CREATE DATABASE $pg_name"
      echo
      start_shop "${BENCH_POSTGRES_URL%/}/$pg_name"
      morning "PostgreSQL" --postgres "${BENCH_POSTGRES_URL%/}/$pg_name"
      psql -X -q "${BENCH_POSTGRES_URL%/}/postgres" -c "DROP DATABASE IF EXISTS $pg_name" || true
      pg_name=""
      ;;
    *) echo "valentine: unknown database '$database' (sqlite or postgres)" >&2; exit 2 ;;
  esac
done
