//! Arguments from Python, checked: every number by its type (an int, not a
//! bool, not a float, not a string) and its range, with an error that names
//! the argument, quotes the value with `repr()` and gives the range.
//!
//! PyO3's own conversions would take `True` for 1, answer `-1` with
//! "out of range integral type conversion attempted", and `10**30` with
//! "expected an int" naming nothing.

use abprune::SearchLimits;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The most threads a search may have: the engine's limit, as the CLI's `--threads`.
pub const MAX_THREADS: usize = abprune::engine::MAX_THREADS;

/// The most moves one call of `moves()` may give: more is no game's list
/// (and an endless iterator must end somewhere).
pub const MAX_MOVES_PER_POSITION: usize = 1 << 20;
/// The longest line of play a search of a Python game follows: a game that
/// goes on longer (one that never ends, cycling through its positions, or
/// a very long one) is refused with a `ValueError` when a line reaches it.
/// The plain algorithms keep a line for every ply (memory quadratic in the
/// line: some 200 MB for 10,000 plies) and the engine's solve is quadratic
/// in time on a line (some 10 seconds for 10,000 plies), so a longer line
/// could only be searched slowly; Score's own limit is 100,000 plies.
pub const MAX_LINE_PLIES: usize = 10_000;

/// The deepest depth limit: the longest line a search follows.
pub const MAX_DEPTH: u64 = MAX_LINE_PLIES as u64;

/// `repr(value)`, or a placeholder when `repr()` itself raises.
pub fn repr(value: &Bound<'_, PyAny>) -> String {
    let text = value.repr().map_or_else(|_| format!("<{} object>", type_name(value)), |r| r.to_string());
    shorten(&text)
}

/// The name of `value`'s type.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map_or_else(|_| "?".to_string(), |name| name.to_string())
}

/// The most characters of a value quoted in an error.
const QUOTE_CHARS: usize = 80;

/// `text` cut to [`QUOTE_CHARS`] characters.
fn shorten(text: &str) -> String {
    if text.chars().count() <= QUOTE_CHARS {
        return text.to_string();
    }
    text.chars().take(QUOTE_CHARS).chain("...".chars()).collect()
}

/// Whether `value` is an int (a `bool` is not, though Python makes it one).
pub fn is_int(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>()
}

/// The int `value` within `low..=high`; `what` names it ("depth", "Engine(threads)").
pub fn int_in(value: &Bound<'_, PyAny>, what: &str, low: i128, high: i128) -> PyResult<i128> {
    if !is_int(value) {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int from {low} to {high}, not {} ({})",
            repr(value),
            type_name(value)
        )));
    }
    match value.extract::<i128>() {
        Ok(number) if (low..=high).contains(&number) => Ok(number),
        _ => Err(PyValueError::new_err(format!(
            "{what} = {} is out of range: the range is {low} to {high}",
            repr(value)
        ))),
    }
}

/// An optional int argument (None stays None).
pub fn optional_int(value: Option<&Bound<'_, PyAny>>, what: &str, low: i128, high: i128) -> PyResult<Option<i128>> {
    value.filter(|value| !value.is_none()).map(|value| int_in(value, what, low, high)).transpose()
}

/// A thread count (None: one thread).
pub fn threads(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<usize> {
    Ok(optional_int(value, what, 1, MAX_THREADS as i128)?.map_or(1, |threads| threads as usize))
}

/// A depth limit from 1 to [`MAX_DEPTH`].
pub fn depth(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<u32>> {
    Ok(optional_int(value, what, 1, i128::from(MAX_DEPTH))?.map(|depth| depth as u32))
}

/// A node limit: at least 1.
pub fn nodes(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<u64>> {
    Ok(optional_int(value, what, 1, i128::from(u64::MAX))?.map(|nodes| nodes as u64))
}

/// A time limit in seconds: an int or a float, finite and not negative
/// (one too long for the clock is no limit).
pub fn seconds(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Duration>> {
    let Some(value) = value.filter(|value| !value.is_none()) else { return Ok(None) };
    if !(is_int(value) || value.is_instance_of::<PyFloat>()) {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a number of seconds (an int or a float), not {} ({})",
            repr(value),
            type_name(value)
        )));
    }
    let seconds: f64 = value.extract()?;
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(PyValueError::new_err(format!(
            "{what} = {} is out of range: a number of seconds, 0 or more and finite",
            repr(value)
        )));
    }
    Ok(Some(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX)))
}

/// Search limits from the keywords `depth`, `time`, `nodes` of `method`
/// (e.g. "Engine.search()"), with `stop` as the flag.
pub fn limits(
    method: &str,
    depth: Option<&Bound<'_, PyAny>>,
    time: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    stop: &Arc<AtomicBool>,
) -> PyResult<SearchLimits> {
    let mut limits = SearchLimits::none().with_stop_flag(Arc::clone(stop));
    if let Some(depth) = self::depth(depth, &format!("{method} depth"))? {
        limits = limits.with_depth(depth);
    }
    if let Some(time) = seconds(time, &format!("{method} time"))? {
        limits = limits.with_time(time);
    }
    if let Some(nodes) = self::nodes(nodes, &format!("{method} nodes"))? {
        limits = limits.with_nodes(nodes);
    }
    Ok(limits)
}

/// Whether the limits bound the search (a depth, a time or nodes).
pub fn bounded(limits: &SearchLimits) -> bool {
    limits.depth.is_some() || limits.time.is_some() || limits.nodes.is_some()
}
