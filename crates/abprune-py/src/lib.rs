//! Python bindings of abprune: the module `abprune._abprune`, re-exported by
//! the pure-Python package `abprune` (see `python/abprune/__init__.py`).
//!
//! - `src/tree.rs`: explicit textbook trees, every algorithm of the CLI, the
//!   trace and the SVG figure;
//! - `src/builtin.rs`: Connect Four, tic-tac-toe and Gomoku searched natively
//!   with the GIL released;
//! - `src/python_game.rs`: games written in Python (`abprune.Game`) searched by
//!   the plain algorithms and by the engine; `src/ending.rs` reads how they
//!   end (`ending()`, `Margin`) and checks their outcomes against it,
//!   `src/side.rs` whose turn it is (`side_to_move()`), `src/result.rs` says
//!   what a search found; `src/move_table.rs` names their moves, `src/worker.rs` runs their searches (on search threads with a
//!   large stack) and keeps an engine to one search at a time;
//! - `src/chance.rs` reads a game's chance (`chance_to_move()`,
//!   `chance_outcomes()`, `value_bounds()`), `src/chance_search.rs` runs
//!   the searches for games with chance (`chance_search`, exact values as
//!   `fractions.Fraction`) on a game or a tree;
//! - `src/args.rs`, `src/algorithm_args.rs`, `src/memory.rs`: arguments
//!   checked by type and range (an algorithm's name and window among them),
//!   table budgets against the memory available.
//!
//! These modules are private (the crate's only users are Python programs), so
//! the list names their files rather than linking to them; their docs appear
//! with `cargo doc --document-private-items`.
//!
//! The crate does not inherit the workspace lints: `unsafe_code = "forbid"`
//! cannot hold for PyO3's generated glue.

use abprune::algorithm::Algorithm;
use abprune::Score;
use pyo3::prelude::*;

mod algorithm_args;
mod args;
mod backgammon;
mod builtin;
mod chance;
mod chance_deepening;
mod chance_search;
mod check;
mod ending;
mod interrupt;
mod memory;
mod move_table;
mod python_game;
mod result;
mod side;
mod table_key;
mod tree;
mod worker;

/// The Python module.
#[pymodule]
fn _abprune(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("WIN", ending::WIN)?;
    m.add("LOSS", ending::LOSS)?;
    m.add("DRAW", ending::DRAW)?;
    m.add("SCORE_WIN", Score::WIN.get())?;
    m.add("MAX_EVAL", Score::MAX_EVAL)?;
    m.add("MAX_LINE_PLIES", args::MAX_LINE_PLIES)?;
    m.add("ALGORITHMS", Algorithm::ALL.map(Algorithm::name).to_vec())?;
    m.add("CHANCE_ALGORITHMS", abprune::ChanceAlgorithm::ALL.map(abprune::ChanceAlgorithm::name).to_vec())?;
    m.add_class::<tree::Tree>()?;
    m.add_class::<chance_search::ChanceResult>()?;
    m.add_class::<tree::TreeResult>()?;
    m.add_class::<builtin::ConnectFour>()?;
    m.add_class::<builtin::TicTacToe>()?;
    m.add_class::<builtin::Gomoku>()?;
    m.add_class::<builtin::SolveResult>()?;
    m.add_class::<result::Result>()?;
    m.add_class::<ending::Margin>()?;
    m.add_class::<python_game::Engine>()?;
    m.add_function(wrap_pyfunction!(python_game::search, m)?)?;
    m.add_function(wrap_pyfunction!(check::check_game, m)?)?;
    m.add_function(wrap_pyfunction!(chance_search::chance_view, m)?)?;
    m.add_function(wrap_pyfunction!(chance_search::chance_search, m)?)?;
    m.add_function(wrap_pyfunction!(backgammon::backgammon_choose, m)?)?;
    m.add_function(wrap_pyfunction!(chance_deepening::chance_deepening, m)?)?;
    Ok(())
}
