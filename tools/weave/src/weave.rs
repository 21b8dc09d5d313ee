//! The weave as an mdBook preprocessor: every chapter's directives replaced by their output.

use crate::binary;
use crate::cache;
use crate::directives::{Args, Ctx, DIRECTIVES, Directive, MDBOOK_NAMES, Unmeasured};
use crate::scan::{self, Found};
use crate::store::Store;
use anyhow::{Result, bail};
use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use std::cell::Cell;
use std::rc::Rc;

/// The `weave` preprocessor, named like its table in `book.toml` so that it takes the place of
/// the command preprocessor declared there (and so runs where that one would: before `links`).
pub struct Weave {
    ctx: Ctx,
    pub stats: Rc<Stats>,
}

/// How many directives were woven by running something, and how many came from the cache.
#[derive(Debug, Default)]
pub struct Stats {
    pub ran: Cell<usize>,
    pub cached: Cell<usize>,
}

impl Weave {
    pub const NAME: &'static str = "weave";

    pub fn new(ctx: Ctx) -> Weave {
        Weave { ctx, stats: Rc::default() }
    }
}

impl Preprocessor for Weave {
    fn name(&self) -> &str {
        Self::NAME
    }

    fn run(&self, pctx: &PreprocessorContext, mut book: Book) -> Result<Book> {
        let mut errors = Vec::new();
        book.for_each_mut(|item| {
            let BookItem::Chapter(chapter) = item else {
                return;
            };
            let Some(source) = &chapter.source_path else {
                return; // a draft chapter: no file, no directives
            };
            let file = pctx.config.book.src.join(source);
            let file = file.display();
            let mut chapter_errors = Vec::new();
            chapter.content = weave_text(self, DIRECTIVES, &chapter.content, &mut chapter_errors);
            errors.extend(
                chapter_errors
                    .into_iter()
                    .map(|(line, message)| format!("{file}:{line}: {message}")),
            );
        });
        if !errors.is_empty() {
            bail!("{}", errors.join("\n"));
        }
        let pruned = self.ctx.store.prune()?;
        if pruned > 0 {
            eprintln!("weave: removed {pruned} frozen result(s) that no directive uses");
        }
        Ok(book)
    }
}

// ANCHOR: weave_text
/// `text` with each directive replaced by its output. Directives that fail are left as written,
/// their line and message pushed on `errors`. mdBook's own directives are left for mdBook.
pub fn weave_text(
    weave: &Weave,
    table: &[Directive],
    text: &str,
    errors: &mut Vec<(usize, String)>,
) -> String {
    let mut woven = String::with_capacity(text.len());
    let mut done = 0;
    for found in scan::scan(text) {
        let start = found.start();
        let line = scan::line_of(text, start);
        let (call, directive) = match found {
            Found::Call(call) if MDBOOK_NAMES.contains(&call.name) => continue,
            Found::Malformed { name, .. } if MDBOOK_NAMES.contains(&name) => continue,
            Found::Malformed { name, why, .. } => {
                errors.push((line, format!("`{{{{#{name}`: {why}")));
                continue;
            }
            Found::Call(call) => match table.iter().find(|d| d.name == call.name) {
                Some(directive) => (call, directive),
                None => {
                    let known: Vec<&str> = table.iter().map(|d| d.name).collect();
                    let message = format!(
                        "unknown directive `{{{{#{}`: the weave knows {}, mdBook knows {}",
                        call.name,
                        known.join(", "),
                        MDBOOK_NAMES.join(", ")
                    );
                    errors.push((line, message));
                    continue;
                }
            },
        };
        let written = &text[call.start..call.end];
        match weave_one(weave, directive, text, &call) {
            Ok(output) => {
                woven.push_str(&text[done..call.start]);
                woven.push_str(&output);
                done = call.end;
            }
            Err(e) => errors.push((line, format!("{written}: {e:#}"))),
        }
    }
    woven.push_str(&text[done..]);
    woven
}

/// The output of one directive: from the cache, or by running it.
fn weave_one(
    weave: &Weave,
    directive: &Directive,
    text: &str,
    call: &scan::Call,
) -> Result<String> {
    if call.bang && !directive.bang {
        bail!("`{}` takes no `!`", directive.name);
    }
    let prefix = scan::line_before(text, call.start);
    if directive.block {
        let alone_before = prefix.chars().all(|c| c == '>' || c.is_whitespace());
        let alone_after = scan::line_after(text, call.end).trim().is_empty();
        if !(alone_before && alone_after) {
            bail!("`{}` makes a block: put it on a line of its own", directive.name);
        }
    }
    let args = Args::parse(call.args, call.bang)?;
    let ctx = &weave.ctx;
    // A directive that runs a program files its results under the program's name, keyed by the
    // words after it, as if the program were a directive of its own.
    let (name, words) = match (directive.names_program, args.words.split_first()) {
        (true, Some((program, words))) => (program.as_str(), words),
        (true, None) => bail!("`{}` needs the name of the program to run", directive.name),
        (false, _) => (directive.name, args.words.as_slice()),
    };
    let inputs = cache::input_hashes(&ctx.root, words)?;
    if directive.frozen.applies(&args) {
        let key = Store::key(name, call.bang, words, &inputs);
        let entry = match ctx.store.get(name, &key)? {
            Some(entry) => {
                weave.stats.cached.set(weave.stats.cached.get() + 1);
                entry
            }
            None => {
                eprintln!("weave: measuring {}", &text[call.start..call.end]);
                // A directive may decline to measure here (a long benchmark outside `--bench`):
                // its note is shown, and nothing is frozen.
                let output = match run_or_decline(directive, ctx, &args)? {
                    Ok(output) => output,
                    Err(note) => return Ok(protect(&continue_lines(&note, prefix))),
                };
                weave.stats.ran.set(weave.stats.ran.get() + 1);
                ctx.store.put(name, &key, &args.text, &output)?
            }
        };
        // A block is headed by where and when it was measured; an inline result says it itself.
        let output = match directive.block {
            true => format!("{}\n\n{}", ctx.store.heading(&entry), entry.markdown),
            false => entry.markdown,
        };
        return Ok(protect(&continue_lines(&output, prefix)));
    }
    // A program's output depends on its own files too.
    let mut inputs = inputs;
    if directive.names_program {
        for source in binary::program(&ctx.root, name)?.sources {
            inputs.push(cache::hash_file(&source)?);
        }
    }
    let key = cache::key(&ctx.binary_hash, directive.name, call.bang, &args.words, &inputs);
    let output = match ctx.cache.get(name, &key).filter(|_| directive.cached) {
        Some(output) => {
            weave.stats.cached.set(weave.stats.cached.get() + 1);
            output
        }
        None => {
            eprintln!("weave: running {}", &text[call.start..call.end]);
            let output = match run_or_decline(directive, ctx, &args)? {
                Ok(output) => output,
                Err(note) => return Ok(protect(&continue_lines(&note, prefix))),
            };
            if directive.cached {
                ctx.cache.put(name, &key, &output)?;
            }
            weave.stats.ran.set(weave.stats.ran.get() + 1);
            output
        }
    };
    Ok(protect(&continue_lines(&output, prefix)))
}
// ANCHOR_END: weave_text

/// `output` with every line after the first starting with `prefix`, the indentation (or `>`
/// quote markers) before the directive, so a block inside a list item or quote stays there.
fn continue_lines(output: &str, prefix: &str) -> String {
    if prefix.is_empty() {
        return output.to_string();
    }
    output
        .split('\n')
        .enumerate()
        .map(|(i, line)| match i {
            0 => line.to_string(),
            _ if line.is_empty() => prefix.trim_end().to_string(),
            _ => format!("{prefix}{line}"),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Escapes what mdBook's `links` preprocessor would expand in a woven output, so the binary's
/// output is shown as it is: on each line, the first `{{#` that a `}}` follows gets a backslash
/// (mdBook's escape runs to the line's last `}}`, so one backslash covers the whole line).
fn protect(output: &str) -> String {
    output
        .split('\n')
        .map(|line| match line.find("{{#") {
            Some(at) if line[at..].contains("}}") => format!("{}\\{}", &line[..at], &line[at..]),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `directive`: its output, or `Err(note)` when it declined to run here ([`Unmeasured`]),
/// or the error that stops the build.
fn run_or_decline(directive: &Directive, ctx: &Ctx, args: &Args) -> Result<Result<String, String>> {
    match (directive.run)(ctx, args) {
        Ok(output) => Ok(Ok(output)),
        Err(e) => e.downcast::<Unmeasured>().map(|Unmeasured(note)| Err(note)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cache::Cache;
    use crate::directives::Frozen;
    use anyhow::ensure;

    fn echo(_: &Ctx, args: &Args) -> Result<String> {
        ensure!(args.words.first().map(String::as_str) != Some("fail"), "it failed");
        Ok(format!("<{}>", args.words.join("|")))
    }

    fn decline(_: &Ctx, _: &Args) -> Result<String> {
        Err(Unmeasured("not measured here".into()).into())
    }

    fn block(_: &Ctx, args: &Args) -> Result<String> {
        Ok(format!("```text\n{}\n```", args.text))
    }

    // Test doubles, named after directives of the weave (so that its names stay the eight it
    // has), each with the traits a test needs.
    const TABLE: &[Directive] = &[
        Directive {
            name: "value",
            run: echo,
            usage: "",
            about: "a test directive",
            bang: false,
            block: false,
            cached: true,
            frozen: Frozen::Never,
            names_program: false,
        },
        Directive {
            name: "run",
            run: block,
            usage: "",
            about: "a test directive",
            bang: true,
            block: true,
            cached: false,
            frozen: Frozen::Never,
            names_program: false,
        },
        Directive {
            name: "measure",
            run: block,
            usage: "",
            about: "a test directive",
            bang: false,
            block: true,
            cached: false,
            frozen: Frozen::Always,
            names_program: false,
        },
    ];

    #[test]
    fn a_declined_measurement_shows_its_note_and_freezes_nothing() {
        let table = [Directive { name: "example", run: decline, ..TABLE[2] }];
        let dir = tempfile::tempdir().unwrap();
        let weave = weave_in(dir.path(), false);
        let mut errors = Vec::new();
        let out = weave_text(&weave, &table, "{{#example}}\n", &mut errors);
        assert_eq!((out.as_str(), errors.len()), ("not measured here\n", 0));
        assert!(!dir.path().join("book/results").exists());
        // Nor is it cached, when the directive's results are.
        let table = [Directive { name: "example", run: decline, ..TABLE[0] }];
        let out = weave_text(&weave, &table, "{{#example}}\n", &mut errors);
        assert_eq!((out.as_str(), errors.len()), ("not measured here\n", 0));
        assert!(!dir.path().join("cache").exists());
    }

    fn weave_in(dir: &std::path::Path, fresh: bool) -> Weave {
        Weave::new(Ctx {
            root: dir.to_path_buf(),
            sudoku: dir.join("sudoku"),
            binary_hash: "test".to_string(),
            cache: Cache::new(dir.join("cache"), fresh),
            store: Store::new(dir, fresh),
        })
    }

    fn woven(text: &str) -> (String, Vec<(usize, String)>) {
        let dir = tempfile::tempdir().unwrap();
        let mut errors = Vec::new();
        let out = weave_text(&weave_in(dir.path(), false), TABLE, text, &mut errors);
        (out, errors)
    }

    #[test]
    fn directives_are_replaced_and_text_kept() {
        let (out, errors) = woven("a {{#value x 'y z'}} b\n{{#value}}\n");
        assert_eq!(out, "a <x|y z> b\n<>\n");
        assert!(errors.is_empty());
    }

    #[test]
    fn escapes_survive_for_mdbook_to_remove() {
        let text = "show \\{{#value x}} and `\\{{#run easy}}`\n";
        let (out, errors) = woven(text);
        assert_eq!(out, text);
        assert!(errors.is_empty());
    }

    #[test]
    fn mdbook_directives_are_left_alone() {
        let text = "{{#include ../x.rs:anchor}}\n{{#title T}}\n{{#rustdoc_include y.rs}}\n";
        assert_eq!(woven(text), (text.to_string(), vec![]));
    }

    #[test]
    fn errors_carry_the_line_of_the_directive() {
        let text = "one\n\n{{#value fail}}\n{{#nope}}\n\n{{#value ok}} {{#value! x}}\n{{#value\n";
        let (out, errors) = woven(text);
        assert_eq!(
            errors,
            [
                (3, "{{#value fail}}: it failed".to_string()),
                (
                    4,
                    "unknown directive `{{#nope`: the weave knows value, run, measure, mdBook knows \
                     include, rustdoc_include, playground, playpen, title"
                        .to_string()
                ),
                (6, "{{#value! x}}: `value` takes no `!`".to_string()),
                (7, "`{{#value`: no closing `}}`".to_string()),
            ]
        );
        assert!(out.contains("{{#value fail}}") && out.contains("<ok>"));
    }

    #[test]
    fn blocks_stand_alone_and_follow_indentation() {
        let (out, errors) = woven("- item\n\n  {{#run! a}}\n");
        assert!(errors.is_empty());
        assert_eq!(out, "- item\n\n  ```text\n  a\n  ```\n");
        let (out, _) = woven("> {{#run q}}\n");
        assert_eq!(out, "> ```text\n> q\n> ```\n");
        let (_, errors) = woven("see {{#run a}}\n");
        assert_eq!(errors[0].0, 1);
        assert!(errors[0].1.ends_with("put it on a line of its own"));
    }

    #[test]
    fn cached_results_are_reused_unless_fresh() {
        let dir = tempfile::tempdir().unwrap();
        let mut errors = Vec::new();
        let first = weave_in(dir.path(), false);
        weave_text(&first, TABLE, "{{#value a}} {{#value a}}\n{{#run b}}", &mut errors);
        assert_eq!((first.stats.ran.get(), first.stats.cached.get()), (2, 1));
        let second = weave_in(dir.path(), false);
        weave_text(&second, TABLE, "{{#value a}}\n{{#run b}}", &mut errors);
        assert_eq!((second.stats.ran.get(), second.stats.cached.get()), (1, 1));
        let fresh = weave_in(dir.path(), true);
        weave_text(&fresh, TABLE, "{{#value a}} {{#value a}}", &mut errors);
        assert_eq!((fresh.stats.ran.get(), fresh.stats.cached.get()), (1, 1));
        assert!(errors.is_empty(), "{errors:?}");
    }

    #[test]
    fn woven_output_is_protected_from_mdbook() {
        assert_eq!(
            protect("a {{#include /etc/passwd}} b {{#x}}\n{{# no close\nplain"),
            "a \\{{#include /etc/passwd}} b {{#x}}\n{{# no close\nplain"
        );
    }

    #[test]
    fn measurements_are_frozen_in_the_store_and_headed() {
        let dir = tempfile::tempdir().unwrap();
        let mut errors = Vec::new();
        let first = weave_in(dir.path(), false);
        let out = weave_text(&first, TABLE, "{{#measure m}}\n", &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(first.stats.ran.get(), 1);
        assert!(out.starts_with("*Measured on `"), "{out}");
        assert!(out.contains("commit `unknown`"), "no git here: {out}");
        assert!(out.contains("**Older than the code:**"), "an unknown commit is not current");
        assert!(out.ends_with("```text\nm\n```\n"), "{out}");
        let stored = std::fs::read_dir(dir.path().join("book/results")).unwrap().count();
        assert_eq!(stored, 1);

        // A new binary (another cache) still reads the store: nothing is measured again.
        let again = weave_in(dir.path(), false);
        assert_eq!(weave_text(&again, TABLE, "{{#measure m}}\n", &mut errors), out);
        assert_eq!((again.stats.ran.get(), again.stats.cached.get()), (0, 1));
        let fresh = weave_in(dir.path(), true);
        weave_text(&fresh, TABLE, "{{#measure m}}\n", &mut errors);
        assert_eq!(fresh.stats.ran.get(), 1);
    }
}
