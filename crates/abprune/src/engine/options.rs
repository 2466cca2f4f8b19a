//! The engine's settings: what every search of an [`super::engine::Engine`]
//! is asked to do ([`EngineOptions`], the [`Variant`] of the node search,
//! the [`ParallelScheme`] of its threads), with their defaults and limits,
//! and the check that they combine. At the bottom of the engine's files:
//! the node searcher, the drivers and the engine read them; they know
//! none of those.

use super::error::EngineError;
use super::selective::{Selectivity, MAX_ATTACK_RELIEF, PLY_FRACTIONS};
use crate::limits::CHECK_INTERVAL;

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

/// The engine's settings, in groups: the tables, the move ordering, the
/// shape of the node search, the parallel search and what is reported.
/// `EngineOptions::default()` is the strongest. Not exhaustive, so that a
/// new setting breaks no user: build it from [`EngineOptions::default`] or
/// [`EngineOptions::textbook`] with the `with_*` methods, as in
/// `EngineOptions::default().with_threads(2).with_table_mib(64)`; every
/// field stays readable (and writable) by its group, `options.parallel.threads`.
///
/// ```
/// use abprune::EngineOptions;
///
/// let options = EngineOptions::default().with_threads(2).with_table_mib(64);
/// assert_eq!((options.parallel.threads, options.table.mib), (2, 64));
/// assert!(options.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EngineOptions {
    /// The transposition tables: their budgets and how they are read.
    pub table: TableOptions,
    /// The move ordering: killers, history and the game's hints.
    pub ordering: OrderingOptions,
    /// The shape of the node search: the variant, the window, the game's
    /// shortcuts, the quiescence search and the selective techniques.
    pub shape: ShapeOptions,
    /// The parallel search: how many threads, how they share the work.
    pub parallel: ParallelOptions,
    /// What the search reports beyond its value: the line and the move of
    /// a stopped iteration.
    pub reporting: ReportingOptions,
}

/// The transposition tables of [`EngineOptions::table`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TableOptions {
    /// Transposition table budget in MiB; 0 turns the table off. A game
    /// whose [`crate::Game::hash_key`] is `None` runs without it either way.
    pub mib: usize,
    /// Budget in KiB of the near-leaf table, a second table (shared by the
    /// threads, as the main one) for the nodes within [`TableOptions::near_plies`] of the game's
    /// end (by [`crate::Game::max_plies_left`] at the root, less the ply); 0 (the
    /// default): one table for every node. Why: a search of many millions
    /// of nodes spends most of them near the leaves, where each node is
    /// cheap and its entry is seldom worth much; in a table of the size of
    /// the processor's cache those nodes cost half what they cost in a
    /// large one, and they no longer evict the expensive entries near the
    /// root from the main table, which can then be large. (Private tables
    /// per thread were tried: the threads stopped sharing what they proved
    /// near the leaves, and 2 threads searched 1.2 times the nodes.)
    /// Measured on Connect Four (see docs/connect4.md). Needs the main table, and
    /// does nothing for a game without a bound on the plies left.
    pub near_kib: usize,
    /// How near the end a node must be to go to the near-leaf table: at
    /// most this many plies left.
    pub near_plies: u32,
    /// When a node sorts its moves, start loading every child's table entry,
    /// so that the cache misses of the siblings overlap instead of coming
    /// one after the other; only for children in the main table, once it
    /// has grown out of the caches. It costs a play, a hash key and an undo
    /// per move: worth it for a game whose moves are cheap (Connect Four),
    /// not for one whose moves update much state.
    pub prefetch: bool,
}

/// The move ordering of [`EngineOptions::ordering`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct OrderingOptions {
    /// Try the killer moves of the ply early.
    pub killers: bool,
    /// Order by the history heuristic (games with [`crate::Game::move_id`]).
    pub history: bool,
    /// Order by the game's [`crate::Game::move_hint`].
    pub hints: bool,
    /// 0: the history only breaks ties between equal hints and killers.
    /// Above 0 (with `history` and `hints` on): Stockfish's and Rapfi's
    /// way instead, a bounded history by side to move (module `ordering`,
    /// `History::blended`) added to the game's hint,
    /// moving it by at most this many hint units, so that what the search
    /// learnt can lift a move above a slightly better hint.
    pub history_weight: i32,
    /// 0: off. Above 0 (with `history` and `hints` on): the counter-move
    /// history (module `ordering`): a bounded score of each reply to the
    /// opponent's move just played, learnt like the blended history and
    /// added to the hint alike, moving it by at most this many hint units.
    /// Games whose good replies depend on the move they answer (a block
    /// next to the stone just placed) learn what the history by move alone
    /// averages away. Like a history weight above 0, it replaces the
    /// history's tie-breaking. (Gomoku's player leaves it at 0: no gain
    /// shown in self-play, docs/strength.md.)
    pub counter_weight: i32,
}

impl OrderingOptions {
    /// Whether the search learns the bounded histories that move the hint
    /// (a blended or counter-move weight above 0, with the history on).
    #[inline]
    pub(crate) fn learns(&self) -> bool {
        self.history && (self.history_weight > 0 || self.counter_weight > 0)
    }
}

/// The shape of the node search, [`EngineOptions::shape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ShapeOptions {
    /// How the root (and every node) is searched.
    pub variant: Variant,
    /// Half-width of the aspiration window around the previous iteration's
    /// value (iterative deepening with FailSoftAlphaBeta or Pvs only); `None`: off.
    pub aspiration: Option<i32>,
    /// Use the game's [`crate::Game::candidate_moves`] (known values, candidates) and score bounds.
    pub rules_shortcuts: bool,
    /// Enhanced transposition cutoffs: before searching a node's moves, look
    /// up every child in the table for a bound that already refutes the node.
    pub enhanced_cutoffs: bool,
    /// Quiescence search at the horizon: follow the game's forcing moves
    /// ([`crate::Game::horizon`]) before trusting the static evaluation.
    pub quiescence: bool,
    /// The selective techniques of [`super::engine::Engine::search`] (see
    /// [`Selectivity`]): late move reductions, null-move pruning,
    /// futility pruning and razoring, move-count pruning, extensions and
    /// internal iterative reductions. All off by default, so that a search
    /// to depth `d` is a full-width search to depth `d`; a game tuned for
    /// play turns them on. [`super::engine::Engine::solve`] and [`super::engine::Engine::test`] never use
    /// them.
    pub selectivity: Selectivity,
}

/// The parallel search of [`EngineOptions::parallel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ParallelOptions {
    /// Threads searching each position, the calling one included. 1 (the
    /// default) is the single-threaded search, deterministic node for node;
    /// more share the table (see [`ParallelScheme`]).
    pub threads: usize,
    /// How threads beyond the first share the work.
    pub scheme: ParallelScheme,
    /// With more than one thread, the main thread searches at least this
    /// many nodes alone before it starts the helpers, and for
    /// `LAUNCH_COST_FACTOR` (module `parallel`) times what starting them has cost
    /// in the engine's last searches: a search shorter than that runs on
    /// one thread. 0 starts them with the search.
    pub helpers_after_nodes: u64,
}

/// What is reported, [`EngineOptions::reporting`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ReportingOptions {
    /// Complete the principal variation after the search (module
    /// `search::pv`), where the node search's line stops at a table hit or
    /// a null-window node: the line is walked on through the table, then
    /// proven move by move from the root by null-window searches that value
    /// each child as the node search did (mostly answered by the table at
    /// once). After [`super::engine::Engine::search`] to depth `d`, the line reaches the
    /// horizon (and goes on through the quiescence search's forcing moves,
    /// ending where the side to move stands pat), a position without moves,
    /// or a finished game, and the position it reaches is worth the
    /// reported value by its static evaluation or its outcome: a won or
    /// lost value's line ends in the finished game at the stated distance.
    /// A strong [`super::engine::Engine::solve`]'s line runs to the end of the game. So do
    /// [`Variant::Mtdf`]'s and those of
    /// parallel searches (the completion runs on one thread, after the
    /// helpers have stopped). Each iteration's line ([`super::report::SearchInfo::pv`]) is
    /// the table's only. The completion runs on a searcher of its own: not
    /// counted in the result's statistics ([`super::report::EngineResult::line_nodes`]
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
    /// When a limit stops an iteration after a root move other than the
    /// first was searched to the end and came out better than everything
    /// before it in that iteration, report that move (and its line) rather
    /// than the last completed iteration's: it is proven better, one ply
    /// deeper, than the move that iteration put first (the one the
    /// completed iteration chose). The reported value and depth stay the
    /// completed iteration's. Under a clock this is where it counts: the
    /// iteration a critical move runs into its hard limit is the one that
    /// found the refutation. On by default; off in
    /// [`EngineOptions::textbook`]. Exact answers never depend on it (a
    /// stopped search is never exact).
    pub stopped_iteration_move: bool,
}

/// The default table budget: 64 MiB.
pub const DEFAULT_TABLE_MIB: usize = 64;

/// The default of [`TableOptions::near_plies`]: in Connect Four solves
/// from the opening (Test_L1_R3), 15, 17 and 19 did equally well; these
/// nodes are most of the tree and few cost more than a few thousand nodes.
pub const DEFAULT_NEAR_PLIES: u32 = 17;

/// The largest table budget accepted: 1 TiB, far above any real machine,
/// so that a typo is caught instead of an allocation failure.
pub const MAX_TABLE_MIB: usize = 1 << 20;

/// How the threads of a parallel search share the work (see
/// docs/parallel.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ParallelScheme {
    /// Threads search the same root and meet only in the table.
    LazySmp,
    /// As Lazy SMP, and a move another thread is searching is put off (the
    /// default: on Connect Four solves it searched a tenth more nodes than
    /// one thread, where Lazy SMP searched half as many more or worse).
    #[default]
    Abdada,
}

/// The most threads an engine accepts: far above any real machine, so that
/// a typo is caught instead of starting thousands of threads.
pub const MAX_THREADS: usize = 1024;

/// The main thread searches at least this many nodes alone before it
/// starts the helpers (the default of [`ParallelOptions::helpers_after_nodes`];
/// the launch cost usually asks for more).
pub const HELPER_LAUNCH_NODES: u64 = CHECK_INTERVAL;

impl Default for TableOptions {
    /// A table of [`DEFAULT_TABLE_MIB`], no near-leaf table, no prefetching.
    fn default() -> Self {
        TableOptions { mib: DEFAULT_TABLE_MIB, near_kib: 0, near_plies: DEFAULT_NEAR_PLIES, prefetch: false }
    }
}

impl Default for OrderingOptions {
    /// Killers, history and hints, all on.
    fn default() -> Self {
        OrderingOptions { killers: true, history: true, hints: true, history_weight: 0, counter_weight: 0 }
    }
}

impl Default for ShapeOptions {
    /// PVS with the game's shortcuts and the quiescence search; no
    /// aspiration window, no enhanced cutoffs, full width.
    fn default() -> Self {
        ShapeOptions {
            variant: Variant::Pvs,
            aspiration: None,
            rules_shortcuts: true,
            enhanced_cutoffs: false,
            quiescence: true,
            selectivity: Selectivity::NONE,
        }
    }
}

impl Default for ParallelOptions {
    /// One thread (the deterministic search), the default scheme.
    fn default() -> Self {
        ParallelOptions { threads: 1, scheme: ParallelScheme::default(), helpers_after_nodes: HELPER_LAUNCH_NODES }
    }
}

impl Default for ReportingOptions {
    /// The whole line, and the better move of a stopped iteration.
    fn default() -> Self {
        ReportingOptions { whole_pv: true, stopped_iteration_move: true }
    }
}

impl Default for EngineOptions {
    /// Every group's default: the strongest settings.
    fn default() -> Self {
        EngineOptions {
            table: TableOptions::default(),
            ordering: OrderingOptions::default(),
            shape: ShapeOptions::default(),
            parallel: ParallelOptions::default(),
            reporting: ReportingOptions::default(),
        }
    }
}

impl EngineOptions {
    /// Plain fail-soft alpha-beta with a small table and no other
    /// enhancement: the baseline the enhancements are measured against.
    pub fn textbook() -> Self {
        EngineOptions {
            table: TableOptions { mib: 1, ..TableOptions::default() },
            ordering: OrderingOptions {
                killers: false,
                history: false,
                hints: false,
                history_weight: 0,
                counter_weight: 0,
            },
            shape: ShapeOptions {
                variant: Variant::FailSoftAlphaBeta,
                rules_shortcuts: false,
                quiescence: false,
                ..ShapeOptions::default()
            },
            parallel: ParallelOptions::default(),
            reporting: ReportingOptions { whole_pv: false, stopped_iteration_move: false },
        }
    }

    /// Sets [`ShapeOptions::variant`]: how the root and every node are searched.
    #[must_use]
    pub fn with_variant(mut self, variant: Variant) -> Self {
        self.shape.variant = variant;
        self
    }

    /// Sets [`ShapeOptions::aspiration`]: the aspiration window's half-width, `None` for none.
    #[must_use]
    pub fn with_aspiration(mut self, half_width: Option<i32>) -> Self {
        self.shape.aspiration = half_width;
        self
    }

    /// Sets [`ShapeOptions::rules_shortcuts`]: the game's known values, candidates and score bounds.
    #[must_use]
    pub fn with_rules_shortcuts(mut self, on: bool) -> Self {
        self.shape.rules_shortcuts = on;
        self
    }

    /// Sets [`ShapeOptions::enhanced_cutoffs`]: the children's table bounds tried before the moves.
    #[must_use]
    pub fn with_enhanced_cutoffs(mut self, on: bool) -> Self {
        self.shape.enhanced_cutoffs = on;
        self
    }

    /// Sets [`ShapeOptions::quiescence`]: the forcing moves followed at the horizon.
    #[must_use]
    pub fn with_quiescence(mut self, on: bool) -> Self {
        self.shape.quiescence = on;
        self
    }

    /// Sets [`ShapeOptions::selectivity`]: the selective techniques of a search for play.
    #[must_use]
    pub fn with_selectivity(mut self, selectivity: Selectivity) -> Self {
        self.shape.selectivity = selectivity;
        self
    }

    /// Sets [`TableOptions::mib`]: the main table's budget in MiB, 0 for no table.
    #[must_use]
    pub fn with_table_mib(mut self, mib: usize) -> Self {
        self.table.mib = mib;
        self
    }

    /// Sets [`TableOptions::near_kib`]: the near-leaf table's budget in KiB, 0 for none.
    #[must_use]
    pub fn with_near_table_kib(mut self, kib: usize) -> Self {
        self.table.near_kib = kib;
        self
    }

    /// Sets [`TableOptions::near_plies`]: how few plies left send a node to the near-leaf table.
    #[must_use]
    pub fn with_near_plies(mut self, plies: u32) -> Self {
        self.table.near_plies = plies;
        self
    }

    /// Sets [`TableOptions::prefetch`]: the children's entries loaded while a node sorts its moves.
    #[must_use]
    pub fn with_prefetch(mut self, on: bool) -> Self {
        self.table.prefetch = on;
        self
    }

    /// Sets [`OrderingOptions::killers`]: the ply's killer moves tried early.
    #[must_use]
    pub fn with_killers(mut self, on: bool) -> Self {
        self.ordering.killers = on;
        self
    }

    /// Sets [`OrderingOptions::history`]: the history heuristic.
    #[must_use]
    pub fn with_history(mut self, on: bool) -> Self {
        self.ordering.history = on;
        self
    }

    /// Sets [`OrderingOptions::history_weight`]: how many hint units the
    /// history may move a move's key by (0: it only breaks ties).
    #[must_use]
    pub fn with_history_weight(mut self, hint_units: i32) -> Self {
        self.ordering.history_weight = hint_units;
        self
    }

    /// Sets [`OrderingOptions::counter_weight`]: how many hint units the
    /// counter-move history may move a reply's key by (0: off).
    #[must_use]
    pub fn with_counter_weight(mut self, hint_units: i32) -> Self {
        self.ordering.counter_weight = hint_units;
        self
    }

    /// Sets [`OrderingOptions::hints`]: the game's move hints.
    #[must_use]
    pub fn with_hints(mut self, on: bool) -> Self {
        self.ordering.hints = on;
        self
    }

    /// Sets [`ParallelOptions::threads`]: the threads searching each position, the calling one included.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.parallel.threads = threads;
        self
    }

    /// Sets [`ParallelOptions::scheme`]: how threads beyond the first share the work.
    #[must_use]
    pub fn with_parallel_scheme(mut self, scheme: ParallelScheme) -> Self {
        self.parallel.scheme = scheme;
        self
    }

    /// Sets [`ParallelOptions::helpers_after_nodes`]: the nodes searched alone before the helpers start.
    #[must_use]
    pub fn with_helpers_after_nodes(mut self, nodes: u64) -> Self {
        self.parallel.helpers_after_nodes = nodes;
        self
    }

    /// Sets [`ReportingOptions::whole_pv`]: the principal variation completed after the search.
    #[must_use]
    pub fn with_whole_pv(mut self, on: bool) -> Self {
        self.reporting.whole_pv = on;
        self
    }

    /// Sets [`ReportingOptions::stopped_iteration_move`]: a stopped iteration's proven better move reported.
    #[must_use]
    pub fn with_stopped_iteration_move(mut self, on: bool) -> Self {
        self.reporting.stopped_iteration_move = on;
        self
    }

    /// Checks that the options make sense together.
    ///
    /// # Errors
    /// Names the combination that does not work.
    pub fn validate(&self) -> Result<(), EngineError> {
        if self.parallel.threads == 0 {
            return Err(EngineError::InvalidOptions(
                "threads must be at least 1 (1 is the single-threaded search), not 0".into(),
            ));
        }
        if self.parallel.threads > MAX_THREADS {
            return Err(EngineError::InvalidOptions(format!(
                "{} threads is beyond the limit of {}",
                self.parallel.threads, MAX_THREADS
            )));
        }
        if self.table.mib > MAX_TABLE_MIB {
            return Err(EngineError::InvalidOptions(format!(
                "a table of {} MiB is beyond the limit of {MAX_TABLE_MIB} MiB",
                self.table.mib
            )));
        }
        if self.table.near_kib > 0 && self.table.mib == 0 {
            return Err(EngineError::InvalidOptions(
                "a near-leaf table needs the main table: table_mib 0 turns the tables off".into(),
            ));
        }
        if self.table.near_kib > MAX_TABLE_MIB.saturating_mul(1024) {
            return Err(EngineError::InvalidOptions(format!(
                "a near-leaf table of {} KiB is beyond the limit of {MAX_TABLE_MIB} MiB",
                self.table.near_kib
            )));
        }
        if !(0..=crate::engine::ordering::MAX_HINT).contains(&self.ordering.history_weight) {
            return Err(EngineError::InvalidOptions(format!(
                "a history weight of {} hint units is outside 0 to {}",
                self.ordering.history_weight,
                crate::engine::ordering::MAX_HINT
            )));
        }
        if !(0..=crate::engine::ordering::MAX_HINT).contains(&self.ordering.counter_weight) {
            return Err(EngineError::InvalidOptions(format!(
                "a counter-move weight of {} hint units is outside 0 to {}",
                self.ordering.counter_weight,
                crate::engine::ordering::MAX_HINT
            )));
        }
        if self.shape.selectivity.forcing_reduction > PLY_FRACTIONS {
            return Err(EngineError::InvalidOptions(format!(
                "a forcing move's share of the late move reduction is {} sixteenths, more than the whole ({PLY_FRACTIONS})",
                self.shape.selectivity.forcing_reduction
            )));
        }
        if self.shape.selectivity.attack_relief > MAX_ATTACK_RELIEF {
            return Err(EngineError::InvalidOptions(format!(
                "a continued attack's relief from the late move reduction is {} sixteenths, more than {MAX_ATTACK_RELIEF}",
                self.shape.selectivity.attack_relief
            )));
        }
        if self.shape.selectivity.futility_margin <= 0 {
            return Err(EngineError::InvalidOptions(format!(
                "the futility margin must be positive, not {}",
                self.shape.selectivity.futility_margin
            )));
        }
        if self.shape.selectivity.razor_margin <= 0 {
            return Err(EngineError::InvalidOptions(format!(
                "the razoring margin must be positive, not {}",
                self.shape.selectivity.razor_margin
            )));
        }
        match self.shape.aspiration {
            Some(width) if width <= 0 => {
                Err(EngineError::InvalidOptions(format!("the aspiration half-width must be positive, not {width}")))
            }
            Some(_) if self.shape.variant == Variant::Mtdf => Err(EngineError::InvalidOptions(
                "aspiration windows do not combine with MTD(f), which sets its own null windows".into(),
            )),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(deprecated)]
    fn the_old_variant_name_is_the_fail_soft_variant() {
        assert_eq!(Variant::AlphaBeta, Variant::FailSoftAlphaBeta);
        assert!(matches!(Variant::FailSoftAlphaBeta, Variant::AlphaBeta));
    }

    #[test]
    fn each_builder_sets_its_own_field() {
        let base = EngineOptions::textbook();
        let mut expected = base.clone();
        expected.shape.variant = Variant::Mtdf;
        assert_eq!(base.clone().with_variant(Variant::Mtdf), expected);
        let mut expected = base.clone();
        expected.table.near_kib = 64;
        expected.table.near_plies = 9;
        assert_eq!(base.clone().with_near_table_kib(64).with_near_plies(9), expected);
        let mut expected = base.clone();
        expected.parallel.scheme = ParallelScheme::LazySmp;
        expected.parallel.helpers_after_nodes = 5;
        assert_eq!(base.clone().with_parallel_scheme(ParallelScheme::LazySmp).with_helpers_after_nodes(5), expected);
        let mut expected = base.clone();
        expected.ordering.hints = true;
        expected.reporting.stopped_iteration_move = true;
        assert_eq!(base.clone().with_hints(true).with_stopped_iteration_move(true), expected);
    }

    #[test]
    fn the_groups_defaults_are_the_engines() {
        let options = EngineOptions::default();
        assert_eq!(options.table, TableOptions::default());
        assert_eq!(options.shape.variant, Variant::Pvs);
        assert_eq!((options.table.mib, options.table.near_plies), (DEFAULT_TABLE_MIB, DEFAULT_NEAR_PLIES));
        assert_eq!(options.parallel.helpers_after_nodes, HELPER_LAUNCH_NODES);
        assert!(options.reporting.whole_pv && options.ordering.killers && options.shape.quiescence);
        assert!(!EngineOptions::textbook().reporting.whole_pv);
    }

    #[test]
    fn impossible_combinations_are_named() {
        let mtdf_with_aspiration = EngineOptions::default().with_variant(Variant::Mtdf).with_aspiration(Some(20));
        assert!(mtdf_with_aspiration.validate().unwrap_err().to_string().contains("MTD(f)"));
        let huge = EngineOptions::default().with_table_mib(usize::MAX);
        assert!(huge.validate().is_err());
        assert!(EngineOptions::default().with_aspiration(Some(0)).validate().is_err());
        let near_alone = EngineOptions::default().with_table_mib(0).with_near_table_kib(64);
        assert!(near_alone.validate().unwrap_err().to_string().contains("near-leaf table needs the main table"));
        let huge_near = EngineOptions::default().with_near_table_kib(usize::MAX);
        assert!(huge_near.validate().unwrap_err().to_string().contains("near-leaf"));
        assert!(EngineOptions::default().with_near_table_kib(64).validate().is_ok());
        let negative = EngineOptions::default().with_history_weight(-1);
        assert!(negative.validate().unwrap_err().to_string().contains("history weight of -1"));
        assert!(EngineOptions::default().with_history_weight(1 << 21).validate().is_err());
        assert!(EngineOptions::default().with_history_weight(1500).validate().is_ok());
        let negative = EngineOptions::default().with_counter_weight(-3).validate();
        assert!(negative.is_err_and(|error| error.to_string().contains("-3")));
        assert!(EngineOptions::default().with_counter_weight(1 << 21).validate().is_err());
        assert!(EngineOptions::default().with_counter_weight(800).validate().is_ok());
        let margins = |futility_margin, razor_margin| {
            let selectivity = crate::Selectivity { futility_margin, razor_margin, ..crate::Selectivity::ALL };
            EngineOptions::default().with_selectivity(selectivity).validate().map_err(|error| error.to_string())
        };
        assert!(margins(0, 1).unwrap_err().contains("futility margin"));
        assert!(margins(1, 0).unwrap_err().contains("razoring margin"));
        assert!(margins(1, -5).unwrap_err().contains("razoring margin"));
        assert!(margins(1, 1).is_ok());
        assert!(EngineOptions::default().validate().is_ok());
    }
}
