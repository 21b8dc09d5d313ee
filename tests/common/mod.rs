//! What the integration tests share: running the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `sudoku ARGS` with `stdin` on its standard input and waits for it.
///
/// The input is written from another thread, so that a binary that writes a lot before reading
/// everything cannot deadlock the test; a binary that exits without reading all of it is fine.
pub fn run_sudoku(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("a pipe");
    let bytes = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("the binary ends");
    feeder.join().expect("the feeder thread ends");
    out
}
