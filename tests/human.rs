//! Integration tests of `sudoku hint`, `sudoku explain` and `sudoku rate`: the real binary, its
//! formats and exit codes.

mod common;

fn sudoku(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = common::run_sudoku(args, stdin);
    let text = |b: Vec<u8>| String::from_utf8(b).expect("output is UTF-8");
    (out.status.code().expect("exited"), text(out.stdout), text(out.stderr))
}

/// A puzzle Sudoku Explainer rates 2.0 (from `se-rated.txt`).
const PUZZLE: &str =
    "...6........239......548...64.8..3.98.3...2...9..6...45...8.....72....453..49....";

#[test]
fn a_hint_is_a_step_in_words_and_in_json() {
    let (code, out, _) = sudoku(&["hint", PUZZLE], b"");
    assert_eq!(code, 0);
    assert!(out.starts_with("hidden-single (1."), "{out}");
    let (code, out, _) = sudoku(&["hint", "--format", "json", PUZZLE], b"");
    assert_eq!(code, 0);
    let step: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in ["technique", "rating", "eliminations", "placements", "text"] {
        assert!(step.get(key).is_some(), "{key} missing from {out}");
    }
    let placed = &step["placements"][0];
    assert!(placed["cell"].as_str().unwrap().starts_with('r'));
    assert!((1..=9).contains(&placed["digit"].as_u64().unwrap()));
}

#[test]
fn a_hint_for_one_technique_and_from_pencil_marks() {
    let (code, out, _) = sudoku(&["hint", "--technique", "x-wing", PUZZLE], b"");
    assert_eq!(code, 0);
    assert!(out.starts_with("x-wing (3.2)"), "{out}");
    let (code, _, err) = sudoku(&["hint", "--technique", "nope", PUZZLE], b"");
    assert_eq!(code, 2);
    assert!(err.contains("x-wing"), "{err}");
    // The empty grid's pencil marks: every digit everywhere, 729 characters.
    let marks = "123456789".repeat(81);
    let (code, _, err) = sudoku(&["hint", &marks], b"");
    assert_eq!(code, 1);
    assert!(err.contains("several solutions"), "{err}");
}

#[test]
fn no_step_is_attempted_without_one_solution() {
    let several = PUZZLE.replace('6', ".");
    let (code, out, err) = sudoku(&["explain", &several], b"");
    assert_eq!(code, 1);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some(format!("<argument>:1: {several}").as_str()), "{out}");
    assert!(lines.next().unwrap_or_default().starts_with("multiple: "), "{out}");
    assert!(err.contains("several solutions"), "{err}");
    // Two 1s in row 1: no solution.
    let none = format!("11{}", &PUZZLE[2..]);
    let (code, out, err) = sudoku(&["hint", &none], b"");
    assert_eq!(code, 1);
    assert!(out.starts_with("invalid: ") && !err.is_empty(), "{out} {err}");
}

#[test]
fn explain_walks_to_the_solution() {
    let (code, out, _) = sudoku(&["explain", PUZZLE], b"");
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("solved: ER "), "{last}");
    let (code, out, _) = sudoku(&["explain", "--board", PUZZLE], b"");
    assert_eq!(code, 0);
    assert!(out.contains("+-------------+"));
}

#[test]
fn rate_streams_records_in_input_order_whatever_the_jobs() {
    let several = PUZZLE.replace('6', ".");
    let input = format!("{PUZZLE}\n{several}\n{PUZZLE}\n");
    let (code1, one, _) = sudoku(&["rate", "--jobs", "1"], input.as_bytes());
    let (code3, three, _) = sudoku(&["rate", "--jobs", "3"], input.as_bytes());
    assert_eq!((code1, code3), (1, 1), "a puzzle with several solutions fails");
    assert_eq!(one, three);
    let records: Vec<serde_json::Value> =
        one.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 3);
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["index"], k);
        assert!(r["rater"]["version"].is_string());
    }
    assert_eq!(records[0]["status"], "rated");
    assert_eq!(records[1]["status"], "multiple");
    assert!(records[1].get("er").is_none());
    let er = records[0]["er"].as_f64().unwrap();
    assert!(er >= records[0]["ep"].as_f64().unwrap());
    let (code, _, err) = sudoku(&["rate", "no-such-file"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("no-such-file"), "{err}");
}

#[test]
fn pencil_marks_are_blank_cells_even_where_a_lone_candidate_is_a_given() {
    use sudoku::pencil_marks::PencilMarks;
    // The puzzle's marks as text: each given is a blank cell whose one candidate is its digit.
    let grid = sudoku::reader::parse_grid(PUZZLE).unwrap();
    let marks = PencilMarks::from_grid(&grid).to_text();
    let (code, out, err) = sudoku(&["explain", &marks], b"");
    assert_eq!(code, 0, "{err}");
    let (_, from_grid, _) = sudoku(&["explain", PUZZLE], b"");
    // Every given must be placed by a step of its own: as many more steps as givens.
    let givens = PUZZLE.chars().filter(|c| c.is_ascii_digit()).count();
    assert_eq!(out.lines().count(), from_grid.lines().count() + givens, "{out}");
}

#[test]
fn explain_uses_unique_rectangles_and_the_bug() {
    // Sudoku Explainer rates this puzzle 5.7 (from `se-rated.txt`): a BUG type 2 after a
    // unique rectangle.
    let puzzle =
        "8.6......7..2...43....9.8........28..5........2.4..9.5..9.5.6.76.4..8.2..........";
    let (code, out, _) = sudoku(&["explain", puzzle], b"");
    assert_eq!(code, 0);
    assert!(out.contains(" unique-loop (4.5): unique rectangle "), "{out}");
    assert!(out.contains(" bug (5.7): BUG type 2"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("solved: ER 5.7"), "{out}");
    // The puzzle's own pencil marks have no unique rectangle yet.
    let (code, out, _) = sudoku(&["hint", "--technique", "unique-loop", puzzle], b"");
    assert_eq!((code, out.as_str()), (0, "no_step: the technique asked for finds no step here\n"));
}

#[test]
fn the_aligned_exclusions_answer_by_name() {
    for name in ["aligned-pair-exclusion", "aligned-triple-exclusion"] {
        let (code, out, err) = sudoku(&["hint", "--technique", name, PUZZLE], b"");
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with(name) || out.starts_with("no_step: "), "{out}");
    }
}

#[test]
fn bug_types_3_and_4_are_rated_as_sudoku_explainer_rates_them() {
    // From 17-clue.txt; Sudoku Explainer 1.2.1 rates them ER 5.7 and 5.8, EP and ED 1.2.
    let cases = [
        ("................12..3.45........65...1.......62.3........2...6...5...4...7...8...", 4),
        ("..............1..2..3....45..........56.4....7.....12......8......63.7..24.......", 3),
    ];
    for ((puzzle, kind), er) in cases.into_iter().zip(["5.7", "5.8"]) {
        let (code, out, _) = sudoku(&["explain", puzzle], b"");
        assert_eq!(code, 0);
        assert!(out.contains(&format!("BUG type {kind}")), "{out}");
        let last = out.lines().last().unwrap();
        assert_eq!(last, format!("solved: ER {er}, EP 1.2, ED 1.2"));
    }
}

#[test]
fn a_chain_hint_names_its_links() {
    // A puzzle Sudoku Explainer rates 6.6 (from `se-rated.txt`): it needs a forcing chain.
    let puzzle =
        "................12..3.45........1.....4....6..7.2........43.8....9.6....1.......7";
    let (code, out, _) = sudoku(&["hint", "--technique", "forcing-chains", puzzle], b"");
    assert_eq!(code, 0);
    assert!(out.starts_with("forcing-chains ("), "{out}");
    let (code, out, _) =
        sudoku(&["hint", "--format", "json", "--technique", "forcing-chains", puzzle], b"");
    assert_eq!(code, 0);
    let step: serde_json::Value = serde_json::from_str(&out).unwrap();
    let text = step["text"].as_str().unwrap();
    assert!(text.contains(" => ") && text.contains("r"), "{text}");
    let (code, out, _) = sudoku(&["rate"], format!("{puzzle}\n").as_bytes());
    assert_eq!(code, 0);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["er"].as_f64(), Some(6.6), "{out}");
}

#[test]
fn dynamic_forcing_chains_plus_rate_what_the_dynamic_ones_cannot_finish() {
    // Line 2 of top1465.txt: Sudoku Explainer 1.2.1 rates it ER 9.5, EP 1.2, ED 1.2, with a
    // dynamic forcing chain (+) where its dynamic forcing chains find nothing.
    let puzzle =
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let (code, out, _) = sudoku(&["rate"], format!("{puzzle}\n").as_bytes());
    assert_eq!(code, 0);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let ratings = ["er", "ep", "ed"].map(|k| record[k].as_f64());
    assert_eq!(ratings, [Some(9.5), Some(1.2), Some(1.2)], "{out}");
    assert!(record["rater"]["ladder"].as_str().unwrap().ends_with("doubly-nested-forcing-chains"));
    let (code, out, _) = sudoku(&["explain", "--format", "json", puzzle], b"");
    assert_eq!(code, 0);
    let plus = out.lines().find(|l| l.contains("\"dynamic-forcing-chains-plus\"")).expect(&out);
    let step: serde_json::Value = serde_json::from_str(plus).unwrap();
    assert!(step["text"].as_str().unwrap().starts_with("dynamic (+) "), "{plus}");
}
