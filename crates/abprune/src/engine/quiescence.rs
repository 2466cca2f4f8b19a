//! Quiescence search: the engine's variable depth at the horizon.
//!
//! A static evaluation in the middle of a forcing sequence judges a position
//! that is about to change: a Gomoku player with a four on the board wins or
//! loses on the next move whatever the evaluation says. So at depth 0 the
//! engine asks the game ([`Game::horizon`]) which forcing moves remain, and
//! follows them until the position is quiet, as chess engines follow
//! captures. The side to move may "stand pat" (take the evaluation) unless
//! the game says it is forced.

use super::searcher::{bound_of, Searcher};
use super::tt::{Bound, TableEntry, COMPLETE_DRAFT, PROVEN_DRAFT};
use crate::game::{Game, Horizon};
use crate::score::Score;
use crate::textbook::Turn;
use crate::trace::Observer;

/// The draft of a quiescence result in the table: below every search of
/// depth 1 or more, so that it settles only other quiescence nodes.
const QUIESCENCE_DRAFT: u8 = 0;

/// The most plies a forcing line is followed past the horizon: a safety cap
/// (12 moves each for a side), far longer than the forcing lines games give.
pub const MAX_QUIESCENCE_PLIES: u32 = 24;

impl<G: Game, O: Observer<G::Move>> Searcher<'_, G, O> {
    /// Fail-soft quiescence search of a node already entered, `extra` plies
    /// past the horizon, whose game is not over. With `q` the value of the
    /// forcing tree (every forcing move searched, standing pat where allowed,
    /// static values at quiet ends), the result `v` obeys the fail-soft
    /// condition: `v <= alpha => q <= v`, `alpha < v < beta => q == v`,
    /// `v >= beta => q >= v`.
    pub(crate) fn quiescence(&mut self, ply: u32, extra: u32, alpha: Score, beta: Score) -> Score {
        debug_assert!(alpha < beta, "quiescence needs an open window: alpha {alpha} >= beta {beta}");
        // Step 1. Ask the game; past the cap every position counts as quiet.
        let mut moves = self.context.empty_moves(ply);
        let horizon = if extra < MAX_QUIESCENCE_PLIES { self.context.game.horizon(&mut moves) } else { Horizon::Quiet };
        if extra >= MAX_QUIESCENCE_PLIES {
            moves.clear();
        }

        // Step 2. A known value ends the line; a quiet position offers its
        // evaluation, which may already be enough (standing pat).
        if let Horizon::Known(value) = horizon {
            self.context.give_back(ply, moves);
            let value = self.context.leaf(ply, value.to_root_relative(ply));
            return self.context.exit(ply, value);
        }

        // Step 2b. The table: forcing lines transpose a great deal (the
        // same fours in another order), and a position searched before may
        // settle this one. Entries of the main search (deeper) are as good.
        // Its own entries go under the evaluation's key (`Game::evaluation_key`:
        // they stand on this position's evaluation); the main search's are
        // under the position's.
        let table = self.table_at(ply);
        let key = if moves.is_empty() { None } else { table.and_then(|_| self.context.game.evaluation_key()) };
        let mut deeper_entry = false;
        if let (Some(table), Some(key)) = (table, key) {
            let searched = || {
                let position = self.context.game.hash_key().filter(|&position| position != key)?;
                table.probe(position).filter(|entry| entry.draft > QUIESCENCE_DRAFT)
            };
            if let Some(entry) = table.probe(key).or_else(searched) {
                deeper_entry = entry.draft > QUIESCENCE_DRAFT;
                let value = entry.value.to_root_relative(ply);
                let settled = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if settled {
                    if entry.draft != PROVEN_DRAFT {
                        self.unproven += 1;
                        self.horizons += u64::from(entry.draft != COMPLETE_DRAFT);
                    }
                    self.context.give_back(ply, moves);
                    return self.context.exit(ply, value);
                }
            }
        }
        let (window_alpha, window_beta) = (alpha, beta);
        let (unproven_before, horizons_before) = (self.unproven, self.horizons);
        let mut alpha = alpha;
        let mut best = -Score::INFINITY;
        // A forced side with nothing to play (a game that broke the contract)
        // falls back on the evaluation rather than on a fictitious loss.
        if horizon == Horizon::Quiet || moves.is_empty() {
            // A horizon even when razoring called this search above depth 0.
            self.unproven += 1;
            self.horizons += 1;
            self.evaluations += 1;
            let stand_pat = self.context.game.evaluate();
            if moves.is_empty() || stand_pat >= beta {
                self.context.give_back(ply, moves);
                let value = self.context.leaf(ply, stand_pat);
                return self.context.exit(ply, value);
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
        }

        // Step 3. Follow the forcing moves, in the game's order (a child's
        // value and window negated only where the side to move changed).
        let mover = self.context.game.side_to_move();
        for (i, &mv) in moves.iter().enumerate() {
            self.context.game.play(mv);
            let turn = Turn::after(mover, &*self.context.game);
            let value =
                turn.value(alpha, beta, |alpha, beta| self.quiescence_child(ply + 1, extra + 1, mv, alpha, beta));
            self.context.game.undo(mv);
            if self.stopped.is_some() {
                break;
            }
            if value > best {
                best = value;
                self.context.update_pv(ply, mv);
                alpha = alpha.max(value);
                if value >= beta {
                    self.context.cutoff(ply, moves.len() - i - 1);
                    break;
                }
            }
        }
        self.context.give_back(ply, moves);
        if self.stopped.is_some() {
            return Score::DRAW;
        }
        // Step 4. Remember the result, unless the table holds a deeper one.
        if let (Some(table), Some(key), false) = (table, key, deeper_entry) {
            let bound = bound_of(best, window_alpha, window_beta);
            let draft = self.draft_since(unproven_before, horizons_before, QUIESCENCE_DRAFT);
            // No move index: the forcing moves are not the node's move list.
            let entry = TableEntry { value: best.to_node_relative(ply), draft, move_code: None, bound };
            table.store(key, entry, 1);
        }
        self.context.exit(ply, best)
    }

    /// Enters a child of a quiescence node: counted, stopped by the limits,
    /// a finished game scored, anything else searched by [`Searcher::quiescence`].
    pub(crate) fn quiescence_child(&mut self, ply: u32, extra: u32, via: G::Move, alpha: Score, beta: Score) -> Score {
        self.context.enter(ply, Some(via), alpha, beta);
        if self.stopped.is_some() {
            return Score::DRAW;
        }
        if let Some(reason) = self.clock_check() {
            self.stopped = Some(reason);
            return Score::DRAW;
        }
        if let Some(outcome) = self.context.game.outcome() {
            let value = self.outcome_score(outcome, ply);
            let value = self.context.leaf(ply, value);
            return self.context.exit(ply, value);
        }
        if self.context.game.chance_to_move() {
            return self.met_chance();
        }
        self.quiescence(ply, extra, alpha, beta)
    }
}
