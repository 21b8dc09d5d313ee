#!/usr/bin/env bash
# Measures, in headless Chromium, what every chapter of the rendered book cuts off at desktop
# (1280 px) and phone (390 px) width: see check-overflow.mjs. Screenshots go to
# target/overflow-screenshots/ (or $SCREENSHOTS); look at them.
#
#   tools/weave/check-overflow.sh [BOOK_DIR]     (default: target/book; run `cargo book` first)
#
# It needs what check-player.sh installs (Debian's chromium, Node.js, playwright-core in
# target/player-check/), and installs it the same way when missing.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
book=$(cd "${1:-$root/target/book}" 2>/dev/null && pwd) || {
    echo "check-overflow: FAIL: no book at ${1:-$root/target/book}: run cargo book first" >&2
    exit 1
}
shots=${SCREENSHOTS:-$root/target/overflow-screenshots}
tools=$root/target/player-check
if ! command -v chromium >/dev/null || ! command -v node >/dev/null ||
    [ ! -f "$tools/node_modules/playwright-core/package.json" ]; then
    echo "check-overflow: chromium, node or playwright-core missing: run tools/weave/check-player.sh once" >&2
    exit 1
fi
cp "$root/tools/weave/check-overflow.mjs" "$tools/"
mkdir -p "$shots"
CHROMIUM=$(command -v chromium) timeout 600 node "$tools/check-overflow.mjs" "$book" "$shots"
