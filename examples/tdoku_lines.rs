//! tdoku doing the job of `sudoku --format line --jobs 1`, like `examples/peer_lines.rs` does
//! with the crates.io `sudoku` crate, for the whole-process comparison: tdoku itself, in C++, is
//! built by `tools/peers` (a dev-dependency only).
//!
//! It reads puzzles one a line from standard input (81 characters, `.` or `0` for a blank),
//! asks tdoku for a first solution of each and prints its 81 digits, or `no_solution` (which
//! includes clues that break a rule: tdoku does not tell them apart), or `invalid` for a line
//! that is not a puzzle, one line per puzzle, in order, on one thread, buffered. When tdoku was
//! not built it says so and exits with status 2.
//!
//! With `--count=2` it does the job of `sudoku --format line --jobs 1 --count=2`, a uniqueness
//! check: tdoku counts up to two solutions, and each line is a solution and `unique` or
//! `multiple`. tdoku writes the solution it stops at, which for a puzzle with several solutions is
//! not the first; so only puzzles with one solution print what ours prints.

use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    if !peers::tdoku::available() {
        eprintln!("tdoku_lines: tdoku was not built (see the warning of `tools/peers`)");
        std::process::exit(2);
    }
    let limit = match std::env::args().nth(1).as_deref() {
        None => 1,
        Some("--count=2") => 2,
        Some(other) => {
            eprintln!("tdoku_lines: unknown argument {other} (only --count=2)");
            std::process::exit(2);
        }
    };
    let mut stdin = std::io::stdin().lock();
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut buffer = String::new();
    loop {
        buffer.clear();
        if stdin.read_line(&mut buffer)? == 0 {
            break;
        }
        let line = buffer.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match puzzle(line).map(|p| peers::tdoku::solution(&p, limit)) {
            Some(Some(Some((solution, count)))) => {
                out.write_all(&solution)?;
                out.write_all(match (limit, count) {
                    (1, _) => b"\n",
                    (_, 1) => b" unique\n",
                    _ => b" multiple\n",
                })?;
            }
            Some(_) => out.write_all(b"no_solution\n")?,
            None => out.write_all(b"invalid\n")?,
        }
    }
    out.flush()
}

/// The 81 cells of a line as tdoku reads them (`1`-`9`, `.` for a blank), or `None`.
fn puzzle(line: &str) -> Option<[u8; 81]> {
    let cells: [u8; 81] = line.as_bytes().try_into().ok()?;
    cells
        .iter()
        .all(|c| matches!(c, b'0'..=b'9' | b'.'))
        .then(|| cells.map(|c| if c == b'0' { b'.' } else { c }))
}
