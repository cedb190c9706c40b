#!/usr/bin/env bash
# Starts a shop on a fresh data folder and a free port (with an admin for the gallery journey),
# runs the Playwright journeys against it in Debian's Chromium, and stops it. Screenshots land
# in test-results/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fresh-shop.sh
start_fresh_shop web/dist studio
mkdir -p test-results
export POSY_URL="$SHOP_URL" POSY_SCREENSHOTS="$PWD/test-results"
(cd web && npm run e2e) || { echo "--- server log"; tail -50 "$SHOP_DATA/server.log"; exit 1; }
