//! What the threads of one parallel search share besides the table (see
//! [`super::parallel`] for the scheme): the task the main thread
//! published, the signals (stop, node counts, a completed task), each
//! thread's seat, and ABDADA's moves in progress. Below the node searcher,
//! which keeps its seat and checks the signals; the parallel driver above
//! it starts the threads.

use crate::limits::{Clock, SearchLimits, StopReason};
use crate::score::Score;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

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
pub(crate) struct Task {
    /// Counts the root searches of this search, from 1 (0: none yet).
    pub(crate) generation: u64,
    pub(crate) depth: u32,
    pub(crate) alpha: Score,
    pub(crate) beta: Score,
}

/// What the threads of one search share besides the table.
pub(crate) struct Crew {
    /// The generation of the newest task, read by helpers at every signal check.
    pub(crate) generation: AtomicU64,
    /// The search is over: helpers return.
    pub(crate) over: AtomicBool,
    /// The helpers have been started.
    pub(crate) launched: AtomicBool,
    /// The generation of a task a helper completed (0: none).
    pub(crate) completed: AtomicU64,
    /// The node limit of the search (`u64::MAX`: none), which every thread
    /// checks against `nodes`.
    pub(crate) node_limit: u64,
    /// All threads' nodes so far, as each reported them at its last check
    /// (kept on its own cache line: every thread writes it).
    pub(crate) nodes: Padded<AtomicU64>,
    pub(crate) task: Mutex<Task>,
    pub(crate) wake: Condvar,
}

/// Keeps a value on a cache line of its own.
#[repr(align(64))]
pub(crate) struct Padded<T>(pub(crate) T);

impl Crew {
    pub(crate) fn new(limits: &SearchLimits) -> Self {
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
    pub(crate) fn publish(&self, depth: u32, alpha: Score, beta: Score, wake: bool) -> u64 {
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
    pub(crate) fn finish(&self) {
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
    pub(crate) fn next_task(&self, seen: u64) -> Option<Task> {
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
    pub(crate) crew: &'a Crew,
    pub(crate) role: Role<'a>,
    /// The generation of the task this thread is searching.
    pub(crate) generation: u64,
    /// Set when this thread's root search was abandoned for a newer task
    /// (helpers) or for a start over (main thread).
    pub(crate) superseded: bool,
    /// This thread's nodes as last reported to the crew.
    pub(crate) reported_nodes: u64,
    /// The moves in progress, when the scheme is ABDADA.
    pub(crate) busy: Option<&'a BusyMoves>,
}

pub(crate) enum Role<'a> {
    /// The main thread, with the way to start the helpers until it does,
    /// and whether a helper completing its root search first makes it
    /// start that search over (once per root search).
    Main { launch: Option<Box<dyn FnOnce() + 'a>>, launch_after: Duration, may_restart: bool },
    /// A helper.
    Helper,
}

impl<'a> Seat<'a> {
    /// All threads' nodes so far (the others' as last reported), this
    /// thread having searched `nodes`.
    pub(crate) fn total_nodes(&self, nodes: u64) -> u64 {
        self.crew.nodes.0.load(Ordering::Relaxed) + nodes - self.reported_nodes
    }

    /// The signal check of a thread in a parallel search that has searched
    /// `nodes`, every [`SIGNAL_INTERVAL`] nodes once the helpers run (every
    /// [`crate::limits::CHECK_INTERVAL`] before). Each thread reports its nodes, so that
    /// any of them sees the node limit over all. The main thread starts the
    /// helpers when due, checks the other limits for everyone, and gives up
    /// its root search when a helper completed it; a helper gives up its
    /// task when the search is over or the main thread has moved on.
    /// Returns the limit hit, and the moves in progress to mark from now on
    /// if the helpers were started.
    pub(crate) fn check(
        &mut self,
        nodes: u64,
        clock: &mut Clock,
        helpers_after_nodes: u64,
    ) -> (Option<StopReason>, Option<Option<&'a BusyMoves>>) {
        let crew = self.crew;
        let unreported = nodes - self.reported_nodes;
        let total = crew.nodes.0.fetch_add(unreported, Ordering::Relaxed) + unreported;
        self.reported_nodes = nodes;
        match &mut self.role {
            Role::Main { may_restart, .. } => {
                if let Some(reason) = clock.check_now(total) {
                    // Tell the helpers now: the main thread may not run again at once.
                    crew.over.store(true, Ordering::Release);
                    return (Some(reason), None);
                }
                if *may_restart && crew.completed.load(Ordering::Relaxed) == self.generation {
                    *may_restart = false;
                    self.superseded = true;
                    return (Some(StopReason::Stopped), None);
                }
                (None, self.launch_if_due(nodes, clock, helpers_after_nodes))
            }
            Role::Helper => {
                if total >= crew.node_limit {
                    crew.over.store(true, Ordering::Release);
                }
                if crew.over.load(Ordering::Relaxed) || crew.generation.load(Ordering::Relaxed) != self.generation {
                    self.superseded = true;
                    return (Some(StopReason::Stopped), None);
                }
                (None, None)
            }
        }
    }

    /// The main thread starts the helpers once it has searched
    /// `helpers_after_nodes` nodes ([`crate::EngineOptions::helpers_after_nodes`])
    /// and run for `LAUNCH_COST_FACTOR` times what starting and stopping
    /// them cost in the engine's last searches (at once with
    /// `helpers_after_nodes == 0`); from then on it looks at the signals
    /// every [`SIGNAL_INTERVAL`] nodes, and (ABDADA) marks the moves it
    /// searches: returned when the helpers were started now.
    pub(crate) fn launch_if_due(
        &mut self,
        nodes: u64,
        clock: &mut Clock,
        helpers_after_nodes: u64,
    ) -> Option<Option<&'a BusyMoves>> {
        let Seat { role: Role::Main { launch: launch @ Some(_), launch_after, .. }, busy, .. } = self else {
            return None;
        };
        if nodes < helpers_after_nodes || clock.elapsed() < *launch_after {
            return None;
        }
        let launch = launch.take()?;
        launch();
        clock.set_interval(nodes, SIGNAL_INTERVAL);
        Some(*busy)
    }

    /// The main thread publishes the root search it starts. `may_restart`:
    /// whether a helper that completes this search first makes the main
    /// thread start it over.
    pub(crate) fn publish(&mut self, depth: u32, alpha: Score, beta: Score, may_restart: bool) {
        let Role::Main { launch, may_restart: restart, .. } = &mut self.role else { return };
        self.generation = self.crew.publish(depth, alpha, beta, launch.is_none());
        self.superseded = false;
        *restart = may_restart;
    }

    /// True (once) when this thread's root search was given up (for a
    /// newer task, or because a helper completed it).
    pub(crate) fn take_superseded(&mut self) -> bool {
        std::mem::take(&mut self.superseded)
    }
}
