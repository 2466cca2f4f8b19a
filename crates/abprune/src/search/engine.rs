//! The engine: alpha-beta made strong with the extensions the sources list.
//!
//! - a **transposition table** ([`crate::tt`]) with a budget in MiB;
//! - **window manipulation**: principal variation search, aspiration
//!   windows, MTD(f), and a null-window test usable on its own
//!   ([`Engine::test`]);
//! - **move ordering** ([`crate::ordering`]): the table's move, killers,
//!   the game's hints, history;
//! - **variable depth** through the game's shortcuts
//!   ([`Game::candidate_moves`], [`Game::score_bounds`]) and a quiescence
//!   search of its forcing moves at the horizon ([`Game::horizon`]);
//! - **iterative deepening** ([`Engine::search`]) under [`SearchLimits`],
//!   with a callback per completed iteration;
//! - an **exact solve mode** ([`Engine::solve`]) that bisects on the game's
//!   value with null-window searches, inside the range the game says is
//!   reachable;
//! - a **parallel search** ([`EngineOptions::threads`]): helper threads
//!   search beside the main one and share the table (Lazy SMP or ABDADA,
//!   [`super::parallel`]).
//!
//! Every result says whether its value is exact ([`EngineResult::exact`]) and
//! why the search ended ([`StopReason`]); nothing is random, so the same
//! search with the same limits (depth or nodes) on one thread gives the same
//! result. With more threads the value is the same (the value at the depth
//! searched, or the exact value), but the node counts, and among equally
//! good moves the one reported, depend on the threads' timing.
//!
//! # Threads
//!
//! [`Engine::search`], [`Engine::search_traced`], [`Engine::solve`] and
//! [`Engine::test`] ask `G: Game + Clone + Send` and `G::Move: Send`, whatever
//! the number of threads, so that a program does not change its types when
//! it changes [`EngineOptions::threads`]: each helper searches its own copy
//! of the position, made once per search (every game of `abprune-games` is
//! `Clone`; an explicit tree's game borrows its tree, which is fine: the
//! helpers live only during the search). [`Engine::search_depth`], the
//! textbook run behind [`crate::mtdf`], asks only `G: Game` and always
//! searches on one thread. An [`Observer`] sees the main thread's search
//! only.

use super::mtdf::mtdf_passes;
use super::parallel::{self, CrewReport, Helpers, MainThread, ParallelScheme, HELPER_LAUNCH_NODES};
use super::pv;
use super::searcher::{Searcher, Tables};
use super::selective::Selectivity;
use super::{Buffers, Context, SearchResult, UNLIMITED_DEPTH};
use crate::game::Ending;
use crate::limits::{Clock, SearchLimits, StopReason};
use crate::ordering::{History, Killers};
use crate::trace::{NoTrace, Observer};
use crate::tt::TranspositionTable;
use crate::{Game, Outcome, Score, SearchStats};
use std::fmt;
use std::time::{Duration, Instant};

/// How each iteration searches the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Fail-soft alpha-beta with the full window at every node. Named
    /// apart from the function [`crate::alphabeta`], which is Knuth and
    /// Moore's fail-hard `F2` (its value is clamped to the window); this
    /// variant, as [`crate::alphabeta_failsoft`], returns bounds beyond
    /// the window, which the table and MTD(f) need.
    FailSoftAlphaBeta,
    /// Principal variation search (NegaScout): null windows after the first move.
    Pvs,
    /// MTD(f): each iteration is a series of null-window searches, starting
    /// from the previous iteration's value.
    Mtdf,
}

impl Variant {
    /// The old name of [`Variant::FailSoftAlphaBeta`], kept so that code
    /// written against it still builds (patterns included).
    #[deprecated(note = "renamed FailSoftAlphaBeta, to keep it apart from the fail-hard `alphabeta` function")]
    #[allow(non_upper_case_globals)]
    pub const AlphaBeta: Variant = Variant::FailSoftAlphaBeta;
}

/// The engine's settings. `EngineOptions::default()` is the strongest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// How the root (and every node) is searched.
    pub variant: Variant,
    /// Transposition table budget in MiB; 0 turns the table off. A game
    /// whose [`Game::hash_key`] is `None` runs without it either way.
    pub table_mib: usize,
    /// Budget in KiB of the near-leaf table, a second table (shared by the
    /// threads, as the main one) for the nodes within [`EngineOptions::near_plies`] of the game's
    /// end (by [`Game::max_plies_left`] at the root, less the ply); 0 (the
    /// default): one table for every node. Why: a search of many millions
    /// of nodes spends most of them near the leaves, where each node is
    /// cheap and its entry is seldom worth much; in a table of the size of
    /// the processor's cache those nodes cost half what they cost in a
    /// large one, and they no longer evict the expensive entries near the
    /// root from the main table, which can then be large. (Private tables
    /// per thread were tried: the threads stopped sharing what they proved
    /// near the leaves, and 2 threads searched 1.2 times the nodes.)
    /// Measured on Connect Four (see the README). Needs the main table, and
    /// does nothing for a game without a bound on the plies left.
    pub near_table_kib: usize,
    /// How near the end a node must be to go to the near-leaf table: at
    /// most this many plies left.
    pub near_plies: u32,
    /// Try the killer moves of the ply early.
    pub killers: bool,
    /// Order by the history heuristic (games with [`Game::move_id`]).
    pub history: bool,
    /// Order by the game's [`Game::move_hint`].
    pub hints: bool,
    /// Half-width of the aspiration window around the previous iteration's
    /// value (iterative deepening with FailSoftAlphaBeta or Pvs only); `None`: off.
    pub aspiration: Option<i32>,
    /// Use the game's [`Game::candidate_moves`] (known values, candidates) and score bounds.
    pub rules_shortcuts: bool,
    /// Enhanced transposition cutoffs: before searching a node's moves, look
    /// up every child in the table for a bound that already refutes the node.
    pub enhanced_cutoffs: bool,
    /// When a node sorts its moves, start loading every child's table entry,
    /// so that the cache misses of the siblings overlap instead of coming
    /// one after the other; only for children in the main table, once it
    /// has grown out of the caches. It costs a play, a hash key and an undo
    /// per move: worth it for a game whose moves are cheap (Connect Four),
    /// not for one whose moves update much state.
    pub prefetch: bool,
    /// Quiescence search at the horizon: follow the game's forcing moves
    /// ([`Game::horizon`]) before trusting the static evaluation.
    pub quiescence: bool,
    /// Threads searching each position, the calling one included. 1 (the
    /// default) is the single-threaded search, deterministic node for node;
    /// more share the table (see [`super::parallel`]).
    pub threads: usize,
    /// How threads beyond the first share the work.
    pub parallel: ParallelScheme,
    /// With more than one thread, the main thread searches at least this
    /// many nodes alone before it starts the helpers, and for
    /// [`parallel::LAUNCH_COST_FACTOR`] times what starting them has cost
    /// in the engine's last searches: a search shorter than that runs on
    /// one thread. 0 starts them with the search.
    pub helpers_after_nodes: u64,
    /// The selective techniques of [`Engine::search`] (see
    /// [`super::selective`]): late move reductions, null-move pruning,
    /// futility pruning and razoring, move-count pruning, extensions and
    /// internal iterative reductions. All off by default, so that a search
    /// to depth `d` is a full-width search to depth `d`; a game tuned for
    /// play turns them on. [`Engine::solve`] and [`Engine::test`] never use
    /// them.
    pub selectivity: Selectivity,
    /// Complete the principal variation after the search (module
    /// `search::pv`), where the node search's line stops at a table hit or
    /// a null-window node: the line is walked on through the table, then
    /// proven move by move from the root by null-window searches that value
    /// each child as the node search did (mostly answered by the table at
    /// once). After [`Engine::search`] to depth `d`, the line reaches the
    /// horizon (and goes on through the quiescence search's forcing moves,
    /// ending where the side to move stands pat), a position without moves,
    /// or a finished game, and the position it reaches is worth the
    /// reported value by its static evaluation or its outcome: a won or
    /// lost value's line ends in the finished game at the stated distance.
    /// A strong [`Engine::solve`]'s line runs to the end of the game. So do
    /// [`Variant::Mtdf`]'s, the textbook [`crate::mtdf`]'s, and those of
    /// parallel searches (the completion runs on one thread, after the
    /// helpers have stopped). Each iteration's line ([`SearchInfo::pv`]) is
    /// the table's only. The completion runs on a searcher of its own: not
    /// counted in the result's statistics ([`EngineResult::line_nodes`]
    /// counts it), but in its time, under the search's stop flag and what
    /// is left of its time (none left: the table's line); its entries stay
    /// in the table. Where it cannot prove a whole line (a selective
    /// search, whose values depend on the window, is not tried; a position
    /// met at different depths may have been valued by a deeper search the
    /// table no longer holds), the line is the table's: legal move by
    /// move, as far as the table agrees with the value. On by default; off
    /// in [`EngineOptions::textbook`], and for a solver that reports only
    /// the value and the move.
    pub whole_pv: bool,
}

/// The default table budget: 64 MiB.
pub const DEFAULT_TABLE_MIB: usize = 64;
/// The default of [`EngineOptions::near_plies`]: in Connect Four solves
/// from the opening (Test_L1_R3), 15, 17 and 19 did equally well; these
/// nodes are most of the tree and few cost more than a few thousand nodes.
pub const DEFAULT_NEAR_PLIES: u32 = 17;
/// The largest table budget accepted: 1 TiB, far above any real machine,
/// so that a typo is caught instead of an allocation failure.
pub const MAX_TABLE_MIB: usize = 1 << 20;

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            variant: Variant::Pvs,
            table_mib: DEFAULT_TABLE_MIB,
            near_table_kib: 0,
            near_plies: DEFAULT_NEAR_PLIES,
            killers: true,
            history: true,
            hints: true,
            aspiration: None,
            rules_shortcuts: true,
            enhanced_cutoffs: false,
            prefetch: false,
            quiescence: true,
            threads: 1,
            parallel: ParallelScheme::default(),
            helpers_after_nodes: HELPER_LAUNCH_NODES,
            selectivity: Selectivity::NONE,
            whole_pv: true,
        }
    }
}

impl EngineOptions {
    /// Plain fail-soft alpha-beta with a small table and no other
    /// enhancement: the baseline the enhancements are measured against.
    pub fn textbook() -> Self {
        EngineOptions {
            variant: Variant::FailSoftAlphaBeta,
            table_mib: 1,
            near_table_kib: 0,
            near_plies: DEFAULT_NEAR_PLIES,
            killers: false,
            history: false,
            hints: false,
            aspiration: None,
            rules_shortcuts: false,
            enhanced_cutoffs: false,
            prefetch: false,
            quiescence: false,
            threads: 1,
            parallel: ParallelScheme::default(),
            helpers_after_nodes: HELPER_LAUNCH_NODES,
            selectivity: Selectivity::NONE,
            whole_pv: false,
        }
    }

    /// Checks that the options make sense together.
    ///
    /// # Errors
    /// Names the combination that does not work.
    pub fn validate(&self) -> Result<(), EngineError> {
        if self.threads == 0 {
            return Err(EngineError::InvalidOptions(
                "threads must be at least 1 (1 is the single-threaded search), not 0".into(),
            ));
        }
        if self.threads > parallel::MAX_THREADS {
            return Err(EngineError::InvalidOptions(format!(
                "{} threads is beyond the limit of {}",
                self.threads,
                parallel::MAX_THREADS
            )));
        }
        if self.table_mib > MAX_TABLE_MIB {
            return Err(EngineError::InvalidOptions(format!(
                "a table of {} MiB is beyond the limit of {MAX_TABLE_MIB} MiB",
                self.table_mib
            )));
        }
        if self.near_table_kib > 0 && self.table_mib == 0 {
            return Err(EngineError::InvalidOptions(
                "a near-leaf table needs the main table: table_mib 0 turns the tables off".into(),
            ));
        }
        if self.near_table_kib > MAX_TABLE_MIB.saturating_mul(1024) {
            return Err(EngineError::InvalidOptions(format!(
                "a near-leaf table of {} KiB is beyond the limit of {MAX_TABLE_MIB} MiB",
                self.near_table_kib
            )));
        }
        if self.selectivity.futility_margin <= 0 {
            return Err(EngineError::InvalidOptions(format!(
                "the futility margin must be positive, not {}",
                self.selectivity.futility_margin
            )));
        }
        match self.aspiration {
            Some(width) if width <= 0 => {
                Err(EngineError::InvalidOptions(format!("the aspiration half-width must be positive, not {width}")))
            }
            Some(_) if self.variant == Variant::Mtdf => Err(EngineError::InvalidOptions(
                "aspiration windows do not combine with MTD(f), which sets its own null windows".into(),
            )),
            _ => Ok(()),
        }
    }
}

/// Why the engine refused to start, or could not answer: one kind per
/// cause, so that a caller can match on what went wrong (and print it: the
/// `Display` text says what and why).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineError {
    /// The options are out of range or do not combine
    /// ([`EngineOptions::validate`]); the text names the option.
    InvalidOptions(String),
    /// The allocator refused a table's memory; the engine searches without
    /// tables.
    OutOfMemory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// A solve was asked of an engine with aspiration windows, which apply
    /// to iterative deepening only.
    AspirationInSolve,
    /// A solve was asked of a game whose ends are static evaluations
    /// ([`Ending::Heuristic`]): refused before searching.
    HeuristicGame,
    /// A solve met positions valued by static evaluation (positions without
    /// moves that the rules do not finish): its value would not be proven.
    StaticEvaluation,
    /// The game's margins ([`Ending::Margin`]) are no range within
    /// `±Score::MAX_EVAL`.
    InvalidMargins {
        /// The lowest margin the game gave.
        lowest: i32,
        /// The highest.
        highest: i32,
    },
    /// A solve met a finished position whose outcome the game's declared
    /// ending ([`Game::ending`]) does not allow: a margin outside
    /// [`Ending::Margin`]'s range (from the finished position's side to
    /// move), a win or loss in a margin game, a margin in a
    /// [`Ending::WinLossDraw`] game. The solve's value would rest on it (a
    /// margin beyond the range cannot be bisected on), so there is none.
    UndeclaredEnding {
        /// The finished position's outcome, from its side to move.
        outcome: Outcome,
        /// What the game declared.
        declared: Ending,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::InvalidOptions(reason) => f.write_str(reason),
            EngineError::OutOfMemory { bytes } => {
                write!(f, "{}", crate::tt::TableAllocError { bytes: *bytes })
            }
            EngineError::AspirationInSolve => {
                f.write_str("aspiration windows apply to iterative deepening, not to solving")
            }
            EngineError::HeuristicGame => f.write_str(
                "solving needs a game that ends in wins, losses and draws or in margins, but this game says its ends are static evaluations (Game::ending is Heuristic)",
            ),
            EngineError::StaticEvaluation => f.write_str(
                "solving needs a game that ends in wins, losses and draws, but the search met positions with a static evaluation",
            ),
            EngineError::InvalidMargins { lowest, highest } => write!(
                f,
                "the game's margins {lowest} to {highest} are not a range within ±{}",
                Score::MAX_EVAL
            ),
            EngineError::UndeclaredEnding { outcome, declared } => write!(
                f,
                "a finished position ended in {outcome}, which the game's declared ending does not allow: {declared} (Game::ending); no value can rest on it"
            ),
        }
    }
}

impl std::error::Error for EngineError {}

/// What the engine reports after each completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// Its value.
    pub value: Score,
    /// Nodes so far, over all iterations.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// Nodes per second so far.
    pub nodes_per_second: u64,
    /// Its principal variation, walked on through the table (probes only:
    /// cheap at every iteration); the result's line ([`EngineResult::pv`])
    /// is completed further.
    pub pv: Vec<M>,
    /// True when the value is exact to the end of the game.
    pub exact: bool,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineResult<M> {
    /// The value for the side to move at the root. Exact when `exact`;
    /// otherwise the value of the deepest completed iteration.
    pub value: Score,
    /// True when `value` is the game-theoretic value.
    pub exact: bool,
    /// For a decided game, how many plies to its end under best play.
    pub plies_to_end: Option<u32>,
    /// The best move (from a completed iteration); `None` only when the root
    /// has no moves.
    pub best_move: Option<M>,
    /// The principal variation of the last completed iteration, completed
    /// after the search ([`EngineOptions::whole_pv`]): legal move by move,
    /// and as a rule whole: to the horizon or the end of the game, ending
    /// where the position's static evaluation or outcome is `value` (to
    /// the end of the game after a strong solve); the table's line where
    /// the completion cannot prove more (see [`EngineOptions::whole_pv`]).
    pub pv: Vec<M>,
    /// The deepest completed iteration (for a solve, the depth is unlimited
    /// and this is 0).
    pub depth: u32,
    /// Why the search ended.
    pub stop_reason: StopReason,
    /// Counts summed over all iterations and passes (and threads).
    pub stats: SearchStats,
    /// Wall time (until the last helper thread has returned).
    pub elapsed: Duration,
    /// True after a weak solve ([`SolveMode::Weak`]): only the sign of
    /// `value` is meaningful (a win's distance, or a margin's size, was
    /// not computed). [`EngineResult::value_text`] prints it so.
    pub weak: bool,
    /// Nodes searched after the search to complete `pv`
    /// ([`EngineOptions::whole_pv`]): not in `stats`, which count the
    /// search alone (so that a line's completion changes no count a
    /// measurement compares), but in `elapsed`.
    pub line_nodes: u64,
}

impl<M> EngineResult<M> {
    /// The value as a person reads it: `win`, `draw` or `loss` after a weak
    /// solve, whose distances and margins are not computed and so not
    /// printed (the `Display` of [`Score`] would print the placeholder
    /// distance, `win in N`, as if it were known); the value's own
    /// `Display` otherwise (`win in 7`, `loss in 4`, a margin or an
    /// evaluation).
    pub fn value_text(&self) -> String {
        if !self.weak {
            return self.value.to_string();
        }
        match self.value.get().signum() {
            1 => "win".to_string(),
            -1 => "loss".to_string(),
            _ => "draw".to_string(),
        }
    }
}

/// What a solve is asked to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolveMode {
    /// The exact value, distance to the end included.
    Strong,
    /// Only win, draw or loss: the value is `Score::win_in(n)`,
    /// `Score::DRAW` or `Score::loss_in(n)` for some `n` not computed.
    Weak,
}

/// What the near-leaf table uses of its budget after a clear, until
/// pressure makes it grow: a small search then keeps both tables within
/// about a core's cache. Measured on Connect Four's Test_L1_R1 (3,300
/// nodes a position), same run: 370 us a position against 420 us when the
/// near-leaf table started at 1 MiB (a single 1 MiB table: 356 us); the
/// first 100 of Test_L1_R2 3% faster, with 1% more nodes.
pub const NEAR_TABLE_INITIAL_KIB: usize = 256;

/// The search engine: options, the table and the ordering statistics, kept
/// between searches (the helper threads' own statistics too; the threads
/// themselves live only during a search). See the [module
/// documentation](self) for what more threads ask of a game.
#[derive(Debug)]
pub struct Engine<M> {
    options: EngineOptions,
    table: Option<TranspositionTable>,
    /// The near-leaf table ([`EngineOptions::near_table_kib`]).
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

    /// Makes the tables the options ask for, if they are not made yet: the
    /// whole budget, its memory touched now (a search does this by itself
    /// when it first meets a game with a hash key; call this to pay the
    /// cost, and learn of a refusal, before the first search).
    ///
    /// # Errors
    /// When the allocator refuses a table's memory; the engine then
    /// searches without tables.
    pub fn allocate_tables(&mut self) -> Result<(), EngineError> {
        let out_of_memory = |error: crate::tt::TableAllocError| EngineError::OutOfMemory { bytes: error.bytes };
        let made = self.make_tables();
        if made.is_err() {
            self.tables_refused = true;
        }
        made.map_err(out_of_memory)
    }

    fn make_tables(&mut self) -> Result<(), crate::tt::TableAllocError> {
        if self.table.is_none() && self.options.table_mib > 0 {
            self.table = Some(TranspositionTable::try_with_mib(self.options.table_mib)?);
        }
        if self.near.is_none() && self.options.near_table_kib > 0 && self.options.table_mib > 0 {
            let kib = self.options.near_table_kib;
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
        if !self.tables_refused && self.table.is_none() && self.options.table_mib > 0 && game.hash_key().is_some() {
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
    ) -> Searcher<'a, G, O> {
        let buffers = std::mem::take(&mut self.buffers);
        Searcher::new(
            Context::with_buffers(game, observer, buffers),
            &self.options,
            Tables { main: self.table.as_ref(), near: self.near.as_ref() },
            &mut self.killers,
            &mut self.history,
            Clock::start(limits),
        )
    }

    /// Runs `drive` on the main thread's searcher: alone with one thread;
    /// with more, beside helpers ([`parallel::run`]). The helpers' counts
    /// come back in the report.
    fn run<G, O, R>(
        &mut self,
        game: &mut G,
        observer: &mut O,
        limits: &SearchLimits,
        drive: impl FnOnce(&mut Searcher<'_, G, O>) -> R,
    ) -> (R, CrewReport)
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
        O: Observer<M>,
    {
        self.prepare(game);
        if self.options.threads == 1 {
            let started = Instant::now();
            let (outcome, buffers, undeclared) = {
                let mut searcher = self.searcher(game, observer, limits);
                let outcome = drive(&mut searcher);
                let undeclared = searcher.undeclared;
                (outcome, searcher.context.into_buffers(), undeclared)
            };
            self.buffers = buffers;
            let report = CrewReport { elapsed: started.elapsed(), undeclared, ..CrewReport::default() };
            self.forget_undeclared(&report);
            return (outcome, report);
        }
        let main = MainThread {
            options: &self.options,
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
    /// ending does not allow, forgets what the table learnt: entries that
    /// rest on it would answer a later search without it meeting the
    /// position again, and so without the error.
    fn forget_undeclared(&mut self, report: &CrewReport) {
        if report.undeclared.is_some() {
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
    /// let mut engine = Engine::new(EngineOptions { table_mib: 1, ..EngineOptions::default() })?;
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
    /// let mut engine = Engine::new(EngineOptions { table_mib: 0, ..EngineOptions::default() })?;
    /// let mut game = Take { left: 10_000, to_move: Player::First };
    /// let result = engine.search(&mut game, &SearchLimits::none().with_stop_flag(stop), |_| {});
    /// stopper.join().unwrap();
    /// assert_eq!(result.stop_reason, StopReason::Stopped);
    /// assert!(result.best_move.is_some(), "a stopped search still has a legal move");
    /// # Ok::<(), abprune::EngineError>(())
    /// ```
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
        let (mut result, helpers) = self.run(game, observer, limits, |searcher| deepen(searcher, limits, on_iteration));
        result.stats.accumulate(&helpers.stats);
        result.elapsed = helpers.elapsed;
        if self.completes_lines() && result.depth > 0 {
            let line = LineToComplete { depth: result.depth, value: result.value, proven: result.exact };
            let (nodes, time) = self.complete_line(game, &mut result.pv, line, limits, result.elapsed);
            result.line_nodes = nodes;
            result.elapsed += time;
        }
        if result.best_move.is_none() {
            result.best_move = result.pv.first().copied();
        }
        result
    }

    /// Whether a search's line is completed by searches after it
    /// ([`EngineOptions::whole_pv`]): not after a selective search, whose
    /// values depend on the window each node is searched with, so that no
    /// test can tell which child made the value (its line is the table's).
    fn completes_lines(&self) -> bool {
        self.options.whole_pv && !self.options.selectivity.any()
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
    pub fn search_depth<G: Game<Move = M>, O: Observer<M>>(
        &mut self,
        game: &mut G,
        depth: u32,
        guess: Score,
        observer: &mut O,
    ) -> SearchResult<M> {
        self.prepare(game);
        let mut result = {
            let mut searcher = self.searcher(game, observer, &SearchLimits::none());
            let value = iteration(&mut searcher, depth, guess);
            searcher.context.finish(value)
        };
        if self.completes_lines() && depth > 0 {
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
    /// let mut engine = Engine::new(EngineOptions { table_mib: 1, ..EngineOptions::default() })?;
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
    /// outcome of the other kind), which leaves no value to report.
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
        if self.options.aspiration.is_some() {
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
        // Exact answers never rest on a selective technique.
        let selectivity = std::mem::replace(&mut self.options.selectivity, Selectivity::NONE);
        let (solved, helpers) = self.run(game, &mut NoTrace, limits, |searcher| bisect(searcher, &ladder, mode));
        let result = solved.and_then(|mut result| {
            if let Some(outcome) = helpers.undeclared {
                return Err(EngineError::UndeclaredEnding { outcome, declared: ending });
            }
            if helpers.evaluations > 0 {
                return Err(EngineError::StaticEvaluation);
            }
            result.stats.accumulate(&helpers.stats);
            result.elapsed = helpers.elapsed;
            if result.exact && mode == SolveMode::Strong && self.options.whole_pv {
                let line = LineToComplete { depth: UNLIMITED_DEPTH, value: result.value, proven: true };
                let (nodes, time) = self.complete_line(game, &mut result.pv, line, limits, result.elapsed);
                result.line_nodes = nodes;
                result.elapsed += time;
            }
            Ok(result)
        });
        self.options.selectivity = selectivity;
        result
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
    /// let mut engine = Engine::new(EngineOptions { table_mib: 1, ..EngineOptions::default() })?;
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
    pub fn test<G>(&mut self, game: &mut G, threshold: Score, limits: &SearchLimits) -> Option<bool>
    where
        G: Game<Move = M> + Clone + Send,
        M: Send,
    {
        let depth = limits.depth.unwrap_or(UNLIMITED_DEPTH);
        let selectivity = std::mem::replace(&mut self.options.selectivity, Selectivity::NONE);
        let (answer, _) = self.run(game, &mut NoTrace, limits, |searcher| {
            let value = searcher.root(depth, threshold.pred(), threshold);
            searcher.stopped.is_none().then_some(value >= threshold)
        });
        self.options.selectivity = selectivity;
        answer
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

/// Iterative deepening on `searcher` (see [`Engine::search`]).
fn deepen<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    limits: &SearchLimits,
    mut on_iteration: impl FnMut(&SearchInfo<G::Move>),
) -> EngineResult<G::Move> {
    let max_depth = limits.depth.unwrap_or(UNLIMITED_DEPTH);
    let mut last: Option<(u32, Score, Vec<G::Move>, bool)> = None;
    let mut reason = StopReason::DepthLimit;
    let mut depth = 1;
    while depth <= max_depth {
        let (unproven_before, horizons_before) = (searcher.unproven, searcher.horizons);
        let guess = last.as_ref().map_or(Score::DRAW, |(_, value, _, _)| *value);
        let value = iteration(searcher, depth, guess);
        if let Some(stopped) = searcher.stopped {
            reason = stopped;
            break;
        }
        // An ending the game did not declare proves nothing.
        let exact = searcher.unproven == unproven_before && searcher.undeclared.is_none();
        let mut pv = searcher.context.root_pv();
        if searcher.options.whole_pv {
            pv::extend_from_table(searcher, &mut pv, depth, value, exact);
        }
        let elapsed = searcher.clock().elapsed();
        let nodes = searcher.total_nodes();
        on_iteration(&SearchInfo {
            depth,
            value,
            nodes,
            elapsed,
            nodes_per_second: per_second(nodes, elapsed),
            pv: pv.clone(),
            exact,
        });
        last = Some((depth, value, pv, exact));
        if exact {
            reason = StopReason::Solved;
            break;
        }
        if searcher.horizons == horizons_before {
            // No line met the horizon: deeper iterations would repeat this one.
            reason = StopReason::Complete;
            break;
        }
        depth += 1;
    }
    let elapsed = searcher.clock().elapsed();
    let fallback_move = if last.is_none() { legal_root_move(searcher) } else { None };
    let stats = std::mem::take(&mut searcher.context.stats);
    let (depth, value, pv, exact) = last.unwrap_or((0, Score::DRAW, fallback_move.into_iter().collect(), false));
    EngineResult {
        value,
        exact,
        plies_to_end: value.plies_to_end().filter(|_| exact),
        best_move: pv.first().copied().or(fallback_move),
        pv,
        depth,
        stop_reason: reason,
        stats,
        elapsed,
        weak: false,
        line_nodes: 0,
    }
}

/// A legal move of the root (the first generated), for a search stopped
/// before it completed an iteration; `None` when the game is over or has
/// no moves. Generated afresh: a search stopped at its root's entry has
/// not expanded it, and the buffers may hold another position's moves.
fn legal_root_move<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<'_, G, O>) -> Option<G::Move> {
    if searcher.context.game.outcome().is_some() {
        return None;
    }
    let mut moves = Vec::new();
    searcher.context.game.generate_moves(&mut moves);
    moves.first().copied()
}

/// The solve's bisection on `searcher` (see [`Engine::solve`]).
fn bisect<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    ladder: &ValueLadder,
    mode: SolveMode,
) -> Result<EngineResult<G::Move>, EngineError> {
    let (mut low, mut high) = match mode {
        SolveMode::Strong => (ladder.lowest(), ladder.highest()),
        SolveMode::Weak => (-1, 1),
    };
    let mut best: Option<(G::Move, Vec<G::Move>)> = None;
    let clamp = |rung: i64| if mode == SolveMode::Weak { rung.clamp(-1, 1) } else { rung };
    while low < high && searcher.stopped.is_none() {
        let middle = probe_point(low, high);
        let threshold = ladder.score(middle + 1);
        let value = searcher.root(UNLIMITED_DEPTH, threshold.pred(), threshold);
        if searcher.stopped.is_some() {
            break;
        }
        if value >= threshold {
            // The value is at least `value` (fail-soft), so at least its rung.
            low = (middle + 1).max(clamp(ladder.rung_at_least(value)));
            best = searcher.context.root_pv().first().map(|&mv| (mv, searcher.context.root_pv()));
        } else {
            high = middle.min(clamp(ladder.rung_at_most(value)));
        }
    }
    if let Some(outcome) = searcher.undeclared {
        return Err(EngineError::UndeclaredEnding { outcome, declared: searcher.ending });
    }
    if searcher.evaluations > 0 {
        return Err(EngineError::StaticEvaluation);
    }
    let solved = searcher.stopped.is_none();
    if solved && best.is_none() {
        // No probe failed high: every move is worth the lowest rung; one
        // more probe at it finds a move that reaches it.
        let threshold = ladder.score(low);
        searcher.root(UNLIMITED_DEPTH, threshold.pred(), threshold);
        best = searcher.context.root_pv().first().map(|&mv| (mv, searcher.context.root_pv()));
    }
    let elapsed = searcher.clock().elapsed();
    let value = ladder.score(low);
    let fallback = if best.is_none() { legal_root_move(searcher) } else { None };
    let (best_move, pv) = match best {
        Some((mv, pv)) => (Some(mv), pv),
        None => (fallback, fallback.into_iter().collect()),
    };
    let stopped = searcher.stopped;
    let stats = std::mem::take(&mut searcher.context.stats);
    Ok(EngineResult {
        value,
        exact: solved,
        plies_to_end: if solved && mode == SolveMode::Strong { value.plies_to_end() } else { None },
        best_move,
        pv,
        depth: 0,
        stop_reason: stopped.unwrap_or(StopReason::Solved),
        stats,
        elapsed,
        weak: mode == SolveMode::Weak,
        line_nodes: 0,
    })
}

/// The result of a solve whose root is a finished game: the rules' own
/// value, no move, no line.
fn finished_root<M>(outcome: Outcome, mode: SolveMode) -> EngineResult<M> {
    let value = outcome.score(0);
    EngineResult {
        value,
        exact: true,
        plies_to_end: if mode == SolveMode::Strong { value.plies_to_end() } else { None },
        best_move: None,
        pv: Vec::new(),
        depth: 0,
        stop_reason: StopReason::Solved,
        stats: SearchStats::default(),
        elapsed: Duration::ZERO,
        weak: mode == SolveMode::Weak,
        line_nodes: 0,
    }
}

/// One iteration of iterative deepening at `depth`, by the engine's variant.
fn iteration<G: Game, O: Observer<G::Move>>(searcher: &mut Searcher<'_, G, O>, depth: u32, guess: Score) -> Score {
    match searcher.options.variant {
        Variant::Mtdf => {
            // The move to report comes from a pass that failed high: it is
            // proven to reach the lower bound, which the final value equals.
            let mut proven_line = Vec::new();
            let value = mtdf_passes(guess, |alpha, beta| {
                let value = searcher.root(depth, alpha, beta);
                if value >= beta {
                    proven_line = searcher.context.root_pv();
                }
                searcher.stopped.is_none().then_some(value)
            })
            .unwrap_or(Score::DRAW);
            searcher.context.set_root_pv(proven_line);
            value
        }
        Variant::FailSoftAlphaBeta | Variant::Pvs => match searcher.options.aspiration {
            Some(width) if depth > 1 && guess.is_heuristic() => aspiration(searcher, depth, guess, width),
            _ => searcher.root(depth, -Score::INFINITY, Score::INFINITY),
        },
    }
}

/// Searches a window of `±width` around `guess` first; on a fail, opens
/// the failing side completely and searches again.
fn aspiration<G: Game, O: Observer<G::Move>>(
    searcher: &mut Searcher<'_, G, O>,
    depth: u32,
    guess: Score,
    width: i32,
) -> Score {
    let clamp = |raw: i64| Score::try_new(raw).unwrap_or(if raw < 0 { -Score::INFINITY } else { Score::INFINITY });
    let mut alpha = clamp(i64::from(guess.get()) - i64::from(width));
    let mut beta = clamp(i64::from(guess.get()) + i64::from(width));
    loop {
        let value = searcher.root(depth, alpha, beta);
        if searcher.stopped.is_some() || (alpha < value && value < beta) {
            return value;
        }
        if value <= alpha {
            alpha = -Score::INFINITY;
        } else {
            beta = Score::INFINITY;
        }
        if alpha == -Score::INFINITY && beta == Score::INFINITY {
            return searcher.root(depth, alpha, beta);
        }
    }
}

/// Where to probe between `low` and `high` (rungs, `low < high`): the
/// middle, unless half of the range's end on the middle's side lies further
/// out; then there. A null-window test far from the true value is cheap to
/// answer (a quick win or loss is quickly refuted), so the early probes cut
/// the range where it costs little, and the expensive probes near the true
/// value come last, with a warm table.
fn probe_point(low: i64, high: i64) -> i64 {
    let middle = low + (high - low).div_euclid(2);
    if middle <= 0 && low / 2 < middle {
        low / 2
    } else if middle >= 0 && high / 2 > middle {
        high / 2
    } else {
        middle
    }
}

/// The possible exact values of a finished game, as consecutive integers
/// ("rungs"): the quickest loss is the lowest, a draw is 0, the quickest win
/// the highest. With wins at distances `1, 1 + stride, ...` and losses at
/// `stride, 2 * stride, ...`, none beyond the plies left, a win in `k` plies
/// is rung `wins - (k - 1) / stride` and a loss in `k` rung
/// `-(losses - k / stride + 1)`. The stride is 2 when wins only come on the
/// winner's own moves (odd distances for the side to move, even ones for its
/// losses) and 1 otherwise. Leaving out the impossible values saves the
/// bisection about one null-window probe per solve, and with them out its
/// probes on Connect Four are the reference solver's, score for score.
///
/// A game that ends in margins ([`Ending::Margin`]) has the root's
/// possible margins for rungs ([`Ending::root_margins`]), the rung `n`
/// being `Score::new(n)`, with at least -1 and 1 among them so that a weak
/// solve (rungs -1, 0, 1) asks the sign, and one more at each end that
/// only an undeclared ending can reach.
struct ValueLadder {
    wins: i64,
    losses: i64,
    stride: i64,
    margins: bool,
}

impl ValueLadder {
    fn new(max_plies_left: Option<u32>, winner_moves_last: bool) -> Self {
        let plies = max_plies_left.map_or(Score::MAX_PLY, |plies| plies.min(Score::MAX_PLY as u32) as i32);
        let plies = i64::from(plies.max(1));
        let stride = if winner_moves_last { 2 } else { 1 };
        ValueLadder { wins: (plies + stride - 1) / stride, losses: plies / stride, stride, margins: false }
    }

    /// The ladder of a game whose finished positions are worth `lowest`
    /// to `highest` to their side to move: the root's values, which are
    /// that range or its mirror image by who is to move at the end
    /// ([`Ending::root_margins`]).
    fn margins(lowest: i32, highest: i32) -> Result<Self, EngineError> {
        if lowest > highest || lowest < -Score::MAX_EVAL || highest > Score::MAX_EVAL {
            return Err(EngineError::InvalidMargins { lowest, highest });
        }
        let (lowest, highest) = (lowest.min(-highest), highest.max(-lowest));
        // One rung beyond each end: a root that fails high (low) there can
        // only rest on a finished position outside the declared range, and
        // the search that proves it meets one, which makes the solve fail
        // (without these rungs the bisection would stop at the end and call
        // it exact).
        let (lowest, highest) = (lowest.min(-1).saturating_sub(1), highest.max(1).saturating_add(1));
        let (lowest, highest) = (i64::from(lowest.max(-Score::MAX_EVAL)), i64::from(highest.min(Score::MAX_EVAL)));
        Ok(ValueLadder { wins: highest, losses: -lowest, stride: 1, margins: true })
    }

    fn lowest(&self) -> i64 {
        -self.losses
    }

    fn highest(&self) -> i64 {
        self.wins
    }

    /// The score of a rung.
    fn score(&self, rung: i64) -> Score {
        let rung = rung.clamp(self.lowest(), self.highest());
        if self.margins {
            return Score::new(rung as i32);
        }
        match rung.signum() {
            1 => Score::win_in((self.stride * (self.wins - rung) + 1) as u32),
            -1 => Score::loss_in((self.stride * (self.losses + rung + 1)) as u32),
            _ => Score::DRAW,
        }
    }

    /// The highest rung whose score is at most `score` (the lowest rung if none).
    fn rung_at_most(&self, score: Score) -> i64 {
        let (mut low, mut high) = (self.lowest(), self.highest());
        while low < high {
            let middle = low + (high - low + 1) / 2;
            if self.score(middle) <= score {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        low
    }

    /// The lowest rung whose score is at least `score` (the highest rung if none).
    fn rung_at_least(&self, score: Score) -> i64 {
        let (mut low, mut high) = (self.lowest(), self.highest());
        while low < high {
            let middle = low + (high - low) / 2;
            if self.score(middle) >= score {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        low
    }
}

fn per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_round_trips_and_orders() {
        for (plies, winner_moves_last) in [(10, false), (10, true), (9, true), (1, true)] {
            let ladder = ValueLadder::new(Some(plies), winner_moves_last);
            let mut previous = -Score::INFINITY;
            for rung in ladder.lowest()..=ladder.highest() {
                let score = ladder.score(rung);
                assert!(score > previous, "rung {rung}");
                assert_eq!(ladder.rung_at_most(score), rung);
                assert_eq!(ladder.rung_at_least(score), rung);
                previous = score;
            }
            assert_eq!(ladder.score(ladder.highest()), Score::win_in(1));
        }
        let plain = ValueLadder::new(Some(10), false);
        assert_eq!((plain.lowest(), plain.highest()), (-10, 10));
        assert_eq!(
            (plain.score(-1), plain.score(-10), plain.score(1)),
            (Score::loss_in(10), Score::loss_in(1), Score::win_in(10))
        );
        // With 9 plies left and the winner moving last, a loss takes 8 plies at most.
        let odd = ValueLadder::new(Some(9), true);
        assert_eq!((odd.lowest(), odd.highest()), (-4, 5));
        assert_eq!(
            (odd.score(-1), odd.score(-4), odd.score(1)),
            (Score::loss_in(8), Score::loss_in(2), Score::win_in(9))
        );
        let strided = ValueLadder::new(Some(10), true);
        assert_eq!(
            (strided.score(1), strided.score(-1), strided.score(-5)),
            (Score::win_in(9), Score::loss_in(10), Score::loss_in(2))
        );
        // An impossible value (a win in 4) rounds to its possible neighbours.
        assert_eq!(strided.rung_at_least(Score::win_in(4)), strided.rung_at_most(Score::win_in(3)));
        assert_eq!(strided.rung_at_most(Score::win_in(4)), strided.rung_at_least(Score::win_in(5)));
    }

    #[test]
    fn margin_ladders_cover_both_views_and_one_rung_beyond() {
        // Ends worth 1 to 7 to their side to move: the root may be worth -7 to 7.
        let ladder = ValueLadder::margins(1, 7).unwrap();
        assert_eq!((ladder.lowest(), ladder.highest()), (-8, 8));
        let ladder = ValueLadder::margins(-64, 64).unwrap();
        assert_eq!((ladder.lowest(), ladder.highest()), (-65, 65));
        let ladder = ValueLadder::margins(0, 0).unwrap();
        assert_eq!((ladder.lowest(), ladder.highest()), (-2, 2));
        assert_eq!(ValueLadder::margins(3, 2).err(), Some(EngineError::InvalidMargins { lowest: 3, highest: 2 }));
    }

    #[test]
    fn probes_stay_inside_the_range() {
        for low in -20..20 {
            for high in low + 1..=20 {
                let point = probe_point(low, high);
                assert!(low <= point && point < high, "{low} {high} -> {point}");
            }
        }
        assert_eq!(probe_point(-18, 18), -9);
        assert_eq!(probe_point(-1, 1), 0);
        assert_eq!(probe_point(0, 18), 9);
    }

    #[test]
    #[allow(deprecated)]
    fn the_old_variant_name_is_the_fail_soft_variant() {
        assert_eq!(Variant::AlphaBeta, Variant::FailSoftAlphaBeta);
        assert!(matches!(Variant::FailSoftAlphaBeta, Variant::AlphaBeta));
    }

    #[test]
    fn impossible_combinations_are_named() {
        let mtdf_with_aspiration = EngineOptions { variant: Variant::Mtdf, aspiration: Some(20), ..Default::default() };
        assert!(mtdf_with_aspiration.validate().unwrap_err().to_string().contains("MTD(f)"));
        let huge = EngineOptions { table_mib: usize::MAX, ..Default::default() };
        assert!(huge.validate().is_err());
        assert!(EngineOptions { aspiration: Some(0), ..Default::default() }.validate().is_err());
        let near_alone = EngineOptions { table_mib: 0, near_table_kib: 64, ..Default::default() };
        assert!(near_alone.validate().unwrap_err().to_string().contains("near-leaf table needs the main table"));
        let huge_near = EngineOptions { near_table_kib: usize::MAX, ..Default::default() };
        assert!(huge_near.validate().unwrap_err().to_string().contains("near-leaf"));
        assert!(EngineOptions { near_table_kib: 64, ..Default::default() }.validate().is_ok());
        assert!(EngineOptions::default().validate().is_ok());
    }
}
