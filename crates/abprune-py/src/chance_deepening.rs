//! `abprune.chance_deepening`: the library's Star2 under iterative
//! deepening with a table at chance nodes
//! ([`abprune::engine::star2_deepening`]) for a Python game with chance or
//! an `abprune.Tree`, under a depth, node and time limit (Ctrl-C stops it).

use crate::args;
use crate::chance_search::{game_error, ratio_to_py, tree_error};
use crate::python_game::PythonGame;
use crate::tree::Tree;
use crate::worker::{self, GameClaim};
use abprune::engine::{star2_deepening, ChanceSearchResult};
use abprune::StopReason;
use abprune_games::TreeGame;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Searches a game with chance by Star2, one ply deeper each iteration,
/// with a table of the chance nodes' bounds (it needs the game's `key()`)
/// and the last iteration's best move first, until the value is exact or
/// a limit (`depth` in the players' moves, `time` in seconds, `nodes`)
/// stops it. Returns a dict: `value` (a `Fraction`, the deepest completed
/// iteration's), `exact`, `best_move`, `depth`, `stop_reason`, `nodes`,
/// `leaves`, `chance_cutoffs`, `probes`, `seconds`. Raises `ValueError` as
/// `chance_search` does.
#[pyfunction]
#[pyo3(signature = (game, *, depth = None, time = None, nodes = None))]
pub fn chance_deepening(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    depth: Option<&Bound<'_, PyAny>>,
    time: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyDict>> {
    let stop = Arc::new(AtomicBool::new(false));
    let limits = args::limits("chance_deepening()", depth, time, nodes, &stop)?;
    if let Ok(tree) = game.cast::<Tree>() {
        let shared = Arc::clone(tree.get().inner());
        let found = py.detach(move || star2_deepening(&mut TreeGame::new(&shared), &limits));
        let found = found.map_err(|error| tree_error(tree.get().inner(), &error))?;
        let best_move = match found.best_move {
            Some(mv) => Some(tree.get().inner().child_indices(&[mv])[0].into_pyobject(py)?.into_any().unbind()),
            None => None,
        };
        return result_dict(py, &found, best_move);
    }
    let claim = GameClaim::new(game, "abprune.chance_deepening()")?;
    let mut wrapped = PythonGame::new(py, game, Arc::clone(&stop))?;
    let (result, signal) = worker::run_search(py, &stop, None, &claim, move |py| {
        let found = star2_deepening(&mut wrapped, &limits);
        if let Some(error) = wrapped.take_error() {
            return Err(error);
        }
        let found = found.map_err(|error| game_error(py, &mut wrapped, &error))?;
        let best_move = match found.best_move {
            Some(mv) => wrapped.line_objects(py, &[mv])?.pop(),
            None => None,
        };
        result_dict(py, &found, best_move)
    })?;
    match signal {
        Some(signal) => Err(signal),
        None => result,
    }
}

/// What the search found, as a dict.
fn result_dict<M>(py: Python<'_>, found: &ChanceSearchResult<M>, best_move: Option<Py<PyAny>>) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("value", ratio_to_py(py, found.value)?)?;
    dict.set_item("exact", found.exact)?;
    dict.set_item("best_move", best_move)?;
    dict.set_item("depth", found.depth)?;
    dict.set_item("stop_reason", stop_name(found.stop_reason))?;
    dict.set_item("nodes", found.stats.nodes)?;
    dict.set_item("leaves", found.stats.leaves)?;
    dict.set_item("chance_cutoffs", found.stats.chance_cutoffs)?;
    dict.set_item("probes", found.stats.probes)?;
    dict.set_item("seconds", found.elapsed.as_secs_f64())?;
    Ok(dict.unbind())
}

/// The stop reason's name, as Python's results spell it.
fn stop_name(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Solved => "solved",
        StopReason::Complete => "complete",
        StopReason::DepthLimit => "depth",
        StopReason::NodeLimit => "nodes",
        StopReason::TimeLimit => "time",
        StopReason::Stopped => "stopped",
    }
}
