//! How long `sudoku rate` takes over each puzzle, timed in-process on one thread, for the book's
//! rating bench (the weave's `ratebench` directive runs it beside hodoku-py's rater, which is
//! timed the same way, call by call).
//!
//!     rate_times FILE [INDEX...]
//!
//! Reads the puzzles of FILE (the first 81 characters of each line; comments and blank lines
//! skipped), and for each (or for those at the INDEXes, from 0) times the record `sudoku rate`
//! writes: the check that the puzzle has one solution, then its easiest-first path. Prints one
//! JSON object: each puzzle's time in seconds, and how many were rated (the others are beyond
//! the ladder or not puzzles with one solution). Exits 2 with a message on a bad argument or line.

use std::time::Instant;
use sudoku::hints::rate_record;
use sudoku::reader::parse_grid;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((file, indices)) = args.split_first() else {
        fail("usage: rate_times FILE [INDEX...]".into());
    };
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| fail(format!("{file}: {e}")));
    let puzzles: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| line.len() >= 81 && !line.starts_with('#') && line.is_char_boundary(81))
        .map(|line| &line[..81])
        .collect();
    let chosen: Vec<usize> = match indices.is_empty() {
        true => (0..puzzles.len()).collect(),
        false => indices
            .iter()
            .map(|i| i.parse().ok().filter(|&i| i < puzzles.len()))
            .map(|i| i.unwrap_or_else(|| fail(format!("an index of {file} is not a puzzle's"))))
            .collect(),
    };
    let (mut times, mut rated) = (Vec::with_capacity(chosen.len()), 0);
    for i in chosen {
        let grid = parse_grid(puzzles[i]).unwrap_or_else(|e| fail(format!("{file}: {e}")));
        let started = Instant::now();
        let (record, _) = rate_record(i + 1, &grid);
        times.push(started.elapsed().as_secs_f64());
        rated += usize::from(record["status"] == "rated");
    }
    println!("{}", serde_json::json!({"times": times, "rated": rated}));
}

fn fail(message: String) -> ! {
    eprintln!("rate_times: {message}");
    std::process::exit(2)
}
