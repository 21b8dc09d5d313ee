#!/usr/bin/env bash
# Checks the rendered book the way a reader meets it: opened from file:// in a browser, offline.
#
#   tools/weave/check-book.sh [BOOK_DIR]      (default: target/book; run `cargo book` first)
#
# 1. Every generated page is searched for an unexpanded directive (`{{#` outside Rust code
#    blocks) and for anything that would load from the network (scripts, stylesheets, fonts,
#    images, MathJax). Plain links in the prose are fine.
# 2. Headless Chromium, with name resolution switched off so nothing can come from the network,
#    opens index.html and must find there the table of contents that toc.js builds, then the
#    pages that hold the woven transcript (`Solution 1:`), a timings table and a stats table,
#    and must find each there.
# 3. Each page that links to its Markdown source (the pencil icon) links by a relative path to
#    a file that exists.
# 4. It saves a screenshot of the page named by EXAMPLE_PAGE=name.html (default: the one with the
#    transcript) to target/book-screenshot.png (or $SCREENSHOT).
#
# Chromium comes from Debian's package; when it is missing and we are root, it is installed.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
book=$(cd "${1:-$root/target/book}" 2>/dev/null && pwd) || {
    echo "check-book: FAIL: no book at ${1:-$root/target/book}: run cargo book first" >&2
    exit 1
}
screenshot=${SCREENSHOT:-$root/target/book-screenshot.png}
failures=0

note() { echo "check-book: $*"; }
fail() {
    echo "check-book: FAIL: $*" >&2
    failures=$((failures + 1))
}

# --- Chromium -------------------------------------------------------------------------------
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        note "installing Debian's chromium"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
        chromium=$(command -v chromium)
    else
        echo "check-book: FAIL: chromium is missing (as root: apt-get install chromium)" >&2
        exit 1
    fi
fi

[ -f "$book/index.html" ] || {
    echo "check-book: FAIL: no $book/index.html: run cargo book first" >&2
    exit 1
}

# --- Static checks of every page ------------------------------------------------------------
# Rust code shown in the book may spell `{{#` (the weave's own source does, in the appendix); no
# directive is ever written inside a Rust block, so those blocks are left out of this search.
left=$(find "$book" -name '*.html' -exec perl -0777 -ne '
    s!<code class="language-rust[^"]*">.*?</code>!!gs;
    print map { "$ARGV: $_\n" } grep { /\{\{#/ } split /\n/;
' {} +)
if [ -n "$left" ]; then
    fail "unexpanded directives:"$'\n'"$left"
fi
# Anything fetched by the page itself from http(s): or a protocol-relative //host.
remote_tag='<(script|link|img|iframe|source|video|audio|embed|object)[^>]*(src|href|data)="(https?:)?//'
if remote=$(grep -rnoiE --include='*.html' "$remote_tag[^\"]*\"" "$book"); then
    fail "pages load from the network:"$'\n'"$remote"
fi
if remote=$(grep -rnoiE --include='*.css' "(url\\([\"']?|@import *[\"']?)(https?:)?//[^)\"' ]*" "$book"); then
    fail "stylesheets load from the network:"$'\n'"$remote"
fi
if mathjax=$(grep -rnoiE --include='*.html' '<script[^>]*mathjax[^>]*>' "$book"); then
    fail "MathJax is loaded (from a CDN):"$'\n'"$mathjax"
fi
if grep -rqE --include='*.html' 'class="[^"]*\bplayground\b' "$book"; then
    fail "runnable playground blocks (they call play.rust-lang.org)"
fi
ls "$book"/searchindex*.js >/dev/null 2>&1 || fail "no search index (searchindex*.js)"
[ -f "$book/print.html" ] || fail "no print page (print.html)"

# --- The pages in Chromium ------------------------------------------------------------------
profile=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$profile" "$log"' EXIT
chrome() {
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --host-resolver-rules='MAP * ~NOTFOUND' \
        --virtual-time-budget=5000 "$@" 2>>"$log"
}

# The page must contain each of the fixed strings that follow its name.
dom_has() {
    local page=$1 dom
    shift
    dom=$(chrome --dump-dom "file://$book/$page") || {
        fail "chromium could not open $page:"$'\n'"$(tail -5 "$log")"
        return
    }
    for want in "$@"; do
        grep -qF -- "$want" <<<"$dom" || fail "$page in Chromium has no '$want'"
    done
}

# The first page other than print.html whose source contains the fixed string $1.
page_with() {
    grep -rlF --include='*.html' -- "$1" "$book" | grep -v '/print\.html$' | sort | head -1 |
        sed "s|^$book/||"
}

dom_has index.html 'class="chapter"' "</main>"

# The woven transcript, a timings table and a stats table, each on the page that holds it.
transcript=$(page_with 'Solution 1:')
if [ -z "$transcript" ]; then
    fail "no page shows a woven 'Solution 1:' (the example of {{#run}})"
else
    note "woven transcript: $transcript"
    dom_has "$transcript" 'Solution 1:' 'language-console hljs' 'class="chapter"'
fi
table_on_page() {
    local what=$1 line=$2 page
    page=$(page_with "$line")
    if [ -z "$page" ]; then
        fail "no page holds a $what table"
    else
        note "$what table: $page"
        dom_has "$page" '<table>' '<th' "$line" '; measured '
    fi
}
table_on_page '{{#measure timings}}' 'Solve time reported by the binary'
table_on_page '{{#measure stats}}' 'Guesses / nodes as the binary counts them'

# A chapter's edit link (book.toml's edit-url-template) must work from the published book: an
# address on the web (https://), never a path into a checkout that a reader of the published
# book does not have. The book has no public repository today, so it has no edit link at all.
linked=0
while IFS= read -r page; do
    href=$(grep -oE '<a href="[^"]*"[^>]*rel="edit"' "$page" | sed -E 's/^<a href="([^"]*)".*/\1/' || true)
    [ -n "$href" ] || continue
    linked=$((linked + 1))
    case $href in
    https://*) ;;
    *) fail "${page#"$book"/} has an edit link that works only inside a checkout: $href" ;;
    esac
done < <(find "$book" -name '*.html' | sort)
note "$linked pages have an edit link, each an address on the web"

# The screenshot: the page of EXAMPLE_PAGE, or the transcript's.
example=${EXAMPLE_PAGE:-$transcript}
if [ -n "$example" ]; then
    note "screenshot page: $example"
    dom_has "$example" 'class="chapter"' "</main>"
    rm -f "$screenshot"
    mkdir -p "$(dirname "$screenshot")"
    chrome --screenshot="$screenshot" --window-size=1200,1600 "file://$book/$example" >/dev/null || true
    if [ -s "$screenshot" ]; then
        note "screenshot: $screenshot"
    else
        fail "no screenshot of $example:"$'\n'"$(tail -5 "$log")"
    fi
fi

if [ "$failures" -gt 0 ]; then
    echo "check-book: $failures check(s) failed" >&2
    exit 1
fi
note "the book is whole, offline and woven"
