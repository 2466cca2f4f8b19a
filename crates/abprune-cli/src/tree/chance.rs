//! `abprune tree --algo expectiminimax|star1|star2`: the searches for
//! trees with chance nodes, their exact values (a fraction and its
//! decimal), Ballard's leaf bounds and the cut-offs at chance nodes.

use super::{check_drawable, parse_pair, print_files, TreeArgs};
use abprune::algorithm::Algorithm;
use abprune::textbook::{ChanceError, ChanceResult};
use abprune::{ChanceAlgorithm, ChanceTrace, NoTrace, Ratio, UNLIMITED_DEPTH};
use abprune_front::svg;
use abprune_games::{NodeId, Tree, TreeGame};
use anyhow::{bail, Context as _, Result};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use std::fmt;

/// An algorithm `abprune tree` runs: a deterministic one, or one of the
/// searches for games with chance (which return exact fractions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeAlgorithm {
    /// alphabeta, pvs, ...: trees without chance nodes.
    Plain(Algorithm),
    /// expectiminimax, star1, star2: any tree.
    Chance(ChanceAlgorithm),
}

impl fmt::Display for TreeAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeAlgorithm::Plain(algo) => f.write_str(algo.name()),
            TreeAlgorithm::Chance(algo) => f.write_str(algo.name()),
        }
    }
}

/// The parser of `--algo`: the library's deterministic names, then the
/// searches for games with chance, each listed in the help with what it is.
pub fn tree_algorithm_parser() -> impl TypedValueParser<Value = TreeAlgorithm> {
    let plain = Algorithm::ALL.map(|algo| PossibleValue::new(algo.name()).help(algo.summary()));
    let chance = ChanceAlgorithm::ALL.map(|algo| PossibleValue::new(algo.name()).help(algo.summary()));
    PossibleValuesParser::new(plain.into_iter().chain(chance)).map(|name| match name.parse::<ChanceAlgorithm>() {
        Ok(algo) => TreeAlgorithm::Chance(algo),
        // The parser above admits only the names of the two lists.
        Err(_) => TreeAlgorithm::Plain(name.parse().unwrap_or(Algorithm::AlphaBeta)),
    })
}

/// Where Ballard's `L` and `U` came from.
#[derive(Clone, Copy)]
enum BoundsSource {
    Tree,
    Given,
}

/// `abprune tree` with a search for games with chance.
pub fn run(args: &TreeArgs, algo: ChanceAlgorithm, tree: &Tree, source: &str) -> Result<()> {
    if args.bound.is_some() {
        bail!("--bound applies to f1 only, not {algo} (star1 and star2 take --window)");
    }
    if !algo.takes_window() && args.window.is_some() {
        bail!("--window applies to alphabeta, failsoft, pvs, star1 and star2, not {algo}");
    }
    if !algo.takes_window() && args.bounds.is_some() {
        bail!("--bounds applies to star1 and star2 only, not {algo} (which prunes nothing)");
    }
    let window = match &args.window {
        Some(text) => parse_window(text)?,
        None => (Ratio::NEG_INFINITY, Ratio::INFINITY),
    };
    let (game, bounds_source) = match &args.bounds {
        Some(text) => {
            let (low, high) = parse_pair::<i32>(text, "--bounds", "L,U")?;
            check_bounds(tree, text, low, high)?;
            (TreeGame::with_value_bounds(tree, low, high), BoundsSource::Given)
        }
        None => (TreeGame::new(tree), BoundsSource::Tree),
    };
    check_drawable(args, tree)?;
    let traced = args.svg.is_some() || args.animate.is_some();
    let bounds = abprune::Game::value_bounds(&game).map(|(low, high)| (low.get(), high.get()));
    let (result, trace) = search(game, algo, window, traced).map_err(|error| describe_error(tree, &error))?;
    if let Some(path) = &args.svg {
        let title = format!("{} — value {}", algo.describe(), result.value);
        let picture = svg::render_chance_search(tree, &trace.events, result.best_move, &title);
        crate::status::write_file(path, picture)?;
    }
    if let Some(path) = &args.animate {
        let title = format!("{} — value {}", algo.describe(), result.value);
        let source = format!("{source}: {} nodes, {} leaves", tree.len(), tree.leaf_count());
        let page = crate::animate::render_chance_page(tree, &trace.events, result.best_move, &title, &source);
        crate::status::write_file(path, page)?;
    }
    if args.json {
        crate::output::outln!("{}", json_report(tree, algo, window, bounds, bounds_source, &result))?;
    } else {
        let report = Report { tree, source, algo, window, bounds, bounds_source, result: &result };
        crate::output::out!("{}", report.text())?;
        print_files(args)?;
    }
    Ok(())
}

/// Runs `algo` on the whole tree, recording the events when `traced`.
fn search(
    mut game: TreeGame<'_>,
    algo: ChanceAlgorithm,
    window: (Ratio, Ratio),
    traced: bool,
) -> Result<(ChanceResult<NodeId>, ChanceTrace<NodeId>), ChanceError<NodeId>> {
    let mut trace = ChanceTrace::default();
    let result = if traced {
        algo.run(&mut game, UNLIMITED_DEPTH, window, &mut trace)?
    } else {
        algo.run(&mut game, UNLIMITED_DEPTH, window, &mut NoTrace)?
    };
    Ok((result, trace))
}

/// `A,B` as an open window of exact values: integers, fractions `a/b`,
/// `-inf`, `inf` or `+inf`, with `A < B`.
fn parse_window(text: &str) -> Result<(Ratio, Ratio)> {
    let quoted = crate::quote::excerpt(text);
    let (alpha, beta) = text.split_once(',').with_context(|| format!("invalid --window '{quoted}': expected A,B"))?;
    let (alpha, beta) = (parse_ratio(alpha, &quoted)?, parse_ratio(beta, &quoted)?);
    if alpha >= beta {
        bail!("invalid --window '{quoted}': alpha must be below beta (the window (alpha, beta) is open)");
    }
    Ok((alpha, beta))
}

/// One end of a window: an integer, a fraction `a/b` (b > 0), or an infinity.
fn parse_ratio(text: &str, quoted: &str) -> Result<Ratio> {
    let text = text.trim();
    let invalid = || {
        anyhow::anyhow!(
            "invalid --window '{quoted}': '{}' is not an integer, a fraction a/b, -inf or +inf",
            crate::quote::excerpt(text)
        )
    };
    match text {
        "inf" | "+inf" => return Ok(Ratio::INFINITY),
        "-inf" => return Ok(Ratio::NEG_INFINITY),
        _ => {}
    }
    let (numerator, denominator) = text.split_once('/').unwrap_or((text, "1"));
    let part = |part: &str| -> Result<i64> {
        let part = part.trim();
        part.parse().map_err(|_| {
            if super::is_long_integer(part) {
                anyhow::anyhow!(
                    "invalid --window '{quoted}': '{}' is beyond 64 bits (a window end's numerator and denominator lie within ±{})",
                    crate::quote::excerpt(part),
                    i64::MAX
                )
            } else {
                invalid()
            }
        })
    };
    let (numerator, denominator) = (part(numerator)?, part(denominator)?);
    if denominator <= 0 {
        return Err(invalid());
    }
    Ratio::new(i128::from(numerator), i128::from(denominator)).ok_or_else(invalid)
}

/// Refuses `--bounds L,U` with `L >= U`, or that a leaf lies outside,
/// naming the first such leaf by its path: Star1 and Star2 would cut off
/// on bounds that do not hold.
fn check_bounds(tree: &Tree, text: &str, low: i32, high: i32) -> Result<()> {
    let quoted = crate::quote::excerpt(text);
    if low >= high {
        bail!("invalid --bounds '{quoted}': L must be below U");
    }
    if let Some(moves) = tree.first_leaf_outside(low, high) {
        let value = moves.last().and_then(|&leaf| tree.value(leaf)).or(tree.value(Tree::ROOT)).unwrap_or_default();
        bail!("--bounds '{quoted}': the leaf {} has value {value}, outside [{low}, {high}]", line_text(tree, &moves));
    }
    Ok(())
}

/// The moves from the root as the reports print them.
fn line_text(tree: &Tree, moves: &[NodeId]) -> String {
    if moves.is_empty() {
        "at the root".to_string()
    } else {
        format!("at {}", tree.describe_path(moves).join(" "))
    }
}

/// A search's refusal, its node named by the tree's path.
fn describe_error(tree: &Tree, error: &ChanceError<NodeId>) -> anyhow::Error {
    match error {
        ChanceError::ProbabilitySum { line, sum } => {
            anyhow::anyhow!("the chance node {}: its probabilities sum to {sum}, not 1", line_text(tree, line))
        }
        ChanceError::OutOfBounds { line, value, low, high } => {
            anyhow::anyhow!("the leaf {}: value {value} outside the bounds [{low}, {high}]", line_text(tree, line))
        }
        ChanceError::Overflow { line } => anyhow::anyhow!(
            "the node {}: the exact value does not fit in 128 bits (denominators multiply down a line of chance nodes)",
            line_text(tree, line)
        ),
        other => anyhow::anyhow!("{other}"),
    }
}

/// `7/2 = 3.5`, `1/3 ≈ 0.333333`, `4`: the exact value and its decimal.
pub fn exact_and_decimal(value: Ratio) -> String {
    if value.is_integer() || value.is_infinite() {
        return value.to_string();
    }
    let decimal = format!("{:.6}", value.as_f64());
    // `2.000000` (a value within a millionth of 2) is `≈ 2`, not `≈ 2.`.
    let decimal = decimal.trim_end_matches('0').trim_end_matches('.');
    // The decimal is exact where the denominator divides 10^6.
    let exact = 1_000_000 % value.denominator() == 0;
    format!("{value} {} {decimal}", if exact { "=" } else { "≈" })
}

/// What a search for games with chance says of the true value, given the
/// result (Ballard's fail-soft conditions).
fn verdict(algo: ChanceAlgorithm, (alpha, beta): (Ratio, Ratio), value: Ratio) -> Option<String> {
    if !algo.takes_window() || (alpha == Ratio::NEG_INFINITY && beta == Ratio::INFINITY) {
        return None;
    }
    Some(if value <= alpha {
        format!("result {value} <= alpha {alpha}: failed low, the true value is <= {value}")
    } else if value >= beta {
        format!("result {value} >= beta {beta}: failed high, the true value is >= {value}")
    } else {
        format!("alpha {alpha} < result {value} < beta {beta}: the true value is exactly {value}")
    })
}

/// Why the leaf bounds are what they are: given, the tree's lowest and
/// highest leaf, or (all leaves equal) that leaf widened by one, since
/// Star1 and Star2 need `L < U`.
fn bounds_reason(tree: &Tree, source: BoundsSource) -> String {
    match (source, tree.leaf_bounds()) {
        (BoundsSource::Given, _) => "--bounds".to_string(),
        (BoundsSource::Tree, (low, high)) if low == high => {
            format!("every leaf is {low}; widened by one, as Star1 and Star2 need L < U")
        }
        (BoundsSource::Tree, _) => "the tree's lowest and highest leaf".to_string(),
    }
}

/// The text report's pieces.
struct Report<'a> {
    tree: &'a Tree,
    source: &'a str,
    algo: ChanceAlgorithm,
    window: (Ratio, Ratio),
    bounds: Option<(i32, i32)>,
    bounds_source: BoundsSource,
    result: &'a ChanceResult<NodeId>,
}

impl Report<'_> {
    fn text(&self) -> String {
        let (tree, stats) = (self.tree, &self.result.stats);
        let chance_nodes = (0..tree.len() as NodeId).filter(|&id| tree.is_chance(id)).count();
        let mut out = String::new();
        let mut line = |key: &str, value: String| out.push_str(&format!("{key:<16}{value}\n"));
        line(
            "tree",
            format!(
                "{}: {} nodes ({chance_nodes} chance), {} leaves, height {}",
                self.source,
                tree.len(),
                tree.leaf_count(),
                tree.height()
            ),
        );
        line("algorithm", self.algo.describe());
        if self.algo.takes_window() {
            line("window", format!("({}, {})", self.window.0, self.window.1));
            if let Some((low, high)) = self.bounds {
                line(
                    "leaf bounds",
                    format!("L = {low}, U = {high} ({})", bounds_reason(self.tree, self.bounds_source)),
                );
            }
        }
        line("value", exact_and_decimal(self.result.value));
        if let Some(text) = verdict(self.algo, self.window, self.result.value) {
            line("theorem", text);
        }
        let best = match self.result.best_move {
            Some(mv) => tree.describe_path(&[mv]).join(" "),
            None if tree.is_chance(Tree::ROOT) => "(the root is a chance node)".to_string(),
            None => "(the root is a leaf)".to_string(),
        };
        line("best move", best);
        // Star2 may enter a probed node again: counts can pass the tree's.
        line("leaves", format!("{} evaluated ({} in the tree)", stats.leaves, tree.leaf_count()));
        line("nodes", format!("{} entered ({} in the tree)", stats.nodes, tree.len()));
        line("chance nodes", format!("{} entered", stats.chance_nodes));
        line("alpha cut-offs", format!("{} (at MIN nodes)", stats.alpha_cutoffs));
        line("beta cut-offs", format!("{} (at MAX nodes)", stats.beta_cutoffs));
        line("chance cut-offs", format!("{} (at chance nodes)", stats.chance_cutoffs));
        if self.algo == ChanceAlgorithm::Star2 {
            line("probes", format!("{} (their nodes and leaves counted above)", stats.probes));
        }
        let per_ply: Vec<String> = stats.nodes_per_ply.iter().map(u64::to_string).collect();
        line("nodes per ply", per_ply.join(" "));
        out
    }
}

/// The JSON report: `value` a number (`null` for an infinite bound),
/// `value_exact` the fraction.
fn json_report(
    tree: &Tree,
    algo: ChanceAlgorithm,
    (alpha, beta): (Ratio, Ratio),
    bounds: Option<(i32, i32)>,
    bounds_source: BoundsSource,
    result: &ChanceResult<NodeId>,
) -> serde_json::Value {
    let value = if result.value.is_infinite() { serde_json::Value::Null } else { result.value.as_f64().into() };
    let best_move = result.best_move.map(|mv| tree.child_indices(&[mv])[0]);
    let stats = &result.stats;
    serde_json::json!({
        "algorithm": algo.name(),
        "value": value,
        "value_exact": result.value.to_string(),
        "window": [alpha.to_string(), beta.to_string()],
        "bounds": if algo.takes_window() { bounds.map(|(low, high)| vec![low, high]) } else { None },
        "bounds_reason": algo.takes_window().then(|| bounds_reason(tree, bounds_source)),
        "best_move": best_move,
        "leaves": stats.leaves,
        "nodes": stats.nodes,
        "alpha_cutoffs": stats.alpha_cutoffs,
        "beta_cutoffs": stats.beta_cutoffs,
        "chance_nodes": stats.chance_nodes,
        "chance_cutoffs": stats.chance_cutoffs,
        "probes": stats.probes,
        "nodes_per_ply": stats.nodes_per_ply,
    })
}
