//! `cargo book --bench`: refresh the benchmark results the book shows.
//!
//! The hook is here; the work is not yet. It will run the criterion benchmarks
//! (`cargo bench`, whose results `{{#bench GROUP}}` reads from `target/criterion/`) and the
//! dataset harness (read by `{{#plot ...}}`). `--bench` also implies `--fresh`, so every timing
//! table of the book is measured again along with them.

use anyhow::Result;
use std::path::Path;

pub fn run(_root: &Path) -> Result<()> {
    eprintln!(
        "weave: --bench: no benchmark suite is wired in yet; measuring the book's tables afresh"
    );
    Ok(())
}
