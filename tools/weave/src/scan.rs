//! Finding `{{#name args}}` directives in a chapter's Markdown.
//!
//! The syntax is mdBook's own: `{{#` right before a name of ASCII letters, digits and `_`, then
//! the arguments, then `}}`. Two additions of ours: a `!` right after the name (`{{#run! ...}}`)
//! and directives without arguments (`{{#machine}}`). As in mdBook, a backslash right before the
//! braces (`\{{#run easy}}`) escapes the directive: the scanner skips it and leaves the
//! backslash in place, for mdBook's `links` preprocessor, which runs after us, to remove.
//!
//! The scanner knows nothing of which names exist: the weaver decides what to do with each.

/// One directive found in a chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call<'a> {
    /// Byte offset of the opening `{{`.
    pub start: usize,
    /// Byte offset just past the closing `}}`.
    pub end: usize,
    /// The name after `{{#`, never empty.
    pub name: &'a str,
    /// Whether a `!` follows the name.
    pub bang: bool,
    /// Everything between the name (or its `!`) and the closing `}}`, untrimmed.
    pub args: &'a str,
}

/// What the scanner reports: a directive, or a name that starts one but is not well formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found<'a> {
    Call(Call<'a>),
    /// `{{#name` not followed by a well-formed rest; `why` says what is wrong.
    Malformed {
        start: usize,
        name: &'a str,
        why: &'static str,
    },
}

impl Found<'_> {
    /// Byte offset of the opening `{{`.
    pub fn start(&self) -> usize {
        match self {
            Found::Call(call) => call.start,
            Found::Malformed { start, .. } => *start,
        }
    }
}

// ANCHOR: scan
/// Every unescaped directive of `text`, in order.
///
/// `{{#` followed by no name at all (as in a Rust format string `"{{#{}}}"`) is not a
/// directive and is skipped, like mdBook does.
pub fn scan(text: &str) -> Vec<Found<'_>> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("{{#") {
        let start = from + at;
        from = start + 3;
        if text[..start].ends_with('\\') {
            continue; // escaped: mdBook's links preprocessor drops the backslash later
        }
        let rest = &text[from..];
        let name_len =
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if name_len == 0 {
            continue;
        }
        let name = &rest[..name_len];
        let mut after = &rest[name_len..];
        let bang = after.starts_with('!');
        if bang {
            after = &after[1..];
        }
        let args_start = text.len() - after.len();
        if !(after.starts_with("}}") || after.starts_with(char::is_whitespace)) {
            let why = "expected a space or `}}` after the directive's name";
            found.push(Found::Malformed { start, name, why });
            continue;
        }
        // An unclosed directive must not swallow the next one.
        let close = after.find("}}").filter(|&c| !after[..c].contains("{{#"));
        match close {
            Some(close) => {
                let args = &after[..close];
                let end = args_start + close + 2;
                found.push(Found::Call(Call { start, end, name, bang, args }));
                from = end;
            }
            None => {
                let why = "no closing `}}`";
                found.push(Found::Malformed { start, name, why });
            }
        }
    }
    found
}
// ANCHOR_END: scan

/// The 1-based line number of byte `offset` in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset].iter().filter(|&&b| b == b'\n').count()
}

/// The text before `offset` on its line.
pub fn line_before(text: &str, offset: usize) -> &str {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    &text[line_start..offset]
}

/// The text after `offset` up to (not including) the end of its line.
pub fn line_after(text: &str, offset: usize) -> &str {
    let rest = &text[offset..];
    &rest[..rest.find('\n').unwrap_or(rest.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(text: &str) -> Vec<(&str, bool, &str)> {
        scan(text)
            .into_iter()
            .map(|found| match found {
                Found::Call(c) => (c.name, c.bang, c.args),
                Found::Malformed { name, why, .. } => (name, false, why),
            })
            .collect()
    }

    #[test]
    fn finds_directives_with_and_without_arguments() {
        let text = "a {{#run easy hard}} b {{#machine}} c {{#run! bad.txt}}";
        assert_eq!(
            calls(text),
            [("run", false, " easy hard"), ("machine", false, ""), ("run", true, " bad.txt"),]
        );
    }

    #[test]
    fn offsets_cover_the_whole_directive() {
        let text = "ab {{#run easy}} cd";
        let Found::Call(call) = &scan(text)[0] else { panic!("not a call") };
        assert_eq!(&text[call.start..call.end], "{{#run easy}}");
    }

    #[test]
    fn escaped_directives_are_skipped_and_keep_their_backslash() {
        let text = r"show \{{#run easy}} literally, run {{#machine}}";
        assert_eq!(calls(text), [("machine", false, "")]);
    }

    #[test]
    fn nameless_braces_are_not_directives() {
        assert!(scan(r#"format!("{{#{}}}", x)"#).is_empty());
        assert!(scan("{{# sudoku}}").is_empty());
    }

    #[test]
    fn malformed_directives_are_reported() {
        assert_eq!(calls("{{#run easy\n\nmore text"), [("run", false, "no closing `}}`")]);
        assert_eq!(
            calls("{{#run easy\n{{#machine}}"),
            [("run", false, "no closing `}}`"), ("machine", false, "")]
        );
        assert_eq!(
            calls("{{#run:easy}}"),
            [("run", false, "expected a space or `}}` after the directive's name")]
        );
    }

    #[test]
    fn arguments_may_span_lines() {
        let text = "{{#measure timings easy\n    hard runs=3}}";
        assert_eq!(calls(text), [("measure", false, " timings easy\n    hard runs=3")]);
    }

    #[test]
    fn line_numbers_count_from_one() {
        let text = "one\ntwo\n{{#machine}}\n";
        let start = scan(text)[0].start();
        assert_eq!(line_of(text, start), 3);
        assert_eq!(line_of(text, 0), 1);
        assert_eq!(line_before(text, start + 2), "{{");
        assert_eq!(line_after(text, start + 2), "#machine}}");
    }
}
