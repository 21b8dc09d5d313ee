//! What the book's prose promises about itself, checked on every chapter of `book/SUMMARY.md`:
//! every Rust block follows a sentence that leads into it, every term of the introduction's
//! glossary is defined where the glossary says and used nowhere before, and each solver's name is
//! written once as a string in code.

use std::path::{Path, PathBuf};

fn book() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("book")
}

/// The chapters of `SUMMARY.md`, in reading order, as file names (`representation.md`).
fn chapters() -> Vec<String> {
    let summary = std::fs::read_to_string(book().join("SUMMARY.md")).unwrap();
    summary
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|target| target.ends_with(".md"))
        .map(str::to_string)
        .collect()
}

fn read(chapter: &str) -> String {
    std::fs::read_to_string(book().join(chapter)).unwrap()
}

/// Whether `line` opens or closes a fenced block, and the fence's info string.
fn fence(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    trimmed.starts_with("```").then(|| trimmed.trim_start_matches('`').trim())
}

/// The lines of `text` outside fenced blocks, with their line numbers (from 1), code spans
/// blanked out, and without the lines of directives (`{{#...}}`), which are not prose.
fn prose(text: &str) -> Vec<(usize, String)> {
    let mut inside = false;
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if fence(line).is_some() {
            inside = !inside;
            continue;
        }
        if inside || line.trim_start().starts_with("{{#") {
            continue;
        }
        let without_code: String = line
            .split('`')
            .enumerate()
            .map(|(k, part)| if k % 2 == 0 { part } else { " " })
            .collect();
        lines.push((n + 1, without_code));
    }
    lines
}

#[test]
fn every_rust_block_follows_a_lead_in_ending_in_a_colon() {
    let mut problems = Vec::new();
    for chapter in chapters() {
        let text = read(&chapter);
        let lines: Vec<&str> = text.lines().collect();
        let mut inside = false;
        for (n, line) in lines.iter().enumerate() {
            let Some(info) = fence(line) else { continue };
            if inside {
                inside = false;
                continue;
            }
            inside = true;
            if info.split(',').next() != Some("rust") {
                continue;
            }
            // The lead-in may come before the opening of a folded box of tests.
            let folding = |l: &str| l.starts_with("<details>") || l.starts_with("<summary>");
            let before = lines[..n].iter().rev().find(|l| !l.trim().is_empty() && !folding(l));
            if !before.is_some_and(|l| l.trim_end().ends_with(':') && fence(l).is_none()) {
                problems.push(format!("book/{chapter}:{}: no lead-in sentence", n + 1));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "Rust blocks without a sentence ending in `:` before them:\n{}",
        problems.join("\n")
    );
}

/// A row of the glossary: the terms it defines, and the chapter its link names.
struct Entry {
    terms: Vec<String>,
    chapter: String,
    line: usize,
}

/// The glossary: the table of the introduction whose first column links each term to the chapter
/// that defines it, `| [band, stack](representation.md) | ... |`.
fn glossary() -> Vec<Entry> {
    let text = read("introduction.md");
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("| [") else { continue };
        let (terms, rest) = rest.split_once("](").unwrap();
        let chapter = rest.split([')', '#']).next().unwrap().to_string();
        let terms = terms.split(", ").map(str::to_string).collect();
        entries.push(Entry { terms, chapter, line: n + 1 });
    }
    entries
}

/// The forms of a term that count as a use: the term and its plural.
fn forms(term: &str) -> Vec<String> {
    let plural = match term.strip_suffix('y') {
        Some(stem) => format!("{stem}ies"),
        None if term.ends_with(['s', 'x']) || term.ends_with("ch") => format!("{term}es"),
        None => format!("{term}s"),
    };
    vec![term.to_string(), plural]
}

/// Whether `line` holds `word` as a whole word (letters, digits, `-` and `_` around it end a word).
fn has_word(line: &str, word: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let case_matters = word.chars().all(|c| c.is_uppercase());
    let (line, word) = match case_matters {
        true => (line.to_string(), word.to_string()),
        false => (line.to_lowercase(), word.to_lowercase()),
    };
    line.match_indices(&word).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

/// Terms that are also everyday words, which the book uses in their everyday sense too: for these
/// only the place of the definition is checked.
const EVERYDAY: &[&str] = &["step", "link", "producer", "ladder"];

#[test]
fn the_glossary_links_each_term_to_its_definition_and_nothing_uses_it_before() {
    let order = chapters();
    let entries = glossary();
    let terms = entries.iter().map(|e| e.terms.len()).sum::<usize>();
    assert!(terms > 20, "the glossary of introduction.md has its rows");
    let mut problems = Vec::new();
    for entry in &entries {
        let at = format!("book/introduction.md:{}", entry.line);
        let Some(defined) = order.iter().position(|c| *c == entry.chapter) else {
            problems.push(format!("{at}: {} is not a chapter", entry.chapter));
            continue;
        };
        let text = read(&entry.chapter);
        for term in entry.terms.iter() {
            let marked = forms(term).iter().any(|form| {
                ["*", "**"].iter().any(|mark| has_mark(&text, &format!("{mark}{form}{mark}")))
            });
            if !marked {
                problems.push(format!(
                    "{at}: book/{} does not define `{term}` (in italics or bold)",
                    entry.chapter
                ));
            }
            if EVERYDAY.contains(&term.as_str()) {
                continue;
            }
            for chapter in &order[..defined] {
                if chapter == "introduction.md" {
                    continue;
                }
                let used = prose(&read(chapter))
                    .into_iter()
                    .find(|(_, line)| forms(term).iter().any(|form| has_word(line, form)));
                if let Some((n, _)) = used {
                    problems.push(format!(
                        "book/{chapter}:{n}: uses `{term}` before book/{} defines it",
                        entry.chapter
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Whether the prose of `text` holds `marked` (such as `*band*`), case aside.
fn has_mark(text: &str, marked: &str) -> bool {
    let marked = marked.to_lowercase();
    prose(text).iter().any(|(_, line)| line.to_lowercase().contains(&marked))
}

/// Every `"text"` string literal of `text` (escapes aside, which the solvers' names have none of).
fn string_literals(text: &str) -> Vec<String> {
    let mut literals = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        literals.push(after[..end].to_string());
        rest = &after[end + 1..];
    }
    literals
}

/// The Rust code of the program: the book's Rust blocks, `src/`, `benches/`, `examples/` (not the
/// tests, which name solvers to test them).
fn program_code() -> Vec<(String, String)> {
    let mut code = Vec::new();
    for chapter in chapters() {
        let text = read(&chapter);
        let blocks = tangle::rust_blocks(&text).unwrap();
        for block in blocks {
            let lines: Vec<&str> = block.lines.iter().map(|(l, _)| l.as_str()).collect();
            // A chapter's tests are `#[cfg(test)]` blocks, which name solvers to test them.
            if !lines.iter().any(|l| l.trim() == "#[cfg(test)]") {
                code.push((format!("book/{chapter}:{}", block.fence_line), lines.join("\n")));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["src", "benches", "examples"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                let name = path.strip_prefix(root).unwrap().display().to_string();
                code.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    code
}

#[test]
fn each_solvers_name_is_written_nowhere_in_the_program_as_a_string() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku")).arg("solvers").output();
    let out = out.expect("the sudoku binary runs");
    let listed = String::from_utf8(out.stdout).unwrap();
    let names: Vec<String> = listed
        .lines()
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            row["name"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(names.len() >= 6, "`sudoku solvers` lists the book's solvers: {names:?}");
    let mut problems = Vec::new();
    for (file, code) in program_code() {
        for literal in string_literals(&code) {
            if names.contains(&literal) {
                problems.push(format!("{file}: \"{literal}\""));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "solver names are clap's, from `SolverName`'s variants; these strings repeat them:\n{}",
        problems.join("\n")
    );
}

#[test]
fn no_chapter_keeps_state_in_a_thread_local() {
    // What a run keeps belongs to a value handed down (the `Rater` of `book/techniques.md`).
    let mut problems = Vec::new();
    for chapter in chapters() {
        for block in tangle::rust_blocks(&read(&chapter)).unwrap() {
            if block.lines.iter().any(|(line, _)| line.contains("thread_local!")) {
                problems.push(format!("book/{chapter}:{}", block.fence_line));
            }
        }
    }
    assert!(problems.is_empty(), "thread-locals in the book:\n{}", problems.join("\n"));
}
