# Sourced by e2e.sh, api-fuzz.sh and lighthouse.sh.
#
#   start_fresh_shop WEB_DIR ADMIN_NAME
#   start_fresh_shops COUNT WEB_DIR ADMIN_NAME
#
# Starts one shop (or COUNT at once, each its own) on a fresh data folder and a free port, with
# an admin account, waits until each answers, and stops them (and removes their folders) when the
# calling script exits. It sets SHOP_URL and SHOP_DATA (the folder; the server's log is
# $SHOP_DATA/server.log) for the first shop, and the arrays SHOP_URLS, SHOP_DATAS and SHOP_SINCES
# (when each first answered, Unix ms) for all of them. Every shop has the same admin: it exports
# POSY_ADMIN_USERNAME and POSY_ADMIN_PASSWORD (a password that lives only as long as the run).
# POSY_BIN serves with a given build of `posy` (lighthouse.sh's release build, or test.sh's
# debug one while cargo is busy with something else) instead of building the tests' debug one.
SHOP_PIDS=() SHOP_URLS=() SHOP_DATAS=() SHOP_SINCES=()

stop_fresh_shops() {
  local pid
  for pid in "${SHOP_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${SHOP_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ "${#SHOP_DATAS[@]}" = 0 ] || rm -rf "${SHOP_DATAS[@]}"
}

start_fresh_shop() {
  start_fresh_shops 1 "$@"
}

start_fresh_shops() {
  local count=$1 web_dir=$2
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
  local posy="${POSY_BIN:-}"
  if [ -z "$posy" ]; then
    # The same packages and features as `cargo test` (the default members), so after the
    # tests this builds nothing: the `posy` binary the integration tests use is the one served here.
    cargo test -q --no-run
    posy="$CARGO_TARGET_DIR/debug/posy"
  fi
  export POSY_ADMIN_USERNAME=$3 POSY_ADMIN_PASSWORD="run-$(date +%s)-$RANDOM$RANDOM"
  trap stop_fresh_shops EXIT
  local data database port i
  for i in $(seq 1 "$count"); do
    data=$(mktemp -d)
    database="sqlite://$data/posy.db?mode=rwc"
    "$posy" admin create --username "$POSY_ADMIN_USERNAME" --data-dir "$data" \
      --database-url "$database" --studio-email studio@posy.localhost >/dev/null
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    # Every journey and fuzzed call comes from this one address: it may hold stock for as many
    # carts as they open (a real shop allows 3 held carts an address).
    POSY_MAX_HOLDS_PER_ADDRESS=1000 \
      "$posy" serve --bind "127.0.0.1:$port" --data-dir "$data" --web-dir "$web_dir" \
      --database-url "$database" >"$data/server.log" 2>&1 &
    SHOP_PIDS+=($!) SHOP_URLS+=("http://127.0.0.1:$port") SHOP_DATAS+=("$data")
  done
  for i in "${!SHOP_URLS[@]}"; do
    local tries=150
    until curl -fs "${SHOP_URLS[$i]}/api/products/" >/dev/null; do
      if [ $((tries -= 1)) = 0 ]; then
        echo "the shop did not start; its log:" >&2
        tail -30 "${SHOP_DATAS[$i]}/server.log" >&2
        return 1
      fi
      sleep 0.2
    done
    SHOP_SINCES+=($(($(date +%s%N) / 1000000)))
  done
  SHOP_URL=${SHOP_URLS[0]} SHOP_DATA=${SHOP_DATAS[0]}
}
