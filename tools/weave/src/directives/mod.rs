//! The directives the weave knows, one module each, and what they share.
//!
//! The weave knows no Sudoku: what only this book needs (timing tables, boards, traces, the
//! ladder's agreement) is a program of the project that `example` or `measure` runs, and the
//! results files are read by fields the chapter names. Adding a directive is local: write
//! `fn(&Ctx, &Args) -> Result<String>` in a module of its own and add a row to [`DIRECTIVES`].

mod programs;
mod results;
mod transcript;

use crate::cache::Cache;
use crate::store::Store;
use ::results::words::{code_span, html_code, spans_as_html};
use anyhow::{Result, bail, ensure};
use std::path::PathBuf;

/// What a directive returns, as its error, when it has nothing to show in this build (a program
/// that exited 3: its data file is missing, or it is a long benchmark outside `cargo book
/// --bench`): the note to show instead, which is neither cached nor frozen.
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
    pub frozen: Frozen,
    /// Whether its first word names a program of the project that it runs: the program's
    /// sources are then part of the cache key, and its frozen results are filed and keyed under
    /// the program's name and the words after it.
    pub names_program: bool,
}

/// When a directive's output is a measurement, frozen in the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frozen {
    Never,
    Always,
    /// Only when it is given no word (`machine` alone is measured; `machine FILE` is read).
    WithoutWords,
}

impl Frozen {
    pub fn applies(self, args: &Args) -> bool {
        match self {
            Frozen::Never => false,
            Frozen::Always => true,
            Frozen::WithoutWords => args.words.is_empty(),
        }
    }
}
// ANCHOR_END: directive

/// Every directive of the weave.
pub const DIRECTIVES: &[Directive] = &[
    Directive {
        name: "run",
        run: transcript::run,
        usage: "ARGS",
        about: "a `console` block: `$ sudoku ARGS`, then what the binary printed, its standard output and standard error interleaved as in a terminal. The run must exit 0, or the build fails. With a `!` after the name, the run must fail instead (exit non-zero), to show an error message; the block then ends with the exit status. With `--markdown` among the arguments, the binary writes Markdown (a table), which the page shows as it is, without the transcript.",
        bang: true,
        block: true,
        cached: true,
        frozen: Frozen::Never,
        names_program: false,
    },
    Directive {
        name: "example",
        run: programs::example,
        usage: "PROGRAM WORDS...",
        about: "what the project's program `PROGRAM` prints (Markdown or HTML), run in the book's root as `PROGRAM SUDOKU WORDS...`, the binary's path first: the example `examples/PROGRAM.rs`, or the binary `PROGRAM` of a small crate under `tools/` (`tools/PROGRAM/src/main.rs` or `tools/CRATE/src/bin/PROGRAM.rs`), which cargo builds first. It is cached, keyed by the binary, the words, the files they name and the program's own files. A program that exits 3 has nothing to show here (its data file is missing): what it printed stands in the page as a note, kept nowhere; any other failure stops the build.",
        bang: false,
        block: true,
        cached: true,
        frozen: Frozen::Never,
        names_program: true,
    },
    Directive {
        name: "measure",
        run: programs::measure,
        usage: "PROGRAM WORDS...",
        about: "the same as `example`, for a program that measures: its output is frozen in `book/results/` (filed under `PROGRAM` and keyed by the words after it and the files they name, not by the binary), measured again only when it is missing or by `cargo book --fresh`, and headed by where and when it was measured. A program that takes minutes exits 3 with a note unless `WEAVE_FRESH=1`, which the weave sets in a build that measures everything again.",
        bang: false,
        block: true,
        cached: true,
        frozen: Frozen::Always,
        names_program: true,
    },
    Directive {
        name: "machine",
        run: machine,
        usage: "[FILE]",
        about: "one line: the CPU model and cores, operating system and version, `rustc` version, git commit (`-dirty` when files differ from it) and date, frozen like a measurement. Given a results `FILE` of `book/results/`, where, when and how that file was measured instead (CPU, commit, date, the conditions and each program's build), and whether the code changed since, read afresh: written once above the tables and plots woven from it.",
        bang: false,
        block: false,
        cached: false,
        frozen: Frozen::WithoutWords,
        names_program: false,
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
        frozen: Frozen::Never,
        names_program: false,
    },
    Directive {
        name: "plot",
        run: results::plot,
        usage: "FILE ARRAY KEY=A,B... series=FIELD y=FIELD:FORMAT panels=A,B;C scale=log",
        about: "an SVG figure of the records that `table` would select: a curve for each, named by its field `series`, of its array field `y` against the position in the array, from 0 to 100 %. Each curve has its own marker, shown in the legend with its name; colours come from the file's `colours`. `panels` puts the named series in panels of their own, one above the other, each with its own scale (`titles=T1;T2` heads them); `scale=log` makes the vertical axis logarithmic; `at-least=FIELD:N` leaves out a record whose `FIELD` is below `N` (a distribution of too few values), and the caption names it; `x-label`, `y-label` and `caption` say what the figure shows.",
        bang: false,
        block: true,
        cached: false,
        frozen: Frozen::Never,
        names_program: false,
    },
    Directive {
        name: "value",
        run: results::value,
        usage: "FILE ARRAY KEY=A... field=FIELD:FORMAT",
        about: "one field of the one record the selection keeps, inline, formatted as in a table. A selection that keeps no record, or more than one, fails the build.",
        bang: false,
        block: false,
        cached: false,
        frozen: Frozen::Never,
        names_program: false,
    },
    Directive {
        name: "directives",
        run: directives,
        usage: "",
        about: "this table, from the weave's list of directives.",
        bang: false,
        block: true,
        cached: false,
        frozen: Frozen::Never,
        names_program: false,
    },
];

/// The names that mdBook's own `links` preprocessor expands, after the weave.
pub const MDBOOK_NAMES: &[&str] = &["include", "rustdoc_include", "playground", "playpen", "title"];

/// `{{#machine}}`: `Machine: CPU (2 cores), OS, rustc, commit C, DATE.`, frozen in the results
/// store like the tables, so that it says when the stored numbers were taken; `{{#machine FILE}}`:
/// the line of where, when and how a results file was measured.
fn machine(ctx: &Ctx, args: &Args) -> Result<String> {
    if !args.words.is_empty() {
        return results::measured(ctx, args);
    }
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
        let about = spans_as_html(d.about);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell_without_one() {
        let args = Args::parse(r#" easy "my file.txt" it\'s $HOME ; rm -rf x "#, false).unwrap();
        assert_eq!(args.words, ["easy", "my file.txt", "it's", "$HOME", ";", "rm", "-rf", "x"]);
        assert_eq!(args.text, r#"easy "my file.txt" it\'s $HOME ; rm -rf x"#);
    }

    #[test]
    fn unbalanced_quotes_are_an_error() {
        assert!(Args::parse(r#"easy "hard"#, false).is_err());
    }

    #[test]
    fn tables_are_markdown() {
        let header = vec!["grid".to_string(), "naive".to_string()];
        let rows = vec![vec!["`easy`".to_string(), "1.00 ms".to_string()]];
        assert_eq!(
            ::results::words::table(&header, &rows),
            "| grid | naive |\n| :--- | ---: |\n| `easy` | 1.00 ms |"
        );
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
        // The weave's promise: few directives, each with a clear meaning.
        assert!(DIRECTIVES.len() <= 8, "{} directives", DIRECTIVES.len());
    }
}
