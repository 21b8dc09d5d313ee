#!/usr/bin/env bash
# The nested forcing chains beside Sudoku Explainer and skfr, measured in one run, one thread each:
#   - SE 1.2.1 (../shared/tools/se-rate) on the first SE_SAMPLE puzzles of benches/se121-hardest.txt
#     (default 3; minutes each), and ours and skfr on the same puzzles, one process a puzzle;
#   - ours (`sudoku rate --jobs 1`) and skfr on whole files: forum-hardest-1106.txt, and the puzzles
#     of forum-hardest-1905-11plus.txt that se121-hardest.txt drew (the whole list, 48,766 puzzles,
#     would take skfr alone about nine hours here); CPU seconds, peak memory, and how many each rated;
#   - the lower rungs: ours and skfr on the puzzles SE rated 5.0 to 9.1 in human/se-rated.txt, with
#     how many of each program's ratings are SE's;
#   - each rung's share of the time on forty puzzles drawn from each list (examples/rate_times.rs).
# Writes benches/nested-speed.md (tables the Benchmarks chapter includes), with the machine,
# the commit and the date. Builds ours (release) first; needs g++ for skfr and a JDK
# for SE; a peer that cannot be built or run is left out with a note.
#   usage: benches/nested.sh            env: SE_SAMPLE (3), SE_TIMEOUT (1800), SUDOKU_DATA, SUDOKU_PEERS
set -euo pipefail
export OMP_NUM_THREADS=1
cd "$(dirname "$0")/.."
DATA=${SUDOKU_DATA:-../shared/data}
PEERS=${SUDOKU_PEERS:-../shared/peers}
SE_RATE=${SE_RATE:-$PEERS/../tools/se-rate}
OURS=target/release/sudoku
OUT=benches/nested-speed.md
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# What is measured is built from the checkout first, so that no table describes older code.
cargo build --release --quiet --bin sudoku --example rate_times ||
  { echo "nested.sh: cargo build --release failed" >&2; exit 2; }

# The puzzles SE rated, by file and line, and the drawn lines of the 11+ list.
grep -v '^#' benches/se121-hardest.txt | awk 'NF >= 5' > "$W/rated"
puzzle() { sed -n "$2p" "$DATA/$1" | cut -c1-81; }
short() { case $1 in forum-hardest-1106.txt) echo 1106;; forum-hardest-1905-11plus.txt) echo 11+;; *) echo "$1";; esac; }
# The drawing that se121-hardest.txt describes, done again: Python's generator is the same.
draw() { python3 -c 'import random, sys
lines = open(sys.argv[1]).read().split()
for i in sorted(random.Random(2026).sample(range(len(lines)), 40)): print(lines[i][:81])' "$1"; }
draw "$DATA/forum-hardest-1905-11plus.txt" > "$W/sample-11plus.txt"
draw "$DATA/forum-hardest-1106.txt" > "$W/sample-1106.txt"
cp "$DATA/forum-hardest-1106.txt" "$W/list-1106.txt"

# skfr, built here from its sources (never committed), if g++ and the sources are there.
SKFR=
if [ -d "$PEERS/skfr/src" ] && command -v g++ >/dev/null; then
  (cd "$PEERS/skfr/src" && g++ -fopenmp -O3 -march=native -w -o "$W/skfr" utilities.cpp opsudo.cpp \
    puzzle.cpp fsss.cpp t_128.cpp flog.cpp skfr.cpp ratingengine.cpp bitfields.cpp -lgomp) && SKFR=$W/skfr
fi
[ -n "$SKFR" ] || echo "nested.sh: skfr could not be built; left out" >&2

# time_of COMMAND...: "CPU-SECONDS PEAK-KB" of one process, its output in $W/out.
time_of() { /usr/bin/time -f '%U %S %M' -o "$W/time" "$@" > "$W/out" 2>/dev/null || true
  awk '{printf "%.2f %d\n", $1 + $2, $3}' "$W/time"; }
ours_file() { time_of "$OURS" rate --jobs 1 "$1"; }
ours_ratings() { python3 -c 'import json,sys
for l in open(sys.argv[1]):
    r = json.loads(l); print(r.get("er", "-"), r.get("ep", "-"), r.get("ed", "-"), r["status"])' "$W/out"; }
skfr_file() { cp "$1" "$W/k.txt"; (cd "$W" && time_of "$SKFR" -ik -e); }
skfr_ratings() { sed 's/.*ED=//; s#/# #g' "$W/k_rat.txt"; }

{
  echo "| list:line | SE ER/EP/ED | SE s | skfr ER/EP/ED | skfr s | ours ER/EP/ED | ours s | SE ÷ ours |"
  echo "| --- | --- | ---: | --- | ---: | --- | ---: | ---: |"
  head -n "${SE_SAMPLE:-3}" "$W/rated" | while read -r file line _; do
    puzzle "$file" "$line" > "$W/one.txt"
    # SE runs in a JVM that se-rate starts and waits for apart, so its time is the wall clock's.
    start=$(date +%s.%N)
    se=$(SE_TIMEOUT=${SE_TIMEOUT:-1800} SE_JOBS=1 "$SE_RATE" < "$W/one.txt" 2>/dev/null | awk '{print $2"/"$3"/"$4}')
    se_s=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
    read -r o_s _ < <(ours_file "$W/one.txt"); o=$(ours_ratings | awk '{print $1"/"$2"/"$3}')
    k="-"; k_s="-"
    if [ -n "$SKFR" ]; then read -r k_s _ < <(skfr_file "$W/one.txt"); k=$(skfr_ratings | awk '{print $1"/"$2"/"$3}'); fi
    ratio=$(python3 -c "print(f'{$se_s / max($o_s, 0.01):.0f}×')")
    echo "| $(short "$file"):$line | $se | $se_s | $k | $k_s | $o | $o_s | $ratio |"
  done
} > "$W/table-se"

whole() { # whole FILE NAME: one row of the whole-file table
  local rated total
  read -r o_s o_kb < <(ours_file "$1"); total=$(wc -l < "$1")
  rated=$(ours_ratings | awk '$4 == "rated"' | wc -l)
  local k_s="-" k_rated="-"
  if [ -n "$SKFR" ]; then read -r k_s _ < <(skfr_file "$1"); k_rated=$(wc -l < "$W/k_rat.txt"); fi
  echo "| $2 | $total | $k_rated | $k_s | $rated | $o_s | $((o_kb / 1024)) |"
}
{
  echo "| puzzles | how many | skfr rated | skfr CPU s | ours rated | ours CPU s | ours peak MB |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  whole "$W/list-1106.txt" "forum-hardest-1106.txt, whole"
  whole "$W/sample-11plus.txt" "forum-hardest-1905-11plus.txt, the puzzles drawn"
} > "$W/table-whole"

# The lower rungs: the puzzles SE rated 5.0 to 9.1 among those of human/se-rated.txt (SE's own
# ratings, made here), rated by skfr and by ours, each on the whole file in one process.
exact() { # exact RATINGS: how many lines of RATINGS ("ER EP ED" each) are SE's
  awk '{print $2, $3, $4}' "$W/lower-se.txt" | paste -d' ' - "$1" |
    awk '$1 + 0 == $4 + 0 && $2 + 0 == $5 + 0 && $3 + 0 == $6 + 0' | wc -l; }
awk '$2 >= 5.0 && $2 <= 9.1' "$DATA/human/se-rated.txt" > "$W/lower-se.txt"
cut -c1-81 "$W/lower-se.txt" > "$W/lower.txt"
n=$(wc -l < "$W/lower.txt")
read -r o_s _ < <(ours_file "$W/lower.txt"); ours_ratings | awk '{print $1, $2, $3}' > "$W/lower-ours.txt"
k_s="-"; k_exact="-"
if [ -n "$SKFR" ]; then
  read -r k_s _ < <(skfr_file "$W/lower.txt"); skfr_ratings > "$W/lower-skfr.txt"; k_exact=$(exact "$W/lower-skfr.txt")
fi
ms() { python3 -c "import sys; print('-' if sys.argv[1] == '-' else f'{1000 * float(sys.argv[1]) / $n:.1f}')" "$1"; }
{
  echo "| puzzles | how many | skfr as SE | skfr CPU s | skfr ms/puzzle | ours as SE | ours CPU s | ours ms/puzzle |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  echo "| human/se-rated.txt, SE's ER 5.0 to 9.1 | $n | $k_exact | $k_s | $(ms "$k_s") | $(exact "$W/lower-ours.txt") | $o_s | $(ms "$o_s") |"
} > "$W/table-lower"

# Where the time goes, rung by rung: each rung's search time over the paths of the drawn puzzles
# (examples/rate_times.rs --rungs), as a share of the whole; rungs under half a percent in both
# lists are left out.
RATE_TIMES=target/release/examples/rate_times
if [ -x "$RATE_TIMES" ]; then
  "$RATE_TIMES" --rungs "$W/sample-1106.txt" > "$W/rungs-1106.json"
  "$RATE_TIMES" --rungs "$W/sample-11plus.txt" > "$W/rungs-11plus.json"
  python3 - "$W/rungs-1106.json" "$W/rungs-11plus.json" > "$W/table-rungs" <<'PY'
import json, sys
lists = [json.load(open(f))["rungs"] for f in sys.argv[1:]]
totals = [sum(r["seconds"] for r in rungs) for rungs in lists]
print("| rung | rating | 1106: steps | 1106: share of time | 11+: steps | 11+: share of time |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for rows in zip(*lists):
    shares = [100 * r["seconds"] / t for r, t in zip(rows, totals)]
    if max(shares) >= 0.5:
        cells = [f"{r['steps']} | {s:.1f} %" for r, s in zip(rows, shares)]
        print(f"| `{rows[0]['rung']}` | {rows[0]['rating'] / 10:.1f} | " + " | ".join(cells) + " |")
print("| all rungs, seconds | | | " + f"{totals[0]:.1f}" + " | | " + f"{totals[1]:.1f}" + " |")
PY
else
  echo "nested.sh: $RATE_TIMES is not built (cargo build --release --examples); no table of rungs" >&2
  : > "$W/table-rungs"
fi

mkdir -p "$(dirname "$OUT")"
{
  echo "Measured on $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD) on $(getconf _NPROCESSORS_ONLN) cores of"
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//') by \`benches/nested.sh\`: CPU"
  echo "seconds of one process on one thread, but SE's, which are wall seconds of its JVM (on a machine
shared with other work, which lengthens them)."
  echo
  cat "$W/table-se"
  echo
  cat "$W/table-whole"
  echo
  cat "$W/table-lower"
  echo
  cat "$W/table-rungs"
} > "$OUT"
cat "$OUT"
