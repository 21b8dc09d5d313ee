//! How long `sudoku rate` takes over each puzzle, timed in-process on one thread, for the book's
//! rating bench (the example `ratebench` runs it beside hodoku-py's rater, which is
//! timed the same way, call by call).
//!
//!     rate_times FILE [INDEX...]
//!
//! Reads the puzzles of FILE (the first 81 characters of each line; comments and blank lines
//! skipped), and for each (or for those at the INDEXes, from 0) times the record `sudoku rate`
//! writes: the check that the puzzle has one solution, then its easiest-first path. Prints one
//! JSON object: each puzzle's time in seconds, and how many were rated (the others are beyond
//! the ladder or not puzzles with one solution). Exits 2 with a message on a bad argument or line.
//!
//! Then, outside the timed loop, it checks that the rater never lies: each of those puzzles with
//! one solution is solved by the `fast` solver, and every step of the rater's path must keep the
//! solution's digit in every cell it strikes and place only the solution's digits. The object
//! says how many steps of how many puzzles were checked (`checked`); a step that lies is printed
//! and the example exits 1, so the bench fails rather than count it.

use std::time::Instant;
use sudoku::hints::rate_record;
use sudoku::pencil_marks::PencilMarks;
use sudoku::rating::rate_with;
use sudoku::reader::parse_grid;
use sudoku::solver::SolverName;

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
    for &i in &chosen {
        let grid = parse_grid(puzzles[i]).unwrap_or_else(|e| fail(format!("{file}: {e}")));
        let started = Instant::now();
        let (record, _) = rate_record(i, &grid);
        times.push(started.elapsed().as_secs_f64());
        rated += usize::from(record["status"] == "rated");
    }
    // Never lies, checked after the clock has stopped.
    let (mut checked, mut steps) = (0, 0);
    for &i in &chosen {
        let grid = parse_grid(puzzles[i]).unwrap_or_else(|e| fail(format!("{file}: {e}")));
        let [solution] = SolverName::Fast.search(&grid, 2, &mut ()).solutions[..] else {
            continue; // no solution or several: the rater rates nothing
        };
        checked += 1;
        rate_with(PencilMarks::from_grid(&grid), &mut |step, _| {
            steps += 1;
            let lies = step.eliminations.iter().any(|&(c, d)| solution.get(c) == d)
                || step.placements.iter().any(|&(c, d)| solution.get(c) != d);
            if lies {
                eprintln!("rate_times: {file}: puzzle {} lies: {}", i + 1, step.text);
                std::process::exit(1);
            }
        });
    }
    let checked = serde_json::json!({"puzzles": checked, "steps": steps});
    println!("{}", serde_json::json!({"times": times, "rated": rated, "checked": checked}));
}

fn fail(message: String) -> ! {
    eprintln!("rate_times: {message}");
    std::process::exit(2)
}
