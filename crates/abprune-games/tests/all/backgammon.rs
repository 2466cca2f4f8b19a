//! Backgammon's legal plays against GNU Backgammon's lists, kept as a
//! fixture (`tests/data/backgammon-gnubg-plays.txt`, written by
//! `scripts/backgammon-gnubg-check --dump`, which also makes the full
//! check with gnubg installed): eight hand-made positions for the rules its
//! play seldom reaches (only the larger die playable, a closed entry point),
//! then 60 positions of gnubg's self-play with all 21 rolls each; 47 rolls
//! without a play in all. Each line holds the number of resulting positions
//! and the CRC-32 of their sorted IDs.

use abprune::Game;
use abprune_games::backgammon::{Backgammon, Dice, Move, Play};

const FIXTURE: &str = include_str!("../data/backgammon-gnubg-plays.txt");

/// The sorted IDs of the positions the plays of `dice` lead to.
fn resulting_ids(id: &str, dice: Dice) -> Vec<String> {
    let mut game = Backgammon::from_position_id(id, Some(dice)).expect("gnubg's IDs are valid");
    let mut ids: Vec<String> = game
        .legal_plays()
        .into_iter()
        .map(|play| {
            game.play(Move::Play(play));
            let after = game.position_id();
            game.undo(Move::Play(play));
            after
        })
        .collect();
    ids.sort();
    ids
}

#[test]
fn legal_plays_agree_with_gnubg_on_1268_positions_and_rolls() {
    let mut checked = 0;
    for line in FIXTURE.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split(' ').collect();
        let [id, dice, count, crc] = fields[..] else { panic!("fixture line {line:?}") };
        let digits: Vec<u8> = dice.bytes().map(|b| b - b'0').collect();
        let dice = Dice::new(digits[0], digits[1]).expect("a roll");
        let ids = resulting_ids(id, dice);
        assert_eq!(ids.len().to_string(), count, "{id} {dice}: {ids:?}");
        assert_eq!(format!("{:08x}", crc32fast::hash(ids.join(" ").as_bytes())), crc, "{id} {dice}: {ids:?}");
        checked += 1;
    }
    assert_eq!(checked, 1268);
}

#[test]
fn the_fixtures_rolls_without_a_play_are_passes() {
    // The check that wrote the fixture counted 47 rolls gnubg lists no play for.
    let passes = FIXTURE
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            let digits: Vec<u8> = fields[1].bytes().map(|b| b - b'0').collect();
            let game = Backgammon::from_position_id(fields[0], Dice::new(digits[0], digits[1])).expect("valid");
            game.legal_plays() == [Play::PASS]
        })
        .count();
    assert_eq!(passes, 47);
}
