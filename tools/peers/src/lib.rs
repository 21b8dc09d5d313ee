//! Other people's solvers, for the benchmarks only: never a dependency of the `sudoku` program.

/// tdoku (Tom Dillon, BSD-2-Clause), compiled from its C++ sources by this crate's build script
/// when they and a compiler are there.
pub mod tdoku {
    /// What tdoku was built with (compiler and flags), or `None` when it was not built.
    pub fn build() -> Option<&'static str> {
        option_env!("TDOKU_BUILD")
    }

    /// Whether tdoku was built.
    pub fn available() -> bool {
        cfg!(tdoku)
    }

    /// tdoku's answer for one puzzle (81 bytes, `1`-`9` or `.`): how many solutions it found up
    /// to `limit`, and its guesses. `None` when tdoku was not built.
    pub fn solve(puzzle: &[u8; 81], limit: usize) -> Option<(usize, usize)> {
        imp::solve(puzzle, limit).map(|(count, guesses, _)| (count, guesses))
    }

    /// tdoku's first solution of one puzzle, as 81 digits `1`-`9`: `Some(None)` when the puzzle
    /// has none, `None` when tdoku was not built. tdoku writes the solution it stops at, which
    /// with a limit of 1 is the first.
    pub fn first_solution(puzzle: &[u8; 81]) -> Option<Option<[u8; 81]>> {
        imp::solve(puzzle, 1).map(|(count, _, solution)| (count > 0).then_some(solution))
    }

    #[cfg(tdoku)]
    mod imp {
        unsafe extern "C" {
            fn TdokuSolverDpllTriadSimd(
                input: *const u8,
                limit: usize,
                configuration: u32,
                solution: *mut u8,
                num_guesses: *mut usize,
            ) -> usize;
        }

        pub fn solve(puzzle: &[u8; 81], limit: usize) -> Option<(usize, usize, [u8; 81])> {
            let mut input = [0u8; 82]; // 81 cells and a NUL: tdoku reads `input[81]` to tell a
            input[..81].copy_from_slice(puzzle); // plain puzzle from a pencilmark one
            let mut solution = [0u8; 81];
            let mut guesses = 0usize;
            // SAFETY: the one way into tdoku, a C function, so it cannot be called without
            // `unsafe`. It reads 82 bytes of `input` (cells, then the NUL that marks a plain
            // puzzle), writes at most 81 bytes of `solution` and one `size_t`, all owned here
            // and alive for the call; it keeps no pointer after it returns.
            let count = unsafe {
                TdokuSolverDpllTriadSimd(
                    input.as_ptr(),
                    limit,
                    0,
                    solution.as_mut_ptr(),
                    &mut guesses,
                )
            };
            Some((count, guesses, solution))
        }
    }

    #[cfg(not(tdoku))]
    mod imp {
        pub fn solve(_: &[u8; 81], _: usize) -> Option<(usize, usize, [u8; 81])> {
            None
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn tdoku_solves_and_counts_when_built() {
            let puzzle = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
            match solve(&puzzle, 2) {
                Some((count, _)) => assert_eq!(count, 1),
                None => assert!(!available() && build().is_none()),
            }
            // The empty grid has many solutions: tdoku stops at the limit, after guessing.
            if let Some((count, guesses)) = solve(&[b'.'; 81], 2) {
                assert_eq!(count, 2);
                assert!(guesses > 0);
            }
        }

        #[test]
        fn the_first_solution_keeps_the_clues_and_fills_every_unit() {
            let puzzle = *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
            let Some(found) = first_solution(&puzzle) else {
                return assert!(!available());
            };
            let solution = found.expect("the puzzle has a solution");
            for (clue, digit) in puzzle.iter().zip(&solution) {
                assert!(*clue == b'.' || clue == digit);
            }
            for unit in 0..9 {
                let digits = |cell: &dyn Fn(usize) -> usize| {
                    let mut seen: Vec<u8> = (0..9).map(|k| solution[cell(k)]).collect();
                    seen.sort();
                    seen
                };
                let all = b"123456789".to_vec();
                assert_eq!(digits(&|k| unit * 9 + k), all);
                assert_eq!(digits(&|k| k * 9 + unit), all);
                assert_eq!(digits(&|k| (unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3), all);
            }
            // Two 1s in the first row: no solution.
            let mut broken = puzzle;
            broken[2] = b'5';
            assert_eq!(first_solution(&broken), Some(None));
        }
    }
}
