//! End to end: a tiny crate made like ours (the workspace's own `build.rs` and `src/lib.rs`, a
//! small book) is built by the real cargo, to show that rustc's errors and panics name the
//! chapter's lines, and that a malformed book fails the build with `book/FILE.md:LINE:`.
//!
//! All the tiny crates share one target directory, so the tangle and pulldown-cmark are compiled
//! once; cargo's lock on that directory runs the builds one at a time.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tempfile::TempDir;

/// The workspace's build script and library root, used as they are, but for the library's names
/// that the root re-exports, which these small books do not define.
const BUILD_RS: &str = include_str!("../../../build.rs");
const LIB_RS: &str = include_str!("../../../src/lib.rs");
const LIBRARY_NAMES: &str = "// The library's names";

/// A crate in a temporary directory, built like the workspace's root crate.
struct MiniCrate {
    dir: TempDir,
}

impl MiniCrate {
    /// A crate named `name` with this book (paths inside `book/` and their text) and, when
    /// given, this `src/main.rs`.
    ///
    /// Each test needs its own name: cargo tells a workspace's root package apart from another
    /// by name and version, not path, so two `mini` crates would share their `OUT_DIR` in the
    /// shared target directory.
    fn new(name: &str, book: &[(&str, &str)], main_rs: Option<&str>) -> MiniCrate {
        let tangle_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let manifest = format!(
            "[package]\n\
             name = {name:?}\n\
             version = \"0.0.0\"\n\
             edition = \"2024\"\n\
             publish = false\n\
             \n\
             [workspace]\n\
             \n\
             [build-dependencies]\n\
             tangle = {{ path = {tangle_dir:?} }}\n",
            tangle_dir = tangle_dir.display().to_string()
        );
        let mini = MiniCrate { dir: tempfile::tempdir().unwrap() };
        mini.write("Cargo.toml", &manifest);
        mini.write("build.rs", BUILD_RS);
        mini.write("src/lib.rs", LIB_RS.split(LIBRARY_NAMES).next().unwrap());
        if let Some(main_rs) = main_rs {
            mini.write("src/main.rs", main_rs);
        }
        for (rel, text) in book {
            mini.write(&format!("book/{rel}"), text);
        }
        // The workspace's lock file pins the tangle's dependencies to the versions already built
        // and downloaded, so that the build needs no network.
        let lock = tangle_dir.join("../../Cargo.lock");
        if lock.is_file() {
            fs::copy(lock, mini.dir.path().join("Cargo.lock")).unwrap();
        }
        mini
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.dir.path().join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    /// Runs `cargo ARGS` in the crate.
    fn cargo(&self, args: &[&str]) -> Output {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        Command::new(cargo)
            .args(args)
            .arg("--offline")
            .current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", shared_target_dir())
            .env("CARGO_TERM_COLOR", "never")
            .env("RUST_BACKTRACE", "0")
            .output()
            .unwrap()
    }
}

/// The target directory all tiny crates share, under the workspace's.
fn shared_target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("tangle-e2e")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const SUMMARY: &str = "# Summary\n\n- [The grid](grid.md)\n";

#[test]
fn compiler_errors_name_the_chapter_line_and_column() {
    let chapter = "\
# The grid

Its size, with a hidden line first:

```rust
# #![allow(dead_code)]
pub const SIZE: usize = 9;
```

- A list item holding code, which keeps its column:

  ```rust,noplayground
  pub fn answer() -> u32 {
      \"forty-two\"
  }
  ```
";
    assert_eq!(chapter.lines().nth(13), Some("      \"forty-two\""));
    let mini = MiniCrate::new(
        "mini_compiler_error",
        &[("SUMMARY.md", SUMMARY), ("grid.md", chapter)],
        None,
    );
    let output = mini.cargo(&["build"]);
    let stderr = stderr(&output);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("error[E0308]"), "{stderr}");
    assert!(stderr.contains("grid.md.rs:14:7"), "{stderr}");
}

#[test]
fn panics_name_the_chapter_line() {
    let chapter = "\
# The grid

When the grid is impossible, the solver gives up:

```rust
/// Gives up.
pub fn give_up() {
    panic!(\"no solution\");
}
```
";
    let main_rs = "fn main() {\n    mini_panic::grid::give_up();\n}\n";
    let book = [("SUMMARY.md", SUMMARY), ("grid.md", chapter)];
    let mini = MiniCrate::new("mini_panic", &book, Some(main_rs));
    let output = mini.cargo(&["run", "--quiet"]);
    let stderr = stderr(&output);
    assert_eq!(output.status.code(), Some(101), "{stderr}");
    assert!(stderr.contains("grid.md.rs:8:5"), "{stderr}");
    assert!(stderr.contains("no solution"), "{stderr}");
}

#[test]
fn a_malformed_summary_fails_the_build_at_its_line() {
    let summary = "# Summary\n\n- [The grid](grid.md)\n- [Gone](gone.md)\n";
    let chapter = "# The grid\n\n```rust\npub struct Grid;\n```\n";
    let book = [("SUMMARY.md", summary), ("grid.md", chapter)];
    let mini = MiniCrate::new("mini_bad_summary", &book, None);
    let output = mini.cargo(&["build"]);
    let stderr = stderr(&output);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("book/SUMMARY.md:4: link to `gone.md`, but there is no such chapter file"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn an_unterminated_fence_fails_the_build_at_its_opening() {
    let chapter = "# The grid\n\nIts type:\n\n```rust\npub struct Grid;\n";
    let book = [("SUMMARY.md", SUMMARY), ("grid.md", chapter)];
    let mini = MiniCrate::new("mini_unclosed_fence", &book, None);
    let output = mini.cargo(&["build"]);
    let stderr = stderr(&output);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("book/grid.md:5: code fence opened here is never closed"), "{stderr}");
}
