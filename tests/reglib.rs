//! HoDoKu's regression library against the techniques of Part IV (the check is the crate's,
//! `sudoku::agreement`): every case of every implemented technique must pass, or be one of the
//! differences by design that the crate names with their reason. Skipped with a message when the
//! library is absent (see `SUDOKU_DATA`).

use std::path::PathBuf;

use sudoku::agreement::{check_library, hodoku_techniques};
use sudoku::techniques::Technique;

#[test]
fn every_implemented_technique_passes_its_library_cases() {
    let data = std::env::var_os("SUDOKU_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    let path = data.join("human/hodoku-reglib-1.3.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is missing", path.display());
        return;
    };
    let reports = check_library(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut failures = Vec::new();
    for report in &reports {
        println!(
            "{} {:<14} {:>3}/{:<3} pass",
            report.code,
            report.technique.name(),
            report.passed,
            report.total
        );
        for (line, why) in &report.failures {
            failures.push(format!("line {line}: {} {why}", report.technique.name()));
        }
        for (line, why) in &report.differences {
            println!("     line {line}: SE differs by design: {why}");
        }
    }
    // Every technique HoDoKu has codes for has cases in the library (SE's direct techniques,
    // aligned exclusions, Nishio, multiple and dynamic forcing chains, with or without SE's "+",
    // have no code).
    let mut covered: Vec<Technique> = reports.iter().map(|r| r.technique).collect();
    covered.sort();
    covered.dedup();
    assert_eq!(covered, hodoku_techniques(), "a technique has no case");
    assert!(failures.is_empty(), "{} cases fail:\n{}", failures.len(), failures.join("\n"));
}
