//! Long runs are usable (issue 26, item 5), on the real binary: `--timeout` bounds the time a
//! puzzle may take and says where it stopped, a run interrupted by a signal has written every
//! record it finished, each of them whole, and the progress bar is drawn only on a terminal.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

/// The exit status, standard output and standard error of `sudoku ARGS`.
fn sudoku(args: &[&str]) -> (i32, String, String) {
    let out = common::run_sudoku(args, b"");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code().expect("exited, not killed"), text(out.stdout), text(out.stderr))
}

/// The JSON records of an output, one a line.
fn records(out: &str) -> Vec<serde_json::Value> {
    out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

/// The names of the ladder's rungs, the second column of `sudoku techniques`.
fn rungs() -> Vec<String> {
    let (code, out, _) = sudoku(&["techniques"]);
    assert_eq!(code, 0);
    out.lines().skip(1).filter_map(|l| l.split_whitespace().nth(1)).map(str::to_string).collect()
}

/// The built-in grid `hard` (line 2 of top1465.txt): the ladder's last rung, a fair share of a
/// second to rate.
const HARD: &str =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

#[test]
fn a_puzzle_out_of_time_is_timeout_and_names_the_last_rung_searched_in_full() {
    // The built-in `easy` takes the whole ladder, a tenth of a second or more even in release.
    let (code, out, err) = sudoku(&["rate", "--timeout", "0.02", "easy", "easy", "easy"]);
    assert_eq!(code, 1, "a puzzle cut short fails the run, as the contract says: {err}");
    let (records, rungs) = (records(&out), rungs());
    assert_eq!(records.len(), 3);
    for record in &records {
        assert_eq!(record["status"], "timeout", "{record}");
        let finished = &record["finished"];
        assert!(
            finished.is_null() || rungs.iter().any(|r| finished == r.as_str()),
            "`finished` is a rung or null: {record}"
        );
        for made_up in ["er", "ep", "ed", "beyond"] {
            assert!(record.get(made_up).is_none(), "no rating for a puzzle cut short: {record}");
        }
        assert_eq!(record["rater"]["timeout"], 0.02);
    }
    assert!(records.iter().any(|r| r["finished"].is_string()), "some rung was searched in full");
    assert_eq!(err.lines().count(), 3, "one message a puzzle: {err}");
    assert!(err.starts_with("sudoku: easy:1: out of time (0.02 s)"), "{err}");
}

#[test]
fn explain_and_hint_run_out_of_time_the_same_way() {
    let (code, out, err) = sudoku(&["explain", "--timeout", "0.02", "easy"]);
    assert_eq!(code, 1, "{err}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with("timeout: out of time (0.02 s)"), "{out}");
    // A microsecond is out before the first rung is searched in full.
    let (code, out, err) = sudoku(&["hint", "--format", "json", "--timeout", "0.000001", HARD]);
    assert_eq!(code, 1, "{err}");
    let record = &records(&out)[0];
    assert_eq!((record["status"].as_str(), record["finished"].is_null()), (Some("timeout"), true));
    assert!(err.contains("no rung had been searched in full"), "{err}");
}

#[test]
fn a_timeout_is_a_number_of_seconds_greater_than_0() {
    for bad in ["0", "-1", "x", "NaN", "inf"] {
        let (code, out, err) = sudoku(&["rate", &format!("--timeout={bad}"), "easy"]);
        assert_eq!((code, out.as_str()), (2, ""), "--timeout {bad}");
        assert!(err.contains("a number of seconds greater than 0"), "{err}");
    }
    // A bound that is not reached changes nothing.
    let (bounded, unbounded) =
        (sudoku(&["rate", "--timeout", "3600", HARD]), sudoku(&["rate", HARD]));
    assert_eq!((bounded.0, unbounded.0), (0, 0));
    let (mut a, b) = (records(&bounded.1)[0].clone(), &records(&unbounded.1)[0]);
    assert_eq!(a["rater"]["timeout"], 3600.0);
    a["rater"].as_object_mut().unwrap().remove("timeout");
    assert_eq!(&a, b);
}

#[test]
fn no_progress_is_drawn_when_standard_error_is_not_a_terminal() {
    let (code, out, err) = sudoku(&["rate", "--jobs", "2", "easy", "hard", "worst1"]);
    assert_eq!((code, records(&out).len()), (0, 3));
    assert_eq!(err, "", "nothing on a pipe: no bar, no control characters");
    let (code, _, err) = sudoku(&["explain", "hard"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

#[cfg(target_os = "linux")]
#[test]
fn progress_is_drawn_on_a_terminal() {
    // `script` gives the run a terminal; without it, there is nothing to check.
    let binary = env!("CARGO_BIN_EXE_sudoku");
    let command = format!("'{binary}' rate --jobs 1 hard worst1 > /dev/null");
    let out = Command::new("script").args(["-qc", &command, "/dev/null"]).output();
    let Some(out) = out.ok().filter(|out| out.status.success()) else {
        eprintln!("skipped: `script` cannot give the run a terminal here");
        return;
    };
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(screen.contains("/1 puzzles"), "a bar counting puzzles: {screen:?}");
    // Counting past one batch of solutions draws the same bar; a small count draws none.
    for (count, drawn) in [("--count=5000", true), ("--count", false)] {
        let command = format!("'{binary}' {count} --format line hard > /dev/null");
        let out = Command::new("script").args(["-qc", &command, "/dev/null"]).output().unwrap();
        let screen = String::from_utf8_lossy(&out.stdout);
        assert_eq!(screen.contains("/1 puzzles"), drawn, "{count}: {screen:?}");
    }
}

/// A puzzle of `se-rated.txt` that Sudoku Explainer rates 6.6: a tenth of a second or less to
/// rate in the debug build `cargo test` makes, so that a run of a few thousand of them is long
/// enough to interrupt, and its first records come at once, on any machine.
const MEDIUM: &str =
    ".2.35.6.....76..5......1.....1.....7.3.1.5.42.........4..82..75..8.4..2.2..5...3.";

/// Starts `sudoku rate` on many puzzles, waits for its first records, sends it `signal` and
/// reads what it wrote: every line a whole record, in order, none missing before the last.
#[cfg(unix)]
fn interrupted(signal: &str, jobs: &str) {
    use std::os::unix::process::ExitStatusExt;
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(format!("{MEDIUM}\n").repeat(5000).as_bytes()).unwrap();
    let path = file.path().to_str().unwrap().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["rate", "--jobs", jobs, &path])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        // Whole lines only; a torn last line is kept as it came, to be checked below.
        let mut stdout = BufReader::new(stdout);
        loop {
            let mut line = String::new();
            match stdout.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => send.send(line).unwrap(),
            }
        }
    });
    let mut got = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while got.len() < 2 {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => got.push(line),
            Err(_) => {
                let _ = child.kill();
                panic!("{} records came in two minutes: records are held back", got.len());
            }
        }
    }
    let kill = Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    reader.join().unwrap();
    got.extend(lines.try_iter());
    assert!(status.signal().is_some(), "ended by the signal, as the shell expects: {status:?}");
    for (k, line) in got.iter().enumerate() {
        assert!(line.ends_with('\n'), "line {k} is cut: {line:?}");
        let record: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {k} is no record: {e}"));
        assert_eq!(record["index"], k, "in order, none missing: {line}");
        assert_eq!(record["status"], "rated");
    }
}

/// Whether this process ignores SIGINT, as a command started in the background by a
/// non-interactive shell does: its children then ignore it too, and Ctrl-C cannot be tried.
fn ignores_sigint() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:")).unwrap_or("0");
    u64::from_str_radix(mask.trim(), 16).is_ok_and(|mask| mask & (1 << (2 - 1)) != 0)
}

#[cfg(unix)]
#[test]
fn an_interrupted_rating_keeps_every_record_it_wrote() {
    if ignores_sigint() {
        eprintln!("SIGINT is ignored here (started in the background): only SIGTERM is tried");
    } else {
        interrupted("-INT", "1");
    }
    interrupted("-TERM", "2");
}
