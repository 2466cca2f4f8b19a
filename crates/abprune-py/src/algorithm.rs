//! The algorithms of the CLI by name, and the window Python passes.
//!
//! A copy of the CLI's `algo.rs` without clap: the CLI crate has no library
//! target to share it from.

use crate::args;
use abprune::{
    alphabeta, alphabeta_failsoft, branch_and_bound, minimax, mtdf, negamax, pvs, Game, Observer, Score, SearchResult,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyFloat;

/// The algorithms of `abprune tree --algo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain minimax with MAX and MIN nodes (Bratko).
    Minimax,
    /// Knuth & Moore's F.
    Negamax,
    /// Knuth & Moore's F1: branch-and-bound.
    F1,
    /// Knuth & Moore's F2: fail-hard alpha-beta.
    Alphabeta,
    /// Fail-soft alpha-beta.
    Failsoft,
    /// Principal variation search.
    Pvs,
    /// MTD(f) from guess 0.
    Mtdf,
}

impl Algorithm {
    /// Every name, in the order of the papers.
    pub const NAMES: [&'static str; 7] = ["minimax", "negamax", "f1", "alphabeta", "failsoft", "pvs", "mtdf"];
    const ALL: [Algorithm; 7] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::F1,
        Algorithm::Alphabeta,
        Algorithm::Failsoft,
        Algorithm::Pvs,
        Algorithm::Mtdf,
    ];

    /// The algorithm called `name`, or a `ValueError` listing the names.
    pub fn parse(name: &str) -> PyResult<Algorithm> {
        Self::NAMES.iter().position(|&known| known == name).map(|index| Self::ALL[index]).ok_or_else(|| {
            PyValueError::new_err(format!("unknown algorithm '{name}': expected one of {}", Self::NAMES.join(", ")))
        })
    }

    /// What the algorithm is, in one line (the CLI's words).
    pub fn describe(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax: MAX and MIN nodes, no pruning",
            Algorithm::Negamax => "negamax: Knuth & Moore's F, no pruning",
            Algorithm::F1 => "f1: Knuth & Moore's F1(p, bound), branch-and-bound",
            Algorithm::Alphabeta => "alphabeta: Knuth & Moore's F2(p, alpha, beta), fail-hard",
            Algorithm::Failsoft => "failsoft: fail-soft alpha-beta",
            Algorithm::Pvs => "pvs: principal variation search (NegaScout), fail-soft",
            Algorithm::Mtdf => "mtdf: MTD(f), null-window passes with memory",
        }
    }
}

/// The window of a search: `(alpha, beta)` for alphabeta, failsoft and pvs,
/// a bound for f1.
#[derive(Clone, Copy, Debug)]
pub enum Window {
    /// The full window.
    Full,
    /// An open window.
    Open(Score, Score),
    /// The bound of f1.
    Bound(Score),
}

/// A bound given from Python: an int, or ±inf as a float (or None for the infinity on that side).
fn bound_of(value: &Bound<'_, PyAny>, infinity: Score) -> PyResult<Score> {
    if value.is_none() {
        return Ok(infinity);
    }
    let limit = Score::MAX_EVAL;
    if args::is_int(value) {
        return value.extract::<i64>().ok().and_then(Score::try_new).filter(|s| s.get().abs() <= limit).ok_or_else(
            || {
                PyValueError::new_err(format!(
                    "window bound {} is out of range: the range is {} to {limit} (or float('inf'), float('-inf'))",
                    args::repr(value),
                    -limit
                ))
            },
        );
    }
    match value.extract::<f64>() {
        Ok(f) if value.is_instance_of::<PyFloat>() && f == f64::INFINITY => Ok(Score::INFINITY),
        Ok(f) if value.is_instance_of::<PyFloat>() && f == f64::NEG_INFINITY => Ok(-Score::INFINITY),
        _ => Err(PyTypeError::new_err(format!(
            "a window bound is an int, float('inf'), float('-inf') or None, not {} ({})",
            args::repr(value),
            args::type_name(value)
        ))),
    }
}

/// The window Python passed for `algorithm`, checked as the CLI checks it.
pub fn window_of(algorithm: Algorithm, window: Option<&Bound<'_, PyAny>>) -> PyResult<Window> {
    let Some(window) = window.filter(|w| !w.is_none()) else {
        return Ok(if algorithm == Algorithm::F1 { Window::Bound(Score::INFINITY) } else { Window::Full });
    };
    if algorithm == Algorithm::F1 {
        return Ok(Window::Bound(bound_of(window, Score::INFINITY)?));
    }
    if !matches!(algorithm, Algorithm::Alphabeta | Algorithm::Failsoft | Algorithm::Pvs) {
        return Err(PyValueError::new_err(format!(
            "a window applies to alphabeta, failsoft and pvs (f1 takes a bound), not {}",
            Algorithm::NAMES[Algorithm::ALL.iter().position(|&a| a == algorithm).unwrap_or(0)]
        )));
    }
    let (alpha, beta): (Bound<'_, PyAny>, Bound<'_, PyAny>) = window.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "window must be a pair (alpha, beta), e.g. (3, 6) or (float('-inf'), 0), not {}",
            args::repr(window)
        ))
    })?;
    let (alpha, beta) = (bound_of(&alpha, -Score::INFINITY)?, bound_of(&beta, Score::INFINITY)?);
    if alpha >= beta {
        return Err(PyValueError::new_err("alpha must be below beta (the window (alpha, beta) is open)"));
    }
    Ok(Window::Open(alpha, beta))
}

/// Runs `algorithm` to `depth` in `window`, as the CLI's `run_algorithm`.
pub fn run<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    algorithm: Algorithm,
    depth: u32,
    window: Window,
    observer: &mut O,
) -> SearchResult<G::Move> {
    let (alpha, beta) = match window {
        Window::Open(alpha, beta) => (alpha, beta),
        Window::Full | Window::Bound(_) => (-Score::INFINITY, Score::INFINITY),
    };
    match algorithm {
        Algorithm::Minimax => minimax(game, depth, observer),
        Algorithm::Negamax => negamax(game, depth, observer),
        Algorithm::F1 => {
            let bound = if let Window::Bound(bound) = window { bound } else { Score::INFINITY };
            branch_and_bound(game, depth, bound, observer)
        }
        Algorithm::Alphabeta => alphabeta(game, depth, alpha, beta, observer),
        Algorithm::Failsoft => alphabeta_failsoft(game, depth, alpha, beta, observer),
        Algorithm::Pvs => pvs(game, depth, alpha, beta, observer),
        Algorithm::Mtdf => mtdf(game, depth, Score::DRAW, observer),
    }
}
