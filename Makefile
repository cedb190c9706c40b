# Posy's two commands: `make run` and `make test`. Both set up what they need first.
SHELL := /bin/bash
# One target folder for every checkout on this machine, so a fresh clone (and CI) reuses builds.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/posy/target
# PostgreSQL for the second run of the server tests (skipped when empty).
TEST_DATABASE_URL ?=
export TEST_DATABASE_URL

.PHONY: run dev test e2e build wasm openapi debug-binary bench valentine lighthouse soak clean

## run: set up, build, and start the shop at http://localhost:8080 with demo content
run: build
	$(CARGO_TARGET_DIR)/release/posy serve

## dev: the server (debug) on :8080 and Vite's dev server on :5173 with hot reload, together
dev:
	scripts/setup.sh run
	scripts/build-wasm.sh
	scripts/dev.sh

## build: the web bundle, then the release binary, which carries it (one file to deploy)
build:
	scripts/setup.sh run
	scripts/build-wasm.sh
	cd web && npm run build
	cargo build --release -p posy-server

## test: every test: Rust (fmt, clippy, unit, integration on SQLite and PostgreSQL), wasm, web, API fuzzing, browser
test:
	scripts/test.sh

## e2e: only the browser journeys (Playwright in Chromium), on a fresh shop
e2e:
	scripts/setup.sh test
	scripts/build-wasm.sh
	cd web && npm run build
	scripts/e2e.sh

## wasm: rebuild the core for the browser into wasm/pkg
wasm:
	scripts/build-wasm.sh

## openapi: rewrite openapi.yaml from the server and regenerate the web client's types
openapi: debug-binary
	$(CARGO_TARGET_DIR)/debug/posy openapi --output openapi.yaml
	cd web && npm run gen:api

# The debug `posy` as `cargo test` builds it (the same packages and features), so
# switching between tests, `make openapi` and `make dev` never recompiles the dependencies.
debug-binary:
	cargo test -q --no-run

## bench: load-test the catalogue and cart adds on a release build (beside nginx) and report bundle sizes
bench: build
	scripts/setup.sh bench
	scripts/bench.sh

## valentine: a Valentine's morning on a release build (64 shoppers buying, 2 admins at work, 60 s), with figures per kind and the checks that nothing was lost or doubled; BENCH_POSTGRES_URL adds PostgreSQL, POSY_BIN measures another build
valentine:
	scripts/setup.sh bench
	scripts/valentine.sh

## lighthouse: Lighthouse mobile (Chromium, 3 runs a page) on the shopper's pages of a release build; fails below the phone target
lighthouse:
	scripts/setup.sh test
	scripts/lighthouse.sh

## soak: a minute of mixed hostile traffic and a checkout crowd on a release build; fails on any error
soak:
	scripts/soak.sh

## clean: remove every build output (the shared cargo target folder included)
clean:
	rm -rf "$(CARGO_TARGET_DIR)" wasm/pkg web/dist
