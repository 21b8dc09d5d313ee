//! What the batch path costs beside the solver: reading and parsing a dataset, and writing its
//! solutions, measured against solving it, on the 17-clue collection.
//!
//! `cargo bench --bench batch`. Needs `$SUDOKU_DATA/17-clue.txt` (default `../shared/data`);
//! without it, it says so and measures nothing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use sudoku::output::line_bytes;
use sudoku::reader::Puzzles;
use sudoku::solver::SolverName;

fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_DATA").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join("shared").join("data")
    })
}

fn batch_stages(c: &mut Criterion) {
    let path = data_dir().join("17-clue.txt");
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!("batch bench: {} is missing; set SUDOKU_DATA. Nothing measured.", path.display());
        return;
    };
    let grids: Vec<_> = Puzzles::new(&bytes[..]).map(|p| p.expect("valid dataset").grid).collect();
    let solutions: Vec<_> =
        grids.iter().map(|g| SolverName::DEFAULT.search(g, 1, &mut ()).solutions[0]).collect();
    let mut group = c.benchmark_group("17-clue");
    group.throughput(Throughput::Elements(grids.len() as u64)).sample_size(10);
    group.bench_function("read and parse", |b| {
        b.iter(|| Puzzles::new(black_box(&bytes[..])).filter(Result::is_ok).count())
    });
    group.bench_function("write lines", |b| {
        let mut out = Vec::with_capacity(82 * solutions.len());
        b.iter(|| {
            out.clear();
            for s in &solutions {
                out.extend_from_slice(&line_bytes(black_box(s)));
                out.push(b'\n');
            }
            out.len()
        })
    });
    group.bench_function(format!("solve ({})", SolverName::DEFAULT.as_str()), |b| {
        b.iter(|| {
            grids.iter().map(|g| SolverName::DEFAULT.search(g, 1, &mut ()).stats.nodes).sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, batch_stages);
criterion_main!(benches);
