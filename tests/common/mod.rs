//! What the integration tests share: running the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Starts `sudoku ARGS` with its three streams piped, writing `stdin` to it from a thread of
/// its own (joined by the caller).
fn spawn<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    stdin: &[u8],
) -> (std::process::Child, std::thread::JoinHandle<()>) {
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
    (child, feeder)
}

/// Runs `sudoku ARGS` with `stdin` on its standard input and waits for it.
///
/// The input is written from another thread, so that a binary that writes a lot before reading
/// everything cannot deadlock the test; a binary that exits without reading all of it is fine.
#[allow(dead_code)] // the fuzz test runs everything bounded
pub fn run_sudoku(args: &[&str], stdin: &[u8]) -> Output {
    let (child, feeder) = spawn(args, stdin);
    let out = child.wait_with_output().expect("the binary ends");
    feeder.join().expect("the feeder thread ends");
    out
}

/// Runs `sudoku ARGS` on `stdin`, killed once it has run for `limit`: its exit status (`None`
/// when killed or signalled), its standard output and error (lossy UTF-8), and how long it ran.
/// The tests of bounded answers use it, so that a hang fails the test instead of stalling it.
#[allow(dead_code)] // not every test file that shares this module runs anything bounded
pub fn run_bounded<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    stdin: &[u8],
    limit: std::time::Duration,
) -> (Option<i32>, String, String, std::time::Duration) {
    use std::io::Read;
    let (mut child, feeder) = spawn(args, stdin);
    let read = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = read(Box::new(child.stdout.take().expect("a pipe")));
    let err = read(Box::new(child.stderr.take().expect("a pipe")));
    let started = std::time::Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status.code();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let took = started.elapsed();
    let _ = feeder.join();
    (code, out.join().expect("stdout read"), err.join().expect("stderr read"), took)
}
