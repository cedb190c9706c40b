#!/usr/bin/env bash
# Builds posy-wasm into wasm/pkg (and posy-wasm-admin into wasm-admin/pkg, posy-wasm-checkout into
# wasm-checkout/pkg) for the web app (release, size-optimised): cargo builds the
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
# Three modules: the shopper's (posy-wasm, wasm/pkg), the back office's (posy-wasm-admin,
# wasm-admin/pkg), which only pages under /admin load, and the checkout's voucher and offer code
# rules (posy-wasm-checkout, wasm-checkout/pkg), which only the checkout loads, once a code is on.
# Never incremental: it partitions the code differently, and the same source came out tens of
# bytes larger (41,013 B against 40,969 B), enough to cross the budget on a developer's machine
# and not on CI's, or the other way round.
# A panic's location names its source file, and a crate from crates.io is named by where
# cargo unpacked it: $CARGO_HOME/registry/src/index.crates.io-…/. Those prefixes are cut, so the
# module is the same size on every machine (a fresh machine's temporary CARGO_HOME made it 25 B
# larger, enough to cross the budget) and no shopper downloads the builder's home folder
# (48 B gzip less).
# (The standard library's files stay under /rustc/<commit>/library/: it comes compiled.)
remap=()
for source in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
  remap+=("--remap-path-prefix=$source=")
done
RUSTFLAGS="${remap[*]}" CARGO_INCREMENTAL=0 cargo build -q -p posy-wasm -p posy-wasm-admin --lib --target wasm32-unknown-unknown --profile wasm-release
# The checkout's module in a cargo call of its own: built with the others, core's `vouchers`
# feature (which it needs) would be unified into the shopper's module too, past its budget.
RUSTFLAGS="${remap[*]}" CARGO_INCREMENTAL=0 cargo build -q -p posy-wasm-checkout --lib --target wasm32-unknown-unknown --profile wasm-release
for module in wasm:posy_wasm wasm-admin:posy_wasm_admin wasm-checkout:posy_wasm_checkout; do
  folder=${module%%:*} name=${module#*:}
  rm -rf "$folder/pkg"
  wasm-bindgen --target bundler --out-dir "$folder/pkg" --out-name "$name" \
    "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/$name.wasm"
  # Names and the producers section are for debuggers, not shoppers.
  "$wasm_opt" -Oz --converge --strip-debug --strip-producers --enable-bulk-memory --enable-nontrapping-float-to-int \
    "$folder/pkg/${name}_bg.wasm" -o "$folder/pkg/${name}_bg.wasm"
done

# The shopper's module has a budget (gzip -9, as web/scripts/bundle-size.mjs measures): a rule
# only the back office uses belongs in a module of its own, loaded under /admin, not here. The
# checkout's module has its own, so that it stays the small download it is meant to be.
over=0
for module in wasm/pkg/posy_wasm_bg.wasm:40960 wasm-checkout/pkg/posy_wasm_checkout_bg.wasm:26624; do
  file=${module%%:*} budget=${module#*:}
  size=$(gzip -9 -c "$file" | wc -c)
  echo "wasm: $(basename "$file") is $size B gzip (budget $budget B)"
  if [ "$size" -gt "$budget" ]; then
    echo "wasm: $(basename "$file") is over its budget by $((size - budget)) B: move rules its page does not use out of it" >&2
    over=1
  fi
done
exit "$over"
