//! `cargo book --bench`: measure the benchmark results the book shows, and freeze them.
//!
//! It builds what the whole-process comparison runs (the release `sudoku` binary and the
//! `peer_lines`, `tdoku_lines` and `rate_times` examples), then runs the dataset harness (`cargo
//! bench --bench datasets`, which writes `target/bench-results/datasets.json`) and the raters'
//! (`cargo bench --bench raters`, `raters.json`) and, if they passed their checks (they exit
//! non-zero otherwise), copies their results into the store under the same names, stamped with
//! the commit measured, for `{{#table}}`, `{{#plot}}`, `{{#value}}` and `{{#machine FILE}}`. These are the weave's
//! own fixed commands, run without a shell, never a command taken from the book. `--bench` also
//! implies `--fresh`, so every timing table of the book is measured again along with them.
//!
//! The criterion benchmarks (`cargo bench --bench solvers`) are not run: no chapter shows them.

use crate::store;
use anyhow::{Context, Result, ensure};
use std::path::Path;
use std::process::Command;

/// The commands, in order, as arguments to `cargo`.
const STEPS: &[&[&str]] = &[
    &["build", "--release", "--bin", "sudoku", "--examples"],
    &["bench", "--bench", "datasets"],
    &["bench", "--bench", "raters"],
];

/// The results files the harnesses write, frozen under the same names.
const FILES: [&str; 2] = ["datasets.json", "raters.json"];

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
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), std::path::PathBuf::from);
    for file in FILES {
        freeze(&target.join("bench-results").join(file), root)?;
    }
    Ok(())
}

/// Copies the harness's results at `from` into the store of `root`, with the commit measured.
fn freeze(from: &Path, root: &Path) -> Result<()> {
    let text = std::fs::read_to_string(from)
        .with_context(|| format!("the harness wrote no results at {}", from.display()))?;
    let mut results: serde_json::Value =
        serde_json::from_str(&text).with_context(|| format!("{}", from.display()))?;
    results["commit"] = store::commit(root).into();
    let name = from.file_name().expect("a results file has a name");
    let to = store::Store::new(root, false).dir().join(name);
    let text = serde_json::to_string_pretty(&results)? + "\n";
    std::fs::create_dir_all(to.parent().expect("the store is a directory"))
        .and_then(|()| std::fs::write(&to, text))
        .with_context(|| format!("cannot write {}", to.display()))?;
    eprintln!("weave: --bench: froze the results in {}", to.display());
    Ok(())
}
