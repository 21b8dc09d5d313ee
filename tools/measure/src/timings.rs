//! `timings SUDOKU GRID... solvers=A,B runs=N limit=SECONDS reference=T,... reference-label=TEXT`
//! (`{{#measure timings ...}}`):
//! a table of solve times, one row per grid and one column per solver.
//!
//! `solvers=` takes solvers' names, `all`, or the name of a fact that `sudoku solvers` prints
//! (`original`, `exponential`, ...), which stands for every solver that has it. The columns are
//! the solvers so named, in the order of the book, so that a chapter can choose its solvers by
//! what they are and a new solver joins the tables its facts put it in without an edit there.
//!
//! Each cell is the median over `runs` (default 5) runs of
//! `sudoku --solver S --format json GRID`. The time of a run is the sum of the `micros` fields of
//! the JSON lines, the solve time measured inside the binary, so that process start-up and
//! parsing are left out; if a line has no `micros`, the run's wall time is used and the cell is
//! marked. A run still going after `limit` seconds (default 10) is killed and the cell reads
//! `> limit s`. Without `solvers=`, the binary's default solver is timed, in a column `time`.
//! `reference=` adds a column of published times in seconds, one per grid (`-` for none),
//! headed `reference-label` (default `reference`).

use crate::grid_by_solver;
use crate::{Args, Ctx};
use anyhow::{Context, Result, bail, ensure};
use results::clock;
use results::format;
use results::machine;
use results::run::{self, Streams};
use results::words::{code_span, json_lines, number, table, time_limit};
use std::time::Duration;

const OPTIONS: &[&str] = &["solvers", "runs", "limit", "reference", "reference-label"];

/// One table cell.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Cell {
    /// Median seconds; `wall` when some run reported no `micros` and wall time stood in; how
    /// far apart the runs were, the slowest less the fastest over the median.
    Time { seconds: f64, wall: bool, spread: f64 },
    /// Killed after this many seconds.
    TooSlow(f64),
}

pub fn run(ctx: &Ctx, args: &Args) -> Result<String> {
    let (grids, options) = args.options(OPTIONS)?;
    ensure!(!grids.is_empty(), "name at least one grid to time");
    let solvers: Vec<String> = match options.get("solvers") {
        Some(list) => select(&list_solvers(ctx)?, list)?,
        None => Vec::new(),
    };
    let runs: usize = number(&options, "runs", 5)?;
    let limit = time_limit(&options, 10.0)?.as_secs_f64();
    ensure!(runs >= 1, "`runs` must be at least 1");
    let reference = match options.get("reference") {
        Some(list) => Some(references(list, grids.len())?),
        None => None,
    };
    let label = options.get("reference-label").copied().unwrap_or("reference");

    let columns: Vec<Option<&str>> = match solvers.is_empty() {
        true => vec![None],
        false => solvers.iter().map(|s| Some(s.as_str())).collect(),
    };
    let mut header = vec!["grid".to_string()];
    header.extend(columns.iter().map(|s| s.unwrap_or("time").to_string()));
    let cells =
        grid_by_solver(&grids, &columns, |grid, solver| measure(ctx, grid, solver, runs, limit))?;
    // The widest spread of a cell's runs, for the footer.
    let spreads = cells.iter().flatten().filter_map(|cell| match cell {
        Cell::Time { spread, .. } => Some(*spread),
        Cell::TooSlow(_) => None,
    });
    let widest = spreads.fold(0.0, f64::max);
    let mut rows = Vec::new();
    for (i, (grid, cells)) in grids.iter().zip(cells).enumerate() {
        let mut row = vec![code_span(grid)];
        row.extend(cells.into_iter().map(format_cell));
        if let Some(reference) = &reference {
            row.push(reference[i].map_or("".to_string(), format::duration));
        }
        rows.push(row);
    }
    if reference.is_some() {
        header.push(label.to_string());
    }
    Ok(table(&header, &rows) + "\n\n" + &footer(runs, limit, &rows, widest))
}

/// One line of `sudoku solvers`: the solver's name and its facts, the fields that are true or
/// false.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Listed {
    name: String,
    facts: Vec<(String, bool)>,
}

/// The solvers of the binary, in the order of the book, with their facts.
pub(crate) fn list_solvers(ctx: &Ctx) -> Result<Vec<Listed>> {
    let words = ["solvers".to_string()];
    let limit = Duration::from_secs(10);
    let out = run::run(&ctx.sudoku, &words, &ctx.root, limit, Streams::Separate)?;
    ensure!(out.success(), "`sudoku solvers` failed: {}", out.describe(limit));
    let mut listed = Vec::new();
    for value in json_lines(&out.stdout)? {
        let name = value["name"].as_str().context("`sudoku solvers` printed no `name`")?;
        let object = value.as_object().context("`sudoku solvers` printed no object")?;
        let facts = object.iter().filter_map(|(k, v)| Some((k.clone(), v.as_bool()?))).collect();
        listed.push(Listed { name: name.to_string(), facts });
    }
    Ok(listed)
}

/// The names of the solvers that `list` (`solvers=`'s value) picks out of `listed`, in the order
/// of `listed`: each word of the list is a name, `all`, or a fact.
pub(crate) fn select(listed: &[Listed], list: &str) -> Result<Vec<String>> {
    let words: Vec<&str> = list.split(',').filter(|w| !w.is_empty()).collect();
    let facts = |s: &Listed| s.facts.iter().map(|(f, _)| f.clone()).collect::<Vec<_>>();
    for word in &words {
        let known = *word == "all"
            || listed.iter().any(|s| s.name == *word || facts(s).iter().any(|f| f == word));
        ensure!(
            known,
            "`solvers={list}`: `{word}` is neither `all`, a solver nor a fact of `sudoku solvers` \
             (solvers: {}; facts: {})",
            listed.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", "),
            listed.first().map(facts).unwrap_or_default().join(", ")
        );
    }
    let picks = |s: &Listed, word: &str| {
        word == "all" || s.name == word || s.facts.iter().any(|(f, on)| f == word && *on)
    };
    let names: Vec<String> = listed
        .iter()
        .filter(|s| words.iter().any(|w| picks(s, w)))
        .map(|s| s.name.clone())
        .collect();
    ensure!(!names.is_empty(), "`solvers={list}` names no solver");
    Ok(names)
}

// ANCHOR: measure
/// Times `sudoku [--solver SOLVER] --format json GRID`, `runs` times.
fn measure(ctx: &Ctx, grid: &str, solver: Option<&str>, runs: usize, limit: f64) -> Result<Cell> {
    let mut args = Vec::new();
    if let Some(solver) = solver {
        args.extend(["--solver".to_string(), solver.to_string()]);
    }
    args.extend(["--format".to_string(), "json".to_string(), grid.to_string()]);
    let limit_duration = Duration::from_secs_f64(limit);
    let mut times = Vec::with_capacity(runs);
    let mut wall = false;
    for _ in 0..runs {
        let out = run::run(&ctx.sudoku, &args, &ctx.root, limit_duration, Streams::Separate)?;
        if out.timed_out() {
            return Ok(Cell::TooSlow(limit));
        }
        if !out.success() {
            bail!(
                "`sudoku {}` failed ({}): {}",
                args.join(" "),
                out.describe(limit_duration),
                out.stderr.trim()
            );
        }
        let reported = solve_seconds(&out.stdout)
            .with_context(|| format!("reading the output of `sudoku {}`", args.join(" ")))?;
        wall |= reported.is_none();
        times.push(reported.unwrap_or(out.wall.as_secs_f64()));
    }
    let median = format::median(&times);
    let spread = if median > 0.0 { format::spread(&times) } else { 0.0 };
    Ok(Cell::Time { seconds: median, wall, spread })
}
// ANCHOR_END: measure

/// The sum of the `micros` fields of the JSON lines in `stdout`, in seconds, or `None` if some
/// line has no `micros`.
fn solve_seconds(stdout: &str) -> Result<Option<f64>> {
    let mut micros = 0.0;
    for value in json_lines(stdout)? {
        match value.get("micros").and_then(serde_json::Value::as_f64) {
            Some(m) => micros += m,
            None => return Ok(None),
        }
    }
    Ok(Some(micros / 1e6))
}

/// `0.24,-,1.5` into seconds, one per grid.
fn references(list: &str, grids: usize) -> Result<Vec<Option<f64>>> {
    let values = list
        .split(',')
        .map(|v| match v.trim() {
            "-" | "" => Ok(None),
            v => v
                .parse::<f64>()
                .map(Some)
                .with_context(|| format!("reference time `{v}`: not a number of seconds")),
        })
        .collect::<Result<Vec<_>>>()?;
    ensure!(values.len() == grids, "{} reference times for {grids} grids", values.len());
    Ok(values)
}

fn format_cell(cell: Cell) -> String {
    match cell {
        Cell::Time { seconds, wall, .. } => {
            format::duration(seconds) + if wall { " (wall)" } else { "" }
        }
        Cell::TooSlow(limit) => format!("> {limit} s"),
    }
}

fn footer(runs: usize, limit: f64, rows: &[Vec<String>], widest: f64) -> String {
    let runs_text = match runs {
        1 => "one run".to_string(),
        _ => format!(
            "median of {runs} runs (a cell's runs spread over {} of its median at most)",
            format::percent(widest)
        ),
    };
    let mut text = format!(
        "Solve time reported by the binary (`micros` of `--format json`), {runs_text}, \
         each stopped after {limit} s; measured {} on {}.",
        clock::now_utc(),
        code_span(&machine::cpu_model()),
    );
    if rows.iter().flatten().any(|cell| cell.ends_with("(wall)")) {
        text.push_str(
            " Cells marked (wall) are the wall time of the whole run: the binary reported no `micros`.",
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn micros_are_summed_over_lines() {
        let out = "{\"index\":0,\"micros\":1500}\n{\"index\":1,\"micros\":500.5}\n";
        assert_eq!(solve_seconds(out).unwrap(), Some(0.0020005));
    }

    #[test]
    fn missing_micros_falls_back() {
        let out = "{\"index\":0,\"micros\":1500}\n{\"index\":1}\n";
        assert_eq!(solve_seconds(out).unwrap(), None);
        assert!(solve_seconds("").is_err());
        assert!(solve_seconds("Solution 1:").is_err());
    }

    fn listed() -> Vec<Listed> {
        let solver = |name: &str, original: bool, slow: bool| Listed {
            name: name.to_string(),
            facts: vec![("original".to_string(), original), ("slow".to_string(), slow)],
        };
        vec![solver("naive", true, true), solver("mrv", true, true), solver("fast", false, false)]
    }

    #[test]
    fn solvers_are_chosen_by_fact_in_the_order_of_the_book() {
        assert_eq!(select(&listed(), "all").unwrap(), ["naive", "mrv", "fast"]);
        assert_eq!(select(&listed(), "original").unwrap(), ["naive", "mrv"]);
        assert_eq!(select(&listed(), "fast,original").unwrap(), ["naive", "mrv", "fast"]);
        assert_eq!(select(&listed(), "mrv").unwrap(), ["mrv"]);
        let unknown = select(&listed(), "original,quick").unwrap_err().to_string();
        assert!(unknown.contains("`quick` is neither"), "{unknown}");
        assert!(unknown.contains("facts: original, slow"), "{unknown}");
        assert!(select(&listed(), ",").is_err(), "no solver at all");
    }

    #[test]
    fn reference_times_match_the_grids() {
        assert_eq!(references("0.24,-,1.5", 3).unwrap(), [Some(0.24), None, Some(1.5)]);
        assert!(references("0.24,1.5", 3).is_err());
        assert!(references("0.24,fast,1", 3).is_err());
    }
}
