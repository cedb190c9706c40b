#!/usr/bin/env bash
# cargo's RUSTC_WORKSPACE_WRAPPER in scripts/test.sh: clippy (warnings are errors, from
# CLIPPY_ARGS) for a workspace crate's test build, for the server's library and binary (which
# have no test builds: their tests are in server/tests/) and for build scripts; plain rustc for
# the rest, whose code those builds already hold. Called as `clippy-tests.sh rustc ARGS...`.
previous=""
for arg in "$@"; do
  case "$previous $arg" in
    *" --test" | *" build_script_build" | "--crate-name posy_server" | "--crate-name posy")
      exec clippy-driver "$@" ;;
  esac
  previous=$arg
done
exec "$@"
