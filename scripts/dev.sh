#!/usr/bin/env bash
# `make dev`: the shop's server (debug build, data in data/) on :8080 and Vite's dev server on
# :5173, which reloads the page as web/src changes and sends /api and /media to the server.
# Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
# The binary `cargo test` builds (the default members: core and server) (see the Makefile's debug-binary).
cargo test -q --no-run
"$CARGO_TARGET_DIR/debug/posy" serve --bind 127.0.0.1:8080 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
echo "dev: the shop's API on http://127.0.0.1:8080; open Vite's address below"
(cd web && POSY_API_URL=http://127.0.0.1:8080 npm run dev)
