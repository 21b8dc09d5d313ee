//! The dataset harness: every solver of the book, and the crates.io `sudoku` crate as a peer, on
//! the public puzzle collections in `$SUDOKU_DATA` (default `../shared/data` next to the
//! repository), one thread, in two modes: the first solution (limit 1) and a uniqueness check
//! (limit 2).
//!
//! For each dataset, solver and mode it reports puzzles per second, the median, 90th and 99th
//! percentile and maximum of the per-puzzle times, the share of puzzles solved without a guess and
//! the guesses per puzzle, on standard output and in `target/bench-results/datasets.json` (merged
//! with the results already there, keyed by dataset, solver, mode and shuffle), which the book's
//! Benchmarks chapter weaves. A missing dataset is reported and skipped.
//!
//! Run it with `cargo bench --bench datasets`. Environment variables narrow a run:
//!
//! - `SUDOKU_BENCH_DATASETS=17-clue,top1465`: datasets, by file name with or without `.txt`;
//! - `SUDOKU_BENCH_SOLVERS=fast,sudoku-crate`: solvers by their `--solver` name, `sudoku-crate`
//!   and `tdoku`;
//! - `SUDOKU_BENCH_MODES=first,unique`: modes;
//! - `SUDOKU_BENCH_SHUFFLE=SEED` or `none`: rewrite each puzzle by the symmetry drawn from
//!   `SEED + its index` (default seed 1), or time the puzzles as written;
//! - `SUDOKU_BENCH_MAX=N`: at most the first N puzzles of each dataset;
//! - `SUDOKU_BENCH_BUDGET=SECONDS`: the time budget of each slow solver's run (default 2);
//! - `SUDOKU_BENCH_PASSES=N`: how many times at least `fast` and the peer are timed, taking turns
//!   (default 3); more passes follow, up to [`MAX_PASSES`], until each has been timed for
//!   [`PASS_BUDGET`] in all, and the pass with the least wall time is reported (the slow solvers
//!   run once);
//! - `SUDOKU_BENCH_LINES=0`: no whole-process comparison.
//!
//! The whole-process comparison times `sudoku --format line --jobs 1 < FILE` against
//! `peer_lines < FILE` (examples/peer_lines.rs) and `tdoku_lines < FILE` (examples/tdoku_lines.rs)
//! in processor time (user and system), where FILE holds the puzzles of the passes, shuffled
//! alike, on each dataset, in each mode (a uniqueness check adds `--count=2` to every program's
//! arguments), when they are built in `target/release` (`cargo build --release --bin sudoku
//! --example peer_lines --example tdoku_lines`; without tdoku, the comparison leaves it out);
//! `benches/lines.sh` times the same programs on the collections as written with hyperfine, and
//! checks first that they print the same solutions.
//!
//! The book's own slow solvers (everything but `fast`) solve the puzzles in order until their
//! budget is spent, and the report says how many they did. In uniqueness mode, the number of
//! solutions `fast` finds is checked against the peer's on every puzzle both solved.

use results::{DatasetRow, Datasets, Provenance, WholeProcess};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use sudoku::random_grids::Symmetry;
use sudoku::reader::Puzzles;
use sudoku::representation::Grid;
use sudoku::solver::SolverName;

/// The datasets, in order of difficulty, with a short description for the report.
const DATASETS: &[&str] =
    &["17-clue", "top1465", "forum-hardest-1905-11plus", "forum-hardest-1106", "serg-benchmark"];

/// Someone to time: one of the book's solvers, the peer crate, or tdoku (built by `tools/peers`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Contender {
    Ours(SolverName),
    Peer,
    Tdoku,
}

impl Contender {
    fn name(self) -> &'static str {
        match self {
            Contender::Ours(solver) => solver.as_str(),
            Contender::Peer => "sudoku-crate",
            Contender::Tdoku => "tdoku",
        }
    }

    /// Whether it is too slow for whole datasets, and so runs on a time budget.
    fn slow(self) -> bool {
        matches!(self, Contender::Ours(solver) if solver.slow())
    }

    /// Its colour in the book's plots: our solvers' own, and one for each peer.
    fn colour(self) -> &'static str {
        match self {
            Contender::Ours(solver) => solver.colour(),
            Contender::Peer => "#ff7f0e",
            Contender::Tdoku => "#7f7f7f",
        }
    }
}

/// The two modes, as (name, limit).
const MODES: &[(&str, usize)] = &[("first", 1), ("unique", 2)];

/// What was measured for one dataset, contender and mode.
struct Measure {
    /// Per-puzzle times in nanoseconds, in puzzle order.
    times: Vec<u64>,
    /// Per-puzzle guesses (ours only).
    guesses: Option<Vec<u64>>,
    /// Per-puzzle number of solutions found.
    counts: Vec<usize>,
    /// The wall time of the timed loop.
    wall: Duration,
}

fn env_list(name: &str) -> Option<Vec<String>> {
    let value = std::env::var(name).ok()?;
    Some(value.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
}

/// What a run of the harness measures, read from the environment (see the module's comment).
struct Settings {
    data: PathBuf,
    target: PathBuf,
    datasets: Vec<String>,
    contenders: Vec<Contender>,
    modes: Vec<(&'static str, usize)>,
    seed: Option<u64>,
    max: usize,
    passes: usize,
    budget: Duration,
}

fn main() {
    let settings = read_settings(Path::new(env!("CARGO_MANIFEST_DIR")));
    announce(&settings);
    let programs = whole_process_programs(&settings.target);
    let mut results = Vec::new();
    let mut measured = Vec::new();
    let mut checks_failed = 0;
    for name in &settings.datasets {
        let path = settings.data.join(format!("{name}.txt"));
        let (puzzles, total) = match load(&path, settings.max) {
            Ok(loaded) => loaded,
            Err(message) => {
                println!("\n{name}: skipped, {message}");
                continue;
            }
        };
        let puzzles = shuffle(puzzles, settings.seed);
        checks_failed += time_dataset(&settings, name, &puzzles, total, &mut results);
        // The whole programs read the puzzles the passes above had, shuffled alike.
        match as_file(&puzzles) {
            Ok(file) => measured.push((name, file)),
            Err(e) => println!("{name}: no whole-process comparison, its puzzles: {e}"),
        }
    }
    // The whole-process comparisons come last: the machine stays slower for a few seconds after
    // a burst of process starts, and timed first, they made the in-process passes that followed
    // them up to a tenth slower (17-clue first solutions: 381,000 to 407,000 puzzles a second
    // right after them, 429,000 to 438,000 alone).
    let mut lines = Vec::new();
    if let Some(programs) = &programs {
        println!();
        for (name, file) in &measured {
            let path = file.path();
            for &(mode, limit) in &settings.modes {
                // Every program of the comparison takes `--count=2` for a uniqueness check.
                let extra: &[&str] = match limit {
                    1 => &[],
                    2 => &["--count=2"],
                    _ => continue,
                };
                lines.extend(
                    time_whole_process(name, path, mode, extra, programs).unwrap_or_default(),
                );
            }
        }
    }
    write_results(&settings, results, lines, checks_failed);
    // A failed check makes the run fail: its results are written, for a look, but marked, and
    // the weave refuses to show them.
    if checks_failed > 0 {
        eprintln!("datasets: {checks_failed} check(s) of the solution counts failed");
        std::process::exit(1);
    }
}

/// The settings of this run, from the environment; exits with status 2 on a bad value.
fn read_settings(root: &Path) -> Settings {
    let data =
        std::env::var_os("SUDOKU_DATA").map_or_else(|| root.join("../shared/data"), PathBuf::from);
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let datasets: Vec<String> = match env_list("SUDOKU_BENCH_DATASETS") {
        Some(names) => names.into_iter().map(|n| n.trim_end_matches(".txt").to_string()).collect(),
        None => DATASETS.iter().map(|s| s.to_string()).collect(),
    };
    let modes: Vec<(&str, usize)> = match env_list("SUDOKU_BENCH_MODES") {
        Some(names) => {
            MODES.iter().copied().filter(|(m, _)| names.iter().any(|n| n == m)).collect()
        }
        None => MODES.to_vec(),
    };
    let seed: Option<u64> = match std::env::var("SUDOKU_BENCH_SHUFFLE").as_deref() {
        Ok("none") | Ok("no") | Ok("off") => None,
        Ok(text) => Some(text.parse().unwrap_or_else(|_| {
            eprintln!("datasets: SUDOKU_BENCH_SHUFFLE must be a number or none, not {text:?}");
            std::process::exit(2)
        })),
        Err(_) => Some(1),
    };
    let max: usize =
        std::env::var("SUDOKU_BENCH_MAX").ok().and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let passes: usize =
        std::env::var("SUDOKU_BENCH_PASSES").ok().and_then(|s| s.parse().ok()).unwrap_or(3).max(1);
    let budget = Duration::from_secs_f64(
        std::env::var("SUDOKU_BENCH_BUDGET").ok().and_then(|s| s.parse().ok()).unwrap_or(2.0),
    );
    let contenders = choose_contenders();
    Settings { data, target, datasets, contenders, modes, seed, max, passes, budget }
}

/// Every solver of the book, the peer, and tdoku when it was built, narrowed to
/// `SUDOKU_BENCH_SOLVERS`; exits with status 2 on an unknown name.
fn choose_contenders() -> Vec<Contender> {
    let mut contenders: Vec<Contender> =
        SolverName::ALL.iter().map(|&s| Contender::Ours(s)).collect();
    contenders.push(Contender::Peer);
    match peers::tdoku::build() {
        Some(build) => {
            contenders.push(Contender::Tdoku);
            println!("tdoku: built with {build}");
        }
        None => {
            println!("tdoku: not built (see the warning of `tools/peers`), measured without it")
        }
    }
    if let Some(names) = env_list("SUDOKU_BENCH_SOLVERS") {
        for name in &names {
            if !contenders.iter().any(|c| c.name() == name) {
                eprintln!("datasets: unknown solver {name:?}; known: {}", names_of(&contenders));
                std::process::exit(2);
            }
        }
        contenders.retain(|c| names.iter().any(|n| n == c.name()));
    }
    contenders
}

/// Says where the puzzles come from, whether they are shuffled, and the slow solvers' budget.
fn announce(settings: &Settings) {
    println!("dataset harness: one thread, data from {}", settings.data.display());
    match settings.seed {
        Some(seed) => println!("each puzzle shuffled by the symmetry of seed {seed} + its index"),
        None => println!("puzzles as written (not shuffled)"),
    }
    let slow: Vec<&str> =
        settings.contenders.iter().filter(|c| c.slow()).map(|c| c.name()).collect();
    if !slow.is_empty() {
        println!(
            "slow solvers ({}) stop after a {:.1} s budget per run",
            slow.join(", "),
            settings.budget.as_secs_f64()
        );
    }
}

/// Each puzzle rewritten by the symmetry of `seed` plus its index, or all as written.
fn shuffle(puzzles: Vec<Grid>, seed: Option<u64>) -> Vec<Grid> {
    match seed {
        Some(seed) => puzzles
            .iter()
            .enumerate()
            .map(|(k, p)| Symmetry::from_seed(seed.wrapping_add(k as u64)).apply(p))
            .collect(),
        None => puzzles,
    }
}

/// The puzzles of a pass in a temporary file, one line each (`.` for a blank), for the whole
/// programs to read: shuffled or not, and cut to `SUDOKU_BENCH_MAX`, as the passes had them.
fn as_file(puzzles: &[Grid]) -> std::io::Result<tempfile::NamedTempFile> {
    use std::io::Write;
    let mut file = tempfile::NamedTempFile::new()?;
    let mut out = std::io::BufWriter::new(&mut file);
    for puzzle in puzzles {
        let line: Vec<u8> = puzzle.cells().iter().map(|&d| b".123456789"[usize::from(d)]).collect();
        out.write_all(&line)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    drop(out);
    Ok(file)
}

/// Times every contender on one dataset in every mode, prints the rows and adds them to
/// `results`; returns how many checks of the solution counts failed.
fn time_dataset(
    settings: &Settings,
    name: &str,
    puzzles: &[Grid],
    total: usize,
    results: &mut Vec<DatasetRow>,
) -> usize {
    let peer_puzzles: Vec<peer::Sudoku> = puzzles
        .iter()
        .map(|p| peer::Sudoku::from_bytes(*p.cells()).expect("a grid is a sudoku"))
        .collect();
    let tdoku_puzzles: Vec<[u8; 81]> = puzzles.iter().map(tdoku_text).collect();
    println!("\n{name}: {} puzzles", puzzles.len());
    println!(
        "  {:<8} {:<7} {:>8} {:>12} {:>9} {:>9} {:>9} {:>10} {:>9} {:>9}",
        "solver",
        "mode",
        "puzzles",
        "puzzles/s",
        "median",
        "p90",
        "p99",
        "max µs",
        "no guess",
        "guesses"
    );
    let mut checks_failed = 0;
    for &(mode, limit) in &settings.modes {
        let time_one = |contender: Contender| match contender {
            Contender::Ours(solver) => {
                measure_ours(solver, puzzles, limit, contender.slow().then_some(settings.budget))
            }
            Contender::Peer => measure_peer(&peer_puzzles, limit),
            Contender::Tdoku => measure_tdoku(&tdoku_puzzles, limit),
        };
        let best = time_in_turns(&settings.contenders, settings.passes, time_one);
        let mut fast_counts: Option<Vec<usize>> = None;
        let mut peer_counts: Vec<(&str, Vec<usize>)> = Vec::new();
        for (&contender, (measure, walls)) in settings.contenders.iter().zip(best) {
            let mut row = summarize(name, contender, mode, limit, settings.seed, total, &measure);
            row.passes = walls.len();
            let (fastest, slowest) = (walls.iter().min(), walls.iter().max());
            if let (Some(fastest), Some(slowest), true) = (fastest, slowest, walls.len() > 1) {
                let spread = (*slowest - *fastest).as_secs_f64() / fastest.as_secs_f64();
                row.spread_percent = Some(100.0 * spread);
            }
            print_row(&row);
            results.push(row);
            match contender {
                Contender::Ours(SolverName::Fast) => fast_counts = Some(measure.counts),
                Contender::Peer | Contender::Tdoku => {
                    peer_counts.push((contender.name(), measure.counts))
                }
                _ => {}
            }
        }
        if let (Some(ours), true) = (&fast_counts, limit > 1) {
            checks_failed += check_counts(ours, &peer_counts);
        }
    }
    checks_failed
}

/// The contenders take turns, at least `passes` times and until each fast one has had
/// [`PASS_BUDGET`], and the pass with the least wall time is kept: the one the machine's other
/// work disturbed least. A small dataset gets more passes, since one pass of a few milliseconds
/// is easily disturbed as a whole. The slow contenders run once. Beside each contender's best
/// pass, the wall times of all its passes.
fn time_in_turns(
    contenders: &[Contender],
    passes: usize,
    mut time_one: impl FnMut(Contender) -> Measure,
) -> Vec<(Measure, Vec<Duration>)> {
    let mut best: Vec<Option<Measure>> = contenders.iter().map(|_| None).collect();
    let mut walls: Vec<Vec<Duration>> = contenders.iter().map(|_| Vec::new()).collect();
    let mut spent: Vec<Duration> = contenders.iter().map(|_| Duration::ZERO).collect();
    let mut pass = 0;
    while pass < passes
        || (pass < MAX_PASSES
            && contenders.iter().zip(&spent).any(|(c, &spent)| !c.slow() && spent < PASS_BUDGET))
    {
        let each = contenders.iter().zip(&mut best).zip(&mut spent).zip(&mut walls);
        for (((&contender, best), spent), walls) in each {
            if pass > 0 && contender.slow() {
                continue;
            }
            let measure = time_one(contender);
            *spent += measure.wall;
            walls.push(measure.wall);
            if best.as_ref().is_none_or(|b| measure.wall < b.wall) {
                *best = Some(measure);
            }
        }
        pass += 1;
    }
    println!("  ({pass} passes of the fast contenders, the fastest of each kept)");
    let best = best.into_iter().map(|m| m.expect("every contender ran at least once"));
    best.zip(walls).collect()
}

/// Compares the solution counts of `fast` with each peer's, puzzle by puzzle, and prints the
/// outcome; returns how many peers disagreed.
fn check_counts(ours: &[usize], peers: &[(&str, Vec<usize>)]) -> usize {
    let mut failed = 0;
    for (peer, theirs) in peers {
        let differ = ours.iter().zip(theirs).filter(|(a, b)| a != b).count();
        match differ {
            0 => println!(
                "  check: fast and {peer} agree on the solution counts of all {}",
                ours.len()
            ),
            n => {
                println!("  CHECK FAILED: fast and {peer} disagree on {n} solution counts");
                failed += 1;
            }
        }
    }
    failed
}

/// The wall time after which the fast contenders stop taking more passes over a dataset.
const PASS_BUDGET: Duration = Duration::from_secs(1);

/// The most passes the fast contenders take over one dataset in one mode.
const MAX_PASSES: usize = 50;

/// A program of the whole-process comparison: its key in the results (`sudoku`, `peer_lines`,
/// `tdoku_lines`), its path and its arguments.
struct Program {
    key: &'static str,
    path: PathBuf,
    args: &'static [&'static str],
}

/// The programs of the whole-process comparison, when ours and the peer's are built and it is
/// wanted (`SUDOKU_BENCH_LINES=0` turns it off): ours first, then `peer_lines`, then
/// `tdoku_lines` when it is built and tdoku with it (otherwise a message says it is left out).
fn whole_process_programs(target: &Path) -> Option<Vec<Program>> {
    if std::env::var("SUDOKU_BENCH_LINES").is_ok_and(|v| v == "0") {
        return None;
    }
    let release = target.join("release");
    let ours = Program {
        key: "sudoku",
        path: release.join("sudoku"),
        args: &["--format", "line", "--jobs", "1"],
    };
    let peer = Program { key: "peer_lines", path: release.join("examples/peer_lines"), args: &[] };
    if !ours.path.is_file() || !peer.path.is_file() {
        println!(
            "whole-process comparison skipped: build it with \
             `cargo build --release --bin sudoku --example peer_lines --example tdoku_lines`"
        );
        return None;
    }
    let mut programs = vec![ours, peer];
    let tdoku = release.join("examples/tdoku_lines");
    // `tdoku_lines` exits with status 2 when tdoku was not built; on no input it exits with 0.
    let works = std::process::Command::new(&tdoku)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if works {
        programs.push(Program { key: "tdoku_lines", path: tdoku, args: &[] });
    } else {
        println!(
            "whole-process comparison without tdoku: {} is not built or was built without tdoku",
            tdoku.display()
        );
    }
    Some(programs)
}

/// Times the programs on `FILE` (standard input), taking turns, after one untimed run of each:
/// at least [`MIN_RUNS`] runs each, and more (up to [`MAX_RUNS`]) until ours has used about
/// [`RUN_BUDGET`] of processor time. Keeps the fastest and the median run of each, in processor
/// time. On a machine shared with other work one run can still be off by a tenth either way
/// (caches and clock speed are shared too), and the programs are close: so the two statistics
/// are reported together, and they must agree for a verdict.
fn time_whole_process(
    name: &str,
    file: &Path,
    mode: &str,
    extra: &[&str],
    programs: &[Program],
) -> Option<Vec<WholeProcess>> {
    let run = |program: &Program| -> Option<Duration> {
        let input = std::fs::File::open(file).ok()?;
        let before = children_cpu();
        let status = std::process::Command::new(&program.path)
            .args(program.args)
            .args(extra)
            .stdin(input)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .ok()?;
        let cpu = children_cpu().checked_sub(before)?;
        // Exit status 1 only says that some puzzle had no solution; anything else is a failure.
        matches!(status.code(), Some(0 | 1)).then_some(cpu)
    };
    for program in programs {
        run(program)?;
    }
    let mut times: Vec<Vec<Duration>> = programs.iter().map(|_| Vec::new()).collect();
    while times[0].len() < MIN_RUNS
        || (times[0].len() < MAX_RUNS && times[0].iter().sum::<Duration>() < RUN_BUDGET)
    {
        for (program, times) in programs.iter().zip(&mut times) {
            times.push(run(program)?);
        }
    }
    let runs = times[0].len();
    let mut rows = Vec::new();
    let mut said = Vec::new();
    for (program, times) in programs.iter().zip(&mut times) {
        let (best_ms, median_ms) = best_and_median(times);
        said.push(format!("{} {best_ms:.1} / {median_ms:.1} ms", program.key));
        let shown = std::iter::once(program.key).chain(program.args.iter().copied());
        rows.push(WholeProcess {
            dataset: name.to_string(),
            mode: mode.to_string(),
            program: shown.collect::<Vec<_>>().join(" "),
            runs,
            best_ms,
            median_ms,
        });
    }
    println!("{name} {mode}, whole process, best and median of {runs} runs: {}", said.join(", "));
    Some(rows)
}

/// The processor time, user and system, of every child process this one has waited for: the
/// difference across one run is that run's (the kernel adds a child's times when it is waited
/// for). Processor time, unlike the wall clock, does not count the time another program on a
/// shared machine takes from it.
fn children_cpu() -> Duration {
    use nix::sys::resource::{UsageWho, getrusage};
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage of the children");
    let time =
        |t: nix::sys::time::TimeVal| Duration::new(t.tv_sec() as u64, t.tv_usec() as u32 * 1000);
    time(usage.user_time()) + time(usage.system_time())
}

/// The fewest timed runs of each program in the whole-process comparison.
const MIN_RUNS: usize = 5;
/// The most timed runs of each program in the whole-process comparison.
const MAX_RUNS: usize = 41;
/// The time each program of the whole-process comparison runs for, about.
const RUN_BUDGET: Duration = Duration::from_secs(3);

/// The fastest and the median of some times, in milliseconds.
fn best_and_median(times: &mut [Duration]) -> (f64, f64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    (ms(times[0]), ms(times[times.len() / 2]))
}

fn names_of(contenders: &[Contender]) -> String {
    contenders.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
}

/// The puzzles of a dataset file, read with the book's own reader.
/// The first `max` puzzles of a dataset file, read with the book's own reader, and how many the
/// file holds.
fn load(path: &Path, max: usize) -> Result<(Vec<Grid>, usize), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (mut puzzles, mut total) = (Vec::new(), 0);
    for puzzle in Puzzles::new(std::io::BufReader::new(file)) {
        match puzzle {
            Ok(puzzle) if puzzles.len() < max => puzzles.push(puzzle.grid),
            Ok(_) => {}
            Err(e) => return Err(format!("{}:{e}", path.display())),
        }
        total += 1;
    }
    Ok((puzzles, total))
}

/// Times one of our solvers on each puzzle, after an untimed warm-up over the first few hundred.
fn measure_ours(
    solver: SolverName,
    puzzles: &[Grid],
    limit: usize,
    budget: Option<Duration>,
) -> Measure {
    let warm = if budget.is_some() { 0 } else { puzzles.len().min(500) };
    for puzzle in &puzzles[..warm] {
        black_box(solver.search(black_box(puzzle), limit, &mut ()));
    }
    let (mut times, mut guesses, mut counts) = (Vec::new(), Vec::new(), Vec::new());
    let start = Instant::now();
    for puzzle in puzzles {
        if budget.is_some_and(|b| start.elapsed() > b) {
            break;
        }
        let t = Instant::now();
        let search = solver.search(black_box(puzzle), limit, &mut ());
        times.push(t.elapsed().as_nanos() as u64);
        guesses.push(search.stats.guesses);
        counts.push(black_box(search).solutions.len());
    }
    Measure { times, guesses: Some(guesses), counts, wall: start.elapsed() }
}

/// Times the peer crate the same way: `some_solution` for the first solution, and the solutions
/// up to the limit written into a buffer otherwise.
fn measure_peer(puzzles: &[peer::Sudoku], limit: usize) -> Measure {
    let solve = |puzzle: &peer::Sudoku| -> usize {
        if limit == 1 {
            usize::from(black_box(*puzzle).some_solution().is_some())
        } else {
            let mut buffer = [[0u8; 81]; 2];
            black_box(*puzzle).solutions_up_to_buffer(&mut buffer, limit)
        }
    };
    for puzzle in &puzzles[..puzzles.len().min(500)] {
        black_box(solve(puzzle));
    }
    let (mut times, mut counts) = (Vec::new(), Vec::new());
    let start = Instant::now();
    for puzzle in puzzles {
        let t = Instant::now();
        let count = solve(puzzle);
        times.push(t.elapsed().as_nanos() as u64);
        counts.push(count);
    }
    Measure { times, guesses: None, counts, wall: start.elapsed() }
}

/// A grid as tdoku reads it: 81 bytes, `1`-`9` or `.`.
fn tdoku_text(grid: &Grid) -> [u8; 81] {
    let cells: [u8; 81] = *grid.cells();
    cells.map(|d| if d == 0 { b'.' } else { b'0' + d })
}

/// Times tdoku like [`measure_peer`], with its guesses.
fn measure_tdoku(puzzles: &[[u8; 81]], limit: usize) -> Measure {
    let solve = |puzzle: &[u8; 81]| peers::tdoku::solve(black_box(puzzle), limit);
    for puzzle in &puzzles[..puzzles.len().min(500)] {
        black_box(solve(puzzle));
    }
    let (mut times, mut guesses, mut counts) = (Vec::new(), Vec::new(), Vec::new());
    let start = Instant::now();
    for puzzle in puzzles {
        let t = Instant::now();
        let (count, guessed) = solve(puzzle).expect("tdoku is measured only when built");
        times.push(t.elapsed().as_nanos() as u64);
        counts.push(count);
        guesses.push(guessed as u64);
    }
    Measure { times, guesses: Some(guesses), counts, wall: start.elapsed() }
}

/// The nearest-rank percentile `q` (0 to 1) of sorted times, in microseconds.
fn percentile(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1] as f64 / 1000.0
}

fn summarize(
    dataset: &str,
    contender: Contender,
    mode: &str,
    limit: usize,
    seed: Option<u64>,
    total: usize,
    m: &Measure,
) -> DatasetRow {
    let mut sorted = m.times.clone();
    sorted.sort_unstable();
    let n = sorted.len();
    let solved_time: u64 = sorted.iter().sum();
    let (no_guess_percent, guesses_per_puzzle) = match &m.guesses {
        Some(g) if n > 0 => (
            Some(100.0 * g.iter().filter(|&&x| x == 0).count() as f64 / n as f64),
            Some(g.iter().sum::<u64>() as f64 / n as f64),
        ),
        _ => (None, None),
    };
    DatasetRow {
        dataset: dataset.to_string(),
        solver: contender.name().to_string(),
        mode: mode.to_string(),
        limit,
        shuffled: seed.is_some(),
        seed,
        n,
        of: total,
        partial: n < total,
        puzzles_per_second: n as f64 / m.wall.as_secs_f64(),
        mean_us: solved_time as f64 / 1000.0 / n.max(1) as f64,
        median_us: percentile(&sorted, 0.5),
        p90_us: percentile(&sorted, 0.9),
        p99_us: percentile(&sorted, 0.99),
        max_us: percentile(&sorted, 1.0),
        no_guess_percent,
        guesses_per_puzzle,
        // Sorted per-puzzle times sampled at every half percentile, for plots.
        quantiles_us: (0..=200).map(|k| percentile(&sorted, k as f64 / 200.0)).collect(),
        passes: 1,
        spread_percent: None,
    }
}

fn print_row(row: &DatasetRow) {
    let number = |x: Option<f64>, decimals: usize| match x {
        Some(x) => format!("{x:.decimals$}"),
        None => "-".to_string(),
    };
    let mut puzzles = row.n.to_string();
    if row.partial {
        puzzles = format!("{puzzles}*");
    }
    println!(
        "  {:<8} {:<7} {:>8} {:>12} {:>9} {:>9} {:>9} {:>10} {:>8}% {:>9}",
        row.solver,
        row.mode,
        puzzles,
        number(Some(row.puzzles_per_second), 0),
        number(Some(row.median_us), 2),
        number(Some(row.p90_us), 2),
        number(Some(row.p99_us), 2),
        number(Some(row.max_us), 1),
        number(row.no_guess_percent, 1),
        number(row.guesses_per_puzzle, 2),
    );
    if row.partial {
        println!(
            "  (* the first {} of {} puzzles: a time budget or SUDOKU_BENCH_MAX)",
            row.n, row.of
        );
    }
}

/// How each program measured was compiled, for the tables' heading: the book's solvers and the
/// `sudoku` crate by this very benchmark's build, tdoku by `tools/peers`.
fn builds() -> std::collections::BTreeMap<String, Option<String>> {
    let rustc = std::process::Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map_or_else(|| "rustc (version unknown)".to_string(), |v| v.trim().to_string());
    // `cargo bench` builds with the bench profile, which inherits the release one of Cargo.toml.
    let ours = format!(
        "{rustc}, release profile (opt-level 3, thin LTO, one codegen unit), portable x86-64"
    );
    [("ours and the sudoku crate", Some(ours)), ("tdoku", peers::tdoku::build().map(String::from))]
        .into_iter()
        .map(|(who, how)| (who.to_string(), how))
        .collect()
}

/// Merges the new rows into `target/bench-results/datasets.json`, replacing rows with the same
/// dataset, solver, mode and shuffle (and whole-process rows with the same dataset, mode and
/// program), with the count of checks this run failed.
fn write_results(
    settings: &Settings,
    rows: Vec<DatasetRow>,
    lines: Vec<WholeProcess>,
    checks_failed: usize,
) {
    let dir = settings.target.join("bench-results");
    let path = dir.join("datasets.json");
    // A file of an older schema is replaced, not merged.
    let old: Option<Datasets> =
        std::fs::read_to_string(&path).ok().and_then(|text| serde_json::from_str(&text).ok());
    let (old_rows, old_lines, mut colours) =
        old.map(|o| (o.results, o.whole_process, o.colours)).unwrap_or_default();
    let key = |r: &DatasetRow| (r.dataset.clone(), r.solver.clone(), r.mode.clone(), r.shuffled);
    let mut results: Vec<DatasetRow> =
        old_rows.into_iter().filter(|o| !rows.iter().any(|r| key(r) == key(o))).collect();
    results.extend(rows);
    let line_key = |r: &WholeProcess| (r.dataset.clone(), r.mode.clone(), r.program.clone());
    let mut whole_process: Vec<WholeProcess> = old_lines
        .into_iter()
        .filter(|o| !lines.iter().any(|l| line_key(l) == line_key(o)))
        .collect();
    whole_process.extend(lines);
    for contender in &settings.contenders {
        colours.insert(contender.name().to_string(), contender.colour().to_string());
    }
    let conditions = match settings.seed {
        Some(seed) => {
            format!(
                "one thread, each puzzle rewritten by a symmetry drawn from seed {seed} and its index"
            )
        }
        None => "one thread, the puzzles as written".to_string(),
    };
    let document = Datasets {
        provenance: Provenance {
            cpu: cpu_model(),
            // The weave's `cargo book --bench` stamps the commit when it freezes the file.
            commit: "unknown".to_string(),
            measured_unix: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            conditions,
            builds: builds(),
        },
        checks_failed,
        colours,
        results,
        whole_process,
    };
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        std::fs::write(
            &path,
            serde_json::to_string_pretty(&document).expect("the results serialize"),
        )
    });
    match written {
        Ok(()) => println!("\nresults written to {}", path.display()),
        Err(e) => eprintln!("datasets: cannot write {}: {e}", path.display()),
    }
}

/// The CPU's model name, from `/proc/cpuinfo` where there is one.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}
