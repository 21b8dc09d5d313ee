//! The command line under random input: arbitrary bytes, random 81- and 729-character lines and
//! random option values, thrown at every subcommand. Every run must answer within a time bound,
//! exit with a status of the contract (0, 1 or 2), never panic, and, where the subcommand streams,
//! write one record per input line. The worst time seen is printed (run with `--nocapture`), and
//! the peak memory is what `/usr/bin/time -v` reports for the test binary, whose children these
//! runs are.
//!
//! The cases are drawn from a fixed seed, [`SEED`], so that every run tries the same ones and a
//! failure is found again by running the test again; a search is bounded in steps, by
//! `--max-steps`, so that a slow solver reaches its budget in a moment in the unoptimised build
//! `cargo test` makes, on any machine, rather than racing [`LIMIT`].

mod common;

use proptest::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Longer than any run may take, in the debug build on a loaded machine of two cores: the
/// searches are bounded by `--max-steps` at most [`MAX_STEPS`], well under a second.
const LIMIT: Duration = Duration::from_secs(60);

/// The seed of every case drawn here.
const SEED: u64 = 0x5eed_2026;

/// The most steps a fuzzed search may take: a slow solver reaches it within a second in a
/// debug build, so that the budget's answer (`timeout`) is fuzzed too.
const MAX_STEPS: u64 = 200_000;

/// The slowest run so far, in milliseconds.
static WORST: AtomicU64 = AtomicU64::new(0);

/// Runs `sudoku ARGS` on `stdin`, killed at [`LIMIT`]: its exit status (`None` if killed or
/// signalled), standard output and standard error.
fn run(args: &[String], stdin: &[u8]) -> (Option<i32>, String, String) {
    let (code, out, err, took) = common::run_bounded(args, stdin, LIMIT);
    let took = took.as_millis() as u64;
    if WORST.fetch_max(took, Ordering::Relaxed) < took {
        eprintln!("slowest so far: {took} ms for sudoku {}", args.join(" "));
    }
    (code, out, err)
}

/// A line that is one puzzle to the reader: 81 cells, 729 pencil marks, a near miss of either,
/// or 81 characters with an `x` among them (an invalid puzzle); never a row of a nine-line grid,
/// nor a comment.
fn puzzle_line() -> impl Strategy<Value = Vec<u8>> {
    let cell = prop_oneof![8 => Just(b'.'), 2 => b'1'..=b'9'];
    let mark = prop_oneof![1 => Just(b'.'), 3 => b'1'..=b'9'];
    let cell_x = cell.clone();
    prop_oneof![
        4 => prop::collection::vec(cell.clone(), 81),
        1 => prop_oneof![
            prop::collection::vec(cell.clone(), 80),
            prop::collection::vec(cell, 82),
        ],
        1 => prop::collection::vec(mark.clone(), 729),
        1 => prop_oneof![
            prop::collection::vec(mark.clone(), 728),
            prop::collection::vec(mark, 730),
        ],
        // An invalid one-line puzzle: 81 characters, one of them an `x`. (Stray bytes of another
        // length would be rows of a nine-line grid, which the next line may continue.)
        1 => (prop::collection::vec(cell_x, 81), 0..81usize).prop_map(|(mut cells, at)| {
            cells[at] = b'x';
            cells
        }),
    ]
}

/// Arbitrary bytes, mostly grid characters, so that grids, rows and near misses are common.
fn any_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        10 => prop::sample::select(b"123456789.........".to_vec()),
        2 => prop::sample::select(b" |-+\n\n#x\t\r".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..1000)
}

/// A value for a numeric option: usually fitting, sometimes zero, negative, huge or not a number.
fn number(fitting: std::ops::RangeInclusive<u64>) -> impl Strategy<Value = String> {
    prop_oneof![
        8 => fitting.prop_map(|n| n.to_string()),
        1 => prop::sample::select(vec!["0", "-1", "abc", "", "99999999999999999999", "1.5"])
            .prop_map(str::to_string),
    ]
}

/// One of `words`, as a string.
fn one_of(words: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(words).prop_map(str::to_string)
}

/// `--name VALUE`, or nothing.
fn option(
    name: &'static str,
    value: impl Strategy<Value = String>,
) -> impl Strategy<Value = Vec<String>> {
    prop::option::of(value).prop_map(move |v| v.map_or(vec![], |v| vec![name.to_string(), v]))
}

/// `--name`, or nothing.
fn flag(name: &'static str) -> impl Strategy<Value = Vec<String>> {
    any::<bool>().prop_map(move |on| if on { vec![name.to_string()] } else { vec![] })
}

/// The solvers, a name that is none, and the fastest more often than the slow ones.
fn solver() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => Just("fast".to_string()),
        4 => one_of(&["mrv", "dlx", "singles", "bird"]),
        1 => one_of(&["naive", "nope"]),
    ]
}

/// A subcommand and its options, before the GRID: the tag says how it writes its records.
#[derive(Clone, Debug)]
enum Streams {
    /// One line per puzzle (`--format line` or `json`, `rate`, `hint --format json`).
    OneRecordPerLine,
    /// Something else: pretty grids, an explanation, a trace, or nothing at all.
    Other,
}

fn subcommand() -> impl Strategy<Value = (Vec<String>, Streams)> {
    let solve = (
        solver(),
        option("--format", one_of(&["pretty", "line", "json", "xml"])),
        prop_oneof![
            Just(vec![]),
            Just(vec!["--count".to_string()]),
            number(1..=5000).prop_map(|n| vec![format!("--count={n}")]),
            Just(vec!["--all".to_string()])
        ],
        flag("--stats"),
        option("--jobs", number(1..=1024)),
        number(1..=MAX_STEPS),
    )
        .prop_map(|(solver, format, count, stats, jobs, steps)| {
            let streams =
                match (format.get(1).map(String::as_str), count.first().map(String::as_str)) {
                    (Some("line" | "json"), Some("--all")) => Streams::Other,
                    (Some("line" | "json"), _) => Streams::OneRecordPerLine,
                    _ => Streams::Other,
                };
            let fixed = vec!["--solver".to_string(), solver, "--max-steps".into(), steps];
            let args = [fixed, format, count, stats, jobs].concat();
            (args, streams)
        });
    let trace = (
        solver(),
        option("--max-events", number(1..=100_000)),
        option("--solutions", number(1..=5)),
    )
        .prop_map(|(solver, events, solutions)| {
            (
                [vec!["trace".into(), "--solver".into(), solver], events, solutions].concat(),
                Streams::Other,
            )
        });
    let hint = (
        option("--format", one_of(&["text", "json"])),
        option(
            "--technique",
            one_of(&["x-wing", "hidden-single", "bug", "forcing-chains", "nope"]),
        ),
        option("--jobs", number(1..=8)),
    )
        .prop_map(|(format, technique, jobs)| {
            let streams = match format.get(1).map(String::as_str) {
                Some("json") => Streams::OneRecordPerLine,
                _ => Streams::Other,
            };
            ([vec!["hint".to_string()], format, technique, jobs].concat(), streams)
        });
    let explain = (option("--format", one_of(&["text", "json"])), flag("--board")).prop_map(
        |(format, board)| ([vec!["explain".to_string()], format, board].concat(), Streams::Other),
    );
    let rate = (option("--jobs", number(1..=8)), option("--format", one_of(&["json", "text"])))
        .prop_map(|(jobs, format)| {
            ([vec!["rate".to_string()], jobs, format].concat(), Streams::OneRecordPerLine)
        });
    prop_oneof![4 => solve, 1 => trace, 2 => hint, 1 => explain, 2 => rate]
}

/// `sudoku generate` with random options, always with a small bound on its tries.
fn generate() -> impl Strategy<Value = Vec<String>> {
    (
        option("--count", number(1..=3)),
        number(0..=u64::MAX),
        option("--symmetry", one_of(&["none", "rot180", "rot90", "diagonal", "mirror", "nope"])),
        flag("--minimal"),
        option("--givens", (0u64..=82, 0u64..=82).prop_map(|(a, b)| format!("{a}..{b}"))),
        option(
            "--rating",
            (0u64..=120, 0u64..=120)
                .prop_map(|(a, b)| format!("{}..{}", a as f64 / 10.0, b as f64 / 10.0)),
        ),
        number(1..=20),
        option("--format", one_of(&["line", "json"])),
        option("--jobs", number(1..=4)),
    )
        .prop_map(|(count, seed, symmetry, minimal, givens, rating, tries, format, jobs)| {
            let fixed =
                vec!["generate".to_string(), "--seed".into(), seed, "--max-tries".into(), tries];
            [fixed, count, symmetry, minimal, givens, rating, format, jobs].concat()
        })
}

/// Whether a run kept the contract: it ended in time with 0, 1 or 2, and did not panic.
fn kept_the_contract(
    args: &[String],
    (code, out, err): &(Option<i32>, String, String),
) -> Result<(), TestCaseError> {
    prop_assert!(matches!(code, Some(0..=2)), "sudoku {args:?}: exit {code:?}\n{err}");
    prop_assert!(!err.contains("panicked"), "sudoku {args:?}: {err}");
    let _ = out;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(SEED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn puzzle_lines_get_one_record_each((args, streams) in subcommand(), lines in prop::collection::vec(puzzle_line(), 0..8)) {
        let mut input = Vec::new();
        for line in &lines {
            input.extend_from_slice(line);
            input.push(b'\n');
        }
        let mut args = args;
        args.push("-".to_string());
        let result = run(&args, &input);
        kept_the_contract(&args, &result)?;
        let (code, out, _) = &result;
        if let (Streams::OneRecordPerLine, Some(0 | 1)) = (streams, code) {
            prop_assert_eq!(out.lines().count(), lines.len(), "sudoku {:?}\n{}", args, out);
        }
    }

    #[test]
    fn arbitrary_bytes_never_break_the_contract((args, _) in subcommand(), bytes in any_bytes()) {
        let mut args = args;
        args.push("-".to_string());
        kept_the_contract(&args, &run(&args, &bytes))?;
    }

    #[test]
    fn a_puzzle_on_the_command_line_keeps_the_contract((args, _) in subcommand(), line in puzzle_line()) {
        let Ok(text) = String::from_utf8(line) else { return Ok(()) };
        if text.starts_with('-') || text.contains('\0') {
            return Ok(());
        }
        let mut args = args;
        args.push(text);
        kept_the_contract(&args, &run(&args, b""))?;
    }

    #[test]
    fn generate_keeps_the_contract(args in generate()) {
        kept_the_contract(&args, &run(&args, b""))?;
    }
}

#[test]
fn the_other_subcommands_keep_the_contract() {
    for args in [
        &["solvers"][..],
        &["man"],
        &["completions", "bash"],
        &["completions", "nope"],
        &["--help"],
        &["nope"],
    ] {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let result = run(&args, b"");
        assert!(matches!(result.0, Some(0..=2)), "{args:?}: {}", result.2);
    }
}
