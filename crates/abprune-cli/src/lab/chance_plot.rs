//! `abprune lab --chance-fanout N --plot`: the savings of Star1 and Star2
//! over expectiminimax against depth, one panel per branching factor, one
//! line per (algorithm, ordering) with the mean's 95% interval as error
//! bars, and one legend for all panels at the right.

use super::chance::{ChancePlan, ChanceRow};
use super::chance_report::describe_bounds;
use super::plot::{Target, FONT};
use super::report::describe_values;
use crate::status::AtRunTime as _;
use abprune::ChanceAlgorithm;
use abprune_games::MoveOrdering;
use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One panel's size in pixels.
const PANEL: (u32, u32) = (560, 440);
/// Width of the legend strip at the right.
const LEGEND_WIDTH: u32 = 280;
/// Height of the figure's title (two lines).
const TITLE_HEIGHT: u32 = 64;
/// Left margin of the title's lines.
const TITLE_LEFT: i32 = 16;
/// Panels side by side, at most.
const PANEL_COLUMNS: usize = 2;
/// Line spacing of the legend.
const LEGEND_LINE: i32 = 22;
/// Where the legend's first line is.
const LEGEND_TOP: i32 = 40;
/// Half the width of an error bar's caps, in depths.
const ERROR_CAP: f64 = 0.05;
/// How far apart (in depths) the orderings' points are drawn, so that
/// their error bars do not hide one another.
const ORDERING_NUDGE: f64 = 0.08;
/// What the legend's lines mean, under them.
const LEGEND_NOTES: [&str; 3] =
    ["mean savings over the trees;", "bars: the mean's 95% interval;", "expectiminimax is 0%"];

/// The algorithms drawn: expectiminimax saves nothing by definition.
const DRAWN: [ChanceAlgorithm; 2] = [ChanceAlgorithm::Star1, ChanceAlgorithm::Star2];

fn algo_color(algo: ChanceAlgorithm) -> RGBColor {
    match algo {
        ChanceAlgorithm::Expectiminimax => RGBColor(31, 119, 180),
        ChanceAlgorithm::Star1 => RGBColor(214, 39, 40),
        ChanceAlgorithm::Star2 => RGBColor(44, 160, 44),
    }
}

/// Any drawing error as text (the backends' error types differ).
fn text<E: std::fmt::Display>(error: E) -> String {
    error.to_string()
}

/// Draws the chart of `rows` to the target.
pub fn draw(target: &Target, plan: &ChancePlan, rows: &[ChanceRow]) -> Result<()> {
    let figure = Figure { plan, rows, branchings: plan.branchings.clone().collect() };
    let size = figure.size();
    let drawn = if target.is_png() {
        figure.render(BitMapBackend::new(target.path(), size).into_drawing_area())
    } else {
        figure.render(SVGBackend::new(target.path(), size).into_drawing_area())
    };
    drawn.map_err(|error| anyhow!("cannot draw '{}': {error}", target.path().display())).at_run_time()
}

struct Figure<'a> {
    plan: &'a ChancePlan,
    rows: &'a [ChanceRow],
    branchings: Vec<u32>,
}

impl Figure<'_> {
    fn grid(&self) -> (usize, usize) {
        let columns = self.branchings.len().clamp(1, PANEL_COLUMNS);
        (self.branchings.len().div_ceil(columns).max(1), columns)
    }

    fn size(&self) -> (u32, u32) {
        let (rows, columns) = self.grid();
        let entries = DRAWN.len() * self.plan.orderings.len() + LEGEND_NOTES.len() + 1;
        let legend_height = LEGEND_TOP as u32 + entries as u32 * LEGEND_LINE as u32;
        (PANEL.0 * columns as u32 + LEGEND_WIDTH, (PANEL.1 * rows as u32).max(legend_height) + TITLE_HEIGHT)
    }

    fn render<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(text)?;
        let (title, body) = root.split_vertically(TITLE_HEIGHT);
        let lines = [
            "Leaves saved by Star1 and Star2 over expectiminimax, random *-minimax trees".to_string(),
            format!(
                "chance fan-out {}, values {}, {} probabilities, {}, {} trees per point, seed {}",
                self.plan.fanout,
                describe_values(self.plan.values),
                self.plan.probabilities,
                describe_bounds(self.plan),
                self.plan.trials,
                self.plan.seed
            ),
        ];
        for (i, line) in lines.iter().enumerate() {
            let size = if i == 0 { 20 } else { 15 };
            title.draw(&Text::new(line.clone(), (TITLE_LEFT, 8 + 26 * i as i32), (FONT, size))).map_err(text)?;
        }
        let (panels, legend) = body.split_horizontally(self.size().0 - LEGEND_WIDTH);
        for (panel, &b) in panels.split_evenly(self.grid()).iter().zip(&self.branchings) {
            self.panel(panel, b)?;
        }
        self.legend(&legend)?;
        root.present().map_err(text)
    }

    fn panel<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>, branching: u32) -> Result<(), String> {
        let rows: Vec<&ChanceRow> = self.rows.iter().filter(|row| row.branching == branching).collect();
        let low = rows
            .iter()
            .filter(|row| DRAWN.contains(&row.algo))
            .map(|row| 100.0 * (row.savings.mean - row.savings.half_width))
            .fold(0.0_f64, f64::min);
        let (first, last) = (f64::from(*self.plan.depths.start()), f64::from(*self.plan.depths.end()));
        let mut chart = ChartBuilder::on(area)
            .caption(format!("b = {branching}"), (FONT, 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d((first - 0.4)..(last + 0.4), (low.floor() - 2.0)..100.0)
            .map_err(text)?;
        chart
            .configure_mesh()
            .x_desc("depth (chance levels included)")
            .y_desc("leaves saved, % of expectiminimax's")
            .x_labels(self.plan.depths.clone().count())
            .x_label_formatter(&|x| if (x - x.round()).abs() < 1e-6 { format!("{x:.0}") } else { String::new() })
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 15))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(text)?;
        for (o, &ordering) in self.plan.orderings.iter().enumerate() {
            let nudge = (o as f64 - (self.plan.orderings.len() as f64 - 1.0) / 2.0) * ORDERING_NUDGE;
            for algo in DRAWN {
                let color = algo_color(algo);
                let points: Vec<(f64, f64, f64)> = rows
                    .iter()
                    .filter(|row| row.algo == algo && row.ordering == ordering)
                    .map(|row| (f64::from(row.depth) + nudge, 100.0 * row.savings.mean, 100.0 * row.savings.half_width))
                    .collect();
                chart
                    .draw_series(LineSeries::new(points.iter().map(|&(x, y, _)| (x, y)), color.stroke_width(2)))
                    .map_err(text)?;
                // The 95% interval: a vertical bar with caps (plotters'
                // ErrorBar needs a feature this build leaves out).
                for &(x, y, h) in &points {
                    let bar = [(x, y - h), (x, y + h)];
                    chart.draw_series([PathElement::new(bar, color.stroke_width(1))]).map_err(text)?;
                    for end in [y - h, y + h] {
                        let cap = [(x - ERROR_CAP, end), (x + ERROR_CAP, end)];
                        chart.draw_series([PathElement::new(cap, color.stroke_width(1))]).map_err(text)?;
                    }
                }
                // A marker per ordering: circle best, triangle random, cross worst.
                let at = points.iter().map(|&(x, y, _)| (x, y));
                let drawn = match ordering {
                    MoveOrdering::Best => chart.draw_series(at.map(|at| Circle::new(at, 4, color.filled()))),
                    MoveOrdering::Random => chart.draw_series(at.map(|at| TriangleMarker::new(at, 5, color.filled()))),
                    MoveOrdering::Worst => chart.draw_series(at.map(|at| Cross::new(at, 4, color.stroke_width(2)))),
                };
                drawn.map_err(text)?;
            }
        }
        Ok(())
    }

    /// The legend: one entry per (algorithm, ordering), then the notes.
    fn legend<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let mut y = LEGEND_TOP;
        for algo in DRAWN {
            for &ordering in &self.plan.orderings {
                let color = algo_color(algo);
                area.draw(&PathElement::new([(12, y), (52, y)], color.stroke_width(2))).map_err(text)?;
                let drawn = match ordering {
                    MoveOrdering::Best => area.draw(&Circle::new((32, y), 4, color.filled())),
                    MoveOrdering::Random => area.draw(&TriangleMarker::new((32, y), 5, color.filled())),
                    MoveOrdering::Worst => area.draw(&Cross::new((32, y), 4, color.stroke_width(2))),
                };
                drawn.map_err(text)?;
                let label = format!("{}, {ordering} order", algo.name());
                area.draw(&Text::new(label, (62, y - 8), (FONT, 15))).map_err(text)?;
                y += LEGEND_LINE;
            }
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
