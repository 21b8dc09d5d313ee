//! The weave end to end, on a small book and a fake `sudoku` (a shell script that logs its
//! calls), so it runs without the real binary.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const FAKE_SUDOKU: &str = r#"#!/bin/sh
echo "$*" >> "$(dirname "$0")/calls.log"
case "$*" in
  solvers)
    echo '{"name":"naive","original":true,"slow":true}'
    echo '{"name":"mrv","original":true,"slow":true}'
    echo '{"name":"dlx","original":false,"slow":true}' ;;
  *slow*) exec sleep 5 ;;
  *"--stats --count=2 two.txt")
    echo '{"index":0,"status":"unique","guesses":1,"nodes":2}'
    echo '{"index":1,"status":"no_solution","guesses":12000,"nodes":40000}'
    exit 1 ;;
  *"--stats"*"unreadable") echo '{"index":0,"status":"invalid"}'; exit 1 ;;
  *"--stats"*) echo '{"index":0,"status":"solved","guesses":172,"nodes":2081,"micros":9}' ;;
  *"--format json hard") echo '{"index":0,"status":"unique"}' ;;
  *"--format json"*) echo '{"index":0,"status":"unique","micros":1250}' ;;
  bad.txt) echo "sudoku: bad.txt:3:7: unexpected character 'x'" >&2; exit 1 ;;
  *) printf '\nGrid:\n1 2 3\n\nSolution 1:\n4 5 6\n'; echo "note on stderr" >&2 ;;
esac
"#;

const BOOK_TOML: &str = r#"[book]
title = "Fake"
src = "book"

[build]
build-dir = "out"
create-missing = false

# Must never run: the in-process weave takes its place.
[preprocessor.weave]
command = "/nonexistent/weave preprocessor"
before = ["links"]

[output.html]
hash-files = false

[output.html.search]
enable = true
"#;

const CHAPTER: &str = r#"# Example

Solving:

{{#sudoku easy}}

Escaped: `\{{#sudoku easy}}`.

Failing on purpose:

{{#sudoku! bad.txt}}

Timings:

{{#timings easy hard slow solvers=original runs=3 limit=0.5 reference=0.24,-,1.5 reference-label=Haskell}}

{{#machine}}

```rust,ignore
{{#include ../code.rs:part}}
```
"#;

struct Book {
    _dir: tempfile::TempDir,
    root: PathBuf,
}

impl Book {
    fn new(chapter: &str) -> Book {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        fs::create_dir(root.join("book")).unwrap();
        fs::write(root.join("book.toml"), BOOK_TOML).unwrap();
        fs::write(root.join("book/SUMMARY.md"), "# Summary\n\n[Example](example.md)\n").unwrap();
        fs::write(root.join("book/example.md"), chapter).unwrap();
        let code = "fn hidden() {}\n// ANCHOR: part\nfn shown() {}\n// ANCHOR_END: part\n";
        fs::write(root.join("code.rs"), code).unwrap();
        let sudoku = root.join("sudoku");
        fs::write(&sudoku, FAKE_SUDOKU).unwrap();
        fs::set_permissions(&sudoku, fs::Permissions::from_mode(0o755)).unwrap();
        Book { _dir: dir, root }
    }

    fn weave(&self, extra: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_weave"))
            .arg("--root")
            .arg(&self.root)
            .arg("--sudoku")
            .arg(self.root.join("sudoku"))
            .args(extra)
            .env_remove("WEAVE_SUDOKU")
            .output()
            .unwrap()
    }

    fn calls(&self) -> usize {
        let log = fs::read_to_string(self.root.join("calls.log")).unwrap_or_default();
        log.lines().count()
    }

    fn page(&self) -> String {
        fs::read_to_string(self.root.join("out/example.html")).unwrap()
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn weaves_renders_and_caches() {
    let book = Book::new(CHAPTER);
    let out = book.weave(&[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = book.page();

    // {{#sudoku}}: the transcript, stderr included.
    assert!(page.contains("$ sudoku easy"), "{page}");
    assert!(page.contains("Solution 1:") && page.contains("note on stderr"));
    // {{#sudoku!}}: the error message and the status.
    assert!(page.contains("unexpected character"));
    assert!(page.contains("[exit status 1]"));
    // The escape: shown literally, its backslash removed by mdBook.
    assert!(page.contains("<code>{{#sudoku easy}}</code>"), "{page}");
    assert!(!page.contains("\\{{#"));
    // {{#timings}}: micros, the wall-time fallback, the time limit, the reference column.
    assert!(page.contains(">naive</th>") && page.contains("Haskell"));
    assert!(page.contains("1.25 ms"));
    assert!(page.contains("(wall)"));
    assert!(page.contains("&gt; 0.5 s"));
    assert!(page.contains("240 ms"));
    assert!(page.contains("median of 3 runs"));
    // {{#machine}} and mdBook's own include, after the weave.
    assert!(page.contains("Machine: <code>") && page.contains("cores)"));
    assert!(page.contains("fn shown()") && !page.contains("fn hidden()"));

    // 1 + 1 + `sudoku solvers` + (2 solvers x 2 grids x 3 runs) + 2 slow runs killed at once.
    let first = book.calls();
    assert_eq!(first, 1 + 1 + 1 + 12 + 2);

    let again = book.weave(&[]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(book.calls(), first, "a second build must run nothing");
    assert!(stderr(&again).contains("0 directives run, 4 from the cache"));

    let fresh = book.weave(&["--fresh"]);
    assert!(fresh.status.success(), "{}", stderr(&fresh));
    assert_eq!(book.calls(), 2 * first);
}

#[test]
fn stats_tables_count_guesses_and_nodes() {
    let chapter = "# Work\n\n{{#stats easy slow solvers=naive,dlx limit=0.5}}\n\n\
                   {{#stats two.txt solvers=mrv count=2}}\n";
    let book = Book::new(chapter);
    let out = book.weave(&[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = book.page();
    assert!(page.contains(">naive</th>") && page.contains(">dlx</th>"), "{page}");
    assert!(page.contains("<div class=\"weave-counts\">"), "{page}");
    assert!(page.contains("<td style=\"text-align: right\">172\u{a0}/\u{a0}2081</td>"), "{page}");
    assert!(page.contains(">—</td>"));
    assert!(page.contains("marks a run stopped after 0.5 s on <code>"));
    // A file of two puzzles, one without a solution (exit 1): both counted, summed.
    assert!(page.contains("12,001\u{a0}/\u{a0}40,002"), "{page}");
    assert!(page.contains("counting solutions up to 2"));
    assert!(page.contains("summed over the puzzles of a file"));
    let log = fs::read_to_string(book.root.join("calls.log")).unwrap();
    assert!(log.contains("--solver naive --format json --stats easy\n"), "{log}");
    assert!(log.contains("--solver mrv --format json --stats --count=2 two.txt\n"), "{log}");
    // Five runs, and `sudoku solvers` once for each table.
    assert_eq!(book.calls(), 7);

    let bad = Book::new("# Bad\n\n{{#stats easy}}\n\n{{#stats unreadable solvers=mrv}}\n");
    let out = bad.weave(&[]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("example.md:3: {{#stats easy}}: name the solvers to compare"), "{err}");
    assert!(err.contains("example.md:5:") && err.contains("without `guesses` and `nodes`"));
}

#[test]
fn failures_name_the_chapter_and_line() {
    let chapter =
        "# Bad\n\nText.\n\n{{#sudoku bad.txt}}\n\n{{#sudoku! easy}}\n\n{{#sudokus easy}}\n";
    let book = Book::new(chapter);
    let out = book.weave(&[]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains(
            "book/example.md:5: {{#sudoku bad.txt}}: `sudoku bad.txt` failed (exit status 1)"
        ),
        "{err}"
    );
    assert!(err.contains("unexpected character"), "{err}");
    assert!(err.contains("book/example.md:7: {{#sudoku! easy}}: expected `sudoku easy` to fail"));
    assert!(err.contains("book/example.md:9: unknown directive `{{#sudokus`"));
    assert!(!book.root.join("out/example.html").exists());
}

#[test]
fn speaks_the_preprocessor_protocol() {
    let book = Book::new("# Example\n\n{{#sudoku easy}}\n\n\\{{#machine}}\n");
    let supports = Command::new(env!("CARGO_BIN_EXE_weave"))
        .args(["preprocessor", "supports", "html"])
        .status()
        .unwrap();
    assert!(supports.success());

    let md = mdbook_driver::MDBook::load(&book.root).unwrap();
    let ctx = mdbook_preprocessor::PreprocessorContext::new(
        book.root.clone(),
        md.config.clone(),
        "html".to_string(),
    );
    let input = serde_json::to_vec(&(&ctx, &md.book)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_weave"))
        .arg("preprocessor")
        .env("WEAVE_SUDOKU", book.root.join("sudoku"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let woven: mdbook_preprocessor::book::Book = serde_json::from_slice(&out.stdout).unwrap();
    let chapter = woven
        .iter()
        .find_map(|item| match item {
            mdbook_preprocessor::book::BookItem::Chapter(ch) => Some(ch.content.clone()),
            _ => None,
        })
        .unwrap();
    assert!(chapter.contains("```console\n$ sudoku easy\n"), "{chapter}");
    assert!(chapter.contains("\\{{#machine}}"));
}
