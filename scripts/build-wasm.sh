#!/usr/bin/env bash
# Builds posy-wasm into wasm/pkg for the web app (release, size-optimised): cargo builds the
# module, wasm-bindgen writes the JavaScript glue for a bundler, wasm-opt shrinks it.
# No wasm-pack: it only wraps these three steps, costs minutes to install, and would download
# binaryen, which fails offline. Debian's binaryen (108) writes modules that fail in the
# browser; the npm package binaryen (132) works, so its wasm-opt is used.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}"
wasm_opt="$PWD/web/node_modules/.bin/wasm-opt"
[ -x "$wasm_opt" ] || { echo "wasm-opt missing: run scripts/setup.sh" >&2; exit 1; }
command -v wasm-bindgen >/dev/null || { echo "wasm-bindgen missing: run scripts/setup.sh" >&2; exit 1; }

# The module shoppers download is built by plain rustc, never through test.sh's clippy wrapper
# (clippy-driver turns MIR optimisations off, which made the module 70 bytes larger).
unset RUSTC_WORKSPACE_WRAPPER
cargo build -q -p posy-wasm --lib --target wasm32-unknown-unknown --profile wasm-release
rm -rf wasm/pkg
wasm-bindgen --target bundler --out-dir wasm/pkg --out-name posy_wasm \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/posy_wasm.wasm"
# Names and the producers section are for debuggers, not shoppers.
"$wasm_opt" -Oz --converge --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int \
  wasm/pkg/posy_wasm_bg.wasm -o wasm/pkg/posy_wasm_bg.wasm
