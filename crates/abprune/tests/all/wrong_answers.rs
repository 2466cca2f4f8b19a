//! Regression tests for the wrong answers of issue 14, each named after
//! the bug it pins: answers that were marked exact and were not.
// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use abprune::{
    negamax, Engine, EngineOptions, Game, NoTrace, Outcome, Player, Score, SearchLimits, SolveMode, UNLIMITED_DEPTH,
};
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

/// Bug 2: one engine, two games with the same move type and the same hash
/// keys (normal and misère Nim): the second solve took the first game's
/// table entries for its own and answered wrongly, marked exact.
#[test]
fn one_engine_for_two_rule_variants_answers_each_by_its_own_rules() {
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    let heap_sets: [&[u8]; 6] = [&[1, 2, 3], &[2, 2], &[1, 1, 1], &[3, 4, 5], &[1, 3], &[2, 3, 3]];
    for _ in 0..2 {
        for heaps in heap_sets {
            for misere in [false, true] {
                let mut game = Nim::new(heaps).unwrap();
                if misere {
                    game = game.misere();
                }
                let truth = negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value;
                let (strong, weak) = solve_both(&mut engine, &mut game);
                assert_eq!(strong, truth, "{heaps:?} misère {misere}");
                assert_eq!(weak.get().signum(), truth.get().signum(), "weak {heaps:?} misère {misere}");
                let searched = engine.search(&mut game, &SearchLimits::none(), |_| {});
                assert_eq!((searched.value, searched.exact), (truth, true), "search {heaps:?} misère {misere}");
            }
        }
    }
}

/// A counting game whose dead ends (no counters left) are not finished by
/// the rules but scored by `evaluate`, with a hash key: the kind of game a
/// search may be run on, and a solve must refuse.
#[derive(Clone, Debug)]
struct DeadEnds {
    left: u32,
    to_move: Player,
}

impl Game for DeadEnds {
    type Move = u32;
    fn side_to_move(&self) -> Player {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=2).filter(|&n| n <= self.left));
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
        None
    }
    fn evaluate(&self) -> Score {
        Score::new(if self.to_move == Player::First { 5 } else { -5 })
    }
    fn hash_key(&self) -> Option<u64> {
        Some(u64::from(self.left) << 1 | u64::from(self.to_move == Player::First))
    }
}

/// Bug 2, second part: a search whose leaves without moves were scored by
/// `evaluate` stored them as proven, called its value exact, and a solve
/// with the same engine then answered from those entries instead of
/// refusing the game.
#[test]
fn leaves_scored_by_evaluate_are_never_proven() {
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    let mut game = DeadEnds { left: 9, to_move: Player::First };
    let searched = engine.search(&mut game, &SearchLimits::none().with_depth(30), |_| {});
    assert!(!searched.exact, "a value resting on evaluate is not exact");
    assert_eq!(searched.plies_to_end, None);
    let truth = negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value;
    assert_eq!(searched.value, truth, "the value itself is right");
    assert!(engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).is_err());
    assert!(engine.solve(&mut game, SolveMode::Weak, &SearchLimits::none()).is_err());
    // With no depth limit the search still ends: deeper iterations cannot
    // change a value that met no horizon.
    let unlimited = engine.search(&mut game, &SearchLimits::none(), |_| {});
    assert_eq!((unlimited.value, unlimited.exact), (truth, false));
}
