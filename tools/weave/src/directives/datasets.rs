//! The dataset harness's results, woven: `{{#datasets NAME}}` (a table), `{{#plot NAME}}` (an
//! SVG of the solve-time distributions) and `{{#lines}}` (the whole-process comparison).
//!
//! All three read the results store's `book/results/datasets.json`, which `cargo book --bench`
//! copies there from `target/bench-results/datasets.json` once `cargo bench --bench datasets`
//! has written it and passed its checks; plain `cargo book` reuses the committed results, and
//! each woven piece says when, at which commit and on what they were measured, and whether the
//! code changed since. Until the harness has run, or for a
//! dataset it skipped (its file was missing), the directive weaves a sentence saying so and how
//! to measure, rather than failing the build: a fresh clone without the datasets still has a book.
//! The results change under the weave's feet with every `--bench`, so nothing here is cached.

use super::solvers::{self, Solver};
use super::{Args, Ctx, code_span, html_code, table};
use crate::clock;
use anyhow::{Context, Result, bail, ensure};
use plotters::prelude::*;
use serde_json::Value;

/// The results, frozen in the store (`book/results/datasets.json`), or `None` when the harness
/// has never run. Results of a run whose cross-check failed are refused: their numbers may be
/// those of a wrong solver.
pub(super) fn results(ctx: &Ctx) -> Result<Option<Value>> {
    let path = ctx.store.datasets_path();
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let value: Value =
        serde_json::from_str(&text).with_context(|| format!("{}", path.display()))?;
    checked(&value).with_context(|| format!("{}", path.display()))?;
    Ok(Some(value))
}

/// Fails when the harness reported failed checks in `results`.
fn checked(results: &Value) -> Result<()> {
    let failed = results["checks_failed"].as_u64().unwrap_or(0);
    ensure!(
        failed == 0,
        "the run that measured these results failed {failed} check(s) of the solution counts: \
         they are not woven (`cargo book --bench` measures again)"
    );
    Ok(())
}

/// [`measured_line`], followed by a warning when the results are older than the code.
pub(super) fn dated(
    ctx: &Ctx,
    results: &Value,
    shuffled: bool,
    code: fn(&str) -> String,
) -> String {
    let line = measured_line(results, shuffled, code);
    let commit = results["commit"].as_str().unwrap_or("unknown");
    match ctx.store.staleness(commit) {
        None => line,
        Some(why) => format!("{line} Older than the code: {why}."),
    }
}

/// What to weave when there is nothing measured for `what` yet.
fn not_measured(what: &str) -> String {
    format!("*No results for {what} yet: `cargo book --bench` measures them.*")
}

/// "Measured on CPU, one thread, DATE; each puzzle shuffled by a seeded symmetry.", the CPU's
/// name marked up by `code`: [`code_span`] in Markdown, [`html_code`] inside HTML.
fn measured_line(results: &Value, shuffled: bool, code: fn(&str) -> String) -> String {
    let when =
        results["measured_unix"].as_u64().map_or("an unknown date".into(), clock::format_utc);
    let cpu = results["cpu"].as_str().unwrap_or("an unknown CPU");
    let commit = results["commit"].as_str().unwrap_or("unknown");
    let order = if shuffled {
        "each puzzle rewritten by a seeded symmetry"
    } else {
        "the puzzles as written"
    };
    let mut line =
        format!("Measured on {}, one thread, commit {}, {when}; {order}.", code(cpu), code(commit));
    if let Some(ours) = results["builds"]["ours"].as_str() {
        let crate_name = code("sudoku");
        line.push_str(&format!(" Ours and the {crate_name} crate built with {}", code(ours)));
        match results["builds"]["tdoku"].as_str() {
            Some(tdoku) => line.push_str(&format!("; tdoku with {}.", code(tdoku))),
            None => line.push_str("; tdoku not built."),
        }
    }
    line
}

/// The rows of one dataset, the shuffled ones if there are any, in the harness's order.
pub(super) fn rows<'a>(results: &'a Value, dataset: &str) -> Vec<&'a Value> {
    let all: Vec<&Value> = results["results"]
        .as_array()
        .map(|rows| rows.iter().filter(|r| r["dataset"] == dataset).collect())
        .unwrap_or_default();
    let shuffled = all.iter().any(|r| r["shuffled"] == true);
    all.into_iter().filter(|r| (r["shuffled"] == true) == shuffled).collect()
}

/// The peers of the harness, not solvers of the binary: their names and colours in plots.
const PEERS: &[(&str, &str)] = &[("peer", "#ff7f0e"), ("tdoku", "#7f7f7f")];

/// The solvers in the order of tables and plots, with their colours: the binary's solvers that
/// are not slow (`sudoku solvers` says which), the peers, then the slow ones in the book's order.
fn solver_order(solvers: &[Solver]) -> Vec<(String, String)> {
    let ours = |slow: bool| {
        solvers.iter().filter(move |s| s.slow == slow).map(|s| (s.name.clone(), s.colour.clone()))
    };
    let peers = PEERS.iter().map(|&(name, colour)| (name.to_string(), colour.to_string()));
    ours(false).chain(peers).chain(ours(true)).collect()
}

/// `rows` sorted for a table: first-solution rows, then uniqueness rows; in each, by `order`
/// (solvers missing from it last).
fn sorted<'a>(mut rows: Vec<&'a Value>, order: &[(String, String)]) -> Vec<&'a Value> {
    let rank = |r: &Value| {
        let solver = r["solver"].as_str().unwrap_or("");
        let place = order.iter().position(|(s, _)| s == solver).unwrap_or(order.len());
        (r["mode"] != "first", place)
    };
    rows.sort_by_key(|r| rank(r));
    rows
}

fn number(row: &Value, key: &str, decimals: usize) -> String {
    match row[key].as_f64() {
        Some(x) if x.is_finite() => {
            let text = format!("{x:.decimals$}");
            // Thousands separated, for the large counts of puzzles per second.
            match text.split_once('.') {
                None if text.len() > 4 => group_thousands(&text),
                _ => text,
            }
        }
        _ => "–".to_string(),
    }
}

/// A time given in microseconds, in the unit that suits its size (µs, ms or s), to three
/// significant digits: `0.412 µs`, `9 µs` rather than `9.00 µs`, `126 s`.
pub(super) fn duration(us: f64) -> String {
    if !us.is_finite() {
        return "–".to_string();
    }
    let (value, unit) = match us {
        x if x < 1e3 => (x, "µs"),
        x if x < 1e6 => (x / 1e3, "ms"),
        x => (x / 1e6, "s"),
    };
    let decimals = match value {
        v if v >= 100.0 => 0,
        v if v >= 10.0 => 1,
        _ => 2,
    };
    let text = format!("{value:.decimals$}");
    // No false precision: trailing zeros of the decimals say nothing.
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    format!("{} {unit}", group_thousands(&text))
}

pub(super) fn group_thousands(digits: &str) -> String {
    if digits.contains('.') || digits.len() <= 4 {
        return digits.to_string();
    }
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `{{#datasets NAME}}`: one row per solver and mode.
pub fn run(ctx: &Ctx, args: &Args) -> Result<String> {
    let [dataset] = args.words.as_slice() else {
        bail!("`datasets` takes one dataset name, such as `17-clue`");
    };
    let Some(results) = results(ctx)? else {
        return Ok(not_measured(dataset));
    };
    let rows = sorted(rows(&results, dataset), &solver_order(&solvers::list(ctx)?));
    if rows.is_empty() {
        return Ok(not_measured(dataset));
    }
    // Two tables, so that each fits the column: how fast, then how much searching.
    let times: Vec<String> =
        ["solver", "mode", "puzzles/s", "median", "p90", "p99", "max"].map(String::from).to_vec();
    let work: Vec<String> =
        ["solver", "mode", "puzzles", "no guess", "guesses/puzzle"].map(String::from).to_vec();
    let (mut time_rows, mut work_rows) = (Vec::new(), Vec::new());
    let mut partial = false;
    for row in &rows {
        let mut n = group_thousands(&row["n"].to_string());
        if row["partial"] == true {
            n = format!("{n} of {}*", group_thousands(&row["of"].to_string()));
            partial = true;
        }
        let no_guess = match row["no_guess_percent"].as_f64() {
            Some(x) => format!("{x:.1}%"),
            None => "–".to_string(),
        };
        let solver = code_span(row["solver"].as_str().unwrap_or("?"));
        let mode = row["mode"].as_str().unwrap_or("?").to_string();
        let time = |key: &str| row[key].as_f64().map_or("–".to_string(), duration);
        time_rows.push(vec![
            solver.clone(),
            mode.clone(),
            number(row, "puzzles_per_second", 0),
            time("median_us"),
            time("p90_us"),
            time("p99_us"),
            time("max_us"),
        ]);
        work_rows.push(vec![solver, mode, n, no_guess, number(row, "guesses_per_puzzle", 2)]);
    }
    let body = format!("{}\n\n{}", table(&times, &time_rows), table(&work, &work_rows));
    let dated = dated(ctx, &results, rows[0]["shuffled"] == true, code_span);
    let mut text = format!("{dated}\n\n{body}");
    if partial {
        text.push_str(
            "\n\n\\* The first puzzles of the file only: a slow solver stops at its time budget.",
        );
    }
    Ok(text)
}

/// `{{#plot NAME mode=unique}}`: for each solver, the time to solve each puzzle, sorted: the
/// puzzle at 90 on the horizontal axis is the one 90% of the puzzles beat.
pub fn plot(ctx: &Ctx, args: &Args) -> Result<String> {
    let (names, options) = args.options(&["mode"])?;
    let [dataset] = names.as_slice() else {
        bail!(
            "`plot` takes one dataset name, such as `17-clue`, and `mode=first` or `mode=unique`"
        );
    };
    let mode = options.get("mode").copied().unwrap_or("unique");
    ensure!(mode == "first" || mode == "unique", "`mode` is `first` or `unique`, not `{mode}`");
    let Some(results) = results(ctx)? else {
        return Ok(not_measured(dataset));
    };
    let order = solver_order(&solvers::list(ctx)?);
    let rows: Vec<&Value> =
        sorted(rows(&results, dataset), &order).into_iter().filter(|r| r["mode"] == mode).collect();
    let colour = |solver: &str| {
        order.iter().find(|(s, _)| s == solver).map_or("#000000", |(_, c)| c.as_str()).to_string()
    };
    let curves: Vec<(String, String, Vec<f64>)> = rows
        .iter()
        .filter_map(|r| {
            let q: Vec<f64> =
                r["quantiles_us"].as_array()?.iter().filter_map(Value::as_f64).collect();
            let solver = r["solver"].as_str().unwrap_or("?");
            (q.len() > 1 && q.iter().all(|&x| x > 0.0))
                .then(|| (solver.to_string(), colour(solver), q))
        })
        .collect();
    if curves.is_empty() {
        return Ok(not_measured(dataset));
    }
    let svg = draw(dataset, mode, &curves)?;
    let caption = format!(
        "Solve times on {}, {}: each curve is one solver's puzzles sorted from fastest to slowest \
         (logarithmic time scale). {}",
        html_code(dataset),
        if mode == "first" { "first solution" } else { "uniqueness check" },
        dated(ctx, &results, rows[0]["shuffled"] == true, html_code)
    );
    // No blank line inside the HTML block, or Markdown would end it there.
    let svg: String = svg.lines().filter(|l| !l.trim().is_empty()).collect::<Vec<_>>().join("\n");
    Ok(format!(
        "<figure class=\"weave-plot\">\n{svg}\n<figcaption>{caption}</figcaption>\n</figure>"
    ))
}

/// The SVG of the curves (solver, colour `#rrggbb`, sorted times), drawn with plotters' SVG
/// backend (no system library, no font file).
fn draw(dataset: &str, mode: &str, curves: &[(String, String, Vec<f64>)]) -> Result<String> {
    let low = curves.iter().flat_map(|(_, _, q)| q).copied().fold(f64::MAX, f64::min);
    let high = curves.iter().flat_map(|(_, _, q)| q).copied().fold(0.0, f64::max);
    let (low, high) = (low * 0.8, high * 1.25);
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (720, 400)).into_drawing_area();
        area.fill(&WHITE).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut chart = ChartBuilder::on(&area)
            .caption(format!("{dataset}, {mode}"), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..100f64, (low..high).log_scale())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        chart
            .configure_mesh()
            .x_desc("puzzles solved faster (%)")
            .y_desc("µs per puzzle")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| compact(*y))
            .draw()
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        for (solver, colour, q) in curves {
            let colour = rgb(colour)?;
            let step = 100.0 / (q.len() - 1) as f64;
            let points = q.iter().enumerate().map(|(i, &us)| (i as f64 * step, us));
            chart
                .draw_series(LineSeries::new(points, colour.stroke_width(2)))
                .map_err(|e| anyhow::anyhow!("{e}"))?
                .label(solver.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        area.present().map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(svg)
}

/// `#rrggbb` as a colour.
fn rgb(hex: &str) -> Result<RGBColor> {
    let digits = hex.strip_prefix('#').filter(|d| d.len() == 6 && d.is_ascii());
    let channel = |k: usize| digits.and_then(|d| u8::from_str_radix(&d[k..k + 2], 16).ok());
    match (channel(0), channel(2), channel(4)) {
        (Some(r), Some(g), Some(b)) => Ok(RGBColor(r, g, b)),
        _ => bail!("`{hex}` is not a colour `#rrggbb`"),
    }
}

/// A time in µs for an axis label: `0.5`, `20`, `3k`, `1M`.
fn compact(us: f64) -> String {
    match us {
        x if x >= 1e6 => format!("{:.0}M", x / 1e6),
        x if x >= 1e3 => format!("{:.0}k", x / 1e3),
        x if x >= 1.0 => format!("{x:.0}"),
        x => format!("{x:.1}"),
    }
}

/// `{{#lines}}`: the whole-process comparison, one row per dataset.
pub fn lines(ctx: &Ctx, args: &Args) -> Result<String> {
    ensure!(args.words.is_empty(), "`lines` takes no arguments");
    let Some(results) = results(ctx)? else {
        return Ok(not_measured("the whole-process comparison"));
    };
    let rows = results["whole_process"].as_array().cloned().unwrap_or_default();
    if rows.is_empty() {
        return Ok(not_measured("the whole-process comparison"));
    }
    let (header, body) = lines_table(&rows);
    Ok(format!(
        "{} The programs ran in turn, as many times each as the last column says; each cell is the \
         best / the median run, and a ratio below 1 means `sudoku` took less time (– where a \
         program was not measured).\n\n{}",
        dated(ctx, &results, false, code_span)
            .replace("; the puzzles as written", ", the files as they are"),
        table(&header, &body)
    ))
}

/// The programs that `sudoku --format line --jobs 1` is compared with, by their key in the
/// results' `whole_process` rows.
pub const LINE_PEERS: &[&str] = &["peer_lines", "tdoku_lines"];

/// The whole-process table: per dataset, the best / median run of `sudoku` and of each of
/// [`LINE_PEERS`], the ratios of ours to theirs, and the number of runs; `–` where a program
/// was not measured (tdoku was not built, or the results predate it).
fn lines_table(rows: &[serde_json::Value]) -> (Vec<String>, Vec<Vec<String>>) {
    // Code spans, or smart punctuation would turn `--` into a dash.
    let mut header = vec!["dataset".to_string(), code_span("sudoku --format line --jobs 1")];
    for peer in LINE_PEERS {
        header.extend([code_span(peer), "ratio".to_string()]);
    }
    header.push("runs".to_string());
    let pair = |r: &serde_json::Value, key: &str| {
        (r[format!("{key}_ms")].as_f64(), r[format!("{key}_median_ms")].as_f64())
    };
    let shown = |(best, median): (Option<f64>, Option<f64>)| match (best, median) {
        (Some(best), Some(median)) => {
            format!("{} / {}", duration(best * 1e3), duration(median * 1e3))
        }
        _ => "–".to_string(),
    };
    let ratio =
        |ours: (Option<f64>, Option<f64>), theirs: (Option<f64>, Option<f64>)| match (ours, theirs)
        {
            ((Some(a), Some(b)), (Some(c), Some(d))) => format!("{:.2} / {:.2}", a / c, b / d),
            _ => "–".to_string(),
        };
    let body = rows
        .iter()
        .map(|r| {
            let ours = pair(r, "sudoku");
            let mut name = code_span(r["dataset"].as_str().unwrap_or("?"));
            if r["mode"] == "unique" {
                name.push_str(", unique");
            }
            let mut row = vec![name, shown(ours)];
            for peer in LINE_PEERS {
                let theirs = pair(r, peer);
                row.extend([shown(theirs), ratio(ours, theirs)]);
            }
            // Results from before the count was recorded were the best of three runs.
            row.push(r["runs"].as_u64().map_or("3".to_string(), |n| n.to_string()));
            row
        })
        .collect();
    (header, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_table_shows_each_program_and_dashes_for_the_unmeasured() {
        let rows = [serde_json::json!({ "dataset": "a", "runs": 7,
            "sudoku_ms": 1.0, "sudoku_median_ms": 2.0,
            "peer_lines_ms": 2.0, "peer_lines_median_ms": 2.0 })];
        let (header, body) = lines_table(&rows);
        assert_eq!(header.len(), body[0].len());
        assert!(header[4].contains("tdoku_lines"));
        assert_eq!(body[0][0], "`a`");
        assert_eq!(body[0][3], "0.50 / 1.00");
        assert_eq!(body[0][4], "–");
        assert_eq!(body[0][5], "–");
        assert_eq!(body[0][6], "7");
        let mut with_tdoku = rows[0].clone();
        with_tdoku["tdoku_lines_ms"] = 0.5.into();
        with_tdoku["tdoku_lines_median_ms"] = 4.0.into();
        let (_, body) = lines_table(&[with_tdoku]);
        assert_eq!(body[0][5], "2.00 / 0.50");
        assert_ne!(body[0][4], "–");
    }

    #[test]
    fn axis_labels_are_compact() {
        assert_eq!(compact(0.5), "0.5");
        assert_eq!(compact(20.0), "20");
        assert_eq!(compact(3000.0), "3k");
        assert_eq!(compact(1e8), "100M");
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(group_thousands("1234567"), "1,234,567");
        assert_eq!(group_thousands("12345"), "12,345");
        assert_eq!(group_thousands("123"), "123");
    }

    #[test]
    fn a_plot_is_an_svg_with_one_curve_per_solver() {
        let curves = vec![
            (
                "fast".to_string(),
                "#1f77b4".to_string(),
                (0..=200).map(|k| 1.0 + k as f64).collect(),
            ),
            (
                "peer".to_string(),
                "#ff7f0e".to_string(),
                (0..=200).map(|k| 2.0 + k as f64).collect(),
            ),
        ];
        let svg = draw("17-clue", "unique", &curves).unwrap();
        assert!(svg.starts_with("<svg"));
        // One curve and one legend line in each solver's colour, and no third colour.
        assert_eq!(svg.matches("stroke=\"#1F77B4\"").count(), 2, "{svg}");
        assert_eq!(svg.matches("stroke=\"#FF7F0E\"").count(), 2);
        assert!(!svg.contains("#2CA02C"));
        assert!(svg.contains("fast") && svg.contains("peer"), "the legend names the solvers");
    }

    #[test]
    fn the_measured_line_marks_the_cpu_up_for_where_it_goes() {
        let results: Value = serde_json::json!({ "cpu": "AMD <EPYC>", "measured_unix": 0 });
        assert!(
            measured_line(&results, true, code_span)
                .starts_with("Measured on `AMD <EPYC>`, one thread")
        );
        let html = measured_line(&results, false, html_code);
        assert!(
            html.starts_with("Measured on <code>AMD &lt;EPYC&gt;</code>, one thread"),
            "{html}"
        );
        assert!(html.ends_with("the puzzles as written."));
    }

    #[test]
    fn the_measured_line_names_each_programs_compiler_and_flags() {
        let mut results = serde_json::json!({
            "cpu": "x", "builds": { "ours": "rustc 1.95.0", "tdoku": "g++ 12, -O3 -march=native" }
        });
        let line = measured_line(&results, true, code_span);
        assert!(line.contains("Ours and the `sudoku` crate built with `rustc 1.95.0`"), "{line}");
        assert!(line.ends_with("; tdoku with `g++ 12, -O3 -march=native`."), "{line}");
        results["builds"]["tdoku"] = Value::Null;
        assert!(measured_line(&results, true, code_span).ends_with("; tdoku not built."));
    }

    #[test]
    fn durations_take_the_unit_of_their_size() {
        assert_eq!(duration(0.4123), "0.41 µs");
        assert_eq!(duration(9.0), "9 µs");
        assert_eq!(duration(12.34), "12.3 µs");
        assert_eq!(duration(3450.0), "3.45 ms");
        assert_eq!(duration(126_406_525.92), "126 s");
        assert_eq!(duration(f64::NAN), "–");
        assert_eq!(group_thousands("49158"), "49,158");
        assert_eq!(group_thousands("1465"), "1465");
    }

    #[test]
    fn results_of_a_failed_check_are_refused() {
        assert!(checked(&serde_json::json!({ "checks_failed": 0 })).is_ok());
        assert!(checked(&serde_json::json!({})).is_ok());
        let err = checked(&serde_json::json!({ "checks_failed": 2 })).unwrap_err();
        assert!(err.to_string().contains("failed 2 check(s)"), "{err}");
    }

    #[test]
    fn our_fast_solvers_come_first_then_the_peers_then_the_slow_ones() {
        let solver = |name: &str, slow: bool| Solver {
            name: name.to_string(),
            slow,
            colour: "#010203".to_string(),
        };
        let order = solver_order(&[solver("naive", true), solver("fast", false)]);
        let names: Vec<&str> = order.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["fast", "peer", "tdoku", "naive"]);
        let results: Value = serde_json::json!({ "results": [
            { "dataset": "a", "mode": "unique", "solver": "fast" },
            { "dataset": "a", "mode": "first", "solver": "naive" },
            { "dataset": "a", "mode": "first", "solver": "other" },
            { "dataset": "a", "mode": "first", "solver": "peer" },
        ]});
        let rows: Vec<(&str, &str)> = sorted(rows(&results, "a"), &order)
            .iter()
            .map(|r| (r["mode"].as_str().unwrap(), r["solver"].as_str().unwrap()))
            .collect();
        assert_eq!(
            rows,
            [("first", "peer"), ("first", "naive"), ("first", "other"), ("unique", "fast")]
        );
        assert_eq!(rgb("#1f77b4").unwrap(), RGBColor(31, 119, 180));
        assert!(rgb("1f77b4").is_err() && rgb("#1f77").is_err() && rgb("#gg0000").is_err());
    }

    #[test]
    fn rows_prefer_shuffled_results() {
        let results: Value = serde_json::json!({ "results": [
            { "dataset": "a", "shuffled": false, "solver": "fast" },
            { "dataset": "a", "shuffled": true, "solver": "fast" },
            { "dataset": "b", "shuffled": true, "solver": "fast" },
        ]});
        let rows = rows(&results, "a");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0]["shuffled"], true);
    }
}
