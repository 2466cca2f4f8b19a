//! `abprune tree`: search an explicit game tree and show what the search did.

use crate::animate;
use abprune::algorithm::{Algorithm, Window};
use abprune::{Score, SearchResult, Trace, UNLIMITED_DEPTH};
use abprune_front::{svg, TEXTBOOK_TREE};
use abprune_games::{
    ChanceProbabilities, LeafValues, MoveOrdering, NodeId, RandomChanceTreeSpec, RandomTreeSpec, Tree, TreeGame,
};
use anyhow::{bail, Context as _, Result};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;
use std::path::PathBuf;

/// The parser of an algorithm's name (`--algo` here, in `solve tictactoe`
/// and `lab`): the library's names ([`Algorithm::name`]), listed in the
/// help with what each is and in the error of a name that is none of them.
pub fn algorithm_parser() -> impl TypedValueParser<Value = Algorithm> {
    let names = Algorithm::ALL.map(|algorithm| PossibleValue::new(algorithm.name()).help(algorithm.summary()));
    PossibleValuesParser::new(names).try_map(|name| name.parse::<Algorithm>())
}

/// Options of `abprune tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The tree file in the text format (`-` reads stdin). Without it, and
    /// without --random, the built-in textbook tree is searched.
    file: Option<String>,
    /// The search algorithm (pvs and mtdf are the engine's window
    /// manipulations; expectiminimax, star1 and star2 search trees with
    /// chance nodes). Default: alphabeta, or star2 on a tree with chance nodes.
    #[arg(long, value_parser = chance::tree_algorithm_parser())]
    algo: Option<TreeAlgorithm>,
    /// The window `A,B` for alphabeta, failsoft, pvs, star1 and star2 (e.g.
    /// `3,6`, `-inf,0`; star1 and star2 take fractions such as `7/2`); needs A < B.
    #[arg(long, value_name = "A,B", allow_hyphen_values = true)]
    window: Option<String>,
    /// Ballard's leaf bounds `L,U` for star1 and star2 (MAX's view; default:
    /// the tree's lowest and highest leaf). A leaf outside them is an error.
    #[arg(long, value_name = "L,U", allow_hyphen_values = true)]
    bounds: Option<String>,
    /// The bound for f1 (default +inf).
    #[arg(long, value_name = "B", allow_hyphen_values = true)]
    bound: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Draw the searched tree to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
    /// Write a self-contained HTML page that replays the search event by event.
    #[arg(long, value_name = "OUT.html")]
    animate: Option<PathBuf>,
    /// Generate a random uniform tree with branching B and depth D instead of reading one.
    #[arg(long, value_name = "B,D")]
    random: Option<String>,
    /// Make the random tree a regular *-minimax tree: levels MAX, chance,
    /// MIN, chance, ..., N outcomes per chance node (D then counts the
    /// chance levels too).
    #[arg(long, value_name = "N", requires = "random")]
    chance_fanout: Option<u32>,
    /// Probabilities of the random tree's chance outcomes: uniform (1/N
    /// each) or random (weights 1 to 6 over their total).
    #[arg(long, value_name = "uniform|random", default_value = "uniform", requires = "chance_fanout")]
    probabilities: ChanceProbabilities,
    /// Seed of the random tree.
    #[arg(long, default_value_t = 1, requires = "random")]
    seed: u64,
    /// Child ordering of the random tree.
    #[arg(long, value_name = "best|random|worst", default_value = "random", requires = "random")]
    ordering: MoveOrdering,
    /// Leaf value range `LO,HI` of the random tree.
    #[arg(long, value_name = "LO,HI", default_value = "0,20", allow_hyphen_values = true, requires = "random")]
    values: String,
    /// Write the tree in the text format to stdout and stop (no search).
    #[arg(long)]
    print_tree: bool,
}

/// Runs `abprune tree`.
pub fn run(args: &TreeArgs) -> Result<()> {
    let (tree, source) = load_tree(args)?;
    if args.print_tree {
        crate::output::outln!("{tree}")?;
        return Ok(());
    }
    // The deterministic searches cannot take chance nodes: the default is
    // then their counterpart for trees with chance, Ballard's Star2.
    let default = if tree.has_chance_nodes() {
        TreeAlgorithm::Chance(abprune::ChanceAlgorithm::Star2)
    } else {
        TreeAlgorithm::Plain(Algorithm::AlphaBeta)
    };
    match args.algo.unwrap_or(default) {
        TreeAlgorithm::Plain(algo) => run_plain(args, algo, &tree, &source),
        TreeAlgorithm::Chance(algo) => chance::run(args, algo, &tree, &source),
    }
}

/// Checks the size of a tree to draw before the search (whose trace of a
/// huge tree would take its memory only to be refused).
fn check_drawable(args: &TreeArgs, tree: &Tree) -> Result<()> {
    if args.svg.is_some() {
        svg::check_size(tree).map_err(anyhow::Error::msg).context("--svg")?;
    }
    if args.animate.is_some() {
        animate::check_size(tree).map_err(anyhow::Error::msg).context("--animate")?;
    }
    Ok(())
}

/// `abprune tree` with a deterministic algorithm.
fn run_plain(args: &TreeArgs, algo: Algorithm, tree: &Tree, source: &str) -> Result<()> {
    let source = source.to_string();
    refuse_chance(tree, &source, algo)?;
    if args.bounds.is_some() {
        bail!("--bounds applies to star1 and star2 only, not {}", algo.name());
    }
    let window = window_of(args, algo)?;
    check_drawable(args, tree)?;
    let searched = search(tree, algo, window, args.svg.is_some() || args.animate.is_some());
    let title = format!("{} — value {}", algo.describe(), searched.result.value);
    if let Some(path) = &args.svg {
        let picture = svg::render_search(tree, &searched.trace.events, &searched.result.pv, &title);
        crate::status::write_file(path, picture)?;
    }
    if let Some(path) = &args.animate {
        let source = format!("{source}: {} nodes, {} leaves", tree.len(), tree.leaf_count());
        let page = animate::render_page(tree, &searched.trace.events, &searched.result.pv, &title, &source);
        crate::status::write_file(path, page)?;
    }
    if args.json {
        crate::output::outln!("{}", json_report(tree, algo, &searched.result))?;
    } else {
        crate::output::out!("{}", text_report(tree, &source, algo, window, &searched.result))?;
        print_files(args)?;
    }
    Ok(())
}

/// The files written, after a text report.
fn print_files(args: &TreeArgs) -> Result<()> {
    if let Some(path) = &args.svg {
        crate::output::outln!("svg             {}", path.display())?;
    }
    if let Some(path) = &args.animate {
        crate::output::outln!("animation       {}", path.display())?;
    }
    Ok(())
}

mod chance;
use chance::TreeAlgorithm;

/// The tree to search, and a description of where it came from.
fn load_tree(args: &TreeArgs) -> Result<(Tree, String)> {
    if let Some(spec) = &args.random {
        if args.file.is_some() {
            bail!("give either a tree FILE or --random, not both");
        }
        let (branching, depth) = parse_pair::<u32>(spec, "--random", "B,D")?;
        let (min, max) = parse_pair::<i32>(&args.values, "--values", "LO,HI")?;
        if let Some(fanout) = args.chance_fanout {
            return random_chance_tree(args, branching, fanout, depth, LeafValues::Uniform { min, max });
        }
        let spec = RandomTreeSpec::new(branching, depth, args.seed)
            .with_ordering(args.ordering)
            .with_values(LeafValues::Uniform { min, max });
        let tree = spec.generate().map_err(anyhow::Error::msg).context("--random")?;
        let source =
            format!("random: branching {branching}, depth {depth}, seed {}, {} ordering", args.seed, args.ordering);
        return Ok((tree, source));
    }
    let (text, name) = match args.file.as_deref() {
        None => (TEXTBOOK_TREE.to_string(), "built-in textbook tree".to_string()),
        Some(crate::input::STDIN) => {
            let bytes = crate::input::read_file_or_stdin(crate::input::STDIN, crate::input::MAX_TREE_BYTES, "tree")?;
            (tree_text(bytes, "stdin")?, "stdin".to_string())
        }
        Some(path) => {
            let name = crate::quote::excerpt(path);
            let bytes = crate::input::read_file_or_stdin(path, crate::input::MAX_TREE_BYTES, "tree")?;
            (tree_text(bytes, &name)?, name)
        }
    };
    let tree = Tree::parse(&text).with_context(|| name.clone())?;
    Ok((tree, name))
}

/// The random *-minimax tree of `--random B,D --chance-fanout N`, and its description.
fn random_chance_tree(
    args: &TreeArgs,
    branching: u32,
    fanout: u32,
    depth: u32,
    values: LeafValues,
) -> Result<(Tree, String)> {
    let spec = RandomChanceTreeSpec::new(branching, fanout, depth, args.seed)
        .with_ordering(args.ordering)
        .with_values(values)
        .with_probabilities(args.probabilities);
    let tree = spec.generate().map_err(anyhow::Error::msg).context("--random")?;
    let source = format!(
        "random *-minimax: branching {branching}, chance fan-out {fanout}, depth {depth}, seed {}, {} ordering, {} probabilities",
        args.seed, args.ordering, args.probabilities
    );
    Ok((tree, source))
}

/// The algorithms that search trees with chance nodes, as an error names them.
const CHANCE_ALGORITHMS: &str = "expectiminimax, star1 or star2";

/// Refuses a tree with chance nodes for `algo`: the deterministic searches
/// would take a chance node for a choice of the side to move and print a
/// wrong value.
fn refuse_chance(tree: &Tree, source: &str, algo: Algorithm) -> Result<()> {
    if tree.has_chance_nodes() {
        bail!(
            "{source}: the tree has chance nodes, which {} cannot search: use --algo {CHANCE_ALGORITHMS}",
            algo.name()
        );
    }
    Ok(())
}

/// The text of a tree file without its byte-order mark, or an error
/// naming the first line that is not UTF-8.
fn tree_text(bytes: Vec<u8>, name: &str) -> Result<String> {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let bytes = error.as_bytes();
            let (line, detail) = crate::quote::text_lines(bytes)
                .enumerate()
                .find_map(|(index, line)| line.err().map(|detail| (index + 1, detail)))
                .unwrap_or((1, "the file is not UTF-8 text".into()));
            bail!("{name}: line {line}: {detail}");
        }
    };
    Ok(crate::quote::strip_bom(&text).to_string())
}

/// `A,B` as two values of `T`, or an error naming the option.
fn parse_pair<T: std::str::FromStr>(text: &str, option: &str, shape: &str) -> Result<(T, T)> {
    let quoted = crate::quote::excerpt(text);
    let (a, b) = text.split_once(',').with_context(|| format!("invalid {option} '{quoted}': expected {shape}"))?;
    let number = |part: &str| -> Result<T> {
        let part = part.trim();
        match part.parse() {
            Ok(value) => Ok(value),
            Err(_) if part.parse::<i128>().is_ok() || is_long_integer(part) => {
                bail!("invalid {option} '{quoted}': {} is out of range", crate::quote::excerpt(part))
            }
            Err(_) => bail!("invalid {option} '{quoted}': expected {shape}"),
        }
    };
    Ok((number(a)?, number(b)?))
}

/// True for an integer too long for any integer type (digits with a sign).
fn is_long_integer(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A window bound: an integer, `-inf`, `inf` or `+inf`.
fn parse_bound(text: &str, option: &str) -> Result<Score> {
    match text.trim() {
        "inf" | "+inf" => Ok(Score::INFINITY),
        "-inf" => Ok(-Score::INFINITY),
        number if is_long_integer(number) => number.parse::<i64>().ok().and_then(Score::try_new).with_context(|| {
            format!(
                "invalid {option} value '{}': out of range (bounds lie within ±{}, or are -inf or +inf)",
                crate::quote::excerpt(number),
                Score::MAX_EVAL
            )
        }),
        number => {
            bail!("invalid {option} value '{}': expected an integer, -inf or +inf", crate::quote::excerpt(number))
        }
    }
}

fn window_of(args: &TreeArgs, algo: Algorithm) -> Result<Window> {
    if args.window.is_some() && !algo.takes_window() {
        bail!("--window applies to alphabeta, failsoft, pvs, star1 and star2, not {} (f1 takes --bound)", algo.name());
    }
    if args.bound.is_some() && !algo.takes_bound() {
        bail!("--bound applies to f1 only, not {} (alphabeta, failsoft and pvs take --window)", algo.name());
    }
    if let Some(text) = &args.bound {
        return Ok(Window::Bound(parse_bound(text, "--bound")?));
    }
    let Some(text) = &args.window else {
        return Ok(algo.default_window());
    };
    let (alpha, beta) = text.split_once(',').with_context(|| format!("invalid --window '{text}': expected A,B"))?;
    let (alpha, beta) = (parse_bound(alpha, "--window")?, parse_bound(beta, "--window")?);
    if alpha >= beta {
        bail!("invalid --window '{text}': alpha must be below beta (the window (alpha, beta) is open)");
    }
    Ok(Window::Open(alpha, beta))
}

/// A search result with the trace that produced it (empty when not asked for).
struct Searched {
    result: SearchResult<NodeId>,
    trace: Trace<NodeId>,
}

fn search(tree: &Tree, algo: Algorithm, window: Window, traced: bool) -> Searched {
    let mut trace = Trace::default();
    let result = if traced {
        algo.run(&mut TreeGame::new(tree), UNLIMITED_DEPTH, window, &mut trace)
    } else {
        algo.run(&mut TreeGame::new(tree), UNLIMITED_DEPTH, window, &mut abprune::NoTrace)
    };
    Searched { result, trace }
}

/// What the theorem of the algorithm says about the true value, given the result.
fn verdict(algo: Algorithm, window: Window, value: Score) -> Option<String> {
    let soft = matches!(algo, Algorithm::FailSoftAlphaBeta | Algorithm::Pvs);
    match window {
        Window::Full => None,
        Window::Bound(bound) => Some(if value < bound {
            format!("F1 = {value} < bound {bound}: by condition (6) the true value is exactly {value}")
        } else {
            format!("F1 = {value} >= bound {bound}: by condition (6) the true value is >= {bound}")
        }),
        Window::Open(alpha, beta) => Some(if value <= alpha {
            let limit = if soft { value } else { alpha };
            format!("result {value} <= alpha {alpha}: failed low, the true value is <= {limit}")
        } else if value >= beta {
            let limit = if soft { value } else { beta };
            format!("result {value} >= beta {beta}: failed high, the true value is >= {limit}")
        } else {
            format!("alpha {alpha} < result {value} < beta {beta}: the true value is exactly {value}")
        }),
    }
}

fn text_report(tree: &Tree, source: &str, algo: Algorithm, window: Window, result: &SearchResult<NodeId>) -> String {
    let stats = &result.stats;
    let window_text = match window {
        Window::Full => "(-inf, +inf)".to_string(),
        Window::Open(alpha, beta) => format!("({alpha}, {beta})"),
        Window::Bound(bound) => format!("bound {bound}"),
    };
    let mut out = String::new();
    let mut line = |key: &str, value: String| out.push_str(&format!("{key:<16}{value}\n"));
    line("tree", format!("{source}: {} nodes, {} leaves, height {}", tree.len(), tree.leaf_count(), tree.height()));
    line("algorithm", algo.describe());
    line("window", window_text);
    line("value", result.value.to_string());
    if let Some(text) = verdict(algo, window, result.value) {
        line("theorem", text);
    }
    let pv = if result.pv.is_empty() {
        "(the root is a leaf)".to_string()
    } else {
        tree.describe_path(&result.pv).join(" ")
    };
    line(if algo.takes_bound() { "best line" } else { "pv" }, pv);
    line("leaves", format!("{} of {}", stats.leaves, tree.leaf_count()));
    line("nodes", format!("{} of {}", stats.nodes, tree.len()));
    line("alpha cut-offs", format!("{} (at MIN nodes)", stats.alpha_cutoffs));
    line("beta cut-offs", format!("{} (at MAX nodes)", stats.beta_cutoffs));
    let per_ply: Vec<String> = stats.nodes_per_ply.iter().map(u64::to_string).collect();
    line("nodes per ply", per_ply.join(" "));
    out
}

fn json_report(tree: &Tree, algo: Algorithm, result: &SearchResult<NodeId>) -> serde_json::Value {
    let pv = if algo.takes_bound() {
        serde_json::Value::Null
    } else {
        serde_json::Value::from(tree.child_indices(&result.pv))
    };
    serde_json::json!({
        "value": result.value.get(),
        "pv": pv,
        "leaves": result.stats.leaves,
        "nodes": result.stats.nodes,
        "alpha_cutoffs": result.stats.alpha_cutoffs,
        "beta_cutoffs": result.stats.beta_cutoffs,
    })
}
