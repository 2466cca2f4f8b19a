//! The strategy trait (issue 14, item 4): every plain algorithm and the
//! engine, called the same way, choose a move of the true value. The oracle
//! is the nested tree's own minimax (written in `abprune-games`, apart from
//! every search), and for the move, plain negamax of the position it leads
//! to.
#![allow(clippy::unwrap_used)]

use crate::common;

use abprune::{
    negamax, Algorithm, Engine, EngineOptions, FixedDepth, Game, Limited, NoTrace, Score, SearchLimits,
    Strategy as Chooser, Variant,
};
use abprune_games::{TicTacToe, Tree, TreeGame};
use proptest::prelude::*;

use common::{cases, nested_tree};

/// Every strategy a program could swap in, searching `depth` plies.
fn every_strategy<'t>(depth: u32) -> Vec<(String, Box<dyn Chooser<TreeGame<'t>>>)> {
    let mut strategies: Vec<(String, Box<dyn Chooser<TreeGame<'t>>>)> = Algorithm::ALL
        .iter()
        .map(|&algorithm| {
            let strategy: Box<dyn Chooser<TreeGame<'t>>> = Box::new(FixedDepth::new(algorithm, depth));
            (format!("{algorithm:?}"), strategy)
        })
        .collect();
    for variant in [Variant::FailSoftAlphaBeta, Variant::Pvs, Variant::Mtdf] {
        let engine = Engine::new(EngineOptions { variant, ..EngineOptions::default() }).unwrap();
        strategies.push((
            format!("engine {variant:?}"),
            Box::new(Limited::new(engine, SearchLimits::none().with_depth(depth))),
        ));
    }
    strategies
}

/// The value of playing `mv` in `game`, for the side to move, by negamax
/// (a decided value's distance counted from `game`, one ply more).
fn value_of_move<G: Game>(game: &mut G, mv: G::Move, depth: u32) -> Score {
    game.play(mv);
    let value = (-negamax(game, depth - 1, &mut NoTrace).value).to_root_relative(1);
    game.undo(mv);
    value
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    #[test]
    fn every_strategy_chooses_a_move_of_the_minimax_value(nested in nested_tree(), depth in 1u32..=8) {
        let tree = Tree::from_nested(&nested);
        // Depth 8 is beyond every generated tree (7 levels): the whole tree.
        let truth = if depth == 8 {
            Score::new(nested.minimax(true))
        } else {
            negamax(&mut TreeGame::new(&tree), depth, &mut NoTrace).value
        };
        for (name, mut strategy) in every_strategy(depth) {
            let mut game = TreeGame::new(&tree);
            let choice = strategy.choose(&mut game);
            prop_assert_eq!(choice.value, truth, "{}", name);
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            match choice.best_move {
                None => prop_assert!(moves.is_empty(), "{}: no move from a node with moves", name),
                Some(mv) => {
                    prop_assert!(moves.contains(&mv), "{}: {:?} is not a move here", name, mv);
                    prop_assert_eq!(value_of_move(&mut game, mv, depth), truth, "{}: {:?}", name, mv);
                }
            }
        }
    }
}

#[test]
fn the_one_line_best_move_solves_tictactoe_and_keeps_the_position() {
    let mut game = TicTacToe::from_moves(&[4, 1]).unwrap();
    let before = game;
    let choice = abprune::best_move(&mut game, &SearchLimits::none());
    assert_eq!(game, before, "the position is left as it was");
    // X in the centre, O on an edge: X wins.
    let truth = negamax(&mut game, abprune::UNLIMITED_DEPTH, &mut NoTrace).value;
    assert!(truth.is_win(), "{truth}");
    assert_eq!(choice.value, truth);
    assert_eq!(value_of_move(&mut game, choice.best_move.unwrap(), abprune::UNLIMITED_DEPTH), truth);
}
