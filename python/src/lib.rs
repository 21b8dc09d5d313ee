//! The Python module `literate_sudoku`: the engine's facade (`sudoku::{Puzzle, Rater, Generator}`)
//! behind a few functions. The book's chapter "The engine in Python" says what each does.

use pyo3::exceptions::{PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyAny;
use serde_json::{Value, json};
use std::time::Duration;
use sudoku::{Generator, Pattern, Puzzle, Rater, Unrated};

// ANCHOR: errors
/// A text that is not a puzzle: `ValueError`, with the line and column in its message.
fn read(text: &str) -> PyResult<Puzzle> {
    text.parse().map_err(|e: sudoku::ParseError| PyValueError::new_err(e.to_string()))
}

/// A puzzle without one solution is a `ValueError`, as it is an error on the command line; a
/// puzzle out of time a `TimeoutError`.
fn unrated(why: Unrated) -> PyErr {
    match why {
        Unrated::Timeout { .. } => PyTimeoutError::new_err(why.to_string()),
        _ => PyValueError::new_err(why.to_string()),
    }
}
// ANCHOR_END: errors

/// The rater, with `timeout` seconds a puzzle if given.
fn rater(timeout: Option<f64>) -> PyResult<Rater> {
    match timeout {
        None => Ok(Rater::new()),
        Some(t) => match Duration::try_from_secs_f64(t) {
            Ok(time) => Ok(Rater::new().with_deadline(time)),
            Err(_) => {
                Err(PyValueError::new_err(format!("timeout {t}: a number of seconds, 0 or more")))
            }
        },
    }
}

/// JSON made in Rust, as Python objects: one call of `json.loads`.
fn python(py: Python<'_>, json: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
}

/// The puzzle's one solution, as 81 digits, or `None` when it has none or several.
#[pyfunction]
fn solve(py: Python<'_>, s: &str) -> PyResult<Option<String>> {
    let puzzle = read(s)?;
    Ok(py.detach(|| puzzle.solve()).map(|solution| solution.to_string()))
}

/// How many solutions the puzzle has, counting up to `limit`.
#[pyfunction]
#[pyo3(signature = (s, limit = 2))]
fn count(py: Python<'_>, s: &str, limit: usize) -> PyResult<usize> {
    let puzzle = read(s)?;
    Ok(py.detach(|| puzzle.count_solutions(limit)))
}

// ANCHOR: record
/// The record of `text` as `sudoku rate` writes it: `status`, and `er`, `ep`, `ed` (`None`
/// when there is no rating), `beyond` or `finished` when they apply; an `invalid` record with
/// its `error` when the text is not a puzzle.
fn rate_record(rater: &Rater, text: &str) -> Value {
    let puzzle: Puzzle = match text.parse() {
        Ok(puzzle) => puzzle,
        Err(e) => {
            let (message, line, column) = (e.message.clone(), e.line, e.column);
            let error = json!({ "message": message, "line": line, "column": column });
            let record = json!({ "status": "invalid", "error": error, "puzzle": null });
            return with_ratings(record, None);
        }
    };
    let record = json!({ "puzzle": puzzle.to_string() });
    match rater.rate(&puzzle) {
        Ok(rating) => {
            let rated = json!({ "status": "rated", "er": rating.er });
            let (ep, ed) = match rating.steps {
                0 => (None, None),
                _ => (Some(rating.ep), Some(rating.ed)),
            };
            with_ratings(merge(record, rated), Some((rating.er, ep, ed)))
        }
        Err(why) => {
            let mut unrated = json!({ "status": why.status() });
            match why {
                Unrated::Beyond { .. } => unrated["beyond"] = sudoku::rating::BEYOND.name().into(),
                Unrated::Timeout { finished, .. } => unrated["finished"] = finished.into(),
                _ => {}
            }
            with_ratings(merge(record, unrated), None)
        }
    }
}
// ANCHOR_END: record

/// `record` with `er`, `ep` and `ed`, each `null` when there is no such rating.
fn with_ratings(record: Value, ratings: Option<(f64, Option<f64>, Option<f64>)>) -> Value {
    let (er, ep, ed) = match ratings {
        Some((er, ep, ed)) => (Some(er), ep, ed),
        None => (None, None, None),
    };
    merge(record, json!({ "er": er, "ep": ep, "ed": ed }))
}

/// The fields of both objects.
fn merge(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

/// The puzzle's rating on Sudoku Explainer's scale, as a dict like `sudoku rate`'s record.
#[pyfunction]
#[pyo3(signature = (s, timeout = None))]
fn rate(py: Python<'_>, s: &str, timeout: Option<f64>) -> PyResult<Py<PyAny>> {
    read(s)?;
    let rater = rater(timeout)?;
    let record = py.detach(|| rate_record(&rater, s).to_string());
    python(py, &record)
}

// ANCHOR: rate_many
/// The records of `puzzles`, in their order, rated on `jobs` threads (0, and at most: one a core),
/// without Python's global lock.
#[pyfunction]
#[pyo3(signature = (puzzles, jobs = 0, timeout = None))]
fn rate_many(
    py: Python<'_>,
    puzzles: Vec<String>,
    jobs: usize,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    use rayon::prelude::*;
    let rater = rater(timeout)?;
    // As many threads as asked, at most one a core, as `--jobs` gives.
    let threads = sudoku::command_line::threads((jobs > 0).then_some(jobs as u64));
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    let pool = pool.map_err(|e| PyValueError::new_err(format!("jobs {jobs}: {e}")))?;
    let records = py.detach(|| {
        let records: Vec<Value> =
            pool.install(|| puzzles.par_iter().map(|s| rate_record(&rater, s)).collect());
        Value::Array(records).to_string()
    });
    python(py, &records)
}
// ANCHOR_END: rate_many

/// The next step a person would take, as a dict like `sudoku hint --format json`'s, or `None`
/// when there is none to give: the grid is full, or no technique of the ladder applies.
#[pyfunction]
#[pyo3(signature = (s, timeout = None))]
fn hint(py: Python<'_>, s: &str, timeout: Option<f64>) -> PyResult<Option<Py<PyAny>>> {
    let (puzzle, rater) = (read(s)?, rater(timeout)?);
    match py.detach(|| rater.hint(&puzzle)) {
        Ok(Some(step)) => Ok(Some(python(py, &step.to_json())?)),
        Ok(None) | Err(Unrated::Beyond { .. }) => Ok(None),
        Err(why) => Err(unrated(why)),
    }
}

/// The easiest-first path, a list of steps like `hint`'s: to the solution, or as far as the
/// ladder goes.
#[pyfunction]
#[pyo3(signature = (s, timeout = None))]
fn explain(py: Python<'_>, s: &str, timeout: Option<f64>) -> PyResult<Py<PyAny>> {
    let (puzzle, rater) = (read(s)?, rater(timeout)?);
    let steps = py.detach(|| rater.explain(&puzzle)).map_err(unrated)?;
    let json: Vec<String> = steps.iter().map(|step| step.to_json()).collect();
    python(py, &format!("[{}]", json.join(",")))
}

/// New puzzles with one solution, as `sudoku generate` makes them: the same seed, the same
/// puzzles.
#[pyfunction]
#[pyo3(signature = (count = 1, seed = 0, symmetry = "none", minimal = false, givens = None,
                    rating = None, max_tries = 10_000))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    count: u64,
    seed: u64,
    symmetry: &str,
    minimal: bool,
    givens: Option<(usize, usize)>,
    rating: Option<(f64, f64)>,
    max_tries: u64,
) -> PyResult<Vec<String>> {
    let pattern: Pattern = symmetry.parse().map_err(PyValueError::new_err)?;
    let mut generator = Generator::new().count(count).seed(seed).symmetry(pattern).minimal(minimal);
    generator = generator.max_tries(max_tries);
    if let Some((low, high)) = givens {
        generator = generator.givens(low..=high);
    }
    if let Some((low, high)) = rating {
        generator = generator.rating(low..=high);
    }
    let made = py.detach(|| generator.generate());
    let made = made.map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(made.iter().map(|puzzle| puzzle.to_string()).collect())
}

/// The module: the functions above.
#[pymodule]
fn literate_sudoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    Ok(())
}
