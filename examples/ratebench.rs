//! How fast the ladder rates, beside hodoku-py: the table that `{{#measure ratebench ...}}` puts
//! in the book, running this program as `ratebench SUDOKU FILE... aim=A sample=N seed=S
//! rounds=R` (the binary's path first) and freezing what it prints. It takes minutes, so it
//! measures only in a build that measures everything again (`cargo book --bench` or `--fresh`,
//! which set `WEAVE_FRESH=1`); otherwise it prints a note and exits 3, and the weave shows the
//! note.
//!
//! For each dataset file (under `$SUDOKU_DATA`), on one thread: hodoku-py's rater
//! (`benches/hodoku_rate.py`, which times `hodoku.Solver().rate` call by call) on a sample of
//! `N` puzzles drawn with seed `S` (it takes about a second a puzzle on the hardest files), ours
//! on the same sample and on the whole file (the example `rate_times`, which times the record
//! `sudoku rate` writes, puzzle by puzzle, in-process as the Python is), and the whole process
//! `sudoku rate --jobs 1 FILE`, from its wall time. A row gives puzzles a second and the median,
//! 99th percentile and maximum time of a puzzle, from the round (of R, 3 by default) whose total
//! time is the median, and how far the rounds' totals spread; a sentence gives the ratio on the
//! same sample, against the `aim` the book states. `rate_times` also checks, after its clock has
//! stopped, that no step of the rater's path on any puzzle of the whole file contradicts the
//! solution; a sentence says how many steps of how many puzzles were checked, and a step that
//! lies fails.
//!
//! Without hodoku-py installed (`tools/peers/requirements.txt`), its rows say how to install it
//! and ours are measured alone. A missing data file prints a note and exits 3.

use anyhow::{Context, Result, bail, ensure};
use results::format;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Instant;

const OPTIONS: &[&str] = &["sample", "seed", "aim", "rounds"];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((sudoku, words)) = args.split_first() else {
        eprintln!("usage: ratebench SUDOKU FILE... aim=A sample=N seed=S rounds=R");
        std::process::exit(2);
    };
    if !results::program::fresh() {
        println!(
            "> **Not measured yet:** the rating bench takes minutes, so only `cargo book --bench` \
             runs it and freezes its table here."
        );
        std::process::exit(3);
    }
    match run(Path::new(sudoku), words) {
        Ok(Ok(text)) => println!("{text}"),
        Ok(Err(note)) => {
            println!("{note}");
            std::process::exit(3);
        }
        Err(e) => {
            eprintln!("ratebench: {e:#}");
            std::process::exit(1);
        }
    }
}

/// The words split into positional ones and `key=value` options, refusing an unknown key.
fn options(words: &[String]) -> Result<(Vec<&str>, BTreeMap<&str, &str>)> {
    results::words::options(words, OPTIONS)
}

use results::words::{data_file, number, table};

/// The table and its sentences, or `Err(note)` when a data file is not there.
fn run(sudoku: &Path, words: &[String]) -> Result<std::result::Result<String, String>> {
    let (files, options) = options(words)?;
    ensure!(!files.is_empty(), "name the dataset files to rate");
    let sample: usize = number(&options, "sample", 40)?;
    let seed: u64 = number(&options, "seed", 1)?;
    let rounds: usize = number(&options, "rounds", 3)?;
    ensure!(rounds >= 1, "`rounds` must be at least 1");
    // How many times hodoku-py's rate the book asks of ours.
    let aim: f64 = number(&options, "aim", f64::NAN)?;
    ensure!(
        aim.is_finite(),
        "write the rate the book aims at, as a multiple of hodoku-py's: `aim=N`"
    );
    // `rate_times`, built beside this program by the weave.
    let rate_times = std::env::current_exe()?.with_file_name("rate_times");
    let header: Vec<String> = [
        "file",
        "rater, one thread",
        "puzzles",
        "puzzles a second",
        "median",
        "p99",
        "max",
        "spread",
    ]
    .map(String::from)
    .to_vec();
    let (mut rows, mut sentences) = (Vec::new(), Vec::new());
    for file in files {
        let path = data_file(file);
        let name = format!("`{file}`");
        if !path.is_file() {
            return Ok(Err(format!("> **Not measured:** {name} is not in `$SUDOKU_DATA` here.")));
        }
        let path_arg = path.display().to_string();
        let words: Vec<String> = ["benches/hodoku_rate.py", &path_arg, "--sample"]
            .into_iter()
            .map(String::from)
            .chain([sample.to_string(), "--seed".into(), seed.to_string()])
            .chain(["--rounds".into(), rounds.to_string()])
            .collect();
        let python = std::env::var_os("PYTHON").unwrap_or_else(|| "python3".into());
        let peer = Command::new(&python).args(&words).output().context("cannot run python3")?;
        let peer = match peer.status.code() {
            Some(0) => Some(serde_json::from_slice::<Value>(&peer.stdout).context("hodoku_rate")?),
            Some(3) => None,
            _ => bail!("`python3 benches/hodoku_rate.py {file}`: {}", failed(&peer)),
        };
        let Some(peer) = peer else {
            rows.push(vec![
                name.clone(),
                "hodoku-py: not installed (`pip install -r tools/peers/requirements.txt`)".into(),
            ]);
            rows.last_mut().expect("a row").resize(header.len(), "–".into());
            let (ours, rated, checked) = times(&rate_times, &path_arg, &[], rounds)?;
            rows.push(timed_row(&name, every(rated, ours.times.len()), &ours));
            rows.push(whole_process(sudoku, &name, &path_arg, rounds)?);
            sentences.push(never_lies(&name, ours.times.len(), checked));
            continue;
        };
        let hodoku = Rounds::read(&peer)?;
        let indices: Vec<String> = peer["indices"]
            .as_array()
            .context("no `indices` from hodoku_rate")?
            .iter()
            .map(|i| i.to_string())
            .collect();
        let version = peer["version"].as_str().unwrap_or("?");
        let label = format!("hodoku-py {version}, {} drawn with seed {seed}", hodoku.times.len());
        rows.push(timed_row(&name, label, &hodoku));
        let (same, rated_same, _) = times(&rate_times, &path_arg, &indices, rounds)?;
        let beyond_same = same.times.len() - rated_same;
        let label = format!(
            "`sudoku`, the same puzzles ({} rated, {} beyond)",
            format::count(rated_same),
            format::count(beyond_same)
        );
        rows.push(timed_row(&name, label, &same));
        let (ours, rated, checked) = times(&rate_times, &path_arg, &[], rounds)?;
        rows.push(timed_row(&name, every(rated, ours.times.len()), &ours));
        rows.push(whole_process(sudoku, &name, &path_arg, rounds)?);
        let ratio = per_second(&same.times) / per_second(&hodoku.times);
        let verdict = match ratio >= aim {
            true => format!("at least the {aim:.0} times this part aims at"),
            false => format!("short of the {aim:.0} times this part aims at"),
        };
        let caveat = match beyond_same {
            0 => "; both rate every one of them to the end".to_string(),
            _ => format!(
                "; but ours rates {} of them to the end and stops on the others, beyond \
                 its ladder, so the work is not the same",
                format::count(rated_same)
            ),
        };
        sentences.push(format!(
            "On {name}, ours rates {ratio:.0} times as many puzzles a second as hodoku-py on the \
             same {} puzzles: {verdict}{caveat}.",
            hodoku.times.len(),
        ));
        sentences.push(never_lies(&name, ours.times.len(), checked));
    }
    let mut text = table(&header, &rows);
    sentences.insert(
        0,
        format!(
            "Each row was measured {rounds} times; its times are those of the run whose total \
             was the median, and its spread is the slowest run's total less the fastest's, over \
             the median."
        ),
    );
    text.push_str("\n\n");
    text.push_str(&sentences.join(" "));
    Ok(Ok(text))
}

fn failed(out: &Output) -> String {
    format!("{}\n{}", out.status, String::from_utf8_lossy(&out.stderr).trim_end())
}

/// The times in seconds of a JSON list.
fn seconds(list: &Value) -> Result<Vec<f64>> {
    let list = list.as_array().context("no list of times")?;
    let times: Vec<f64> = list.iter().filter_map(Value::as_f64).collect();
    ensure!(times.len() == list.len() && !times.is_empty(), "not a list of times: {list:?}");
    Ok(times)
}

/// The label of ours on every puzzle of a file.
fn every(rated: usize, puzzles: usize) -> String {
    let (rated, beyond) = (format::count(rated), format::count(puzzles - rated));
    format!("`sudoku`, every puzzle ({rated} rated, {beyond} beyond)")
}

/// How many puzzles with one solution, and how many steps of their paths, `rate_times` checked
/// against the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Checked {
    puzzles: usize,
    steps: usize,
}

/// A rater's times over some puzzles, taken in rounds: each puzzle's time in the round of median
/// total time, and every round's total.
struct Rounds {
    times: Vec<f64>,
    totals: Vec<f64>,
}

impl Rounds {
    /// The rounds a timing program printed, as `times` and `round_totals`.
    fn read(value: &Value) -> Result<Rounds> {
        Ok(Rounds { times: seconds(&value["times"])?, totals: seconds(&value["round_totals"])? })
    }
}

/// Ours, puzzle by puzzle, from the example `rate_times` (every puzzle, or those at `indices`),
/// how many it rated to the end, and how many steps of how many puzzles it checked (it fails,
/// and so does the build, when a step contradicts the solution).
fn times(
    rate_times: &Path,
    path: &str,
    indices: &[String],
    rounds: usize,
) -> Result<(Rounds, usize, Checked)> {
    let rounds_arg = ["--rounds".to_string(), rounds.to_string()];
    let out = Command::new(rate_times).args(&rounds_arg).arg(path).args(indices).output();
    let out = out.with_context(|| format!("cannot run {}", rate_times.display()))?;
    ensure!(out.status.success(), "`rate_times {path}`: {}", failed(&out));
    let value: Value =
        serde_json::from_slice(&out.stdout).context("`rate_times` printed no JSON")?;
    let rated = value["rated"].as_u64().context("no `rated` from `rate_times`")?;
    let checked = |key: &str| value["checked"][key].as_u64().map(|n| n as usize);
    let (Some(puzzles), Some(steps)) = (checked("puzzles"), checked("steps")) else {
        bail!("no `checked` from `rate_times`: {value}");
    };
    Ok((Rounds::read(&value)?, rated as usize, Checked { puzzles, steps }))
}

/// The sentence on the check of every step of the whole file.
fn never_lies(name: &str, puzzles: usize, checked: Checked) -> String {
    format!(
        "On {name}, every step of our rater's path on each of the {} puzzles with one solution \
         (of {}) was checked against its solution after the clock \
         stopped: {} steps, none striking the solution's digit or placing another (one would \
         have failed the bench).",
        format::count(checked.puzzles),
        format::count(puzzles),
        format::count(checked.steps)
    )
}

/// The whole process `sudoku rate --jobs 1 FILE`, `rounds` times: puzzles a second from its
/// median wall time.
fn whole_process(sudoku: &Path, name: &str, path: &str, rounds: usize) -> Result<Vec<String>> {
    let (mut walls, mut puzzles) = (Vec::with_capacity(rounds), 0);
    for _ in 0..rounds {
        let started = Instant::now();
        let out = Command::new(sudoku).args(["rate", "--jobs", "1", path]).output();
        let out = out.with_context(|| format!("cannot run {}", sudoku.display()))?;
        walls.push(started.elapsed().as_secs_f64());
        puzzles = String::from_utf8_lossy(&out.stdout).lines().count();
    }
    let rate = puzzles as f64 / format::median(&walls);
    let label = "`sudoku rate --jobs 1`, the whole process".to_string();
    Ok(vec![
        name.to_string(),
        label,
        format::count(puzzles),
        format::number(rate),
        "–".into(),
        "–".into(),
        "–".into(),
        format::percent(format::spread(&walls)),
    ])
}

fn per_second(times: &[f64]) -> f64 {
    times.len() as f64 / times.iter().sum::<f64>()
}

/// A row of puzzles, puzzles a second, median, 99th percentile (nearest rank) and maximum, and
/// the spread of the rounds.
fn timed_row(name: &str, label: String, rounds: &Rounds) -> Vec<String> {
    let times = &rounds.times;
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank =
        |q: f64| sorted[((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1];
    let rate = format::number(per_second(times));
    vec![
        name.to_string(),
        label,
        format::count(times.len()),
        rate,
        format::duration(rank(0.5)),
        format::duration(rank(0.99)),
        format::duration(sorted[sorted.len() - 1]),
        format::percent(format::spread(&rounds.totals)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_give_rate_median_p99_and_max() {
        let times: Vec<f64> = (1..=100).map(|k| k as f64 / 1000.0).collect();
        let rounds = Rounds { times, totals: vec![5.05, 4.55, 5.56] };
        let row = timed_row("`f`", "r".into(), &rounds);
        // 100 puzzles in 5.05 s; the median is the 50th, p99 the 99th, the max the 100th; the
        // rounds' totals spread by 1.01 s over 5.05.
        let spread = "20.0\u{a0}%";
        assert_eq!(row, ["`f`", "r", "100", "19.8", "50 ms", "99 ms", "100 ms", spread]);
        let row = timed_row("`f`", "r".into(), &Rounds { times: vec![2.0], totals: vec![2.0] });
        assert_eq!(row[3..], ["0.5", "2 s", "2 s", "2 s", "0.0\u{a0}%"]);
    }

    #[test]
    fn the_check_is_reported_with_its_counts() {
        let text = never_lies("`f`", 12, Checked { puzzles: 10, steps: 345 });
        assert!(text.contains("each of the 10 puzzles with one solution (of 12)"), "{text}");
        assert!(text.contains("345 steps, none striking"), "{text}");
    }

    #[test]
    fn times_must_all_be_numbers() {
        assert_eq!(seconds(&serde_json::json!([0.5, 1])).unwrap(), [0.5, 1.0]);
        assert!(seconds(&serde_json::json!([0.5, "x"])).is_err());
        assert!(seconds(&serde_json::json!([])).is_err());
    }
}
