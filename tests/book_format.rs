//! The book's Rust code is formatted by rustfmt, block by block, like the rest of the workspace
//! (`cargo fmt` does not see inside Markdown).
//!
//! `FIX_BOOK_FORMAT=1 cargo test --test book_format` rewrites the chapters' blocks in place;
//! hidden lines (`# `) stay hidden.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The block formatted by rustfmt, or rustfmt's complaint.
fn rustfmt(code: &str) -> Result<String, String> {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2024", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run rustfmt: {e}"))?;
    child.stdin.take().unwrap().write_all(code.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn every_rust_block_of_the_book_is_rustfmt_formatted() {
    let fix = std::env::var_os("FIX_BOOK_FORMAT").is_some();
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("book");
    let mut problems = Vec::new();
    let mut chapters: Vec<_> =
        std::fs::read_dir(&book).unwrap().map(|e| e.unwrap().path()).collect();
    chapters.sort();
    for path in chapters.iter().filter(|p| p.extension().is_some_and(|e| e == "md")) {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!("book/{}", path.file_name().unwrap().to_string_lossy());
        let Ok(blocks) = tangle::rust_blocks(&text) else {
            continue; // the build reports unclosed fences
        };
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        // Replace from the last block up, so that earlier line numbers stay valid.
        for block in blocks.iter().rev() {
            let code: String = block.lines.iter().map(|(l, _)| format!("{l}\n")).collect();
            let formatted = match rustfmt(&code) {
                Ok(f) => f,
                Err(e) => {
                    problems.push(format!("{name}:{}: rustfmt failed: {e}", block.fence_line));
                    continue;
                }
            };
            if formatted == code {
                continue;
            }
            let first_diff = code.lines().zip(formatted.lines()).position(|(a, b)| a != b);
            let at = block.fence_line
                + 1
                + first_diff.unwrap_or(code.lines().count().min(formatted.lines().count()));
            problems.push(format!("{name}:{at}: this block is not formatted as rustfmt would"));
            if fix {
                // rustfmt sorts `use` lines, so a hidden `use` may come back changed: when every
                // `use` of the block was hidden, every `use` stays hidden.
                let hidden: Vec<&str> =
                    block.lines.iter().filter(|(_, h)| *h).map(|(l, _)| l.as_str()).collect();
                let uses_hidden =
                    block.lines.iter().filter(|(l, _)| l.starts_with("use ")).all(|(_, h)| *h);
                let hide = |l: &str| hidden.contains(&l) || (uses_hidden && l.starts_with("use "));
                let new: Vec<String> = formatted
                    .lines()
                    .map(|l| if hide(l) { format!("# {l}") } else { l.to_string() })
                    .collect();
                let start = block.fence_line; // the first code line's index (0-based) is the fence's line number
                lines.splice(start..start + block.lines.len(), new);
            }
        }
        if fix {
            std::fs::write(path, lines.join("\n") + "\n").unwrap();
        }
    }
    assert!(
        problems.is_empty(),
        "{}\n(FIX_BOOK_FORMAT=1 cargo test --test book_format fixes them)",
        problems.join("\n")
    );
}
