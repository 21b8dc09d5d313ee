//! The peer of `sudoku generate --jobs 1`: minimal puzzles made by the crates.io `sudoku` crate
//! (AGPL-3.0, a dev-dependency only), for the side-by-side speed table of `{{#measure generated
//! versus}}` in the chapter "Making puzzles".
//!
//! `peer_generate COUNT none|rot180` makes COUNT puzzles on one thread and prints them one a
//! line (81 characters, `.` for a blank). `none` is `Sudoku::generate_from(generate_solved())`:
//! no given can be blanked without a second solution, as with our `--minimal`. `rot180` is
//! `Sudoku::generate()`, the crate's default: symmetric under a half turn, and no symmetric pair
//! of givens can be blanked, as with our `--symmetry rot180`. The crate draws its random numbers
//! from the thread's generator, so it takes no seed.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (count, symmetry) = match args.as_slice() {
        [count, symmetry] => match (count.parse::<u64>(), symmetry.as_str()) {
            (Ok(count), "none") => (count, peer::Symmetry::None),
            (Ok(count), "rot180") => (count, peer::Symmetry::HalfRotation),
            _ => return usage(),
        },
        _ => return usage(),
    };
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    for _ in 0..count {
        let puzzle =
            peer::Sudoku::generate_with_symmetry_from(peer::Sudoku::generate_solved(), symmetry);
        if writeln!(out, "{}", puzzle.to_str_line()).is_err() {
            return ExitCode::SUCCESS; // the reader has gone
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: peer_generate COUNT none|rot180");
    ExitCode::from(2)
}
