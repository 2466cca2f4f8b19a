//! `abprune.check_game`: the library's game checker ([`abprune::check`])
//! on a game written in Python, so that a key that leaves out part of the
//! position, an `undo` that does not restore it, or a side to move that
//! does not follow the rules is found before a search trusts it.

use crate::args::{self, repr, MAX_LINE_PLIES};
use crate::python_game::PythonGame;
use crate::worker::{self, GameClaim};
use abprune::check::{check_game as check, CheckOptions, CheckReport, GameDefect};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The most random lines one call plays.
const MAX_CHECK_LINES: i128 = 1_000_000;
/// The deepest exact-value search asked for (each position's costs a
/// search of this depth).
const MAX_SOLVE_DEPTH: i128 = 64;

/// Plays random lines through `game` and looks for the mistakes that make
/// every search of it wrong in silence (see `abprune.check_game` in the
/// type stubs and docs/python.md). Returns what it looked at, as a dict;
/// raises `ValueError` naming the first mistake and the moves that show it.
#[pyfunction]
#[pyo3(signature = (game, *, seed = None, lines = None, max_plies = None, solve_depth = None, side_check = false))]
pub fn check_game(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    lines: Option<&Bound<'_, PyAny>>,
    max_plies: Option<&Bound<'_, PyAny>>,
    solve_depth: Option<&Bound<'_, PyAny>>,
    side_check: bool,
) -> PyResult<Py<PyDict>> {
    let defaults = CheckOptions::default();
    let options = CheckOptions {
        seed: args::optional_int(seed, "check_game() seed", 0, i128::from(u64::MAX))?
            .map_or(defaults.seed, |s| s as u64),
        lines: args::optional_int(lines, "check_game() lines", 1, MAX_CHECK_LINES)?
            .map_or(defaults.lines, |n| n as u32),
        max_plies: args::optional_int(max_plies, "check_game() max_plies", 1, MAX_LINE_PLIES as i128)?
            .map_or(defaults.max_plies, |n| n as u32),
        solve_depth: args::optional_int(solve_depth, "check_game() solve_depth", 0, MAX_SOLVE_DEPTH)?
            .map_or(defaults.solve_depth, |n| n as u32),
        side_check,
        ..defaults
    };
    let stop = Arc::new(AtomicBool::new(false));
    let claim = GameClaim::new(game, "abprune.check_game()")?;
    let mut wrapped = PythonGame::new(py, game, Arc::clone(&stop))?;
    let (result, signal) = worker::run_search(py, &stop, None, &claim, move |py| {
        let found = check(&mut wrapped, &options);
        if let Some(error) = wrapped.take_error() {
            return Err(error);
        }
        match found {
            Ok(report) => Ok(report),
            Err(defect) => Err(defect_error(py, &mut wrapped, &defect)),
        }
    })?;
    if let Some(signal) = signal {
        return Err(signal);
    }
    report_dict(py, &result?)
}

/// The `ValueError` of a defect, its lines in the game's own moves.
fn defect_error(py: Python<'_>, game: &mut PythonGame, defect: &GameDefect<u64>) -> PyErr {
    let mut line_text = |line: &[u64]| match game.line_objects(py, line) {
        Ok(objects) => {
            let moves: Vec<String> = objects.iter().map(|mv| repr(mv.bind(py))).collect();
            format!("[{}]", moves.join(", "))
        }
        Err(error) => format!("(a line that could not be replayed: {error})"),
    };
    let shown = line_text(&defect.line);
    let other = defect.other_line.as_deref().map(|line| format!(" and after {}", line_text(line))).unwrap_or_default();
    let words = defect.to_string();
    let what = words.split(" after the moves ").next().unwrap_or(&words);
    PyValueError::new_err(format!("check_game(): {what} after the moves {shown}{other}"))
}

/// What the checker looked at, as a dict.
fn report_dict(py: Python<'_>, report: &CheckReport) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("lines", report.lines)?;
    dict.set_item("positions", report.positions)?;
    dict.set_item("moves_undone", report.moves_undone)?;
    dict.set_item("keys_compared", report.keys_compared)?;
    dict.set_item("evaluation_keys_compared", report.evaluation_keys_compared)?;
    dict.set_item("values_compared", report.values_compared)?;
    Ok(dict.unbind())
}
