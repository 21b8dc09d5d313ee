//! `timings SUDOKU WORDS...`: see the crate's documentation.

fn main() -> std::process::ExitCode {
    results::program::main(measure::timings::run)
}
