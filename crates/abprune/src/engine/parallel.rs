//! Parallel search: every core on one search, sharing one transposition table.
//!
//! The main thread runs the engine's drivers (iterative deepening, the
//! solve's bisection, the null-window test) exactly as it does alone. Each
//! time it starts a root search it publishes the task (depth and window);
//! helper threads search the same root with the same window, and all threads
//! meet in the lock-free table (module `tt`): whatever one thread proves,
//! the others read instead of searching it again. Two schemes decide how the
//! threads spread over the tree:
//!
//! - **ABDADA** ([`ParallelScheme::Abdada`], the default; Weill 1996, in
//!   Kerrigan's simplified form): a thread marks each move it searches near
//!   the root (the first 12 plies, `ABDADA_MAX_PLY`) in a small table of moves
//!   in progress, except a node's first move ("young brothers wait": the
//!   eldest brother is searched by every thread that comes by, and sets the
//!   bound its siblings are searched with). A thread
//!   that meets a move another thread has marked puts it off to the end of
//!   its list; by the time it comes back to it, the value is likely in the
//!   table. The threads thus split a node's moves instead of racing through
//!   the same ones.
//! - **Lazy SMP** ([`ParallelScheme::LazySmp`]): nothing but the table.
//!   Threads that start together diverge only by chance (one finds an entry
//!   another just stored and skips a subtree).
//!
//! Why ABDADA: an exact solve is a series of null-window probes of
//! unlimited depth, so there is no depth to vary between threads (Lazy
//! SMP's usual diversity), and two threads that start on the same root walk
//! the same first moves. Measured on Connect Four's Test_L2_R2 (1000
//! positions, 2 threads, interleaved with 1 thread in the same run), Lazy
//! SMP searched 1.6 to 1.7 times the nodes of one thread and was no faster
//! than it; ABDADA searched 1.11 to 1.14 times the nodes, and was 1.3 to
//! 1.45 times faster on a quiet 2-core machine. What keeps it from 2: those
//! extra nodes, and the sharing itself: each thread searched 11 to 23% fewer
//! nodes per CPU-second than one thread alone (table lines written by one
//! core must move to the other before it reads them), as a table-only
//! benchmark also shows.
//!
//! **Invariant**: the result is the main thread's. Helpers only ever write
//! the table, whose every entry is a true bound whichever thread stored it
//! (and a torn entry reads as a miss), so the value, its exactness, the best
//! move and the principal variation are those of a search the main thread
//! completed, and the value is the one it would find alone. A helper that
//! completes a root search before the main thread makes the main thread
//! start that root search over, once: with the table full of the answers,
//! it completes at once.
//!
//! Threads are started per search, inside [`std::thread::scope`], so that a
//! game may borrow (an explicit tree's game does) and no `unsafe` is needed
//! to lend it to threads; and late, when the search has shown it is long
//! enough to pay for them. On this project's 2-core machines, shared with
//! other work, starting a thread cost the starter 20 to 80 µs and the new
//! thread first ran 100 to 200 µs later; waking a parked one is no cheaper
//! (a condition variable's round trip measured 75 µs), so a pool of parked
//! workers would save little, and would need `'static` games. What hurts
//! most is the end: the main thread must wait for every helper to notice
//! that the search is over, and a helper that another program has pushed
//! off its core notices only when it gets one back: the wait measured 30
//! µs on a quiet machine and 270 to 520 µs on a busy one. So the engine
//! measures what starting and stopping its helpers costs, and the main
//! thread starts them only once it has run [`LAUNCH_COST_FACTOR`] times that
//! (and searched [`ParallelOptions::helpers_after_nodes`] nodes). A Connect
//! Four Test_L2_R1 solve (65 µs, 450 nodes) is over before a helper could
//! start: such searches run on one thread, at the single-threaded speed.
//!
//! Limits: every thread reports its nodes to the crew every
//! [`SIGNAL_INTERVAL`] nodes, so that any of them sees the node limit over
//! all threads; the main thread watches the clock and the stop flag, and
//! when a limit is hit tells the helpers, which look at their signals at
//! the same interval.

use super::crew::{BusyMoves, Crew, Role, Seat, SIGNAL_INTERVAL};
use super::options::{EngineOptions, ParallelScheme};
use super::ordering::{History, Killers};
use super::plan::SearchPlan;
use super::searcher::{Searcher, Tables};
use crate::game::Game;
use crate::limits::{Clock, SearchLimits};
use crate::score::Outcome;
use crate::stats::SearchStats;
use crate::textbook::{Buffers, Context};
use crate::trace::{NoTrace, Observer};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// What a helper keeps between searches (its own ordering statistics and
/// buffers: only the table is shared) and hands back after one.
#[derive(Debug)]
struct HelperState<M> {
    killers: Killers<M>,
    history: History,
    buffers: Buffers<M>,
    stats: SearchStats,
    evaluations: u64,
    undeclared: Option<Outcome>,
    chance_node: bool,
}

impl<M: Copy + PartialEq> Default for HelperState<M> {
    fn default() -> Self {
        HelperState {
            killers: Killers::default(),
            history: History::default(),
            buffers: Buffers::default(),
            stats: SearchStats::default(),
            evaluations: 0,
            undeclared: None,
            chance_node: false,
        }
    }
}

impl<M: Copy + PartialEq> HelperState<M> {
    fn clear(&mut self) {
        self.killers.clear();
        self.history.clear();
    }
}

/// What an engine keeps for its helper threads between searches.
#[derive(Debug)]
pub(crate) struct Helpers<M> {
    /// One per helper thread.
    states: Vec<HelperState<M>>,
    /// ABDADA's moves in progress (only with threads and that scheme).
    busy: Option<BusyMoves>,
    /// What starting the helpers has cost in the last searches.
    launch_cost: LaunchCost,
}

impl<M: Copy + PartialEq> Helpers<M> {
    /// What `options` need: the table of moves in progress for ABDADA with threads.
    pub(crate) fn new(options: &EngineOptions) -> Self {
        let busy =
            (options.parallel.threads > 1 && options.parallel.scheme == ParallelScheme::Abdada).then(BusyMoves::new);
        Helpers { states: Vec::new(), busy, launch_cost: LaunchCost::default() }
    }

    /// Forgets the helpers' ordering statistics.
    pub(crate) fn clear(&mut self) {
        self.states.iter_mut().for_each(HelperState::clear);
    }
}

/// What the helpers of one search did, and how long the whole search took.
#[derive(Debug, Default)]
pub(crate) struct CrewReport {
    /// The helpers' counts, summed.
    pub(crate) stats: SearchStats,
    /// The helpers' static evaluations.
    pub(crate) evaluations: u64,
    /// A finished position's outcome a thread (the main one included) met
    /// that the game's declared ending does not allow.
    pub(crate) undeclared: Option<Outcome>,
    /// True when a thread (the main one included) reached a chance node
    /// ([`crate::EngineError::ChanceNode`]).
    pub(crate) chance_node: bool,
    /// Wall time from the start to the last helper's end.
    pub(crate) elapsed: Duration,
}

/// The main thread's share of the engine, lent for one search.
pub(crate) struct MainThread<'e, M> {
    pub(crate) options: &'e EngineOptions,
    /// The search's plan, for the main thread and every helper.
    pub(crate) plan: SearchPlan,
    pub(crate) tables: Tables<'e>,
    pub(crate) killers: &'e mut Killers<M>,
    pub(crate) history: &'e mut History,
    pub(crate) buffers: Buffers<M>,
}

/// What starting and stopping the helpers of a search costs the main
/// thread (spawning them, then waiting for the last to return), as an
/// engine has seen it in its last searches: on a quiet 2-core machine tens
/// of microseconds, on one busy with other work hundreds (a helper that
/// is not running must first be given a core to notice that the search is
/// over).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LaunchCost(Duration);

/// What starting and stopping helpers is taken to cost before an engine
/// has measured it.
const LAUNCH_COST_GUESS: Duration = Duration::from_micros(100);

/// The helpers start once a search has run this many times their launch
/// cost: rent or buy. With two threads a search runs about 1.4 times
/// faster, so helpers save 0.3 of the time that remains; they pay for
/// themselves in a search with more than about 3 launch costs to go, and
/// a search that has run a while is likely to run as long again.
pub const LAUNCH_COST_FACTOR: u32 = 3;

/// The weight of the newest measurement in the running launch cost.
const LAUNCH_COST_WEIGHT: u32 = 4;

impl Default for LaunchCost {
    fn default() -> Self {
        LaunchCost(LAUNCH_COST_GUESS)
    }
}

impl LaunchCost {
    fn record(&mut self, measured: Duration) {
        self.0 = (self.0 * (LAUNCH_COST_WEIGHT - 1) + measured) / LAUNCH_COST_WEIGHT;
    }
}

/// Runs `drive` on the main thread's searcher with `options.threads - 1`
/// helpers started when the search has run long enough; returns its
/// outcome, the main thread's buffers and the helpers' report, and updates
/// the launch cost when the helpers ran.
pub(crate) fn run<G, O, R>(
    main: MainThread<'_, G::Move>,
    helpers: &mut Helpers<G::Move>,
    game: &mut G,
    observer: &mut O,
    limits: &SearchLimits,
    drive: impl FnOnce(&mut Searcher<'_, G, O>) -> R,
) -> (R, Buffers<G::Move>, CrewReport)
where
    G: Game + Clone + Send,
    G::Move: Send,
    O: Observer<G::Move>,
{
    let MainThread { options, plan, tables, killers, history, buffers } = main;
    let Helpers { states: helpers, busy, launch_cost } = helpers;
    let busy = busy.as_ref();
    helpers.resize_with(options.parallel.threads.saturating_sub(1), HelperState::default);
    let crew = Crew::new(limits);
    let root = game.clone();
    let launch_after =
        if options.parallel.helpers_after_nodes == 0 { Duration::ZERO } else { launch_cost.0 * LAUNCH_COST_FACTOR };
    let spawning = std::cell::Cell::new(Duration::ZERO);
    let started = Instant::now();
    let (outcome, buffers, finished, (undeclared, chance_node)) = std::thread::scope(|scope| {
        let (crew, root, helpers, spawning) = (&crew, &root, &mut *helpers, &spawning);
        let launch = move || {
            let spawned = Instant::now();
            // Growth is for one thread: take the whole budget while still alone.
            for table in [tables.main, tables.near].into_iter().flatten() {
                table.use_whole_budget();
            }
            crew.launched.store(true, Ordering::Relaxed);
            for state in helpers {
                let game = root.clone();
                scope.spawn(move || helper(game, state, options, plan, tables, crew, busy));
            }
            spawning.set(spawned.elapsed());
        };
        let context = Context::with_buffers(game, observer, buffers);
        let mut searcher = Searcher::new(context, options, plan, tables, killers, history, Clock::start(limits));
        searcher.seat = Some(Seat {
            crew,
            role: Role::Main { launch: Some(Box::new(launch)), launch_after, may_restart: false },
            generation: 0,
            superseded: false,
            reported_nodes: 0,
            busy,
        });
        let outcome = drive(&mut searcher);
        crew.finish();
        let met = (searcher.undeclared, searcher.chance_node);
        (outcome, searcher.context.into_buffers(), Instant::now(), met)
    });
    if crew.launched.load(Ordering::Relaxed) {
        launch_cost.record(spawning.get() + finished.elapsed());
    }
    let mut report = CrewReport { elapsed: started.elapsed(), undeclared, chance_node, ..CrewReport::default() };
    for state in helpers.iter_mut() {
        report.stats.accumulate(&std::mem::take(&mut state.stats));
        report.evaluations += std::mem::take(&mut state.evaluations);
        report.undeclared = report.undeclared.or(state.undeclared.take());
        report.chance_node |= std::mem::take(&mut state.chance_node);
    }
    (outcome, buffers, report)
}

/// A helper thread: searches each task the main thread publishes, at the
/// same depth and with the same window, until the search is over. (Not one
/// ply deeper, as some Lazy SMP engines do: the main thread would take the
/// deeper results from the table, and a search limited to a depth would no
/// longer return the value at that depth.)
fn helper<G: Game + Clone>(
    mut game: G,
    state: &mut HelperState<G::Move>,
    options: &EngineOptions,
    plan: SearchPlan,
    tables: Tables<'_>,
    crew: &Crew,
    busy: Option<&BusyMoves>,
) {
    let mut observer = NoTrace;
    let context = Context::with_buffers(&mut game, &mut observer, std::mem::take(&mut state.buffers));
    let mut clock = Clock::start(&SearchLimits::none());
    clock.set_interval(0, SIGNAL_INTERVAL);
    let mut searcher = Searcher::new(context, options, plan, tables, &mut state.killers, &mut state.history, clock);
    searcher.seat = Some(Seat { crew, role: Role::Helper, generation: 0, superseded: false, reported_nodes: 0, busy });
    searcher.busy = busy;
    let mut seen = 0;
    while let Some(task) = crew.next_task(seen) {
        seen = task.generation;
        if let Some(seat) = &mut searcher.seat {
            seat.generation = task.generation;
            seat.superseded = false;
        }
        searcher.stopped = None;
        searcher.node(task.depth, 0, None, task.alpha, task.beta);
        if searcher.stopped.is_none() {
            crew.completed.store(task.generation, Ordering::Relaxed);
        }
    }
    let evaluations = searcher.evaluations;
    state.undeclared = searcher.undeclared;
    state.chance_node = searcher.chance_node;
    let stats = std::mem::take(&mut searcher.context.stats);
    let buffers = searcher.context.into_buffers();
    state.buffers = buffers;
    state.stats = stats;
    state.evaluations = evaluations;
}
