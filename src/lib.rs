//! A Sudoku solver written as a literate program.
//!
//! This crate's source is the book in `book/`: `build.rs` tangles each chapter's Rust code into
//! a module of the same name, line for line, so that an error at `representation.md.rs:42` is at
//! line 42 of `book/representation.md`. Read the book with `cargo book`; edit the chapters, never
//! the generated files.

include!(concat!(env!("OUT_DIR"), "/lib.rs"));
