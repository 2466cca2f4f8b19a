//! Plaat's MTD(f): the exact value as a sequence of null-window searches
//! with memory.

use super::{Context, Expansion, SearchResult};
use crate::game::Game;
use crate::score::Score;
use crate::trace::Observer;
use std::collections::HashMap;

/// Plaat's MTD(f) to `depth`, starting from the guess `first_guess`: each
/// pass is a null-window fail-soft alpha-beta search with memory
/// (`AlphaBetaWithMemory`) that moves one bound (the lower bound up on a
/// fail-high, the upper bound down on a fail-low) until they meet at the
/// exact value. The memory is a table of its own, made for this call: the
/// bounds each pass proved for each position (by [`Game::hash_key`]) at
/// each remaining depth, which is what makes the passes cheap (up to
/// `MEMORY_ENTRIES` positions, a few MB). A game without a hash key still gets the exact value, but every pass searches
/// again from scratch.
///
/// The passes leave no whole principal variation (a position the memory
/// answered has none below it), so a last pass with the window
/// `(value - 1, value + 1)` around the value found brings it back: a
/// position whose value is in that window is searched, the others are
/// cut by the memory's bounds as in the passes.
///
/// Statistics are summed over the passes. The value is that of every
/// other algorithm here; the node counts are this function's own (before
/// the library split into a textbook half and an engine, `mtdf` ran the
/// engine's MTD(f) variant, its table and line completion, and counted
/// other nodes).
pub fn mtdf<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    depth: u32,
    first_guess: Score,
    observer: &mut O,
) -> SearchResult<G::Move> {
    mtdf_remembering(game, depth, first_guess, observer, MEMORY_ENTRIES).0
}

/// [`mtdf`] with a memory of at most `capacity` positions; also returns
/// how many it held at the end.
fn mtdf_remembering<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    depth: u32,
    first_guess: Score,
    observer: &mut O,
    capacity: usize,
) -> (SearchResult<G::Move>, usize) {
    let mut context = Context::new(game, observer, "mtdf");
    let mut memory = Memory { bounds: HashMap::new(), capacity };
    let (mut lower, mut upper) = (-Score::INFINITY, Score::INFINITY);
    let mut g = first_guess;
    while lower < upper {
        // Test just above the lower bound after a fail-high, at g otherwise.
        let beta = if g == lower { g.succ() } else { g };
        g = with_memory(&mut context, &mut memory, depth, 0, None, beta.pred(), beta);
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
    }
    // For a game that keeps its contract this pass returns g itself; it
    // is not asserted, because a game that breaks it (a Python game that
    // raised an error mid-search, whose values are then placeholders) must
    // reach its caller with the error, not panic in a debug build.
    let value = with_memory(&mut context, &mut memory, depth, 0, None, g.pred(), g.succ());
    (context.finish(value, (-Score::INFINITY, Score::INFINITY)), memory.bounds.len())
}

/// What the passes proved: the bounds on each position's value at each
/// remaining depth, node-relative (a win or loss counted from the
/// position, so that it holds wherever the position recurs).
struct Memory {
    bounds: HashMap<(u64, u32), Bounds>,
    /// The most positions held ([`MEMORY_ENTRIES`]).
    capacity: usize,
}

/// The most positions the memory holds (a few MB): past it, a position
/// not yet held is searched without being remembered, so that a deep
/// search cannot exhaust the machine's memory (the values stay exact,
/// only the passes grow dearer).
const MEMORY_ENTRIES: usize = 1 << 18;

/// A lower and an upper bound on a position's value.
#[derive(Clone, Copy)]
struct Bounds {
    lower: Score,
    upper: Score,
}

/// `AlphaBetaWithMemory` for the node `ply` plies below the root, in
/// negamax form: the fail-soft search of [`alphabeta_failsoft`](fn@super::alphabeta_failsoft),
/// which first asks the memory whether a bound already fails the window
/// and afterwards stores the bound its result proves. Obeys the fail-soft
/// theorem, as the memory's bounds do.
fn with_memory<G: Game, O: Observer<G::Move>>(
    context: &mut Context<'_, G, O>,
    memory: &mut Memory,
    depth: u32,
    ply: u32,
    via: Option<G::Move>,
    alpha: Score,
    beta: Score,
) -> Score {
    debug_assert!(alpha < beta, "MTD(f)'s search needs an open window: alpha {alpha} >= beta {beta}");
    context.enter(ply, via, alpha, beta);
    let moves = match context.expand(depth, ply) {
        Expansion::Leaf(value) => return context.exit(ply, value),
        Expansion::Moves(moves) => moves,
    };
    // A bound proved by an earlier pass that fails this window answers.
    let key = context.game.hash_key().map(|hash| (hash, depth));
    if let Some(known) = key.and_then(|key| memory.bounds.get(&key)) {
        let (lower, upper) = (known.lower.to_root_relative(ply), known.upper.to_root_relative(ply));
        if lower >= beta || upper <= alpha {
            context.give_back(ply, moves);
            return context.exit(ply, if lower >= beta { lower } else { upper });
        }
    }
    let mut current = -Score::INFINITY;
    let mut raised = alpha;
    for (i, &mv) in moves.iter().enumerate() {
        let score = context.child(mv, |context, turn| {
            turn.value(raised, beta, |alpha, beta| {
                with_memory(context, memory, depth - 1, ply + 1, Some(mv), alpha, beta)
            })
        });
        if score > current {
            current = score;
            context.update_pv(ply, mv);
            raised = raised.max(score);
            if score >= beta {
                context.cutoff(ply, moves.len() - i - 1);
                break;
            }
        }
    }
    context.give_back(ply, moves);
    if let Some(key) = key {
        // Fail-soft: at or below alpha an upper bound, at or above beta a
        // lower bound, in between the value.
        let value = current.to_node_relative(ply);
        let unknown = Bounds { lower: -Score::INFINITY, upper: Score::INFINITY };
        if memory.bounds.len() >= memory.capacity && !memory.bounds.contains_key(&key) {
            return context.exit(ply, current);
        }
        let bounds = memory.bounds.entry(key).or_insert(unknown);
        if current > alpha {
            bounds.lower = bounds.lower.max(value);
        }
        if current < beta {
            bounds.upper = bounds.upper.min(value);
        }
    }
    context.exit(ply, current)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::score::Outcome;
    use crate::textbook::negamax;
    use crate::trace::NoTrace;

    /// Take 1 to 3 counters, the last one taken wins; the depth limit
    /// values a position by the counters left, so that values differ.
    struct Take {
        left: u32,
        to_move: Player,
    }

    impl Game for Take {
        type Move = u32;
        fn side_to_move(&self) -> Player {
            self.to_move
        }
        fn generate_moves(&self, moves: &mut Vec<u32>) {
            moves.extend((1..=3).filter(|&n| n <= self.left));
        }
        fn play(&mut self, n: u32) {
            self.left -= n;
            self.to_move = self.to_move.opponent();
        }
        fn undo(&mut self, n: u32) {
            self.left += n;
            self.to_move = self.to_move.opponent();
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0).then_some(Outcome::Loss)
        }
        fn evaluate(&self) -> Score {
            Score::new(self.left as i32 % 4 - 1)
        }
        fn hash_key(&self) -> Option<u64> {
            Some(u64::from(self.left) << 1 | (self.to_move == Player::Second) as u64)
        }
    }

    /// The memory once grew with every position searched (a deep search
    /// of a big game would exhaust the machine): it holds at most its
    /// capacity, and the values stay those of negamax with any capacity.
    #[test]
    fn mtdf_memory_stays_within_its_capacity() {
        for left in 0..=14 {
            for depth in [2, 5, UNLIMITED] {
                let mut game = Take { left, to_move: Player::First };
                let truth = negamax(&mut game, depth, &mut NoTrace).value;
                let (whole, held) = mtdf_remembering(&mut game, depth, Score::DRAW, &mut NoTrace, MEMORY_ENTRIES);
                assert_eq!(whole.value, truth, "{left} counters, depth {depth}");
                for capacity in [0, 1, 3] {
                    let (small, held_small) = mtdf_remembering(&mut game, depth, Score::DRAW, &mut NoTrace, capacity);
                    assert_eq!(small.value, truth, "{left} counters, depth {depth}, capacity {capacity}");
                    assert!(held_small <= capacity, "{held_small} held, capacity {capacity}");
                    assert!(small.stats.nodes >= whole.stats.nodes, "less memory, no fewer nodes");
                }
                assert!(left < 6 || depth < 5 || held > 3, "{left} counters: {held} positions held");
            }
        }
    }

    const UNLIMITED: u32 = crate::textbook::UNLIMITED_DEPTH;
}
