//! Parallel search: every core on one search, sharing one transposition table.
//!
//! The main thread runs the engine's drivers (iterative deepening, the
//! solve's bisection, the null-window test) exactly as it does alone. Each
//! time it starts a root search it publishes the task (depth and window);
//! helper threads search the same root with the same window, and all threads
//! meet in the lock-free table ([`crate::tt`]): whatever one thread proves,
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
//! (and searched [`EngineOptions::helpers_after_nodes`] nodes). A Connect
//! Four Test_L2_R1 solve (65 µs, 450 nodes) is over before a helper could
//! start: such searches run on one thread, at the single-threaded speed.
//!
//! Limits: every thread reports its nodes to the crew every
//! [`SIGNAL_INTERVAL`] nodes, so that any of them sees the node limit over
//! all threads; the main thread watches the clock and the stop flag, and
//! when a limit is hit tells the helpers, which look at their signals at
//! the same interval.

use super::engine::EngineOptions;
use super::searcher::{Searcher, Tables};
use super::{Buffers, Context};
use crate::limits::{Clock, SearchLimits, StopReason, CHECK_INTERVAL};
use crate::ordering::{History, Killers};
use crate::trace::{NoTrace, Observer};
use crate::{Game, Outcome, Score, SearchStats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How the threads of a parallel search share the work (see the module
/// documentation).
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
/// starts the helpers (the default of [`EngineOptions::helpers_after_nodes`];
/// the launch cost usually asks for more).
pub const HELPER_LAUNCH_NODES: u64 = CHECK_INTERVAL;

/// Nodes between two looks at the other threads' signals (a helper also
/// reports its nodes then): a few microseconds of search.
pub const SIGNAL_INTERVAL: u64 = 128;

/// How many times a helper without work yields before it parks: the main
/// thread publishes the next root search within microseconds, and waking a
/// parked thread costs tens of them.
const YIELDS_BEFORE_PARKING: u32 = 64;

/// Slots in the table of moves in progress (a power of two), each on a
/// cache line of its own so that marking one move does not take the line
/// from a thread reading another: far more than threads times plies, so
/// that unrelated moves rarely share one.
const BUSY_SLOTS: usize = 1 << 10;

/// ABDADA's moves in progress: a slot holds the key of a (position, move)
/// some thread is searching. A lossy hint, never trusted for a value: two
/// moves sharing a slot make one look free or busy when it is not, which
/// changes the order of the search, never its result.
pub(crate) struct BusyMoves {
    slots: Box<[Padded<AtomicU64>]>,
}

impl std::fmt::Debug for BusyMoves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BusyMoves").field("slots", &self.slots.len()).finish()
    }
}

impl BusyMoves {
    pub(crate) fn new() -> Self {
        BusyMoves { slots: (0..BUSY_SLOTS).map(|_| Padded(AtomicU64::new(0))).collect() }
    }

    /// The key of move `index` of the position with key `position` (never 0,
    /// which marks a free slot).
    #[inline]
    pub(crate) fn move_key(position: u64, index: u16) -> u64 {
        (position ^ (u64::from(index) + 1).wrapping_mul(MOVE_SCATTER)) | 1
    }

    #[inline]
    fn slot(&self, move_key: u64) -> &AtomicU64 {
        &self.slots[(move_key.wrapping_mul(SLOT_SCATTER) >> (64 - BUSY_SLOTS.trailing_zeros())) as usize].0
    }

    /// True when another thread marked the move as in progress.
    #[inline]
    pub(crate) fn is_busy(&self, move_key: u64) -> bool {
        self.slot(move_key).load(Ordering::Relaxed) == move_key
    }

    /// Marks the move as in progress.
    #[inline]
    pub(crate) fn enter(&self, move_key: u64) {
        self.slot(move_key).store(move_key, Ordering::Relaxed);
    }

    /// Clears the mark, unless another move took the slot since.
    #[inline]
    pub(crate) fn leave(&self, move_key: u64) {
        let _ = self.slot(move_key).compare_exchange(move_key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// Spreads move indices over the key bits (an odd constant).
const MOVE_SCATTER: u64 = 0xD6E8_FEB8_6659_FD93;
/// Fibonacci hashing's multiplier, to pick a slot.
const SLOT_SCATTER: u64 = 0x9E37_79B9_7F4A_7C15;

/// A root search the main thread started: what the helpers search.
#[derive(Clone, Copy, Debug)]
struct Task {
    /// Counts the root searches of this search, from 1 (0: none yet).
    generation: u64,
    depth: u32,
    alpha: Score,
    beta: Score,
}

/// What the threads of one search share besides the table.
pub(crate) struct Crew {
    /// The generation of the newest task, read by helpers at every signal check.
    generation: AtomicU64,
    /// The search is over: helpers return.
    over: AtomicBool,
    /// The helpers have been started.
    launched: AtomicBool,
    /// The generation of a task a helper completed (0: none).
    completed: AtomicU64,
    /// The node limit of the search (`u64::MAX`: none), which every thread
    /// checks against `nodes`.
    node_limit: u64,
    /// All threads' nodes so far, as each reported them at its last check
    /// (kept on its own cache line: every thread writes it).
    nodes: Padded<AtomicU64>,
    task: Mutex<Task>,
    wake: Condvar,
}

/// Keeps a value on a cache line of its own.
#[repr(align(64))]
struct Padded<T>(T);

impl Crew {
    fn new(limits: &SearchLimits) -> Self {
        Crew {
            generation: AtomicU64::new(0),
            over: AtomicBool::new(false),
            launched: AtomicBool::new(false),
            completed: AtomicU64::new(0),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: Padded(AtomicU64::new(0)),
            task: Mutex::new(Task { generation: 0, depth: 0, alpha: -Score::INFINITY, beta: Score::INFINITY }),
            wake: Condvar::new(),
        }
    }

    fn task(&self) -> MutexGuard<'_, Task> {
        // A helper that panicked poisons nothing we rely on: a task is plain data.
        self.task.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Publishes a root search and returns its generation.
    fn publish(&self, depth: u32, alpha: Score, beta: Score, wake: bool) -> u64 {
        let generation = {
            let mut task = self.task();
            *task = Task { generation: task.generation + 1, depth, alpha, beta };
            self.generation.store(task.generation, Ordering::Release);
            task.generation
        };
        if wake {
            self.wake.notify_all();
        }
        generation
    }

    /// Ends the search: every helper returns. (Without helpers, no system
    /// call: waking nobody still costs one, a tenth of a short search.)
    fn finish(&self) {
        if !self.launched.load(Ordering::Relaxed) {
            self.over.store(true, Ordering::Release);
            return;
        }
        {
            let _task = self.task();
            self.over.store(true, Ordering::Release);
        }
        self.wake.notify_all();
    }

    /// The newest task after generation `seen`, waiting for one (yielding a
    /// while, then parked); `None` once the search is over.
    fn next_task(&self, seen: u64) -> Option<Task> {
        for _ in 0..YIELDS_BEFORE_PARKING {
            if self.over.load(Ordering::Acquire) {
                return None;
            }
            if self.generation.load(Ordering::Acquire) != seen {
                return Some(*self.task());
            }
            std::thread::yield_now();
        }
        let mut task = self.task();
        while !self.over.load(Ordering::Acquire) && task.generation == seen {
            task = self.wake.wait(task).unwrap_or_else(PoisonError::into_inner);
        }
        (!self.over.load(Ordering::Acquire)).then_some(*task)
    }
}

/// A thread's place in a parallel search.
pub(crate) struct Seat<'a> {
    crew: &'a Crew,
    role: Role<'a>,
    /// The generation of the task this thread is searching.
    generation: u64,
    /// Set when this thread's root search was abandoned for a newer task
    /// (helpers) or for a start over (main thread).
    superseded: bool,
    /// This thread's nodes as last reported to the crew.
    reported_nodes: u64,
    /// The moves in progress, when the scheme is ABDADA.
    busy: Option<&'a BusyMoves>,
}

enum Role<'a> {
    /// The main thread, with the way to start the helpers until it does,
    /// and whether a helper completing its root search first makes it
    /// start that search over (once per root search).
    Main { launch: Option<Box<dyn FnOnce() + 'a>>, launch_after: Duration, may_restart: bool },
    /// A helper.
    Helper,
}

impl<G: Game, O: Observer<G::Move>> Searcher<'_, G, O> {
    /// All threads' nodes so far (the others' as last reported).
    pub(crate) fn total_nodes(&self) -> u64 {
        let nodes = self.context.stats.nodes;
        self.seat.as_ref().map_or(nodes, |seat| seat.crew.nodes.0.load(Ordering::Relaxed) + nodes - seat.reported_nodes)
    }

    /// The signal check of a thread in a parallel search, every
    /// [`SIGNAL_INTERVAL`] nodes once the helpers run (every
    /// [`CHECK_INTERVAL`] before). Each thread reports its nodes, so that
    /// any of them sees the node limit over all. The main thread starts the
    /// helpers when due, checks the other limits for everyone, and gives up
    /// its root search when a helper completed it; a helper gives up its
    /// task when the search is over or the main thread has moved on.
    #[inline(never)]
    pub(crate) fn crew_check(&mut self) -> Option<StopReason> {
        let nodes = self.context.stats.nodes;
        let seat = self.seat.as_mut()?;
        let crew = seat.crew;
        let unreported = nodes - seat.reported_nodes;
        let total = crew.nodes.0.fetch_add(unreported, Ordering::Relaxed) + unreported;
        seat.reported_nodes = nodes;
        match &mut seat.role {
            Role::Main { may_restart, .. } => {
                if let Some(reason) = self.clock.check_now(total) {
                    // Tell the helpers now: the main thread may not run again at once.
                    crew.over.store(true, Ordering::Release);
                    return Some(reason);
                }
                if *may_restart && crew.completed.load(Ordering::Relaxed) == seat.generation {
                    *may_restart = false;
                    seat.superseded = true;
                    return Some(StopReason::Stopped);
                }
                self.launch_if_due();
                None
            }
            Role::Helper => {
                if total >= crew.node_limit {
                    crew.over.store(true, Ordering::Release);
                }
                if crew.over.load(Ordering::Relaxed) || crew.generation.load(Ordering::Relaxed) != seat.generation {
                    seat.superseded = true;
                    return Some(StopReason::Stopped);
                }
                None
            }
        }
    }

    /// The main thread starts the helpers once it has searched
    /// [`EngineOptions::helpers_after_nodes`] nodes and run for
    /// [`LAUNCH_COST_FACTOR`] times what starting and stopping them cost in
    /// this engine's last searches (at once with `helpers_after_nodes == 0`);
    /// from then on it looks at the signals every [`SIGNAL_INTERVAL`] nodes,
    /// and (ABDADA) marks the moves it searches.
    fn launch_if_due(&mut self) {
        let nodes = self.context.stats.nodes;
        let Some(Seat { role: Role::Main { launch: launch @ Some(_), launch_after, .. }, busy, .. }) = &mut self.seat
        else {
            return;
        };
        if nodes < self.options.helpers_after_nodes || self.clock.elapsed() < *launch_after {
            return;
        }
        if let Some(launch) = launch.take() {
            launch();
            self.clock.set_interval(nodes, SIGNAL_INTERVAL);
            self.busy = *busy;
        }
    }

    /// The main thread publishes the root search it starts (starting the
    /// helpers first if they are due: with `helpers_after_nodes == 0`,
    /// before the first root search). `may_restart`: whether a helper that
    /// completes this search first makes the main thread start it over.
    pub(crate) fn publish(&mut self, depth: u32, alpha: Score, beta: Score, may_restart: bool) {
        self.launch_if_due();
        let Some(seat) = &mut self.seat else { return };
        let Role::Main { launch, may_restart: restart, .. } = &mut seat.role else { return };
        seat.generation = seat.crew.publish(depth, alpha, beta, launch.is_none());
        seat.superseded = false;
        *restart = may_restart;
    }

    /// True (once) when the main thread's root search was given up because a
    /// helper completed it.
    pub(crate) fn take_superseded(&mut self) -> bool {
        self.seat.as_mut().is_some_and(|seat| std::mem::take(&mut seat.superseded))
    }
}

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
        let busy = (options.threads > 1 && options.parallel == ParallelScheme::Abdada).then(BusyMoves::new);
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
    /// Wall time from the start to the last helper's end.
    pub(crate) elapsed: Duration,
}

/// The main thread's share of the engine, lent for one search.
pub(crate) struct MainThread<'e, M> {
    pub(crate) options: &'e EngineOptions,
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
    let MainThread { options, tables, killers, history, buffers } = main;
    let Helpers { states: helpers, busy, launch_cost } = helpers;
    let busy = busy.as_ref();
    helpers.resize_with(options.threads.saturating_sub(1), HelperState::default);
    let crew = Crew::new(limits);
    let root = game.clone();
    let launch_after =
        if options.helpers_after_nodes == 0 { Duration::ZERO } else { launch_cost.0 * LAUNCH_COST_FACTOR };
    let spawning = std::cell::Cell::new(Duration::ZERO);
    let started = Instant::now();
    let (outcome, buffers, finished, undeclared) = std::thread::scope(|scope| {
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
                scope.spawn(move || helper(game, state, options, tables, crew, busy));
            }
            spawning.set(spawned.elapsed());
        };
        let context = Context::with_buffers(game, observer, buffers);
        let mut searcher = Searcher::new(context, options, tables, killers, history, Clock::start(limits));
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
        let undeclared = searcher.undeclared;
        (outcome, searcher.context.into_buffers(), Instant::now(), undeclared)
    });
    if crew.launched.load(Ordering::Relaxed) {
        launch_cost.record(spawning.get() + finished.elapsed());
    }
    let mut report = CrewReport { elapsed: started.elapsed(), undeclared, ..CrewReport::default() };
    for state in helpers.iter_mut() {
        report.stats.accumulate(&std::mem::take(&mut state.stats));
        report.evaluations += std::mem::take(&mut state.evaluations);
        report.undeclared = report.undeclared.or(state.undeclared.take());
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
    tables: Tables<'_>,
    crew: &Crew,
    busy: Option<&BusyMoves>,
) {
    let mut observer = NoTrace;
    let context = Context::with_buffers(&mut game, &mut observer, std::mem::take(&mut state.buffers));
    let mut clock = Clock::start(&SearchLimits::none());
    clock.set_interval(0, SIGNAL_INTERVAL);
    let mut searcher = Searcher::new(context, options, tables, &mut state.killers, &mut state.history, clock);
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
    let stats = std::mem::take(&mut searcher.context.stats);
    let buffers = searcher.context.into_buffers();
    state.buffers = buffers;
    state.stats = stats;
    state.evaluations = evaluations;
}
