//! The nested forcing chains against Sudoku Explainer 1.2.1's own ratings of puzzles from the
//! hardest lists (`benches/se121-hardest.txt`, which says how they were made): every puzzle is
//! rated with SE's ER, EP and ED, and no step of its path contradicts the solution. The puzzles
//! are read by line from the data files (see `SUDOKU_DATA`); a missing file skips its puzzles
//! with a message. A release build checks every puzzle; a debug build, where the nested chains
//! are many times slower, the first one.

use std::path::PathBuf;

use sudoku::chains::NESTED_NOTE;
use sudoku::nested_chains::in_words;
use sudoku::pencil_marks::PencilMarks;
use sudoku::rating::tenths;
use sudoku::reader::parse_grid;
use sudoku::solver::SolverName;
use sudoku::techniques::Rater;

fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    )
}

/// The puzzles with SE's three ratings, as `(where, puzzle, [ER, EP, ED])`.
fn rated() -> Vec<(String, String, [String; 3])> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/se121-hardest.txt");
    let text = std::fs::read_to_string(path).expect("benches/se121-hardest.txt");
    let mut files: Vec<(String, Option<Vec<String>>)> = Vec::new();
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let [file, number, er, ep, ed, ..] = w[..] else {
            panic!("not `FILE LINE ER EP ED SECONDS`: {line}");
        };
        if !files.iter().any(|(f, _)| f == file) {
            let read = std::fs::read_to_string(data_dir().join(file)).ok();
            if read.is_none() {
                eprintln!("skipped: {file} is missing under {}", data_dir().display());
            }
            let lines = read.map(|t| t.lines().map(str::to_string).collect());
            files.push((file.to_string(), lines));
        }
        let (_, lines) = files.iter().find(|(f, _)| f == file).unwrap();
        let number: usize = number.parse().expect("a line number");
        if let Some(puzzle) = lines.as_ref().and_then(|l| l.get(number - 1)) {
            let se = [er, ep, ed].map(String::from);
            out.push((format!("{file}:{number}"), puzzle[..81].to_string(), se));
        }
    }
    out
}

#[test]
fn the_hardest_puzzles_are_rated_as_sudoku_explainer_rates_them_and_never_lie() {
    let puzzles = rated();
    let take = if cfg!(debug_assertions) { 1 } else { puzzles.len() };
    let mut nested_steps = 0;
    for (at, puzzle, se) in puzzles.into_iter().take(take) {
        let grid = parse_grid(&puzzle).expect("a puzzle");
        let solution = SolverName::DEFAULT.search(&grid, 1, &mut ()).solutions[0];
        let marks = PencilMarks::from_grid(&grid);
        let rating = Rater::default().rate_with(marks, &mut |_, step, _| {
            for &(c, d) in &step.eliminations {
                assert_ne!(solution.get(c), d, "{at}: {}", step.text);
            }
            for &(c, d) in &step.placements {
                assert_eq!(solution.get(c), d, "{at}: {}", step.text);
            }
            nested_steps += usize::from(step.technique.name().contains("nested"));
        });
        assert!(rating.solved, "{at}: the ladder stops");
        let (er, ep, ed) = (rating.er, rating.ep, rating.ed);
        let ours = [er, ep.unwrap(), ed.unwrap()].map(tenths);
        assert_eq!(ours, se, "{at}: ours ER/EP/ED, then SE's");
    }
    println!("{nested_steps} nested steps checked against the solution");
}

/// The candidate a note on a nested chain is about: the potential written just before it,
/// `r2c4<>6` in `... => r2c4<>6 (by a nested ...`.
fn noted(before: &str) -> &str {
    before.rsplit(" => ").next().unwrap_or(before).rsplit(": ").next().unwrap_or(before)
}

#[test]
fn an_explained_nested_step_writes_out_each_nested_chain_and_its_conclusion_strikes_the_note() {
    let Some((at, puzzle, _)) = rated().into_iter().next() else { return };
    let mut marks = PencilMarks::from_grid(&parse_grid(&puzzle).expect("a puzzle"));
    let mut rater = Rater::default();
    let step = loop {
        let step = rater.next_step(&marks).unwrap_or_else(|| panic!("{at}: the path stops"));
        if step.text.contains(NESTED_NOTE) {
            break step;
        }
        step.apply(&mut marks);
    };
    let worded = in_words(&mut rater, step.clone(), &marks);
    assert_eq!((&worded.eliminations, &worded.placements), (&step.eliminations, &step.placements));
    let (text, children) = worded.sentence.as_ref().expect("a chain's sentence").tree();
    assert_eq!(text, worded.text);
    let notes: Vec<&str> = worded.text.split(NESTED_NOTE).collect();
    assert!(notes.len() > 1, "{at}: no note in {}", worded.text);
    let mut written = 0;
    for k in 1..notes.len() {
        let (struck, note) = (noted(notes[k - 1]), notes[k]);
        // `KIND of complexity N, [LABEL] below) ...`: the child with that label has its words.
        let (_, label) = note.split_once(", [").expect("the nested chain's label");
        let label: usize = label.split(']').next().and_then(|l| l.parse().ok()).expect("a label");
        let Some(child) = children.iter().find(|c| c.label == label) else {
            continue; // a chain nested in a child is the child's to write
        };
        let conclusion = child.text.rsplit(", so ").next().expect("a conclusion");
        // The nested chain strikes the candidate noted, or places another digit in its cell.
        let (cell, digit) = struck.split_once("<>").expect("a struck candidate");
        let strikes = conclusion.split(", ").any(|c| {
            c == struck || c.split_once('=').is_some_and(|(c, d)| c == cell && d != digit)
        });
        assert!(strikes, "{at}: {struck} noted, the nested chain concludes {}", child.text);
        written += 1;
    }
    assert!(written > 0, "{at}: no nested chain written out in {}", worded.text);
}
