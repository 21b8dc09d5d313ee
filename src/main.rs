//! The `sudoku` command. All of it is in the book; see the chapter "The whole command line",
//! whose last section says why the program, and not the library, chooses its memory allocator.

// ANCHOR: allocator
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
// ANCHOR_END: allocator

fn main() -> std::process::ExitCode {
    sudoku::command_line_full::main()
}
