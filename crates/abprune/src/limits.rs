//! When a search must stop: depth, nodes, time, or another thread's word.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Limits of one engine search. The default has none: the engine then
/// searches until the value is exact (and says so in its result).
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Deepest iteration of iterative deepening, in plies.
    pub depth: Option<u32>,
    /// Stop after this many nodes: one thread searches at most this many
    /// (the limit is checked at the node that reaches it); with more
    /// threads, each may pass it by up to the nodes between two of its
    /// looks at the shared count (a few hundred).
    pub nodes: Option<u64>,
    /// Stop after about this long: the clock is read at the first node and
    /// then every [`CHECK_INTERVAL`] nodes, so a time of zero stops the
    /// search at its root (the result still has a legal move).
    pub time: Option<Duration>,
    /// Stop as soon as another thread sets this flag.
    pub stop: Option<Arc<AtomicBool>>,
}

/// How many nodes pass between two looks at the clock and the stop flag: a
/// balance between reaction time (microseconds) and the cost of `Instant::now`.
pub const CHECK_INTERVAL: u64 = 1024;

impl SearchLimits {
    /// No limit: search until exact.
    pub fn none() -> Self {
        SearchLimits::default()
    }

    /// Limits iterative deepening to `depth` plies.
    pub fn with_depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth);
        self
    }

    /// Stops after about `nodes` nodes.
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Stops after about `time`; a time too long for the clock to represent
    /// (`Duration::MAX`, centuries) means no time limit.
    pub fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// Stops when `flag` becomes true.
    pub fn with_stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// True when only the depth (or nothing) limits the search: the result
    /// does not depend on the machine's speed.
    pub fn is_deterministic(&self) -> bool {
        self.time.is_none() && self.stop.is_none()
    }
}

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The value is exact: the game is solved from this position.
    Solved,
    /// Every line was searched to its end, but some ends are positions
    /// without moves that the rules do not finish, valued by
    /// [`crate::Game::evaluate`] (an explicit tree's leaves): a deeper
    /// search would find the same value, which is not proven.
    Complete,
    /// The depth limit was reached.
    DepthLimit,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The stop flag was raised.
    Stopped,
}

/// The running check of a search's limits.
#[derive(Debug)]
pub(crate) struct Clock {
    started: Instant,
    nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    next_check: u64,
    /// Nodes between two checks: [`CHECK_INTERVAL`] alone; shorter in a
    /// parallel search, whose threads also listen to each other.
    interval: u64,
}

impl Clock {
    pub(crate) fn start(limits: &SearchLimits) -> Self {
        let started = Instant::now();
        Clock {
            started,
            nodes: limits.nodes,
            // A limit beyond what the clock can represent (centuries) is no
            // limit at all, not an overflow.
            deadline: limits.time.and_then(|time| started.checked_add(time)),
            stop: limits.stop.clone(),
            // The first node looks at every limit: a time of zero, a node
            // limit of zero or a raised flag stop the search at once.
            next_check: 0,
            interval: CHECK_INTERVAL,
        }
    }

    /// Checks every `interval` nodes from now on, `nodes` being the count now.
    pub(crate) fn set_interval(&mut self, nodes: u64, interval: u64) {
        self.interval = interval;
        self.next_check = self.next_check_after(nodes);
    }

    /// When to look next after `nodes`: an interval later, or at the node
    /// limit if it comes first, so that the limit is never overrun.
    #[inline]
    fn next_check_after(&self, nodes: u64) -> u64 {
        let next = nodes + self.interval;
        match self.nodes {
            Some(limit) if limit > nodes => next.min(limit),
            _ => next,
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Called at every node with the nodes searched so far: true every
    /// `interval` nodes ([`CHECK_INTERVAL`] by default), when it is time to
    /// look at the limits.
    #[inline]
    pub(crate) fn due(&mut self, nodes: u64) -> bool {
        if nodes < self.next_check {
            return false;
        }
        self.next_check = self.next_check_after(nodes);
        true
    }

    pub(crate) fn check_now(&self, nodes: u64) -> Option<StopReason> {
        if self.nodes.is_some_and(|limit| nodes >= limit) {
            return Some(StopReason::NodeLimit);
        }
        if self.stop.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Some(StopReason::Stopped);
        }
        if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Some(StopReason::TimeLimit);
        }
        None
    }
}
