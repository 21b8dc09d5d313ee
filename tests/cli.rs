//! Integration tests: the real `sudoku` binary, its output layout, its messages and exit codes.

use std::io::Write;

mod common;

/// The exit status, standard output and standard error of `sudoku ARGS` fed `stdin`.
fn sudoku(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = common::run_sudoku(args, stdin);
    let text = |b: Vec<u8>| String::from_utf8(b).expect("output is UTF-8");
    (out.status.code().expect("exited, not killed"), text(out.stdout), text(out.stderr))
}

/// A temporary file holding `content`, kept alive as long as the returned value.
fn file(content: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(content).unwrap();
    f
}

const HARD: &str =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

/// Reads an 81-digit line as cells; `.` is 0.
fn cells(line: &str) -> Vec<u8> {
    line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect()
}

/// Whether `solution` is a valid full grid that keeps the givens of `puzzle`.
fn solves(solution: &[u8], puzzle: &[u8]) -> bool {
    let units = (0..27).map(|u| -> Vec<usize> {
        (0..9)
            .map(|k| match u / 9 {
                0 => 9 * (u % 9) + k,
                1 => 9 * k + u % 9,
                _ => 27 * ((u % 9) / 3) + 3 * ((u % 9) % 3) + 9 * (k / 3) + k % 3,
            })
            .collect()
    });
    let keeps = (0..81).all(|c| puzzle[c] == 0 || puzzle[c] == solution[c]);
    keeps
        && units.into_iter().all(|unit| {
            let mut seen: Vec<u8> = unit.iter().map(|&c| solution[c]).collect();
            seen.sort();
            seen == [1, 2, 3, 4, 5, 6, 7, 8, 9]
        })
}

/// Reads the digits of a pretty grid (11 lines) back into cells, checking its layout exactly.
fn pretty_cells(lines: &[&str]) -> Vec<u8> {
    assert_eq!(lines.len(), 11);
    let mut out = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        if n == 3 || n == 7 {
            assert_eq!(*line, "------+-------+------");
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        assert_eq!(chars.len(), 21, "{line:?}");
        for (k, &ch) in chars.iter().enumerate() {
            match k {
                6 | 14 => assert_eq!(ch, '|', "{line:?}"),
                _ if k % 2 == 1 => assert_eq!(ch, ' ', "{line:?}"),
                _ => out.push(if ch == '_' { 0 } else { ch.to_digit(10).unwrap() as u8 }),
            }
        }
    }
    out
}

#[test]
fn pretty_output_has_the_originals_layout_for_every_built_in_grid() {
    let names = ["easy", "hard", "worst1", "worst2", "worst3", "worst4"];
    let (code, out, err) = sudoku(&names, b"");
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.split('\n').collect();
    // Per grid: "", "Grid:", "", 11 lines, "", "Solution 1:", "", 11 lines, "", "CPU time: ...".
    assert_eq!(lines.len(), 6 * 30 + 1, "{out}");
    assert_eq!(lines[180], "", "the output ends with a newline");
    for chunk in lines[..180].chunks(30) {
        assert_eq!(chunk[..3], ["", "Grid:", ""]);
        let puzzle = pretty_cells(&chunk[3..14]);
        assert_eq!(chunk[14..17], ["", "Solution 1:", ""]);
        let solution = pretty_cells(&chunk[17..28]);
        assert!(solves(&solution, &puzzle));
        assert_eq!(chunk[28], "");
        let time = chunk[29].strip_prefix("CPU time: ").expect(chunk[29]);
        let (number, unit) = time.split_once(' ').expect("a number and a unit");
        assert!(["s", "ms", "µs"].contains(&unit), "{time:?} has no unit");
        number.parse::<f64>().unwrap();
    }
}

#[test]
fn both_part_one_solvers_and_every_format_agree() {
    // What depends on the solver and the run is left out: the pretty layout's CPU time, and the
    // JSON rows' counts of work and time.
    let untimed = |out: String| -> Vec<String> {
        let line = |l: &str| match serde_json::from_str::<serde_json::Value>(l) {
            Ok(serde_json::Value::Object(mut row)) => {
                for key in ["guesses", "nodes", "micros"] {
                    row.remove(key);
                }
                serde_json::Value::Object(row).to_string()
            }
            _ => l.to_string(),
        };
        out.lines().filter(|l| !l.starts_with("CPU time:")).map(line).collect()
    };
    for format in ["pretty", "line", "json"] {
        let (_, default, _) = sudoku(&["--format", format, "worst2", "easy"], b"");
        assert!(!default.is_empty(), "{format}");
        for solver in ["naive", "mrv"] {
            let (code, out, _) =
                sudoku(&["--solver", solver, "--format", format, "worst2", "easy"], b"");
            assert_eq!(code, 0);
            assert_eq!(untimed(out), untimed(default.clone()), "{solver} --format {format}");
        }
    }
}

#[test]
fn solvers_lists_every_solver_as_json_and_each_name_is_accepted() {
    let (code, out, err) = sudoku(&["solvers"], b"");
    assert_eq!((code, err.as_str()), (0, ""));
    let fields = ["name", "summary", "original", "exponential", "slow", "checks_givens", "colour"];
    let mut names = Vec::new();
    for line in out.lines() {
        let row: serde_json::Value = serde_json::from_str(line).expect("a JSON object a line");
        let object = row.as_object().expect("an object");
        let keys: Vec<&str> = object.keys().map(|k| k.as_str()).collect();
        assert_eq!(keys.len(), fields.len(), "{line}");
        assert!(fields.iter().all(|f| keys.contains(f)), "{line}");
        let colour = row["colour"].as_str().unwrap();
        assert!(colour.len() == 7 && colour.starts_with('#'), "{line}");
        assert!(!row["summary"].as_str().unwrap().is_empty(), "{line}");
        names.push(row["name"].as_str().unwrap().to_string());
    }
    assert!(names.len() >= 2, "{out}");
    let mut distinct = names.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), names.len(), "{out}");
    for name in &names {
        let (code, out, err) = sudoku(&["--solver", name, "--format", "line", "easy"], b"");
        assert_eq!(code, 0, "{name}: {err}");
        let (_, default, _) = sudoku(&["--format", "line", "easy"], b"");
        assert_eq!(out, default, "{name}");
    }
}

#[test]
fn a_grid_file_in_the_originals_nine_line_format() {
    let grid = "7_8 ___ 3__\n___ 2_1 ___\n5__ ___ ___\n\n_4_ ___ _26\n3__ _8_ ___\n___ 1__ _9_\n\n\
                _9_ 6__ __4\n___ _7_ 5__\n___ ___ ___\n";
    let f = file(grid.as_bytes());
    let (code, out, _) = sudoku(&["--format", "line", f.path().to_str().unwrap()], b"");
    assert_eq!(code, 0);
    assert!(solves(&cells(out.trim_end()), &cells(HARD)));
}

#[test]
fn an_unknown_name_is_reported_and_the_other_grids_are_still_solved() {
    let (code, out, err) = sudoku(&["--format", "line", "worst2", "no-such-grid", "worst3"], b"");
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 2);
    assert!(err.contains("no-such-grid"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = sudoku(&[dir.path().to_str().unwrap()], b"");
    assert_eq!(code, 2);
    assert!(err.contains("directory"), "{err}");
}

#[test]
fn a_bad_line_between_two_good_ones_is_named_and_both_good_ones_are_solved() {
    for bad in [&HARD[1..], &format!("{HARD}.")[..], &HARD.replacen('7', "x", 1)[..]] {
        let f = file(format!("{HARD}\n{bad}\n{HARD}\n").as_bytes());
        let path = f.path().to_str().unwrap();
        let (code, out, err) = sudoku(&["--format", "line", path], b"");
        assert_eq!(code, 1, "{bad}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1], "invalid");
        assert!(solves(&cells(lines[0]), &cells(HARD)) && lines[0] == lines[2]);
        assert!(err.starts_with(&format!("sudoku: {path}:2:1: ")), "{err}");
    }
    let f = file(format!("{HARD}\n{}x\n", &HARD[..40]).as_bytes());
    let (_, _, err) = sudoku(&[f.path().to_str().unwrap()], b"");
    assert!(err.contains(":2:41: unexpected character 'x'"), "{err}");
}

#[test]
fn contradictory_givens_name_the_unit_and_the_digit() {
    let bad = format!("77{}", &HARD[2..]);
    let (code, out, err) = sudoku(&["-"], bad.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(out, "invalid\n");
    assert_eq!(err, "sudoku: <stdin>:1: the digit 7 appears twice in row 1, at r1c1 and r1c2\n");
}

#[test]
fn a_digit_twice_in_a_column_across_bands_is_named_with_its_cells() {
    // The default solver sets up its board with the givens' columns cleared from the other bands,
    // which makes these givens a contradiction; the message must still say why, and where.
    let mut bad = ".".repeat(81);
    bad.replace_range(0..1, "7");
    bad.replace_range(36..37, "7");
    let (code, out, err) = sudoku(&["-"], bad.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(out, "invalid\n");
    assert_eq!(err, "sudoku: <stdin>:1: the digit 7 appears twice in column 1, at r1c1 and r5c1\n");
}

#[test]
fn no_solution_is_said_in_words() {
    // Row 1 holds 1..8, so r1c9 must be 9, but r5c9 is 9 already: consistent givens, no solution.
    let mut puzzle = format!("12345678.{}", ".".repeat(72));
    puzzle.replace_range(44..45, "9");
    let f = file(puzzle.as_bytes());
    let (code, out, err) = sudoku(&[f.path().to_str().unwrap()], b"");
    assert_eq!(code, 1);
    assert!(out.contains("\nNo solution.\n"), "{out}");
    assert!(err.ends_with(":1: the puzzle has no solution\n"), "{err}");
}

#[test]
fn empty_blank_and_solved_inputs() {
    assert_eq!(sudoku(&["-"], b""), (0, String::new(), String::new()));
    let (code, out, _) = sudoku(&["--format", "line", "-"], ".".repeat(81).as_bytes());
    assert_eq!(code, 0);
    assert!(solves(&cells(out.trim_end()), &[0; 81]));
    let solved = out.trim_end().to_string();
    let (code, again, _) = sudoku(&["--format", "line", "--count"], solved.as_bytes());
    assert_eq!((code, again), (0, format!("{solved} unique\n")));
}

#[test]
fn counting_tells_unique_from_multiple() {
    let (code, out, _) = sudoku(
        &["--count", "--format", "json", "-"],
        format!("{HARD}\n{}\n", ".".repeat(81)).as_bytes(),
    );
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().collect();
    assert!(
        rows[0].contains(r#""status":"unique""#) && rows[0].contains(r#""count":1"#),
        "{}",
        rows[0]
    );
    assert!(
        rows[1].contains(r#""status":"multiple""#) && rows[1].contains(r#""count":2"#),
        "{}",
        rows[1]
    );
}

#[test]
fn all_numbers_every_solution() {
    // Blank a rectangle of the solution that can be swapped: exactly two solutions.
    let (_, out, _) = sudoku(&["--format", "line", "easy"], b"");
    let mut cells: Vec<u8> = out.trim_end().bytes().collect();
    for c in [2, 5, 11, 14] {
        cells[c] = b'.';
    }
    let (code, out, _) = sudoku(&["--all", "-", "--format", "pretty"], &cells);
    assert_eq!(code, 0);
    assert!(out.contains("\nSolution 1:\n") && out.contains("\nSolution 2:\n"));
    assert!(!out.contains("Solution 3:"));
}

#[test]
fn json_rows_for_good_and_bad_puzzles() {
    let input = format!("{HARD}\n{}\n", &HARD[1..]);
    let (code, out, _) = sudoku(&["--format", "json"], input.as_bytes());
    assert_eq!(code, 1);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 2);
    for key in
        [r#""index":0"#, r#""status":"solved""#, r#""solution":""#, r#""guesses":"#, r#""micros":"#]
    {
        assert!(rows[0].contains(key), "{key} in {}", rows[0]);
    }
    for key in [r#""index":1"#, r#""status":"invalid""#, r#""line":2"#, r#""column":1"#, "80 cells"]
    {
        assert!(rows[1].contains(key), "{key} in {}", rows[1]);
    }
}

#[test]
fn non_utf8_and_overlong_lines_do_not_stop_the_batch() {
    let mut input = b"\xff\xfe garbage\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', 1 << 20));
    input.push(b'\n');
    input.extend_from_slice(HARD.as_bytes());
    let (code, out, err) = sudoku(&["--format", "line"], &input);
    assert_eq!(code, 1);
    assert_eq!(out.lines().collect::<Vec<_>>()[..2], ["invalid", "invalid"]);
    assert!(err.contains("<stdin>:1:1: invalid UTF-8 (byte 0xff)"), "{err}");
    assert!(err.contains("<stdin>:2: line longer than"), "{err}");
    assert!(solves(&cells(out.lines().nth(2).unwrap()), &cells(HARD)));
}

#[test]
fn bad_options_are_usage_errors() {
    let (code, _, err) = sudoku(&["--solver", "nope", "easy"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("nope"));
    assert_eq!(sudoku(&["--jobs", "0", "easy"], b"").0, 2);
    assert_eq!(sudoku(&["--count=0", "easy"], b"").0, 2);
    let (code, out, _) = sudoku(&["--count=5", "--format", "line", "hard"], b"");
    assert_eq!((code, out.ends_with(" unique\n")), (0, true));
}

#[test]
fn a_large_input_draws_no_progress_bar_when_stderr_is_not_a_terminal() {
    let (_, solved, _) = sudoku(&["--format", "line", "hard"], b"");
    let big = solved.repeat(15_000); // 1.2 MB, above the progress bar's threshold
    let f = file(big.as_bytes());
    let (code, out, err) =
        sudoku(&["--format", "line", "--count", f.path().to_str().unwrap()], b"");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out.lines().count(), 15_000);
}

#[test]
fn two_jobs_write_the_same_bytes_as_one() {
    let (_, solved, _) = sudoku(&["--format", "line", "hard"], b"");
    let solution = solved.trim_end();
    let mut puzzles = String::new();
    for k in 0..3000usize {
        let mut p: Vec<u8> = solution.bytes().collect();
        // Vary the puzzles so that their solving times differ: blank some cells of a solution.
        for j in 0..(k % 50) {
            p[(k * 7 + j * 13) % 81] = b'.';
        }
        if k % 500 == 7 {
            p[0] = b'x';
        }
        puzzles.push_str(std::str::from_utf8(&p).unwrap());
        puzzles.push('\n');
    }
    let one = sudoku(&["--format", "line", "--count", "--jobs", "1"], puzzles.as_bytes());
    let two = sudoku(&["--format", "line", "--count", "--jobs", "2"], puzzles.as_bytes());
    assert_eq!(one, two);
    assert_eq!(one.0, 1);
    assert_eq!(one.1.lines().count(), 3000);
    assert_eq!(one.2.lines().count(), 6, "the six bad lines are named: {}", one.2);
}
