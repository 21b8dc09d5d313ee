//! The book's measurements of the `sudoku` binary: programs that the weave's generic `measure`
//! directive runs, each printing a Markdown table that the weave freezes in `book/results/`.
//! The weave knows none of them; they know the binary only through its command line.
//!
//! - `timings SUDOKU GRID... solvers=LIST runs=N limit=S reference=T,... reference-label=TEXT`
//!   ([`timings`]): solve times, a row per grid and a column per solver.
//! - `stats SUDOKU GRID... solvers=LIST limit=S count=N` ([`stats`]): guesses and nodes.
//! - `latency SUDOKU GRID jobs=1,2 runs=N copies=M` ([`latency`]): how soon an answer comes
//!   through a pipe, and puzzles a second from a file and from a pipe.
//! - `scaling SUDOKU FILE[:N]... rounds=R` ([`scaling`]): puzzles a second `sudoku rate`
//!   rates on one thread and on two.
//!
//! Each is run as every program of the book is (`results::program`): in the book's root, with
//! the binary's path first, then the directive's words; it prints its table and exits 0, or says
//! what is wrong on standard error and exits 1.
//!
//! This is a small crate of the workspace, not a set of examples of the solver's crate, so that
//! measuring never builds the solver's dev-dependencies.

pub mod latency;
pub mod scaling;
pub mod stats;
pub mod timings;

use anyhow::Result;
pub use results::program::{Args, Ctx};

/// The cells of a grid-by-solver table: `measure(grid, solver)` for every grid and solver, one
/// row per grid, in the order given. `timings` and `stats` both fill their tables so.
pub fn grid_by_solver<S: Copy, C>(
    grids: &[&str],
    solvers: &[S],
    mut measure: impl FnMut(&str, S) -> Result<C>,
) -> Result<Vec<Vec<C>>> {
    grids.iter().map(|grid| solvers.iter().map(|&solver| measure(grid, solver)).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_by_solver_fills_rows_of_grids() {
        let cells = grid_by_solver(&["a", "b"], &[1, 2, 3], |grid, n| Ok(format!("{grid}{n}")));
        assert_eq!(cells.unwrap(), [["a1", "a2", "a3"], ["b1", "b2", "b3"]]);
        let failed = grid_by_solver(&["a"], &[1], |_, _| -> Result<()> { anyhow::bail!("no") });
        assert!(failed.is_err());
    }
}
