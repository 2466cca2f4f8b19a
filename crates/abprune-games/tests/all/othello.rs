//! Othello endgames solved exactly for the disc margin (issue 14, item 9):
//! the engine's strong and weak solves and its unlimited deepening against
//! a brute force written here, which knows nothing of windows, tables or
//! bisection. The rules themselves are checked by perft in the module.
//! Debug builds of the tests are optimised (`[profile.test]`), but a brute
//! force of 14 empties (the example's) takes minutes: the tests use 4 to 12.
#![allow(clippy::unwrap_used)]

use crate::common;

use abprune::{Engine, EngineOptions, Game, Outcome, Score, SearchLimits, SolveMode, StopReason, Variant};
use abprune_games::othello::{square_name, Othello};
use proptest::prelude::*;

use common::cases;

/// The final margin under best play, for the side to move: every line
/// played to the end.
fn brute_force(game: &mut Othello) -> i32 {
    if let Some(outcome) = game.outcome() {
        return match outcome {
            Outcome::Score(margin) => margin,
            Outcome::Draw => 0,
            other => panic!("Othello ends in margins, not {other:?}"),
        };
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert!(!moves.is_empty(), "a game not over has a move (a pass at least)");
    moves
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let value = -brute_force(game);
            game.undo(mv);
            value
        })
        .max()
        .unwrap()
}

/// The first endgame with `empties` empty squares from seed `seed` on.
fn endgame(seed: u64, empties: u32) -> Othello {
    (seed..).find_map(|seed| Othello::random_endgame(seed, empties)).unwrap()
}

fn small_engine(variant: Variant) -> Engine<u8> {
    Engine::new(EngineOptions::default().with_variant(variant).with_table_mib(4)).unwrap()
}

/// Checks every exact answer the engine gives for `game` against brute force.
fn check(game: &Othello, variant: Variant) -> Result<(), TestCaseError> {
    let truth = brute_force(&mut game.clone());
    let mut engine = small_engine(variant);
    let strong = engine.solve(&mut game.clone(), SolveMode::Strong, &SearchLimits::none()).unwrap();
    prop_assert!(strong.exact);
    prop_assert_eq!(strong.value, Score::new(truth), "strong solve of\n{}", game);
    // The move reported keeps the margin.
    let best = strong.best_move.unwrap();
    let mut after = game.clone();
    after.play(best);
    prop_assert_eq!(-brute_force(&mut after), truth, "{} does not keep the margin in\n{}", square_name(best), game);

    let weak = small_engine(variant).solve(&mut game.clone(), SolveMode::Weak, &SearchLimits::none()).unwrap();
    prop_assert_eq!(weak.value.get().signum(), truth.signum(), "weak solve of\n{}", game);
    prop_assert!(weak.weak);

    let deepened = small_engine(variant).search(&mut game.clone(), &SearchLimits::none(), |_| {});
    prop_assert_eq!(deepened.stop_reason, StopReason::Solved);
    prop_assert_eq!(deepened.value, Score::new(truth), "deepening of\n{}", game);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(40)))]

    #[test]
    fn small_endgames_are_solved_to_the_brute_force_margin(seed in 0u64..1_000_000, empties in 4u32..=8) {
        let variant = [Variant::Pvs, Variant::Mtdf, Variant::FailSoftAlphaBeta][(seed % 3) as usize];
        check(&endgame(seed, empties), variant)?;
    }
}

/// Larger endgames: three of 10 empties and one of 12 (about three seconds
/// of brute force; 14 empties, the example's, would take minutes).
#[test]
fn ten_and_twelve_empties_are_solved_to_the_brute_force_margin() {
    for seed in 0..3 {
        check(&endgame(seed * 1000, 10), Variant::Pvs).unwrap();
    }
    check(&endgame(7, 12), Variant::Pvs).unwrap();
}
