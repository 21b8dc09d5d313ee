"""The Python package answers as the `sudoku` binary does on the same puzzles.

The binary is `$SUDOKU_BIN` (CI sets it, and a missing file fails), or else the repository's
release or debug build; without one, the tests that compare with it are skipped with a message,
and the others run.
"""

import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

import literate_sudoku as sudoku

ROOT = Path(__file__).resolve().parents[2]
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SHORT = "36781549229846715354193286747615392882967431515329874678...16.991...65.463...92.1"
# A puzzle of SE's list that SE rates 9.0 (dynamic forcing chains): tens of milliseconds of work.
CHAINED = "....7.8..8.5....97...5......1..9.....2...5.3.7....3...2...6.9.......4..246...87.."


def binary():
    given = os.environ.get("SUDOKU_BIN")
    if given:
        if not Path(given).is_file():
            pytest.fail(f"SUDOKU_BIN={given} is not a file")
        return given
    for kind in ("release", "debug"):
        path = ROOT / "target" / kind / "sudoku"
        if path.is_file():
            return str(path)
    pytest.skip("no sudoku binary: build it, or set SUDOKU_BIN")


def run(*args):
    out = subprocess.run([binary(), *args], capture_output=True, text=True, check=False)
    return out.stdout


def records(*args):
    return [json.loads(line) for line in run(*args).splitlines()]


def puzzles():
    """The book's examples, generated puzzles, and puzzles with several solutions and none."""
    examples = (ROOT / "book" / "examples" / "puzzles.txt").read_text().split()
    made = sudoku.generate(count=6, seed=11, minimal=True)
    several = examples[0][:60] + "." * 21
    marks = list("123456789" * 81)
    for cell in range(9):
        marks[9 * cell + 4] = "."
    return examples + made + [several, "".join(marks)]


def test_ratings_are_the_commands():
    for text in puzzles():
        ours = sudoku.rate(text)
        theirs = records("rate", text)[0]
        assert ours["status"] == theirs["status"], text
        for field in ("er", "ep", "ed", "beyond"):
            assert ours.get(field) == theirs.get(field), (text, field)


def test_rate_many_keeps_the_order_of_its_list():
    texts = puzzles() + ["12x"]
    many = sudoku.rate_many(texts, jobs=2)
    assert [r["puzzle"] for r in many[:-1]] == [sudoku.rate(t)["puzzle"] for t in texts[:-1]]
    assert many[:-1] == [sudoku.rate(t) for t in texts[:-1]]
    assert many[-1]["status"] == "invalid"
    assert many[-1]["error"]["column"] == 3
    assert sudoku.rate_many([]) == []


def test_hints_and_paths_are_the_commands():
    for text in puzzles():
        theirs = records("hint", "--format", "json", text)[0]
        try:
            step = sudoku.hint(text)
        except ValueError:
            assert theirs["status"] in ("multiple", "no_solution"), text
            continue
        assert step is not None
        for field, value in step.items():
            assert theirs[field] == value, (text, field)
        path = sudoku.explain(text)
        steps = [r for r in records("explain", "--format", "json", text) if r["status"] == "step"]
        assert [s["text"] for s in path] == [s["text"] for s in steps], text


def test_solutions_and_counts_are_the_commands():
    for text in puzzles()[:-1]:
        theirs = records("--count=3000", "--format", "json", text)[0]
        assert sudoku.count(text, limit=3000) == theirs["count"], text
        solution = sudoku.solve(text)
        if solution is not None:
            assert run("--format", "line", text).strip() == solution
    assert sudoku.solve("." * 81) is None
    assert sudoku.count("." * 81) == 2


def test_generate_makes_the_commands_puzzles():
    ours = sudoku.generate(count=3, seed=7, symmetry="rot180")
    assert ours == run("generate", "--count", "3", "--seed", "7", "--symmetry", "rot180").split()
    banded = sudoku.generate(count=2, seed=5, rating=(2.0, 4.0))
    assert all(2.0 <= sudoku.rate(p)["er"] <= 4.0 for p in banded)
    with pytest.raises(ValueError):
        sudoku.generate(givens=(10, 16))
    with pytest.raises(ValueError):
        sudoku.generate(symmetry="spiral")


def test_bad_input_raises_value_error_with_its_position():
    with pytest.raises(ValueError, match=r"^1:3: unexpected character 'x'"):
        sudoku.rate("12x" * 27)
    with pytest.raises(ValueError, match=r"^1:1: 80 cells on one line"):
        sudoku.solve("1" * 80)
    with pytest.raises(ValueError, match="several solutions"):
        sudoku.hint("." * 81)
    with pytest.raises(ValueError, match="timeout"):
        sudoku.rate(HARD, timeout=-1)
    assert sudoku.rate("." * 81)["status"] == "multiple"
    assert sudoku.rate("." * 81)["er"] is None


def test_a_timeout_is_a_status_or_an_error():
    grid = (ROOT / "book" / "examples" / "puzzles.txt").read_text().split()[0]
    record = sudoku.rate(grid, timeout=0)
    assert record["status"] == "timeout" and record["er"] is None
    with pytest.raises(TimeoutError):
        sudoku.explain(grid, timeout=0)


def test_other_threads_run_while_rate_many_works():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    # Work of hundreds of ticks' length, so that a lock kept for the whole call shows.
    sudoku.rate_many([CHAINED] * 40, jobs=1)
    stop.set()
    ticker.join()
    assert len(ticks) > 3, f"{len(ticks)} ticks"


def test_a_short_path_and_a_full_grid():
    path = sudoku.explain(SHORT)
    assert sum(len(step["placements"]) for step in path) == SHORT.count(".")
    solution = sudoku.solve(SHORT)
    assert sudoku.hint(solution) is None
    assert sudoku.explain(solution) == []
