//! Games written in Python (`abprune.Game`), searched by the Rust engine.
//!
//! [`PythonGame`] wraps the Python object and implements abprune's `Game`;
//! its moves are interned as small ids ([`MoveTable`]).
//!
//! An exception in a Python method cannot cross the search, which calls the
//! game through plain trait methods. The wrapper keeps the first one, and
//! from then on the game looks finished everywhere (every position a drawn
//! leaf, no Python called but the `undo`s that take back what was played),
//! and raises the engine's stop flag: the search unwinds at once and the
//! exception is raised when it returns. Ctrl-C arrives the same way, as the
//! KeyboardInterrupt that Python raises inside one of the game's methods.
//!
//! A Python game's search is a loop of calls into Python, each a few hundred
//! nanoseconds of the game's own code, so what the wrapper adds per call
//! counts: the game's methods are looked up once per search ([`Methods`]),
//! `play` and `undo` get an argument tuple made once per distinct move, and a
//! list or tuple of moves is read without an iterator object.
//!
//! Every Python game is one Rust type to the engine, so its table would
//! outlive a change of game unless the wrapper said which game it is: an
//! [`Engine`] numbers the [`Rules`] (the class, and the optional
//! `rules_key()`) of the games it searches, and hands the number to the
//! search as the game's [`Game::rules_key`].

use crate::args::{self, is_int, repr, type_name, MAX_LINE_PLIES, MAX_MOVES_PER_POSITION};
use crate::builtin::{self, ConnectFour, Gomoku, TicTacToe};
use crate::chance::{value_bounds_of, ChanceMethods};
use crate::ending::{confirm_solved_margin, outcome_of, Declared};
use crate::move_table::{scoped_place, MoveTable};
use crate::result::{BestAndLine, Result};
use crate::side::Sides;
use crate::table_key::table_key;
use crate::worker::{self, Busy, GameClaim};
use crate::{algorithm_args, interrupt, memory};
use abprune::{Ending, EngineOptions, EngineResult, Game, NoTrace, Outcome, Player, Probability, Score};
use abprune::{EngineError, StopReason, UNLIMITED_DEPTH};
use abprune::{SearchLimits, SolveMode};
use abprune_games::Point;
use pyo3::exceptions::{PyAttributeError, PyRuntimeError, PySystemError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString, PyTuple, PyType};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// How many move generations pass between two moments the search thread
/// lets go of the GIL, so that the waiting caller can look for a signal
/// (Ctrl-C) even when the game's methods are not Python code (which lets
/// go by itself).
const GIL_YIELD_INTERVAL: u32 = 4096;
/// Moves get small ids below this for the history heuristic; later ones go without.
const HISTORY_MOVES: usize = 4096;
/// The methods every game has (`key` is optional).
const REQUIRED_METHODS: [&str; 5] = ["moves", "play", "undo", "outcome", "evaluate"];

/// The game's methods as bound method objects, looked up once when the
/// search starts: `game.play(move)` in Python looks the attribute up and
/// makes a bound method object at every call, which costs as much as a
/// small method's body. (A game that replaces its methods during a search
/// is not seen to.)
struct Methods {
    moves: Py<PyAny>,
    play: Py<PyAny>,
    undo: Py<PyAny>,
    outcome: Py<PyAny>,
    evaluate: Py<PyAny>,
    /// `key`, when the game has one and it returned a value at the start
    /// (hashed by [`table_key`]; `None` from it later keeps that position
    /// out of the table).
    key: Option<Py<PyAny>>,
    /// `chance_to_move` and `chance_outcomes`, when the game has chance.
    chance: Option<ChanceMethods>,
}

impl Methods {
    /// The methods of `game`, or a `TypeError` naming the one missing.
    fn of(game: &Bound<'_, PyAny>) -> PyResult<Self> {
        let method = |name: &str| -> PyResult<Py<PyAny>> {
            let method = lookup(game, name)?.ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "a game needs a method {name}() (subclass abprune.Game and define {}); {} has none",
                    REQUIRED_METHODS.join(", "),
                    repr(game)
                ))
            })?;
            if !method.bind(game.py()).is_callable() {
                return Err(PyTypeError::new_err(format!(
                    "the game's {name} is {}, not a method",
                    repr(method.bind(game.py()))
                )));
            }
            Ok(method)
        };
        let [moves, play, undo, outcome, evaluate] = REQUIRED_METHODS.map(method);
        let (moves, play, undo, outcome, evaluate) = (moves?, play?, undo?, outcome?, evaluate?);
        let key = match lookup(game, "key")? {
            Some(key) => {
                let first = key.bind(game.py()).call0()?;
                if first.is_none() {
                    None
                } else {
                    table_key(&first).map_err(|error| key_error(&first, &error))?;
                    Some(key)
                }
            }
            None => None,
        };
        let chance = ChanceMethods::of(game, |name| lookup(game, name))?;
        Ok(Methods { moves, play, undo, outcome, evaluate, key, chance })
    }

    fn clone_ref(&self, py: Python<'_>) -> Self {
        Methods {
            moves: self.moves.clone_ref(py),
            play: self.play.clone_ref(py),
            undo: self.undo.clone_ref(py),
            outcome: self.outcome.clone_ref(py),
            evaluate: self.evaluate.clone_ref(py),
            key: self.key.as_ref().map(|key| key.clone_ref(py)),
            chance: self.chance.as_ref().map(|chance| chance.clone_ref(py)),
        }
    }
}

/// The error of a `key()` value that cannot be a key (an unhashable one).
fn key_error(value: &Bound<'_, PyAny>, error: &PyErr) -> PyErr {
    if error.is_instance_of::<PyTypeError>(value.py()) {
        PyTypeError::new_err(format!(
            "key() returned {}: a key is a hashable value (an int, a str, a tuple of them, ...): {error}",
            repr(value)
        ))
    } else {
        error.clone_ref(value.py())
    }
}

/// The attribute `name` of `game`, None when it has none (other errors are raised).
fn lookup(game: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<Py<PyAny>>> {
    match game.getattr(name) {
        Ok(attribute) => Ok(Some(attribute.unbind())),
        Err(error) if error.is_instance_of::<PyAttributeError>(game.py()) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Which rules a Python game is played under, as far as an engine's table
/// must know: its class, and what its optional `rules_key()` returned (None
/// without one). Two games have the same rules when their classes are the
/// same object and the `rules_key()` values are equal (`==`). Holding the
/// class keeps it alive, so no class made later can be taken for it.
pub struct Rules {
    class: Py<PyType>,
    variant: Option<Py<PyAny>>,
}

impl Rules {
    /// The rules of `game`; raises what `rules_key()` raises.
    pub fn of(game: &Bound<'_, PyAny>) -> PyResult<Self> {
        let variant = match lookup(game, "rules_key")? {
            Some(method) => Some(method.bind(game.py()).call0()?).filter(|value| !value.is_none()),
            None => None,
        };
        Ok(Rules { class: game.get_type().unbind(), variant: variant.map(Bound::unbind) })
    }

    /// Whether `self` and `other` are the same rules; raises what `==` raises.
    pub fn same_as(&self, py: Python<'_>, other: &Rules) -> PyResult<bool> {
        if !self.class.is(&other.class) {
            return Ok(false);
        }
        match (&self.variant, &other.variant) {
            (None, None) => Ok(true),
            (Some(mine), Some(theirs)) => mine.bind(py).eq(theirs.bind(py)),
            _ => Ok(false),
        }
    }
}

/// A Python object as an abprune game.
pub struct PythonGame {
    methods: Methods,
    /// What [`Game::rules_key`] says: the number the engine gave the game's [`Rules`] (0 outside an engine).
    pub rules_key: u64,
    /// Interned moves.
    moves: RefCell<MoveTable>,
    side: Player,
    /// The game's `side_to_move()`, when it names the sides (None: they alternate).
    sides: Option<Sides>,
    /// The side to move before each move on the stack.
    sides_before: Vec<Player>,
    /// How the game said it ends (its `ending()`), at the start of the search.
    pub ending: Declared,
    /// What its optional `value_bounds()` said at the start of the search.
    value_bounds: Option<(Score, Score)>,
    /// For each move on the stack, whether Python's `play` went through (and must be undone).
    applied: Vec<bool>,
    /// The first exception a method raised.
    error: RefCell<Option<PyErr>>,
    /// Raised with the error (to stop the engine), or by the caller on a
    /// signal: from then on the game looks finished everywhere.
    stop: Arc<AtomicBool>,
    generations: Cell<u32>,
}

impl PythonGame {
    /// Wraps `game`, checking that it has the methods a game needs, and
    /// reading how it ends and who is to move.
    pub fn new(py: Python<'_>, game: &Bound<'_, PyAny>, stop: Arc<AtomicBool>) -> PyResult<Self> {
        let methods = Methods::of(game)?;
        let value_bounds = match lookup(game, "value_bounds")? {
            Some(method) => value_bounds_of(&method.bind(py).call0()?)?,
            None => None,
        };
        Ok(PythonGame {
            value_bounds,
            methods,
            rules_key: 0,
            moves: RefCell::new(MoveTable::new(py)),
            side: Player::First,
            ending: Declared::of(game)?,
            sides: Sides::of(game)?,
            sides_before: Vec::new(),
            applied: Vec::new(),
            error: RefCell::new(None),
            stop,
            generations: Cell::new(0),
        })
    }

    /// Whether the game has a `key()` (and so can use a table).
    pub fn has_key(&self) -> bool {
        self.methods.key.is_some()
    }

    /// Refuses a game with chance (`chance_to_move()`) for `what`, a
    /// search of the deterministic kind, which would take chance's
    /// outcomes for a player's choice and give a wrong value.
    pub fn refuse_chance(&self, what: &str) -> PyResult<()> {
        if self.methods.chance.is_some() {
            return Err(PyValueError::new_err(format!(
                "the game has chance (it defines chance_to_move() and chance_outcomes()), which {what} cannot \
                 search: games with chance are searched by abprune.chance_search(game, algorithm=...) with \
                 expectiminimax, star1 or star2"
            )));
        }
        Ok(())
    }

    /// Whether chance is to move in the current position (false for a
    /// game without chance, and once a method has failed).
    fn chance_now(&self) -> bool {
        match &self.methods.chance {
            Some(chance) => self.call(|py| chance.to_move(py)).unwrap_or(false),
            None => false,
        }
    }

    /// The moves of the current position as Python objects: the outcomes
    /// of a chance node, else what `moves()` returns.
    fn move_objects<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        if let Some(chance) = &self.methods.chance {
            if chance.to_move(py)? {
                return Ok(chance.outcomes(py)?.0);
            }
        }
        let list = self.methods.moves.bind(py).call0()?;
        items_of(&list)
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some() || self.stop.load(Ordering::Relaxed)
    }

    /// Keeps the first error and stops the search.
    fn fail(&self, error: PyErr) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(error);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Calls into Python unless a call already failed; keeps the error of this one.
    fn call<R>(&self, f: impl FnOnce(Python<'_>) -> PyResult<R>) -> Option<R> {
        if self.failed() {
            return None;
        }
        Python::attach(|py| match f(py) {
            Ok(value) => Some(value),
            Err(error) => {
                self.fail(error);
                None
            }
        })
    }

    /// Interns every move of `list` (what `moves()` returned) into `out`.
    /// Two moves of the list that compare equal are an error naming both:
    /// interned, they would be one move, played twice and the other never
    /// (`[1, True]`: Python's `1 == True`).
    fn intern_all(&self, py: Python<'_>, list: &Bound<'_, PyAny>, out: &mut Vec<u64>) -> PyResult<()> {
        self.intern_items(py, &items_of(list)?, out, "moves()")
    }

    /// Interns `items`, the moves of the current position that `method`
    /// gave, into `out`, refusing two that compare equal.
    fn intern_items(
        &self,
        py: Python<'_>,
        items: &[Bound<'_, PyAny>],
        out: &mut Vec<u64>,
        method: &str,
    ) -> PyResult<()> {
        let ply = self.applied.len();
        let start = out.len();
        let mut table = self.moves.borrow_mut();
        table.begin_list(ply);
        for (index, mv) in items.iter().enumerate() {
            out.push(table.id_of(py, mv, ply, index)?);
        }
        match equal_pair(&out[start..]) {
            Some((first, second)) => Err(equal_moves_error(method, &items[first], first, &items[second], second, ply)),
            None => Ok(()),
        }
    }

    /// The error a method raised, if any (taken: the game can be searched again).
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.borrow_mut().take()
    }

    /// The Python moves of a line from the root (a best move, a principal
    /// variation), after the search. A scoped move (see [`MoveTable`]) may
    /// have outlived the list it came from: the line is then played again
    /// from the root to find each move where it stands (the game's
    /// `moves()` in the same order, as a search already needs), and taken
    /// back. A line that cannot be followed is cut where it stops.
    pub fn line_objects(&mut self, py: Python<'_>, line: &[u64]) -> PyResult<Vec<Py<PyAny>>> {
        let table = self.moves.borrow();
        let last_scoped = line.iter().rposition(|&id| scoped_place(id).is_some());
        let Some(last_scoped) = last_scoped else {
            return Ok(line.iter().map_while(|&id| table.object(py, id)).collect());
        };
        drop(table);
        let mut objects = Vec::with_capacity(line.len());
        let mut played: Vec<Py<PyAny>> = Vec::new();
        let mut result = self.follow(py, line, last_scoped, &mut objects, &mut played);
        // Every move played is taken back, even after an error (the first error is raised).
        for mv in played.iter().rev() {
            if let Err(error) = self.methods.undo.bind(py).call1((mv.clone_ref(py),)) {
                result = result.and(Err(error));
            }
        }
        result.map(|()| objects)
    }

    /// The Python objects of a result's best move and line (the same object
    /// for both when the line starts with the best move).
    pub fn best_and_line(&mut self, py: Python<'_>, best: Option<u64>, line: &[u64]) -> PyResult<BestAndLine> {
        let objects = self.line_objects(py, line)?;
        let best = match best {
            Some(best) if line.first() == Some(&best) && !objects.is_empty() => Some(objects[0].clone_ref(py)),
            Some(best) => self.line_objects(py, &[best])?.pop(),
            None => None,
        };
        Ok((best, objects))
    }

    fn follow(
        &self,
        py: Python<'_>,
        line: &[u64],
        last_scoped: usize,
        objects: &mut Vec<Py<PyAny>>,
        played: &mut Vec<Py<PyAny>>,
    ) -> PyResult<()> {
        for (ply, &id) in line.iter().enumerate() {
            let object = match scoped_place(id) {
                Some((at, index)) if at == ply => match self.move_objects(py)?.into_iter().nth(index) {
                    Some(mv) => mv.unbind(),
                    None => return Ok(()),
                },
                Some(_) => return Ok(()),
                None => match self.moves.borrow().object(py, id) {
                    Some(object) => object,
                    None => return Ok(()),
                },
            };
            objects.push(object.clone_ref(py));
            if ply < last_scoped {
                self.methods.play.bind(py).call1((object.clone_ref(py),))?;
                played.push(object);
            }
        }
        Ok(())
    }
}

/// The moves in what `moves()` returned: a list, a tuple or another
/// iterable (not a string), at most [`MAX_MOVES_PER_POSITION`] of them.
fn items_of<'py>(list: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let items: Vec<Bound<'py, PyAny>> = if let Ok(list) = list.cast::<PyList>() {
        check_length(list.len())?;
        list.iter().collect()
    } else if let Ok(tuple) = list.cast::<PyTuple>() {
        check_length(tuple.len())?;
        tuple.iter().collect()
    } else {
        let text = list.is_instance_of::<PyString>()
            || list.is_instance_of::<PyBytes>()
            || list.is_instance_of::<PyByteArray>();
        let iterator = if text { None } else { list.try_iter().ok() };
        let Some(iterator) = iterator else {
            return Err(PyTypeError::new_err(format!(
                "moves() returned {} ({}): expected an iterable of moves, such as a list or a tuple",
                repr(list),
                type_name(list)
            )));
        };
        let mut items = Vec::new();
        for (index, mv) in iterator.enumerate() {
            check_length(index + 1)?;
            items.push(mv?);
        }
        items
    };
    Ok(items)
}

/// Lists up to this long are checked for equal moves pair by pair; longer
/// ones by sorting a copy of their ids.
const PAIRWISE_CHECK_MOVES: usize = 32;

/// The indices of the first two equal ids of `ids` (moves of one list that
/// compare equal get the same interned id; scoped ids are never equal).
fn equal_pair(ids: &[u64]) -> Option<(usize, usize)> {
    if ids.len() <= PAIRWISE_CHECK_MOVES {
        return (1..ids.len()).find_map(|j| ids[..j].iter().position(|&id| id == ids[j]).map(|i| (i, j)));
    }
    let mut sorted: Vec<(u64, usize)> = ids.iter().enumerate().map(|(index, &id)| (id, index)).collect();
    sorted.sort_unstable();
    sorted.windows(2).find(|pair| pair[0].0 == pair[1].0).map(|pair| (pair[0].1, pair[1].1))
}

/// The `ValueError` for two moves of one list that compare equal.
fn equal_moves_error(
    method: &str,
    first: &Bound<'_, PyAny>,
    first_index: usize,
    second: &Bound<'_, PyAny>,
    second_index: usize,
    ply: usize,
) -> PyErr {
    PyValueError::new_err(format!(
        "{method} returned two moves that compare equal, {} (index {first_index}) and {} (index {second_index}), \
         in the position {ply} plies into the search: equal moves are one move to abprune, so one of them would \
         never be played; give each move a value of its own (in Python 1 == True and 1 == 1.0)",
        repr(first),
        repr(second)
    ))
}

/// Refuses a list of moves longer than [`MAX_MOVES_PER_POSITION`].
fn check_length(length: usize) -> PyResult<()> {
    if length > MAX_MOVES_PER_POSITION {
        return Err(PyValueError::new_err(format!(
            "moves() gave more than {MAX_MOVES_PER_POSITION} moves in one position (an endless iterator?)"
        )));
    }
    Ok(())
}

impl Game for PythonGame {
    type Move = u64;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn generate_moves(&self, moves: &mut Vec<u64>) {
        let generations = self.generations.get().wrapping_add(1);
        self.generations.set(generations);
        self.call(|py| {
            if generations % GIL_YIELD_INTERVAL == 0 {
                py.detach(|| ());
            }
            if let Some(chance) = self.methods.chance.as_ref().filter(|chance| chance.to_move(py).unwrap_or(false)) {
                // At a chance node the moves are its outcomes, as the library's trees have them.
                let (outcomes, _) = chance.outcomes(py)?;
                return self.intern_items(py, &outcomes, moves, "chance_outcomes()");
            }
            let list = self.methods.moves.bind(py).call0()?;
            self.intern_all(py, &list, moves)
        });
    }

    fn play(&mut self, mv: u64) {
        if self.applied.len() >= MAX_LINE_PLIES && !self.failed() {
            self.fail(PyValueError::new_err(format!(
                "the game went on for {MAX_LINE_PLIES} plies without an end: abprune follows lines of at most \
                 {MAX_LINE_PLIES} plies (does outcome() end every game? one that can repeat positions needs a \
                 rule that ends it, or search with a depth)"
            )));
        }
        // Without side_to_move(), an outcome leaves the same side to move and
        // a move passes the turn; with it, either may pass it (Pig's roll of 1).
        let chance = self.chance_now();
        let applied = self.call(|py| self.moves.borrow().call_with(py, self.methods.play.bind(py), mv)).is_some();
        self.applied.push(applied);
        let before = self.side;
        self.sides_before.push(before);
        let mut sides = self.sides.take();
        self.side = match sides.as_mut() {
            Some(sides) if applied => self.call(|py| sides.now(py)).unwrap_or(before.opponent()),
            _ if chance => before,
            _ => before.opponent(),
        };
        self.sides = sides;
    }

    fn undo(&mut self, mv: u64) {
        self.side = self.sides_before.pop().unwrap_or(self.side.opponent());
        if self.applied.pop() == Some(true) {
            // Taken back even after an error, so that the Python object ends where it started.
            Python::attach(|py| {
                if let Err(error) = self.moves.borrow().call_with(py, self.methods.undo.bind(py), mv) {
                    self.fail(error);
                }
            });
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.failed() {
            // Every position a leaf: the search unwinds without calling Python.
            return Some(Outcome::Draw);
        }
        self.call(|py| outcome_of(&self.methods.outcome.bind(py).call0()?, self.ending)).unwrap_or(Some(Outcome::Draw))
    }

    fn evaluate(&self) -> Score {
        self.call(|py| evaluation_of(&self.methods.evaluate.bind(py).call0()?)).unwrap_or(Score::DRAW)
    }

    fn hash_key(&self) -> Option<u64> {
        let key = self.methods.key.as_ref()?;
        self.call(|py| {
            let value = key.bind(py).call0()?;
            table_key(&value).map_err(|error| key_error(&value, &error))
        })
        .flatten()
    }

    fn rules_key(&self) -> u64 {
        self.rules_key
    }

    fn move_id(&self, mv: u64) -> Option<usize> {
        (mv < HISTORY_MOVES as u64).then_some(mv as usize)
    }

    fn ending(&self) -> Ending {
        self.ending.to_engine()
    }

    fn chance_to_move(&self) -> bool {
        self.chance_now()
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(u64, Probability)>) {
        let Some(chance) = &self.methods.chance else { return };
        self.call(|py| {
            let (moves, probabilities) = chance.outcomes(py)?;
            let mut ids = Vec::with_capacity(moves.len());
            self.intern_items(py, &moves, &mut ids, "chance_outcomes()")?;
            outcomes.extend(ids.into_iter().zip(probabilities));
            Ok(())
        });
    }

    fn value_bounds(&self) -> Option<(Score, Score)> {
        self.value_bounds
    }
}

/// What `evaluate()` returned, checked: an int within ±[`Score::MAX_EVAL`].
fn evaluation_of(value: &Bound<'_, PyAny>) -> PyResult<Score> {
    let limit = Score::MAX_EVAL;
    if !is_int(value) {
        return Err(PyTypeError::new_err(format!(
            "evaluate() returned {} ({}): expected an int from {} to {limit}",
            repr(value),
            type_name(value),
            -limit
        )));
    }
    value.extract::<i64>().ok().and_then(Score::try_new).filter(|score| score.get().abs() <= limit).ok_or_else(|| {
        PyValueError::new_err(format!(
            "evaluate() returned {}: out of range: the range is {} to {limit} (abprune.MAX_EVAL)",
            repr(value),
            -limit
        ))
    })
}

/// The engine needs `Clone` for its helper threads; a Python game is only
/// ever searched by one thread (Python runs one at a time under the GIL), so
/// a clone shares the Python object (with a copy of the interned moves).
impl Clone for PythonGame {
    fn clone(&self) -> Self {
        Python::attach(|py| {
            let moves = self.moves.borrow().copy(py).unwrap_or_else(|error| {
                self.fail(error);
                MoveTable::new(py)
            });
            PythonGame {
                value_bounds: self.value_bounds,
                methods: self.methods.clone_ref(py),
                rules_key: self.rules_key,
                moves: RefCell::new(moves),
                side: self.side,
                sides: self.sides.as_ref().map(|sides| sides.clone_ref(py)),
                sides_before: self.sides_before.clone(),
                ending: self.ending,
                applied: self.applied.clone(),
                error: RefCell::new(None),
                stop: Arc::clone(&self.stop),
                generations: Cell::new(0),
            }
        })
    }
}

/// Searches a Python game with one of the plain algorithms of the papers
/// (`abprune.ALGORITHMS`), to `depth` plies (0 evaluates the position) or
/// to the end. Raises what the game's methods raise.
#[pyfunction]
#[pyo3(signature = (game, algorithm = "alphabeta", depth = None))]
pub fn search(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    algorithm: &str,
    depth: Option<&Bound<'_, PyAny>>,
) -> PyResult<Result> {
    let algorithm = algorithm_args::parse(algorithm)?;
    let depth = args::optional_int(depth, "search() depth", 0, i128::from(args::MAX_DEPTH))?.map(|d| d as u32);
    let window = algorithm.default_window();
    let stop = Arc::new(AtomicBool::new(false));
    let claim = GameClaim::new(game, "abprune.search()")?;
    let mut wrapped = PythonGame::new(py, game, Arc::clone(&stop))?;
    wrapped.refuse_chance(&format!("abprune.search(algorithm={:?})", algorithm.name()))?;
    let (result, signal) = worker::run_search(py, &stop, None, &claim, move |py| {
        let result = algorithm.run(&mut wrapped, depth.unwrap_or(UNLIMITED_DEPTH), window, &mut NoTrace);
        if let Some(error) = wrapped.take_error() {
            return Err(error);
        }
        let stats = &result.stats;
        let (best_move, pv) = wrapped.best_and_line(py, result.best_move, &result.pv)?;
        Ok(Result {
            value: result.value,
            best_move,
            pv,
            exact: result.exact,
            weak: false,
            ending: wrapped.ending,
            depth: depth.unwrap_or(0),
            nodes: stats.nodes,
            leaves: stats.leaves,
            alpha_cutoffs: stats.alpha_cutoffs,
            beta_cutoffs: stats.beta_cutoffs,
            seconds: 0.0,
        })
    })?;
    match signal {
        Some(signal) => Err(signal),
        None => result,
    }
}

/// The table of an `Engine()` by default.
const ENGINE_TABLE_MIB: usize = 16;
/// The largest table budget: the engine's limit (1 TiB).
const MAX_TABLE_MIB: usize = 1 << 20;

/// abprune's iterative-deepening engine (transposition table, move
/// ordering, PVS, an exact solver) for games written in Python. Keeps its
/// table between searches. Python runs one thread at a time, so a Python
/// game is searched by one thread whatever `threads` says.
///
/// The table is kept only between searches of the same game: the same class,
/// and equal values of the optional `rules_key()` method (for a class whose
/// rules are an attribute, misère or normal Nim, say). A search of another
/// game starts afresh, so games whose `key()` values collide cannot answer
/// each other's positions.
///
/// It also searches and solves the built-in games (`ConnectFour`,
/// `TicTacToe`, `Gomoku`) natively, with `threads` threads and the GIL
/// released; their results are `SolveResult`s.
///
/// One engine runs one search at a time: a thread that calls it while
/// another thread's search runs waits for that search; a game's method
/// that calls the engine searching it gets a `RuntimeError`.
#[pyclass(module = "abprune", frozen)]
pub struct Engine {
    busy: Busy,
    /// The engine of Python games, taken out while it searches (on a search thread).
    python: Mutex<Option<PythonEngine>>,
    /// For the built-in games, made when first needed: Connect Four and tic-tac-toe (u8 moves, with
    /// the options of `abprune solve connect4` but the whole line, as every result of an `Engine`
    /// has), Gomoku.
    small: Mutex<Option<abprune::Engine<u8>>>,
    gomoku: Mutex<Option<abprune::Engine<Point>>>,
    table_mib: usize,
    threads: usize,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (table_mib = None, threads = None))]
    fn new(table_mib: Option<&Bound<'_, PyAny>>, threads: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let table_mib = args::optional_int(table_mib, "Engine(table_mib)", 0, MAX_TABLE_MIB as i128)?
            .map_or(ENGINE_TABLE_MIB, |mib| mib as usize);
        let threads = args::threads(threads, "Engine(threads)")?;
        memory::check_table(&format!("Engine(table_mib={table_mib})"), table_mib, 0)?;
        let options = EngineOptions::default().with_table_mib(table_mib).with_threads(1);
        abprune::Engine::<u64>::new(options).map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok(Engine {
            busy: Busy::default(),
            python: Mutex::new(None),
            small: Mutex::new(None),
            gomoku: Mutex::new(None),
            table_mib,
            threads,
        })
    }

    /// Iterative deepening until `depth` plies (1 to 10,000), `time` seconds
    /// or `nodes` nodes, or until the value is exact when no limit is given
    /// (a Gomoku search needs a limit: it has no end of its own).
    #[pyo3(signature = (game, depth = None, time = None, nodes = None))]
    fn search(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        depth: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = args::limits("Engine.search()", depth, time, nodes, &stop)?;
        let _held = self.busy.take(py, "Engine.search()")?;
        if let Some(result) = self.search_builtin(py, game, &limits, &stop, None)? {
            return Ok(result);
        }
        self.search_python(py, game, "Engine.search()", stop, move |engine, wrapped| {
            Ok(engine.search(wrapped, &limits, |_| {}))
        })
    }

    /// The exact value of the game (`weak=True`: only win, draw or loss):
    /// "win in N", "loss in N" or a draw, or for a game whose `ending()`
    /// declares margins the margin under best play (`result.margin`),
    /// bisected on as the Rust `Engine::solve` does. The game must end:
    /// `outcome()` must finish every line (lines longer than 10,000 plies
    /// are refused).
    #[pyo3(signature = (game, weak = false))]
    fn solve(&self, py: Python<'_>, game: &Bound<'_, PyAny>, weak: bool) -> PyResult<Py<PyAny>> {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = SearchLimits::none().with_stop_flag(Arc::clone(&stop));
        let mode = if weak { SolveMode::Weak } else { SolveMode::Strong };
        let _held = self.busy.take(py, "Engine.solve()")?;
        if let Some(result) = self.search_builtin(py, game, &limits, &stop, Some(mode))? {
            return Ok(result);
        }
        self.search_python(py, game, "Engine.solve()", stop, move |engine, wrapped| {
            let result = engine.solve(wrapped, mode, &limits).map_err(solve_error)?;
            let declared = wrapped.ending;
            confirm_solved_margin(engine, wrapped, declared, &result, &limits)?;
            Ok(result)
        })
    }

    /// Forgets what the tables learnt.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        let _held = self.busy.take(py, "Engine.clear()")?;
        if let Some(engine) = lock(&self.python).as_mut() {
            engine.engine.clear();
        }
        if let Some(engine) = lock(&self.small).as_mut() {
            engine.clear();
        }
        if let Some(engine) = lock(&self.gomoku).as_mut() {
            engine.clear();
        }
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!("Engine(table_mib={}, threads={})", self.table_mib, self.threads)
    }
}

/// The exception of a solve the engine refused. The engine's own words for
/// a position valued by static evaluation speak of games of wins, losses and
/// draws; a Python game learns which of its methods took part, whatever its ending.
fn solve_error(error: EngineError) -> PyErr {
    match error {
        EngineError::StaticEvaluation => PyValueError::new_err(
            "Engine.solve(): the search met positions valued by evaluate() (not over, as outcome() said, and \
             without moves): a solve needs every line to end with outcome()",
        ),
        error => PyValueError::new_err(error.to_string()),
    }
}

/// The value in a mutex that [`Busy`] already guards (so never waited for), poisoned or not.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Engine {
    fn options(&self) -> EngineOptions {
        EngineOptions::default().with_table_mib(self.table_mib).with_threads(self.threads)
    }

    /// Runs `work` (a search or a solve) on a Python game, on a search thread.
    fn search_python(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        what: &str,
        stop: Arc<AtomicBool>,
        work: impl FnOnce(&mut abprune::Engine<u64>, &mut PythonGame) -> PyResult<EngineResult<u64>> + Send + 'static,
    ) -> PyResult<Py<PyAny>> {
        let claim = GameClaim::new(game, what)?;
        let mut wrapped = PythonGame::new(py, game, Arc::clone(&stop))?;
        wrapped.refuse_chance(what)?;
        let mut engine = match lock(&self.python).take() {
            Some(engine) => engine,
            None => PythonEngine::new(self.table_mib)?,
        };
        let prepared = engine.prepare(py, game, &wrapped, self.table_mib);
        let prepared = prepared.map(|rules_key| wrapped.rules_key = rules_key);
        if let Err(error) = prepared {
            *lock(&self.python) = Some(engine);
            return Err(error);
        }
        let (answer, signal) = worker::run_search(py, &stop, Some(self.busy.id()), &claim, move |py| {
            let outcome = work(&mut engine.engine, &mut wrapped);
            // A method's exception first: it is why the search went wrong, if it did.
            let answer = match wrapped.take_error() {
                Some(error) => Err(error),
                None => outcome.and_then(|result| finish(py, &mut wrapped, &result)),
            };
            (engine, answer)
        })?;
        let (engine, answer) = answer;
        *lock(&self.python) = Some(engine);
        if let Some(signal) = signal {
            return Err(signal);
        }
        into_any(py, answer?)
    }

    /// Searches (`mode` None) or solves a built-in game natively; `None` for a Python game.
    fn search_builtin(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        limits: &SearchLimits,
        stop: &Arc<AtomicBool>,
        mode: Option<SolveMode>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let what = |name: &str| format!("Engine(table_mib={}) for {name}", self.table_mib);
        if let Ok(board) = game.extract::<PyRef<'_, ConnectFour>>() {
            let position = board.position();
            let mut slot = lock(&self.small);
            let options = builtin::connect4_options(self.table_mib, self.threads, true);
            let engine = engine_in(&mut slot, options, &what("ConnectFour"))?;
            let mut game = position;
            let result = run_builtin(py, engine, &mut game, limits, stop, mode)?;
            return Ok(Some(into_any(py, builtin::report_connect4(&result, &position))?));
        }
        if let Ok(board) = game.extract::<PyRef<'_, TicTacToe>>() {
            let mut game = board.position();
            let mut slot = lock(&self.small);
            let options = builtin::connect4_options(self.table_mib, self.threads, true);
            let engine = engine_in(&mut slot, options, &what("TicTacToe"))?;
            let result = run_builtin(py, engine, &mut game, limits, stop, mode)?;
            return Ok(Some(into_any(py, builtin::report_tictactoe(&result))?));
        }
        if let Ok(board) = game.extract::<PyRef<'_, Gomoku>>() {
            if mode.is_none() && !args::bounded(limits) {
                return Err(PyValueError::new_err(builtin::GOMOKU_NEEDS_A_LIMIT));
            }
            let mut game = board.position();
            let mut slot = lock(&self.gomoku);
            let engine = engine_in(&mut slot, self.options(), &what("Gomoku"))?;
            let result = run_builtin(py, engine, &mut game, limits, stop, mode)?;
            return Ok(Some(into_any(py, builtin::report_gomoku(&result))?));
        }
        Ok(None)
    }
}

/// The engine of Python games, with the rules of the last one it searched.
struct PythonEngine {
    engine: abprune::Engine<u64>,
    /// The rules of the last Python game searched.
    rules: Option<Rules>,
    /// How many times the rules changed: the [`Game::rules_key`] of the
    /// games searched under the current ones. A new number makes the engine
    /// start afresh; the same number keeps its table.
    rules_number: u64,
    /// Whether the table is made (by the first search of a game with a key).
    table_made: bool,
}

impl PythonEngine {
    fn new(table_mib: usize) -> PyResult<Self> {
        let options = EngineOptions::default().with_table_mib(table_mib).with_threads(1);
        let engine = abprune::Engine::new(options).map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok(PythonEngine { engine, rules: None, rules_number: 0, table_made: false })
    }

    /// Before a search of `game`: the table made if the game has a key
    /// (refused with an exception when its memory cannot be had, rather
    /// than searched without), and the rules key for the search.
    fn prepare(
        &mut self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        wrapped: &PythonGame,
        table_mib: usize,
    ) -> PyResult<u64> {
        if wrapped.has_key() && !self.table_made && table_mib > 0 {
            let what = format!("Engine(table_mib={table_mib})");
            memory::check_table(&what, table_mib, 0)?;
            self.engine.allocate_tables().map_err(|error| memory::refused(&what, &error))?;
            self.table_made = true;
        }
        self.rules_key_of(py, game)
    }

    /// The rules key for a search of `game`: the last one when its rules are
    /// the last game's, else a new one. Raises what `rules_key()` or
    /// comparing its values raises.
    fn rules_key_of(&mut self, py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<u64> {
        let rules = Rules::of(game)?;
        let same = match &self.rules {
            Some(last) => last.same_as(py, &rules)?,
            None => false,
        };
        if !same {
            self.rules_number = self.rules_number.wrapping_add(1);
            self.rules = Some(rules);
        }
        Ok(self.rules_number)
    }
}

/// The engine in `slot`, made with `options` (and its tables) the first time.
fn engine_in<'a, M: Copy + PartialEq + std::fmt::Debug>(
    slot: &'a mut Option<abprune::Engine<M>>,
    options: EngineOptions,
    what: &str,
) -> PyResult<&'a mut abprune::Engine<M>> {
    if slot.is_none() {
        memory::check_table(what, options.table.mib, options.table.near_kib)?;
        let mut engine = abprune::Engine::new(options).map_err(|error| PyValueError::new_err(error.to_string()))?;
        engine.allocate_tables().map_err(|error| memory::refused(what, &error))?;
        *slot = Some(engine);
    }
    slot.as_mut().ok_or_else(|| PySystemError::new_err("no engine (a bug in abprune)"))
}

/// A native search or solve with the GIL released, stopped by Ctrl-C.
fn run_builtin<G>(
    py: Python<'_>,
    engine: &mut abprune::Engine<G::Move>,
    game: &mut G,
    limits: &SearchLimits,
    stop: &Arc<AtomicBool>,
    mode: Option<SolveMode>,
) -> PyResult<EngineResult<G::Move>>
where
    G: Game + Clone + Send,
    G::Move: Send,
    abprune::Engine<G::Move>: Send,
{
    let result = interrupt::run(py, stop, || match mode {
        Some(mode) => engine.solve(game, mode, limits),
        None => Ok(engine.search(game, limits, |_| {})),
    })?;
    let result = result.map_err(|error| PyValueError::new_err(error.to_string()))?;
    if result.stop_reason == StopReason::Stopped {
        return Err(PyRuntimeError::new_err("the search was stopped"));
    }
    Ok(result)
}

fn into_any<T: pyo3::PyClass + Into<pyo3::PyClassInitializer<T>>>(py: Python<'_>, value: T) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, value)?.into_any())
}

/// The result of an engine's search of a Python game, or the exception a method raised.
fn finish(py: Python<'_>, wrapped: &mut PythonGame, result: &EngineResult<u64>) -> PyResult<Result> {
    if let Some(error) = wrapped.take_error() {
        return Err(error);
    }
    if result.stop_reason == StopReason::Stopped {
        return Err(PyRuntimeError::new_err("the search was stopped"));
    }
    let best_and_line = wrapped.best_and_line(py, result.best_move, &result.pv)?;
    Ok(Result::of_engine(result, wrapped.ending, best_and_line))
}
