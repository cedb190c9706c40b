#!/usr/bin/env bash
# The back office's orders view with 5,000 orders in the database, on a release build: seeds a
# year of orders (most finished, a few overdue, two weeks ahead to do), signs in, and prints the
# median and p99 time of the day's work, a search, one order and a day sheet. Prints figures;
# asserts nothing (speed is measured here, not in the tests). The budget: under 100 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
ORDERS="${ORDERS:-5000}"
cargo build -q --release -p posy-server
posy="$CARGO_TARGET_DIR/release/posy"
data=$(mktemp -d)
database="sqlite://$data/posy.db?mode=rwc"
export POSY_ADMIN_USERNAME=bench POSY_ADMIN_PASSWORD="bench-$(date +%s)-$RANDOM$RANDOM"
"$posy" admin create --username "$POSY_ADMIN_USERNAME" --data-dir "$data" --database-url "$database" \
  --studio-email studio@posy.localhost >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
RUST_LOG=warn "$posy" serve --bind "127.0.0.1:$port" --data-dir "$data" --web-dir web/dist \
  --database-url "$database" >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/api/products/" >/dev/null && break; sleep 0.2; done
python3 scripts/orders-bench.py "$data/posy.db" "http://127.0.0.1:$port" "$ORDERS"
