//! `trace SUDOKU GRID... OPTIONS`: the player, as the crate's documentation says.

fn main() -> std::process::ExitCode {
    results::program::main(trace::run)
}
