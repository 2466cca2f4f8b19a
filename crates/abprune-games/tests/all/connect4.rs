//! Connect Four: the rules on hand-made positions, and the solver hooks
//! (`candidate_moves` with its known values, and `score_bounds`) against brute
//! force on random end games and on public benchmark positions.

use abprune::{alphabeta, negamax, Game, NoTrace, Outcome, Player, Score, UNLIMITED_DEPTH};
use abprune_games::connect4::{benchmark_score, score_from_benchmark, Connect4, CELLS};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common;
use common::{engines_agree_with_brute_force, legal_moves, random_unfinished};

/// The value `candidate_moves` knows without search, if any.
fn known_value(game: &Connect4) -> Option<Score> {
    game.candidate_moves(&mut Vec::new())
}

/// The candidate moves of a position whose value is not known.
fn candidates(game: &Connect4) -> Vec<u8> {
    let mut moves = Vec::new();
    assert_eq!(game.candidate_moves(&mut moves), None, "{game}");
    moves
}

fn mirror(mv: u8) -> u8 {
    6 - mv
}

proptest! {
    /// Along a random game: play then undo gives back the very same position
    /// and key; the side to move alternates; the mirror game's key is the
    /// mirrored key; `from_moves` rebuilds the position from its text.
    #[test]
    fn undo_restores_the_position_exactly(choices in prop::collection::vec(0usize..7, 0..=42)) {
        let mut game = Connect4::new();
        let mut mirrored = Connect4::new();
        let mut text = String::new();
        for choice in choices {
            let moves = legal_moves(&game);
            if game.outcome().is_some() || moves.is_empty() {
                break;
            }
            let mv = moves[choice % moves.len()];
            let before = game;
            let key = game.hash_key();
            game.play(mv);
            prop_assert_ne!(game.hash_key(), key);
            prop_assert_eq!(game.side_to_move(), before.side_to_move().opponent());
            game.undo(mv);
            prop_assert_eq!(game, before);
            prop_assert_eq!(game.hash_key(), key);
            game.play(mv);
            mirrored.play(mirror(mv));
            text.push(char::from(b'1' + mv));
            prop_assert_eq!(mirrored.hash_key(), Some(game.mirrored_key()));
            prop_assert_eq!(mirrored.symmetric_key(), game.symmetric_key());
            if game.outcome().is_none() {
                prop_assert_eq!(Connect4::from_moves(&text), Ok(game));
            }
        }
        prop_assert_eq!(game.moves_played() as usize, text.len());
        for mv in text.bytes().rev().map(|c| c - b'1') {
            game.undo(mv);
        }
        prop_assert_eq!(game, Connect4::new());
    }
}

/// `prefix` is not over, `col` (1-based) completes four for the side to move,
/// and `from_moves` refuses the finished game and any move after it.
fn assert_wins(prefix: &str, col: char, direction: &str) {
    let game = Connect4::from_moves(prefix).unwrap_or_else(|e| panic!("{direction}: {e}"));
    let mv = col as u8 - b'1';
    assert_eq!(game.outcome(), None, "{direction}");
    assert!(game.is_winning_move(mv), "{direction}");
    assert_eq!(legal_moves(&game).iter().filter(|&&m| game.is_winning_move(m)).count(), 1, "{direction}");
    assert_eq!(known_value(&game), Some(Score::win_in(1)), "{direction}");
    let mut won = game;
    won.play(mv);
    assert_eq!(won.outcome(), Some(Outcome::Loss), "{direction}");

    let n = prefix.len() + 1;
    let finished = format!("{prefix}{col}");
    let Err(err) = Connect4::from_moves(&finished) else { panic!("{direction}: {finished} accepted") };
    assert!(err.contains(&format!("already over after move {n}")), "{direction}: {err}");
    let Err(err) = Connect4::from_moves(&format!("{finished}5")) else { panic!("{direction}: a move after the win") };
    assert!(err.contains(&format!("move {} ('5')", n + 1)), "{direction}: {err}");
    assert!(err.contains(&format!("already over after move {n}")), "{direction}: {err}");
}

#[test]
fn four_in_a_row_in_every_direction() {
    assert_wins("112233", '4', "horizontal");
    assert_wins("121212", '1', "vertical");
    // X: a1 b2 c3 d4 rising to the right (plus fillers c1 d2; O elsewhere).
    assert_wins("1233244437", '4', "rising diagonal");
    // The mirror image: falling to the right.
    assert_wins("7655644451", '4', "falling diagonal");
}

#[test]
fn the_last_stone_draws_or_wins() {
    // Columns filled in pairs so that nobody ever has four: a full-board draw.
    let text = "121212343434565656212121434343656565777777";
    let mut game = Connect4::new();
    for (i, c) in text.bytes().enumerate() {
        assert_eq!(game.outcome(), None, "after {i} moves");
        game.play(c - b'1');
    }
    assert_eq!(game.moves_played(), CELLS);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(legal_moves(&game).is_empty());
}

#[test]
fn from_moves_names_the_bad_move() {
    let cases = [
        ("0", "move 1 ('0')"),
        ("8", "move 1 ('8')"),
        ("a", "move 1 ('a')"),
        ("44x", "move 3 ('x')"),
        ("4 4", "move 2 (' ')"),
        ("4444444", "move 7 ('4'): column 4 is full"),
    ];
    for (text, expected) in cases {
        let err = Connect4::from_moves(text).unwrap_err();
        assert!(err.contains(expected), "{text:?}: {err}");
    }
    assert_eq!(Connect4::from_moves(""), Ok(Connect4::new()));
    assert_eq!(Connect4::from_moves("444444").map(|g| g.can_play(3)), Ok(false));
}

#[test]
fn moves_are_generated_centre_first() {
    let game = Connect4::new();
    assert_eq!(legal_moves(&game), [3, 2, 4, 1, 5, 0, 6]);
    assert_eq!(game.side_to_move(), Player::First);
    let game = Connect4::from_moves("444444111111").unwrap();
    assert_eq!(legal_moves(&game), [2, 4, 1, 5, 6]);
    assert_eq!(game.max_plies_left(), Some(30));
}

#[test]
fn known_value_finds_double_threats() {
    // X: b1 c1 d1 open at both ends (a1 and e1), O to move: lost in 2.
    let mut game = Connect4::from_moves("2233").unwrap();
    game.play(3);
    assert_eq!(known_value(&game), Some(Score::loss_in(2)));
    // With one end blocked, O must take the other one.
    let game = Connect4::from_moves("25364").unwrap();
    assert_eq!(known_value(&game), None);
    assert_eq!(candidates(&game), [0]);
}

#[test]
fn score_bounds_close_in_to_a_draw_near_a_full_board() {
    // Benchmark positions (no immediate win, no forced loss) with 1 to 4 empty cells.
    let cases = [
        ("71255763773133525731261364622167124446454", Score::DRAW, Score::DRAW),
        ("3135151421347443544172316522225776773566", Score::DRAW, Score::DRAW),
        ("562154564361751726662253737734213275114", Score::DRAW, Score::win_in(3)),
        ("23163416124767223154467471272416755633", Score::loss_in(4), Score::win_in(3)),
    ];
    for (text, lowest, highest) in cases {
        let game = Connect4::from_moves(text).unwrap();
        assert_eq!((game.outcome(), known_value(&game)), (None, None), "{text}");
        assert_eq!(game.score_bounds(), (lowest, highest), "{text}");
    }
}

/// The exact value of every child, seen from `game` (distances from `game`).
fn child_values(game: &mut Connect4) -> Vec<(u8, Score)> {
    legal_moves(game)
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let value = negamax(game, UNLIMITED_DEPTH, &mut NoTrace).value;
            game.undo(mv);
            (mv, (-value).to_root_relative(1))
        })
        .collect()
}

#[test]
fn solver_hooks_agree_with_brute_force_on_end_games() {
    /// Positions to check, and the range of their stone counts: at most 10
    /// empty cells keeps brute force cheap; near-full boards test the edges
    /// of `score_bounds`.
    const POSITIONS: usize = 2000;
    const STONES: std::ops::RangeInclusive<u32> = 32..=41;
    let mut rng = ChaCha8Rng::seed_from_u64(0xC04);
    let (mut known_wins, mut known_losses, mut unknown, mut narrowed) = (0, 0, 0, 0);
    let (mut lowest_reached, mut highest_reached) = (false, false);
    while known_wins + known_losses + unknown < POSITIONS {
        let stones = rng.random_range(STONES);
        let Some(mut game) = random_unfinished(&mut rng, stones) else { continue };
        assert_eq!(game.outcome(), None);
        let children = child_values(&mut game);
        let value = children.iter().map(|&(_, v)| v).max().unwrap();
        assert_eq!(value, negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value, "{game}");
        assert!(value.plies_to_end().unwrap_or(0) <= game.max_plies_left().unwrap(), "{game}");
        let eval = game.evaluate().get();
        assert!(eval.abs() <= Score::MAX_EVAL, "{game}");

        if let Some(known) = known_value(&game) {
            assert_eq!(known, value, "known value of\n{game}");
            if known.is_win() {
                known_wins += 1;
            } else {
                known_losses += 1;
            }
            continue;
        }
        unknown += 1;
        let candidates = candidates(&game);
        let all: Vec<u8> = children.iter().map(|&(mv, _)| mv).collect();
        let in_order: Vec<u8> = all.iter().copied().filter(|mv| candidates.contains(mv)).collect();
        assert_eq!(candidates, in_order, "candidates are legal moves in generation order\n{game}");
        let best_candidate = children.iter().filter(|(mv, _)| candidates.contains(mv)).map(|&(_, v)| v).max();
        assert_eq!(best_candidate, Some(value), "candidates of\n{game}");

        let (lowest, highest) = game.score_bounds();
        assert!(lowest <= value && value <= highest, "{value} outside {lowest}..{highest} in\n{game}");
        if lowest == Score::DRAW || highest == Score::DRAW {
            narrowed += 1;
        }
        lowest_reached |= value == lowest && value.is_loss();
        highest_reached |= value == highest && value.is_win();
    }
    assert!(known_wins > 100 && known_losses > 100 && unknown > 500, "{known_wins} {known_losses} {unknown}");
    assert!(narrowed > 50, "near-full boards: {narrowed}");
    assert!(lowest_reached && highest_reached, "the bounds are sharp: both are the value of some position");
}

#[test]
fn benchmark_positions_are_solved_by_alpha_beta() {
    assert!(common::CONNECT4_BENCHMARK.len() >= 10);
    for &(text, expected) in common::CONNECT4_BENCHMARK {
        let mut game = Connect4::from_moves(text).unwrap();
        let n = game.moves_played();
        let result = alphabeta(&mut game, UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
        assert_eq!(benchmark_score(result.value, n), Some(expected), "{text}: {}", result.value);
        assert_eq!(score_from_benchmark(expected, n), result.value, "{text}");
        assert_eq!(game, Connect4::from_moves(text).unwrap(), "the search restores the position");
    }
}

/// The engine's exact solve, its weak solve, iterative deepening without
/// limits, and the null-window test, against brute-force negamax on random
/// end games; with and without the table (the table never changes a value).
#[test]
fn engine_agrees_with_brute_force_on_random_end_games() {
    use abprune::{EngineOptions, Variant};
    let mut rng = ChaCha8Rng::seed_from_u64(4_2024);
    let configurations = [
        EngineOptions::default(),
        EngineOptions::default().with_table_mib(0),
        EngineOptions::default().with_variant(Variant::Mtdf),
        EngineOptions::default().with_enhanced_cutoffs(true).with_killers(false).with_history(false),
        EngineOptions::textbook(),
        // The near-leaf table for the last 5 plies, a tiny one (entries
        // evicted all the time) and one that holds every node.
        EngineOptions::default().with_near_table_kib(1).with_near_plies(5),
        EngineOptions::default().with_near_table_kib(256).with_near_plies(42),
        // As `solve connect4` runs: children's entries prefetched, tiered tables.
        EngineOptions::default()
            .with_prefetch(true)
            .with_near_table_kib(16)
            .with_near_plies(5)
            .with_killers(false)
            .with_history(false),
    ];
    engines_agree_with_brute_force(&mut rng, 300, 30..=36, &configurations);
}

/// Positions of the public end-game set, solved by the engine as the batch
/// command does, give the published scores.
#[test]
fn engine_solves_benchmark_positions() {
    use abprune::{Engine, SearchLimits, SolveMode};
    let mut engine: Engine<u8> = Engine::default();
    for &(moves, expected) in common::CONNECT4_BENCHMARK {
        let mut game = Connect4::from_moves(moves).unwrap();
        engine.clear();
        let result = engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
        assert_eq!(benchmark_score(result.value, game.moves_played()), Some(expected), "{moves}");
    }
}

/// The shortened checks the engine runs after a candidate move give what the
/// full ones give there, on positions from every stage of the game; and the
/// candidates really are quiet: none wins, and none leaves a win in one.
#[test]
fn checks_after_a_candidate_agree_with_the_full_checks() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut checked = 0;
    for _ in 0..3000 {
        let stones = rng.random_range(0..CELLS);
        let Some(game) = random_unfinished(&mut rng, stones) else { continue };
        let mut candidates = Vec::new();
        if game.candidate_moves(&mut candidates).is_some() {
            continue;
        }
        for &mv in &candidates {
            let mut child = game;
            child.play(mv);
            assert_eq!(child.outcome_after_candidate(), child.outcome(), "{child}");
            let (mut full, mut short) = (Vec::new(), Vec::new());
            let known = child.candidate_moves(&mut full);
            assert_ne!(known, Some(Score::win_in(1)), "a candidate left a win in one:\n{child}");
            assert_eq!(child.candidate_moves_after_candidate(&mut short), known, "{child}");
            assert_eq!(short, full, "{child}");
            checked += 1;
        }
    }
    assert!(checked > 5000, "only {checked} positions checked");
}
