//! The measuring programs end to end, on a fake `sudoku` (a shell script that logs its calls), so
//! they run without the real binary: what the weave's `measure` directive gets from them.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Output};

const FAKE_SUDOKU: &str = r#"#!/bin/sh
echo "$*" >> "$(dirname "$0")/calls.log"
case "$*" in
  solvers)
    echo '{"name":"naive","original":true,"slow":true}'
    echo '{"name":"mrv","original":true,"slow":true}'
    echo '{"name":"dlx","original":false,"slow":true}' ;;
  *slow*) exec sleep 5 ;;
  *"--stats --count=2 two.txt")
    echo '{"index":0,"status":"unique","guesses":1,"nodes":2}'
    echo '{"index":1,"status":"no_solution","guesses":12000,"nodes":40000}'
    exit 1 ;;
  *"--stats"*"unreadable") echo '{"index":0,"status":"invalid"}'; exit 1 ;;
  *"--stats"*) echo '{"index":0,"status":"solved","guesses":172,"nodes":2081,"micros":9}' ;;
  *"--format json hard") echo '{"index":0,"status":"unique"}' ;;
  *"--format json"*) echo '{"index":0,"status":"unique","micros":1250}' ;;
  *) echo "unexpected: $*" >&2; exit 2 ;;
esac
"#;

struct Dir {
    _dir: tempfile::TempDir,
    root: PathBuf,
}

impl Dir {
    fn new() -> Dir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        let sudoku = root.join("sudoku");
        fs::write(&sudoku, FAKE_SUDOKU).unwrap();
        fs::set_permissions(&sudoku, fs::Permissions::from_mode(0o755)).unwrap();
        Dir { _dir: dir, root }
    }

    /// Runs `program` as the weave does: in the root, the binary's path first.
    fn run(&self, program: &str, words: &[&str]) -> Output {
        Command::new(program)
            .arg(self.root.join("sudoku"))
            .args(words)
            .current_dir(&self.root)
            .output()
            .unwrap()
    }

    fn calls(&self) -> String {
        fs::read_to_string(self.root.join("calls.log")).unwrap_or_default()
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn timings_take_medians_limits_and_references() {
    let dir = Dir::new();
    let words = [
        "easy",
        "hard",
        "slow",
        "solvers=original",
        "runs=3",
        "limit=0.5",
        "reference=0.24,-,1.5",
        "reference-label=Haskell",
    ];
    let out = dir.run(env!("CARGO_BIN_EXE_timings"), &words);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.starts_with("| grid | naive | mrv | Haskell |"), "{table}");
    assert!(table.contains("1.25 ms"), "{table}");
    assert!(table.contains("(wall)"));
    assert!(table.contains("> 0.5 s"));
    assert!(table.contains("240 ms"));
    assert!(table.contains("median of 3 runs"));
    // `sudoku solvers` + (2 solvers x 2 grids x 3 runs) + 2 slow runs killed at once.
    assert_eq!(dir.calls().lines().count(), 1 + 12 + 2);
}

#[test]
fn stats_tables_count_guesses_and_nodes() {
    let dir = Dir::new();
    let stats = env!("CARGO_BIN_EXE_stats");
    let out = dir.run(stats, &["easy", "slow", "solvers=naive,dlx", "limit=0.5"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.contains("| grid | naive | dlx |"), "{table}");
    assert!(table.contains("<div class=\"weave-counts\">"), "{table}");
    assert!(table.contains("| 172\u{a0}/\u{a0}2081 |"), "{table}");
    assert!(table.contains("| — |"));
    assert!(table.contains("marks a run stopped after 0.5 s on `"));

    // A file of two puzzles, one without a solution (exit 1): both counted, summed.
    let out = dir.run(stats, &["two.txt", "solvers=mrv", "count=2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.contains("12,001\u{a0}/\u{a0}40,002"), "{table}");
    assert!(table.contains("counting solutions up to 2"));
    assert!(table.contains("summed over the puzzles of a file"));
    let log = dir.calls();
    assert!(log.contains("--solver naive --format json --stats easy\n"), "{log}");
    assert!(log.contains("--solver mrv --format json --stats --count=2 two.txt\n"), "{log}");

    let out = dir.run(stats, &["easy"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("name the solvers to compare"));
    let out = dir.run(stats, &["unreadable", "solvers=mrv"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("without `guesses` and `nodes`"), "{}", text(&out.stderr));
}
