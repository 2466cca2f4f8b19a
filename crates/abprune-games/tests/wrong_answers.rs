//! Regression tests for the wrong answers of issue 14, each named after
//! the bug it pins: answers that were marked exact and were not.
// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use abprune::{Engine, EngineOptions, Score, SearchLimits, SolveMode};
use abprune_games::Nim;

fn solve_both(engine: &mut Engine<abprune_games::nim::Take>, game: &mut Nim) -> (Score, Score) {
    let strong = engine.solve(game, SolveMode::Strong, &SearchLimits::none()).unwrap();
    let weak = engine.solve(game, SolveMode::Weak, &SearchLimits::none()).unwrap();
    assert!(strong.exact && weak.exact);
    (strong.value, weak.value)
}

/// Bug 1: with every heap empty the side to move has lost, on the spot.
/// The solver's value ladder began at one ply: a strong solve said "loss in
/// 1", and with no plies left and the winner moving last (normal Nim), both
/// modes said "draw".
#[test]
fn a_finished_position_solves_as_lost_in_0() {
    for options in [EngineOptions::default(), EngineOptions::textbook()] {
        let mut engine = Engine::new(options).unwrap();
        let mut empty = Nim::new(&[0, 0]).unwrap();
        let (strong, weak) = solve_both(&mut engine, &mut empty);
        assert_eq!(strong, Score::loss_in(0));
        assert!(weak.is_loss(), "weak: {weak}");
        let solved = engine.solve(&mut empty, SolveMode::Strong, &SearchLimits::none()).unwrap();
        assert_eq!((solved.plies_to_end, solved.best_move, solved.pv.len()), (Some(0), None, 0));
        let searched = engine.search(&mut empty, &SearchLimits::none(), |_| {});
        assert_eq!((searched.value, searched.exact), (Score::loss_in(0), true));
        // Misère: the previous player took the last counter and lost.
        let mut won = Nim::new(&[0]).unwrap().misere();
        assert_eq!(solve_both(&mut engine, &mut won).0, Score::win_in(0));
    }
}
