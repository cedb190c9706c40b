# Posy's two commands: `make run` and `make test`. Both set up what they need first.
SHELL := /bin/bash
# One target folder for every checkout on this machine, so a fresh clone (and CI) reuses builds.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/posy/target
# PostgreSQL for the second run of the server tests (skipped when empty).
TEST_DATABASE_URL ?=

.PHONY: run test build setup wasm web openapi bench check-rust check-web e2e clean

## run: set up, build, and start the shop at http://localhost:8080 with demo content
run: build
	$(CARGO_TARGET_DIR)/release/posy serve

## build: the release binary and the web bundle
build: setup wasm
	cargo build --release -p posy-server
	cd web && npm run build

## test: every test: Rust (fmt, clippy, unit, integration on SQLite and PostgreSQL), wasm, web, browser
test: setup
	scripts/test.sh

setup:
	scripts/setup.sh

wasm:
	scripts/build-wasm.sh

## openapi: rewrite openapi.yaml from the server and regenerate the web client's types
openapi:
	cargo run -q -p posy-server -- openapi --output openapi.yaml
	cd web && npm run gen:api

## bench: load-test the catalogue API on a release build and report bundle sizes
bench: build
	scripts/bench.sh

clean:
	rm -rf target wasm/pkg web/dist
