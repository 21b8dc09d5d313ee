//! Hints a person can use, through the real binary: a hint revealed by parts reveals no more
//! than asked; the puzzles made for a technique need exactly it as their hardest step; and the
//! words of the hardest steps come in lines a person can read, with each nested chain's words a
//! child of the step that used it. The hardest puzzles are read from `SUDOKU_DATA` (default
//! `../shared/data`); without them, that test skips with a message.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::Value;
use sudoku::pencil_marks::PencilMarks;
use sudoku::reader::parse_grid;
use sudoku::techniques::{Rater, Technique};

mod common;

/// The exit status, standard output and standard error of `sudoku ARGS`.
fn sudoku(args: &[&str]) -> (i32, String, String) {
    let out = common::run_sudoku(args, b"");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("output is UTF-8");
    (out.status.code().expect("exited, not killed"), text(out.stdout), text(out.stderr))
}

/// The JSON records of `sudoku ARGS`, which must succeed.
fn records(args: &[&str]) -> Vec<Value> {
    let (code, out, err) = sudoku(args);
    assert_eq!(code, 0, "sudoku {args:?}: {err}");
    out.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

/// Puzzles whose first steps are of many kinds: the book's example of rating, the built-in
/// grids, and a puzzle that opens with an X-wing only after pointing.
const PUZZLES: &[&str] = &[
    ".397.4....71............6.....3.5.4.8...2.........69...165...9.....4..6.2....8...",
    "hard",
    "worst1",
    "worst3",
    "...6........239......548...64.8..3.98.3...2...9..6...45...8.....72....453..49....",
];

#[test]
fn a_hint_by_parts_reveals_no_more_than_asked() {
    for &puzzle in PUZZLES {
        let whole = &records(&["hint", "--format", "json", puzzle])[0];
        let named = format!("{} ({:.1})", whole["technique"].as_str().unwrap(), whole["rating"]);
        let cells: Vec<&str> =
            whole["cells"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        for (reveal, fields) in [
            ("technique", &["index", "line", "rating", "source", "status", "technique"][..]),
            ("cells", &["cells", "index", "line", "rating", "source", "status", "technique"]),
        ] {
            let part = &records(&["hint", "--format", "json", "--reveal", reveal, puzzle])[0];
            let keys: BTreeSet<&str> =
                part.as_object().unwrap().keys().map(|k| k.as_str()).collect();
            assert_eq!(keys, fields.iter().copied().collect(), "{reveal} on {puzzle}: {part}");
            for field in ["technique", "rating", "status", "index", "line"] {
                assert_eq!(part[field], whole[field], "{reveal} on {puzzle}: {field}");
            }
            let (code, text, err) = sudoku(&["hint", "--reveal", reveal, puzzle]);
            assert_eq!(code, 0, "{err}");
            let expected = match reveal {
                "technique" => format!("{named}\n"),
                _ => {
                    assert_eq!(part["cells"], whole["cells"], "{puzzle}");
                    format!("{named}: look at {}\n", cells.join(", "))
                }
            };
            assert_eq!(text, expected, "{reveal} on {puzzle}");
        }
        for format in ["text", "json"] {
            let default = sudoku(&["hint", "--format", format, puzzle]);
            let step = sudoku(&["hint", "--format", format, "--reveal", "step", puzzle]);
            assert_eq!(default, step, "--reveal step is the hint as it always was");
        }
    }
    let (code, _, err) = sudoku(&["hint", "--reveal", "digits", "hard"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("technique, cells, step"), "{err}");
}

/// Whether every step of the easiest-first path of `puzzle` rated highest is of `technique`,
/// asked of the library's rater with its whole ladder.
fn hardest_is(puzzle: &str, technique: &str) -> bool {
    let marks = PencilMarks::from_grid(&parse_grid(puzzle).expect("a puzzle"));
    let mut steps: Vec<(u16, Technique)> = Vec::new();
    let rating = Rater::default().rate_with(marks, &mut |_, step, _| {
        steps.push((step.rating, step.technique));
    });
    assert!(rating.solved, "{puzzle}: the ladder stops");
    let hardest = steps.iter().filter(|(r, _)| *r == rating.er);
    hardest.clone().count() > 0 && hardest.into_iter().all(|(_, t)| t.name() == technique)
}

#[test]
fn puzzles_made_for_a_technique_need_it_as_their_hardest_step() {
    for technique in ["x-wing", "xy-wing", "unique-loop", "Naked-Pair"] {
        let name = technique.to_lowercase();
        for seed in ["1", "2"] {
            let args =
                ["generate", "--technique", technique, "--count", "3", "--seed", seed, "--format"];
            let made = records(&[&args[..], &["json"]].concat());
            assert_eq!(made.len(), 3, "{technique}, seed {seed}");
            for record in made {
                let puzzle = record["puzzle"].as_str().unwrap();
                assert_eq!(record["technique"], name.as_str(), "{puzzle}");
                assert!(hardest_is(puzzle, &name), "{technique}, seed {seed}: {puzzle}");
            }
            let lines =
                sudoku(&["generate", "--technique", technique, "--count", "3", "--seed", seed]);
            assert_eq!(lines.0, 0, "{}", lines.2);
            assert_eq!(lines.1.lines().count(), 3);
        }
    }
    let (code, out, err) =
        sudoku(&["generate", "--technique", "jellyfish", "--seed", "1", "--max-tries", "20"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("jellyfish in 20 tries"), "{err}");
    let (code, _, err) = sudoku(&["generate", "--technique", "xwing"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("did you mean x-wing?"), "{err}");
}

fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    )
}

/// The first `n` puzzles of a file of `SUDOKU_DATA`, or `None`, said, when it is missing.
fn hardest(file: &str, n: usize) -> Option<Vec<String>> {
    let path = data_dir().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is missing (set SUDOKU_DATA to the data sets)", path.display());
        return None;
    };
    Some(text.lines().filter(|l| l.len() >= 81).take(n).map(|l| l[..81].to_string()).collect())
}

/// The labels a text names, `[3] below`, in order.
fn labels_named(text: &str) -> Vec<u64> {
    text.split(" below)")
        .filter_map(|before| before.rsplit_once('[')?.1.strip_suffix(']')?.parse().ok())
        .collect()
}

/// Checks the tree of nested words under `node` (a step or a nested chain): each child is named
/// by its parent's text with its label, labels come in order; returns how many nodes it holds.
fn check_tree(node: &Value, next: &mut u64, at: &str) -> usize {
    let named = labels_named(node["text"].as_str().unwrap());
    let mut count = 0;
    for child in node["nested"].as_array().map_or(&[][..], |a| a) {
        let label = child["label"].as_u64().unwrap();
        assert_eq!(label, *next, "{at}: labels in the order first named");
        assert!(named.contains(&label), "{at}: [{label}] not named in {}", node["text"]);
        assert!(child["kind"].is_string() && child["complexity"].is_u64(), "{at}: {child}");
        *next += 1;
        count += 1 + check_tree(child, next, at);
    }
    for label in named {
        assert!(label < *next, "{at}: [{label}] named but not written");
    }
    count
}

#[test]
fn the_hardest_steps_read_in_lines_of_at_most_200_characters_nested_words_under_their_step() {
    let take = if cfg!(debug_assertions) { 1 } else { 3 };
    let mut nested = 0;
    for file in ["forum-hardest-1106.txt", "forum-hardest-1905-11plus.txt"] {
        let Some(puzzles) = hardest(file, take) else { continue };
        for (k, puzzle) in puzzles.iter().enumerate() {
            let at = format!("{file}:{}", k + 1);
            let (code, text, err) = sudoku(&["explain", puzzle]);
            assert_eq!(code, 0, "{at}: {err}");
            for line in text.lines() {
                assert!(line.len() <= 200, "{at}: a line of {} characters: {line}", line.len());
            }
            // A step's nested chains are the indented lines under it, `[1]` first.
            let lines: Vec<&str> = text.lines().collect();
            for (n, line) in lines.iter().enumerate() {
                if line.contains("[1] below)") {
                    let under = lines[n + 1..].iter().find(|l| l.starts_with("    ["));
                    let under = under.unwrap_or_else(|| panic!("{at}: no words under {line}"));
                    assert!(under.starts_with("    [1] on the marks so far: "), "{at}: {under}");
                }
            }
            for step in records(&["explain", "--format", "json", puzzle]) {
                if step["status"] == "step" {
                    nested += check_tree(&step, &mut 1, &at);
                }
            }
        }
    }
    println!("{nested} nested chains' words checked");
}
