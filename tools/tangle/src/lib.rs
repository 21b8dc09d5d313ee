//! Tangle: the book's chapters become the crate's modules.
//!
//! **Reads** `book/SUMMARY.md`, the table of contents, and every chapter it links to.
//!
//! **Writes**, into a directory that is normally cargo's `OUT_DIR`:
//!
//! - `book/<chapter>.md.rs` for each chapter holding at least one tangled block: a module file
//!   with exactly the lines of its chapter, every line of code at its chapter's line number and
//!   column, every other line blank, except line 1, a comment naming the chapter. So rustc's
//!   `grid.md.rs:42:9` and a panic at `grid.md.rs:42` both mean `book/grid.md`, line 42.
//! - `lib.rs`: one `pub mod` per such chapter, in the order of `SUMMARY.md`, for the crate's
//!   `src/lib.rs` to `include!`.
//!
//! A fenced block is tangled when the first word of its info string is `rust` and no word is
//! `ignore`. Lines that mdBook and rustdoc hide (`# ` or a lone `#`) are tangled without the `#`.
//!
//! **Fails**, writing nothing, with every problem it finds, each shown as
//! `book/FILE.md:LINE: message`: a link in `SUMMARY.md` to no file, a chapter missing from
//! `SUMMARY.md`, a code fence that is never closed, a chapter whose name is no Rust identifier,
//! two chapters giving one module name.
//!
//! Files are rewritten only when their contents change, so cargo recompiles only what changed,
//! and module files of chapters that are gone are deleted.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::fs;
use std::io;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The table of contents, at the root of the book directory.
const SUMMARY: &str = "SUMMARY.md";

/// Reads the book in `book_dir` and writes its modules into `out_dir` (see the crate docs).
///
/// `book_dir` is used as given to name files in errors, so `Path::new("book")` gives
/// `book/grid.md:12: ...`. The paths written into `out_dir/lib.rs` are absolute. On error,
/// nothing has been written.
pub fn tangle(book_dir: &Path, out_dir: &Path) -> Result<Tangled, Error> {
    let modules = read_book(book_dir)?;
    write_outputs(book_dir, out_dir, &modules)
}

/// What [`tangle`] wrote.
#[derive(Debug)]
pub struct Tangled {
    /// One module per chapter holding tangled code, in the order of `SUMMARY.md`.
    pub modules: Vec<Module>,
    /// The absolute path of the generated `lib.rs`.
    pub lib_rs: PathBuf,
    /// Whether `lib_rs` was (re)written by this run.
    pub lib_rs_changed: bool,
    /// Module files of earlier runs that no chapter produces any more, now deleted.
    pub removed: Vec<PathBuf>,
}

/// One chapter turned into one module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    /// The module's name: the chapter's file stem with `-` replaced by `_`; always a plain
    /// Rust identifier and never a keyword.
    pub name: String,
    /// The chapter's title: the text of its link in `SUMMARY.md`.
    pub title: String,
    /// The chapter's file, the book directory (as given) joined with its path in the book.
    pub chapter: PathBuf,
    /// The absolute path of the module file, `OUT_DIR/book/<chapter>.md.rs`.
    pub file: PathBuf,
    /// Whether `file` was (re)written by this run.
    pub changed: bool,
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// Everything found wrong with the book, in reading order; never empty.
///
/// Displays one [`Problem`] per line.
#[derive(Debug)]
pub struct Error {
    problems: Vec<Problem>,
}

impl Error {
    /// The problems, in the order they were found; never empty.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<Problem> for Error {
    fn from(problem: Problem) -> Self {
        Error { problems: vec![problem] }
    }
}

/// One thing wrong, with where it is.
///
/// Displays as `FILE:LINE: message`, or `FILE: message` for a directory or a file of the output.
#[derive(Debug)]
pub struct Problem {
    file: String,
    line: Option<usize>,
    kind: ErrorKind,
}

impl Problem {
    /// The file at fault, with forward slashes: a book file as `book_dir/...` (the book directory
    /// as given to [`tangle`]), an output file as its full path.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The line at fault, counted from 1; `None` for a directory, or a file of the output.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What is wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.kind),
            None => write!(f, "{}: {}", self.file, self.kind),
        }
    }
}

/// What can be wrong with the book, or with writing its modules.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A file of the book cannot be read (missing, unreadable, not UTF-8); at its line 1.
    Read(io::Error),
    /// The book directory cannot be listed.
    ListDir(io::Error),
    /// An output file cannot be written, or a stale one removed.
    Write(io::Error),
    /// A link in `SUMMARY.md` names a file that does not exist.
    MissingChapter {
        /// The link's destination, as written.
        link: String,
    },
    /// A link in `SUMMARY.md` leaves the book directory (absolute, `..`, or a URL).
    OutsideBook {
        /// The link's destination, as written.
        link: String,
    },
    /// A link in `SUMMARY.md` names a file that is not Markdown (`*.md`).
    NotMarkdown {
        /// The link's destination, as written.
        link: String,
    },
    /// A chapter is linked a second time in `SUMMARY.md`; at the second link.
    ListedTwice {
        /// The line of the first link.
        first_line: usize,
    },
    /// A Markdown file of the book is not linked from `SUMMARY.md`; at its line 1.
    NotInSummary {
        /// The summary file, as shown to the user (`book/SUMMARY.md`).
        summary: String,
    },
    /// A fenced code block runs to the end of its file (or of its list item or quote) without
    /// its closing fence; at the opening fence.
    UnterminatedFence,
    /// A chapter with tangled code has a file name that gives no Rust identifier; at line 1.
    BadModuleName {
        /// The module name the file name gives.
        name: String,
        /// Whether the name is a Rust keyword (rather than not an identifier at all).
        keyword: bool,
    },
    /// Two chapters with tangled code give one module name; at the second chapter's line 1.
    DuplicateModule {
        /// The module name.
        name: String,
        /// The chapter that took the name first, as shown to the user.
        first: String,
    },
    /// An mdBook include directive (`{{#include ...}}`, `{{#rustdoc_include ...}}`,
    /// `{{#playground ...}}`) stands in a tangled block, where it would reach the compiler as is.
    IncludeInTangledBlock,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Read(error) => write!(f, "cannot read this file: {error}"),
            ErrorKind::ListDir(error) => write!(f, "cannot list this directory: {error}"),
            ErrorKind::Write(error) => write!(f, "cannot write this file: {error}"),
            ErrorKind::MissingChapter { link } => {
                write!(f, "link to `{link}`, but there is no such chapter file")
            }
            ErrorKind::OutsideBook { link } => write!(
                f,
                "link to `{link}`, outside the book: chapters are files in the book directory"
            ),
            ErrorKind::NotMarkdown { link } => {
                write!(f, "link to `{link}`, which is not a Markdown chapter (*.md)")
            }
            ErrorKind::ListedTwice { first_line } => {
                write!(f, "chapter already listed at line {first_line}")
            }
            ErrorKind::NotInSummary { summary } => {
                write!(f, "chapter is not listed in {summary}")
            }
            ErrorKind::UnterminatedFence => f.write_str("code fence opened here is never closed"),
            ErrorKind::BadModuleName { name, keyword: true } => write!(
                f,
                "this chapter's code would be module `{name}`, a Rust keyword: rename the chapter"
            ),
            ErrorKind::BadModuleName { name, keyword: false } => write!(
                f,
                "this chapter's code would be module `{name}`, which is not a Rust identifier \
                 (ASCII letters, digits and `_`, not starting with a digit): rename the chapter"
            ),
            ErrorKind::DuplicateModule { name, first } => write!(
                f,
                "this chapter's code would be module `{name}`, already tangled from {first}: \
                 rename one of them"
            ),
            ErrorKind::IncludeInTangledBlock => f.write_str(
                "mdBook include in a tangled block would reach the compiler as is: \
                 mark the block `rust,ignore` to only show it",
            ),
        }
    }
}

/// A problem at a line of a file that is known from context.
#[derive(Debug)]
struct Located {
    line: usize,
    kind: ErrorKind,
}

/// The name of `rel` (a path inside the book) as shown to the user: `book_dir` as given, then
/// `rel`, joined with forward slashes.
fn book_path(book_dir: &Path, rel: &Path) -> String {
    let mut shown = slashed(book_dir);
    while shown.len() > 1 && shown.ends_with('/') {
        shown.pop();
    }
    for component in rel.components() {
        if !shown.is_empty() && !shown.ends_with('/') {
            shown.push('/');
        }
        shown.push_str(&component.as_os_str().to_string_lossy());
    }
    shown
}

/// `path` with forward slashes, whatever the platform.
fn slashed(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

// ---------------------------------------------------------------------------------------------
// Reading the book
// ---------------------------------------------------------------------------------------------

/// A chapter listed in `SUMMARY.md`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Listed {
    /// The link text.
    title: String,
    /// The chapter's path inside the book directory: only normal components, ends in `.md`.
    rel: PathBuf,
    /// The line of the link in `SUMMARY.md`.
    line: usize,
}

/// A chapter ready to be written: its module file's text, and its module.
#[derive(Debug)]
struct Planned {
    listed: Listed,
    name: String,
    source: String,
}

/// Reads and checks the whole book, returning the module of each chapter with tangled code in
/// reading order, or every problem found.
fn read_book(book_dir: &Path) -> Result<Vec<Planned>, Error> {
    let summary_rel = Path::new(SUMMARY);
    let summary_text = read_book_file(book_dir, summary_rel)?;
    let mut problems = Vec::new();
    // A problem at `line` of the book file `rel`.
    let at = |rel: &Path, line: usize, kind: ErrorKind| Problem {
        file: book_path(book_dir, rel),
        line: Some(line),
        kind,
    };

    let mut listed = Vec::new();
    for link in read_summary(&summary_text) {
        match resolve_link(book_dir, &link, &listed) {
            Ok(chapter) => listed.push(chapter),
            Err(kind) => problems.push(at(summary_rel, link.line, kind)),
        }
    }

    match find_chapters(book_dir) {
        Ok(found) => {
            let listed_paths: HashSet<&Path> = listed.iter().map(|c| c.rel.as_path()).collect();
            for rel in found.iter().filter(|rel| !listed_paths.contains(rel.as_path())) {
                let summary = book_path(book_dir, summary_rel);
                problems.push(at(rel, 1, ErrorKind::NotInSummary { summary }));
            }
        }
        Err(error) => problems.push(Problem {
            file: book_path(book_dir, Path::new("")),
            line: None,
            kind: ErrorKind::ListDir(error),
        }),
    }

    let mut planned: Vec<Planned> = Vec::new();
    let mut names: HashMap<String, PathBuf> = HashMap::new();
    for chapter in listed {
        let text = match fs::read_to_string(book_dir.join(&chapter.rel)) {
            Ok(text) => text,
            Err(error) => {
                problems.push(at(&chapter.rel, 1, ErrorKind::Read(error)));
                continue;
            }
        };
        let code = extract_blocks(&text).and_then(|blocks| tangled_lines(&blocks));
        let code = match code {
            Ok(code) => code,
            Err(located) => {
                for Located { line, kind } in located {
                    problems.push(at(&chapter.rel, line, kind));
                }
                continue;
            }
        };
        if code.is_empty() {
            continue;
        }
        let name = match module_name(&chapter.rel) {
            Ok(name) => name,
            Err(kind) => {
                problems.push(at(&chapter.rel, 1, kind));
                continue;
            }
        };
        if let Some(first) = names.get(&name) {
            let first = book_path(book_dir, first);
            problems.push(at(&chapter.rel, 1, ErrorKind::DuplicateModule { name, first }));
            continue;
        }
        names.insert(name.clone(), chapter.rel.clone());
        let shown = book_path(book_dir, &chapter.rel);
        let source = render_module(&shown, line_count(&text), &code);
        planned.push(Planned { listed: chapter, name, source });
    }

    if problems.is_empty() { Ok(planned) } else { Err(Error { problems }) }
}

/// Reads the book file `rel` as text; a failure is a problem at its line 1.
fn read_book_file(book_dir: &Path, rel: &Path) -> Result<String, Problem> {
    fs::read_to_string(book_dir.join(rel)).map_err(|error| Problem {
        file: book_path(book_dir, rel),
        line: Some(1),
        kind: ErrorKind::Read(error),
    })
}

/// A link in `SUMMARY.md`, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SummaryLink {
    title: String,
    destination: String,
    line: usize,
}

/// The links of `SUMMARY.md` in reading order, skipping drafts (links with an empty destination,
/// `[Draft]()`). The title is the link's text, inline code included, markup dropped.
fn read_summary(text: &str) -> Vec<SummaryLink> {
    let lines = LineIndex::new(text);
    let mut links = Vec::new();
    // The link being read, if any: links do not nest in CommonMark.
    let mut current: Option<SummaryLink> = None;
    for (event, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) => {
                current = Some(SummaryLink {
                    title: String::new(),
                    destination: dest_url.to_string(),
                    line: lines.line_of(range.start),
                });
            }
            Event::Text(text) | Event::Code(text) => {
                if let Some(link) = current.as_mut() {
                    link.title.push_str(&text);
                }
            }
            Event::End(TagEnd::Link) => {
                if let Some(link) = current.take()
                    && !link.destination.is_empty()
                {
                    links.push(link);
                }
            }
            _ => {}
        }
    }
    links
}

/// Turns a link of `SUMMARY.md` into a chapter, checking that it names a Markdown file inside
/// the book that exists and is not in `earlier` already. A `#fragment` is ignored.
fn resolve_link(
    book_dir: &Path,
    link: &SummaryLink,
    earlier: &[Listed],
) -> Result<Listed, ErrorKind> {
    let destination = link.destination.as_str();
    let file = destination.split('#').next().unwrap_or_default();
    let mut rel = PathBuf::new();
    if file.is_empty() {
        return Err(ErrorKind::MissingChapter { link: destination.to_owned() });
    }
    let mut inside = !destination.contains("://");
    for component in Path::new(file).components() {
        match component {
            Component::Normal(part) => rel.push(part),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => inside = false,
        }
    }
    let link_text = || destination.to_owned();
    if !inside || rel.as_os_str().is_empty() {
        return Err(ErrorKind::OutsideBook { link: link_text() });
    }
    if rel.extension().is_none_or(|extension| extension != "md") {
        return Err(ErrorKind::NotMarkdown { link: link_text() });
    }
    if !book_dir.join(&rel).is_file() {
        return Err(ErrorKind::MissingChapter { link: link_text() });
    }
    if let Some(first) = earlier.iter().find(|chapter| chapter.rel == rel) {
        return Err(ErrorKind::ListedTwice { first_line: first.line });
    }
    Ok(Listed { title: link.title.clone(), rel, line: link.line })
}

/// Every Markdown file under `book_dir` (recursively, skipping hidden files and directories)
/// other than the root `SUMMARY.md`, as paths inside the book, sorted.
fn find_chapters(book_dir: &Path) -> io::Result<Vec<PathBuf>> {
    fn walk(book_dir: &Path, rel: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
        for entry in fs::read_dir(book_dir.join(rel))? {
            let entry = entry?;
            let name = entry.file_name();
            if name.to_string_lossy().starts_with('.') {
                continue;
            }
            let entry_rel = rel.join(&name);
            // `metadata` follows symbolic links, as mdBook does.
            let metadata = fs::metadata(entry.path())?;
            if metadata.is_dir() {
                walk(book_dir, &entry_rel, found)?;
            } else if entry_rel.extension().is_some_and(|e| e == "md")
                && entry_rel != Path::new(SUMMARY)
            {
                found.push(entry_rel);
            }
        }
        Ok(())
    }
    let mut found = Vec::new();
    walk(book_dir, Path::new(""), &mut found)?;
    found.sort();
    Ok(found)
}

/// The module name of the chapter `rel`: its file stem, `-` replaced by `_`; an error unless that
/// is a plain ASCII Rust identifier and not a keyword.
fn module_name(rel: &Path) -> Result<String, ErrorKind> {
    let stem = rel.file_stem().unwrap_or_default().to_string_lossy();
    let name = stem.replace('-', "_");
    let mut chars = name.chars();
    let starts_well = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let identifier = starts_well && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier || name == "_" {
        return Err(ErrorKind::BadModuleName { name, keyword: false });
    }
    if KEYWORDS.contains(&name.as_str()) {
        return Err(ErrorKind::BadModuleName { name, keyword: true });
    }
    Ok(name)
}

/// Rust's strict and reserved keywords (edition 2024), which cannot name a module without `r#`;
/// rather than raw identifiers, the chapter is renamed.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "Self", "static", "struct", "super", "trait", "true", "try", "type",
    "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

// ---------------------------------------------------------------------------------------------
// Reading a chapter
// ---------------------------------------------------------------------------------------------

/// The Markdown extensions mdBook enables that change where blocks are, so that the tangle sees
/// the blocks the reader sees.
fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// Maps byte offsets of a text to line numbers, counted from 1.
struct LineIndex {
    /// The offset at which each line starts; `starts[0] == 0`, strictly increasing.
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> Self {
        let after_newlines = text.match_indices('\n').map(|(i, _)| i + 1);
        LineIndex { starts: std::iter::once(0).chain(after_newlines).collect() }
    }

    /// The line holding byte `offset` (an offset at the very end is on the last line).
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset)
    }

    /// The line holding byte `offset`, and the offset's column in bytes, counted from 0.
    fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line_of(offset);
        (line, offset - self.starts[line - 1])
    }
}

/// The number of lines of `text`, as an editor counts them: a final newline ends the last line
/// rather than starting one.
fn line_count(text: &str) -> usize {
    let newlines = text.matches('\n').count();
    if text.is_empty() || text.ends_with('\n') { newlines } else { newlines + 1 }
}

/// A tangled block of a chapter, line by line as the compiler sees it: for tools that check the
/// book's code, such as the formatting test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustBlock {
    /// The line of the opening fence in the chapter, counting from 1.
    pub fence_line: usize,
    /// The lines of code, unhidden, each with whether the book hides it (`# `).
    pub lines: Vec<(String, bool)>,
}

/// The tangled blocks of a chapter's text, in order, or the line of a fence that is never closed.
pub fn rust_blocks(chapter: &str) -> Result<Vec<RustBlock>, usize> {
    let blocks = extract_blocks(chapter).map_err(|errors| errors[0].line)?;
    Ok(blocks
        .into_iter()
        .filter(|block| is_tangled(&block.info))
        .map(|block| RustBlock {
            fence_line: block.fence_line,
            lines: block
                .lines
                .iter()
                .map(|l| {
                    let trimmed = l.text.trim_start();
                    let hidden = trimmed == "#" || trimmed.starts_with("# ");
                    (unhide_line(&l.text).into_owned(), hidden)
                })
                .collect(),
        })
        .collect())
}

/// A fenced code block of a chapter, of any language.
#[derive(Debug, Clone, PartialEq, Eq)]
struct CodeBlock {
    /// The info string after the opening fence, for example `rust,noplayground`.
    info: String,
    /// The line of the opening fence.
    fence_line: usize,
    /// Each content line with its line number in the chapter, in order; line numbers strictly
    /// increase and are all after `fence_line`. A line inside a list item or quote is padded with
    /// spaces where its container's markers were, so that it keeps its column.
    lines: Vec<CodeLine>,
}

/// A line of code and where it stands in its chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
struct CodeLine {
    /// Counted from 1.
    line: usize,
    /// Without its newline.
    text: String,
}

// ANCHOR: extract_blocks
/// The fenced code blocks of a chapter, in order, or an error at each fence that is never
/// closed.
///
/// pulldown-cmark finds the blocks, with the blocks the reader sees in lists and quotes; each
/// piece of text it gives has a byte range in the chapter, from which its line comes. Indented
/// code blocks are not returned: they are never tangled.
fn extract_blocks(text: &str) -> Result<Vec<CodeBlock>, Vec<Located>> {
    let lines = LineIndex::new(text);
    let mut blocks = Vec::new();
    let mut unclosed = Vec::new();
    // The fenced block being read, if any: code blocks do not nest.
    let mut current: Option<BlockReader> = None;
    for (event, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let fence_line = lines.line_of(range.start);
                if !fence_is_closed(text, range) {
                    unclosed.push(Located { line: fence_line, kind: ErrorKind::UnterminatedFence });
                }
                current = Some(BlockReader::new(info.to_string(), fence_line));
            }
            Event::Text(piece) => {
                if let Some(reader) = current.as_mut() {
                    // Where the text stands in the chapter, when it is the chapter's text as is
                    // (pulldown-cmark makes up a few pieces, such as the rest of a split tab).
                    let verbatim = text.get(range.clone()) == Some(&*piece);
                    reader.push(&piece, verbatim.then_some(range.start), &lines);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some(reader) = current.take() {
                    blocks.push(reader.block);
                }
            }
            _ => {}
        }
    }
    if unclosed.is_empty() { Ok(blocks) } else { Err(unclosed) }
}
// ANCHOR_END: extract_blocks

/// Puts the pieces of text of one code block back into lines.
struct BlockReader {
    block: CodeBlock,
    /// The line the next piece goes on when its place in the chapter is unknown.
    next_line: usize,
    /// Whether the last line of `block` is still open: its newline is yet to come.
    open: bool,
}

impl BlockReader {
    fn new(info: String, fence_line: usize) -> Self {
        BlockReader {
            block: CodeBlock { info, fence_line, lines: Vec::new() },
            next_line: fence_line + 1,
            open: false,
        }
    }

    /// Adds a piece of text of the block; `start` is its offset in the chapter when it is the
    /// chapter's text as is, `None` when pulldown-cmark made it up.
    fn push(&mut self, piece: &str, start: Option<usize>, lines: &LineIndex) {
        let mut offset = 0;
        for part in piece.split_inclusive('\n') {
            let content = part.strip_suffix('\n').unwrap_or(part);
            let (line, column) = match start {
                Some(start) => lines.position(start + offset),
                None => (self.next_line, 0),
            };
            match self.block.lines.last_mut() {
                Some(last) if self.open && last.line == line => last.text.push_str(content),
                _ => {
                    // A line starting after column 0 lost its container's markers (`> `, a list
                    // item's indentation): spaces put it back at its column.
                    let padding = if content.is_empty() { 0 } else { column };
                    let text = format!("{:padding$}{content}", "");
                    self.block.lines.push(CodeLine { line, text });
                }
            }
            self.open = !part.ends_with('\n');
            self.next_line = if self.open { line } else { line + 1 };
            offset += part.len();
        }
    }
}

/// Whether the fenced block at `range` of `text` ends with a closing fence, rather than at the
/// end of the file or of its container.
///
/// The block's range starts at its opening fence and, when it is closed, ends with its closing
/// fence: a line of at least as many of the same fence characters, nothing else but the markers
/// of the quotes around it and spaces.
fn fence_is_closed(text: &str, range: Range<usize>) -> bool {
    let block = &text[range.clone()];
    let fence_char = block.chars().next().unwrap_or('`');
    let fence_len = block.chars().take_while(|&c| c == fence_char).count();
    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let quotes = text[line_start..range.start].matches('>').count();
    let Some((_, last_line)) = block.rsplit_once('\n') else {
        return false; // The block is its opening line alone.
    };
    let mut rest = last_line.trim_start();
    for _ in 0..quotes {
        match rest.strip_prefix('>') {
            Some(after) => rest = after.trim_start(),
            None => return false,
        }
    }
    let rest = rest.trim_end();
    rest.len() >= fence_len && rest.chars().all(|c| c == fence_char)
}

// ANCHOR: is_tangled
/// Whether a fenced block with this info string is tangled: its first word is `rust` and no word
/// is `ignore`. Words are separated by commas or spaces, as mdBook reads them, so
/// `rust,noplayground` and `rust hidelines=!` are tangled and `rust,ignore`, `text` and `console`
/// are only shown.
fn is_tangled(info: &str) -> bool {
    let mut words =
        info.split(|c: char| c == ',' || c.is_whitespace()).filter(|word| !word.is_empty());
    words.next() == Some("rust") && words.all(|word| word != "ignore")
}
// ANCHOR_END: is_tangled

// ANCHOR: unhide_line
/// A line of a Rust block as the compiler sees it.
///
/// mdBook and rustdoc hide a line whose first non-blank text is `# ` or a lone `#`: it is
/// compiled without that `#` and its space, keeping its indentation. `##` escapes a `#` that
/// should be shown: it is compiled as one `#`. Other lines, `#[derive(...)]` and `#![...]`
/// among them, are compiled as they are.
fn unhide_line(line: &str) -> Cow<'_, str> {
    let code = line.trim_start();
    let indentation = &line[..line.len() - code.len()];
    if code == "#" {
        Cow::Borrowed(indentation)
    } else if let Some(rest) = code.strip_prefix("# ") {
        Cow::Owned(format!("{indentation}{rest}"))
    } else if let Some(rest) = code.strip_prefix("##") {
        Cow::Owned(format!("{indentation}#{rest}"))
    } else {
        Cow::Borrowed(line)
    }
}
// ANCHOR_END: unhide_line

/// The lines of code of a chapter's tangled blocks, as the compiler is to see them, in order; or
/// an error at each mdBook include, which the tangle does not follow.
fn tangled_lines(blocks: &[CodeBlock]) -> Result<Vec<CodeLine>, Vec<Located>> {
    let mut code = Vec::new();
    let mut includes = Vec::new();
    for block in blocks.iter().filter(|block| is_tangled(&block.info)) {
        for CodeLine { line, text } in &block.lines {
            let text = unhide_line(text);
            let directive = text.trim_start();
            if ["{{#include", "{{#rustdoc_include", "{{#playground"]
                .iter()
                .any(|include| directive.starts_with(include))
            {
                includes.push(Located { line: *line, kind: ErrorKind::IncludeInTangledBlock });
            }
            code.push(CodeLine { line: *line, text: text.into_owned() });
        }
    }
    if includes.is_empty() { Ok(code) } else { Err(includes) }
}

// ---------------------------------------------------------------------------------------------
// Writing the modules
// ---------------------------------------------------------------------------------------------

// ANCHOR: render_module
/// The module file of a chapter of `line_count` lines shown as `chapter` (`book/grid.md`), whose
/// tangled `code` is in increasing line order.
///
/// The file has exactly `line_count` lines, each line of code at its own line number; every
/// other line is blank, except line 1, a comment naming the chapter. Line 1 is never code: in a
/// chapter, a fence comes before any line of code.
fn render_module(chapter: &str, line_count: usize, code: &[CodeLine]) -> String {
    let mut lines = vec![""; line_count.max(1)];
    for CodeLine { line, text } in code {
        debug_assert!(*line > 1 && *line <= line_count, "code outside the chapter");
        lines[line - 1] = text;
    }
    let header =
        format!("// tangled from {chapter} by tools/tangle: edit the chapter, not this file");
    lines[0] = &header;
    let mut file = lines.join("\n");
    file.push('\n');
    file
}
// ANCHOR_END: render_module

/// The generated `lib.rs`: for each module, in order, its docs naming its chapter, the absolute
/// path of its file and its declaration. Strings are written with Rust's escapes (`{:?}`).
fn render_lib(modules: &[Module]) -> String {
    let mut lib = String::from(
        "// tangled from the book's SUMMARY.md by tools/tangle: one module per chapter with code, \
         in reading order\n",
    );
    for module in modules {
        let doc = format!("Chapter \"{}\" ({}).", module.title, slashed(&module.chapter));
        let path = module.file.to_string_lossy();
        lib.push_str(&format!(
            "\n#[doc = {doc:?}]\n#[path = {path:?}]\npub mod {};\n",
            module.name
        ));
    }
    lib
}

/// Writes each planned module and `lib.rs` into `out_dir`, each only if its contents changed, and
/// deletes the module files no chapter produces any more.
fn write_outputs(book_dir: &Path, out_dir: &Path, planned: &[Planned]) -> Result<Tangled, Error> {
    let out_dir = std::path::absolute(out_dir).map_err(|error| output_problem(out_dir, error))?;
    let modules_dir = out_dir.join("book");
    let mut modules = Vec::new();
    for Planned { listed, name, source } in planned {
        let mut file = modules_dir.join(&listed.rel).into_os_string();
        file.push(".rs");
        let file = PathBuf::from(file);
        let changed = write_if_changed(&file, source).map_err(|e| output_problem(&file, e))?;
        modules.push(Module {
            name: name.clone(),
            title: listed.title.clone(),
            chapter: book_dir.join(&listed.rel),
            file,
            changed,
        });
    }
    let lib_rs = out_dir.join("lib.rs");
    let lib_rs_changed =
        write_if_changed(&lib_rs, &render_lib(&modules)).map_err(|e| output_problem(&lib_rs, e))?;
    let keep: HashSet<&Path> = modules.iter().map(|module| module.file.as_path()).collect();
    let mut removed = Vec::new();
    remove_stale(&modules_dir, &keep, &mut removed)?;
    Ok(Tangled { modules, lib_rs, lib_rs_changed, removed })
}

/// A problem with the output file `path`.
fn output_problem(path: &Path, error: io::Error) -> Error {
    Error::from(Problem { file: slashed(path), line: None, kind: ErrorKind::Write(error) })
}

/// Writes `contents` to `path` (creating its directory) unless the file holds them already, so
/// that its modification time, which cargo watches, changes only with its contents. Returns
/// whether it wrote.
fn write_if_changed(path: &Path, contents: &str) -> io::Result<bool> {
    if fs::read(path).is_ok_and(|old| old == contents.as_bytes()) {
        return Ok(false);
    }
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    fs::write(path, contents)?;
    Ok(true)
}

/// Deletes every file under `dir` that is not in `keep`, and the directories this empties,
/// adding the deleted files to `removed`. A missing `dir` holds nothing to delete.
fn remove_stale(
    dir: &Path,
    keep: &HashSet<&Path>,
    removed: &mut Vec<PathBuf>,
) -> Result<(), Error> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(output_problem(dir, error)),
    };
    for entry in entries {
        let path = entry.map_err(|e| output_problem(dir, e))?.path();
        if path.is_dir() {
            remove_stale(&path, keep, removed)?;
            // Fails, as it should, unless the directory is now empty.
            let _ = fs::remove_dir(&path);
        } else if !keep.contains(path.as_path()) {
            fs::remove_file(&path).map_err(|e| output_problem(&path, e))?;
            removed.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_tangled_reads_the_info_string_like_mdbook() {
        let tangled = [
            "rust",
            "rust,noplayground",
            "rust, noplayground",
            "rust hidelines=!!!",
            "rust,should_panic",
            "rust,no_run,edition2021",
            " rust ",
        ];
        for info in tangled {
            assert!(is_tangled(info), "{info:?} should be tangled");
        }
        let shown = [
            "",
            "text",
            "console",
            "rust,ignore",
            "rust ignore",
            "rust,noplayground,ignore",
            "ignore,rust",
            "rustc",
            "Rust",
            "toml",
        ];
        for info in shown {
            assert!(!is_tangled(info), "{info:?} should only be shown");
        }
    }

    #[test]
    fn unhide_line_follows_rustdoc() {
        let cases = [
            ("# use std::fmt;", "use std::fmt;"),
            ("    # let x = 1;", "    let x = 1;"),
            ("#", ""),
            ("   #", "   "),
            ("#  two spaces", " two spaces"),
            ("##[derive(Debug)]", "#[derive(Debug)]"),
            ("  ## not hidden", "  # not hidden"),
            ("#[derive(Debug)]", "#[derive(Debug)]"),
            ("#![allow(dead_code)]", "#![allow(dead_code)]"),
            ("let s = \"# x\";", "let s = \"# x\";"),
            ("", ""),
            ("#x", "#x"),
        ];
        for (line, compiled) in cases {
            assert_eq!(unhide_line(line), compiled, "for {line:?}");
        }
    }

    #[test]
    fn line_index_counts_from_one() {
        let lines = LineIndex::new("ab\ncd\n\nef");
        assert_eq!(lines.line_of(0), 1);
        assert_eq!(lines.line_of(2), 1);
        assert_eq!(lines.line_of(3), 2);
        assert_eq!(lines.line_of(6), 3);
        assert_eq!(lines.position(8), (4, 1));
        assert_eq!(line_count("ab\ncd\n"), 2);
        assert_eq!(line_count("ab\ncd"), 2);
        assert_eq!(line_count(""), 0);
    }

    fn code(blocks: &[CodeBlock]) -> Vec<(usize, &str)> {
        let lines = blocks.iter().flat_map(|block| &block.lines);
        lines.map(|l| (l.line, l.text.as_str())).collect()
    }

    #[test]
    fn extract_blocks_keeps_lines_and_columns_in_containers() {
        let chapter = "# T\n\
                       \n\
                       > ```rust\n\
                       > fn quoted() {\n\
                       >     1\n\
                       >\n\
                       > }\n\
                       > ```\n\
                       \n\
                       - item\n\
                       \n  \
                       ```rust\n  \
                       fn listed() {}\n    \
                       nested\n  \
                       ```\n";
        let blocks = extract_blocks(chapter).unwrap();
        assert_eq!(blocks.len(), 2);
        assert_eq!((blocks[0].fence_line, blocks[1].fence_line), (3, 12));
        assert_eq!(
            code(&blocks),
            [
                (4, "  fn quoted() {"),
                (5, "      1"),
                (6, ""),
                (7, "  }"),
                (13, "  fn listed() {}"),
                (14, "    nested"),
            ]
        );
    }

    #[test]
    fn extract_blocks_reads_crlf_chapters() {
        let chapter = "# T\r\n\r\n```rust\r\nfn a() {}\r\n\r\nfn b() {}\r\n```\r\n";
        let blocks = extract_blocks(chapter).unwrap();
        assert_eq!(code(&blocks), [(4, "fn a() {}"), (5, ""), (6, "fn b() {}")]);
    }

    #[test]
    fn extract_blocks_skips_indented_code() {
        let blocks =
            extract_blocks("# T\n\n    fn indented() {}\n\n```text\nshown\n```\n").unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].info, "text");
    }

    #[test]
    fn fences_closed_or_not() {
        let unclosed = [
            "```rust\nfn a() {}\n",
            "```rust",
            "````\n```\n",
            "~~~\n```\n",
            "```\n``` rust\n",
            "> ```\n> x\n\nafter\n",
            "```\n> ```\n",
            "- ```\n  x\n\nafter\n",
        ];
        for chapter in unclosed {
            let errors = extract_blocks(chapter).unwrap_err();
            assert_eq!(errors.len(), 1, "{chapter:?}");
            assert_eq!(errors[0].line, 1, "{chapter:?}");
        }
        let closed = [
            "```rust\nfn a() {}\n```",
            "```\n```\n",
            "````\n```\n`````\n",
            "~~~ rust\n~~~\n",
            "> ```\n> x\n> ```\n",
            "> > ```\n> > x\n> > ```\n",
            "- ```\n  x\n  ```\n",
            "```\nx\n```   \n",
        ];
        for chapter in closed {
            assert!(extract_blocks(chapter).is_ok(), "{chapter:?}");
        }
    }

    #[test]
    fn read_summary_collects_links_in_order() {
        let summary = "# Summary\n\
                       \n\
                       [Introduction](README.md)\n\
                       \n\
                       - [The `Grid` *type*](grid.md)\n  \
                       - [Draft]()\n  \
                       - [Solvers](solvers/naive.md#top)\n\
                       \n\
                       ---\n\
                       \n\
                       # Appendix\n\
                       \n\
                       - [<Tangle>](<my tangle.md>)\n";
        let links = read_summary(summary);
        let got: Vec<_> =
            links.iter().map(|l| (l.line, l.title.as_str(), l.destination.as_str())).collect();
        assert_eq!(
            got,
            [
                (3, "Introduction", "README.md"),
                (5, "The Grid type", "grid.md"),
                (7, "Solvers", "solvers/naive.md#top"),
                (13, "", "my tangle.md"),
            ]
        );
    }

    #[test]
    fn module_names() {
        assert_eq!(module_name(Path::new("grid.md")).unwrap(), "grid");
        assert_eq!(module_name(Path::new("solvers/naked-singles.md")).unwrap(), "naked_singles");
        assert_eq!(module_name(Path::new("_private.md")).unwrap(), "_private");
        for bad in ["01-intro.md", "a.b.md", "_.md", "grille-née.md", "-.md"] {
            assert!(
                matches!(
                    module_name(Path::new(bad)),
                    Err(ErrorKind::BadModuleName { keyword: false, .. })
                ),
                "{bad}"
            );
        }
        for keyword in ["match.md", "self.md", "Self.md", "gen.md", "type.md"] {
            assert!(
                matches!(
                    module_name(Path::new(keyword)),
                    Err(ErrorKind::BadModuleName { keyword: true, .. })
                ),
                "{keyword}"
            );
        }
    }

    #[test]
    fn render_module_preserves_lines() {
        let code = [
            CodeLine { line: 3, text: "fn a() {}".into() },
            CodeLine { line: 5, text: "  b".into() },
        ];
        let file = render_module("book/x.md", 6, &code);
        assert_eq!(
            file,
            "// tangled from book/x.md by tools/tangle: edit the chapter, not this file\n\
             \n\
             fn a() {}\n\
             \n  \
             b\n\
             \n"
        );
    }

    #[test]
    fn book_path_uses_forward_slashes() {
        let rel = Path::new("solvers").join("dlx.md");
        assert_eq!(book_path(Path::new("book"), &rel), "book/solvers/dlx.md");
        assert_eq!(book_path(Path::new("book/"), &rel), "book/solvers/dlx.md");
        assert_eq!(book_path(Path::new(""), Path::new("x.md")), "x.md");
        assert_eq!(book_path(Path::new("/"), Path::new("x.md")), "/x.md");
    }
}
