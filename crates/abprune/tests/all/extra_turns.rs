//! Games with extra turns (issue 22, item 1): a side may move several
//! times in a row (`play` leaves the same side to move), and every search
//! and solve of the library must agree with brute force written out with
//! MAX and MIN nodes by whose turn it is. Regression: before, every search
//! but `minimax` negated every child, so Kalah(4,3) solved to 0 (exact)
//! instead of +6.
//!
//! More cases: `PROPTEST_CASES=5000 cargo test --release -p abprune --test all extra_turns::`.
// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use abprune::{
    alphabeta, alphabeta_failsoft, branch_and_bound, minimax, mtdf, negamax, pvs, Engine, EngineOptions, Game, NoTrace,
    Outcome, ParallelScheme, Player, Score, SearchLimits, Selectivity, SolveMode, StopReason, Variant, UNLIMITED_DEPTH,
};
use abprune_games::Kalah;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

use crate::common;
use common::cases;
use common::turns::{bonus, for_side_to_move, quiet_value_for_first, value_for_first, Bonus, Scoring};

/// The engines every exact answer is checked with: each variant, with and
/// without tables, the options that change what is searched, two threads
/// with each scheme (helpers from the first node), and the selective
/// techniques (which a solve and a search beyond the end never use).
fn exact_configurations() -> Vec<EngineOptions> {
    let two = |parallel| {
        EngineOptions::default()
            .with_threads(2)
            .with_parallel_scheme(parallel)
            .with_helpers_after_nodes(0)
            .with_table_mib(1)
    };
    vec![
        EngineOptions::default().with_table_mib(1),
        EngineOptions::default().with_variant(Variant::FailSoftAlphaBeta).with_table_mib(0),
        EngineOptions::default().with_variant(Variant::Mtdf).with_table_mib(1),
        EngineOptions::textbook(),
        EngineOptions::default().with_enhanced_cutoffs(true).with_prefetch(true).with_table_mib(1),
        EngineOptions::default().with_near_table_kib(16).with_near_plies(3).with_table_mib(1),
        EngineOptions::default().with_selectivity(Selectivity::ALL).with_table_mib(1),
        EngineOptions::default().with_history_weight(5000).with_table_mib(1),
        EngineOptions::default().with_selectivity(Selectivity::ALL).with_history_weight(5000).with_table_mib(1),
        EngineOptions::default().with_counter_weight(5000).with_table_mib(1),
        two(ParallelScheme::Abdada),
        two(ParallelScheme::LazySmp),
    ]
}

/// The engines whose depth-limited searches must give the depth-limited
/// minimax value: no table (an entry found deeper would answer for a
/// position met again nearer the horizon, as it should, but then the value
/// is no longer the one to the depth), with and without quiescence.
fn limited_configurations() -> Vec<EngineOptions> {
    vec![
        EngineOptions::default().with_table_mib(0),
        EngineOptions::default().with_table_mib(0).with_quiescence(false),
        EngineOptions::default().with_variant(Variant::FailSoftAlphaBeta).with_table_mib(0),
        EngineOptions::default().with_variant(Variant::Mtdf).with_table_mib(0).with_quiescence(false),
        EngineOptions::default().with_aspiration(Some(2)).with_table_mib(0),
        EngineOptions::default().with_history_weight(5000).with_table_mib(0),
        EngineOptions::default().with_history_weight(2000).with_counter_weight(5000).with_table_mib(0),
    ]
}

/// The exact value of `game` for its side to move, by brute force.
fn truth<G: Game>(game: &mut G) -> Score {
    let value = value_for_first(game, UNLIMITED_DEPTH, 0);
    for_side_to_move(game, value)
}

/// The final margin for the first player under best play, by brute force
/// with MAX and MIN nodes by whose turn it is, remembering every position
/// by its whole ring and side (a margin does not depend on the path).
fn kalah_for_first(game: &mut Kalah, known: &mut HashMap<u128, i32>) -> i32 {
    let first = game.side_to_move() == Player::First;
    if let Some(Outcome::Score(margin)) = game.outcome() {
        return if first { margin } else { -margin };
    }
    // Every place holds at most 255 seeds: a byte each, exact.
    let key = game.ring().iter().fold(u128::from(first), |key, &seeds| key << 8 | u128::from(seeds));
    if let Some(&value) = known.get(&key) {
        return value;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let values: Vec<i32> = moves
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let value = kalah_for_first(game, known);
            game.undo(mv);
            value
        })
        .collect();
    let value = if first { *values.iter().max().unwrap() } else { *values.iter().min().unwrap() };
    known.insert(key, value);
    value
}

/// Where `line` from `game` ends: legal move by move, a finished game whose
/// outcome, from the root's side, is `value`.
fn assert_line_ends_worth<G: Game + Clone>(game: &G, line: &[G::Move], value: Score, what: &str) {
    let root_side = game.side_to_move();
    let mut end = game.clone();
    for (ply, &mv) in line.iter().enumerate() {
        let mut legal = Vec::new();
        if end.outcome().is_none() {
            end.generate_moves(&mut legal);
        }
        assert!(legal.contains(&mv), "{what}: move {ply} of {line:?} is not legal");
        end.play(mv);
    }
    let outcome = end.outcome().unwrap_or_else(|| panic!("{what}: the line {line:?} does not end the game"));
    let score = outcome.score(line.len() as u32);
    let for_root = if end.side_to_move() == root_side { score } else { -score };
    assert_eq!(for_root, value, "{what}: the line {line:?} ends worth another value");
}

/// Every plain search of the library at `depth` against the oracle.
fn plain_searches_agree<G: Game + Clone>(game: &G, depth: u32, alpha: Score, beta: Score) {
    let mut game = game.clone();
    let value = value_for_first(&mut game, depth, 0);
    let value = for_side_to_move(&game, value);
    let (inf, neg) = (Score::INFINITY, -Score::INFINITY);
    assert_eq!(minimax(&mut game, depth, &mut NoTrace).value, value, "minimax");
    assert_eq!(negamax(&mut game, depth, &mut NoTrace).value, value, "negamax");
    assert_eq!(alphabeta(&mut game, depth, neg, inf, &mut NoTrace).value, value, "alphabeta");
    assert_eq!(alphabeta_failsoft(&mut game, depth, neg, inf, &mut NoTrace).value, value, "fail-soft");
    assert_eq!(pvs(&mut game, depth, neg, inf, &mut NoTrace).value, value, "pvs");
    assert_eq!(branch_and_bound(&mut game, depth, inf, &mut NoTrace).value, value, "F1");
    // MTD(f) searches with a table: to a depth limit, a position met again
    // nearer the horizon (3 counters taken as 1 + 2 or as 3) is answered by
    // its deeper entry, so only its exact value is the plain minimax one.
    if depth == UNLIMITED_DEPTH {
        assert_eq!(mtdf(&mut game, depth, Score::DRAW, &mut NoTrace).value, value, "mtdf");
    }
    // Conditions (9) of F2, the fail-soft theorem, condition (6) of F1.
    let hard = alphabeta(&mut game, depth, alpha, beta, &mut NoTrace).value;
    let inside = alpha < value && value < beta;
    assert!(
        (value <= alpha && hard <= alpha) || (inside && hard == value) || (value >= beta && hard >= beta),
        "F2 ({alpha}, {beta}): {hard} for {value}"
    );
    for (name, soft) in [
        ("fail-soft", alphabeta_failsoft(&mut game, depth, alpha, beta, &mut NoTrace).value),
        ("pvs", pvs(&mut game, depth, alpha, beta, &mut NoTrace).value),
    ] {
        assert!(
            (soft <= alpha && value <= soft)
                || (alpha < soft && soft < beta && soft == value)
                || (soft >= beta && value >= soft),
            "{name} ({alpha}, {beta}): {soft} for {value}"
        );
    }
    let f1 = branch_and_bound(&mut game, depth, beta, &mut NoTrace).value;
    assert!((value < beta && f1 == value) || (value >= beta && f1 >= beta), "F1 bound {beta}: {f1} for {value}");
}

/// Every exact answer of `engine` on `game`: strong solve (value, move and
/// whole line), weak solve, iterative deepening without limits, and the
/// null-window test around the value.
fn engine_agrees<G>(engine: &mut Engine<G::Move>, game: &G, truth: Score, what: &str)
where
    G: Game + Clone + Send,
    G::Move: Send,
{
    let mut game = game.clone();
    let solved = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
    assert_eq!((solved.value, solved.exact), (truth, true), "strong solve, {what}");
    if let Some(mv) = solved.best_move {
        let mut child = game.clone();
        let mover = child.side_to_move();
        child.play(mv);
        let value = super_truth(&mut child, mover);
        assert_eq!(value.to_root_relative(1), truth, "the best move keeps the value, {what}");
        if engine.options().reporting.whole_pv {
            assert_line_ends_worth(&game, &solved.pv, truth, &format!("strong solve's line, {what}"));
        }
    }
    let weak = engine.solve(&mut game, SolveMode::Weak, &SearchLimits::none()).unwrap();
    assert_eq!(weak.value.get().signum(), truth.get().signum(), "weak solve, {what}");
    if engine.options().shape.aspiration.is_none() {
        let searched = engine.search(&mut game, &SearchLimits::none(), |_| {});
        assert_eq!((searched.value, searched.exact), (truth, true), "deepening, {what}");
        assert!(matches!(searched.stop_reason, StopReason::Solved), "{what}");
    }
    for threshold in [truth.pred(), truth, truth.succ()] {
        let answer = engine.test(&mut game, threshold, &SearchLimits::none());
        assert_eq!(answer, Some(truth >= threshold), "test {threshold}, {what}");
    }
}

/// The exact value of the child on the board for `mover`, the side that
/// moved into it (node-relative to the child).
fn super_truth<G: Game>(child: &mut G, mover: Player) -> Score {
    let value = truth(child);
    if child.side_to_move() == mover {
        value
    } else {
        -value
    }
}

/// Depth-limited iterative deepening of each engine without a table
/// against the minimax value to the depth, with the quiescence search's
/// oracle where the engine runs it.
fn limited_searches_agree<G>(game: &G, depth: u32)
where
    G: Game + Clone + Send,
    G::Move: Send,
{
    for options in limited_configurations() {
        let mut engine = Engine::new(options.clone()).unwrap();
        let mut game = game.clone();
        let oracle = if options.shape.quiescence {
            quiet_value_for_first(&mut game, depth, 0)
        } else {
            value_for_first(&mut game, depth, 0)
        };
        let expected = for_side_to_move(&game, oracle);
        let result = engine.search(&mut game, &SearchLimits::none().with_depth(depth), |_| {});
        if result.exact {
            assert_eq!(result.value, truth(&mut game), "exact early, {options:?}");
        } else {
            assert_eq!((result.value, result.depth), (expected, depth), "depth {depth}, {options:?}");
        }
    }
}

#[test]
fn kalah_4_3_from_the_start_is_won_by_6() {
    let mut game = Kalah::new(4, 3).unwrap();
    for options in exact_configurations() {
        let mut engine = Engine::new(options.clone()).unwrap();
        let solved = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
        assert_eq!((solved.value, solved.exact), (Score::new(6), true), "{options:?}");
        if options.reporting.whole_pv {
            assert_line_ends_worth(&game, &solved.pv, Score::new(6), &format!("{options:?}"));
        }
    }
}

/// The brute force of the start agrees.
#[test]
fn kalah_4_3_brute_force_is_6() {
    assert_eq!(kalah_for_first(&mut Kalah::new(4, 3).unwrap(), &mut HashMap::new()), 6);
}

/// A random Kalah position with few seeds left to sow (at most 9 in the
/// houses), small enough for brute force without memory.
fn random_kalah(rng: &mut ChaCha8Rng) -> Kalah {
    loop {
        let (pits, seeds) = [(3, 2), (3, 3), (4, 2), (4, 3)][rng.random_range(0..4)];
        let moves = rng.random_range(0..24);
        let game = Kalah::random(pits, seeds, moves, |n| rng.random_range(0..n)).unwrap();
        let stored = i32::from(game.store(Player::First)) + i32::from(game.store(Player::Second));
        if game.total_seeds() - stored <= 9 {
            return game;
        }
    }
}

#[test]
fn random_kalah_positions_agree_with_brute_force_for_every_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut engines: Vec<_> =
        exact_configurations().into_iter().map(|o| (Engine::new(o.clone()).unwrap(), o)).collect();
    let mut extra_turns = 0;
    for _ in 0..cases(1000) {
        let game = random_kalah(&mut rng);
        if game.outcome().is_some() {
            continue;
        }
        let truth = truth(&mut game.clone());
        plain_searches_agree(&game, UNLIMITED_DEPTH, truth.pred(), truth.succ());
        plain_searches_agree(&game, 3, Score::new(-1), Score::new(2));
        for (engine, options) in &mut engines {
            engine_agrees(engine, &game, truth, &format!("{options:?}\n{game}"));
        }
        limited_searches_agree(&game, 3);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        extra_turns += moves
            .iter()
            .filter(|&&mv| {
                let mut child = game.clone();
                child.play(mv);
                child.side_to_move() == game.side_to_move()
            })
            .count();
    }
    assert!(extra_turns > 100, "the positions offered only {extra_turns} extra turns");
}

/// Whether a side moves twice in a row somewhere in the game's tree (the
/// cases where it does not test nothing new).
fn has_extra_turn(game: &Bonus) -> bool {
    game.extra.iter().any(|row| row.iter().any(|&again| again))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1000), ..ProptestConfig::default() })]

    /// Every plain search, at every depth and window, on margin and
    /// win/loss/draw games with extra turns.
    #[test]
    fn plain_searches_agree_with_minimax_written_out(
        game in prop_oneof![bonus(9, Scoring::Margin), bonus(9, Scoring::WinLossDraw)],
        depth in 0u32..6,
        (a, b) in (-12i32..12, 1i32..10),
    ) {
        prop_assume!(has_extra_turn(&game));
        plain_searches_agree(&game, depth, Score::new(a), Score::new(a + b));
        plain_searches_agree(&game, UNLIMITED_DEPTH, Score::new(a), Score::new(a + b));
    }

    /// Every engine's exact answers, and depth-limited searches without a
    /// table, on margin and win/loss/draw games with extra turns.
    #[test]
    fn engines_agree_with_brute_force(
        games in prop::collection::vec(prop_oneof![bonus(9, Scoring::Margin), bonus(9, Scoring::WinLossDraw)], 1..3),
        depth in 1u32..5,
    ) {
        let mut engines: Vec<_> =
            exact_configurations().into_iter().map(|o| (Engine::new(o.clone()).unwrap(), o)).collect();
        for game in games.iter().filter(|game| has_extra_turn(game)) {
            let truth = truth(&mut game.clone());
            for (engine, options) in &mut engines {
                engine_agrees(engine, game, truth, &format!("{options:?}\n{game:?}"));
            }
            limited_searches_agree(game, depth);
        }
    }
}

/// The win and loss distances count plies, not turns: a side that wins
/// after two moves of its own in a row wins in 2.
#[test]
fn distances_count_plies_through_extra_turns() {
    // 2 counters; taking 1 gives an extra turn, and the game ends in a win
    // for the side that took the last one.
    let game = Bonus {
        gains: vec![[0, 0, 0], [5, 0, 0], [0, -9, 0]],
        extra: vec![[false; 3], [false; 3], [true, false, false]],
        left: 2,
        difference: 0,
        to_move: Player::First,
        scoring: Scoring::WinLossDraw,
        bias: 0,
        claimed: None,
    };
    // Taking 2 at once loses (the opponent gains 9); taking 1, then 1 again
    // (an extra turn) wins 5 to 0: a win in 2 plies.
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    let solved = engine.solve(&mut game.clone(), SolveMode::Strong, &SearchLimits::none()).unwrap();
    assert_eq!((solved.value, solved.plies_to_end, solved.pv.as_slice()), (Score::win_in(2), Some(2), &[1, 1][..]));
    assert_eq!(truth(&mut game.clone()), Score::win_in(2));
    assert_eq!(game.clone().outcome(), None::<Outcome>);
}
