//! `weave` builds the book: mdBook, used as a library, renders `book/` into `target/book/`,
//! after the weave preprocessor has replaced each directive (`{{#run easy}}`,
//! `{{#example board x-wing}}`, `{{#measure timings ...}}`, `{{#table ...}}`, `{{#machine}}`)
//! with the real output of the `sudoku` binary, of a program of the project, or of a results
//! file.
//!
//! - `cargo book` (`weave`): build the release binary, then the book. Woven results are cached
//!   in `target/weave-cache/`, keyed by the binary; `--fresh` measures everything again, `--bench`
//!   also refreshes the benchmarks.
//! - `weave preprocessor`: mdBook's command-preprocessor protocol, which `book.toml` declares, so
//!   that `mdbook build` gives the same book.
//!
//! The weave runs only the `sudoku` binary, the project's own programs (examples and the small
//! crates under `tools/`, found by name) and its own probes (`rustc --version`, `git`); never a
//! command written in the book, and never through a shell. It knows no Sudoku.

mod bench;
mod binary;
mod cache;
mod directives;
mod log;
mod scan;
mod store;
mod weave;

use anyhow::{Context, Result, bail};
// Running a program with a time limit, the machine probes and the clock are shared with the
// programs the book runs, in the crate `results`.
use clap::{Parser, Subcommand};
use directives::Ctx;
use mdbook_driver::MDBook;
use mdbook_preprocessor::Preprocessor;
use results::{clock, machine, run};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use weave::Weave;

/// Builds the book with the live output of the sudoku binary woven in.
#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Mode>,
    /// Ignore cached results: run and measure every directive again.
    #[arg(long)]
    fresh: bool,
    /// Run the dataset harness first (`cargo bench --bench datasets`), then build with everything
    /// measured afresh.
    #[arg(long)]
    bench: bool,
    /// Use this sudoku binary instead of building one (also: the WEAVE_SUDOKU variable).
    #[arg(long, value_name = "PATH")]
    sudoku: Option<PathBuf>,
    /// The directory of book.toml (default: the nearest one up from the current directory).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Mode {
    /// Act as mdBook's command preprocessor (as book.toml declares). WEAVE_FRESH=1 is --fresh.
    Preprocessor {
        #[command(subcommand)]
        query: Option<Query>,
    },
}

#[derive(Subcommand)]
enum Query {
    /// Whether we support RENDERER: we support all of them (exit 0).
    Supports { renderer: String },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Mode::Preprocessor { query }) => preprocessor(query),
        None => build(cli),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            for cause in e.chain().skip(1) {
                eprintln!("  caused by: {cause}");
            }
            eprintln!("weave: error: the book was not built");
            ExitCode::FAILURE
        }
    }
}

// ANCHOR: build
/// `cargo book`: the binary, then the book, woven.
fn build(cli: Cli) -> Result<()> {
    let root = book_root(cli.root)?;
    if cli.bench {
        bench::run(&root)?;
    }
    let sudoku = binary::locate(&root, cli.sudoku)?;
    let ctx = context(root.clone(), sudoku, cli.fresh || cli.bench)?;

    let started = Instant::now();
    log::install();
    let mut book = MDBook::load(&root).context("cannot load the book")?;
    // Same name as book.toml's command preprocessor: ours takes its place, and its order.
    let weave = Weave::new(ctx);
    let stats = weave.stats.clone();
    book.with_preprocessor(weave);
    book.build()?;
    if log::errors() > 0 {
        bail!("mdBook reported {} error(s), see above", log::errors());
    }
    let out = book.build_dir_for("html");
    eprintln!(
        "weave: rendered {} in {:.2} s ({} directives run, {} from the cache)",
        out.join("index.html").display(),
        started.elapsed().as_secs_f64(),
        stats.ran.get(),
        stats.cached.get(),
    );
    Ok(())
}
// ANCHOR_END: build

/// `weave preprocessor`: mdBook sends `[context, book]` as JSON on standard input and reads the
/// woven book from standard output.
fn preprocessor(query: Option<Query>) -> Result<()> {
    if let Some(Query::Supports { .. }) = query {
        return Ok(());
    }
    let (pctx, book) = mdbook_preprocessor::parse_input(std::io::stdin().lock())?;
    if pctx.mdbook_version != mdbook_preprocessor::MDBOOK_VERSION {
        eprintln!(
            "weave: warning: built with mdBook {}, called by mdBook {}",
            mdbook_preprocessor::MDBOOK_VERSION,
            pctx.mdbook_version
        );
    }
    let sudoku = binary::locate(&pctx.root, None)?;
    let fresh = std::env::var_os("WEAVE_FRESH").is_some_and(|v| !v.is_empty() && v != "0");
    let weave = Weave::new(context(pctx.root.clone(), sudoku, fresh)?);
    let book = weave.run(&pctx, book)?;
    serde_json::to_writer(std::io::stdout().lock(), &book)?;
    Ok(())
}

fn context(root: PathBuf, sudoku: PathBuf, fresh: bool) -> Result<Ctx> {
    let binary_hash = cache::hash_file(&sudoku)
        .with_context(|| format!("no sudoku binary at {}", sudoku.display()))?;
    let cache = cache::Cache::new(root.join("target").join("weave-cache"), fresh);
    let store = store::Store::new(&root, fresh);
    Ok(Ctx { root, sudoku, binary_hash, cache, store })
}

/// `given`, or the nearest directory holding `book.toml`, from the current one up.
fn book_root(given: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(root) = given {
        return std::path::absolute(&root).context("bad --root");
    }
    let here = std::env::current_dir()?;
    let found = here.ancestors().find(|dir| dir.join("book.toml").is_file());
    found
        .map(Path::to_path_buf)
        .with_context(|| format!("no book.toml in {} or above", here.display()))
}
