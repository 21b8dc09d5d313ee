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

/// `text` in a Markdown code span, which smart punctuation and emphasis leave alone.
pub fn code_span(text: &str) -> String {
    let ticks = if text.contains('`') { "``" } else { "`" };
    format!("{ticks}{text}{ticks}")
}

/// `text` in an HTML `<code>` element, escaped: inside an HTML block, such as a figure's caption,
/// Markdown is not read, and a code span would show its backticks.
pub fn html_code(text: &str) -> String {
    format!("<code>{}</code>", html_escape(text))
}

/// `text` with the three characters HTML would read escaped.
pub fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Markdown with code spans as HTML: the spans as `<code>` elements, the rest escaped (for a
/// caption or a cell inside an HTML block).
pub fn spans_as_html(text: &str) -> String {
    text.split('`')
        .enumerate()
        .map(|(k, part)| if k % 2 == 1 { html_code(part) } else { html_escape(part) })
        .collect()
}

/// A fenced code block of `info` around `body`, its fence longer than any run of backticks in
/// the body.
pub fn fenced(info: &str, body: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in body.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat((longest + 1).max(3));
    let body = body.trim_end();
    format!("{fence}{info}\n{body}\n{fence}")
}

/// The objects that `sudoku --format json` printed, one a non-blank line; an error if a line is
/// not JSON or if there is none.
pub fn json_lines(stdout: &str) -> Result<Vec<serde_json::Value>> {
    let values = stdout
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).with_context(|| format!("not a JSON line: {line}")))
        .collect::<Result<Vec<serde_json::Value>>>()?;
    anyhow::ensure!(!values.is_empty(), "the binary printed no JSON line");
    Ok(values)
}

/// The option `limit=SECONDS` (`default` when not given): positive, and short enough for a
/// `Duration` (so `limit=inf` is an error, not a panic).
pub fn time_limit(options: &BTreeMap<&str, &str>, default: f64) -> Result<std::time::Duration> {
    let seconds: f64 = number(options, "limit", default)?;
    anyhow::ensure!(seconds > 0.0, "`limit` must be positive");
    std::time::Duration::try_from_secs_f64(seconds)
        .ok()
        .with_context(|| format!("`limit={seconds}`: too long"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_separated_from_positional_words() {
        let words: Vec<String> =
            ["easy", "hard", "solvers=naive,mrv", "runs=3"].iter().map(|w| w.to_string()).collect();
        let (grids, options) =
            crate::words::options(&words, &["solvers", "runs", "limit"]).unwrap();
        assert_eq!(grids, ["easy", "hard"]);
        assert_eq!(options["solvers"], "naive,mrv");
        assert!(!options.contains_key("limit"));
        let err = crate::words::options(&words, &["solvers"]).unwrap_err().to_string();
        assert_eq!(err, "unknown option `runs` (known: solvers)");
        let twice = vec!["runs=1".to_string(), "runs=2".to_string()];
        assert!(crate::words::options(&twice, &["runs"]).is_err());
    }

    #[test]
    fn json_lines_skip_blank_lines_and_need_one() {
        assert_eq!(json_lines("{\"a\":1}\n\n{\"a\":2}\n").unwrap().len(), 2);
        assert!(json_lines("").is_err());
        assert!(json_lines("Solution 1:").is_err());
    }

    #[test]
    fn html_is_escaped_and_spans_become_code() {
        assert_eq!(html_code("a<b> & c"), "<code>a&lt;b&gt; &amp; c</code>");
        assert_eq!(spans_as_html("a `b<c>` & d"), "a <code>b&lt;c&gt;</code> &amp; d");
        assert_eq!(code_span("a`b"), "``a`b``");
    }

    #[test]
    fn fences_outgrow_the_backticks_inside() {
        assert_eq!(fenced("console", "$ sudoku\n\n"), "```console\n$ sudoku\n```");
        assert_eq!(fenced("text", "a ``` b"), "````text\na ``` b\n````");
    }

    #[test]
    fn numbers_and_time_limits_are_checked() {
        let words: Vec<String> = ["runs=3", "limit=fast"].iter().map(|w| w.to_string()).collect();
        let (_, options) = crate::words::options(&words, &["runs", "limit", "count"]).unwrap();
        assert_eq!(number(&options, "runs", 5).unwrap(), 3);
        assert_eq!(number(&options, "count", 7).unwrap(), 7);
        assert!(time_limit(&options, 10.0).is_err());
        for (word, ok) in [("limit=0.5", true), ("limit=0", false), ("limit=inf", false)] {
            let words = vec![word.to_string()];
            let (_, options) = crate::words::options(&words, &["limit"]).unwrap();
            assert_eq!(time_limit(&options, 10.0).is_ok(), ok, "{word}");
        }
    }
}
