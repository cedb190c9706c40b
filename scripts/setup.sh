#!/usr/bin/env bash
# Installs everything Posy needs to build, run and test, skipping what is already present.
# Called by `make run`, `make test` and `make build`; safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
command -v wrk >/dev/null || need_apt+=(wrk)
# Album uploads: ffmpeg converts videos to H.264 MP4 with a poster; heif-convert turns HEIC
# (and AVIF) into pictures every browser shows.
command -v ffmpeg >/dev/null || need_apt+=(ffmpeg)
command -v heif-convert >/dev/null || need_apt+=(libheif-examples)
if [ "${#need_apt[@]}" -gt 0 ] && [ "${POSY_SKIP_APT:-}" != 1 ]; then
  echo "setup: installing ${need_apt[*]} from Debian"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

rustup target list --installed | grep -q wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock exactly. (Not --locked: its lock
# names a webpki-roots release the registry no longer serves.)
bindgen_version=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/,""); print}' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " ${bindgen_version}$"; then
  cargo install wasm-bindgen-cli --version "$bindgen_version"
fi
command -v wasm-pack >/dev/null || cargo install wasm-pack

# npm packages (binaryen's wasm-opt is among them; see scripts/build-wasm.sh)
if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  (cd web && npm ci --no-audit --no-fund)
fi
