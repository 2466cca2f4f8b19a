//! Printing the *-minimax lab's rows: an aligned table, CSV or JSON.

use super::chance::{Bounds, ChancePlan, ChanceRow};
use super::report::{describe_values, print_rows, Format, Table};
use serde_json::json;

/// The columns, as CSV and JSON name them.
const KEYS: [&str; 22] = [
    "branching",
    "chance_fanout",
    "depth",
    "ordering",
    "values",
    "probabilities",
    "bounds",
    "algo",
    "trials",
    "leaves_mean",
    "leaves_min",
    "leaves_max",
    "nodes_mean",
    "nodes_min",
    "nodes_max",
    "savings_mean",
    "savings_low",
    "savings_high",
    "savings_min",
    "savings_max",
    "chance_cutoffs_mean",
    "probes_mean",
];

/// The columns of the text table (the settings are said once above it);
/// the first four are labels, the rest numbers.
const HEADERS: [&str; 11] = [
    "b",
    "d",
    "ordering",
    "algo",
    "leaves_mean",
    "leaves_min",
    "leaves_max",
    "nodes_mean",
    "savings (95% interval)",
    "chance_cuts",
    "probes",
];

/// Prints the rows in `format`.
pub fn print(plan: &ChancePlan, rows: &[ChanceRow], format: Format) -> std::io::Result<()> {
    print_rows(rows, &KEYS, |row| row_json(plan, row), || table(plan, rows), format)
}

/// What `--bounds` gives Star1 and Star2, in words.
pub fn describe_bounds(plan: &ChancePlan) -> String {
    match (plan.bounds, plan.values) {
        (Bounds::Values, abprune_games::LeafValues::Uniform { min, max }) => format!("L = {min}, U = {max}"),
        (Bounds::Given { low, high }, _) => format!("L = {low}, U = {high}"),
        _ => "L, U = each tree's lowest and highest leaf".to_string(),
    }
}

fn row_json(plan: &ChancePlan, row: &ChanceRow) -> serde_json::Value {
    json!({
        "branching": row.branching,
        "chance_fanout": plan.fanout,
        "depth": row.depth,
        "ordering": row.ordering.to_string(),
        "values": describe_values(plan.values),
        "probabilities": plan.probabilities.to_string(),
        "bounds": plan.bounds.to_string(),
        "algo": row.algo.name(),
        "trials": plan.trials,
        "leaves_mean": row.leaves.mean,
        "leaves_min": row.leaves.min,
        "leaves_max": row.leaves.max,
        "nodes_mean": row.nodes.mean,
        "nodes_min": row.nodes.min,
        "nodes_max": row.nodes.max,
        "savings_mean": row.savings.mean,
        "savings_low": row.savings.mean - row.savings.half_width,
        "savings_high": row.savings.mean + row.savings.half_width,
        "savings_min": row.savings.min,
        "savings_max": row.savings.max,
        "chance_cutoffs_mean": row.chance_cutoffs,
        "probes_mean": row.probes,
    })
}

/// A fraction as a percentage with one decimal, never "-0.0".
fn percent(fraction: f64) -> String {
    let text = format!("{:.1}", 100.0 * fraction);
    if text == "-0.0" {
        "0.0".to_string()
    } else {
        text
    }
}

fn table(plan: &ChancePlan, rows: &[ChanceRow]) -> String {
    let mut out = format!(
        "random *-minimax trees (MAX, chance, MIN, chance, ...): chance fan-out {}, leaf values {}, \
         {} probabilities, {}; {} trial(s) per row, seed {}\n",
        plan.fanout,
        describe_values(plan.values),
        plan.probabilities,
        describe_bounds(plan),
        plan.trials,
        plan.seed
    );
    out.push_str(
        "d counts the chance levels; leaves evaluated (Star2's probes included) and nodes entered, over the trials;\n\
         savings: 1 - leaves / expectiminimax's leaves, mean and its 95% interval; every value checked equal to \
         expectiminimax's\n\n",
    );
    let mut table = Table::new(&HEADERS, 4);
    let mut last_group = None;
    for row in rows {
        let group = (row.branching, row.depth);
        if last_group.is_some_and(|last| last != group) {
            table.separator();
        }
        last_group = Some(group);
        let savings = &row.savings;
        table.push(vec![
            row.branching.to_string(),
            row.depth.to_string(),
            row.ordering.to_string(),
            row.algo.name().to_string(),
            format!("{:.1}", row.leaves.mean),
            format!("{:.0}", row.leaves.min),
            format!("{:.0}", row.leaves.max),
            format!("{:.1}", row.nodes.mean),
            format!(
                "{}% ({} to {})",
                percent(savings.mean),
                percent(savings.mean - savings.half_width),
                percent(savings.mean + savings.half_width)
            ),
            format!("{:.1}", row.chance_cutoffs),
            format!("{:.1}", row.probes),
        ]);
    }
    out.push_str(&table.render());
    out
}
