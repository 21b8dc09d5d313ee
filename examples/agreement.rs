//! The ladder's agreement with its peers, as JSON for the book's tables (the weave's
//! `agreement` directive runs it; the checks are the crate's, `sudoku::agreement`, which the
//! tests `reglib` and `se_rated` run too).
//!
//!     agreement reglib FILE   HoDoKu's regression library: per code, cases passed and failed
//!     agreement se FILE       Sudoku Explainer's ratings (`PUZZLE ER EP ED`): the bands
//!
//! Exits 2 with a message when the file cannot be read or a line of it is malformed.

use serde_json::json;
use sudoku::agreement::{check_library, se_agreement};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, file] = args.as_slice() else {
        fail("usage: agreement reglib|se FILE".into());
    };
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| fail(format!("{file}: {e}")));
    let value = match kind.as_str() {
        "reglib" => {
            let reports = check_library(&text).unwrap_or_else(|e| fail(format!("{file}: {e}")));
            let codes: Vec<serde_json::Value> = reports
                .iter()
                .map(|r| {
                    let failures: Vec<serde_json::Value> = r
                        .failures
                        .iter()
                        .map(|(line, why)| json!({"line": line, "why": why}))
                        .collect();
                    let differences: Vec<serde_json::Value> = r
                        .differences
                        .iter()
                        .map(|(line, why)| json!({"line": line, "why": why}))
                        .collect();
                    json!({
                        "code": r.code,
                        "technique": r.technique.name(),
                        "passed": r.passed,
                        "total": r.total,
                        "failures": failures,
                        "differences": differences,
                    })
                })
                .collect();
            json!({"codes": codes})
        }
        "se" => {
            let (bands, otherwise) =
                se_agreement(&text).unwrap_or_else(|e| fail(format!("{file}: {e}")));
            let bands: Vec<serde_json::Value> = bands
                .iter()
                .map(|b| {
                    json!({
                        "low": b.low,
                        "label": b.label,
                        "puzzles": b.puzzles,
                        "beyond": b.beyond,
                        "exact": b.exact,
                        "within_1": b.within_1,
                        "within_5": b.within_5,
                        "abs_diff": b.abs_diff,
                    })
                })
                .collect();
            json!({"bands": bands, "otherwise": otherwise})
        }
        _ => fail(format!("unknown kind {kind:?}: reglib or se")),
    };
    println!("{value}");
}

fn fail(message: String) -> ! {
    eprintln!("agreement: {message}");
    std::process::exit(2)
}
