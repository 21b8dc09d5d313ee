//! Tangles the book: each chapter of `book/` with Rust code becomes a module file in `OUT_DIR`,
//! declared in `OUT_DIR/lib.rs`, which `src/lib.rs` includes (see `tools/tangle`).
//!
//! A malformed book fails the build with one `book/FILE.md:LINE: message` line per problem.
//!
//! The crate's front page is the module documentation (`//!`) of the chapter "Using the engine
//! from Rust and Python", copied into `OUT_DIR/front.md` for `src/lib.rs` to include.

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
    let out_dir = PathBuf::from(out_dir);
    match tangle::tangle(Path::new("book"), &out_dir) {
        Ok(tangled) => match front_page(&tangled, &out_dir.join("front.md")) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("build.rs: the front page: {error}");
                ExitCode::FAILURE
            }
        },
        Err(error) => {
            // One problem a line, without a panic's backtrace around it.
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the module documentation of the chapter `library` into `front`, without its `//!`
/// marks, if it changed; nothing, for a book without that chapter (the tangle's tests make such
/// books).
fn front_page(tangled: &tangle::Tangled, front: &Path) -> std::io::Result<()> {
    let library = tangled.modules.iter().find(|m| m.name == "library");
    let source = match library {
        Some(library) => std::fs::read_to_string(&library.file)?,
        None => String::new(),
    };
    let lines = source.lines().filter_map(|line| line.strip_prefix("//!"));
    let text: String =
        lines.map(|line| format!("{}\n", line.strip_prefix(' ').unwrap_or(line))).collect();
    if std::fs::read_to_string(front).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(front, text)?;
    }
    Ok(())
}
