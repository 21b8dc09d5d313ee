//! The weave end to end, on a small book, a fake `sudoku` and fake programs (shell scripts that
//! log their calls), so it runs without the real binary or cargo.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const FAKE_SUDOKU: &str = r#"#!/bin/sh
echo "$*" >> "$(dirname "$0")/calls.log"
case "$*" in
  bad.txt) echo "sudoku: bad.txt:3:7: unexpected character 'x'" >&2; exit 1 ;;
  *) printf '\nGrid:\n1 2 3\n\nSolution 1:\n4 5 6\n'; echo "note on stderr" >&2 ;;
esac
"#;

/// A program that measures: a table of its words, and whether the build measures afresh.
const FAKE_TABLE: &str = r#"#!/bin/sh
echo "table $*" >> "$(dirname "$0")/../calls.log"
shift
echo "| words | fresh |"
echo "| :--- | ---: |"
echo "| $* | ${WEAVE_FRESH:-no} |"
"#;

/// A program with nothing to show here: its note, exit 3.
const FAKE_NOTE: &str = r#"#!/bin/sh
echo "note $*" >> "$(dirname "$0")/../calls.log"
echo "> **No data:** put the file there."
exit 3
"#;

/// A program that draws: HTML.
const FAKE_BOARD: &str = r#"#!/bin/sh
echo "board $*" >> "$(dirname "$0")/../calls.log"
[ "$2" = "fail" ] && { echo "no such step" >&2; exit 1; }
echo "<figure class=\"board\">$2</figure>"
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

{{#run easy}}

Escaped: `\{{#run easy}}`.

Failing on purpose:

{{#run! bad.txt}}

Measured:

{{#measure table easy "two words"}}

A board:

{{#example board x-wing}}

No data:

{{#example note}}

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
        fs::create_dir(root.join("programs")).unwrap();
        for (name, script) in [("table", FAKE_TABLE), ("note", FAKE_NOTE), ("board", FAKE_BOARD)] {
            let path = root.join("programs").join(name);
            fs::write(&path, script).unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        }
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
            .env_remove("WEAVE_FRESH")
            .env("WEAVE_PROGRAMS", self.root.join("programs"))
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

    // {{#run}}: the transcript, stderr included.
    assert!(page.contains("$ sudoku easy"), "{page}");
    assert!(page.contains("Solution 1:") && page.contains("note on stderr"));
    // {{#run!}}: the error message and the status.
    assert!(page.contains("unexpected character"));
    assert!(page.contains("[exit status 1]"));
    // The escape: shown literally, its backslash removed by mdBook.
    assert!(page.contains("<code>{{#run easy}}</code>"), "{page}");
    assert!(!page.contains("\\{{#"));
    // {{#measure}}: the program's table, headed by where and when, frozen under its name.
    assert!(page.contains(">easy two words</td>"), "{page}");
    assert!(page.contains("Measured on <code>"), "{page}");
    let frozen: Vec<String> = fs::read_dir(book.root.join("book/results"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(frozen.iter().any(|f| f.starts_with("table-")), "{frozen:?}");
    // {{#example}}: the program's HTML; a note when it has nothing to show.
    assert!(page.contains("<figure class=\"board\">x-wing</figure>"), "{page}");
    assert!(page.contains("<strong>No data:</strong>"), "{page}");
    // {{#machine}} and mdBook's own include, after the weave.
    assert!(page.contains("Machine: <code>") && page.contains("cores)"));
    assert!(page.contains("fn shown()") && !page.contains("fn hidden()"));

    // Two runs of the binary and the three programs.
    let first = book.calls();
    assert_eq!(first, 2 + 3);

    // The board and the transcripts from the cache, the table from the store; the note again,
    // since a note is kept nowhere.
    let again = book.weave(&[]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(book.calls(), first + 1, "a second build runs only the note");
    assert!(stderr(&again).contains("0 directives run, 5 from the cache"), "{}", stderr(&again));

    // --fresh runs everything again, and tells the programs so.
    let fresh = book.weave(&["--fresh"]);
    assert!(fresh.status.success(), "{}", stderr(&fresh));
    assert_eq!(book.calls(), 2 * first + 1);
    let page = book.page();
    assert!(page.contains(">easy two words</td>") && page.contains(">1</td>"), "{page}");
}

#[test]
fn programs_fail_the_build_with_their_message() {
    let chapter = "# Bad\n\n{{#example board fail}}\n\n{{#example nowhere}}\n\n{{#measure}}\n";
    let book = Book::new(chapter);
    let out = book.weave(&[]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("example.md:3: {{#example board fail}}: the program `board` failed (exit status 1): no such step"),
        "{err}"
    );
    assert!(err.contains("example.md:5:") && err.contains("no program `nowhere`"), "{err}");
    assert!(
        err.contains("example.md:7:") && err.contains("needs the name of the program"),
        "{err}"
    );
}

#[test]
fn failures_name_the_chapter_and_line() {
    let chapter = "# Bad\n\nText.\n\n{{#run bad.txt}}\n\n{{#run! easy}}\n\n{{#sudoku easy}}\n";
    let book = Book::new(chapter);
    let out = book.weave(&[]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains(
            "book/example.md:5: {{#run bad.txt}}: `sudoku bad.txt` failed (exit status 1)"
        ),
        "{err}"
    );
    assert!(err.contains("unexpected character"), "{err}");
    assert!(err.contains("book/example.md:7: {{#run! easy}}: expected `sudoku easy` to fail"));
    assert!(err.contains("book/example.md:9: unknown directive `{{#sudoku`"));
    assert!(!book.root.join("out/example.html").exists());
}

#[test]
fn speaks_the_preprocessor_protocol() {
    let book = Book::new("# Example\n\n{{#run easy}}\n\n\\{{#machine}}\n");
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
