//! Puzzles made per second on one thread, ours against the crates.io `sudoku` crate's
//! generator, side by side in one run, with the distribution of the givens of each.
//!
//! Both make puzzles from which no given (without symmetry) or no symmetric pair of givens (with
//! the half-turn symmetry, the crate's `Sudoku::generate()`) can be blanked. Rounds alternate the
//! two generators so that a machine busy with something else disturbs both alike; the rate of each
//! round is printed, then the minimum and median over the rounds.
//!
//! `cargo bench --bench generate` (environment: `GENERATE_ROUNDS`, default 7, and
//! `GENERATE_SECONDS` per round and generator, default 0.5).

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};
use sudoku::blanking::{Request, generate};
use sudoku::generator::puzzle_seed;
use sudoku::symmetric_patterns::Pattern;

fn env(name: &str, default: f64) -> f64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Makes puzzles with `make` for `budget`; returns puzzles per second and the count of each
/// number of givens.
fn rate(budget: Duration, mut make: impl FnMut(u64) -> usize) -> (f64, BTreeMap<usize, u64>) {
    let (start, mut made, mut givens) = (Instant::now(), 0u64, BTreeMap::new());
    while start.elapsed() < budget {
        *givens.entry(black_box(make(made))).or_insert(0) += 1;
        made += 1;
    }
    (made as f64 / start.elapsed().as_secs_f64(), givens)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn summary(givens: &BTreeMap<usize, u64>) -> String {
    let total: u64 = givens.values().sum();
    let mean = givens.iter().map(|(&g, &n)| g as f64 * n as f64).sum::<f64>() / total as f64;
    let histogram: Vec<String> = givens.iter().map(|(g, n)| format!("{g}:{n}")).collect();
    format!("{total} puzzles, {mean:.2} givens on average; {}", histogram.join(" "))
}

fn main() {
    let rounds = env("GENERATE_ROUNDS", 7.0) as usize;
    let budget = Duration::from_secs_f64(env("GENERATE_SECONDS", 0.5));
    let modes = [
        (Pattern::None, peer::Symmetry::None, "none"),
        (Pattern::Rot180, peer::Symmetry::HalfRotation, "rot180"),
    ];
    for (pattern, peer_symmetry, name) in modes {
        let request = Request { pattern, minimal: false, givens: None, max_tries: 1 };
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let (mut our_givens, mut their_givens) = (BTreeMap::new(), BTreeMap::new());
        let mut next = 0u64;
        for round in 0..rounds {
            let (r, g) = rate(budget, |_| {
                next += 1;
                let made = generate(&request, puzzle_seed(1, next), &|_, _| true);
                81 - made.expect("one try always makes a puzzle").puzzle.blanks()
            });
            ours.push(r);
            g.into_iter().for_each(|(k, n)| *our_givens.entry(k).or_insert(0) += n);
            let (r, g) = rate(budget, |_| {
                let solved = peer::Sudoku::generate_solved();
                let puzzle = peer::Sudoku::generate_with_symmetry_from(solved, peer_symmetry);
                puzzle.n_clues() as usize
            });
            theirs.push(r);
            g.into_iter().for_each(|(k, n)| *their_givens.entry(k).or_insert(0) += n);
            println!(
                "{name} round {round}: ours {:.0}/s, sudoku crate {:.0}/s",
                ours[round], theirs[round]
            );
        }
        let min = |xs: &[f64]| xs.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "{name}: ours min {:.0}/s median {:.0}/s; sudoku crate min {:.0}/s median {:.0}/s; \
             ratio of medians {:.2}",
            min(&ours),
            median(ours.clone()),
            min(&theirs),
            median(theirs.clone()),
            median(ours.clone()) / median(theirs.clone())
        );
        println!("{name} givens, ours: {}", summary(&our_givens));
        println!("{name} givens, sudoku crate: {}", summary(&their_givens));
    }
}
