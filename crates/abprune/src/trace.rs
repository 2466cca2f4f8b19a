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
//!
//! The searches for games with chance ([`crate::textbook::expectiminimax`],
//! [`crate::textbook::star1`], [`crate::textbook::star2`]) report to a
//! [`ChanceObserver`] instead: their values and windows are exact
//! fractions ([`Ratio`]), not [`Score`]s, and they have steps of their own
//! (a chance node's cut-off, a probe). [`ChanceTrace`] records them as
//! [`ChanceEvent`]s; [`NoTrace`] observes nothing there either.

use crate::chance::Probability;
use crate::ratio::Ratio;
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

/// What kind of node a search for games with chance entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// A player chooses (MAX or MIN, by the side to move).
    Decision,
    /// Chance moves: the value is the expectation over the outcomes.
    Chance,
    /// Valued by the rules or the evaluation (a [`ChanceEvent::Leaf`]
    /// follows).
    Leaf,
}

/// Which side of the window a chance node's cut-off fell on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fail {
    /// Even the best case for the outcomes left (each worth `U`) keeps
    /// the expectation at or below `alpha`: the node's value is at most
    /// the bound returned.
    Low,
    /// Even the worst case (each worth `L`, or Star2's probed lower
    /// bound) keeps it at or above `beta`: the value is at least the
    /// bound returned.
    High,
}

/// One step of a search for games with chance. Values and windows are
/// from the view of the side to move at the node (chance does not change
/// it), exact.
#[derive(Clone, Debug, PartialEq)]
pub enum ChanceEvent<M> {
    /// A node entered, with the window it is searched in.
    Enter {
        /// Distance from the root in nodes (a chance node is a ply).
        ply: u32,
        /// The move or outcome that led here; `None` at the root.
        mv: Option<M>,
        /// Decision, chance or leaf.
        kind: NodeKind,
        /// The outcome's probability when the parent is a chance node.
        probability: Option<Probability>,
        /// Lower end of the window.
        alpha: Ratio,
        /// Upper end of the window.
        beta: Ratio,
        /// True when Star2 probes this node: only its first move is
        /// searched, and the value it exits with is a lower bound.
        probe: bool,
    },
    /// A leaf's value (after an `Enter` of kind [`NodeKind::Leaf`]).
    Leaf {
        /// Distance from the root.
        ply: u32,
        /// The value (side to move's view).
        value: Score,
    },
    /// A decision node left early by alpha-beta.
    Cutoff {
        /// Distance from the root.
        ply: u32,
        /// Moves never searched.
        skipped: usize,
    },
    /// A chance node left early: the expectation cannot come back into
    /// the window, whatever the outcomes not yet searched are worth.
    ChanceCutoff {
        /// Distance from the root.
        ply: u32,
        /// Outcomes whose value the node never searched in full (those
        /// from the cut on; for Star2, also those it only probed).
        skipped: usize,
        /// Below the window or above it.
        fail: Fail,
        /// The bound returned (the node's value is at most it for
        /// [`Fail::Low`], at least it for [`Fail::High`]).
        bound: Ratio,
    },
    /// A node's returned value.
    Exit {
        /// Distance from the root.
        ply: u32,
        /// The value (exact inside the window, a bound outside it).
        value: Ratio,
    },
}

/// Receives the steps of a search for games with chance. One method, the
/// event; [`NoTrace`]'s is empty and inlined, so an untraced search
/// builds no event.
pub trait ChanceObserver<M> {
    /// The search took this step.
    #[inline]
    fn observe(&mut self, _event: ChanceEvent<M>) {}
}

impl<M> ChanceObserver<M> for NoTrace {}

/// A [`ChanceObserver`] that records every event, in order.
#[derive(Clone, Debug)]
pub struct ChanceTrace<M> {
    /// The events, in the order the search produced them.
    pub events: Vec<ChanceEvent<M>>,
}

impl<M> Default for ChanceTrace<M> {
    fn default() -> Self {
        ChanceTrace { events: Vec::new() }
    }
}

impl<M> ChanceObserver<M> for ChanceTrace<M> {
    fn observe(&mut self, event: ChanceEvent<M>) {
        self.events.push(event);
    }
}
