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

use crate::algorithm::{self, Algorithm};
use crate::builtin::{self, limits_of, ConnectFour, Gomoku, TicTacToe};
use crate::interrupt;
use crate::move_table::MoveTable;
use crate::score_to_py;
use crate::table_key::table_key;
use abprune::{EngineOptions, EngineResult, Game, NoTrace, Outcome, Player, Score, SearchLimits, SolveMode};
use abprune::{StopReason, UNLIMITED_DEPTH};
use abprune_games::Point;
use pyo3::exceptions::{PyAttributeError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// How many move generations pass between two looks for a signal (Ctrl-C)
/// beyond those Python makes itself while it runs the game's methods.
const SIGNAL_CHECK_INTERVAL: u32 = 4096;
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
}

impl Methods {
    /// The methods of `game`, or a `TypeError` naming the one missing.
    fn of(game: &Bound<'_, PyAny>) -> PyResult<Self> {
        let method = |name: &str| -> PyResult<Py<PyAny>> {
            lookup(game, name)?.ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "a game needs a method {name}() (subclass abprune.Game and define {})",
                    REQUIRED_METHODS.join(", ")
                ))
            })
        };
        let [moves, play, undo, outcome, evaluate] = REQUIRED_METHODS.map(method);
        let (moves, play, undo, outcome, evaluate) = (moves?, play?, undo?, outcome?, evaluate?);
        let key = match lookup(game, "key")? {
            Some(key) if !key.bind(game.py()).call0()?.is_none() => Some(key),
            _ => None,
        };
        Ok(Methods { moves, play, undo, outcome, evaluate, key })
    }

    fn clone_ref(&self, py: Python<'_>) -> Self {
        Methods {
            moves: self.moves.clone_ref(py),
            play: self.play.clone_ref(py),
            undo: self.undo.clone_ref(py),
            outcome: self.outcome.clone_ref(py),
            evaluate: self.evaluate.clone_ref(py),
            key: self.key.as_ref().map(|key| key.clone_ref(py)),
        }
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
struct Rules {
    class: Py<PyType>,
    variant: Option<Py<PyAny>>,
}

impl Rules {
    /// The rules of `game`; raises what `rules_key()` raises.
    fn of(game: &Bound<'_, PyAny>) -> PyResult<Self> {
        let variant = match lookup(game, "rules_key")? {
            Some(method) => Some(method.bind(game.py()).call0()?).filter(|value| !value.is_none()),
            None => None,
        };
        Ok(Rules { class: game.get_type().unbind(), variant: variant.map(Bound::unbind) })
    }

    /// Whether `self` and `other` are the same rules; raises what `==` raises.
    fn same_as(&self, py: Python<'_>, other: &Rules) -> PyResult<bool> {
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
    rules_key: u64,
    /// Interned moves.
    moves: RefCell<MoveTable>,
    side: Player,
    /// For each move on the stack, whether Python's `play` went through (and must be undone).
    applied: Vec<bool>,
    /// The first exception a method raised.
    error: RefCell<Option<PyErr>>,
    /// Raised with the error, to stop the engine.
    stop: Option<Arc<AtomicBool>>,
    generations: Cell<u32>,
}

impl PythonGame {
    /// Wraps `game`, checking that it has the methods a game needs.
    pub fn new(py: Python<'_>, game: &Bound<'_, PyAny>, stop: Option<Arc<AtomicBool>>) -> PyResult<Self> {
        Ok(PythonGame {
            methods: Methods::of(game)?,
            rules_key: 0,
            moves: RefCell::new(MoveTable::new(py)),
            side: Player::First,
            applied: Vec::new(),
            error: RefCell::new(None),
            stop,
            generations: Cell::new(0),
        })
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    /// Keeps the first error and stops the search.
    fn fail(&self, error: PyErr) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(error);
        }
        if let Some(stop) = &self.stop {
            stop.store(true, Ordering::Relaxed);
        }
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

    /// Calls `play` or `undo` with the move `mv`.
    fn call_with_move(&self, py: Python<'_>, method: &Py<PyAny>, mv: u32) -> PyResult<()> {
        let moves = self.moves.borrow();
        let args = moves.args(py, mv).ok_or_else(|| PyRuntimeError::new_err(format!("no move with id {mv}")))?;
        method.bind(py).call1(args)?;
        Ok(())
    }

    /// Interns every move of `list` (what `moves()` returned) into `out`.
    fn intern_all(&self, py: Python<'_>, list: &Bound<'_, PyAny>, out: &mut Vec<u32>) -> PyResult<()> {
        let mut table = self.moves.borrow_mut();
        if let Ok(list) = list.cast::<PyList>() {
            for mv in list.iter() {
                out.push(table.id_of(py, &mv)?);
            }
        } else if let Ok(tuple) = list.cast::<PyTuple>() {
            for mv in tuple.iter() {
                out.push(table.id_of(py, &mv)?);
            }
        } else {
            for mv in list.try_iter()? {
                out.push(table.id_of(py, &mv?)?);
            }
        }
        Ok(())
    }

    /// The error a method raised, if any (taken: the game can be searched again).
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.borrow_mut().take()
    }

    /// The Python move of an id.
    pub fn move_object(&self, py: Python<'_>, id: u32) -> Py<PyAny> {
        self.moves.borrow().object(py, id)
    }
}

impl Game for PythonGame {
    type Move = u32;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        let generations = self.generations.get().wrapping_add(1);
        self.generations.set(generations);
        self.call(|py| {
            if generations % SIGNAL_CHECK_INTERVAL == 0 {
                py.check_signals()?;
            }
            let list = self.methods.moves.bind(py).call0()?;
            self.intern_all(py, &list, moves)
        });
    }

    fn play(&mut self, mv: u32) {
        let applied = self.call(|py| self.call_with_move(py, &self.methods.play, mv)).is_some();
        self.applied.push(applied);
        self.side = self.side.opponent();
    }

    fn undo(&mut self, mv: u32) {
        self.side = self.side.opponent();
        if self.applied.pop() == Some(true) {
            // Taken back even after an error, so that the Python object ends where it started.
            Python::attach(|py| {
                if let Err(error) = self.call_with_move(py, &self.methods.undo, mv) {
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
        self.call(|py| {
            let outcome = self.methods.outcome.bind(py).call0()?;
            if outcome.is_none() {
                return Ok(None);
            }
            match outcome.extract::<i32>() {
                Ok(crate::WIN) => Ok(Some(Outcome::Win)),
                Ok(crate::LOSS) => Ok(Some(Outcome::Loss)),
                Ok(crate::DRAW) => Ok(Some(Outcome::Draw)),
                _ => Err(PyValueError::new_err(format!(
                    "outcome() returned {outcome}: expected None, abprune.WIN, abprune.LOSS or abprune.DRAW"
                ))),
            }
        })
        .unwrap_or(Some(Outcome::Draw))
    }

    fn evaluate(&self) -> Score {
        self.call(|py| {
            let value = self.methods.evaluate.bind(py).call0()?;
            let number: i64 = value
                .extract()
                .map_err(|_| PyTypeError::new_err(format!("evaluate() returned {value}: expected an int")))?;
            Score::try_new(number).filter(|s| s.get().abs() <= Score::MAX_EVAL).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "evaluate() returned {number}: out of range (within ±{})",
                    Score::MAX_EVAL
                ))
            })
        })
        .unwrap_or(Score::DRAW)
    }

    fn hash_key(&self) -> Option<u64> {
        let key = self.methods.key.as_ref()?;
        self.call(|py| table_key(&key.bind(py).call0()?)).flatten()
    }

    fn rules_key(&self) -> u64 {
        self.rules_key
    }

    fn move_id(&self, mv: u32) -> Option<usize> {
        ((mv as usize) < HISTORY_MOVES).then_some(mv as usize)
    }
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
                methods: self.methods.clone_ref(py),
                rules_key: self.rules_key,
                moves: RefCell::new(moves),
                side: self.side,
                applied: self.applied.clone(),
                error: RefCell::new(None),
                stop: self.stop.clone(),
                generations: Cell::new(0),
            }
        })
    }
}

/// What a search of a Python game found: `value` for the side to move at the
/// root (an int: `abs(value) >= SCORE_WIN - 100000` is a proven win or loss,
/// see `plies_to_end`), `best_move` and `pv` as the game's own move objects.
#[pyclass(module = "abprune", frozen, name = "Result")]
pub struct Result {
    value: Score,
    best_move: Option<Py<PyAny>>,
    pv: Vec<Py<PyAny>>,
    exact: bool,
    depth: u32,
    nodes: u64,
    leaves: u64,
    alpha_cutoffs: u64,
    beta_cutoffs: u64,
    seconds: f64,
}

#[pymethods]
impl Result {
    /// The value for the side to move at the root.
    #[getter]
    fn value(&self, py: Python<'_>) -> Py<PyAny> {
        score_to_py(py, self.value)
    }
    /// The best move (a move object of the game), None when there is none.
    #[getter]
    fn best_move(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.best_move.as_ref().map(|mv| mv.clone_ref(py))
    }
    /// The principal variation.
    #[getter]
    fn pv(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.pv.iter().map(|mv| mv.clone_ref(py)).collect()
    }
    /// True when the value is proven (or the whole tree was searched).
    #[getter]
    fn exact(&self) -> bool {
        self.exact
    }
    /// True when the side to move wins under best play (as far as searched).
    #[getter]
    fn is_win(&self) -> bool {
        self.value.is_win()
    }
    /// True when the side to move loses.
    #[getter]
    fn is_loss(&self) -> bool {
        self.value.is_loss()
    }
    /// Plies to the end of the game under best play, for a win or a loss.
    #[getter]
    fn plies_to_end(&self) -> Option<u32> {
        self.value.plies_to_end()
    }
    /// Depth of the last completed iteration (the plain searches: the depth asked, or 0 for unlimited).
    #[getter]
    fn depth(&self) -> u32 {
        self.depth
    }
    /// Nodes searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }
    /// Leaves evaluated.
    #[getter]
    fn leaves(&self) -> u64 {
        self.leaves
    }
    /// Cut-offs at MIN nodes (the first player's opponent to move).
    #[getter]
    fn alpha_cutoffs(&self) -> u64 {
        self.alpha_cutoffs
    }
    /// Cut-offs at MAX nodes.
    #[getter]
    fn beta_cutoffs(&self) -> u64 {
        self.beta_cutoffs
    }
    /// Seconds the engine took (0 for the plain searches).
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let best = self
            .best_move
            .as_ref()
            .map_or("None".to_string(), |mv| mv.bind(py).repr().map_or_else(|_| "?".into(), |r| r.to_string()));
        let exact = if self.exact { "True" } else { "False" };
        format!("Result(value={}, best_move={best}, exact={exact}, nodes={})", self.value.get(), self.nodes)
    }
}

/// Searches a Python game with one of the plain algorithms of the papers
/// (`abprune.ALGORITHMS`), to `depth` plies or to the end. Raises what the
/// game's methods raise.
#[pyfunction]
#[pyo3(signature = (game, algorithm = "alphabeta", depth = None))]
pub fn search(py: Python<'_>, game: &Bound<'_, PyAny>, algorithm: &str, depth: Option<u32>) -> PyResult<Result> {
    let algorithm = Algorithm::parse(algorithm)?;
    let window = algorithm::window_of(algorithm, None)?;
    let mut wrapped = PythonGame::new(py, game, None)?;
    let result = algorithm::run(&mut wrapped, algorithm, depth.unwrap_or(UNLIMITED_DEPTH), window, &mut NoTrace);
    if let Some(error) = wrapped.take_error() {
        return Err(error);
    }
    let stats = &result.stats;
    Ok(Result {
        value: result.value,
        best_move: result.best_move.map(|mv| wrapped.move_object(py, mv)),
        pv: result.pv.iter().map(|&mv| wrapped.move_object(py, mv)).collect(),
        exact: depth.is_none() && algorithm != Algorithm::F1,
        depth: depth.unwrap_or(0),
        nodes: stats.nodes,
        leaves: stats.leaves,
        alpha_cutoffs: stats.alpha_cutoffs,
        beta_cutoffs: stats.beta_cutoffs,
        seconds: 0.0,
    })
}

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
#[pyclass(module = "abprune")]
pub struct Engine {
    engine: Mutex<PythonEngine>,
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
    #[pyo3(signature = (table_mib = 16, threads = 1))]
    fn new(table_mib: usize, threads: usize) -> PyResult<Self> {
        let options = EngineOptions { table_mib, threads: 1, ..EngineOptions::default() };
        let engine = abprune::Engine::new(options).map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok(Engine {
            engine: Mutex::new(PythonEngine { engine, rules: None, rules_number: 0 }),
            small: Mutex::new(None),
            gomoku: Mutex::new(None),
            table_mib,
            threads: threads.max(1),
        })
    }

    /// Iterative deepening until `depth` plies, `time` seconds or `nodes`
    /// nodes, or until the value is exact when no limit is given.
    #[pyo3(signature = (game, depth = None, time = None, nodes = None))]
    fn search(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        depth: Option<u32>,
        time: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = limits_of(time, depth, nodes, &stop)?;
        if let Some(result) = self.search_builtin(py, game, &limits, &stop, None)? {
            return Ok(result);
        }
        let mut wrapped = PythonGame::new(py, game, Some(stop))?;
        let mut engine = self.engine.lock().map_err(|_| PyRuntimeError::new_err("the engine is in use"))?;
        wrapped.rules_key = engine.rules_key_of(py, game)?;
        let result = engine.engine.search(&mut wrapped, &limits, |_| {});
        into_any(py, finish(py, &wrapped, &result)?)
    }

    /// The exact value of the game (`weak=True`: only win, draw or loss).
    /// The game must end: `outcome()` must finish every line.
    #[pyo3(signature = (game, weak = false))]
    fn solve(&self, py: Python<'_>, game: &Bound<'_, PyAny>, weak: bool) -> PyResult<Py<PyAny>> {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = SearchLimits::none().with_stop_flag(Arc::clone(&stop));
        let mode = if weak { SolveMode::Weak } else { SolveMode::Strong };
        if let Some(result) = self.search_builtin(py, game, &limits, &stop, Some(mode))? {
            return Ok(result);
        }
        let mut wrapped = PythonGame::new(py, game, Some(stop))?;
        let mut engine = self.engine.lock().map_err(|_| PyRuntimeError::new_err("the engine is in use"))?;
        wrapped.rules_key = engine.rules_key_of(py, game)?;
        let solved = engine.engine.solve(&mut wrapped, mode, &limits);
        if let Some(error) = wrapped.take_error() {
            return Err(error);
        }
        let result = solved.map_err(|error| PyValueError::new_err(error.to_string()))?;
        into_any(py, finish(py, &wrapped, &result)?)
    }

    /// Forgets what the table learnt.
    fn clear(&self) -> PyResult<()> {
        self.engine.lock().map_err(|_| PyRuntimeError::new_err("the engine is in use"))?.engine.clear();
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!("Engine(table_mib={}, threads={})", self.table_mib, self.threads)
    }
}

impl Engine {
    fn options(&self) -> EngineOptions {
        EngineOptions { table_mib: self.table_mib, threads: self.threads, ..EngineOptions::default() }
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
        let in_use = || PyRuntimeError::new_err("the engine is in use");
        if let Ok(board) = game.extract::<PyRef<'_, ConnectFour>>() {
            let position = board.position();
            let mut slot = self.small.lock().map_err(|_| in_use())?;
            let engine = engine_in(&mut slot, builtin::connect4_options(self.table_mib, self.threads, true))?;
            let mut game = position;
            let result = run_builtin(py, engine, &mut game, limits, stop, mode)?;
            return Ok(Some(into_any(py, builtin::report_connect4(&result, &position))?));
        }
        if let Ok(board) = game.extract::<PyRef<'_, TicTacToe>>() {
            let mut game = board.position();
            let mut slot = self.small.lock().map_err(|_| in_use())?;
            let engine = engine_in(&mut slot, builtin::connect4_options(self.table_mib, self.threads, true))?;
            let result = run_builtin(py, engine, &mut game, limits, stop, mode)?;
            return Ok(Some(into_any(py, builtin::report_tictactoe(&result))?));
        }
        if let Ok(board) = game.extract::<PyRef<'_, Gomoku>>() {
            let mut game = board.position();
            let mut slot = self.gomoku.lock().map_err(|_| in_use())?;
            let engine = engine_in(&mut slot, self.options())?;
            let result = run_builtin(py, engine, &mut game, limits, stop, mode)?;
            return Ok(Some(into_any(py, builtin::report_gomoku(&result))?));
        }
        Ok(None)
    }
}

/// The engine of Python games, with the rules of the last one it searched.
struct PythonEngine {
    engine: abprune::Engine<u32>,
    /// The rules of the last Python game searched.
    rules: Option<Rules>,
    /// How many times the rules changed: the [`Game::rules_key`] of the
    /// games searched under the current ones. A new number makes the engine
    /// start afresh; the same number keeps its table.
    rules_number: u64,
}

impl PythonEngine {
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

/// The engine in `slot`, made with `options` the first time.
fn engine_in<M: Copy + PartialEq + std::fmt::Debug>(
    slot: &mut Option<abprune::Engine<M>>,
    options: EngineOptions,
) -> PyResult<&mut abprune::Engine<M>> {
    if slot.is_none() {
        *slot = Some(abprune::Engine::new(options).map_err(|error| PyValueError::new_err(error.to_string()))?);
    }
    slot.as_mut().ok_or_else(|| PyRuntimeError::new_err("no engine"))
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

fn finish(py: Python<'_>, wrapped: &PythonGame, result: &EngineResult<u32>) -> PyResult<Result> {
    if let Some(error) = wrapped.take_error() {
        return Err(error);
    }
    if result.stop_reason == StopReason::Stopped {
        return Err(PyRuntimeError::new_err("the search was stopped"));
    }
    let stats = &result.stats;
    Ok(Result {
        value: result.value,
        best_move: result.best_move.map(|mv| wrapped.move_object(py, mv)),
        pv: result.pv.iter().map(|&mv| wrapped.move_object(py, mv)).collect(),
        exact: result.exact,
        depth: result.depth,
        nodes: stats.nodes,
        leaves: stats.leaves,
        alpha_cutoffs: stats.alpha_cutoffs,
        beta_cutoffs: stats.beta_cutoffs,
        seconds: result.elapsed.as_secs_f64(),
    })
}
