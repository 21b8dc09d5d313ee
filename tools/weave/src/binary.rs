//! Finding the `sudoku` binary the book talks about: the one named by `--sudoku` or
//! `WEAVE_SUDOKU`, or else the release build, which cargo brings up to date first.

use anyhow::{Context, Result, bail};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

/// The variable that names a ready-made binary (and skips the cargo build).
pub const ENV: &str = "WEAVE_SUDOKU";

/// The binary to weave with: `given`, else `$WEAVE_SUDOKU`, else a fresh release build.
pub fn locate(root: &Path, given: Option<PathBuf>) -> Result<PathBuf> {
    let given =
        given.or_else(|| std::env::var_os(ENV).filter(|v| !v.is_empty()).map(PathBuf::from));
    let path = match given {
        Some(path) => path,
        None => build(root)?,
    };
    std::path::absolute(&path).with_context(|| format!("bad binary path {}", path.display()))
}

// ANCHOR: build
/// Runs `cargo build --release --bin sudoku` in `root` and returns the binary's path, as cargo
/// reports it (so a custom target directory is followed). Cargo's messages go to our standard
/// error, never to standard output, which mdBook reads when we run as its preprocessor.
fn build(root: &Path) -> Result<PathBuf> {
    cargo_build(root, &["--bin", "sudoku"], "sudoku")
}

/// The release build of the example `name`, brought up to date first (for results that need
/// the crate's own code, which the weave never links). Every example is built with it, since one
/// may run another; an example measures, so this happens only when a result is measured.
pub fn example(root: &Path, name: &str) -> Result<PathBuf> {
    once(root, &["--examples"], name)
}

/// Built once a run: a chapter may draw a board thirty times.
fn once(root: &Path, what: &[&str], name: &str) -> Result<PathBuf> {
    static BUILT: Mutex<Vec<(String, PathBuf)>> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, path)) = built.iter().find(|(n, _)| n == name) {
        return Ok(path.clone());
    }
    let path = cargo_build(root, what, name)?;
    built.push((name.to_string(), path.clone()));
    Ok(path)
}

/// Runs `cargo build --release WHAT...` in `root` and returns the path of the executable `name`.
fn cargo_build(root: &Path, what: &[&str], name: &str) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let what = what.join(" ");
    eprintln!("weave: cargo build --release {what}");
    let mut child = Command::new(&cargo)
        .args(["build", "--release"])
        .args(what.split(' '))
        .arg("--message-format=json-render-diagnostics")
        .current_dir(root)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("cannot run cargo")?;
    let mut executable = None;
    let stdout = child.stdout.take().context("no pipe from cargo")?;
    for line in BufReader::new(stdout).lines() {
        let message: serde_json::Value = match serde_json::from_str(&line?) {
            Ok(message) => message,
            Err(_) => continue,
        };
        let ours = message["reason"] == "compiler-artifact" && message["target"]["name"] == name;
        if let Some(path) = message["executable"].as_str().filter(|_| ours) {
            executable = Some(PathBuf::from(path));
        }
    }
    if !child.wait()?.success() {
        bail!("`cargo build --release {what}` failed: the book needs it");
    }
    executable.with_context(|| format!("cargo built no `{name}` executable"))
}
// ANCHOR_END: build
