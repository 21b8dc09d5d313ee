//! Finding the `sudoku` binary the book talks about: the one named by `--sudoku` or
//! `WEAVE_SUDOKU`, or else the release build, which cargo brings up to date first.

use anyhow::{Context, Result, bail, ensure};
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

/// The variable that names a directory of ready-made programs for `example` and `measure`
/// (a program found there is run as it is, and never built: for tests, and builds without cargo).
pub const PROGRAMS_ENV: &str = "WEAVE_PROGRAMS";

/// A program of the project that a directive runs, found by its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub name: String,
    /// What `cargo build --release` is given to build it; empty for a ready-made one.
    what: Vec<String>,
    /// The files it is made of, whose contents are part of a cached result's key.
    pub sources: Vec<PathBuf>,
}

// ANCHOR: program
/// The program `name`: `$WEAVE_PROGRAMS/NAME` when that exists; else the example
/// `examples/NAME.rs`; else the binary `NAME` of a small crate of the workspace under `tools/`,
/// `tools/NAME/src/main.rs` or `tools/CRATE/src/bin/NAME.rs` (whose files are all its sources).
pub fn program(root: &Path, name: &str) -> Result<Program> {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    ensure!(!name.is_empty() && name.chars().all(plain), "`{name}` is not a program's name");
    let program = |what: &[&str], sources| Program {
        name: name.to_string(),
        what: what.iter().map(|w| w.to_string()).collect(),
        sources,
    };
    if let Some(dir) = std::env::var_os(PROGRAMS_ENV).filter(|v| !v.is_empty()) {
        let ready = PathBuf::from(dir).join(name);
        if ready.is_file() {
            return Ok(program(&[], vec![ready]));
        }
    }
    let example = root.join("examples").join(format!("{name}.rs"));
    if example.is_file() {
        // Every example is built with it, since one may run another.
        return Ok(program(&["--examples"], vec![example]));
    }
    let tools = root.join("tools");
    let mut crates: Vec<PathBuf> = match std::fs::read_dir(&tools) {
        Ok(dir) => dir.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(_) => Vec::new(),
    };
    crates.sort();
    for dir in crates {
        let Some(package) = dir.file_name().and_then(|n| n.to_str()).map(str::to_string) else {
            continue;
        };
        let main = package == name && dir.join("src/main.rs").is_file();
        if main || dir.join("src/bin").join(format!("{name}.rs")).is_file() {
            return Ok(program(&["-p", &package, "--bin", name], files_under(&dir)?));
        }
    }
    bail!(
        "no program `{name}`: neither `examples/{name}.rs` nor a binary `{name}` of a crate under \
         `tools/`"
    )
}
// ANCHOR_END: program

/// Every file under `dir`, in a fixed order.
fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let entries =
            std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))?;
        for entry in entries {
            let path = entry?.path();
            match path.is_dir() {
                true => todo.push(path),
                false => files.push(path),
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The executable of `program`, brought up to date first (once a run: a chapter may draw a
/// board thirty times). It is built only when a result is not in the cache or the store.
pub fn build_program(root: &Path, program: &Program) -> Result<PathBuf> {
    if program.what.is_empty() {
        return Ok(program.sources[0].clone());
    }
    static BUILT: Mutex<Vec<(String, PathBuf)>> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, path)) = built.iter().find(|(n, _)| *n == program.name) {
        return Ok(path.clone());
    }
    let what: Vec<&str> = program.what.iter().map(String::as_str).collect();
    let path = cargo_build(root, &what, &program.name)?;
    built.push((program.name.clone(), path.clone()));
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
