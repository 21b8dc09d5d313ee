//! The recipe of the batch chapter's "Beyond one machine": a list rated in blocks by GNU parallel,
//! each block by its own `sudoku rate`, gives the records of `sudoku rate` on the whole list, but
//! for where each record says it came from (its block, read as standard input).

mod common;

use common::run_sudoku;
use std::io::Write;
use std::process::{Command, Stdio};

/// A record without the fields that say where in its input it was.
fn answer(line: &str) -> serde_json::Value {
    let mut record: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
    let fields = record.as_object_mut().expect("an object");
    for key in ["index", "line", "source"] {
        assert!(fields.remove(key).is_some(), "a record without `{key}`: {line}");
    }
    record
}

#[test]
fn gnu_parallel_rating_in_blocks_gives_the_records_of_the_whole_list() {
    if Command::new("parallel").arg("--version").output().is_err() {
        eprintln!(
            "GNU parallel is not installed (apt-get install parallel): the recipe is not run"
        );
        return;
    }
    let generated = run_sudoku(&["generate", "--count", "24", "--seed", "5"], b"");
    assert!(generated.status.success());
    let list = generated.stdout;
    let whole = run_sudoku(&["rate", "-"], &list);
    assert!(whole.status.success(), "{}", String::from_utf8_lossy(&whole.stderr));
    let mut parallel = Command::new("parallel")
        .args(["--will-cite", "--pipe", "--keep-order", "-N", "5", "-j", "2"])
        .arg(env!("CARGO_BIN_EXE_sudoku"))
        .args(["rate", "--jobs", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parallel runs");
    parallel.stdin.take().expect("a pipe").write_all(&list).expect("the list is written");
    let blocks = parallel.wait_with_output().expect("parallel ends");
    assert!(blocks.status.success(), "{}", String::from_utf8_lossy(&blocks.stderr));
    let (whole, blocks) = (String::from_utf8(whole.stdout), String::from_utf8(blocks.stdout));
    let (whole, blocks) = (whole.expect("UTF-8"), blocks.expect("UTF-8"));
    // Each block counted its lines from 1: five blocks of five lines or fewer.
    let line = |l: &str| serde_json::from_str::<serde_json::Value>(l).unwrap()["line"].as_u64();
    let firsts = blocks.lines().filter(|l| line(l) == Some(1)).count();
    assert_eq!((firsts, blocks.lines().filter_map(line).max()), (5, Some(5)));
    let whole: Vec<_> = whole.lines().map(answer).collect();
    let blocks: Vec<_> = blocks.lines().map(answer).collect();
    assert_eq!(whole.len(), 24);
    assert_eq!(blocks, whole);
}
