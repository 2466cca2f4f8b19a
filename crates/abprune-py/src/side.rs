//! Whose turn it is in a Python game: the sides alternate, unless the game
//! says otherwise with `side_to_move()` (Kalah, where a side whose last seed
//! lands in its own store moves again; dots-and-boxes).
//!
//! `side_to_move()` may return any two values that compare with `==` (0 and
//! 1, "X" and "O", 1 and -1): the value at the start of the search is the
//! first side, the first other value met the second, and a third one is a
//! `ValueError`. None at the start means the sides alternate (the base
//! class's `side_to_move()` returns None), and the method is not called
//! again: a game that never gives a side two moves in a row pays nothing.

use crate::args::repr;
use abprune::Player;
use pyo3::exceptions::{PyAttributeError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The sides of a game that names them with `side_to_move()`.
pub struct Sides {
    /// The bound method `side_to_move`.
    method: Py<PyAny>,
    /// What it returned at the start of the search: [`Player::First`].
    first: Py<PyAny>,
    /// The other value, once met: [`Player::Second`].
    second: Option<Py<PyAny>>,
}

impl Sides {
    /// The sides of `game`: `None` when they alternate (no `side_to_move()`,
    /// or None from it now); raises what the method raises, and a
    /// `TypeError` when it is no method.
    pub fn of(game: &Bound<'_, PyAny>) -> PyResult<Option<Self>> {
        let method = match game.getattr("side_to_move") {
            Ok(method) => method,
            Err(error) if error.is_instance_of::<PyAttributeError>(game.py()) => return Ok(None),
            Err(error) => return Err(error),
        };
        if !method.is_callable() {
            return Err(PyTypeError::new_err(format!("the game's side_to_move is {}, not a method", repr(&method))));
        }
        let first = method.call0()?;
        if first.is_none() {
            return Ok(None);
        }
        Ok(Some(Sides { method: method.unbind(), first: first.unbind(), second: None }))
    }

    /// The side to move now, by what `side_to_move()` returns.
    pub fn now(&mut self, py: Python<'_>) -> PyResult<Player> {
        let value = self.method.bind(py).call0()?;
        if value.is(&self.first) || value.eq(self.first.bind(py))? {
            return Ok(Player::First);
        }
        if value.is_none() {
            return Err(PyTypeError::new_err(format!(
                "side_to_move() returned None, but it returned {} at the start of the search: a game that \
                 names its sides names them in every position",
                repr(self.first.bind(py))
            )));
        }
        match &self.second {
            Some(second) if value.is(second) || value.eq(second.bind(py))? => Ok(Player::Second),
            Some(second) => Err(PyValueError::new_err(format!(
                "side_to_move() returned {}, a third side: the game's sides are {} (to move at the start of \
                 the search) and {}",
                repr(&value),
                repr(self.first.bind(py)),
                repr(second.bind(py))
            ))),
            None => {
                self.second = Some(value.unbind());
                Ok(Player::Second)
            }
        }
    }

    /// A copy sharing the Python objects.
    pub fn clone_ref(&self, py: Python<'_>) -> Self {
        Sides {
            method: self.method.clone_ref(py),
            first: self.first.clone_ref(py),
            second: self.second.as_ref().map(|second| second.clone_ref(py)),
        }
    }
}
