//! Part IV's rater against Sudoku Explainer 1.2.1's own ratings of `human/se-rated.txt` (the
//! check is the crate's, `sudoku::agreement`): the share rated exactly as SE rated them (ER, EP,
//! ED), within 0.1 and 0.5, and the mean absolute difference of ER, by SE band; puzzles beyond the
//! ladder are counted apart. Every puzzle the ladder finishes must be rated exactly as SE rates
//! it. Run with `cargo test --release --test se_rated -- --nocapture` to see the table. Skipped
//! with a message when the file is absent (see `SUDOKU_DATA`).

use std::path::PathBuf;

use sudoku::agreement::se_agreement;
use sudoku::pencil_marks::PencilMarks;
use sudoku::reader::parse_grid;

#[test]
fn agreement_with_sudoku_explainer() {
    let data = std::env::var_os("SUDOKU_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    let path = data.join("human/se-rated.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is missing", path.display());
        return;
    };
    let (bands, otherwise) = se_agreement(&text).unwrap_or_else(|e| panic!("{e}"));
    println!("SE band  puzzles beyond  ER=  EP=  ED=  ER±0.1 ER±0.5  mean |ΔER|");
    for b in &bands {
        let rated = b.puzzles - b.beyond;
        let share = |x: usize| if rated == 0 { 0.0 } else { 100.0 * x as f64 / rated as f64 };
        let mean = if rated == 0 { 0.0 } else { b.abs_diff as f64 / 10.0 / rated as f64 };
        println!(
            "{:>4}   {:>7} {:>6} {:>4.0}% {:>3.0}% {:>3.0}% {:>6.0}% {:>6.0}% {:>8.2}",
            format!("{}.x", b.low / 10),
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

/// Never lies: on the path of every puzzle of the file, every step of every technique, in every
/// state the path reaches, keeps the solution's digits.
#[test]
fn no_step_on_any_path_contradicts_the_solution() {
    use sudoku::rating::next_step;
    use sudoku::solver::SolverName;
    use sudoku::techniques::Technique;
    let data = std::env::var_os("SUDOKU_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    let path = data.join("human/se-rated.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is missing", path.display());
        return;
    };
    let techniques: Vec<Technique> = Technique::ALL.into_iter().chain(Technique::WAITING).collect();
    let mut checked = vec![0usize; techniques.len()];
    // Every puzzle in a release build; every 25th in a debug build, which is much slower.
    let stride = if cfg!(debug_assertions) { 25 } else { 1 };
    for (n, line) in text.lines().enumerate().step_by(stride) {
        let grid = parse_grid(line.split_whitespace().next().unwrap()).expect("a puzzle");
        let solution = SolverName::Fast.search(&grid, 1, &mut ()).solutions[0];
        let mut marks = PencilMarks::from_grid(&grid);
        loop {
            for (k, technique) in techniques.iter().enumerate() {
                technique.find(&marks, &mut |step| {
                    let wrong = step.eliminations.iter().any(|&(c, d)| solution.get(c) == d)
                        || step.placements.iter().any(|&(c, d)| solution.get(c) != d);
                    assert!(!wrong, "line {}: {}", n + 1, step.text);
                    checked[k] += 1;
                    false
                });
            }
            let Some(step) = next_step(&marks) else {
                break;
            };
            step.apply(&mut marks);
        }
    }
    for (technique, count) in techniques.iter().zip(checked) {
        println!("{:<24} {count:>8} steps checked", technique.name());
    }
}
