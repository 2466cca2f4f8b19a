//! `abprune lab --plot`: mean leaves against depth on a log scale, one panel
//! per branching factor, one line per (algorithm, ordering), the formulas
//! dashed, and one legend for all panels at the right.

use super::formulas::Formulas;
use super::report::describe_values;
use super::{Plan, Row};
use crate::status::AtRunTime as _;
use abprune::algorithm::Algorithm;
use abprune_games::MoveOrdering;
use anyhow::{anyhow, bail, Result};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// The font family every text of the chart uses (registered at run time).
pub(crate) const FONT: &str = "sans-serif";
/// Environment variable naming a TrueType font file, when none of the usual ones exists.
const FONT_VARIABLE: &str = "ABPRUNE_FONT";
/// Where common systems keep a plain sans-serif TrueType font.
const FONT_FILES: [&str; 12] = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    "/usr/share/fonts/noto/NotoSans-Regular.ttf",
    "/usr/share/fonts/google-noto/NotoSans-Regular.ttf",
    "/System/Library/Fonts/Supplemental/Arial.ttf",
    "/Library/Fonts/Arial.ttf",
    "C:\\Windows\\Fonts\\arial.ttf",
];

/// One panel's size in pixels.
const PANEL: (u32, u32) = (640, 480);
/// Width of the legend strip at the right.
const LEGEND_WIDTH: u32 = 300;
/// The title's font size, when it fits.
const TITLE_FONT: f64 = 24.0;
/// Average width of a character of the title, in font sizes (a little over
/// what DejaVu Sans measures, to leave a margin).
const TITLE_EM_PER_CHAR: f64 = 0.6;
/// Height of the figure's title.
const TITLE_HEIGHT: u32 = 50;
/// Panels side by side, at most.
const PANEL_COLUMNS: usize = 2;
/// Depth labels on the x axis, at most.
const MAX_DEPTH_LABELS: usize = 16;
/// Line spacing of the legend.
const LEGEND_LINE: i32 = 22;
/// Where the legend's first line is, below the title.
const LEGEND_TOP: i32 = 40;
/// What the legend's lines mean, under them.
const LEGEND_NOTES: [&str; 2] = ["solid: measured means", "dashed: the formulas"];

/// A checked plot file: its format comes from its extension.
pub struct Target {
    path: PathBuf,
    png: bool,
}

impl Target {
    /// Checks the extension and makes the font ready, before the run starts.
    pub fn from_path(path: &Path) -> Result<Target> {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        let png = match extension.as_deref() {
            Some("svg") => false,
            Some("png") => true,
            _ => bail!("invalid --plot '{}': the file name must end in .svg or .png", path.display()),
        };
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty() && !dir.is_dir()) {
            bail!("invalid --plot '{}': there is no directory '{}'", path.display(), dir.display());
        }
        register_font()?;
        Ok(Target { path: path.to_path_buf(), png })
    }

    /// The file to write.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// True for a PNG file, false for SVG.
    pub fn is_png(&self) -> bool {
        self.png
    }
}

/// Loads a sans-serif font for the chart's text: plotters measures text with
/// it for both formats and draws PNG text with it. The bytes are leaked on
/// purpose: plotters keeps fonts for the whole process, and this runs once.
fn register_font() -> Result<()> {
    let from_variable = std::env::var_os(FONT_VARIABLE).map(PathBuf::from);
    let candidates = from_variable.iter().cloned().chain(FONT_FILES.iter().map(PathBuf::from));
    for candidate in candidates {
        let Ok(bytes) = std::fs::read(&candidate) else { continue };
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        if plotters::style::register_font(FONT, FontStyle::Normal, bytes).is_ok() {
            return Ok(());
        }
    }
    bail!("--plot needs a TrueType font and found none of the usual ones; set {FONT_VARIABLE}=/path/to/font.ttf")
}

/// Draws the chart of `rows` to the target.
pub fn draw(target: &Target, plan: &Plan, rows: &[Row]) -> Result<()> {
    let figure = Figure::new(plan, rows);
    let size = figure.size();
    let drawn = if target.png {
        figure.render(BitMapBackend::new(&target.path, size).into_drawing_area())
    } else {
        figure.render(SVGBackend::new(&target.path, size).into_drawing_area())
    };
    drawn.map_err(|error| anyhow!("cannot draw '{}': {error}", target.path.display())).at_run_time()
}

/// What the chart shows, gathered from the rows.
struct Figure<'a> {
    plan: &'a Plan,
    rows: &'a [Row],
    branchings: Vec<u32>,
    depths: Vec<u32>,
}

/// The formula curves: name, value at a depth, colour, dash length.
type Curve = (&'static str, fn(&Formulas) -> f64, RGBColor, u32);

const CURVES: [Curve; 4] = [
    ("b^d (full tree)", |f| f.full_tree as f64, RGBColor(0, 0, 0), 10),
    ("minimal tree (Knuth & Moore)", |f| f.minimal_tree as f64, RGBColor(120, 120, 120), 10),
    ("b^(3d/4) (the slides)", |f| f.b_3d4, RGBColor(148, 103, 189), 6),
    ("Pearl's R^d", |f| f.pearl, RGBColor(188, 150, 20), 3),
];

fn algo_color(algo: Algorithm) -> RGBColor {
    match algo {
        Algorithm::Minimax => RGBColor(31, 119, 180),
        Algorithm::Negamax => RGBColor(23, 190, 207),
        Algorithm::BranchAndBound => RGBColor(140, 86, 75),
        Algorithm::AlphaBeta => RGBColor(214, 39, 40),
        Algorithm::FailSoftAlphaBeta => RGBColor(227, 119, 194),
        Algorithm::Pvs => RGBColor(44, 160, 44),
        Algorithm::Mtdf => RGBColor(255, 127, 14),
    }
}

/// Marker sizes in pixels: circle radius for best order, triangle size for
/// random, cross size for worst (a marker per ordering, so that lines of one
/// colour, one algorithm, differ).
const MARKER: [i32; 3] = [4, 5, 4];

/// Any drawing error as text (the backends' error types differ).
fn text<E: std::fmt::Display>(error: E) -> String {
    error.to_string()
}

impl<'a> Figure<'a> {
    fn new(plan: &'a Plan, rows: &'a [Row]) -> Figure<'a> {
        Figure { plan, rows, branchings: plan.branchings.clone().collect(), depths: plan.depths.clone().collect() }
    }

    fn grid(&self) -> (usize, usize) {
        let columns = self.branchings.len().clamp(1, PANEL_COLUMNS);
        (self.branchings.len().div_ceil(columns).max(1), columns)
    }

    fn size(&self) -> (u32, u32) {
        let (rows, columns) = self.grid();
        let entries = self.plan.algos.len() * self.plan.orderings.len() + CURVES.len() + LEGEND_NOTES.len() + 2;
        let legend_height = LEGEND_TOP as u32 + entries as u32 * LEGEND_LINE as u32;
        (PANEL.0 * columns as u32 + LEGEND_WIDTH, (PANEL.1 * rows as u32).max(legend_height) + TITLE_HEIGHT)
    }

    fn render<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(text)?;
        let title = format!(
            "Leaves evaluated on random uniform trees (values {}, mean of {} trials, seed {})",
            describe_values(self.plan.values),
            self.plan.trials,
            self.plan.seed
        );
        // Shrink the title until it fits a narrow (one-panel) figure.
        let fitting = f64::from(self.size().0) / (title.chars().count() as f64 * TITLE_EM_PER_CHAR);
        let root = root.titled(&title, (FONT, fitting.min(TITLE_FONT))).map_err(text)?;
        let (panels, legend) = root.split_horizontally(self.size().0 - LEGEND_WIDTH);
        for (panel, &b) in panels.split_evenly(self.grid()).iter().zip(&self.branchings) {
            self.panel(panel, b)?;
        }
        self.legend(&legend)?;
        root.present().map_err(text)
    }

    fn panel<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, branching: u32) -> Result<(), String> {
        let rows: Vec<&Row> = self.rows.iter().filter(|row| row.branching == branching).collect();
        let formulas: Vec<(f64, Formulas)> =
            self.depths.iter().map(|&d| (f64::from(d), Formulas::new(branching, d))).collect();
        let mut high = 1.0_f64;
        for row in &rows {
            high = high.max(row.leaves.mean(self.plan.trials));
        }
        for (_, f) in &formulas {
            high = high.max(f.full_tree as f64).max(f.b_3d4).max(f.pearl);
        }
        let (first, last) = (f64::from(*self.plan.depths.start()), f64::from(*self.plan.depths.end()));
        let x_range = (first - 0.3)..(last + 0.3);
        let y_range = (0.7_f64..high * 2.0).log_scale();
        let mut chart = ChartBuilder::on(area)
            .caption(format!("b = {branching}"), (FONT, 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(72)
            .build_cartesian_2d(x_range, y_range)
            .map_err(text)?;
        chart
            .configure_mesh()
            .x_desc("depth")
            .y_desc("leaves evaluated (log scale)")
            .x_labels(self.depths.len().min(MAX_DEPTH_LABELS))
            .x_label_formatter(&|x| if (x - x.round()).abs() < 1e-6 { format!("{x:.0}") } else { String::new() })
            .y_label_formatter(&|y| if *y >= 1e5 { format!("{y:.0e}") } else { format!("{y:.0}") })
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(text)?;
        for &ordering in &self.plan.orderings {
            for &algo in &self.plan.algos {
                let color = algo_color(algo);
                let points: Vec<(f64, f64)> = rows
                    .iter()
                    .filter(|row| row.algo == algo && row.ordering == ordering)
                    .map(|row| (f64::from(row.depth), row.leaves.mean(self.plan.trials)))
                    .collect();
                chart.draw_series(LineSeries::new(points.iter().copied(), color.stroke_width(2))).map_err(text)?;
                let drawn = match ordering {
                    MoveOrdering::Best => {
                        chart.draw_series(points.iter().map(|&at| Circle::new(at, MARKER[0], color.filled())))
                    }
                    MoveOrdering::Random => {
                        chart.draw_series(points.iter().map(|&at| TriangleMarker::new(at, MARKER[1], color.filled())))
                    }
                    MoveOrdering::Worst => {
                        chart.draw_series(points.iter().map(|&at| Cross::new(at, MARKER[2], color.stroke_width(2))))
                    }
                };
                drawn.map_err(text)?;
            }
        }
        for (_, value, color, dash) in CURVES {
            let points: Vec<(f64, f64)> = formulas.iter().map(|(d, f)| (*d, value(f))).collect();
            let style = color.stroke_width(2);
            chart.draw_series(DashedLineSeries::new(points, dash, 5, style)).map_err(text)?;
        }
        Ok(())
    }

    /// The legend: one entry per (algorithm, ordering), then the formulas.
    fn legend<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let mut y = LEGEND_TOP;
        let sample = |y: i32| [(12, y), (52, y)];
        let label = |name: &str, y: i32| Text::new(name.to_string(), (62, y - 8), (FONT, 15));
        for &algo in &self.plan.algos {
            for &ordering in &self.plan.orderings {
                let color = algo_color(algo);
                area.draw(&PathElement::new(sample(y), color.stroke_width(2))).map_err(text)?;
                let at = (32, y);
                let drawn = match ordering {
                    MoveOrdering::Best => area.draw(&Circle::new(at, MARKER[0], color.filled())),
                    MoveOrdering::Random => area.draw(&TriangleMarker::new(at, MARKER[1], color.filled())),
                    MoveOrdering::Worst => area.draw(&Cross::new(at, MARKER[2], color.stroke_width(2))),
                };
                drawn.map_err(text)?;
                area.draw(&label(&format!("{}, {ordering} order", algo.name()), y)).map_err(text)?;
                y += LEGEND_LINE;
            }
        }
        y += LEGEND_LINE / 2;
        for (name, _, color, dash) in CURVES {
            area.draw(&DashedPathElement::new(sample(y), dash, 5, color.stroke_width(2))).map_err(text)?;
            area.draw(&label(name, y)).map_err(text)?;
            y += LEGEND_LINE;
        }
        y += LEGEND_LINE / 2;
        for note in LEGEND_NOTES {
            area.draw(&Text::new(note, (12, y - 8), (FONT, 14).into_font().color(&RGBColor(90, 90, 90))))
                .map_err(text)?;
            y += LEGEND_LINE;
        }
        Ok(())
    }
}
