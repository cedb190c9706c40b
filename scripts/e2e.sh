#!/usr/bin/env bash
# Starts shops on fresh data folders and free ports (with an admin for the back-office
# journeys), runs the Playwright journeys against them in Debian's Chromium, and stops them.
# Screenshots land in test-results/. Usage: scripts/e2e.sh [journey files, from web/].
#
# Two journey files run at once (POSY_JOURNEYS_AT_ONCE), each against a shop of its own: a
# journey waits on its pages and the server about half the time, so the other uses the CPU
# meanwhile. A file's journeys run one after another on one shop, as they are written to.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fresh-shop.sh
at_once="${POSY_JOURNEYS_AT_ONCE:-2}"
# The shop's date rules run on a clock set to a Monday morning in December (before the noon
# cut-off, with Christmas closing ahead); the journeys set each page's clock to match. The clock
# runs on from when each server started, give or take the second it takes to answer.
export POSY_FAKE_NOW=2026-12-14T09:30:00Z
start_fresh_shops "$at_once" web/dist studio
shops=$(for i in "${!SHOP_URLS[@]}"; do
  printf '{"url":"%s","data":"%s","since":%s}\n' "${SHOP_URLS[$i]}" "${SHOP_DATAS[$i]}" "${SHOP_SINCES[$i]}"
done | paste -sd, -)
mkdir -p test-results
export POSY_SHOPS="[$shops]" POSY_JOURNEYS_AT_ONCE="$at_once" POSY_SCREENSHOTS="$PWD/test-results"
# Given journey files (e.g. e2e/orders.journey.mjs), runs only those. Else every file, the
# longest first (the studio's morning alone is a minute and a half), so that no long one starts
# last while the other slot has run dry.
journeys=("$@")
if [ ${#journeys[@]} -eq 0 ]; then
  longest_first=(orders pages checkout gallery contact)
  journeys=("${longest_first[@]/%/.journey.mjs}")
  journeys=("${journeys[@]/#/e2e/}")
  for file in web/e2e/*.journey.mjs; do
    case " ${journeys[*]} " in *" ${file#web/} "*) ;; *) journeys+=("${file#web/}") ;; esac
  done
fi
(cd web && node --test --test-concurrency="$at_once" "${journeys[@]}") || {
  # The last lines that are not access lines (one a request), which say what went wrong.
  for data in "${SHOP_DATAS[@]}"; do echo "--- server log ($data)"; grep -v posy::access "$data/server.log" | tail -50; done
  exit 1
}
