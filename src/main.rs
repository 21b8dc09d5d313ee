//! The `sudoku` command. All of it is in the book; see the chapter "The whole command line".

fn main() -> std::process::ExitCode {
    sudoku::command_line_full::main()
}
