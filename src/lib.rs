// The front page is the first lines of the chapter "Using the engine from Rust and Python"
// (book/library.md), copied out by build.rs. This crate's source is the book in `book/`:
// `build.rs` tangles each chapter's Rust code into a module of the same name, line for line, so
// that an error at `representation.md.rs:42` is at line 42 of `book/representation.md`. Read the
// book with `cargo book`; edit the chapters, never the generated files.
#![doc = include_str!(concat!(env!("OUT_DIR"), "/front.md"))]

include!(concat!(env!("OUT_DIR"), "/lib.rs"));

// The library's names (book/library.md, book/library-generator.md), at the root.
#[doc(inline)]
pub use library::{ParseError, Puzzle, Rater, Rating, SolverName, Step, Unrated};
#[doc(inline)]
pub use library_generator::{GenerateError, Generator, Pattern};
