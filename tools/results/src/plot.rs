//! The project's one plotter, the weave's and the examples' that print the book's figures: curves in panels, drawn as SVG with plotters (no system library, no
//! font file).
//!
//! A figure is one or more panels stacked one above the other, each with its own vertical scale,
//! so that slow and fast series each get the room they need. Every curve has a colour and a
//! marker of its own shape, and the legend above each panel shows both: two curves are told
//! apart without their colours. Text is 17 units high in an SVG 480 units wide (plotters writes
//! a font's size divided by 1.24): shown wider than that on a wide screen (`weave.css`), and
//! scaled down to a phone's column of 360 px, it is still more than 12 px high.

use crate::format;
use anyhow::{Result, anyhow, bail};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One curve: its name in the legend, its colour (`#rrggbb`, or `None` for the palette's) and its
/// points.
pub struct Curve {
    pub label: String,
    pub colour: Option<String>,
    pub points: Vec<(f64, f64)>,
}

/// One panel: a title over it, its curves, and how its axes read.
pub struct Panel {
    pub title: String,
    pub curves: Vec<Curve>,
}

/// How the axes of every panel of a figure read: their descriptions, the number format of their
/// labels ([`format::in_format`]), and whether the vertical one is logarithmic.
pub struct Axes {
    pub x: String,
    pub y: String,
    pub x_format: String,
    pub y_format: String,
    pub log_y: bool,
}

const WIDTH: u32 = 480;
const CHART_HEIGHT: u32 = 300;
/// The height of the title and of each row of the legend.
const ROW: u32 = 28;
/// The size asked of plotters, which writes 21 / 1.24, about 17 units, in the SVG.
const TEXT: u32 = 21;

/// The colours of curves that bring none, chosen to read on the plot's white ground.
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 0, 0),
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
];

/// The SVG of `panels`, one above the other.
pub fn svg(panels: &[Panel], axes: &Axes) -> Result<String> {
    if panels.iter().all(|p| p.curves.iter().all(|c| c.points.is_empty())) {
        bail!("nothing to plot");
    }
    let mut svg = String::new();
    {
        let heights: Vec<u32> = panels.iter().map(panel_height).collect();
        let area =
            SVGBackend::with_string(&mut svg, (WIDTH, heights.iter().sum())).into_drawing_area();
        area.fill(&WHITE).map_err(|e| anyhow!("{e}"))?;
        let mut rest = area.clone();
        for (panel, height) in panels.iter().zip(heights) {
            let (region, below) = rest.split_vertically(height);
            draw_panel(panel, axes, &region)?;
            rest = below;
        }
        area.present().map_err(|e| anyhow!("{e}"))?;
    }
    Ok(svg.lines().filter(|line| !line.trim().is_empty()).collect::<Vec<_>>().join("\n"))
}

/// Where each curve's entry of the legend starts, `(x, row)`: side by side, a row as full as
/// its names allow (a name's width guessed from its length), under the panel's title.
fn legend_places(panel: &Panel) -> Vec<(i32, u32)> {
    let (mut x, mut row) = (8, 1);
    let mut places = Vec::new();
    for curve in &panel.curves {
        // 10 units a character: wide enough for sans-serif at 17 units, so that no name runs
        // into the next or off the edge.
        let width = 52 + (curve.label.chars().count() as f64 * 10.0) as i32 + 18;
        if x > 8 && x + width > WIDTH as i32 {
            (x, row) = (8, row + 1);
        }
        places.push((x, row));
        x += width;
    }
    places
}

/// A panel's height: its title and legend's rows over its chart.
fn panel_height(panel: &Panel) -> u32 {
    let rows = legend_places(panel).last().map_or(0, |&(_, row)| row);
    ROW * (1 + rows) + CHART_HEIGHT
}

fn draw_panel(
    panel: &Panel,
    axes: &Axes,
    region: &DrawingArea<SVGBackend<'_>, Shift>,
) -> Result<()> {
    let fail = |e: &dyn std::fmt::Display| anyhow!("{e}");
    // A logarithmic axis is drawn as a linear one of the logarithms, whole decades apart.
    let y_of = |y: f64| if axes.log_y { y.log10() } else { y };
    let points = || panel.curves.iter().flat_map(|c| &c.points);
    let xs = points().map(|p| p.0);
    let (x_low, x_high) = xs.fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
    let ys = points().map(|p| y_of(p.1)).filter(|y| y.is_finite());
    let (mut y_low, mut y_high) = ys.fold((f64::MAX, f64::MIN), |(l, h), y| (l.min(y), h.max(y)));
    if axes.log_y {
        (y_low, y_high) = (y_low.floor(), y_high.ceil().max(y_low.floor() + 1.0));
    } else {
        y_high += (y_high - y_low).max(1.0) * 0.02;
    }
    let (legend, plot) = region.split_vertically(panel_height(panel) - CHART_HEIGHT);
    let title = Text::new(panel.title.clone(), (8, 8), ("sans-serif", TEXT + 1).into_font());
    legend.draw(&title).map_err(|e| fail(&e))?;
    let mut chart = ChartBuilder::on(&plot)
        .margin(10)
        // Room for the top label of the vertical axis, centred on its tick, under the legend.
        .margin_top(16)
        // Room for the last label of the horizontal axis, centred on its tick.
        .margin_right(22)
        .x_label_area_size(50)
        // Room for a label such as `100 ms` beside its tick and, left of it, the axis's title.
        .y_label_area_size(104)
        .build_cartesian_2d(x_low..x_high, y_low..y_high)
        .map_err(|e| fail(&e))?;
    let label = |value: f64, format: &str| format::in_format(value, format).unwrap_or_default();
    let y_label = |y: &f64| label(if axes.log_y { 10f64.powf(*y) } else { *y }, &axes.y_format);
    let x_label = |x: &f64| label(*x, &axes.x_format);
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(&axes.x)
        .y_desc(&axes.y)
        .label_style(("sans-serif", TEXT))
        .axis_desc_style(("sans-serif", TEXT))
        .x_labels(6)
        .light_line_style(RGBColor(238, 238, 238))
        .bold_line_style(RGBColor(204, 204, 204))
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label);
    if axes.log_y {
        mesh.y_labels((y_high - y_low) as usize + 1);
    }
    mesh.draw().map_err(|e| fail(&e))?;
    let places = legend_places(panel);
    for (k, curve) in panel.curves.iter().enumerate() {
        let colour = match &curve.colour {
            Some(hex) => rgb(hex)?,
            None => PALETTE[k % PALETTE.len()],
        };
        let points: Vec<(f64, f64)> = curve
            .points
            .iter()
            .map(|&(x, y)| (x, y_of(y)))
            .filter(|(_, y)| y.is_finite())
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
            .map_err(|e| fail(&e))?;
        // A marker every tenth of the curve, its first and last point among them.
        let every = (points.len() / 10).max(1);
        let marked =
            points.iter().enumerate().filter(|(i, _)| i % every == 0 || *i + 1 == points.len());
        for (_, &p) in marked {
            chart.plotting_area().draw(&marker(k, p, colour)).map_err(|e| fail(&e))?;
        }
        let (x, row) = places[k];
        let y = (ROW * row + ROW / 2) as i32;
        let line = PathElement::new(vec![(x, y), (x + 30, y)], colour.stroke_width(2));
        legend.draw(&line).map_err(|e| fail(&e))?;
        legend.draw(&marker(k, (x + 15, y), colour)).map_err(|e| fail(&e))?;
        let text =
            Text::new(curve.label.clone(), (x + 36, y - 9), ("sans-serif", TEXT).into_font());
        legend.draw(&text).map_err(|e| fail(&e))?;
    }
    Ok(())
}

/// The marker of the `k`th curve at `at`: a shape of its own, 5 units from its centre.
fn marker<'a, DB: DrawingBackend + 'a, C: Clone + 'a>(
    k: usize,
    at: C,
    colour: RGBColor,
) -> DynElement<'a, DB, C> {
    let (solid, open) = (colour.filled(), colour.stroke_width(2));
    let square = |style: ShapeStyle| Rectangle::new([(-5, -5), (5, 5)], style);
    let diamond = vec![(0, -7), (7, 0), (0, 7), (-7, 0)];
    let shape = EmptyElement::at(at);
    match k % 8 {
        0 => (shape + Circle::new((0, 0), 5, solid)).into_dyn(),
        1 => (shape + TriangleMarker::new((0, 0), 7, solid)).into_dyn(),
        2 => (shape + square(open)).into_dyn(),
        3 => (shape
            + PathElement::new(vec![(-5, -5), (5, 5)], open)
            + PathElement::new(vec![(-5, 5), (5, -5)], open))
        .into_dyn(),
        4 => (shape + square(solid)).into_dyn(),
        5 => (shape + Circle::new((0, 0), 5, open)).into_dyn(),
        6 => (shape + Polygon::new(diamond, solid)).into_dyn(),
        _ => (shape + TriangleMarker::new((0, 0), 7, open)).into_dyn(),
    }
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

/// An HTML figure of `svg` under `caption` (HTML): one block, with no blank line in it.
pub fn figure(svg: &str, caption: &str) -> String {
    format!("<figure class=\"weave-plot\">\n{svg}\n<figcaption>{caption}</figcaption>\n</figure>")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(label: &str, colour: Option<&str>, from: f64) -> Curve {
        let points = (0..=200).map(|k| (k as f64 / 2.0, from + k as f64)).collect();
        Curve { label: label.into(), colour: colour.map(String::from), points }
    }

    #[test]
    fn panels_stack_and_curves_carry_colour_marker_and_name() {
        let axes = Axes {
            x: "share".into(),
            y: "time".into(),
            x_format: "num".into(),
            y_format: "µs".into(),
            log_y: true,
        };
        let panels = [
            Panel { title: "one".into(), curves: vec![curve("alpha", Some("#1f77b4"), 1.0)] },
            Panel {
                title: "two".into(),
                curves: vec![curve("beta", None, 2.0), curve("gamma", None, 3.0)],
            },
        ];
        let svg = svg(&panels, &axes).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("height=\"712\""), "{svg}");
        assert!(svg.contains("#1F77B4") && svg.contains("alpha") && svg.contains("gamma"));
        assert!(svg.contains("<circle") && svg.contains("<polygon"), "markers");
        assert!(svg.contains("font-size=\"16.9"), "text that reads");
        assert!(!svg.lines().any(|l| l.trim().is_empty()));
        assert_eq!(rgb("#1f77b4").unwrap(), RGBColor(31, 119, 180));
        assert!(rgb("1f77b4").is_err() && rgb("#gg0000").is_err());
    }
}
