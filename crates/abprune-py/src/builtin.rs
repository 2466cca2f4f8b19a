//! The games abprune ships, searched natively with the GIL released.

use crate::args::{self, is_int, repr, type_name};
use crate::{algorithm_args, interrupt};
use abprune::{Engine, EngineOptions, EngineResult, NoTrace, SearchLimits, SolveMode, StopReason, UNLIMITED_DEPTH};
use abprune_front::outcome_word;
use abprune_games::connect4::solver::Solver;
use abprune_games::connect4::{self, benchmark_score};
use abprune_games::gomoku::player::{Decision, Player, PlayerSettings, TimeControl};
use abprune_games::{Connect4, Point, Rule};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Connect Four's tuned engine options ([`connect4::engine_options`], those of `abprune solve
/// connect4`) with `table_mib` and `threads`, so that a solve from Python takes the CLI's time;
/// no near-leaf table without the main one. `whole_pv` as the engine's option: the CLI reports
/// only the value and the move and leaves it off.
pub fn connect4_options(table_mib: usize, threads: usize, whole_pv: bool) -> EngineOptions {
    let tuned = connect4::engine_options(threads);
    let near_kib = if table_mib == 0 { 0 } else { tuned.table.near_kib };
    tuned.with_table_mib(table_mib).with_near_table_kib(near_kib).with_whole_pv(whole_pv)
}

/// A Connect Four solver for `analyze` and `best_move`: the CLI's engine
/// options and the shipped book unless `book` is false.
fn player_solver(book: bool, threads: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Solver> {
    let threads = args::threads(threads, what)?;
    let mut engine = Engine::new(connect4::engine_options(threads)).map_err(engine_error)?;
    engine.allocate_tables().map_err(engine_error)?;
    Ok(Solver::new(engine, if book { abprune_games::connect4::book::shipped() } else { None }))
}

/// What a built-in game's solve or search found.
///
/// `value`: Connect Four's score in the convention of `abprune solve
/// connect4` (0 a draw, `22 - s` a win with the winner's `s`-th stone,
/// negative a loss; with `weak=True`, 1, 0 or -1); otherwise the engine's
/// score for the side to move. `best_move` in the game's notation: an int
/// for Connect Four (1-based column) and tic-tac-toe (cell 0-8), a point
/// name such as "h8" for Gomoku.
#[pyclass(module = "abprune", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct SolveResult {
    /// The value (see the class doc).
    pub value: i64,
    /// The best move (Connect Four: 1-based column; tic-tac-toe: cell 0-8; Gomoku: e.g. "h8").
    pub best_move: Option<MoveName>,
    /// The principal variation in the same notation.
    pub pv: Vec<MoveName>,
    /// "win", "draw" or "loss" when exact, else None.
    pub outcome: Option<String>,
    /// Plies to the end under best play, when a side wins.
    pub plies_to_end: Option<u32>,
    /// True when the value is proven.
    pub exact: bool,
    /// Depth of the last completed iteration (0 for a solve).
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Seconds taken by the search.
    pub seconds: f64,
}

#[pymethods]
impl SolveResult {
    fn __repr__(&self) -> String {
        let best = self.best_move.as_ref().map_or("None".to_string(), MoveName::repr);
        let pv: Vec<String> = self.pv.iter().map(MoveName::repr).collect();
        let exact = if self.exact { "True" } else { "False" };
        format!(
            "SolveResult(value={}, best_move={best}, pv=[{}], exact={exact}, nodes={})",
            self.value,
            pv.join(", "),
            self.nodes
        )
    }
}

/// A move as Python sees it: a number (a column, a cell) or a name (a Gomoku point).
#[derive(Clone, Debug, IntoPyObject)]
pub enum MoveName {
    /// Connect Four's 1-based column, tic-tac-toe's cell.
    Number(i64),
    /// A Gomoku point such as "h8".
    Name(String),
}

impl MoveName {
    fn repr(&self) -> String {
        match self {
            MoveName::Number(number) => number.to_string(),
            MoveName::Name(name) => format!("'{name}'"),
        }
    }
}

fn engine_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// Why a Gomoku search without limits is refused.
pub const GOMOKU_NEEDS_A_LIMIT: &str = "give a time, a depth or nodes: a Gomoku search has no end of its own";

/// A Connect Four position (7x6), e.g. `ConnectFour("4453")` or
/// `ConnectFour([4, 4, 5, 3])`: the 1-based columns played from the empty
/// board, the first player first (a str of digits, or a sequence of ints
/// 1-7, each one move).
#[pyclass(module = "abprune")]
pub struct ConnectFour {
    position: Connect4,
    moves: String,
}

#[pymethods]
impl ConnectFour {
    #[new]
    #[pyo3(signature = (moves = None))]
    fn new(moves: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let moves = digit_moves(moves, "ConnectFour(moves)", 1..=7, "columns", 42)?;
        let position = Connect4::from_moves(&moves)
            .map_err(|error| PyValueError::new_err(format!("ConnectFour({moves:?}): {error}")))?;
        Ok(ConnectFour { position, moves })
    }

    /// Solves the position exactly as `abprune solve connect4 --threads 1`
    /// does (more threads if `threads` says so), from an empty 16 MiB table;
    /// the GIL is released and Ctrl-C stops it. `weak=True` finds only win,
    /// draw or loss. `value` is the score of the public benchmark sets.
    /// `pv` is the line as far as the search found it (the best move at
    /// least); `pv=True` proves it move by move to the end of the game,
    /// which the CLI does not do (15 to 20% more time on Test_L2_R1).
    #[pyo3(signature = (weak = false, threads = None, pv = false))]
    fn solve(&self, py: Python<'_>, weak: bool, threads: Option<&Bound<'_, PyAny>>, pv: bool) -> PyResult<SolveResult> {
        let threads = args::threads(threads, "ConnectFour.solve() threads")?;
        // The engine of the last solve, tables already made (making a 16 MiB table costs more
        // than most solves); a private one when another thread is solving with it.
        let mut shared = CONNECT4_ENGINES[usize::from(pv)].try_lock().ok();
        let mut private = None;
        let slot = match shared.as_deref_mut() {
            Some(slot) => slot,
            None => &mut private,
        };
        if needs_engine(slot, threads) {
            let options = connect4::engine_options(threads).with_whole_pv(pv);
            let mut engine = Engine::new(options).map_err(engine_error)?;
            engine.allocate_tables().map_err(engine_error)?;
            *slot = Some(engine);
        }
        let engine = slot.as_mut().ok_or_else(|| PyRuntimeError::new_err("no engine"))?;
        // A fresh table for each position, as `abprune solve connect4 --batch` does.
        engine.clear();
        let mode = if weak { SolveMode::Weak } else { SolveMode::Strong };
        let result = solve_connect4(py, engine, self.position, mode, threads)?;
        let value = if weak {
            i64::from(result.value.get().signum())
        } else {
            benchmark_score(result.value, self.position.moves_played()).map_or(i64::from(result.value.get()), i64::from)
        };
        Ok(report(&result, value, |col| MoveName::Number(i64::from(col) + 1)))
    }

    /// Every column's exact score, a list of seven (column 1 first) with
    /// None for a full column: the score of the position for its side to
    /// move if it plays there, in the public sets' convention (`weak=True`:
    /// 1, 0 or -1), as `abprune analyze connect4` prints it. Each move's
    /// position is solved on its own, from the book shipped with abprune
    /// where it reaches (`book=False`: the engine alone); the GIL is
    /// released and Ctrl-C stops it.
    #[pyo3(signature = (weak = false, book = true, threads = None))]
    fn analyze(
        &self,
        py: Python<'_>,
        weak: bool,
        book: bool,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Option<i64>>> {
        let mut solver = player_solver(book, threads, "ConnectFour.analyze() threads")?;
        let mode = if weak { SolveMode::Weak } else { SolveMode::Strong };
        let position = self.position;
        let stop = Arc::new(AtomicBool::new(false));
        let limits = SearchLimits::none().with_stop_flag(Arc::clone(&stop));
        let analysis = interrupt::run(py, &stop, || solver.analyze(&position, mode, &limits))?.map_err(engine_error)?;
        Ok(analysis.scores.iter().map(|score| score.map(i64::from)).collect())
    }

    /// The perfect move (1-based column): the quickest win, else a draw,
    /// else the slowest loss, as `abprune play connect4` plays; None on a
    /// full board. From the shipped book where it reaches (`book=False`:
    /// the engine alone); Ctrl-C stops it.
    #[pyo3(signature = (book = true, threads = None))]
    fn best_move(&self, py: Python<'_>, book: bool, threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<i64>> {
        let mut solver = player_solver(book, threads, "ConnectFour.best_move() threads")?;
        let position = self.position;
        let stop = Arc::new(AtomicBool::new(false));
        let limits = SearchLimits::none().with_stop_flag(Arc::clone(&stop));
        let answer = interrupt::run(py, &stop, || solver.best_move(&position, &limits))?.map_err(engine_error)?;
        Ok(answer.best_move.map(|col| i64::from(col) + 1))
    }

    /// The moves played, as given.
    #[getter]
    fn moves(&self) -> &str {
        &self.moves
    }

    /// Stones on the board.
    #[getter]
    fn moves_played(&self) -> u32 {
        self.position.moves_played()
    }

    fn __str__(&self) -> String {
        self.position.to_string()
    }

    fn __repr__(&self) -> String {
        format!("ConnectFour({:?})", self.moves)
    }
}

impl ConnectFour {
    /// The position.
    pub fn position(&self) -> Connect4 {
        self.position
    }
}

impl TicTacToe {
    /// The position.
    pub fn position(&self) -> abprune_games::TicTacToe {
        self.position
    }
}

impl Gomoku {
    /// The position.
    pub fn position(&self) -> abprune_games::Gomoku {
        (*self.position).clone()
    }
}

/// The engine's value of a built-in game's result (Connect Four: the benchmark score when exact).
pub fn connect4_value(result: &EngineResult<u8>, position: &Connect4) -> i64 {
    if result.exact {
        benchmark_score(result.value, position.moves_played()).map_or(i64::from(result.value.get()), i64::from)
    } else {
        i64::from(result.value.get())
    }
}

/// A built-in game's engine result for Python.
pub fn report_connect4(result: &EngineResult<u8>, position: &Connect4) -> SolveResult {
    report(result, connect4_value(result, position), |col| MoveName::Number(i64::from(col) + 1))
}

/// A tic-tac-toe engine result for Python.
pub fn report_tictactoe(result: &EngineResult<u8>) -> SolveResult {
    report(result, i64::from(result.value.get()), |cell| MoveName::Number(i64::from(cell)))
}

/// A Gomoku engine result for Python.
pub fn report_gomoku(result: &EngineResult<Point>) -> SolveResult {
    report(result, i64::from(result.value.get()), |point| MoveName::Name(point.to_string()))
}

/// The engines of Connect Four solves, kept from one solve to the next (their tables are made
/// once): the first for solves without the whole line (`pv=False`), the second with it.
static CONNECT4_ENGINES: [Mutex<Option<Engine<u8>>>; 2] = [Mutex::new(None), Mutex::new(None)];

/// Nodes a single-threaded Connect Four solve runs on the calling thread
/// (without the GIL) before it goes on in a worker thread that Ctrl-C can
/// stop: starting a thread costs tens of microseconds, more than a whole
/// solve of most positions of the public sets (Test_L3_R1 7 us, Test_L2_R1
/// 54 us, Test_L2_R2 40,000 nodes); this many nodes take milliseconds, a
/// wait for Ctrl-C nobody notices.
const INLINE_SOLVE_NODES: u64 = 100_000;

/// True when `slot` holds no engine, or one with another number of threads.
fn needs_engine(slot: &Option<Engine<u8>>, threads: usize) -> bool {
    !matches!(slot, Some(engine) if engine.options().parallel.threads == threads)
}

/// Solves `position`: a short single-threaded solve on this thread first,
/// then, if it was not enough, the whole solve in a worker thread (the table
/// keeps what the first one learnt; the nodes of both are counted).
fn solve_connect4(
    py: Python<'_>,
    engine: &mut Engine<u8>,
    position: Connect4,
    mode: SolveMode,
    threads: usize,
) -> PyResult<EngineResult<u8>> {
    let mut spent = None;
    if threads == 1 {
        let mut game = position;
        let quick = SearchLimits::none().with_nodes(INLINE_SOLVE_NODES);
        let result = py.detach(|| engine.solve(&mut game, mode, &quick)).map_err(engine_error)?;
        if result.stop_reason != StopReason::NodeLimit {
            return Ok(result);
        }
        spent = Some((result.stats.nodes, result.elapsed));
    }
    let mut game = position;
    let stop = Arc::new(AtomicBool::new(false));
    let limits = SearchLimits::none().with_stop_flag(Arc::clone(&stop));
    let mut result = interrupt::run(py, &stop, || engine.solve(&mut game, mode, &limits))?.map_err(engine_error)?;
    if let Some((nodes, elapsed)) = spent {
        result.stats.nodes += nodes;
        result.elapsed += elapsed;
    }
    Ok(result)
}

/// The result's fields from an engine result.
fn report<M: Copy>(result: &EngineResult<M>, value: i64, name: impl Fn(M) -> MoveName) -> SolveResult {
    let exact = result.exact;
    SolveResult {
        value,
        best_move: result.best_move.map(&name),
        pv: result.pv.iter().map(|&mv| name(mv)).collect(),
        outcome: exact.then(|| outcome_word(result.value.get().signum()).to_string()),
        plies_to_end: result.plies_to_end,
        exact,
        depth: result.depth,
        nodes: result.stats.nodes,
        seconds: result.elapsed.as_secs_f64(),
    }
}

/// A Gomoku player's decision for Python.
fn report_decision(decision: &Decision) -> SolveResult {
    let name = |point: &Point| MoveName::Name(point.to_string());
    SolveResult {
        value: i64::from(decision.score.get()),
        best_move: Some(name(&decision.mv)),
        pv: decision.pv.iter().map(name).collect(),
        outcome: decision.exact.then(|| outcome_word(decision.score.get().signum()).to_string()),
        plies_to_end: decision.plies_to_end,
        exact: decision.exact,
        depth: decision.depth,
        nodes: decision.nodes,
        seconds: decision.elapsed.as_secs_f64(),
    }
}

/// A tic-tac-toe position: the cells played from the empty board, X first,
/// numbered 0-8 row by row (a list of ints or a string of digits).
#[pyclass(module = "abprune")]
pub struct TicTacToe {
    position: abprune_games::TicTacToe,
    cells: Vec<u8>,
}

#[pymethods]
impl TicTacToe {
    #[new]
    #[pyo3(signature = (moves = None))]
    fn new(moves: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let text = digit_moves(moves, "TicTacToe(moves)", 0..=8, "cells", 9)?;
        let cells = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .map(|c| match c.to_digit(10) {
                Some(digit) if digit <= 8 => Ok(digit as u8),
                _ => Err(PyValueError::new_err(format!(
                    "TicTacToe({text:?}): {c:?} is not a cell (cells are 0 to 8, row by row)"
                ))),
            })
            .collect::<PyResult<Vec<u8>>>()?;
        let position = abprune_games::TicTacToe::from_moves(&cells)
            .map_err(|error| PyValueError::new_err(format!("TicTacToe({cells:?}): {error}")))?;
        Ok(TicTacToe { position, cells })
    }

    /// Searches to the end with `algorithm` (as `abprune solve tictactoe`):
    /// `value` is the engine's score for the side to move (0 a draw).
    #[pyo3(signature = (algorithm = "alphabeta"))]
    fn solve(&self, py: Python<'_>, algorithm: &str) -> PyResult<SolveResult> {
        let algorithm = algorithm_args::parse(algorithm)?;
        let mut game = self.position;
        let window = algorithm.default_window();
        let result = py.detach(|| algorithm.run(&mut game, UNLIMITED_DEPTH, window, &mut NoTrace));
        let value = result.value;
        Ok(SolveResult {
            value: i64::from(value.get()),
            best_move: result.best_move.map(|cell| MoveName::Number(i64::from(cell))),
            pv: result.pv.iter().map(|&cell| MoveName::Number(i64::from(cell))).collect(),
            outcome: Some(outcome_word(value.get().signum()).to_string()),
            plies_to_end: result.plies_to_end(),
            exact: true,
            depth: 0,
            nodes: result.stats.nodes,
            seconds: 0.0,
        })
    }

    /// The cells played, a list of ints.
    #[getter]
    fn moves(&self) -> Vec<u32> {
        self.cells.iter().map(|&cell| u32::from(cell)).collect()
    }

    fn __str__(&self) -> String {
        self.position.to_string()
    }

    fn __repr__(&self) -> String {
        format!("TicTacToe({:?})", self.cells)
    }
}

/// A Gomoku position: `Gomoku("h8 h9 i8", size=15, rule="freestyle")`
/// (rules: freestyle, standard, renju; boards up to 22x22; under renju a
/// black move on a forbidden point is refused with a ValueError).
#[pyclass(module = "abprune")]
pub struct Gomoku {
    /// Boxed: the position's cell records are aligned to 32 bytes, and
    /// Python allocates its objects on 16 (held inline, a debug build
    /// aborted with "misaligned pointer dereference").
    position: Box<abprune_games::Gomoku>,
    moves: String,
}

#[pymethods]
impl Gomoku {
    #[new]
    #[pyo3(signature = (moves = None, size = None, rule = "freestyle"))]
    fn new(moves: Option<&Bound<'_, PyAny>>, size: Option<&Bound<'_, PyAny>>, rule: &str) -> PyResult<Self> {
        let sizes = abprune_games::Gomoku::MIN_SIZE as i128..=abprune_games::Gomoku::MAX_SIZE as i128;
        let size = args::optional_int(size, "Gomoku(size)", *sizes.start(), *sizes.end())?.map_or(15, |n| n as usize);
        let moves = point_moves(moves, size * size)?;
        let rule = Rule::parse(rule).map_err(|error| PyValueError::new_err(format!("Gomoku(rule): {error}")))?;
        let position = abprune_games::Gomoku::from_moves(size, size, rule, &moves)
            .map_err(|error| PyValueError::new_err(format!("Gomoku({moves:?}): {error}")))?;
        Ok(Gomoku { position: Box::new(position), moves })
    }

    /// The player's move, as the CLI's Gomoku player finds it (the games
    /// crate's `Player`: the root's VCF and VCT, the defence against the
    /// opponent's threats, then the engine with the player's selective search
    /// and table): iterative deepening until `time` seconds, `depth` plies or
    /// `nodes` nodes; or, under a match clock as the Gomocup brain plays,
    /// `turn_time` seconds a move at most, `match_time` for the whole match and
    /// `time_left` of it (the player's soft and hard budgets). `switches` are
    /// those of `abprune solve gomoku --set` (e.g. "vcf=off,table=16"). The
    /// GIL is released; Ctrl-C stops it.
    #[pyo3(signature = (time = None, depth = None, nodes = None, threads = None, switches = "", turn_time = None, match_time = None, time_left = None))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        time: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        switches: &str,
        turn_time: Option<&Bound<'_, PyAny>>,
        match_time: Option<&Bound<'_, PyAny>>,
        time_left: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<SolveResult> {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = args::limits("Gomoku.search()", depth, time, nodes, &stop)?;
        let threads = args::threads(threads, "Gomoku.search() threads")?;
        let clock = TimeControl {
            turn: args::seconds(turn_time, "Gomoku.search() turn_time")?,
            match_total: args::seconds(match_time, "Gomoku.search() match_time")?,
            left: args::seconds(time_left, "Gomoku.search() time_left")?,
        };
        let on_clock = clock != TimeControl::default();
        if on_clock && args::bounded(&limits) {
            return Err(PyValueError::new_err(
                "Gomoku.search(): give either a clock (turn_time, match_time, time_left) or a limit (time, depth, nodes), not both",
            ));
        }
        if !on_clock && !args::bounded(&limits) {
            return Err(PyValueError::new_err(GOMOKU_NEEDS_A_LIMIT));
        }
        let mut settings = PlayerSettings::default();
        settings.engine.parallel.threads = threads;
        settings.apply(switches).map_err(|error| PyValueError::new_err(format!("Gomoku.search(switches): {error}")))?;
        let mut player = Player::new(settings).map_err(|error| PyRuntimeError::new_err(error.to_string()))?;
        let game = self.position();
        let started = Instant::now();
        let decision = interrupt::run(py, &stop, || {
            if on_clock {
                player.decide_on_clock(&game, &clock, started, Arc::clone(&stop), |_| {})
            } else {
                player.decide(&game, &limits, |_| {})
            }
        })?;
        let Some(decision) = decision else {
            return Err(PyValueError::new_err("Gomoku.search(): the game is over: there is no move to find"));
        };
        if decision.stop_reason == Some(StopReason::Stopped) && !on_clock {
            return Err(PyRuntimeError::new_err("the search was stopped"));
        }
        Ok(report_decision(&decision))
    }

    /// The moves played, as given.
    #[getter]
    fn moves(&self) -> &str {
        &self.moves
    }

    fn __str__(&self) -> String {
        self.position.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Gomoku({:?})", self.moves)
    }
}

/// The kinds of moves text that are not a sequence of moves (though Python can iterate them).
fn is_text(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>() || value.is_instance_of::<PyByteArray>()
}

/// The items of a sequence of moves, at most `most` of them (an endless iterator is refused, not read
/// for ever); `what` names the argument, `expected` says what it takes.
fn move_items<'py>(
    moves: &Bound<'py, PyAny>,
    what: &str,
    expected: &str,
    most: usize,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let refused =
        || PyTypeError::new_err(format!("{what} takes {expected}, not {} ({})", repr(moves), type_name(moves)));
    if is_text(moves) {
        return Err(refused());
    }
    let iterator = moves.try_iter().map_err(|_| refused())?;
    let mut items = Vec::new();
    for item in iterator {
        if items.len() == most {
            return Err(PyValueError::new_err(format!("{what}: more than {most} moves (the board has no room)")));
        }
        items.push(item?);
    }
    Ok(items)
}

/// Moves given as a str of digits, or as a sequence of ints in `range`
/// (each one move, written as its digit); `name` is what the numbers are
/// ("columns"), `most` the most moves a game has.
fn digit_moves(
    moves: Option<&Bound<'_, PyAny>>,
    what: &str,
    range: std::ops::RangeInclusive<u32>,
    name: &str,
    most: usize,
) -> PyResult<String> {
    let Some(moves) = moves.filter(|m| !m.is_none()) else { return Ok(String::new()) };
    let (low, high) = (*range.start(), *range.end());
    if let Ok(text) = moves.cast::<PyString>() {
        return Ok(text.to_cow()?.trim().to_string());
    }
    let expected = format!("a str of digits {low}-{high} or a sequence of ints {low}-{high}, each one move");
    let mut text = String::new();
    for (index, item) in move_items(moves, what, &expected, most)?.iter().enumerate() {
        if !is_int(item) {
            return Err(PyTypeError::new_err(format!(
                "{what}: move {} is {} ({}): {name} are ints from {low} to {high}",
                index + 1,
                repr(item),
                type_name(item)
            )));
        }
        match item.extract::<u32>() {
            Ok(number) if range.contains(&number) => text.extend(char::from_digit(number, 10)),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "{what}: move {} is {}: {name} are {low} to {high}",
                    index + 1,
                    repr(item)
                )))
            }
        }
    }
    Ok(text)
}

/// Gomoku moves given as one str ("h8 h9"), or as a sequence of point
/// names (["h8", "h9"]), at most `most` of them.
fn point_moves(moves: Option<&Bound<'_, PyAny>>, most: usize) -> PyResult<String> {
    let Some(moves) = moves.filter(|m| !m.is_none()) else { return Ok(String::new()) };
    if let Ok(text) = moves.cast::<PyString>() {
        return Ok(text.to_cow()?.trim().to_string());
    }
    let what = "Gomoku(moves)";
    let expected = "a str of points (\"h8 h9\") or a sequence of point names ([\"h8\", \"h9\"])";
    let mut names = Vec::new();
    for (index, item) in move_items(moves, what, expected, most)?.iter().enumerate() {
        let name = item.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what}: move {} is {} ({}): a move is a point name such as \"h8\"",
                index + 1,
                repr(item),
                type_name(item)
            ))
        })?;
        names.push(name.to_cow()?.trim().to_string());
    }
    Ok(names.join(" "))
}
