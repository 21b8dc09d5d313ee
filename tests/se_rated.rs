//! Part IV's rater against Sudoku Explainer 1.2.1's own ratings of `human/se-rated.txt` (the
//! check is the crate's, `sudoku::agreement`): the share rated exactly as SE rated them (ER, EP,
//! ED), within 0.1 and 0.5, and the mean absolute difference of ER, by SE band; puzzles beyond the
//! ladder are counted apart. Every puzzle the ladder finishes must be rated exactly as SE rates
//! it, and no step of any path may contradict the solution. Run with
//! `cargo test --release --test se_rated -- --nocapture` to see the table. Skipped with a message
//! when the file is absent (see `SUDOKU_DATA`).

use std::path::PathBuf;

use sudoku::agreement::se_agreement;
use sudoku::pencil_marks::PencilMarks;
use sudoku::reader::parse_grid;
use sudoku::solver::SolverName;
use sudoku::techniques::{Rater, Technique};

/// The file's text, or `None` (with a message) when it is missing.
fn se_rated() -> Option<String> {
    let data = std::env::var_os("SUDOKU_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    let path = data.join("human/se-rated.txt");
    let text = std::fs::read_to_string(&path);
    if text.is_err() {
        eprintln!("skipped: {} is missing", path.display());
    }
    text.ok()
}

/// Whether a line is checked in this build: every line with `--release`; unoptimised, chains take
/// minutes, so a debug build keeps the puzzles SE rates below 6.0 and one in 16 of the others.
fn checked_here(n: usize, line: &str) -> bool {
    let er: f64 = line.split_whitespace().nth(1).and_then(|w| w.parse().ok()).unwrap_or(0.0);
    !cfg!(debug_assertions) || er < 6.0 || n.is_multiple_of(16)
}

#[test]
fn agreement_with_sudoku_explainer() {
    let Some(text) = se_rated() else {
        return;
    };
    let lines: Vec<&str> =
        text.lines().enumerate().filter(|&(n, l)| checked_here(n, l)).map(|(_, l)| l).collect();
    let (bands, otherwise) = se_agreement(&lines.join("\n")).unwrap_or_else(|e| panic!("{e}"));
    println!("SE band  puzzles beyond  ER=  EP=  ED=  ER±0.1 ER±0.5  mean |ΔER|");
    for b in &bands {
        let rated = b.puzzles - b.beyond;
        let share = |x: usize| if rated == 0 { 0.0 } else { 100.0 * x as f64 / rated as f64 };
        let mean = if rated == 0 { 0.0 } else { b.abs_diff as f64 / 10.0 / rated as f64 };
        println!(
            "{:>4.1}+  {:>7} {:>6} {:>3.0}% {:>3.0}% {:>3.0}% {:>6.0}% {:>6.0}% {:>9.2}",
            f64::from(b.low) / 10.0,
            b.puzzles,
            b.beyond,
            share(b.exact[0]),
            share(b.exact[1]),
            share(b.exact[2]),
            share(b.within_1),
            share(b.within_5),
            mean
        );
    }
    assert!(otherwise.is_empty(), "{} rated otherwise:\n{}", otherwise.len(), otherwise.join("\n"));
}

/// Never lies: every step of every puzzle's path keeps the solution's digits; and in every state
/// the path reaches, so does every step of every technique below the chains (the chains, which
/// collect all their steps at once, are checked on the path and by the chapters' property tests).
#[test]
fn no_step_on_any_path_contradicts_the_solution() {
    let Some(text) = se_rated() else {
        return;
    };
    let everywhere: Vec<Technique> =
        Technique::ALL.into_iter().take_while(|t| t.name() != "forcing-chains").collect();
    let mut checked = vec![0usize; everywhere.len()];
    let mut path_steps = 0;
    // Every puzzle in a release build; every 25th in a debug build, which is much slower.
    let stride = if cfg!(debug_assertions) { 25 } else { 1 };
    for (n, line) in text.lines().enumerate().step_by(stride) {
        let grid = parse_grid(line.split_whitespace().next().unwrap()).expect("a puzzle");
        let solution = SolverName::DEFAULT.search(&grid, 1, &mut ()).solutions[0];
        let keeps = |eliminations: &[(usize, u8)], placements: &[(usize, u8)]| {
            eliminations.iter().all(|&(c, d)| solution.get(c) != d)
                && placements.iter().all(|&(c, d)| solution.get(c) == d)
        };
        let (mut marks, mut rater) = (PencilMarks::from_grid(&grid), Rater::default());
        loop {
            for (k, technique) in everywhere.iter().enumerate() {
                technique.find(&mut rater, &marks, &mut |step| {
                    assert!(
                        keeps(&step.eliminations, &step.placements),
                        "line {}: {}",
                        n + 1,
                        step.text
                    );
                    checked[k] += 1;
                    false
                });
            }
            let Some(step) = rater.next_step(&marks) else {
                break;
            };
            assert!(keeps(&step.eliminations, &step.placements), "line {}: {}", n + 1, step.text);
            path_steps += 1;
            step.apply(&mut marks);
        }
    }
    for (technique, count) in everywhere.iter().zip(checked) {
        println!("{:<24} {count:>8} steps checked", technique.name());
    }
    println!("{path_steps} steps of the paths checked");
}
