//! The tangle's rules, one test each, on small books in temporary directories.

use std::fs;
use std::path::{Path, PathBuf};

use tangle::{Error, Tangled, tangle};
use tempfile::TempDir;

/// A book in `dir/book`, tangled into `dir/out`.
struct Book {
    dir: TempDir,
}

impl Book {
    /// A book of these files, each a path inside `book/` and its text.
    fn new(files: &[(&str, &str)]) -> Book {
        let book = Book { dir: tempfile::tempdir().unwrap() };
        for (rel, text) in files {
            book.write(rel, text);
        }
        book
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.dir.path().join("book").join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    fn remove(&self, rel: &str) {
        fs::remove_file(self.dir.path().join("book").join(rel)).unwrap();
    }

    fn out_dir(&self) -> PathBuf {
        self.dir.path().join("out")
    }

    fn tangle(&self) -> Result<Tangled, Error> {
        tangle(&self.dir.path().join("book"), &self.out_dir())
    }

    /// The errors of tangling this book, with file names as `book/...`.
    fn errors(&self) -> String {
        let error = self.tangle().expect_err("the book should not tangle");
        let prefix = format!("{}/", self.dir.path().display());
        error.to_string().replace(&prefix, "")
    }

    /// The text of a generated file, a path inside the output directory.
    fn out(&self, rel: &str) -> String {
        fs::read_to_string(self.out_dir().join(rel)).unwrap()
    }
}

fn names(tangled: &Tangled) -> Vec<&str> {
    tangled.modules.iter().map(|m| m.name.as_str()).collect()
}

const GRID: &str = "# Grid\n\nA grid:\n\n```rust\npub struct Grid;\n```\n";

#[test]
fn modules_follow_summary_order_not_directory_order() {
    let book = Book::new(&[
        ("SUMMARY.md", "# Summary\n\n- [Zeta](zeta.md)\n- [Alpha](alpha.md)\n"),
        ("alpha.md", GRID),
        ("zeta.md", GRID),
    ]);
    let tangled = book.tangle().unwrap();
    assert_eq!(names(&tangled), ["zeta", "alpha"]);
    let lib = book.out("lib.rs");
    let zeta = lib.find("pub mod zeta;").unwrap();
    let alpha = lib.find("pub mod alpha;").unwrap();
    assert!(zeta < alpha, "{lib}");
}

#[test]
fn draft_links_are_skipped() {
    let book = Book::new(&[("SUMMARY.md", "- [Grid](grid.md)\n- [Later]()\n"), ("grid.md", GRID)]);
    assert_eq!(names(&book.tangle().unwrap()), ["grid"]);
}

#[test]
fn summary_link_to_no_file_is_an_error_at_its_line() {
    let book = Book::new(&[
        ("SUMMARY.md", "# Summary\n\n- [Grid](grid.md)\n- [Gone](gone.md)\n"),
        ("grid.md", GRID),
    ]);
    assert_eq!(
        book.errors(),
        "book/SUMMARY.md:4: link to `gone.md`, but there is no such chapter file"
    );
}

#[test]
fn summary_links_outside_the_book_or_not_markdown_are_errors() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Up](../x.md)\n- [Web](https://example.com/x.md)\n- [Text](notes.txt)\n"),
        ("notes.txt", "notes"),
    ]);
    assert_eq!(
        book.errors(),
        "book/SUMMARY.md:1: link to `../x.md`, outside the book: chapters are files in the book directory\n\
         book/SUMMARY.md:2: link to `https://example.com/x.md`, outside the book: chapters are files in the book directory\n\
         book/SUMMARY.md:3: link to `notes.txt`, which is not a Markdown chapter (*.md)"
    );
}

#[test]
fn a_chapter_listed_twice_is_an_error() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Grid](grid.md)\n- [Again](./grid.md#top)\n"),
        ("grid.md", GRID),
    ]);
    assert_eq!(book.errors(), "book/SUMMARY.md:2: chapter already listed at line 1");
}

#[test]
fn missing_summary_is_an_error() {
    let book = Book::new(&[("grid.md", GRID)]);
    let errors = book.errors();
    assert!(errors.starts_with("book/SUMMARY.md:1: cannot read this file: "), "{errors}");
}

#[test]
fn a_chapter_missing_from_summary_is_an_error() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Grid](grid.md)\n"),
        ("grid.md", GRID),
        ("x.md", "# Forgotten\n"),
        ("deep/y.md", "# Forgotten too\n"),
        (".hidden/z.md", "# Not part of the book\n"),
        ("notes.txt", "Not a chapter\n"),
    ]);
    assert_eq!(
        book.errors(),
        "book/deep/y.md:1: chapter is not listed in book/SUMMARY.md\n\
         book/x.md:1: chapter is not listed in book/SUMMARY.md"
    );
}

#[test]
fn chapters_may_live_in_subdirectories() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Grid](grid.md)\n  - [Dancing links](solvers/dancing-links.md)\n"),
        ("grid.md", GRID),
        ("solvers/dancing-links.md", GRID),
    ]);
    let tangled = book.tangle().unwrap();
    assert_eq!(names(&tangled), ["grid", "dancing_links"]);
    let module = &tangled.modules[1];
    assert_eq!(module.title, "Dancing links");
    assert_eq!(module.chapter, book.dir.path().join("book/solvers/dancing-links.md"));
    assert_eq!(module.file, book.out_dir().join("book/solvers/dancing-links.md.rs"));
    assert!(module.file.is_file());
}

#[test]
fn chapters_without_tangled_code_give_no_module() {
    let book = Book::new(&[
        ("SUMMARY.md", "[Intro](01-intro.md)\n- [Grid](grid.md)\n- [Match](match.md)\n"),
        ("01-intro.md", "# Intro\n\n```console\n$ sudoku easy\n```\n"),
        ("grid.md", GRID),
        ("match.md", "# Shown only\n\n```rust,ignore\nfn f() {}\n```\n"),
    ]);
    let tangled = book.tangle().unwrap();
    assert_eq!(names(&tangled), ["grid"]);
    assert!(!book.out_dir().join("book/01-intro.md.rs").exists());
}

#[test]
fn a_module_name_must_be_an_identifier() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Intro](01-intro.md)\n- [Match](match.md)\n"),
        ("01-intro.md", GRID),
        ("match.md", GRID),
    ]);
    assert_eq!(
        book.errors(),
        "book/01-intro.md:1: this chapter's code would be module `01_intro`, which is not a Rust \
         identifier (ASCII letters, digits and `_`, not starting with a digit): rename the chapter\n\
         book/match.md:1: this chapter's code would be module `match`, a Rust keyword: rename the chapter"
    );
}

#[test]
fn two_chapters_with_one_module_name_are_an_error() {
    let book = Book::new(&[
        (
            "SUMMARY.md",
            "- [A](naked-singles.md)\n- [B](naked_singles.md)\n- [C](solvers/naked-singles.md)\n",
        ),
        ("naked-singles.md", GRID),
        ("naked_singles.md", GRID),
        ("solvers/naked-singles.md", GRID),
    ]);
    assert_eq!(
        book.errors(),
        "book/naked_singles.md:1: this chapter's code would be module `naked_singles`, already \
         tangled from book/naked-singles.md: rename one of them\n\
         book/solvers/naked-singles.md:1: this chapter's code would be module `naked_singles`, \
         already tangled from book/naked-singles.md: rename one of them"
    );
}

#[test]
fn only_rust_blocks_not_ignored_are_tangled() {
    let chapter = "\
# Which blocks

```rust
fn plain() {}
```

```rust,noplayground,hidelines=!!!
fn attributes() {}
```

```rust should_panic
fn spaced() {}
```

```rust,ignore
fn ignored() {}
```

```text
fn text() {}
```

```console
$ fn console
```

    fn indented() {}

```
fn no_language() {}
```
";
    let book = Book::new(&[("SUMMARY.md", "- [Which](which.md)\n"), ("which.md", chapter)]);
    book.tangle().unwrap();
    let module = book.out("book/which.md.rs");
    let code: Vec<&str> = module.lines().skip(1).filter(|l| !l.is_empty()).collect();
    assert_eq!(code, ["fn plain() {}", "fn attributes() {}", "fn spaced() {}"]);
}

#[test]
fn hidden_lines_are_tangled_without_their_hash() {
    let chapter = "\
# Hidden

```rust
# use std::fmt;
#[derive(Debug)]
pub struct Grid;
#
impl Grid {
    # fn hidden() {}
    ## not hidden
}
```
";
    let book = Book::new(&[("SUMMARY.md", "- [Hidden](hidden.md)\n"), ("hidden.md", chapter)]);
    book.tangle().unwrap();
    let module = book.out("book/hidden.md.rs");
    let lines: Vec<&str> = module.lines().collect();
    assert_eq!(
        lines[3..11],
        [
            "use std::fmt;",
            "#[derive(Debug)]",
            "pub struct Grid;",
            "",
            "impl Grid {",
            "    fn hidden() {}",
            "    # not hidden",
            "}",
        ]
    );
}

#[test]
fn module_files_keep_every_line_of_their_chapter() {
    let chapter = "\
# Grid

The grid, with `Grid` defined:

```rust
pub struct Grid;
```

Some words, then a quote:

> ```rust
> pub fn quoted() -> u8 {
>     1
> }
> ```

- In a list:

  ```rust,noplayground
  pub fn listed() {}
  ```

The end, without a final newline.";
    let book = Book::new(&[("SUMMARY.md", "- [Grid](grid.md)\n"), ("grid.md", chapter)]);
    book.tangle().unwrap();
    let module = book.out("book/grid.md.rs");
    let lines: Vec<&str> = module.lines().collect();
    assert_eq!(lines.len(), chapter.lines().count());
    assert_eq!(
        lines[0],
        "// tangled from book/grid.md by tools/tangle: edit the chapter, not this file"
            .replace("book/", &format!("{}/book/", book.dir.path().display()))
    );
    let expected = [
        (6, "pub struct Grid;"),
        (12, "  pub fn quoted() -> u8 {"),
        (13, "      1"),
        (14, "  }"),
        (20, "  pub fn listed() {}"),
    ];
    for (number, line) in lines.iter().enumerate().skip(1) {
        let number = number + 1;
        let want = expected.iter().find(|(n, _)| *n == number).map_or("", |(_, l)| l);
        assert_eq!(*line, want, "line {number}");
        // Code keeps its column too.
        if !want.is_empty() {
            let source = chapter.lines().nth(number - 1).unwrap();
            assert_eq!(source.find(want.trim()), line.find(want.trim()), "line {number}");
        }
    }
}

#[test]
fn an_unterminated_fence_is_an_error_at_its_opening() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Grid](grid.md)\n- [Listed](listed.md)\n"),
        ("grid.md", "# Grid\n\n```rust\nfn a() {}\n```\n\nMore:\n\n```text\nnever closed\n"),
        ("listed.md", "# Listed\n\n- item\n\n  ~~~~rust\n  fn b() {}\n  ~~~\n\nafter the list\n"),
    ]);
    assert_eq!(
        book.errors(),
        "book/grid.md:9: code fence opened here is never closed\n\
         book/listed.md:5: code fence opened here is never closed"
    );
}

#[test]
fn includes_in_tangled_blocks_are_errors() {
    let chapter = "# Appendix\n\n```rust\n{{#include ../src/x.rs:anchor}}\n```\n\n\
                   ```rust,ignore\n{{#include ../src/x.rs:anchor}}\n```\n";
    let book =
        Book::new(&[("SUMMARY.md", "- [Appendix](appendix.md)\n"), ("appendix.md", chapter)]);
    assert_eq!(
        book.errors(),
        "book/appendix.md:4: mdBook include in a tangled block would reach the compiler as is: \
         mark the block `rust,ignore` to only show it"
    );
}

#[test]
fn lib_rs_declares_each_module_with_its_title_and_absolute_path() {
    let book =
        Book::new(&[("SUMMARY.md", "- [The \"Grid\" \\ `type`](grid.md)\n"), ("grid.md", GRID)]);
    let tangled = book.tangle().unwrap();
    let lib = book.out("lib.rs");
    let file = book.out_dir().join("book/grid.md.rs");
    assert!(file.is_absolute());
    let book_dir = book.dir.path().join("book");
    let doc = format!("Chapter \"The \"Grid\" \\ type\" ({}/grid.md).", book_dir.display());
    let expected =
        format!("#[doc = {doc:?}]\n#[path = {:?}]\npub mod grid;\n", file.display().to_string());
    assert!(lib.ends_with(&expected), "{lib}\nshould end with\n{expected}");
    assert!(lib.contains(r#"Chapter \"The \"Grid\" \\ type\""#), "{lib}");
    assert_eq!(tangled.lib_rs, book.out_dir().join("lib.rs"));
}

#[cfg(unix)]
#[test]
fn relative_out_dirs_give_absolute_paths() {
    let book = Book::new(&[("SUMMARY.md", "- [Grid](grid.md)\n"), ("grid.md", GRID)]);
    // The temporary output directory, as a path relative to the current one.
    let current = std::env::current_dir().unwrap();
    let up: PathBuf = current.components().skip(1).map(|_| "..").collect();
    let relative = up.join(book.out_dir().strip_prefix("/").unwrap());
    assert!(relative.is_relative());
    let tangled = tangle(&book.dir.path().join("book"), &relative).unwrap();
    assert!(tangled.modules[0].file.is_absolute());
    assert!(tangled.lib_rs.is_absolute());
    assert!(book.out_dir().join("book/grid.md.rs").is_file());
}

#[test]
fn files_are_rewritten_only_when_they_change() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Grid](grid.md)\n- [Cells](cells.md)\n"),
        ("grid.md", GRID),
        ("cells.md", GRID),
    ]);
    let first = book.tangle().unwrap();
    assert!(first.lib_rs_changed);
    assert!(first.modules.iter().all(|m| m.changed));
    let modified = |path: &Path| fs::metadata(path).unwrap().modified().unwrap();
    let before = modified(&first.modules[0].file);

    let again = book.tangle().unwrap();
    assert!(!again.lib_rs_changed);
    assert!(again.modules.iter().all(|m| !m.changed));
    assert_eq!(modified(&again.modules[0].file), before);

    book.write("cells.md", &GRID.replace("Grid", "Cells"));
    let edited = book.tangle().unwrap();
    let changed: Vec<bool> = edited.modules.iter().map(|m| m.changed).collect();
    assert_eq!(changed, [false, true]);
    assert!(!edited.lib_rs_changed);
}

#[test]
fn module_files_of_removed_chapters_are_deleted() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Grid](grid.md)\n- [Old](old/cells.md)\n"),
        ("grid.md", GRID),
        ("old/cells.md", GRID),
    ]);
    book.tangle().unwrap();
    let old = book.out_dir().join("book/old/cells.md.rs");
    assert!(old.is_file());

    book.write("SUMMARY.md", "- [Grid](grid.md)\n");
    book.remove("old/cells.md");
    let tangled = book.tangle().unwrap();
    assert_eq!(tangled.removed, std::slice::from_ref(&old));
    assert!(!old.exists());
    assert!(!book.out_dir().join("book/old").exists());
    assert!(tangled.lib_rs_changed);
    assert!(!book.out("lib.rs").contains("cells"));
}

#[test]
fn errors_write_nothing() {
    let book =
        Book::new(&[("SUMMARY.md", "- [Grid](grid.md)\n"), ("grid.md", "```rust\nfn a() {}\n")]);
    assert!(book.tangle().is_err());
    assert!(!book.out_dir().exists());
}

#[test]
fn every_problem_is_reported_at_once() {
    let book = Book::new(&[
        ("SUMMARY.md", "- [Grid](grid.md)\n- [Gone](gone.md)\n"),
        ("grid.md", "# Grid\n\n```rust\nfn a() {}\n"),
        ("stray.md", "# Stray\n"),
    ]);
    let error = book.tangle().unwrap_err();
    assert_eq!(error.problems().len(), 3);
    let lines: Vec<(Option<usize>, String)> = error
        .problems()
        .iter()
        .map(|p| (p.line(), p.file().rsplit('/').next().unwrap().to_owned()))
        .collect();
    assert_eq!(
        lines,
        [
            (Some(2), "SUMMARY.md".to_owned()),
            (Some(1), "stray.md".to_owned()),
            (Some(3), "grid.md".to_owned()),
        ]
    );
    assert!(matches!(error.problems()[2].kind(), tangle::ErrorKind::UnterminatedFence));
    assert_eq!(book.errors().lines().count(), 3);
}

#[test]
fn crlf_chapters_tangle_line_for_line() {
    let chapter = "# Grid\r\n\r\n```rust\r\npub struct Grid;\r\n\r\npub struct Cell;\r\n```\r\n";
    let book = Book::new(&[("SUMMARY.md", "- [Grid](grid.md)\r\n"), ("grid.md", chapter)]);
    book.tangle().unwrap();
    let module = book.out("book/grid.md.rs");
    let lines: Vec<&str> = module.lines().collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[3..6], ["pub struct Grid;", "", "pub struct Cell;"]);
}
