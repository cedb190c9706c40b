# Sourced by e2e.sh and api-fuzz.sh: `start_fresh_shop WEB_DIR ADMIN_NAME` starts a shop on a
# fresh data folder and a free port with an admin account, waits until it answers, and stops it
# (and removes the folder) when the calling script exits. It sets SHOP_URL, SHOP_DATA (the
# folder; the server's log is $SHOP_DATA/server.log) and exports POSY_ADMIN_USERNAME and
# POSY_ADMIN_PASSWORD (a password that lives only as long as the run). POSY_BIN serves with
# another build of `posy` (lighthouse.sh's release build) instead of the tests' debug one.
start_fresh_shop() {
  local web_dir=$1
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
  local posy="${POSY_BIN:-}"
  if [ -z "$posy" ]; then
    # The same packages and features as `cargo test --workspace`, so after the tests this builds
    # nothing: the `posy` binary the integration tests use is the one served here.
    cargo test -q --workspace --no-run
    posy="$CARGO_TARGET_DIR/debug/posy"
  fi
  SHOP_DATA=$(mktemp -d)
  local database="sqlite://$SHOP_DATA/posy.db?mode=rwc"
  export POSY_ADMIN_USERNAME=$2 POSY_ADMIN_PASSWORD="run-$(date +%s)-$RANDOM$RANDOM"
  "$posy" admin create --username "$POSY_ADMIN_USERNAME" --data-dir "$SHOP_DATA" \
    --database-url "$database" >/dev/null
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  SHOP_URL="http://127.0.0.1:$port"
  # Every journey and fuzzed call comes from this one address: it may hold stock for as many
  # carts as they open (a real shop allows 3 held carts an address).
  POSY_MAX_HOLDS_PER_ADDRESS=1000 \
    "$posy" serve --bind "127.0.0.1:$port" --data-dir "$SHOP_DATA" --web-dir "$web_dir" \
    --database-url "$database" >"$SHOP_DATA/server.log" 2>&1 &
  SHOP_PID=$!
  trap 'kill $SHOP_PID 2>/dev/null; wait $SHOP_PID 2>/dev/null; rm -rf "$SHOP_DATA"' EXIT
  for _ in $(seq 1 150); do
    curl -fs "$SHOP_URL/api/products/" >/dev/null && return 0
    sleep 0.2
  done
  echo "the shop did not start; its log:" >&2
  tail -30 "$SHOP_DATA/server.log" >&2
  return 1
}
