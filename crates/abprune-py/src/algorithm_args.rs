//! The algorithm and the window Python passes, checked as the CLI checks
//! them: the names, the window and the run are the library's
//! ([`abprune::algorithm`]); here only what Python hands over is read.

use crate::args;
use abprune::algorithm::{Algorithm, Window};
use abprune::Score;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyFloat;

/// The algorithm called `name`, or a `ValueError` listing the names.
pub fn parse(name: &str) -> PyResult<Algorithm> {
    name.parse().map_err(|error| PyValueError::new_err(format!("{error}")))
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

/// The window Python passed for `algorithm` (None: the algorithm's default
/// window), checked as the CLI checks it.
pub fn window_of(algorithm: Algorithm, window: Option<&Bound<'_, PyAny>>) -> PyResult<Window> {
    let Some(window) = window.filter(|w| !w.is_none()) else {
        return Ok(algorithm.default_window());
    };
    if algorithm.takes_bound() {
        return Ok(Window::Bound(bound_of(window, Score::INFINITY)?));
    }
    if !algorithm.takes_window() {
        return Err(PyValueError::new_err(format!(
            "a window applies to alphabeta, failsoft and pvs (f1 takes a bound), not {algorithm}"
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
