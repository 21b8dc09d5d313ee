//! `sudoku techniques` and the names `hint --technique` takes: the real binary, listing the ladder
//! from its one table, names in any case, and a near miss answered with the name meant.

mod common;

fn sudoku(args: &[&str]) -> (i32, String, String) {
    let out = common::run_sudoku(args, b"");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("output is UTF-8");
    (out.status.code().expect("exited"), text(out.stdout), text(out.stderr))
}

/// A puzzle Sudoku Explainer rates 2.0 (from `se-rated.txt`), with an X-wing in its first marks.
const PUZZLE: &str =
    "...6........239......548...64.8..3.98.3...2...9..6...45...8.....72....453..49....";

/// A solved grid.
const SOLVED: &str =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

#[test]
fn the_listing_is_the_ladder_easiest_first() {
    let (code, out, err) = sudoku(&["techniques"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("technique") && lines[0].contains("rating"), "{out}");
    let rows: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows.len(), 32, "{out}");
    assert_eq!(rows[0], ["1", "hidden-single", "1.0", "first-techniques.md"]);
    assert_eq!(rows[9], ["10", "x-wing", "3.2", "fish-and-wings.md"]);
    assert_eq!(rows[27][1..], ["dynamic-forcing-chains-plus", "9.0", "dynamic-plus.md"]);
    assert_eq!(rows[31][1..], ["doubly-nested-forcing-chains", "11.0", "nested-chains.md"]);
    for (k, row) in rows.iter().enumerate() {
        assert_eq!(row[0], (k + 1).to_string());
        assert!(row[3].ends_with(".md"), "{row:?}");
    }
}

#[test]
fn the_markdown_listing_links_every_rung_to_its_chapter() {
    let (code, out, err) = sudoku(&["techniques", "--markdown"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["| rung | technique | rating |", "| ---: | :--- | ---: |"]);
    assert_eq!(lines.len(), 2 + 32, "{out}");
    assert_eq!(lines[2], "| 1 | [`hidden-single`](first-techniques.md) | 1.0 |");
    let mut chapters: Vec<&str> =
        lines[2..].iter().filter_map(|l| l.split("](").nth(1)?.split(')').next()).collect();
    assert_eq!(chapters.len(), 32, "a link on every row: {out}");
    chapters.sort_unstable();
    chapters.dedup();
    assert!(chapters.len() >= 9, "{chapters:?}");
}

#[test]
fn every_listed_name_is_a_technique_for_hint() {
    let (_, out, _) = sudoku(&["techniques"]);
    // A solved grid with three blanks: every technique's search is short, the nested chains'
    // too, which on the puzzle above would run whole searches in every link.
    let mut nearly = String::from(SOLVED);
    nearly.replace_range(0..3, "...");
    for line in out.lines().skip(1) {
        let name = line.split_whitespace().nth(1).unwrap();
        let (code, _, err) = sudoku(&["hint", "--technique", name, &nearly]);
        assert_eq!(code, 0, "{name}: {err}");
    }
}

#[test]
fn names_match_in_any_case() {
    let (code, lower, _) = sudoku(&["hint", "--technique", "x-wing", PUZZLE]);
    assert_eq!(code, 0);
    assert!(lower.starts_with("x-wing (3.2)"), "{lower}");
    let (code, upper, _) = sudoku(&["hint", "--technique", "X-Wing", PUZZLE]);
    assert_eq!((code, upper), (0, lower));
}

#[test]
fn a_near_miss_is_answered_with_the_name_meant() {
    for typed in ["x-wnig", "xwing", "X Wing"] {
        let (code, out, err) = sudoku(&["hint", "--technique", typed, PUZZLE]);
        assert_eq!((code, out.as_str()), (2, ""), "{typed}");
        assert!(err.contains("did you mean x-wing?"), "{typed}: {err}");
    }
    let (code, _, err) = sudoku(&["hint", "--technique", "guessing", PUZZLE]);
    assert_eq!(code, 2);
    assert!(!err.contains("did you mean") && err.contains("known: hidden-single"), "{err}");
}
