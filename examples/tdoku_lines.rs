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
//! check: tdoku counts up to two solutions, and each line is `unique`, `multiple` or
//! `no_solution`. tdoku writes a solution only when it reaches the limit, so a uniqueness check
//! gives none for a puzzle with one solution; the line is ours without its solution.

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
        let Some(cells) = puzzle(line) else {
            out.write_all(b"invalid\n")?;
            continue;
        };
        if limit > 1 {
            let (count, _) = peers::tdoku::solve(&cells, limit).expect("tdoku is built");
            out.write_all(match count {
                0 => b"no_solution\n".as_slice(),
                1 => b"unique\n",
                _ => b"multiple\n",
            })?;
            continue;
        }
        match peers::tdoku::first_solution(&cells) {
            Some(Some(solution)) => {
                out.write_all(&solution)?;
                out.write_all(b"\n")?;
            }
            _ => out.write_all(b"no_solution\n")?,
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
