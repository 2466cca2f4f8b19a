//! Chance in Python games: a game may define `chance_to_move()` and
//! `chance_outcomes()` (dice to throw, a card to draw), and optionally
//! `value_bounds()`, and abprune reads what they return here, checked.
//!
//! A probability is exact, as the library keeps it
//! ([`abprune::Probability`]): a `fractions.Fraction`, a `(numerator,
//! denominator)` pair of ints, a string `"1/6"` or `"0.25"` (read exactly,
//! as the tree format reads it), or the int 1. A float is refused: `0.1`
//! is not one tenth, and the sum of a node's probabilities must be exactly
//! one. Every error names the method, the outcome and the value.

use crate::args::{is_int, repr, type_name};
use abprune::{Probability, Score};
use abprune_games::tree::{parse_probability, probability_sum};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyList, PyString, PyTuple};

/// The most outcomes one chance node may list (as many as moves).
pub const MAX_OUTCOMES: usize = crate::args::MAX_MOVES_PER_POSITION;

/// The Python methods of a game with chance.
pub struct ChanceMethods {
    /// `chance_to_move()`.
    pub to_move: Py<PyAny>,
    /// `chance_outcomes()`.
    pub outcomes: Py<PyAny>,
}

impl ChanceMethods {
    /// The chance methods of `game`: `None` when it defines neither; a
    /// `TypeError` when it defines one without the other or one is no method.
    pub fn of(game: &Bound<'_, PyAny>, lookup: impl Fn(&str) -> PyResult<Option<Py<PyAny>>>) -> PyResult<Option<Self>> {
        let (to_move, outcomes) = (lookup("chance_to_move")?, lookup("chance_outcomes")?);
        let (to_move, outcomes) = match (to_move, outcomes) {
            (None, None) => return Ok(None),
            (Some(to_move), Some(outcomes)) => (to_move, outcomes),
            (to_move, _) => {
                let (has, lacks) = if to_move.is_some() {
                    ("chance_to_move", "chance_outcomes")
                } else {
                    ("chance_outcomes", "chance_to_move")
                };
                return Err(PyTypeError::new_err(format!(
                    "{} defines {has}() but not {lacks}(): a game with chance defines both",
                    repr(game)
                )));
            }
        };
        for (name, method) in [("chance_to_move", &to_move), ("chance_outcomes", &outcomes)] {
            if !method.bind(game.py()).is_callable() {
                return Err(PyTypeError::new_err(format!(
                    "the game's {name} is {}, not a method",
                    repr(method.bind(game.py()))
                )));
            }
        }
        Ok(Some(ChanceMethods { to_move, outcomes }))
    }

    /// A copy sharing the Python objects.
    pub fn clone_ref(&self, py: Python<'_>) -> Self {
        ChanceMethods { to_move: self.to_move.clone_ref(py), outcomes: self.outcomes.clone_ref(py) }
    }

    /// What `chance_to_move()` says now: True or False, nothing else.
    pub fn to_move(&self, py: Python<'_>) -> PyResult<bool> {
        let value = self.to_move.bind(py).call0()?;
        value.extract::<bool>().ok().filter(|_| value.is_instance_of::<pyo3::types::PyBool>()).ok_or_else(|| {
            PyTypeError::new_err(format!(
                "chance_to_move() returned {} ({}): expected True or False",
                repr(&value),
                type_name(&value)
            ))
        })
    }

    /// What `chance_outcomes()` returns now, checked: the moves in order and
    /// their probabilities, which sum to exactly one.
    pub fn outcomes<'py>(&self, py: Python<'py>) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<Probability>)> {
        let list = self.outcomes.bind(py).call0()?;
        outcomes_of(&list)
    }
}

/// Reads the list `chance_outcomes()` returned; see [`ChanceMethods::outcomes`].
pub fn outcomes_of<'py>(list: &Bound<'py, PyAny>) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<Probability>)> {
    let not_a_list = || {
        PyTypeError::new_err(format!(
            "chance_outcomes() returned {} ({}): expected a list of (move, probability) pairs",
            repr(list),
            type_name(list)
        ))
    };
    if list.is_instance_of::<PyString>() {
        return Err(not_a_list());
    }
    let mut moves = Vec::new();
    let mut probabilities = Vec::new();
    for (index, pair) in list.try_iter().map_err(|_| not_a_list())?.enumerate() {
        if index >= MAX_OUTCOMES {
            return Err(PyValueError::new_err(format!(
                "chance_outcomes() gave more than {MAX_OUTCOMES} outcomes (an endless iterator?)"
            )));
        }
        let pair = pair?;
        let (mv, probability) = pair_of(&pair).ok_or_else(|| {
            PyTypeError::new_err(format!(
                "chance_outcomes() returned {} at index {index}: expected a (move, probability) pair",
                repr(&pair)
            ))
        })?;
        probabilities.push(probability_of(&probability, index, &mv)?);
        moves.push(mv);
    }
    if moves.is_empty() {
        return Err(PyValueError::new_err(
            "chance_outcomes() returned no outcome, where chance_to_move() is True: a chance node has at least one",
        ));
    }
    check_sum(&probabilities)?;
    Ok((moves, probabilities))
}

/// The two items of a tuple or list of length 2.
fn pair_of<'py>(pair: &Bound<'py, PyAny>) -> Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    if let Ok(tuple) = pair.cast::<PyTuple>() {
        return (tuple.len() == 2).then(|| tuple.get_item(0).ok().zip(tuple.get_item(1).ok())).flatten();
    }
    let list = pair.cast::<PyList>().ok()?;
    (list.len() == 2).then(|| list.get_item(0).ok().zip(list.get_item(1).ok())).flatten()
}

/// Refuses probabilities whose sum is not exactly one, giving the sum.
fn check_sum(probabilities: &[Probability]) -> PyResult<()> {
    match probability_sum(probabilities) {
        Some((1, 1)) => Ok(()),
        Some((numerator, denominator)) => Err(PyValueError::new_err(format!(
            "chance_outcomes() returned probabilities that sum to {}, not 1",
            if denominator == 1 { numerator.to_string() } else { format!("{numerator}/{denominator}") }
        ))),
        None => Err(PyValueError::new_err(
            "chance_outcomes() returned probabilities with denominators too large to sum exactly",
        )),
    }
}

/// One outcome's probability, exactly; `index` and `mv` name the outcome.
pub fn probability_of(value: &Bound<'_, PyAny>, index: usize, mv: &Bound<'_, PyAny>) -> PyResult<Probability> {
    let what = || format!("chance_outcomes(): the probability {} of outcome {index} ({})", repr(value), repr(mv));
    let invalid = |why: &str| PyValueError::new_err(format!("{}: {why}", what()));
    let fraction = |numerator: &Bound<'_, PyAny>, denominator: &Bound<'_, PyAny>| -> PyResult<Probability> {
        let (Ok(numerator), Ok(denominator)) = (numerator.extract::<i128>(), denominator.extract::<i128>()) else {
            return Err(invalid("its numerator and denominator must each fit in 64 bits"));
        };
        if denominator == 0 {
            return Err(invalid("it divides by zero"));
        }
        let (numerator, denominator) =
            if denominator < 0 { (-numerator, -denominator) } else { (numerator, denominator) };
        if numerator <= 0 {
            return Err(invalid("a probability is above 0 (an outcome that cannot happen is not listed)"));
        }
        let (Ok(numerator), Ok(denominator)) = (u64::try_from(numerator), u64::try_from(denominator)) else {
            return Err(invalid("its numerator and denominator must each fit in 64 bits"));
        };
        Probability::new(numerator, denominator).ok_or_else(|| invalid("a probability is at most 1"))
    };
    if value.is_instance_of::<PyFloat>() {
        return Err(PyTypeError::new_err(format!(
            "{} is a float, which is not exact: give a fractions.Fraction, a (numerator, denominator) pair or a \
             string such as \"1/6\"",
            what()
        )));
    }
    if is_int(value) {
        return fraction(value, &1i64.into_pyobject(value.py())?.into_any());
    }
    if let Ok(text) = value.cast::<PyString>() {
        return parse_probability(text.to_cow()?.trim()).map_err(|why| invalid(&why));
    }
    if let Some((numerator, denominator)) = pair_of(value) {
        if is_int(&numerator) && is_int(&denominator) {
            return fraction(&numerator, &denominator);
        }
    } else if is_fraction(value)? {
        return fraction(&value.getattr("numerator")?, &value.getattr("denominator")?);
    }
    Err(PyTypeError::new_err(format!(
        "{} ({}): expected a fractions.Fraction, a (numerator, denominator) pair of ints or a string such as \"1/6\"",
        what(),
        type_name(value)
    )))
}

/// Whether `value` is a `fractions.Fraction`.
fn is_fraction(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let class = value.py().import("fractions")?.getattr("Fraction")?;
    value.is_instance(&class)
}

/// `probability` as a `fractions.Fraction`.
pub fn fraction_of(py: Python<'_>, probability: Probability) -> PyResult<Py<PyAny>> {
    let class = py.import("fractions")?.getattr("Fraction")?;
    Ok(class.call1((probability.numerator(), probability.denominator()))?.unbind())
}

/// What `value_bounds()` returned: `None`, or two ints `(lowest, highest)`
/// within ±[`Score::MAX_EVAL`], lowest <= highest, from the first player's view.
pub fn value_bounds_of(value: &Bound<'_, PyAny>) -> PyResult<Option<(Score, Score)>> {
    if value.is_none() {
        return Ok(None);
    }
    let bad = || {
        PyTypeError::new_err(format!(
            "value_bounds() returned {}: expected None or (lowest, highest), two ints within ±{} from the first \
             player's view",
            repr(value),
            Score::MAX_EVAL
        ))
    };
    let (lowest, highest) = pair_of(value).ok_or_else(bad)?;
    if !is_int(&lowest) || !is_int(&highest) {
        return Err(bad());
    }
    let limit = i128::from(Score::MAX_EVAL);
    let (lowest, highest) = (lowest.extract::<i128>()?, highest.extract::<i128>()?);
    if !(-limit..=limit).contains(&lowest) || !(-limit..=limit).contains(&highest) || lowest > highest {
        return Err(PyValueError::new_err(format!(
            "value_bounds() returned ({lowest}, {highest}): the bounds lie within ±{} and the lowest comes first",
            Score::MAX_EVAL
        )));
    }
    Ok(Some((Score::new(lowest as i32), Score::new(highest as i32))))
}
