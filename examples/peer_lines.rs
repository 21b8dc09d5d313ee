//! The peer of `sudoku --format line --jobs 1`: the same job done with the crates.io `sudoku`
//! crate (AGPL-3.0, a dev-dependency only), for the whole-process comparison of
//! `benches/lines.sh`.
//!
//! It reads puzzles one a line from standard input (81 characters, `.` or `0` for a blank),
//! solves each with the crate's fastest call for a first solution, and prints the solution's 81
//! digits, or `no_solution` or `invalid`, one line per puzzle, in order, on one thread. Like our
//! command, it locks standard output once and buffers it.

use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
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
        match peer::Sudoku::from_str_line(line) {
            Ok(puzzle) => match puzzle.some_solution() {
                Some(solution) => {
                    out.write_all(solution.to_str_line().as_bytes())?;
                    out.write_all(b"\n")?;
                }
                None => out.write_all(b"no_solution\n")?,
            },
            Err(_) => out.write_all(b"invalid\n")?,
        }
    }
    out.flush()
}
