//! `abprune.chance_search`: the searches for games with chance
//! (expectiminimax, Star1, Star2) of an `abprune.Game` subclass or an
//! `abprune.Tree`, their values exact as `fractions.Fraction`.
//!
//! The algorithms, their names and their conditions are the library's
//! ([`abprune::ChanceAlgorithm`]); here Python's arguments are read and
//! the library's refusals ([`ChanceError`]) are told as a `ValueError`
//! naming the node by the game's own moves.

use crate::args::{self, repr};
use crate::python_game::PythonGame;
use crate::tree::Tree;
use crate::worker::{self, GameClaim};
use abprune::textbook::{ChanceError, ChanceResult as LibraryResult};
use abprune::{ChanceAlgorithm, ChanceEvent, ChanceTrace, NoTrace, Ratio, UNLIMITED_DEPTH};
use abprune_front::svg;
use abprune_games::{NodeId, TreeGame};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyFloat;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What a search for games with chance found: `value` exact as a
/// `fractions.Fraction` (for the side to move at the root; within the
/// window the value itself, outside it a bound: `value <= alpha` means
/// the true value is at most `value`, `value >= beta` at least;
/// `in_window` says which), the
/// `best_move` (the game's move object, a child index for a `Tree`;
/// `None` where the root is a leaf or a chance node), and the counts:
/// chance nodes, the cut-offs at chance nodes and Star2's probes apart.
#[pyclass(module = "abprune", frozen)]
pub struct ChanceResult {
    #[pyo3(get)]
    algorithm: &'static str,
    value: Ratio,
    window: (Ratio, Ratio),
    #[pyo3(get)]
    best_move: Option<Py<PyAny>>,
    #[pyo3(get)]
    nodes: u64,
    #[pyo3(get)]
    leaves: u64,
    #[pyo3(get)]
    alpha_cutoffs: u64,
    #[pyo3(get)]
    beta_cutoffs: u64,
    #[pyo3(get)]
    chance_nodes: u64,
    #[pyo3(get)]
    chance_cutoffs: u64,
    #[pyo3(get)]
    probes: u64,
    #[pyo3(get)]
    nodes_per_ply: Vec<u64>,
    /// What a figure needs, for a tree small enough to draw: the tree, the
    /// search's events, the best move.
    figure: Option<Figure>,
}

/// A tree search's trace, kept for [`ChanceResult::svg`].
struct Figure {
    tree: Arc<abprune_games::Tree>,
    events: Vec<ChanceEvent<NodeId>>,
    best_move: Option<NodeId>,
}

#[pymethods]
impl ChanceResult {
    /// The value, exact: a `fractions.Fraction` (`float('inf')` or
    /// `float('-inf')` only for a bound at an infinite window's end).
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        ratio_to_py(py, self.value)
    }

    /// The window searched, `(alpha, beta)`, as `Fraction`s or infinities.
    #[getter]
    fn window(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        Ok((ratio_to_py(py, self.window.0)?, ratio_to_py(py, self.window.1)?))
    }

    /// True when the value is the value itself, not a bound: it lies inside
    /// the window (named apart from `Result.exact`, which says whether a
    /// value is the game's own rather than an evaluation's).
    #[getter]
    fn in_window(&self) -> bool {
        self.window.0 < self.value && self.value < self.window.1
    }

    /// The SVG figure of a tree's search (the figure of `abprune tree --algo
    /// star2 --svg`): chance nodes as circles, exact fractions, windows, the
    /// cut-offs at chance nodes; a `ValueError` for a game (only trees are
    /// drawn) or a tree too large to draw.
    fn svg(&self) -> PyResult<String> {
        let Some(figure) = &self.figure else {
            return Err(PyValueError::new_err("only the search of an abprune.Tree small enough to draw has a figure"));
        };
        let title = format!("{} — value {}", self.algorithm, self.value);
        Ok(svg::render_chance_search(&figure.tree, &figure.events, figure.best_move, &title))
    }

    /// Jupyter draws a tree's search; a game's has no figure.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        if self.figure.is_none() {
            return Ok(None);
        }
        self.svg().map(Some)
    }

    fn __repr__(&self) -> String {
        format!(
            "ChanceResult(algorithm={:?}, value={}, leaves={}, nodes={}, chance_cutoffs={}, probes={})",
            self.algorithm, self.value, self.leaves, self.nodes, self.chance_cutoffs, self.probes
        )
    }
}

/// A value as Python sees it: a `Fraction`, or `±inf` as a float.
pub(crate) fn ratio_to_py(py: Python<'_>, value: Ratio) -> PyResult<Py<PyAny>> {
    if value.is_infinite() {
        let infinity = if value > Ratio::ZERO { f64::INFINITY } else { f64::NEG_INFINITY };
        return Ok(infinity.into_pyobject(py)?.into_any().unbind());
    }
    let class = py.import("fractions")?.getattr("Fraction")?;
    Ok(class.call1((value.numerator(), value.denominator()))?.unbind())
}

/// One end of a window from Python: an int, a `Fraction`, a string such
/// as `"7/2"`, `float('inf')`/`float('-inf')`, or `None` (the infinity on
/// that side). Other floats are refused: they are not exact.
fn window_end(value: &Bound<'_, PyAny>, infinity: Ratio) -> PyResult<Ratio> {
    if value.is_none() {
        return Ok(infinity);
    }
    let bad = || {
        PyValueError::new_err(format!(
            "window end {}: expected an int, a fractions.Fraction, a string such as \"7/2\", float('inf'), \
             float('-inf') or None",
            repr(value)
        ))
    };
    if value.is_instance_of::<PyFloat>() {
        return match value.extract::<f64>()? {
            f if f == f64::INFINITY => Ok(Ratio::INFINITY),
            f if f == f64::NEG_INFINITY => Ok(Ratio::NEG_INFINITY),
            _ => Err(PyTypeError::new_err(format!(
                "window end {} is a float, which is not exact: give an int or a fractions.Fraction",
                repr(value)
            ))),
        };
    }
    let (numerator, denominator) = if args::is_int(value) {
        (value.clone(), 1i64.into_pyobject(value.py())?.into_any())
    } else if let Ok(text) = value.extract::<String>() {
        let fraction = value.py().import("fractions")?.getattr("Fraction")?.call1((text,)).map_err(|_| bad())?;
        (fraction.getattr("numerator")?, fraction.getattr("denominator")?)
    } else if value.hasattr("numerator")? && value.hasattr("denominator")? {
        (value.getattr("numerator")?, value.getattr("denominator")?)
    } else {
        return Err(bad());
    };
    let (Ok(numerator), Ok(denominator)) = (numerator.extract::<i64>(), denominator.extract::<i64>()) else {
        return Err(PyValueError::new_err(format!(
            "window end {}: numerator and denominator must fit in 64 bits",
            repr(value)
        )));
    };
    Ratio::new(i128::from(numerator), i128::from(denominator)).ok_or_else(bad)
}

/// The window Python passed (None: `(-inf, +inf)`, the exact value).
fn window_of(algorithm: ChanceAlgorithm, window: Option<&Bound<'_, PyAny>>) -> PyResult<(Ratio, Ratio)> {
    let Some(window) = window.filter(|w| !w.is_none()) else {
        return Ok((Ratio::NEG_INFINITY, Ratio::INFINITY));
    };
    if !algorithm.takes_window() {
        return Err(PyValueError::new_err(format!(
            "a window applies to star1 and star2, not {algorithm} (which searches every node)"
        )));
    }
    let (alpha, beta): (Bound<'_, PyAny>, Bound<'_, PyAny>) = window.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "window must be a pair (alpha, beta), e.g. (3, Fraction(7, 2)), not {}",
            repr(window)
        ))
    })?;
    let (alpha, beta) = (window_end(&alpha, Ratio::NEG_INFINITY)?, window_end(&beta, Ratio::INFINITY)?);
    if alpha >= beta {
        return Err(PyValueError::new_err("alpha must be below beta (the window (alpha, beta) is open)"));
    }
    Ok((alpha, beta))
}

/// Searches a game with chance, an `abprune.Game` subclass with
/// `chance_to_move()`/`chance_outcomes()` or an `abprune.Tree`, with
/// `algorithm` (one of `abprune.CHANCE_ALGORITHMS`: expectiminimax,
/// star1, star2) to `depth` moves of the players (chance uses none; None:
/// to the end) in `window` (star1 and star2; None: the exact value).
/// Star1 and Star2 cut off at chance nodes with the game's
/// `value_bounds()`, or a tree's lowest and highest leaf, or `bounds`
/// (trees only). Raises `ValueError` naming the node for probabilities
/// that do not sum to 1, a leaf outside the bounds, a game that ends in
/// WIN or LOSS (end it with a `Margin`), and what the game's methods raise.
#[pyfunction]
#[pyo3(signature = (game, algorithm = "expectiminimax", depth = None, window = None, bounds = None))]
pub fn chance_search(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    algorithm: &str,
    depth: Option<&Bound<'_, PyAny>>,
    window: Option<&Bound<'_, PyAny>>,
    bounds: Option<(i32, i32)>,
) -> PyResult<ChanceResult> {
    let algorithm: ChanceAlgorithm = algorithm.parse().map_err(|error| PyValueError::new_err(format!("{error}")))?;
    let depth = args::optional_int(depth, "chance_search() depth", 0, i128::from(args::MAX_DEPTH))?;
    let depth = depth.map_or(UNLIMITED_DEPTH, |d| d as u32);
    let window = window_of(algorithm, window)?;
    if let Ok(tree) = game.cast::<Tree>() {
        return search_tree(py, tree.get().inner(), algorithm, depth, window, bounds);
    }
    if bounds.is_some() {
        return Err(PyValueError::new_err(
            "bounds apply to an abprune.Tree; a game declares its own with value_bounds()",
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let claim = GameClaim::new(game, "abprune.chance_search()")?;
    let mut wrapped = PythonGame::new(py, game, Arc::clone(&stop))?;
    let (result, signal) = worker::run_search(py, &stop, None, &claim, move |py| {
        let found = algorithm.run(&mut wrapped, depth, window, &mut NoTrace);
        // The game's own error (a method raised, a bad return value) comes first: it names the cause.
        if let Some(error) = wrapped.take_error() {
            return Err(error);
        }
        let found = match found {
            Ok(found) => found,
            Err(error) => return Err(game_error(py, &mut wrapped, &error)),
        };
        let best_move = match found.best_move {
            Some(mv) => wrapped.line_objects(py, &[mv])?.pop(),
            None => None,
        };
        Ok(result_of(algorithm, window, &found, best_move))
    })?;
    match signal {
        Some(signal) => Err(signal),
        None => result,
    }
}

/// The search of a tree (no Python runs: the GIL is released).
fn search_tree(
    py: Python<'_>,
    tree: &Arc<abprune_games::Tree>,
    algorithm: ChanceAlgorithm,
    depth: u32,
    window: (Ratio, Ratio),
    bounds: Option<(i32, i32)>,
) -> PyResult<ChanceResult> {
    if let Some((low, high)) = bounds {
        if low >= high {
            return Err(PyValueError::new_err(format!("bounds ({low}, {high}): lowest must be below highest")));
        }
        if let Some(moves) = tree.first_leaf_outside(low, high) {
            let value = moves.last().and_then(|&leaf| tree.value(leaf)).or(tree.value(0)).unwrap_or_default();
            let at = if moves.is_empty() {
                "at the root".to_string()
            } else {
                format!("at {}", tree.describe_path(&moves).join(" "))
            };
            return Err(PyValueError::new_err(format!(
                "bounds ({low}, {high}): the leaf {at} has value {value}, outside them"
            )));
        }
    }
    let shared = Arc::clone(tree);
    // The trace of a tree too large to draw would take memory for nothing.
    let traced = svg::check_size(tree).is_ok();
    let (found, trace) = py.detach(move || {
        let mut game = match bounds {
            Some((low, high)) => TreeGame::with_value_bounds(&shared, low, high),
            None => TreeGame::new(&shared),
        };
        let mut trace = ChanceTrace::default();
        let found = if traced {
            algorithm.run(&mut game, depth, window, &mut trace)
        } else {
            algorithm.run(&mut game, depth, window, &mut NoTrace)
        };
        (found, trace)
    });
    let found = found.map_err(|error| tree_error(tree, &error))?;
    let best_move = match found.best_move {
        Some(mv) => Some(tree.child_indices(&[mv])[0].into_pyobject(py)?.into_any().unbind()),
        None => None,
    };
    let mut result = result_of(algorithm, window, &found, best_move);
    if traced {
        result.figure = Some(Figure { tree: Arc::clone(tree), events: trace.events, best_move: found.best_move });
    }
    Ok(result)
}

fn result_of<M>(
    algorithm: ChanceAlgorithm,
    window: (Ratio, Ratio),
    found: &LibraryResult<M>,
    best_move: Option<Py<PyAny>>,
) -> ChanceResult {
    let stats = &found.stats;
    ChanceResult {
        algorithm: algorithm.name(),
        value: found.value,
        window,
        best_move,
        nodes: stats.nodes,
        leaves: stats.leaves,
        alpha_cutoffs: stats.alpha_cutoffs,
        beta_cutoffs: stats.beta_cutoffs,
        chance_nodes: stats.chance_nodes,
        chance_cutoffs: stats.chance_cutoffs,
        probes: stats.probes,
        nodes_per_ply: stats.nodes_per_ply.clone(),
        figure: None,
    }
}

/// The library's refusal of a Python game, its node named by the moves
/// (the game's objects, `repr`ed) from the root.
pub(crate) fn game_error(py: Python<'_>, game: &mut PythonGame, error: &ChanceError<u64>) -> PyErr {
    let mut line = |moves: &[u64]| -> String {
        match game.line_objects(py, moves) {
            Ok(objects) if objects.is_empty() => "at the root".to_string(),
            Ok(objects) => {
                let reprs: Vec<String> = objects.iter().map(|object| repr(object.bind(py))).collect();
                format!("after the moves [{}]", reprs.join(", "))
            }
            Err(_) => format!("{} moves from the root", moves.len()),
        }
    };
    PyValueError::new_err(match error {
        ChanceError::ProbabilitySum { line: moves, sum } => {
            format!("the chance node {}: chance_outcomes() probabilities sum to {sum}, not 1", line(moves))
        }
        ChanceError::OutOfBounds { line: moves, value, low, high } => format!(
            "the leaf {}: value {value} (first player's view) outside value_bounds() ({low}, {high})",
            line(moves)
        ),
        ChanceError::DecidedLeaf { line: moves, .. } => format!(
            "the leaf {}: outcome() said WIN or LOSS, which a game with chance cannot average: end it with \
             Margin(n) and declare the range with ending()",
            line(moves)
        ),
        ChanceError::InvalidBounds { low, high } => {
            format!("value_bounds() returned ({low}, {high}): Star1 and Star2 need lowest < highest")
        }
        ChanceError::Overflow { line: moves } => format!(
            "the node {}: the exact value does not fit in 128 bits (denominators multiply down a line of chance \
             nodes)",
            line(moves)
        ),
    })
}

/// The library's refusal of a tree, its node named by its path (labels,
/// or child indices).
pub(crate) fn tree_error(tree: &abprune_games::Tree, error: &ChanceError<NodeId>) -> PyErr {
    let line = |moves: &[NodeId]| {
        if moves.is_empty() {
            "at the root".to_string()
        } else {
            format!("at {}", tree.describe_path(moves).join(" "))
        }
    };
    PyValueError::new_err(match error {
        ChanceError::OutOfBounds { line: moves, value, low, high } => {
            format!("bounds: the leaf {} has value {value}, outside [{low}, {high}]", line(moves))
        }
        ChanceError::InvalidBounds { low, high } => format!("bounds ({low}, {high}): lowest must be below highest"),
        ChanceError::Overflow { line: moves } => {
            format!("the node {}: the exact value does not fit in 128 bits", line(moves))
        }
        other => other.to_string(),
    })
}

/// What the searches see of a Python game's chance in its current
/// position, for the tests and for a game's author to check the methods
/// before any search: `{"chance": bool, "outcomes": [(move, Fraction,
/// same_side)], "value_bounds": (lowest, highest) or None}`, where
/// `same_side` says whether the side to move after the outcome is the one
/// before it (an outcome that ends the turn, as Pig's roll of 1, is
/// valued from the other side). Raises what the
/// methods raise, and a `TypeError`/`ValueError` naming a bad return value.
#[pyfunction]
pub fn chance_view<'py>(py: Python<'py>, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    use abprune::Game;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut wrapped = PythonGame::new(py, game, stop)?;
    let view = pyo3::types::PyDict::new(py);
    let chance = wrapped.chance_to_move();
    let mut outcomes = Vec::new();
    if chance {
        wrapped.chance_outcomes(&mut outcomes);
    }
    let mut listed = Vec::with_capacity(outcomes.len());
    for &(mv, probability) in &outcomes {
        let before = wrapped.side_to_move();
        wrapped.play(mv);
        let same_side = wrapped.side_to_move() == before;
        wrapped.undo(mv);
        if let Some(error) = wrapped.take_error() {
            return Err(error);
        }
        let object = wrapped.line_objects(py, &[mv])?.pop();
        listed.push((object, crate::chance::fraction_of(py, probability)?, same_side));
    }
    if let Some(error) = wrapped.take_error() {
        return Err(error);
    }
    view.set_item("chance", chance)?;
    view.set_item("outcomes", listed)?;
    view.set_item("value_bounds", wrapped.value_bounds().map(|(lowest, highest)| (lowest.get(), highest.get())))?;
    Ok(view)
}
