#!/usr/bin/env bash
# Builds posy-wasm into wasm/pkg for the web app (release, size-optimised).
# wasm-pack would download binaryen for wasm-opt, which fails offline, and Debian's binaryen
# (108) writes modules that fail in the browser; the npm package binaryen (132) works, so its
# wasm-opt goes first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/web/node_modules/.bin:$PATH"
command -v wasm-opt >/dev/null || { echo "wasm-opt missing: run scripts/setup.sh" >&2; exit 1; }
wasm-pack build wasm --profile wasm-release --target bundler --out-dir pkg --no-pack "$@"
