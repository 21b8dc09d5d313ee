//! Integration tests of `sudoku generate`: the real binary's puzzles checked for every promise.

use sudoku::representation::Grid;
use sudoku::solver::SolverName;

mod common;

/// The exit status, standard output and standard error of `sudoku ARGS`.
fn sudoku(args: &[&str]) -> (i32, String, String) {
    let out = common::run_sudoku(args, b"");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("output is UTF-8");
    (out.status.code().expect("exited, not killed"), text(out.stdout), text(out.stderr))
}

fn grid(line: &str) -> Grid {
    assert_eq!(line.len(), 81, "{line}");
    let cells = std::array::from_fn(|c| match line.as_bytes()[c] {
        b'.' => 0,
        b => b - b'0',
    });
    Grid::from_cells(cells).expect("digits")
}

/// The puzzles and solutions of a JSON run, checked to have one solution by two solvers.
fn generated(args: &[&str]) -> Vec<(Grid, serde_json::Value)> {
    let (code, out, err) = sudoku(&[&["generate", "--format", "json"], args].concat());
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let puzzle = grid(record["puzzle"].as_str().unwrap());
            let solution = grid(record["solution"].as_str().unwrap());
            for solver in [SolverName::Fast, SolverName::Dlx] {
                let found = solver.search(&puzzle, 2, &mut ()).solutions;
                assert_eq!(found, [solution], "{solver:?} on {line}");
            }
            assert_eq!(record["givens"], 81 - puzzle.blanks());
            (puzzle, record)
        })
        .collect()
}

/// Whether blanking any one given of `puzzle` leaves two solutions, by dancing links.
fn minimal(puzzle: &Grid) -> bool {
    (0..81).filter(|&c| puzzle.get(c) != 0).all(|c| {
        let mut fewer = *puzzle;
        fewer.set(c, 0);
        SolverName::Dlx.search(&fewer, 2, &mut ()).solutions.len() == 2
    })
}

/// A map of the square onto itself, on a cell's row and column.
type Map = fn(usize, usize) -> (usize, usize);

/// Whether the givens of `puzzle` are where `map` sends them.
fn symmetric(puzzle: &Grid, map: Map) -> bool {
    (0..81).all(|c| {
        let (i, j) = map(c / 9, c % 9);
        (puzzle.get(c) == 0) == (puzzle.get(9 * i + j) == 0)
    })
}

#[test]
fn puzzles_are_unique_and_minimal_without_symmetry() {
    let puzzles = generated(&["--count", "12", "--seed", "1"]);
    assert_eq!(puzzles.len(), 12);
    assert!(puzzles.iter().all(|(p, _)| minimal(p)));
}

#[test]
fn symmetries_are_kept_and_minimal_when_asked() {
    let maps: [(&str, Map); 4] = [
        ("rot180", |i, j| (8 - i, 8 - j)),
        ("rot90", |i, j| (j, 8 - i)),
        ("diagonal", |i, j| (j, i)),
        ("vertical", |i, j| (i, 8 - j)),
    ];
    for (name, map) in maps {
        let puzzles = generated(&["--count", "4", "--seed", "2", "--symmetry", name, "--minimal"]);
        for (puzzle, record) in &puzzles {
            assert!(symmetric(puzzle, map), "{name}: {puzzle:?}");
            assert!(minimal(puzzle), "{name}: {puzzle:?}");
            assert_eq!(record["symmetry"], name);
        }
    }
}

#[test]
fn givens_stay_in_range() {
    for (range, low, high, minimal) in [("30..34", 30, 34, false), ("23..25", 23, 25, true)] {
        let mut args = vec!["--count", "10", "--seed", "3", "--givens", range];
        if minimal {
            args.push("--minimal");
        }
        for (puzzle, _) in generated(&args) {
            assert!((low..=high).contains(&(81 - puzzle.blanks())), "{range}: {puzzle:?}");
        }
    }
}

#[test]
fn the_seed_decides_whatever_the_jobs() {
    let run = |jobs: &str| sudoku(&["generate", "--count", "40", "--seed", "9", "--jobs", jobs]);
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one.0, 0);
    assert_eq!(one.1, two.1);
    assert_eq!(one.1.lines().count(), 40);
    assert_ne!(one.1, sudoku(&["generate", "--count", "40", "--seed", "10"]).1);
}

#[test]
fn the_clock_seed_is_printed_and_repeats_the_run() {
    let (code, out, err) = sudoku(&["generate", "--count", "3"]);
    assert_eq!(code, 0);
    let seed = err.split_whitespace().nth(3).expect("the seed is printed");
    assert_eq!(sudoku(&["generate", "--count", "3", "--seed", seed]).1, out);
}

#[test]
fn impossible_requests_end_with_status_2() {
    for args in [
        &["generate", "--givens", "12..16"][..],
        &["generate", "--givens", "30..20"],
        &["generate", "--givens", "22..23", "--symmetry", "rot90"],
        &["generate", "--givens", "17", "--symmetry", "rot90", "--max-tries", "50"],
        &["generate", "--givens", "90"],
        &["generate", "--count", "x"],
    ] {
        let (code, out, err) = sudoku(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            out.is_empty() && err.contains("givens") || err.contains("count"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_rating_band_is_kept_as_the_rate_command_rates_the_puzzles() {
    let made = generated(&["--count", "6", "--seed", "11", "--rating", "2.6..4.4", "--jobs", "1"]);
    assert_eq!(made.len(), 6);
    let lines: String =
        made.iter().map(|(_, r)| format!("{}\n", r["puzzle"].as_str().unwrap())).collect();
    let out = common::run_sudoku(&["rate", "-"], lines.as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rated: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(rated.len(), 6);
    for ((_, record), rating) in made.iter().zip(&rated) {
        let er = rating["er"].as_f64().expect("rated, not beyond");
        assert!((2.6..=4.4).contains(&er), "{rating} is outside the band");
        assert_eq!(record["rating"].as_f64(), Some(er), "{record} against {rating}");
        assert!(record["technique"].is_string(), "{record}");
    }
    let (code, _, err) =
        sudoku(&["generate", "--seed", "1", "--rating", "9.0..9.5", "--max-tries", "20"]);
    assert_eq!(code, 2);
    assert!(err.contains("--rating") && err.contains("beyond"), "{err}");
}

#[test]
fn a_long_run_draws_no_progress_bar_when_stderr_is_not_a_terminal() {
    let (code, out, err) = sudoku(&["generate", "--count", "2000", "--seed", "5"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2000);
    assert_eq!(err, "", "standard error is a pipe here: no bar, no control characters");
}
