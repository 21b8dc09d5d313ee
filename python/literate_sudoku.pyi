"""The engine of the literate Rust Sudoku solver: solving, counting, Sudoku Explainer ratings,
hints, explanations and generated puzzles, answered as the `sudoku` command line answers them.

A puzzle is a string: 81 cells on one line or nine (digits, and `.`, `0` or `_` for a blank), or
729 characters of pencil marks. A string that is not a puzzle raises `ValueError`, whose message
starts with the line and column of the mistake.
"""

from typing import Any, Dict, List, Optional, Sequence, Tuple

Record = Dict[str, Any]
"""A rating's record: `puzzle`, `status` (`rated`, `beyond`, `timeout`, `multiple`,
`no_solution`, or, from `rate_many`, `invalid` with its `error`), and `er`, `ep`, `ed`, numbers
with one decimal or `None` when there is no rating; `beyond` or `finished` name a rung when they
apply."""

StepDict = Dict[str, Any]
"""A step as `sudoku hint --format json` writes it: `technique`, `rating`, `cells`, `digits`,
`eliminations`, `placements`, `text`, `links`, and the state it was found in, `grid` and
`marks`."""

def solve(s: str) -> Optional[str]:
    """The puzzle's one solution, 81 digits, or `None` when it has none or several."""

def count(s: str, limit: int = 2) -> int:
    """How many solutions the puzzle has, counting up to `limit`."""

def rate(s: str, timeout: Optional[float] = None) -> Record:
    """The puzzle's rating on Sudoku Explainer's scale, as `sudoku rate`'s record, giving up after
    `timeout` seconds if given."""

def rate_many(
    puzzles: Sequence[str], jobs: int = 0, timeout: Optional[float] = None
) -> List[Record]:
    """The records of `rate` for every puzzle, in their order, rated on `jobs` threads (0, and at
    most: one a core) without Python's global lock; a string that is not a puzzle gives an `invalid`
    record."""

def hint(s: str, timeout: Optional[float] = None) -> Optional[StepDict]:
    """The next step a person would take, or `None` when there is none to give (the grid is full,
    or no technique of the ladder applies). Raises `ValueError` for a puzzle without one
    solution, `TimeoutError` when `timeout` seconds pass first."""

def explain(s: str, timeout: Optional[float] = None) -> List[StepDict]:
    """The easiest-first path, step by step: to the solution, or as far as the ladder goes.
    Raises as `hint` does."""

def generate(
    count: int = 1,
    seed: int = 0,
    symmetry: str = "none",
    minimal: bool = False,
    givens: Optional[Tuple[int, int]] = None,
    rating: Optional[Tuple[float, float]] = None,
    max_tries: int = 10000,
) -> List[str]:
    """New puzzles with one solution, as `sudoku generate` makes them: the same seed, the same
    puzzles. `symmetry` is one of none, rot180, rot90, diagonal, antidiagonal, horizontal,
    vertical, dihedral; `givens` and `rating` are (MIN, MAX) bands, both ends included. Raises
    `ValueError` for a request no puzzle can meet or not met in `max_tries` tries."""
