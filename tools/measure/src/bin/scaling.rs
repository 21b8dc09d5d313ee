//! `scaling SUDOKU FILE...`: see the crate's documentation.

fn main() -> std::process::ExitCode {
    results::program::main(measure::scaling::run)
}
