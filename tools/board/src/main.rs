//! `board SUDOKU WORDS...`: the board of a step, as the crate's documentation says; the weave's
//! generic `example` directive runs it (`{{#example board x-wing}}`).

use results::program::{Args, Ctx, Note};

fn main() -> std::process::ExitCode {
    results::program::main(board)
}

/// The figure, or the note shown instead when the data file is missing.
fn board(ctx: &Ctx, args: &Args) -> anyhow::Result<String> {
    board::run(&ctx.sudoku, &ctx.root, &args.words)?.map_err(|note| Note(note).into())
}
