//! What every program that the weave's `example` and `measure` directives run shares: it is
//! run in the book's root as `PROGRAM SUDOKU WORDS...`, the path of the `sudoku` binary first,
//! then the directive's words, and prints the Markdown (or HTML) to put in the page.
//!
//! It exits 0 with its output, 3 with a [`Note`] on standard output when it has nothing to show
//! here (its data file is missing, or it measures only in a build that measures everything
//! again: `WEAVE_FRESH=1`), which the weave shows and keeps nothing of, and 1 with a message on
//! standard error when something is wrong, which stops the build.

use anyhow::Result;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Where a program runs: the book's root and the binary it talks to.
pub struct Ctx {
    pub root: PathBuf,
    pub sudoku: PathBuf,
}

/// A program's words, as the directive wrote them.
pub struct Args {
    pub words: Vec<String>,
}

impl Args {
    /// Splits the words into positional ones and `key=value` options, refusing any key not in
    /// `known`.
    pub fn options(&self, known: &[&str]) -> Result<(Vec<&str>, BTreeMap<&str, &str>)> {
        crate::words::options(&self.words, known)
    }
}

/// What a program returns, as its error, when it has nothing to show in this build: the note
/// the page shows instead.
#[derive(Debug)]
pub struct Note(pub String);

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Note {}

/// The variable the weave sets to `1` when the build measures everything again.
pub const FRESH: &str = "WEAVE_FRESH";

/// Whether this build measures everything again (`cargo book --fresh` or `--bench`).
pub fn fresh() -> bool {
    std::env::var(FRESH).is_ok_and(|v| v == "1")
}

/// A program's `main`: `PROGRAM SUDOKU WORDS...` in the current directory, `page` making the
/// output.
pub fn main(page: fn(&Ctx, &Args) -> Result<String>) -> ExitCode {
    let mut argv = std::env::args_os().skip(1);
    let Some(sudoku) = argv.next() else {
        eprintln!("usage: PROGRAM SUDOKU WORDS... (the weave runs it so)");
        return ExitCode::FAILURE;
    };
    let words: Vec<String> = argv.map(|w| w.to_string_lossy().into_owned()).collect();
    let ctx = Ctx { root: PathBuf::from("."), sudoku: PathBuf::from(sudoku) };
    match page(&ctx, &Args { words }) {
        Ok(output) => {
            println!("{}", output.trim_end());
            ExitCode::SUCCESS
        }
        Err(e) => match e.downcast::<Note>() {
            Ok(Note(note)) => {
                println!("{}", note.trim_end());
                ExitCode::from(3)
            }
            Err(e) => {
                eprintln!("{e:#}");
                ExitCode::FAILURE
            }
        },
    }
}
