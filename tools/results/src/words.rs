//! The words of a directive or of a tool the weave runs (positional words and `key=value`
//! options, read one way everywhere), and the pieces of Markdown they print.

use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;

/// Splits `words` into positional ones and `key=value` options, refusing a key not in `known`
/// (so that a misspelt option is an error, not a grid name) or given twice.
pub fn options<'a>(
    words: &'a [String],
    known: &[&str],
) -> Result<(Vec<&'a str>, BTreeMap<&'a str, &'a str>)> {
    let mut positional = Vec::new();
    let mut options = BTreeMap::new();
    for word in words {
        match word.split_once('=') {
            Some((key, value)) if known.contains(&key) => {
                if options.insert(key, value).is_some() {
                    bail!("option `{key}` given twice");
                }
            }
            Some((key, _)) => bail!("unknown option `{key}` (known: {})", known.join(", ")),
            None => positional.push(word.as_str()),
        }
    }
    Ok((positional, options))
}

/// The value of option `key` parsed as a number, or `default` when it is not given.
pub fn number<T: std::str::FromStr>(
    options: &BTreeMap<&str, &str>,
    key: &str,
    default: T,
) -> Result<T> {
    match options.get(key) {
        None => Ok(default),
        Some(text) => text.parse().ok().with_context(|| format!("`{key}={text}`: not a number")),
    }
}

/// A file of the datasets: under `$SUDOKU_DATA`, by default `../shared/data` beside the
/// repository (the current directory).
pub fn data_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::var_os("SUDOKU_DATA")
        .map_or_else(|| std::path::PathBuf::from("../shared/data"), std::path::PathBuf::from);
    dir.join(name)
}

/// `text` in a Markdown code span.
pub fn code_span(text: &str) -> String {
    format!("`{text}`")
}

/// A Markdown table: the first column left-aligned (its names), the others right-aligned (their
/// numbers).
pub fn table(header: &[String], rows: &[Vec<String>]) -> String {
    let line = |cells: &[String]| format!("| {} |", cells.join(" | "));
    let mut align = vec![":---".to_string()];
    align.extend(std::iter::repeat_n("---:".to_string(), header.len() - 1));
    let mut lines = vec![line(header), line(&align)];
    lines.extend(rows.iter().map(|row| line(row)));
    lines.join("\n")
}
