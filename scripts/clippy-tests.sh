#!/usr/bin/env bash
# cargo's RUSTC_WORKSPACE_WRAPPER in scripts/test.sh: clippy (warnings are errors, from
# CLIPPY_ARGS) for a workspace crate's test build and for build scripts; plain rustc for the
# rest, whose code the test builds already hold. Called as `clippy-tests.sh rustc ARGS...`.
for arg in "$@"; do
  case "$arg" in
    --test | build_script_build) exec clippy-driver "$@" ;;
  esac
done
exec "$@"
