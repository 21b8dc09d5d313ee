//! `trace SUDOKU GRID... solvers=A,B names=N1,N2,... max-events=N generate=K seed=S symmetry=P
//! human=yes`: a player, in the page, that animates each solver's search on each grid, and
//! optionally the path a person would take. The book runs it with the weave's generic `example`
//! directive (`{{#example trace ...}}`); the weave knows nothing of traces. It is a small crate of
//! the workspace, not an example of the solver's crate, so that a fresh clone's `cargo book`
//! never builds the solver again for it.
//!
//! A GRID is a built-in name, a file (relative to the book's root), or a puzzle written inline
//! as 81 cells (`1`-`9`, and `.` or `0` for a blank). For each grid it runs
//! `sudoku --format json GRID` for the givens and the solution, then, for each solver,
//! `sudoku trace --solver S --max-events N GRID` (N defaults to [`MAX_EVENTS`]). The weave gives
//! programs no standard input, so an inline puzzle is first written to a file under
//! `target/weave-trace/`. `names=` labels the grids in the player (default: the GRID words,
//! `puzzle 1`, `puzzle 2`... for inline ones); `solvers=` defaults to the binary's default
//! solver.
//!
//! `generate=K` adds K puzzles made at build time by `sudoku generate --count K --seed S
//! --symmetry P --minimal --format json` (`seed` 1 and `symmetry` `rot180` by default), traced
//! like the others but capped at [`GENERATED_MAX_EVENTS`] events at most, so that two dozen of
//! them stay a small part of the page; the player's "New board" draws from them. `human=yes`
//! adds to every puzzle the path of `sudoku explain --format json` and the verdict of
//! `sudoku rate` (its ER, or the technique the ladder stops after), which the player replays
//! step by step with pencil marks.
//!
//! The output is one HTML block with no blank line in it (Markdown would end the block there):
//! a `<div>` holding the traces as JSON, then the player's style sheet and script from
//! `tools/trace/assets/`, inline, so that the page works offline. Every event of a trace is two
//! characters of the alphabet `0-9a-v` (a number below 1024, high half first): `9·cell + digit
//! − 1` for a placement (0 to 728), `729 + cell` for a take-back, `810` for a solution; a cut
//! trace is flagged rather than encoded. A person's step is an object: `t` its technique, `r`
//! its rating, `x` its sentence, and in the same two-character code `c` the cells of its pattern
//! (each cell's number), `e` its eliminations and `p` its placements (each `9·cell + digit − 1`).
//! The weave caches the whole, keyed by the binary, the words and every file of this crate (the
//! player's too), so that a change to the player's files shows at the next build.

use anyhow::{Context, Result, bail, ensure};
pub use results::program::{Args, Ctx};
use results::run::{self, Streams};
use results::words::json_lines;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Duration;

const OPTIONS: &[&str] =
    &["solvers", "names", "max-events", "generate", "seed", "symmetry", "human"];

/// The default cap on each trace: enough for a complete search of most grids by the fast
/// solvers, and 80 kB of page for the slow ones.
pub const MAX_EVENTS: u64 = 40_000;

/// The cap on the traces of generated puzzles: the fixed-order search runs into it on most
/// minimal puzzles, and a dozen of its cut traces would otherwise outweigh the rest of the page.
pub const GENERATED_MAX_EVENTS: u64 = 2_000;

/// A trace is capped, so each run is short; a run past this is a bug.
const LIMIT: Duration = Duration::from_secs(60);

const ALPHABET: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";
const PLAYER_CSS: &str = include_str!("../assets/trace-player.css");
const PLAYER_JS: &str = include_str!("../assets/trace-player.js");

pub fn run(ctx: &Ctx, args: &Args) -> Result<String> {
    Ok(player(&traces(ctx, args)?))
}

/// The traces the arguments ask for, as the player's JSON.
fn traces(ctx: &Ctx, args: &Args) -> Result<String> {
    let (grids, options) = args.options(OPTIONS)?;
    ensure!(!grids.is_empty(), "name at least one grid to trace");
    let solvers: Vec<&str> = match options.get("solvers") {
        Some(list) => list.split(',').filter(|s| !s.is_empty()).collect(),
        None => vec![""],
    };
    let names: Vec<&str> = match options.get("names") {
        Some(list) => list.split(',').collect(),
        None => Vec::new(),
    };
    ensure!(
        names.is_empty() || names.len() == grids.len(),
        "`names` has {} names for {} grids",
        names.len(),
        grids.len()
    );
    let max_events: u64 = match options.get("max-events") {
        Some(n) => {
            n.parse().ok().filter(|&n| n > 0).context("`max-events` must be a positive number")?
        }
        None => MAX_EVENTS,
    };
    let human = match options.get("human") {
        None | Some(&"no") => false,
        Some(&"yes") => true,
        Some(other) => bail!("`human={other}`: say `yes` or `no`"),
    };
    let mut puzzles = Vec::new();
    let mut inline = 0;
    for (i, &grid) in grids.iter().enumerate() {
        let argument = match is_inline(grid) {
            true => {
                inline += 1;
                write_inline(ctx, grid)?
            }
            false => grid.to_string(),
        };
        let name = match names.get(i) {
            Some(name) => name.to_string(),
            None if is_inline(grid) => format!("puzzle {inline}"),
            None => grid.to_string(),
        };
        let (puzzle, solution) = solve(ctx, &argument)?;
        let runs = traces_of(ctx, &argument, &solvers, max_events)?;
        let mut entry =
            json!({ "name": name, "puzzle": puzzle, "solution": solution, "traces": runs });
        if human {
            entry["human"] = human_path(ctx, &puzzle)?;
        }
        puzzles.push(entry);
    }
    let mut data = json!({ "maxEvents": max_events, "puzzles": puzzles });
    if let Some(count) = options.get("generate") {
        let count: u64 = count
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .context("`generate` must be a positive number")?;
        let seed: u64 = options.get("seed").map_or(Ok(1), |s| s.parse()).context("`seed`")?;
        let symmetry = options.get("symmetry").copied().unwrap_or("rot180");
        let words = generate_words(count, seed, symmetry);
        let cap = max_events.min(GENERATED_MAX_EVENTS);
        for (k, (puzzle, solution)) in generate(ctx, &words)?.into_iter().enumerate() {
            let argument = write_inline(ctx, &puzzle)?;
            let runs = traces_of(ctx, &argument, &solvers, cap)?;
            let mut entry = json!({
                "name": format!("generated {}", k + 1),
                "puzzle": puzzle,
                "solution": solution,
                "traces": runs,
                "generated": true,
            });
            if human {
                entry["human"] = human_path(ctx, &puzzle)?;
            }
            data["puzzles"].as_array_mut().expect("an array").push(entry);
        }
        data["generated"] =
            json!({ "command": format!("sudoku {}", words.join(" ")), "maxEvents": cap });
    }
    Ok(data.to_string())
}

/// Each solver's trace of GRID, for the player.
fn traces_of(ctx: &Ctx, grid: &str, solvers: &[&str], max_events: u64) -> Result<Vec<Value>> {
    let mut runs = Vec::new();
    for &solver in solvers {
        let (events, truncated) = trace(ctx, grid, solver, max_events)?;
        let label = if solver.is_empty() { "default" } else { solver };
        runs.push(json!({ "solver": label, "events": events, "truncated": truncated }));
    }
    Ok(runs)
}

/// The arguments of the `sudoku generate` run that makes the player's generated puzzles.
fn generate_words(count: u64, seed: u64, symmetry: &str) -> Vec<String> {
    let (count, seed) = (count.to_string(), seed.to_string());
    let words = ["generate", "--count", &count, "--seed", &seed, "--symmetry", symmetry];
    words.into_iter().chain(["--minimal", "--format", "json"]).map(str::to_string).collect()
}

/// The puzzles and solutions that `sudoku generate` makes with these arguments.
fn generate(ctx: &Ctx, words: &[String]) -> Result<Vec<(String, String)>> {
    let command = format!("sudoku {}", words.join(" "));
    let out = run::run(&ctx.sudoku, words, &ctx.root, LIMIT, Streams::Separate)?;
    ensure!(out.success(), "`{command}` failed ({}): {}", out.describe(LIMIT), out.stderr.trim());
    let rows = json_lines(&out.stdout).with_context(|| format!("reading `{command}`"))?;
    rows.iter()
        .map(|row| match (row["puzzle"].as_str(), row["solution"].as_str()) {
            (Some(p), Some(s)) if is_inline(p) && is_inline(s) => {
                Ok((p.to_string(), s.to_string()))
            }
            _ => bail!("`{command}` gave a record without a puzzle and a solution: {row}"),
        })
        .collect()
}

/// The path a person would take through `puzzle` (81 characters): the steps of `sudoku explain`
/// in the player's form, and the rating of `sudoku rate`, or where its ladder stops.
fn human_path(ctx: &Ctx, puzzle: &str) -> Result<Value> {
    let args: Vec<String> =
        ["explain", "--format", "json", puzzle].into_iter().map(str::to_string).collect();
    let command = format!("sudoku explain --format json {puzzle}");
    let out = run::run(&ctx.sudoku, &args, &ctx.root, LIMIT, Streams::Separate)?;
    ensure!(out.success(), "`{command}` failed ({}): {}", out.describe(LIMIT), out.stderr.trim());
    let steps = (out.stdout.lines().filter(|line| !line.trim().is_empty()))
        .map(|line| -> Result<Option<Value>> {
            let step: Value = serde_json::from_str(line).context("not JSON")?;
            // The last record is the rating's (`rated`, `beyond`), not a step.
            if step["status"] != "step" {
                return Ok(None);
            }
            human_step(&step).with_context(|| format!("the step {line}")).map(Some)
        })
        .filter_map(Result::transpose)
        .collect::<Result<Vec<Value>>>()
        .with_context(|| format!("reading the output of `{command}`"))?;
    let file = write_inline(ctx, puzzle)?;
    let args = vec!["rate".to_string(), file];
    let out = run::run(&ctx.sudoku, &args, &ctx.root, LIMIT, Streams::Separate)?;
    ensure!(out.success(), "`sudoku rate` of {puzzle} failed: {}", out.stderr.trim());
    let record = json_lines(&out.stdout)?.remove(0);
    let verdict = match record["status"].as_str() {
        Some("rated") => json!({ "er": record["er"] }),
        Some("beyond") => json!({ "beyond": record["beyond"] }),
        _ => bail!("`sudoku rate` of {puzzle} rated nothing: {record}"),
    };
    Ok(json!({ "steps": steps, "rating": verdict }))
}

/// One step of `sudoku explain --format json` in the player's compact form.
fn human_step(step: &Value) -> Result<Value> {
    let text = |field: &str| step[field].as_str().with_context(|| format!("no `{field}`"));
    let mut cells = String::new();
    for name in step["cells"].as_array().context("no `cells`")? {
        push_code(&mut cells, cell_number(name.as_str().context("a cell is not a name")?)?);
    }
    let candidates = |field: &str| -> Result<String> {
        let mut code = String::new();
        for pair in step[field].as_array().with_context(|| format!("no `{field}`"))? {
            let cell = cell_number(pair["cell"].as_str().context("no `cell`")?)?;
            let digit =
                pair["digit"].as_u64().filter(|d| (1..=9).contains(d)).context("no digit")?;
            push_code(&mut code, 9 * cell + digit - 1);
        }
        Ok(code)
    };
    // The words of the nested chains the step names follow its own, each after its label, in
    // the order the labels were given, as the text of `sudoku explain` writes them under it.
    let mut words = text("text")?.to_string();
    let mut nested: Vec<&Value> =
        step["nested"].as_array().map_or(vec![], |n| n.iter().rev().collect());
    while let Some(chain) = nested.pop() {
        let label = chain["label"].as_u64().context("a nested chain without `label`")?;
        let said = chain["text"].as_str().context("a nested chain without `text`")?;
        words += &format!(". [{label}] on the marks so far: {said}");
        nested.extend(chain["nested"].as_array().map_or(vec![], |n| n.iter().rev().collect()));
    }
    Ok(json!({
        "t": text("technique")?,
        "r": step["rating"].as_f64().context("no `rating`")?,
        "x": words,
        "c": cells,
        "e": candidates("eliminations")?,
        "p": candidates("placements")?,
    }))
}

/// The number (0 to 80, row by row) of a cell named as `r3c7`.
fn cell_number(name: &str) -> Result<u64> {
    let bytes = name.as_bytes();
    match bytes {
        [b'r', row @ b'1'..=b'9', b'c', column @ b'1'..=b'9'] => {
            Ok(9 * u64::from(row - b'1') + u64::from(column - b'1'))
        }
        _ => bail!("`{name}` is not a cell's name"),
    }
}

/// Appends a number below 1024 as two characters of [`ALPHABET`], high half first.
fn push_code(code: &mut String, value: u64) {
    code.push(char::from(ALPHABET[(value / 32) as usize]));
    code.push(char::from(ALPHABET[(value % 32) as usize]));
}

/// Whether a GRID word is a puzzle written out: 81 cells and nothing else.
fn is_inline(grid: &str) -> bool {
    grid.len() == 81 && grid.bytes().all(|b| b == b'.' || b.is_ascii_digit())
}

/// Writes an inline puzzle to a file the binary can read, and returns its path.
fn write_inline(ctx: &Ctx, grid: &str) -> Result<String> {
    let dir: PathBuf = ctx.root.join("target").join("weave-trace");
    let path = dir.join(format!("{}.txt", grid.replace('.', "0")));
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&path, format!("{grid}\n")))
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path.display().to_string())
}

/// The givens and the solution of the first puzzle of GRID, from `sudoku --format json`.
fn solve(ctx: &Ctx, grid: &str) -> Result<(String, String)> {
    let args = ["--format".to_string(), "json".to_string(), grid.to_string()];
    let out = run::run(&ctx.sudoku, &args, &ctx.root, LIMIT, Streams::Separate)?;
    ensure!(
        out.success(),
        "`sudoku --format json {grid}` failed ({}): {}",
        out.describe(LIMIT),
        out.stderr.trim()
    );
    let first = out.stdout.lines().next().context("`sudoku --format json` printed nothing")?;
    let row: Value =
        serde_json::from_str(first).context("`sudoku --format json` printed no JSON")?;
    match (row["puzzle"].as_str(), row["solution"].as_str()) {
        (Some(puzzle), Some(solution)) => Ok((puzzle.to_string(), solution.to_string())),
        _ => bail!("`sudoku --format json {grid}` gave no puzzle and solution: {first}"),
    }
}

/// The events of one solver's trace of GRID, encoded, and whether the trace was cut.
fn trace(ctx: &Ctx, grid: &str, solver: &str, max_events: u64) -> Result<(String, bool)> {
    let mut args = vec!["trace".to_string()];
    if !solver.is_empty() {
        args.extend(["--solver".to_string(), solver.to_string()]);
    }
    args.extend(["--max-events".to_string(), max_events.to_string(), grid.to_string()]);
    let command = format!("sudoku {}", args.join(" "));
    let out = run::run(&ctx.sudoku, &args, &ctx.root, LIMIT, Streams::Separate)?;
    let encoded = encode(&out.stdout).with_context(|| format!("reading the output of `{command}`"));
    // A cut trace is incomplete, and `sudoku trace` says so with exit status 1.
    let cut = matches!(&encoded, Ok((_, true))) && out.code() == Some(1);
    ensure!(
        out.success() || cut,
        "`{command}` failed ({}): {}",
        out.describe(LIMIT),
        out.stderr.trim()
    );
    encoded
}

/// The JSON Lines of a trace in the player's two-characters-an-event code.
fn encode(json_lines: &str) -> Result<(String, bool)> {
    let mut code = String::new();
    let mut truncated = false;
    for (n, line) in json_lines.lines().enumerate() {
        ensure!(!truncated, "line {}: an event after `truncated`", n + 1);
        let event: Value =
            serde_json::from_str(line).with_context(|| format!("line {}: not JSON", n + 1))?;
        let number = |field: &str| {
            event[field].as_u64().with_context(|| format!("line {}: no `{field}`", n + 1))
        };
        let value = match event["event"].as_str() {
            Some("place") => {
                let (cell, digit) = (number("cell")?, number("digit")?);
                ensure!(cell < 81 && (1..=9).contains(&digit), "line {}: bad placement", n + 1);
                9 * cell + digit - 1
            }
            Some("unplace") => {
                let cell = number("cell")?;
                ensure!(cell < 81, "line {}: no cell {cell}", n + 1);
                729 + cell
            }
            Some("solution") => 810,
            Some("truncated") => {
                truncated = true;
                continue;
            }
            _ => bail!("line {}: unknown event: {line}", n + 1),
        };
        push_code(&mut code, value);
    }
    Ok((code, truncated))
}

/// The HTML block: the data, then the player's style sheet and script.
fn player(data: &str) -> String {
    // Only JSON strings can hold `<`; as `\u003c` nothing in them can close the script element.
    let data = data.replace('<', "\\u003c");
    let mut html = String::new();
    html.push_str("<div class=\"sudoku-trace\" tabindex=\"0\">\n");
    html.push_str(&format!("<script type=\"application/json\">{data}</script>\n"));
    html.push_str("<noscript><p>The animated search needs JavaScript.</p></noscript>\n</div>\n");
    html.push_str(&format!("<style>\n{}\n</style>\n", without_blank_lines(PLAYER_CSS)));
    html.push_str(&format!("<script>\n{}\n</script>", without_blank_lines(PLAYER_JS)));
    html
}

/// `text` without its empty lines, which would end the HTML block in Markdown.
fn without_blank_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|line| !line.trim().is_empty()).collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_two_characters_each() {
        let lines = concat!(
            "{\"event\":\"place\",\"cell\":0,\"digit\":1}\n",
            "{\"event\":\"place\",\"cell\":80,\"digit\":9}\n",
            "{\"event\":\"unplace\",\"cell\":80}\n",
            "{\"event\":\"solution\"}\n",
            "{\"event\":\"truncated\"}\n",
        );
        // 0 -> "00"; 9·80 + 8 = 728 = 22·32 + 24 -> "mo"; 729 + 80 = 809 = 25·32 + 9 -> "p9";
        // 810 -> "pa".
        assert_eq!(encode(lines).unwrap(), ("00mop9pa".to_string(), true));
        assert_eq!(encode("").unwrap(), (String::new(), false));
    }

    #[test]
    fn malformed_traces_are_refused() {
        let bad = [
            "not json",
            "{\"event\":\"place\",\"cell\":81,\"digit\":1}",
            "{\"event\":\"place\",\"cell\":3,\"digit\":0}",
            "{\"event\":\"unplace\"}",
            "{\"event\":\"jump\"}",
            "{\"event\":\"truncated\"}\n{\"event\":\"solution\"}",
        ];
        for text in bad {
            assert!(encode(text).is_err(), "{text}");
        }
    }

    #[test]
    fn cells_are_numbered_row_by_row() {
        assert_eq!(cell_number("r1c1").unwrap(), 0);
        assert_eq!(cell_number("r3c7").unwrap(), 24);
        assert_eq!(cell_number("r9c9").unwrap(), 80);
        for bad in ["r0c1", "r1c10", "c1r1", "r1", "", "R1C1"] {
            assert!(cell_number(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_persons_step_keeps_everything_the_player_shows() {
        let step: Value = serde_json::from_str(concat!(
            r#"{"cells":["r1c1","r9c9"],"eliminations":[{"cell":"r9c9","digit":9}],"#,
            r#""placements":[{"cell":"r1c1","digit":1}],"rating":2.6,"#,
            r#""technique":"pointing","text":"in box 1, 5 can only be in column 2"}"#
        ))
        .unwrap();
        // Cells 0 and 80 -> "00", "2g"; 9·80 + 8 = 728 -> "mo"; 9·0 + 0 -> "00".
        let expected = json!({
            "t": "pointing", "r": 2.6, "x": "in box 1, 5 can only be in column 2",
            "c": "002g", "e": "mo", "p": "00",
        });
        assert_eq!(human_step(&step).unwrap(), expected);
        let mut broken = step.clone();
        broken["eliminations"][0]["digit"] = json!(0);
        assert!(human_step(&broken).is_err());
        broken = step.clone();
        broken["cells"][0] = json!("r10c1");
        assert!(human_step(&broken).is_err());
        assert!(human_step(&json!({})).is_err());
        let mut nesting = step.clone();
        nesting["text"] =
            json!("r1c1=1 => r2c2<>2 (by a nested forcing chain of complexity 8, [1] below)");
        nesting["nested"] = json!([{"label": 1, "kind": "forcing chain", "complexity": 8,
            "text": "forcing chain: r2c2=2 (by a nested XY-cycle of complexity 6, [2] below)",
            "nested": [{"label": 2, "kind": "XY-cycle", "complexity": 6, "text": "XY-cycle: r3c3=3",
                "nested": []}]}]);
        assert_eq!(
            human_step(&nesting).unwrap()["x"],
            "r1c1=1 => r2c2<>2 (by a nested forcing chain of complexity 8, [1] below). [1] on the \
             marks so far: forcing chain: r2c2=2 (by a nested XY-cycle of complexity 6, [2] below). \
             [2] on the marks so far: XY-cycle: r3c3=3"
        );
    }

    #[test]
    fn generated_puzzles_are_minimal_seeded_and_symmetric() {
        let words = generate_words(24, 7, "rot90").join(" ");
        assert_eq!(words, "generate --count 24 --seed 7 --symmetry rot90 --minimal --format json");
    }

    #[test]
    fn inline_puzzles_are_recognised() {
        assert!(is_inline(&".".repeat(81)));
        assert!(is_inline(&format!("1{}", "0".repeat(80))));
        assert!(!is_inline("easy"));
        assert!(!is_inline(&".".repeat(80)));
        assert!(!is_inline(&format!("x{}", ".".repeat(80))));
    }

    #[test]
    fn the_player_is_one_html_block_that_loads_nothing() {
        let html = player(r#"{"puzzles":[{"name":"</script><b>"}]}"#);
        assert!(!html.lines().any(|line| line.trim().is_empty()), "a blank line ends the block");
        assert_eq!(html.matches("</script>").count(), 2, "the data cannot close its element");
        assert!(!html.contains("{{#"), "mdBook would expand it");
        assert!(!html.contains("http:") && !html.contains("https:"), "the page works offline");
        assert!(html.starts_with("<div class=\"sudoku-trace\""));
    }
}
