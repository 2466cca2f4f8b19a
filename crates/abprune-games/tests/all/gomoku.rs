//! Gomoku: notation, line shapes, wins under both rules, the incremental
//! state against a recomputation, the forced-reply shortcuts of
//! `candidate_moves` and `horizon` on hand-made positions and against a
//! brute-force search, and the VCF search.

use abprune::{Game, Horizon, Outcome, Player, Score};
use abprune_games::gomoku::{Direction, Shape, Threat};
use abprune_games::{Gomoku, MoveOrder, Point, Rule};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

const BLACK: Player = Player::First;
const WHITE: Player = Player::Second;

/// Filler stones, far from every line the tests draw (rows 3 to 12 and
/// columns c to m of a 15 x 15 board), and far from each other.
const FILLERS: [&str; 10] = ["e1", "i1", "o1", "a15", "e15", "i15", "o15", "o5", "k15", "a1"];

/// A point in the notation (on the largest board).
fn pt(text: &str) -> Point {
    Gomoku::new(22, Rule::Freestyle).expect("a board").parse_point(text).unwrap_or_else(|e| panic!("{e}"))
}

fn points(text: &str) -> Vec<Point> {
    text.split_whitespace().map(pt).collect()
}

fn point_set(text: &str) -> BTreeSet<Point> {
    points(text).into_iter().collect()
}

/// The 15 x 15 position after `moves`.
fn game(rule: Rule, moves: &str) -> Gomoku {
    Gomoku::from_moves(15, 15, rule, moves).unwrap_or_else(|e| panic!("{moves}: {e}"))
}

/// A 15 x 15 position with these stones and `to_move` to move, filler
/// stones added for whichever colour is short.
fn position(rule: Rule, black: &str, white: &str, to_move: Player) -> Gomoku {
    let (mut black, mut white) = (black.to_string(), white.to_string());
    let used = format!(" {black} {white} ");
    let mut fillers = FILLERS.iter().filter(|filler| !used.contains(&format!(" {filler} ")));
    let count = |text: &str| text.split_whitespace().count();
    let wanted_black = |white: usize| if to_move == BLACK { white } else { white + 1 };
    while count(&black) != wanted_black(count(&white)) {
        let filler = fillers.next().expect("enough fillers");
        if count(&black) < wanted_black(count(&white)) {
            black = format!("{black} {filler}");
        } else {
            white = format!("{white} {filler}");
        }
    }
    let game = Gomoku::from_stones(15, 15, rule, &black, &white).unwrap_or_else(|e| panic!("{black} / {white}: {e}"));
    assert_eq!(game.side_to_move(), to_move);
    game
}

fn generated(game: &Gomoku) -> Vec<Point> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
}

/// `candidate_moves` as (known value, moves).
fn candidates(game: &Gomoku) -> (Option<Score>, Vec<Point>) {
    let mut moves = Vec::new();
    let known = game.candidate_moves(&mut moves);
    (known, moves)
}

fn horizon(game: &Gomoku) -> (Horizon, Vec<Point>) {
    let mut moves = Vec::new();
    let horizon = game.horizon(&mut moves);
    (horizon, moves)
}

// ---------------------------------------------------------------- notation

#[test]
fn points_round_trip_through_the_notation() {
    let board = Gomoku::with_dimensions(22, 20, Rule::Standard).unwrap();
    for y in 0..20 {
        for x in 0..22 {
            let p = Point { x, y };
            let text = Gomoku::format_point(p);
            assert_eq!(board.parse_point(&text), Ok(p), "{text}");
            assert_eq!(board.parse_point(&format!("  {}\t", text.to_uppercase())), Ok(p), "{text}");
            assert_eq!(p.to_string(), text);
        }
    }
    assert_eq!(Gomoku::format_point(Point { x: 7, y: 7 }), "h8");
    assert_eq!(Gomoku::format_point(Point { x: 21, y: 21 }), "v22");
    assert_eq!(board.parse_point("a1"), Ok(Point { x: 0, y: 0 }));
}

#[test]
fn bad_points_are_refused_with_what_is_wrong() {
    let board = Gomoku::new(15, Rule::Freestyle).unwrap();
    let cases = [
        ("z99", "z99 is off the 15x15 board"),
        ("z3", "z3 is off the 15x15 board"),
        ("p1", "p1 is off the 15x15 board"),
        ("a16", "a16 is off the 15x15 board"),
        ("", "no point given"),
        ("   ", "no point given"),
        ("h", "'h' has no row number"),
        ("h0", "h0: rows are numbered from 1"),
        ("8h", "'8h' is not a point"),
        ("hh8", "'hh8' is not a point"),
        ("h-1", "'h-1' is not a point"),
        ("h99999999999999999999999", "is off the 15x15 board"),
    ];
    for (text, message) in cases {
        let error = board.parse_point(text).expect_err(text);
        assert!(error.to_string().contains(message), "{text}: {error}");
        assert!(!error.to_string().contains('\n'));
    }
}

#[test]
fn bad_moves_are_refused_with_the_move_and_its_index() {
    let error = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 h9, h8").unwrap_err();
    assert_eq!(error.to_string(), "move 3 (h8): h8 is already occupied");
    let error = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 z3").unwrap_err();
    assert_eq!(error.to_string(), "move 2 (z3): z3 is off the 15x15 board");
    let five = "h8 a1 i8 a3 j8 a5 k8 a7 l8";
    let error = Gomoku::from_moves(15, 15, Rule::Freestyle, &format!("{five} b2")).unwrap_err();
    assert_eq!(error.to_string(), "move 10 (b2): the game is over");
    assert!(Gomoku::new(4, Rule::Freestyle).unwrap_err().to_string().contains("not 4x4"));
    assert!(Gomoku::with_dimensions(15, 23, Rule::Freestyle).unwrap_err().to_string().contains("not 15x23"));
    assert!(Gomoku::with_dimensions(5, 22, Rule::Freestyle).is_ok());

    let mut game = game(Rule::Freestyle, "h8 h9");
    assert_eq!(game.check_move(pt("h8")).unwrap_err().to_string(), "h8 is already occupied");
    assert_eq!(game.try_play(pt("h9")).unwrap_err().to_string(), "h9 is already occupied");
    assert_eq!(game.history(), points("h8 h9").as_slice(), "a refused move changes nothing");
    assert_eq!(game.try_undo(pt("h8")).unwrap_err().to_string(), "h8 is not the last move (h9 is)");
    game.try_undo(pt("h9")).unwrap();
    game.try_undo(pt("h8")).unwrap();
    assert_eq!(game.try_undo(pt("h8")).unwrap_err().to_string(), "there is no move to take back");
}

#[test]
fn positions_from_stones_and_rendering() {
    let game = Gomoku::from_stones(15, 15, Rule::Standard, "h8 i9", "a1").unwrap();
    assert_eq!(game.history(), points("h8 a1 i9").as_slice());
    assert_eq!(game.side_to_move(), WHITE);
    assert_eq!(game.stone(pt("i9")), Some(BLACK));
    assert_eq!(game.stone(pt("a1")), Some(WHITE));
    assert_eq!(game.stone(pt("b1")), None);
    assert_eq!(game.stone(Point { x: 25, y: 8 }), None);
    let error = Gomoku::from_stones(15, 15, Rule::Standard, "h8", "a1 a2").unwrap_err();
    assert!(error.to_string().contains("black has 1 stones and white 2"), "{error}");
    let error = Gomoku::from_stones(15, 15, Rule::Standard, "h8", "h8").unwrap_err();
    assert_eq!(error.to_string(), "white stone 1 (h8): h8 is already occupied");

    let text = game.render();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 17);
    assert_eq!(lines[0], "    a  b  c  d  e  f  g  h  i  j  k  l  m  n  o");
    assert_eq!(lines[16], lines[0]);
    assert!(lines[1].starts_with(" 1  O  . "), "{}", lines[1]);
    assert!(lines[1].ends_with(" 1"));
    assert!(lines[8].contains(" X "), "{}", lines[8]);
    assert!(lines[9].contains("[X]"), "the last move i9 is marked: {}", lines[9]);
    assert!(lines[15].starts_with("15 ") && lines[15].ends_with(" 15"));
    assert_eq!(game.to_string(), text);
}

// ------------------------------------------------------------------ shapes

/// One line-shape case: the stones, the point, the direction, the player and the shape.
type ShapeCase = (&'static str, &'static str, &'static str, Direction, Player, Shape);

#[test]
fn line_shapes_on_the_board_for_both_colours_and_near_the_edges() {
    use Direction::*;
    let black_cases: [ShapeCase; 17] = [
        ("f8 g8 i8 j8", "", "h8", Horizontal, BLACK, Shape::Five),
        ("e8 f8 g8", "", "h8", Horizontal, BLACK, Shape::OpenFour),
        ("e8 f8 g8", "d8", "h8", Horizontal, BLACK, Shape::Four),
        ("e8 f8 g8", "", "i8", Horizontal, BLACK, Shape::Four),
        ("e8 g8 i8", "", "h8", Horizontal, BLACK, Shape::Four),
        ("g8 i8", "", "h8", Horizontal, BLACK, Shape::OpenThree),
        ("f8 g8", "", "i8", Horizontal, BLACK, Shape::OpenThree),
        ("f8 g8", "e8", "h8", Horizontal, BLACK, Shape::Three),
        ("g8", "", "h8", Horizontal, BLACK, Shape::OpenTwo),
        ("g8", "f8", "h8", Horizontal, BLACK, Shape::Two),
        ("", "", "h8", Horizontal, BLACK, Shape::One),
        ("f8 g8 i8", "e8 j8", "h8", Horizontal, BLACK, Shape::None),
        // Vertical at the top edge, a diagonal into the corner, an open
        // three along the anti-diagonal, a three closed by the right edge.
        ("a1 a2 a3", "", "a4", Vertical, BLACK, Shape::Four),
        ("a1 b2 c3", "", "d4", Diagonal, BLACK, Shape::Four),
        ("h6 g7", "", "f8", AntiDiagonal, BLACK, Shape::OpenThree),
        ("m8 n8", "", "o8", Horizontal, BLACK, Shape::Three),
        ("f8 g8 h8 i8", "", "h8", Vertical, BLACK, Shape::One),
    ];
    for rule in [Rule::Freestyle, Rule::Standard] {
        for (black, white, at, direction, player, shape) in black_cases {
            let game = position(rule, black, white, BLACK);
            assert_eq!(game.shape(pt(at), direction, player), shape, "{rule}: X {black} / O {white} at {at}");
            // The same stones with the colours swapped.
            let swapped = position(rule, white, black, WHITE);
            let other = player.opponent();
            assert_eq!(swapped.shape(pt(at), direction, other), shape, "{rule} swapped: {black} / {white} at {at}");
        }
    }
    let game = position(Rule::Freestyle, "f8 g8 i8 j8", "", BLACK);
    assert_eq!(game.shape(pt("h8"), Horizontal, WHITE), Shape::None, "white between black stones");
    assert_eq!(game.shape(pt("h8"), Vertical, WHITE), Shape::One);
    assert_eq!(game.shape(Point { x: 25, y: 7 }, Vertical, WHITE), Shape::None, "off the board");
}

#[test]
fn overlines_are_not_fives_or_fours_under_the_standard_rule() {
    let six = position(Rule::Standard, "d8 e8 f8 g8 i8", "", WHITE);
    assert_eq!(six.shape(pt("h8"), Direction::Horizontal, BLACK), Shape::Overline);
    assert_eq!(six.threat(pt("h8"), BLACK), Threat::None);
    assert_eq!(six.five_points(BLACK), points("c8"), "c8 makes exactly five");
    let free = position(Rule::Freestyle, "d8 e8 f8 g8 i8", "", WHITE);
    assert_eq!(free.shape(pt("h8"), Direction::Horizontal, BLACK), Shape::Five);
    assert_eq!(free.five_points(BLACK), points("c8 h8"));
    // X.XXXX.: only the right end makes exactly five.
    let standard = position(Rule::Standard, "d8 f8 g8 h8 i8", "", WHITE);
    assert_eq!(standard.five_points(BLACK), points("j8"));
    assert_eq!(standard.threat(pt("j8"), BLACK), Threat::Five);
    assert_eq!(standard.threat(pt("e8"), BLACK), Threat::None);
    let freestyle = position(Rule::Freestyle, "d8 f8 g8 h8 i8", "", WHITE);
    assert_eq!(freestyle.five_points(BLACK), points("e8 j8"));
}

// -------------------------------------------------------------------- wins

/// Plays `moves` then `last`, which must win for its player with `line`.
fn assert_wins(rule: Rule, moves: &str, last: &str, line: &str) {
    let mut game = game(rule, moves);
    let mover = game.side_to_move();
    assert_eq!(game.outcome(), None, "{moves}");
    assert!(game.five_points(mover).contains(&pt(last)), "{rule} {moves} +{last}");
    game.play(pt(last));
    assert_eq!(game.outcome(), Some(Outcome::Loss), "{rule} {moves} +{last}");
    assert_eq!(game.winner(), Some(mover));
    assert!(game.is_over());
    let mut stones = game.winning_line().expect("a winning line");
    stones.sort();
    let mut expected = points(line);
    expected.sort();
    assert_eq!(stones, expected, "{rule} {moves} +{last}");
    assert_eq!(game.check_move(pt("b13")).expect_err("over").to_string(), "the game is over");
    game.undo(pt(last));
    assert_eq!((game.winner(), game.outcome(), game.winning_line()), (None, None, None));
}

/// Plays `moves` then `last`, which must not win.
fn assert_no_win(rule: Rule, moves: &str, last: &str) {
    let mut game = game(rule, moves);
    assert!(!game.five_points(game.side_to_move()).contains(&pt(last)), "{rule} {moves} +{last}");
    game.play(pt(last));
    assert_eq!((game.outcome(), game.winner(), game.winning_line()), (None, None, None), "{rule} {moves} +{last}");
    game.check_incremental().unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn exactly_five_wins_under_both_rules_in_every_direction() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        assert_wins(rule, "h8 a1 i8 a3 j8 a5 k8 a7", "l8", "h8 i8 j8 k8 l8");
        assert_wins(rule, "a1 h8 a3 h9 a5 h10 a7 h11 b13", "h12", "h8 h9 h10 h11 h12");
        assert_wins(rule, "c3 a9 d4 a11 e5 a13 g7 o1", "f6", "c3 d4 e5 f6 g7");
        assert_wins(rule, "o1 a9 n2 a11 m3 a13 k5 a7", "l4", "o1 n2 m3 l4 k5");
        // A stone beyond a gap does not make it an overline.
        assert_wins(rule, "d8 a1 f8 a3 g8 a5 h8 a7 i8 a9", "j8", "f8 g8 h8 i8 j8");
    }
}

#[test]
fn overlines_win_only_under_the_freestyle_rule() {
    // Two stones and three, the gap filled: six.
    let six = "f8 a1 g8 a3 i8 a5 j8 a7 k8 a9";
    assert_wins(Rule::Freestyle, six, "h8", "f8 g8 h8 i8 j8 k8");
    assert_no_win(Rule::Standard, six, "h8");
    // Three and three: seven.
    let seven = "e8 a1 f8 a3 g8 a5 i8 a7 j8 a9 k8 a11";
    assert_wins(Rule::Freestyle, seven, "h8", "e8 f8 g8 h8 i8 j8 k8");
    assert_no_win(Rule::Standard, seven, "h8");
    // Six in a row, then a five elsewhere still wins under the standard rule.
    let mut game = game(Rule::Standard, &format!("{six} h8 a13"));
    assert_eq!(game.outcome(), None);
    for (black, white) in [("c3", "o1"), ("c4", "o3"), ("c5", "o5"), ("c6", "o7")] {
        game.play(pt(black));
        game.play(pt(white));
    }
    game.play(pt("c7"));
    assert_eq!(game.winner(), Some(BLACK));
    assert_eq!(game.winning_line().unwrap().len(), 5);
}

#[test]
fn a_full_board_is_a_draw() {
    // 5 x 5 filled column pairs so that nobody gets five: rows alternate XXOOX / OOXXO ...
    let mut game = Gomoku::new(5, Rule::Freestyle).unwrap();
    let pattern = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XOXOX"];
    let mut blacks = Vec::new();
    let mut whites = Vec::new();
    for (y, row) in pattern.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Point { x: x as u8, y: y as u8 };
            if c == 'X' {
                blacks.push(p)
            } else {
                whites.push(p)
            }
        }
    }
    assert_eq!(blacks.len(), 13);
    for i in 0..25 {
        let p = if i % 2 == 0 { blacks[i / 2] } else { whites[i / 2] };
        assert_eq!(game.outcome(), None, "move {i}");
        assert_eq!(game.max_plies_left(), Some(25 - i as u32));
        game.try_play(p).unwrap();
    }
    assert!(game.is_full() && game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(game.winner(), None);
    assert_eq!(game.check_move(Point { x: 0, y: 0 }).unwrap_err().to_string(), "the game is over");
    game.check_incremental().unwrap();
}

// ------------------------------------------------------------- incremental

/// A play-or-undo step of a random walk: the point chosen among the empty
/// ones by index, and whether to take back the last move instead.
fn walk() -> impl Strategy<Value = (usize, usize, Rule, Vec<(usize, bool)>)> {
    (5usize..=22, 5usize..=22, 0usize..3, prop::collection::vec((0usize..10_000, prop::bool::weighted(0.25)), 0..80))
        .prop_map(|(width, height, rule, steps)| (width, height, Rule::ALL[rule], steps))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Along random play and undo on any board: the incremental state equals
    /// a recomputation from the stones, and undo restores the key.
    #[test]
    fn incremental_state_equals_a_recomputation((width, height, rule, steps) in walk()) {
        let mut game = Gomoku::with_dimensions(width, height, rule).unwrap();
        let mut keys = vec![game.hash_key()];
        for (choice, take_back) in steps {
            if (take_back || game.is_over()) && !game.history().is_empty() {
                let last = *game.history().last().unwrap();
                game.undo(last);
                keys.pop();
                prop_assert_eq!(game.hash_key(), *keys.last().unwrap(), "key after undo");
            } else if !game.is_over() {
                let empties: Vec<Point> = (0..height as u8)
                    .flat_map(|y| (0..width as u8).map(move |x| Point { x, y }))
                    .filter(|&p| game.check_move(p).is_ok())
                    .collect();
                let Some(&p) = empties.get(choice % empties.len().max(1)) else { continue };
                game.play(p);
                prop_assert_ne!(game.hash_key(), *keys.last().unwrap());
                keys.push(game.hash_key());
            }
            if let Err(error) = game.check_incremental() {
                prop_assert!(false, "{}: {:?}", error, game);
            }
        }
        // Replaying the moves from scratch gives the same position.
        let text: Vec<String> = game.history().iter().map(|&p| Gomoku::format_point(p)).collect();
        let replayed = Gomoku::from_moves(width, height, rule, &text.join(" ")).unwrap();
        prop_assert_eq!(replayed.hash_key(), game.hash_key());
        prop_assert_eq!(replayed.render(), game.render());
    }

    /// The same stones reached in another order have the same key.
    #[test]
    fn transpositions_have_the_same_key(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Gomoku::new(15, Rule::Freestyle).unwrap();
        for _ in 0..rng.random_range(2..30) {
            let moves = generated(&game);
            if game.is_over() { break; }
            game.play(moves[rng.random_range(0..moves.len())]);
        }
        let history = game.history().to_vec();
        let mut blacks: Vec<Point> = history.iter().copied().step_by(2).collect();
        let mut whites: Vec<Point> = history.iter().copied().skip(1).step_by(2).collect();
        blacks.reverse();
        let shift = whites.len().min(1);
        whites.rotate_left(shift);
        let mut other = Gomoku::new(15, Rule::Freestyle).unwrap();
        for i in 0..history.len() {
            let p = if i % 2 == 0 { blacks[i / 2] } else { whites[i / 2] };
            if other.try_play(p).is_err() {
                return Ok(()); // a five came earlier in this order
            }
        }
        prop_assert_eq!(other.hash_key(), game.hash_key());
        prop_assert_eq!(other.render().replace(['[', ']'], " "), game.render().replace(['[', ']'], " "));
    }
}

#[test]
fn the_side_to_move_is_part_of_the_key() {
    let a = game(Rule::Freestyle, "h8 h9 i8");
    let b = Gomoku::from_stones(15, 15, Rule::Freestyle, "h8 i8", "h9").unwrap();
    assert_eq!(a.hash_key(), b.hash_key());
    let mut c = a.clone();
    c.play(pt("a1"));
    assert_ne!(c.hash_key(), a.hash_key());
    c.undo(pt("a1"));
    assert_eq!(c.hash_key(), a.hash_key());
    assert_ne!(Gomoku::new(15, Rule::Freestyle).unwrap().hash_key(), None);
}

// ------------------------------------------------------------ game hooks

#[test]
fn moves_are_the_points_near_stones_in_both_orders() {
    let mut game = Gomoku::new(15, Rule::Freestyle).unwrap();
    assert_eq!(generated(&game), vec![pt("h8")], "the centre on an empty board");
    let mut twenty = Gomoku::new(20, Rule::Freestyle).unwrap();
    assert_eq!(generated(&twenty), vec![pt("k11")]);
    twenty.play(pt("a1"));
    assert_eq!(generated(&twenty).len(), 8, "a corner stone's 3 x 3 - 1");

    for text in ["h8", "a1", "b2", "o15", "h10 j9"] {
        game.play(pt(text.split_whitespace().next().unwrap()));
        for extra in text.split_whitespace().skip(1) {
            game.play(pt(extra));
        }
        let seed = generated(&game);
        let near = |p: Point| game.history().iter().any(|s| s.x.abs_diff(p.x) <= 2 && s.y.abs_diff(p.y) <= 2);
        let expected: Vec<Point> = (0..15u8)
            .flat_map(|y| (0..15u8).map(move |x| Point { x, y }))
            .filter(|&p| game.stone(p).is_none() && near(p))
            .collect();
        game.set_move_order(MoveOrder::Board);
        assert_eq!(game.move_order(), MoveOrder::Board);
        let board = generated(&game);
        assert_eq!(board, expected, "board order is row-major");
        assert!(board.iter().all(|&p| game.move_hint(p) == 0));
        game.set_move_order(MoveOrder::Seed);
        let mut sorted = seed.clone();
        sorted.sort_by_key(|p| (p.y, p.x));
        assert_eq!(sorted, expected, "the seed order has the same points");
        let hints: Vec<i32> = seed.iter().map(|&p| game.move_hint(p)).collect();
        assert!(hints.windows(2).all(|w| w[0] >= w[1]), "seed order follows the hints: {hints:?}");
        assert!(hints.iter().all(|h| h.abs() < 1_000_000));
        let ids: BTreeSet<usize> = seed.iter().map(|&p| game.move_id(p).unwrap()).collect();
        assert_eq!(ids.len(), seed.len());
        assert!(ids.iter().all(|&id| id < 4096));
        assert!(game.winner_moves_last());
        assert_eq!(game.max_plies_left(), Some(225 - game.history().len() as u32));
        assert!(game.evaluate().get().abs() < 1_000_000);
    }
}

#[test]
fn the_seed_order_ranks_threats() {
    // White (to move) has a four; black has an open three.
    let game = position(Rule::Freestyle, "b10 f6 g6 h6", "c10 d10 e10 f10", WHITE);
    let moves = generated(&game);
    assert_eq!(moves[0], pt("g10"), "win now");
    // Black to move: block the four first.
    let game = position(Rule::Freestyle, "b10 f6 g6 h6", "c10 d10 e10 f10", BLACK);
    let moves = generated(&game);
    assert_eq!(moves[0], pt("g10"), "block the four");
    assert!(matches!(moves[1], p if p == pt("e6") || p == pt("i6")), "then the open four: {moves:?}");
    assert!(game.move_hint(moves[0]) > game.move_hint(moves[1]));
}

#[test]
fn candidate_moves_win_block_and_lose() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        // Black has a four: win in 1, whatever white has.
        let game = position(rule, "e8 f8 g8 h8", "e9 f9 g9 h9", BLACK);
        assert_eq!(candidates(&game).0, Some(Score::win_in(1)));
        assert_eq!(horizon(&game).0, Horizon::Known(Score::win_in(1)));
        // White's closed four: the block is the only candidate.
        let blocked = position(rule, "c8 e6 g6", "d8 e8 f8 g8", BLACK);
        assert_eq!(blocked.five_points(WHITE), points("h8"));
        assert_eq!(candidates(&blocked), (None, points("h8")));
        assert_eq!(horizon(&blocked), (Horizon::Forced, points("h8")));
        // White's open four, or two fours: loss in 2.
        let open = position(rule, "e6 g6 j12", "d8 e8 f8 g8", BLACK);
        assert_eq!(open.five_points(WHITE), points("c8 h8"));
        assert_eq!(candidates(&open).0, Some(Score::loss_in(2)));
        assert_eq!(horizon(&open).0, Horizon::Known(Score::loss_in(2)));
        let two_fours = position(rule, "c8 k7", "d8 e8 f8 g8 k3 k4 k5 k6", BLACK);
        assert_eq!(two_fours.five_points(WHITE), points("k2 h8"));
        assert_eq!(candidates(&two_fours).0, Some(Score::loss_in(2)), "{:?}", two_fours.five_points(WHITE));
        // Black's open three: win in 3; and a double four made by one stone.
        let three = position(rule, "f8 g8 h8", "f9 g9", BLACK);
        assert_eq!(candidates(&three).0, Some(Score::win_in(3)));
        assert_eq!(horizon(&three).0, Horizon::Known(Score::win_in(3)));
        let double = position(rule, "e8 f8 g8 h9 h10 h11", "d8 h12", BLACK);
        assert_eq!(double.threat(pt("h8"), BLACK), Threat::OpenFour);
        assert_eq!(candidates(&double).0, Some(Score::win_in(3)));
        // A quiet position: every candidate, and the fours at the horizon.
        let quiet = position(rule, "e8 f8 g8 j12", "d8 j11 j10", BLACK);
        let (known, moves) = candidates(&quiet);
        assert_eq!(known, None);
        assert_eq!(moves, generated(&quiet));
        let (horizon_kind, fours) = horizon(&quiet);
        assert_eq!(horizon_kind, Horizon::Quiet);
        // Black's fours are h8 and i8; which of them are offered depends on
        // black's last stone (see the test below).
        assert!(fours.into_iter().collect::<BTreeSet<_>>().is_subset(&point_set("h8 i8")));
    }
}

/// The quiescence offers the fours near the side to move's own last stone
/// (two plies back), not the whole board's; with no last stone of its own
/// (or after a pass), every four.
#[test]
fn quiescence_offers_the_fours_near_the_attackers_last_stone() {
    let fours_at_horizon = |moves: &str| {
        let game = Gomoku::from_moves(15, 15, Rule::Freestyle, moves).unwrap();
        let (kind, fours) = horizon(&game);
        assert_eq!(kind, Horizon::Quiet, "{moves}");
        fours.into_iter().collect::<BTreeSet<_>>()
    };
    // Black has closed threes in row 8 (d8 e8 f8, c8 white) and in column
    // m (m2 m3 m4, m1 white), far apart; black's last stone decides which
    // fours are offered.
    let row_last = "m2 a15 m3 o15 m4 a1 d8 m1 e8 c8 f8 o8";
    assert_eq!(fours_at_horizon(row_last), point_set("g8 h8"));
    let column_last = "d8 a15 e8 o15 f8 a1 m2 c8 m3 m1 m4 o8";
    assert_eq!(fours_at_horizon(column_last), point_set("m5 m6"));
    // Every four of the position, as the rules see them.
    let game = Gomoku::from_moves(15, 15, Rule::Freestyle, row_last).unwrap();
    let all: BTreeSet<_> = [Threat::Four, Threat::FourThree, Threat::OpenFour]
        .iter()
        .flat_map(|&t| game.threat_points(BLACK, t))
        .collect();
    assert_eq!(all, point_set("g8 h8 m5 m6"));
    // After a pass the colours of the history shift: every four.
    let mut passed = Gomoku::from_moves(15, 15, Rule::Freestyle, "d8 a15 e8 o15 f8 a1 m2 c8 m3 m1 m4").unwrap();
    assert!(passed.play_null());
    let (_, fours) = horizon(&passed);
    assert_eq!(fours.into_iter().collect::<BTreeSet<_>>(), point_set("g8 h8 m5 m6"));
}

/// The side to move must answer the opponent's four or open three (the
/// selective search then does not settle the node by its evaluation), and
/// nothing else: its own threats, or the opponent's mere two, do not count.
#[test]
fn must_answer_a_four_or_an_open_three_only() {
    let position = |moves: &str| Gomoku::from_moves(15, 15, Rule::Freestyle, moves).unwrap();
    // White to move against black's open three h8 i8 j8.
    assert!(position("h8 a1 i8 a15 j8").must_answer());
    // ... against black's four h8-k8 blocked by white's g8 (one five point, l8).
    assert!(position("h8 g8 i8 a1 j8 a15 k8").must_answer());
    // Black to move, with its own open three on the board: nothing to answer.
    assert!(!position("h8 a1 i8 a15 j8 o15").must_answer());
    // White to move against black's two, and on a quiet board.
    assert!(!position("h8 a1 i8").must_answer());
    assert!(!position("h8 a1").must_answer());
}

/// Against an open three, a four far from both last stones distracts: the
/// search may reduce it like a quiet move. Near the fight, or with no open
/// three to answer, a four stays forcing, and so does every defence.
#[test]
fn a_far_four_against_an_open_three_is_not_forcing() {
    // White has just made the open three g10 h10 i10; black, to move, has
    // the closed three m2 m3 m4 (m1 white) far away and played h9 last.
    let game = Gomoku::from_moves(15, 15, Rule::Freestyle, "m2 m1 m3 g10 m4 h10 h9 i10").unwrap();
    let fours: BTreeSet<_> = game.threat_points(BLACK, Threat::Four).into_iter().collect();
    assert_eq!(fours, point_set("m5 m6"));
    let open: BTreeSet<_> = game.threat_points(WHITE, Threat::OpenFour).into_iter().collect();
    assert_eq!(open, point_set("f10 j10"));
    // m5 is five rows from white's i10 and five columns from black's h9;
    // m6 is within four points of i10 (four rows, four columns).
    assert!(!game.is_forcing(pt("m5")));
    assert!(game.is_forcing(pt("m6")));
    for defence in points("f10 j10 e10 k10") {
        assert!(game.is_forcing(defence), "{defence}");
    }
    // The same four when white's three is closed (f10 black): forcing.
    let closed = Gomoku::from_moves(15, 15, Rule::Freestyle, "m2 m1 m3 g10 m4 h10 f10 i10").unwrap();
    assert!(closed.is_forcing(pt("m5")));
    // ... and near black's own last stone (m4), against the open three.
    let near = Gomoku::from_moves(15, 15, Rule::Freestyle, "m2 m1 h9 g10 m3 h10 m4 i10").unwrap();
    assert!(near.is_forcing(pt("m5")));
}

/// A trivial move builds nothing for either side: a knight's move from
/// the only stones is one; a point beside a stone (an open two for its
/// colour) is not, nor is a point that blocks the other side's open two.
#[test]
fn trivial_moves_build_nothing_for_either_side() {
    // Black h8, white a1: black to move... and white's a1 in a corner.
    let game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 a1").unwrap();
    assert!(game.is_trivial(pt("i10")), "a knight's move from h8 shares no line with it");
    assert!(!game.is_trivial(pt("i8")), "beside h8: black's open two");
    assert!(!game.is_trivial(pt("j10")), "h8's diagonal, one gap: black's open two");
    // White to move against black's open two h8 i8: j8 blocks it and is
    // no trivial move (black's three point), though white makes nothing.
    let two = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 a1 i8").unwrap();
    assert!(!two.is_trivial(pt("j8")));
    assert!(two.is_trivial(pt("k9")), "a knight's move from i8, on no line of h8");
}

#[test]
fn score_bounds_after_a_forced_block_and_in_quiet_positions() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        // White's four must be blocked on h8, which gives black an open four
        // in column h: a win at ply 3 is possible after a block.
        let mut game = position(rule, "c8 h9 h10 h11", "d8 e8 f8 g8", BLACK);
        assert_eq!(candidates(&game), (None, points("h8")));
        assert_eq!(game.score_bounds(), (Score::loss_in(4), Score::win_in(3)));
        assert!(brute_force_wins_within(&mut game, 3));
        // Nothing forced: no win before ply 5, no loss before ply 4.
        let quiet = position(rule, "h8 j10", "h9", WHITE);
        assert_eq!(quiet.score_bounds(), (Score::loss_in(4), Score::win_in(5)));
        // Known values are both bounds.
        let four = position(rule, "e8 f8 g8 h8", "e9 f9 g9", BLACK);
        assert_eq!(four.score_bounds(), (Score::win_in(1), Score::win_in(1)));
    }
    // Four points left on a 5 x 5 board with nothing forced: a loss at ply 4
    // is possible, a win at ply 5 is not.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "....X"];
    let stones = |colour: char| {
        let mut list = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                if c == colour {
                    list.push(Gomoku::format_point(Point { x: x as u8, y: y as u8 }));
                }
            }
        }
        list.join(" ")
    };
    let game = Gomoku::from_stones(5, 5, Rule::Freestyle, &stones('X'), &stones('O')).unwrap();
    assert_eq!(game.side_to_move(), WHITE);
    assert!(game.five_points(BLACK).is_empty() && game.five_points(WHITE).is_empty());
    assert_eq!(candidates(&game).0, None);
    assert_eq!(game.score_bounds(), (Score::loss_in(4), Score::DRAW));
    assert_eq!(game.max_plies_left(), Some(4));
}

#[test]
fn overlines_are_no_threats_under_the_standard_rule() {
    // Black X X X X . X: the gap makes six.
    let black = "d8 e8 f8 g8 i8";
    let free = position(Rule::Freestyle, black, "c8 a3 a7 a9", BLACK);
    assert_eq!(candidates(&free).0, Some(Score::win_in(1)));
    let standard = position(Rule::Standard, black, "c8 a3 a7 a9", BLACK);
    assert_eq!(candidates(&standard).0, None);
    // The same stones white's: no block is forced under the standard rule.
    let standard = position(Rule::Standard, "c8 a3 a7 a11 m13", black, BLACK);
    let (known, moves) = candidates(&standard);
    assert_eq!(known, None);
    assert!(moves.len() > 1);
    let free = position(Rule::Freestyle, "c8 a3 a7 a11 m13", black, BLACK);
    assert_eq!(candidates(&free), (None, points("h8")));
    // .XXXX. next to a black stone: only one end makes exactly five, so
    // under the standard rule it is a four, not an open four.
    let standard = position(Rule::Standard, "c8 e8 f8 g8 h8", "a3 a7 a9 m3 m5", WHITE);
    assert_eq!(standard.five_points(BLACK), points("i8"));
    assert_eq!(candidates(&standard), (None, points("i8")));
    let free = position(Rule::Freestyle, "c8 e8 f8 g8 h8", "a3 a7 a9 m3 m5", WHITE);
    assert_eq!(candidates(&free).0, Some(Score::loss_in(2)));
}

/// The points where black's stone stops every white open-four move, or
/// makes a black four, by brute force: play each candidate, then every
/// white reply, and count five points.
fn brute_force_answers(game: &mut Gomoku) -> BTreeSet<Point> {
    let me = game.side_to_move();
    let mut answers = BTreeSet::new();
    for x in generated(game) {
        game.play(x);
        let makes_four = !game.five_points(me).is_empty();
        let stops_all = generated(game).into_iter().all(|m| {
            game.play(m);
            let open_four = game.five_points(me.opponent()).len() >= 2;
            game.undo(m);
            !open_four
        });
        game.undo(x);
        if makes_four || stops_all {
            answers.insert(x);
        }
    }
    answers
}

#[test]
fn an_open_three_forces_a_defence_or_a_four() {
    let cases = [
        // An open three with room: the two ends.
        ("c3 c5 d12 m12", "f8 g8 h8", "e8 i8"),
        // A broken three: the gap and the two ends.
        ("c3 c5 d12 m12", "f8 g8 i8", "e8 h8 j8"),
        // Room on one side only: the far end helps too.
        ("c3 c5 d12 d8", "f8 g8 h8", "e8 i8 j8"),
        // Black can counter with fours (e10 f10 g10 closed by d10): h10, i10.
        ("d12 e10 f10 g10", "d10 f8 g8 h8", "e8 i8 h10 i10"),
    ];
    for rule in [Rule::Freestyle, Rule::Standard] {
        for (black, white, expected) in cases {
            let mut game = position(rule, black, white, BLACK);
            let (known, moves) = candidates(&game);
            assert_eq!(known, None, "{black} / {white}");
            let moves: BTreeSet<Point> = moves.into_iter().collect();
            assert_eq!(moves, point_set(expected), "{rule}: {black} / {white}");
            assert_eq!(moves, brute_force_answers(&mut game), "{rule}: {black} / {white}");
        }
    }
    // White's h8 would make three fours (five points i8, h9, g9): only a
    // stone on h8 itself stops it.
    for rule in [Rule::Freestyle, Rule::Standard] {
        let mut game = position(rule, "d8 h4 l4", "e8 f8 g8 h5 h6 h7 i7 j6 k5", BLACK);
        assert_eq!(game.threat_points(WHITE, Threat::OpenFour), points("h8"));
        assert_eq!(candidates(&game), (None, points("h8")), "{rule}");
        assert_eq!(brute_force_answers(&mut game), point_set("h8"));
    }
    // Two open threes that no stone stops together, and no black four: lost in 4.
    let game = position(Rule::Freestyle, "c3 c5 d12 m12 a7", "f8 g8 h8 k3 k4 k5", BLACK);
    assert_eq!(candidates(&game).0, Some(Score::loss_in(4)));
    assert!(brute_force_loses_within(&mut game.clone(), 4));
}

// ------------------------------------------------------- brute force

/// True if the side to move forces a win within `plies` plies, searching
/// every generated move.
fn brute_force_wins_within(game: &mut Gomoku, plies: u32) -> bool {
    if plies == 0 || game.outcome().is_some() {
        return false;
    }
    generated(game).into_iter().any(|mv| {
        game.play(mv);
        let won = game.outcome() == Some(Outcome::Loss) || brute_force_loses_within(game, plies - 1);
        game.undo(mv);
        won
    })
}

/// True if every move of the side to move lets the opponent win within
/// `plies - 1` more plies.
fn brute_force_loses_within(game: &mut Gomoku, plies: u32) -> bool {
    if game.outcome() == Some(Outcome::Loss) {
        return true;
    }
    if plies < 2 || game.outcome().is_some() {
        return false;
    }
    let moves = generated(game);
    !moves.is_empty()
        && moves.into_iter().all(|mv| {
            game.play(mv);
            let lost = brute_force_wins_within(game, plies - 1);
            game.undo(mv);
            lost
        })
}

/// Plain negamax to `depth` plies over `moves` at the root (generated moves
/// below), every unfinished leaf worth 0; distances counted from the root.
fn brute_force_value(game: &mut Gomoku, depth: u32, ply: u32, root_moves: Option<&[Point]>) -> Score {
    if let Some(outcome) = game.outcome() {
        return outcome.score(ply);
    }
    if depth == 0 {
        return Score::DRAW;
    }
    let moves = root_moves.map_or_else(|| generated(game), <[Point]>::to_vec);
    let mut best = -Score::INFINITY;
    for mv in moves {
        game.play(mv);
        best = best.max(-brute_force_value(game, depth - 1, ply + 1, None));
        game.undo(mv);
    }
    if best == -Score::INFINITY {
        Score::DRAW
    } else {
        best
    }
}

/// Checks `candidate_moves` and `horizon` of `game` against brute force:
/// a known value is exact, and the moves kept are as good as all of them
/// to `depth` plies. Returns the kind of answer, for the statistics.
fn check_against_brute_force(game: &mut Gomoku, depth: u32) -> &'static str {
    let (known, moves) = candidates(game);
    let (horizon_kind, horizon_moves) = horizon(game);
    let context = format!("{game:?}\n{game}");
    match known {
        Some(value) => {
            match horizon_kind {
                Horizon::Known(h) if h == value => {}
                _ if value == Score::loss_in(4) => {}
                other => panic!("horizon {other:?} but candidates {value}: {context}"),
            }
            let plies = value.plies_to_end().expect("a decided value");
            if value.is_win() {
                assert!(brute_force_wins_within(game, plies), "no win in {plies}: {context}");
                assert!(plies < 3 || !brute_force_wins_within(game, plies - 2), "faster win: {context}");
                "win"
            } else {
                assert!(brute_force_loses_within(game, plies), "no loss in {plies}: {context}");
                assert!(!brute_force_loses_within(game, plies - 2), "faster loss: {context}");
                "loss"
            }
        }
        None => {
            assert!(!moves.is_empty(), "{context}");
            if horizon_kind == Horizon::Forced {
                assert_eq!(horizon_moves, moves, "{context}");
            }
            let all = brute_force_value(game, depth, 0, None);
            let kept = brute_force_value(game, depth, 0, Some(&moves));
            assert_eq!(kept, all, "candidates {moves:?}: {context}");
            let (lowest, highest) = game.score_bounds();
            if all.is_win() || all.is_loss() {
                assert!(lowest <= all && all <= highest, "{all} outside {lowest}..{highest}: {context}");
            }
            if moves.len() < generated(game).len() {
                "restricted"
            } else {
                "all"
            }
        }
    }
}

#[test]
fn shortcuts_agree_with_brute_force_on_small_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_240_601);
    let mut kinds = std::collections::BTreeMap::new();
    for round in 0..400 {
        let side = [7, 7, 8, 9][round % 4];
        let rule = if round % 3 == 0 { Rule::Standard } else { Rule::Freestyle };
        let mut game = Gomoku::new(side, rule).unwrap();
        // Random play, preferring moves near the last ones, to a random length.
        let length = rng.random_range(6..(side * side * 2 / 3));
        while game.history().len() < length && !game.is_over() {
            let moves = generated(&game);
            let mv = moves[rng.random_range(0..moves.len().min(8))];
            game.play(mv);
        }
        if game.is_over() {
            continue;
        }
        let empties = side * side - game.history().len();
        let depth = if empties <= 16 { 4 } else { 2 };
        // A loss in 4, and the answers to an open three, need depth 4 to be checked.
        let (known, moves) = candidates(&game);
        let answers_three = known.is_none() && moves.len() > 1 && moves.len() < generated(&game).len();
        if depth < 4 && (known == Some(Score::loss_in(4)) || answers_three) {
            continue;
        }
        let kind = check_against_brute_force(&mut game, depth);
        *kinds.entry(kind).or_insert(0) += 1;
    }
    for kind in ["win", "loss", "restricted", "all"] {
        assert!(kinds.get(kind).copied().unwrap_or(0) >= 3, "too few '{kind}' positions: {kinds:?}");
    }
}

// -------------------------------------------------------------------- VCF

/// Checks a VCF line by replaying it with nothing but `five_points`.
fn assert_vcf_line(game: &Gomoku, line: &[Point]) {
    let mut replay = game.clone();
    let attacker = replay.side_to_move();
    for (i, &p) in line.iter().enumerate() {
        replay.try_play(p).unwrap_or_else(|e| panic!("move {i} {p}: {e}"));
        if i % 2 == 0 && i + 1 < line.len() {
            let fives = replay.five_points(attacker);
            assert!(!fives.is_empty(), "{p} is not a four");
            assert!(replay.five_points(attacker.opponent()).is_empty(), "the defender has a five after {p}");
            assert!(fives.contains(&line[i + 1]), "the reply {} is not the block", line[i + 1]);
        }
    }
    assert_eq!(replay.winner(), Some(attacker), "{line:?}");
    assert!(game.is_vcf(line));
}

/// A staircase of `n` fours for black. The first four completes a row of
/// three closed by white. Each later four is on a line through the
/// previous four stone `q`, four points on (`q+4`), with two black stones
/// between (leaving one gap, the four's five point) and a white stone on
/// `q-1` closing it; the last four stone also completes a line of three
/// stones with one gap, closed by white (or the edge) at the far end: a
/// double four. `steps` gives each line's direction and gap.
fn staircase(n: usize, start: (i32, i32), first: (i32, i32), steps: &[((i32, i32), i32)]) -> Gomoku {
    let at = |(x, y): (i32, i32), (dx, dy): (i32, i32), k: i32| (x + k * dx, y + k * dy);
    let mut q = start;
    let mut black: Vec<(i32, i32)> = (1..=3).map(|k| at(q, first, -k)).collect();
    let mut white = vec![at(q, first, -4)];
    for (k, &(direction, gap)) in steps[..n].iter().enumerate() {
        // White closes the five points from q to q+4 at both ends: no line
        // of them can ever hold more than one five point.
        white.extend([at(q, direction, -1), at(q, direction, 5)]);
        if k + 1 < n {
            black.extend((1..=3).filter(|&i| i != gap).map(|i| at(q, direction, i)));
            q = at(q, direction, 4);
        } else {
            black.extend((1..=4).filter(|&i| i != gap).map(|i| at(q, direction, i)));
        }
    }
    let text = |stones: &[(i32, i32)]| {
        let on_board = stones.iter().filter(|&&(x, y)| (0..15).contains(&x) && (0..15).contains(&y));
        on_board.map(|&(x, y)| Gomoku::format_point(Point { x: x as u8, y: y as u8 })).collect::<Vec<_>>().join(" ")
    };
    position(Rule::Freestyle, &text(&black), &text(&white), BLACK)
}

/// Whether the side to move wins by continuous fours within `fours` fours,
/// by brute force over every empty point with nothing but `five_points`:
/// each attacking stone must leave a five point and the defender none;
/// the defender's reply is then the block (or anything, against two).
fn naive_vcf(game: &mut Gomoku, fours: u32) -> bool {
    let attacker = game.side_to_move();
    if !game.five_points(attacker).is_empty() {
        return true;
    }
    if fours == 0 {
        return false;
    }
    let all: Vec<Point> = (0..15u8).flat_map(|y| (0..15u8).map(move |x| Point { x, y })).collect();
    let empties: Vec<Point> = all.into_iter().filter(|&p| game.stone(p).is_none()).collect();
    for p in empties {
        game.play(p);
        let fives = game.five_points(attacker);
        let wins = !fives.is_empty()
            && game.five_points(attacker.opponent()).is_empty()
            && (fives.len() >= 2 || {
                game.play(fives[0]);
                let wins = naive_vcf(game, fours - 1);
                game.undo(fives[0]);
                wins
            });
        game.undo(p);
        if wins {
            return true;
        }
    }
    false
}

#[test]
fn vcf_staircases_of_one_to_five_fours() {
    const RIGHT: (i32, i32) = (1, 0);
    const DOWN: (i32, i32) = (0, 1);
    let staircases: [&[((i32, i32), i32)]; 5] = [
        &[(DOWN, 1)],
        &[(DOWN, 1), (RIGHT, 1)],
        &[(DOWN, 2), (RIGHT, 1), (DOWN, 1)],
        &[(DOWN, 1), (RIGHT, 2), (DOWN, 1), (RIGHT, 1)],
        &[(DOWN, 1), (RIGHT, 2), (DOWN, 2), (RIGHT, 3), (DOWN, 1)],
    ];
    for (i, steps) in staircases.into_iter().enumerate() {
        let n = i + 1;
        let mut game = staircase(n, (4, 1), RIGHT, steps);
        let line = game.find_vcf(10, 1_000_000).unwrap_or_else(|| panic!("no VCF in staircase {n}:\n{game}"));
        assert_vcf_line(&game, &line);
        assert_eq!(line.len(), 2 * n + 1, "staircase {n}: {line:?}\n{game}");
        assert_eq!(game.find_vcf(n as u32 - 1, 1_000_000), None, "staircase {n} with {} fours", n - 1);
        assert!(naive_vcf(&mut game, n as u32), "staircase {n}");
        if n <= 4 {
            assert!(!naive_vcf(&mut game, n as u32 - 1), "staircase {n} has a shorter VCF:\n{game}");
        }
        game.check_incremental().unwrap();
    }
}

#[test]
fn vcf_edge_cases() {
    // A five now: a line of one move.
    let mut five = position(Rule::Freestyle, "e8 f8 g8 h8", "e9 f9 g9", BLACK);
    assert_eq!(five.find_vcf(0, 10), Some(points("d8")));
    // The opponent has a four and the side to move no five: no VCF, even
    // with an open three of its own.
    let mut threatened = position(Rule::Freestyle, "d10 e8 f8 g8 m12", "e10 f10 g10 h10", BLACK);
    assert_eq!(threatened.five_points(WHITE), points("i10"));
    assert_eq!(threatened.find_vcf(5, 10_000), None);
    // No fours at all.
    let mut quiet = position(Rule::Freestyle, "h8 j10", "h9", WHITE);
    assert_eq!(quiet.find_vcf(5, 100_000), None);
    // A budget of nothing finds nothing.
    let mut open_three = position(Rule::Freestyle, "f8 g8 h8", "f9 g9", BLACK);
    assert_eq!(open_three.find_vcf(3, 0), None);
    assert_eq!(open_three.find_vcf(3, 100).map(|line| line.len()), Some(3));
    // A finished game.
    let mut over = game(Rule::Freestyle, "h8 a1 i8 a3 j8 a5 k8 a7 l8");
    assert_eq!(over.find_vcf(3, 100), None);
    // Bad lines are refused.
    assert!(!open_three.is_vcf(&points("h10 h11 h12")), "not a four");
    assert!(!open_three.is_vcf(&points("e8 i8")), "not finished");
    assert!(!open_three.is_vcf(&points("e8 a2 d8")), "the reply a2 does not block");
    assert!(!open_three.is_vcf(&points("e8 d8 i8 a2")), "moves after the five");
    assert!(!open_three.is_vcf(&[]));
    assert!(open_three.is_vcf(&points("e8 d8 i8")));
    assert!(open_three.is_vcf(&points("e8 i8 d8")));
}

#[test]
fn found_vcfs_always_verify_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut found = 0;
    for round in 0..300 {
        let rule = if round % 2 == 0 { Rule::Freestyle } else { Rule::Standard };
        let mut game = Gomoku::new(15, rule).unwrap();
        let length = rng.random_range(8..50);
        while game.history().len() < length && !game.is_over() {
            let moves = generated(&game);
            game.play(moves[rng.random_range(0..moves.len().min(6))]);
        }
        if game.is_over() {
            continue;
        }
        let before = game.hash_key();
        if let Some(line) = game.find_vcf(8, 20_000) {
            assert_vcf_line(&game, &line);
            found += 1;
        }
        assert_eq!(game.hash_key(), before, "find_vcf restores the position");
    }
    assert!(found >= 20, "only {found} VCFs found");
}

// ------------------------------------------------------------------ speed

/// Nanoseconds per call of `step`, over `rounds` rounds of `calls` calls.
fn time_per_call(rounds: usize, calls: usize, mut step: impl FnMut()) -> f64 {
    let started = std::time::Instant::now();
    for _ in 0..rounds {
        step();
    }
    started.elapsed().as_nanos() as f64 / (rounds * calls) as f64
}

/// `cargo test --release -p abprune-games --test all -- --ignored --nocapture gomoku::speed`
/// (`GOMOKU_SPEED_ROUNDS` sets the rounds, e.g. few under valgrind).
#[test]
#[ignore = "a timing, not a test: run it by hand in release mode"]
fn speed_of_play_evaluate_undo() {
    // A quiet middle game: no four, no open three; every candidate searched.
    let mut game = game(Rule::Freestyle, "h8 h9 i9 g7 j10 k11 i7 h7 g9 f10 j8 i10");
    let moves = generated(&game);
    assert_eq!(candidates(&game), (None, moves.clone()));
    let rounds = std::env::var("GOMOKU_SPEED_ROUNDS").ok().and_then(|text| text.parse().ok()).unwrap_or(20_000);
    let mut checksum = 0i64;
    let play = time_per_call(rounds, moves.len(), || {
        for &mv in &moves {
            game.play(mv);
            checksum += i64::from(game.evaluate().get());
            game.undo(mv);
        }
    });
    println!("play+evaluate+undo: {play:.0} ns ({:.2} M/s)", 1e3 / play);
    let mut buffer = Vec::with_capacity(256);
    let generate = time_per_call(rounds, 1, || {
        buffer.clear();
        game.generate_moves(&mut buffer);
        checksum += buffer.len() as i64;
    });
    println!("generate_moves, seed order ({} moves): {generate:.0} ns", moves.len());
    let candidates = time_per_call(rounds, 1, || {
        buffer.clear();
        checksum += game.candidate_moves(&mut buffer).map_or(0, |s| i64::from(s.get())) + buffer.len() as i64;
    });
    println!("candidate_moves: {candidates:.0} ns");
    let horizon = time_per_call(rounds, moves.len(), || {
        for &mv in &moves {
            game.play(mv);
            buffer.clear();
            checksum += i64::from(game.horizon(&mut buffer) == Horizon::Quiet) + buffer.len() as i64;
            game.undo(mv);
        }
    });
    println!("play+horizon+undo: {horizon:.0} ns (checksum {checksum})");
}
