//! What the searches for games with chance share: node entry and the
//! checks that refuse a game instead of returning a wrong value, the
//! fail-soft alpha-beta of decision nodes, the counters and the events.
//! Each algorithm's file keeps only what the paper prints: its chance
//! node.

use crate::chance::Probability;
use crate::game::{Game, Player};
use crate::ratio::{Ratio, RatioError};
use crate::score::Score;
use crate::stats::SearchStats;
use crate::trace::{ChanceEvent, ChanceObserver, Fail, NodeKind};

use super::chance_memory::{ChanceMemory, Known};
use super::chance_result::{ChanceError, ChanceResult};
use crate::limits::{Clock, StopReason};

/// Where a node is met: its remaining depth, its distance from the root,
/// the move or outcome that leads to it and, below a chance node, the
/// outcome's probability.
#[derive(Clone, Copy, Debug)]
pub(crate) struct At<M> {
    pub(crate) depth: u32,
    pub(crate) ply: u32,
    pub(crate) via: Option<M>,
    pub(crate) probability: Option<Probability>,
}

impl<M> At<M> {
    /// The root, `depth` moves deep.
    pub(crate) fn root(depth: u32) -> At<M> {
        At { depth, ply: 0, via: None, probability: None }
    }

    /// The node reached by `mv`, a player's move (one move of depth used).
    pub(crate) fn after_move(&self, mv: M) -> At<M> {
        At { depth: self.depth.saturating_sub(1), ply: self.ply + 1, via: Some(mv), probability: None }
    }

    /// The node reached by the outcome `mv` of probability `probability`
    /// (chance uses no depth: `depth` counts the players' moves).
    pub(crate) fn after_outcome(&self, mv: M, probability: Probability) -> At<M> {
        At { depth: self.depth, ply: self.ply + 1, via: Some(mv), probability: Some(probability) }
    }
}

/// A node seen from inside.
pub(crate) enum ChanceNode<M> {
    /// Valued by the rules or the evaluation (checked), exact.
    Leaf(Ratio),
    /// A player's moves (a reused buffer: hand it back).
    Decision(Vec<M>),
    /// Chance's outcomes, summing to one (a reused buffer: hand it back).
    Chance(Vec<(M, Probability)>),
}

/// The search of one node: its value in the window `(alpha, beta)`.
pub(crate) type NodeSearch<G, O> = for<'a, 'b> fn(
    &'b mut ChanceContext<'a, G, O>,
    At<<G as Game>::Move>,
    Ratio,
    Ratio,
) -> Result<Ratio, ChanceError<<G as Game>::Move>>;

/// The result of a step that may refuse the game.
pub(crate) type Step<T, M> = Result<T, ChanceError<M>>;

/// The state one search for games with chance carries down the tree.
pub(crate) struct ChanceContext<'a, G: Game, O> {
    pub(crate) game: &'a mut G,
    observer: &'a mut O,
    pub(crate) stats: SearchStats,
    /// The root's side (MAX): a cut-off where it moves is a beta cut-off.
    root_side: Player,
    /// Ballard's `L` and `U`, first player's view (`None`: not declared).
    bounds: Option<(Score, Score)>,
    /// The moves from the root to the current node, to name it in errors.
    line: Vec<G::Move>,
    best_move: Option<G::Move>,
    move_lists: Vec<Vec<G::Move>>,
    outcome_lists: Vec<Vec<(G::Move, Probability)>>,
    /// True once a leaf was valued by [`Game::evaluate`] (the depth limit
    /// or a position without moves): the value then rests on the
    /// evaluation, not on the rules alone.
    evaluated: bool,
    /// What the engine lends between searches (none in the textbook
    /// functions): bounds at chance nodes, best moves for ordering.
    memory: Option<&'a mut ChanceMemory<G::Move>>,
    /// The engine's limits (none in the textbook functions).
    clock: Option<&'a mut Clock>,
    /// Why the search was stopped: from then on every node entered is
    /// answered at once and the result means nothing.
    stopped: Option<StopReason>,
    /// Nodes the engine searched before this search (its node limit
    /// counts them all).
    nodes_before: u64,
    /// True once a line was cut by the depth limit (a deeper search may
    /// find another value).
    pub(crate) horizon: bool,
}

impl<'a, G: Game, O: ChanceObserver<G::Move>> ChanceContext<'a, G, O> {
    /// A context for a search of `game`, its bounds checked.
    pub(crate) fn new(game: &'a mut G, observer: &'a mut O) -> Step<Self, G::Move> {
        let bounds = game.value_bounds();
        if let Some((low, high)) = bounds {
            if !(low.is_heuristic() && high.is_heuristic() && low < high) {
                return Err(ChanceError::InvalidBounds { low, high });
            }
        }
        let root_side = game.side_to_move();
        Ok(ChanceContext {
            game,
            observer,
            stats: SearchStats::default(),
            root_side,
            bounds,
            line: Vec::new(),
            best_move: None,
            move_lists: Vec::new(),
            outcome_lists: Vec::new(),
            evaluated: false,
            memory: None,
            clock: None,
            stopped: None,
            nodes_before: 0,
            horizon: false,
        })
    }

    /// The context of an engine's search: it remembers into `memory` and
    /// stops when `clock` says (`nodes_before` nodes already searched).
    pub(crate) fn with_memory(
        mut self,
        memory: &'a mut ChanceMemory<G::Move>,
        clock: &'a mut Clock,
        nodes_before: u64,
    ) -> Self {
        self.memory = Some(memory);
        self.clock = Some(clock);
        self.nodes_before = nodes_before;
        self
    }

    /// Why the search was stopped, if it was (its value means nothing).
    pub(crate) fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// The result with the root's `value`, found in `window`.
    pub(crate) fn finish(self, value: Ratio, (alpha, beta): (Ratio, Ratio)) -> ChanceResult<G::Move> {
        let exact = !self.evaluated && alpha < value && value < beta;
        ChanceResult { value, best_move: self.best_move, stats: self.stats, exact }
    }

    /// `L` and `U` from the view of the side to move here, `±inf` when
    /// the game declares none.
    pub(crate) fn bounds_here(&self) -> (Ratio, Ratio) {
        match self.bounds {
            None => (Ratio::NEG_INFINITY, Ratio::INFINITY),
            Some((low, high)) if self.game.side_to_move() == Player::First => (low.into(), high.into()),
            Some((low, high)) => ((-high).into(), (-low).into()),
        }
    }

    /// Exact arithmetic at the current node: an overflow names the node.
    pub(crate) fn exact<T>(&self, result: Result<T, RatioError>) -> Step<T, G::Move> {
        result.map_err(|_| ChanceError::Overflow { line: self.line.clone() })
    }

    /// Counts and expands the node `at`, announcing it with its window.
    pub(crate) fn enter(
        &mut self,
        at: At<G::Move>,
        alpha: Ratio,
        beta: Ratio,
        probe: bool,
    ) -> Step<ChanceNode<G::Move>, G::Move> {
        if self.stop_due() {
            // Answered at once, uncounted: the engine discards the result.
            let (low, _) = self.bounds_here();
            return Ok(ChanceNode::Leaf(if low.is_infinite() { Ratio::ZERO } else { low }));
        }
        self.stats.count_node(at.ply as usize);
        let node = self.expand(at)?;
        if let ChanceNode::Chance(_) = &node {
            if let Some(value) = self.recall(at, alpha, beta) {
                // The table answers: to the search the node is a leaf.
                self.stats.chance_nodes += 1;
                let (ply, mv, probability) = (at.ply, at.via, at.probability);
                let kind = NodeKind::Chance;
                self.observer.observe(ChanceEvent::Enter { ply, mv, kind, probability, alpha, beta, probe });
                self.give_back(at.ply, node);
                return Ok(ChanceNode::Leaf(value));
            }
        }
        let kind = match &node {
            ChanceNode::Leaf(_) => NodeKind::Leaf,
            ChanceNode::Decision(_) => NodeKind::Decision,
            ChanceNode::Chance(_) => NodeKind::Chance,
        };
        let (ply, mv, probability) = (at.ply, at.via, at.probability);
        self.observer.observe(ChanceEvent::Enter { ply, mv, kind, probability, alpha, beta, probe });
        if let ChanceNode::Leaf(value) = node {
            // Leaf values are checked heuristic values: whole numbers.
            let value = value.to_score().unwrap_or_default();
            self.observer.observe(ChanceEvent::Leaf { ply, value });
        } else if kind == NodeKind::Chance {
            self.stats.chance_nodes += 1;
        }
        Ok(node)
    }

    /// Whether the engine's limits stop the search now (checked every so
    /// many nodes, as the engine's own searches do).
    fn stop_due(&mut self) -> bool {
        if self.stopped.is_none() {
            if let Some(clock) = self.clock.as_deref_mut() {
                let nodes = self.nodes_before + self.stats.nodes;
                if clock.due(nodes) {
                    self.stopped = clock.check_now(nodes);
                }
            }
        }
        self.stopped.is_some()
    }

    /// What the memory knows of the chance node `at` in `(alpha, beta)`.
    fn recall(&self, at: At<G::Move>, alpha: Ratio, beta: Ratio) -> Option<Ratio> {
        let memory = self.memory.as_deref()?;
        memory.recall(self.game.hash_key()?, at.depth, alpha, beta)
    }

    /// Remembers what the chance node `at` returned in `window` (nothing
    /// once stopped: that value means nothing).
    pub(crate) fn remember(&mut self, at: At<G::Move>, window: (Ratio, Ratio), value: Ratio) {
        if self.stopped.is_some() {
            return;
        }
        if let (Some(memory), Some(key)) = (self.memory.as_deref_mut(), self.game.hash_key()) {
            memory.remember(key, at.depth, window, value);
        }
    }

    /// A finished game or the depth limit is a leaf; then chance's
    /// outcomes (checked to sum to one), or the player's moves (none: a
    /// leaf valued by the evaluation).
    fn expand(&mut self, at: At<G::Move>) -> Step<ChanceNode<G::Move>, G::Move> {
        if let Some(outcome) = self.game.outcome() {
            return self.leaf(outcome.score(at.ply));
        }
        if at.depth == 0 {
            self.evaluated = true;
            self.horizon = true;
            return self.leaf(self.game.evaluate());
        }
        let ply = at.ply as usize;
        if self.game.chance_to_move() {
            if self.outcome_lists.len() <= ply {
                self.outcome_lists.resize_with(ply + 1, Vec::new);
            }
            let mut outcomes = std::mem::take(&mut self.outcome_lists[ply]);
            outcomes.clear();
            self.game.chance_outcomes(&mut outcomes);
            let sum = outcomes.iter().try_fold(Ratio::ZERO, |sum, &(_, p)| sum.checked_add(Ratio::from(p)));
            let sum = self.exact(sum)?;
            if sum != Ratio::ONE {
                return Err(ChanceError::ProbabilitySum { line: self.line.clone(), sum });
            }
            return Ok(ChanceNode::Chance(outcomes));
        }
        if self.move_lists.len() <= ply {
            self.move_lists.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        self.game.generate_moves(&mut moves);
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            self.evaluated = true;
            return self.leaf(self.game.evaluate());
        }
        // The best move of the last search first (the engine's memory).
        let remembered = self.memory.as_deref().zip(self.game.hash_key());
        if let Some(best) = remembered.and_then(|(memory, key)| memory.best_move(key)) {
            if let Some(index) = moves.iter().position(|&mv| mv == best) {
                moves[..=index].rotate_right(1);
            }
        }
        Ok(ChanceNode::Decision(moves))
    }

    /// A leaf's value, refused unless it is a heuristic value within the
    /// declared bounds.
    fn leaf(&mut self, value: Score) -> Step<ChanceNode<G::Move>, G::Move> {
        if !value.is_heuristic() {
            return Err(ChanceError::DecidedLeaf { line: self.line.clone(), value });
        }
        if let Some((low, high)) = self.bounds {
            let first_view = if self.game.side_to_move() == Player::First { value } else { -value };
            if first_view < low || first_view > high {
                return Err(ChanceError::OutOfBounds { line: self.line.clone(), value: first_view, low, high });
            }
        }
        self.stats.leaves += 1;
        Ok(ChanceNode::Leaf(value.into()))
    }

    /// Hands back a node's buffers for reuse at its ply.
    pub(crate) fn give_back(&mut self, ply: u32, node: ChanceNode<G::Move>) {
        match node {
            ChanceNode::Leaf(_) => {}
            ChanceNode::Decision(moves) => self.move_lists[ply as usize] = moves,
            ChanceNode::Chance(outcomes) => self.outcome_lists[ply as usize] = outcomes,
        }
    }

    /// Announces the value the node at `ply` returns.
    pub(crate) fn exit(&mut self, ply: u32, value: Ratio) -> Step<Ratio, G::Move> {
        self.observer.observe(ChanceEvent::Exit { ply, value });
        Ok(value)
    }

    /// A cut-off at the chance node at `ply`: `skipped` outcomes are never
    /// searched in full, and `bound` is returned.
    pub(crate) fn chance_cutoff(&mut self, ply: u32, skipped: usize, fail: Fail, bound: Ratio) -> Step<Ratio, G::Move> {
        self.stats.chance_cutoffs += 1;
        self.observer.observe(ChanceEvent::ChanceCutoff { ply, skipped, fail, bound });
        self.exit(ply, bound)
    }

    /// Plays `mv` (a player's move, or chance's outcome), searches the
    /// child, undoes `mv` (also when the search refused the game, so the
    /// position is the caller's again): the child's value from this node's
    /// view, its window from the child's (negated and swapped when the
    /// side changed: after a move as a rule, after an outcome that ends
    /// the turn, as Pig's roll of 1; unchanged after an extra turn).
    pub(crate) fn move_child(
        &mut self,
        mv: G::Move,
        alpha: Ratio,
        beta: Ratio,
        search: impl FnOnce(&mut Self, Ratio, Ratio) -> Step<Ratio, G::Move>,
    ) -> Step<Ratio, G::Move> {
        let mover = self.game.side_to_move();
        self.game.play(mv);
        self.line.push(mv);
        let value = if self.game.side_to_move() == mover {
            search(self, alpha, beta)
        } else {
            search(self, -beta, -alpha).map(|value| -value)
        };
        self.line.pop();
        self.game.undo(mv);
        value
    }

    /// Plays chance's outcome `mv`, searches the child with `search`,
    /// told whether the outcome passed the turn (a roll that ends the
    /// turn, as Pig's 1), undoes `mv`. The caller turns the child's value
    /// and window to the chance node's view when it did.
    pub(crate) fn outcome_child<T>(
        &mut self,
        mv: G::Move,
        search: impl FnOnce(&mut Self, bool) -> Step<T, G::Move>,
    ) -> Step<T, G::Move> {
        let mover = self.game.side_to_move();
        self.game.play(mv);
        self.line.push(mv);
        let passed = self.game.side_to_move() != mover;
        let result = search(self, passed);
        self.line.pop();
        self.game.undo(mv);
        result
    }

    /// Fail-soft alpha-beta at a decision node `at` with its `moves`,
    /// each child searched by `search`: with `v` the node's value and `r`
    /// the result, `r <= alpha` means `v <= r`, `alpha < r < beta` means
    /// `v == r`, `r >= beta` means `v >= r`. With [`Moves::FirstOnly`]
    /// (Star2's probe) `r` is the first move's value in that sense, and
    /// so a lower bound on `v` wherever it is not below the window; with
    /// [`Moves::FirstKnown`] the first move is not searched again where
    /// what a probe learnt of it decides it in this window. Records the
    /// root's best move.
    pub(crate) fn alphabeta(
        &mut self,
        at: At<G::Move>,
        moves: &[G::Move],
        (alpha, beta): (Ratio, Ratio),
        which: Moves,
        search: NodeSearch<G, O>,
    ) -> Step<Ratio, G::Move> {
        debug_assert!(alpha < beta, "alpha-beta needs an open window: alpha {alpha} >= beta {beta}");
        let searched = if which == Moves::FirstOnly { &moves[..1] } else { moves };
        let mut current = Ratio::NEG_INFINITY;
        let mut best = None;
        let mut alpha = alpha;
        for (i, &mv) in searched.iter().enumerate() {
            let known = match which {
                Moves::FirstKnown(known) if i == 0 => known.decides(alpha, beta),
                _ => None,
            };
            let value = match known {
                Some(value) => value,
                None => self.move_child(mv, alpha, beta, |context, alpha, beta| {
                    search(context, at.after_move(mv), alpha, beta)
                })?,
            };
            if value > current {
                current = value;
                best = Some(mv);
                self.note_best(at.ply, mv);
                alpha = alpha.max(value);
                if value >= beta {
                    // The opponent holds us below beta elsewhere: it will
                    // never let the game come here.
                    self.cutoff(at.ply, searched.len() - i - 1);
                    break;
                }
            }
        }
        if let (Some(best), None) = (best, self.stopped) {
            if let (Some(memory), Some(key)) = (self.memory.as_deref_mut(), self.game.hash_key()) {
                memory.remember_best(key, best);
            }
        }
        Ok(current)
    }

    /// Records `mv` as the best move found so far at `ply` (kept only at
    /// the root).
    pub(crate) fn note_best(&mut self, ply: u32, mv: G::Move) {
        if ply == 0 {
            self.best_move = Some(mv);
        }
    }

    /// A cut-off at a decision node (none counted at the last move).
    fn cutoff(&mut self, ply: u32, skipped: usize) {
        if skipped == 0 {
            return;
        }
        if self.game.side_to_move() == self.root_side {
            self.stats.beta_cutoffs += 1;
        } else {
            self.stats.alpha_cutoffs += 1;
        }
        self.observer.observe(ChanceEvent::Cutoff { ply, skipped });
    }
}

/// Which moves of a decision node alpha-beta searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Moves {
    /// All of them.
    All,
    /// The first only: Star2's probe.
    FirstOnly,
    /// All, the first one's result known from a probe.
    FirstKnown(Known),
}

/// `rest * bound` for the probability mass `rest` of the outcomes not
/// yet searched, each worth `bound` (`±inf` when the game declares no
/// bound): 0 when nothing is left, whatever the bound.
pub(crate) fn weighted(rest: Ratio, bound: Ratio) -> Result<Ratio, RatioError> {
    if rest == Ratio::ZERO {
        Ok(Ratio::ZERO)
    } else {
        rest.checked_mul(bound)
    }
}

/// The window an outcome of probability `p` is searched in, Ballard's
/// `(max(A, L), min(B, U))`: `A = (alpha - best_others) / p` is the
/// child's value at or below which the expectation cannot exceed `alpha`
/// even if the other outcomes add `best_others` (what is known of them,
/// and `U` for each one not yet searched), `B = (beta - worst_others) / p`
/// the value at or above which it reaches `beta` even if they add only
/// `worst_others` (`L` for each, or Star2's probed lower bounds).
pub(crate) fn outcome_window(
    (alpha, beta): (Ratio, Ratio),
    p: Ratio,
    (worst_others, best_others): (Ratio, Ratio),
    (low, high): (Ratio, Ratio),
) -> Result<(Ratio, Ratio), RatioError> {
    let a = alpha.checked_sub(best_others)?.checked_div(p)?;
    let b = beta.checked_sub(worst_others)?.checked_div(p)?;
    Ok((a.max(low), b.min(high)))
}

/// Runs `search` in `window`; if the window's arithmetic overflows (its
/// ends' denominators multiply with the probabilities' beyond 128 bits),
/// again with the full window: the exact value it finds meets the
/// fail-soft conditions in every window, so an answer exists whenever
/// the value itself fits (issue 55: Star1 and Star2 blamed the value for
/// a window's overflow).
pub(crate) fn with_window_fallback<G: Game, O, T>(
    game: &mut G,
    observer: &mut O,
    window: (Ratio, Ratio),
    mut search: impl FnMut(&mut G, &mut O, (Ratio, Ratio)) -> Step<T, G::Move>,
) -> Step<T, G::Move> {
    let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
    match search(game, observer, window) {
        Err(ChanceError::Overflow { .. }) if window != full => search(game, observer, full),
        result => result,
    }
}
