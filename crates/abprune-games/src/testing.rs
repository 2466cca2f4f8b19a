//! Random positions and checks that the test suites of `abprune` (the
//! engine's) and of `abprune-games` (the games') both use: one home, so
//! that neither keeps a copy. Behind the `testing` feature, which only
//! test builds turn on (`abprune`'s dev-dependency on this crate and this
//! crate's own tests); no program links it.
// These helpers are the tests' own assertions: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::connect4::Connect4;
use crate::gomoku::{Gomoku, Point, Rule};
use abprune::{negamax, Engine, EngineOptions, Game, NoTrace, SearchLimits, SolveMode, UNLIMITED_DEPTH};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::ops::RangeInclusive;

/// Proptest cases: `PROPTEST_CASES` when set, else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(default)
}

/// The legal moves of a Connect Four position.
pub fn legal_moves(game: &Connect4) -> Vec<u8> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
}

/// A random game of `stones` stones in which nobody completes four, or
/// `None` if some player had only winning moves on the way. Most moves are
/// quiet (they leave the opponent no immediate win either), so that the end
/// positions are a mix of decided ones and open ones.
pub fn random_unfinished(rng: &mut ChaCha8Rng, stones: u32) -> Option<Connect4> {
    /// Chance that a move is chosen among all non-winning moves, threats allowed.
    const WILD: f64 = 0.2;
    let mut game = Connect4::new();
    while game.moves_played() < stones {
        let moves: Vec<u8> = legal_moves(&game).into_iter().filter(|&mv| !game.is_winning_move(mv)).collect();
        let quiet: Vec<u8> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                let mut child = game;
                child.play(mv);
                legal_moves(&child).iter().all(|&reply| !child.is_winning_move(reply))
            })
            .collect();
        let pool = if quiet.is_empty() || rng.random_bool(WILD) { &moves } else { &quiet };
        if pool.is_empty() {
            return None;
        }
        game.play(pool[rng.random_range(0..pool.len())]);
    }
    Some(game)
}

/// Each engine made from `configurations` against brute-force negamax on
/// `positions` random unfinished end games of `stones` stones: the exact
/// solve (its value, and a best move that reaches it), the weak solve,
/// iterative deepening without limits, and the null-window test around the
/// true value. One engine per configuration for all positions, so that
/// their tables carry entries from one position to the next.
pub fn engines_agree_with_brute_force(
    rng: &mut ChaCha8Rng,
    positions: usize,
    stones: RangeInclusive<u32>,
    configurations: &[EngineOptions],
) {
    let mut engines: Vec<Engine<u8>> = configurations.iter().map(|o| Engine::new(o.clone()).unwrap()).collect();
    let mut checked = 0;
    while checked < positions {
        let count = rng.random_range(stones.clone());
        let Some(mut game) = random_unfinished(rng, count) else { continue };
        if game.outcome().is_some() {
            continue;
        }
        checked += 1;
        let truth = negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value;
        for (engine, options) in engines.iter_mut().zip(configurations) {
            let solved = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
            assert_eq!(solved.value, truth, "{options:?}\n{game}");
            assert!(solved.exact);
            let mut child = game;
            child.play(solved.best_move.unwrap());
            assert_eq!(
                -negamax(&mut child, UNLIMITED_DEPTH, &mut NoTrace).value.to_root_relative(1),
                truth,
                "the reported move reaches the value: {options:?}\n{game}"
            );
            let weak = engine.solve(&mut game, SolveMode::Weak, &SearchLimits::none()).unwrap();
            assert_eq!(weak.value.get().signum(), truth.get().signum(), "weak {options:?}\n{game}");
            let deepened = engine.search(&mut game, &SearchLimits::none(), |_| {});
            assert_eq!((deepened.value, deepened.exact), (truth, true), "deepening {options:?}\n{game}");
            for threshold in [truth.pred(), truth, truth.succ()] {
                let answer = engine.test(&mut game, threshold, &SearchLimits::none());
                assert_eq!(answer, Some(truth >= threshold), "test {threshold} {options:?}\n{game}");
            }
        }
    }
}

/// A random unfinished freestyle position of `stones` stones on a `size` x
/// `size` board; `None` when a random stone ended the game first.
pub fn random_gomoku(rng: &mut ChaCha8Rng, size: usize, stones: usize) -> Option<Gomoku> {
    random_gomoku_under(rng, size, stones, Rule::Freestyle)
}

/// [`random_gomoku`] under `rule` (every stone legal: under renju black
/// never plays a forbidden point).
pub fn random_gomoku_under(rng: &mut ChaCha8Rng, size: usize, stones: usize, rule: Rule) -> Option<Gomoku> {
    let mut game = Gomoku::new(size, rule).expect("a board size");
    for _ in 0..stones {
        let empty: Vec<Point> = (0..size as u8)
            .flat_map(|y| (0..size as u8).map(move |x| Point::new(x, y)))
            .filter(|&p| game.check_move(p).is_ok())
            .collect();
        let &point = empty.get(rng.random_range(0..empty.len()))?;
        game.try_play(point).ok()?;
        if game.is_over() {
            return None;
        }
    }
    Some(game)
}
