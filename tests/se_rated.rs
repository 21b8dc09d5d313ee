//! Part IV's rater against Sudoku Explainer 1.2.1's own ratings of `human/se-rated.txt`: the
//! share rated exactly as SE rated them (ER, EP, ED), within 0.1 and 0.5, and the mean absolute
//! difference of ER, by SE band; puzzles beyond the ladder are counted apart. Run with
//! `cargo test --release --test se_rated -- --nocapture` to see the table. Skipped with a message
//! when the file is absent (see `SUDOKU_DATA`).

use std::path::PathBuf;

use sudoku::pencil_marks::PencilMarks;
use sudoku::rating::{Rating, rate};
use sudoku::reader::parse_grid;

/// Tenths of a rating written with one decimal, as in the file.
fn tenths(word: &str) -> u16 {
    let value: f64 = word.parse().expect("a rating");
    (value * 10.0).round() as u16
}

#[derive(Default)]
struct Band {
    puzzles: usize,
    beyond: usize,
    exact: [usize; 3],
    within_1: usize,
    within_5: usize,
    abs_diff: usize,
}

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
    // Bands by SE's ER: below 2.0, 2.0 to 2.9, 3.0 to 3.9, ... and 9.0 and up.
    let mut bands: Vec<Band> = (0..10).map(|_| Band::default()).collect();
    let mut disagree = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let grid = parse_grid(words[0]).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let se = [tenths(words[1]), tenths(words[2]), tenths(words[3])];
        let Rating { er, ep, ed, solved, .. } = rate(PencilMarks::from_grid(&grid));
        let band = &mut bands[usize::from(se[0] / 10).clamp(1, 10) - 1];
        band.puzzles += 1;
        if !solved {
            band.beyond += 1;
            continue;
        }
        let ours = [er, ep.unwrap_or(0), ed.unwrap_or(0)];
        for k in 0..3 {
            band.exact[k] += usize::from(ours[k] == se[k]);
        }
        let diff = usize::from(er.abs_diff(se[0]));
        band.within_1 += usize::from(diff <= 1);
        band.within_5 += usize::from(diff <= 5);
        band.abs_diff += diff;
        // Every puzzle the ladder finishes must be rated exactly as SE rates it.
        if ours != se {
            disagree.push(format!("line {}: ours {ours:?}, SE {se:?}", n + 1));
        }
    }
    println!("SE band  puzzles beyond  ER=  EP=  ED=  ER±0.1 ER±0.5  mean |ΔER|");
    let mut total = Band::default();
    for (k, b) in bands.iter().enumerate() {
        if b.puzzles == 0 {
            continue;
        }
        let rated = b.puzzles - b.beyond;
        let share = |x: usize| if rated == 0 { 0.0 } else { 100.0 * x as f64 / rated as f64 };
        let mean = if rated == 0 { 0.0 } else { b.abs_diff as f64 / 10.0 / rated as f64 };
        println!(
            "{:>4}   {:>7} {:>6} {:>4.0}% {:>3.0}% {:>3.0}% {:>6.0}% {:>6.0}% {:>8.2}",
            format!("{}.x", k + 1),
            b.puzzles,
            b.beyond,
            share(b.exact[0]),
            share(b.exact[1]),
            share(b.exact[2]),
            share(b.within_1),
            share(b.within_5),
            mean
        );
        total.puzzles += b.puzzles;
        total.beyond += b.beyond;
        for i in 0..3 {
            total.exact[i] += b.exact[i];
        }
        total.within_1 += b.within_1;
    }
    println!(
        "all: {} puzzles, {} beyond the ladder, ER exact on {} of all ({:.1}%), within 0.1 on {}",
        total.puzzles,
        total.beyond,
        total.exact[0],
        100.0 * total.exact[0] as f64 / total.puzzles as f64,
        total.within_1
    );
    assert!(disagree.is_empty(), "{} rated otherwise:\n{}", disagree.len(), disagree.join("\n"));
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
