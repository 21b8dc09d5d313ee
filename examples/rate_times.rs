//! How long `sudoku rate` takes over each puzzle, timed in-process on one thread, for the book's
//! rating bench (the example `ratebench` runs it beside hodoku-py's rater, which is
//! timed the same way, call by call).
//!
//!     rate_times [--rungs | --rounds R] FILE [INDEX...]
//!
//! Reads the puzzles of FILE (the first 81 characters of each line; comments and blank lines
//! skipped), and for each (or for those at the INDEXes, from 0) times the record `sudoku rate`
//! writes: the check that the puzzle has one solution, then its easiest-first path. It does so R
//! times (one round by default). Prints one JSON object: each puzzle's time in seconds in the
//! round of median total time, every round's total (`round_totals`), and how many were rated (the
//! others are beyond the ladder or not puzzles with one solution). Exits 2 with a message on a
//! bad argument or line.
//!
//! Then, outside the timed loop, it checks that the rater never lies: each of those puzzles with
//! one solution is solved by the `fast` solver, and every step of the rater's path must keep the
//! solution's digit in every cell it strikes and place only the solution's digits. The object
//! says how many steps of how many puzzles were checked (`checked`); a step that lies is printed
//! and the example exits 1, so the bench fails rather than count it.
//!
//! With `--rungs` it says instead where the time of the paths goes: it walks each puzzle's path
//! as the ladder does (every rung in turn, easiest first, until one gives a step), times each
//! rung's search, and prints one JSON object with, for each rung, its name, its rating, the
//! seconds spent searching it over all the puzzles (whether it found a step or not), and the steps
//! it gave. The walk is the ladder's `next`, written out here with a clock around each rung.

use std::time::Instant;
use sudoku::hints::rate_record;
use sudoku::pencil_marks::PencilMarks;
use sudoku::reader::parse_grid;
use sudoku::representation::Grid;
use sudoku::solver::SolverName;
use sudoku::techniques::{Rater, Technique};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let rungs = args.first().is_some_and(|a| a == "--rungs");
    if rungs {
        args.remove(0);
    }
    let mut rounds = 1;
    if args.first().is_some_and(|a| a == "--rounds") && args.len() > 1 {
        rounds = args[1].parse().ok().filter(|&r| r >= 1).unwrap_or_else(|| {
            fail(format!("--rounds {}: say how many rounds, at least 1", args[1]))
        });
        args.drain(..2);
    }
    let Some((file, indices)) = args.split_first() else {
        fail("usage: rate_times [--rungs | --rounds R] FILE [INDEX...]".into());
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
    // Each chosen puzzle read once, for every round and the check.
    let grids: Vec<(usize, Grid)> = chosen
        .iter()
        .map(|&i| (i, parse_grid(puzzles[i]).unwrap_or_else(|e| fail(format!("{file}: {e}")))))
        .collect();
    if rungs {
        println!("{}", rung_times(grids.into_iter().map(|(_, grid)| grid)));
        return;
    }
    let (mut every_round, mut rated) = (Vec::with_capacity(rounds), 0);
    for _ in 0..rounds {
        let (mut times, mut rated_now) = (Vec::with_capacity(grids.len()), 0);
        for (i, grid) in &grids {
            let started = Instant::now();
            let (record, _) = rate_record(*i, grid);
            times.push(started.elapsed().as_secs_f64());
            rated_now += usize::from(record["status"] == "rated");
        }
        every_round.push(times);
        rated = rated_now;
    }
    // The round of median total time stands for all of them.
    let total = |times: &Vec<f64>| times.iter().sum::<f64>();
    let totals: Vec<f64> = every_round.iter().map(total).collect();
    every_round.sort_by(|a, b| total(a).total_cmp(&total(b)));
    let times = &every_round[rounds / 2];
    // Never lies, checked after the clock has stopped.
    let (mut checked, mut steps) = (0, 0);
    for (i, grid) in &grids {
        let [solution] = SolverName::Fast.search(grid, 2, &mut ()).solutions[..] else {
            continue; // no solution or several: the rater rates nothing
        };
        checked += 1;
        Rater::default().rate_with(PencilMarks::from_grid(grid), &mut |_, step, _| {
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
    let record = serde_json::json!({"times": times, "round_totals": totals, "rated": rated,
        "checked": checked});
    println!("{record}");
}

/// Each rung's searching time and steps over the paths of `grids`, as JSON.
fn rung_times(grids: impl Iterator<Item = Grid>) -> serde_json::Value {
    let mut seconds = [0.0f64; Technique::ALL.len()];
    let mut steps = [0usize; Technique::ALL.len()];
    for grid in grids {
        let (mut marks, mut rater) = (PencilMarks::from_grid(&grid), Rater::default());
        'path: while marks.blanks() > 0 {
            for (r, technique) in Technique::ALL.iter().enumerate() {
                let started = Instant::now();
                let step = technique.first(&mut rater, &marks);
                seconds[r] += started.elapsed().as_secs_f64();
                if let Some(step) = step {
                    steps[r] += 1;
                    step.apply(&mut marks);
                    continue 'path;
                }
            }
            break; // beyond the ladder
        }
    }
    let rows: Vec<serde_json::Value> = Technique::ALL
        .iter()
        .enumerate()
        .map(|(r, t)| {
            serde_json::json!({"rung": t.name(), "rating": t.rating(),
                "seconds": seconds[r], "steps": steps[r]})
        })
        .collect();
    serde_json::json!({ "rungs": rows })
}

fn fail(message: String) -> ! {
    eprintln!("rate_times: {message}");
    std::process::exit(2)
}
