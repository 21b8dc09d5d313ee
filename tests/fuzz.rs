//! Arbitrary bytes on the binary's standard input and in a file: never a panic, always a
//! documented exit status.

use proptest::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `sudoku ARGS` on `stdin` and returns its exit status and standard error.
fn run(args: &[&str], stdin: &[u8]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Bytes that are mostly grid characters, so that whole grids and near-misses are common.
fn gridlike() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        10 => prop::sample::select(b"123456789.........".to_vec()),
        2 => prop::sample::select(b" |-+\n\n#x\t".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..400)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn arbitrary_bytes_never_crash_the_binary(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let (code, err) = run(&["--format", "json"], &bytes);
        prop_assert!(matches!(code, Some(0..=2)), "exit {code:?}: {err}");
        prop_assert!(!err.contains("panicked"), "{err}");
    }

    #[test]
    fn gridlike_bytes_never_crash_the_binary(bytes in gridlike(), count in any::<bool>()) {
        let args: &[&str] = if count { &["--count", "-"] } else { &["--format", "pretty", "-"] };
        let (code, err) = run(args, &bytes);
        prop_assert!(matches!(code, Some(0..=2)), "exit {code:?}: {err}");
        prop_assert!(!err.contains("panicked"), "{err}");
    }
}
