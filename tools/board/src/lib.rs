//! A real step of a technique, drawn as a board: what `{{#example board ...}}` shows in the
//! chapters. The weave runs this crate's program with the path of the `sudoku` binary and the
//! directive's words (`src/main.rs` calls [`run`]), and puts what it prints in the page; it knows
//! nothing of boards itself. This is a small crate of the workspace, not an example of the
//! solver's crate, so that a fresh clone's build never builds the solver again for it.
//!
//! `board SUDOKU TECHNIQUE from=FILE nth=N`: the puzzles of `FILE` (under `$SUDOKU_DATA`, by
//! default `../shared/data` beside the repository; `human/se-rated.txt` when not given) are
//! explained in turn by `sudoku explain --format json` until the `N`th (by default the first)
//! whose easiest-first path takes a step of `TECHNIQUE`. That step is drawn from its JSON alone:
//! the state it was found in (`grid` and `marks`), the pattern (`cells`, `digits`), what it
//! strikes out and places, and its sentence as the caption. The technique is only a name given to
//! the binary, so every technique the ladder has, or will have, can be drawn. A chain's step also
//! carries its `links`, each from a candidate assumed on or off to the next, and is drawn as its
//! chain: the candidates it goes through ringed, one colour for on and another for off, each link
//! an arrow (strong solid, weak dashed), and a legend under the board.
//!
//! `board SUDOKU puzzle=P`: a puzzle the chapter names instead of a file: the `N`th step of
//! `TECHNIQUE` on its path; with no technique, its first `steps` steps, a board each; with
//! `state=yes`, only the state it starts from, under `caption`.
//!
//! The board is inline SVG coloured by CSS classes (`tools/weave/weave.css`, `.weave-board`), so
//! that it follows mdBook's light and dark themes; it scales with its `viewBox` to the page.
//! [`run`] gives the figure; or a note instead when the data file is not there (the weave shows
//! the note and keeps nothing, so that the board comes when the file does); or an error when the
//! file holds no such step, or a word is wrong.

use anyhow::{Context, Result, bail, ensure};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The words split into positional ones and `key=value` options, refusing an unknown key.
fn options(words: &[String]) -> Result<(Vec<&str>, BTreeMap<&str, &str>)> {
    results::words::options(words, OPTIONS)
}

use results::words::number;

/// A file of the datasets: under `$SUDOKU_DATA`, by default `../shared/data` beside the
/// repository `root`.
fn data_file(root: &Path, name: &str) -> PathBuf {
    let dir =
        std::env::var_os("SUDOKU_DATA").map_or_else(|| root.join("../shared/data"), PathBuf::from);
    dir.join(name)
}

/// `text` in an HTML `<code>` element, escaped.
fn html_code(text: &str) -> String {
    format!("<code>{}</code>", html_escape(text))
}

const OPTIONS: &[&str] = &["from", "nth", "puzzle", "steps", "state", "caption"];

/// The file searched when `from` is not given.
const DEFAULT_FILE: &str = "human/se-rated.txt";

// ANCHOR: search
/// The figure for the directive's `words`, drawn from what the binary `sudoku` prints (run in
/// `root`, the repository), or `Err(note)` when the data file is not there.
pub fn run(sudoku: &Path, root: &Path, words: &[String]) -> Result<Result<String, String>> {
    let (positional, options) = options(words)?;
    let nth: usize = number(&options, "nth", 1)?;
    ensure!(nth >= 1, "`nth` counts from 1");
    if let Some(puzzle) = options.get("puzzle") {
        ensure!(!options.contains_key("from"), "`puzzle` and `from` exclude each other");
        let Some(steps) = explain(sudoku, puzzle)? else {
            bail!("`sudoku explain {puzzle}` failed: not a puzzle with one solution");
        };
        return one_puzzle(&steps, positional.first().copied(), nth, &options).map(Ok);
    }
    let [technique] = positional.as_slice() else {
        bail!("name one technique, as `sudoku explain` writes it (e.g. `x-wing`), or a `puzzle`");
    };
    let file = options.get("from").copied().unwrap_or(DEFAULT_FILE);
    let Ok(text) = std::fs::read_to_string(data_file(root, file)) else {
        return Ok(Err(missing(technique, file)));
    };
    let mut seen = 0;
    for (index, puzzle) in puzzles(&text).enumerate() {
        let Some(steps) = explain(sudoku, puzzle)? else {
            continue; // not a puzzle with one solution: nothing to explain
        };
        for (n, step) in steps.iter().enumerate() {
            if step["technique"] != *technique {
                continue;
            }
            seen += 1;
            if seen == nth {
                let board = Board::from_json(step)?;
                let source = format!("puzzle {} of {}, step {}", index + 1, html_code(file), n + 1);
                return Ok(Ok(figure(&board, &source)));
            }
        }
    }
    bail!("no puzzle of {} takes {nth} `{technique}` step(s) on its easiest-first path", file)
}

/// The steps of `puzzle`'s easiest-first path, as `sudoku explain --format json` writes them;
/// `None` when the binary declines it (no solution, or several).
fn explain(sudoku: &Path, puzzle: &str) -> Result<Option<Vec<serde_json::Value>>> {
    let out = Command::new(sudoku).args(["explain", "--format", "json", puzzle]).output();
    let out = out.with_context(|| format!("cannot run {}", sudoku.display()))?;
    if !out.status.success() {
        return Ok(None);
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let records = stdout.lines().map(|line| {
        serde_json::from_str(line).with_context(|| format!("`sudoku explain` wrote {line:?}"))
    });
    let records: Vec<serde_json::Value> = records.collect::<Result<_>>()?;
    // The last record is the path's end (`rated`, `beyond`), not a step.
    Ok(Some(records.into_iter().filter(|r| r["status"] == "step").collect()))
}
// ANCHOR_END: search

/// The boards of one puzzle given in the chapter: the `nth` step of `technique` on its path;
/// without a technique, its first `steps` steps (all by default), one board each; with
/// `state=yes`, the state it starts from alone, under `caption`.
fn one_puzzle(
    steps: &[serde_json::Value],
    technique: Option<&str>,
    nth: usize,
    options: &std::collections::BTreeMap<&str, &str>,
) -> Result<String> {
    let first = steps.first().context("the puzzle's path has no step")?;
    if options.get("state").is_some_and(|&yes| yes == "yes") {
        ensure!(technique.is_none(), "`state=yes` draws no step: name no technique");
        let board = Board::from_json(first)?.state_only(options.get("caption").unwrap_or(&""));
        return Ok(figure(&board, ""));
    }
    if let Some(technique) = technique {
        let mut found = steps.iter().enumerate().filter(|(_, step)| step["technique"] == technique);
        let (n, step) = found
            .nth(nth - 1)
            .with_context(|| format!("the path takes fewer than {nth} `{technique}` step(s)"))?;
        return Ok(figure(&Board::from_json(step)?, &format!("step {} of its path", n + 1)));
    }
    let count: usize = number(options, "steps", steps.len())?;
    ensure!((1..=steps.len()).contains(&count), "`steps` is 1 to {}", steps.len());
    let boards = steps[..count]
        .iter()
        .enumerate()
        .map(|(n, step)| {
            Ok(figure(&Board::from_json(step)?, &format!("step {} of its path", n + 1)))
        })
        .collect::<Result<Vec<String>>>()?;
    Ok(format!("<div class=\"weave-boards\">\n{}\n</div>", boards.join("\n")))
}

/// The puzzles of a data file: the first 81 characters of each line long enough, comments
/// (`#`) and blank lines skipped.
fn puzzles(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#') && line.len() >= 81 && line.is_char_boundary(81))
        .map(|line| &line[..81])
}

/// What the book says instead of a board when the data are not there.
fn missing(technique: &str, file: &str) -> String {
    format!(
        "> **No board here:** the `{technique}` step would be drawn from a puzzle of `{file}`, \
         which is not in `$SUDOKU_DATA` (by default `../shared/data` beside the repository) on \
         the machine that built this book."
    )
}

/// A step and the state it was found in, as the board draws them.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Board {
    /// The filled cells' digits, 0 for a blank.
    grid: [u8; 81],
    /// Each blank cell's candidates, bit `d` for digit `d`.
    marks: [u16; 81],
    /// The pattern's cells and digits.
    cells: Vec<usize>,
    digits: u16,
    eliminations: Vec<(usize, u8)>,
    placements: Vec<(usize, u8)>,
    /// A chain's links, in its order: empty for a step that is not a chain.
    links: Vec<Link>,
    /// `x-wing (3.2): ...`, the caption.
    caption: String,
}

/// A candidate assumed on or off: `(cell, digit, on)`.
type End = (usize, u8, bool);

/// A link of a chain, from one candidate to the next; `strong` when the binary says so (off to
/// on: one of the two holds), drawn solid, weak ones dashed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Link {
    from: End,
    to: End,
    strong: bool,
}

impl Link {
    /// How the arrow is drawn, its CSS class: `strong`, `weak` (from an on to an off), or
    /// `other` (an implication of neither kind, such as a rule's strike from an off to an off).
    fn kind(&self) -> &'static str {
        match (self.strong, self.from.2, self.to.2) {
            (true, _, _) => "strong",
            (false, true, false) => "weak",
            _ => "other",
        }
    }
}

impl Board {
    /// Reads a step as `sudoku explain --format json` writes it.
    fn from_json(step: &serde_json::Value) -> Result<Board> {
        let text = |key: &str| step[key].as_str().with_context(|| format!("no `{key}` in {step}"));
        let grid_line = text("grid")?;
        let marks_line = text("marks")?;
        ensure!(grid_line.len() == 81, "`grid` is not 81 characters: {grid_line}");
        ensure!(marks_line.len() == 729, "`marks` is not 729 characters");
        let mut grid = [0; 81];
        for (cell, ch) in grid_line.chars().enumerate() {
            grid[cell] = ch.to_digit(10).unwrap_or(0) as u8;
        }
        let mut marks = [0; 81];
        for (k, ch) in marks_line.chars().enumerate() {
            if let Some(d) = ch.to_digit(10).filter(|&d| d >= 1) {
                marks[k / 9] |= 1 << d;
            }
        }
        let cells = step["cells"]
            .as_array()
            .context("no `cells`")?
            .iter()
            .map(|c| cell_index(c.as_str().unwrap_or("")))
            .collect::<Result<Vec<usize>>>()?;
        let digits = step["digits"]
            .as_array()
            .context("no `digits`")?
            .iter()
            .filter_map(|d| d.as_u64().filter(|d| (1..=9).contains(d)))
            .fold(0, |bits, d| bits | 1 << d);
        let pairs = |key: &str| -> Result<Vec<(usize, u8)>> {
            let list = step[key].as_array().with_context(|| format!("no `{key}`"))?;
            list.iter()
                .map(|pair| {
                    let cell = cell_index(pair["cell"].as_str().unwrap_or(""))?;
                    let digit = pair["digit"].as_u64().filter(|d| (1..=9).contains(d));
                    Ok((cell, digit.with_context(|| format!("a digit in {pair}"))? as u8))
                })
                .collect()
        };
        let end = |value: &serde_json::Value| -> Result<End> {
            let cell = cell_index(value["cell"].as_str().unwrap_or(""))?;
            let digit = value["digit"].as_u64().filter(|d| (1..=9).contains(d));
            let digit = digit.with_context(|| format!("a digit in {value}"))? as u8;
            let on = value["on"].as_bool().with_context(|| format!("no `on` in {value}"))?;
            Ok((cell, digit, on))
        };
        // `links` is optional: a step without it draws no chain.
        let links = step["links"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|link| {
                let strong = link["strong"].as_bool();
                let strong = strong.with_context(|| format!("no `strong` in {link}"))?;
                Ok(Link { from: end(&link["from"])?, to: end(&link["to"])?, strong })
            })
            .collect::<Result<Vec<Link>>>()?;
        let caption = format!(
            "{} ({}): {}",
            text("technique")?,
            step["rating"].as_f64().map_or("?".to_string(), |r| format!("{r:.1}")),
            text("text")?
        );
        Ok(Board {
            grid,
            marks,
            cells,
            digits,
            eliminations: pairs("eliminations")?,
            placements: pairs("placements")?,
            links,
            caption,
        })
    }
}

/// The cell an `r3c7` name names, counted from 0 row by row.
fn cell_index(name: &str) -> Result<usize> {
    let bytes = name.as_bytes();
    let digit = |b: u8| (b'1'..=b'9').contains(&b).then(|| usize::from(b - b'1'));
    match bytes {
        [b'r', r, b'c', c] => match (digit(*r), digit(*c)) {
            (Some(r), Some(c)) => Ok(9 * r + c),
            _ => bail!("not a cell: {name:?}"),
        },
        _ => bail!("not a cell: {name:?}"),
    }
}

impl Board {
    /// The state alone, nothing of the step drawn, under `caption`.
    fn state_only(mut self, caption: &str) -> Board {
        (self.cells, self.digits, self.caption) = (Vec::new(), 0, caption.to_string());
        (self.eliminations, self.placements, self.links) = (Vec::new(), Vec::new(), Vec::new());
        self
    }
}

/// The side of a cell and the margin around the board, in the SVG's units.
const CELL: usize = 40;
const MARGIN: usize = 3;

/// The radius of the ring around a candidate a chain goes through.
const RING: f64 = 6.2;

/// Where a candidate's small digit sits: 1 2 3 on top, 7 8 9 at the bottom, as on paper.
fn candidate_at(cell: usize, digit: u8) -> (usize, usize) {
    let (x, y) = (MARGIN + CELL * (cell % 9), MARGIN + CELL * (cell / 9));
    let k = usize::from(digit - 1);
    (x + 8 + 12 * (k % 3), y + 8 + 12 * (k / 3))
}

/// The board and its caption as an HTML figure, on lines without blank ones (so that Markdown
/// keeps it one HTML block). A chain's links are drawn as arrows between its candidates, and a
/// legend says how to read them.
fn figure(board: &Board, source: &str) -> String {
    let caption = html_escape(&board.caption);
    let side = 9 * CELL + 2 * MARGIN;
    let label = if caption.is_empty() { "A Sudoku board with pencil marks" } else { &caption };
    let mut svg =
        vec![format!("<svg viewBox=\"0 0 {side} {side}\" role=\"img\" aria-label=\"{label}\">")];
    let corner = |cell: usize| (MARGIN + CELL * (cell % 9), MARGIN + CELL * (cell / 9));
    let chain = !board.links.is_empty();
    // Shading first, under everything: the pattern (a chain's rings stand for it), the cells that
    // lose a candidate, the target.
    let shade = |cell: usize, class: &str| {
        let (x, y) = corner(cell);
        format!("<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>")
    };
    let placed = |cell: usize| board.placements.iter().find(|&&(c, _)| c == cell).map(|&(_, d)| d);
    for cell in 0..81 {
        if placed(cell).is_some() {
            svg.push(shade(cell, "target"));
        } else if board.cells.contains(&cell) && !chain {
            svg.push(shade(cell, "pattern"));
        } else if board.eliminations.iter().any(|&(c, _)| c == cell) {
            svg.push(shade(cell, "hit"));
        }
    }
    for k in 1..9 {
        if k % 3 != 0 {
            let at = MARGIN + CELL * k;
            let (from, to) = (MARGIN, MARGIN + 9 * CELL);
            svg.push(format!(
                "<line class=\"thin\" x1=\"{at}\" y1=\"{from}\" x2=\"{at}\" y2=\"{to}\"/>"
            ));
            svg.push(format!(
                "<line class=\"thin\" x1=\"{from}\" y1=\"{at}\" x2=\"{to}\" y2=\"{at}\"/>"
            ));
        }
    }
    for k in 0..3 {
        for j in 0..3 {
            let (x, y) = (MARGIN + 3 * CELL * k, MARGIN + 3 * CELL * j);
            let side = 3 * CELL;
            svg.push(format!(
                "<rect class=\"thick\" x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\"/>"
            ));
        }
    }
    // A chain's candidates, ringed: on, off, or both (a contradiction reaches both).
    let ends = || board.links.iter().flat_map(|link| [link.from, link.to]);
    let is = |cell: usize, digit: u8, on: bool| ends().any(|end| end == (cell, digit, on));
    let mut ringed: Vec<(usize, u8)> = Vec::new();
    for (cell, digit, _) in ends() {
        if !ringed.contains(&(cell, digit)) {
            ringed.push((cell, digit));
        }
    }
    for &(cell, digit) in &ringed {
        let class = match (is(cell, digit, true), is(cell, digit, false)) {
            (true, true) => "node on off",
            (true, false) => "node on",
            _ => "node off",
        };
        let (px, py) = candidate_at(cell, digit);
        svg.push(format!("<circle class=\"{class}\" cx=\"{px}\" cy=\"{py}\" r=\"{RING}\"/>"));
    }
    let mut drawn: Vec<((usize, u8), (usize, u8))> = Vec::new();
    for link in &board.links {
        let (from, to) = ((link.from.0, link.from.1), (link.to.0, link.to.1));
        if from == to || drawn.contains(&(from, to)) {
            continue;
        }
        drawn.push((from, to));
        svg.extend(arrow(candidate_at(from.0, from.1), candidate_at(to.0, to.1), link.kind()));
    }
    for cell in 0..81 {
        let (x, y) = corner(cell);
        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
        if let Some(digit) = placed(cell) {
            svg.push(format!("<text class=\"placed\" x=\"{cx}\" y=\"{cy}\">{digit}</text>"));
            continue;
        }
        if board.grid[cell] != 0 {
            let digit = board.grid[cell];
            svg.push(format!("<text class=\"given\" x=\"{cx}\" y=\"{cy}\">{digit}</text>"));
            continue;
        }
        for digit in 1..=9u8 {
            if board.marks[cell] & (1 << digit) == 0 {
                continue;
            }
            let (px, py) = candidate_at(cell, digit);
            let struck = board.eliminations.contains(&(cell, digit));
            let key = board.cells.contains(&cell) && board.digits & (1 << digit) != 0;
            let class = match (struck, chain, ringed.contains(&(cell, digit))) {
                (true, _, _) => "cand struck",
                (false, true, true) if is(cell, digit, true) => "cand on",
                (false, true, true) => "cand off",
                (false, false, _) if key => "cand key",
                _ => "cand",
            };
            svg.push(format!("<text class=\"{class}\" x=\"{px}\" y=\"{py}\">{digit}</text>"));
            if struck {
                svg.push(format!(
                    "<line class=\"strike\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                    px - 5,
                    py + 5,
                    px + 5,
                    py - 5
                ));
            }
        }
    }
    svg.push("</svg>".to_string());
    let mut html = vec!["<figure class=\"weave-board\">".to_string(), svg.join("\n")];
    if chain {
        html.push(legend(board.links.iter().any(|link| link.kind() == "other")));
    }
    let source = if source.is_empty() { String::new() } else { format!("From {source}.") };
    match (caption.is_empty(), source.is_empty()) {
        (true, true) => {}
        (true, false) => html.push(format!("<figcaption><small>{source}</small></figcaption>")),
        (false, true) => html.push(format!("<figcaption>{caption}</figcaption>")),
        (false, false) => {
            html.push(format!("<figcaption>{caption}<br><small>{source}</small></figcaption>"))
        }
    }
    html.push("</figure>".to_string());
    html.join("\n")
}

/// An arrow from the candidate at `a` to the one at `b`, from ring to ring, bent a little to
/// the left of its way so that it passes beside the candidates between them and two links in
/// opposite directions do not cover each other: a path and its head.
fn arrow(a: (usize, usize), b: (usize, usize), kind: &str) -> [String; 2] {
    let (ax, ay, bx, by) = (a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64);
    let length = (bx - ax).hypot(by - ay);
    let (ux, uy) = ((bx - ax) / length, (by - ay) / length);
    // Neighbours in a cell, and the legend's short arrows, are joined straight.
    let bend = if length < 30.0 { 0.0 } else { (0.15 * length).min(12.0) };
    let (qx, qy) = ((ax + bx) / 2.0 + uy * bend, (ay + by) / 2.0 - ux * bend);
    // Leave each ring where the curve leaves it: towards the control point.
    let towards = |(x, y): (f64, f64), gap: f64| {
        let d = (qx - x).hypot(qy - y);
        (x + (qx - x) / d * gap, y + (qy - y) / d * gap)
    };
    let (sx, sy) = towards((ax, ay), RING);
    let (ex, ey) = towards((bx, by), RING + 0.8);
    let class = format!("link {kind}");
    let path = format!(
        "<path class=\"{class}\" d=\"M{sx:.1} {sy:.1} Q{qx:.1} {qy:.1} {ex:.1} {ey:.1}\"/>"
    );
    // The head points along the curve's last direction, from the control point to the end.
    let d = (ex - qx).hypot(ey - qy);
    let (tx, ty) = ((ex - qx) / d, (ey - qy) / d);
    let (hx, hy) = (ex - 7.0 * tx, ey - 7.0 * ty);
    let head = format!(
        "<polygon class=\"head\" points=\"{ex:.1},{ey:.1} {:.1},{:.1} {:.1},{:.1}\"/>",
        hx - 3.5 * ty,
        hy + 3.5 * tx,
        hx + 3.5 * ty,
        hy - 3.5 * tx
    );
    [path, head]
}

/// How to read a chain's board: its arrows, rings and struck candidates, each beside a small
/// drawing of itself; with `other`, the arrows that are neither strong nor weak links too.
fn legend(other: bool) -> String {
    let swatch =
        |inner: &str| format!("<svg viewBox=\"0 0 34 14\" aria-hidden=\"true\">{inner}</svg>");
    let line = |kind: &str| {
        let [path, head] = arrow((3, 7), (31, 7), kind);
        swatch(&format!("{path}{head}"))
    };
    let ring = |class: &str| {
        swatch(&format!(
            "<circle class=\"node {class}\" cx=\"17\" cy=\"7\" r=\"{RING}\"/><text class=\"cand {class}\" x=\"17\" y=\"7\">5</text>"
        ))
    };
    let struck = swatch(
        "<text class=\"cand struck\" x=\"17\" y=\"7\">5</text><line class=\"strike\" x1=\"12\" y1=\"12\" x2=\"22\" y2=\"2\"/>",
    );
    let mut items = vec![
        (line("strong"), "strong link: the first off, the next on"),
        (line("weak"), "weak link: the first on, the next off"),
    ];
    if other {
        items.push((line("other"), "another implication"));
    }
    items.extend([
        (ring("on"), "candidate on"),
        (ring("off"), "candidate off"),
        (struck, "struck out"),
    ]);
    let items: Vec<String> =
        items.iter().map(|(drawing, words)| format!("<span>{drawing} {words}</span>")).collect();
    format!("<div class=\"board-legend\">{}</div>", items.join(" "))
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board with 5 given at r1c1, a blank r1c2 holding 1, 2 and 9 (the pattern, on 9), a
    /// blank r1c3 losing its 9, a blank r2c2 where 4 is placed.
    fn board() -> Board {
        let mut grid = [0; 81];
        grid[0] = 5;
        let mut marks = [0; 81];
        marks[1] = 1 << 1 | 1 << 2 | 1 << 9;
        marks[2] = 1 << 3 | 1 << 9;
        marks[10] = 1 << 4 | 1 << 6;
        Board {
            grid,
            marks,
            cells: vec![1],
            digits: 1 << 9,
            eliminations: vec![(2, 9)],
            placements: vec![(10, 4)],
            links: Vec::new(),
            caption: "test (1.0): r1c3<>9 & more".into(),
        }
    }

    /// The same board as a chain: r1c2's 9 off makes r1c3's 9 on (strong), which makes r1c2's
    /// 2 off (weak); r1c3's 3 is struck.
    fn chain() -> Board {
        let links = vec![
            Link { from: (1, 9, false), to: (2, 9, true), strong: true },
            Link { from: (2, 9, true), to: (1, 2, false), strong: false },
        ];
        Board { eliminations: vec![(2, 3)], placements: Vec::new(), links, ..board() }
    }

    /// The SVG elements of `html` with `class`, as their text between `>` and `<`.
    fn texts<'a>(html: &'a str, class: &str) -> Vec<&'a str> {
        let open = format!("<text class=\"{class}\"");
        html.match_indices(&open)
            .map(|(at, _)| {
                let rest = &html[at..];
                let start = rest.find('>').unwrap() + 1;
                &rest[start..start + rest[start..].find('<').unwrap()]
            })
            .collect()
    }

    #[test]
    fn candidates_are_struck_marked_and_placed_by_class() {
        let html = figure(&board(), "here");
        assert_eq!(texts(&html, "given"), ["5"]);
        assert_eq!(texts(&html, "placed"), ["4"]);
        assert_eq!(texts(&html, "cand struck"), ["9"]);
        assert_eq!(texts(&html, "cand key"), ["9"]);
        // r1c2's 1 and 2, r1c3's 3; the placed cell shows its digit, not its candidates.
        assert_eq!(texts(&html, "cand"), ["1", "2", "3"]);
        assert_eq!(html.matches("<line class=\"strike\"").count(), 1);
        assert_eq!(html.matches("<rect class=\"pattern\"").count(), 1);
        assert_eq!(html.matches("<rect class=\"hit\"").count(), 1);
        assert_eq!(html.matches("<rect class=\"target\"").count(), 1);
    }

    #[test]
    fn a_chain_is_drawn_as_rings_and_arrows_with_a_legend() {
        let html = figure(&chain(), "here");
        // Only the chain's candidates are marked, by what the chain makes them; none shaded.
        assert_eq!(texts(&html, "cand on"), ["9", "5"], "r1c3's 9, then the legend's");
        assert_eq!(texts(&html, "cand off"), ["2", "9", "5"]);
        assert_eq!(texts(&html, "cand key"), Vec::<&str>::new());
        assert_eq!(texts(&html, "cand struck"), ["3", "5"]);
        assert_eq!(html.matches("<rect class=\"pattern\"").count(), 0);
        assert_eq!(html.matches("<circle class=\"node on\"").count(), 2, "r1c3's 9, legend");
        assert_eq!(html.matches("<circle class=\"node off\"").count(), 3);
        // One solid and one dashed arrow on the board, one of each in the legend.
        assert_eq!(html.matches("<path class=\"link strong\"").count(), 2);
        assert_eq!(html.matches("<path class=\"link weak\"").count(), 2);
        assert_eq!(html.matches("<polygon class=\"head\"").count(), 4);
        assert!(html.contains("<div class=\"board-legend\">"));
        assert!(!figure(&board(), "here").contains("board-legend"), "no chain, no legend");
        assert!(!html.lines().any(|line| line.trim().is_empty()), "a blank line ends the block");
    }

    #[test]
    fn an_implication_of_neither_kind_is_dotted_and_in_the_legend() {
        let mut board = chain();
        assert!(!figure(&board, "").contains("another implication"));
        board.links.push(Link { from: (1, 2, false), to: (2, 3, false), strong: false });
        let html = figure(&board, "");
        assert_eq!(html.matches("<path class=\"link other\"").count(), 2, "board, legend");
        assert!(html.contains("another implication"));
    }

    #[test]
    fn an_arrow_goes_from_ring_to_ring() {
        let [path, head] = arrow((0, 0), (100, 0), "strong");
        // Bent to the left of its way (up, in the SVG's downward y), starting outside the ring.
        assert!(path.contains(" Q50.0 -12.0 "), "{path}");
        let start: Vec<f64> = path[path.find('M').unwrap() + 1..]
            .split([' ', 'Q'])
            .take(2)
            .map(|n| n.parse().unwrap())
            .collect();
        assert!((start[0].hypot(start[1]) - RING).abs() < 0.1, "{path}");
        assert!(head.starts_with("<polygon class=\"head\""), "{head}");
    }

    #[test]
    fn a_state_alone_draws_no_step() {
        let html = figure(&board().state_only("marks"), "");
        assert_eq!(texts(&html, "cand"), ["1", "2", "9", "3", "9", "4", "6"]);
        assert_eq!(html.matches("<rect class=").count(), 9, "the boxes' frames only");
        assert!(html.contains("<figcaption>marks</figcaption>"), "{html}");
    }

    #[test]
    fn colours_come_from_classes_and_the_board_scales() {
        let html = figure(&board(), "here");
        for inline in ["fill=", "stroke=", "style=", "color", "width=\"3"] {
            assert!(!html.contains(inline), "{inline} in {html}");
        }
        assert!(html.contains("viewBox=\"0 0 366 366\""));
        assert!(html.contains("<figcaption>test (1.0): r1c3&lt;&gt;9 &amp; more"));
        assert!(!html.lines().any(|line| line.trim().is_empty()), "a blank line ends the block");
    }

    #[test]
    fn a_step_is_read_from_its_json() {
        let mut grid = ".".repeat(81);
        grid.replace_range(0..1, "5");
        let mut marks = ".".repeat(729);
        marks.replace_range(9..18, "12......9");
        let step = serde_json::json!({
            "technique": "x-wing", "rating": 3.2, "text": "words",
            "cells": ["r1c2"], "digits": [9],
            "eliminations": [{"cell": "r1c3", "digit": 9}],
            "placements": [{"cell": "r2c2", "digit": 4}],
            "grid": grid, "marks": marks,
        });
        let read = Board::from_json(&step).unwrap();
        assert_eq!(read.grid[0], 5);
        assert_eq!(read.marks[1], 1 << 1 | 1 << 2 | 1 << 9);
        assert_eq!((read.cells.clone(), read.digits), (vec![1], 1 << 9));
        assert_eq!(
            (read.eliminations.clone(), read.placements.clone()),
            (vec![(2, 9)], vec![(10, 4)])
        );
        assert_eq!(read.caption, "x-wing (3.2): words");
        assert!(read.links.is_empty(), "no `links`, no chain");
        let mut chained = step.clone();
        let end = |cell: &str, digit: u8, on: bool| serde_json::json!({"cell": cell, "digit": digit, "on": on});
        chained["links"] = serde_json::json!([{"from": end("r1c2", 9, false), "to": end("r1c3", 9, true), "strong": true}]);
        let links = Board::from_json(&chained).unwrap().links;
        assert_eq!(links, [Link { from: (1, 9, false), to: (2, 9, true), strong: true }]);
        let mut broken = step.clone();
        broken["cells"] = serde_json::json!(["r10c1"]);
        assert!(Board::from_json(&broken).is_err());
        chained["links"][0]["to"]["on"] = serde_json::json!(null);
        assert!(Board::from_json(&chained).is_err());
    }

    #[test]
    fn cells_are_named_by_row_and_column() {
        assert_eq!(cell_index("r1c1").unwrap(), 0);
        assert_eq!(cell_index("r3c7").unwrap(), 24);
        assert_eq!(cell_index("r9c9").unwrap(), 80);
        for bad in ["r0c1", "c1r1", "r1c", ""] {
            assert!(cell_index(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn data_files_give_their_puzzles_and_missing_ones_a_note() {
        let line = "1".repeat(81);
        let text = format!("# a comment\n\n{line} 1.2 1.2 1.2\nshort\n");
        assert_eq!(puzzles(&text).collect::<Vec<_>>(), [line.as_str()]);
        // HoDoKu's exemplars follow the puzzle with its techniques; QQWing writes blanks as 0.
        let exemplar = format!("#0000: Full House\n{} # lc1(3) s\n", ".".repeat(81));
        assert_eq!(puzzles(&exemplar).collect::<Vec<_>>(), [".".repeat(81)]);
        let qqwing = format!("{}\n", "0".repeat(81));
        assert_eq!(puzzles(&qqwing).collect::<Vec<_>>(), ["0".repeat(81)]);
        let note = missing("x-wing", "human/se-rated.txt");
        assert!(note.contains("`human/se-rated.txt`") && note.contains("SUDOKU_DATA"), "{note}");
    }
}
