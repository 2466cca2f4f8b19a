//! The [`Engine`]: it owns the tables and the ordering statistics and runs
//! the drivers (the module's overview is in [`crate::engine`]).

use super::deepen::{deepen, iteration};
use super::error::{EngineError, CHANCE_REFUSED};
use super::options::EngineOptions;
use super::ordering::{History, Killers};
use super::parallel::{self, CrewReport, Helpers, MainThread};
use super::plan::SearchPlan;
use super::pv;
use super::report::{EngineResult, SearchInfo, SolveMode};
use super::searcher::{Searcher, Tables};
use super::solve::{bisect, finished_root, ValueLadder};
use super::tt::TranspositionTable;
use crate::game::{Ending, Game};
use crate::limits::{Clock, SearchLimits};
use crate::score::Score;
use crate::stats::SearchStats;
use crate::textbook::{Buffers, Context, SearchResult, UNLIMITED_DEPTH};
use crate::trace::{NoTrace, Observer};
use std::fmt;
use std::time::{Duration, Instant};

/// What the near-leaf table uses of its budget after a clear, until
/// pressure makes it grow: a small search then keeps both tables within
/// about a core's cache (measured on Connect Four: docs/engine.md,
/// "Measurements behind the engine's constants").
pub const NEAR_TABLE_INITIAL_KIB: usize = 256;

/// The search engine: options, the table and the ordering statistics, kept
/// between searches (the helper threads' own statistics too; the threads
/// themselves live only during a search). See the [module
/// documentation](crate::engine) for what more threads ask of a game.
#[derive(Debug)]
pub struct Engine<M> {
    options: EngineOptions,
    table: Option<TranspositionTable>,
    /// The near-leaf table ([`TableOptions::near_kib`]).
    near: Option<TranspositionTable>,
    killers: Killers<M>,
    history: History,
    buffers: Buffers<M>,
    /// The helper threads' own statistics and buffers, kept between searches.
    helpers: Helpers<M>,
    /// The allocator refused the tables once: the engine searches without.
    tables_refused: bool,
    /// The game the tables and statistics were learnt on: its type's name
    /// and its [`Game::rules_key`]. A search of another game clears them
    /// first, so that no answer rests on another game's entries.
    bound_to: Option<(&'static str, u64)>,
}

impl<M: Copy + PartialEq> Default for Engine<M> {
    fn default() -> Self {
        Engine::with_checked_options(EngineOptions::default())
    }
}

impl<M: Copy + PartialEq + fmt::Debug> Engine<M> {
    /// An engine with `options`.
    ///
    /// # Errors
    /// When the options do not combine ([`EngineOptions::validate`]), or
    /// a table's memory cannot be had.
    ///
    /// Cheap (microseconds, whatever the table budget): the tables are
    /// made by the first search of a game with a hash key, or by
    /// [`Engine::allocate_tables`].
    pub fn new(options: EngineOptions) -> Result<Self, EngineError> {
        options.validate()?;
        Ok(Engine::with_checked_options(options))
    }
}

impl<M: Copy + PartialEq> Engine<M> {
    /// An engine with options known to be valid.
    pub(crate) fn with_checked_options(options: EngineOptions) -> Self {
        Engine {
            helpers: Helpers::new(&options),
            near: None,
            options,
            table: None,
            tables_refused: false,
            killers: Killers::default(),
            history: History::default(),
            buffers: Buffers::default(),
            bound_to: None,
        }
    }

    /// Makes the tables the options ask for, if they are not made yet: each
    /// allocates the part a search starts with (1 MiB) and the rest of its
    /// budget when a search first grows it, so a small search never pays
    /// for 64 MiB. The budget is asked of the allocator now (a search does
    /// this by itself when it first meets a game with a hash key; call this
    /// to learn of a refusal before the first search).
    ///
    /// # Errors
    /// When the allocator refuses a table's memory; the engine then
    /// searches without tables.
    pub fn allocate_tables(&mut self) -> Result<(), EngineError> {
        let out_of_memory = |error: super::tt::TableAllocError| EngineError::OutOfMemory { bytes: error.bytes };
        let made = self.make_tables();
        if made.is_err() {
            self.tables_refused = true;
        }
        made.map_err(out_of_memory)
    }

    fn make_tables(&mut self) -> Result<(), super::tt::TableAllocError> {
        if self.table.is_none() && self.options.table.mib > 0 {
            self.table = Some(TranspositionTable::try_with_mib(self.options.table.mib)?);
        }
        if self.near.is_none() && self.options.table.near_kib > 0 && self.options.table.mib > 0 {
            let kib = self.options.table.near_kib;
            self.near = Some(TranspositionTable::try_growing_from(kib, NEAR_TABLE_INITIAL_KIB)?);
        }
        Ok(())
    }

    /// Prepares a search of `game`: binds the engine to it and makes the
    /// tables if the game has a hash key and they are not made yet (a
    /// refusal by the allocator leaves the search without tables: slower,
    /// never wrong).
    fn prepare<G: Game<Move = M>>(&mut self, game: &G) {
        self.bind(game);
        if !self.tables_refused && self.table.is_none() && self.options.table.mib > 0 && game.hash_key().is_some() {
            let _ = self.allocate_tables();
        }
    }

    /// Binds the engine to `game`'s type and rules before a search: when
    /// they differ from the last search's, everything learnt is forgotten
    /// (in O(1)). Two games of one move type can share hash keys (normal
    /// and misère Nim, Othello scored by margin or by win/draw/loss), and
    /// an entry of one would be taken for a proven value of the other.
    fn bind<G: Game<Move = M>>(&mut self, game: &G) {
        let identity = (std::any::type_name::<G>(), game.rules_key());
        if self.bound_to != Some(identity) {
            if self.bound_to.is_some() {
                self.clear();
            }
            self.bound_to = Some(identity);
        }
    }

    /// The options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Forgets everything learnt: the table (in O(1)), killers and history.
    ///
    /// The engine keeps what it learnt between searches of the same game
    /// (the same type, with the same [`Game::rules_key`]): positions met
    /// again, in the next move's search or in another line, are answered
    /// from the table. A search of another game starts afresh by itself;
    /// call this only to make a search independent of the ones before it
    /// (a measurement, say).
    pub fn clear(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
        if let Some(table) = &mut self.near {
            table.clear();
        }
        self.killers.clear();
        self.history.clear();
        self.helpers.clear();
    }

    /// The table, once a search (or [`Engine::allocate_tables`]) has made it.
    pub fn table(&self) -> Option<&TranspositionTable> {
        self.table.as_ref()
    }

    fn searcher<'a, G: Game<Move = M>, O: Observer<M>>(
        &'a mut self,
        game: &'a mut G,
        observer: &'a mut O,
        limits: &SearchLimits,
        plan: SearchPlan,
    ) -> Searcher<'a, G, O> {
        let buffers = std::mem::take(&mut self.buffers);
        Searcher::new(
            Context::with_buffers(game, observer, buffers),
            &self.options,
            plan,
            Tables { main: self.table.as_ref(), near: self.near.as_ref() },
            &mut self.killers,
            &mut self.history,
            Clock::start(limits),
        )
    }

    /// Runs `drive` on the main thread's searcher, following `plan`: alone
    /// with one thread; with more, beside helpers ([`parallel::run`]). The
    /// helpers' counts come back in the report.
    fn run<G, O, R>(
        &mut self,
        game: &mut G,
        observer: &mut O,
        limits: &SearchLimits,
        plan: SearchPlan,
        drive: impl FnOnce(&mut Searcher<'_, G, O>) -> R,
    ) -> (R, CrewReport)
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
        O: Observer<M>,
    {
        self.prepare(game);
        if self.options.parallel.threads == 1 {
            let started = Instant::now();
            let (outcome, buffers, undeclared, chance_node) = {
                let mut searcher = self.searcher(game, observer, limits, plan);
                let outcome = drive(&mut searcher);
                let (undeclared, chance_node) = (searcher.undeclared, searcher.chance_node);
                (outcome, searcher.context.into_buffers(), undeclared, chance_node)
            };
            self.buffers = buffers;
            let report = CrewReport { elapsed: started.elapsed(), undeclared, chance_node, ..CrewReport::default() };
            self.forget_undeclared(&report);
            return (outcome, report);
        }
        let main = MainThread {
            options: &self.options,
            plan,
            tables: Tables { main: self.table.as_ref(), near: self.near.as_ref() },
            killers: &mut self.killers,
            history: &mut self.history,
            buffers: std::mem::take(&mut self.buffers),
        };
        let (outcome, buffers, report) = parallel::run(main, &mut self.helpers, game, observer, limits, drive);
        self.buffers = buffers;
        self.forget_undeclared(&report);
        (outcome, report)
    }

    /// After a search that met a finished position the game's declared
    /// ending does not allow, or a chance node, forgets what the table
    /// learnt: entries that rest on it would answer a later search without
    /// it meeting the position again, and so without the error.
    fn forget_undeclared(&mut self, report: &CrewReport) {
        if report.undeclared.is_some() || report.chance_node {
            self.clear();
        }
    }

    /// Iterative deepening: searches depth 1, 2, ... until the value is
    /// exact, the depth limit is reached, or another limit stops it; calls
    /// `on_iteration` after each completed iteration. The best move and PV
    /// come from the deepest completed iteration. With no limit at all it
    /// goes on until the value is exact.
    ///
    /// # Examples
    ///
    /// The game in the examples below is the subtraction game of the
    /// crate's front page (take 1 to 3 counters, whoever takes the last one
    /// wins; a multiple of 4 is lost), with a hash key, hidden.
    ///
    /// Limits, and the callback after each iteration:
    ///
    /// ```
    /// # use abprune::{Game, Outcome, Player, Score};
    /// # #[derive(Clone)]
    /// # struct Take { left: u32, to_move: Player }
    /// # impl Game for Take {
    /// #     type Move = u32;
    /// #     fn side_to_move(&self) -> Player { self.to_move }
    /// #     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=3).filter(|&n| n <= self.left)) }
    /// #     fn play(&mut self, n: u32) { self.left -= n; self.to_move = self.to_move.opponent(); }
    /// #     fn undo(&mut self, n: u32) { self.left += n; self.to_move = self.to_move.opponent(); }
    /// #     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
    /// #     fn evaluate(&self) -> Score { Score::DRAW }
    /// #     fn hash_key(&self) -> Option<u64> { Some(u64::from(self.left) << 1 | (self.to_move == Player::Second) as u64) }
    /// #     fn max_plies_left(&self) -> Option<u32> { Some(self.left) }
    /// # }
    /// use abprune::{Engine, EngineOptions, SearchLimits, StopReason};
    ///
    /// let mut engine = Engine::new(EngineOptions::default().with_table_mib(1))?;
    /// let mut game = Take { left: 10, to_move: Player::First };
    /// let mut seen = Vec::new();
    /// let limits = SearchLimits::none().with_depth(4).with_nodes(1_000_000);
    /// let result = engine.search(&mut game, &limits, |info| seen.push((info.depth, info.value, info.exact)));
    /// // No win within 4 plies: the value is the (draw) evaluation at the horizon.
    /// assert_eq!(seen, [(1, Score::DRAW, false), (2, Score::DRAW, false), (3, Score::DRAW, false), (4, Score::DRAW, false)]);
    /// assert_eq!((result.stop_reason, result.exact, result.depth), (StopReason::DepthLimit, false, 4));
    ///
    /// // No limit: it deepens until the value is proven.
    /// let result = engine.search(&mut game, &SearchLimits::none(), |_| {});
    /// assert_eq!((result.value, result.exact, result.stop_reason), (Score::win_in(5), true, StopReason::Solved));
    /// assert_eq!(result.best_move, Some(2));
    /// # Ok::<(), abprune::EngineError>(())
    /// ```
    ///
    /// Stopped from another thread (a GUI's "move now", a match clock):
    ///
    /// ```
    /// # use abprune::{Game, Outcome, Player, Score};
    /// # #[derive(Clone)]
    /// # struct Take { left: u32, to_move: Player }
    /// # impl Game for Take {
    /// #     type Move = u32;
    /// #     fn side_to_move(&self) -> Player { self.to_move }
    /// #     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=3).filter(|&n| n <= self.left)) }
    /// #     fn play(&mut self, n: u32) { self.left -= n; self.to_move = self.to_move.opponent(); }
    /// #     fn undo(&mut self, n: u32) { self.left += n; self.to_move = self.to_move.opponent(); }
    /// #     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
    /// #     fn evaluate(&self) -> Score { Score::DRAW }
    /// #     fn hash_key(&self) -> Option<u64> { Some(u64::from(self.left) << 1 | (self.to_move == Player::Second) as u64) }
    /// #     fn max_plies_left(&self) -> Option<u32> { Some(self.left) }
    /// # }
    /// use abprune::{Engine, EngineOptions, SearchLimits, StopReason};
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// use std::time::Duration;
    ///
    /// let stop = Arc::new(AtomicBool::new(false));
    /// let stopper = {
    ///     let stop = Arc::clone(&stop);
    ///     std::thread::spawn(move || {
    ///         std::thread::sleep(Duration::from_millis(20));
    ///         stop.store(true, Ordering::Relaxed);
    ///     })
    /// };
    /// // Without a table, a game of 10,000 counters is far too long to solve.
    /// let mut engine = Engine::new(EngineOptions::default().with_table_mib(0))?;
    /// let mut game = Take { left: 10_000, to_move: Player::First };
    /// let result = engine.search(&mut game, &SearchLimits::none().with_stop_flag(stop), |_| {});
    /// stopper.join().unwrap();
    /// assert_eq!(result.stop_reason, StopReason::Stopped);
    /// assert!(result.best_move.is_some(), "a stopped search still has a legal move");
    /// # Ok::<(), abprune::EngineError>(())
    /// ```
    ///
    /// # Panics
    /// If the search reaches a chance node ([`Game::chance_to_move`]):
    /// [`Engine::try_search`] returns that as [`EngineError::ChanceNode`].
    pub fn search<G>(
        &mut self,
        game: &mut G,
        limits: &SearchLimits,
        on_iteration: impl FnMut(&SearchInfo<M>),
    ) -> EngineResult<M>
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
    {
        self.search_traced(game, limits, &mut NoTrace, on_iteration)
    }

    /// [`Engine::search`] with an observer (which sees the main thread's
    /// search only).
    ///
    /// # Panics
    /// As [`Engine::search`].
    pub fn search_traced<G, O>(
        &mut self,
        game: &mut G,
        limits: &SearchLimits,
        observer: &mut O,
        on_iteration: impl FnMut(&SearchInfo<M>),
    ) -> EngineResult<M>
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
        O: Observer<M>,
    {
        self.try_search_traced(game, limits, observer, on_iteration)
            .unwrap_or_else(|error| panic!("Engine::search: {error}"))
    }

    /// [`Engine::search`] for a game that may have chance: a search that
    /// reaches a chance node ([`Game::chance_to_move`]) stops there and
    /// returns [`EngineError::ChanceNode`], never a value.
    ///
    /// # Errors
    /// [`EngineError::ChanceNode`].
    pub fn try_search<G>(
        &mut self,
        game: &mut G,
        limits: &SearchLimits,
        on_iteration: impl FnMut(&SearchInfo<M>),
    ) -> Result<EngineResult<M>, EngineError>
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
    {
        self.try_search_traced(game, limits, &mut NoTrace, on_iteration)
    }

    /// [`Engine::try_search`] with an observer.
    ///
    /// # Errors
    /// [`EngineError::ChanceNode`].
    pub fn try_search_traced<G, O>(
        &mut self,
        game: &mut G,
        limits: &SearchLimits,
        observer: &mut O,
        on_iteration: impl FnMut(&SearchInfo<M>),
    ) -> Result<EngineResult<M>, EngineError>
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
        O: Observer<M>,
    {
        let plan = SearchPlan::for_play(&self.options, game.max_plies_left());
        let deepened = self.run(game, observer, limits, plan, |searcher| deepen(searcher, limits, on_iteration));
        let (mut result, helpers) = deepened;
        if helpers.chance_node {
            return Err(EngineError::ChanceNode);
        }
        result.stats.accumulate(&helpers.stats);
        result.elapsed = helpers.elapsed;
        if plan.completes_line && result.depth > 0 {
            let line = LineToComplete { depth: result.depth, value: result.value, proven: result.exact };
            let (nodes, time) = self.complete_line(game, &mut result.pv, line, limits, result.elapsed);
            result.line_nodes = nodes;
            result.elapsed += time;
        }
        if result.best_move.is_none() {
            result.best_move = result.pv.first().copied();
        }
        Ok(result)
    }

    /// Completes `line`, the line of a search of `game` (back at its root)
    /// described by `searched`, after the search (module `search::pv`): on
    /// one thread, out of any observer's sight, with killers and history of
    /// its own, so that nothing the search reports changes but the line
    /// (the table keeps the entries of the line's searches). Under the stop
    /// flag of `limits` and what is left of their time after the search's
    /// `elapsed` (no time left: the table's line), not their node limit:
    /// the line's searches are not the search's nodes. Returns the nodes
    /// and the time the completion took.
    fn complete_line<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        line: &mut Vec<M>,
        searched: LineToComplete,
        limits: &SearchLimits,
        elapsed: Duration,
    ) -> (u64, Duration) {
        let started = Instant::now();
        let limits = SearchLimits {
            depth: None,
            nodes: None,
            time: limits.time.map(|time| time.saturating_sub(elapsed)),
            stop: limits.stop.clone(),
        };
        let (mut killers, mut history) = (Killers::default(), History::default());
        let mut silent = NoTrace;
        let buffers = std::mem::take(&mut self.buffers);
        let mut searcher = Searcher::new(
            Context::with_buffers(game, &mut silent, buffers),
            &self.options,
            SearchPlan::exact(&self.options),
            Tables { main: self.table.as_ref(), near: self.near.as_ref() },
            &mut killers,
            &mut history,
            Clock::start(&limits),
        );
        pv::complete(&mut searcher, line, searched.depth, searched.value, searched.proven);
        let nodes = searcher.context.stats.nodes;
        self.buffers = searcher.context.into_buffers();
        (nodes, started.elapsed())
    }

    /// One search to a fixed `depth` with this engine's variant (MTD(f)
    /// starts from `guess`), as the textbook algorithms are run: no
    /// iterative deepening, no limits.
    ///
    /// # Panics
    /// If the search reaches a chance node ([`Game::chance_to_move`]).
    pub fn search_depth<G: Game<Move = M>, O: Observer<M>>(
        &mut self,
        game: &mut G,
        depth: u32,
        guess: Score,
        observer: &mut O,
    ) -> SearchResult<M> {
        self.prepare(game);
        let plan = SearchPlan::for_play(&self.options, game.max_plies_left());
        let mut result = {
            let mut searcher = self.searcher(game, observer, &SearchLimits::none(), plan);
            let value = iteration(&mut searcher, depth, guess);
            // MTD(f)'s passes close on the value, so it is never a bound:
            // exact when nothing rested on the horizon or on an ending the
            // game did not declare.
            if searcher.chance_node {
                panic!("Engine::search_depth: {CHANCE_REFUSED}");
            }
            let proven = searcher.unproven == 0 && searcher.undeclared.is_none();
            let mut result = searcher.context.finish(value, (-Score::INFINITY, Score::INFINITY));
            result.exact = proven && searcher.stopped.is_none();
            result
        };
        if plan.completes_line && depth > 0 {
            // Out of the observer's sight: a trace shows the algorithm's own
            // search, step for step with its counts, not the line's completion.
            let line = LineToComplete { depth, value: result.value, proven: false };
            self.complete_line(game, &mut result.pv, line, &SearchLimits::none(), Duration::ZERO);
        }
        result
    }

    /// The exact value of the position (or only win/draw/loss), found by
    /// bisecting on the value with null-window searches of unlimited depth:
    /// on the win and loss distances, or on the margins of a game that ends
    /// in margins ([`Game::ending`]). The game must end in finitely many
    /// plies. A finished position is answered by its outcome, with no move.
    ///
    /// # Examples
    ///
    /// The game in the examples below is the subtraction game of the
    /// crate's front page (take 1 to 3 counters, whoever takes the last one
    /// wins; a multiple of 4 is lost), with a hash key, hidden.
    ///
    /// ```
    /// # use abprune::{Game, Outcome, Player, Score};
    /// # #[derive(Clone)]
    /// # struct Take { left: u32, to_move: Player }
    /// # impl Game for Take {
    /// #     type Move = u32;
    /// #     fn side_to_move(&self) -> Player { self.to_move }
    /// #     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=3).filter(|&n| n <= self.left)) }
    /// #     fn play(&mut self, n: u32) { self.left -= n; self.to_move = self.to_move.opponent(); }
    /// #     fn undo(&mut self, n: u32) { self.left += n; self.to_move = self.to_move.opponent(); }
    /// #     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
    /// #     fn evaluate(&self) -> Score { Score::DRAW }
    /// #     fn hash_key(&self) -> Option<u64> { Some(u64::from(self.left) << 1 | (self.to_move == Player::Second) as u64) }
    /// #     fn max_plies_left(&self) -> Option<u32> { Some(self.left) }
    /// # }
    /// use abprune::{Engine, EngineOptions, SearchLimits, SolveMode};
    ///
    /// let mut engine = Engine::new(EngineOptions::default().with_table_mib(1))?;
    /// let mut game = Take { left: 10, to_move: Player::First };
    /// // Strong: the value with its distance, and the move that keeps it.
    /// let strong = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none())?;
    /// assert_eq!((strong.value, strong.plies_to_end, strong.best_move), (Score::win_in(5), Some(5), Some(2)));
    /// assert_eq!(strong.value_text(), "win in 5");
    /// // Weak: only win, draw or loss, often much cheaper. The distance is
    /// // not computed, so it is neither reported nor printed.
    /// let weak = engine.solve(&mut Take { left: 12, to_move: Player::First }, SolveMode::Weak, &SearchLimits::none())?;
    /// assert!(weak.value.is_loss() && weak.exact && weak.weak);
    /// assert_eq!((weak.plies_to_end, weak.value_text()), (None, "loss".to_string()));
    /// # Ok::<(), abprune::EngineError>(())
    /// ```
    ///
    /// # Errors
    /// Before searching: when the options include aspiration windows, which
    /// a solve never uses, when the game says its ends are heuristic
    /// ([`crate::game::Ending::Heuristic`]), or when its margins are no
    /// range. After: when the search met a position valued by static
    /// evaluation all the same (a position without moves the rules do not
    /// finish), or a finished position whose outcome the declared ending
    /// does not allow ([`EngineError::UndeclaredEnding`]: a margin outside
    /// the range, seen from the finished position's side to move, or an
    /// outcome of the other kind), which leaves no value to report; a
    /// chance node reached ([`EngineError::ChanceNode`]).
    pub fn solve<G>(
        &mut self,
        game: &mut G,
        mode: SolveMode,
        limits: &SearchLimits,
    ) -> Result<EngineResult<M>, EngineError>
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
    {
        if self.options.shape.aspiration.is_some() {
            return Err(EngineError::AspirationInSolve);
        }
        let ending = game.ending();
        let ladder = match ending {
            Ending::Heuristic => return Err(EngineError::HeuristicGame),
            Ending::WinLossDraw => ValueLadder::new(game.max_plies_left(), game.winner_moves_last()),
            Ending::Margin { lowest, highest } => ValueLadder::margins(lowest, highest)?,
        };
        // A finished game is its own answer: the ladder below starts one ply
        // away (no searched move ends a game at distance 0), so bisecting
        // on it would report a loss in 1, or a draw, for a loss on the spot.
        if let Some(outcome) = game.outcome() {
            if !ending.allows(outcome) {
                return Err(EngineError::UndeclaredEnding { outcome, declared: ending });
            }
            return Ok(finished_root(outcome, mode));
        }
        let plan = SearchPlan::exact(&self.options);
        let (solved, helpers) = self.run(game, &mut NoTrace, limits, plan, |searcher| bisect(searcher, &ladder, mode));
        solved.and_then(|mut result| {
            if helpers.chance_node {
                return Err(EngineError::ChanceNode);
            }
            if let Some(outcome) = helpers.undeclared {
                return Err(EngineError::UndeclaredEnding { outcome, declared: ending });
            }
            if helpers.evaluations > 0 {
                return Err(EngineError::StaticEvaluation);
            }
            result.stats.accumulate(&helpers.stats);
            result.elapsed = helpers.elapsed;
            if result.exact && mode == SolveMode::Strong && plan.completes_line {
                let line = LineToComplete { depth: UNLIMITED_DEPTH, value: result.value, proven: true };
                let (nodes, time) = self.complete_line(game, &mut result.pv, line, limits, result.elapsed);
                result.line_nodes = nodes;
                result.elapsed += time;
            }
            Ok(result)
        })
    }

    /// The null-window test on its own: is the value at least `threshold`?
    /// Searches to `limits.depth` (unlimited by default). `None` when a
    /// limit stopped it first.
    ///
    /// One such test costs much less than finding the value: it only has
    /// to prove one bound (a solve is a bisection of these tests).
    ///
    /// # Examples
    ///
    /// The game in the examples below is the subtraction game of the
    /// crate's front page (take 1 to 3 counters, whoever takes the last one
    /// wins; a multiple of 4 is lost), with a hash key, hidden.
    ///
    /// ```
    /// # use abprune::{Game, Outcome, Player, Score};
    /// # #[derive(Clone)]
    /// # struct Take { left: u32, to_move: Player }
    /// # impl Game for Take {
    /// #     type Move = u32;
    /// #     fn side_to_move(&self) -> Player { self.to_move }
    /// #     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=3).filter(|&n| n <= self.left)) }
    /// #     fn play(&mut self, n: u32) { self.left -= n; self.to_move = self.to_move.opponent(); }
    /// #     fn undo(&mut self, n: u32) { self.left += n; self.to_move = self.to_move.opponent(); }
    /// #     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
    /// #     fn evaluate(&self) -> Score { Score::DRAW }
    /// #     fn hash_key(&self) -> Option<u64> { Some(u64::from(self.left) << 1 | (self.to_move == Player::Second) as u64) }
    /// #     fn max_plies_left(&self) -> Option<u32> { Some(self.left) }
    /// # }
    /// use abprune::{Engine, EngineOptions, SearchLimits};
    ///
    /// let mut engine = Engine::new(EngineOptions::default().with_table_mib(1))?;
    /// let mut game = Take { left: 10, to_move: Player::First };
    /// let limits = SearchLimits::none();
    /// // The value is a win in 5: at least a draw, at least a win in 5, not a win in 3.
    /// assert_eq!(engine.test(&mut game, Score::DRAW, &limits), Some(true));
    /// assert_eq!(engine.test(&mut game, Score::win_in(5), &limits), Some(true));
    /// assert_eq!(engine.test(&mut game, Score::win_in(3), &limits), Some(false));
    /// // To a depth: within 4 plies no win is in sight.
    /// assert_eq!(engine.test(&mut game, Score::win_in(9), &limits.clone().with_depth(4)), Some(false));
    /// # Ok::<(), abprune::EngineError>(())
    /// ```
    ///
    /// # Panics
    /// If the search reaches a chance node ([`Game::chance_to_move`]).
    pub fn test<G>(&mut self, game: &mut G, threshold: Score, limits: &SearchLimits) -> Option<bool>
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
    {
        self.probe(game, threshold, limits).0.map(|value| value >= threshold)
    }

    /// [`Engine::test`] with more of its answer, for a caller that drives
    /// its own bisection (a solver that knows bounds the engine does not):
    /// the null-window search's fail-soft value (`>= threshold` when the
    /// value is at least `threshold`, and then the value is at least it;
    /// `< threshold` otherwise, and then the value is at most it), `None`
    /// when a limit stopped it first; and the search's counts, every
    /// thread's.
    ///
    /// # Panics
    /// If the search reaches a chance node ([`Game::chance_to_move`]).
    pub fn probe<G>(&mut self, game: &mut G, threshold: Score, limits: &SearchLimits) -> (Option<Score>, SearchStats)
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
    {
        let depth = limits.depth.unwrap_or(UNLIMITED_DEPTH);
        let plan = SearchPlan::exact(&self.options);
        let ((value, mut stats), helpers) = self.run(game, &mut NoTrace, limits, plan, |searcher| {
            let value = searcher.root(depth, threshold.pred(), threshold);
            (searcher.stopped.is_none().then_some(value), std::mem::take(&mut searcher.context.stats))
        });
        if helpers.chance_node {
            panic!("Engine::probe: {CHANCE_REFUSED}");
        }
        stats.accumulate(&helpers.stats);
        (value, stats)
    }
}

/// What a line to complete came from: a search to `depth` (a solve:
/// [`UNLIMITED_DEPTH`]) that found `value`, exact to the end of the game
/// when `proven`.
#[derive(Clone, Copy, Debug)]
struct LineToComplete {
    depth: u32,
    value: Score,
    proven: bool,
}
