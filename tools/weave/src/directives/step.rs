//! `{{#step TECHNIQUE from=FILE nth=N}}`: a real step of a technique, drawn as a board.
//!
//! The puzzles of `FILE` (under `$SUDOKU_DATA`, by default `../shared/data` beside the
//! repository; `human/se-rated.txt` when not given) are explained in turn by
//! `sudoku explain --format json` until the `N`th (by default the first) whose easiest-first path
//! takes a step of `TECHNIQUE`. That step is drawn from its JSON alone: the state it was found in
//! (`grid` and `marks`), the pattern (`cells`, `digits`), what it strikes out and places, and its
//! sentence as the caption. The technique is only a name given to the binary, so every technique
//! the ladder has, or will have, can be drawn.
//!
//! The board is inline SVG coloured by CSS classes (`weave.css`, `.weave-board`), so that it
//! follows mdBook's light and dark themes; it scales with its `viewBox` to the page. A missing
//! data file gives a note in the book instead of a board (not cached, so that the board comes when
//! the file does), not a failed build; a file that holds no such step fails the build, since the
//! chapter then promises a board it cannot have.

use super::{Args, Ctx, Unmeasured, data_file, html_code, number};
use crate::run::{self, Streams};
use anyhow::{Context, Result, bail, ensure};
use std::time::Duration;

const OPTIONS: &[&str] = &["from", "nth"];

/// The file searched when `from` is not given.
const DEFAULT_FILE: &str = "human/se-rated.txt";

/// Longer than explaining one puzzle should ever take.
const LIMIT: Duration = Duration::from_secs(60);

// ANCHOR: search
pub fn run(ctx: &Ctx, args: &Args) -> Result<String> {
    let (positional, options) = args.options(OPTIONS)?;
    let [technique] = positional.as_slice() else {
        bail!("name one technique, as `sudoku explain` writes it (e.g. `x-wing`)");
    };
    let file = options.get("from").copied().unwrap_or(DEFAULT_FILE);
    let nth: usize = number(&options, "nth", 1)?;
    ensure!(nth >= 1, "`nth` counts from 1");
    let path = data_file(&ctx.root, file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Err(Unmeasured(missing(technique, file)).into());
    };
    let mut seen = 0;
    for (index, puzzle) in puzzles(&text).enumerate() {
        let words = ["explain", "--format", "json", puzzle].map(String::from);
        let out = run::run(&ctx.sudoku, &words, &ctx.root, LIMIT, Streams::Separate)?;
        ensure!(!out.timed_out(), "`sudoku explain {puzzle}`: {}", out.describe(LIMIT));
        if !out.success() {
            continue; // not a puzzle with one solution: nothing to explain
        }
        for (n, line) in out.stdout.lines().enumerate() {
            let step: serde_json::Value = serde_json::from_str(line)
                .with_context(|| format!("`sudoku explain` wrote {line:?}"))?;
            if step["technique"] != *technique {
                continue;
            }
            seen += 1;
            if seen == nth {
                let board = Board::from_json(&step)?;
                let source = format!("puzzle {} of {}, step {}", index + 1, html_code(file), n + 1);
                return Ok(figure(&board, &source));
            }
        }
    }
    bail!("no puzzle of {} takes {nth} `{technique}` step(s) on its easiest-first path", file)
}
// ANCHOR_END: search

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
pub struct Board {
    /// The filled cells' digits, 0 for a blank.
    pub grid: [u8; 81],
    /// Each blank cell's candidates, bit `d` for digit `d`.
    pub marks: [u16; 81],
    /// The pattern's cells and digits.
    pub cells: Vec<usize>,
    pub digits: u16,
    pub eliminations: Vec<(usize, u8)>,
    pub placements: Vec<(usize, u8)>,
    /// `x-wing (3.2): ...`, the caption.
    pub caption: String,
}

impl Board {
    /// Reads a step as `sudoku explain --format json` writes it.
    pub fn from_json(step: &serde_json::Value) -> Result<Board> {
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

/// The side of a cell and the margin around the board, in the SVG's units.
const CELL: usize = 40;
const MARGIN: usize = 3;

/// The board and its caption as an HTML figure, on lines without blank ones (so that Markdown
/// keeps it one HTML block).
pub fn figure(board: &Board, source: &str) -> String {
    let caption = html_escape(&board.caption);
    let side = 9 * CELL + 2 * MARGIN;
    let mut svg =
        vec![format!("<svg viewBox=\"0 0 {side} {side}\" role=\"img\" aria-label=\"{caption}\">")];
    let corner = |cell: usize| (MARGIN + CELL * (cell % 9), MARGIN + CELL * (cell / 9));
    // Shading first, under everything: the pattern, the cells that lose a candidate, the target.
    let shade = |cell: usize, class: &str| {
        let (x, y) = corner(cell);
        format!("<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>")
    };
    let placed = |cell: usize| board.placements.iter().find(|&&(c, _)| c == cell).map(|&(_, d)| d);
    for cell in 0..81 {
        if placed(cell).is_some() {
            svg.push(shade(cell, "target"));
        } else if board.cells.contains(&cell) {
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
            // 1 2 3 on top, 7 8 9 at the bottom, as on paper.
            let k = usize::from(digit - 1);
            let (px, py) = (x + 8 + 12 * (k % 3), y + 8 + 12 * (k / 3));
            let struck = board.eliminations.contains(&(cell, digit));
            let key = board.cells.contains(&cell) && board.digits & (1 << digit) != 0;
            let class = match (struck, key) {
                (true, _) => "cand struck",
                (false, true) => "cand key",
                (false, false) => "cand",
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
    [
        "<figure class=\"weave-board\">".to_string(),
        svg.join("\n"),
        format!("<figcaption>{caption}<br><small>From {source}.</small></figcaption>"),
        "</figure>".to_string(),
    ]
    .join("\n")
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
            caption: "test (1.0): r1c3<>9 & more".into(),
        }
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
        let mut broken = step.clone();
        broken["cells"] = serde_json::json!(["r10c1"]);
        assert!(Board::from_json(&broken).is_err());
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
