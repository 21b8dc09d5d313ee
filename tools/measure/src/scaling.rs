//! `scaling SUDOKU FILE[:N]... rounds=R` (`{{#measure scaling ...}}`): how many puzzles a
//! second `sudoku rate` rates on one thread and on two, and how many times as many with two.
//!
//! For each FILE (under `$SUDOKU_DATA`), its first N lines (all of them without `:N`) are written
//! to a file of their own, which `sudoku rate --jobs 1` and `sudoku rate --jobs 2` rate, named on the
//! command line, `rounds` times each (default 3), the two taken in turn, the first of each round
//! alternating. The wall time of each one's median run gives its puzzles a second. The two must
//! write the same records, byte for byte; if they do not, it says so and fails. A FILE that is not
//! there is left out, and said to be; if none is there, the table is a note.

use crate::{Args, Ctx};
use anyhow::{Context, Result, ensure};
use results::format;
use results::program::Note;
use results::run::{self, Streams};
use results::words::{code_span, data_file, number, table};
use std::path::Path;
use std::time::Duration;

const OPTIONS: &[&str] = &["rounds"];

/// Longer than any one run should take.
const LIMIT: Duration = Duration::from_secs(1200);

/// One file's measurement: its puzzles, and the median wall time of a run on one and two
/// threads, in seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct Scaling {
    pub file: String,
    pub puzzles: usize,
    /// Whether the file has more lines than were rated.
    pub part: bool,
    pub one: f64,
    pub two: f64,
}

pub fn run(ctx: &Ctx, args: &Args) -> Result<String> {
    let (files, options) = args.options(OPTIONS)?;
    ensure!(!files.is_empty(), "name one file of the datasets or more");
    let rounds: usize = number(&options, "rounds", 3)?;
    ensure!(rounds >= 1, "`rounds` must be at least 1");
    let (mut rows, mut missing) = (Vec::new(), Vec::new());
    for &named in &files {
        let (file, count) = file_and_count(named)?;
        let Ok(text) = std::fs::read_to_string(data_file(file)) else {
            missing.push(file);
            continue;
        };
        rows.push(measure(&ctx.sudoku, &ctx.root, file, &text, count, rounds)?);
    }
    let said = missing.iter().map(|f| code_span(f)).collect::<Vec<_>>().join(", ");
    if rows.is_empty() {
        return Err(Note(format!("> **Not measured:** {said} not in `$SUDOKU_DATA` here.")).into());
    }
    let mut page = render(&rows, rounds);
    if !missing.is_empty() {
        page.push_str(&format!("\n\nLeft out, not in `$SUDOKU_DATA` here: {said}."));
    }
    Ok(page)
}

/// `FILE` or `FILE:N`: the file, and how many of its first lines to rate (all, without `:N`).
fn file_and_count(named: &str) -> Result<(&str, Option<usize>)> {
    match named.split_once(':') {
        Some((file, n)) => {
            let n = n.parse().ok().filter(|&n| n >= 1);
            Ok((file, Some(n.with_context(|| format!("`{named}`: N in FILE:N is a count"))?)))
        }
        None => Ok((named, None)),
    }
}

/// Rates the first `count` lines of `text` (the file `name`), or all of them, on one thread and
/// on two.
fn measure(
    sudoku: &Path,
    root: &Path,
    name: &str,
    text: &str,
    count: Option<usize>,
    rounds: usize,
) -> Result<Scaling> {
    let lines: Vec<&str> = text.lines().take(count.unwrap_or(usize::MAX)).collect();
    let file = std::env::temp_dir().join(format!("weave-scaling-{}.txt", std::process::id()));
    std::fs::write(&file, lines.join("\n") + "\n")
        .with_context(|| format!("cannot write {}", file.display()))?;
    let mut times = [Vec::new(), Vec::new()];
    let mut records: [Option<String>; 2] = [None, None];
    for round in 0..rounds {
        for side in [round % 2, 1 - round % 2] {
            let args = ["rate", "--jobs", if side == 0 { "1" } else { "2" }];
            let mut args: Vec<String> = args.map(String::from).to_vec();
            args.push(file.display().to_string());
            let out = run::run(sudoku, &args, root, LIMIT, Streams::Separate)?;
            ensure!(out.success(), "`sudoku {}`: {}", args.join(" "), out.describe(LIMIT));
            times[side].push(out.wall.as_secs_f64());
            records[side] = Some(out.stdout);
        }
    }
    let _ = std::fs::remove_file(&file);
    ensure!(records[0] == records[1], "{name}: `--jobs 1` and `--jobs 2` wrote different records");
    let (one, two) = (format::median(&times[0]), format::median(&times[1]));
    let part = text.lines().nth(lines.len()).is_some();
    Ok(Scaling { file: name.to_string(), puzzles: lines.len(), part, one, two })
}

/// The table: a row per file, puzzles a second on each thread count and their ratio.
pub fn render(rows: &[Scaling], rounds: usize) -> String {
    let header = ["puzzles", "`--jobs 1`, a second", "`--jobs 2`, a second", "with two threads"]
        .map(String::from);
    let per_second = |n: usize, t: f64| format::number(n as f64 / t);
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                match r.part {
                    true => format!("the first {} of {}", r.puzzles, code_span(&r.file)),
                    false => format!("all {} of {}", r.puzzles, code_span(&r.file)),
                },
                per_second(r.puzzles, r.one),
                per_second(r.puzzles, r.two),
                format!("{}×", format::number(r.one / r.two)),
            ]
        })
        .collect();
    let how = format!(
        "Wall time of the median of {rounds} runs of `sudoku rate` on each, a file named on the \
         command line, the two taken in turn; the records of the two are the same, byte for byte."
    );
    format!("{}\n{how}", table(&header, &cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_named_with_or_without_a_count() {
        assert_eq!(file_and_count("a.txt").unwrap(), ("a.txt", None));
        assert_eq!(file_and_count("a.txt:40").unwrap(), ("a.txt", Some(40)));
        for wrong in ["a.txt:0", "a.txt:", "a.txt:forty", "a.txt:-1"] {
            let error = file_and_count(wrong).unwrap_err().to_string();
            assert!(
                error.contains(&format!("`{wrong}`")) && error.contains("is a count"),
                "{error}"
            );
        }
    }

    #[test]
    fn the_table_has_a_row_per_file_and_the_ratio_of_the_two() {
        let rows = [
            Scaling { file: "a.txt".into(), puzzles: 40, part: true, one: 8.0, two: 4.2 },
            Scaling { file: "b.txt".into(), puzzles: 9, part: false, one: 1.0, two: 0.5 },
        ];
        let text = render(&rows, 3);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("| puzzles |"), "{}", lines[0]);
        assert!(lines[2].contains("the first 40 of `a.txt`"), "{}", lines[2]);
        assert!(lines[2].contains("| 5 |") && lines[2].ends_with("| 1.9× |"), "{}", lines[2]);
        assert!(
            lines[3].contains("all 9 of `b.txt`") && lines[3].ends_with("| 2× |"),
            "{}",
            lines[3]
        );
        assert!(lines.last().unwrap().contains("median of 3 runs"), "{text}");
    }
}
