//! The parallel engine against the oracle: with 2 and 4 threads, in both
//! schemes, every variant and option agrees with minimax on random trees
//! (depth-limited searches with negamax at that depth), tic-tac-toe and
//! Connect Four are solved to their brute-force values, limits stop every
//! thread, and one thread is the single-threaded search node for node.
//!
//! The helpers start with the search here (`helpers_after_nodes: 0`): the
//! default waits for a search long enough to pay for them, which these small
//! searches never are.

use abprune::{
    negamax, Engine, EngineError, EngineOptions, NoTrace, Observer, ParallelScheme, Score, SearchLimits, SolveMode,
    StopReason, Variant, UNLIMITED_DEPTH,
};
use abprune_games::connect4::{benchmark_score, Connect4};
use abprune_games::{Nested, RandomTreeSpec, TicTacToe, Tree, TreeGame};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common;
use common::{cases, engines_agree_with_brute_force, nested_tree};

const THREADS: [usize; 2] = [2, 4];
const SCHEMES: [ParallelScheme; 2] = [ParallelScheme::LazySmp, ParallelScheme::Abdada];

/// `options` on `threads` threads with `scheme`, the helpers started at once.
fn parallel(options: &EngineOptions, threads: usize, scheme: ParallelScheme) -> EngineOptions {
    EngineOptions { threads, parallel: scheme, helpers_after_nodes: 0, ..options.clone() }
}

/// Every combination of variant and switch worth distinguishing (as in
/// `tests/all/engine.rs`), on every thread count and scheme.
fn all_parallel_options() -> Vec<EngineOptions> {
    let mut all = Vec::new();
    for variant in [Variant::FailSoftAlphaBeta, Variant::Pvs, Variant::Mtdf] {
        for table_mib in [0, 1] {
            for (killers, aspiration) in [(false, None), (true, None), (true, Some(2))] {
                let options = EngineOptions {
                    variant,
                    table_mib,
                    killers,
                    history: killers,
                    hints: killers,
                    aspiration,
                    rules_shortcuts: true,
                    enhanced_cutoffs: table_mib > 0 && killers,
                    quiescence: killers,
                    ..EngineOptions::default()
                };
                for threads in THREADS {
                    for scheme in SCHEMES {
                        let options = parallel(&options, threads, scheme);
                        if options.validate().is_ok() {
                            all.push(options);
                        }
                    }
                }
            }
        }
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    #[test]
    fn every_parallel_configuration_finds_the_minimax_value(nested in nested_tree()) {
        let tree = Tree::from_nested(&nested);
        let truth = Score::new(nested.minimax(true));
        for options in all_parallel_options() {
            let mut engine = Engine::new(options.clone()).unwrap();
            let deepening = engine.search(&mut TreeGame::new(&tree), &SearchLimits::none(), |_| {});
            prop_assert_eq!(deepening.value, truth, "{:?}", options);
            // Searched to its leaves, which are evaluations: complete, not proven.
            prop_assert!(!deepening.exact, "leaves valued by evaluate prove nothing: {:?}", options);
            prop_assert_eq!(deepening.stop_reason, StopReason::Complete);
            if let Some(best) = deepening.best_move {
                let Nested::Node(children) = &nested else { panic!("a leaf has no moves") };
                let index = tree.children(Tree::ROOT).iter().position(|&c| c == best).unwrap();
                prop_assert_eq!(children[index].minimax(false), truth.get(), "best move {:?}", options);
            }
        }
    }

    #[test]
    fn parallel_depth_limited_iterations_equal_negamax_at_that_depth(nested in nested_tree(), depth in 1u32..5) {
        let tree = Tree::from_nested(&nested);
        let expected = negamax(&mut TreeGame::new(&tree), depth, &mut NoTrace).value;
        for options in all_parallel_options() {
            let mut engine = Engine::new(options.clone()).unwrap();
            let result = engine.search(&mut TreeGame::new(&tree), &SearchLimits::none().with_depth(depth), |_| {});
            prop_assert_eq!(result.value, expected, "{:?}", options);
            prop_assert!(result.depth <= depth);
        }
    }

    #[test]
    fn parallel_null_window_test_answers_right(nested in nested_tree(), threshold in -6i32..=6) {
        let tree = Tree::from_nested(&nested);
        let truth = nested.minimax(true);
        for threads in THREADS {
            for scheme in SCHEMES {
                let mut engine = Engine::new(parallel(&EngineOptions::default(), threads, scheme)).unwrap();
                let answer = engine.test(&mut TreeGame::new(&tree), Score::new(threshold), &SearchLimits::none());
                prop_assert_eq!(answer, Some(truth >= threshold), "{} threads {:?}", threads, scheme);
            }
        }
    }
}

/// Uniform random trees of 20,000 to 60,000 nodes: searches long enough for
/// the helpers to run beside the main thread, not merely start.
#[test]
fn large_random_trees_agree_with_negamax_on_threads() {
    for seed in 0..6u64 {
        let (branching, depth) = if seed % 2 == 0 { (4, 7) } else { (6, 6) };
        let tree = RandomTreeSpec::new(branching, depth, seed).generate().unwrap();
        let truth = negamax(&mut TreeGame::new(&tree), UNLIMITED_DEPTH, &mut NoTrace).value;
        let shallow = negamax(&mut TreeGame::new(&tree), 4, &mut NoTrace).value;
        for threads in THREADS {
            for scheme in SCHEMES {
                for variant in [Variant::Pvs, Variant::Mtdf] {
                    let base = EngineOptions { variant, ..EngineOptions::default() };
                    let mut engine = Engine::new(parallel(&base, threads, scheme)).unwrap();
                    let result = engine.search(&mut TreeGame::new(&tree), &SearchLimits::none(), |_| {});
                    // The leaves are evaluations: complete, never proven (issue 14).
                    assert_eq!(
                        (result.value, result.exact, result.stop_reason),
                        (truth, false, StopReason::Complete),
                        "seed {seed} {threads} {scheme:?} {variant:?}"
                    );
                    engine.clear();
                    let limited = SearchLimits::none().with_depth(4);
                    let result = engine.search(&mut TreeGame::new(&tree), &limited, |_| {});
                    assert_eq!(result.value, shallow, "depth 4, seed {seed} {threads} {scheme:?} {variant:?}");
                }
            }
        }
    }
}

#[test]
fn solving_a_tree_with_heuristic_leaves_is_refused_on_threads() {
    let tree = RandomTreeSpec::new(4, 7, 1).generate().unwrap();
    for scheme in SCHEMES {
        let mut engine = Engine::new(parallel(&EngineOptions::default(), 4, scheme)).unwrap();
        let error = engine.solve(&mut TreeGame::new(&tree), SolveMode::Strong, &SearchLimits::none()).unwrap_err();
        assert_eq!(error, EngineError::HeuristicGame, "{error}");
    }
}

#[test]
fn every_tictactoe_position_solves_to_the_negamax_value_on_threads() {
    for threads in THREADS {
        for scheme in SCHEMES {
            // One engine for all positions: the threads share a table full of transpositions.
            let mut engine = Engine::new(parallel(&EngineOptions::default(), threads, scheme)).unwrap();
            for a in 0..9u8 {
                for b in (0..9).filter(|&b| b != a) {
                    let mut game = TicTacToe::from_moves(&[a, b]).unwrap();
                    let truth = negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value;
                    let strong = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
                    assert_eq!((strong.value, strong.exact), (truth, true), "{a}{b} {threads} {scheme:?}");
                    let weak = engine.solve(&mut game, SolveMode::Weak, &SearchLimits::none()).unwrap();
                    assert_eq!(weak.value.get().signum(), truth.get().signum(), "{a}{b} {threads} {scheme:?}");
                    let searched = engine.search(&mut game, &SearchLimits::none(), |_| {});
                    assert_eq!((searched.value, searched.exact), (truth, true), "{a}{b} {threads} {scheme:?}");
                }
            }
        }
    }
}

#[test]
fn parallel_engines_agree_with_brute_force_on_random_connect4_end_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(6_2024);
    let mut configurations = Vec::new();
    for threads in THREADS {
        for scheme in SCHEMES {
            for base in [
                EngineOptions::default(),
                EngineOptions { variant: Variant::Mtdf, ..EngineOptions::default() },
                EngineOptions { enhanced_cutoffs: true, killers: false, history: false, ..EngineOptions::default() },
                // Each thread's own near-leaf table for the last 5 plies.
                EngineOptions { near_table_kib: 4, near_plies: 5, ..EngineOptions::default() },
            ] {
                configurations.push(parallel(&base, threads, scheme));
            }
        }
    }
    engines_agree_with_brute_force(&mut rng, 60, 28..=34, &configurations);
}

/// Middle-game Connect Four positions (made up by random play, not from the
/// public sets) with their benchmark scores and the nodes the
/// single-threaded solve takes (`abprune solve connect4 --threads 1
/// --table-mib 1 --near-table-kib 0 MOVES`: no killers or history; the
/// second and fourth changed when the solve's probes stopped counting the
/// impossible longest loss). Solves of 3 to 30 ms: long enough for the
/// helpers to start.
const MIDDLE_GAMES: &[(&str, i32, u64)] = &[
    ("3411744443121636", 2, 24_532),
    ("4247631764446", -6, 126_404),
    ("5351172113317237", 5, 43_091),
    ("233163135446143", 5, 56_082),
    ("524654734543", 5, 68_290),
    ("5714637617614767", 0, 70_758),
    ("13176241316173", -1, 109_828),
    ("24611751351521", -2, 137_660),
];

/// The CLI's options for Connect Four.
fn connect4_options() -> EngineOptions {
    EngineOptions { table_mib: 1, killers: false, history: false, ..EngineOptions::default() }
}

#[test]
fn one_thread_is_the_single_threaded_search_node_for_node() {
    let mut engine: Engine<u8> = Engine::new(connect4_options()).unwrap();
    for &(moves, score, nodes) in MIDDLE_GAMES {
        let mut game = Connect4::from_moves(moves).unwrap();
        engine.clear();
        let result = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
        assert_eq!(benchmark_score(result.value, game.moves_played()), Some(score), "{moves}");
        assert_eq!(result.stats.nodes, nodes, "{moves}: the pinned single-threaded node count");
    }
}

#[test]
fn more_threads_on_a_search_too_short_for_helpers_is_the_single_threaded_search() {
    for scheme in SCHEMES {
        let options = |threads| EngineOptions { threads, parallel: scheme, ..connect4_options() };
        let mut alone: Engine<u8> = Engine::new(options(1)).unwrap();
        let mut crew: Engine<u8> = Engine::new(EngineOptions { helpers_after_nodes: 1 << 40, ..options(4) }).unwrap();
        let mut game = Connect4::from_moves(MIDDLE_GAMES[0].0).unwrap();
        let expected = alone.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
        let result = crew.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
        assert_eq!((result.value, result.pv, result.stats), (expected.value, expected.pv, expected.stats));
        let expected = alone.search(&mut TicTacToe::new(), &SearchLimits::none(), |_| {});
        let result = Engine::new(EngineOptions { helpers_after_nodes: 1 << 40, ..options(4) }).unwrap().search(
            &mut TicTacToe::new(),
            &SearchLimits::none(),
            |_| {},
        );
        let mut fresh_alone: Engine<_> = Engine::new(options(1)).unwrap();
        let fresh = fresh_alone.search(&mut TicTacToe::new(), &SearchLimits::none(), |_| {});
        assert_eq!((result.value, &result.pv, &result.stats), (fresh.value, &fresh.pv, &fresh.stats));
        assert_eq!(expected.value, fresh.value);
    }
}

#[test]
fn middle_games_solve_to_their_scores_on_every_thread_count_with_stats_summed() {
    for threads in THREADS {
        for scheme in SCHEMES {
            let options = EngineOptions { threads, parallel: scheme, ..connect4_options() };
            let mut engine: Engine<u8> = Engine::new(options).unwrap();
            for &(moves, score, single_nodes) in MIDDLE_GAMES {
                let mut game = Connect4::from_moves(moves).unwrap();
                engine.clear();
                let result = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
                assert_eq!(
                    benchmark_score(result.value, game.moves_played()),
                    Some(score),
                    "{moves} {threads} {scheme:?}"
                );
                assert!(result.exact && result.best_move.is_some());
                let stats = &result.stats;
                assert_eq!(stats.nodes_per_ply.iter().sum::<u64>(), stats.nodes, "per-ply counts add up");
                // The main thread alone searches about as many nodes as one
                // thread would; the helpers' are added on top.
                assert!(stats.nodes > single_nodes / 2, "{moves}: {} nodes", stats.nodes);
            }
        }
    }
}

#[test]
fn threads_are_validated_and_zero_is_named() {
    let error = EngineOptions { threads: 0, ..EngineOptions::default() }.validate().unwrap_err();
    assert!(matches!(error, EngineError::InvalidOptions(_)) && error.to_string().contains("threads"), "{error}");
    assert!(EngineOptions { threads: 1 << 20, ..EngineOptions::default() }.validate().is_err());
    assert!(Engine::<u8>::new(EngineOptions { threads: 0, ..EngineOptions::default() }).is_err());
    assert_eq!(EngineOptions::default().threads, 1, "the library is deterministic by default");
}

/// A position that takes the single-threaded solver seconds.
const LONG_SOLVE: &str = "4453";

#[test]
fn a_node_limit_counts_every_thread() {
    for scheme in SCHEMES {
        let options = EngineOptions { threads: 4, parallel: scheme, helpers_after_nodes: 0, ..connect4_options() };
        let mut engine: Engine<u8> = Engine::new(options).unwrap();
        let mut game = Connect4::from_moves(LONG_SOLVE).unwrap();
        let limit = 200_000;
        let result = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none().with_nodes(limit)).unwrap();
        assert_eq!(result.stop_reason, StopReason::NodeLimit);
        assert!(!result.exact);
        assert!(result.best_move.is_some(), "a stopped search still names a move");
        // Each helper may overrun by what it searches between two reports.
        assert!(result.stats.nodes < limit + 4 * 4096, "{} nodes", result.stats.nodes);
    }
}

#[test]
fn the_stop_flag_and_the_clock_stop_every_thread_promptly() {
    for scheme in SCHEMES {
        let options = EngineOptions { threads: 4, parallel: scheme, helpers_after_nodes: 0, ..connect4_options() };
        let mut engine: Engine<u8> = Engine::new(options).unwrap();
        let mut game = Connect4::from_moves(LONG_SOLVE).unwrap();
        let started = Instant::now();
        let result = engine
            .solve(&mut game, SolveMode::Strong, &SearchLimits::none().with_time(Duration::from_millis(50)))
            .unwrap();
        assert_eq!(result.stop_reason, StopReason::TimeLimit);
        assert!(started.elapsed() < Duration::from_secs(2), "stopped after {:?}", started.elapsed());

        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        });
        let started = Instant::now();
        let result = engine.search(&mut game, &SearchLimits::none().with_stop_flag(stop), |_| {});
        raiser.join().unwrap();
        assert_eq!(result.stop_reason, StopReason::Stopped);
        assert!(started.elapsed() < Duration::from_secs(2), "stopped after {:?}", started.elapsed());
        assert!(result.best_move.is_some() && result.depth > 0, "the deepest completed iteration is reported");
    }
}

/// Counts the nodes an observer sees.
#[derive(Default)]
struct Count {
    entered: u64,
}

impl<M> Observer<M> for Count {
    fn enter(&mut self, _ply: u32, _via: Option<M>, _alpha: Score, _beta: Score) {
        self.entered += 1;
    }
}

#[test]
fn a_traced_parallel_search_observes_the_main_thread() {
    let options = EngineOptions { threads: 2, helpers_after_nodes: 0, ..connect4_options() };
    let mut engine = Engine::new(options).unwrap();
    let mut observer = Count::default();
    let mut game = Connect4::from_moves(MIDDLE_GAMES[0].0).unwrap();
    let result = engine.search_traced(&mut game, &SearchLimits::none(), &mut observer, |_| {});
    assert!(result.exact);
    assert_eq!(benchmark_score(result.value, game.moves_played()), Some(MIDDLE_GAMES[0].1));
    // Every node observed is one of the main thread's, all counted in the stats.
    assert!(observer.entered > 0 && observer.entered <= result.stats.nodes);
}
