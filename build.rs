//! Tangles the book: each chapter of `book/` with Rust code becomes a module file in `OUT_DIR`,
//! declared in `OUT_DIR/lib.rs`, which `src/lib.rs` includes (see `tools/tangle`).
//!
//! A malformed book fails the build with one `book/FILE.md:LINE: message` line per problem.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Cargo watches every file under the directory; the tangle's own code is a
    // build-dependency, so a change to it reruns this script too.
    println!("cargo::rerun-if-changed=book");
    let Some(out_dir) = std::env::var_os("OUT_DIR") else {
        eprintln!("build.rs: OUT_DIR is not set: run this through cargo");
        return ExitCode::FAILURE;
    };
    match tangle::tangle(Path::new("book"), &PathBuf::from(out_dir)) {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            // One problem a line, without a panic's backtrace around it.
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
