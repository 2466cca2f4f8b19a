//! Tic-tac-toe solved from the empty board by every algorithm.

use abprune::{
    alphabeta, alphabeta_failsoft, branch_and_bound, minimax, negamax, Game, NoTrace, Score, UNLIMITED_DEPTH,
};
use abprune_games::TicTacToe;

/// The full game tree has 549,946 nodes and 255,168 finished games: the
/// well-known counts, which pin down both the rules and the node counting.
#[test]
fn brute_force_counts_the_whole_game_tree() {
    for result in [
        minimax(&mut TicTacToe::new(), UNLIMITED_DEPTH, &mut NoTrace),
        negamax(&mut TicTacToe::new(), UNLIMITED_DEPTH, &mut NoTrace),
    ] {
        assert_eq!(result.value, Score::DRAW);
        assert_eq!(result.stats.nodes, 549_946);
        assert_eq!(result.stats.leaves, 255_168);
        assert_eq!(result.stats.nodes_per_ply[..4], [1, 9, 72, 504]);
    }
}

#[test]
fn every_algorithm_finds_the_draw_with_fewer_nodes() {
    let full = -Score::INFINITY..Score::INFINITY;
    let results = [
        branch_and_bound(&mut TicTacToe::new(), UNLIMITED_DEPTH, Score::INFINITY, &mut NoTrace),
        alphabeta(&mut TicTacToe::new(), UNLIMITED_DEPTH, full.start, full.end, &mut NoTrace),
        alphabeta_failsoft(&mut TicTacToe::new(), UNLIMITED_DEPTH, full.start, full.end, &mut NoTrace),
    ];
    for result in &results {
        assert_eq!(result.value, Score::DRAW);
        assert!(result.stats.nodes < 549_946 / 10, "{:?}", result.stats);
        assert_eq!(result.pv.len(), 9, "a drawn game lasts nine moves: {:?}", result.pv);
    }
    assert!(results[1].stats.nodes <= results[0].stats.nodes, "F2 prunes at least as much as F1");
    assert_eq!(results[1].stats.nodes, results[2].stats.nodes, "fail-hard and fail-soft search the same tree");
}

#[test]
fn a_won_position_reports_the_shortest_win() {
    // X: 0 4, O: 1 2 — X to move wins at once with 8 (diagonal 0-4-8).
    let mut game = TicTacToe::from_moves(&[0, 1, 4, 2]).unwrap();
    let result = alphabeta(&mut game, UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
    assert_eq!(result.value, Score::win_in(1));
    assert_eq!(result.best_move, Some(8));
    assert_eq!(result.plies_to_end(), Some(1));
    assert_eq!(minimax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value, Score::win_in(1));
}

#[test]
fn a_fork_loses_in_two_plies() {
    // X: 0 4 6 fork (threats at 3 and 2), O: 1 8 has no threat of its own.
    let mut game = TicTacToe::from_moves(&[0, 1, 4, 8, 6]).unwrap();
    let result = negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace);
    assert!(result.value.is_loss(), "{}", result.value);
    // Whatever O does, X completes a line on the next move: lost in 2 plies.
    assert_eq!(result.value, Score::loss_in(2));
    assert_eq!(game.outcome(), None);
}
