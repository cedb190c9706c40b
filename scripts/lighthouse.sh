#!/usr/bin/env bash
# Lighthouse mobile (its default phone, simulated slow 4G and 4× CPU) on the shopper's pages of a
# release build started on a fresh data folder; LIGHTHOUSE_RUNS runs of each page (3 unless
# told), printing the median performance score, LCP, CLS and TBT per page. Exits non-zero when a
# median misses issue 14's target: performance ≥ 0.95, CLS ≤ 0.02, LCP ≤ 2.0 s.
# LIGHTHOUSE_URL=http://… measures a shop that is already running instead (nothing is built).
# Lighthouse is installed into its own folder, so web/package.json (and CI's npm ci) stay as
# they are.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${LIGHTHOUSE_RUNS:-3}"
LIGHTHOUSE_VERSION=13.5.0
tools="$HOME/.cache/posy/lighthouse"
lighthouse="$tools/node_modules/.bin/lighthouse"
if [ "$("$lighthouse" --version 2>/dev/null)" != "$LIGHTHOUSE_VERSION" ]; then
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-save --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION" >&2
fi

if [ -n "${LIGHTHOUSE_URL:-}" ]; then
  base="${LIGHTHOUSE_URL%/}"
else
  make -s build >&2
  export POSY_BIN="${CARGO_TARGET_DIR:-$HOME/.cache/posy/target}/release/posy"
  source scripts/fresh-shop.sh
  start_fresh_shop web/dist studio
  base="$SHOP_URL"
fi

# The first product of the catalogue, as a shopper would follow it from /shop.
product=$(curl -fs "$base/api/products/" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["id"])')
# The first upcoming workshop's own page, as a shopper would follow it from /workshops.
workshop=$(curl -fs "$base/api/workshops/" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["slug"])')
pages=(/ /shop "/shop/$product" /cart /weddings /gallery /contact /workshops "/workshops/$workshop" /gift-vouchers)

# The reports stay, for reading what Lighthouse names on a page.
reports=$(mktemp -d /tmp/lighthouse-XXXXXX)
echo "reports in $reports" >&2

export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
for page in "${pages[@]}"; do
  for run in $(seq 1 "$RUNS"); do
    echo "lighthouse $page, run $run of $RUNS" >&2
    "$lighthouse" "$base$page" --quiet --only-categories=performance \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync" \
      --output=json --output-path="$reports/$(echo "$page" | tr / _)-$run.json"
  done
done

python3 - "$reports" "${pages[@]}" <<'PY'
import json, statistics, sys
from pathlib import Path

reports, pages = Path(sys.argv[1]), sys.argv[2:]
# Issue 14's target for every page's median.
TARGET = {"performance": (0.95, "min"), "lcp": (2.0, "max"), "cls": (0.02, "max")}
missed = []
print(f"| page | performance | LCP | CLS | TBT |\n|---|---|---|---|---|")
for page in pages:
    runs = []
    for path in sorted(reports.glob(page.replace("/", "_") + "-*.json")):
        report = json.loads(path.read_text())
        audit = lambda name: report["audits"][name]["numericValue"]
        runs.append({
            "performance": report["categories"]["performance"]["score"],
            "lcp": audit("largest-contentful-paint") / 1000,
            "cls": audit("cumulative-layout-shift"),
            "tbt": audit("total-blocking-time"),
        })
    median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    print(f"| {page} | {median['performance']:.2f} | {median['lcp']:.1f} s | {median['cls']:.3f} | {median['tbt']:.0f} ms |")
    for key, (bound, kind) in TARGET.items():
        if (median[key] < bound) if kind == "min" else (median[key] > bound):
            missed.append(f"{page}: {key} {median[key]:.3f} (target {'≥' if kind == 'min' else '≤'} {bound})")
if missed:
    print("\nmissed the target:\n  " + "\n  ".join(missed))
    sys.exit(1)
print("\nevery page meets the target")
PY
