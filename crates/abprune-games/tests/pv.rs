//! Whole principal variations (issue 14, item 5). What is claimed, and
//! tested here:
//!
//! - every reported line is legal move by move, whatever the search;
//! - a strong solve's line runs to the end of the game, and the finished
//!   position's outcome, seen from the root, is the reported value (Connect
//!   Four, tic-tac-toe, Othello margins), the value itself checked against
//!   brute force;
//! - after a depth-limited search of a tree (no transpositions), by the
//!   engine (PVS, fail-soft alpha-beta, MTD(f)) or the textbook `mtdf`, the
//!   line reaches the horizon or a leaf, whose evaluation, signed for the
//!   root's side, is the reported value;
//! - after a search that ended with a proven value, the line is legal, and
//!   where it reaches the end of the game the outcome is the value (it may
//!   stop short where the table has no proven entry to follow: 20 of 40
//!   Connect Four lines reached the end when this was written).
//!
//! Not claimed: that a depth-limited search of a game with transpositions
//! ends its line where the evaluation is the value (a table entry found
//! deeper than needed answers for a longer line, and the line stops where
//! the table has nothing consistent).
#![allow(clippy::unwrap_used)]

mod common;

use abprune::{
    mtdf, negamax, Engine, EngineOptions, Game, NoTrace, Score, SearchLimits, SolveMode, Variant, UNLIMITED_DEPTH,
};
use abprune_games::connect4::Connect4;
use abprune_games::othello::Othello;
use abprune_games::{TicTacToe, Tree, TreeGame};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use common::{cases, nested_tree, random_unfinished};

/// Plays `line` from `game`, checking each move is legal, and returns the
/// position reached.
fn play_out<G: Game + Clone>(game: &G, line: &[G::Move]) -> Result<G, TestCaseError> {
    let mut position = game.clone();
    for (ply, &mv) in line.iter().enumerate() {
        let mut moves = Vec::new();
        if position.outcome().is_none() {
            position.generate_moves(&mut moves);
        }
        prop_assert!(moves.contains(&mv), "move {} of the line, {:?}, is not legal", ply + 1, mv);
        position.play(mv);
    }
    Ok(position)
}

/// A value for the side to move at the end of `line`, for the root's side.
fn from_the_root<M>(value: Score, line: &[M]) -> Score {
    if line.len() % 2 == 0 {
        value
    } else {
        -value
    }
}

/// The strong solve's line of `game` ends in a finished game worth the
/// value, which is brute force's.
fn check_solve<G: Game + Clone + Send>(game: &G, variant: Variant) -> Result<(), TestCaseError>
where
    G::Move: Send,
{
    let options = EngineOptions { variant, table_mib: 2, ..EngineOptions::default() };
    let mut engine = Engine::new(options).unwrap();
    let result = engine.solve(&mut game.clone(), SolveMode::Strong, &SearchLimits::none()).unwrap();
    prop_assert_eq!(result.value, negamax(&mut game.clone(), UNLIMITED_DEPTH, &mut NoTrace).value);
    let end = play_out(game, &result.pv)?;
    let outcome = end.outcome();
    prop_assert!(outcome.is_some(), "the line ({} plies) stops before the end", result.pv.len());
    prop_assert_eq!(
        from_the_root(outcome.unwrap().score(result.pv.len() as u32), &result.pv),
        result.value,
        "line {:?}",
        result.pv
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(60)))]

    #[test]
    fn a_strong_solve_of_connect_four_plays_out_to_its_value(seed in any::<u64>(), stones in 31u32..=36) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        if let Some(game) = random_unfinished(&mut rng, stones) {
            let variant = [Variant::Pvs, Variant::Mtdf, Variant::FailSoftAlphaBeta][(seed % 3) as usize];
            check_solve(&game, variant)?;
        }
    }

    #[test]
    fn a_strong_solve_of_an_othello_endgame_plays_out_to_its_margin(seed in 0u64..1_000_000, empties in 3u32..=8) {
        if let Some(game) = Othello::random_endgame(seed, empties) {
            check_solve(&game, Variant::Pvs)?;
        }
    }

    #[test]
    fn a_depth_limited_line_of_a_tree_ends_where_its_value_is(nested in nested_tree(), depth in 1u32..=8) {
        let tree = Tree::from_nested(&nested);
        let root = TreeGame::new(&tree);
        for variant in [Variant::Pvs, Variant::FailSoftAlphaBeta, Variant::Mtdf] {
            let mut engine = Engine::new(EngineOptions { variant, ..EngineOptions::default() }).unwrap();
            let result = engine.search(&mut root.clone(), &SearchLimits::none().with_depth(depth), |_| {});
            let end = play_out(&root, &result.pv)?;
            let mut moves = Vec::new();
            end.generate_moves(&mut moves);
            prop_assert!(result.pv.len() as u32 == result.depth || moves.is_empty(),
                "{:?}: the line of {} plies stops before depth {} and before a leaf", variant, result.pv.len(), result.depth);
            prop_assert_eq!(from_the_root(end.evaluate(), &result.pv), result.value, "{:?}", variant);
        }
        // The textbook MTD(f) (one search to the depth, not deepening).
        let result = mtdf(&mut root.clone(), depth, Score::DRAW, &mut NoTrace);
        let end = play_out(&root, &result.pv)?;
        let mut moves = Vec::new();
        end.generate_moves(&mut moves);
        prop_assert!(result.pv.len() as u32 == depth || moves.is_empty(), "mtdf: the line stops short");
        prop_assert_eq!(from_the_root(end.evaluate(), &result.pv), result.value, "mtdf");
    }
}

#[test]
fn every_tictactoe_position_after_two_moves_plays_out_to_its_value() {
    for first in 0..9u8 {
        for second in (0..9u8).filter(|&cell| cell != first) {
            let game = TicTacToe::from_moves(&[first, second]).unwrap();
            check_solve(&game, Variant::Pvs).unwrap();
        }
    }
}

#[test]
fn a_solved_search_of_connect_four_reports_a_legal_line_and_a_finished_one_is_worth_its_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut reached_the_end = 0;
    for _ in 0..40 {
        let Some(game) = random_unfinished(&mut rng, 30) else { continue };
        let mut engine: Engine<u8> = Engine::default();
        let result = engine.search(&mut game.clone(), &SearchLimits::none(), |_| {});
        assert!(result.exact);
        let end = play_out(&game, &result.pv).unwrap();
        if let Some(outcome) = end.outcome() {
            assert_eq!(
                from_the_root(outcome.score(result.pv.len() as u32), &result.pv),
                result.value,
                "line {:?}",
                result.pv
            );
            reached_the_end += 1;
        }
    }
    assert!(reached_the_end > 0, "no line reached the end");
    println!("{reached_the_end} lines reached the end");
}

#[test]
fn the_tests_of_this_file_can_fail() {
    // A line with an illegal move is refused, and a line that stops short is caught.
    let game = Connect4::new();
    assert!(play_out(&game, &[7]).is_err());
    assert!(play_out(&game, &[3, 3, 3, 3, 3, 3, 3]).is_err());
}
