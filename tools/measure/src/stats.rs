//! `stats SUDOKU GRID... solvers=LIST limit=SECONDS count=N` (`{{#measure stats ...}}`): a table of how much searching each
//! solver does, one row per grid and one column per solver.
//!
//! Each cell reads `guesses / nodes` (kept on one line), the two counts that
//! `sudoku --solver S --format json --stats [--count=N] GRID` reports, summed over the puzzles
//! when GRID is a file of several. Counts do not depend on the machine, so one run makes a cell.
//! A run still going after `limit` seconds (default 10) is stopped; its cell reads `—`, and a line
//! under the table says so. `solvers=` is required: a table of one unnamed column would not say
//! what it compares. It chooses solvers as `timings` does: names, `all`, or facts. The binary exits 1 when a puzzle has no solution, a search worth counting
//! all the same; a puzzle it could not read has no counts, and fails the build.
//!
//! The table sits in a `<div class="weave-counts">`, which `tools/weave/weave.css` gives
//! narrower cells than mdBook's.

use crate::grid_by_solver;
use crate::timings::{list_solvers, select};
use crate::{Args, Ctx};
use anyhow::{Context, Result, bail, ensure};
use results::clock;
use results::format;
use results::machine;
use results::run::{self, Streams};
use results::words::{code_span, json_lines, number, table, time_limit};
use std::time::Duration;

const OPTIONS: &[&str] = &["solvers", "limit", "count"];

/// What one run of the binary counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Work {
    guesses: u64,
    nodes: u64,
    /// How many puzzles the counts are summed over (more than one for a file of grids).
    puzzles: usize,
}

/// One table cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Done(Work),
    /// Stopped at the time limit.
    TooSlow,
}

pub fn run(ctx: &Ctx, args: &Args) -> Result<String> {
    let (grids, options) = args.options(OPTIONS)?;
    ensure!(!grids.is_empty(), "name at least one grid");
    let Some(list) = options.get("solvers") else {
        bail!("name the solvers to compare: `solvers=A,B`, `all` or a fact");
    };
    let solvers = select(&list_solvers(ctx)?, list)?;
    let solvers: Vec<&str> = solvers.iter().map(String::as_str).collect();
    let limit = time_limit(&options, 10.0)?;
    let count: Option<u64> = match options.get("count") {
        Some(_) => Some(number(&options, "count", 0)?),
        None => None,
    };
    ensure!(count != Some(0), "`count` must be at least 1");

    let mut header = vec!["grid".to_string()];
    header.extend(solvers.iter().map(|s| s.to_string()));
    let cells =
        grid_by_solver(&grids, &solvers, |grid, solver| measure(ctx, grid, solver, count, limit))?;
    let rows: Vec<Vec<String>> = grids
        .iter()
        .zip(&cells)
        .map(|(grid, cells)| {
            let mut row = vec![code_span(grid)];
            row.extend(cells.iter().copied().map(format_cell));
            row
        })
        .collect();
    let cells: Vec<Cell> = cells.into_iter().flatten().collect();
    Ok(compact(&table(&header, &rows)) + "\n\n" + &footer(&cells, count, limit))
}

/// The class of the `<div>` around a stats table, whose narrower cell padding
/// (`tools/weave/weave.css`) lets five columns of two counts fit mdBook's 750-pixel page.
const CLASS: &str = "weave-counts";

/// `table` inside a `<div class="weave-counts">`; the blank lines keep it a Markdown table.
fn compact(table: &str) -> String {
    format!("<div class=\"{CLASS}\">\n\n{table}\n\n</div>")
}

// ANCHOR: measure
/// Runs `sudoku --solver SOLVER --format json --stats [--count=N] GRID` once.
fn measure(
    ctx: &Ctx,
    grid: &str,
    solver: &str,
    count: Option<u64>,
    limit: Duration,
) -> Result<Cell> {
    let mut args: Vec<String> =
        ["--solver", solver, "--format", "json", "--stats"].map(String::from).into();
    if let Some(count) = count {
        // One word: `--count N` would read N as a grid, the limit being optional.
        args.push(format!("--count={count}"));
    }
    args.push(grid.to_string());
    let out = run::run(&ctx.sudoku, &args, &ctx.root, limit, Streams::Separate)?;
    if out.timed_out() {
        return Ok(Cell::TooSlow);
    }
    // 0: every puzzle solved; 1: some puzzle has no solution (counted) or is unreadable (not).
    if !matches!(out.code(), Some(0 | 1)) {
        bail!(
            "`sudoku {}` failed ({}): {}",
            args.join(" "),
            out.describe(limit),
            out.stderr.trim()
        );
    }
    let work = work(&out.stdout)
        .with_context(|| format!("reading the output of `sudoku {}`", args.join(" ")))?;
    Ok(Cell::Done(work))
}
// ANCHOR_END: measure

/// The `guesses` and `nodes` of the JSON lines in `stdout`, summed.
fn work(stdout: &str) -> Result<Work> {
    let mut total = Work::default();
    for value in json_lines(stdout)? {
        let field = |name: &str| value.get(name).and_then(serde_json::Value::as_u64);
        let (Some(guesses), Some(nodes)) = (field("guesses"), field("nodes")) else {
            bail!("a puzzle without `guesses` and `nodes` (was it read?): {value}");
        };
        total.guesses = total.guesses.saturating_add(guesses);
        total.nodes = total.nodes.saturating_add(nodes);
        total.puzzles += 1;
    }
    Ok(total)
}

fn format_cell(cell: Cell) -> String {
    let grouped = |n: u64| format::grouped(&n.to_string());
    match cell {
        // No-break spaces around the slash: a narrow column must not wrap a cell there.
        Cell::Done(work) => {
            format!("{}\u{a0}/\u{a0}{}", grouped(work.guesses), grouped(work.nodes))
        }
        Cell::TooSlow => "—".to_string(),
    }
}

/// What the numbers are and when they were taken; then, if some run was stopped, which cells
/// are dashes and why (on what CPU, since the limit is the one thing that depends on it).
fn footer(cells: &[Cell], count: Option<u64>, limit: Duration) -> String {
    let limit = limit.as_secs_f64();
    let count_text = match count {
        Some(n) => format!(", counting solutions up to {n} (`--count={n}`)"),
        None => String::new(),
    };
    let several = cells.iter().any(|c| matches!(c, Cell::Done(w) if w.puzzles > 1));
    let sum_text = if several { ", summed over the puzzles of a file" } else { "" };
    let mut text = format!(
        "Guesses / nodes as the binary counts them (`guesses` and `nodes` of \
         `--format json --stats`){count_text}{sum_text}, one run per cell, each stopped after \
         {limit} s; measured {}.",
        clock::now_utc(),
    );
    if cells.contains(&Cell::TooSlow) {
        text.push_str(&format!(
            "\n\nA dash (—) marks a run stopped after {limit} s on {}, its search unfinished.",
            code_span(&machine::cpu_model()),
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_summed_over_lines() {
        let out = "{\"index\":0,\"guesses\":3,\"nodes\":10,\"micros\":5}\n\n\
                   {\"index\":1,\"guesses\":0,\"nodes\":1}\n";
        assert_eq!(work(out).unwrap(), Work { guesses: 3, nodes: 11, puzzles: 2 });
    }

    #[test]
    fn lines_without_counts_are_errors() {
        let invalid = "{\"index\":0,\"status\":\"invalid\",\"error\":{\"message\":\"x\"}}\n";
        assert!(work(invalid).unwrap_err().to_string().contains("without `guesses`"));
        assert!(work("{\"guesses\":1}\n").is_err());
        assert!(work("{\"guesses\":-1,\"nodes\":2}\n").is_err());
        assert!(work("").is_err());
        assert!(work("Solution 1:").is_err());
    }

    #[test]
    fn cells_show_both_counts_or_a_dash() {
        let work = Work { guesses: 172, nodes: 2081, puzzles: 1 };
        assert_eq!(format_cell(Cell::Done(work)), "172\u{a0}/\u{a0}2081");
        assert_eq!(format_cell(Cell::TooSlow), "—");
    }

    #[test]
    fn tables_are_wrapped_in_their_class() {
        assert_eq!(
            compact("| a |\n| --- |"),
            "<div class=\"weave-counts\">\n\n| a |\n| --- |\n\n</div>"
        );
    }

    #[test]
    fn the_footer_says_what_was_counted() {
        let one = Cell::Done(Work { guesses: 1, nodes: 2, puzzles: 1 });
        let many = Cell::Done(Work { guesses: 1, nodes: 2, puzzles: 3 });
        let limit = Duration::from_secs(10);

        let plain = footer(&[one], None, limit);
        assert!(plain.contains("`--format json --stats`), one run per cell"), "{plain}");
        assert!(plain.contains("each stopped after 10 s; measured "));
        assert!(!plain.contains("—") && !plain.contains("summed"));

        let text = footer(&[one, many, Cell::TooSlow], Some(2), Duration::from_millis(500));
        assert!(text.contains("counting solutions up to 2 (`--count=2`)"), "{text}");
        assert!(text.contains("summed over the puzzles of a file"));
        assert!(text.contains("\n\nA dash (—) marks a run stopped after 0.5 s on `"), "{text}");
    }
}
