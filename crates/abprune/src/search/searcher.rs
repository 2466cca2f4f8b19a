//! The engine's node search: fail-soft alpha-beta or PVS with the table,
//! move ordering, the game's shortcuts, and limits.
//!
//! Above the options, the results and the threads' shared state
//! ([`super::crew`]); below every driver, which it never knows. Longer
//! than the house's 600 lines on purpose: the node search is one recipe
//! of numbered steps (`Step 1.` to `Step 8.`) with the helpers each step
//! calls (ordering, the table's drafts, the selective steps, the seat's
//! signal checks) beside it, and splitting the recipe from its steps would
//! make a reader jump between files at every step; the quiescence search
//! and the selective search's margins already live apart.

use super::crew::{BusyMoves, Seat};
use super::options::{EngineOptions, Variant};
use super::selective::{
    late_move_count, late_move_reduction, null_move_reduction, singular_test_depth, Selectivity, EXTENSION_PLY_FACTOR,
    FUTILITY_MAX_DEPTH, IIR_MIN_DEPTH, LMP_MAX_DEPTH, NULL_MOVE_MIN_DEPTH, REVERSE_FUTILITY_MAX_DEPTH,
    SINGULAR_DRAFT_SLACK, SINGULAR_MIN_DEPTH,
};
use super::{Context, Turn};
use crate::game::Ending;
use crate::limits::{Clock, StopReason};
use crate::ordering::{sort_by_key_descending, History, Killers, HINT_WEIGHT, MAX_HINT, TABLE_MOVE_KEY};
use crate::trace::Observer;
use crate::tt::{
    Bound, TableEntry, TranspositionTable, COMPLETE_DRAFT, MAX_LIMITED_DRAFT, MAX_MOVE_INDEX, PROVEN_DRAFT,
};
use crate::{Game, Outcome, Score};

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

/// The sort key that marks a move put off by ABDADA: it is not put off twice.
const DEFERRED: i64 = i64::MIN;

/// ABDADA puts moves off only this many plies above the horizon: nearer to
/// it a subtree costs less than the bookkeeping.
const ABDADA_MIN_DEPTH: u32 = 2;

/// ... and only this few plies below the root. Deeper, subtrees are small
/// (an exact solve has no horizon to go by), and each mark moves a cache
/// line from one core to the other: measured on Connect Four with 2
/// threads, stopping the marks at ply 12 made Test_L2_R2 1.43 times faster
/// than one thread instead of 1.35, and 20 positions of Test_L1_R2 1.89
/// times instead of 1.63 (8 and 16 plies did about as well as 12).
const ABDADA_MAX_PLY: u32 = 12;

/// The tables a thread searches with: the main one and the near-leaf one
/// ([`EngineOptions::near_table_kib`]), both shared by every thread.
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
    /// This thread's place in a parallel search; `None` alone.
    pub(crate) seat: Option<Seat<'a>>,
    /// ABDADA's moves in progress, once other threads search beside this one.
    pub(crate) busy: Option<&'a BusyMoves>,
    /// The selective techniques in force ([`EngineOptions::selectivity`]).
    selectivity: Selectivity,
    /// `selectivity.any()`, read at every node to pick the search's copy.
    selective: bool,
    /// The depth the root was searched to, which bounds the extensions.
    root_depth: u32,
    /// The ply of the node that answers a pass, if one is being searched:
    /// it may not pass back.
    null_reply_ply: Option<u32>,
    /// The node at this ply searches its moves but the one with this code
    /// (a singular extension's test search), without the table.
    excluded: Option<(u32, u16)>,
    /// In the current iteration, the last root move other than the first
    /// that was searched to the end and beat every move before it inside
    /// the root's window ([`EngineOptions::stopped_iteration_move`]).
    pub(crate) root_improvement: Option<G::Move>,
    /// The first root move searched to the end in the current iteration:
    /// what `root_improvement` is proven better than.
    pub(crate) root_first: Option<G::Move>,
}

impl<'a, G: Game, O: Observer<G::Move>> Searcher<'a, G, O> {
    pub(crate) fn new(
        context: Context<'a, G, O>,
        options: &'a EngineOptions,
        tables: Tables<'a>,
        killers: &'a mut Killers<G::Move>,
        history: &'a mut History,
        clock: Clock,
    ) -> Self {
        // The root's bound on the plies left is every node's, less its ply.
        let near_from_ply = match (tables.near, context.game.max_plies_left()) {
            (Some(_), Some(left)) => left.saturating_sub(options.near_plies),
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
            seat: None,
            busy: None,
            selectivity: options.selectivity,
            selective: options.selectivity.any(),
            root_depth: 0,
            null_reply_ply: None,
            excluded: None,
            root_improvement: None,
            root_first: None,
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
        (self.root_improvement, self.root_first) = (None, None);
        // A search deeper than the game can last is a solve: no selective
        // technique, so that iterative deepening ends with an exact value
        // (a null move, say, proves nothing and fires at any depth).
        let beyond_the_end = self.context.game.max_plies_left().is_some_and(|left| depth > left);
        self.selectivity = if beyond_the_end { Selectivity::NONE } else { self.options.selectivity };
        self.selective = self.selectivity.any();
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
    fn search<const SHARED: bool, const SELECTIVE: bool>(
        &mut self,
        mut depth: u32,
        ply: u32,
        via: Option<G::Move>,
        alpha: Score,
        beta: Score,
    ) -> Score {
        debug_assert!(alpha < beta, "engine node needs an open window: alpha {alpha} >= beta {beta}");
        // Step 1. Enter, and look at the limits now and then.
        self.context.enter(ply, via, alpha, beta);
        if self.stopped.is_some() {
            return Score::DRAW;
        }
        if let Some(reason) = self.clock_check() {
            self.stopped = Some(reason);
            return Score::DRAW;
        }
        let (unproven_before, horizons_before) = (self.unproven, self.horizons);
        let is_root = ply == 0;
        // A singular extension's test search of this very node: one move
        // left out, so the table (which knows the node with it) is not used.
        let excluded = match self.excluded {
            Some((at, code)) if SELECTIVE && at == ply => Some(code),
            _ => None,
        };
        let shortcuts = self.options.rules_shortcuts && !is_root;
        // Below ply 1 every move searched came from the parent's
        // `candidate_moves`, and the game may know what that rules out.
        let after_candidate = self.options.rules_shortcuts && ply >= 2;

        // Step 2. Leaves: the game is over, or the horizon is reached.
        let outcome =
            if after_candidate { self.context.game.outcome_after_candidate() } else { self.context.game.outcome() };
        if let Some(outcome) = outcome {
            let value = self.outcome_score(outcome, ply);
            let value = self.context.leaf(ply, value);
            return self.context.exit(ply, value);
        }
        if depth == 0 {
            self.horizons += 1;
            if self.options.quiescence {
                return self.quiescence(ply, 0, alpha, beta);
            }
            self.unproven += 1;
            self.evaluations += 1;
            let value = self.context.leaf(ply, self.context.game.evaluate());
            return self.context.exit(ply, value);
        }

        // Step 3. The table: a stored result may settle the node, or narrow
        // the window, and its move goes first. It comes before the game's own
        // shortcuts, which cost more than a probe (a node whose value the
        // rules know is never stored, so a hit is never such a node).
        let table = if excluded.is_some() { None } else { self.table_at(ply) };
        let key = table.and_then(|_| self.context.game.hash_key());
        let (mut alpha, mut beta) = (alpha, beta);
        let mut table_move = None;
        let mut revisited = false;
        // The entry's value (from the root), bound and draft, for the singular test.
        let mut table_result = None;
        if let (Some(table), Some(key)) = (table, key) {
            if let Some(entry) = table.probe(key) {
                revisited = true;
                table_move = entry.move_index;
                table_result = Some((entry.value.to_root_relative(ply), entry.bound, entry.draft));
                if entry.draft >= required_draft(depth) && !is_root {
                    let value = entry.value.to_root_relative(ply);
                    if entry.draft != PROVEN_DRAFT {
                        self.unproven += 1;
                        self.horizons += u64::from(entry.draft != COMPLETE_DRAFT);
                    }
                    let settled = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => value >= beta,
                        Bound::Upper => value <= alpha,
                    };
                    if settled {
                        return self.context.exit(ply, value);
                    }
                    match entry.bound {
                        Bound::Lower => alpha = alpha.max(value),
                        Bound::Upper => beta = beta.min(value),
                        Bound::Exact => {}
                    }
                }
            }
        }

        // Step 3b. Selective pruning before the moves (module `selective`),
        // at null-window nodes below the root only: a static evaluation far
        // above beta, or still above it after a pass, settles the node; one
        // far below alpha that the quiescence search confirms, too. A node
        // the table has no move for is searched a ply shallower.
        let pv_node = beta > alpha.succ();
        let static_eval = (SELECTIVE && !is_root && !pv_node && depth > 0)
            .then(|| self.context.game.evaluate())
            .filter(|eval| eval.is_heuristic());
        if let Some(eval) = static_eval {
            if let Some(value) = self.prune_before_moves(depth, ply, eval, alpha, beta) {
                self.unproven += 1;
                self.horizons += 1;
                return self.context.exit(ply, value);
            }
        }
        if SELECTIVE
            && self.selectivity.internal_reductions
            && table_move.is_none()
            && depth >= IIR_MIN_DEPTH
            && key.is_some()
        {
            depth -= 1;
        }

        // Step 4. The moves worth searching, unless the rules already know
        // the value. A node without moves is a leaf.
        let mut moves = self.context.empty_moves(ply);
        if shortcuts {
            let known = if after_candidate {
                self.context.game.candidate_moves_after_candidate(&mut moves)
            } else {
                self.context.game.candidate_moves(&mut moves)
            };
            if let Some(known) = known {
                self.context.give_back(ply, moves);
                let value = self.context.leaf(ply, known.to_root_relative(ply));
                return self.context.exit(ply, value);
            }
            if SELECTIVE && self.selectivity.threat_defences && !is_root && self.context.game.threat_defences(&mut moves) {
                self.unproven += 1;
            }
        } else {
            self.context.game.generate_moves(&mut moves);
        }
        if moves.is_empty() {
            // Not a finished game: the evaluation's value proves nothing
            // (though deeper searches would find the same).
            self.context.give_back(ply, moves);
            self.unproven += 1;
            self.evaluations += 1;
            let value = self.context.leaf(ply, self.context.game.evaluate());
            return self.context.exit(ply, value);
        }

        // Step 5. Narrow the window to the scores still reachable, as a
        // mate-distance bound does: no line can do better than `highest`.
        if shortcuts {
            let (lowest, highest) = self.context.game.score_bounds();
            let (lowest, highest) = (lowest.to_root_relative(ply), highest.to_root_relative(ply));
            let settled = if lowest >= beta {
                Some(lowest)
            } else if highest <= alpha {
                Some(highest)
            } else {
                None
            };
            alpha = alpha.max(lowest);
            beta = beta.min(highest);
            if let Some(value) = settled.or((alpha >= beta).then_some(alpha)) {
                self.context.give_back(ply, moves);
                return self.context.exit(ply, value);
            }
        }

        // Step 5b. Enhanced transposition cutoff: a child the table already
        // proves bad enough for the opponent settles this node unsearched.
        // Only at nodes searched before: their children are likely stored,
        // while a first visit would pay the probes for nothing.
        if self.options.enhanced_cutoffs && revisited && !is_root && depth > 1 {
            if let Some(value) = self.child_table_cutoff(&moves, depth, ply, beta) {
                self.context.give_back(ply, moves);
                return self.context.exit(ply, value);
            }
        }

        // Step 6. Best moves first, in stages: the table's move alone, and only
        // if it does not cut off, the others sorted by their keys (often the
        // table's move cuts, and the keys are never computed).
        let table_move = table_move.and_then(|code| index_of_code(&*self.context.game, &moves, code));
        let mut order = self.take_order(ply);
        match table_move {
            Some(index) => order.push((TABLE_MOVE_KEY, index)),
            None => self.order_moves(ply, &moves, None, &mut order),
        }
        let mut rest_pending = table_move.is_some() && moves.len() > 1;

        // Step 7. Search the moves. PVS tests every move after the first with
        // a null window and searches again only the ones that beat alpha.
        // Beside other threads (ABDADA), a move after the first that another
        // thread is searching right now goes to the end of the list: by the
        // time it comes up again its value is likely in the table.
        let nodes_before = self.context.stats.nodes;
        let (window_alpha, window_beta) = (alpha, beta);
        let mover = self.context.game.side_to_move();
        let mut best = -Score::INFINITY;
        let mut best_index = None;
        let mut searched = 0;
        let mut i = 0;
        while i < order.len() {
            let index = order[i].1;
            let mv = moves[usize::from(index)];
            let exclusive = match (SHARED, self.busy, key) {
                (true, Some(busy), Some(key)) if searched > 0 && depth >= ABDADA_MIN_DEPTH && ply < ABDADA_MAX_PLY => {
                    let move_key = BusyMoves::move_key(key, code_of(&*self.context.game, &moves, index));
                    if order[i].0 != DEFERRED && busy.is_busy(move_key) {
                        order.push((DEFERRED, index));
                        i += 1;
                        continue;
                    }
                    busy.enter(move_key);
                    Some((busy, move_key))
                }
                _ => None,
            };
            // Selective search: a late quiet move may be skipped, or searched
            // shallower first; a forced reply one ply deeper.
            let forcing = SELECTIVE && self.context.game.is_forcing(mv);
            if SELECTIVE
                && searched > 0
                && !is_root
                && !forcing
                && !best.is_loss()
                && self.prunes_late_move(depth, searched, static_eval, alpha)
            {
                if let Some((busy, move_key)) = exclusive {
                    busy.leave(move_key);
                }
                self.unproven += 1;
                self.horizons += 1;
                i += 1;
                continue;
            }
            if SELECTIVE && excluded.is_some() && excluded == Some(code_of(&*self.context.game, &moves, index)) {
                i += 1;
                continue;
            }
            let mut extension = u32::from(
                SELECTIVE
                    && self.selectivity.extensions
                    && moves.len() == 1
                    && ply < EXTENSION_PLY_FACTOR * self.root_depth,
            );
            // The table's move alone good enough: one ply deeper. Even
            // without it the node fails high: cut (multi-cut).
            if SELECTIVE
                && self.selectivity.singular_extensions
                && searched == 0
                && Some(index) == table_move
                && !is_root
                && self.excluded.is_none()
                && depth >= SINGULAR_MIN_DEPTH
                && moves.len() > 1
                && ply < EXTENSION_PLY_FACTOR * self.root_depth
            {
                match self.singular_test(depth, ply, via, &moves, index, table_result, beta) {
                    Singular::Extend => extension = 1,
                    Singular::Cut(value) => {
                        self.context.give_back(ply, moves);
                        self.context.orders[ply as usize] = order;
                        self.unproven += 1;
                        self.horizons += 1;
                        return self.context.exit(ply, value);
                    }
                    Singular::No => {}
                }
            }
            let new_depth = depth - 1 + extension;
            self.context.game.play(mv);
            // Every window below is the node's; `child` puts it into the
            // child's view (negated only if the side to move changed).
            let turn = Turn::after(mover, &*self.context.game);
            let value = if searched == 0 {
                self.child(turn, new_depth, ply, mv, alpha, beta)
            } else if SELECTIVE {
                let reduction = if self.selectivity.late_move_reductions && !forcing && Some(index) != table_move {
                    late_move_reduction(depth, searched, pv_node).min(new_depth.saturating_sub(1))
                } else {
                    0
                };
                self.search_late_move(turn, mv, new_depth, reduction, ply, alpha, beta)
            } else if self.options.variant != Variant::Pvs {
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
            if let Some((busy, move_key)) = exclusive {
                busy.leave(move_key);
            }
            searched += 1;
            if self.stopped.is_some() {
                break;
            }
            if is_root && searched == 1 {
                self.root_first = Some(mv);
            }
            if value > best {
                if is_root && searched > 1 && value > window_alpha {
                    self.root_improvement = Some(mv);
                }
                best = value;
                best_index = Some(index);
                // A null window proves a bound, not a line: below the root,
                // keeping PVs there would copy lines at every node for nothing.
                if is_root || window_beta > window_alpha.succ() {
                    self.context.update_pv(ply, mv);
                }
                alpha = alpha.max(value);
                if value >= beta {
                    self.reward(ply, depth, mv);
                    self.context.cutoff(ply, moves.len() - searched);
                    break;
                }
            }
            if rest_pending {
                rest_pending = false;
                self.order_moves(ply, &moves, table_move, &mut order);
            }
            i += 1;
        }
        let best_code = best_index.map(|index| code_of(&*self.context.game, &moves, index));
        self.context.give_back(ply, moves);
        self.context.orders[ply as usize] = order;
        if self.stopped.is_some() {
            return Score::DRAW;
        }

        // Step 8. Remember the result, with what kind of bound it is.
        if let (Some(table), Some(key)) = (table, key) {
            let bound = bound_of(best, window_alpha, window_beta);
            let draft = self.draft_since(unproven_before, horizons_before, limited_draft(depth));
            let entry = TableEntry {
                value: best.to_node_relative(ply),
                draft,
                // After a fail-low every move was refuted: no move is better known.
                move_index: if bound == Bound::Upper { None } else { best_code },
                bound,
            };
            table.store(key, entry, self.context.stats.nodes - nodes_before);
        }
        self.context.exit(ply, best)
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
        let (reason, launched) = seat.check(nodes, &mut self.clock, self.options.helpers_after_nodes);
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
        if let Some(busy) = seat.launch_if_due(nodes, &mut self.clock, self.options.helpers_after_nodes) {
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

    /// A later move (not the first) of a selective search: at `new_depth - reduction`
    /// with a null window first when reduced, then, if it beats alpha, at
    /// `new_depth` (PVS: with a null window, and the full window only if
    /// the value lands inside it; plain alpha-beta: the full window).
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
        if reduction > 0 {
            value = self.child(turn, new_depth - reduction, ply, mv, alpha, alpha.succ());
        }
        if value <= alpha || self.stopped.is_some() {
            return value;
        }
        if self.options.variant != Variant::Pvs {
            return self.child(turn, new_depth, ply, mv, alpha, beta);
        }
        value = self.child(turn, new_depth, ply, mv, alpha, alpha.succ());
        if alpha < value && value < beta && self.stopped.is_none() {
            value = self.child(turn, new_depth, ply, mv, alpha, beta);
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
        let singular_beta = Score::new(value.get().saturating_sub(self.selectivity.singular_margin_at(depth)));
        if !singular_beta.is_heuristic() || !singular_beta.pred().is_heuristic() {
            return Singular::No;
        }
        let code = code_of(&*self.context.game, moves, index);
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
        let selectivity = self.selectivity;
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
            if self.options.quiescence
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

    /// Whether the `searched`-th move (0-based, quiet, at a node that
    /// already has a move that does not lose) is skipped: move-count
    /// pruning near the horizon, or futility pruning when the evaluation
    /// plus the margin cannot reach alpha.
    fn prunes_late_move(&self, depth: u32, searched: usize, static_eval: Option<Score>, alpha: Score) -> bool {
        let selectivity = self.selectivity;
        if selectivity.late_move_pruning && depth <= LMP_MAX_DEPTH && searched >= late_move_count(depth) {
            return true;
        }
        match static_eval {
            Some(eval) if selectivity.futility && depth <= FUTILITY_MAX_DEPTH && alpha.is_heuristic() => {
                i64::from(eval.get()) + i64::from(selectivity.futility_margin_at(depth)) <= i64::from(alpha.get())
            }
            _ => false,
        }
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

    /// The reused, emptied order buffer of `ply`.
    fn take_order(&mut self, ply: u32) -> Vec<(i64, u16)> {
        let ply = ply as usize;
        if self.context.orders.len() <= ply {
            self.context.orders.resize_with(ply + 1, Vec::new);
        }
        let mut order = std::mem::take(&mut self.context.orders[ply]);
        order.clear();
        order
    }

    /// Appends the moves of `ply` other than `skip` to `order` with their sort
    /// keys, and sorts the appended part best first. A single move needs no key.
    fn order_moves(&mut self, ply: u32, moves: &[G::Move], skip: Option<u16>, order: &mut Vec<(i64, u16)>) {
        let start = order.len();
        if self.options.prefetch {
            self.prefetch_children(ply, moves, skip);
        }
        let game = &*self.context.game;
        let worth_keys = moves.len() - usize::from(skip.is_some()) > 1;
        let options = self.options;
        for (index, &mv) in moves.iter().enumerate() {
            let index = index.min(usize::from(MAX_MOVE_INDEX)) as u16;
            if Some(index) == skip {
                continue;
            }
            let mut key = 0;
            if worth_keys {
                if options.hints {
                    key += i64::from(game.move_hint(mv).clamp(-MAX_HINT, MAX_HINT)) * HINT_WEIGHT;
                }
                if options.killers {
                    key += self.killers.key(ply as usize, mv);
                }
                if options.history {
                    key += game.move_id(mv).map_or(0, |id| self.history.key(id));
                }
            }
            order.push((key, index));
        }
        sort_by_key_descending(&mut order[start..]);
    }

    /// Starts loading the table entries of the children of `ply` other than
    /// `skip` ([`EngineOptions::prefetch`]), when they are in the main table
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
        if self.options.killers {
            self.killers.record(ply as usize, mv);
        }
        if self.options.history {
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

/// The code the table stores for move `index` of `moves`: the game's
/// [`Game::move_code`], or else the index.
#[inline]
pub(crate) fn code_of<G: Game>(game: &G, moves: &[G::Move], index: u16) -> u16 {
    game.move_code(moves[usize::from(index)]).unwrap_or(index)
}

/// The index in `moves` of the move a table entry names by `code` (see
/// [`code_of`]), if the list holds it.
#[inline]
pub(crate) fn index_of_code<G: Game>(game: &G, moves: &[G::Move], code: u16) -> Option<u16> {
    let first = *moves.first()?;
    if game.move_code(first).is_none() {
        return (usize::from(code) < moves.len()).then_some(code);
    }
    let index = moves.iter().position(|&mv| game.move_code(mv) == Some(code))?;
    u16::try_from(index).ok()
}
