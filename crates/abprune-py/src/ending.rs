//! How a Python game ends, as its `ending()` declares, and its `outcome()`
//! checked against it: the Python side of abprune's `Game::ending` and
//! `Outcome`.
//!
//! A game ends in wins, losses and draws (`ending()` returns None, the
//! default; `outcome()` returns `WIN`, `LOSS` or `DRAW`), or by a margin
//! (`ending()` returns `(lowest, highest)`; `outcome()` returns
//! [`Margin`]`(n)`, with `DRAW` read as `Margin(0)` as the Rust `Outcome::Draw`
//! is). A margin is its own type, not an int, because `WIN` and `LOSS` are
//! the ints 1 and -1: as ints, a win returned by mistake in a margin game
//! would be a margin of 1 and go unnoticed.
//!
//! Every outcome is checked against the declared ending, in every search: a
//! margin outside the range, or an outcome of the other kind, is a
//! `ValueError` naming the outcome and the declared ending, so that no
//! search reports a value it did not prove.

use crate::args::{int_in, is_int, repr, type_name};
use abprune::{Ending, EngineResult, Game, Outcome, Score, SearchLimits};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyTuple};

/// What `Game.outcome()` returns when the side to move has won.
pub const WIN: i32 = 1;
/// ... when the side to move has lost.
pub const LOSS: i32 = -1;
/// ... when the game is drawn.
pub const DRAW: i32 = 0;

/// The end of a game won by a margin, from the side to move's view: what a
/// margin game's `outcome()` returns (positive when the side to move is
/// ahead, e.g. `Margin(6)`; within `±MAX_EVAL`).
#[pyclass(module = "abprune", frozen, eq, hash)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Margin {
    value: i32,
}

#[pymethods]
impl Margin {
    /// `Margin(value)`: `value` an int within `±MAX_EVAL`.
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        let limit = i128::from(Score::MAX_EVAL);
        let value = int_in(value, "Margin(value)", -limit, limit)?;
        Ok(Margin { value: value as i32 })
    }

    /// The margin, an int: positive when the side to move is ahead.
    #[getter]
    fn value(&self) -> i32 {
        self.value
    }

    fn __int__(&self) -> i32 {
        self.value
    }

    fn __repr__(&self) -> String {
        format!("Margin({})", self.value)
    }
}

/// How a Python game's finished positions are valued, as its `ending()`
/// declared at the start of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declared {
    /// `ending()` returned None (or the game has no `ending()`): won, lost or drawn.
    WinLossDraw,
    /// `ending()` returned `(lowest, highest)`: a finished game is worth a
    /// margin in this range to its side to move.
    Margin {
        /// The lowest margin of a finished game.
        lowest: i32,
        /// The highest.
        highest: i32,
    },
}

impl Declared {
    /// What `game.ending()` declares (None, or no such method: wins, losses
    /// and draws); a `TypeError` or `ValueError` quoting what it returned
    /// when that is no ending, and what it raises.
    pub fn of(game: &Bound<'_, PyAny>) -> PyResult<Self> {
        let method = match game.getattr("ending") {
            Ok(method) => method,
            Err(error) if error.is_instance_of::<pyo3::exceptions::PyAttributeError>(game.py()) => {
                return Ok(Declared::WinLossDraw)
            }
            Err(error) => return Err(error),
        };
        if !method.is_callable() {
            return Err(PyTypeError::new_err(format!("the game's ending is {}, not a method", repr(&method))));
        }
        Self::from_value(&method.call0()?)
    }

    /// The ending `value` (what `ending()` returned) declares.
    fn from_value(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        if value.is_none() {
            return Ok(Declared::WinLossDraw);
        }
        let expected = "expected None (the game ends in wins, losses and draws) or a tuple (lowest, highest) \
                        of two ints, the margins a finished game can have for its side to move";
        let pair = value.cast::<PyTuple>().ok().filter(|tuple| tuple.len() == 2);
        let Some(pair) = pair else {
            return Err(PyTypeError::new_err(format!(
                "ending() returned {} ({}): {expected}",
                repr(value),
                type_name(value)
            )));
        };
        let (lowest, highest) = (pair.get_item(0)?, pair.get_item(1)?);
        if !is_int(&lowest) || !is_int(&highest) {
            return Err(PyTypeError::new_err(format!(
                "ending() returned {} (a tuple of {} and {}): {expected}",
                repr(value),
                type_name(&lowest),
                type_name(&highest)
            )));
        }
        let limit = Score::MAX_EVAL;
        let bounds = (lowest.extract::<i64>(), highest.extract::<i64>());
        let (Ok(lowest), Ok(highest)) = bounds else {
            return Err(out_of_range(value));
        };
        if lowest < -i64::from(limit) || highest > i64::from(limit) {
            return Err(out_of_range(value));
        }
        if lowest > highest {
            return Err(PyValueError::new_err(format!(
                "ending() returned {}: the lowest margin {lowest} is above the highest {highest}",
                repr(value)
            )));
        }
        Ok(Declared::Margin { lowest: lowest as i32, highest: highest as i32 })
    }

    /// The ending the engine is told. A margin game's range is widened to
    /// the values its root can have: every finished position's margin is
    /// declared for *its* side to move, and the root's side sees it negated
    /// when the other side moved last, so the root's value lies anywhere in
    /// `[min(lowest, -highest), max(highest, -lowest)]` (margins 1 to 7:
    /// -7 to 7). The solve bisects on that range; the declared range itself
    /// is checked here, on every outcome ([`outcome_of`]).
    pub fn to_engine(self) -> Ending {
        match self {
            Declared::WinLossDraw => Ending::WinLossDraw,
            Declared::Margin { lowest, highest } => {
                Ending::Margin { lowest: lowest.min(-highest), highest: highest.max(-lowest) }
            }
        }
    }

    /// Whether the game ends in margins.
    pub fn is_margin(self) -> bool {
        matches!(self, Declared::Margin { .. })
    }

    /// The declared ending as the errors name it.
    fn describe(self) -> String {
        match self {
            Declared::WinLossDraw => "the game ends in wins, losses and draws (its ending() returned None)".to_string(),
            Declared::Margin { lowest, highest } => format!(
                "the game ends in margins from {lowest} to {highest} for the side to move (its ending() \
                 returned ({lowest}, {highest}))"
            ),
        }
    }
}

/// The error of an `ending()` whose margins lie beyond `±MAX_EVAL`.
fn out_of_range(value: &Bound<'_, PyAny>) -> PyErr {
    let limit = Score::MAX_EVAL;
    PyValueError::new_err(format!(
        "ending() returned {}: out of range: margins range from {} to {limit} (abprune.MAX_EVAL)",
        repr(value),
        -limit
    ))
}

/// What `outcome()` returned, checked against the declared ending: None
/// (the game goes on); in a game of wins, losses and draws `WIN`, `LOSS`
/// or `DRAW`; in a margin game a [`Margin`] within the declared range, or
/// `DRAW` for a margin of 0. A bool is refused (`return self.over()` would
/// read as a finished draw); so is an outcome of the other kind, or a
/// margin outside the range, with the outcome and the ending named.
pub fn outcome_of(outcome: &Bound<'_, PyAny>, declared: Declared) -> PyResult<Option<Outcome>> {
    if outcome.is_none() {
        return Ok(None);
    }
    if let Ok(margin) = outcome.cast::<Margin>() {
        let margin = margin.get().value;
        return match declared {
            Declared::Margin { lowest, highest } if (lowest..=highest).contains(&margin) => {
                Ok(Some(Outcome::Score(margin)))
            }
            Declared::Margin { .. } => Err(PyValueError::new_err(format!(
                "outcome() returned {}, outside the margins declared: {}",
                repr(outcome),
                declared.describe()
            ))),
            Declared::WinLossDraw => Err(PyValueError::new_err(format!(
                "outcome() returned {}, a margin, but {}: a game that ends in margins says so with \
                 ending(), returning (lowest, highest)",
                repr(outcome),
                declared.describe()
            ))),
        };
    }
    let expected = match declared {
        Declared::WinLossDraw => "expected None, abprune.WIN (1), abprune.LOSS (-1) or abprune.DRAW (0)".to_string(),
        Declared::Margin { lowest, highest } => {
            format!("expected None or abprune.Margin(n) with n from {lowest} to {highest} (abprune.DRAW for 0)")
        }
    };
    if !is_int(outcome) {
        let kind = if outcome.is_instance_of::<PyBool>() { "bool".to_string() } else { type_name(outcome) };
        return Err(PyTypeError::new_err(format!("outcome() returned {} ({kind}): {expected}", repr(outcome))));
    }
    let value = outcome.extract::<i64>().ok();
    match (declared, value) {
        (Declared::WinLossDraw, Some(value)) if value == i64::from(WIN) => Ok(Some(Outcome::Win)),
        (Declared::WinLossDraw, Some(value)) if value == i64::from(LOSS) => Ok(Some(Outcome::Loss)),
        (_, Some(value)) if value == i64::from(DRAW) => match declared {
            Declared::Margin { lowest, highest } if !(lowest..=highest).contains(&0) => {
                Err(PyValueError::new_err(format!(
                    "outcome() returned 0 (abprune.DRAW, a margin of 0), outside the margins declared: {}",
                    declared.describe()
                )))
            }
            _ => Ok(Some(Outcome::Draw)),
        },
        (Declared::Margin { .. }, Some(value)) if value == i64::from(WIN) || value == i64::from(LOSS) => {
            let name = if value == i64::from(WIN) { "abprune.WIN, a win" } else { "abprune.LOSS, a loss" };
            Err(PyValueError::new_err(format!(
                "outcome() returned {value} ({name}), but {}: a finished margin game returns abprune.Margin(n)",
                declared.describe()
            )))
        }
        _ => Err(PyValueError::new_err(format!("outcome() returned {}: {expected}", repr(outcome)))),
    }
}

/// After a strong solve of a margin game: when the margin found is an end
/// of the range the engine bisected on ([`Declared::to_engine`]), one more
/// null-window test confirms that the value is not beyond it. The
/// bisection never asks about values outside the range, so a game whose
/// value lies beyond it (a finished position outside the declared margins,
/// which the search did not meet because it never had to look) would
/// otherwise be answered with the range's end, marked exact. The test asks
/// exactly that question: it either fails (the value is the end: right) or
/// meets such a position, which [`outcome_of`] refuses with its error (the
/// caller raises the game's error first). Only a position valued by
/// `evaluate()` could make it succeed otherwise; that is refused here. The
/// test's nodes are not in the result's count. A margin inside the range
/// costs nothing more.
pub fn confirm_solved_margin<G>(
    engine: &mut abprune::Engine<u64>,
    game: &mut G,
    declared: Declared,
    result: &EngineResult<u64>,
    limits: &SearchLimits,
) -> PyResult<()>
where
    G: Game<Move = u64> + Clone + Send,
{
    let Ending::Margin { lowest, highest } = declared.to_engine() else { return Ok(()) };
    if !result.exact || result.weak {
        return Ok(());
    }
    let value = result.value.get();
    let beyond = if value >= highest && value < Score::MAX_EVAL {
        engine.test(game, Score::new(value + 1), limits) == Some(true)
    } else if value <= lowest && value > -Score::MAX_EVAL {
        engine.test(game, Score::new(value), limits) == Some(false)
    } else {
        false
    };
    if beyond {
        let side = if value >= highest { "above" } else { "below" };
        return Err(PyValueError::new_err(format!(
            "Engine.solve(): the game's value is {side} {value}, outside {lowest} to {highest}, the values its \
             margins allow ({}), yet no finished position outside them was met: positions valued by evaluate() \
             (not over, and without moves) took part, and a solve needs every line to end with outcome()",
            declared.describe()
        )));
    }
    Ok(())
}
