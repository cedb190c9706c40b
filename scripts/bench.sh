#!/usr/bin/env bash
# Load-tests the shop on a release build with a fresh database: the catalogue reads, and the
# write path (POST add_item into many carts at once), on SQLite and, when BENCH_POSTGRES_URL
# names a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432), on a fresh database
# there too (and, when BENCH_POSTGRES_SOCKET names its socket folder, through that); then
# reports the gzip size of what the home page downloads first. Prints figures; asserts
# nothing (speed is measured here, not in the tests).
#
# POSY_BIN serves with a given build of `posy` instead of building the release one, so two
# builds (before and after a change) can be measured back to back on a quiet machine:
#   POSY_BIN=/work/bench-before/posy scripts/bench.sh; scripts/bench.sh
# BENCH_RUST_LOG=info measures the shop as it runs for the studio, writing one access line a
# request (the default, warn, leaves them out).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
posy="${POSY_BIN:-$CARGO_TARGET_DIR/release/posy}"
DURATION="${DURATION:-10s}" CONNECTIONS="${CONNECTIONS:-32}" THREADS="${THREADS:-2}"
CARTS="${CARTS:-3000}"
work=$(mktemp -d)
server=""
stop_shop() { [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null; server=""; }
trap 'stop_shop; rm -rf "$work"' EXIT

# Starts the release shop on a fresh data folder and DATABASE_URL; sets BASE.
start_shop() {
  local data="$work/data-$RANDOM" port
  mkdir -p "$data"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  BASE="http://127.0.0.1:$port"
  # Every cart and connection of the load comes from this one address: it may hold, start and
  # open as many as it likes.
  RUST_LOG="${BENCH_RUST_LOG:-warn}" POSY_MAX_HOLDS_PER_ADDRESS=100000 POSY_NEW_CARTS_PER_ADDRESS=100000 POSY_MAX_CONNECTIONS_PER_ADDRESS=100000 "$posy" serve \
    --bind "127.0.0.1:$port" --data-dir "$data" --web-dir web/dist --database-url "$1" \
    >"$data/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 150); do curl -fs "$BASE/api/products/" >/dev/null && return 0; sleep 0.2; done
  echo "the shop did not start" >&2; tail -20 "$data/server.log" >&2; return 1
}

# The server's resident memory now, in MB.
rss() { awk '/VmHWM/ {printf "%.0f MB peak", $2 / 1024}' "/proc/$server/status"; }

# wrk's Lua hooks print the figures we want in one line, counting answers by status.
report="$work/report.lua"
cat >"$report" <<'LUA'
local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function() statuses = {} end
response = function(status) statuses[status] = (statuses[status] or 0) + 1 end
done = function(summary, latency, requests)
  local counted = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do counted[status] = (counted[status] or 0) + n end
  end
  local others = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  local answers = {}
  for status, n in pairs(counted) do
    if status >= 300 then table.insert(answers, string.format("%d×%d", n, status)) end
  end
  io.write(string.format("requests/s %.0f  p50 %.2f ms  p99 %.2f ms  non-2xx %s  socket errors %d  (%d requests)\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, #answers > 0 and table.concat(answers, " ") or "0", others,
    summary.requests))
end
LUA

bench_reads() {
  local id
  id=$(curl -fs "$BASE/api/products/" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
  for path in /api/products/ "/api/products/$id/"; do
    printf '  %-34s ' "GET $path"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$report" "$BASE$path" | tail -1
  done
}

# nginx sending the same bytes as GET /api/products/ from a file, in the same run: what the
# catalogue read is measured against. Skipped when nginx is not installed.
bench_nginx() {
  command -v nginx >/dev/null || { echo "  (nginx is not installed: scripts/setup.sh bench)"; return 0; }
  local root="$work/nginx" port
  mkdir -p "$root/html/api/products"
  curl -fs "$BASE/api/products/" >"$root/html/api/products/index.json"
  # nginx's workers run as nobody: they must be able to read the file.
  chmod -R a+rX "$root" && chmod a+x "$work"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  cat >"$root/nginx.conf" <<CONF
worker_processes 2;
pid $root/nginx.pid;
error_log $root/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  types { application/json json; }
  server {
    listen 127.0.0.1:$port;
    root $root/html;
    index index.json;
  }
}
CONF
  nginx -c "$root/nginx.conf" -p "$root"
  printf '  %-34s ' "nginx, the same bytes from a file"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$report" "http://127.0.0.1:$port/api/products/" | tail -1
  nginx -c "$root/nginx.conf" -p "$root" -s stop 2>/dev/null
}

# POST add_item: each request adds one of a product without sizes to one of $CARTS carts,
# chosen at random; a line at its limit (10, or the stock) is a 409.
bench_writes() {
  local script="$work/add.lua"
  python3 - "$BASE" "$CARTS" >"$script" <<'PY'
import http.cookiejar, json, sys, urllib.request
base, count = sys.argv[1], int(sys.argv[2])
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
products = json.load(opener.open(base + "/api/products/"))
ids = [p["id"] for p in products if not p["has_variations"] and p["stock"] > 0]
csrf = next(c.value for c in jar if c.name == "csrftoken")
carts = [json.load(opener.open(base + "/api/cart/"))["id"] for _ in range(count)]
print("local carts = {" + ",".join(f'"{c}"' for c in carts) + "}")
print("local products = {" + ",".join(str(i) for i in ids) + "}")
print(f'wrk.method = "POST"')
print(f'wrk.headers["Content-Type"] = "application/json"')
print(f'wrk.headers["Cookie"] = "csrftoken={csrf}"')
print(f'wrk.headers["X-CSRFToken"] = "{csrf}"')
print('''request = function()
  local body = string.format('{"cart_id":"%s","product_id":%d,"quantity":1}',
    carts[math.random(#carts)], products[math.random(#products)])
  return wrk.format(nil, "/api/cart/add_item/", nil, body)
end''')
PY
  cat "$report" >>"$script"
  printf '  %-34s ' "POST /api/cart/add_item/ ($CARTS carts)"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$script" "$BASE" | tail -1
}

[ -n "${POSY_BIN:-}" ] || cargo build -q --release -p posy-server
echo "posy: $posy"
echo "SQLite ($CONNECTIONS connections, $DURATION each):"
start_shop "sqlite://$work/posy-bench.db?mode=rwc"
bench_reads
bench_nginx
bench_writes
echo "  server memory: $(rss)"
stop_shop

if [ -n "${BENCH_POSTGRES_URL:-}" ]; then
  name="posy_bench_$(date +%s)"
  psql "${BENCH_POSTGRES_URL%/}/postgres" -qc "CREATE DATABASE $name"
  echo "PostgreSQL ($CONNECTIONS connections, $DURATION each):"
  start_shop "${BENCH_POSTGRES_URL%/}/$name"
  bench_reads
  bench_writes
  echo "  server memory: $(rss)"
  stop_shop
  # A PostgreSQL on the same machine is better reached through its socket folder (e.g.
  # BENCH_POSTGRES_SOCKET=/var/run/postgresql): no TCP, no TLS.
  if [ -n "${BENCH_POSTGRES_SOCKET:-}" ]; then
    user=$(sed -E 's|^[a-z]+://([^@/:]*).*@.*|\1|' <<<"$BENCH_POSTGRES_URL")
    psql "${BENCH_POSTGRES_URL%/}/postgres" -qc "CREATE DATABASE ${name}_socket"
    echo "PostgreSQL through its socket in $BENCH_POSTGRES_SOCKET (writes only):"
    start_shop "postgres://$user@localhost/${name}_socket?host=$BENCH_POSTGRES_SOCKET"
    bench_writes
    echo "  server memory: $(rss)"
    stop_shop
    psql "${BENCH_POSTGRES_URL%/}/postgres" -qc "DROP DATABASE ${name}_socket" || true
  fi
  psql "${BENCH_POSTGRES_URL%/}/postgres" -qc "DROP DATABASE $name" || true
fi

echo
if [ ! -f web/dist/index.html ]; then
  echo "web app: not built (web/dist/index.html is missing), so no bundle sizes: make build"
  exit 0
fi
echo "web app, gzip sizes of what the home page loads first (index.html's scripts and styles) and the core:"
python3 - <<'PY'
import gzip, pathlib, re
dist = pathlib.Path("web/dist")
html = (dist / "index.html").read_text()
# The scripts are imported by index.html's inline loader once the page has painted.
initial = re.findall(r'(?:src="|href="|import\(")/(assets/[^"]+\.(?:js|css))"', html)
def gz(p): return len(gzip.compress(p.read_bytes(), 9))
js = sum(gz(dist / a) for a in initial if a.endswith(".js"))
css = sum(gz(dist / a) for a in initial if a.endswith(".css"))
wasm = [p for p in (dist / "assets").glob("*.wasm")]
print(f"  initial JS  {js / 1024:6.1f} KB gzip  ({', '.join(a for a in initial if a.endswith('.js'))})")
print(f"  initial CSS {css / 1024:6.1f} KB gzip")
for w in wasm:
    print(f"  {w.name:28s} {gz(w) / 1024:6.1f} KB gzip")
PY
