//! The solvers the binary offers, as `sudoku solvers` lists them (one JSON object a line): the
//! weave's source for their order and colours in tables and plots, so that a new solver needs no
//! change here.

use super::Ctx;
use crate::run::{self, Streams};
use anyhow::{Context, Result, ensure};
use serde_json::Value;
use std::time::Duration;

/// One solver of `sudoku solvers`.
#[derive(Debug, Clone, PartialEq)]
pub struct Solver {
    pub name: String,
    /// Whether it is one of the book's slow solvers, timed on the first puzzles only.
    pub slow: bool,
    /// Its colour in plots, `#rrggbb`.
    pub colour: String,
}

/// The solvers of the binary, in its order (the order of the book).
pub fn list(ctx: &Ctx) -> Result<Vec<Solver>> {
    let words = ["solvers".to_string()];
    let out = run::run(&ctx.sudoku, &words, &ctx.root, Duration::from_secs(10), Streams::Separate)?;
    ensure!(out.success(), "`sudoku solvers` failed: {}", out.describe(Duration::from_secs(10)));
    parse(&out.stdout)
}

/// The lines of `sudoku solvers`' output.
fn parse(text: &str) -> Result<Vec<Solver>> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line)
                .with_context(|| format!("`sudoku solvers` printed `{line}`"))?;
            let field = |key: &str| {
                v[key].as_str().map(String::from).with_context(|| format!("no `{key}` in `{line}`"))
            };
            Ok(Solver { name: field("name")?, slow: v["slow"] == true, colour: field("colour")? })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_read_in_order() {
        let text = "{\"name\":\"naive\",\"slow\":true,\"colour\":\"#8c564b\"}\n\
                    {\"name\":\"fast\",\"slow\":false,\"colour\":\"#1f77b4\"}\n";
        let solvers = parse(text).unwrap();
        assert_eq!(solvers.len(), 2);
        assert_eq!(solvers[0].name, "naive");
        assert!(solvers[0].slow && !solvers[1].slow);
        assert_eq!(solvers[1].colour, "#1f77b4");
        assert!(parse("{\"name\":\"x\"}").is_err(), "a solver without a colour");
        assert!(parse("not json").is_err());
    }
}
