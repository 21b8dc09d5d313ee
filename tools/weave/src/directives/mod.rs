//! The directives the weave knows, one module each, and what they share.
//!
//! Adding a directive is local: write `fn(&Ctx, &Args) -> Result<String>` in a module of its
//! own and add a row to [`DIRECTIVES`].

mod latency;
mod results;
mod stats;
mod sudoku;
mod timings;
mod trace;

use crate::cache::Cache;
use crate::run::{self, Streams};
use crate::store::Store;
use anyhow::{Context, Result, bail, ensure};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// What a frozen directive returns, as its error, when it declines to measure in this build (a
/// long benchmark outside `cargo book --bench`): the note to show instead, which is not frozen.
#[derive(Debug)]
pub struct Unmeasured(pub String);

impl std::fmt::Display for Unmeasured {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unmeasured {}

/// What every directive may use.
pub struct Ctx {
    /// The book's root (where `book.toml` is). Programs run here, so a grid file named in a
    /// directive is relative to it.
    pub root: PathBuf,
    /// The `sudoku` binary the book describes.
    pub sudoku: PathBuf,
    /// The SHA-256 of the binary, part of every cache key.
    pub binary_hash: String,
    pub cache: Cache,
    /// The committed results store, `book/results/`.
    pub store: Store,
}

/// A directive's arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Args {
    /// The arguments as written in the chapter, trimmed.
    pub text: String,
    /// The arguments split like a shell would split them (quotes, backslashes), but never given
    /// to a shell.
    pub words: Vec<String>,
    /// Whether the name was followed by `!`.
    pub bang: bool,
}

impl Args {
    pub fn parse(text: &str, bang: bool) -> Result<Args> {
        let Some(words) = shlex::split(text) else {
            bail!("cannot split the arguments into words: unbalanced quotes or a trailing `\\`");
        };
        Ok(Args { text: text.trim().to_string(), words, bang })
    }

    /// Splits the words into positional ones and `key=value` options, refusing any key not in
    /// `known` (so that a misspelt option is an error, not a grid name).
    pub fn options(&self, known: &[&str]) -> Result<(Vec<&str>, BTreeMap<&str, &str>)> {
        ::results::words::options(&self.words, known)
    }
}

// ANCHOR: directive
/// One directive: its name and the function that weaves it.
pub struct Directive {
    pub name: &'static str,
    /// Its arguments, as the appendix's table of directives shows them.
    pub usage: &'static str,
    /// What it becomes, in Markdown (code spans only), for the same table.
    pub about: &'static str,
    /// Turns the arguments into Markdown, or fails the build with a message.
    pub run: fn(&Ctx, &Args) -> Result<String>,
    /// Whether `{{#name! ...}}` means something to it (otherwise the `!` is an error).
    pub bang: bool,
    /// Whether its output is a block (fenced code, table) that must stand on a line of its own.
    pub block: bool,
    /// Whether results are cached, keyed by the binary and the arguments.
    pub cached: bool,
    /// Whether it measures: its results are frozen in the committed store (`book/results/`),
    /// measured only when missing or by `--fresh`, and headed by where and when they were.
    pub frozen: bool,
}
// ANCHOR_END: directive

/// Every directive of the weave.
pub const DIRECTIVES: &[Directive] = &[
    Directive {
        name: "run",
        run: sudoku::run,
        usage: "ARGS",
        about: "a `console` block: `$ sudoku ARGS`, then what the binary printed, its standard output and standard error interleaved as in a terminal. The run must exit 0, or the build fails. With a `!` after the name, the run must fail instead (exit non-zero), to show an error message; the block then ends with the exit status. With `--markdown` among the arguments, the binary writes Markdown (a table), which the page shows as it is, without the transcript.",
        bang: true,
        block: true,
        cached: true,
        frozen: false,
    },
    Directive {
        name: "timings",
        run: timings::run,
        usage: "GRID... solvers=LIST runs=N limit=S",
        about: "a table with a row per grid and a column per solver (`solvers=` takes names, `all`, or a fact that `sudoku solvers` prints, such as `original`; without it, the default solver, in a column `time`): the median, over `runs` runs (5 by default), of the solve time that `sudoku --solver A --format json GRID` reports in its `micros` field, so that starting the process is not counted. A run still going after `limit` seconds (10 by default) is stopped and its cell says so. `reference=T,...` adds a column of published times in seconds, one per grid (`-` for none), headed by `reference-label=TEXT`. A line under the table says when and on what CPU it was measured.",
        bang: false,
        block: true,
        cached: true,
        frozen: true,
    },
    Directive {
        name: "stats",
        run: stats::run,
        usage: "GRID... solvers=LIST limit=S count=N",
        about: "a table with a row per grid and a column per solver, chosen as the timings table chooses them: `guesses / nodes`, the two counts of the search that `sudoku --solver A --format json --stats GRID` reports. They do not depend on the machine, so each cell is one run. A run still going after `limit` seconds (10 by default) is stopped and a line says so; `count=N` adds `--count=N`, so that the search goes on past the first solution.",
        bang: false,
        block: true,
        cached: true,
        frozen: true,
    },
    Directive {
        name: "machine",
        run: machine,
        usage: "",
        about: "one line: CPU model and cores, operating system and version, `rustc` version, git commit (`-dirty` when files differ from it) and date.",
        bang: false,
        block: false,
        cached: true,
        frozen: true,
    },
    // The traces are cached inside; the player around them is made afresh.
    Directive {
        name: "trace",
        run: trace::run,
        usage: "GRID... solvers=A,B names=N1,N2 max-events=N generate=K seed=S symmetry=P human=yes",
        about: "a player, in the page, that animates each solver's search on each grid, from `sudoku trace`; the reader chooses the board by name and the solver by button. `generate=K` adds K puzzles made by `sudoku generate --seed S --symmetry P --minimal`, which the player's New board deals; `human=yes` adds a person's path through each puzzle, from `sudoku explain` and `sudoku rate`, replayed step by step with pencil marks.",
        bang: false,
        block: true,
        cached: false,
        frozen: false,
    },
    // Results files: read afresh, since `cargo book --bench` renews them.
    Directive {
        name: "table",
        run: results::table,
        usage: "FILE ARRAY KEY=A,B... columns=SPEC pivot=FIELD relative=NAME",
        about: "a table of the records of `ARRAY` in the results file `FILE` of `book/results/` (checked against its schema, `tools/results`). Each `KEY=A,B,...` keeps the records whose field `KEY` is one of the values, in that order. `columns` lists the columns, separated by commas, each `FIELD:FORMAT=HEADER` (format and header optional): a number's format is `µs`, `ms` or `s` (a time in that unit, shown in the unit that suits its size), `%`, `x` (a ratio), `int` or `num` (three significant digits, the default); `code` shows a name as code. `A/B` shows two fields as `A / B`, or `A` alone when both read the same. With `pivot=FIELD`, each value of that field becomes a column, each row the rest of the columns but the last, and each cell the last column; with `relative=NAME` too, each cell is how many times the cell's value `NAME`'s value is, and `NAME`'s own column is left out.",
        bang: false,
        block: true,
        cached: false,
        frozen: false,
    },
    Directive {
        name: "plot",
        run: results::plot,
        usage: "FILE ARRAY KEY=A,B... series=FIELD y=FIELD:FORMAT panels=A,B;C scale=log",
        about: "an SVG figure of the records that `table` would select: a curve for each, named by its field `series`, of its array field `y` against the position in the array, from 0 to 100 %. Each curve has its own marker, shown in the legend with its name; colours come from the file's `colours`. `panels` puts the named series in panels of their own, one above the other, each with its own scale (`titles=T1;T2` heads them); `scale=log` makes the vertical axis logarithmic; `at-least=FIELD:N` leaves out a record whose `FIELD` is below `N` (a distribution of too few values), and the caption names it; `x-label`, `y-label` and `caption` say what the figure shows.",
        bang: false,
        block: true,
        cached: false,
        frozen: false,
    },
    Directive {
        name: "value",
        run: results::value,
        usage: "FILE ARRAY KEY=A... field=FIELD:FORMAT",
        about: "one field of the one record the selection keeps, inline, formatted as in a table. A selection that keeps no record, or more than one, fails the build.",
        bang: false,
        block: false,
        cached: false,
        frozen: false,
    },
    Directive {
        name: "measured",
        run: results::measured,
        usage: "FILE",
        about: "one line: where, when and how the results of `FILE` were measured (CPU, commit, date, the conditions and each program's build), and whether the code changed since: written once above the tables and plots woven from it.",
        bang: false,
        block: false,
        cached: false,
        frozen: false,
    },
    Directive {
        name: "latency",
        run: latency::run,
        usage: "GRID jobs=1,2 runs=N copies=M",
        about: "a table of how soon `sudoku` answers a puzzle written to a pipe that stays open (best and median), and how many puzzles a second it solves from a file and from a pipe, per `--jobs` value.",
        bang: false,
        block: true,
        cached: true,
        frozen: true,
    },
    Directive {
        name: "directives",
        run: directives,
        usage: "",
        about: "this table, from the weave's list of directives.",
        bang: false,
        block: true,
        cached: false,
        frozen: false,
    },
    Directive {
        name: "generated",
        run: generated,
        usage: "givens|ratings|speed|versus count=N seed=S files=A,B plot=yes bands=A..B reference=R rounds=R",
        about: "what the example `generated` (`examples/generated.rs`, whose first comment says what each `KIND` measures) prints, given the binary's path and these words: tables of what `sudoku generate` makes, beside the data files named in `files` and another generator, and with `plot=yes` a figure.",
        bang: false,
        block: true,
        cached: true,
        frozen: true,
    },
    Directive {
        name: "board",
        run: board,
        usage: "TECHNIQUE from=FILE nth=N | [TECHNIQUE] puzzle=P steps=N state=yes caption=TEXT",
        about: "what the crate `board` (`tools/board`, whose first comment says how) draws, given the binary's path and these words: a board of the `N`th step of `TECHNIQUE` in the puzzles of `FILE` (under `$SUDOKU_DATA`), or on the path of `puzzle=P` (with `steps=N`, its first steps; with `state=yes`, the state it starts from, under `caption`), as inline SVG coloured by the classes of `weave.css`. A missing data file gives a note instead; a file without such a step fails the build.",
        bang: false,
        block: true,
        cached: true,
        frozen: false,
    },
    Directive {
        name: "agreement",
        run: agreement,
        usage: "reglib|se|unseen from=FILE goal=G",
        about: "what the example `agreement` (`examples/agreement.rs`, whose first comment says what each `KIND` shows) prints, given the binary's path and these words: the tables of the ladder's agreement with its peers, by the crate's own checks, and a sentence on the goal `G` that the book states. A missing data file gives a note instead.",
        bang: false,
        block: true,
        cached: true,
        frozen: true,
    },
    Directive {
        name: "ratebench",
        run: ratebench,
        usage: "FILE... aim=A sample=N seed=S",
        about: "what the example `ratebench` (`examples/ratebench.rs`, whose first comment says how it times) prints, given the binary's path and these words: the rating bench on one thread, beside another rater, and a sentence on the aim `A` that the book states. It takes minutes, so only `cargo book --bench` (or `--fresh`) measures it; another build with nothing stored shows a note.",
        bang: false,
        block: true,
        cached: true,
        frozen: true,
    },
];

/// Older spellings that chapters may still use, and the directive each stands for.
pub const ALIASES: &[(&str, &str)] = &[("sudoku", "run"), ("step", "board")];

/// The names that mdBook's own `links` preprocessor expands, after the weave.
pub const MDBOOK_NAMES: &[&str] = &["include", "rustdoc_include", "playground", "playpen", "title"];

/// `{{#board ...}}`: a board, drawn by the crate `board` (`tools/board`).
fn board(ctx: &Ctx, args: &Args) -> Result<String> {
    board::run(&ctx.sudoku, &ctx.root, &args.words)?.map_err(|note| Unmeasured(note).into())
}

/// `{{#agreement ...}}`: the ladder against its peers, in the tables of the example `agreement`.
fn agreement(ctx: &Ctx, args: &Args) -> Result<String> {
    example(ctx, "agreement", args)
}

/// `{{#ratebench ...}}`: the rating bench of the example `ratebench`. It takes minutes, so only
/// `--bench` (or `--fresh`) measures it.
fn ratebench(ctx: &Ctx, args: &Args) -> Result<String> {
    if !ctx.store.fresh() {
        let note = "> **Not measured yet:** the rating bench takes minutes, so only `cargo book \
                    --bench` runs it and freezes its table here.";
        return Err(Unmeasured(note.into()).into());
    }
    example(ctx, "ratebench", args)
}

/// `{{#generated ...}}`: what the generator makes, in the tables of the example `generated`.
fn generated(ctx: &Ctx, args: &Args) -> Result<String> {
    example(ctx, "generated", args)
}

/// Longer than any example the book shows should take.
const EXAMPLE_LIMIT: Duration = Duration::from_secs(3600);

/// Runs the project's example `name` (brought up to date first) with the binary's path and the
/// directive's words: its output when it exits 0, its note (shown, not kept) when it exits 3,
/// and otherwise an error with what it said.
fn example(ctx: &Ctx, name: &str, args: &Args) -> Result<String> {
    let program = crate::binary::example(&ctx.root, name)?;
    let mut words = vec![ctx.sudoku.display().to_string()];
    words.extend(args.words.iter().cloned());
    let out = run::run(&program, &words, &ctx.root, EXAMPLE_LIMIT, Streams::Separate)?;
    match out.code() {
        Some(0) => Ok(out.stdout),
        Some(3) => Err(Unmeasured(out.stdout.trim_end().to_string()).into()),
        _ => bail!(
            "the example `{name}` failed ({}): {}",
            out.describe(EXAMPLE_LIMIT),
            out.stderr.trim()
        ),
    }
}

/// `{{#machine}}`: `Machine: CPU (2 cores), OS, rustc, commit C, DATE.`, frozen in the results
/// store like the tables, so that it says when the stored numbers were taken.
fn machine(ctx: &Ctx, args: &Args) -> Result<String> {
    ensure!(args.words.is_empty(), "`machine` takes no arguments");
    let machine = crate::machine::describe(&ctx.root, code_span);
    let commit = code_span(&crate::store::commit(&ctx.root));
    Ok(format!("Machine: {machine}, commit {commit}, {}.", crate::clock::now_utc()))
}

/// `{{#directives}}`: the table of [`DIRECTIVES`], in HTML so that a directive's name can be
/// shown without being one (`<span>{</span>{#` is not read as a directive, by the weave or mdBook).
fn directives(_: &Ctx, args: &Args) -> Result<String> {
    ensure!(args.words.is_empty(), "`directives` takes no arguments");
    let mut html = vec![
        "<table>".to_string(),
        "<thead><tr><th>directive</th><th>becomes</th></tr></thead>".to_string(),
        "<tbody>".to_string(),
    ];
    for d in DIRECTIVES {
        let call = if d.usage.is_empty() {
            format!("#{}", d.name)
        } else {
            format!("#{} {}", d.name, d.usage)
        };
        let call = html_code(&call).replacen("<code>", "<code><span>{</span>{", 1);
        let mut about = spans_as_html(d.about);
        for (old, _) in ALIASES.iter().filter(|(_, new)| *new == d.name) {
            about.push_str(&format!(
                " A chapter may also call it by its older name, {}.",
                html_code(old)
            ));
        }
        html.push(format!(
            "<tr><td>{}</td><td>{}</td></tr>",
            call.replacen("</code>", "}}</code>", 1),
            about
        ));
    }
    html.push("</tbody>".to_string());
    html.push("</table>".to_string());
    Ok(html.join("\n"))
}

/// Markdown with code spans as HTML: the spans as `<code>` elements, the rest escaped.
fn spans_as_html(text: &str) -> String {
    let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    text.split('`')
        .enumerate()
        .map(|(k, part)| if k % 2 == 1 { html_code(part) } else { escape(part) })
        .collect()
}

/// A fenced code block of `info` around `body`, its fence longer than any run of backticks in
/// the body.
pub fn fenced(info: &str, body: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in body.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat((longest + 1).max(3));
    let body = body.trim_end();
    format!("{fence}{info}\n{body}\n{fence}")
}

pub use ::results::words::number;

/// The option `limit=SECONDS` (`default` when not given): positive, and short enough for a
/// `Duration` (so `limit=inf` is an error, not a panic).
pub fn time_limit(options: &BTreeMap<&str, &str>, default: f64) -> Result<Duration> {
    let seconds: f64 = number(options, "limit", default)?;
    ensure!(seconds > 0.0, "`limit` must be positive");
    Duration::try_from_secs_f64(seconds)
        .ok()
        .with_context(|| format!("`limit={seconds}`: too long"))
}

/// The cells of a grid-by-solver table: `measure(grid, solver)` for every grid and solver, one
/// row per grid, in the order given. `{{#timings}}` and `{{#stats}}` both fill their tables so.
pub fn grid_by_solver<S: Copy, C>(
    grids: &[&str],
    solvers: &[S],
    mut measure: impl FnMut(&str, S) -> Result<C>,
) -> Result<Vec<Vec<C>>> {
    grids.iter().map(|grid| solvers.iter().map(|&solver| measure(grid, solver)).collect()).collect()
}

/// The objects that `sudoku --format json` printed, one a non-blank line; an error if a line is
/// not JSON or if there is none.
pub fn json_lines(stdout: &str) -> Result<Vec<serde_json::Value>> {
    let values = stdout
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).with_context(|| format!("not a JSON line: {line}")))
        .collect::<Result<Vec<serde_json::Value>>>()?;
    ensure!(!values.is_empty(), "the binary printed no JSON line");
    Ok(values)
}

pub use ::results::words::table;

/// `text` in a Markdown code span, which smart punctuation and emphasis leave alone.
pub fn code_span(text: &str) -> String {
    let ticks = if text.contains('`') { "``" } else { "`" };
    format!("{ticks}{text}{ticks}")
}

/// `text` in an HTML `<code>` element, escaped: inside an HTML block, such as a figure's caption,
/// Markdown is not read, and a code span would show its backticks.
pub fn html_code(text: &str) -> String {
    let escaped = text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    format!("<code>{escaped}</code>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_by_solver_fills_rows_of_grids() {
        let cells = grid_by_solver(&["a", "b"], &[1, 2, 3], |grid, n| Ok(format!("{grid}{n}")));
        assert_eq!(cells.unwrap(), [["a1", "a2", "a3"], ["b1", "b2", "b3"]]);
        let failed = grid_by_solver(&["a"], &[1], |_, _| -> Result<()> { bail!("no") });
        assert!(failed.is_err());
    }

    #[test]
    fn json_lines_skip_blank_lines_and_need_one() {
        assert_eq!(json_lines("{\"a\":1}\n\n{\"a\":2}\n").unwrap().len(), 2);
        assert!(json_lines("").is_err());
        assert!(json_lines("Solution 1:").is_err());
    }

    #[test]
    fn words_split_like_a_shell_without_one() {
        let args = Args::parse(r#" easy "my file.txt" it\'s $HOME ; rm -rf x "#, false).unwrap();
        assert_eq!(args.words, ["easy", "my file.txt", "it's", "$HOME", ";", "rm", "-rf", "x"]);
        assert_eq!(args.text, r#"easy "my file.txt" it\'s $HOME ; rm -rf x"#);
    }

    #[test]
    fn html_code_escapes_what_html_would_read() {
        assert_eq!(html_code("a<b> & c"), "<code>a&lt;b&gt; &amp; c</code>");
    }

    #[test]
    fn unbalanced_quotes_are_an_error() {
        assert!(Args::parse(r#"easy "hard"#, false).is_err());
    }

    #[test]
    fn options_are_separated_from_positional_words() {
        let args = Args::parse("easy hard solvers=naive,mrv runs=3", false).unwrap();
        let (grids, options) = args.options(&["solvers", "runs", "limit"]).unwrap();
        assert_eq!(grids, ["easy", "hard"]);
        assert_eq!(options["solvers"], "naive,mrv");
        assert_eq!(options["runs"], "3");
        assert!(!options.contains_key("limit"));
    }

    #[test]
    fn unknown_and_repeated_options_are_errors() {
        let args = Args::parse("easy solver=naive", false).unwrap();
        let err = args.options(&["solvers"]).unwrap_err().to_string();
        assert_eq!(err, "unknown option `solver` (known: solvers)");
        let args = Args::parse("runs=1 runs=2", false).unwrap();
        assert!(args.options(&["runs"]).is_err());
    }

    #[test]
    fn numbers_have_defaults_and_are_checked() {
        let args = Args::parse("runs=3 limit=fast", false).unwrap();
        let (_, options) = args.options(&["runs", "limit", "count"]).unwrap();
        assert_eq!(number(&options, "runs", 5).unwrap(), 3);
        assert_eq!(number(&options, "count", 7).unwrap(), 7);
        let err = number(&options, "limit", 10.0).unwrap_err().to_string();
        assert_eq!(err, "`limit=fast`: not a number");
    }

    #[test]
    fn time_limits_are_positive_and_finite() {
        let limit = |text: &str| {
            let args = Args::parse(text, false).unwrap();
            let (_, options) = args.options(&["limit"]).unwrap();
            time_limit(&options, 10.0)
        };
        assert_eq!(limit("").unwrap(), Duration::from_secs(10));
        assert_eq!(limit("limit=0.5").unwrap(), Duration::from_millis(500));
        for bad in ["limit=0", "limit=-1", "limit=NaN", "limit=inf", "limit=1e30"] {
            assert!(limit(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tables_are_markdown() {
        let header = vec!["grid".to_string(), "naive".to_string()];
        let rows = vec![vec!["`easy`".to_string(), "1.00 ms".to_string()]];
        assert_eq!(
            table(&header, &rows),
            "| grid | naive |\n| :--- | ---: |\n| `easy` | 1.00 ms |"
        );
    }

    #[test]
    fn fences_outgrow_the_backticks_inside() {
        assert_eq!(fenced("console", "$ sudoku\n\n"), "```console\n$ sudoku\n```");
        assert_eq!(fenced("text", "a ``` b"), "````text\na ``` b\n````");
    }

    #[test]
    fn the_directive_table_has_a_row_per_directive() {
        for d in DIRECTIVES {
            assert!(!d.about.is_empty(), "{}", d.name);
            assert!(d.about.matches('`').count() % 2 == 0, "{}: unbalanced code spans", d.name);
        }
        assert_eq!(spans_as_html("a `b<c>` & d"), "a <code>b&lt;c&gt;</code> &amp; d");
    }

    #[test]
    fn directive_names_are_unique_and_not_mdbooks() {
        for (i, d) in DIRECTIVES.iter().enumerate() {
            assert!(!MDBOOK_NAMES.contains(&d.name), "{}", d.name);
            assert!(DIRECTIVES[i + 1..].iter().all(|e| e.name != d.name));
        }
        for (old, new) in ALIASES {
            assert!(DIRECTIVES.iter().all(|d| d.name != *old) && !MDBOOK_NAMES.contains(old));
            assert!(DIRECTIVES.iter().any(|d| d.name == *new), "{old} stands for nothing");
        }
    }
}
