//! `cargo book --bench`: refresh the benchmark results the book shows.
//!
//! It builds what the whole-process comparison runs (the release `sudoku` binary and the
//! `peer_lines` example), then runs the criterion benchmarks (`cargo bench --bench solvers`,
//! whose results land in `target/criterion/`) and the dataset harness (`cargo bench --bench
//! datasets`, which writes `target/bench-results/datasets.json` for `{{#datasets}}`, `{{#plot}}`
//! and `{{#lines}}`). These are the weave's own fixed commands, run without a shell, never a
//! command taken from the book. `--bench` also implies `--fresh`, so every timing table of the
//! book is measured again along with them.

use anyhow::{Context, Result, ensure};
use std::path::Path;
use std::process::Command;

/// The commands, in order, as arguments to `cargo`.
const STEPS: &[&[&str]] = &[
    &["build", "--release", "--bin", "sudoku", "--example", "peer_lines"],
    &["bench", "--bench", "solvers"],
    &["bench", "--bench", "datasets"],
];

pub fn run(root: &Path) -> Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    for step in STEPS {
        eprintln!("weave: --bench: cargo {}", step.join(" "));
        let status = Command::new(&cargo)
            .args(*step)
            .current_dir(root)
            .status()
            .with_context(|| format!("cannot run cargo {}", step.join(" ")))?;
        ensure!(status.success(), "cargo {} failed ({status})", step.join(" "));
    }
    Ok(())
}
