//! The engine's quiescence search against an oracle written out here: on
//! random trees and tic-tac-toe, a depth-limited search whose horizon follows
//! the game's forcing moves must equal the plain recursive definition.

use abprune::{Engine, EngineOptions, Game, Horizon, NoTrace, Outcome, Player, Score, Variant};
use abprune_games::{Nested, TicTacToe, Tree, TreeGame};
use proptest::prelude::*;

/// Which moves a wrapped game calls forcing at the horizon.
#[derive(Clone, Copy, Debug)]
enum Forcing {
    /// Every move, and standing pat is forbidden: quiescence becomes a full search.
    AllForced,
    /// Every move, standing pat allowed.
    AllOptional,
    /// Moves passing a fixed test, standing pat allowed.
    SomeOptional,
}

/// A game whose horizon offers moves chosen by `forcing`.
struct Wrapped<G> {
    game: G,
    forcing: Forcing,
}

fn picked<M: std::fmt::Debug>(mv: &M) -> bool {
    // A fixed, arbitrary half of the moves.
    format!("{mv:?}").bytes().map(u32::from).sum::<u32>() % 2 == 0
}

impl<G: Game> Game for Wrapped<G> {
    type Move = G::Move;
    fn side_to_move(&self) -> Player {
        self.game.side_to_move()
    }
    fn generate_moves(&self, moves: &mut Vec<G::Move>) {
        self.game.generate_moves(moves);
    }
    fn play(&mut self, mv: G::Move) {
        self.game.play(mv);
    }
    fn undo(&mut self, mv: G::Move) {
        self.game.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn evaluate(&self) -> Score {
        self.game.evaluate()
    }
    fn hash_key(&self) -> Option<u64> {
        self.game.hash_key()
    }
    fn horizon(&self, moves: &mut Vec<G::Move>) -> Horizon {
        self.game.generate_moves(moves);
        match self.forcing {
            Forcing::AllForced => Horizon::Forced,
            Forcing::AllOptional => Horizon::Quiet,
            Forcing::SomeOptional => {
                moves.retain(picked);
                Horizon::Quiet
            }
        }
    }
}

/// The oracle: negamax to `depth`, then the forcing tree, by definition
/// (root-relative scores, as the engine reports them).
fn oracle<G: Game>(game: &mut Wrapped<G>, depth: u32, ply: u32) -> Score {
    if let Some(outcome) = game.outcome() {
        return outcome.score(ply);
    }
    let mut moves = Vec::new();
    let stand_pat = if depth == 0 {
        match game.horizon(&mut moves) {
            Horizon::Known(value) => return value,
            Horizon::Forced if !moves.is_empty() => None,
            Horizon::Forced | Horizon::Quiet => Some(game.evaluate()),
        }
    } else {
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return game.evaluate();
        }
        None
    };
    let mut best = stand_pat.unwrap_or(-Score::INFINITY);
    for mv in moves {
        game.play(mv);
        best = best.max(-oracle(game, depth.saturating_sub(1), ply + 1));
        game.undo(mv);
    }
    best
}

fn nested_tree() -> impl Strategy<Value = Nested> {
    let leaf = (-4i32..=4).prop_map(Nested::Leaf);
    leaf.prop_recursive(6, 200, 4, |inner| prop::collection::vec(inner, 1..=4).prop_map(Nested::Node))
}

fn engines() -> Vec<Engine<u32>> {
    [Variant::FailSoftAlphaBeta, Variant::Pvs, Variant::Mtdf]
        .into_iter()
        .flat_map(|variant| {
            [0, 1].map(|table_mib| Engine::new(EngineOptions { variant, table_mib, ..EngineOptions::default() }))
        })
        .map(|engine| engine.unwrap_or_else(|error| panic!("default options with a variant are valid: {error}")))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn quiescence_equals_the_forcing_tree_on_random_trees(nested in nested_tree(), depth in 0u32..3, mode in 0..3) {
        let forcing = [Forcing::AllForced, Forcing::AllOptional, Forcing::SomeOptional][mode as usize];
        let tree = Tree::from_nested(&nested);
        let expected = oracle(&mut Wrapped { game: TreeGame::new(&tree), forcing }, depth, 0);
        for mut engine in engines() {
            let mut game = Wrapped { game: TreeGame::new(&tree), forcing };
            let result = engine.search_depth(&mut game, depth, Score::DRAW, &mut NoTrace);
            prop_assert_eq!(result.value, expected, "{:?} {:?}", engine.options(), forcing);
        }
    }
}

#[test]
fn a_forced_horizon_searches_tictactoe_to_the_end_from_depth_one() {
    let mut engine: Engine<u8> = Engine::default();
    for moves in [&[][..], &[4], &[0, 4], &[0, 1, 4, 2]] {
        let mut game = Wrapped { game: TicTacToe::from_moves(moves).unwrap(), forcing: Forcing::AllForced };
        let expected = oracle(&mut game, 100, 0);
        let result = engine.search_depth(&mut game, 1, Score::DRAW, &mut NoTrace);
        assert_eq!(result.value, expected, "{moves:?}");
        assert!(!result.value.is_heuristic() || result.value == Score::DRAW, "{moves:?}: {}", result.value);
    }
}

#[test]
fn quiescence_off_leaves_the_horizon_static() {
    let options = EngineOptions { quiescence: false, table_mib: 0, ..EngineOptions::default() };
    let mut engine: Engine<u8> = Engine::new(options).unwrap();
    let mut game = Wrapped { game: TicTacToe::from_moves(&[0, 1, 4, 2]).unwrap(), forcing: Forcing::AllForced };
    let static_value = oracle(
        &mut Wrapped { game: TicTacToe::from_moves(&[0, 1, 4, 2]).unwrap(), forcing: Forcing::AllOptional },
        0,
        0,
    );
    let result = engine.search_depth(&mut game, 0, Score::DRAW, &mut NoTrace);
    assert_eq!(result.value, game.evaluate());
    assert!(static_value >= result.value, "standing pat is one of the options");
}
