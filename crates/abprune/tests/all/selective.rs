//! The selective search against the oracle. Its techniques change values
//! at a fixed depth on purpose, so what is checked is what must never
//! change: a result the engine calls exact is the minimax value; iterative
//! deepening without limits still ends exact and right; solves and
//! null-window tests (which switch the techniques off) give the same
//! answers as without them; the Gomoku pass leaves the position as it was.

use abprune::{
    negamax, Engine, EngineOptions, Game, NoTrace, Score, SearchLimits, Selectivity, SolveMode, Variant,
    UNLIMITED_DEPTH,
};
use abprune_games::{Gomoku, Nested, Othello, RandomTreeSpec, Rule, Tree, TreeGame};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common;
use common::{cases, engines_agree_with_brute_force, nested_tree, random_gomoku};

/// Each technique alone, then all together, under PVS and plain alpha-beta,
/// with and without a table.
fn selective_options() -> Vec<EngineOptions> {
    let mut singles: Vec<Selectivity> = Selectivity::NAMES
        .iter()
        .map(|name| {
            let mut selectivity = Selectivity::NONE;
            *selectivity.switch_mut(name).expect("every name is a switch") = true;
            selectivity
        })
        .collect();
    singles.push(Selectivity::ALL);
    // A tiny margin makes futility pruning and razoring fire on small evaluations.
    singles.push(Selectivity { futility_margin: 1, ..Selectivity::ALL });
    let mut all = Vec::new();
    for selectivity in singles {
        for variant in [Variant::Pvs, Variant::FailSoftAlphaBeta] {
            for table_mib in [0, 1] {
                all.push(EngineOptions { variant, table_mib, selectivity, ..EngineOptions::default() });
            }
        }
    }
    all
}

/// Wide, shallow random trees: 6 to 12 children a node, so that the
/// move-count pruning and the reductions of late moves come into play.
fn wide_tree() -> impl Strategy<Value = Nested> {
    let leaf = (-4i32..=4).prop_map(Nested::Leaf);
    leaf.prop_recursive(3, 2000, 12, |inner| prop::collection::vec(inner, 6..=12).prop_map(Nested::Node))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(150), ..ProptestConfig::default() })]

    /// Iterative deepening goes on until no line meets the horizon; with
    /// the selective techniques on, what it then reports is still the
    /// minimax value, and no iteration says "exact" (the leaves are
    /// evaluations, which prove nothing).
    #[test]
    fn selective_deepening_ends_with_the_minimax_value(nested in prop_oneof![nested_tree(), wide_tree()]) {
        let tree = Tree::from_nested(&nested);
        let truth = Score::new(nested.minimax(true));
        for options in selective_options() {
            let mut engine = Engine::new(options.clone()).unwrap();
            let mut wrong_exact = None;
            let result = engine.search(&mut TreeGame::new(&tree), &SearchLimits::none(), |info| {
                if info.exact && info.value != truth {
                    wrong_exact = Some((info.depth, info.value));
                }
            });
            prop_assert_eq!(wrong_exact, None, "{:?}", options);
            prop_assert_eq!(result.value, truth, "{:?}", options);
            // The leaves are evaluations: never proven (issue 14).
            prop_assert!(!result.exact, "{:?}", options);
        }
    }
}

/// Deep random trees (3 children a node, 10 plies, leaves -99 to 99, the
/// interior evaluated 0): deep enough for the techniques that need depth
/// and a table (singular extensions and multi-cut from 7 plies, internal
/// reductions from 4) to fire at every iteration from the eighth. Unlimited
/// deepening still ends with the minimax value, and no iteration claims a
/// wrong exact value.
#[test]
fn selective_deepening_of_deep_trees_ends_with_the_minimax_value() {
    let configurations: Vec<EngineOptions> =
        selective_options().into_iter().filter(|options| options.table_mib > 0).collect();
    for seed in 0..cases(40) {
        let tree = RandomTreeSpec::new(3, 10, u64::from(seed)).generate().unwrap();
        let truth = negamax(&mut TreeGame::new(&tree), UNLIMITED_DEPTH, &mut NoTrace).value;
        for options in &configurations {
            let mut engine = Engine::new(options.clone()).unwrap();
            let mut wrong_exact = None;
            let result = engine.search(&mut TreeGame::new(&tree), &SearchLimits::none(), |info| {
                if info.exact && info.value != truth {
                    wrong_exact = Some((info.depth, info.value));
                }
            });
            assert_eq!(wrong_exact, None, "seed {seed}, {options:?}");
            assert_eq!(result.value, truth, "seed {seed}, {options:?}");
        }
    }
}

/// Othello end games of 4 to 9 empty squares, whose evaluation (the disc
/// difference) moves from ply to ply, so that the singular test finds
/// singular moves and multi-cuts, and near the end its lines reach the
/// game's end (a test search that wrote to the table would leave proven
/// values there that leave a move out): unlimited deepening with the
/// techniques on ends with the brute-force value, and no iteration claims
/// a wrong exact value.
#[test]
fn selective_deepening_of_othello_end_games_ends_with_the_brute_force_value() {
    let configurations: Vec<EngineOptions> =
        selective_options().into_iter().filter(|options| options.table_mib > 0).collect();
    let mut checked = 0;
    for seed in 0.. {
        if checked == cases(36) {
            break;
        }
        let Some(game) = Othello::random_endgame(seed, 4 + (seed % 6) as u32) else { continue };
        checked += 1;
        let truth = negamax(&mut game.clone(), UNLIMITED_DEPTH, &mut NoTrace).value;
        for options in &configurations {
            let mut engine = Engine::new(options.clone()).unwrap();
            let mut wrong_exact = None;
            let result = engine.search(&mut game.clone(), &SearchLimits::none(), |info| {
                if info.exact && info.value != truth {
                    wrong_exact = Some((info.depth, info.value));
                }
            });
            assert_eq!(wrong_exact, None, "seed {seed}, {options:?}");
            assert_eq!((result.value, result.exact), (truth, true), "seed {seed}, {options:?}");
        }
    }
}

/// Connect Four end games: solves, weak solves, unlimited deepening and
/// null-window tests of engines with the selective techniques on agree
/// with brute force.
#[test]
fn selective_engines_agree_with_brute_force_on_connect_four() {
    let mut rng = ChaCha8Rng::seed_from_u64(13_2026);
    let configurations: Vec<EngineOptions> = selective_options().into_iter().step_by(3).collect();
    engines_agree_with_brute_force(&mut rng, 60, 30..=36, &configurations);
}

/// Gomoku end games on a 6x6 board (the pass of null-move pruning, the
/// forcing moves, the game's shortcuts all in play): unlimited deepening
/// with every technique on ends with the brute-force value, and so does the
/// solve.
#[test]
fn selective_gomoku_search_agrees_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(7_2026);
    let options =
        EngineOptions { selectivity: Selectivity { futility_margin: 50, ..Selectivity::ALL }, ..Default::default() };
    let mut engine = Engine::new(options).unwrap();
    let mut checked = 0;
    while checked < 40 {
        let Some(mut game) = random_gomoku(&mut rng, 6, 27) else { continue };
        checked += 1;
        let truth = negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value;
        let mut wrong_exact = None;
        let deepened = engine.search(&mut game, &SearchLimits::none(), |info| {
            if info.exact && info.value != truth {
                wrong_exact = Some((info.depth, info.value));
            }
        });
        assert_eq!(wrong_exact, None, "{game}");
        assert_eq!((deepened.value, deepened.exact), (truth, true), "{game}");
        let solved = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
        assert_eq!(solved.value, truth, "{game}");
        game.check_incremental().unwrap();
    }
}

/// A pass flips the side to move and the key and nothing else; it is
/// refused where the side to move must answer a threat.
#[test]
fn the_gomoku_pass_is_undone_exactly_and_refused_under_threat() {
    let mut game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 h9 i8 i9").unwrap();
    let (side, key, value) = (game.side_to_move(), game.hash_key(), game.evaluate());
    assert!(game.play_null());
    assert_eq!(game.side_to_move(), side.opponent());
    assert_ne!(game.hash_key(), key);
    game.play(game.parse_point("j9").unwrap());
    game.undo(game.parse_point("j9").unwrap());
    game.undo_null();
    assert_eq!((game.side_to_move(), game.hash_key(), game.evaluate()), (side, key, value));
    game.check_incremental().unwrap();
    // Black has an open three (h8 i8 j8): white may not pass.
    let mut threatened = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 h9 i8 i9 j8").unwrap();
    assert!(!threatened.play_null());
    assert_eq!(threatened.side_to_move(), abprune::Player::Second);
}
