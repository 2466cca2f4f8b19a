//! Limits that mean what they say, and an engine that costs nothing until
//! it searches (issue 14, items 6 and 7).
// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use abprune::{negamax, Engine, EngineOptions, Game, NoTrace, Score, SearchLimits, SolveMode, StopReason};
use abprune_games::{Connect4, Othello, TicTacToe};
use std::time::Duration;

use crate::common;
use common::cases;
use common::take::Take;

/// One thread never searches more nodes than the limit, whatever the limit
/// (it used to overrun by up to 1023, the nodes between two looks).
#[test]
fn a_node_limit_of_n_searches_at_most_n_nodes() {
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    let mut game = Connect4::from_moves("4453").unwrap();
    for limit in [0, 1, 2, 7, 100, 1000, 1025, 5000] {
        let limits = SearchLimits::none().with_nodes(limit);
        let result = engine.search(&mut game, &limits, |_| {});
        assert!(result.stats.nodes <= limit.max(1), "limit {limit}: {} nodes", result.stats.nodes);
        assert_eq!(result.stop_reason, StopReason::NodeLimit, "limit {limit}");
        assert_legal(&game, result.best_move);
        let solved = engine.solve(&mut game, SolveMode::Strong, &limits).unwrap();
        assert!(solved.stats.nodes <= limit.max(1) && !solved.exact, "solve, limit {limit}");
        assert_legal(&game, solved.best_move);
    }
}

/// A time of zero stops the search at its root, with a legal move, even
/// after another position's search left its moves in the engine's buffers.
#[test]
fn a_time_limit_of_zero_returns_at_once_with_a_legal_move() {
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    engine.search(&mut Connect4::from_moves("444").unwrap(), &SearchLimits::none().with_depth(6), |_| {});
    // The centre column, which the first search's root tried first, is full.
    let mut game = Connect4::from_moves("4444441").unwrap();
    let result = engine.search(&mut game, &SearchLimits::none().with_time(Duration::ZERO), |_| {});
    assert_eq!(result.stop_reason, StopReason::TimeLimit);
    assert!(result.stats.nodes <= 1, "{} nodes", result.stats.nodes);
    assert_legal(&game, result.best_move);
    let mut tictactoe = TicTacToe::new();
    let solved = engine.solve(&mut tictactoe, SolveMode::Weak, &SearchLimits::none().with_time(Duration::ZERO));
    assert_legal(&tictactoe, solved.unwrap().best_move);
}

/// A search stopped in the middle of an iteration reports the completed
/// iteration's move, or a root move the stopped iteration searched to the
/// end and found better than that one (`ReportingOptions::stopped_iteration_move`):
/// by brute force one ply deeper than the completed iteration, the
/// reported move is worth more than the completed iteration's choice. With
/// the switch off the move is always the completed iteration's. Enough
/// stops land after such a proof for the check to bite.
#[test]
fn a_stopped_iteration_reports_only_a_move_it_proved_better() {
    let on = EngineOptions::default().with_table_mib(1);
    let off = on.clone().with_stopped_iteration_move(false);
    let (mut stops, mut improved) = (0, 0);
    for seed in 0..u64::from(cases(40)) {
        let Some(game) = Othello::random_endgame(seed, 14) else { continue };
        for limit in [500, 1_500, 4_000, 10_000] {
            let limits = SearchLimits::none().with_nodes(limit);
            let result = Engine::new(on.clone()).unwrap().search(&mut game.clone(), &limits, |_| {});
            if result.stop_reason != StopReason::NodeLimit || result.depth == 0 {
                continue;
            }
            stops += 1;
            // The same search to the completed depth makes the same choices.
            let to_depth = SearchLimits::none().with_depth(result.depth);
            let completed = Engine::new(on.clone()).unwrap().search(&mut game.clone(), &to_depth, |_| {});
            let chosen = completed.best_move.unwrap();
            let without = Engine::new(off.clone()).unwrap().search(&mut game.clone(), &limits, |_| {});
            assert_eq!(without.best_move, Some(chosen), "seed {seed}, limit {limit}: switched off");
            let reported = result.best_move.unwrap();
            assert_eq!(result.pv.first(), Some(&reported), "seed {seed}, limit {limit}");
            if reported != chosen {
                improved += 1;
                let deeper = result.depth + 1;
                let (better, first) = (value_after(&game, reported, deeper), value_after(&game, chosen, deeper));
                assert!(
                    better > first,
                    "seed {seed}, limit {limit}: {reported:?} ({better}) is not better than {chosen:?} ({first}) \
                     at depth {deeper}"
                );
            }
        }
    }
    assert!(improved >= 5, "only {improved} of {stops} stops reported a better move");
}

/// The value of `mv` for the side to move in `game`, by negamax to `depth`
/// plies in all.
fn value_after(game: &Othello, mv: <Othello as Game>::Move, depth: u32) -> Score {
    let mut child = game.clone();
    child.play(mv);
    let value = negamax(&mut child, depth - 1, &mut NoTrace).value;
    if child.side_to_move() == game.side_to_move() {
        value
    } else {
        -value
    }
}

fn assert_legal<G: Game>(game: &G, mv: Option<G::Move>) {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mv = mv.expect("a stopped search still names a move");
    assert!(moves.contains(&mv), "{mv:?} is not legal here");
}

/// Making an engine touches no table memory, whatever the budget (the
/// largest accepted is 1 TiB, which no test machine has); a game without a
/// hash key never makes the table; one with a key makes it at its first
/// search.
#[test]
fn engine_new_makes_no_table_until_a_search_needs_one() {
    let huge = EngineOptions::default().with_table_mib(1 << 20);
    let engine: Engine<u8> = Engine::new(huge).unwrap();
    assert!(engine.table().is_none());
    let mut engine = Engine::new(EngineOptions::default().with_table_mib(4)).unwrap();
    engine.search(&mut Take::new(10), &SearchLimits::none(), |_| {});
    assert!(engine.table().is_none(), "a game without a hash key");
    let mut engine = Engine::new(EngineOptions::default().with_table_mib(4)).unwrap();
    engine.search(&mut TicTacToe::new(), &SearchLimits::none().with_depth(2), |_| {});
    assert_eq!(engine.table().map(|table| table.size_bytes()), Some(4 << 20));
}
