//! The human-style raters side by side: `sudoku rate` and skfr (the fast approximate Sudoku
//! Explainer the community uses when SE is too slow), and SE itself on a few puzzles, on the same
//! lists of puzzles, one thread each, in one run.
//!
//!     cargo bench --bench raters        (the weave's `cargo book --bench` runs it)
//!
//! Each rater rates each list as a whole, in its own process, `RATERS_ROUNDS` times (default 3),
//! the raters taking turns and the first of each round changing; a run's cost is the CPU time,
//! user and system, of the process and everything it started (SE's, the wall time: its JVM is
//! not a process `se-rate` waits for). A list rated in less than `RATERS_MIN_SECONDS` (default
//! 2) is rated again, a fresh process each time, until the run has taken that long, and the run's
//! cost is the time of one pass: a tenth of a second measured once moves by half from run to run
//! on a busy machine, and three such runs do not say which rater is faster (SE, once, is never
//! repeated). `RATERS_LISTS`, names separated by commas, measures only those lists. Each record
//! keeps the median run
//! and the spread of the runs, how many puzzles the rater rated and, where the list carries SE's
//! own ratings, how many of its ratings are SE's to the tenth. SE takes minutes a puzzle on the
//! hardest lists, so it rates only the first `RATERS_SE` (default 3) puzzles that SE rated in
//! `benches/se121-hardest.txt`, once (0 leaves it out). Then `examples/rate_times.rs --rungs`
//! says where `rate`'s time goes on forty puzzles spread over each of the two hardest lists.
//! Writes `target/bench-results/raters.json` ([`results::Raters`]), which the weave freezes and
//! the Benchmarks chapter shows.
//!
//! skfr is compiled here from `$SUDOKU_PEERS/skfr/src` with g++ (never committed), SE run by
//! `$SUDOKU_PEERS/../tools/se-rate`; a rater that is not there is left out with a note, and a
//! list whose file is not in `$SUDOKU_DATA` too. The release `sudoku` binary and `rate_times`
//! must be built first (the weave's `--bench` builds them).

use anyhow::{Context, Result, bail};
use nix::sys::resource::{UsageWho, getrusage};
use results::{Provenance, RaterRow, Raters, RungRow};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// SE's three numbers in tenths, or a rater's.
type Numbers = (u16, u16, u16);

/// A list of puzzles, with SE's ratings of each when known.
struct List {
    name: String,
    what: String,
    puzzles: Vec<String>,
    se: Option<Vec<Numbers>>,
    /// Whether SE itself rates it.
    with_se: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Rater {
    Ours,
    Skfr,
    Se,
}

impl Rater {
    fn name(self) -> &'static str {
        match self {
            Rater::Ours => "sudoku",
            Rater::Skfr => "skfr",
            Rater::Se => "SE",
        }
    }
}

/// Where the programs and the work are.
struct Setup {
    ours: PathBuf,
    rate_times: PathBuf,
    skfr: Option<PathBuf>,
    se: Option<PathBuf>,
    work: PathBuf,
    /// The least CPU time of a run: a shorter list is rated again within it.
    min_seconds: f64,
}

fn main() {
    if let Err(e) = run() {
        eprintln!("raters: {e:#}");
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| PathBuf::from("target"), PathBuf::from);
    let work = target.join("bench-results/raters-work");
    std::fs::create_dir_all(&work)?;
    let ours = target.join("release/sudoku");
    let rate_times = target.join("release/examples/rate_times");
    for program in [&ours, &rate_times] {
        if !program.is_file() {
            bail!(
                "{} is not built (cargo build --release --bin sudoku --examples)",
                program.display()
            );
        }
    }
    let peers = std::env::var_os("SUDOKU_PEERS")
        .map_or_else(|| PathBuf::from("../shared/peers"), PathBuf::from);
    let skfr = build_skfr(&peers, &work);
    let se_rate = peers.join("../tools/se-rate");
    let se_count: usize = env_number("RATERS_SE", 3);
    let mut se = (se_rate.is_file() && se_count > 0).then_some(se_rate);
    // se-rate compiles SE the first time it runs: done here, before anything is timed.
    if let Some(se_rate) = &se {
        let compiled = Command::new(se_rate).stdin(Stdio::null()).stdout(Stdio::null()).status();
        if !compiled.is_ok_and(|s| s.success()) {
            se = None;
        }
    }
    if se.is_none() {
        eprintln!("raters: Sudoku Explainer left out (no se-rate, or RATERS_SE=0)");
    }
    let min_seconds = env_number("RATERS_MIN_SECONDS", 2) as f64;
    let setup = Setup { ours, rate_times, skfr, se, work, min_seconds };
    let rounds = env_number("RATERS_ROUNDS", 3).max(1);
    // RATERS_MAX, for a quick try: at most that many puzzles of each list.
    let mut lists = lists(se_count)?;
    lists.extend(by_our_rating(&setup.ours)?);
    if let Ok(only) = std::env::var("RATERS_LISTS") {
        for name in only.split(',').filter(|name| lists.iter().all(|list| list.name != *name)) {
            eprintln!("raters: RATERS_LISTS names {name}, which is not a list measured here");
        }
        lists.retain(|list| only.split(',').any(|name| name == list.name));
    }
    let most = env_number("RATERS_MAX", usize::MAX);
    for list in &mut lists {
        list.puzzles.truncate(most);
        if let Some(se) = &mut list.se {
            se.truncate(most);
        }
    }
    let mut results = Vec::new();
    for list in &lists {
        results.extend(measure(&setup, list, rounds)?);
    }
    let rungs = [
        ("forum-hardest-1106", "forum-hardest-1106"),
        ("forum-hardest-1905-11plus", "forum-hardest-1905-11plus"),
    ]
    .iter()
    .filter_map(|(name, short)| lists.iter().find(|l| l.name == *name).map(|l| (l, *short)))
    .map(|(list, short)| rung_times(&setup, list, short))
    .collect::<Result<Vec<_>>>()?
    .concat();
    // Rungs under half a percent of the time in every list are left out.
    let big = |rung: &str| rungs.iter().any(|r: &RungRow| r.rung == rung && r.share_percent >= 0.5);
    let rungs: Vec<RungRow> = rungs.iter().filter(|r| big(&r.rung)).cloned().collect();
    write(&target, Raters { provenance: provenance(&setup, rounds), results, rungs })
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A file of the datasets, under `$SUDOKU_DATA`.
fn data_file(name: &str) -> PathBuf {
    let dir = std::env::var_os("SUDOKU_DATA")
        .map_or_else(|| PathBuf::from("../shared/data"), PathBuf::from);
    dir.join(name)
}

/// `6.5` as 65.
fn tenths(text: &str) -> Option<u16> {
    text.parse::<f64>().ok().map(|x| (x * 10.0).round() as u16)
}

/// The puzzles of a file, one a line (the first word), comments and blank lines skipped, with
/// the three numbers beside each when there are.
fn read(path: &Path) -> Result<Vec<(String, Option<Numbers>)>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let numbers = match words[..] {
                [_, er, ep, ed, ..] => Some((tenths(er), tenths(ep), tenths(ed))),
                _ => None,
            };
            let numbers = numbers.and_then(|(a, b, c)| Some((a?, b?, c?)));
            (words[0].chars().take(81).collect(), numbers)
        })
        .collect())
}

/// The lists measured; a file that is not there leaves its lists out, with a note.
fn lists(se_count: usize) -> Result<Vec<List>> {
    let mut lists = Vec::new();
    let plain = |name: &str, what: &str, puzzles: Vec<String>| List {
        name: name.into(),
        what: what.into(),
        puzzles,
        se: None,
        with_se: false,
    };
    // SE's own ratings of some of the hardest puzzles, by file and line.
    let mut hardest = Vec::new();
    for line in std::fs::read_to_string("benches/se121-hardest.txt")?.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [file, number, er, ep, ed, ..] = words[..]
            && !line.starts_with('#')
        {
            let path = data_file(file);
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let k: usize = number.parse()?;
            let puzzle = text.lines().nth(k - 1).context("a line past the file's end")?;
            let numbers = (tenths(er), tenths(ep), tenths(ed));
            hardest.push((
                puzzle[..81].to_string(),
                (numbers.0.unwrap(), numbers.1.unwrap(), numbers.2.unwrap()),
            ));
        }
    }
    if se_count > 0 && !hardest.is_empty() {
        let chosen = &hardest[..se_count.min(hardest.len())];
        lists.push(List {
            name: "se-hardest".into(),
            what: format!("{} of the hardest puzzles that SE rated", chosen.len()),
            puzzles: chosen.iter().map(|(p, _)| p.clone()).collect(),
            se: Some(chosen.iter().map(|&(_, n)| n).collect()),
            with_se: true,
        });
    }
    match read(&data_file("forum-hardest-1106.txt")) {
        Ok(all) => lists.push(plain(
            "forum-hardest-1106",
            "the whole 2011 list of the hardest",
            all.into_iter().map(|(p, _)| p).collect(),
        )),
        Err(e) => eprintln!("raters: {e:#}: left out"),
    }
    match read(&data_file("forum-hardest-1905-11plus.txt")) {
        Ok(all) => {
            // Forty puzzles spread evenly over the list.
            let step = all.len() / 40;
            let drawn = all.into_iter().step_by(step.max(1)).take(40).map(|(p, _)| p).collect();
            lists.push(plain(
                "forum-hardest-1905-11plus",
                "40 of the 2019 list of 11 and up, evenly spaced",
                drawn,
            ));
        }
        Err(e) => eprintln!("raters: {e:#}: left out"),
    }
    match read(&data_file("human/se-rated.txt")) {
        Ok(all) => {
            for (band, what, lo, hi) in BANDS {
                let chosen: Vec<(String, Numbers)> = all
                    .iter()
                    .filter_map(|(p, n)| n.map(|n| (p.clone(), n)))
                    .filter(|(_, n)| (lo..=hi).contains(&n.0))
                    .collect();
                let name = format!("se-rated:{band}");
                if !big_enough(&name, chosen.len()) {
                    continue;
                }
                lists.push(List {
                    name,
                    what: format!("SE rates {band}: {what}"),
                    puzzles: chosen.iter().map(|(p, _)| p.clone()).collect(),
                    se: Some(chosen.iter().map(|&(_, n)| n).collect()),
                    with_se: false,
                });
            }
        }
        Err(e) => eprintln!("raters: {e:#}: left out"),
    }
    Ok(lists)
}

/// The fewest puzzles a band is measured with: a pass over fewer is mostly the start of the
/// raters' processes (a couple of milliseconds each), not their rating.
const MIN_BAND: usize = 20;

/// Whether a band of `count` puzzles is measured; if not, says so.
fn big_enough(name: &str, count: usize) -> bool {
    if count < MIN_BAND {
        eprintln!("raters: {name} has {count} puzzles: left out");
    }
    count >= MIN_BAND
}

/// The bands of SE's rating the lists are cut into: name, what is in it, and its bounds in tenths.
const BANDS: [(&str, &str, u16, u16); 4] = [
    ("1.0-4.9", "singles to subsets, wings, BUG", 0, 49),
    ("5.0-6.4", "up to aligned pairs", 50, 64),
    ("6.5-7.2", "cycles, forcing X- and XY-chains", 65, 72),
    ("7.3-9.1", "Nishio to dynamic (+)", 73, 91),
];

/// The datasets' puzzles that are not among the hardest, the whole of each file, in bands of the
/// rating `sudoku rate` gives them (SE's to the tenth wherever SE's is known): 17-clue.txt and
/// top1465.txt. A band of fewer than `MIN_BAND` puzzles, and a file that is not there, are left
/// out.
fn by_our_rating(ours: &Path) -> Result<Vec<List>> {
    let mut lists = Vec::new();
    for file in ["17-clue.txt", "top1465.txt"] {
        let path = data_file(file);
        if !path.is_file() {
            eprintln!("raters: {} is not there: its bands are left out", path.display());
            continue;
        }
        eprintln!("raters: cutting {file} into bands of its rating (not timed)");
        let out = Command::new(ours).args(["rate", "--jobs", "2"]).arg(&path).output()?;
        let stem = file.trim_end_matches(".txt");
        let mut bands: Vec<List> = BANDS
            .iter()
            .map(|(band, what, ..)| List {
                name: format!("{stem}:{band}"),
                what: format!("{file}, rated {band} by `sudoku rate`: {what}"),
                puzzles: Vec::new(),
                se: None,
                with_se: false,
            })
            .collect();
        for line in String::from_utf8(out.stdout)?.lines() {
            let record: serde_json::Value = serde_json::from_str(line)?;
            let (Some(puzzle), Some(er)) = (record["puzzle"].as_str(), record["er"].as_f64())
            else {
                continue;
            };
            let er = (er * 10.0).round() as u16;
            if let Some(k) = BANDS.iter().position(|&(_, _, lo, hi)| (lo..=hi).contains(&er)) {
                bands[k].puzzles.push(puzzle.to_string());
            }
        }
        lists.extend(bands.into_iter().filter(|band| big_enough(&band.name, band.puzzles.len())));
    }
    Ok(lists)
}

/// skfr, compiled from its sources into the work directory, if g++ and the sources are there.
fn build_skfr(peers: &Path, work: &Path) -> Option<PathBuf> {
    let src = peers.join("skfr/src");
    let sources = [
        "utilities.cpp",
        "opsudo.cpp",
        "puzzle.cpp",
        "fsss.cpp",
        "t_128.cpp",
        "flog.cpp",
        "skfr.cpp",
        "ratingengine.cpp",
        "bitfields.cpp",
    ];
    let out = std::path::absolute(work.join("skfr")).ok()?;
    let built = src.is_dir()
        && Command::new("g++")
            .args(["-fopenmp", "-O3", "-march=native", "-w", "-o"])
            .arg(&out)
            .args(sources)
            .arg("-lgomp")
            .current_dir(&src)
            .status()
            .is_ok_and(|s| s.success());
    if !built {
        eprintln!("raters: skfr could not be built from {}: left out", src.display());
    }
    built.then_some(out)
}

/// The CPU seconds, user and system, of the children waited for so far.
fn children_seconds() -> f64 {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    let seconds = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 + t.tv_usec() as f64 * 1e-6;
    seconds(usage.user_time()) + seconds(usage.system_time())
}

/// Rates the list's puzzles with `rater` once: the CPU seconds it took, and its ratings by
/// puzzle (a puzzle it did not rate has none).
fn rate_once(setup: &Setup, rater: Rater, list: &List) -> Result<(f64, Vec<Option<Numbers>>)> {
    let file = setup.work.join("list.txt");
    std::fs::write(&file, list.puzzles.join("\n") + "\n")?;
    let (before, started) = (children_seconds(), std::time::Instant::now());
    let output = match rater {
        Rater::Ours => {
            Command::new(&setup.ours).args(["rate", "--jobs", "1"]).arg(&file).output()?
        }
        Rater::Skfr => {
            let dir = setup.work.join("skfr-run");
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir)?;
            std::fs::copy(&file, dir.join("k.txt"))?;
            let skfr = setup.skfr.as_ref().context("skfr")?;
            Command::new(skfr)
                .args(["-ik", "-e"])
                .env("OMP_NUM_THREADS", "1")
                .current_dir(&dir)
                .output()?
        }
        Rater::Se => {
            let se = setup.se.as_ref().context("se-rate")?;
            Command::new(se)
                .env("SE_JOBS", "1")
                .env("SE_TIMEOUT", std::env::var("SE_TIMEOUT").unwrap_or_else(|_| "1800".into()))
                .stdin(std::fs::File::open(&file)?)
                .stderr(Stdio::null())
                .output()?
        }
    };
    // SE's JVM is not a child se-rate waits for, so its cost is the wall clock's.
    let seconds = match rater {
        Rater::Se => started.elapsed().as_secs_f64(),
        _ => children_seconds() - before,
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let ratings = match rater {
        Rater::Ours => stdout.lines().map(ours_numbers).collect(),
        Rater::Se => stdout
            .lines()
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                match w[..] {
                    [_, er, ep, ed] => Some((tenths(er)?, tenths(ep)?, tenths(ed)?)),
                    _ => None,
                }
            })
            .collect(),
        Rater::Skfr => {
            // skfr writes the puzzles it rated, each with `ED=ER/EP/ED`, to k_rat.txt.
            let text =
                std::fs::read_to_string(setup.work.join("skfr-run/k_rat.txt")).unwrap_or_default();
            let rated: BTreeMap<String, Numbers> = text
                .lines()
                .filter_map(|l| {
                    let (puzzle, numbers) = l.split_once(" ED=")?;
                    let n: Vec<u16> = numbers.trim().split('/').filter_map(tenths).collect();
                    let key = puzzle.trim().replace('0', ".");
                    (n.len() == 3).then(|| (key, (n[0], n[1], n[2])))
                })
                .collect();
            list.puzzles.iter().map(|p| rated.get(&p.replace('0', ".")).copied()).collect()
        }
    };
    Ok((seconds, ratings))
}

/// The three numbers of one of `sudoku rate`'s records, if it rated its puzzle.
fn ours_numbers(line: &str) -> Option<Numbers> {
    let record: serde_json::Value = serde_json::from_str(line).ok()?;
    if record["status"] != "rated" {
        return None;
    }
    let number = |key: &str| record[key].as_f64().map(|x| (x * 10.0).round() as u16);
    Some((number("er")?, number("ep")?, number("ed")?))
}

/// How many times more rounds a short list gets (see `measure`).
const SHORT_LIST_ROUNDS: usize = 3;

/// Every rater on the list, `rounds` times taking turns (SE once; a short list more): one
/// record each.
fn measure(setup: &Setup, list: &List, rounds: usize) -> Result<Vec<RaterRow>> {
    let mut raters = vec![Rater::Ours];
    if setup.skfr.is_some() {
        raters.push(Rater::Skfr);
    }
    if setup.se.is_some() && list.with_se {
        raters.push(Rater::Se);
    }
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); raters.len()];
    let mut ratings: Vec<Vec<Option<Numbers>>> = vec![Vec::new(); raters.len()];
    // A list every timed rater rates more than once in a run is short: its runs cost little and
    // spread most (a tenth of a second a pass, on a shared machine), so it gets more of them.
    let (mut total, mut short) = (rounds, true);
    let mut round = 0;
    while round < total {
        for k in 0..raters.len() {
            let k = (k + round) % raters.len();
            if raters[k] == Rater::Se && round > 0 {
                continue;
            }
            eprintln!(
                "raters: {} on {} ({} puzzles), round {}",
                raters[k].name(),
                list.name,
                list.puzzles.len(),
                round + 1
            );
            // A short list is rated again until the run has taken long enough to measure.
            let (mut seconds, mut passes) = (0.0, 0);
            loop {
                let (pass, rated) = rate_once(setup, raters[k], list)?;
                (seconds, passes) = (seconds + pass, passes + 1);
                ratings[k] = rated;
                if raters[k] == Rater::Se || seconds >= setup.min_seconds {
                    break;
                }
            }
            short &= raters[k] == Rater::Se || passes > 1;
            times[k].push(seconds / f64::from(passes));
        }
        if round == 0 && short {
            total = rounds * SHORT_LIST_ROUNDS;
        }
        round += 1;
    }
    Ok(raters
        .iter()
        .zip(times.iter_mut().zip(&ratings))
        .map(|(rater, (times, rated))| {
            times.sort_by(f64::total_cmp);
            // A run too short for the clock's tick counts as a microsecond.
            let median = times[times.len() / 2].max(1e-6);
            let spread = (times[times.len() - 1] - times[0]) / median * 100.0;
            let as_se = list
                .se
                .as_ref()
                .map(|se| se.iter().zip(rated).filter(|(s, r)| Some(**s) == **r).count());
            let n = list.puzzles.len();
            RaterRow {
                list: list.name.clone(),
                what: list.what.clone(),
                rater: rater.name().to_string(),
                puzzles: n,
                rated: rated.iter().filter(|r| r.is_some()).count(),
                as_se,
                runs: times.len(),
                cpu_seconds: median,
                spread_percent: spread,
                ms_per_puzzle: median * 1e3 / n as f64,
                puzzles_per_second: n as f64 / median,
            }
        })
        .collect())
}

/// Each rung's share of `rate`'s search time on the list (`rate_times --rungs`).
fn rung_times(setup: &Setup, list: &List, short: &str) -> Result<Vec<RungRow>> {
    // Forty puzzles spread evenly over the list.
    let step = (list.puzzles.len() / 40).max(1);
    let drawn: Vec<&str> = list.puzzles.iter().step_by(step).take(40).map(String::as_str).collect();
    let file = setup.work.join("rungs.txt");
    std::fs::write(&file, drawn.join("\n") + "\n")?;
    let out = Command::new(&setup.rate_times).arg("--rungs").arg(&file).output()?;
    if !out.status.success() {
        bail!("rate_times --rungs failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    let value: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    let rungs = value["rungs"].as_array().context("no rungs")?;
    let total: f64 = rungs.iter().filter_map(|r| r["seconds"].as_f64()).sum();
    Ok(rungs
        .iter()
        .map(|r| {
            let seconds = r["seconds"].as_f64().unwrap_or(0.0);
            RungRow {
                list: short.to_string(),
                rung: r["rung"].as_str().unwrap_or_default().to_string(),
                rating: r["rating"].as_f64().unwrap_or(0.0) / 10.0,
                steps: r["steps"].as_u64().unwrap_or(0) as usize,
                seconds,
                share_percent: 100.0 * seconds / total,
            }
        })
        .collect())
}

fn provenance(setup: &Setup, rounds: usize) -> Provenance {
    let (min, short) = (setup.min_seconds, rounds * SHORT_LIST_ROUNDS);
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map_or_else(|| "rustc (version unknown)".to_string(), |v| v.trim().to_string());
    let mut builds = BTreeMap::new();
    builds.insert("sudoku".to_string(), Some(format!("{rustc}, release profile")));
    builds.insert(
        "skfr".to_string(),
        setup
            .skfr
            .as_ref()
            .map(|_| "g++ -O3 -march=native -fopenmp, one OpenMP thread".to_string()),
    );
    builds.insert(
        "Sudoku Explainer".to_string(),
        setup.se.as_ref().map(|_| "1.2.1 with serate 1.2.1.3, by se-rate, one JVM".to_string()),
    );
    Provenance {
        cpu: results::machine::cpu_model(),
        commit: "unknown".to_string(),
        measured_unix: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        conditions: format!(
            "one thread each, a whole list a process, {rounds} runs taking turns (SE once), a list rated again within a run until the run has taken {min} s, and {short} runs of a list rated more than once in each; CPU seconds of one pass, of the process and all it started (SE's: wall seconds)"
        ),
        builds,
    }
}

fn write(target: &Path, raters: Raters) -> Result<()> {
    let path = target.join("bench-results/raters.json");
    std::fs::write(&path, serde_json::to_string_pretty(&raters)? + "\n")?;
    for row in &raters.results {
        eprintln!(
            "{:<28} {:<18} {:>5} rated {:>5} as SE {:>6} {:>9.2} s ±{:.0}%",
            row.list,
            row.rater,
            row.puzzles,
            row.rated,
            row.as_se.map_or("-".into(), |n| n.to_string()),
            row.cpu_seconds,
            row.spread_percent
        );
    }
    eprintln!("raters: results written to {}", path.display());
    Ok(())
}
