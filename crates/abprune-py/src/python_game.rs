//! Games written in Python (`abprune.Game`), searched by the Rust engine.
//!
//! [`PythonGame`] wraps the Python object and implements abprune's `Game`.
//! The search needs `Copy` moves, so each Python move is interned: the first
//! time a move (any hashable value) is seen it gets the next small integer,
//! which the search carries; the same move seen again in another position
//! gets the same integer, so the table's and the killers' moves mean
//! something across positions.
//!
//! An exception in a Python method cannot cross the search, which calls the
//! game through plain trait methods. The wrapper keeps the first one, and
//! from then on the game looks finished everywhere (every position a drawn
//! leaf, no Python called but the `undo`s that take back what was played),
//! and raises the engine's stop flag: the search unwinds at once and the
//! exception is raised when it returns. Ctrl-C arrives the same way, as the
//! KeyboardInterrupt that Python raises inside one of the game's methods.
//!
//! Method names are interned Python strings (`intern!`), made once: a
//! Python game's search is a loop of these calls, and building the name
//! anew for each would be a string allocation per call.

use crate::algorithm::{self, Algorithm};
use crate::builtin::{self, limits_of, ConnectFour, Gomoku, TicTacToe};
use crate::interrupt;
use crate::score_to_py;
use abprune::{EngineOptions, EngineResult, Game, NoTrace, Outcome, Player, Score, SearchLimits, SolveMode};
use abprune::{StopReason, UNLIMITED_DEPTH};
use abprune_games::Point;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// How many move generations pass between two looks for a signal (Ctrl-C)
/// beyond those Python makes itself while it runs the game's methods.
const SIGNAL_CHECK_INTERVAL: u32 = 4096;
/// Moves get small ids below this for the history heuristic; later ones go without.
const HISTORY_MOVES: usize = 4096;

/// A Python object as an abprune game.
pub struct PythonGame {
    game: Py<PyAny>,
    /// Interned moves: id -> Python move.
    moves: RefCell<Vec<Py<PyAny>>>,
    /// Python move -> id.
    ids: Py<PyDict>,
    /// Whether the position has a key (the game's `key()` returned a value at the start).
    has_key: bool,
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
        for method in ["moves", "play", "undo", "outcome", "evaluate"] {
            if !game.hasattr(method)? {
                return Err(PyTypeError::new_err(format!(
                    "a game needs a method {method}() (subclass abprune.Game and define moves, play, undo, outcome, evaluate)"
                )));
            }
        }
        let has_key = game.hasattr("key")? && !game.call_method0("key")?.is_none();
        Ok(PythonGame {
            game: game.clone().unbind(),
            moves: RefCell::new(Vec::new()),
            ids: PyDict::new(py).unbind(),
            has_key,
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
    fn call<R>(&self, f: impl FnOnce(Python<'_>, &Bound<'_, PyAny>) -> PyResult<R>) -> Option<R> {
        if self.failed() {
            return None;
        }
        Python::attach(|py| match f(py, self.game.bind(py)) {
            Ok(value) => Some(value),
            Err(error) => {
                self.fail(error);
                None
            }
        })
    }

    /// The error a method raised, if any (taken: the game can be searched again).
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.borrow_mut().take()
    }

    /// The Python move of an id.
    pub fn move_object(&self, py: Python<'_>, id: u32) -> Py<PyAny> {
        self.moves.borrow().get(id as usize).map_or_else(|| py.None(), |mv| mv.clone_ref(py))
    }

    fn intern(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<u32> {
        let ids = self.ids.bind(py);
        if let Some(id) = ids.get_item(mv)? {
            return id.extract();
        }
        let mut moves = self.moves.borrow_mut();
        let id = u32::try_from(moves.len()).map_err(|_| PyValueError::new_err("too many distinct moves"))?;
        ids.set_item(mv, id)?;
        moves.push(mv.clone().unbind());
        Ok(id)
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
        self.call(|py, game| {
            if generations % SIGNAL_CHECK_INTERVAL == 0 {
                py.check_signals()?;
            }
            for mv in game.call_method0(intern!(py, "moves"))?.try_iter()? {
                moves.push(self.intern(py, &mv?)?);
            }
            Ok(())
        });
    }

    fn play(&mut self, mv: u32) {
        let applied = self
            .call(|py, game| {
                game.call_method1(intern!(py, "play"), (self.move_object(py, mv),))?;
                Ok(())
            })
            .is_some();
        self.applied.push(applied);
        self.side = self.side.opponent();
    }

    fn undo(&mut self, mv: u32) {
        self.side = self.side.opponent();
        if self.applied.pop() == Some(true) {
            // Taken back even after an error, so that the Python object ends where it started.
            Python::attach(|py| {
                if let Err(error) = self.game.bind(py).call_method1(intern!(py, "undo"), (self.move_object(py, mv),)) {
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
        self.call(|py, game| {
            let outcome = game.call_method0(intern!(py, "outcome"))?;
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
        self.call(|py, game| {
            let value = game.call_method0(intern!(py, "evaluate"))?;
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
        if !self.has_key {
            return None;
        }
        self.call(|py, game| Ok(game.call_method0(intern!(py, "key"))?.hash()? as u64))
    }

    fn move_id(&self, mv: u32) -> Option<usize> {
        ((mv as usize) < HISTORY_MOVES).then_some(mv as usize)
    }
}

/// The engine needs `Clone` for its helper threads; a Python game is only
/// ever searched by one thread (Python runs one at a time under the GIL), so
/// a clone shares the Python object.
impl Clone for PythonGame {
    fn clone(&self) -> Self {
        Python::attach(|py| PythonGame {
            game: self.game.clone_ref(py),
            moves: RefCell::new(self.moves.borrow().iter().map(|mv| mv.clone_ref(py)).collect()),
            ids: self.ids.clone_ref(py),
            has_key: self.has_key,
            side: self.side,
            applied: self.applied.clone(),
            error: RefCell::new(None),
            stop: self.stop.clone(),
            generations: Cell::new(0),
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
/// It also searches and solves the built-in games (`ConnectFour`,
/// `TicTacToe`, `Gomoku`) natively, with `threads` threads and the GIL
/// released; their results are `SolveResult`s.
#[pyclass(module = "abprune")]
pub struct Engine {
    engine: Mutex<abprune::Engine<u32>>,
    /// For the built-in games, made when first needed: Connect Four and tic-tac-toe (u8 moves, with
    /// the options of `abprune solve connect4`), Gomoku.
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
            engine: Mutex::new(engine),
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
        let result = engine.search(&mut wrapped, &limits, |_| {});
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
        let solved = engine.solve(&mut wrapped, mode, &limits);
        if let Some(error) = wrapped.take_error() {
            return Err(error);
        }
        let result = solved.map_err(|error| PyValueError::new_err(error.to_string()))?;
        into_any(py, finish(py, &wrapped, &result)?)
    }

    /// Forgets what the table learnt.
    fn clear(&self) -> PyResult<()> {
        self.engine.lock().map_err(|_| PyRuntimeError::new_err("the engine is in use"))?.clear();
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
            let engine = engine_in(&mut slot, builtin::connect4_options(self.table_mib, self.threads))?;
            let mut game = position;
            let result = run_builtin(py, engine, &mut game, limits, stop, mode)?;
            return Ok(Some(into_any(py, builtin::report_connect4(&result, &position))?));
        }
        if let Ok(board) = game.extract::<PyRef<'_, TicTacToe>>() {
            let mut game = board.position();
            let mut slot = self.small.lock().map_err(|_| in_use())?;
            let engine = engine_in(&mut slot, builtin::connect4_options(self.table_mib, self.threads))?;
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
