//! Part IV's rater against Sudoku Explainer 1.2.1's own ratings of `human/se-rated.txt` (the
//! check is the crate's, `sudoku::agreement`): the share rated exactly as SE rated them (ER, EP,
//! ED), within 0.1 and 0.5, and the mean absolute difference of ER, by SE band; puzzles beyond the
//! ladder are counted apart. Every puzzle the ladder finishes must be rated exactly as SE rates
//! it. Run with `cargo test --release --test se_rated -- --nocapture` to see the table. Skipped
//! with a message when the file is absent (see `SUDOKU_DATA`).

use std::path::PathBuf;

use sudoku::agreement::se_agreement;

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
