//! `abprune bench connect4-curve`: the plot of an exact solve's cost by
//! the number of moves played, from the table `scripts/connect4-cost-curve.sh`
//! prints (`PLIES MODE POSITIONS MEAN_US MEAN_NODES` a line, `#` comments).

use crate::lab::plot::{Target, FONT};
use crate::status::AtRunTime as _;
use anyhow::{anyhow, bail, Context as _, Result};
use clap::Args;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::PathBuf;

/// Options of `abprune bench connect4-curve`.
#[derive(Args, Debug)]
pub struct CurveArgs {
    /// The table of `scripts/connect4-cost-curve.sh`.
    table: PathBuf,
    /// The chart to write (.svg or .png).
    #[arg(long, value_name = "OUT")]
    plot: PathBuf,
}

/// Size of one panel in pixels.
const PANEL: (u32, u32) = (560, 420);
/// Colours of the weak and the strong solves.
const COLOURS: [(&str, RGBColor); 2] = [("weak", RGBColor(31, 119, 180)), ("strong", RGBColor(214, 39, 40))];

/// One line of the table.
struct Point {
    plies: u32,
    mode: String,
    micros: f64,
    nodes: f64,
}

/// Runs `abprune bench connect4-curve`.
pub fn run(args: &CurveArgs) -> Result<()> {
    let target = Target::from_path(&args.plot)?;
    let name = crate::quote::excerpt(&args.table.display().to_string());
    let bytes = crate::input::read_file(&args.table, crate::input::MAX_TEXT_BYTES, "table")?;
    let text = String::from_utf8(bytes).with_context(|| format!("'{name}' is not UTF-8 text"))?;
    let mut points = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        points.push(parse(line).with_context(|| format!("{name}:{}", number + 1))?);
    }
    if points.is_empty() {
        bail!("'{name}' has no measurements");
    }
    let size = (PANEL.0 * 2, PANEL.1);
    let drawn = if target.is_png() {
        render(BitMapBackend::new(target.path(), size).into_drawing_area(), &points)
    } else {
        render(SVGBackend::new(target.path(), size).into_drawing_area(), &points)
    };
    drawn.map_err(|error| anyhow!("cannot draw '{}': {error}", target.path().display())).at_run_time()
}

fn parse(line: &str) -> Result<Point> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [plies, mode, _, micros, nodes] = fields[..] else {
        bail!("expected PLIES MODE POSITIONS MEAN_US MEAN_NODES, found '{}'", crate::quote::excerpt(line));
    };
    if !COLOURS.iter().any(|(name, _)| *name == mode) {
        bail!("mode '{}' is neither weak nor strong", crate::quote::excerpt(mode));
    }
    let number = |text: &str| text.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
    Ok(Point {
        plies: plies.parse().map_err(|_| anyhow!("plies '{}' is not a count", crate::quote::excerpt(plies)))?,
        mode: mode.to_string(),
        micros: number(micros).ok_or_else(|| anyhow!("time '{}' is not a number", crate::quote::excerpt(micros)))?,
        nodes: number(nodes).ok_or_else(|| anyhow!("nodes '{}' are not a number", crate::quote::excerpt(nodes)))?,
    })
}

fn render<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, points: &[Point]) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (left, right) = root.split_horizontally(PANEL.0);
    panel(&left, points, "mean time of a solve (seconds, log scale)", |p| p.micros / 1e6)?;
    panel(&right, points, "mean nodes of a solve (log scale)", |p| p.nodes)?;
    root.present().map_err(|e| e.to_string())
}

fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[Point],
    label: &str,
    value: fn(&Point) -> f64,
) -> Result<(), String> {
    let text = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let last = points.iter().map(|p| p.plies).max().unwrap_or(0);
    let values = points.iter().map(value).filter(|v| *v > 0.0);
    let (low, high) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let mut chart = ChartBuilder::on(area)
        .caption("Connect Four: exact solve by moves played (one thread)", (FONT, 17))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.3..f64::from(last) + 0.3, (low / 2.0..high * 2.0).log_scale())
        .map_err(text)?;
    chart
        .configure_mesh()
        .x_desc("moves played")
        .y_desc(label)
        .x_labels(last as usize + 1)
        .x_label_formatter(&|x| if (x - x.round()).abs() < 1e-6 { format!("{x:.0}") } else { String::new() })
        .y_label_formatter(&|y| format!("{y:.0e}"))
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 15))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(text)?;
    for (mode, colour) in COLOURS {
        let line: Vec<(f64, f64)> = points
            .iter()
            .filter(|p| p.mode == mode && value(p) > 0.0)
            .map(|p| (f64::from(p.plies), value(p)))
            .collect();
        chart
            .draw_series(LineSeries::new(line.iter().copied(), colour.stroke_width(2)))
            .map_err(text)?
            .label(mode)
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(2)));
        chart.draw_series(line.iter().map(|&at| Circle::new(at, 4, colour.filled()))).map_err(text)?;
    }
    chart
        .configure_series_labels()
        .label_font((FONT, 14))
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(text)
}
