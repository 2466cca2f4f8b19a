//! Backgammon from Python: the play the games crate's player chooses, the
//! same as `abprune backgammon choose` (Star2 under iterative deepening
//! over the shipped nets, or given weights, or pubeval).

use crate::args;
use abprune::Game;
use abprune_games::backgammon::player::Player;
use abprune_games::backgammon::{Backgammon, Dice, Move};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A roll typed as `"31"` or `"3-1"`.
fn parse_dice(text: &str) -> PyResult<Dice> {
    let digits: Vec<u8> = text.trim().bytes().filter(|&b| b != b'-').collect();
    let die = |b: u8| b.checked_sub(b'0');
    match digits[..] {
        [a, b] => die(a).zip(die(b)).and_then(|(a, b)| Dice::new(a, b)),
        _ => None,
    }
    .ok_or_else(|| PyValueError::new_err(format!("dice = {text:?} is not a roll: give two dice 1-6, as '31' or '3-1'")))
}

/// The play abprune chooses for the player on roll in gnubg's position
/// `position_id` with `dice` thrown: a dict of `play` (as `13/8 6/5`,
/// `pass`), `position_id` (the resulting position, the opponent on roll),
/// `value` (thousandths of a point, for the player on roll, a Fraction
/// as a string `p/q`), `depth`, `nodes`. `depth` (1-8, default 2 with
/// the nets, 3 with pubeval), `time` (seconds), `nodes`, `weights` (a
/// weights file; default the shipped nets), `pubeval` (value the
/// leaves by pubeval).
#[pyfunction]
#[pyo3(signature = (position_id, dice, *, depth=None, time=None, nodes=None, weights=None, pubeval=false))]
#[allow(clippy::too_many_arguments)] // Python's keywords
pub fn backgammon_choose<'py>(
    py: Python<'py>,
    position_id: &str,
    dice: &str,
    depth: Option<&Bound<'py, PyAny>>,
    time: Option<&Bound<'py, PyAny>>,
    nodes: Option<&Bound<'py, PyAny>>,
    weights: Option<std::path::PathBuf>,
    pubeval: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let what = "backgammon_choose()";
    let dice = parse_dice(dice)?;
    let mut game = Backgammon::from_position_id(position_id.trim(), Some(dice))
        .map_err(|error| PyValueError::new_err(format!("position_id = {position_id:?}: {error}")))?;
    let player = match (weights, pubeval) {
        (Some(_), true) => return Err(PyValueError::new_err("give weights or pubeval=True, not both")),
        (Some(path), false) => {
            Player::from_weights_file(&path).map_err(|error| PyValueError::new_err(format!("weights: {error}")))?
        }
        (None, true) => Player::pubeval(),
        (None, false) => Player::shipped().map_err(PyRuntimeError::new_err)?,
    };
    let depth = args::depth(depth, &format!("{what} depth"))?;
    let time = args::seconds(time, &format!("{what} time"))?;
    let nodes = args::nodes(nodes, &format!("{what} nodes"))?;
    let limits = player.limits(depth, time, nodes).map_err(PyValueError::new_err)?;
    if game.outcome().is_some() {
        return Err(PyValueError::new_err(format!("position_id = {position_id:?}: the game is over")));
    }
    let found = py.detach(|| player.choose(&mut game, &limits)).map_err(PyRuntimeError::new_err)?;
    let Some(Move::Play(play)) = found.play else {
        return Err(PyRuntimeError::new_err("the search found no play"));
    };
    game.play(Move::Play(play));
    let out = PyDict::new(py);
    out.set_item("play", play.to_string())?;
    out.set_item("position_id", game.position_id())?;
    out.set_item("value", found.value.to_string())?;
    out.set_item("depth", found.depth)?;
    out.set_item("nodes", found.stats.nodes)?;
    Ok(out)
}
