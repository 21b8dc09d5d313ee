//! The facade at the crate's root answers as the `sudoku` binary does: the same puzzles asked of
//! both, with the same solutions, counts, ratings, steps, paths, puzzles made and mistakes.

use serde_json::Value;
use std::process::Command;
use sudoku::{Generator, Pattern, Puzzle, Rater, Unrated};

/// The binary's standard output for `args`.
fn sudoku(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku")).args(args).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// The binary's JSON Lines for `args`.
fn records(args: &[&str]) -> Vec<Value> {
    sudoku(args).lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

/// Puzzles of every kind: the book's examples, generated ones of several ratings, one with
/// several solutions and one with none (pencil marks, where the digit 5 has no place in row 1).
fn puzzles() -> Vec<String> {
    let examples = std::fs::read_to_string("book/examples/puzzles.txt").unwrap();
    let mut puzzles: Vec<String> = examples.lines().map(str::to_string).collect();
    let made = Generator::new().count(8).seed(11).minimal(true).generate().unwrap();
    puzzles.extend(made.iter().map(Puzzle::to_string));
    puzzles.push(format!("{}{}", &puzzles[0][..60], ".".repeat(21)));
    let mut marks: Vec<u8> = "123456789".repeat(81).into_bytes();
    for cell in 0..9 {
        marks[9 * cell + 4] = b'.';
    }
    puzzles.push(String::from_utf8(marks).unwrap());
    puzzles
}

/// A record's rating field as a number, if it has one.
fn number(record: &Value, field: &str) -> Option<f64> {
    record[field].as_f64()
}

#[test]
fn ratings_are_the_commands() {
    let puzzles = puzzles();
    for text in &puzzles {
        let record = &records(&["rate", text])[0];
        let puzzle: Puzzle = text.parse().unwrap();
        match Rater::new().rate(&puzzle) {
            Ok(rating) => {
                assert_eq!(record["status"], "rated", "{text}");
                let ours = (Some(rating.er), Some(rating.ep), Some(rating.ed));
                let theirs = (number(record, "er"), number(record, "ep"), number(record, "ed"));
                assert_eq!(ours, theirs, "{text}");
            }
            Err(why) => assert_eq!(record["status"], why.status(), "{text}"),
        }
    }
    let statuses: Vec<String> = puzzles
        .iter()
        .map(|text| {
            Rater::new()
                .rate(&text.parse().unwrap())
                .map_or_else(|e| e.status().to_string(), |_| "rated".into())
        })
        .collect();
    assert!(
        statuses.iter().any(|s| s == "multiple") && statuses.iter().any(|s| s == "no_solution")
    );
}

#[test]
fn hints_and_paths_are_the_commands() {
    for text in puzzles() {
        let puzzle: Puzzle = text.parse().unwrap();
        let hint = records(&["hint", "--format", "json", &text]).remove(0);
        match Rater::new().hint(&puzzle) {
            Ok(Some(step)) => {
                let ours: Value = serde_json::from_str(&step.to_json()).unwrap();
                for (field, value) in ours.as_object().unwrap() {
                    assert_eq!(&hint[field], value, "{text}: {field}");
                }
                assert_eq!(
                    step.to_string(),
                    format!(
                        "{} ({:.1}): {}",
                        hint["technique"].as_str().unwrap(),
                        step.rating(),
                        hint["text"].as_str().unwrap()
                    )
                );
            }
            Ok(None) => assert_eq!(hint["status"], "complete"),
            Err(why) => assert_eq!(hint["status"], why.status(), "{text}"),
        }
        let path = records(&["explain", "--format", "json", &text]);
        match Rater::new().explain(&puzzle) {
            Ok(steps) => {
                let theirs: Vec<&Value> = path.iter().filter(|r| r["status"] == "step").collect();
                assert_eq!(steps.len(), theirs.len(), "{text}");
                for (step, record) in steps.iter().zip(theirs) {
                    assert_eq!(
                        record["text"],
                        serde_json::from_str::<Value>(&step.to_json()).unwrap()["text"]
                    );
                }
            }
            Err(why) => assert_eq!(path.last().unwrap()["status"], why.status(), "{text}"),
        }
    }
}

#[test]
fn solutions_and_counts_are_the_commands() {
    for text in puzzles().iter().filter(|t| t.len() == 81) {
        let puzzle: Puzzle = text.parse().unwrap();
        let count = &records(&["--count=3000", "--format", "json", text])[0];
        assert_eq!(Some(puzzle.count_solutions(3000) as u64), count["count"].as_u64(), "{text}");
        let solved = sudoku(&["--format", "line", text]);
        if let Some(solution) = puzzle.solve() {
            assert_eq!(solved.trim(), solution.to_string());
        }
    }
    let empty: Puzzle = ".".repeat(81).parse().unwrap();
    assert_eq!(empty.solve(), None);
}

#[test]
fn puzzles_made_are_the_commands() {
    for (pattern, minimal) in [(Pattern::Rot180, false), (Pattern::None, true)] {
        let name = format!("{pattern:?}").to_lowercase();
        let mut args = vec!["generate", "--count", "4", "--seed", "7", "--symmetry", &name];
        if minimal {
            args.push("--minimal");
        }
        let theirs = sudoku(&args);
        let ours = Generator::new().count(4).seed(7).symmetry(pattern).minimal(minimal);
        let ours: Vec<String> = ours.generate().unwrap().iter().map(Puzzle::to_string).collect();
        assert_eq!(theirs.lines().collect::<Vec<_>>(), ours);
    }
    let banded = Generator::new().count(2).seed(5).rating(2.0..=4.0).generate().unwrap();
    let theirs = sudoku(&["generate", "--count", "2", "--seed", "5", "--rating", "2.0..4.0"]);
    assert_eq!(
        theirs.lines().collect::<Vec<_>>(),
        banded.iter().map(Puzzle::to_string).collect::<Vec<_>>()
    );
}

#[test]
fn mistakes_are_the_commands() {
    let file = std::fs::read_to_string("book/examples/mistakes.txt").unwrap();
    let mut compared = 0;
    for record in records(&["rate", "book/examples/mistakes.txt"]) {
        if record["status"] != "invalid" {
            continue;
        }
        let line = record["line"].as_u64().unwrap() as usize;
        let text = file.lines().nth(line - 1).unwrap();
        if text.split_whitespace().next().is_none_or(|word| word.len() < 60) {
            continue; // a line of a grid written over nine lines
        }
        let error = text.parse::<Puzzle>().unwrap_err();
        assert_eq!(error.message, record["error"]["message"], "{text}");
        assert_eq!(error.column.map(|c| c as u64), record["error"]["column"].as_u64(), "{text}");
        compared += 1;
    }
    assert!(compared >= 2, "{compared} mistakes compared");
    assert_eq!(Rater::new().rate(&".".repeat(81).parse().unwrap()), Err(Unrated::Multiple));
}
