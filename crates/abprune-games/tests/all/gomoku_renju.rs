//! Renju's forbidden points: the position's set (kept move by move, judged
//! by module `renju`) against an independent, slow, exhaustive reading of
//! the definition on random positions, and a hand-made set of the hard
//! cases with their sources.
#![allow(clippy::unwrap_used)]

use abprune::{Game, Player, Score};
use abprune_games::gomoku::Forbidden;
use abprune_games::{Gomoku, Point, Rule};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The board as the oracle reads it: `.` empty, `X` black, `O` white,
/// `board[y][x]`.
struct Board {
    cells: Vec<Vec<char>>,
}

/// The four directions of a line.
const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl Board {
    fn of(game: &Gomoku) -> Board {
        let cells = (0..game.height() as u8)
            .map(|y| {
                (0..game.width() as u8)
                    .map(|x| match game.stone(Point::new(x, y)) {
                        Some(Player::First) => 'X',
                        Some(Player::Second) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        Board { cells }
    }

    /// The cell at `(x, y)`; off the board is `#`.
    fn at(&self, x: i64, y: i64) -> char {
        if y < 0 || x < 0 {
            return '#';
        }
        self.cells.get(y as usize).and_then(|row| row.get(x as usize)).copied().unwrap_or('#')
    }

    fn set(&mut self, x: i64, y: i64, cell: char) {
        self.cells[y as usize][x as usize] = cell;
    }

    /// The cells of the whole line through `(x, y)` along `(dx, dy)`, as
    /// offsets `t` (the cell `(x + t dx, y + t dy)`) that lie on the board.
    fn line(&self, x: i64, y: i64, (dx, dy): (i64, i64)) -> Vec<i64> {
        let size = self.cells.len().max(self.cells[0].len()) as i64;
        (-size..=size).filter(|&t| self.at(x + t * dx, y + t * dy) != '#').collect()
    }

    /// Whether the `length` cells from offset `from` along the line are all
    /// black, and the cells just outside both ends are not.
    fn exact_black_run(&self, x: i64, y: i64, (dx, dy): (i64, i64), from: i64, length: i64) -> bool {
        let cell = |t: i64| self.at(x + t * dx, y + t * dy);
        (from..from + length).all(|t| cell(t) == 'X') && cell(from - 1) != 'X' && cell(from + length) != 'X'
    }

    /// Black has exactly five in a row through `(x, y)` along `direction`.
    fn five(&self, x: i64, y: i64, direction: (i64, i64)) -> bool {
        (-4..=0).any(|from| self.exact_black_run(x, y, direction, from, 5))
    }

    /// Six or more black stones in a row through `(x, y)`.
    fn overline(&self, x: i64, y: i64, (dx, dy): (i64, i64)) -> bool {
        (-5..=0).any(|from| (from..from + 6).all(|t| self.at(x + t * dx, y + t * dy) == 'X'))
    }

    /// The five points of the black stone `(x, y)` along `direction`: the
    /// empty cells of every window of five cells through the stone that
    /// holds four black stones and that one empty cell, not touching a
    /// black stone at either end.
    fn five_points(&self, x: i64, y: i64, (dx, dy): (i64, i64)) -> Vec<i64> {
        let cell = |t: i64| self.at(x + t * dx, y + t * dy);
        let mut points = Vec::new();
        for from in -4..=0 {
            let window: Vec<i64> = (from..from + 5).collect();
            let empty: Vec<i64> = window.iter().copied().filter(|&t| cell(t) == '.').collect();
            let black = window.iter().filter(|&&t| cell(t) == 'X').count();
            if black == 4
                && empty.len() == 1
                && cell(from - 1) != 'X'
                && cell(from + 5) != 'X'
                && !points.contains(&empty[0])
            {
                points.push(empty[0]);
            }
        }
        points.sort_unstable();
        points
    }

    /// The fours of the black stone along `direction`: its five points, the
    /// two ends of one straight four counting once.
    fn fours(&self, x: i64, y: i64, direction: (i64, i64)) -> usize {
        let points = self.five_points(x, y, direction);
        let straight = points.len() == 2 && points[1] - points[0] == 5;
        points.len() - usize::from(straight)
    }

    /// A straight four through the black stone `(x, y)`: a window of six
    /// cells with the stone inside, empty at both ends, black between, and
    /// no black stone just past either end.
    fn straight_four(&self, x: i64, y: i64, (dx, dy): (i64, i64)) -> bool {
        let cell = |t: i64| self.at(x + t * dx, y + t * dy);
        (-4..=-1).any(|from| {
            cell(from) == '.'
                && cell(from + 5) == '.'
                && (from + 1..from + 5).all(|t| cell(t) == 'X')
                && cell(from - 1) != 'X'
                && cell(from + 6) != 'X'
        })
    }

    /// Whether black may not play the empty `(x, y)`, read off the
    /// definition: no five, and an overline, two fours or two threes, a
    /// three being a line without a four where some empty cell of the whole
    /// line makes a straight four through the stone and is itself not
    /// forbidden (asked with the stone placed).
    fn forbidden(&mut self, x: i64, y: i64) -> bool {
        self.forbidden_within(x, y, usize::MAX)
    }

    /// [`Board::forbidden`] with the recursion cut after `levels` levels:
    /// below that, every candidate three counts as a three.
    fn forbidden_within(&mut self, x: i64, y: i64, levels: usize) -> bool {
        assert_eq!(self.at(x, y), '.');
        self.set(x, y, 'X');
        let verdict = self.judge(x, y, levels);
        self.set(x, y, '.');
        verdict
    }

    fn judge(&mut self, x: i64, y: i64, levels: usize) -> bool {
        if DIRECTIONS.iter().any(|&d| self.five(x, y, d)) {
            return false;
        }
        if DIRECTIONS.iter().any(|&d| self.overline(x, y, d)) {
            return true;
        }
        let fours: usize = DIRECTIONS.iter().map(|&d| self.fours(x, y, d)).sum();
        if fours >= 2 {
            return true;
        }
        let mut threes = 0;
        for d in DIRECTIONS {
            if self.fours(x, y, d) > 0 {
                continue;
            }
            let mut three = false;
            for t in self.line(x, y, d) {
                let (ex, ey) = (x + t * d.0, y + t * d.1);
                if self.at(ex, ey) != '.' {
                    continue;
                }
                self.set(ex, ey, 'X');
                let makes_straight_four = self.straight_four(x, y, d);
                self.set(ex, ey, '.');
                if makes_straight_four && (levels == 0 || !self.forbidden_within(ex, ey, levels - 1)) {
                    three = true;
                    break;
                }
            }
            threes += usize::from(three);
        }
        threes >= 2
    }
}

/// The oracle's forbidden points of `game`, in board order.
fn oracle_points(game: &Gomoku) -> Vec<Point> {
    let mut board = Board::of(game);
    let mut points = Vec::new();
    for y in 0..game.height() as u8 {
        for x in 0..game.width() as u8 {
            if board.at(i64::from(x), i64::from(y)) == '.' && board.forbidden(i64::from(x), i64::from(y)) {
                points.push(Point::new(x, y));
            }
        }
    }
    points
}

/// A random renju game position: black plays near its own stones (to build
/// threes and fours), white anywhere half of the time; no forbidden move
/// and no five. `None` if a stone ended the game.
fn random_renju(rng: &mut ChaCha8Rng, size: usize, stones: usize) -> Option<Gomoku> {
    let mut game = Gomoku::new(size, Rule::Renju).unwrap();
    for _ in 0..stones {
        let mut moves = Vec::new();
        if game.side_to_move() == Player::Second && rng.random_bool(0.5) {
            moves = (0..size as u8)
                .flat_map(|y| (0..size as u8).map(move |x| Point::new(x, y)))
                .filter(|&p| game.check_move(p).is_ok())
                .collect();
        } else {
            game.generate_moves(&mut moves);
        }
        let &point = moves.get(rng.random_range(0..moves.len().max(1)))?;
        game.try_play(point).ok()?;
        if game.is_over() {
            return None;
        }
    }
    Some(game)
}

/// On thousands of random positions (9x9 to 15x15), black's forbidden
/// points as the position keeps them, and as `forbidden_reason` judges each
/// point, are exactly the oracle's; playing one is refused; black's threat
/// sets and generated moves hold none; the incremental state equals a
/// recomputation, also after taking every move back.
#[test]
fn forbidden_points_agree_with_an_exhaustive_reading_of_the_rules() {
    let mut rng = ChaCha8Rng::seed_from_u64(59_2026);
    let (mut positions, mut forbidden, mut recursion_mattered) = (0, 0, [0, 0]);
    let mut kinds = [0; 3];
    while positions < abprune_games::testing::cases(3000) {
        let size = rng.random_range(9..=15);
        let stones = rng.random_range(10..=40);
        let Some(mut game) = random_renju(&mut rng, size, stones) else { continue };
        positions += 1;
        let expected = oracle_points(&game);
        assert_eq!(game.forbidden_points(), expected, "{:?}\n{game}", game.history());
        let mut board = Board::of(&game);
        for y in 0..size as u8 {
            for x in 0..size as u8 {
                let p = Point::new(x, y);
                if game.stone(p).is_some() {
                    continue;
                }
                let reason = game.forbidden_reason(p);
                assert_eq!(reason.is_some(), expected.contains(&p), "{p} after {:?}", game.history());
                if let Some(reason) = reason {
                    kinds[reason as usize] += 1;
                }
                let (x, y) = (i64::from(x), i64::from(y));
                let full = board.forbidden(x, y);
                if board.forbidden_within(x, y, 0) != full {
                    recursion_mattered[0] += 1;
                }
                if board.forbidden_within(x, y, 1) != full {
                    recursion_mattered[1] += 1;
                }
            }
        }
        forbidden += expected.len();
        if game.side_to_move() == Player::First {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            for p in &expected {
                assert!(!moves.contains(p), "{p} generated after {:?}", game.history());
                let error = game.check_move(*p).unwrap_err().to_string();
                assert!(error.contains("forbidden for black"), "{error}");
            }
        }
        for p in &expected {
            for kind in abprune_games::gomoku::Threat::ALL.into_iter().skip(1) {
                assert!(!game.threat_points(Player::First, kind).contains(p), "{p} in a threat set");
            }
        }
        if positions % 10 == 0 {
            game.check_incremental().unwrap_or_else(|error| panic!("{error}: {:?}", game.history()));
            while let Some(&last) = game.history().last() {
                game.undo(last);
                game.check_incremental().unwrap_or_else(|error| panic!("{error} after undoing {last}"));
            }
        }
    }
    eprintln!(
        "{positions} positions, {forbidden} forbidden points (double three, double four, overline: {kinds:?}); \
         points where judging the threes' straight-four points changed the verdict: {}, and where judging \
         theirs in turn did: {}",
        recursion_mattered[0], recursion_mattered[1]
    );
    assert!(forbidden >= 1000, "only {forbidden} forbidden points: the test proves too little");
    assert!(kinds.iter().all(|&kind| kind >= 20), "too few of some kind: {kinds:?}");
    assert!(recursion_mattered[0] >= 20, "the recursion mattered at only {recursion_mattered:?} points");
}

/// A position drawn as text (`X` black, `O` white, anything else empty;
/// the first row is row 1), black to move: the stones are played in turn,
/// white's extra stones on the far corner rows when black has more.
fn drawn(rows: &[&str]) -> Gomoku {
    let mut black = Vec::new();
    let mut white = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, cell) in row.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match cell {
                'X' => black.push(Gomoku::format_point(p)),
                'O' => white.push(Gomoku::format_point(p)),
                _ => {}
            }
        }
    }
    // Fillers for white far from the drawing, so that black is to move.
    let fillers = ["a15", "c15", "e15", "g15", "i15", "k15", "m15", "o15", "a13", "o13"];
    let mut fill = fillers.iter();
    while white.len() < black.len() {
        white.push(fill.next().expect("enough fillers").to_string());
    }
    // Each black stone the first of those left that is legal now (a stone
    // of the drawing may be forbidden before the others stand).
    let mut game = Gomoku::new(15, Rule::Renju).unwrap();
    for white_stone in &white {
        let legal = black.iter().position(|stone| game.check_move(game.parse_point(stone).unwrap()).is_ok());
        let stone = black.remove(legal.unwrap_or_else(|| panic!("no order plays {rows:?}")));
        game.try_play(game.parse_point(&stone).unwrap()).unwrap();
        game.try_play(game.parse_point(white_stone).unwrap()).unwrap();
    }
    game
}

/// The verdict on the point marked `*` in `rows` (drawn as for [`drawn`]).
fn verdict(rows: &[&str]) -> Option<Forbidden> {
    let point = rows
        .iter()
        .enumerate()
        .find_map(|(y, row)| row.find('*').map(|x| Point::new(x as u8, y as u8)))
        .expect("a point marked *");
    let game = drawn(rows);
    let reason = game.forbidden_reason(point);
    assert_eq!(game.forbidden_points().contains(&point), reason.is_some(), "the set and the judgement: {rows:?}");
    assert_eq!(oracle_points(&game).contains(&point), reason.is_some(), "the oracle: {rows:?}");
    reason
}

/// The hard cases. Sources: the RIF rules of renju (Renju International
/// Federation, "The International Rules of Renju", article 9: the
/// definitions of five, four, straight four, three and overline, the
/// forbidden double three, double four and overline, and that a three
/// which can become a straight four only on a forbidden point is not a
/// three); the double fours in one line (`X.XX*.X`, `XX.*X.XX`,
/// `XXX.*.XXX`) shown in the README of the renju engine mintaka-renju
/// ("strict Renju rules"); the three whose straight four would make an
/// overline at an end, from Computer Science Stack Exchange question 159169
/// ("Checking forbidden moves in Renju"); the straight-four point judged
/// again with the stone on the board, as dhbloo/rapfi's forbidden-point
/// check does. Each drawing is our own; each verdict is also the oracle's.
#[test]
fn the_hard_cases_of_the_rules() {
    use Forbidden::*;
    // RIF 9: a double three; one of its threes blocked; a split three.
    assert_eq!(verdict(&["", "", "", "    XX*", "      X", "      X"]), Some(DoubleThree));
    assert_eq!(verdict(&["", "", "", "   OXX*.", "      X", "      X"]), None);
    assert_eq!(verdict(&["", "", "", "  .X.X*..", "      X", "      X"]), Some(DoubleThree));
    // RIF 9: a double four of two straight fours; a four-three is allowed.
    assert_eq!(verdict(&["", "", "", "   XXX*", "      X", "      X", "      X"]), Some(DoubleFour));
    assert_eq!(verdict(&["", "", "", "   XXX*", "      X", "      X"]), None);
    // Double fours in one line (mintaka-renju).
    assert_eq!(verdict(&["", "", "", " X.XX*.X"]), Some(DoubleFour));
    assert_eq!(verdict(&["", "", "", " XX.*X.XX"]), Some(DoubleFour));
    assert_eq!(verdict(&["", "", "", " XXX.*.XXX"]), Some(DoubleFour));
    // A four whose other end would make six: one four, not a straight one.
    assert_eq!(verdict(&["", "", "", " XXX*.X.XXX"]), None);
    assert_eq!(verdict(&["", "", "", " X.XX*.", "     X", "     X", "     X"]), Some(DoubleFour));
    // RIF 9: an overline, also beside a four; a five wins even when the
    // same stone makes an overline in another line.
    assert_eq!(verdict(&["", "", "", " XXX*XX"]), Some(Overline));
    assert_eq!(verdict(&["", "", "", " XXX*XX", "    X", "    X", "    X"]), Some(Overline));
    assert_eq!(verdict(&["    X", "    X", "    X", " XXX*X", "    X", "    X"]), None);
    // A three whose straight fours would both make six at an end is no
    // three (Stack Exchange 159169); without the far stones it is one.
    assert_eq!(verdict(&["", "", "", "X..XX*..X", "     X", "     X"]), None);
    assert_eq!(verdict(&["", "", "", "...XX*...", "     X", "     X"]), Some(DoubleThree));
    // Threes against the edge cannot become straight fours.
    assert_eq!(verdict(&["XX*", "  X", "  X"]), None);
    // A false three (RIF 9): the row three O . X X * . . can become a
    // straight four only on f8, and f8 is then a double four (the row's
    // straight four and the column's f8 . f10 f11 f12); so only the column
    // three e6 e7 e8 is a three. Without the column, a double three.
    let mut false_three = vec!["", "", "", "", "", "    X", "    X", "O.XX*..", "", "     X", "     X", "     X"];
    assert_eq!(verdict(&false_three), None);
    false_three.truncate(9);
    assert_eq!(verdict(&false_three), Some(DoubleThree));
}

/// White's four whose only five point is forbidden for black wins: the
/// candidate moves, the horizon and the score bounds say win in 3 where
/// white has no open-four move, and black facing the four cannot block.
#[test]
fn a_four_against_a_forbidden_point_wins() {
    // h8 is a double three for black (f8 g8 and h9 h10). White's diagonal
    // i9 j10 k11 is closed by black's g7 and m13: l12 makes a four whose
    // only five point is h8.
    let black = "f8 g8 h9 h10 m13 g7";
    let white = "i9 j10 k11 a1 o1";
    let mut game = Gomoku::from_stones(15, 15, Rule::Renju, black, white).unwrap();
    let h8 = game.parse_point("h8").unwrap();
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(game.forbidden_reason(h8), Some(Forbidden::DoubleThree));
    assert!(game.threat_points(Player::Second, abprune_games::gomoku::Threat::OpenFour).is_empty());
    assert_eq!(game.candidate_moves(&mut Vec::new()), Some(Score::win_in(3)), "{game}");
    assert_eq!(game.horizon(&mut Vec::new()), abprune::Horizon::Known(Score::win_in(3)));
    assert_eq!(game.score_bounds(), (Score::win_in(3), Score::win_in(3)));
    let line = game.find_vcf(3, 10_000).expect("the four is a VCF");
    assert_eq!(line, vec![game.parse_point("l12").unwrap()]);
    assert!(game.is_vcf(&line));
    game.play(line[0]);
    assert_eq!(game.candidate_moves(&mut Vec::new()), Some(Score::loss_in(2)), "{game}");
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert!(!moves.contains(&h8));
    let error = game.check_move(h8).unwrap_err().to_string();
    assert_eq!(error, "h8 is forbidden for black under renju: it makes a double three");
    // Under the standard rule the same four is blocked.
    let standard = Gomoku::from_stones(15, 15, Rule::Standard, black, white).unwrap();
    assert_eq!(standard.candidate_moves(&mut Vec::new()), None);
}

/// White wins with an overline under renju; black's six is not a five, and
/// a black five made with an overline in another line wins.
#[test]
fn fives_and_overlines_by_colour() {
    let mut white = Gomoku::from_moves(15, 15, Rule::Renju, "a1 c8 a3 d8 a5 e8 a7 g8 a9 h8 a11").unwrap();
    white.try_play(white.parse_point("f8").unwrap()).unwrap();
    assert_eq!(white.winner(), Some(Player::Second), "white's six wins");
    let black = Gomoku::from_moves(15, 15, Rule::Renju, "c8 a1 d8 a3 e8 a5 g8 a7 h8 a9").unwrap();
    assert_eq!(black.forbidden_reason(black.parse_point("f8").unwrap()), Some(Forbidden::Overline));
    assert!(black.five_points(Player::First).is_empty());
}
