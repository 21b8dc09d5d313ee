//! The command-line contract of issue 25, item by item, on the real binary: each test here failed
//! on the main branch before the contract was kept by shared code.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

/// The exit status, standard output and standard error of `sudoku ARGS` fed `stdin`.
fn sudoku(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = common::run_sudoku(args, stdin);
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code().expect("exited, not killed"), text(out.stdout), text(out.stderr))
}

/// Runs `sudoku ARGS`, killing it after `limit`: its exit status (`None` when killed), its
/// standard output and error.
fn bounded(args: &[&str], limit: Duration) -> (Option<i32>, String, String) {
    let (code, out, err, _) = common::run_bounded(args, b"", limit);
    (code, out, err)
}

/// The JSON records of an output, one a line.
fn records(out: &str) -> Vec<serde_json::Value> {
    out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

/// A puzzle Sudoku Explainer rates 2.0 (from `se-rated.txt`).
const PUZZLE: &str =
    "...6........239......548...64.8..3.98.3...2...9..6...45...8.....72....453..49....";

/// Row 9 holds 1 to 8 and r1c9 is 9: consistent givens, no solution, and the fixed-order search
/// only finds out after filling the eight rows above in every way it can.
fn deep_contradiction() -> String {
    let mut puzzle = format!("........9{}12345678.", ".".repeat(63));
    puzzle.truncate(81);
    puzzle
}

/// The solution of `PUZZLE` with a rectangle of four cells blanked: exactly two solutions.
fn two_solutions() -> String {
    let (_, out, _) = sudoku(&["--format", "line", "easy"], b"");
    let mut cells: Vec<u8> = out.trim_end().bytes().collect();
    for c in [2, 5, 11, 14] {
        cells[c] = b'.';
    }
    String::from_utf8(cells).unwrap()
}

// Bounded.

#[test]
fn pencil_marks_without_a_solution_are_answered_at_once() {
    // Every candidate, except that 5 has no place in row 1, and a few removed elsewhere.
    let mut text: Vec<u8> = "123456789".repeat(81).into_bytes();
    for cell in 0..9 {
        text[9 * cell + 4] = b'.';
    }
    for (cell, digit) in [(40, 1), (41, 2), (50, 3), (60, 7), (70, 8)] {
        text[9 * cell + digit - 1] = b'.';
    }
    let marks = String::from_utf8(text).unwrap();
    for command in ["hint", "explain"] {
        let (code, out, err) =
            bounded(&[command, "--format", "json", &marks], Duration::from_secs(20));
        assert_eq!(code, Some(1), "{command}: {err}");
        assert_eq!(records(&out)[0]["status"], "no_solution", "{out}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_large_count_keeps_no_solutions() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["--count=100000000", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(".".repeat(81).as_bytes()).unwrap();
    drop(input);
    std::thread::sleep(Duration::from_secs(3));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let peak: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a peak resident size");
    assert!(peak < 100_000, "{peak} kB after three seconds of counting");
}

#[test]
fn a_count_past_one_batch_is_exact() {
    // Four rows of a solution left blank: more solutions than one search is asked for.
    let (_, out, _) = sudoku(&["--format", "line", "easy"], b"");
    let puzzle = format!("{}{}", ".".repeat(36), &out.trim_end()[36..]);
    let (_, all, _) = sudoku(&["--all", "--format", "json", "-"], puzzle.as_bytes());
    let listed = records(&all)[0]["solutions"].as_array().unwrap().len() as u64;
    assert!(listed > 1 << 10 && listed < 100_000, "{listed}");
    let (code, counted, _) =
        sudoku(&["--count=1000000", "--format", "json", "-"], puzzle.as_bytes());
    assert_eq!(code, 0);
    assert_eq!(records(&counted)[0]["count"], listed);
    assert_eq!(records(&counted)[0]["status"], "multiple");
    let limit = format!("--count={}", listed - 1);
    let (_, capped, _) = sudoku(&[&limit, "--format", "json", "-"], puzzle.as_bytes());
    assert_eq!(records(&capped)[0]["count"], listed - 1);
}

#[test]
fn more_threads_than_cores_cost_little() {
    let (_, out, _) = sudoku(&["--format", "line", "hard"], b"");
    let input = out.repeat(3000);
    let time = |jobs: &str| {
        let started = Instant::now();
        let (code, out, _) = sudoku(&["--format", "line", "--jobs", jobs], input.as_bytes());
        assert_eq!((code, out.lines().count()), (0, 3000));
        started.elapsed()
    };
    let (two, many) = (time("2"), time("1024"));
    assert!(many < 5 * two + Duration::from_secs(1), "--jobs 1024 {many:?}, --jobs 2 {two:?}");
}

/// The threads of process `pid` but its main one that are running or ready to run.
#[cfg(target_os = "linux")]
fn busy_threads(pid: u32) -> usize {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return 0 };
    let state = |stat: String| stat.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next());
    tasks
        .filter_map(|task| task.ok())
        .filter(|task| task.file_name().to_str() != Some(&pid.to_string()))
        .filter_map(|task| std::fs::read_to_string(task.path().join("stat")).ok())
        .filter(|stat| state(stat.clone()) == Some('R'))
        .count()
}

#[cfg(target_os = "linux")]
#[test]
fn rate_uses_the_threads_it_is_given() {
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        eprintln!("skipped: one core, where --jobs 2 is one thread");
        return;
    }
    // Rated on two threads, two threads are at work at once: running, or ready to run on a busy
    // machine, rather than one of them waiting for the other.
    // Line 2 of top1465.txt, which takes the ladder's last rung: a fair share of a second.
    let hard = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let input = format!("{hard}\n").repeat(12);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["rate", "--jobs", "2", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let (mut samples, mut both) = (0, 0);
    while child.try_wait().unwrap().is_none() {
        let busy = busy_threads(child.id());
        samples += 1;
        both += usize::from(busy >= 2);
        std::thread::sleep(Duration::from_millis(2));
    }
    feeder.join().unwrap();
    assert!(samples >= 10, "the run was too short to watch: {samples} samples");
    assert!(both * 5 >= samples, "two threads at work in {both} samples of {samples}");
}

#[test]
fn the_slow_solvers_stop_at_their_budget_and_say_so() {
    let puzzle = deep_contradiction();
    // The budget is counted in placed digits, so a small one is reached in a moment even in the
    // debug build, on any machine; the default (`STEP_BUDGET`) is the same code with a larger
    // number, which the unit tests of the solving chapter check is the slow solvers' default.
    let args = ["--solver", "naive", "--max-steps", "100000", "--format", "json", &puzzle];
    let (code, out, err) = bounded(&args, Duration::from_secs(300));
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(records(&out)[0]["status"], "timeout");
    assert!(err.contains("<argument>:1: the search used up its budget"), "{err}");
    // The fast solver needs no budget, and keeps to one when given.
    let (code, out, _) = sudoku(&["--format", "json", &puzzle], b"");
    assert_eq!((code, records(&out)[0]["status"].as_str()), (1, Some("no_solution")));
    let empty = ".".repeat(81);
    let (code, out, _) = sudoku(&["--max-steps", "10", "--count", "--format", "json", &empty], b"");
    assert_eq!((code, records(&out)[0]["status"].as_str()), (1, Some("timeout")));
}

#[test]
fn a_trace_cut_short_fails_and_says_so() {
    let (code, out, err) = sudoku(&["trace", "--max-events", "10", "hard"], b"");
    assert_eq!(code, 1);
    assert!(out.ends_with("{\"event\":\"truncated\"}\n"), "{out}");
    assert_eq!(
        err,
        "sudoku: hard:1: the trace stops at its cap of 10 events (--max-events raises it)\n"
    );
}

// Honest.

#[test]
fn count_one_claims_no_uniqueness() {
    let several = two_solutions();
    let (code, out, _) = sudoku(&["--count=1", "--format", "json", &several], b"");
    assert_eq!(code, 0);
    assert_eq!(records(&out)[0]["status"], "solved");
    let (_, out, _) = sudoku(&["--count=1", "--format", "line", "hard"], b"");
    assert!(out.ends_with(" solved\n"), "{out}");
}

#[test]
fn pretty_counts_say_exactly_what_was_established() {
    let solutions = |args: &[&str]| {
        let (_, out, _) = sudoku(args, b"");
        out.lines().find_map(|l| l.strip_prefix("Solutions: ")).unwrap().to_string()
    };
    assert_eq!(solutions(&["--count", "hard"]), "1 (unique)");
    assert!(solutions(&["--count=1", "hard"]).starts_with("at least one"));
    let several = two_solutions();
    assert_eq!(solutions(&["--count", &several]), "several (at least 2)");
    assert_eq!(solutions(&["--count=5", &several]), "exactly 2");
}

// Write errors.

#[cfg(unix)]
#[test]
fn an_unwritable_output_is_status_2_for_every_subcommand() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let cases: [&[&str]; 11] = [
        &["easy"],
        &["--help"],
        &["hint", "--help"],
        &["hint", PUZZLE],
        &["explain", PUZZLE],
        &["rate", PUZZLE],
        &["generate", "--seed", "1"],
        &["trace", "easy"],
        &["solvers"],
        &["man"],
        &["techniques"],
    ];
    for args in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(full())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("sudoku: cannot write the output: "), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_keeps_the_status_earned() {
    let mut input = "x\n".to_string();
    for _ in 0..5000 {
        input.push_str(PUZZLE);
        input.push('\n');
    }
    for args in [&["--format", "line", "-"][..], &["rate", "-"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader is gone before the first record
        let mut stdin = child.stdin.take().unwrap();
        let bytes = input.clone().into_bytes();
        let feeder = std::thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
        let out = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("cannot write"), "{args:?}: {err}");
    }
}

// Records.

#[test]
fn rate_gives_every_line_a_record() {
    let input = format!("{PUZZLE}\n{}x\n{}\n{PUZZLE}\n", &PUZZLE[..40], &PUZZLE[1..]);
    let (code, out, err) = sudoku(&["rate"], input.as_bytes());
    assert_eq!(code, 1);
    let rows = records(&out);
    assert_eq!(rows.len(), 4, "{out}");
    for (k, row) in rows.iter().enumerate() {
        assert_eq!(
            (row["index"].as_u64(), row["line"].as_u64()),
            (Some(k as u64), Some(k as u64 + 1))
        );
    }
    assert_eq!(rows[1]["status"], "invalid");
    assert_eq!(
        (rows[1]["error"]["line"].as_u64(), rows[1]["error"]["column"].as_u64()),
        (Some(2), Some(41))
    );
    assert_eq!(rows[2]["status"], "invalid");
    assert_eq!(rows[3]["status"], "rated");
    assert!(err.contains("sudoku: <stdin>:2:41: unexpected character 'x'"), "{err}");
}

#[test]
fn hint_and_explain_give_a_record_when_there_is_no_step() {
    let (_, solved, _) = sudoku(&["--format", "line", PUZZLE], b"");
    let solved = solved.trim_end();
    // Row 1 holds 1 to 8 and r5c9 is 9: no solution.
    let mut none = format!("12345678.{}", ".".repeat(72));
    none.replace_range(44..45, "9");
    for command in ["hint", "explain"] {
        let status = |puzzle: &str| {
            let (code, out, _) = sudoku(&[command, "--format", "json", puzzle], b"");
            let rows = records(&out);
            (code, rows.last().map(|r| r["status"].as_str().unwrap().to_string()))
        };
        assert_eq!(status(solved), (0, Some("complete".into())), "{command}");
        assert_eq!(status(&none), (1, Some("no_solution".into())), "{command}");
        assert_eq!(status(&two_solutions()), (1, Some("multiple".into())), "{command}");
    }
    let (code, out, _) =
        sudoku(&["hint", "--format", "json", "--technique", "x-wing", solved], b"");
    assert_eq!((code, records(&out)[0]["status"].as_str()), (0, Some("complete")));
    let (code, out, _) = sudoku(&["hint", "--format", "json", "--technique", "bug", PUZZLE], b"");
    assert_eq!((code, records(&out)[0]["status"].as_str()), (0, Some("no_step")));
}

// One vocabulary.

#[test]
fn every_subcommand_writes_the_same_status_words_and_numbers() {
    let mut none = format!("12345678.{}", ".".repeat(72));
    none.replace_range(44..45, "9");
    let input = format!("{PUZZLE}\n{none}\n");
    let (_, solved, _) = sudoku(&["--format", "json"], input.as_bytes());
    let (_, rated, _) = sudoku(&["rate"], input.as_bytes());
    let (_, hinted, _) = sudoku(&["hint", "--format", "json", "-"], input.as_bytes());
    for out in [&solved, &rated, &hinted] {
        let rows = records(out);
        assert_eq!(rows.len(), 2, "{out}");
        assert_eq!((rows[0]["index"].as_u64(), rows[0]["line"].as_u64()), (Some(0), Some(1)));
        assert_eq!((rows[1]["index"].as_u64(), rows[1]["line"].as_u64()), (Some(1), Some(2)));
        assert_eq!(rows[1]["status"], "no_solution", "{out}");
        assert_eq!(rows[1]["source"], "<stdin>", "{out}");
    }
}

#[test]
fn every_subcommand_says_the_same_things_the_same_way() {
    let commands: [&[&str]; 5] = [&[], &["trace"], &["hint"], &["explain"], &["rate"]];
    for command in commands {
        let mut args = command.to_vec();
        args.push("no-such-file.txt");
        let (code, _, err) = sudoku(&args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(
            err,
            "sudoku: no-such-file.txt: cannot read it: no built-in grid or file named \"no-such-file.txt\"\n",
            "{args:?}"
        );
        let mut args = command.to_vec();
        args.push("-");
        assert_eq!(sudoku(&args, b""), (0, String::new(), String::new()), "empty input: {args:?}");
        let mut args = command.to_vec();
        args.extend(["--jobs", "0", "easy"]);
        if command.first() == Some(&"trace") {
            continue;
        }
        let (code, _, err) = sudoku(&args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("the number of threads is a whole number from 1 to 1024"), "{err}");
    }
    let (code, _, err) = sudoku(&["generate", "--jobs", "0"], b"");
    assert!(code == 2 && err.contains("the number of threads is a whole number from 1 to 1024"));
}

#[test]
fn generate_counts_from_one_and_refuses_an_unreachable_band() {
    let (code, _, err) =
        sudoku(&["generate", "--seed", "1", "--givens", "17", "--max-tries", "1"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("generate: no puzzle 1 in 1 tries"), "{err}");
    let started = Instant::now();
    let (code, out, err) = sudoku(&["generate", "--seed", "1", "--rating", "0.1..0.5"], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("no puzzle rates below 1.0"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

// Conventions users expect.

#[test]
fn a_puzzle_and_standard_input_work_for_every_subcommand() {
    let (code, out, _) = sudoku(&["--format", "line", PUZZLE], b"");
    let (_, piped, _) = sudoku(&["--format", "line", "-"], PUZZLE.as_bytes());
    assert_eq!((code, &out), (0, &piped));
    for command in ["hint", "explain", "rate", "trace"] {
        let (code, inline, err) = sudoku(&[command, PUZZLE], b"");
        assert_eq!(code, 0, "{command}: {err}");
        let (code, piped, err) = sudoku(&[command, "-"], PUZZLE.as_bytes());
        assert_eq!(code, 0, "{command} -: {err}");
        let same = |text: &str| text.replace("<argument>", "").replace("<stdin>", "");
        assert_eq!(same(&inline), same(&piped), "{command}");
    }
}

#[test]
fn rate_accepts_format_json() {
    let (code, out, _) = sudoku(&["rate", "--format", "json", PUZZLE], b"");
    assert_eq!(code, 0);
    assert_eq!(records(&out)[0]["status"], "rated");
}

#[test]
fn board_with_json_is_refused_not_ignored() {
    let (code, out, err) = sudoku(&["explain", "--board", "--format", "json", PUZZLE], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--board") && err.contains("JSON"), "{err}");
}

#[test]
fn a_line_of_the_wrong_length_is_told_of_both_forms() {
    for n in [728, 730] {
        let line = "1".repeat(n);
        let (code, _, err) = sudoku(&["hint", &line], b"");
        assert_eq!(code, 1, "{n}");
        assert!(err.contains("81") && err.contains("729"), "{n}: {err}");
        let (code, _, err) = sudoku(&["rate"], line.as_bytes());
        assert_eq!(code, 1, "{n}");
        assert!(err.contains("81") && err.contains("729"), "{n}: {err}");
    }
}

#[test]
fn completions_and_a_manual_page_come_from_clap() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, _) = sudoku(&["completions", shell], b"");
        assert_eq!(code, 0, "{shell}");
        assert!(out.contains("explain") && out.contains("jobs"), "{shell}");
    }
    let (code, out, _) = sudoku(&["man"], b"");
    assert_eq!(code, 0);
    assert!(out.starts_with(".ie") || out.contains(".TH sudoku"), "{}", &out[..out.len().min(200)]);
}

#[test]
fn every_message_is_written_in_one_place() {
    // Standard error is written by the contract's functions in "The command line", and nowhere
    // else in the program (a test's note that it skips is not the program's).
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/book");
    for entry in std::fs::read_dir(book).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".md") || name == "command-line.md" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let program = text.split("<summary>Tests</summary>").next().unwrap();
        for (n, line) in program.lines().enumerate() {
            assert!(!line.contains("eprintln!"), "book/{name}:{}: {line}", n + 1);
            assert!(!line.contains("\"cannot read"), "book/{name}:{}: {line}", n + 1);
        }
    }
}

#[test]
fn index_counts_on_across_sources() {
    let marks =
        sudoku::pencil_marks::PencilMarks::from_grid(&sudoku::reader::parse_grid(PUZZLE).unwrap());
    let (code, out, _) =
        sudoku(&["rate", PUZZLE, "easy", &marks.to_text(), "-"], PUZZLE.as_bytes());
    assert_eq!(code, 0);
    let rows = records(&out);
    let numbers: Vec<(u64, &str)> = rows
        .iter()
        .map(|r| (r["index"].as_u64().unwrap(), r["source"].as_str().unwrap()))
        .collect();
    assert_eq!(numbers, [(0, "<argument>"), (1, "easy"), (2, "<argument>"), (3, "<stdin>")]);
}

// The holes a new user found (issue 34), each closed.

#[test]
fn pencil_marks_are_read_from_files_and_standard_input_wherever_an_argument_takes_them() {
    let (_, out, _) = sudoku(&["explain", "--format", "json", PUZZLE], b"");
    let first = &records(&out)[0];
    let marks = first["marks"].as_str().unwrap().to_string();
    let (code, inline, _) = sudoku(&["hint", "--format", "json", &marks], b"");
    assert_eq!(code, 0);
    let (code, piped, err) = sudoku(&["hint", "--format", "json", "-"], marks.as_bytes());
    assert_eq!(code, 0, "{err}");
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), format!("# marks\n{marks} a comment\n{PUZZLE}\n")).unwrap();
    let path = file.path().to_str().unwrap();
    let (code, from_file, err) = sudoku(&["hint", "--format", "json", path], b"");
    assert_eq!(code, 0, "{err}");
    let steps = |out: &str| records(out).iter().map(|r| r["text"].clone()).collect::<Vec<_>>();
    assert_eq!(steps(&inline), steps(&piped));
    assert_eq!(steps(&from_file)[0], steps(&inline)[0]);
    assert_eq!(records(&from_file)[0]["line"], 2);
    assert_eq!(records(&from_file).len(), 2, "a record for each line of the file");
    for command in ["rate", "explain"] {
        let (code, _, err) = sudoku(&[command, "-"], marks.as_bytes());
        assert_eq!(code, 0, "{command}: {err}");
    }
    // A solver is told what the line is.
    let (code, _, err) = sudoku(&["-"], marks.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("pencil marks, which hint, explain and rate read"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_line_that_never_ends_is_refused_at_once_and_ends_its_input() {
    for args in [&["/dev/zero", "easy"][..], &["rate", "/dev/zero", "easy"]] {
        let (code, out, err) = bounded(args, Duration::from_secs(120));
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains("/dev/zero:1: line longer than 65536 bytes"), "{err}");
        assert!(err.contains("/dev/zero:1: the line goes on past"), "{err}");
        assert!(!out.is_empty(), "the next source is still answered: {args:?}");
    }
}

#[test]
fn an_answer_cut_short_exits_1_everywhere() {
    let empty = ".".repeat(81);
    let (code, out, err) = sudoku(&["--all", "--format", "line", &empty], b"");
    assert_eq!(code, 1, "{err}");
    assert_eq!(out.lines().count(), 100_000);
    assert!(err.contains("--all stopped after 100000 solutions"), "{err}");
}

#[test]
fn hint_and_explain_take_many_grids_and_explain_heads_each_puzzle() {
    let (code, out, _) =
        sudoku(&["hint", "--format", "json", PUZZLE, "easy", "-"], PUZZLE.as_bytes());
    assert_eq!(code, 0);
    assert_eq!(records(&out).len(), 3);
    let (code, out, err) = sudoku(&["explain", PUZZLE, "-"], PUZZLE.as_bytes());
    assert_eq!(code, 0, "{err}");
    let headings: Vec<&str> = out.lines().filter(|l| l.ends_with(PUZZLE)).collect();
    assert_eq!(headings, [format!("<argument>:1: {PUZZLE}"), format!("<stdin>:1: {PUZZLE}")]);
    assert!(out.starts_with("<argument>:1: "), "{out}");
}

#[test]
fn the_help_names_where_the_technique_names_are_and_the_band_names_the_top() {
    let (_, help, _) = sudoku(&["hint", "--help"], b"");
    assert!(help.contains("`sudoku techniques` lists the names"), "{help}");
    let (code, _, err) = sudoku(&["generate", "--rating", "20..30"], b"");
    assert_eq!(code, 2);
    let top = sudoku::rating::BEYOND.name();
    assert!(err.contains(&format!("the ladder's hardest rung, {top}, rates ")), "{err}");
}
