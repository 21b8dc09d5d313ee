//! Criterion benchmarks: every solver of the book on the six built-in grids.
//!
//! Run with `cargo bench --bench solvers`; `cargo book --bench` runs it and weaves the results.
//! The fixed-order solver is exponential, so its sample count is kept low.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use sudoku::grids::BUILT_IN;
use sudoku::solver::SolverName;

fn built_in_grids(c: &mut Criterion) {
    for &solver in SolverName::ALL {
        let mut group = c.benchmark_group(format!("built-in/{}", solver.as_str()));
        if solver.exponential() {
            group.sample_size(10).measurement_time(Duration::from_secs(3));
        }
        for b in &BUILT_IN {
            let grid = b.grid();
            group.bench_with_input(BenchmarkId::from_parameter(b.name), &grid, |bench, grid| {
                bench.iter(|| solver.search(black_box(grid), 1, &mut ()))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, built_in_grids);
criterion_main!(benches);
