//! The book is read in the order of `book/SUMMARY.md`, and its code is built in that order too: no
//! chapter's code names the module of a later chapter (the style guide's rule of thumb 8: where
//! two chapters need each other, the shared part moves down into the earlier one). Checked on
//! every `crate::` path of the tangled code, hidden lines and test modules included: `crate::a`,
//! `crate::a::b` inline, and each member of a group, `use crate::{a, b::c}`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Forward references allowed, as (chapter's module, later module it names): none. The list stays
/// as the place to argue an exception; the test fails on every forward reference not here and on
/// every pair here that no longer occurs.
const ALLOWED_FORWARD: &[(&str, &str)] = &[];

/// The chapters of `SUMMARY.md` that hold Rust code, in reading order, as (module, chapter, the
/// code of its tangled blocks, unhidden).
fn modules() -> Vec<(String, String, String)> {
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("book");
    let summary = std::fs::read_to_string(book.join("SUMMARY.md")).unwrap();
    let chapters = summary
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|target| target.ends_with(".md"));
    let mut modules = Vec::new();
    for chapter in chapters {
        let text = std::fs::read_to_string(book.join(chapter)).unwrap();
        let blocks = tangle::rust_blocks(&text).unwrap();
        if blocks.is_empty() {
            continue;
        }
        let lines = blocks.iter().flat_map(|b| b.lines.iter().map(|(line, _)| line.as_str()));
        let code = lines.collect::<Vec<_>>().join("\n");
        let module = chapter.trim_end_matches(".md").replace('-', "_");
        modules.push((module, chapter.to_string(), code));
    }
    modules
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The first segment of each `crate::` path in `code`: `a` for `crate::a::b`, and `a`, `b` for
/// `crate::{a::x, b}` (a group may span lines and nest).
fn named_modules(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        // `$crate::` and `foo_crate::` are other paths.
        if code[..at].chars().next_back().is_some_and(|c| is_ident(c) || c == '$') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        let Some(group) = rest.strip_prefix('{') else {
            names.insert(rest.chars().take_while(|&c| is_ident(c)).collect());
            continue;
        };
        let (mut depth, mut item) = (1, String::new());
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 || (depth == 1 && c == ',') {
                let first: String =
                    item.trim_start().chars().take_while(|&c| is_ident(c)).collect();
                names.insert(first);
                item.clear();
                if depth == 0 {
                    break;
                }
            } else {
                item.push(c);
            }
        }
    }
    names.remove("");
    names
}

#[test]
fn paths_are_read_as_the_compiler_does() {
    let code =
        "use crate::{a, b::{X, Y},\n    c::d};\n# let x = crate::e::f(); $crate::g; my_crate::h";
    let names: Vec<String> = named_modules(code).into_iter().collect();
    assert_eq!(names, ["a", "b", "c", "e"]);
}

#[test]
fn no_chapter_names_the_module_of_a_later_chapter() {
    let modules = modules();
    assert!(modules.len() > 20, "SUMMARY.md lists the chapters");
    let place: BTreeMap<&str, usize> =
        modules.iter().enumerate().map(|(k, (module, ..))| (module.as_str(), k)).collect();
    let mut found = BTreeSet::new();
    let mut problems = Vec::new();
    for (k, (module, chapter, code)) in modules.iter().enumerate() {
        for name in named_modules(code) {
            let Some(&later) = place.get(name.as_str()).filter(|&&p| p > k) else { continue };
            found.insert((module.clone(), name.clone()));
            if !ALLOWED_FORWARD.contains(&(module.as_str(), name.as_str())) {
                let (_, other, _) = &modules[later];
                problems.push(format!("book/{chapter} names `crate::{name}`, book/{other}"));
            }
        }
    }
    for &(from, to) in ALLOWED_FORWARD {
        if !found.contains(&(from.to_string(), to.to_string())) {
            problems.push(format!(
                "({from:?}, {to:?}) no longer occurs: strike it off ALLOWED_FORWARD"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "a chapter's code may name only its own and earlier chapters' modules, in SUMMARY.md's \
         order (move what both need down into the earlier chapter):\n{}",
        problems.join("\n")
    );
}
