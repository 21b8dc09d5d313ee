//! `sudoku trace` and `sudoku --animate`, driven through the real binary as a user would.

use std::process::Output;
use sudoku::grids::built_in;
use sudoku::representation::Grid;
use sudoku::solver::SolverName;
use sudoku::watching::{Event, replay};

mod common;

/// Runs the binary with `args`, `stdin` as its standard input.
fn sudoku(args: &[&str], stdin: &str) -> Output {
    common::run_sudoku(args, stdin.as_bytes())
}

/// Every line of the output as an event; a line that is not one fails the test.
fn events(out: &Output) -> Vec<Event> {
    let text = String::from_utf8(out.stdout.clone()).expect("the trace is UTF-8");
    text.lines()
        .map(|line| {
            let value: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line:?}: {e}"));
            assert!(value.is_object(), "not an object: {line}");
            serde_json::from_value(value).unwrap_or_else(|e| panic!("not an event: {line}: {e}"))
        })
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn every_solvers_trace_of_a_built_in_grid_replays_to_a_solution() {
    for &solver in SolverName::ALL {
        for name in ["worst2", "worst3", "worst4"] {
            let out = sudoku(&["trace", "--solver", solver.as_str(), name], "");
            assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
            let trace = events(&out);
            let puzzle = built_in(name).unwrap().grid();
            let solutions = replay(&puzzle, &trace).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(solutions.len(), 1, "{name}");
            assert!(solutions[0].solves(&puzzle), "{name}: {:?}", solutions[0]);
            assert_eq!(trace.last(), Some(&Event::Solution));
        }
    }
}

#[test]
fn the_cap_cuts_the_trace_with_truncated() {
    let out = sudoku(&["trace", "--solver", "naive", "--max-events", "25", "hard"], "");
    assert_eq!(out.status.code(), Some(1), "a cut trace is incomplete: {}", stderr(&out));
    assert!(stderr(&out).contains("hard:1: the trace stops at its cap of 25 events"));
    let trace = events(&out);
    assert_eq!(trace.len(), 26);
    assert_eq!(trace.last(), Some(&Event::Truncated));
    assert!(trace[..25].iter().all(|e| *e != Event::Truncated));
    let puzzle = built_in("hard").unwrap().grid();
    assert_eq!(replay(&puzzle, &trace), Ok(vec![]));
}

#[test]
fn the_default_cap_bounds_a_long_search() {
    // The fixed-order search of `hard` takes far more steps than the default cap.
    let out = sudoku(&["trace", "--solver", "naive", "hard"], "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let trace = events(&out);
    assert_eq!(trace.len() as u64, sudoku::watching::MAX_EVENTS + 1);
    assert_eq!(trace.last(), Some(&Event::Truncated));
}

#[test]
fn a_puzzle_on_standard_input_is_traced_and_more_solutions_are_sought() {
    // The solution of `worst2`, with a rectangle of four cells over two boxes blanked: two
    // solutions.
    let puzzle = built_in("worst2").unwrap().grid();
    let solved = sudoku::backtracking::solve(&puzzle).next().unwrap();
    let mut two = solved;
    let (a, b) = (0..9)
        .flat_map(|a| (a + 1..9).map(move |b| (a, b)))
        .find(|&(a, b)| {
            a / 3 != b / 3
                && solved.get(a) == solved.get(9 + b)
                && solved.get(b) == solved.get(9 + a)
        })
        .expect("a rectangle in the first band");
    for cell in [a, b, 9 + a, 9 + b] {
        two.set(cell, 0);
    }
    let line = sudoku::output::show_line(&two);
    let out = sudoku(&["trace", "--solutions", "5", "-"], &format!("{line}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solutions = replay(&two, &events(&out)).unwrap();
    assert_eq!(solutions.len(), 2);
    assert!(solutions.iter().all(|s| s.solves(&two)));
}

#[test]
fn bad_input_is_reported_not_traced() {
    let out = sudoku(&["trace", "no-such-file.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no-such-file.txt"), "{}", stderr(&out));

    let conflict = format!("11{}\n", ".".repeat(79));
    let out = sudoku(&["trace", "-"], &conflict);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("<stdin>:1:"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());

    let out = sudoku(&["trace", "-"], "");
    assert_eq!(out.status.code(), Some(0), "no grid at all: nothing asked, nothing failed");

    let out = sudoku(&["trace", "--max-events", "0", "easy"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_puzzle_without_solution_has_a_trace_and_fails() {
    // r1c2..r1c9 hold 1..8 and r2c1 holds 9: r1c1 has no candidate, but no unit repeats a digit.
    let mut cells = [0u8; 81];
    for (cell, digit) in cells[1..9].iter_mut().zip(1..=8) {
        *cell = digit;
    }
    cells[9] = 9;
    let puzzle = Grid::from_cells(cells).unwrap();
    let line = sudoku::output::show_line(&puzzle);
    for &solver in SolverName::ALL {
        let out = sudoku(&["trace", "--solver", solver.as_str(), "-"], &line);
        assert_eq!(out.status.code(), Some(1), "{solver:?}");
        assert!(stderr(&out).contains("no solution"), "{}", stderr(&out));
        assert_eq!(replay(&puzzle, &events(&out)), Ok(vec![]));
    }
}

#[test]
fn the_plain_command_still_solves_and_mixed_forms_are_refused() {
    let out = sudoku(&["easy"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Solution 1:"));

    let out = sudoku(&["--stats", "trace", "easy"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn animate_prints_normally_when_the_output_is_not_a_terminal() {
    let plain = sudoku(&["--format", "line", "worst2", "worst3"], "");
    let animated = sudoku(&["--animate", "--format", "line", "worst2", "worst3"], "");
    assert_eq!(animated.status.code(), Some(0), "{}", stderr(&animated));
    assert_eq!(animated.stdout, plain.stdout);
    assert!(!String::from_utf8_lossy(&animated.stdout).contains('\x1b'));
}
