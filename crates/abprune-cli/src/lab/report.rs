//! Printing the lab's rows: an aligned table, CSV or JSON.

use super::formulas::pearl_branching_factor;
use super::plan::{Plan, Row};
use abprune_games::LeafValues;
use serde_json::json;

/// How the rows are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// An aligned text table.
    Table,
    /// Comma-separated values with a header.
    Csv,
    /// A JSON array of objects.
    Json,
}

/// The random-tree columns, as CSV and JSON name them.
const TREE_KEYS: [&str; 16] = [
    "branching",
    "depth",
    "ordering",
    "values",
    "algo",
    "trials",
    "leaves_mean",
    "leaves_min",
    "leaves_max",
    "nodes_mean",
    "nodes_min",
    "nodes_max",
    "full_tree",
    "minimal_tree",
    "b_3d4",
    "pearl",
];

/// The random-tree columns of the text table (trials and values are said
/// once above it); the first four are labels, the rest numbers.
const TREE_HEADERS: [&str; 14] = [
    "b",
    "d",
    "ordering",
    "algo",
    "leaves_mean",
    "leaves_min",
    "leaves_max",
    "nodes_mean",
    "nodes_min",
    "nodes_max",
    "b^d",
    "minimal",
    "b^(3d/4)",
    "pearl",
];

/// `--values` as the user writes it.
pub fn describe_values(values: LeafValues) -> String {
    match values {
        LeafValues::Uniform { min, max } => format!("uniform:{min},{max}"),
        LeafValues::Distinct => "distinct".to_string(),
    }
}

/// Prints the random-tree rows in `format`.
pub fn print_trees(plan: &Plan, rows: &[Row], format: Format) -> std::io::Result<()> {
    print_rows(rows, &TREE_KEYS, |row| tree_json(plan, row), || tree_table(plan, rows), format)
}

/// Prints `rows` in `format`: a JSON array of `json(row)`, CSV with the
/// columns `keys` of each row's JSON, or the `table` made when asked.
/// One printer for every experiment of the lab, so the three formats
/// say the same thing.
pub fn print_rows<R>(
    rows: &[R],
    keys: &[&str],
    json: impl Fn(&R) -> serde_json::Value,
    table: impl FnOnce() -> String,
    format: Format,
) -> std::io::Result<()> {
    match format {
        Format::Json => {
            let array: Vec<serde_json::Value> = rows.iter().map(&json).collect();
            crate::output::outln!("{}", serde_json::to_string_pretty(&array).unwrap_or_default())?;
        }
        Format::Csv => {
            crate::output::outln!("{}", keys.join(","))?;
            for row in rows {
                let values = json(row);
                let fields: Vec<String> = keys.iter().map(|&key| csv_field(&values[key])).collect();
                crate::output::outln!("{}", fields.join(","))?;
            }
        }
        Format::Table => crate::output::out!("{}", table())?,
    }
    Ok(())
}

fn tree_json(plan: &Plan, row: &Row) -> serde_json::Value {
    json!({
        "branching": row.branching,
        "depth": row.depth,
        "ordering": row.ordering.to_string(),
        "values": describe_values(plan.values),
        "algo": row.algo.name(),
        "trials": plan.trials,
        "leaves_mean": row.leaves.mean(plan.trials),
        "leaves_min": row.leaves.min,
        "leaves_max": row.leaves.max,
        "nodes_mean": row.nodes.mean(plan.trials),
        "nodes_min": row.nodes.min,
        "nodes_max": row.nodes.max,
        "full_tree": row.formulas.full_tree,
        "minimal_tree": row.formulas.minimal_tree,
        "b_3d4": row.formulas.b_3d4,
        "pearl": row.formulas.pearl,
    })
}

/// A JSON value as one CSV field: text with a comma or a quote (the values
/// `uniform:LO,HI`) in double quotes, as RFC 4180 has it; null as nothing.
pub fn csv_field(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(text) if text.contains([',', '"', '\n']) => {
            format!("\"{}\"", text.replace('"', "\"\""))
        }
        serde_json::Value::String(text) => text.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn tree_table(plan: &Plan, rows: &[Row]) -> String {
    let mut out = format!(
        "random uniform trees: leaf values {}, {} trial(s) per row, seed {}\n",
        describe_values(plan.values),
        plan.trials,
        plan.seed
    );
    out.push_str(
        "leaves evaluated and nodes entered (root included): mean, min, max over the trials\n\
         b^d: full tree; minimal: b^ceil(d/2) + b^floor(d/2) - 1; b^(3d/4): the slides' average;\n\
         pearl: R^d with Pearl's R = x/(1-x), x^b + x = 1 (random order, distinct values, d large)\n",
    );
    let factors: Vec<String> = plan
        .branchings
        .clone()
        .map(|b| format!("b={b}: R {:.3}, b^(3/4) {:.3}", pearl_branching_factor(b), f64::from(b).powf(0.75)))
        .collect();
    out.push_str(&format!("branching factors per ply: {}\n\n", factors.join("; ")));
    let mut table = Table::new(&TREE_HEADERS, 4);
    let mut last_group = None;
    for row in rows {
        let group = (row.branching, row.depth);
        if last_group.is_some_and(|last| last != group) {
            table.separator();
        }
        last_group = Some(group);
        table.push(vec![
            row.branching.to_string(),
            row.depth.to_string(),
            row.ordering.to_string(),
            row.algo.name().to_string(),
            format!("{:.1}", row.leaves.mean(plan.trials)),
            row.leaves.min.to_string(),
            row.leaves.max.to_string(),
            format!("{:.1}", row.nodes.mean(plan.trials)),
            row.nodes.min.to_string(),
            row.nodes.max.to_string(),
            row.formulas.full_tree.to_string(),
            row.formulas.minimal_tree.to_string(),
            format!("{:.1}", row.formulas.b_3d4),
            format!("{:.1}", row.formulas.pearl),
        ]);
    }
    out.push_str(&table.render());
    out
}

/// A text table: label columns aligned left, number columns right, two
/// spaces apart, blank lines where the caller asked for them.
pub struct Table {
    headers: Vec<String>,
    labels: usize,
    rows: Vec<Option<Vec<String>>>,
}

impl Table {
    /// A table with these headers whose first `labels` columns are text.
    pub fn new(headers: &[&str], labels: usize) -> Table {
        Table { headers: headers.iter().map(|h| h.to_string()).collect(), labels, rows: Vec::new() }
    }

    /// Adds a row (as many cells as headers).
    pub fn push(&mut self, cells: Vec<String>) {
        debug_assert_eq!(cells.len(), self.headers.len());
        self.rows.push(Some(cells));
    }

    /// Adds a blank line.
    pub fn separator(&mut self) {
        self.rows.push(None);
    }

    /// The table as text, one line per row.
    pub fn render(&self) -> String {
        let mut widths: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for cells in self.rows.iter().flatten() {
            for (width, cell) in widths.iter_mut().zip(cells) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let line = |cells: &[String]| {
            let parts: Vec<String> = cells
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (cell, &w))| if i < self.labels { format!("{cell:<w$}") } else { format!("{cell:>w$}") })
                .collect();
            parts.join("  ").trim_end().to_string() + "\n"
        };
        let mut out = line(&self.headers);
        for row in &self.rows {
            match row {
                Some(cells) => out.push_str(&line(cells)),
                None => out.push('\n'),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_aligns_labels_left_and_numbers_right() {
        let mut table = Table::new(&["name", "n"], 1);
        table.push(vec!["a".into(), "100".into()]);
        table.separator();
        table.push(vec!["long".into(), "7".into()]);
        assert_eq!(table.render(), "name    n\na     100\n\nlong    7\n");
    }

    #[test]
    fn csv_fields_quote_commas() {
        assert_eq!(csv_field(&json!("uniform:-5,5")), "\"uniform:-5,5\"");
        assert_eq!(csv_field(&json!("best")), "best");
        assert_eq!(csv_field(&json!(2.5)), "2.5");
        assert_eq!(csv_field(&json!(null)), "");
    }
}
