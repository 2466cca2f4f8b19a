//! The player's questions (`connect4::solver`) against separate solves:
//! every move's score against a fresh solve of the position it leads to,
//! weak against strong, the best move against the analysis; and the book:
//! answers from it, a book the engine contradicts, and the shipped book
//! checked against its own layers and against fresh solves.
//!
//! The fast tests use positions of many stones (milliseconds a solve). The
//! heavier checks are ignored by default:
//! `cargo test --release -p abprune-games --test all -- --ignored connect4_solver::`.

#![allow(clippy::unwrap_used)]

use crate::common;

use abprune::{Engine, EngineOptions, Game, Score, SearchLimits, SolveMode};
use abprune_games::connect4::book::{self, Book};
use abprune_games::connect4::solver::{Solver, SolverError};
use abprune_games::connect4::{benchmark_score, Connect4, CELLS};
use common::{legal_moves, random_unfinished};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;

fn engine() -> Engine<u8> {
    let options = EngineOptions::default().with_table_mib(4).with_killers(false).with_history(false);
    Engine::new(options).unwrap()
}

fn solver(book: Option<Book>) -> Solver {
    Solver::new(engine(), book.map(Arc::new))
}

/// The score of playing `col` in `position`, by the rules or by a solve of
/// the position it leads to in an engine of its own.
fn separate_score(position: &Connect4, col: u8, mode: SolveMode) -> i32 {
    let sign = |score: i32| if mode == SolveMode::Weak { score.signum() } else { score };
    if position.is_winning_move(col) {
        return sign(benchmark_score(Score::win_in(1), position.moves_played()).unwrap());
    }
    let mut child = *position;
    child.play(col);
    if child.moves_played() == CELLS {
        return 0;
    }
    let result = engine().solve(&mut child, mode, &SearchLimits::none()).unwrap();
    assert!(result.exact);
    -sign(benchmark_score(result.value, child.moves_played()).unwrap())
}

/// The analysis of `position` equals separate solves of each move, the best
/// move keeps the best score, and the weak analysis has the strong one's signs.
fn check_position(solver: &mut Solver, position: &Connect4) {
    let limits = SearchLimits::none();
    let strong = solver.analyze(position, SolveMode::Strong, &limits).unwrap();
    let weak = solver.analyze(position, SolveMode::Weak, &limits).unwrap();
    for col in 0..7u8 {
        let index = usize::from(col);
        if !position.can_play(col) {
            assert_eq!((strong.scores[index], weak.scores[index]), (None, None), "{position}");
            continue;
        }
        let expected = separate_score(position, col, SolveMode::Strong);
        assert_eq!(strong.scores[index], Some(expected), "column {} of\n{position}", col + 1);
        assert_eq!(weak.scores[index], Some(expected.signum()), "weak, column {} of\n{position}", col + 1);
    }
    let best = solver.best_move(position, &limits).unwrap();
    let top = strong.scores.iter().flatten().max().copied();
    assert_eq!(Some(best.score), top, "{position}");
    let chosen = best.best_move.expect("a move");
    assert_eq!(strong.scores[usize::from(chosen)], top, "the best move keeps the score\n{position}");
    // Issue 35: `analyze connect4 4453` named column 3 and `solve` and
    // Python's `best_move()` column 6 (all scoring -2). One rule: the
    // centre-most of the moves with the best score, weak or strong.
    assert_eq!(best.best_move, strong.best_move(), "one tie rule\n{position}");
    let centre_most = [3u8, 2, 4, 1, 5, 0, 6].into_iter().find(|&col| strong.scores[usize::from(col)] == top);
    assert_eq!(best.best_move, centre_most, "the centre-most of the best\n{position}");
    let weak_best = solver.best_move_with(position, SolveMode::Weak, &limits, &mut |_| {}).unwrap();
    assert_eq!(weak_best.best_move, weak.best_move(), "one tie rule, weak\n{position}");
}

#[test]
fn analysis_agrees_with_separate_solves_on_benchmark_positions() {
    let mut solver = solver(None);
    for &(moves, score) in common::CONNECT4_BENCHMARK {
        let position = Connect4::from_moves(moves).unwrap();
        check_position(&mut solver, &position);
        let answer = solver.solve(&position, SolveMode::Strong, &SearchLimits::none()).unwrap();
        assert_eq!(answer.score, score, "{moves}");
    }
}

/// Random positions of `stones`, threats and immediate wins included.
fn random_positions(seed: u64, count: usize, stones: std::ops::RangeInclusive<u32>) -> Vec<Connect4> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let stones = rand::Rng::random_range(&mut rng, stones.clone());
        if let Some(position) = random_unfinished(&mut rng, stones) {
            positions.push(position);
        }
    }
    positions
}

#[test]
fn analysis_agrees_with_separate_solves_on_random_positions() {
    let mut solver = solver(None);
    for position in random_positions(25, 60, 22..=38) {
        check_position(&mut solver, &position);
    }
}

/// The heavier property: 150 positions of 10 to 21 stones (16 s in release).
#[test]
#[ignore = "seconds in release, longer in the test profile: cargo test --release -p abprune-games --test all -- --ignored connect4_solver::"]
fn analysis_agrees_with_separate_solves_on_middle_games() {
    let mut solver = solver(None);
    for position in random_positions(26, 150, 10..=21) {
        check_position(&mut solver, &position);
    }
}

/// A book of some deep positions' exact scores (found by the engine).
fn deep_book(positions: &[Connect4]) -> Book {
    let mut engine = engine();
    let entries = positions
        .iter()
        .map(|position| {
            let result = engine.solve(&mut position.clone(), SolveMode::Strong, &SearchLimits::none()).unwrap();
            let score = benchmark_score(result.value, position.moves_played()).unwrap();
            let col = Book::canonical_move(position, result.best_move.unwrap());
            (position.symmetric_key(), i8::try_from(score).unwrap(), col)
        })
        .collect();
    Book::from_entries(CELLS, entries).unwrap()
}

#[test]
fn answers_come_from_the_book_and_agree_with_the_engine() {
    let position = Connect4::from_moves("545712124632266433465225571147").unwrap();
    let mut children = Vec::new();
    for col in legal_moves(&position) {
        let mut child = position;
        child.play(col);
        if !position.is_winning_move(col) && child.moves_played() < CELLS {
            children.push(child);
        }
    }
    let mut entries = children.clone();
    entries.push(position);
    let book = deep_book(&entries);
    let limits = SearchLimits::none();
    let mut with_book = solver(Some(book));
    let mut without = solver(None);
    let answer = with_book.solve(&position, SolveMode::Strong, &limits).unwrap();
    assert!(answer.from_book);
    assert_eq!(answer.score, 1);
    assert_eq!(answer.score, without.solve(&position, SolveMode::Strong, &limits).unwrap().score);
    let analysis = with_book.analyze(&position, SolveMode::Strong, &limits).unwrap();
    assert_eq!(analysis.nodes, 0, "every move's position is in the book");
    assert_eq!(analysis.scores, without.analyze(&position, SolveMode::Strong, &limits).unwrap().scores);
    // The book's move keeps the score, in the position and in its mirror image.
    let scores = without.analyze(&position, SolveMode::Strong, &limits).unwrap().scores;
    assert_eq!(scores[usize::from(answer.best_move.unwrap())], Some(1));
    let weak = with_book.solve(&position, SolveMode::Weak, &limits).unwrap();
    assert_eq!((weak.score, weak.best_move), (1, answer.best_move));
    let mirrored: String =
        "545712124632266433465225571147".chars().map(|c| char::from(b'8' - c as u8 + b'0')).collect();
    let mirror = with_book.solve(&Connect4::from_moves(&mirrored).unwrap(), SolveMode::Strong, &limits).unwrap();
    assert!(mirror.from_book);
    assert_eq!((mirror.score, mirror.best_move), (1, answer.best_move.map(|col| 6 - col)));
}

#[test]
fn a_book_that_contradicts_itself_is_an_error_not_an_answer() {
    let position = Connect4::from_moves("545712124632266433465225571147").unwrap();
    let mut child = position;
    child.play(0);
    let limits = SearchLimits::none();
    let child_score = solver(None).solve(&child, SolveMode::Strong, &limits).unwrap().score;
    let stored = |col| Book::canonical_move(&position, col);
    // The position's move to a book position whose score is not the position's.
    let entries = vec![
        (position.symmetric_key(), i8::try_from(-child_score + 1).unwrap(), stored(0)),
        (child.symmetric_key(), i8::try_from(child_score).unwrap(), Book::canonical_move(&child, 3)),
    ];
    let wrong = Book::from_entries(CELLS, entries).unwrap();
    let error = solver(Some(wrong)).solve(&position, SolveMode::Strong, &limits).unwrap_err();
    assert_eq!(error, SolverError::BookContradicted);
    // A move into a full column.
    let full = Connect4::from_moves("67152117737262713366376314254").unwrap();
    let wrong = Book::from_entries(CELLS, vec![(full.symmetric_key(), 6, Book::canonical_move(&full, 6))]).unwrap();
    assert_eq!(
        solver(Some(wrong)).solve(&full, SolveMode::Strong, &limits).unwrap_err(),
        SolverError::BookContradicted
    );
}

/// Every unfinished position of up to `plies` stones, one per mirror pair.
fn positions_up_to(plies: u32) -> Vec<Connect4> {
    let mut all = vec![Connect4::new()];
    let mut layer = HashMap::from([(Connect4::new().symmetric_key(), Connect4::new())]);
    for _ in 0..plies {
        let mut next = HashMap::new();
        for position in layer.values() {
            for col in legal_moves(position).into_iter().filter(|&col| !position.is_winning_move(col)) {
                let mut child = *position;
                child.play(col);
                next.entry(child.symmetric_key()).or_insert(child);
            }
        }
        all.extend(next.values().copied());
        layer = next;
    }
    all
}

#[test]
fn the_shipped_book_is_whole_and_agrees_with_itself() {
    let book = book::shipped().expect("abprune ships a book");
    let positions = positions_up_to(book.plies());
    assert_eq!(positions.len(), book.len(), "one entry per position and mirror pair");
    for position in positions.iter().filter(|position| position.moves_played() < book.plies()) {
        // Negamax over the moves, from the book one ply deeper and the rules.
        let score_of = |col: u8| {
            if position.is_winning_move(col) {
                return benchmark_score(Score::win_in(1), position.moves_played()).unwrap();
            }
            let mut child = *position;
            child.play(col);
            -book.score(&child).expect("every move's position is in the book")
        };
        let best = legal_moves(position).into_iter().map(score_of).max();
        let entry = book.lookup(position).expect("in the book");
        assert_eq!(Some(entry.score), best, "{position}");
        assert_eq!(Some(score_of(entry.best_move)), best, "the book's move keeps the score\n{position}");
    }
    // The empty board, as known since 1988: the first player wins, in the centre only.
    let analysis = Solver::new(engine(), Some(Arc::clone(&book))).analyze(
        &Connect4::new(),
        SolveMode::Strong,
        &SearchLimits::none(),
    );
    assert_eq!(analysis.unwrap().scores, [-2, -1, 0, 1, 0, -1, -2].map(Some));
    assert_eq!(book.score(&Connect4::new()), Some(1));
}

/// Positions of the book's deepest layer (the ones the engine solved for
/// it), a deterministic sample of `count`, against fresh solves.
fn check_shipped_sample(count: usize) {
    let book = book::shipped().expect("abprune ships a book");
    let deepest: Vec<Connect4> =
        positions_up_to(book.plies()).into_iter().filter(|p| p.moves_played() == book.plies()).collect();
    let step = (deepest.len() / count.max(1)).max(1);
    for position in deepest.iter().step_by(step).take(count) {
        let mut game = *position;
        let result = engine().solve(&mut game, SolveMode::Strong, &SearchLimits::none()).unwrap();
        let score = benchmark_score(result.value, position.moves_played());
        let entry = book.lookup(position).expect("in the book");
        assert_eq!(Some(entry.score), score, "{position}");
        // The book's move keeps the score: the position it leads to is worth its negation.
        if !position.is_winning_move(entry.best_move) {
            let mut child = *position;
            child.play(entry.best_move);
            let result = engine().solve(&mut child, SolveMode::Strong, &SearchLimits::none()).unwrap();
            assert_eq!(benchmark_score(result.value, child.moves_played()).map(|s| -s), score, "{position}");
        }
    }
}

#[test]
fn a_sample_of_the_shipped_book_agrees_with_fresh_solves() {
    check_shipped_sample(2);
}

#[test]
#[ignore = "16 minutes in release: cargo test --release -p abprune-games --test all -- --ignored connect4_solver::"]
fn a_large_sample_of_the_shipped_book_agrees_with_fresh_solves() {
    check_shipped_sample(60);
}
