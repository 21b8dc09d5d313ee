#!/usr/bin/env python3
"""Times hodoku-py's rater, one puzzle at a time on one thread, for the book's rating bench.

    python3 benches/hodoku_rate.py FILE [--sample N] [--seed S] [--rounds R]

Reads the puzzles of FILE (the first 81 characters of each line; comments and blank lines
skipped), draws a sample of N of them (40 by default) with Python's `random.Random(S)` (seed 1 by
default), in file order, and rates each with `hodoku.Solver().rate`, timing the call alone; it
does so R times (one round by default). Prints one JSON object: the peer and its version, the
sample's line indices (from 0, among the puzzles), each puzzle's time in seconds in the round of
median total time, with HoDoKu's level and score, and every round's total (`round_totals`).

hodoku-py (PyPI, GPL-3.0-or-later) is a peer to measure, never to copy. When it is not installed
this exits 3 with a message saying how to install it (tools/peers/requirements.txt).
"""

import argparse
import json
import random
import sys
import time


def puzzles(path):
    with open(path, encoding="utf-8") as f:
        lines = (line.strip() for line in f)
        return [line[:81] for line in lines if len(line) >= 81 and not line.startswith("#")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    try:
        import hodoku
        from importlib.metadata import version
    except ImportError:
        print(
            "hodoku_rate: hodoku-py is not installed "
            "(python3 -m pip install -r tools/peers/requirements.txt)",
            file=sys.stderr,
        )
        sys.exit(3)
    try:
        all_puzzles = puzzles(args.file)
    except OSError as e:
        print(f"hodoku_rate: {e}", file=sys.stderr)
        sys.exit(2)
    count = min(args.sample, len(all_puzzles))
    indices = sorted(random.Random(args.seed).sample(range(len(all_puzzles)), count))
    solver = hodoku.Solver()
    rounds = []
    for _ in range(max(args.rounds, 1)):
        times, levels, scores = [], [], []
        for i in indices:
            started = time.perf_counter()
            rating = solver.rate(all_puzzles[i])
            times.append(time.perf_counter() - started)
            levels.append(str(getattr(rating.level, "name", rating.level)))
            scores.append(rating.score)
        rounds.append(times)
    # The round of median total time stands for all of them.
    times = sorted(rounds, key=sum)[len(rounds) // 2]
    print(
        json.dumps(
            {
                "peer": "hodoku-py",
                "version": version("hodoku-py"),
                "seed": args.seed,
                "indices": indices,
                "times": times,
                "levels": levels,
                "scores": scores,
                "round_totals": [sum(r) for r in rounds],
            }
        )
    )


if __name__ == "__main__":
    main()
