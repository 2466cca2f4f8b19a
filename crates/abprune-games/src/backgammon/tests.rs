//! The rules on hand-made positions, and play/undo and the keys on
//! random games.

use super::board::{Board, BAR, SLOTS};
use super::*;
use abprune::check::{check_game, CheckOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A board from each side's checkers as (its own point, count); point 25
/// is the bar.
fn board(mine: &[(usize, u8)], theirs: &[(usize, u8)]) -> Board {
    let mut board = Board { counts: [[0; SLOTS]; 2] };
    for (side, checkers) in [mine, theirs].into_iter().enumerate() {
        for &(point, count) in checkers {
            board.counts[side][point - 1] = count;
        }
    }
    assert_eq!(board.defect(), None);
    board
}

impl Backgammon {
    /// The same position with `dice` thrown.
    fn clone_with_dice(&self, dice: Dice) -> Backgammon {
        Backgammon::from_board(self.board, self.side_to_move(), Some(dice))
    }
}

/// The plays of the first player with `a`-`b` on `board`, as text.
fn plays(board: Board, a: u8, b: u8) -> Vec<String> {
    let game = Backgammon::from_board(board, Player::First, Dice::new(a, b));
    game.legal_plays().iter().map(ToString::to_string).collect()
}

#[test]
fn the_opening_31_has_gnubgs_sixteen_plays() {
    // gnubg lists 16 different positions for an opening 31.
    assert_eq!(plays(Board::start(), 3, 1).len(), 16);
    assert!(plays(Board::start(), 3, 1).contains(&"8/5 6/5".to_string()));
}

#[test]
fn a_closed_entry_point_leaves_the_die_unplayed() {
    // On the bar, the opponent holds the mover's 19 point (its own 6).
    let position = board(&[(25, 1), (6, 14)], &[(6, 2), (1, 13)]);
    assert_eq!(plays(position, 6, 6), vec!["pass"]);
    let with_65 = plays(position, 6, 5);
    assert!(!with_65.is_empty() && with_65.iter().all(|play| play.starts_with("bar/20")), "{with_65:?}");
}

#[test]
fn a_larger_die_bears_off_only_from_the_highest_point() {
    let position = board(&[(5, 1), (2, 1)], &[(1, 15)]);
    let found = plays(position, 4, 3);
    assert!(found.iter().all(|play| !play.starts_with("2/off")), "{found:?}");
    assert_eq!(plays(board(&[(3, 2)], &[(1, 15)]), 6, 5), vec!["3/off 3/off"]);
}

#[test]
fn both_dice_are_used_when_they_can_be() {
    // 13/7 is closed; 13/8 then 8/2 uses both.
    let position = board(&[(13, 1)], &[(18, 2), (1, 13)]);
    assert_eq!(plays(position, 6, 5), vec!["13/8 8/2"]);
}

#[test]
fn only_the_larger_die_when_only_one_can_be_used() {
    // Either die alone, never both (the 2 point is closed): the 6.
    let position = board(&[(13, 1)], &[(23, 2), (1, 13)]);
    assert_eq!(plays(position, 6, 5), vec!["13/7"]);
}

#[test]
fn doubles_are_played_as_far_as_they_go() {
    let position = board(&[(13, 1)], &[(24, 2), (1, 13)]);
    // The 1 point is closed: two of the four steps.
    assert_eq!(plays(position, 4, 4), vec!["13/9 9/5"]);
}

#[test]
fn hits_go_to_the_bar_and_come_back_on_undo() {
    let position = board(&[(13, 1), (6, 14)], &[(16, 1), (1, 14)]);
    let mut game = Backgammon::from_board(position, Player::First, Dice::new(4, 1));
    let before = (game.board, game.key);
    let hit = game.legal_plays().into_iter().find(|play| play.to_string() == "13/9 9/8").expect("13/9 9/8 is legal");
    game.play(Move::Play(hit));
    assert_eq!(game.board.counts[1][BAR], 1);
    game.undo(Move::Play(hit));
    assert_eq!((game.board, game.key), before);
}

#[test]
fn gammons_and_backgammons_are_scored() {
    // The first player has just borne off its last checker; the second is to move.
    let single = Backgammon::from_board(board(&[], &[(6, 14)]), Player::Second, None);
    let mut ones = single.board;
    ones.counts[1] = [0; SLOTS];
    ones.counts[1][5] = 15;
    let gammon = Backgammon::from_board(ones, Player::Second, None);
    ones.counts[1][5] = 14;
    ones.counts[1][20] = 1;
    let backgammon = Backgammon::from_board(ones, Player::Second, None);
    assert_eq!(single.outcome(), Some(Outcome::Score(-1000)));
    assert_eq!(gammon.outcome(), Some(Outcome::Score(-2000)));
    assert_eq!(backgammon.outcome(), Some(Outcome::Score(-3000)));
    assert!(!single.chance_to_move());
}

#[test]
fn the_probabilities_of_the_rolls_sum_to_one() {
    let mut outcomes = Vec::new();
    Backgammon::new().chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 21);
    let thirty_sixths: u64 = outcomes.iter().map(|(_, p)| p.numerator() * 36 / p.denominator()).sum();
    assert_eq!(thirty_sixths, 36);
}

#[test]
fn random_games_undo_exactly_and_keep_the_key() {
    let mut rng = ChaCha8Rng::seed_from_u64(38);
    let mut moves = Vec::new();
    for _ in 0..200 {
        let mut game = Backgammon::new();
        let mut line = Vec::new();
        let mut snapshots = Vec::new();
        while game.outcome().is_none() {
            moves.clear();
            game.generate_moves(&mut moves);
            assert!(!moves.is_empty(), "a position not over has moves");
            let mv = moves[rng.random_range(0..moves.len())];
            snapshots.push((game.board, game.to_move, game.dice, game.key));
            game.play(mv);
            assert_eq!(game.key, zobrist::full(&game.board, game.to_move, game.dice), "key after {mv:?}");
            assert_eq!(game.board.defect(), None);
            assert_eq!(
                Backgammon::from_position_id(&game.position_id(), None).map(|g| g.board.counts[0]),
                Ok(game.board.counts[game.to_move])
            );
            line.push(mv);
        }
        while let Some(mv) = line.pop() {
            game.undo(mv);
            assert_eq!(Some((game.board, game.to_move, game.dice, game.key)), snapshots.pop());
        }
    }
}

#[test]
fn check_game_finds_no_defect() {
    let options = CheckOptions { lines: 40, max_plies: 400, solve_depth: 2, ..CheckOptions::default() };
    let report = check_game(&mut Backgammon::new(), &options);
    assert!(report.is_ok(), "{report:?}");
}

#[test]
#[ignore = "prints the spread of pubeval's scores over self-play positions"]
fn pubeval_spread() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut scores = Vec::new();
    for _ in 0..50 {
        let mut game = Backgammon::new();
        while game.outcome().is_none() {
            let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).unwrap();
            game.play(Move::Roll(dice));
            let race = pubeval::is_race(&game.board);
            let mover = game.to_move;
            let best = game
                .legal_plays()
                .into_iter()
                .map(|play| (pubeval::score(&moves::apply(&game.board, mover, &play), mover, race), play))
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .unwrap();
            scores.push(best.0);
            game.play(Move::Play(best.1));
        }
    }
    scores.sort_by(f32::total_cmp);
    let n = scores.len();
    println!(
        "{n} scores: min {} p10 {} p50 {} p90 {} max {}",
        scores[0],
        scores[n / 10],
        scores[n / 2],
        scores[9 * n / 10],
        scores[n - 1]
    );
}

/// Every resulting board of a roll, by brute force: every order of the
/// dice, every checker at every step, then the rules' two filters (the
/// most dice; the larger die when only one can be played). The generator
/// takes the steps of doubles in one order only; this takes all of them.
fn brute_force(board: &Board, side: usize, dice: Dice) -> std::collections::HashSet<Board> {
    fn walk(board: &mut Board, side: usize, dice: &[u8], used: Vec<u8>, out: &mut Vec<(Vec<u8>, Board)>) {
        let mut moved = false;
        if let Some((&die, rest)) = dice.split_first() {
            for from in 0..SLOTS {
                if board.counts[side][BAR] > 0 && from != BAR {
                    continue;
                }
                if let Some(landing) = board.landing(side, from, die) {
                    moved = true;
                    let hit = board.step(side, from, landing);
                    let mut more = used.clone();
                    more.push(die);
                    walk(board, side, rest, more, out);
                    board.unstep(side, from, landing, hit);
                }
            }
        }
        if !moved {
            out.push((used, *board));
        }
    }
    let mut out = Vec::new();
    let orders: Vec<Vec<u8>> = if dice.is_double() {
        vec![vec![dice.high(); 4]]
    } else {
        vec![vec![dice.high(), dice.low()], vec![dice.low(), dice.high()]]
    };
    for order in orders {
        walk(&mut board.clone(), side, &order, Vec::new(), &mut out);
    }
    let most = out.iter().map(|(used, _)| used.len()).max().unwrap_or(0);
    out.retain(|(used, _)| used.len() == most);
    if most == 1 && out.iter().any(|(used, _)| used[0] == dice.high()) {
        out.retain(|(used, _)| used[0] == dice.high());
    }
    out.into_iter().map(|(_, board)| board).collect()
}

#[test]
fn legal_plays_are_the_brute_force_boards_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut pairs = 0;
    for _ in 0..40 {
        let mut game = Backgammon::new();
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            if game.dice.is_none() {
                for (dice, _) in Dice::all() {
                    let found = game.clone_with_dice(dice).legal_plays();
                    let boards: Vec<Board> =
                        found.iter().map(|play| moves::apply(&game.board, game.to_move, play)).collect();
                    let unique: std::collections::HashSet<Board> = boards.iter().copied().collect();
                    assert_eq!(unique.len(), boards.len(), "one play per position: {} {dice}", game.position_id());
                    assert_eq!(unique, brute_force(&game.board, game.to_move, dice), "{} {dice}", game.position_id());
                    pairs += 1;
                }
            }
            moves.clear();
            game.generate_moves(&mut moves);
            game.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(pairs > 40 * 21 * 20, "{pairs} pairs");
}

/// The positions of `games` random games (random rolls, random plays),
/// chance to move or dice thrown.
pub(super) fn random_positions(rng: &mut ChaCha8Rng, games: usize) -> Vec<Backgammon> {
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut game = Backgammon::new();
        while game.outcome().is_none() {
            positions.push(Backgammon::from_board(game.board, game.side_to_move(), game.dice));
            moves.clear();
            game.generate_moves(&mut moves);
            game.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    positions
}

/// Every leaf a search within the horizon can meet lies within the
/// bounds the root declares: random lines of up to `horizon` checker
/// plays from positions of random games, valued as the searches value
/// their leaves (a finished game by its result, the last by the
/// evaluation). An independent check of the pip-count argument.
#[test]
fn leaves_within_the_horizon_keep_the_declared_bounds() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut moves = Vec::new();
    let (mut tight, mut checked) = (0, 0);
    for mut root in random_positions(&mut rng, 60) {
        for horizon in 1..=4 {
            root.set_search_horizon(Some(horizon));
            let Some((low, high)) = root.value_bounds() else { panic!("backgammon declares bounds") };
            tight += usize::from(high.get() < eval::POINT);
            let mut game = root.clone();
            let mut plays = 0;
            let value = loop {
                if let Some(outcome) = game.outcome() {
                    break outcome.score(0);
                }
                if plays == horizon && !game.chance_to_move() {
                    break game.evaluate();
                }
                moves.clear();
                game.generate_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                plays += u32::from(matches!(mv, Move::Play(_)));
                game.play(mv);
            };
            let first_view = if game.side_to_move() == Player::First { value } else { -value };
            assert!(
                low <= first_view && first_view <= high,
                "{first_view:?} outside {low:?}..{high:?} at {}",
                root.position_id()
            );
            checked += 1;
        }
    }
    assert!(tight * 2 > checked, "most positions are far from the end: {tight} of {checked} tight");
}

/// With the horizon's tighter bounds Star1 and Star2 still find
/// expectiminimax's value, on positions of random games (the end of a
/// game among them, where the bounds widen again).
#[test]
fn star2_with_the_horizon_bounds_finds_expectiminimax_value() {
    use abprune::{expectiminimax, star1, star2, NoTrace, Ratio};
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let positions = random_positions(&mut rng, 3);
    let mut saved = 0;
    for mut game in positions.into_iter().step_by(9).filter(|game| game.dice.is_some()) {
        game.set_search_horizon(Some(2));
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        let exact = expectiminimax(&mut game, 2, &mut NoTrace).map_err(|e| format!("{e:?}")).unwrap();
        let one = star1(&mut game, 2, full.0, full.1, &mut NoTrace).map_err(|e| format!("{e:?}")).unwrap();
        let two = star2(&mut game, 2, full.0, full.1, &mut NoTrace).map_err(|e| format!("{e:?}")).unwrap();
        assert_eq!((one.value, two.value), (exact.value, exact.value), "at {}", game.position_id());
        saved += usize::from(two.stats.leaves < exact.stats.leaves);
    }
    assert!(saved > 0, "Star2 prunes somewhere");
}
