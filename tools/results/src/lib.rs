//! The results files: one typed schema each, shared by the program that writes the file (a
//! benchmark) and the weave that reads it, so that the two cannot disagree on a key.
//!
//! A results file is a JSON object: where, when and how it was measured ([`Provenance`], its
//! fields at the top level), then arrays of records. The weave knows none of the record types:
//! [`load`] checks a file against its schema, and the weave reads the checked records as JSON
//! objects by the keys the book names. Adding a results file is adding its struct here and its
//! arm to [`load`].

pub mod clock;
pub mod format;
pub mod machine;
pub mod plot;
pub mod program;
pub mod run;
pub mod words;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// Where, when and how a file's results were measured: what the book shows once above them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The CPU's model name.
    pub cpu: String,
    /// The short hash of the commit measured (`-dirty` when its code differed from it), or
    /// `unknown`; the weave's `--bench` stamps it when it freezes the file.
    #[serde(default = "unknown")]
    pub commit: String,
    /// When, in seconds since the Unix epoch.
    pub measured_unix: u64,
    /// How, in a few words the book prints as they are: threads, order of the puzzles.
    pub conditions: String,
    /// How each program measured was built: who, and with what compiler and flags (`None`: it
    /// was not built, and not measured).
    pub builds: BTreeMap<String, Option<String>>,
}

fn unknown() -> String {
    "unknown".to_string()
}

/// `datasets.json`, written by `benches/datasets.rs`: each solver on each puzzle collection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Datasets {
    #[serde(flatten)]
    pub provenance: Provenance,
    /// How many checks of the solution counts failed in the run (the weave refuses a file
    /// whose run failed one: its numbers may be a wrong solver's).
    pub checks_failed: usize,
    /// Each solver's colour in plots, `#rrggbb`, by its name in the rows.
    pub colours: BTreeMap<String, String>,
    /// One record per dataset, solver and mode.
    pub results: Vec<DatasetRow>,
    /// One record per dataset, mode and program of the whole-process comparison.
    pub whole_process: Vec<WholeProcess>,
}

/// One solver on one dataset in one mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DatasetRow {
    /// The file's name without `.txt`.
    pub dataset: String,
    pub solver: String,
    /// `first` (one solution asked for) or `unique` (two: a uniqueness check).
    pub mode: String,
    /// The limit on solutions of the mode.
    pub limit: usize,
    /// Whether each puzzle was rewritten by the symmetry of `seed` plus its index.
    pub shuffled: bool,
    pub seed: Option<u64>,
    /// Puzzles solved, of the file's `of`; `partial` when fewer (a slow solver's budget).
    pub n: usize,
    pub of: usize,
    pub partial: bool,
    pub puzzles_per_second: f64,
    pub mean_us: f64,
    pub median_us: f64,
    pub p90_us: f64,
    pub p99_us: f64,
    pub max_us: f64,
    /// `None` for a solver that does not count its guesses.
    pub no_guess_percent: Option<f64>,
    pub guesses_per_puzzle: Option<f64>,
    /// The per-puzzle times sorted, sampled at every half percentile (201 values).
    pub quantiles_us: Vec<f64>,
    /// How many passes timed it, the fastest of which the other fields describe, and how far
    /// apart their wall times were: the slowest less the fastest, over the fastest, in percent
    /// (`None` for one pass; both absent in files measured before they were kept).
    #[serde(default)]
    pub passes: usize,
    #[serde(default)]
    pub spread_percent: Option<f64>,
}

/// One program of the whole-process comparison on one dataset file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WholeProcess {
    pub dataset: String,
    pub mode: String,
    /// The command, as the book shows it.
    pub program: String,
    /// Timed runs of each program, taking turns.
    pub runs: usize,
    /// The fastest and the median run, in milliseconds.
    pub best_ms: f64,
    pub median_ms: f64,
}

/// `raters.json`, written by `benches/raters.rs`: the human-style raters on lists of puzzles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Raters {
    #[serde(flatten)]
    pub provenance: Provenance,
    /// One record per list of puzzles and rater.
    pub results: Vec<RaterRow>,
    /// Where `sudoku rate`'s time goes on some lists: one record per list and rung.
    pub rungs: Vec<RungRow>,
}

/// One rater on one list of puzzles, over the rounds of the run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RaterRow {
    /// The list's short name, and what it holds, in a few words.
    pub list: String,
    pub what: String,
    pub rater: String,
    pub puzzles: usize,
    /// How many the rater rated (the others: no rating, a timeout or a puzzle beyond it).
    pub rated: usize,
    /// How many of its ratings are SE's own to the tenth, ER, EP and ED (`None`: the list has
    /// no SE ratings to compare with).
    pub as_se: Option<usize>,
    /// Runs, taking turns with the other raters; the CPU seconds of the median run, and the
    /// spread of all runs (the slowest less the fastest, over the median, in percent).
    pub runs: usize,
    pub cpu_seconds: f64,
    pub spread_percent: f64,
    pub ms_per_puzzle: f64,
    pub puzzles_per_second: f64,
}

/// One rung's share of `sudoku rate`'s search time along the paths of a list's puzzles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RungRow {
    pub list: String,
    pub rung: String,
    /// The rung's rating, as SE writes it (`6.5`).
    pub rating: f64,
    pub steps: usize,
    pub seconds: f64,
    pub share_percent: f64,
}

/// The results file `name` (such as `datasets.json`), its `text` checked against its schema,
/// as JSON.
pub fn load(name: &str, text: &str) -> Result<Value, String> {
    let value = match name {
        "datasets.json" => {
            let file: Datasets = serde_json::from_str(text).map_err(|e| e.to_string())?;
            if file.checks_failed > 0 {
                return Err(format!(
                    "the run that measured these results failed {} check(s) of the solution \
                     counts: they are not woven (`cargo book --bench` measures again)",
                    file.checks_failed
                ));
            }
            serde_json::to_value(file)
        }
        "raters.json" => {
            let file: Raters = serde_json::from_str(text).map_err(|e| e.to_string())?;
            serde_json::to_value(file)
        }
        _ => return Err(format!("no schema for a results file `{name}` (see tools/results)")),
    };
    value.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(checks_failed: usize) -> String {
        serde_json::json!({
            "cpu": "x", "measured_unix": 0, "conditions": "one thread",
            "builds": { "ours": "rustc", "theirs": null }, "checks_failed": checks_failed,
            "colours": { "a": "#000000" }, "results": [], "whole_process": [],
        })
        .to_string()
    }

    #[test]
    fn a_file_is_checked_against_its_schema() {
        let value = load("datasets.json", &file(0)).unwrap();
        assert_eq!(value["commit"], "unknown", "a file not yet frozen has no commit");
        assert!(load("datasets.json", &file(2)).unwrap_err().contains("failed 2 check(s)"));
        assert!(load("datasets.json", "{}").is_err());
        assert!(load("other.json", &file(0)).unwrap_err().contains("no schema"));
    }
}
