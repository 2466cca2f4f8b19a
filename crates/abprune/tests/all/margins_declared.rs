//! Margins as the game declares them (issue 22, item 2): `Ending::Margin
//! { lowest, highest }` is what a finished position is worth to *its* side
//! to move, so the root's value lies in `[min(lowest, -highest),
//! max(highest, -lowest)]`. Asymmetric ranges (1 to 7) must solve to the
//! brute-force value; a finished position outside the declared range, or
//! of the wrong kind (a loss in a margin game, a margin in a win/loss/draw
//! game), must make the solve fail with `EngineError::UndeclaredEnding`,
//! never give a value. Regression: before, asymmetric ranges solved wrong
//! (the ladder covered `[lowest, highest]` only) and endings outside the
//! range were clamped into it and called exact.
//!
//! More cases: `PROPTEST_CASES=5000 cargo test --release -p abprune --test all margins_declared::`.
// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use abprune::{
    Ending, Engine, EngineError, EngineOptions, Game, Outcome, ParallelScheme, Score, SearchLimits, SolveMode, Variant,
    UNLIMITED_DEPTH,
};
use proptest::prelude::*;

use crate::common;
use common::cases;
use common::turns::{bonus, for_side_to_move, value_for_first, Bonus, Scoring};

fn configurations() -> Vec<EngineOptions> {
    vec![
        EngineOptions { table_mib: 1, ..EngineOptions::default() },
        EngineOptions { variant: Variant::Mtdf, table_mib: 1, ..EngineOptions::default() },
        EngineOptions::textbook(),
        EngineOptions {
            threads: 2,
            parallel: ParallelScheme::Abdada,
            helpers_after_nodes: 0,
            table_mib: 1,
            ..EngineOptions::default()
        },
    ]
}

fn truth(game: &mut Bonus) -> Score {
    let value = value_for_first(game, UNLIMITED_DEPTH, 0);
    for_side_to_move(game, value)
}

/// Every margin a finished position of `game` can have, for its side to move.
fn leaf_range(game: &mut Bonus) -> (i32, i32) {
    if let Some(Outcome::Score(margin)) = game.outcome() {
        return (margin, margin);
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.into_iter().fold((i32::MAX, i32::MIN), |(low, high), mv| {
        game.play(mv);
        let (a, b) = leaf_range(game);
        game.undo(mv);
        (low.min(a), high.max(b))
    })
}

/// Margin games with extra turns and a bias: finished positions worth, say,
/// 1 to 7 to their side to move.
fn biased() -> impl Strategy<Value = Bonus> {
    (bonus(8, Scoring::Margin), -8i32..=8).prop_map(|(game, bias)| Bonus { bias, ..game })
}

/// What a solve of `game` (declaring `claimed`) may answer: the brute-force
/// value, exact; or the error naming a finished position's outcome that
/// the declaration does not allow. Returns whether it answered a value.
fn solve_is_right_or_refused(engine: &mut Engine<u8>, game: &Bonus, truth: Score, what: &str) -> bool {
    let claimed = game.ending();
    for mode in [SolveMode::Strong, SolveMode::Weak] {
        match engine.solve(&mut game.clone(), mode, &SearchLimits::none()) {
            Ok(result) if mode == SolveMode::Strong => {
                assert_eq!((result.value, result.exact), (truth, true), "{what}");
            }
            Ok(result) => assert_eq!(result.value.get().signum(), truth.get().signum(), "weak, {what}"),
            Err(EngineError::UndeclaredEnding { outcome, declared }) => {
                assert_eq!(declared, claimed, "{what}");
                assert!(!claimed.allows(outcome), "{outcome:?} is allowed by {claimed:?}: {what}");
                let text = EngineError::UndeclaredEnding { outcome, declared }.to_string();
                assert!(text.contains(&format!("{outcome}")) && text.contains(&format!("{declared}")), "{text}");
                return false;
            }
            Err(EngineError::InvalidMargins { lowest, highest }) => {
                assert!(lowest > highest, "{lowest} {highest}: {what}");
                return false;
            }
            Err(other) => panic!("{other}: {what}"),
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1000), ..ProptestConfig::default() })]

    /// Asymmetric honest ranges (the exact range of the finished
    /// positions, or wider by up to 3 on either side): the brute-force
    /// value, exact, from every engine.
    #[test]
    fn asymmetric_ranges_solve_to_the_brute_force_value(game in biased(), slack in (0i32..=3, 0i32..=3)) {
        let mut game = game;
        let (low, high) = leaf_range(&mut game);
        game.claimed = Some(Ending::Margin { lowest: low - slack.0, highest: high + slack.1 });
        let truth = truth(&mut game);
        for options in configurations() {
            let mut engine = Engine::new(options.clone()).unwrap();
            let what = format!("{options:?}\n{game:?}");
            prop_assert!(solve_is_right_or_refused(&mut engine, &game, truth, &what), "refused: {}", what);
            let searched = engine.search(&mut game.clone(), &SearchLimits::none(), |_| {});
            prop_assert_eq!((searched.value, searched.exact), (truth, true), "{}", what);
        }
    }

    /// Ranges that leave out some finished positions' margins: the
    /// brute-force value (when the search never met them) or the error
    /// naming one, never another value.
    #[test]
    fn broken_ranges_are_refused_or_right(game in biased(), cut in (0i32..=4, 0i32..=4)) {
        let mut game = game;
        let (low, high) = leaf_range(&mut game);
        prop_assume!(cut != (0, 0));
        game.claimed = Some(Ending::Margin { lowest: low + cut.0, highest: high - cut.1 });
        let truth = truth(&mut game);
        for options in configurations() {
            let mut engine = Engine::new(options.clone()).unwrap();
            solve_is_right_or_refused(&mut engine, &game, truth, &format!("{options:?}\n{game:?}"));
            let searched = engine.search(&mut game.clone(), &SearchLimits::none(), |_| {});
            prop_assert!(!searched.exact || searched.value == truth, "deepening, {:?}\n{:?}", options, game);
        }
    }

    /// The wrong kind of ending: wins and losses in a game that declares
    /// margins, margins in one that declares wins, losses and draws.
    #[test]
    fn endings_of_the_wrong_kind_are_refused(game in bonus(8, Scoring::Margin), margin_game_says_wins in any::<bool>()) {
        let mut game = game;
        if margin_game_says_wins {
            game.claimed = Some(Ending::WinLossDraw);
        } else {
            game.scoring = Scoring::WinLossDraw;
            game.claimed = Some(Ending::Margin { lowest: -game.swing(), highest: game.swing() });
        }
        let truth = truth(&mut game);
        for options in configurations() {
            let mut engine = Engine::new(options.clone()).unwrap();
            let answered = solve_is_right_or_refused(&mut engine, &game, truth, &format!("{options:?}\n{game:?}"));
            // A margin game declared as won or lost reaches a margin at once;
            // a win/loss game declared in margins answers only if every
            // finished position it met was a draw.
            prop_assert!(!(answered && margin_game_says_wins), "{:?}", game);
        }
    }
}

/// A finished root whose outcome the declaration leaves out is refused too.
#[test]
fn a_finished_root_outside_the_range_is_refused() {
    let game = Bonus {
        gains: vec![[0; 3]],
        extra: vec![[false; 3]],
        left: 0,
        difference: 9,
        to_move: abprune::Player::First,
        scoring: Scoring::Margin,
        bias: 0,
        claimed: Some(Ending::Margin { lowest: 1, highest: 7 }),
    };
    let refused = Engine::new(EngineOptions::default()).unwrap().solve(
        &mut game.clone(),
        SolveMode::Strong,
        &SearchLimits::none(),
    );
    let error = refused.unwrap_err();
    assert_eq!(
        error,
        EngineError::UndeclaredEnding {
            outcome: Outcome::Score(9),
            declared: Ending::Margin { lowest: 1, highest: 7 }
        }
    );
    assert_eq!(
        error.to_string(),
        "a finished position ended in a margin of 9 (Outcome::Score), which the game's declared ending does not allow: margins from 1 to 7 for the side to move in the finished position (Ending::Margin) (Game::ending); no value can rest on it"
    );
}

/// The root's range is the declared one or its mirror image: a game whose
/// ends are worth 1 to 7 to their side to move, where the root's opponent
/// is to move at every end, is worth -7 to -1 to the root.
#[test]
fn the_root_range_mirrors_the_declared_one() {
    assert_eq!(Ending::Margin { lowest: 1, highest: 7 }.root_margins(), Some((-7, 7)));
    assert_eq!(Ending::Margin { lowest: -2, highest: 5 }.root_margins(), Some((-5, 5)));
    assert_eq!(Ending::WinLossDraw.root_margins(), None);
    // 1 counter, taken: the opponent is to move at the end, worth 3 to it.
    let game = Bonus {
        gains: vec![[0; 3], [0; 3]],
        extra: vec![[false; 3], [false; 3]],
        left: 1,
        difference: 0,
        to_move: abprune::Player::First,
        scoring: Scoring::Margin,
        bias: 3,
        claimed: Some(Ending::Margin { lowest: 1, highest: 7 }),
    };
    let solved = Engine::new(EngineOptions::default()).unwrap().solve(
        &mut game.clone(),
        SolveMode::Strong,
        &SearchLimits::none(),
    );
    assert_eq!(solved.map(|result| (result.value, result.exact)), Ok((Score::new(-3), true)));
}
