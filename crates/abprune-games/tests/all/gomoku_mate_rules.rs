//! The static mate rules of Gomoku's `candidate_moves` and `horizon` (a
//! four-three or a double-three point against no four: a win at ply 5),
//! checked against an exhaustive search over every empty point of small
//! boards, under each rule (renju's forbidden points are not legal moves of
//! the exhaustive search either).

use abprune::{Game, Horizon, Player, Score};
use abprune_games::gomoku::Threat;
use abprune_games::{Gomoku, Point, Rule};

/// Whether the side to move wins within `plies` (odd) plies whatever the
/// opponent plays: every empty point is tried, for both sides. The
/// attacker's points are tried strongest threat first (any order gives the
/// same answer; a good one finds the win sooner).
fn wins_within(game: &mut Gomoku, plies: u32) -> bool {
    let me = game.side_to_move();
    let mut mine = empty_points(game);
    mine.sort_by_key(|&p| std::cmp::Reverse(game.threat(p, me)));
    for m in mine {
        game.play(m);
        let won = game.outcome().is_some() && !game.is_full();
        let wins = won || (plies > 1 && !game.is_over() && every_reply_loses(game, plies - 2));
        game.undo(m);
        if wins {
            return true;
        }
    }
    false
}

/// Whether every reply of the side to move (the defender) lets the
/// opponent win within `plies` more plies.
fn every_reply_loses(game: &mut Gomoku, plies: u32) -> bool {
    for r in empty_points(game) {
        game.play(r);
        let defender_won = game.outcome().is_some() && !game.is_full();
        let lost = !defender_won && !game.is_over() && wins_within(game, plies);
        game.undo(r);
        if !lost {
            return false;
        }
    }
    true
}

fn empty_points(game: &Gomoku) -> Vec<Point> {
    let mut points = Vec::new();
    for y in 0..game.height() as u8 {
        for x in 0..game.width() as u8 {
            let p = Point::new(x, y);
            if game.check_move(p).is_ok() {
                points.push(p);
            }
        }
    }
    points
}

/// A small deterministic generator for the random games.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

/// The opponent of `player`.
fn other(player: Player) -> Player {
    if player == Player::First {
        Player::Second
    } else {
        Player::First
    }
}

/// Whether `player` has a point where a stone makes a four (or more).
fn can_make_a_four(game: &Gomoku, player: Player) -> bool {
    [Threat::Four, Threat::FourThree, Threat::OpenFour, Threat::Five]
        .iter()
        .any(|&kind| !game.threat_points(player, kind).is_empty())
}

#[test]
fn moves_left_out_against_a_mate_rule_lose_at_ply_six() {
    let mut random = Lcg(17);
    let (mut restricted, mut all_lose) = (0, 0);
    for game_number in 0..300 {
        let rule = Rule::ALL[game_number % Rule::ALL.len()];
        let mut game = Gomoku::new(9, rule).unwrap();
        for _ in 0..8 + random.below(16) {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            if game.is_over() || moves.is_empty() {
                break;
            }
            game.play(moves[random.below(moves.len())]);
            if game.is_over() || restricted >= 8 {
                break;
            }
            let me = game.side_to_move();
            let they = other(me);
            let threatened = (!game.threat_points(they, Threat::FourThree).is_empty()
                || !game.threat_points(they, Threat::DoubleThree).is_empty())
                && game.threat_points(they, Threat::OpenFour).is_empty()
                && !can_make_a_four(&game, me);
            if !threatened {
                continue;
            }
            let mut answers = Vec::new();
            let shortcut = game.candidate_moves(&mut answers);
            let moves_before = game.history().to_vec();
            if shortcut.is_some_and(|value| value > Score::DRAW) {
                continue; // my own rule comes first
            }
            if shortcut == Some(Score::loss_in(6)) {
                for m in empty_points(&game) {
                    game.play(m);
                    assert!(wins_within(&mut game, 5), "{m:?} escapes after {moves_before:?}");
                    game.undo(m);
                }
                all_lose += 1;
                continue;
            }
            assert_eq!(shortcut, None, "{moves_before:?}");
            let mut everything = Vec::new();
            game.generate_moves(&mut everything);
            let left_out: Vec<Point> = everything.into_iter().filter(|m| !answers.contains(m)).collect();
            for m in left_out {
                game.play(m);
                assert!(wins_within(&mut game, 5), "{m:?}, left out after {moves_before:?}, does not lose at ply 6");
                game.undo(m);
            }
            restricted += 1;
        }
    }
    eprintln!("{restricted} restricted positions and {all_lose} lost ones checked");
    assert!(restricted >= 5, "only {restricted} restricted positions: the test proves too little");
}

#[test]
fn static_mate_rules_agree_with_an_exhaustive_search() {
    let mut random = Lcg(2026);
    let (mut fired, mut checked_silent) = (0, 0);
    for game_number in 0..200 {
        let rule = Rule::ALL[game_number % Rule::ALL.len()];
        let mut game = Gomoku::new(9, rule).unwrap();
        let plies = 8 + random.below(16);
        for _ in 0..plies {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            if game.is_over() || moves.is_empty() {
                break;
            }
            game.play(moves[random.below(moves.len())]);
            if game.is_over() {
                break;
            }
            let mut answers = Vec::new();
            let shortcut = game.candidate_moves(&mut answers);
            let mut forcing = Vec::new();
            let horizon = game.horizon(&mut forcing);
            if shortcut == Some(Score::win_in(5)) {
                assert_eq!(horizon, Horizon::Known(Score::win_in(5)), "{:?}", game.history());
                assert_eq!(game.score_bounds(), (Score::win_in(5), Score::win_in(5)));
                let moves = game.history().to_vec();
                assert!(wins_within(&mut game, 5), "no win in 5 after {moves:?}");
                assert!(!wins_within(&mut game, 3), "a win in 3 after {moves:?}");
                fired += 1;
            } else if shortcut.is_none() && checked_silent < 40 {
                // Where the rules are silent and the side to move has a
                // four-three or double-three point, the opponent can make a
                // four: the rule's own condition, not an accident.
                let me = game.side_to_move();
                let they = if me == Player::First { Player::Second } else { Player::First };
                let attack = !game.threat_points(me, Threat::FourThree).is_empty()
                    || !game.threat_points(me, Threat::DoubleThree).is_empty();
                // Under renju the rule is off for black (its three may be
                // false) and asks white for no black four point, forbidden
                // ones included.
                let renju_off = rule == Rule::Renju && (me == Player::First || !game.forbidden_points().is_empty());
                if attack && !renju_off {
                    let their_fours = [Threat::Four, Threat::FourThree, Threat::OpenFour, Threat::Five]
                        .iter()
                        .any(|&kind| !game.threat_points(they, kind).is_empty());
                    assert!(their_fours, "silent with an attack and no four against it: {:?}", game.history());
                    checked_silent += 1;
                }
            }
        }
    }
    eprintln!("the rules fired in {fired} positions, {checked_silent} silent ones checked");
    assert!(fired >= 30, "the rules fired in only {fired} positions: the test proves too little");
}

/// The selective search's defence set against a four-three point
/// (`Gomoku::four_three_defence_points`) keeps every move that holds for
/// more than five plies, except moves that give the side to move a four
/// point of its own (which the set gives up on purpose: they only delay).
#[test]
fn four_three_defences_keep_every_move_that_holds() {
    let mut random = Lcg(4343);
    let (mut narrowed, mut left_out_checked) = (0, 0);
    for game_number in 0..400 {
        let rule = Rule::ALL[game_number % Rule::ALL.len()];
        let mut game = Gomoku::new(9, rule).unwrap();
        for _ in 0..8 + random.below(18) {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            if game.is_over() || moves.is_empty() || narrowed >= 8 {
                break;
            }
            game.play(moves[random.below(moves.len())]);
            if game.is_over() {
                break;
            }
            let Some(kept) = game.four_three_defence_points() else { continue };
            let me = game.side_to_move();
            let before = game.history().to_vec();
            assert!(!kept.is_empty(), "{before:?}");
            for m in empty_points(&game) {
                if kept.contains(&m) {
                    continue;
                }
                game.play(m);
                if !can_make_a_four(&game, me) && !game.is_over() {
                    assert!(wins_within(&mut game, 5), "{m:?}, left out after {before:?}, holds");
                    left_out_checked += 1;
                }
                game.undo(m);
            }
            narrowed += 1;
        }
    }
    eprintln!("{narrowed} narrowed positions, {left_out_checked} moves left out checked");
    assert!(narrowed >= 5, "only {narrowed} narrowed positions: the test proves too little");
}
