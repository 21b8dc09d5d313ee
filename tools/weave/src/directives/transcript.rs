//! `{{#run ARGS}}`: a transcript of the binary run with `ARGS`.
//!
//! Becomes a `console` block: `$ sudoku ARGS`, then what the binary printed, standard output and
//! standard error interleaved as in a terminal. The run must exit 0; `{{#run! ARGS}}` states
//! instead that it must fail (exit non-zero), for showing error messages, and the block then
//! ends with the exit status. With `--markdown` among `ARGS`, the binary writes Markdown (a
//! table), which the page shows as it is, without the transcript around it.

use super::{Args, Ctx};
use crate::run::{self, Streams};
use anyhow::{Result, bail};
use results::words::fenced;
use std::time::Duration;

/// The option that asks the binary for Markdown, which the page shows as it is.
const MARKDOWN: &str = "--markdown";

/// Longer than any example should take: a run past it is a bug, not a slow machine.
const LIMIT: Duration = Duration::from_secs(120);

// ANCHOR: run
pub fn run(ctx: &Ctx, args: &Args) -> Result<String> {
    let out = run::run(&ctx.sudoku, &args.words, &ctx.root, LIMIT, Streams::Merged)?;
    let status = out.describe(LIMIT);
    match (out.success(), args.bang) {
        (true, false) => {}
        (false, true) if !out.timed_out() => {}
        (true, true) => bail!("expected `sudoku {}` to fail, but it exited 0", args.text),
        (false, _) => bail!(
            "`sudoku {}` failed ({status}); if that is the point, write `{{{{#run! ...}}}}`\n{}",
            args.text,
            tail(&out.stdout, 20),
        ),
    }
    // What the binary writes as Markdown (a table) is the page's own text, not a transcript.
    if out.success() && args.words.iter().any(|word| word == MARKDOWN) {
        return Ok(out.stdout.trim_end().to_string());
    }
    let mut transcript = format!("$ sudoku {}\n{}", args.text, out.stdout);
    if !out.success() {
        transcript = format!("{}\n[{status}]", transcript.trim_end());
    }
    Ok(fenced("console", &transcript))
}
// ANCHOR_END: run

/// The last `n` lines of `text`, indented, for error messages.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let start = lines.len().saturating_sub(n);
    lines[start..].iter().map(|line| format!("    | {line}")).collect::<Vec<_>>().join("\n")
}
