#!/usr/bin/env bash
# Measures CI as a new machine runs it (issue 27: under 15 minutes); run it on a quiet machine.
# A fresh clone's .ci/run with an empty HOME (so empty cargo, npm and pip caches and target
# folder); the toolchain comes from rustup as on a new machine. Debian's packages are already
# installed on this machine (apt's part is not measured).
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d)
mkdir -p $T/home $T/proxies
for p in cargo rustc rustup clippy-driver cargo-clippy rustfmt cargo-fmt rustdoc; do ln -s "$HOME/.cargo/bin/$p" $T/proxies/$p; done
git clone -q "$repo" $T/posy
cd $T/posy
start=$(date +%s)
env -i HOME=$T/home RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" CARGO_HOME=$T/home/.cargo \
  PATH=$T/home/.cargo/bin:$T/proxies:/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 TERM=dumb \
  bash -c '.ci/run' > $T/ci.log 2>&1
rc=$?
echo "rc=$rc seconds=$(( $(date +%s) - start )) dir=$T" | tee -a $T/ci.log
