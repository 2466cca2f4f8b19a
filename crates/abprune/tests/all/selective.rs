//! The selective search against the oracle. Its techniques change values
//! at a fixed depth on purpose, so what is checked is what must never
//! change: a result the engine calls exact is the minimax value; iterative
//! deepening without limits still ends exact and right; solves and
//! null-window tests (which switch the techniques off) give the same
//! answers as without them; the Gomoku pass leaves the position as it was.

use abprune::engine::MAX_ATTACK_RELIEF;
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
    singles.push(Selectivity { futility_margin: 1, razor_margin: 1, ..Selectivity::ALL });
    // Razoring asked at nearly every node below alpha, futility pruning not.
    singles.push(Selectivity { razor_margin: 1, ..Selectivity::ALL });
    // Fractional depth with extensions of a fraction of a ply (the
    // fractions add up along a line) and of more than one.
    singles.push(Selectivity { single_reply_extension: 5, ..Selectivity::ALL });
    singles.push(Selectivity { single_reply_extension: 21, ..Selectivity::ALL });
    singles.push(Selectivity {
        fractional_depth: true,
        late_move_reductions: true,
        extensions: true,
        single_reply_extension: 27,
        ..Selectivity::NONE
    });
    // Forcing moves reduced like quiet ones, and by a quarter of that;
    // pruned by count with nothing else on.
    singles.push(Selectivity { forcing_reduction: 16, ..Selectivity::ALL });
    singles.push(Selectivity { forcing_reduction: 4, ..Selectivity::ALL });
    singles.push(Selectivity { late_move_pruning: true, forcing_pruning: true, ..Selectivity::NONE });
    // A continued attack relieved of its whole reduction, with nothing
    // else on but the reductions.
    singles.push(Selectivity {
        late_move_reductions: true,
        fractional_depth: true,
        forcing_reduction: 16,
        attack_relief: MAX_ATTACK_RELIEF,
        ..Selectivity::NONE
    });
    let mut all = Vec::new();
    // The history and counter-move history blended into the hints (they
    // only reorder) with every
    // technique, the history's reductions among them.
    for variant in [Variant::Pvs, Variant::FailSoftAlphaBeta] {
        all.push(
            EngineOptions::default()
                .with_variant(variant)
                .with_table_mib(1)
                .with_history_weight(3000)
                .with_counter_weight(2000)
                .with_selectivity(Selectivity::ALL),
        );
    }
    for selectivity in singles {
        for variant in [Variant::Pvs, Variant::FailSoftAlphaBeta] {
            for table_mib in [0, 1] {
                all.push(
                    EngineOptions::default()
                        .with_variant(variant)
                        .with_table_mib(table_mib)
                        .with_selectivity(selectivity),
                );
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
        selective_options().into_iter().filter(|options| options.table.mib > 0).collect();
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
        selective_options().into_iter().filter(|options| options.table.mib > 0).collect();
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
    // The first two (the blended history) always, then every third.
    let configurations: Vec<EngineOptions> =
        selective_options().into_iter().enumerate().filter(|(i, _)| *i < 2 || i % 3 == 2).map(|(_, o)| o).collect();
    engines_agree_with_brute_force(&mut rng, 60, 30..=36, &configurations);
}

/// Gomoku end games on a 6x6 board (the pass of null-move pruning, the
/// forcing moves, the game's shortcuts all in play): unlimited deepening
/// with every technique on ends with the brute-force value, and so does the
/// solve.
#[test]
fn selective_gomoku_search_agrees_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(7_2026);
    let options = EngineOptions::default()
        .with_selectivity(Selectivity { futility_margin: 50, ..Selectivity::ALL })
        .with_history_weight(2000)
        .with_counter_weight(1000);
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

/// A corridor: one move at every position, forever; every position is
/// worth 0. Each node's single move is extended, so how deep a search
/// reaches shows how the fractions of a ply add up.
#[derive(Clone)]
struct Corridor {
    steps: u32,
}

impl Game for Corridor {
    type Move = ();
    fn side_to_move(&self) -> abprune::Player {
        if self.steps % 2 == 0 {
            abprune::Player::First
        } else {
            abprune::Player::Second
        }
    }
    fn generate_moves(&self, moves: &mut Vec<()>) {
        moves.push(());
    }
    fn play(&mut self, _: ()) {
        self.steps += 1;
    }
    fn undo(&mut self, _: ()) {
        self.steps -= 1;
    }
    fn outcome(&self) -> Option<abprune::Outcome> {
        None
    }
    fn evaluate(&self) -> Score {
        Score::DRAW
    }
}

/// The nodes an iteration to `depth` plies visits in the corridor when
/// each single move costs a ply less `extension` sixteenths (extensions
/// stop twice the root's depth below the root): counted directly, an
/// oracle of the fraction arithmetic.
fn corridor_nodes(depth: u32, extension: u32) -> u64 {
    let (mut units, mut ply, mut nodes) = (depth * 16, 0, 1);
    while units >= 16 {
        let gain = if ply < 2 * depth { extension } else { 0 };
        units = units + gain - 16;
        ply += 1;
        nodes += 1;
    }
    nodes
}

/// Fractional depth: extensions of a fraction of a ply add up along a
/// line (three of 5/16 gain almost a ply), where whole-ply depth rounds
/// them to nothing; an extension of 21/16 stops at twice the root's depth.
#[test]
fn fractions_of_a_ply_add_up_along_a_line() {
    for (fractional, extension, expected_extension) in
        [(true, 5, 5), (true, 8, 8), (true, 21, 21), (false, 5, 0), (false, 21, 16)]
    {
        let selectivity = Selectivity {
            extensions: true,
            fractional_depth: fractional,
            single_reply_extension: extension,
            ..Selectivity::NONE
        };
        let options = EngineOptions::default().with_table_mib(0).with_quiescence(false).with_selectivity(selectivity);
        for depth in 1..=8 {
            let mut engine = Engine::new(options.clone()).unwrap();
            let result = engine.search(&mut Corridor { steps: 0 }, &SearchLimits::none().with_depth(depth), |_| {});
            let expected: u64 = (1..=depth).map(|d| corridor_nodes(d, expected_extension)).sum();
            assert_eq!(result.stats.nodes, expected, "depth {depth}, extension {extension}, fractional {fractional}");
        }
    }
    // The oracle itself: half a ply gained a move takes a 4-ply search
    // 7 plies deep (the eighth would start below one ply).
    assert_eq!(corridor_nodes(4, 8), 8);
    assert_eq!(corridor_nodes(4, 0), 5);
}

/// A uniform tree of `FANOUT` moves a node, every position worth 0 to the
/// side to move: the first move at each node raises alpha above minus
/// infinity at the root, so the reduction once alpha is raised has
/// somewhere to act.
#[derive(Clone)]
struct Level {
    plies: u32,
}

const FANOUT: u8 = 3;

impl Game for Level {
    type Move = u8;
    fn side_to_move(&self) -> abprune::Player {
        if self.plies % 2 == 0 {
            abprune::Player::First
        } else {
            abprune::Player::Second
        }
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(0..FANOUT);
    }
    fn play(&mut self, _: u8) {
        self.plies += 1;
    }
    fn undo(&mut self, _: u8) {
        self.plies -= 1;
    }
    fn outcome(&self) -> Option<abprune::Outcome> {
        None
    }
    fn evaluate(&self) -> Score {
        Score::DRAW
    }
}

/// The reduction once alpha is raised: below [`abprune::engine::RAISED_MIN_DEPTH`]
/// it changes nothing; from there on the moves after the first are
/// searched shallower, so the same iteration visits fewer nodes, and the
/// value (every position is a draw) stays the same.
#[test]
fn moves_after_alpha_is_raised_are_searched_shallower() {
    let nodes = |raised: bool, depth: u32| {
        let selectivity = Selectivity { raised_alpha_reduction: raised, ..Selectivity::NONE };
        let options = EngineOptions::default().with_table_mib(0).with_quiescence(false).with_selectivity(selectivity);
        let mut engine = Engine::new(options).unwrap();
        let result = engine.search(&mut Level { plies: 0 }, &SearchLimits::none().with_depth(depth), |_| {});
        assert_eq!(result.value, Score::DRAW);
        result.stats.nodes
    };
    for depth in 1..abprune::engine::RAISED_MIN_DEPTH {
        assert_eq!(nodes(true, depth), nodes(false, depth), "depth {depth}");
    }
    for depth in abprune::engine::RAISED_MIN_DEPTH..=6 {
        assert!(nodes(true, depth) < nodes(false, depth), "depth {depth}");
    }
}
