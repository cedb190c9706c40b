#!/usr/bin/env bash
# Starts a shop on a fresh data folder and a free port (with an admin for the gallery journey),
# runs the Playwright journeys against it in Debian's Chromium, and stops it. Screenshots land
# in test-results/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fresh-shop.sh
# The shop's date rules run on a clock set to a Monday morning in December (before the noon
# cut-off, with Christmas closing ahead); the journeys set each page's clock to match. The clock
# runs on from when the server started, give or take the second it takes to answer.
export POSY_FAKE_NOW=2026-12-14T09:30:00Z
start_fresh_shop web/dist studio
export POSY_FAKE_NOW_SINCE=$(($(date +%s%N) / 1000000))
mkdir -p test-results
export POSY_URL="$SHOP_URL" POSY_SCREENSHOTS="$PWD/test-results" POSY_DATA="$SHOP_DATA"
(cd web && npm run e2e) || { echo "--- server log"; tail -50 "$SHOP_DATA/server.log"; exit 1; }
