//! What one speedup of Part IV gains, for the weave's `{{#measure gains NAME ...}}`:
//!
//!     gains SUDOKU NAME [from=FILE] [band=LO..HI] [count=N] [rounds=R]
//!
//! Rates the first `count` puzzles of FILE (under `$SUDOKU_DATA`; by default
//! `human/se-rated.txt`), keeping, when the file gives SE's rating beside each puzzle, only those
//! SE rates in the band, with a rater that uses every speedup and with one that does without the
//! speedup NAME ([`sudoku::ladder::SPEEDUPS`]), on this thread, `rounds` times each, the two taken
//! in turn. Prints a table of the median CPU times and their ratio. The ratings of the two must
//! be the same, puzzle by puzzle (a speedup changes how fast, never what is found): if they are
//! not, it says which puzzle differs and exits 1, which stops the book's build. A missing data
//! file is a note (exit 3), not an error.

use anyhow::{Context, Result, bail};
use cpu_time::ThreadTime;
use results::program::{Args, Ctx, Note};
use results::words::{code_span, data_file, number};
use std::time::Duration;
use sudoku::ladder::SPEEDUPS;
use sudoku::pencil_marks::PencilMarks;
use sudoku::reader::parse_grid;
use sudoku::techniques::{Rater, Speedup};

fn main() -> std::process::ExitCode {
    results::program::main(gains)
}

fn gains(_: &Ctx, args: &Args) -> Result<String> {
    let (words, options) = args.options(&["from", "band", "count", "rounds"])?;
    let [name] = words[..] else { bail!("name one speedup") };
    let names = || SPEEDUPS.map(|s| s.name).join(", ");
    let speedup = *SPEEDUPS
        .iter()
        .find(|s| s.name == name)
        .with_context(|| format!("no speedup `{name}` (there are {})", names()))?;
    let from = options.get("from").copied().unwrap_or("human/se-rated.txt");
    let band = match options.get("band") {
        None => None,
        Some(band) => Some(parse_band(band).with_context(|| format!("band `{band}`"))?),
    };
    let (count, rounds) = (number(&options, "count", 40)?, number(&options, "rounds", 3)?);
    let path = data_file(from);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Err(
            Note(format!("> **Not measured:** `{from}` is not in `$SUDOKU_DATA` here.")).into()
        );
    };
    let puzzles = chosen(&text, band, count)?;
    let (with, without) = (|| Rater::default(), || Rater::default().without(speedup));
    let (mut times, mut first) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
    for round in 0..rounds {
        // The two in turn, the first of each round alternating.
        for side in [round % 2, 1 - round % 2] {
            let make: &dyn Fn() -> Rater = if side == 0 { &with } else { &without };
            let (time, ratings) = rate_all(&puzzles, make);
            times[side].push(time);
            first[side] = ratings;
        }
    }
    if let Some(k) = (0..puzzles.len()).find(|&k| first[0][k] != first[1][k]) {
        bail!(
            "the ratings differ without `{name}` on {}: {:?} with it, {:?} without",
            puzzles[k].0,
            first[0][k],
            first[1][k]
        );
    }
    Ok(table(speedup, from, band, &puzzles, &mut times, rounds))
}

/// `LO..HI` as two ratings in tenths.
fn parse_band(band: &str) -> Option<(u16, u16)> {
    let (lo, hi) = band.split_once("..")?;
    let tenths = |s: &str| s.parse::<f64>().ok().map(|r| (r * 10.0).round() as u16);
    Some((tenths(lo)?, tenths(hi)?))
}

/// The puzzles of the file's lines (the first word of each, comments skipped), those SE rates
/// in the band when a band is given, at most `count`.
fn chosen(
    text: &str,
    band: Option<(u16, u16)>,
    count: usize,
) -> Result<Vec<(String, PencilMarks)>> {
    let mut puzzles = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let puzzle = words.next().unwrap_or_default();
        if let Some((lo, hi)) = band {
            let er = words.next().and_then(|er| er.parse::<f64>().ok());
            let er = er.with_context(|| format!("no rating beside {puzzle}"))?;
            let er = (er * 10.0).round() as u16;
            if er < lo || er > hi {
                continue;
            }
        }
        let grid = parse_grid(puzzle).with_context(|| format!("not a puzzle: {puzzle}"))?;
        puzzles.push((puzzle.to_string(), PencilMarks::from_grid(&grid)));
        if puzzles.len() == count {
            break;
        }
    }
    if puzzles.is_empty() {
        bail!("no puzzle chosen");
    }
    Ok(puzzles)
}

/// What is compared of a rating: its three numbers, its steps and whether it solved the puzzle.
type Compared = (u16, Option<u16>, Option<u16>, usize, bool);

/// The CPU time of rating every puzzle, each with a rater of its own, and the ratings.
fn rate_all(
    puzzles: &[(String, PencilMarks)],
    make: &dyn Fn() -> Rater,
) -> (Duration, Vec<Compared>) {
    let start = ThreadTime::now();
    let ratings: Vec<Compared> = puzzles
        .iter()
        .map(|(_, marks)| {
            let r = make().rate(*marks);
            (r.er, r.ep, r.ed, r.steps, r.solved)
        })
        .collect();
    (start.elapsed(), ratings)
}

fn table(
    speedup: Speedup,
    from: &str,
    band: Option<(u16, u16)>,
    puzzles: &[(String, PencilMarks)],
    times: &mut [Vec<Duration>; 2],
    rounds: usize,
) -> String {
    let median = |t: &mut Vec<Duration>| {
        t.sort();
        t[t.len() / 2]
    };
    let (with, without) = (median(&mut times[0]), median(&mut times[1]));
    // The spread of each side's rounds: the slowest less the fastest, over the median.
    let spread = |t: &[Duration], m: Duration| {
        let (fastest, slowest) = (t[0].as_secs_f64(), t[t.len() - 1].as_secs_f64());
        format!("{:.0} %", 100.0 * (slowest - fastest) / m.as_secs_f64())
    };
    let spreads = (spread(&times[0], with), spread(&times[1], without));
    let rated = match band {
        Some((lo, hi)) => format!(" SE rates {}.{} to {}.{}", lo / 10, lo % 10, hi / 10, hi % 10),
        None => String::new(),
    };
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3 / puzzles.len() as f64);
    format!(
        "| speedup | puzzles | a puzzle with it | without it | gain |\n\
         | :--- | :--- | ---: | ---: | ---: |\n\
         | {} ({}) | {} of {}{rated} | {} | {} | {:.2}× |\n\n\
         CPU time on one thread, the median of {rounds} rounds, the two raters taken in turn \
         (the rounds spread over {} of the median with it, {} without); the ratings are the \
         same, puzzle by puzzle.",
        code_span(speedup.name),
        speedup.what,
        puzzles.len(),
        code_span(from),
        ms(with),
        ms(without),
        without.as_secs_f64() / with.as_secs_f64(),
        spreads.0,
        spreads.1,
    )
}
