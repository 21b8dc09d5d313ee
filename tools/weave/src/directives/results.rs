//! Tables, plots and numbers from a results file: `{{#table}}`, `{{#plot}}`, `{{#value}}`, and
//! `{{#machine FILE}}`, the line of where, when and how the file was measured.
//!
//! A results file sits in the store (`book/results/NAME.json`), checked against its schema by
//! the `results` crate, which the program that writes it shares. The directive names the file,
//! an array of records in it, and which records it wants: every other `KEY=A,B,...` word keeps
//! the records whose field `KEY` is one of the values, in the order the values are listed. What
//! to show is the book's to say too: the columns and their formats, the series of a plot, its
//! panels. The weave knows no field of any file.
//!
//! The results change with every `cargo book --bench`, so nothing here is cached; each piece is
//! read afresh from the store.

use super::{Args, Ctx};
use crate::clock;
use anyhow::{Context, Result, bail, ensure};
use results::format;
use results::plot;
use results::words::{code_span, html_code, spans_as_html};
use serde_json::{Map, Value};

/// The options of these directives; every other `KEY=VALUES` word selects records.
const OPTIONS: &[&str] = &[
    "columns", "pivot", "relative", "field", "series", "y", "panels", "x-label", "y-label",
    "scale", "caption", "titles", "at-least",
];

/// A directive's request: the file, its records selected, and the options.
struct Request {
    file: Value,
    records: Vec<Map<String, Value>>,
    options: Vec<(String, String)>,
}

impl Request {
    fn option(&self, key: &str) -> Option<&str> {
        self.options.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    fn required(&self, key: &str) -> Result<&str> {
        self.option(key).with_context(|| format!("`{key}=` is required"))
    }
}

/// `FILE ARRAY KEY=VALUES... OPTION=VALUE...`, read.
fn request(ctx: &Ctx, args: &Args, none_is_fine: bool) -> Result<Request> {
    let [name, array, words @ ..] = args.words.as_slice() else {
        bail!("name a results file and an array of it, such as `datasets.json results`");
    };
    let file = read(ctx, name)?;
    let all =
        file[array.as_str()].as_array().with_context(|| format!("no array `{array}` in {name}"))?;
    let mut records: Vec<Map<String, Value>> =
        all.iter().filter_map(|r| r.as_object().cloned()).collect();
    let mut options = Vec::new();
    let mut orders: Vec<(String, Vec<String>)> = Vec::new();
    for word in words {
        let (key, value) =
            word.split_once('=').with_context(|| format!("`{word}`: not KEY=VALUE"))?;
        if OPTIONS.contains(&key) {
            options.push((key.to_string(), value.to_string()));
            continue;
        }
        let wanted: Vec<String> = value.split(',').map(|v| v.trim().to_string()).collect();
        records.retain(|r| r.get(key).is_some_and(|v| wanted.contains(&text(v))));
        orders.push((key.to_string(), wanted));
    }
    // Records in the order their values are listed, the first selection first.
    records.sort_by_key(|r| {
        orders
            .iter()
            .map(|(key, wanted)| wanted.iter().position(|w| *w == text(&r[key])))
            .collect::<Vec<_>>()
    });
    ensure!(none_is_fine || !records.is_empty(), "no record of `{array}` in {name} is selected");
    Ok(Request { file, records, options })
}

/// The results file `name` of the store, checked against its schema.
fn read(ctx: &Ctx, name: &str) -> Result<Value> {
    let path = ctx.store.dir().join(name);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!("no results file {} (`cargo book --bench` makes it)", path.display())
    })?;
    results::load(name, &text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// A field as a table cell shows a name: strings without their quotes.
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One column of a table: `FIELD[/FIELD2][:FORMAT][=HEADER]`.
struct Column {
    fields: Vec<String>,
    format: String,
    header: String,
}

fn columns(spec: &str) -> Vec<Column> {
    spec.split(',')
        .map(|part| {
            let (rest, header) = part.split_once('=').map_or((part, None), |(r, h)| (r, Some(h)));
            let (fields, format) = rest.split_once(':').unwrap_or((rest, ""));
            let fields: Vec<String> = fields.split('/').map(|f| f.trim().to_string()).collect();
            let header = header.map_or_else(|| fields.join(" / "), |h| h.trim().to_string());
            Column { fields, format: format.trim().to_string(), header }
        })
        .collect()
}

/// One field of a record in `format`: a number in its number format, a name as a code span
/// (`code`) or as it is, and `–` for a field without a value (`null`). A field the record does
/// not have at all is an error: a misspelt column must not read as a dash.
fn cell(record: &Map<String, Value>, field: &str, format: &str) -> Result<String> {
    Ok(match (record.get(field), format) {
        (None, _) => {
            let known: Vec<&String> = record.keys().collect();
            bail!("no field `{field}` in the records (they have {known:?})")
        }
        (Some(Value::Null), _) => "–".to_string(),
        (Some(v), "code") => code_span(&text(v)),
        (Some(v), "") if !v.is_number() => text(v),
        (Some(v), format) => {
            let x = v.as_f64().with_context(|| format!("`{field}` is not a number: {v}"))?;
            format::in_format(x, if format.is_empty() { "num" } else { format })
                .map_err(anyhow::Error::msg)?
        }
    })
}

/// Two fields side by side, `A / B`, or `A` alone when both read the same.
fn pair(parts: Vec<String>) -> String {
    match parts.as_slice() {
        [a, b] if a == b => a.clone(),
        _ => parts.join(" / "),
    }
}

/// `{{#table FILE ARRAY KEY=VALUES... columns=SPEC [pivot=FIELD [relative=NAME]]}}`.
pub fn table(ctx: &Ctx, args: &Args) -> Result<String> {
    let request = request(ctx, args, false)?;
    let columns = columns(request.required("columns")?);
    let (header, rows) = match request.option("pivot") {
        None => {
            let header = columns.iter().map(|c| c.header.clone()).collect();
            let rows = request
                .records
                .iter()
                .map(|r| {
                    columns
                        .iter()
                        .map(|c| {
                            Ok(pair(
                                c.fields
                                    .iter()
                                    .map(|f| cell(r, f, &c.format))
                                    .collect::<Result<_>>()?,
                            ))
                        })
                        .collect::<Result<Vec<String>>>()
                })
                .collect::<Result<Vec<_>>>()?;
            (header, rows)
        }
        Some(pivot) => pivoted(&request, &columns, pivot, request.option("relative"))?,
    };
    // In a class of its own, whose row names keep to one line (`weave.css`).
    let table = results::words::table(&header, &rows);
    Ok(format!("<div class=\"weave-table\">\n\n{table}\n\n</div>"))
}

/// A pivoted table: a row for each value of the key columns (all but the last), a column for
/// each value of `pivot`, each cell the last column's fields of the record there; with
/// `relative`, each cell is the record of `relative` divided by the cell's own (how many times
/// that one's value), and `relative`'s own column is left out.
fn pivoted(
    request: &Request,
    columns: &[Column],
    pivot: &str,
    relative: Option<&str>,
) -> Result<(Vec<String>, Vec<Vec<String>>)> {
    let (value, keys) = columns.split_last().context("`columns=` is empty")?;
    let key_of = |r: &Map<String, Value>| -> Result<Vec<String>> {
        keys.iter()
            .map(|c| {
                Ok(pair(c.fields.iter().map(|f| cell(r, f, &c.format)).collect::<Result<_>>()?))
            })
            .collect()
    };
    let mut across: Vec<String> = Vec::new();
    let mut down: Vec<Vec<String>> = Vec::new();
    for r in &request.records {
        let name = text(r.get(pivot).with_context(|| format!("a record without `{pivot}`"))?);
        if !across.contains(&name) && Some(name.as_str()) != relative {
            across.push(name);
        }
        let key = key_of(r)?;
        if !down.contains(&key) {
            down.push(key);
        }
    }
    let find = |key: &[String], name: &str| -> Result<Option<&Map<String, Value>>> {
        for r in &request.records {
            if text(&r[pivot]) == name && key_of(r)? == key {
                return Ok(Some(r));
            }
        }
        Ok(None)
    };
    let mut header: Vec<String> = keys.iter().map(|c| c.header.clone()).collect();
    header.extend(across.iter().map(|name| code_span(name)));
    let mut rows = Vec::new();
    for key in &down {
        let mut row = key.clone();
        for name in &across {
            let shown = match (find(key, name)?, relative) {
                (None, _) => "–".to_string(),
                (Some(r), None) => pair(
                    value
                        .fields
                        .iter()
                        .map(|f| cell(r, f, &value.format))
                        .collect::<Result<_>>()?,
                ),
                (Some(r), Some(base)) => match find(key, base)? {
                    None => "–".to_string(),
                    Some(b) => pair(
                        value
                            .fields
                            .iter()
                            .map(|f| {
                                match (
                                    b.get(f).and_then(Value::as_f64),
                                    r.get(f).and_then(Value::as_f64),
                                ) {
                                    (Some(x), Some(y)) => {
                                        format::in_format(x / y, "x").map_err(anyhow::Error::msg)
                                    }
                                    _ => Ok("–".to_string()),
                                }
                            })
                            .collect::<Result<_>>()?,
                    ),
                },
            };
            row.push(shown);
        }
        rows.push(row);
    }
    Ok((header, rows))
}

/// `{{#value FILE ARRAY KEY=VALUES... field=FIELD[:FORMAT]}}`: one field of the one record
/// selected, inline.
pub fn value(ctx: &Ctx, args: &Args) -> Result<String> {
    let request = request(ctx, args, false)?;
    ensure!(request.records.len() == 1, "{} records are selected, not one", request.records.len());
    let column = columns(request.required("field")?).remove(0);
    cell(&request.records[0], &column.fields[0], &column.format)
}

/// `{{#plot FILE ARRAY KEY=VALUES... series=FIELD y=FIELD[:FORMAT] [panels=A,B;C,D]
/// [scale=log] [x-label=TEXT] [y-label=TEXT] [titles=T1;T2] [caption=TEXT]}}`: a curve for each
/// record, named by its `series` field, of its array field `y` against the position in the
/// array, from 0 to 100 %; with `panels`, the series in panels of their own, one above the
/// other, each with its own scale. Colours come from the file's `colours` object when it has one.
pub fn plot(ctx: &Ctx, args: &Args) -> Result<String> {
    let request = request(ctx, args, false)?;
    let series = request.required("series")?;
    let y = columns(request.required("y")?).remove(0);
    let curve = |r: &Map<String, Value>| -> Result<plot::Curve> {
        let label = text(r.get(series).with_context(|| format!("a record without `{series}`"))?);
        let values = r
            .get(&y.fields[0])
            .and_then(Value::as_array)
            .with_context(|| format!("`{}` is not an array", y.fields[0]))?;
        let step = 100.0 / (values.len().max(2) - 1) as f64;
        let points = values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| Some((i as f64 * step, v.as_f64()?)))
            .collect();
        let colour = request.file["colours"][&label].as_str().map(String::from);
        Ok(plot::Curve { label, colour, points })
    };
    // `at-least=FIELD:N`: a record whose FIELD is below N (a distribution of one or two
    // values) is left out of the figure, and the caption names it.
    type Records<'a> = Vec<&'a Map<String, Value>>;
    let (kept, left_out): (Records, Records) = match request.option("at-least") {
        Some(spec) => {
            let (field, least) = spec
                .split_once(':')
                .and_then(|(f, n)| Some((f, n.trim().parse::<f64>().ok()?)))
                .with_context(|| format!("`at-least={spec}`: write FIELD:NUMBER"))?;
            request.records.iter().partition(|r| {
                r.get(field).and_then(Value::as_f64).is_none_or(|value| value >= least)
            })
        }
        None => (request.records.iter().collect(), Vec::new()),
    };
    let curves = kept.into_iter().map(curve).collect::<Result<Vec<_>>>()?;
    let groups: Vec<Vec<String>> = match request.option("panels") {
        Some(spec) => {
            spec.split(';').map(|g| g.split(',').map(|s| s.trim().to_string()).collect()).collect()
        }
        None => vec![curves.iter().map(|c| c.label.clone()).collect()],
    };
    let titles: Vec<&str> = request.option("titles").map_or(vec![], |t| t.split(';').collect());
    let mut panels: Vec<plot::Panel> = groups
        .iter()
        .enumerate()
        .map(|(k, _)| plot::Panel {
            title: titles.get(k).unwrap_or(&"").to_string(),
            curves: Vec::new(),
        })
        .collect();
    for c in curves {
        let k = groups.iter().position(|g| g.contains(&c.label));
        let k = k.with_context(|| format!("series `{}` is in no panel", c.label))?;
        panels[k].curves.push(c);
    }
    let axes = plot::Axes {
        x: request.option("x-label").unwrap_or("").to_string(),
        y: request.option("y-label").unwrap_or("").to_string(),
        x_format: "num".to_string(),
        y_format: if y.format.is_empty() { "num".to_string() } else { y.format.clone() },
        log_y: request.option("scale") == Some("log"),
    };
    let mut caption = request.option("caption").map_or(String::new(), spans_as_html);
    if !left_out.is_empty() {
        let names: Vec<String> = left_out
            .iter()
            .map(|r| html_code(&r.get(series).map(text).unwrap_or_default()))
            .collect();
        caption.push_str(&format!(" Not drawn here: {}.", names.join(", ")));
    }
    Ok(plot::figure(&plot::svg(&panels, &axes)?, &caption))
}

/// `{{#machine FILE}}`: where, when and how the file's results were measured, once above the
/// tables and plots woven from it, and whether the code changed since.
pub fn measured(ctx: &Ctx, args: &Args) -> Result<String> {
    let [name] = args.words.as_slice() else {
        bail!("`machine` takes no word, or the name of a results file such as `datasets.json`");
    };
    let file = read(ctx, name)?;
    let field = |key: &str| file[key].as_str().unwrap_or("unknown").to_string();
    let when = file["measured_unix"].as_u64().map_or("an unknown date".into(), clock::format_utc);
    let builds: Vec<String> = file["builds"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(who, how)| match how.as_str() {
            Some(how) => format!("{who} with {}", code_span(how)),
            None => format!("{who} not built"),
        })
        .collect();
    let mut line = format!(
        "*Measured on {}, commit {}, {when}; {}. Built: {}.*",
        code_span(&field("cpu")),
        code_span(&field("commit")),
        field("conditions"),
        builds.join("; "),
    );
    if let Some(why) = ctx.store.staleness(&field("commit")) {
        line.push_str(&format!(" **Older than the code:** {why}."));
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_name_fields_formats_and_headers() {
        let c = columns("solver:code, best_ms/median_ms:ms=best / median, n");
        assert_eq!(c[0].fields, ["solver"]);
        assert_eq!((c[0].format.as_str(), c[0].header.as_str()), ("code", "solver"));
        assert_eq!(c[1].fields, ["best_ms", "median_ms"]);
        assert_eq!((c[1].format.as_str(), c[1].header.as_str()), ("ms", "best / median"));
        assert_eq!((c[2].format.as_str(), c[2].header.as_str()), ("", "n"));
    }

    #[test]
    fn cells_are_formatted_and_pairs_collapse() {
        let r: Map<String, Value> = serde_json::from_value(
            serde_json::json!({"a": "x", "n": 49158, "t": 1500.0, "z": null}),
        )
        .unwrap();
        assert_eq!(cell(&r, "a", "").unwrap(), "x");
        assert_eq!(cell(&r, "a", "code").unwrap(), "`x`");
        assert_eq!(cell(&r, "n", "").unwrap(), "49,158");
        assert_eq!(cell(&r, "t", "µs").unwrap(), "1.5 ms");
        assert_eq!(cell(&r, "z", "µs").unwrap(), "–");
        assert!(cell(&r, "missing", "").unwrap_err().to_string().contains("no field `missing`"));
        assert!(cell(&r, "a", "µs").is_err());
        assert_eq!(pair(vec!["1".into(), "1".into()]), "1");
        assert_eq!(pair(vec!["1".into(), "2".into()]), "1 / 2");
    }
}
