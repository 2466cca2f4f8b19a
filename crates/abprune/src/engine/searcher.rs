//! The engine's node search: fail-soft alpha-beta or PVS with the table,
//! move ordering, the game's shortcuts, and limits.
//!
//! Above the options, the results and the threads' shared state
//! ([`super::crew`]) and the move picker ([`super::movepick`]); below
//! every driver, which it never knows. Longer than the house's 600 lines
//! on purpose: the node search ([`Searcher::search`]) is a recipe of
//! numbered steps (`Step 1.` to `Step 8.`), each a call to a helper named
//! after what it does, and those helpers (the table's drafts, the
//! selective steps, ABDADA's marks, the seat's signal checks) sit beside
//! it, so that a reader of a step finds it on the same page; the staged
//! move picking, the quiescence search and the selective search's margins
//! live apart.

use super::crew::{BusyMoves, Seat};
use super::movepick::{index_of_move_code, move_code_at, MoveKeys, MovePicker, Picked};
use super::options::{EngineOptions, Variant};
use super::ordering::{History, Killers, BLENDED_HISTORY_MAX, HINT_WEIGHT, MAX_HINT};
use super::plan::SearchPlan;
use super::selective::{
    late_move_count, null_move_reduction, singular_test_depth, DEEPER_MIN_REDUCTION, EXTENSION_PLY_FACTOR,
    FUTILITY_MAX_DEPTH, IIR_MIN_DEPTH, LMP_MAX_DEPTH, NULL_MOVE_MIN_DEPTH, PLY_FRACTIONS, RAISED_MAX_DEPTH,
    RAISED_MIN_DEPTH, REVERSE_FUTILITY_MAX_DEPTH, SINGULAR_DRAFT_SLACK, SINGULAR_MIN_DEPTH, TRIVIAL_MAX_FRACTIONS,
};
use super::tt::{Bound, TableEntry, TranspositionTable, COMPLETE_DRAFT, MAX_LIMITED_DRAFT, PROVEN_DRAFT};
use crate::game::{Ending, Game, Player};
use crate::limits::{Clock, StopReason};
use crate::score::{Outcome, Score};
use crate::textbook::{Context, Turn};
use crate::trace::Observer;
use std::ops::ControlFlow;

/// The table draft stored for a result of a search `depth` plies deep that
/// met a horizon.
#[inline]
fn limited_draft(depth: u32) -> u8 {
    depth.min(u32::from(MAX_LIMITED_DRAFT)) as u8
}

/// The draft an entry needs to answer a search `depth` plies deep. A search
/// deeper than any depth-limited draft (a solve, whose depth is unlimited)
/// takes proven entries alone: what it returns is exact.
#[inline]
fn required_draft(depth: u32) -> u8 {
    if depth > u32::from(MAX_LIMITED_DRAFT) {
        PROVEN_DRAFT
    } else {
        depth as u8
    }
}

/// ABDADA puts moves off only this many plies above the horizon: nearer to
/// it a subtree costs less than the bookkeeping.
const ABDADA_MIN_DEPTH: u32 = 2;

/// ... and only this few plies below the root. Deeper, subtrees are small
/// (an exact solve has no horizon to go by), and each mark moves a cache
/// line from one core to the other (the measurements that chose 12 are in
/// docs/engine.md, "Measurements behind the engine's constants").
const ABDADA_MAX_PLY: u32 = 12;

/// The tables a thread searches with: the main one and the near-leaf one
/// ([`TableOptions::near_kib`]), both shared by every thread.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tables<'a> {
    pub(crate) main: Option<&'a TranspositionTable>,
    pub(crate) near: Option<&'a TranspositionTable>,
}

/// One search's state: the shared [`Context`] plus what the engine adds.
pub(crate) struct Searcher<'a, G: Game, O: Observer<G::Move>> {
    pub(crate) context: Context<'a, G, O>,
    pub(crate) options: &'a EngineOptions,
    table: Option<&'a TranspositionTable>,
    /// The near-leaf table, for the nodes at ply `near_from_ply` and deeper.
    near: Option<&'a TranspositionTable>,
    near_from_ply: u32,
    killers: &'a mut Killers<G::Move>,
    history: &'a mut History,
    pub(crate) clock: Clock,
    /// Set once a limit is hit; every value computed after it is discarded.
    pub(crate) stopped: Option<StopReason>,
    /// Counts results the rules did not decide (a static evaluation, at
    /// depth 0 or for want of moves, a pruning, or a table entry that was
    /// not proven). A subtree during which it did not move is proven: exact
    /// to the end of the game.
    pub(crate) unproven: u64,
    /// Counts results that rest on a depth limit (the horizon, a pruning, or
    /// a table entry found to a depth limit). A subtree during which it did
    /// not move would have the same value searched deeper.
    pub(crate) horizons: u64,
    /// Static evaluations made, at the horizon or for want of moves: a solve
    /// that needed one was given a game that does not end in wins, losses
    /// and draws alone.
    pub(crate) evaluations: u64,
    /// How the game says its finished positions are valued, read once.
    pub(crate) ending: Ending,
    /// The last finished position's outcome that `ending` does not allow,
    /// if the search met one: a solve then fails rather than answer.
    pub(crate) undeclared: Option<Outcome>,
    /// True once the search reached a chance node ([`Game::chance_to_move`]),
    /// which a deterministic search cannot value: the search stopped there
    /// and its caller refuses the game ([`crate::EngineError::ChanceNode`]).
    pub(crate) chance_node: bool,
    /// This thread's place in a parallel search; `None` alone.
    pub(crate) seat: Option<Seat<'a>>,
    /// ABDADA's moves in progress, once other threads search beside this one.
    pub(crate) busy: Option<&'a BusyMoves>,
    /// The settings of this search, decided where it started.
    plan: SearchPlan,
    /// Whether the current root search is selective
    /// ([`SearchPlan::selective_at`]; a helper's, whether the plan is),
    /// read at every node to pick the search's copy.
    selective: bool,
    /// The depth the root was searched to, which bounds the extensions.
    root_depth: u32,
    /// The ply of the node that answers a pass, if one is being searched:
    /// it may not pass back.
    null_reply_ply: Option<u32>,
    /// The node at this ply searches its moves but the one with this code
    /// (a singular extension's test search), without the table.
    excluded: Option<(u32, u16)>,
    /// The sixteenths of a ply the next node entered has beyond its whole
    /// plies (selective search with fractional depth): set just before a
    /// child is searched, taken as the child is entered, so a node not
    /// reached that way (the root, a pass's reply, a singular test) has
    /// none.
    child_fractions: u32,
    /// In the current iteration, the last root move other than the first
    /// that was searched to the end and beat every move before it inside
    /// the root's window ([`ReportingOptions::stopped_iteration_move`]).
    pub(crate) root_improvement: Option<G::Move>,
    /// The first root move searched to the end in the current iteration:
    /// what `root_improvement` is proven better than.
    pub(crate) root_first: Option<G::Move>,
    /// By ply, the static evaluation of the node at that ply on the
    /// current line, where one was made (selective search with
    /// [`crate::Selectivity::improving`]): a node compares its own with
    /// the one two plies up.
    static_evals: Vec<Option<Score>>,
    /// By ply, whether the move being searched from the node at that ply
    /// is forcing (selective search with
    /// [`crate::Selectivity::attack_relief`]): a forcing move continues
    /// an attack when its side's move two plies up was forcing too.
    forcing_by_ply: Vec<bool>,
}

impl<'a, G: Game, O: Observer<G::Move>> Searcher<'a, G, O> {
    pub(crate) fn new(
        context: Context<'a, G, O>,
        options: &'a EngineOptions,
        plan: SearchPlan,
        tables: Tables<'a>,
        killers: &'a mut Killers<G::Move>,
        history: &'a mut History,
        clock: Clock,
    ) -> Self {
        // The root's bound on the plies left is every node's, less its ply.
        let near_from_ply = match (tables.near, context.game.max_plies_left()) {
            (Some(_), Some(left)) => left.saturating_sub(options.table.near_plies),
            _ => u32::MAX,
        };
        let ending = context.game.ending();
        Searcher {
            context,
            options,
            table: tables.main,
            near: tables.near,
            near_from_ply,
            killers,
            history,
            clock,
            stopped: None,
            unproven: 0,
            horizons: 0,
            evaluations: 0,
            ending,
            undeclared: None,
            chance_node: false,
            seat: None,
            busy: None,
            plan,
            selective: plan.selectivity().any(),
            root_depth: 0,
            null_reply_ply: None,
            excluded: None,
            child_fractions: 0,
            root_improvement: None,
            root_first: None,
            static_evals: Vec::new(),
            forcing_by_ply: Vec::new(),
        }
    }

    /// The table that holds the nodes of `ply`: the near-leaf table from
    /// `near_from_ply` on, the main table above.
    #[inline]
    pub(crate) fn table_at(&self, ply: u32) -> Option<&'a TranspositionTable> {
        if ply >= self.near_from_ply {
            self.near
        } else {
            self.table
        }
    }

    /// Runs `search` on the position on the board, `plies` plies below the
    /// root, as the root of a search of its own (its ply 0), with the
    /// near-leaf table starting where it starts for the real root, so that
    /// the search finds the entries stored for these positions (the line's
    /// completion, module `pv`, tests positions of the line so).
    pub(crate) fn rooted_below<R>(&mut self, plies: u32, search: impl FnOnce(&mut Self) -> R) -> R {
        let near_from_ply = self.near_from_ply;
        self.near_from_ply = near_from_ply.saturating_sub(plies);
        let result = search(self);
        self.near_from_ply = near_from_ply;
        result
    }

    pub(crate) fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The limit hit, if any (the clock is read only now and then; in a
    /// parallel search, also the other threads' word).
    #[inline]
    pub(crate) fn clock_check(&mut self) -> Option<StopReason> {
        let nodes = self.context.stats.nodes;
        if !self.clock.due(nodes) {
            return None;
        }
        match self.seat {
            None => self.clock.check_now(nodes),
            Some(_) => self.crew_check(),
        }
    }

    /// Searches the root with window (alpha, beta). The root never returns
    /// early from the table or the game's shortcuts, so that it always
    /// searches and reports a move. In a parallel search the helpers search
    /// it too, and when one of them completes it first, this search starts
    /// over once: the table then holds the answer for every root move, and
    /// the value and line come out of this thread's own search.
    pub(crate) fn root(&mut self, depth: u32, alpha: Score, beta: Score) -> Score {
        self.root_depth = depth;
        self.child_fractions = 0;
        (self.root_improvement, self.root_first) = (None, None);
        // A search deeper than the game can last is a solve: no selective
        // technique (the plan says why).
        self.selective = self.plan.selective_at(depth);
        if self.seat.is_none() {
            return self.node(depth, 0, None, alpha, beta);
        }
        let (unproven_before, horizons_before) = (self.unproven, self.horizons);
        self.publish(depth, alpha, beta, true);
        let value = self.node(depth, 0, None, alpha, beta);
        if !self.take_superseded() {
            return value;
        }
        self.stopped = None;
        (self.root_improvement, self.root_first) = (None, None);
        self.unproven = unproven_before;
        self.horizons = horizons_before;
        self.publish(depth, alpha, beta, false);
        self.node(depth, 0, None, alpha, beta)
    }

    /// [`Searcher::search`], with the bookkeeping of a shared search compiled
    /// in only when other threads search beside this one (chosen at every
    /// node, so that the main thread takes it up as soon as it starts the
    /// helpers).
    #[inline]
    pub(crate) fn node(&mut self, depth: u32, ply: u32, via: Option<G::Move>, alpha: Score, beta: Score) -> Score {
        match (self.busy.is_some(), self.selective) {
            (true, true) => self.search::<true, true>(depth, ply, via, alpha, beta),
            (true, false) => self.search::<true, false>(depth, ply, via, alpha, beta),
            (false, true) => self.search::<false, true>(depth, ply, via, alpha, beta),
            (false, false) => self.search::<false, false>(depth, ply, via, alpha, beta),
        }
    }

    /// Fail-soft search of the node `ply` plies below the root: with `m` its
    /// true value (to `depth`), the result `v` satisfies `v <= alpha => m <= v`,
    /// `alpha < v < beta => m == v`, `v >= beta => m >= v`. Once the search
    /// is stopped the result means nothing. `SHARED`: other threads search
    /// the same tree and ABDADA's moves in progress are kept (two copies of
    /// the search, because the bookkeeping alone cost the single-threaded
    /// search 2% more instructions on Connect Four).
    ///
    /// A recipe of numbered steps, each a call to a helper below that
    /// names what it does; the moves come from the staged [`MovePicker`].
    fn search<const SHARED: bool, const SELECTIVE: bool>(
        &mut self,
        depth: u32,
        ply: u32,
        via: Option<G::Move>,
        alpha: Score,
        beta: Score,
    ) -> Score {
        debug_assert!(alpha < beta, "engine node needs an open window: alpha {alpha} >= beta {beta}");
        // Step 1. Enter, and look at the limits now and then.
        self.context.enter(ply, via, alpha, beta);
        if self.halted() {
            return Score::DRAW;
        }
        let mut node = self.node_state::<SELECTIVE>(depth, ply, via, alpha, beta);

        // Step 2. Leaves: the game is over, or the horizon is reached.
        if let Some(value) = self.leaf_value(&node) {
            return value;
        }

        // Step 3. The table: a stored result may settle the node, or narrow
        // the window, and its move goes first. It comes before the game's own
        // shortcuts, which cost more than a probe (a node whose value the
        // rules know is never stored, so a hit is never such a node).
        if let Some(value) = self.probe_table(&mut node) {
            return self.context.exit(ply, value);
        }

        // Step 3b. Selective pruning before the moves (module `selective`),
        // at null-window nodes below the root only: a static evaluation far
        // above beta, or still above it after a pass, settles the node; one
        // far below alpha that the quiescence search confirms, too. A node
        // the table has no move for is searched a ply shallower.
        if SELECTIVE {
            if let Some(value) = self.prune_or_reduce(&mut node) {
                return self.context.exit(ply, value);
            }
        }

        // Step 4. The moves worth searching, unless the rules already know
        // the value. A node without moves is a leaf.
        let mut moves = self.context.empty_moves(ply);
        if let Some(value) = self.moves_to_search(&node, &mut moves) {
            self.context.give_back(ply, moves);
            return self.context.exit(ply, value);
        }

        // Step 5. Narrow the window to the scores still reachable, as a
        // mate-distance bound does: no line can do better than the game's
        // highest score.
        if let Some(value) = node.shortcuts.then(|| self.narrow_to_reachable(&mut node)).flatten() {
            self.context.give_back(ply, moves);
            return self.context.exit(ply, value);
        }

        // Step 5b. Enhanced transposition cutoff: a child the table already
        // proves bad enough for the opponent settles this node unsearched.
        // Only at nodes searched before: their children are likely stored,
        // while a first visit would pay the probes for nothing.
        if self.options.shape.enhanced_cutoffs && node.revisited && !node.is_root && node.depth > 1 {
            if let Some(value) = self.child_table_cutoff(&moves, node.depth, ply, node.beta) {
                self.context.give_back(ply, moves);
                return self.context.exit(ply, value);
            }
        }

        // Step 6. Best moves first, in stages (module `movepick`): the
        // table's move alone, and only if it does not cut off, the others
        // sorted by their keys (often the table's move cuts, and the keys
        // are never computed).
        node.table_index = node.table_code.and_then(|code| index_of_move_code(&*self.context.game, &moves, code));
        let mut order = self.take_order(ply);
        let mut picker = MovePicker::new(&mut order, node.table_index, moves.len());

        // Step 7. Search the moves. PVS tests every move after the first with
        // a null window and searches again only the ones that beat alpha.
        // Beside other threads (ABDADA), a move after the first that another
        // thread is searching right now is put off: by the time it comes up
        // again its value is likely in the table.
        let nodes_before = self.context.stats.nodes;
        node.window = (node.alpha, node.beta);
        let multi_cut = self.search_moves::<SHARED, SELECTIVE>(&mut node, &moves, &mut picker);
        let best_code = node.best_index.map(|index| move_code_at(&*self.context.game, &moves, index));
        self.context.give_back(ply, moves);
        self.context.orders[ply as usize] = order;
        if let Some(value) = multi_cut {
            self.unproven += 1;
            self.horizons += 1;
            return self.context.exit(ply, value);
        }
        if self.stopped.is_some() {
            return Score::DRAW;
        }

        // Step 8. Remember the result, with what kind of bound it is.
        self.store_result(&node, best_code, nodes_before);
        self.context.exit(ply, node.best)
    }

    /// Step 1: whether the search is to stop here (it was stopped, or a
    /// limit is hit now), so that no node is searched after a limit.
    #[inline(always)]
    fn halted(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if let Some(reason) = self.clock_check() {
            self.stopped = Some(reason);
            return true;
        }
        false
    }

    /// Step 1: what the steps of a node entered at `ply` start from, so
    /// that each step reads and leaves its findings in one place.
    #[inline(always)]
    fn node_state<const SELECTIVE: bool>(
        &mut self,
        depth: u32,
        ply: u32,
        via: Option<G::Move>,
        alpha: Score,
        beta: Score,
    ) -> Node<'a, G::Move> {
        let is_root = ply == 0;
        Node {
            depth,
            fractions: if SELECTIVE { std::mem::take(&mut self.child_fractions) } else { 0 },
            ply,
            via,
            alpha,
            beta,
            window: (alpha, beta),
            is_root,
            excluded: match self.excluded {
                Some((at, code)) if SELECTIVE && at == ply => Some(code),
                _ => None,
            },
            shortcuts: self.options.shape.rules_shortcuts && !is_root,
            after_candidate: self.options.shape.rules_shortcuts && ply >= 2,
            table: None,
            key: None,
            table_code: None,
            table_index: None,
            table_result: None,
            revisited: false,
            pv_node: false,
            static_eval: None,
            improving: true,
            likely_fail_high: false,
            unproven_before: self.unproven,
            horizons_before: self.horizons,
            best: -Score::INFINITY,
            best_index: None,
        }
    }

    /// Step 2: the value of a leaf (already announced and exited), `None`
    /// for a node to search: a finished game is worth its outcome; at the
    /// horizon the quiescence search or the static evaluation decides.
    #[inline(always)]
    fn leaf_value(&mut self, node: &Node<'a, G::Move>) -> Option<Score> {
        let ply = node.ply;
        let outcome = if node.after_candidate {
            self.context.game.outcome_after_candidate()
        } else {
            self.context.game.outcome()
        };
        if let Some(outcome) = outcome {
            let value = self.outcome_score(outcome, ply);
            let value = self.context.leaf(ply, value);
            return Some(self.context.exit(ply, value));
        }
        if self.context.game.chance_to_move() {
            return Some(self.met_chance());
        }
        if node.depth > 0 {
            return None;
        }
        self.horizons += 1;
        if self.options.shape.quiescence {
            return Some(self.quiescence(ply, 0, node.alpha, node.beta));
        }
        self.unproven += 1;
        self.evaluations += 1;
        let value = self.context.leaf(ply, self.context.game.evaluate());
        Some(self.context.exit(ply, value))
    }

    /// Step 3: probes the table (not in a singular test's search, which
    /// leaves a move out that the entry knows): the stored value if it
    /// settles the node (never at the root, which must report a move);
    /// else notes the entry's move and result and narrows the window.
    #[inline(always)]
    fn probe_table(&mut self, node: &mut Node<'a, G::Move>) -> Option<Score> {
        node.table = if node.excluded.is_some() { None } else { self.table_at(node.ply) };
        node.key = node.table.and_then(|_| self.context.game.hash_key());
        let entry = node.table?.probe(node.key?)?;
        let value = entry.value.to_root_relative(node.ply);
        node.revisited = true;
        node.table_code = entry.move_code;
        node.table_result = Some((value, entry.bound, entry.draft));
        if entry.draft < required_draft(node.depth) || node.is_root {
            return None;
        }
        if entry.draft != PROVEN_DRAFT {
            self.unproven += 1;
            self.horizons += u64::from(entry.draft != COMPLETE_DRAFT);
        }
        match entry.bound {
            Bound::Exact => Some(value),
            Bound::Lower if value >= node.beta => Some(value),
            Bound::Upper if value <= node.alpha => Some(value),
            Bound::Lower => {
                node.alpha = node.alpha.max(value);
                None
            }
            Bound::Upper => {
                node.beta = node.beta.min(value);
                None
            }
        }
    }

    /// Step 3b (selective search only): the value if a pruning before the
    /// moves settles the node ([`Searcher::prune_before_moves`], at
    /// null-window nodes below the root); else an internal iterative
    /// reduction takes a ply off a node the table knows no move for, and a
    /// stale principal-variation node is searched shallower.
    #[inline(always)]
    fn prune_or_reduce(&mut self, node: &mut Node<'a, G::Move>) -> Option<Score> {
        node.pv_node = node.beta > node.alpha.succ();
        node.static_eval =
            (!node.is_root && !node.pv_node).then(|| self.context.game.evaluate()).filter(|eval| eval.is_heuristic());
        if let Some(eval) = node.static_eval {
            if let Some(value) = self.prune_before_moves(node.depth, node.ply, eval, node.alpha, node.beta) {
                self.unproven += 1;
                self.horizons += 1;
                return Some(value);
            }
            node.likely_fail_high = self.likely_fail_high(node.depth, eval, node.beta);
        }
        if self.plan.selectivity().improving {
            node.improving = self.improving(node.ply, node.static_eval);
        }
        if self.plan.selectivity().internal_reductions
            && node.table_code.is_none()
            && node.depth >= IIR_MIN_DEPTH
            && node.key.is_some()
        {
            node.depth -= 1;
        }
        // A principal-variation node whose table entry (with a move) is
        // shallower than it: the line left the principal variation
        // iterations ago.
        if self.plan.selectivity().stale_pv_reductions && node.pv_node && !node.is_root && node.table_code.is_some() {
            if let Some((_, _, draft)) = node.table_result {
                let reduction = self.plan.selectivity().stale_pv_reduction(node.fractional_depth(), u32::from(draft));
                let depth = node.fractional_depth() - reduction;
                (node.depth, node.fractions) = (depth / PLY_FRACTIONS, depth % PLY_FRACTIONS);
            }
        }
        None
    }

    /// Step 4: fills `moves` with the node's moves (the game's candidates
    /// with the rules' shortcuts, below the root); or returns the value of
    /// a leaf, announced: the rules know it, or there is no move (then the
    /// evaluation, which proves nothing).
    #[inline(always)]
    fn moves_to_search(&mut self, node: &Node<'a, G::Move>, moves: &mut Vec<G::Move>) -> Option<Score> {
        let ply = node.ply;
        if node.shortcuts {
            let known = if node.after_candidate {
                self.context.game.candidate_moves_after_candidate(moves)
            } else {
                self.context.game.candidate_moves(moves)
            };
            if let Some(known) = known {
                return Some(self.context.leaf(ply, known.to_root_relative(ply)));
            }
            // The game's defences against a threat it knows (selective only).
            if self.selective
                && self.plan.selectivity().threat_defences
                && !node.is_root
                && self.context.game.threat_defences(moves)
            {
                self.unproven += 1;
            }
        } else {
            self.context.game.generate_moves(moves);
        }
        if moves.is_empty() {
            // Not a finished game: the evaluation's value proves nothing
            // (though deeper searches would find the same).
            self.unproven += 1;
            self.evaluations += 1;
            return Some(self.context.leaf(ply, self.context.game.evaluate()));
        }
        None
    }

    /// Step 5: narrows the window to the game's [`Game::score_bounds`];
    /// the value when they settle the node (every reachable score on one
    /// side of the window, or the window closed).
    #[inline(always)]
    fn narrow_to_reachable(&mut self, node: &mut Node<'a, G::Move>) -> Option<Score> {
        let (lowest, highest) = self.context.game.score_bounds();
        let (lowest, highest) = (lowest.to_root_relative(node.ply), highest.to_root_relative(node.ply));
        let settled = if lowest >= node.beta {
            Some(lowest)
        } else if highest <= node.alpha {
            Some(highest)
        } else {
            None
        };
        node.alpha = node.alpha.max(lowest);
        node.beta = node.beta.min(highest);
        settled.or((node.alpha >= node.beta).then_some(node.alpha))
    }

    /// Step 7: searches the moves `picker` hands out, leaving the best
    /// value and its move in `node`, until one cuts off or a limit stops
    /// the search; the value of a multi-cut, if the singular test found
    /// one (the node is then settled unsearched).
    #[inline(always)]
    fn search_moves<const SHARED: bool, const SELECTIVE: bool>(
        &mut self,
        node: &mut Node<'a, G::Move>,
        moves: &[G::Move],
        picker: &mut MovePicker<'_>,
    ) -> Option<Score> {
        let mover = self.context.game.side_to_move();
        let mut searched = 0;
        // The moves searched so far, for the blended history's lesson.
        let mut tried = [0u16; BLENDED_TRIED_MAX];
        // The id of the move that reached the node, for the counter-move history.
        let previous = match node.via {
            Some(via) if self.options.ordering.counter_weight > 0 => self.context.game.move_id(via),
            _ => None,
        };
        while let Some(picked) =
            picker.next(|| EngineKeys { searcher: &mut *self, ply: node.ply, moves, mover, previous })
        {
            let mv = moves[usize::from(picked.index)];
            let mark = match self.claim_move::<SHARED>(node, moves, picked, searched) {
                Claim::PutOff => {
                    picker.defer(picked.index);
                    continue;
                }
                Claim::Search(mark) => mark,
            };
            let forcing = SELECTIVE && self.context.game.is_forcing(mv);
            let at = MoveAt { mv, index: picked.index, searched, forcing };
            if SELECTIVE && self.skips_move(node, moves, at, mark.as_ref()) {
                continue;
            }
            let value = if SELECTIVE {
                let extension = match self.extension(node, moves, at) {
                    ControlFlow::Continue(extension) => extension,
                    ControlFlow::Break(value) => return Some(value),
                };
                let fail_high = if node.likely_fail_high && !at.forcing { PLY_FRACTIONS } else { 0 };
                let raised = if !at.forcing && self.raised_alpha(node) { PLY_FRACTIONS } else { 0 };
                let new_depth =
                    (node.fractional_depth() - PLY_FRACTIONS + extension).saturating_sub(fail_high + raised);
                if self.plan.selectivity().attack_relief > 0 {
                    self.note_forcing(node.ply, at.forcing);
                }
                self.search_selective_move(node, mover, at, new_depth)
            } else {
                self.search_move(node, mover, at, node.depth - 1)
            };
            if let Some(mark) = mark {
                mark.release();
            }
            if searched < BLENDED_TRIED_MAX {
                tried[searched] = picked.index;
            }
            searched += 1;
            if self.stopped.is_some() {
                break;
            }
            if self.record_value(node, at, value, moves.len()) {
                let ordering = &self.options.ordering;
                if ordering.learns() || self.plan.selectivity().history_reductions {
                    // A move that left but one reply teaches no counter-move.
                    let previous = previous.filter(|_| moves.len() > 1);
                    self.reward_blended(node.depth, mover, moves, &tried[..searched.min(BLENDED_TRIED_MAX)], previous);
                }
                break;
            }
        }
        None
    }

    /// The blended and counter-move histories' lesson of a cut-off
    /// (module `ordering`): the last of `tried` (indices into `moves`, in
    /// the order searched) cut the node off `depth` plies above the
    /// horizon; the others did not. The counter-move history learns it as
    /// a reply to `previous`, the id of the move that reached the node.
    #[cold]
    fn reward_blended(&mut self, depth: u32, mover: Player, moves: &[G::Move], tried: &[u16], previous: Option<usize>) {
        let game = &*self.context.game;
        let Some((&cut, failed)) = tried.split_last() else { return };
        let Some(cut) = game.move_id(moves[usize::from(cut)]) else { return };
        let failed = failed.iter().filter_map(|&index| game.move_id(moves[usize::from(index)]));
        self.history.record_blended(side_index(mover), depth, cut, failed, previous);
    }

    /// Step 7, beside other threads (ABDADA, `SHARED`): put the move off
    /// when another thread is searching it now (unless it was put off once
    /// already); else search it, with the mark this thread leaves on it
    /// meanwhile, if any. A node's first move is searched by every
    /// thread that comes by ("young brothers wait"), and only near the
    /// root and away from the horizon are moves marked at all.
    #[inline(always)]
    fn claim_move<const SHARED: bool>(
        &self,
        node: &Node<'a, G::Move>,
        moves: &[G::Move],
        picked: Picked,
        searched: usize,
    ) -> Claim<'a> {
        match (SHARED, self.busy, node.key) {
            (true, Some(busy), Some(key))
                if searched > 0 && node.depth >= ABDADA_MIN_DEPTH && node.ply < ABDADA_MAX_PLY =>
            {
                let move_key = BusyMoves::move_key(key, move_code_at(&*self.context.game, moves, picked.index));
                if !picked.deferred && busy.is_busy(move_key) {
                    return Claim::PutOff;
                }
                busy.enter(move_key);
                Claim::Search(Some(BusyMark { busy, move_key }))
            }
            _ => Claim::Search(None),
        }
    }

    /// Step 7, selective search only: whether the move is left out, so
    /// that late quiet moves near the horizon cost nothing: pruned
    /// ([`Searcher::prunes_late_move`], counted as unproven, its ABDADA
    /// mark released; a forcing move only by its count, and only with
    /// [`crate::Selectivity::forcing_pruning`]), or the move a singular
    /// test leaves out.
    #[inline(always)]
    fn skips_move(
        &mut self,
        node: &Node<'a, G::Move>,
        moves: &[G::Move],
        at: MoveAt<G::Move>,
        mark: Option<&BusyMark<'a>>,
    ) -> bool {
        if at.searched > 0
            && !node.is_root
            && !node.best.is_loss()
            && if at.forcing {
                self.plan.selectivity().forcing_pruning && self.prunes_by_count(node, at.searched)
            } else {
                self.prunes_late_move(node, at.searched) || self.prunes_trivial_move(node, at.mv)
            }
        {
            if let Some(mark) = mark {
                mark.release();
            }
            self.unproven += 1;
            self.horizons += 1;
            return true;
        }
        node.excluded.is_some_and(|code| code == move_code_at(&*self.context.game, moves, at.index))
    }

    /// Step 7, selective search only: whether the moves still to come are
    /// a ply shallower because a move has raised alpha
    /// ([`crate::Selectivity::raised_alpha_reduction`]): the node's best
    /// lies above the window it was given, is no proven result, and the
    /// depth is within [`RAISED_MIN_DEPTH`]..[`RAISED_MAX_DEPTH`].
    #[inline(always)]
    fn raised_alpha(&self, node: &Node<'a, G::Move>) -> bool {
        self.plan.selectivity().raised_alpha_reduction
            && node.best > node.window.0
            && node.best.is_heuristic()
            && (RAISED_MIN_DEPTH..RAISED_MAX_DEPTH).contains(&node.depth)
    }

    /// Step 7, selective search only: the sixteenths of a ply a move
    /// gains, so that a forced line does not eat the depth: the single
    /// reply extension for a single move, one ply for the table's move
    /// when the singular test finds it alone good enough; or the value of
    /// a multi-cut, when even without it the node fails high. Extensions
    /// stop [`EXTENSION_PLY_FACTOR`] times the root's depth below the root.
    #[inline(always)]
    fn extension(
        &mut self,
        node: &Node<'a, G::Move>,
        moves: &[G::Move],
        at: MoveAt<G::Move>,
    ) -> ControlFlow<Score, u32> {
        let single =
            self.plan.selectivity().extensions && moves.len() == 1 && node.ply < EXTENSION_PLY_FACTOR * self.root_depth;
        if self.plan.selectivity().singular_extensions
            && at.searched == 0
            && Some(at.index) == node.table_index
            && !node.is_root
            && self.excluded.is_none()
            && node.depth >= SINGULAR_MIN_DEPTH
            && moves.len() > 1
            && node.ply < EXTENSION_PLY_FACTOR * self.root_depth
        {
            match self.singular_test(node.depth, node.ply, node.via, moves, at.index, node.table_result, node.beta) {
                Singular::Extend => return ControlFlow::Continue(PLY_FRACTIONS),
                Singular::Cut(value) => return ControlFlow::Break(value),
                Singular::No => {}
            }
        }
        ControlFlow::Continue(if single { self.plan.selectivity().single_reply_fractions() } else { 0 })
    }

    /// Step 7: the value of the move `at`, searched to `new_depth`: the
    /// first with the node's window; a later one with a null window first
    /// in PVS (searched again with the full window only if it lands
    /// inside), with the full window in plain alpha-beta.
    #[inline(always)]
    fn search_move(&mut self, node: &Node<'a, G::Move>, mover: Player, at: MoveAt<G::Move>, new_depth: u32) -> Score {
        let (ply, alpha, beta, mv) = (node.ply, node.alpha, node.beta, at.mv);
        self.context.game.play(mv);
        // Every window below is the node's; `child` puts it into the
        // child's view (negated only if the side to move changed).
        let turn = Turn::after(mover, &*self.context.game);
        let value = if at.searched == 0 || self.options.shape.variant != Variant::Pvs {
            self.child(turn, new_depth, ply, mv, alpha, beta)
        } else {
            // PVS: a null window first; a move that lands inside the
            // window is searched again with the full window.
            let scout = self.child(turn, new_depth, ply, mv, alpha, alpha.succ());
            if alpha < scout && scout < beta && self.stopped.is_none() {
                self.child(turn, new_depth, ply, mv, alpha, beta)
            } else {
                scout
            }
        };
        self.context.game.undo(mv);
        value
    }

    /// Step 7, selective search: the value of the move `at`, searched to
    /// `new_depth` sixteenths of a ply ([`PLY_FRACTIONS`]): the first with
    /// the node's window, a later one reduced and with a null window
    /// first ([`Searcher::search_late_move`]). The reduction keeps at
    /// least one ply.
    #[inline(always)]
    fn search_selective_move(
        &mut self,
        node: &Node<'a, G::Move>,
        mover: Player,
        at: MoveAt<G::Move>,
        new_depth: u32,
    ) -> Score {
        let (ply, alpha, beta, mv) = (node.ply, node.alpha, node.beta, at.mv);
        self.context.game.play(mv);
        let turn = Turn::after(mover, &*self.context.game);
        let value = if at.searched == 0 {
            self.fractional_child(turn, new_depth, ply, mv, alpha, beta)
        } else {
            let selectivity = self.plan.selectivity();
            let reducible = !at.forcing || selectivity.forcing_reduction > 0;
            let reduction = if selectivity.late_move_reductions && reducible && Some(at.index) != node.table_index {
                let attacking = at.forcing && selectivity.attack_relief > 0 && self.attacked_before(ply);
                let base =
                    selectivity.reduction_fractions(node.depth, at.searched, node.pv_node, at.forcing, attacking);
                let base = if selectivity.history_reductions {
                    let game = &*self.context.game;
                    let blended = game.move_id(mv).map_or(0, |id| self.history.blended(side_index(mover), id));
                    (base as i32 - selectivity.history_reduction_bonus(blended)).max(0) as u32
                } else {
                    base
                };
                base.min(new_depth.saturating_sub(PLY_FRACTIONS))
            } else {
                0
            };
            self.search_late_move(turn, mv, new_depth, reduction, ply, alpha, beta)
        };
        self.context.game.undo(mv);
        value
    }

    /// Step 7: takes the value of the move `at` (the node's `at.searched +
    /// 1`-th searched, of `move_count`) into the node's best, its line and
    /// the root's reports; true on a cut-off, which rewards the move.
    #[inline(always)]
    fn record_value(
        &mut self,
        node: &mut Node<'a, G::Move>,
        at: MoveAt<G::Move>,
        value: Score,
        move_count: usize,
    ) -> bool {
        let searched = at.searched + 1;
        let (window_alpha, window_beta) = node.window;
        // The root's reports are looked at only where they may change (a
        // first move that is no better than the start is rare), so that a
        // move below the root pays no test for them.
        if value <= node.best {
            if searched == 1 && node.is_root {
                self.root_first = Some(at.mv);
            }
            return false;
        }
        if node.is_root {
            if searched == 1 {
                self.root_first = Some(at.mv);
            } else if value > window_alpha {
                self.root_improvement = Some(at.mv);
            }
        }
        node.best = value;
        node.best_index = Some(at.index);
        // A null window proves a bound, not a line: below the root,
        // keeping PVs there would copy lines at every node for nothing.
        if node.is_root || window_beta > window_alpha.succ() {
            self.context.update_pv(node.ply, at.mv);
        }
        node.alpha = node.alpha.max(value);
        if value < node.beta {
            return false;
        }
        self.reward(node.ply, node.depth, at.mv);
        self.context.cutoff(node.ply, move_count - searched);
        true
    }

    /// Step 8: stores the node's result in the table, with what kind of
    /// bound it is and the draft it is good for, so that the next visit
    /// (or another thread) starts from it.
    #[inline(always)]
    fn store_result(&mut self, node: &Node<'a, G::Move>, best_code: Option<u16>, nodes_before: u64) {
        let (Some(table), Some(key)) = (node.table, node.key) else { return };
        let bound = bound_of(node.best, node.window.0, node.window.1);
        let draft = self.draft_since(node.unproven_before, node.horizons_before, limited_draft(node.depth));
        let entry = TableEntry {
            value: node.best.to_node_relative(node.ply),
            draft,
            // After a fail-low every move was refuted: no move is better known.
            move_code: if bound == Bound::Upper { None } else { best_code },
            bound,
        };
        table.store(key, entry, self.context.stats.nodes - nodes_before);
    }

    /// A chance node reached: the search stops at once (its value means
    /// nothing) and notes why, for the caller to refuse the game. Cold: a
    /// game without chance never comes here, and one whose
    /// [`Game::chance_to_move`] is the default compiles the test away.
    #[cold]
    #[inline(never)]
    pub(crate) fn met_chance(&mut self) -> Score {
        self.chance_node = true;
        self.stopped = Some(StopReason::Stopped);
        Score::DRAW
    }

    /// The score of a finished position at `ply` whose outcome is
    /// `outcome`, noting it when the game's declared ending does not allow
    /// it ([`Searcher::undeclared`]).
    #[inline]
    pub(crate) fn outcome_score(&mut self, outcome: Outcome, ply: u32) -> Score {
        if !self.ending.allows(outcome) {
            self.undeclared = Some(outcome);
        }
        outcome.score(ply)
    }

    /// All threads' nodes so far (the others' as last reported).
    pub(crate) fn total_nodes(&self) -> u64 {
        let nodes = self.context.stats.nodes;
        self.seat.as_ref().map_or(nodes, |seat| seat.total_nodes(nodes))
    }

    /// The signal check of a thread in a parallel search ([`Seat::check`]);
    /// marks the moves in progress from the moment the helpers start.
    #[inline(never)]
    pub(crate) fn crew_check(&mut self) -> Option<StopReason> {
        let nodes = self.context.stats.nodes;
        let seat = self.seat.as_mut()?;
        let (reason, launched) = seat.check(nodes, &mut self.clock, self.options.parallel.helpers_after_nodes);
        if let Some(busy) = launched {
            self.busy = busy;
        }
        reason
    }

    /// The main thread publishes the root search it starts (starting the
    /// helpers first if they are due: with `helpers_after_nodes == 0`,
    /// before the first root search). `may_restart`: whether a helper that
    /// completes this search first makes the main thread start it over.
    pub(crate) fn publish(&mut self, depth: u32, alpha: Score, beta: Score, may_restart: bool) {
        let nodes = self.context.stats.nodes;
        let Some(seat) = &mut self.seat else { return };
        if let Some(busy) = seat.launch_if_due(nodes, &mut self.clock, self.options.parallel.helpers_after_nodes) {
            self.busy = busy;
        }
        seat.publish(depth, alpha, beta, may_restart);
    }

    /// True (once) when the main thread's root search was given up because a
    /// helper completed it.
    pub(crate) fn take_superseded(&mut self) -> bool {
        self.seat.as_mut().is_some_and(Seat::take_superseded)
    }

    /// The draft of a result found since the counters stood at
    /// `unproven_before` and `horizons_before`: proven when nothing rested
    /// on a horizon or an evaluation, complete when no line met a horizon,
    /// else `limited` (the depth it was searched to).
    pub(crate) fn draft_since(&self, unproven_before: u64, horizons_before: u64, limited: u8) -> u8 {
        if self.unproven == unproven_before {
            PROVEN_DRAFT
        } else if self.horizons == horizons_before {
            COMPLETE_DRAFT
        } else {
            limited
        }
    }

    /// The value, from the node at `ply`, of its child on the board (reached
    /// by `mv`, with `turn`), searched to `depth` with the node's window
    /// (`alpha`, `beta`) put into the child's view. The fail-soft condition
    /// of [`Searcher::search`] holds for the result from the node's view.
    #[inline(always)]
    fn child(&mut self, turn: Turn, depth: u32, ply: u32, mv: G::Move, alpha: Score, beta: Score) -> Score {
        turn.value(alpha, beta, |alpha, beta| self.node(depth, ply + 1, Some(mv), alpha, beta))
    }

    /// [`Searcher::child`] at `depth` sixteenths of a ply: the whole plies
    /// as the child's depth, the rest handed to it as its fractions.
    #[inline(always)]
    fn fractional_child(&mut self, turn: Turn, depth: u32, ply: u32, mv: G::Move, alpha: Score, beta: Score) -> Score {
        self.child_fractions = depth % PLY_FRACTIONS;
        self.child(turn, depth / PLY_FRACTIONS, ply, mv, alpha, beta)
    }

    /// A later move (not the first) of a selective search, depths in
    /// sixteenths of a ply: at `new_depth - reduction` with a null window
    /// first when reduced, then, if it beats alpha, at `new_depth` (a ply
    /// deeper if it beat alpha by a margin, [`crate::Selectivity::deeper_research`]; PVS:
    /// with a null window, and the full window only if the value lands
    /// inside it; plain alpha-beta: the full window).
    #[allow(clippy::too_many_arguments)]
    fn search_late_move(
        &mut self,
        turn: Turn,
        mv: G::Move,
        new_depth: u32,
        reduction: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let mut value = Score::INFINITY;
        let mut new_depth = new_depth;
        if reduction > 0 {
            value = self.fractional_child(turn, new_depth - reduction, ply, mv, alpha, alpha.succ());
        }
        if value <= alpha || self.stopped.is_some() {
            return value;
        }
        if reduction > 0 {
            let selectivity = self.plan.selectivity();
            if selectivity.deeper_research
                && reduction >= DEEPER_MIN_REDUCTION
                && i64::from(value.get()) > i64::from(alpha.get()) + selectivity.deeper_margin(reduction)
            {
                new_depth += PLY_FRACTIONS;
            }
        }
        if self.options.shape.variant != Variant::Pvs {
            return self.fractional_child(turn, new_depth, ply, mv, alpha, beta);
        }
        value = self.fractional_child(turn, new_depth, ply, mv, alpha, alpha.succ());
        if alpha < value && value < beta && self.stopped.is_none() {
            value = self.fractional_child(turn, new_depth, ply, mv, alpha, beta);
        }
        value
    }

    /// The singular extension's test of the table move `index` of the node
    /// at `ply` (reached by `via`), `depth` plies deep, whose table entry
    /// said `table_result`: the node is searched without that move,
    /// [`singular_test_depth`] deep, with a null window the singular margin
    /// below the entry's value. All fail low: the move is singular. Fail
    /// high at or above beta: several moves cut, the node too. Only for an
    /// entry that is a lower bound (or exact) on a value that is no win or
    /// loss, found at most [`SINGULAR_DRAFT_SLACK`] plies shallower.
    #[allow(clippy::too_many_arguments)]
    fn singular_test(
        &mut self,
        depth: u32,
        ply: u32,
        via: Option<G::Move>,
        moves: &[G::Move],
        index: u16,
        table_result: Option<(Score, Bound, u8)>,
        beta: Score,
    ) -> Singular {
        let Some((value, bound, draft)) = table_result else { return Singular::No };
        if bound == Bound::Upper
            || !value.is_heuristic()
            || draft > MAX_LIMITED_DRAFT
            || u32::from(draft) + SINGULAR_DRAFT_SLACK < depth
        {
            return Singular::No;
        }
        let singular_beta = Score::new(value.get().saturating_sub(self.plan.selectivity().singular_margin_at(depth)));
        if !singular_beta.is_heuristic() || !singular_beta.pred().is_heuristic() {
            return Singular::No;
        }
        let code = move_code_at(&*self.context.game, moves, index);
        let saved = self.excluded.replace((ply, code));
        let others = self.node(singular_test_depth(depth), ply, via, singular_beta.pred(), singular_beta);
        self.excluded = saved;
        if self.stopped.is_some() {
            Singular::No
        } else if others < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Reverse futility, razoring and null-move pruning at a null-window
    /// node with static evaluation `eval`: the node's value if one of them
    /// settles it.
    fn prune_before_moves(&mut self, depth: u32, ply: u32, eval: Score, alpha: Score, beta: Score) -> Option<Score> {
        let selectivity = *self.plan.selectivity();
        let raw = i64::from(eval.get());
        // Reverse futility: so far above beta that no reply brings it back,
        // unless a threat must be answered first.
        if selectivity.reverse_futility
            && depth <= REVERSE_FUTILITY_MAX_DEPTH
            && beta.is_heuristic()
            && raw - i64::from(selectivity.futility_margin_at(depth)) >= i64::from(beta.get())
            && !self.context.game.must_answer()
        {
            return Some(eval);
        }
        if selectivity.futility && depth <= FUTILITY_MAX_DEPTH && beta.is_heuristic() && alpha.is_heuristic() {
            // Razoring: so far below alpha that only a forcing line could
            // help, and the quiescence search, which follows those, agrees;
            // not where a threat must be answered (the quiescence would
            // stand pat against it).
            if self.options.shape.quiescence
                && raw + i64::from(selectivity.razor_margin_at(depth)) <= i64::from(alpha.get())
                && !self.context.game.must_answer()
            {
                let value = self.quiescence(ply, 0, alpha, alpha.succ());
                if value <= alpha || self.stopped.is_some() {
                    return Some(value);
                }
            }
        }
        if selectivity.null_move
            && depth >= NULL_MOVE_MIN_DEPTH
            && eval >= beta
            && beta.is_heuristic()
            && self.null_reply_ply != Some(ply)
            && self.context.game.play_null()
        {
            let reduced = depth.saturating_sub(1 + null_move_reduction(depth));
            let saved = self.null_reply_ply.replace(ply + 1);
            let value = -self.node(reduced, ply + 1, None, -beta, -beta.pred());
            self.null_reply_ply = saved;
            self.context.game.undo_null();
            if self.stopped.is_some() {
                return Some(Score::DRAW);
            }
            if value >= beta {
                // A pass proves no win: report the bound, not a distance.
                return Some(if value.is_win() { beta } else { value });
            }
        }
        None
    }

    /// Whether the node at `ply` with static evaluation `eval` is improving
    /// ([`crate::Selectivity::improving`]): its evaluation beats the one
    /// two plies up, or either is unknown. Records `eval` for the nodes
    /// two plies down.
    fn improving(&mut self, ply: u32, eval: Option<Score>) -> bool {
        let ply = ply as usize;
        if self.static_evals.len() <= ply {
            self.static_evals.resize(ply + 1, None);
        }
        self.static_evals[ply] = eval;
        match (eval, ply.checked_sub(2).and_then(|up| self.static_evals[up])) {
            (Some(now), Some(before)) => now > before,
            _ => true,
        }
    }

    /// Whether a null-window node `depth` plies deep with evaluation
    /// `eval` will likely fail high ([`crate::Selectivity::fail_high_reduction`]):
    /// the evaluation lies the fail-high margin above beta and no threat
    /// must be answered first.
    fn likely_fail_high(&mut self, depth: u32, eval: Score, beta: Score) -> bool {
        let selectivity = *self.plan.selectivity();
        selectivity.fail_high_reduction
            && beta.is_heuristic()
            && i64::from(eval.get()) >= i64::from(beta.get()) + i64::from(selectivity.fail_high_margin_at(depth))
            && !self.context.game.must_answer()
    }

    /// Whether the `searched`-th move (0-based, quiet, at a node that
    /// already has a move that does not lose) is skipped: move-count
    /// pruning near the horizon, or futility pruning when the evaluation
    /// plus the margin cannot reach alpha.
    fn prunes_late_move(&self, node: &Node<'a, G::Move>, searched: usize) -> bool {
        if self.prunes_by_count(node, searched) {
            return true;
        }
        let (depth, alpha) = (node.depth, node.alpha);
        let selectivity = *self.plan.selectivity();
        match node.static_eval {
            Some(eval) if selectivity.futility && depth <= FUTILITY_MAX_DEPTH && alpha.is_heuristic() => {
                i64::from(eval.get()) + i64::from(selectivity.futility_margin_at(depth)) <= i64::from(alpha.get())
            }
            _ => false,
        }
    }

    /// Notes whether the move searched from the node at `ply` is forcing
    /// ([`Searcher::attacked_before`] asks two plies down).
    fn note_forcing(&mut self, ply: u32, forcing: bool) {
        let ply = ply as usize;
        if self.forcing_by_ply.len() <= ply {
            self.forcing_by_ply.resize(ply + 1, false);
        }
        self.forcing_by_ply[ply] = forcing;
    }

    /// Whether the move two plies up, on the current line, was forcing
    /// ([`crate::Selectivity::attack_relief`]): in a game whose sides
    /// alternate, the side to move at `ply` played it. A game where a
    /// side may move twice running asks about the ply all the same; only
    /// games with forcing moves ([`Game::is_forcing`]) are concerned.
    fn attacked_before(&self, ply: u32) -> bool {
        (ply as usize).checked_sub(2).and_then(|up| self.forcing_by_ply.get(up)).copied().unwrap_or(false)
    }

    /// Whether the `searched`-th move is beyond the count move-count
    /// pruning keeps at this node.
    #[inline(always)]
    fn prunes_by_count(&self, node: &Node<'a, G::Move>, searched: usize) -> bool {
        self.plan.selectivity().late_move_pruning
            && node.depth <= LMP_MAX_DEPTH
            && searched >= late_move_count(node.depth, node.improving)
    }

    /// Whether a move that builds nothing is skipped this near the horizon
    /// ([`crate::Selectivity::trivial_pruning`]).
    #[inline(always)]
    fn prunes_trivial_move(&self, node: &Node<'a, G::Move>, mv: G::Move) -> bool {
        self.plan.selectivity().trivial_pruning
            && node.fractional_depth() < TRIVIAL_MAX_FRACTIONS
            && self.context.game.is_trivial(mv)
    }

    /// A value `>= beta` proven by a child's table entry, if any: a child
    /// worth at most `u` to the opponent is worth at least `-u` to us; a
    /// child where we move again, worth at least `l`, is worth `l` to us.
    fn child_table_cutoff(&mut self, moves: &[G::Move], depth: u32, ply: u32, beta: Score) -> Option<Score> {
        let table = self.table_at(ply + 1)?;
        let mover = self.context.game.side_to_move();
        for &mv in moves {
            self.context.game.play(mv);
            let turn = Turn::after(mover, &*self.context.game);
            let entry = self.context.game.hash_key().and_then(|key| table.probe(key));
            self.context.game.undo(mv);
            let Some(entry) = entry else { continue };
            // The bound that limits the child's value from below, from here.
            let from_below = if turn.same_side { Bound::Upper } else { Bound::Lower };
            if entry.draft < required_draft(depth - 1) || entry.bound == from_below {
                continue;
            }
            let value = turn.value(-Score::INFINITY, Score::INFINITY, |_, _| entry.value.to_root_relative(ply + 1));
            if value >= beta {
                if entry.draft != PROVEN_DRAFT {
                    self.unproven += 1;
                    self.horizons += u64::from(entry.draft != COMPLETE_DRAFT);
                }
                return Some(value);
            }
        }
        None
    }

    /// The reused order buffer of `ply` (the picker empties it).
    #[inline(always)]
    fn take_order(&mut self, ply: u32) -> Vec<(i64, u16)> {
        let ply = ply as usize;
        match self.context.orders.get_mut(ply) {
            Some(order) => std::mem::take(order),
            None => self.grow_orders(ply),
        }
    }

    /// [`Searcher::take_order`] at a ply reached for the first time: once
    /// per ply and search, so kept out of the node search.
    #[cold]
    #[inline(never)]
    fn grow_orders(&mut self, ply: usize) -> Vec<(i64, u16)> {
        self.context.orders.resize_with(ply + 1, Vec::new);
        Vec::new()
    }

    /// Starts loading the table entries of the children of `ply` other than
    /// `skip` ([`TableOptions::prefetch`]), when they are in the main table
    /// and it has grown out of the caches: otherwise the probes hit the
    /// cache anyway and the plays and undos are pure cost (measured on
    /// Connect Four's Test_L1_R1, same run: 361 us a position with every
    /// node prefetching, 335 us without).
    fn prefetch_children(&mut self, ply: u32, moves: &[G::Move], skip: Option<u16>) {
        let Some(table) = self.table.filter(|table| ply + 1 < self.near_from_ply && table.has_grown()) else {
            return;
        };
        for (index, &mv) in moves.iter().enumerate() {
            if Some(index as u16) == skip {
                continue;
            }
            self.context.game.play(mv);
            if let Some(key) = self.context.game.hash_key() {
                table.prefetch(key);
            }
            self.context.game.undo(mv);
        }
    }

    /// A move that caused a cut-off becomes a killer and gains history.
    fn reward(&mut self, ply: u32, depth: u32, mv: G::Move) {
        if self.options.ordering.killers {
            self.killers.record(ply as usize, mv);
        }
        if self.options.ordering.history {
            if let Some(id) = self.context.game.move_id(mv) {
                self.history.record(id, depth);
            }
        }
    }
}

/// What a singular extension's test found ([`Searcher::singular_test`]).
enum Singular {
    /// The table's move is singular: search it a ply deeper.
    Extend,
    /// Moves other than the table's fail high too: the node returns this
    /// lower bound (multi-cut).
    Cut(Score),
    /// Neither, or the test did not apply.
    No,
}

/// The state of one node of [`Searcher::search`], carried from step to
/// step: what the node was entered with, what the table said, and the
/// best value found so far. One place, so that each step is a call that
/// reads and leaves its findings here.
struct Node<'t, M> {
    /// The plies left to search (less an internal iterative reduction or
    /// a stale principal-variation reduction).
    depth: u32,
    /// The sixteenths of a ply left beyond `depth` (selective search with
    /// fractional depth; else 0): they count towards the children's depth
    /// only, every rule of the node reads its whole plies.
    fractions: u32,
    /// The plies from the root.
    ply: u32,
    /// The move that reached the node, if any.
    via: Option<M>,
    /// The window, narrowed by the table and the reachable scores, alpha
    /// raised by each better move.
    alpha: Score,
    beta: Score,
    /// The window the moves are searched with (after narrowing): what the
    /// stored bound and the root's reports are judged against.
    window: (Score, Score),
    is_root: bool,
    /// In a singular extension's test search of this very node, the code
    /// of the move it leaves out (the table, which knows the node with
    /// it, is then not used).
    excluded: Option<u16>,
    /// The game's shortcuts apply ([`ShapeOptions::rules_shortcuts`], below the root).
    shortcuts: bool,
    /// Below ply 1 every move searched came from the parent's
    /// `candidate_moves`, and the game may know what that rules out.
    after_candidate: bool,
    /// The table that holds the node, and its key, if it is stored.
    table: Option<&'t TranspositionTable>,
    key: Option<u64>,
    /// The move the table names for the node, by the game's code for it.
    table_code: Option<u16>,
    /// The same move's index in the node's move list, if the list holds it.
    table_index: Option<u16>,
    /// The entry's value (from the root), bound and draft, for the singular test.
    table_result: Option<(Score, Bound, u8)>,
    /// The table had an entry for the node: it was searched before.
    revisited: bool,
    /// The window is wider than a null window (selective search only).
    pv_node: bool,
    /// The static evaluation, at null-window nodes of a selective search.
    static_eval: Option<Score>,
    /// The static evaluation beats the one two plies up, or either is
    /// unknown ([`crate::Selectivity::improving`]; true when it is off).
    improving: bool,
    /// A null-window node whose evaluation is far enough above beta that
    /// it will likely fail high: its quiet moves are searched a ply
    /// shallower ([`crate::Selectivity::fail_high_reduction`]).
    likely_fail_high: bool,
    /// The counters when the node was entered, for the stored draft.
    unproven_before: u64,
    horizons_before: u64,
    /// The best value so far, and its move's index.
    best: Score,
    best_index: Option<u16>,
}

impl<M> Node<'_, M> {
    /// The depth left in sixteenths of a ply ([`PLY_FRACTIONS`]).
    #[inline(always)]
    fn fractional_depth(&self) -> u32 {
        self.depth * PLY_FRACTIONS + self.fractions
    }
}

/// One move of a node as the move loop sees it.
#[derive(Clone, Copy)]
struct MoveAt<M> {
    mv: M,
    /// Its index in the node's move list.
    index: u16,
    /// How many of the node's moves were searched before it.
    searched: usize,
    /// The game says it is forcing (asked in a selective search only).
    forcing: bool,
}

/// What ABDADA says of a move ([`Searcher::claim_move`]).
enum Claim<'b> {
    /// Another thread is on it: put it off.
    PutOff,
    /// Search it, marked as in progress while it is searched, if at all.
    Search(Option<BusyMark<'b>>),
}

/// The mark a thread leaves on a move it searches (ABDADA), released once
/// the move is searched or skipped.
struct BusyMark<'b> {
    busy: &'b BusyMoves,
    move_key: u64,
}

impl BusyMark<'_> {
    #[inline(always)]
    fn release(&self) {
        self.busy.leave(self.move_key);
    }
}

/// The engine's sort keys for the move picker: the game's hint, then the
/// ply's killers, then the history, each where the options ask for it
/// (module `ordering`).
struct EngineKeys<'s, 'a, G: Game, O: Observer<G::Move>> {
    searcher: &'s mut Searcher<'a, G, O>,
    ply: u32,
    moves: &'s [G::Move],
    mover: Player,
    /// The id of the move that reached the node, when the counter-move
    /// history is on.
    previous: Option<usize>,
}

/// How many of a node's searched moves the blended history lowers when a
/// later one cuts off (the rest are rare and late).
const BLENDED_TRIED_MAX: usize = 64;

/// The blended history's index of a side.
#[inline]
fn side_index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl<G: Game, O: Observer<G::Move>> MoveKeys for EngineKeys<'_, '_, G, O> {
    #[inline]
    fn prepare(&mut self, skip: Option<u16>) {
        if self.searcher.options.table.prefetch {
            self.searcher.prefetch_children(self.ply, self.moves, skip);
        }
    }

    #[inline]
    fn key(&mut self, index: u16) -> i64 {
        let searcher = &*self.searcher;
        let (game, options) = (&*searcher.context.game, searcher.options);
        let mv = self.moves[usize::from(index)];
        let mut key = 0;
        let weight = options.ordering.history_weight;
        let blended = options.ordering.learns() && options.ordering.hints;
        if options.ordering.hints {
            let mut hint = game.move_hint(mv).clamp(-MAX_HINT, MAX_HINT);
            if blended {
                if let Some(id) = game.move_id(mv) {
                    let side = side_index(self.mover);
                    let mut learnt = i64::from(searcher.history.blended(side, id)) * i64::from(weight);
                    if let Some(previous) = self.previous {
                        learnt += i64::from(searcher.history.counter(side, previous, id))
                            * i64::from(options.ordering.counter_weight);
                    }
                    hint += (learnt / i64::from(BLENDED_HISTORY_MAX)) as i32;
                }
            }
            key += i64::from(hint) * HINT_WEIGHT;
        }
        if options.ordering.killers {
            key += searcher.killers.key(self.ply as usize, mv);
        }
        if options.ordering.history && !blended {
            key += game.move_id(mv).map_or(0, |id| searcher.history.key(id));
        }
        key
    }
}

/// What a fail-soft result `best` of the window (`alpha`, `beta`) says
/// about the true value.
pub(crate) fn bound_of(best: Score, alpha: Score, beta: Score) -> Bound {
    if best <= alpha {
        Bound::Upper
    } else if best >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    }
}

#[cfg(test)]
mod tests {
    use crate::{Engine, EngineOptions, Game, Outcome, Player, Score, SearchLimits};

    /// One move to play, out of [`ManyMoves::MOVES`]: [`ManyMoves::WINNING`]
    /// wins, every other draws.
    #[derive(Clone)]
    struct ManyMoves {
        played: Option<u16>,
    }

    impl ManyMoves {
        /// More moves than the table can name (1,023).
        const MOVES: u16 = 1100;
        const WINNING: u16 = 1050;
    }

    impl Game for ManyMoves {
        type Move = u16;
        fn side_to_move(&self) -> Player {
            if self.played.is_some() {
                Player::Second
            } else {
                Player::First
            }
        }
        fn generate_moves(&self, moves: &mut Vec<u16>) {
            if self.played.is_none() {
                moves.extend(0..ManyMoves::MOVES);
            }
        }
        fn play(&mut self, mv: u16) {
            self.played = Some(mv);
        }
        fn undo(&mut self, _: u16) {
            self.played = None;
        }
        fn outcome(&self) -> Option<Outcome> {
            self.played.map(|mv| if mv == ManyMoves::WINNING { Outcome::Loss } else { Outcome::Draw })
        }
        fn evaluate(&self) -> Score {
            Score::DRAW
        }
    }

    /// Build 0dc30ff named the moves of a node by their index clamped to
    /// the table's largest move code (1,022), so that in a list of more
    /// the move at 1,022 was searched in place of every later one, and the
    /// win at 1,050 was never seen.
    #[test]
    fn a_node_with_more_moves_than_the_table_names_searches_every_move() {
        let mut engine = Engine::new(EngineOptions::default()).unwrap();
        let result = engine.search(&mut ManyMoves { played: None }, &SearchLimits::none().with_depth(1), |_| {});
        assert_eq!((result.value, result.best_move), (Score::win_in(1), Some(ManyMoves::WINNING)));
    }
}
