//! Integration tests: `sudoku` as a filter and a coprocess (answers as soon as the input pauses),
//! input saved by any editor, and the words for a bad `--count` or `--jobs`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

mod common;

const HARD: &str =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// How long a test binary (a debug build, on a busy machine) may take to answer one puzzle.
const PATIENCE: Duration = Duration::from_secs(2);

/// A running `sudoku` with its standard input kept open, and its output lines as they come.
struct Coprocess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Coprocess {
    fn start(args: &[&str]) -> Coprocess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdout = BufReader::new(child.stdout.take().expect("a pipe"));
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if sender.send(line.expect("output is UTF-8")).is_err() {
                    break;
                }
            }
        });
        Coprocess { stdin: child.stdin.take(), child, lines }
    }

    /// Writes `text` and leaves standard input open.
    fn write(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("standard input is open");
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// The output lines up to and including the first for which `last` holds, each waited for
    /// at most `PATIENCE`; panics if one does not come while standard input is still open.
    fn answer(&self, last: impl Fn(&str) -> bool) -> (Vec<String>, Duration) {
        let start = Instant::now();
        let mut lines = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let done = last(&line);
                    lines.push(line);
                    if done {
                        return (lines, start.elapsed());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no answer within {PATIENCE:?} with the input open; got {lines:?}")
                }
                Err(RecvTimeoutError::Disconnected) => panic!("the output ended: {lines:?}"),
            }
        }
    }

    /// Closes standard input and returns the exit status.
    fn finish(mut self) -> i32 {
        drop(self.stdin.take());
        self.child.wait().unwrap().code().expect("exited, not killed")
    }
}

/// The last line of one puzzle's answer in each format.
fn ends_answer(format: &str) -> impl Fn(&str) -> bool {
    let pretty = format == "pretty";
    move |line: &str| !pretty || line.starts_with("CPU time")
}

#[test]
fn each_answer_comes_while_the_input_is_still_open() {
    for jobs in ["1", "2"] {
        for format in ["line", "json", "pretty"] {
            let mut sudoku = Coprocess::start(&["--format", format, "--jobs", jobs, "-"]);
            for (k, puzzle) in [HARD, EASY, HARD].iter().enumerate() {
                sudoku.write(&format!("{puzzle}\n"));
                let (lines, _) = sudoku.answer(ends_answer(format));
                let text = lines.join("\n");
                match format {
                    "line" => assert!(text.len() == 81 && text.bytes().all(|b| b.is_ascii_digit())),
                    "json" => {
                        assert!(text.contains(&format!("\"index\":{k},")), "{text}");
                        assert!(text.contains("\"status\":\"solved\""), "{text}");
                    }
                    _ => assert!(text.contains("Solution 1:"), "{text}"),
                }
            }
            assert_eq!(sudoku.finish(), 0, "--format {format} --jobs {jobs}");
        }
    }
}

#[test]
fn a_nine_line_grid_and_a_bad_line_are_answered_as_they_come() {
    for jobs in ["1", "2"] {
        let mut sudoku = Coprocess::start(&["--format", "line", "--jobs", jobs]);
        // A grid over nine lines, written a line at a time, is answered after its last row.
        for row in HARD.as_bytes().chunks(9) {
            sudoku.write(&format!("{}\r\n", String::from_utf8_lossy(row)));
        }
        let (lines, _) = sudoku.answer(|_| true);
        assert_eq!(lines[0].len(), 81);
        // A line that is not a puzzle is answered at once too, a comment after it or not.
        sudoku.write("12345678901234567890\n# a comment\n");
        assert_eq!(sudoku.answer(|_| true).0, vec!["invalid"]);
        sudoku.write(&format!("{EASY}\n\n"));
        assert_eq!(sudoku.answer(|_| true).0[0].len(), 81);
        assert_eq!(sudoku.finish(), 1);
    }
}

#[test]
fn an_ordinary_puzzle_is_answered_at_once() {
    // The bound that matters is in the release build (well under 10 ms); a debug test binary on a
    // shared machine gets the generous `PATIENCE`. The best of several answers is taken.
    let mut sudoku = Coprocess::start(&["--format", "line", "--jobs", "2"]);
    let best = (0..5)
        .map(|_| {
            sudoku.write(&format!("{EASY}\n"));
            sudoku.answer(|_| true).1
        })
        .min()
        .unwrap();
    assert!(best < PATIENCE, "{best:?}");
    assert_eq!(sudoku.finish(), 0);
}

#[test]
fn a_fast_pipe_is_answered_in_full_and_in_order() {
    let puzzles: String =
        (0..20_000).map(|k| format!("{}\n", if k % 3 == 0 { HARD } else { EASY })).collect();
    for jobs in ["1", "2"] {
        let out = common::run_sudoku(&["--format", "json", "--jobs", jobs], puzzles.as_bytes());
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 20_000);
        for (k, line) in lines.iter().enumerate() {
            assert!(line.starts_with(&format!("{{\"index\":{k},")), "{line}");
        }
    }
}

#[test]
fn files_saved_by_any_editor_are_read() {
    // A byte-order mark, CRLF and lone CR line ends, and a nine-line grid laid out with tabs.
    let nine: String = HARD
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row = String::from_utf8_lossy(row);
            format!("{}\t{}\t{}\r\n", &row[..3], &row[3..6], &row[6..])
        })
        .collect();
    let text = format!("\u{feff}{HARD}\r\n{EASY}\r{nine}");
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    let path = file.path().to_str().unwrap();
    for input in [&["--format", "json", path][..], &["--format", "json"][..]] {
        let out = common::run_sudoku(input, text.as_bytes());
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let rows: Vec<&str> = stdout.lines().collect();
        assert_eq!(rows.len(), 3, "{stdout}");
        for (row, line) in rows.iter().zip([1, 2, 3]) {
            assert!(row.contains(&format!("\"line\":{line},")), "{row}");
            assert!(row.contains("\"status\":\"solved\""), "{row}");
        }
    }
}

#[test]
fn a_bad_number_is_answered_in_words_by_every_option() {
    let threads = "the number of threads is a whole number from 1 to";
    let limit = "the limit of solutions is a whole number, 1 or more";
    let seconds = "the time allowed is a number of seconds greater than 0";
    for (args, words) in [
        (&["--jobs", "0", "easy"][..], threads),
        (&["--jobs", "100000", "easy"][..], threads),
        (&["--jobs", "two", "easy"][..], threads),
        (&["--jobs", "-1", "easy"][..], threads),
        (&["--count=0", "easy"][..], limit),
        (&["--count=-3", "easy"][..], limit),
        (&["--count=99999999999999999999999", "easy"][..], limit),
        (&["--max-steps", "-5", "easy"][..], "the budget of steps is a whole number, 1 or more"),
        (&["rate", "--jobs", "-1", "easy"][..], threads),
        (&["hint", "--jobs", "-1", "easy"][..], threads),
        (&["explain", "--timeout", "-5", "easy"][..], seconds),
        (&["rate", "--timeout", "1e-12", "easy"][..], seconds),
        (&["generate", "--jobs", "-1"][..], threads),
        (&["generate", "--seed", "-1"][..], "the seed is a whole number, 0 or more"),
        (&["generate", "--count", "0"][..], "the number of puzzles is a whole number, 1 or more"),
        (
            &["generate", "--max-tries", "-1"][..],
            "the number of tries is a whole number, 1 or more",
        ),
        (&["generate", "--givens", "-1..30"][..], "givens are MIN..MAX or N"),
        (&["generate", "--rating", "-2..3"][..], "ratings are MIN..MAX or R"),
        (&["trace", "--solutions", "-1", "easy"][..], "the number of solutions is a whole number"),
        (&["trace", "--max-events", "0", "easy"][..], "the number of events is a whole number"),
    ] {
        let out = common::run_sudoku(args, b"");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(words), "{args:?}: {stderr}");
        for clap_s in ["is not in", "unexpected argument"] {
            assert!(!stderr.contains(clap_s), "{args:?}: {stderr}");
        }
    }
}
