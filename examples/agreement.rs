//! The ladder's agreement with its peers (the checks are the crate's, `sudoku::agreement`, which
//! the tests `reglib` and `se_rated` run too), as JSON, or as the book's tables.
//!
//!     agreement reglib FILE   HoDoKu's regression library: per code, cases passed and failed
//!     agreement se FILE       Sudoku Explainer's ratings (`PUZZLE ER EP ED`): the bands
//!
//! Exits 2 with a message when the file cannot be read or a line of it is malformed.
//!
//! `{{#measure agreement ...}}` runs it as `agreement SUDOKU KIND from=FILE goal=G` (the
//! binary's path first, which it does not need) and shows the Markdown it prints:
//!
//! - `reglib`: HoDoKu's regression library (`human/hodoku-reglib-1.3.txt` by default): for each
//!   HoDoKu code the ladder implements, the cases that pass, and a list of those that do not,
//!   with the reason the check gave.
//! - `se`: Sudoku Explainer's own ratings (`human/se-rated.txt` by default): by band of SE's ER,
//!   the share of puzzles with the same ER, EP and ED, within 0.1 and 0.5 of SE's ER, the mean
//!   difference of ER, how many are beyond the ladder; and a sentence on the book's goal, the
//!   same ER on `G` % of the puzzles.
//! - `unseen`: the same table for puzzles the ladder was never tuned on, whose SE ratings are
//!   stored in the repository without the puzzles (`benches/se121-unseen.txt` by default, lines
//!   `FILE LINE ER EP ED`): each puzzle is read from line `LINE` of `FILE` under `$SUDOKU_DATA`.
//!
//! A missing data file prints a note and exits 3: the weave shows it and freezes nothing.

use anyhow::{Context, Result, bail, ensure};
use results::words::{code_span, data_file, table};
use serde_json::{Value, json};
use sudoku::agreement::{check_library, se_agreement};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.as_slice() {
        [kind, file] if kind == "reglib" || kind == "se" => std::fs::read_to_string(file)
            .with_context(|| file.to_string())
            .and_then(|text| results(kind, &text, file))
            .map(|value| Ok(value.to_string())),
        [_sudoku, words @ ..] if !words.is_empty() => tables(words),
        _ => Err(anyhow::anyhow!(
            "usage: agreement reglib|se FILE, or agreement SUDOKU KIND from=FILE goal=G"
        )),
    };
    match outcome {
        Ok(Ok(text)) => println!("{text}"),
        Ok(Err(note)) => {
            println!("{note}");
            std::process::exit(3);
        }
        Err(e) => {
            eprintln!("agreement: {e:#}");
            std::process::exit(2)
        }
    }
}

/// The checks of `kind` on the text of `file`, as JSON.
fn results(kind: &str, text: &str, file: &str) -> Result<Value> {
    match kind {
        "reglib" => {
            let reports = check_library(text).map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
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
            Ok(json!({"codes": codes}))
        }
        "se" => {
            let (bands, otherwise) =
                se_agreement(text).map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
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
            Ok(json!({"bands": bands, "otherwise": otherwise}))
        }
        _ => bail!("unknown kind {kind:?}: reglib or se"),
    }
}

/// The book's tables for the weave's words, `KIND from=FILE goal=G`; `Err(note)` when a data
/// file is not there.
fn tables(words: &[String]) -> Result<std::result::Result<String, String>> {
    let mut kind = None;
    let (mut from, mut goal) = (None, f64::NAN);
    for word in words {
        match word.split_once('=') {
            Some(("from", file)) => from = Some(file.to_string()),
            Some(("goal", g)) => goal = g.parse().with_context(|| format!("`goal={g}`"))?,
            Some((key, _)) => bail!("unknown option `{key}` (known: from, goal)"),
            None if kind.is_none() => kind = Some(word.as_str()),
            None => bail!("name one kind: `reglib`, `se` or `unseen`"),
        }
    }
    let (kind, default) = match kind {
        Some("reglib") => ("reglib", "human/hodoku-reglib-1.3.txt"),
        Some("se") => ("se", "human/se-rated.txt"),
        Some("unseen") => ("unseen", UNSEEN),
        _ => bail!("name one kind: `reglib`, `se` or `unseen`"),
    };
    let file = from.as_deref().unwrap_or(default);
    let text = match kind {
        "unseen" => {
            let text =
                std::fs::read_to_string(file).with_context(|| format!("cannot read `{file}`"))?;
            match unseen_puzzles(&text, |name| std::fs::read_to_string(data_file(name)).ok())? {
                Ok(rated) => rated,
                Err(name) => return Ok(Err(not_measured(&name))),
            }
        }
        _ => match std::fs::read_to_string(data_file(file)) {
            Ok(text) => text,
            Err(_) => return Ok(Err(not_measured(file))),
        },
    };
    let value = results(if kind == "reglib" { "reglib" } else { "se" }, &text, file)?;
    match kind {
        "reglib" => reglib(&value, file).map(Ok),
        _ => se(&value, file, goal).map(Ok),
    }
}

/// SE's ratings of the puzzles never used for tuning, stored without the puzzles.
const UNSEEN: &str = "benches/se121-unseen.txt";

/// The note shown when a data file is not there.
fn not_measured(file: &str) -> String {
    format!(
        "> **Not measured:** `{file}` is not in `$SUDOKU_DATA` (by default `../shared/data` \
         beside the repository) on the machine that built this book."
    )
}

/// The lines `FILE LINE ER EP ED` of `text` (comments `#` and blank lines skipped) as the lines
/// `PUZZLE ER EP ED` that `agreement se` reads, each puzzle the first 81 characters of line
/// `LINE` of the data file `FILE`, which `read` gives. `Ok(Err(name))` names a data file that is
/// missing or too short (data not there, a note); a malformed line fails.
fn unseen_puzzles(
    text: &str,
    mut read: impl FnMut(&str) -> Option<String>,
) -> Result<std::result::Result<String, String>> {
    let mut files: Vec<(String, Option<Vec<String>>)> = Vec::new();
    let mut out = String::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [name, number, er, ep, ed, ..] = fields.as_slice() else {
            bail!("line {}: not `FILE LINE ER EP ED ...`: {line:?}", n + 1);
        };
        let number: usize = number.parse().with_context(|| format!("line {}: LINE", n + 1))?;
        ensure!(number >= 1, "line {}: lines count from 1", n + 1);
        if !files.iter().any(|(f, _)| f == name) {
            let lines = read(name).map(|t| t.lines().map(str::to_string).collect());
            files.push((name.to_string(), lines));
        }
        let (_, lines) = files.iter().find(|(f, _)| f == name).expect("just added");
        let puzzle = lines
            .as_ref()
            .and_then(|lines| lines.get(number - 1))
            .map(|l| l.trim())
            .filter(|l| l.len() >= 81 && l.is_char_boundary(81));
        let Some(puzzle) = puzzle else {
            return Ok(Err(name.to_string()));
        };
        out.push_str(&format!("{} {er} {ep} {ed}\n", &puzzle[..81]));
    }
    Ok(Ok(out))
}

fn count(value: &Value, key: &str) -> Result<usize> {
    let n = value[key].as_u64().with_context(|| format!("no count `{key}` in {value}"))?;
    Ok(n as usize)
}

/// A share with one decimal, its `%` kept on the number's line by a no-break space.
fn percent(part: usize, whole: usize) -> String {
    match whole {
        0 => "–".to_string(),
        _ => format!("{:.1}\u{a0}%", 100.0 * part as f64 / whole as f64),
    }
}

/// The library's table, then its failures, each with its line and reason, then the cases SE
/// answers otherwise by design, by reason.
fn reglib(value: &Value, file: &str) -> Result<String> {
    let codes = value["codes"].as_array().context("no `codes`")?;
    let header: Vec<String> = ["HoDoKu code", "technique", "cases", "pass", "share", "SE differs"]
        .map(String::from)
        .to_vec();
    let (mut rows, mut failures) = (Vec::new(), Vec::new());
    let mut differences: Vec<(String, Vec<usize>)> = Vec::new();
    let (mut passed, mut total, mut differ) = (0, 0, 0);
    for code in codes {
        let (name, technique) = (code["code"].as_str(), code["technique"].as_str());
        let (Some(name), Some(technique)) = (name, technique) else {
            bail!("a code without its name or technique: {code}");
        };
        let (p, t) = (count(code, "passed")?, count(code, "total")?);
        let differs = code["differences"].as_array().map_or(&[][..], Vec::as_slice);
        passed += p;
        total += t;
        differ += differs.len();
        rows.push(vec![
            code_span(name),
            code_span(technique),
            t.to_string(),
            p.to_string(),
            percent(p, t),
            differs.len().to_string(),
        ]);
        for difference in differs {
            let why = difference["why"].as_str().unwrap_or("?").to_string();
            let line = count(difference, "line")?;
            match differences.iter_mut().find(|(w, _)| *w == why) {
                Some((_, lines)) => lines.push(line),
                None => differences.push((why, vec![line])),
            }
        }
        for failure in code["failures"].as_array().context("no `failures`")? {
            let why = failure["why"].as_str().unwrap_or("?");
            failures.push(format!(
                "- line {} (`{name}`, `{technique}`): {}",
                count(failure, "line")?,
                why.replace('*', "\\*").replace('_', "\\_")
            ));
        }
    }
    rows.push(vec![
        "all".into(),
        String::new(),
        total.to_string(),
        passed.to_string(),
        percent(passed, total),
        differ.to_string(),
    ]);
    let mut text = table(&header, &rows);
    text.push_str(&format!("\n\nOf the {total} cases of `{file}` for these codes, "));
    match (failures.len(), differ) {
        (0, 0) => text.push_str("every one passes."),
        (0, _) => text.push_str(&format!(
            "every one passes but {differ} that SE, whose ladder this is, answers otherwise by design:"
        )),
        (n, _) => text.push_str(&format!("{n} do not pass:\n\n{}", failures.join("\n"))),
    }
    if differ > 0 {
        if !failures.is_empty() {
            text.push_str(&format!("\n\n{differ} more are answered otherwise by SE by design:"));
        }
        text.push_str("\n\n");
        for (why, lines) in &differences {
            let lines: Vec<String> = lines.iter().map(usize::to_string).collect();
            let why = why.replace('*', "\\*").replace('_', "\\_");
            text.push_str(&format!("- {why} (lines {})\n", lines.join(", ")));
        }
    }
    Ok(text)
}

/// The bands' table and the sentence on the goal.
fn se(value: &Value, file: &str, goal: f64) -> Result<String> {
    ensure!(
        goal.is_finite(),
        "`se` and `unseen` compare with the book's goal: write `goal=PERCENT`"
    );
    let bands = value["bands"].as_array().context("no `bands`")?;
    let header: Vec<String> = [
        "SE's ER",
        "puzzles",
        "same ER",
        "same EP",
        "same ED",
        "ER ± 0.1",
        "ER ± 0.5",
        "mean \\|ΔER\\|",
        "beyond",
    ]
    .map(String::from)
    .to_vec();
    let mut rows = Vec::new();
    let mut all = [0usize; 8];
    let row = |label: String, n: &[usize; 8]| {
        let [puzzles, beyond, er, ep, ed, within_1, within_5, diff] = *n;
        let finished = puzzles - beyond;
        let mean = match finished {
            0 => "–".to_string(),
            _ => format!("{:.2}", diff as f64 / 10.0 / finished as f64),
        };
        vec![
            label,
            puzzles.to_string(),
            percent(er, puzzles),
            percent(ep, puzzles),
            percent(ed, puzzles),
            percent(within_1, puzzles),
            percent(within_5, puzzles),
            mean,
            percent(beyond, puzzles),
        ]
    };
    for band in bands {
        let exact = band["exact"].as_array().context("no `exact`")?;
        let exact: Vec<usize> =
            exact.iter().filter_map(Value::as_u64).map(|n| n as usize).collect();
        ensure!(exact.len() == 3, "`exact` is not three counts: {band}");
        let n = [
            count(band, "puzzles")?,
            count(band, "beyond")?,
            exact[0],
            exact[1],
            exact[2],
            count(band, "within_1")?,
            count(band, "within_5")?,
            count(band, "abs_diff")?,
        ];
        for (total, x) in all.iter_mut().zip(n) {
            *total += x;
        }
        let label = band["label"].as_str().context("no `label`")?.to_string();
        rows.push(row(label, &n));
    }
    rows.push(row("all".into(), &all));
    let otherwise = value["otherwise"].as_array().map_or(0, Vec::len);
    let [puzzles, beyond, same, ..] = all;
    let share = if puzzles == 0 { 0.0 } else { 100.0 * same as f64 / puzzles as f64 };
    let mut text = table(&header, &rows);
    text.push_str(&format!(
        "\n\nShares are of all the band's puzzles, those beyond the ladder included; the mean \
         difference is over the puzzles the ladder finishes. Over the {puzzles} puzzles of \
         `{file}`, the ladder gives SE's ER to {same} ({share:.1} %), "
    ));
    if share >= goal {
        text.push_str(&format!("which meets the goal of {goal:.0} %"));
    } else {
        text.push_str(&format!("{:.1} points short of the goal of {goal:.0} %", goal - share));
    }
    text.push_str(&format!(
        "; {beyond} ({}) are beyond it, and of the {} it finishes, {}.",
        percent(beyond, puzzles),
        puzzles - beyond,
        match otherwise {
            0 => "every one is rated exactly as SE rates it".to_string(),
            n => format!("{n} are rated otherwise than SE in ER, EP or ED"),
        }
    ));
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn library_tables_count_cases_and_list_failures() {
        let value = json!({"codes": [
            {"code": "0100", "technique": "pointing", "passed": 3, "total": 3, "failures": []},
            {"code": "0200", "technique": "naked-pair", "passed": 1, "total": 2,
             "failures": [{"line": 12, "why": "found nothing"}]},
        ]});
        let text = reglib(&value, "lib.txt").unwrap();
        assert!(text.contains("| `0200` | `naked-pair` | 2 | 1 | 50.0\u{a0}% | 0 |"), "{text}");
        assert!(text.contains("| all |  | 5 | 4 | 80.0\u{a0}% | 0 |"), "{text}");
        assert!(text.contains("1 do not pass:\n\n- line 12 (`0200`, `naked-pair`): found nothing"));
        let none = json!({"codes": [
            {"code": "0100", "technique": "pointing", "passed": 3, "total": 3, "failures": []},
        ]});
        assert!(reglib(&none, "lib.txt").unwrap().ends_with("every one passes."));
        let differ = json!({"codes": [
            {"code": "0600", "technique": "unique-loop", "passed": 1, "total": 3, "failures": [],
             "differences": [{"line": 7, "why": "by design"}, {"line": 9, "why": "by design"}]},
        ]});
        let text = reglib(&differ, "lib.txt").unwrap();
        assert!(text.contains("| `0600` | `unique-loop` | 3 | 1 | 33.3\u{a0}% | 2 |"), "{text}");
        assert!(
            text.contains("answers otherwise by design:\n\n- by design (lines 7, 9)"),
            "{text}"
        );
    }

    #[test]
    fn unseen_puzzles_are_read_from_their_files_by_line() {
        let a = "1".repeat(81);
        let b = "2".repeat(81);
        let data = format!("{a}\n{b} extra\n");
        let read = |name: &str| (name == "d.txt").then(|| data.clone());
        let text = "# how it was made\n\nd.txt 2 3.0 1.2 1.2\nd.txt 1 1.5 1.2 1.2\n";
        let joined = unseen_puzzles(text, read).unwrap().unwrap();
        assert_eq!(joined, format!("{b} 3.0 1.2 1.2\n{a} 1.5 1.2 1.2\n"));
        // A missing file, or one too short, is data not there: a note, not a failure.
        assert_eq!(unseen_puzzles("e.txt 1 1.5 1.2 1.2", read).unwrap(), Err("e.txt".into()));
        assert_eq!(unseen_puzzles("d.txt 3 1.5 1.2 1.2", read).unwrap(), Err("d.txt".into()));
        // A malformed line of the stored ratings is the repository's error.
        assert!(unseen_puzzles("d.txt 1 1.5", read).is_err());
        assert!(unseen_puzzles("d.txt 0 1.5 1.2 1.2", read).is_err());
        assert!(not_measured("d.txt").contains("`d.txt`"));
    }

    #[test]
    fn rating_tables_share_by_band_and_state_the_goal() {
        let band = |label: &str, puzzles: u64, beyond: u64, er: u64| {
            json!({"label": label, "puzzles": puzzles, "beyond": beyond,
                   "exact": [er, er, puzzles], "within_1": er, "within_5": er, "abs_diff": 10})
        };
        let bands = [band("1.0–1.9", 10, 0, 10), band("9.0+", 10, 5, 4)];
        let value = json!({"bands": bands, "otherwise": []});
        let text = se(&value, "se.txt", 90.0).unwrap();
        assert!(text.contains("| 9.0+ | 10 | 40.0\u{a0}% |"), "{text}");
        assert!(text.contains("| 1.0–1.9 | 10 | 100.0\u{a0}% |"), "{text}");
        // 14 of 20 is 70 %: 20 points short; the mean difference is 1.0 / 5 in the last band.
        assert!(text.contains("to 14 (70.0 %), 20.0 points short of the goal of 90 %"), "{text}");
        assert!(text.contains("| 0.20 | 50.0\u{a0}% |"), "{text}");
        assert!(text.contains("every one is rated exactly as SE"), "{text}");
    }
}
