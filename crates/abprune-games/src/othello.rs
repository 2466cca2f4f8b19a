//! Othello (Reversi) on two bitboards, scored by the disc margin: a game
//! that ends in margins ([`Ending::Margin`]), so that
//! [`abprune::Engine::solve`] finds the exact final margin under best play,
//! not only who wins.
//!
//! Board layout: bit `8 * row + column`, row 0 the top (row "1"), column 0
//! file "a":
//!
//! ```text
//!      a  b  c  d  e  f  g  h
//!  1   0  1  2  3  4  5  6  7
//!  2   8  9 10 11 12 13 14 15
//!  ...
//!  8  56 57 58 59 60 61 62 63
//! ```
//!
//! Rules: a move places a disc of the side to move on an empty square that
//! brackets, in at least one of the eight directions, a run of the
//! opponent's discs ended by one of its own; the run turns over. A side
//! without such a move passes ([`PASS`], then its only move); when neither
//! side can move the game is over. The final margin is the World Othello
//! Federation's: the empty squares go to the winner, so a win with `l`
//! discs for the loser is a margin of `64 - 2l`.

use abprune::{Ending, Game, Outcome, Player, Score};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// The move that passes the turn: legal only when the side to move has no
/// other move and the opponent has one.
pub const PASS: u8 = 64;

/// Every square but file a: what a shift towards file h may land on.
const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but file h: what a shift towards file a may land on.
const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// The eight directions, as indices into [`shift`].
const DIRECTIONS: usize = 8;

/// `board` moved one square in direction `direction` (east, west, south,
/// north, south-east, south-west, north-east, north-west), discs that
/// would wrap around an edge dropped.
#[inline]
fn shift(board: u64, direction: usize) -> u64 {
    match direction {
        0 => (board << 1) & NOT_FILE_A,
        1 => (board >> 1) & NOT_FILE_H,
        2 => board << 8,
        3 => board >> 8,
        4 => (board << 9) & NOT_FILE_A,
        5 => (board << 7) & NOT_FILE_H,
        6 => (board >> 7) & NOT_FILE_A,
        _ => (board >> 9) & NOT_FILE_H,
    }
}

/// The squares where the side with `own` discs may play against `other`.
fn legal_squares(own: u64, other: u64) -> u64 {
    let empty = !(own | other);
    let mut legal = 0;
    for direction in 0..DIRECTIONS {
        // The runs of the opponent's discs next to one of ours (at most
        // six long on an 8x8 board), then the square just past them.
        let mut run = shift(own, direction) & other;
        for _ in 0..5 {
            run |= shift(run, direction) & other;
        }
        legal |= shift(run, direction) & empty;
    }
    legal
}

/// The discs that a disc on `square` turns over.
fn flips(own: u64, other: u64, square: u8) -> u64 {
    let placed = 1u64 << square;
    let mut turned = 0;
    for direction in 0..DIRECTIONS {
        let mut run = 0;
        let mut next = shift(placed, direction);
        while next & other != 0 {
            run |= next;
            next = shift(next, direction);
        }
        if next & own != 0 {
            turned |= run;
        }
    }
    turned
}

/// A mixer for the hash key (SplitMix64's finaliser): every bit of the
/// boards reaches every bit of the key.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// An Othello position, with the discs each move turned over (so that
/// `undo` needs only the move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Othello {
    /// The discs of the side to move.
    own: u64,
    /// The discs of the other side.
    other: u64,
    to_move: Player,
    /// What each move played so far turned over ([`PASS`]: nothing).
    turned: Vec<u64>,
}

impl Default for Othello {
    fn default() -> Self {
        Othello::new()
    }
}

impl Othello {
    /// The initial position: d5 and e4 black, d4 and e5 white, black
    /// ([`Player::First`]) to move.
    pub fn new() -> Self {
        let white = (1 << 27) | (1 << 36);
        let black = (1 << 28) | (1 << 35);
        Othello { own: black, other: white, to_move: Player::First, turned: Vec::new() }
    }

    /// The position from black's and white's discs, `to_move` to move.
    ///
    /// # Errors
    /// When a square holds both colours.
    pub fn from_discs(black: u64, white: u64, to_move: Player) -> Result<Self, String> {
        if black & white != 0 {
            return Err(format!("squares {:#x} are both black and white", black & white));
        }
        let (own, other) = if to_move == Player::First { (black, white) } else { (white, black) };
        Ok(Othello { own, other, to_move, turned: Vec::new() })
    }

    /// The position after random legal moves from the initial one, once
    /// `empties` squares are left, with the move list forgotten (so that
    /// the position can be copied and searched from scratch). `None` when
    /// the game ended first. The same seed gives the same position: the
    /// endgames of the tests and of the example are reproducible.
    pub fn random_endgame(seed: u64, empties: u32) -> Option<Othello> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Othello::new();
        let mut moves = Vec::new();
        while game.empties() > empties {
            moves.clear();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                return None;
            }
            game.play(moves[rng.random_range(0..moves.len())]);
        }
        game.turned.clear();
        (game.outcome().is_none()).then_some(game)
    }

    /// Black's discs (the first player's).
    pub fn black(&self) -> u64 {
        if self.to_move == Player::First {
            self.own
        } else {
            self.other
        }
    }

    /// White's discs.
    pub fn white(&self) -> u64 {
        if self.to_move == Player::First {
            self.other
        } else {
            self.own
        }
    }

    /// How many squares are empty.
    pub fn empties(&self) -> u32 {
        64 - (self.own | self.other).count_ones()
    }

    /// The side to move's discs less the other's, empty squares counted
    /// for nobody.
    pub fn disc_difference(&self) -> i32 {
        self.own.count_ones() as i32 - self.other.count_ones() as i32
    }

    /// The final margin for the side to move under the World Othello
    /// Federation's rule (the empty squares to the winner).
    fn final_margin(&self) -> i32 {
        let (own, other) = (self.own.count_ones() as i32, self.other.count_ones() as i32);
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => 64 - 2 * other,
            std::cmp::Ordering::Less => -(64 - 2 * own),
            std::cmp::Ordering::Equal => 0,
        }
    }
}

/// A square's name, `a1` to `h8`, or `pass`.
pub fn square_name(square: u8) -> String {
    if square == PASS {
        return "pass".to_string();
    }
    format!("{}{}", char::from(b'a' + square % 8), square / 8 + 1)
}

impl Game for Othello {
    type Move = u8;

    /// Every move (a pass too) hands the turn over.
    const PLAYERS_ALTERNATE: bool = true;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// The squares in order a1..h8, or [`PASS`] alone when the side to
    /// move has none and the opponent has some; nothing when the game is
    /// over.
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let mut legal = legal_squares(self.own, self.other);
        if legal == 0 {
            if legal_squares(self.other, self.own) != 0 {
                moves.push(PASS);
            }
            return;
        }
        while legal != 0 {
            moves.push(legal.trailing_zeros() as u8);
            legal &= legal - 1;
        }
    }

    fn play(&mut self, mv: u8) {
        let turned = if mv == PASS { 0 } else { flips(self.own, self.other, mv) };
        debug_assert!(mv == PASS || turned != 0, "{} turns nothing over", square_name(mv));
        if mv != PASS {
            self.own |= turned | (1 << mv);
            self.other &= !turned;
        }
        self.turned.push(turned);
        std::mem::swap(&mut self.own, &mut self.other);
        self.to_move = self.to_move.opponent();
    }

    fn undo(&mut self, mv: u8) {
        std::mem::swap(&mut self.own, &mut self.other);
        self.to_move = self.to_move.opponent();
        let turned = self.turned.pop().unwrap_or(0);
        if mv != PASS {
            self.own &= !(turned | (1 << mv));
            self.other |= turned;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if legal_squares(self.own, self.other) != 0 || legal_squares(self.other, self.own) != 0 {
            return None;
        }
        Some(match self.final_margin() {
            0 => Outcome::Draw,
            margin => Outcome::Score(margin),
        })
    }

    /// The disc difference: a poor guess in the middle game, but this type
    /// is meant for endgames, which are solved.
    fn evaluate(&self) -> Score {
        Score::new(self.disc_difference())
    }

    fn hash_key(&self) -> Option<u64> {
        let side = u64::from(self.to_move == Player::Second);
        Some(mix(self.own ^ mix(self.other ^ 0x9e37_79b9_7f4a_7c15)) ^ side)
    }

    fn ending(&self) -> Ending {
        Ending::Margin { lowest: -64, highest: 64 }
    }

    /// Each move but a pass fills a square, and passes never follow each
    /// other.
    fn max_plies_left(&self) -> Option<u32> {
        Some(2 * self.empties() + 1)
    }
}

impl fmt::Display for Othello {
    /// The board, `X` black, `O` white, `.` empty, and who is to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (black, white) = (self.black(), self.white());
        writeln!(f, "  a b c d e f g h")?;
        for row in 0..8 {
            write!(f, "{}", row + 1)?;
            for column in 0..8 {
                let bit = 1u64 << (8 * row + column);
                let c = if black & bit != 0 {
                    'X'
                } else if white & bit != 0 {
                    'O'
                } else {
                    '.'
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        let side = if self.to_move == Player::First { "X (black)" } else { "O (white)" };
        writeln!(f, "{side} to move")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perft(game: &mut Othello, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                game.play(mv);
                let count = perft(game, depth - 1);
                game.undo(mv);
                count
            })
            .sum()
    }

    /// The published move counts from the initial position (no pass
    /// before ply 9): a check of the rules that owes nothing to this code.
    #[test]
    fn perft_matches_the_published_counts() {
        let mut game = Othello::new();
        let counts: Vec<u64> = (1..=7).map(|depth| perft(&mut game, depth)).collect();
        assert_eq!(counts, [4, 12, 56, 244, 1396, 8200, 55092]);
        assert_eq!(game, Othello::new(), "play and undo pair up");
    }

    #[test]
    fn the_opening_moves_and_a_turn_over() {
        let mut game = Othello::new();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let names: Vec<String> = moves.iter().map(|&mv| square_name(mv)).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
        game.play(19); // d3 turns d4 over
        assert_eq!(game.black().count_ones(), 4);
        assert_eq!(game.white().count_ones(), 1);
        assert_eq!(game.side_to_move(), Player::Second);
    }

    #[test]
    fn a_full_board_is_scored_and_a_blocked_side_passes() {
        // Black everywhere but h8, which is white: over, 63 to 1 for black.
        let full = Othello::from_discs(!(1 << 63), 1 << 63, Player::Second).unwrap();
        assert_eq!(full.outcome(), Some(Outcome::Score(-62)));
        // Black a1, white b1, the rest empty: white has no move, black has
        // c1, so white passes.
        let mut game = Othello::from_discs(1, 2, Player::Second).unwrap();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        assert_eq!(moves, [PASS]);
        assert_eq!(game.outcome(), None);
        game.play(PASS);
        assert_eq!(
            game,
            Othello::from_discs(1, 2, Player::First)
                .map(|mut g| {
                    g.turned.push(0);
                    g
                })
                .unwrap()
        );
        game.undo(PASS);
        assert_eq!(game, Othello::from_discs(1, 2, Player::Second).unwrap());
        let mut game = Othello::from_discs(1, 2, Player::First).unwrap();
        moves.clear();
        game.generate_moves(&mut moves);
        assert_eq!(moves, [2]);
        game.play(2);
        // White to move, no white disc left: over, black 3 discs, the 61 empties to black.
        assert_eq!(game.outcome(), Some(Outcome::Score(-64)));
    }
}
