//! The committed results store, `book/results/`: every measurement the book shows, frozen.
//!
//! What a program run by `{{#measure}}` prints (a timing table, a table of counts, the ladder's
//! agreement), or a machine line, is measured once and kept in the repository, one small text file
//! of Markdown per directive, named after the program (`.txt`, so that neither the tangle nor
//! mdBook takes it for a chapter), so that a fresh clone's `cargo book` shows
//! every number without measuring anything (and CI stays quick). The file's first line is an HTML
//! comment holding, as JSON, where and when the result was measured: the machine, the commit
//! (`-dirty` when the code it is built from differed from it) and the date; the rest is the
//! woven Markdown.
//! The dataset harness's results sit beside them in `datasets.json`.
//!
//! `cargo book --fresh` (and `--bench`) measures again and rewrites the store, dropping the files
//! that no directive uses any more: committing the store is how new numbers are published.
//!
//! A result older than the code it describes is marked so wherever it is shown (see
//! [`Store::staleness`]): its commit is not an ancestor of `HEAD`, or the code of a chapter (its
//! tangled blocks, not its prose) or the build's own files changed since it, or it was measured
//! with uncommitted changes.

use crate::cache;
use crate::clock;
use crate::machine;
use anyhow::{Context, Result};
use serde_json::{Value, json};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One frozen result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The short hash of the commit measured, `unknown` without git.
    pub commit: String,
    /// `YYYY-MM-DD HH:MM UTC`.
    pub date: String,
    /// The CPU and its count of cores.
    pub machine: String,
    /// The woven Markdown.
    pub markdown: String,
}

/// The store under `root/book/results/`.
pub struct Store {
    root: PathBuf,
    dir: PathBuf,
    /// Measure again what is stored (`--fresh`, `--bench`).
    fresh: bool,
    written: RefCell<HashSet<PathBuf>>,
    /// The staleness of each commit asked about, worked out once.
    verdicts: RefCell<HashMap<String, Option<String>>>,
}

impl Store {
    pub fn new(root: &Path, fresh: bool) -> Store {
        Store {
            root: root.to_path_buf(),
            dir: root.join("book").join("results"),
            fresh,
            written: RefCell::default(),
            verdicts: RefCell::default(),
        }
    }

    /// Whether this build measures again what is stored (`--fresh`, `--bench`).
    pub fn fresh(&self) -> bool {
        self.fresh
    }

    /// The store's directory, where the results files sit beside the frozen results.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The key of a directive in the store: like the cache's, but without the binary, since a
    /// frozen result outlives the binary that measured it (its staleness says so instead).
    pub fn key(name: &str, bang: bool, words: &[String], inputs: &[String]) -> String {
        cache::key("store", name, bang, words, inputs)
    }

    fn path(&self, name: &str, key: &str) -> PathBuf {
        self.dir.join(format!("{name}-{key}.txt"))
    }

    /// The stored result, unless this build measures again.
    pub fn get(&self, name: &str, key: &str) -> Result<Option<Entry>> {
        let path = self.path(name, key);
        if self.fresh && !self.written.borrow().contains(&path) {
            return Ok(None);
        }
        let Ok(text) = fs::read_to_string(&path) else {
            return Ok(None);
        };
        parse(&text).with_context(|| format!("{}: not a frozen result", path.display())).map(Some)
    }

    /// Freezes `markdown`, measured now on this machine at this commit, as the result of
    /// `name` with `args`.
    pub fn put(&self, name: &str, key: &str, args: &str, markdown: &str) -> Result<Entry> {
        let entry = Entry {
            commit: commit(&self.root),
            date: clock::now_utc(),
            machine: machine::short(),
            markdown: markdown.trim_end().to_string(),
        };
        let head = json!({
            "directive": name,
            "args": args,
            "commit": entry.commit,
            "date": entry.date,
            "machine": entry.machine,
        });
        let path = self.path(name, key);
        let text = format!("<!-- {head} -->\n{}\n", entry.markdown);
        let partial = path.with_extension("partial");
        fs::create_dir_all(&self.dir)
            .and_then(|()| fs::write(&partial, text))
            .and_then(|()| fs::rename(&partial, &path))
            .with_context(|| format!("cannot write the frozen result {}", path.display()))?;
        self.written.borrow_mut().insert(path);
        Ok(entry)
    }

    /// After a build that measured everything again: removes the frozen results that no
    /// directive asked for. Returns how many.
    pub fn prune(&self) -> Result<usize> {
        if !self.fresh {
            return Ok(0);
        }
        let mut removed = 0;
        let Ok(dir) = fs::read_dir(&self.dir) else {
            return Ok(0);
        };
        for file in dir {
            let path = file?.path();
            let is_result = path.extension().is_some_and(|e| e == "txt");
            if is_result && !self.written.borrow().contains(&path) {
                fs::remove_file(&path)
                    .with_context(|| format!("cannot remove {}", path.display()))?;
                removed += 1;
            }
        }
        Ok(removed)
    }

    /// The line that heads a frozen block: where and when it was measured, and whether the
    /// code changed since.
    pub fn heading(&self, entry: &Entry) -> String {
        let mut line = format!(
            "*Measured on `{}`, commit `{}`, {}.*",
            entry.machine, entry.commit, entry.date
        );
        if let Some(why) = self.staleness(&entry.commit) {
            line.push_str(&format!(" **Older than the code:** {why}."));
        }
        line
    }

    /// `None` when the results of `commit` describe the code of `HEAD`; otherwise why not.
    pub fn staleness(&self, commit: &str) -> Option<String> {
        if let Some(verdict) = self.verdicts.borrow().get(commit) {
            return verdict.clone();
        }
        let verdict = staleness(&self.root, commit);
        self.verdicts.borrow_mut().insert(commit.to_string(), verdict.clone());
        verdict
    }
}

/// The entry that [`Store::put`] wrote as `text`.
fn parse(text: &str) -> Result<Entry> {
    let (first, markdown) = text.split_once('\n').unwrap_or((text, ""));
    let head = first
        .strip_prefix("<!-- ")
        .and_then(|rest| rest.strip_suffix(" -->"))
        .context("the first line is not `<!-- {JSON} -->`")?;
    let head: Value = serde_json::from_str(head).context("the first line's JSON")?;
    let field = |key: &str| head[key].as_str().unwrap_or("unknown").to_string();
    Ok(Entry {
        commit: field("commit"),
        date: field("date"),
        machine: field("machine"),
        markdown: markdown.trim_end().to_string(),
    })
}

/// The short hash of `HEAD` in `root`, with `-dirty` when the tracked files differ from it in
/// what the binary is built from (the rule `staleness` applies between commits: a sentence
/// rewritten measures nothing), or `unknown` without git.
pub fn commit(root: &Path) -> String {
    let Some(commit) = git(root, &["rev-parse", "--short", "HEAD"]) else {
        return "unknown".to_string();
    };
    let mut args = vec!["diff", "--name-only", "HEAD", "--"];
    let paths = code_paths(root);
    args.extend(paths.iter().map(String::as_str));
    let built_from_now =
        |file: &str| fs::read_to_string(root.join(file)).ok().map(|t| built_from(file, &t));
    let built_from_head =
        |file: &str| git(root, &["show", &format!("HEAD:{file}")]).map(|t| built_from(file, &t));
    let code_changed = |f: &str| !is_read(f) || built_from_now(f) != built_from_head(f);
    match git(root, &args) {
        Some(changed) if !changed.lines().any(code_changed) => commit,
        _ => format!("{commit}-dirty"),
    }
}

/// The paths the binary is built from: the sources, the build script, the manifests and the
/// chapters that hold code.
fn code_paths(root: &Path) -> Vec<String> {
    let mut paths = vec![
        "src".to_string(),
        "build.rs".to_string(),
        "Cargo.toml".to_string(),
        "Cargo.lock".to_string(),
    ];
    paths.extend(code_chapters(root));
    paths
}

/// What of `file`'s text the binary is built from: a manifest's packages, a chapter's code.
fn built_from(file: &str, text: &str) -> String {
    match file {
        "Cargo.toml" => without_members(text),
        "Cargo.lock" => registry_packages(text),
        _ => tangled_code(text),
    }
}

// ANCHOR: staleness
/// Why the results measured at `commit` may not describe `HEAD`, or `None` if they do.
fn staleness(root: &Path, commit: &str) -> Option<String> {
    if commit == "unknown" {
        return Some("the commit it was measured at is unknown".into());
    }
    if commit.ends_with("-dirty") {
        return Some("it was measured with uncommitted changes".into());
    }
    if git(root, &["rev-parse", "--verify", "--quiet", "HEAD"]).is_none() {
        return Some("whether the code changed since is unknown (no git history here)".into());
    }
    let ancestor = Command::new("git")
        .args(["merge-base", "--is-ancestor", commit, "HEAD"])
        .current_dir(root)
        .stderr(std::process::Stdio::null())
        .status();
    if !ancestor.is_ok_and(|s| s.success()) {
        return Some(format!("commit `{commit}` is not an ancestor of this checkout"));
    }
    let paths = code_paths(root);
    let mut args = vec!["diff", "--name-only", commit, "HEAD", "--"];
    args.extend(paths.iter().map(String::as_str));
    match git(root, &args) {
        None => Some("whether the code changed since is unknown".into()),
        Some(changed) => {
            // A chapter counts only if its code changed: a sentence rewritten measures nothing.
            // So does a manifest only if what the binary is built from changed.
            let code_at = |rev: &str, file: &str| {
                git(root, &["show", &format!("{rev}:{file}")]).map(|text| built_from(file, &text))
            };
            let files: Vec<String> = changed
                .lines()
                .filter(|f| !is_read(f) || code_at(commit, f) != code_at("HEAD", f))
                .map(|f| format!("`{f}`"))
                .collect();
            if files.is_empty() {
                return None;
            }
            // A few names say where to look; a long list would bury the table it heads.
            const NAMED: usize = 3;
            let more = match files.len().saturating_sub(NAMED) {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            Some(format!("changed since: {}{more}", files[..files.len().min(NAMED)].join(", ")))
        }
    }
}
// ANCHOR_END: staleness

/// The chapters (`book/*.md`) that hold code the tangle turns into the crate: a fenced block
/// whose info string's first word is `rust` and no word `ignore`.
fn code_chapters(root: &Path) -> Vec<String> {
    let Ok(dir) = fs::read_dir(root.join("book")) else {
        return Vec::new();
    };
    let mut chapters: Vec<String> = dir
        .filter_map(|file| file.ok())
        .filter(|file| file.path().extension().is_some_and(|e| e == "md"))
        .filter(|file| fs::read_to_string(file.path()).is_ok_and(|t| holds_code(&t)))
        .map(|file| format!("book/{}", file.file_name().to_string_lossy()))
        .collect();
    chapters.sort();
    chapters
}

/// Whether `line` is a fence opening a tangled block (the tangle's rule).
fn opens_code(line: &str) -> bool {
    let info = line.trim_start().trim_start_matches('`');
    let fence = line.trim_start().len() - info.len();
    let mut words = info.split([',', ' ']).filter(|w| !w.is_empty());
    fence >= 3 && words.next() == Some("rust") && !words.any(|w| w == "ignore")
}

/// Whether `chapter` has a fence opening a tangled block (the tangle's rule, read line by line).
fn holds_code(chapter: &str) -> bool {
    chapter.lines().any(opens_code)
}

/// Whether a changed file is read for what the binary is built from (a chapter, a manifest),
/// rather than counted whole.
fn is_read(file: &str) -> bool {
    file.ends_with(".md") || file == "Cargo.toml" || file == "Cargo.lock"
}

/// The workspace's manifest without its list of members: a tool added to the workspace leaves
/// the binary as it was.
fn without_members(manifest: &str) -> String {
    let mut kept = String::new();
    let mut inside = false;
    for line in manifest.lines() {
        let starts = line.trim_start().starts_with("members") && line.contains('=');
        inside = inside || starts;
        if !inside {
            kept.push_str(line);
            kept.push('\n');
        }
        inside = inside && !line.contains(']');
    }
    kept
}

/// The packages of a lock file that come from a registry, with their versions and checksums:
/// the project's own crates (the solver and its tools) are left out, since their code is
/// counted where it is written.
fn registry_packages(lock: &str) -> String {
    let packages = lock.split("[[package]]").filter(|p| p.contains("\nsource = \""));
    packages.collect::<Vec<_>>().join("[[package]]")
}

/// The words of `chapter`'s tangled blocks, without the prose around them and without their
/// layout: a run of spaces and line breaks is one space, so that a line wrapped again, or a block
/// split in two by a sentence, measures nothing (inside a string literal too, a slip the rule
/// accepts: a message's spacing changes no measurement).
fn tangled_code(chapter: &str) -> String {
    let mut code = String::new();
    let mut inside = false;
    for line in chapter.lines() {
        if inside && line.trim_start().starts_with("```") {
            inside = false;
        } else if inside {
            for word in line.split_whitespace() {
                code.push_str(word);
                code.push(' ');
            }
        } else {
            inside = opens_code(line);
        }
    }
    code
}

/// The trimmed standard output of a successful `git ARGS` in `root`, or `None`.
fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(root)
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_added_to_the_workspace_changes_no_manifest_that_counts() {
        let before = "[workspace]\nmembers = [\".\", \"tools/a\"]\nresolver = \"3\"\n[dependencies]\nx = \"1\"\n";
        let after = "[workspace]\nmembers = [\n  \".\",\n  \"tools/a\",\n  \"tools/b\",\n]\nresolver = \"3\"\n[dependencies]\nx = \"1\"\n";
        assert_eq!(without_members(before), without_members(after));
        assert_ne!(
            without_members(before),
            without_members(&after.replace("x = \"1\"", "x = \"2\""))
        );
        let lock = |tool: &str, version: &str| {
            format!(
                "version = 4\n\n[[package]]\nname = \"{tool}\"\nversion = \"0.1.0\"\n\n\
                 [[package]]\nname = \"x\"\nversion = \"{version}\"\nsource = \"registry+https://x\"\n"
            )
        };
        assert_eq!(registry_packages(&lock("a", "1.0.0")), registry_packages(&lock("b", "1.0.0")));
        assert_ne!(registry_packages(&lock("a", "1.0.0")), registry_packages(&lock("a", "1.0.1")));
    }

    fn git_in(dir: &Path, args: &[&str]) {
        let status = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"])
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(status.status.success(), "git {args:?}: {status:?}");
    }

    #[test]
    fn entries_round_trip_and_fresh_measures_again() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), false);
        let key = Store::key("timings", false, &["easy".to_string()], &[]);
        assert_eq!(store.get("timings", &key).unwrap(), None);
        let put = store.put("timings", &key, "easy", "| a |\n").unwrap();
        assert_eq!(store.get("timings", &key).unwrap(), Some(put.clone()));
        assert_eq!(put.markdown, "| a |");
        assert_eq!(put.commit, "unknown", "no git repository here");

        let fresh = Store::new(dir.path(), true);
        assert_eq!(fresh.get("timings", &key).unwrap(), None);
        let other = Store::key("timings", false, &["hard".to_string()], &[]);
        fresh.put("timings", &other, "hard", "| b |").unwrap();
        assert_eq!(fresh.prune().unwrap(), 1, "the result of `easy` was not asked for");
        assert!(fresh.get("timings", &other).unwrap().is_some());
        assert_eq!(Store::new(dir.path(), false).get("timings", &key).unwrap(), None);
    }

    #[test]
    fn a_damaged_result_is_an_error_naming_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), false);
        fs::create_dir_all(dir.path().join("book/results")).unwrap();
        fs::write(dir.path().join("book/results/stats-k.txt"), "| no head |\n").unwrap();
        let err = format!("{:#}", store.get("stats", "k").unwrap_err());
        assert!(err.contains("stats-k.txt: not a frozen result"), "{err}");
    }

    #[test]
    fn results_older_than_the_code_are_marked() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("book")).unwrap();
        fs::write(root.join("book/solver.md"), "Code:\n\n```rust\nfn a() {}\n```\n").unwrap();
        fs::write(root.join("book/intro.md"), "Words.\n\n```rust,ignore\nfn shown() {}\n```\n")
            .unwrap();
        git_in(root, &["init", "-q"]);
        git_in(root, &["add", "."]);
        git_in(root, &["commit", "-q", "-m", "one"]);
        let measured = commit(root);
        assert!(!measured.ends_with("-dirty"));
        assert_eq!(Store::new(root, false).staleness(&measured), None);

        // A chapter whose Rust is only shown changes nothing, committed or not; a chapter with
        // code does.
        fs::write(root.join("book/intro.md"), "Other words.\n\n```rust,ignore\n```\n").unwrap();
        assert_eq!(commit(root), measured);
        fs::write(root.join("book/solver.md"), "Code:\n\n```rust\nfn z() {}\n```\n").unwrap();
        assert!(commit(root).ends_with("-dirty"));
        fs::write(root.join("book/solver.md"), "Code, said again:\n\n```rust\nfn a() {}\n```\n")
            .unwrap();
        assert_eq!(commit(root), measured);
        git_in(root, &["commit", "-q", "-am", "two"]);
        assert_eq!(Store::new(root, false).staleness(&measured), None);
        fs::write(root.join("book/solver.md"), "Code:\n\n```rust\nfn b() {}\n```\n").unwrap();
        git_in(root, &["commit", "-q", "-am", "three"]);
        let why = Store::new(root, false).staleness(&measured).unwrap();
        assert_eq!(why, "changed since: `book/solver.md`");
        // Nor does its layout: a line wrapped again, a block split in two by a sentence.
        let wrapped = "Code:\n\n```rust\nfn b(\n) {}\n```\n\nSaid.\n\n```rust\n```\n";
        assert_eq!(tangled_code(wrapped), tangled_code("```rust\nfn   b( ) {}\n```\n"));
        assert_ne!(tangled_code(wrapped), tangled_code("```rust\nfn b() {}\n```\n"));
        // Prose around unchanged code changes nothing.
        fs::write(root.join("book/solver.md"), "Other prose:\n\n```rust\nfn b() {}\n```\n")
            .unwrap();
        git_in(root, &["commit", "-q", "-am", "prose"]);
        let later = commit(root);
        fs::write(root.join("book/solver.md"), "New prose:\n\n```rust\nfn b() {}\n```\n").unwrap();
        git_in(root, &["commit", "-q", "-am", "more prose"]);
        assert_eq!(Store::new(root, false).staleness(&later), None);
        for name in ["a", "b", "c", "d", "e"] {
            let code = "```rust\nfn c() {}\n```\n";
            fs::write(root.join(format!("book/{name}.md")), code).unwrap();
        }
        git_in(root, &["add", "."]);
        git_in(root, &["commit", "-q", "-m", "four"]);
        let why = Store::new(root, false).staleness(&measured).unwrap();
        assert_eq!(why, "changed since: `book/a.md`, `book/b.md`, `book/c.md` and 3 more");

        let why = Store::new(root, false).staleness("0123abc").unwrap();
        assert!(why.contains("not an ancestor"), "{why}");
        assert!(Store::new(root, false).staleness("abc-dirty").is_some());
        assert!(Store::new(root, false).staleness("unknown").is_some());
    }
}
