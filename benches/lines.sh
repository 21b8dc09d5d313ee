#!/bin/sh
# Whole-process comparison: `sudoku --format line --jobs 1 < DATASET` against
# `peer_lines < DATASET` (examples/peer_lines.rs, the crates.io `sudoku` crate doing the same
# job) and `tdoku_lines < DATASET` (examples/tdoku_lines.rs, tdoku doing it, left out when
# `tools/peers` did not build tdoku), timed with hyperfine on each dataset of $SUDOKU_DATA (default ../shared/data next to the
# repository). Each dataset's outputs are first checked to be the same solutions.
#
# Each dataset is timed in both modes: first solutions, then uniqueness checks, for which every
# program gets `--count=2` (its lines then end in `unique` or `multiple`; tdoku_lines prints only
# that word, as tdoku gives no solution when it finds one). hyperfine's JSON keeps each program's
# user and system time beside its wall time.
#
# Usage: benches/lines.sh [DATASET...]   (names without .txt; default: all five)
# Needs hyperfine (Debian: apt-get install hyperfine). Results: target/bench-results/lines-DATASET-MODE.json
# and a summary in target/bench-results/lines.txt.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
data=${SUDOKU_DATA:-$root/../shared/data}
target=${CARGO_TARGET_DIR:-$root/target}
out=$target/bench-results
mkdir -p "$out"
command -v hyperfine >/dev/null || { echo "lines.sh: hyperfine is not installed" >&2; exit 2; }
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin sudoku --example peer_lines \
    --example tdoku_lines
ours=$target/release/sudoku
peer=$target/release/examples/peer_lines
tdoku=$target/release/examples/tdoku_lines
# tdoku_lines exits with status 2 when tdoku was not built.
if "$tdoku" < /dev/null 2>/dev/null; then with_tdoku=yes; else with_tdoku=no; fi
[ $with_tdoku = yes ] || echo "lines.sh: tdoku was not built, compared without it" >&2
[ $# -gt 0 ] || set -- 17-clue top1465 forum-hardest-1905-11plus forum-hardest-1106 serg-benchmark
: > "$out/lines.txt"
for name in "$@"; do
    file=$data/$name.txt
    if [ ! -r "$file" ]; then
        echo "$name: skipped, $file is missing" | tee -a "$out/lines.txt"
        continue
    fi
    for mode in first unique; do
        if [ $mode = unique ]; then count=--count=2; else count=; fi
        # Same answers first: all print one solution a line; puzzles with several solutions may
        # get different (equally valid) solutions, so only unique-solution sets must match.
        "$ours" --format line --jobs 1 $count < "$file" > "$out/lines-ours.out" || true
        "$peer" $count < "$file" > "$out/lines-peer.out"
        if [ "$name" != serg-benchmark ] && ! cmp -s "$out/lines-ours.out" "$out/lines-peer.out"; then
            echo "$name $mode: sudoku and peer_lines print different solutions" | tee -a "$out/lines.txt"
        fi
        if [ $with_tdoku = yes ]; then
            "$tdoku" $count < "$file" > "$out/lines-tdoku.out"
            if [ $mode = unique ]; then
                awk '{ print $NF }' "$out/lines-ours.out" > "$out/lines-ours-words.out"
                mv "$out/lines-ours-words.out" "$out/lines-ours.out"
            fi
            if [ "$name" != serg-benchmark ] && ! cmp -s "$out/lines-ours.out" "$out/lines-tdoku.out"; then
                echo "$name $mode: sudoku and tdoku_lines print different solutions" | tee -a "$out/lines.txt"
            fi
        fi
        # Standard input is redirected by hyperfine's shell (older hyperfine has no --input).
        ours_cmd="$ours --format line --jobs 1 $count < $file"
        ours_name="sudoku --format line --jobs 1 $count < $name.txt"
        if [ $with_tdoku = yes ]; then
            hyperfine --warmup 1 --min-runs 3 --style basic --export-json "$out/lines-$name-$mode.json" \
                -n "$ours_name" "$ours_cmd" -n "peer_lines $count < $name.txt" "$peer $count < $file" \
                -n "tdoku_lines $count < $name.txt" "$tdoku $count < $file" | tee -a "$out/lines.txt"
        else
            hyperfine --warmup 1 --min-runs 3 --style basic --export-json "$out/lines-$name-$mode.json" \
                -n "$ours_name" "$ours_cmd" -n "peer_lines $count < $name.txt" "$peer $count < $file" \
                | tee -a "$out/lines.txt"
        fi
    done
done
rm -f "$out/lines-ours.out" "$out/lines-peer.out" "$out/lines-tdoku.out"
