//! Numbers and verdicts from the dataset harness's results, woven into prose: `{{#value ...}}`
//! (one number, inline) and `{{#verdict ...}}` (sentences saying where `fast` is ahead of the
//! peers and where not).
//!
//! Both read the same frozen results as `{{#datasets}}` (`book/results/datasets.json`), so a
//! sentence of the book can state a measurement, or compare, without typing a number: when
//! `cargo book --bench` measures again, the prose changes with the tables. A number or a row that
//! the results do not hold fails the build, with the chapter and line of the directive.
//!
//! - `{{#value datasets DATASET MODE SOLVER KEY}}`: a field of one row of the dataset tables,
//!   such as `{{#value datasets 17-clue first fast median_us}}`;
//! - `{{#value lines DATASET KEY}}`: a field of one row of the whole-process table, such as
//!   `{{#value lines top1465 sudoku_ms}}`;
//! - `{{#verdict DATASET}}`: how `fast` compares with each peer on one dataset, in both modes;
//! - `{{#verdict}}`: the same over every dataset, and the whole-process comparison.

use super::datasets::{LINE_PEERS, dated, duration, group_thousands, results, rows};
use super::{Args, Ctx, code_span};
use anyhow::{Context, Result, bail, ensure};
use serde_json::Value;

/// The peers `fast` is compared with, and how prose names them.
const PEERS: &[(&str, &str)] = &[("peer", "the `sudoku` crate"), ("tdoku", "tdoku")];

/// How prose names a mode.
fn mode_name(mode: &str) -> &'static str {
    if mode == "first" { "for the first solution" } else { "when checking uniqueness" }
}

/// `{{#value ...}}`: one number, formatted as the tables format it.
pub fn value(ctx: &Ctx, args: &Args) -> Result<String> {
    let Some(results) = results(ctx)? else {
        return Ok("*(not measured yet: `cargo book --bench`)*".to_string());
    };
    let words: Vec<&str> = args.words.iter().map(String::as_str).collect();
    lookup(&results, &words)
}

/// The number that `words` (the directive's arguments) name in `results`.
fn lookup(results: &Value, words: &[&str]) -> Result<String> {
    let (row, key) = match words {
        ["datasets", dataset, mode, solver, key] => {
            let row = rows(results, dataset)
                .into_iter()
                .find(|r| r["mode"] == *mode && r["solver"] == *solver)
                .with_context(|| {
                    format!("no result for `{solver}` on `{dataset}` in mode `{mode}`")
                })?;
            (row, *key)
        }
        ["lines", dataset, key] => {
            let row = results["whole_process"]
                .as_array()
                .and_then(|rows| {
                    rows.iter().find(|r| r["dataset"] == *dataset && r["mode"] != "unique")
                })
                .with_context(|| format!("no whole-process result for `{dataset}`"))?;
            (row, *key)
        }
        _ => bail!(
            "`value` takes `datasets DATASET MODE SOLVER KEY` or `lines DATASET KEY`, such as \
             `datasets 17-clue first fast median_us`"
        ),
    };
    let x = row[key].as_f64().with_context(|| {
        let keys: Vec<&String> = row.as_object().map(|o| o.keys().collect()).unwrap_or_default();
        format!("no number `{key}` in that result (it has: {keys:?})")
    })?;
    Ok(formatted(key, x))
}

/// `x`, the value of field `key`, in the form the tables give it: times in the unit of their
/// size, counts grouped, shares in percent.
fn formatted(key: &str, x: f64) -> String {
    if key.ends_with("_us") {
        duration(x)
    } else if key.ends_with("_ms") {
        duration(x * 1e3)
    } else if key.ends_with("_percent") {
        format!("{x:.1}%")
    } else if x.fract() == 0.0 || key == "puzzles_per_second" {
        group_thousands(&format!("{x:.0}"))
    } else {
        format!("{x:.2}")
    }
}

/// `{{#verdict}}` and `{{#verdict DATASET}}`.
pub fn verdict(ctx: &Ctx, args: &Args) -> Result<String> {
    let Some(results) = results(ctx)? else {
        return Ok("*No results yet: `cargo book --bench` measures them.*".to_string());
    };
    let text = match args.words.as_slice() {
        [] => overall(&results),
        // Under the dataset's tables, which say when and where they were measured.
        [dataset] => {
            let text = one_dataset(&results, dataset);
            ensure!(!text.is_empty(), "no results of `fast` and a peer for `{dataset}`");
            return Ok(text);
        }
        _ => bail!("`verdict` takes one dataset name, or none for all of them"),
    };
    let shuffled = results["results"]
        .as_array()
        .is_some_and(|rows| rows.iter().any(|r| r["shuffled"] == true));
    Ok(format!("{text} {}", dated(ctx, &results, shuffled, code_span)))
}

/// The solver whose rows of the harness's results the sentences compare with the peers: the
/// binary's default, which the harness names in each row it measured. The weave's one solver name.
const OURS: &str = "fast";

/// `fast`'s puzzles per second over `peer`'s on `dataset` in `mode`, if both were measured.
fn ratio(results: &Value, dataset: &str, mode: &str, peer: &str) -> Option<f64> {
    let rows = rows(results, dataset);
    let rate = |solver: &str| {
        rows.iter()
            .find(|r| r["mode"] == mode && r["solver"] == solver)
            .and_then(|r| r["puzzles_per_second"].as_f64())
    };
    Some(rate(OURS)? / rate(peer)?)
}

/// `1.17 times`, for a ratio of rates.
fn times(ratio: f64) -> String {
    format!("{ratio:.2} times")
}

/// The sentences for one dataset: per peer, ahead or behind in each mode, by how much, and how
/// the guesses per puzzle compare where the peer counts its own.
fn one_dataset(results: &Value, dataset: &str) -> String {
    let mut sentences = Vec::new();
    for &(peer, name) in PEERS {
        let modes: Vec<(&str, f64)> = ["first", "unique"]
            .into_iter()
            .filter_map(|mode| Some((mode, ratio(results, dataset, mode, peer)?)))
            .collect();
        if modes.is_empty() {
            continue;
        }
        let ahead = |r: f64| if r > 1.0 { "ahead" } else { "behind" };
        let sentence = match modes.as_slice() {
            [(_, a), (_, b)] if ahead(*a) == ahead(*b) => format!(
                "Against {name}, `fast` is {} in both modes: {} its puzzles per second for the \
                 first solution, {} when checking uniqueness.",
                ahead(*a),
                times(*a),
                times(*b)
            ),
            _ => {
                let parts: Vec<String> = modes
                    .iter()
                    .map(|&(mode, r)| format!("{} {} ({})", ahead(r), mode_name(mode), times(r)))
                    .collect();
                format!("Against {name}, `fast` is {}.", parts.join(" and "))
            }
        };
        sentences.push(sentence);
        if let Some(s) = guesses(results, dataset, peer, name) {
            sentences.push(s);
        }
    }
    sentences.join(" ")
}

/// How `fast`'s guesses per puzzle compare with the peer's, if the peer counts them.
fn guesses(results: &Value, dataset: &str, peer: &str, name: &str) -> Option<String> {
    let rows = rows(results, dataset);
    let per_puzzle = |solver: &str, mode: &str| {
        rows.iter()
            .find(|r| r["mode"] == mode && r["solver"] == solver)
            .and_then(|r| r["guesses_per_puzzle"].as_f64())
    };
    let modes: Vec<(&str, f64, f64)> = ["first", "unique"]
        .into_iter()
        .filter_map(|m| Some((m, per_puzzle(OURS, m)?, per_puzzle(peer, m)?)))
        .collect();
    if modes.is_empty() {
        return None;
    }
    let more = modes.iter().filter(|(_, ours, theirs)| ours > theirs).count();
    let word = match more {
        0 => "fewer",
        n if n == modes.len() => "more",
        _ => "sometimes more, sometimes fewer",
    };
    let figures: Vec<String> = modes
        .iter()
        .map(|(m, ours, theirs)| format!("{ours:.2} against {theirs:.2} {}", mode_name(m)))
        .collect();
    Some(format!("It guesses {word} per puzzle than {name}: {}.", figures.join(", ")))
}

/// The datasets of the results, in the harness's order.
fn datasets(results: &Value) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for row in results["results"].as_array().into_iter().flatten() {
        if let Some(name) = row["dataset"].as_str()
            && !names.contains(&name)
        {
            names.push(name);
        }
    }
    names
}

/// `a`, `a and b`, `a, b and c`.
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The sentences over every dataset: per peer, where `fast` is ahead and where behind, and the
/// whole-process comparison, where a verdict needs both the best and the median run to agree.
fn overall(results: &Value) -> String {
    let names = datasets(results);
    let mut sentences = Vec::new();
    for &(peer, name) in PEERS {
        let (mut ahead, mut behind) = (Vec::new(), Vec::new());
        for dataset in &names {
            for mode in ["first", "unique"] {
                if let Some(r) = ratio(results, dataset, mode, peer) {
                    let place = format!("`{dataset}` {}", mode_name(mode));
                    if r > 1.0 { ahead.push(place) } else { behind.push(place) }
                }
            }
        }
        let sentence = match (ahead.len(), behind.len()) {
            (0, 0) => continue,
            (_, 0) => format!(
                "In puzzles per second, `fast` is ahead of {name} on every dataset, in every mode measured."
            ),
            (0, _) => format!(
                "In puzzles per second, `fast` is behind {name} on every dataset, in every mode measured."
            ),
            _ => format!(
                "In puzzles per second, `fast` is ahead of {name} on {}, and behind it on {}.",
                listed(&ahead),
                listed(&behind)
            ),
        };
        sentences.push(sentence);
    }
    sentences.extend(LINE_PEERS.iter().filter_map(|peer| whole_process(results, peer)));
    sentences.join(" ")
}

/// The sentence of the whole-process comparison with `peer` (a key of [`LINE_PEERS`]): on which
/// datasets `sudoku` took less time by both its best and its median run, on which more, and on
/// which the two disagree. `None` when `peer` was measured nowhere.
fn whole_process(results: &Value, peer: &str) -> Option<String> {
    let (mut ahead, mut behind, mut close) = (Vec::new(), Vec::new(), Vec::new());
    for row in results["whole_process"].as_array().into_iter().flatten() {
        let get = |key: &str| row[key].as_f64();
        let (Some(best), Some(their_best), Some(median), Some(their_median)) = (
            get("sudoku_ms"),
            get(&format!("{peer}_ms")),
            get("sudoku_median_ms"),
            get(&format!("{peer}_median_ms")),
        ) else {
            continue;
        };
        let dataset = format!("`{}`", row["dataset"].as_str().unwrap_or("?"));
        match (best < their_best, median < their_median) {
            (true, true) => ahead.push(dataset),
            (false, false) => behind.push(dataset),
            _ => close.push(dataset),
        }
    }
    let mut parts = Vec::new();
    if !ahead.is_empty() {
        parts.push(format!("takes less time than `{peer}` on {}", listed(&ahead)));
    }
    if !behind.is_empty() {
        let than = if ahead.is_empty() { format!(" than `{peer}`") } else { String::new() };
        parts.push(format!("takes more{than} on {}", listed(&behind)));
    }
    if !close.is_empty() {
        let with = if parts.is_empty() { format!(" with `{peer}`") } else { String::new() };
        parts.push(format!(
            "is too close to call{with} on {} (its best and median runs disagree)",
            listed(&close)
        ));
    }
    (!parts.is_empty()).then(|| {
        format!(
            "As a whole process, by both its best and its median run, `sudoku` {}.",
            listed(&parts)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row(dataset: &str, mode: &str, solver: &str, rate: f64, guesses: Option<f64>) -> Value {
        json!({ "dataset": dataset, "mode": mode, "solver": solver, "shuffled": true,
                "puzzles_per_second": rate, "median_us": 1.713, "n": 3000,
                "no_guess_percent": 84.0666, "guesses_per_puzzle": guesses })
    }

    fn results() -> Value {
        json!({ "results": [
            row("a", "first", "fast", 200.0, Some(0.5)),
            row("a", "first", "peer", 100.0, None),
            row("a", "first", "tdoku", 300.0, Some(0.25)),
            row("a", "unique", "fast", 200.0, Some(0.6)),
            row("a", "unique", "peer", 150.0, None),
            row("a", "unique", "tdoku", 100.0, Some(0.4)),
            row("b", "first", "fast", 200.0, Some(0.5)),
            row("b", "first", "peer", 100.0, None),
        ], "whole_process": [
            { "dataset": "a", "sudoku_ms": 1.0, "peer_lines_ms": 2.0,
              "sudoku_median_ms": 1.5, "peer_lines_median_ms": 2.5,
              "tdoku_lines_ms": 0.5, "tdoku_lines_median_ms": 1.0 },
            { "dataset": "b", "sudoku_ms": 1.0, "peer_lines_ms": 2.0,
              "sudoku_median_ms": 3.5, "peer_lines_median_ms": 2.5 },
        ]})
    }

    #[test]
    fn values_are_formatted_as_in_the_tables() {
        let results = results();
        let value = |words: &str| lookup(&results, &words.split(' ').collect::<Vec<_>>());
        assert_eq!(value("datasets a first fast median_us").unwrap(), "1.71 µs");
        assert_eq!(value("datasets a first peer puzzles_per_second").unwrap(), "100");
        assert_eq!(value("datasets a first fast n").unwrap(), "3000");
        assert_eq!(value("datasets a first fast no_guess_percent").unwrap(), "84.1%");
        assert_eq!(value("datasets a unique tdoku guesses_per_puzzle").unwrap(), "0.40");
        assert_eq!(value("lines b sudoku_median_ms").unwrap(), "3.5 ms");
    }

    #[test]
    fn a_value_the_results_do_not_hold_is_an_error() {
        let results = results();
        let value = |words: &str| lookup(&results, &words.split(' ').collect::<Vec<_>>());
        let err = value("datasets b unique fast median_us").unwrap_err().to_string();
        assert_eq!(err, "no result for `fast` on `b` in mode `unique`");
        let err = value("datasets a first peer guesses_per_puzzle").unwrap_err().to_string();
        assert!(err.starts_with("no number `guesses_per_puzzle`"), "{err}");
        assert!(value("lines c sudoku_ms").is_err());
        assert!(value("datasets a first").is_err());
    }

    #[test]
    fn a_dataset_verdict_says_ahead_or_behind_per_mode() {
        let text = one_dataset(&results(), "a");
        assert!(
            text.contains(
                "Against the `sudoku` crate, `fast` is ahead in both modes: 2.00 times its \
                 puzzles per second for the first solution, 1.33 times when checking uniqueness."
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "Against tdoku, `fast` is behind for the first solution (0.67 times) and ahead \
                 when checking uniqueness (2.00 times)."
            ),
            "{text}"
        );
        assert!(text.contains("It guesses more per puzzle than tdoku"), "{text}");
        assert!(one_dataset(&results(), "c").is_empty());
    }

    #[test]
    fn the_overall_verdict_lists_where_ahead_and_where_not() {
        let text = overall(&results());
        assert!(
            text.contains(
                "`fast` is ahead of the `sudoku` crate on every dataset, in every mode measured."
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "ahead of tdoku on `a` when checking uniqueness, and behind it on `a` for the \
                 first solution."
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "`sudoku` takes less time than `peer_lines` on `a` and is too close to call on \
                 `b` (its best and median runs disagree)."
            ),
            "{text}"
        );
        // tdoku's whole-process times are in one row only; the other has none to compare.
        assert!(text.contains("`sudoku` takes more than `tdoku_lines` on `a`."), "{text}");
        assert!(!text.contains("tdoku_lines` on `b`"), "{text}");
    }

    #[test]
    fn lists_read_as_prose() {
        let items = |n: usize| (0..n).map(|k| k.to_string()).collect::<Vec<_>>();
        assert_eq!(listed(&items(1)), "0");
        assert_eq!(listed(&items(2)), "0 and 1");
        assert_eq!(listed(&items(3)), "0, 1 and 2");
    }
}
