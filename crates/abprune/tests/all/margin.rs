//! Games scored by margin (issue 14, item 3): the engine's exact solve of a
//! margin game against brute force on random small games.
// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use abprune::{
    Ending, Engine, EngineOptions, Game, Outcome, Player, Score, SearchLimits, SolveMode, StopReason, Variant,
};
use proptest::prelude::*;

use crate::common;
use common::cases;

/// A counting game scored by margin, with transpositions: `left` counters;
/// a move takes 1 to 3 of them and scores `gains[left][taken]` points
/// (negative: the opponent scores); when none are left, the margin is the
/// difference of the points, from the side to move's view. Many paths
/// reach the same (counters, difference, side): the table is exercised.
#[derive(Clone, Debug)]
struct Harvest {
    gains: Vec<[i8; 3]>,
    left: usize,
    /// Points of the first player minus the second's.
    difference: i32,
    to_move: Player,
}

impl Harvest {
    fn sign(&self) -> i32 {
        if self.to_move == Player::First {
            1
        } else {
            -1
        }
    }
    fn gain(&self, taken: u8) -> i32 {
        i32::from(self.gains[self.left][usize::from(taken) - 1])
    }
    /// The most points the game can still move the difference by.
    fn swing(&self) -> i32 {
        3 * 9 * i32::try_from(self.gains.len()).unwrap()
    }
}

impl Game for Harvest {
    type Move = u8;
    fn side_to_move(&self) -> Player {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend((1..=3u8).filter(|&n| usize::from(n) <= self.left));
    }
    fn play(&mut self, n: u8) {
        self.difference += self.sign() * self.gain(n);
        self.left -= usize::from(n);
        self.to_move = self.to_move.opponent();
    }
    fn undo(&mut self, n: u8) {
        self.to_move = self.to_move.opponent();
        self.left += usize::from(n);
        self.difference -= self.sign() * self.gain(n);
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then_some(Outcome::Score(self.sign() * self.difference))
    }
    /// A deliberately poor guess (the points so far), so that depth-limited
    /// searches differ from the solve.
    fn evaluate(&self) -> Score {
        Score::new(self.sign() * self.difference)
    }
    fn hash_key(&self) -> Option<u64> {
        let side = u64::from(self.to_move == Player::First);
        Some((self.left as u64) << 40 | ((self.difference + (1 << 20)) as u64) << 1 | side)
    }
    /// The gains are the rules: two games with other gains share keys but
    /// not values.
    fn rules_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.gains.hash(&mut hasher);
        hasher.finish()
    }
    fn ending(&self) -> Ending {
        Ending::Margin { lowest: -self.swing(), highest: self.swing() }
    }
    fn max_plies_left(&self) -> Option<u32> {
        Some(self.left as u32)
    }
}

/// The oracle: plain negamax written out here, independent of the library.
fn brute_force(game: &mut Harvest) -> i32 {
    if let Some(Outcome::Score(margin)) = game.outcome() {
        return margin;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        game.play(mv);
        best = best.max(-brute_force(game));
        game.undo(mv);
    }
    best
}

fn harvest() -> impl Strategy<Value = Harvest> {
    (1usize..=11).prop_flat_map(|left| {
        prop::collection::vec(prop::array::uniform3(-4i8..=4), left + 1).prop_map(move |gains| Harvest {
            gains,
            left,
            difference: 0,
            to_move: Player::First,
        })
    })
}

fn configurations() -> Vec<EngineOptions> {
    vec![
        EngineOptions { table_mib: 1, ..EngineOptions::default() },
        EngineOptions { variant: Variant::Mtdf, table_mib: 1, ..EngineOptions::default() },
        EngineOptions { variant: Variant::FailSoftAlphaBeta, table_mib: 0, ..EngineOptions::default() },
        EngineOptions::textbook(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1000), ..ProptestConfig::default() })]

    /// The strong solve finds the brute-force margin, with a best move that
    /// keeps it; the weak solve its
    /// sign; iterative deepening without limits ends exact on it; and one
    /// engine keeps its table from one game to the next.
    #[test]
    fn margin_solve_agrees_with_brute_force(games in prop::collection::vec(harvest(), 1..4)) {
        for options in configurations() {
            let mut engine = Engine::new(options.clone()).unwrap();
            for mut game in games.clone() {
                let truth = Score::new(brute_force(&mut game));
                let solved = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
                prop_assert_eq!((solved.value, solved.exact, solved.plies_to_end), (truth, true, None), "{:?}", options);
                let mut child = game.clone();
                child.play(solved.best_move.unwrap());
                prop_assert_eq!(-brute_force(&mut child), truth.get(), "the best move keeps the margin: {:?}", options);
                let weak = engine.solve(&mut game, SolveMode::Weak, &SearchLimits::none()).unwrap();
                prop_assert_eq!(weak.value.get().signum(), truth.get().signum(), "weak {:?}", options);
                let searched = engine.search(&mut game, &SearchLimits::none(), |_| {});
                prop_assert_eq!((searched.value, searched.exact, searched.stop_reason), (truth, true, StopReason::Solved));
            }
        }
    }
}

/// A margin game whose root is over answers with its margin; a game that
/// says its ends are heuristic is refused before any search.
#[test]
fn finished_margin_game_and_heuristic_games() {
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    let mut over = Harvest { gains: vec![[1, 1, 1]], left: 0, difference: 5, to_move: Player::Second };
    let solved = engine.solve(&mut over, SolveMode::Strong, &SearchLimits::none()).unwrap();
    assert_eq!((solved.value, solved.exact, solved.best_move), (Score::new(-5), true, None));
    let tree = abprune_games::Tree::parse("((3 5) (2 9))").unwrap();
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    let refused = engine.solve(&mut abprune_games::TreeGame::new(&tree), SolveMode::Strong, &SearchLimits::none());
    assert!(refused.is_err());
    assert_eq!(
        engine
            .solve(&mut abprune_games::TreeGame::new(&tree), SolveMode::Weak, &SearchLimits::none())
            .unwrap_err()
            .to_string(),
        refused.unwrap_err().to_string()
    );
}
