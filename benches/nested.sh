#!/usr/bin/env bash
# The nested forcing chains beside Sudoku Explainer and skfr, measured in one run, one thread each:
#   - SE 1.2.1 (../shared/tools/se-rate) on the first SE_SAMPLE puzzles of benches/se121-hardest.txt
#     (default 3; minutes each), and ours and skfr on the same puzzles, one process a puzzle;
#   - ours (`sudoku rate --jobs 1`) and skfr on whole files: forum-hardest-1106.txt, and the puzzles
#     of forum-hardest-1905-11plus.txt that se121-hardest.txt drew (the whole list, 48,766 puzzles,
#     would take skfr alone about nine hours here); CPU seconds, peak memory, and how many each rated.
# Writes benches/nested-speed.md (tables the Benchmarks chapter includes), with the machine,
# the commit and the date. Needs a release build (cargo build --release), g++ for skfr and a JDK
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
[ -x "$OURS" ] || { echo "nested.sh: build first: cargo build --release" >&2; exit 2; }

# The puzzles SE rated, by file and line, and the drawn lines of the 11+ list.
grep -v '^#' benches/se121-hardest.txt | awk 'NF >= 5' > "$W/rated"
puzzle() { sed -n "$2p" "$DATA/$1" | cut -c1-81; }
short() { case $1 in forum-hardest-1106.txt) echo 1106;; forum-hardest-1905-11plus.txt) echo 11+;; *) echo "$1";; esac; }
# The drawing that se121-hardest.txt describes, done again: Python's generator is the same.
python3 -c 'import random, sys
lines = open(sys.argv[1]).read().split()
for i in sorted(random.Random(2026).sample(range(len(lines)), 40)): print(lines[i][:81])' \
  "$DATA/forum-hardest-1905-11plus.txt" > "$W/sample-11plus.txt"
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
} > "$OUT"
cat "$OUT"
