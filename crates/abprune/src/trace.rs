//! Watching a search: an observer called at each step, free when unused.
//!
//! Every search is generic over an [`Observer`]. [`NoTrace`] implements each
//! method as an empty inline function, so after monomorphisation the calls
//! vanish and an untraced search is exactly as fast as one with no hooks.
//! [`Trace`] records the events so that a tool can replay or draw the search.
//!
//! All values passed to an observer are in the negamax convention of the node
//! they belong to (the side to move there); [`root_view`] turns them into the
//! MAX-view values textbook figures print.

use crate::score::Score;

/// Receives the steps of a search as they happen.
pub trait Observer<M> {
    /// A node is entered at `ply` through `mv` (`None` at the root), with the
    /// window it is searched in (`(-inf, bound)` for branch-and-bound,
    /// `(-inf, +inf)` for plain minimax).
    #[inline]
    fn enter(&mut self, _ply: u32, _mv: Option<M>, _alpha: Score, _beta: Score) {}
    /// The node just entered is a leaf with this static value.
    #[inline]
    fn leaf(&mut self, _ply: u32, _value: Score) {}
    /// The node at `ply` stops early; `skipped` children are never searched.
    #[inline]
    fn cutoff(&mut self, _ply: u32, _skipped: usize) {}
    /// The node at `ply` returns `value` to its parent.
    #[inline]
    fn exit(&mut self, _ply: u32, _value: Score) {}
}

/// The observer that observes nothing and costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<M> Observer<M> for NoTrace {}

/// One recorded step of a search.
#[derive(Clone, Debug, PartialEq)]
pub enum TraceEvent<M> {
    /// A node entered with its window.
    Enter {
        /// Distance from the root.
        ply: u32,
        /// The move that led here; `None` at the root.
        mv: Option<M>,
        /// Lower end of the window (side to move's view).
        alpha: Score,
        /// Upper end of the window (side to move's view).
        beta: Score,
    },
    /// A leaf evaluated.
    Leaf {
        /// Distance from the root.
        ply: u32,
        /// Static value (side to move's view).
        value: Score,
    },
    /// A node left early.
    Cutoff {
        /// Distance from the root.
        ply: u32,
        /// Children never searched.
        skipped: usize,
    },
    /// A node's returned value.
    Exit {
        /// Distance from the root.
        ply: u32,
        /// Returned value (side to move's view).
        value: Score,
    },
}

/// An observer that records every event, in order.
#[derive(Clone, Debug)]
pub struct Trace<M> {
    /// The events, in the order the search produced them.
    pub events: Vec<TraceEvent<M>>,
}

impl<M> Default for Trace<M> {
    fn default() -> Self {
        Trace { events: Vec::new() }
    }
}

impl<M: Copy> Observer<M> for Trace<M> {
    fn enter(&mut self, ply: u32, mv: Option<M>, alpha: Score, beta: Score) {
        self.events.push(TraceEvent::Enter { ply, mv, alpha, beta });
    }
    fn leaf(&mut self, ply: u32, value: Score) {
        self.events.push(TraceEvent::Leaf { ply, value });
    }
    fn cutoff(&mut self, ply: u32, skipped: usize) {
        self.events.push(TraceEvent::Cutoff { ply, skipped });
    }
    fn exit(&mut self, ply: u32, value: Score) {
        self.events.push(TraceEvent::Exit { ply, value });
    }
}

/// A value of the node at `ply` (negamax convention) seen from the root's
/// side, MAX, as the MAX/MIN formulation and textbook figures write it.
#[inline]
pub fn root_view(ply: u32, value: Score) -> Score {
    if ply % 2 == 0 {
        value
    } else {
        -value
    }
}
