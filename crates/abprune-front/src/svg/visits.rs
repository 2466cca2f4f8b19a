//! What a recorded search did at each node of the tree, rebuilt from its
//! events (the plain searches' [`TraceEvent`]s or the searches for games
//! with chance's [`ChanceEvent`]s), and the texts a node shows of it: its
//! value (a bound where the search proved only one) and its window, in
//! MAX's view, exact fractions where the values are.

use super::*;
use abprune::{ChanceEvent, Ratio};

/// What the trace says about one node; a node without one was never entered.
#[derive(Clone, Copy)]
pub(super) struct Visit {
    /// The window the node was last entered with, side to move's view.
    pub(super) alpha: Ratio,
    pub(super) beta: Ratio,
    /// Evaluated statically, so its value is exact whatever the window.
    pub(super) is_leaf: bool,
    /// `None` if the trace ended before the node returned.
    pub(super) value: Option<Ratio>,
    /// Last entered as Star2's probe: only its first move was searched,
    /// so its value is a lower bound (side to move's view), if any.
    pub(super) probe: bool,
    /// A chance node that cut off (Star1, Star2) leaving outcomes it never
    /// searched in full. (Star2 also counts a cut-off after probes that
    /// valued every outcome exactly, which skips nothing: not marked.)
    pub(super) chance_cutoff: bool,
}

impl Visit {
    fn entered(alpha: Ratio, beta: Ratio, probe: bool) -> Visit {
        Visit { alpha, beta, is_leaf: false, value: None, probe, chance_cutoff: false }
    }
}

/// Rebuilds per-node visits from a plain search's events, following their stack discipline.
pub(super) fn replay(tree: &Tree, trace: &[TraceEvent<NodeId>]) -> Vec<Option<Visit>> {
    let mut visits: Vec<Option<Visit>> = vec![None; tree.len()];
    let mut stack: Vec<usize> = Vec::new();
    for event in trace {
        match *event {
            TraceEvent::Enter { mv, alpha, beta, .. } => {
                let id = mv.unwrap_or(Tree::ROOT) as usize;
                if let Some(slot) = visits.get_mut(id) {
                    *slot = Some(Visit::entered(alpha.into(), beta.into(), false));
                }
                stack.push(id);
            }
            TraceEvent::Leaf { .. } => {
                if let Some(Some(visit)) = stack.last().and_then(|&id| visits.get_mut(id)) {
                    visit.is_leaf = true;
                }
            }
            // Skipped children are recognised by never being entered.
            TraceEvent::Cutoff { .. } => {}
            TraceEvent::Exit { value, .. } => {
                if let Some(Some(visit)) = stack.pop().and_then(|id| visits.get_mut(id)) {
                    visit.value = Some(value.into());
                }
            }
        }
    }
    visits
}

/// Rebuilds per-node visits from the events of a search for games with
/// chance. A node entered twice (Star2 probes a node, then searches it in
/// full) keeps its last visit.
pub(super) fn replay_chance(tree: &Tree, trace: &[ChanceEvent<NodeId>]) -> Vec<Option<Visit>> {
    let mut visits: Vec<Option<Visit>> = vec![None; tree.len()];
    let mut stack: Vec<usize> = Vec::new();
    for event in trace {
        match *event {
            ChanceEvent::Enter { mv, alpha, beta, probe, .. } => {
                let id = mv.unwrap_or(Tree::ROOT) as usize;
                if let Some(slot) = visits.get_mut(id) {
                    *slot = Some(Visit::entered(alpha, beta, probe));
                }
                stack.push(id);
            }
            ChanceEvent::Leaf { .. } => {
                if let Some(Some(visit)) = stack.last().and_then(|&id| visits.get_mut(id)) {
                    visit.is_leaf = true;
                }
            }
            ChanceEvent::Cutoff { .. } => {}
            ChanceEvent::ChanceCutoff { skipped, .. } => {
                if let Some(Some(visit)) = stack.last().and_then(|&id| visits.get_mut(id)) {
                    visit.chance_cutoff = skipped > 0;
                }
            }
            ChanceEvent::Exit { value, .. } => {
                if let Some(Some(visit)) = stack.pop().and_then(|id| visits.get_mut(id)) {
                    visit.value = Some(value);
                }
            }
        }
    }
    visits
}

/// A value as the figures print it: `+inf` as the plain searches' scores
/// print it, fractions as `a/b`.
fn shown(value: Ratio) -> String {
    if value == Ratio::INFINITY {
        "+inf".to_string()
    } else {
        value.to_string()
    }
}

/// The returned value in MAX's view (`max_view`: MAX is to move at the
/// node), marked as a bound when the search proved only one.
pub(super) fn value_text(visit: &Visit, max_view: bool) -> Option<String> {
    let value = visit.value?;
    // `Less` means "at most" in the side to move's view: the node failed low.
    let bound = match (visit.is_leaf, value <= visit.alpha, value >= visit.beta) {
        // A probe searched one move: at least its value, where it rose above alpha (else nothing is known).
        (false, false, _) if visit.probe => Ordering::Greater,
        (false, true, _) if visit.probe => return None,
        (false, true, _) => Ordering::Less,
        (false, _, true) => Ordering::Greater,
        _ => Ordering::Equal,
    };
    // MAX's view negates MIN's values, which turns an upper bound into a lower one.
    let (bound, value) = if max_view { (bound, value) } else { (bound.reverse(), -value) };
    let value = shown(value);
    Some(match bound {
        Ordering::Less => format!("≤ {value}"),
        Ordering::Greater => format!("≥ {value}"),
        Ordering::Equal => value,
    })
}

/// The entry window in MAX's view: negation swaps and negates the ends at MIN's nodes.
pub(super) fn window_text(visit: &Visit, max_view: bool) -> String {
    let (low, high) = if max_view { (visit.alpha, visit.beta) } else { (-visit.beta, -visit.alpha) };
    format!("({}, {})", shown(low), shown(high))
}
