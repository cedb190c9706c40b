#!/usr/bin/env bash
# Installs what Posy needs, skipping what is already present; safe to run again.
#   scripts/setup.sh         what building and running the shop needs (`make run`, `make build`)
#   scripts/setup.sh test    that, and Chromium for the browser journeys (`make test`)
#   scripts/setup.sh bench   that, and wrk and nginx for the load test (`make bench`)
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-run}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"

need_apt=()
# Album uploads: ffmpeg converts videos to H.264 MP4 with a poster; heif-convert turns HEIC
# (and AVIF) into pictures every browser shows; cwebp makes each picture's lossy WebP sizes.
command -v ffmpeg >/dev/null || need_apt+=(ffmpeg)
command -v heif-convert >/dev/null || need_apt+=(libheif-examples)
command -v cwebp >/dev/null || need_apt+=(webp)
case "$purpose" in
  run) ;;
  # openssl makes the mail tests' certificates (server/tests/api/smtp.rs).
  test) command -v chromium >/dev/null || need_apt+=(chromium)
        command -v openssl >/dev/null || need_apt+=(openssl) ;;
  # psql makes bench.sh's PostgreSQL database when BENCH_POSTGRES_URL names a server.
  # nginx sends the catalogue's bytes from a file beside the shop's read, for comparison.
  bench) command -v wrk >/dev/null || need_apt+=(wrk)
         command -v nginx >/dev/null || need_apt+=(nginx-light)
         command -v psql >/dev/null || need_apt+=(postgresql-client) ;;
  *) echo "setup: unknown purpose '$purpose' (run, test or bench)" >&2; exit 2 ;;
esac
# PostgreSQL's client tools: psql drops the tests' databases, pg_dump and pg_restore back a
# shop up and restore it (`posy backup` and its test), when a PostgreSQL database is in use.
case "${TEST_DATABASE_URL:-}${DATABASE_URL:-}" in
  *postgres*) command -v pg_dump >/dev/null && command -v pg_restore >/dev/null || need_apt+=(postgresql-client) ;;
esac
# Debian's packages download and unpack while cargo builds wasm-bindgen below (on a fresh
# machine each took about a minute, one after the other).
apt_pid=""
if [ "${#need_apt[@]}" -gt 0 ] && [ "${POSY_SKIP_APT:-}" != 1 ]; then
  echo "setup: installing ${need_apt[*]} from Debian"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  ( $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
  ) &
  apt_pid=$!
fi

rustup target list --installed | grep -q wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock exactly. It is built without
# optimisation (--debug): it only rewrites a 30 KB module, and that halves its build time. And
# without its default TLS (ring, rustls: 11 s of its 95 s of CPU), which only its browser
# runner's downloads use; the tests run in Node.
# (Not --locked: its lock names a webpki-roots release the registry no longer serves.)
# Without debug info: 66 s of CPU rather than 73 s, and no one debugs it.
# In a target folder of its own: in the project's, cargo made it wait for the tests' build
# beside it to end (the folder's lock), and the set-up with it (283 s rather than about 90 s
# on a fresh machine, stop 45).
bindgen_version=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/,""); print}' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " ${bindgen_version}$"; then
  CARGO_PROFILE_DEV_DEBUG=0 cargo install --debug --no-default-features wasm-bindgen-cli --version "$bindgen_version" \
    --target-dir "$CARGO_TARGET_DIR/wasm-bindgen-cli"
fi

# npm packages (binaryen's wasm-opt is among them; see scripts/build-wasm.sh)
if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  (cd web && npm ci --no-audit --no-fund)
fi

# The tests' Python packages (schemathesis for the API fuzzing, aiosmtpd for the mail tests).
if [ "$purpose" = test ]; then
  scripts/python-venv.sh >/dev/null
fi

if [ -n "$apt_pid" ]; then
  wait "$apt_pid" || { echo "setup: apt-get could not install ${need_apt[*]}" >&2; exit 1; }
fi
