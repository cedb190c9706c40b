#!/usr/bin/env bash
# Load-tests the catalogue API on a release build with a fresh database, then reports the
# gzip size of what the home page downloads first. Prints figures; asserts nothing (speed is
# measured here, not in the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
DURATION="${DURATION:-10s}" CONNECTIONS="${CONNECTIONS:-32}" THREADS="${THREADS:-2}"
data=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
RUST_LOG=warn "$CARGO_TARGET_DIR/release/posy" serve --bind "127.0.0.1:$port" --data-dir "$data" --web-dir web/dist >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/api/products/" >/dev/null && break; sleep 0.2; done
id=$(curl -fs "http://127.0.0.1:$port/api/products/" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')

# wrk's Lua hook prints the figures we want in one line.
report=$(mktemp)
cat >"$report" <<'LUA'
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("requests/s %.0f  p50 %.2f ms  p99 %.2f ms  errors %d  (%d requests)\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, errors, summary.requests))
end
LUA
for path in /api/products/ "/api/products/$id/"; do
  printf '%-22s ' "GET $path"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$report" "http://127.0.0.1:$port$path" | tail -1
done

echo
echo "web app, gzip sizes of what the home page loads first (index.html's scripts and styles) and the core:"
python3 - <<'PY'
import gzip, pathlib, re
dist = pathlib.Path("web/dist")
html = (dist / "index.html").read_text()
initial = re.findall(r'(?:src|href)="/(assets/[^"]+\.(?:js|css))"', html)
def gz(p): return len(gzip.compress(p.read_bytes(), 9))
js = sum(gz(dist / a) for a in initial if a.endswith(".js"))
css = sum(gz(dist / a) for a in initial if a.endswith(".css"))
wasm = [p for p in (dist / "assets").glob("*.wasm")]
print(f"  initial JS  {js / 1024:6.1f} KB gzip  ({', '.join(a for a in initial if a.endswith('.js'))})")
print(f"  initial CSS {css / 1024:6.1f} KB gzip")
for w in wasm:
    print(f"  {w.name:28s} {gz(w) / 1024:6.1f} KB gzip")
PY
