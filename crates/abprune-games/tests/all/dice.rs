//! Hog, a game with dice, solved by the library's searches for games with
//! chance and by a brute force of this file's own: the rules rewritten
//! as a recursion on the scores, in exact fractions, sharing no code with
//! the game or the searches.

use abprune::{expectiminimax, star1, star2, Game, NoTrace, Player, Ratio, UNLIMITED_DEPTH};
use abprune_games::{Hog, HogMove};
use std::cmp::Ordering;

/// An exact fraction `(numerator, denominator)`, denominator positive,
/// in lowest terms.
type Fraction = (i128, i128);

fn reduce((n, d): Fraction) -> Fraction {
    let (mut a, mut b) = (n.abs(), d);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    (n / g, d / g)
}

fn add(x: Fraction, y: Fraction) -> Fraction {
    reduce((x.0 * y.1 + y.0 * x.1, x.1 * y.1))
}

fn less(x: Fraction, y: Fraction) -> bool {
    (x.0 * y.1).cmp(&(y.0 * x.1)) == Ordering::Less
}

/// What a throw of `dice` dice scores, each of the `6^dice` throws listed.
fn throw_points(dice: u32) -> Vec<i32> {
    let mut all = vec![Vec::new()];
    for _ in 0..dice {
        all = all
            .into_iter()
            .flat_map(|faces: Vec<i32>| (1..=6).map(move |f| [faces.clone(), vec![f]].concat()))
            .collect();
    }
    all.iter().map(|faces| if faces.contains(&1) { 1 } else { faces.iter().sum() }).collect()
}

/// A position of the brute force: points and turns left by player (0
/// moves first), and who is to move.
#[derive(Clone, Copy)]
struct State {
    points: [i32; 2],
    turns: [u32; 2],
    to_move: usize,
}

/// The value for the player to move: +1 for a win, -1 a loss, 0 a draw,
/// expected under best play. (The players are indexed rather than the
/// arguments swapped at each call: written that way, with `i128`
/// fractions, rustc 1.95.0 at opt-level 1 and 2 miscompiled the
/// recursion into an endless one or a wrong value, depending on the code
/// around it.)
fn brute_force(state: State, max_dice: u32) -> Fraction {
    let (me, them) = (state.to_move, 1 - state.to_move);
    if state.turns[me] == 0 {
        return (i128::from((state.points[me] - state.points[them]).signum()), 1);
    }
    let mut best: Option<Fraction> = None;
    for dice in 1..=max_dice {
        let throws = throw_points(dice);
        let count = throws.len() as i128;
        let mut sum = (0, 1);
        for points in throws {
            let mut next = state;
            next.points[me] += points;
            next.turns[me] -= 1;
            next.to_move = them;
            let (n, d) = brute_force(next, max_dice);
            sum = add(sum, reduce((-n, d * count)));
        }
        if best.map_or(true, |best| less(best, sum)) {
            best = Some(sum);
        }
    }
    best.unwrap_or((0, 1))
}

/// The position with these points and turns left, `to_move` to move.
fn state(points: [i32; 2], turns: [u32; 2], to_move: usize) -> State {
    State { points, turns, to_move }
}

/// Every search finds Hog's brute-force value, from the start and from
/// positions in the middle (the second player to move, a throw pending).
#[test]
fn the_searches_find_hogs_exact_value() {
    for (turns, max_dice) in [(1, 1), (1, 2), (1, 3), (2, 2)] {
        let mut game = Hog::new(turns, max_dice).unwrap();
        let truth = brute_force(state([0, 0], [u32::from(turns); 2], 0), u32::from(max_dice));
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        let exhaustive = expectiminimax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).unwrap();
        let first = star1(&mut game, UNLIMITED_DEPTH, full.0, full.1, &mut NoTrace).unwrap();
        let second = star2(&mut game, UNLIMITED_DEPTH, full.0, full.1, &mut NoTrace).unwrap();
        println!(
            "Hog {turns} turns, up to {max_dice} dice: {} (leaves: expectiminimax {}, Star1 {}, Star2 {})",
            exhaustive.value, exhaustive.stats.leaves, first.stats.leaves, second.stats.leaves
        );
        for result in [&exhaustive, &first, &second] {
            assert_eq!((result.value.numerator(), result.value.denominator()), truth, "Hog({turns}, {max_dice})");
        }
        assert!(first.stats.leaves <= exhaustive.stats.leaves);
    }
    // The second player to move after the first threw 2 dice for 8.
    let mut game = Hog::new(2, 2).unwrap();
    game.play(HogMove::Throw(2));
    game.play(HogMove::Scored { dice: 2, points: 8 });
    assert_eq!(game.side_to_move(), Player::Second);
    let truth = brute_force(state([8, 0], [1, 2], 1), 2);
    let result = star2(&mut game, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace).unwrap();
    assert_eq!((result.value.numerator(), result.value.denominator()), truth);
    // The second player threw one die: chance to move, in the first
    // player's view (8 points, one turn each left).
    game.play(HogMove::Throw(1));
    assert!(game.chance_to_move() && game.side_to_move() == Player::First);
    let truth_after = |points| brute_force(state([8, points], [1, 1], 0), 2);
    let expected = (1..=6).map(|points| reduce((truth_after(points).0, truth_after(points).1 * 6))).fold((0, 1), add);
    let result = expectiminimax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).unwrap();
    assert_eq!((result.value.numerator(), result.value.denominator()), expected);
}
