//! `{{#example PROGRAM WORDS...}}` and `{{#measure PROGRAM WORDS...}}`: what a program of the
//! project prints, given the binary's path and the words.
//!
//! Everything the book needs that is not a transcript or a results file is such a program: the
//! boards of the technique chapters (`tools/board`), the trace player (`tools/trace`), the timing
//! tables, tables of counts and latency (`tools/measure`), the ladder's agreement, the rating
//! bench and the generator's tables (`examples/`). The weave knows none of them: it finds the
//! program by its name ([`crate::binary::program`]), builds it, runs it, and puts what it printed
//! in the page. The two directives differ only in how the weave keeps the output (`example`'s is
//! cached, `measure`'s frozen), which `weave.rs` decides from their rows.

use super::{Args, Ctx, Unmeasured};
use crate::binary;
use crate::run::{self, Streams};
use anyhow::{Context, Result, bail};
use results::program::FRESH;
use std::process::Command;
use std::time::Duration;

/// Longer than any program the book runs should take.
const LIMIT: Duration = Duration::from_secs(3600);

/// `{{#example PROGRAM WORDS...}}`.
pub fn example(ctx: &Ctx, args: &Args) -> Result<String> {
    run_program(ctx, args)
}

/// `{{#measure PROGRAM WORDS...}}`.
pub fn measure(ctx: &Ctx, args: &Args) -> Result<String> {
    run_program(ctx, args)
}

// ANCHOR: run_program
/// Runs the program the first word names, in the book's root, with the binary's path and the
/// other words: its output when it exits 0, its note (shown, not kept) when it exits 3, and
/// otherwise an error with what it said. `WEAVE_FRESH=1` tells it that this build measures
/// everything again.
fn run_program(ctx: &Ctx, args: &Args) -> Result<String> {
    let (name, words) = args.words.split_first().context("name the program to run")?;
    let program = binary::program(&ctx.root, name)?;
    let executable = binary::build_program(&ctx.root, &program)?;
    let mut command = Command::new(executable);
    command.arg(&ctx.sudoku).args(words).current_dir(&ctx.root);
    match ctx.store.fresh() {
        true => command.env(FRESH, "1"),
        false => command.env_remove(FRESH),
    };
    let out = run::run_command(command, LIMIT, Streams::Separate)?;
    match out.code() {
        Some(0) => Ok(out.stdout),
        Some(3) => Err(Unmeasured(out.stdout.trim_end().to_string()).into()),
        _ => bail!("the program `{name}` failed ({}): {}", out.describe(LIMIT), out.stderr.trim()),
    }
}
// ANCHOR_END: run_program
