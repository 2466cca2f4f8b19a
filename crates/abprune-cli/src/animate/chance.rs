//! The page of a search for games with chance (expectiminimax, Star1,
//! Star2): the same page as the plain searches', its steps made from
//! [`ChanceEvent`]s. Values and windows are exact fractions in MAX's view
//! (by the decision nodes above each node); a chance node's cut-off greys
//! the outcomes it never searched in full; Star2's probes say so.

use super::{name_of, page_of, subtrees, unmatched_text, Tree};
use abprune::{ChanceEvent, Fail, NodeKind, Ratio};
use abprune_games::tree::NodeId;
use serde_json::{json, Value};

/// The page for one chance search of `tree`: `events` its full trace from
/// the root, `best_move` the root's best move.
pub fn render_chance_page(
    tree: &Tree,
    events: &[ChanceEvent<NodeId>],
    best_move: Option<NodeId>,
    title: &str,
    source: &str,
) -> String {
    let names = super::names(tree);
    let steps = Steps::new(tree, &names).run(events);
    let pv: Vec<NodeId> = best_move.into_iter().collect();
    page_of(tree, &names, steps, &pv, title, source)
}

/// A node on the search's current path.
struct Frame {
    id: usize,
    /// MAX is to move here: the side whose view its values take in MAX's view unchanged.
    max_view: bool,
    alpha: Ratio,
    beta: Ratio,
    /// Best value returned by a child so far, this node's view (decision nodes).
    best: Option<Ratio>,
    /// Children entered in this visit.
    entered: Vec<NodeId>,
    evaluated: bool,
    probe: bool,
    chance: bool,
}

impl Frame {
    /// `value` (this node's view) in MAX's view.
    fn shown(&self, value: Ratio) -> Ratio {
        if self.max_view {
            value
        } else {
            -value
        }
    }

    fn window(&self) -> String {
        let (low, high) = if self.max_view { (self.alpha, self.beta) } else { (-self.beta, -self.alpha) };
        format!("({}, {})", plus(low), plus(high))
    }

    fn side(&self) -> &'static str {
        match (self.chance, self.max_view) {
            (true, _) => "chance",
            (false, true) => "MAX",
            (false, false) => "MIN",
        }
    }

    /// A returned value in MAX's view, `≤`/`≥` where it is only a bound.
    fn value_text(&self, value: Ratio) -> String {
        let shown = plus(self.shown(value));
        if self.evaluated {
            return shown;
        }
        let (low, high) = (value <= self.alpha, value >= self.beta);
        // A probe searched one move: at least its value (this node's view) where it rose above alpha.
        let (low, high) = if self.probe { (low, !low) } else { (low, high) };
        // In MAX's view a MIN node's "at most" turns into "at least".
        let upper = if self.max_view { low } else { high };
        match (low || high, upper) {
            (true, true) => format!("≤ {shown}"),
            (true, false) => format!("≥ {shown}"),
            (false, _) => shown,
        }
    }
}

/// `+inf` as the plain searches print it, fractions as `a/b`.
fn plus(value: Ratio) -> String {
    if value == Ratio::INFINITY {
        "+inf".to_string()
    } else {
        value.to_string()
    }
}

struct Steps<'a> {
    tree: &'a Tree,
    names: &'a [String],
    max_to_move: Vec<bool>,
    stack: Vec<Frame>,
}

impl<'a> Steps<'a> {
    fn new(tree: &'a Tree, names: &'a [String]) -> Steps<'a> {
        Steps { tree, names, max_to_move: tree.max_to_move(), stack: Vec::new() }
    }

    fn run(mut self, events: &[ChanceEvent<NodeId>]) -> Vec<Value> {
        events.iter().map(|event| self.step(event)).collect()
    }

    fn step(&mut self, event: &ChanceEvent<NodeId>) -> Value {
        match *event {
            ChanceEvent::Enter { mv, kind, probability, alpha, beta, probe, .. } => {
                let id = mv.unwrap_or(Tree::ROOT) as usize;
                if let (Some(parent), Some(mv)) = (self.stack.last_mut(), mv) {
                    parent.entered.push(mv);
                }
                let max_view = self.max_to_move.get(id).copied().unwrap_or(true);
                let chance = kind == NodeKind::Chance;
                let frame = Frame {
                    id,
                    max_view,
                    alpha,
                    beta,
                    best: None,
                    entered: Vec::new(),
                    evaluated: false,
                    probe,
                    chance,
                };
                let (name, window, side) = (name_of(self.names, id), frame.window(), frame.side());
                let mut text = format!("enter {name} with window {window}");
                if let Some(probability) = probability {
                    text.push_str(&format!(", an outcome of probability {probability}"));
                }
                if probe {
                    text.push_str(": Star2's probe, its first move only, for a lower bound");
                }
                self.stack.push(frame);
                json!({ "kind": "enter", "node": id, "text": text, "name": name, "side": side,
                        "window": window, "fresh": mv.is_none() })
            }
            ChanceEvent::Leaf { value, .. } => {
                let Some(frame) = self.stack.last_mut() else { return unmatched_text(&format!("{event:?}")) };
                frame.evaluated = true;
                let shown = plus(frame.shown(value.into()));
                json!({ "kind": "leaf", "node": frame.id,
                        "text": format!("leaf {shown} at {}", name_of(self.names, frame.id)), "value": shown })
            }
            ChanceEvent::Cutoff { skipped, .. } => {
                let Some(frame) = self.stack.last() else { return unmatched_text(&format!("{event:?}")) };
                let kind = if frame.max_view { "beta" } else { "alpha" };
                let children = if skipped == 1 { "child" } else { "children" };
                let text = format!("{kind} cut-off at {}: {skipped} {children} skipped", name_of(self.names, frame.id));
                json!({ "kind": "cutoff", "node": frame.id, "pruned": self.unsearched(frame), "text": text })
            }
            ChanceEvent::ChanceCutoff { skipped, fail, bound, .. } => {
                let Some(frame) = self.stack.last() else { return unmatched_text(&format!("{event:?}")) };
                let side = if frame.max_view { "MAX" } else { "MIN" };
                let why = match fail {
                    Fail::Low => {
                        format!("even at their best for {side} (U each) the outcomes left keep it at or below alpha")
                    }
                    Fail::High => {
                        format!("even at their worst for {side} (L each, or a probe's bound) the outcomes left keep it at or above beta")
                    }
                };
                // In MAX's view a MIN node's "at most" turns into "at least".
                let at_most = (fail == Fail::Low) == frame.max_view;
                let bound = format!("{} {}", if at_most { "≤" } else { "≥" }, plus(frame.shown(bound)));
                let outcomes = if skipped == 1 { "outcome" } else { "outcomes" };
                let text = format!(
                    "chance cut-off at {}: {why}; {skipped} {outcomes} not searched in full, the expectation is {bound}",
                    name_of(self.names, frame.id)
                );
                json!({ "kind": "cutoff", "node": frame.id, "pruned": self.unsearched(frame), "text": text })
            }
            ChanceEvent::Exit { value, .. } => {
                let Some(frame) = self.stack.pop() else { return unmatched_text(&format!("{event:?}")) };
                let shown = frame.value_text(value);
                let text = format!("{} returns {shown}", name_of(self.names, frame.id));
                // A decision node's value so far (a chance node's expectation is told by its own exit).
                let parent_best = self.stack.last_mut().filter(|parent| !parent.chance).map(|parent| {
                    // The child's value in the parent's view: negated where the side changed.
                    let value = if parent.max_view == frame.max_view { value } else { -value };
                    let best = parent.best.map_or(value, |best| best.max(value));
                    parent.best = Some(best);
                    plus(parent.shown(best))
                });
                json!({ "kind": "exit", "node": frame.id, "text": text, "value": shown, "parentBest": parent_best })
            }
        }
    }

    /// The children of `frame` not entered in this visit, with their subtrees.
    fn unsearched(&self, frame: &Frame) -> Vec<NodeId> {
        if frame.id >= self.tree.len() {
            return Vec::new();
        }
        let children = self.tree.children(frame.id as NodeId);
        let skipped: Vec<NodeId> = children.iter().copied().filter(|child| !frame.entered.contains(child)).collect();
        subtrees(self.tree, &skipped)
    }
}
