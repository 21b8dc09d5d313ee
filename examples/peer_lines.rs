//! The peer of `sudoku --format line --jobs 1`: the same job done with the crates.io `sudoku`
//! crate (AGPL-3.0, a dev-dependency only), for the whole-process comparison of
//! `benches/lines.sh`.
//!
//! It reads puzzles one a line from standard input (81 characters, `.` or `0` for a blank),
//! solves each with the crate's fastest call for a first solution, and prints the solution's 81
//! digits, or `no_solution` or `invalid`, one line per puzzle, in order, on one thread. Like our
//! command, it locks standard output once and buffers it.
//!
//! With `--count=2` it does the job of `sudoku --format line --jobs 1 --count=2`, a uniqueness
//! check: the crate looks for two solutions, and each line is the first and `unique` or
//! `multiple`.

use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let unique = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--count=2") => true,
        Some(other) => {
            eprintln!("peer_lines: unknown argument {other} (only --count=2)");
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
        match peer::Sudoku::from_str_line(line) {
            Ok(puzzle) if unique => {
                let mut found = [[0u8; 81]; 2];
                match puzzle.solutions_up_to_buffer(&mut found, 2) {
                    0 => out.write_all(b"no_solution\n")?,
                    count => {
                        out.write_all(&found[0].map(|digit| b'0' + digit))?;
                        out.write_all(if count == 1 { b" unique\n" } else { b" multiple\n" })?;
                    }
                }
            }
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
