//! `latency SUDOKU GRID jobs=1,2 runs=N copies=M` (`{{#measure latency ...}}`): how soon `sudoku` answers a puzzle written to a
//! pipe that stays open, and how many puzzles a second it solves from a file and from a pipe.
//!
//! For each `--jobs` value of `jobs` (default `1,2`), the binary is started as a coprocess,
//! `sudoku --format line --jobs J -`, and GRID's puzzle (a built-in name or a file; its first
//! puzzle, as the binary reads it) is written to it `runs` times (default 20), one at a time,
//! each time waiting for its answer line: the time from the write to the answer is the latency,
//! reported as the best and the median. Then a file of `copies` copies of the puzzle (default
//! 5000) is solved three times as a file named on the command line and three times written
//! into standard input as fast as the binary reads it; the best of each gives puzzles a second.
//! The measurement is [`measure`], which returns a plain [`Latency`]; [`render`] makes the table.

use crate::{Args, Ctx};
use anyhow::{Context, Result, ensure};
use results::format;
use results::run::{self, Streams};
use results::words::{code_span, number, table};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const OPTIONS: &[&str] = &["jobs", "runs", "copies"];

/// Longer than any one answer or run should take.
const LIMIT: Duration = Duration::from_secs(120);

/// What [`measure`] found, for each `--jobs` value.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Latency {
    /// The puzzle, as 81 characters.
    pub puzzle: String,
    pub runs: usize,
    pub copies: usize,
    pub rows: Vec<LatencyRow>,
}

/// The measurements with one `--jobs` value.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LatencyRow {
    pub jobs: u32,
    /// From writing the puzzle to reading its answer, in seconds: the best and the median run.
    pub answer_best: f64,
    pub answer_median: f64,
    /// Puzzles a second, best of three, from a file named on the command line and from a pipe.
    pub file_rate: f64,
    pub pipe_rate: f64,
}

pub fn run(ctx: &Ctx, args: &Args) -> Result<String> {
    let (grids, options) = args.options(OPTIONS)?;
    ensure!(grids.len() == 1, "name one grid: a built-in name or a file");
    let jobs: Vec<u32> = match options.get("jobs") {
        None => vec![1, 2],
        Some(list) => list
            .split(',')
            .map(|j| j.parse().ok().filter(|&j| j >= 1))
            .collect::<Option<_>>()
            .with_context(|| format!("`jobs={list}`: a list of thread counts from 1"))?,
    };
    let runs: usize = number(&options, "runs", 20)?;
    let copies: usize = number(&options, "copies", 5000)?;
    ensure!(runs >= 1 && copies >= 1, "`runs` and `copies` must be at least 1");
    let latency = measure(&ctx.sudoku, &ctx.root, grids[0], &jobs, runs, copies)?;
    Ok(render(&latency))
}

/// Measures the binary `sudoku` (run in `root`) on GRID's first puzzle.
pub fn measure(
    sudoku: &Path,
    root: &Path,
    grid: &str,
    jobs: &[u32],
    runs: usize,
    copies: usize,
) -> Result<Latency> {
    let puzzle = first_puzzle(sudoku, root, grid)?;
    let text = format!("{puzzle}\n").repeat(copies);
    let file = std::env::temp_dir().join(format!("weave-latency-{}.txt", std::process::id()));
    std::fs::write(&file, &text).with_context(|| format!("cannot write {}", file.display()))?;
    let rows = jobs
        .iter()
        .map(|&jobs| -> Result<LatencyRow> {
            let answers = answer_times(sudoku, root, &puzzle, jobs, runs)?;
            let best_of_three = |pipe: bool| -> Result<f64> {
                let times: Vec<f64> = (0..3)
                    .map(|_| solve_all(sudoku, root, &file, &text, jobs, pipe))
                    .collect::<Result<_>>()?;
                Ok(copies as f64 / times.into_iter().fold(f64::INFINITY, f64::min))
            };
            Ok(LatencyRow {
                jobs,
                answer_best: answers.iter().copied().fold(f64::INFINITY, f64::min),
                answer_median: format::median(&answers),
                file_rate: best_of_three(false)?,
                pipe_rate: best_of_three(true)?,
            })
        })
        .collect::<Result<Vec<_>>>();
    let _ = std::fs::remove_file(&file);
    Ok(Latency { puzzle, runs, copies, rows: rows? })
}

/// GRID's first puzzle as the binary reads it: the `puzzle` field of its JSON report.
fn first_puzzle(sudoku: &Path, root: &Path, grid: &str) -> Result<String> {
    let args = ["--format", "json", grid].map(String::from);
    let out = run::run(sudoku, &args, root, LIMIT, Streams::Separate)?;
    let line = out.stdout.lines().next().with_context(|| format!("no puzzle in {grid}"))?;
    let row: serde_json::Value = serde_json::from_str(line)?;
    let puzzle = row["puzzle"].as_str().with_context(|| format!("{grid}: no puzzle read"))?;
    Ok(puzzle.to_string())
}

/// The seconds from writing the puzzle to reading its answer, `runs` times, to one coprocess.
fn answer_times(
    sudoku: &Path,
    root: &Path,
    puzzle: &str,
    jobs: u32,
    runs: usize,
) -> Result<Vec<f64>> {
    let mut child = Command::new(sudoku)
        .args(["--format", "line", "--jobs", &jobs.to_string(), "-"])
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot run {}", sudoku.display()))?;
    let mut stdin = child.stdin.take().context("a pipe")?;
    let mut stdout = BufReader::new(child.stdout.take().context("a pipe")?);
    let mut times = Vec::with_capacity(runs);
    let mut line = String::new();
    for _ in 0..runs {
        let start = Instant::now();
        stdin.write_all(format!("{puzzle}\n").as_bytes())?;
        stdin.flush()?;
        line.clear();
        ensure!(stdout.read_line(&mut line)? > 0, "the coprocess ended without an answer");
        times.push(start.elapsed().as_secs_f64());
    }
    drop(stdin);
    child.wait()?;
    Ok(times)
}

/// The seconds one run takes to solve every puzzle of `file` (whose content is `text`): named
/// on the command line, or written into a pipe.
fn solve_all(
    sudoku: &Path,
    root: &Path,
    file: &Path,
    text: &str,
    jobs: u32,
    pipe: bool,
) -> Result<f64> {
    let jobs = jobs.to_string();
    let mut command = Command::new(sudoku);
    command.args(["--format", "line", "--jobs", &jobs]).current_dir(root).stdout(Stdio::null());
    if !pipe {
        command.arg(file).stdin(Stdio::null());
    } else {
        command.stdin(Stdio::piped());
    }
    let start = Instant::now();
    let mut child = command.spawn().with_context(|| format!("cannot run {}", sudoku.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        let text = text.to_string();
        std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    }
    let status = child.wait()?;
    let seconds = start.elapsed().as_secs_f64();
    ensure!(status.success() && seconds < LIMIT.as_secs_f64(), "`sudoku --jobs {jobs}`: {status}");
    Ok(seconds)
}

/// The table: a column per `--jobs` value.
pub fn render(latency: &Latency) -> String {
    let mut header = vec![String::new()];
    header.extend(latency.rows.iter().map(|row| code_span(&format!("--jobs {}", row.jobs))));
    let rows = [
        (
            format!("answer to one puzzle, best / median of {}", latency.runs),
            Box::new(|r: &LatencyRow| {
                format!(
                    "{} / {}",
                    format::duration(r.answer_best),
                    format::duration(r.answer_median)
                )
            }) as Box<dyn Fn(&LatencyRow) -> String>,
        ),
        (
            format!("{} puzzles from a file, per second", latency.copies),
            Box::new(|r: &LatencyRow| format::grouped(&format!("{:.0}", r.file_rate))),
        ),
        (
            "the same from a pipe, per second".to_string(),
            Box::new(|r: &LatencyRow| format::grouped(&format!("{:.0}", r.pipe_rate))),
        ),
    ];
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|(name, cell)| {
            let mut row = vec![name.clone()];
            row.extend(latency.rows.iter().map(cell));
            row
        })
        .collect();
    table(&header, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_a_column_per_jobs_value() {
        let row = |jobs| LatencyRow {
            jobs,
            answer_best: 0.000_25,
            answer_median: 0.0123,
            file_rate: 123_456.7,
            pipe_rate: 999.0,
        };
        let latency =
            Latency { puzzle: ".".repeat(81), runs: 20, copies: 5000, rows: vec![row(1), row(2)] };
        let text = render(&latency);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "|  | `--jobs 1` | `--jobs 2` |");
        assert!(lines[2].contains("| 250 µs / 12.3 ms |"), "{}", lines[2]);
        assert!(lines[3].contains("| 123,457 |"), "{}", lines[3]);
        assert!(lines[4].ends_with("| 999 | 999 |"), "{}", lines[4]);
        let json = serde_json::to_string(&latency).unwrap();
        assert_eq!(serde_json::from_str::<Latency>(&json).unwrap(), latency);
    }
}
