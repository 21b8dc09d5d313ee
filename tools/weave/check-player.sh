#!/usr/bin/env bash
# Plays the trace player of the chapter "Watching the solver" as a reader would: headless
# Chromium opens the rendered page from file://, offline, and check-player.mjs presses its
# buttons and keys and checks that each search ends on a solution, that New board deals the
# generated puzzles, and that a person's path (pencil marks, each step's technique, rating and
# sentence) ends on the solution or says where the techniques stop.
#
#   tools/weave/check-player.sh [BOOK_DIR]     (default: target/book; run `cargo book` first)
#
# Screenshots: target/player-screenshot.png (a search at its end),
# target/player-screenshot-playing.png (in the middle) and target/player-screenshot-person.png
# (a person's step that strikes candidates out), or $SCREENSHOT and its -playing and -person twins.
#
# What it needs is installed when missing: Debian's chromium and Node.js (with apt-get, as root),
# and playwright-core from the npm registry into target/player-check/ (never a browser download:
# playwright drives Debian's /usr/bin/chromium).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
book=$(cd "${1:-$root/target/book}" 2>/dev/null && pwd) || {
    echo "check-player: FAIL: no book at ${1:-$root/target/book}: run cargo book first" >&2
    exit 1
}
page=$book/watching.html
[ -f "$page" ] || {
    echo "check-player: FAIL: no $page: run cargo book first" >&2
    exit 1
}
screenshot=${SCREENSHOT:-$root/target/player-screenshot.png}

apt_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "check-player: FAIL: $1 is missing (as root: apt-get install $*)" >&2
        exit 1
    fi
    echo "check-player: installing $* from Debian"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v chromium >/dev/null || apt_install chromium
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm

tools=$root/target/player-check
if [ ! -f "$tools/node_modules/playwright-core/package.json" ]; then
    echo "check-player: installing playwright-core into $tools"
    mkdir -p "$tools"
    # No browser download happens for playwright-core; the variable makes sure of it.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$tools" --no-audit --no-fund \
        --silent playwright-core@1 >/dev/null
fi
# Node resolves packages next to the script, so the script runs from there.
cp "$root/tools/weave/check-player.mjs" "$tools/"
mkdir -p "$(dirname "$screenshot")"
CHROMIUM=$(command -v chromium) timeout 600 node "$tools/check-player.mjs" "$page" "$screenshot"
echo "check-player: screenshots: $screenshot ${screenshot%.png}-playing.png ${screenshot%.png}-person.png"
