//! What `sudoku generate` makes, beside the puzzles of the datasets: the tables (and figures) of
//! `{{#measure generated ...}}`, which runs this program as `generated SUDOKU KIND ...` (the
//! binary's path first) and freezes what it prints.
//!
//! - `givens count=N seed=S files=A,B`: how many givens the generated minimal puzzles have
//!   (`sudoku generate --count N --seed S --minimal`), beside each file of `$SUDOKU_DATA`
//!   named in `files`: a row each, the least, quartiles, mean and most.
//! - `ratings count=N seed=S files=A,B`: the same puzzles rated by `sudoku rate`, beside each
//!   file: a row each, the share in each band of Sudoku Explainer's scale and beyond the ladder.
//! - With `plot=yes`, `givens` and `ratings` add under their table a figure of the same
//!   numbers: for each source, the share of its puzzles with at most so many givens, or rated at
//!   most so much (a puzzle beyond the ladder never is, so such a curve stops short of 100 %).
//! - `speed count=N seed=S bands=A..B,C..D reference=R rounds=K`: minimal puzzles a second on
//!   one thread (`--jobs 1`), counted from the wall time of the whole process, without and with
//!   each `--rating` band: the median of K rounds (3 by default), each running every command in
//!   turn, and how far the rounds spread; `reference=R` adds QQWing's published rate as a last
//!   row.
//!
//! - `versus count=N seed=S rounds=R`: ours against the crates.io `sudoku` crate's generator,
//!   side by side in one run, on one thread: `sudoku generate --minimal --jobs 1` against
//!   `examples/peer_generate.rs` making the same kind of puzzle (no symmetry, no given can go),
//!   and `sudoku generate --symmetry rot180 --jobs 1` against the crate's `Sudoku::generate()`
//!   (a half turn, no symmetric pair can go). Each of the R rounds runs all four programs in
//!   turn, so that a machine busy with something else slows them alike; the table gives the best
//!   and the median rate of each, from the wall time of the whole process, how far the rounds
//!   spread, and the mean number of givens, and a sentence under it says how ours compares. The
//!   weave builds the example `peer_generate` beside this one.
//!
//! - `drawn seed=S symmetry=P`: the puzzle `sudoku generate --count 1 --seed S --symmetry P`
//!   makes, drawn as a board (inline SVG coloured by the classes of `weave.css`): its givens on
//!   shaded cells, and the symmetry's centre or axes drawn over the grid, so that the eye finds
//!   each given's image.
//!
//! - `path technique=T seed=S`: the puzzle `sudoku generate --count 1 --seed S --technique T`
//!   makes, and its path as `sudoku explain` gives it, as two transcripts.
//!
//! The first four measure (the weave freezes them in `book/results/`); they run the binary.

use anyhow::{Context, Result, bail, ensure};
use results::{format, plot};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const OPTIONS: &[&str] =
    &["count", "seed", "files", "bands", "reference", "rounds", "plot", "symmetry", "technique"];

/// The upper ends of the rating bands of the `ratings` table (ER below each, from the one before).
const BANDS: &[f64] = &[1.5, 2.0, 3.0, 4.0, 6.0, 12.0];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((sudoku, words)) = args.split_first() else {
        eprintln!("usage: generated SUDOKU givens|ratings|speed|versus OPTION=VALUE...");
        std::process::exit(2);
    };
    match run(Path::new(sudoku), words) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("generated: {e:#}");
            std::process::exit(1);
        }
    }
}

/// The words split into positional ones and `key=value` options, refusing an unknown key.
fn options(words: &[String]) -> Result<(Vec<&str>, BTreeMap<&str, &str>)> {
    results::words::options(words, OPTIONS)
}

use results::words::{code_span, data_file, number, table};

/// Runs `program` with `args`: its standard output, and the wall time it took; an error when it
/// fails.
fn output(program: &Path, args: &[String]) -> Result<(String, Duration)> {
    let started = Instant::now();
    let out = Command::new(program).args(args).output();
    let out = out.with_context(|| format!("cannot run {}", program.display()))?;
    let wall = started.elapsed();
    let command = format!("{} {}", program.display(), args.join(" "));
    ensure!(out.status.success(), "`{command}`: {}", out.status);
    Ok((String::from_utf8_lossy(&out.stdout).into_owned(), wall))
}

fn run(sudoku: &Path, words: &[String]) -> Result<String> {
    let (kind, options) = options(words)?;
    let count: usize = number(&options, "count", 1000)?;
    let seed: u64 = number(&options, "seed", 1)?;
    ensure!(count >= 1, "`count` must be at least 1");
    let files: Vec<&str> = options.get("files").map_or(vec![], |f| f.split(',').collect());
    let plot = match options.get("plot") {
        None | Some(&"no") => false,
        Some(&"yes") => true,
        Some(other) => bail!("`plot={other}`: say `yes` or `no`"),
    };
    match kind.as_slice() {
        ["givens"] => {
            let mut rows = vec![(generated_label(count, seed), generate(sudoku, count, seed)?)];
            for file in files {
                rows.push((code_span(file), read_puzzles(&data_file(file))?));
            }
            let rows: Vec<(String, Vec<usize>)> = rows
                .into_iter()
                .map(|(label, puzzles)| (label, puzzles.iter().map(|p| givens(p)).collect()))
                .collect();
            let mut out = givens_table(&rows);
            if plot {
                let curves: Vec<(String, Vec<f64>)> = (rows.iter())
                    .map(|(label, g)| (plain(label), g.iter().map(|&n| n as f64).collect()))
                    .collect();
                let caption = "For each source, the share of its puzzles that have at most so \
                               many givens.";
                out += &figure(&curves, "givens", 1.0, caption)?;
            }
            Ok(out)
        }
        ["ratings"] => {
            let puzzles = generate(sudoku, count, seed)?;
            let mut rows = vec![(generated_label(count, seed), rate(sudoku, &puzzles)?)];
            for file in files {
                let puzzles = read_puzzles(&data_file(file))?;
                rows.push((code_span(file), rate(sudoku, &puzzles)?));
            }
            let mut out = ratings_table(&rows);
            if plot {
                // A puzzle beyond the ladder is rated at most nothing: it is left out of every
                // point, and its source's curve ends below 100 %.
                let curves: Vec<(String, Vec<f64>)> = (rows.iter())
                    .map(|(label, r)| {
                        (plain(label), r.iter().map(|er| er.unwrap_or(f64::INFINITY)).collect())
                    })
                    .collect();
                let caption = "For each source, the share of its puzzles rated at most so much \
                               on Sudoku Explainer's scale; the rest of a curve's way to 100 % is \
                               the puzzles beyond the rater's ladder.";
                out += &figure(&curves, "ER", 0.1, caption)?;
            }
            Ok(out)
        }
        ["speed"] => {
            let bands: Vec<&str> = options.get("bands").map_or(vec![], |b| b.split(',').collect());
            let reference: Option<f64> = match options.get("reference") {
                None => None,
                Some(_) => Some(number(&options, "reference", 0.0)?),
            };
            let rounds: usize = number(&options, "rounds", 3)?;
            ensure!(rounds >= 1, "`rounds` must be at least 1");
            let commands: Vec<Vec<&str>> = std::iter::once(None)
                .chain(bands.iter().map(Some))
                .map(|band| {
                    let mut words = vec!["generate", "--minimal", "--jobs", "1"];
                    words.extend(band.into_iter().flat_map(|&band| ["--rating", band]));
                    words
                })
                .collect();
            // Each round runs every command in turn, so that a busy machine slows them alike.
            let mut runs = vec![vec![]; commands.len()];
            for _ in 0..rounds {
                for (words, rates) in commands.iter().zip(&mut runs) {
                    rates.push(puzzles_a_second(sudoku, words, count, seed)?);
                }
            }
            let rates: Vec<f64> = runs.iter().map(|r| format::median(r)).collect();
            let mut rows: Vec<Vec<String>> = (commands.iter().zip(&runs))
                .map(|(words, r)| {
                    let label = code_span(&format!("sudoku {}", words.join(" ")));
                    let spread = format::percent(format::spread(r));
                    vec![label, format::number(format::median(r)), spread]
                })
                .collect();
            let sentence = bands_cost(&bands, &rates);
            if let Some(reference) = reference {
                let label = "QQWing, as its site publishes".into();
                rows.push(vec![label, format::number(reference), "–".into()]);
            }
            let header = vec![
                format!("{count} puzzles, seed {seed}, {rounds} rounds"),
                "puzzles a second, median".into(),
                "spread".into(),
            ];
            Ok(format!("{}{sentence}", table(&header, &rows)))
        }
        ["versus"] => {
            let rounds: usize = number(&options, "rounds", 5)?;
            ensure!(rounds >= 1, "`rounds` must be at least 1");
            versus(sudoku, count, seed, rounds)
        }
        ["drawn"] => {
            let symmetry = options.get("symmetry").copied().unwrap_or("rot180");
            let args = ["generate", "--count", "1", "--seed", &seed.to_string()]
                .into_iter()
                .chain(["--symmetry", symmetry, "--format", "line"])
                .map(String::from)
                .collect::<Vec<_>>();
            let (stdout, _) = output(sudoku, &args)?;
            let puzzle = stdout.lines().next().unwrap_or_default().trim();
            ensure!(puzzle.len() == 81, "`sudoku {}` made no puzzle", args.join(" "));
            drawn(puzzle, symmetry, &format!("sudoku {}", args.join(" ")))
        }
        ["path"] => {
            let technique = options.get("technique").context("`path` needs `technique=NAME`")?;
            let generate = ["generate", "--count", "1", "--seed", &seed.to_string()]
                .into_iter()
                .chain(["--technique", technique])
                .map(String::from)
                .collect::<Vec<_>>();
            let (stdout, _) = output(sudoku, &generate)?;
            let puzzle = stdout.lines().next().unwrap_or_default().trim().to_string();
            ensure!(puzzle.len() == 81, "`sudoku {}` made no puzzle", generate.join(" "));
            let explain = vec!["explain".to_string(), puzzle];
            let (path, _) = output(sudoku, &explain)?;
            Ok(format!(
                "```console\n$ sudoku {}\n{stdout}$ sudoku {}\n{path}```\n",
                generate.join(" "),
                explain.join(" ")
            ))
        }
        _ => bail!("name one kind: `givens`, `ratings`, `speed`, `versus`, `drawn` or `path`"),
    }
}

fn generated_label(count: usize, seed: u64) -> String {
    code_span(&format!("sudoku generate --count {count} --seed {seed} --minimal"))
}

/// The puzzles of a file: its lines of 81 characters, comments and blank lines skipped.
fn read_puzzles(path: &Path) -> Result<Vec<String>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let puzzles: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| line.len() >= 81 && !line.starts_with('#'))
        .map(|line| line[..81].to_string())
        .collect();
    ensure!(!puzzles.is_empty(), "{}: no puzzles", path.display());
    Ok(puzzles)
}

/// The number of givens of a puzzle of 81 characters.
fn givens(puzzle: &str) -> usize {
    puzzle.bytes().filter(|b| (b'1'..=b'9').contains(b)).count()
}

/// `count` minimal puzzles from `seed`, one a line.
fn generate(sudoku: &Path, count: usize, seed: u64) -> Result<Vec<String>> {
    let args =
        ["generate", "--minimal", "--count", &count.to_string(), "--seed", &seed.to_string()]
            .map(String::from);
    let (stdout, _) = output(sudoku, &args)?;
    let puzzles: Vec<String> = stdout.lines().map(str::to_string).collect();
    ensure!(puzzles.len() == count, "`sudoku generate` made {} puzzles", puzzles.len());
    Ok(puzzles)
}

/// Puzzles a second of `sudoku WORDS --count N --seed S`, from the wall time of the process.
fn puzzles_a_second(sudoku: &Path, words: &[&str], count: usize, seed: u64) -> Result<f64> {
    let mut args: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    args.extend(["--count".into(), count.to_string(), "--seed".into(), seed.to_string()]);
    let (_, wall) = output(sudoku, &args)?;
    Ok(count as f64 / wall.as_secs_f64())
}

/// What the `--rating` bands cost, in words, from the rate without a band (`rates[0]`) and with
/// each band (`rates[1..]`); nothing without bands.
fn bands_cost(bands: &[&str], rates: &[f64]) -> String {
    let Some((&none, banded)) = rates.split_first().filter(|(_, b)| !b.is_empty()) else {
        return String::new();
    };
    let each: Vec<String> = (bands.iter().zip(banded))
        .map(|(band, rate)| format!("{} for {}", format::number(none / rate), code_span(band)))
        .collect();
    let (k, slowest) = (banded.iter().enumerate())
        .fold((0, f64::MAX), |(k, low), (j, &r)| if r < low { (j, r) } else { (k, low) });
    format!(
        "\n\nAgainst no band, each band divides the rate by {}. The slowest, {}, takes {:.1} ms \
         a puzzle.",
        list(&each),
        code_span(bands[k]),
        1000.0 / slowest
    )
}

/// The side of a cell and the margin around the board, in the SVG's units (as `tools/board`).
const CELL: usize = 40;
const MARGIN: usize = 3;

/// A generated puzzle as a board: its givens on shaded cells, the grid's lines, and over them
/// what the symmetry `pattern` keeps fixed (a centre for the turns, an axis for the mirrors), as
/// an HTML figure whose caption names the command that made it.
fn drawn(puzzle: &str, pattern: &str, command: &str) -> Result<String> {
    let side = 9 * CELL + 2 * MARGIN;
    let at = |k: usize| MARGIN + CELL * k;
    let (low, high, middle) = (MARGIN, MARGIN + 9 * CELL, MARGIN + 9 * CELL / 2);
    let mut svg = vec![format!(
        "<svg viewBox=\"0 0 {side} {side}\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">"
    )];
    let givens: Vec<(usize, char)> =
        puzzle.chars().enumerate().filter(|(_, c)| c.is_ascii_digit() && *c != '0').collect();
    for &(cell, _) in &givens {
        let (x, y) = (at(cell % 9), at(cell / 9));
        svg.push(format!(
            "<rect class=\"pattern\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>"
        ));
    }
    for k in 0..=9 {
        let class = if k % 3 == 0 { "thick" } else { "thin" };
        let p = at(k);
        svg.push(format!(
            "<line class=\"{class}\" x1=\"{p}\" y1=\"{low}\" x2=\"{p}\" y2=\"{high}\"/>"
        ));
        svg.push(format!(
            "<line class=\"{class}\" x1=\"{low}\" y1=\"{p}\" x2=\"{high}\" y2=\"{p}\"/>"
        ));
    }
    let axis = |x1: usize, y1: usize, x2: usize, y2: usize| {
        format!("<line class=\"link weak\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>")
    };
    let centre = format!("<circle class=\"node on\" cx=\"{middle}\" cy=\"{middle}\" r=\"7\"/>");
    let (kept, shows) = match pattern {
        "rot180" => (vec![centre], "a half turn about the centre"),
        "rot90" => (vec![centre], "a quarter turn about the centre"),
        "diagonal" => (vec![axis(low, low, high, high)], "a mirror on the main diagonal"),
        "antidiagonal" => (vec![axis(high, low, low, high)], "a mirror on the other diagonal"),
        "horizontal" => (vec![axis(low, middle, high, middle)], "a mirror on the middle row"),
        "vertical" => (vec![axis(middle, low, middle, high)], "a mirror on the middle column"),
        "dihedral" => (
            vec![
                axis(low, low, high, high),
                axis(high, low, low, high),
                axis(low, middle, high, middle),
                axis(middle, low, middle, high),
            ],
            "every turn and mirror of the square",
        ),
        "none" => (vec![], "no symmetry"),
        other => bail!("`symmetry={other}`: not a pattern `sudoku generate` takes"),
    };
    svg.extend(kept);
    for &(cell, digit) in &givens {
        let (x, y) = (at(cell % 9) + CELL / 2, at(cell / 9) + CELL / 2);
        svg.push(format!("<text class=\"given\" x=\"{x}\" y=\"{y}\">{digit}</text>"));
    }
    svg.push("</svg>".to_string());
    let caption = format!(
        "<code>{command}</code>: its {} givens, shaded, are kept by {shows}.",
        givens.len()
    );
    Ok(format!(
        "<figure class=\"weave-board\">\n{}\n<figcaption>{caption}</figcaption>\n</figure>",
        svg.join("\n")
    ))
}

/// Items joined as a sentence says them: `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// One program of the side-by-side table: how it is named there, what runs, and its rates.
struct Contender {
    label: String,
    program: PathBuf,
    args: Vec<String>,
    rates: Vec<f64>,
    givens: Vec<usize>,
}

/// The `versus` table and its sentence.
fn versus(sudoku: &Path, count: usize, seed: u64, rounds: usize) -> Result<String> {
    // `peer_generate`, built beside this program by the weave.
    let peer = std::env::current_exe()?.with_file_name("peer_generate");
    let ours = |words: &str| {
        let mut args: Vec<String> = words.split(' ').map(String::from).collect();
        args.extend(["--count".into(), count.to_string(), "--seed".into(), seed.to_string()]);
        Contender {
            label: code_span(&format!("sudoku {words}")),
            program: sudoku.to_path_buf(),
            args,
            rates: vec![],
            givens: vec![],
        }
    };
    let theirs = |call: &str, symmetry: &str| Contender {
        label: format!("the `sudoku` crate, {}", code_span(call)),
        program: peer.clone(),
        args: vec![count.to_string(), symmetry.to_string()],
        rates: vec![],
        givens: vec![],
    };
    let mut contenders = [
        ours("generate --minimal --jobs 1"),
        theirs("Sudoku::generate_from(Sudoku::generate_solved())", "none"),
        ours("generate --symmetry rot180 --jobs 1"),
        theirs("Sudoku::generate()", "rot180"),
    ];
    for _ in 0..rounds {
        for contender in &mut contenders {
            let (stdout, wall) = output(&contender.program, &contender.args)?;
            let command = format!("{} {}", contender.program.display(), contender.args.join(" "));
            let puzzles: Vec<&str> = stdout.lines().collect();
            ensure!(
                puzzles.len() == count && puzzles.iter().all(|p| p.len() == 81),
                "`{command}` made {} lines, not {count} puzzles",
                puzzles.len()
            );
            contender.rates.push(count as f64 / wall.as_secs_f64());
            contender.givens.extend(puzzles.iter().map(|p| givens(p)));
        }
    }
    let rows: Vec<Vec<String>> = (contenders.iter())
        .map(|c| {
            let mean = c.givens.iter().sum::<usize>() as f64 / c.givens.len() as f64;
            vec![
                c.label.clone(),
                format::number(best(&c.rates)),
                format::number(format::median(&c.rates)),
                format::percent(format::spread(&c.rates)),
                format!("{mean:.1}"),
            ]
        })
        .collect();
    let header: Vec<String> = [
        format!("{count} puzzles a run, {rounds} rounds"),
        "puzzles a second, best".into(),
        "median".into(),
        "spread".into(),
        "givens, mean".into(),
    ]
    .into();
    let ratio = |ours: &Contender, theirs: &Contender| {
        format::median(&ours.rates) / format::median(&theirs.rates)
    };
    let sentence = format!(
        "On one thread, `sudoku generate --minimal` makes {} the `sudoku` crate's generator \
         with no symmetry, and `sudoku generate --symmetry rot180` makes {} the crate's \
         `Sudoku::generate()`, which has the same symmetry (medians of the rounds).",
        compared(ratio(&contenders[0], &contenders[1])),
        compared(ratio(&contenders[2], &contenders[3]))
    );
    Ok(format!("{}\n\n{sentence}", table(&header, &rows)))
}

/// How a ratio of two rates reads in a sentence: "1.9 times as many puzzles a second as".
fn compared(ratio: f64) -> String {
    match ratio {
        r if r >= 1.05 => format!("{r:.1} times as many puzzles a second as"),
        r if r > 0.95 => "about as many puzzles a second as".to_string(),
        r => format!("only {:.0} % as many puzzles a second as", 100.0 * r),
    }
}

fn best(rates: &[f64]) -> f64 {
    rates.iter().copied().fold(0.0, f64::max)
}

/// What `sudoku rate` said of each puzzle: its ER, or `None` when beyond the ladder.
fn rate(sudoku: &Path, puzzles: &[String]) -> Result<Vec<Option<f64>>> {
    let file = std::env::temp_dir().join(format!("weave-generated-{}.txt", std::process::id()));
    std::fs::write(&file, puzzles.join("\n") + "\n")
        .with_context(|| format!("cannot write {}", file.display()))?;
    // `sudoku rate` exits 1 when some puzzle is beyond the ladder: its records say which.
    let out = Command::new(sudoku).arg("rate").arg(&file).output();
    let _ = std::fs::remove_file(&file);
    let out = out.with_context(|| format!("cannot run {}", sudoku.display()))?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| -> Result<Option<f64>> {
            let record: serde_json::Value = serde_json::from_str(line)?;
            match record["status"].as_str() {
                Some("rated") => Ok(Some(record["er"].as_f64().context("a rated puzzle's ER")?)),
                Some("beyond") => Ok(None),
                status => bail!("`sudoku rate`: status {status:?} in {line}"),
            }
        })
        .collect()
}

/// A row per source: puzzles, least, quartiles, mean and most givens.
fn givens_table(rows: &[(String, Vec<usize>)]) -> String {
    let header: Vec<String> = ["givens of", "puzzles", "least", "quarter", "median", "mean"]
        .into_iter()
        .chain(["three quarters", "most"])
        .map(String::from)
        .collect();
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|(label, givens)| {
            let mut sorted = givens.clone();
            sorted.sort_unstable();
            let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize].to_string();
            let mean = sorted.iter().sum::<usize>() as f64 / sorted.len() as f64;
            vec![
                label.clone(),
                format::count(sorted.len()),
                at(0.0),
                at(0.25),
                at(0.5),
                format!("{mean:.1}"),
                at(0.75),
                at(1.0),
            ]
        })
        .collect();
    table(&header, &rows)
}

/// A row per source: puzzles, then the share of them in each band of ER and beyond the ladder.
fn ratings_table(rows: &[(String, Vec<Option<f64>>)]) -> String {
    let mut header = vec!["ER of".to_string(), "puzzles".to_string()];
    let mut low = 1.0;
    for &high in BANDS {
        header.push(format!("{low:.1}–{:.1}", high - 0.1));
        low = high;
    }
    header.push("beyond".into());
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|(label, ratings)| {
            let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
            for rating in ratings {
                // Ratings have one decimal: compare in tenths, so that 1.5 is not 1.4999….
                let band = match rating {
                    Some(er) => {
                        let tenths = (er * 10.0).round() as i64;
                        BANDS.iter().position(|&h| tenths < (h * 10.0).round() as i64)
                    }
                    None => None,
                };
                *counts.entry(band.unwrap_or(BANDS.len())).or_default() += 1;
            }
            let share = |k: usize| {
                let n = counts.get(&k).copied().unwrap_or(0);
                match n {
                    0 => "–".to_string(),
                    n => format::percent(100.0 * n as f64 / ratings.len() as f64),
                }
            };
            let mut row = vec![label.clone(), format::count(ratings.len())];
            row.extend((0..=BANDS.len()).map(share));
            row
        })
        .collect();
    table(&header, &rows)
}

/// A row's label as a plot's legend says it: a file's name without its folder, and the
/// generator's command as `generated, seed S`.
fn plain(label: &str) -> String {
    let text = label.replace('`', "");
    match text.split_once(" --seed ") {
        Some((_, rest)) => format!("generated, seed {}", rest.split(' ').next().unwrap_or("?")),
        None => text.rsplit('/').next().unwrap_or(&text).to_string(),
    }
}

/// The share (%) of `values` at most `x`, for every `x` from the least finite value to the
/// greatest, by `step`.
fn cumulative(values: &[f64], low: f64, high: f64, step: f64) -> Vec<(f64, f64)> {
    let steps = ((high - low) / step).round() as usize;
    (0..=steps)
        .map(|k| {
            let x = low + k as f64 * step;
            // Values have at most one decimal: compare with half a step to spare.
            let at_most = values.iter().filter(|&&v| v <= x + step / 2.0).count();
            (x, 100.0 * at_most as f64 / values.len() as f64)
        })
        .collect()
}

/// An HTML figure (one block, no blank line) of the cumulative shares of each source's values.
fn figure(curves: &[(String, Vec<f64>)], what: &str, step: f64, caption: &str) -> Result<String> {
    let finite = curves.iter().flat_map(|(_, v)| v).copied().filter(|v| v.is_finite());
    let (low, high) = finite.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    ensure!(low <= high, "nothing to plot");
    let curves = curves
        .iter()
        .map(|(label, values)| plot::Curve {
            label: label.clone(),
            colour: None,
            points: cumulative(values, low, high, step),
        })
        .collect();
    let axes = plot::Axes {
        x: what.to_string(),
        y: "puzzles at most (%)".to_string(),
        x_format: "num".to_string(),
        y_format: "num".to_string(),
        log_y: false,
    };
    let svg = plot::svg(&[plot::Panel { title: String::new(), curves }], &axes)?;
    Ok(format!("\n\n{}", plot::figure(&svg, caption)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_are_counted_and_summed_up() {
        assert_eq!(givens(&format!("12.4{}", ".".repeat(77))), 3);
        let text = givens_table(&[("a".into(), vec![20, 22, 24, 26, 30])]);
        let last = text.lines().last().unwrap();
        assert_eq!(last, "| a | 5 | 20 | 22 | 24 | 24.4 | 26 | 30 |");
    }

    #[test]
    fn cumulative_shares_climb_to_what_is_finite() {
        let points = cumulative(&[1.0, 2.0, 2.0, f64::INFINITY], 1.0, 3.0, 1.0);
        assert_eq!(points, vec![(1.0, 25.0), (2.0, 75.0), (3.0, 75.0)]);
        let tenths = cumulative(&[1.2, 1.5], 1.2, 1.5, 0.1);
        assert_eq!(tenths.iter().map(|p| p.1).collect::<Vec<_>>(), [50.0, 50.0, 50.0, 100.0]);
    }

    #[test]
    fn the_cost_of_bands_is_said_in_words() {
        let text = bands_cost(&["1.0..1.4", "4.0..9.0"], &[1000.0, 50.0, 200.0]);
        assert_eq!(
            text,
            "\n\nAgainst no band, each band divides the rate by 20 for `1.0..1.4` and 5 for \
             `4.0..9.0`. The slowest, `1.0..1.4`, takes 20.0 ms a puzzle."
        );
        assert_eq!(bands_cost(&[], &[1000.0]), "");
        assert_eq!(list(&["a".into(), "b".into(), "c".into()]), "a, b and c");
    }

    #[test]
    fn a_drawn_puzzle_shades_its_givens_and_marks_its_symmetry() {
        let puzzle = format!("1{}1", ".".repeat(79));
        let html = drawn(&puzzle, "rot180", "sudoku generate").unwrap();
        assert_eq!(html.matches("class=\"pattern\"").count(), 2, "{html}");
        assert_eq!(html.matches("class=\"given\"").count(), 2);
        assert!(html.contains("<circle") && html.contains("its 2 givens, shaded"));
        assert!(!html.lines().any(|line| line.trim().is_empty()), "one HTML block");
        assert!(drawn(&puzzle, "spiral", "x").is_err());
    }

    #[test]
    fn legends_are_short() {
        assert_eq!(plain("`sudoku generate --count 1000 --seed 7 --minimal`"), "generated, seed 7");
        assert_eq!(plain("`human/qqwing-easy.txt`"), "qqwing-easy.txt");
        assert_eq!(plain("`17-clue.txt`"), "17-clue.txt");
    }

    #[test]
    fn a_figure_is_one_html_block() {
        let curves = vec![("ours".to_string(), vec![21.0, 24.0]), ("a".into(), vec![17.0])];
        let html = figure(&curves, "givens", 1.0, "A caption.").unwrap();
        let block = html.trim_start();
        assert!(block.starts_with("<figure class=\"weave-plot\">") && block.ends_with("</figure>"));
        assert!(!block.lines().any(|line| line.trim().is_empty()));
        assert!(block.contains("<svg") && block.contains("ours"));
    }

    #[test]
    fn ratios_read_as_words() {
        assert_eq!(compared(1.94), "1.9 times as many puzzles a second as");
        assert_eq!(compared(1.01), "about as many puzzles a second as");
        assert_eq!(compared(0.5), "only 50 % as many puzzles a second as");
        assert_eq!(best(&[3.0, 1.0, 2.0]), 3.0);
    }

    #[test]
    fn ratings_fall_in_bands_by_tenths() {
        let ratings = vec![Some(1.2), Some(1.5), Some(2.0), Some(7.1), None];
        let text = ratings_table(&[("a".into(), ratings)]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("| ER of | puzzles | 1.0–1.4 | 1.5–1.9 | 2.0–2.9 |"));
        let share = "20.0\u{a0}%";
        let row = format!("| a | 5 | {share} | {share} | {share} | – | – | {share} | {share} |");
        assert_eq!(lines[2], row, "a share keeps its sign on its line");
    }
}
