//! Connect Four on the standard 7-wide, 6-high board, as two bitboards;
//! its opening book ([`book`]), the player's questions answered exactly
//! ([`solver`]) and the engine settings tuned for it ([`engine_options`]).
//!
//! Bits are numbered column by column, bottom to top, with one spare
//! (sentinel) bit on top of each column that never holds a stone:
//!
//! ```text
//!   .  .  .  .  .  .  .     <- sentinel row: always empty
//!   5 12 19 26 33 40 47     row 6 (top)
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42     row 1 (bottom)
//!   1  2  3  4  5  6  7     columns as players number them (moves are 0-based)
//! ```
//!
//! The sentinel row is what makes the shifts work: a line of four found by
//! shifting by 1 (vertical), 7 (horizontal), 6 or 8 (the diagonals) can never
//! wrap from one column into the next without passing through an empty
//! sentinel bit. The position is `current` (the side to move's stones) and
//! `mask` (every stone): playing only needs `current ^= mask` (the side to
//! move changes) and `mask += bottom of the column` (the carry lands on the
//! first empty cell), so the hot path of a solver is a handful of instructions.

pub mod book;
pub mod solver;
mod tuning;

pub use tuning::{engine_options, NEAR_TABLE_KIB, ONE_THREAD_TABLE_MIB, THREADS_TABLE_MIB};

use abprune::{Game, Outcome, Player, Score};
use std::fmt;

/// Columns on the board.
pub const WIDTH: u32 = 7;
/// Rows on the board.
pub const HEIGHT: u32 = 6;
/// Cells on the board: the most stones a game can have.
pub const CELLS: u32 = WIDTH * HEIGHT;
/// Bits per column: the rows plus the sentinel.
const STRIDE: u32 = HEIGHT + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = bottom_cells();
/// Every playable cell (no sentinel bits).
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// The shift from a cell to the next one up, right, right and down, right and up.
const VERTICAL: u32 = 1;
/// See [`VERTICAL`].
const HORIZONTAL: u32 = STRIDE;
/// See [`VERTICAL`].
const DIAGONAL_DOWN: u32 = STRIDE - 1;
/// See [`VERTICAL`].
const DIAGONAL_UP: u32 = STRIDE + 1;
/// Centre columns take part in more lines of four, so they are tried first.
pub(crate) const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];
/// Heuristic value of one winning cell (a cell that would complete four).
const THREAT_WEIGHT: i32 = 16;
/// The benchmark's score of a win is this minus the winner's stone count.
const BENCHMARK_BASE: i32 = 22;
/// The earliest plies at which the side to move can still win, and lose,
/// when it cannot win with its next stone but has a move that does not lose
/// at once (see [`Game::score_bounds`]).
const EARLIEST_WIN: u32 = 3;
/// See [`EARLIEST_WIN`].
const EARLIEST_LOSS: u32 = 4;

const fn bottom_cells() -> u64 {
    let mut cells = 0;
    let mut col = 0;
    while col < WIDTH {
        cells |= 1 << (col * STRIDE);
        col += 1;
    }
    cells
}

#[inline]
const fn bottom_of(col: u8) -> u64 {
    1 << (col as u32 * STRIDE)
}

#[inline]
const fn top_of(col: u8) -> u64 {
    1 << (HEIGHT - 1 + col as u32 * STRIDE)
}

#[inline]
const fn column_of(col: u8) -> u64 {
    ((1 << HEIGHT) - 1) << (col as u32 * STRIDE)
}

/// True if `stones` hold four in a row in any direction.
#[inline]
fn has_four(stones: u64) -> bool {
    four_along::<VERTICAL>(stones)
        | four_along::<HORIZONTAL>(stones)
        | four_along::<DIAGONAL_DOWN>(stones)
        | four_along::<DIAGONAL_UP>(stones)
}

/// Four of `stones` in a row along direction `D`. The direction is a
/// constant so that every shift is an immediate: this runs at every node.
#[inline(always)]
fn four_along<const D: u32>(stones: u64) -> bool {
    let pairs = stones & (stones >> D);
    pairs & (pairs >> (2 * D)) != 0
}

/// The empty cells where one more of `stones` would complete four, playable
/// now or not.
#[inline]
fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertically only the three stones below can complete a line: nothing
    // lies above an empty cell.
    let vertical = (stones << 1) & (stones << 2) & (stones << 3);
    let cells = vertical
        | cells_along::<HORIZONTAL>(stones)
        | cells_along::<DIAGONAL_DOWN>(stones)
        | cells_along::<DIAGONAL_UP>(stones);
    cells & BOARD & !mask
}

/// The cells that complete three of `stones` to four along direction `D`
/// (either side of the three, or the gap inside them).
#[inline(always)]
fn cells_along<const D: u32>(stones: u64) -> u64 {
    let (before1, before2, before3) = (stones << D, stones << (2 * D), stones << (3 * D));
    let (after1, after2, after3) = (stones >> D, stones >> (2 * D), stones >> (3 * D));
    (before1 & before2 & (before3 | after1)) | (after1 & after2 & (after3 | before1))
}

/// A Connect Four position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Connect4 {
    /// Stones of the side to move.
    current: u64,
    /// Every stone on the board.
    mask: u64,
    /// Stones on the board.
    moves: u32,
}

impl Connect4 {
    /// The empty board, the first player (X) to move.
    pub fn new() -> Self {
        Connect4::default()
    }

    /// The position after the 1-based columns in `text` (`"4453"`: the
    /// benchmark sets' format), played from the empty board. Every character
    /// is a move; no whitespace is skipped.
    ///
    /// # Errors
    /// Names the first offending move (1-based index and character): a
    /// character that is not `1`..`7`, a full column, or a move after a
    /// player has four. A sequence whose last move completes four is refused
    /// too, so that a solver is never handed a finished game.
    pub fn from_moves(text: &str) -> Result<Self, String> {
        let mut game = Connect4::new();
        for (i, ch) in text.chars().enumerate() {
            let n = i + 1;
            if game.outcome() == Some(Outcome::Loss) {
                return Err(format!("move {n} ('{ch}'): the game is already over after move {i}"));
            }
            let col = match ch.to_digit(10) {
                Some(digit @ 1..=WIDTH) => (digit - 1) as u8,
                _ => return Err(format!("move {n} ('{ch}'): columns are 1 to {WIDTH}")),
            };
            if !game.can_play(col) {
                return Err(format!("move {n} ('{ch}'): column {ch} is full"));
            }
            game.play(col);
        }
        if game.outcome() == Some(Outcome::Loss) {
            let n = game.moves;
            let last = text.chars().last().unwrap_or('?');
            return Err(format!("move {n} ('{last}'): the game is already over after move {n}"));
        }
        Ok(game)
    }

    /// Stones on the board.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// True if `col` (0-based) exists and is not full.
    pub fn can_play(&self, col: u8) -> bool {
        u32::from(col) < WIDTH && self.mask & top_of(col) == 0
    }

    /// True if the side to move completes four by playing in `col` (0-based).
    pub fn is_winning_move(&self, col: u8) -> bool {
        u32::from(col) < WIDTH && winning_cells(self.current, self.mask) & self.playable() & column_of(col) != 0
    }

    /// The exact key of the left-right mirror image, in the same encoding as
    /// [`Game::hash_key`].
    pub fn mirrored_key(&self) -> u64 {
        // The key is column-local (each 7-bit group depends only on its own
        // column), so mirroring the groups mirrors the position.
        let key = self.key();
        let group = (1u64 << STRIDE) - 1;
        (0..WIDTH).fold(0, |mirrored, col| {
            let bits = (key >> (col * STRIDE)) & group;
            mirrored | bits << ((WIDTH - 1 - col) * STRIDE)
        })
    }

    /// The smaller of the key and the mirrored key: one key for a position
    /// and its mirror image, which have the same value.
    pub fn symmetric_key(&self) -> u64 {
        self.key().min(self.mirrored_key())
    }

    /// True when the symmetric key is the mirror image's: the position is
    /// the mirror of the one its symmetric key stands for.
    pub fn is_mirrored(&self) -> bool {
        self.mirrored_key() < self.key()
    }

    /// `current + mask` is `current + (mask + BOTTOM) - BOTTOM`, and per
    /// column `mask + BOTTOM` is a single bit just above the stones, which
    /// `current` (below it) cannot carry into: every position has its own key.
    #[inline]
    fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The cells where a stone can land now.
    #[inline]
    fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// The cells the side to move may play without letting the opponent win
    /// on the next move, or 0 when there are none. It assumes that the side
    /// to move cannot win at once.
    #[inline]
    fn non_losing_cells(&self) -> u64 {
        let playable = self.playable();
        let their_wins = winning_cells(self.current ^ self.mask, self.mask);
        let forced = playable & their_wins;
        let mut cells = playable & !(their_wins >> 1);
        if forced != 0 {
            // Two open threats cannot both be blocked; one must be.
            cells = if forced & (forced - 1) != 0 { 0 } else { cells & forced };
        }
        cells
    }
}

/// The benchmark sets' score of `score`, an exact value seen from the side to
/// move of a position with `moves_played` stones: 0 for a draw, `22 - s` for
/// a win where the winner completes four with its `s`-th stone, `-(22 - s)`
/// for a loss. `None` for a heuristic value; since a heuristic 0 cannot be
/// told from a draw, 0 always counts as a draw.
pub fn benchmark_score(score: Score, moves_played: u32) -> Option<i32> {
    let plies = match score.plies_to_end() {
        Some(plies) => plies,
        None if score == Score::DRAW => return Some(0),
        None => return None,
    };
    // The winning stone is stone number `moves_played + plies` of the game;
    // the first player owns the odd-numbered ones.
    let winner_stones = (moves_played + plies).div_ceil(2);
    let magnitude = BENCHMARK_BASE - i32::try_from(winner_stones).ok()?;
    Some(if score.is_win() { magnitude } else { -magnitude })
}

/// The inverse of [`benchmark_score`]: the exact score, distances counted
/// from the position with `moves_played` stones. A value that cannot occur at
/// that position (a win before it) saturates to distance 0.
pub fn score_from_benchmark(value: i32, moves_played: u32) -> Score {
    if value == 0 {
        return Score::DRAW;
    }
    let winner_stones = BENCHMARK_BASE.unsigned_abs().saturating_sub(value.unsigned_abs());
    // The side to move's next stone is number `moves_played + 1`; the winner
    // is the side to move for a positive value, its opponent otherwise.
    let winner_moves_first = (moves_played % 2 == 0) == (value > 0);
    let winning_stone = if winner_moves_first { (2 * winner_stones).saturating_sub(1) } else { 2 * winner_stones };
    let plies = winning_stone.saturating_sub(moves_played);
    if value > 0 {
        Score::win_in(plies)
    } else {
        Score::loss_in(plies)
    }
}

impl Game for Connect4 {
    type Move = u8;

    /// Every move hands the turn over.
    const PLAYERS_ALTERNATE: bool = true;

    fn side_to_move(&self) -> Player {
        if self.moves % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let playable = self.playable();
        moves.extend(CENTRE_FIRST.iter().filter(|&&col| playable & column_of(col) != 0));
    }

    #[inline(always)]
    fn play(&mut self, col: u8) {
        debug_assert!(self.can_play(col), "column {col} is full");
        self.current ^= self.mask;
        self.mask |= self.mask + bottom_of(col);
        self.moves += 1;
    }

    #[inline(always)]
    fn undo(&mut self, col: u8) {
        // The stones of a column are a run from its bottom: adding the bottom
        // bit carries just above the top stone, and halving lands on it.
        let top = ((self.mask & column_of(col)) + bottom_of(col)) >> 1;
        self.mask ^= top;
        self.current ^= self.mask;
        self.moves -= 1;
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if has_four(self.current ^ self.mask) {
            Some(Outcome::Loss)
        } else if self.moves == CELLS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Open winning cells, the side to move's minus the opponent's: a threat
    /// is what decides most Connect Four games.
    fn evaluate(&self) -> Score {
        let mine = winning_cells(self.current, self.mask).count_ones() as i32;
        let theirs = winning_cells(self.current ^ self.mask, self.mask).count_ones() as i32;
        Score::new((mine - theirs) * THREAT_WEIGHT)
    }

    /// The plain key, not [`Connect4::symmetric_key`]: the engine's table
    /// stores the best move of a position, and a mirrored position's best
    /// move is the mirrored column, which the table cannot know it must flip.
    #[inline]
    fn hash_key(&self) -> Option<u64> {
        Some(self.key())
    }

    /// The winning cells the side to move has after the move: moves that make
    /// threats are the ones that win games.
    #[inline]
    fn move_hint(&self, col: u8) -> i32 {
        let stone = (self.mask + bottom_of(col)) & column_of(col);
        winning_cells(self.current | stone, self.mask).count_ones() as i32
    }

    /// The column: the history heuristic learns which columns refute.
    #[inline]
    fn move_id(&self, col: u8) -> Option<usize> {
        Some(usize::from(col))
    }

    /// A win now, a loss to a double threat, or the moves that do not lose
    /// at once: the shortcuts a specialised solver takes, from one
    /// computation of each side's winning cells.
    fn candidate_moves(&self, moves: &mut Vec<u8>) -> Option<Score> {
        if winning_cells(self.current, self.mask) & self.playable() != 0 {
            return Some(Score::win_in(1));
        }
        self.candidate_moves_after_candidate(moves)
    }

    #[inline]
    fn outcome_after_candidate(&self) -> Option<Outcome> {
        // A candidate never wins: a win would have been the known value.
        (self.moves == CELLS).then_some(Outcome::Draw)
    }

    fn candidate_moves_after_candidate(&self, moves: &mut Vec<u8>) -> Option<Score> {
        // Candidates do not let the opponent win at once, so the side to
        // move here has no win in one to look for.
        if self.playable() == 0 {
            return None;
        }
        let cells = self.non_losing_cells();
        if cells == 0 {
            return Some(Score::loss_in(2));
        }
        moves.extend(CENTRE_FIRST.iter().filter(|&&col| cells & column_of(col) != 0));
        None
    }

    /// No win on the next stone and a move that does not lose at once: the
    /// game ends no sooner than the side to move's stone after next (a win)
    /// or the opponent's stone after that (a loss), and only if the board
    /// still has room for that stone; otherwise that side of the range is a
    /// draw.
    fn score_bounds(&self) -> (Score, Score) {
        let empty = CELLS - self.moves;
        let lowest = if empty >= EARLIEST_LOSS { Score::loss_in(EARLIEST_LOSS) } else { Score::DRAW };
        let highest = if empty >= EARLIEST_WIN { Score::win_in(EARLIEST_WIN) } else { Score::DRAW };
        (lowest, highest)
    }

    /// A game is won by completing a line on one's own move.
    fn winner_moves_last(&self) -> bool {
        true
    }

    fn max_plies_left(&self) -> Option<u32> {
        Some(CELLS - self.moves)
    }
}

impl fmt::Display for Connect4 {
    /// X is the first player; the top row is drawn first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = if self.moves % 2 == 0 { self.current } else { self.current ^ self.mask };
        for row in (0..HEIGHT).rev() {
            let cells: Vec<&str> = (0..WIDTH)
                .map(|col| {
                    let bit = 1 << (col * STRIDE + row);
                    match (self.mask & bit != 0, first & bit != 0) {
                        (false, _) => ".",
                        (true, true) => "X",
                        (true, false) => "O",
                    }
                })
                .collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        let numbers: Vec<String> = (1..=WIDTH).map(|col| col.to_string()).collect();
        writeln!(f, "{}", numbers.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_constants_match_the_diagram() {
        assert_eq!(BOTTOM.count_ones(), WIDTH);
        assert_eq!(BOARD.count_ones(), CELLS);
        assert_eq!(BOARD & (BOTTOM << HEIGHT), 0, "the sentinel row is off the board");
        assert_eq!(column_of(6), 0b111111 << 42);
    }

    #[test]
    fn a_full_column_is_detected_by_its_top_cell() {
        let game = Connect4::from_moves("444444").unwrap();
        assert!(!game.can_play(3));
        assert!(game.can_play(2) && !game.can_play(7));
        assert_eq!(Connect4::from_moves("44444").map(|g| g.can_play(3)), Ok(true));
    }

    #[test]
    fn keys_are_unique_and_mirror() {
        let a = Connect4::from_moves("12").unwrap();
        let b = Connect4::from_moves("21").unwrap();
        assert_ne!(a.hash_key(), b.hash_key());
        let mirror_of_a = Connect4::from_moves("76").unwrap();
        assert_eq!(a.mirrored_key(), mirror_of_a.key());
        assert_eq!(a.symmetric_key(), mirror_of_a.symmetric_key());
        let centre = Connect4::from_moves("4444").unwrap();
        assert_eq!(centre.mirrored_key(), centre.key());
    }

    #[test]
    fn benchmark_scores_by_hand() {
        // From the empty board the first player's fastest win is its 4th
        // stone, 7 plies ahead: 22 - 4 = 18, the largest magnitude.
        assert_eq!(benchmark_score(Score::win_in(7), 0), Some(18));
        // Second player wins with its 4th stone (stone 8 of the game).
        assert_eq!(benchmark_score(Score::loss_in(8), 0), Some(-18));
        // 35 stones, the side to move (second player) wins with stone 36: its 18th.
        assert_eq!(benchmark_score(Score::win_in(1), 35), Some(4));
        // 30 stones, first player to move loses to stone 34: the second player's 17th.
        assert_eq!(benchmark_score(Score::loss_in(4), 30), Some(-5));
        assert_eq!(benchmark_score(Score::DRAW, 12), Some(0));
        assert_eq!(benchmark_score(Score::new(5), 12), None);
        assert_eq!(score_from_benchmark(18, 0), Score::win_in(7));
        assert_eq!(score_from_benchmark(-18, 0), Score::loss_in(8));
        assert_eq!(score_from_benchmark(4, 35), Score::win_in(1));
        assert_eq!(score_from_benchmark(-5, 30), Score::loss_in(4));
        assert_eq!(score_from_benchmark(0, 30), Score::DRAW);
    }

    #[test]
    fn benchmark_scores_round_trip() {
        for moves_played in 0..CELLS {
            for plies in 1..=CELLS - moves_played {
                for score in [Score::win_in(plies), Score::loss_in(plies)] {
                    // Only odd distances are wins and even ones losses.
                    if score.is_win() != (plies % 2 == 1) {
                        continue;
                    }
                    let value = benchmark_score(score, moves_played).unwrap();
                    assert_eq!(score_from_benchmark(value, moves_played), score, "{score} at {moves_played}");
                }
            }
        }
    }

    #[test]
    fn display_draws_x_and_o_bottom_up() {
        let game = Connect4::from_moves("443").unwrap();
        let text = game.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 7);
        assert_eq!(lines[4], ". . . O . . .");
        assert_eq!(lines[5], ". . X X . . .");
        assert_eq!(lines[6], "1 2 3 4 5 6 7");
    }

    #[test]
    fn move_hint_counts_the_threats_a_move_makes() {
        // X on 3 and 4 (1-based) in the bottom row; O stacked on them.
        let game = Connect4::from_moves("3344").unwrap();
        assert_eq!(game.move_hint(4), 2, "three in a row open at both ends");
        assert_eq!(game.move_hint(0), 1, "X . X X");
        assert_eq!(game.move_hint(6), 0);
    }
}
