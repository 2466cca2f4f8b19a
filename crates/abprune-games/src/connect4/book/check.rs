//! A book's values checked against each other and the rules, as the build
//! checks them, when a book is read: a checksum proves the bytes, not the
//! values, and a book with one wrong score answers that score as exact.
//!
//! The check walks every position of up to the book's plies from the
//! empty board (a position reached by a win is not one: the game is over)
//! and asks of each:
//!
//! - it is in the book, and every entry is such a position (a book of `p`
//!   plies holds all of them and nothing else);
//! - its stored move is a column that is not full;
//! - with a win in one, its score is that win and its move makes it;
//! - otherwise its score is one its stones allow (no win before the
//!   winner's next stone, none with fewer than four stones);
//! - below the deepest layer, its score is the best its moves reach (by
//!   the rules, and by the book one ply deeper), and its move reaches it.
//!
//! The shipped book's 719 entries are checked in about 0.08 ms (82 us a
//! check, 90 us a whole `Book::from_bytes`, optimised test build, busy
//! machine, 2026-11-27); a book of 8 plies (about 130,000 entries) should
//! take milliseconds.

use super::error::BookError;
use super::table::Book;
use crate::connect4::{Connect4, CELLS, WIDTH};
use abprune::Game;

/// The benchmark score of a win: this minus the winner's stones.
const SCORE_BASE: i32 = 22;
/// Stones a player needs for four in a row: no win comes with fewer.
const STONES_FOR_FOUR: u32 = 4;

/// Checks `book` (see the module's documentation); the number of positions
/// of each ply (0 to the book's plies, a position and its mirror image once).
pub(super) fn check(book: &Book) -> Result<Vec<usize>, BookError> {
    let mut walk =
        Walk { book, seen: vec![false; book.len()], per_ply: vec![0; book.plies() as usize + 1], moves: String::new() };
    walk.visit(Connect4::new())?;
    if let Some(index) = walk.seen.iter().position(|&seen| !seen) {
        return Err(BookError::Stray(index));
    }
    Ok(walk.per_ply)
}

/// The depth-first walk: the book, the entries met, the positions per ply,
/// and the moves (1-based columns) that led to the position being checked.
struct Walk<'a> {
    book: &'a Book,
    seen: Vec<bool>,
    per_ply: Vec<usize>,
    moves: String,
}

impl Walk<'_> {
    /// Checks `position` (reached by `self.moves`) once, then its children.
    fn visit(&mut self, position: Connect4) -> Result<(), BookError> {
        let index = self.book.index(&position).ok_or_else(|| BookError::Missing(self.moves.clone()))?;
        if std::mem::replace(&mut self.seen[index], true) {
            return Ok(());
        }
        self.per_ply[position.moves_played() as usize] += 1;
        self.check_entry(&position, index)?;
        if position.moves_played() == self.book.plies() {
            return Ok(());
        }
        for col in (0..WIDTH as u8).filter(|&col| position.can_play(col) && !position.is_winning_move(col)) {
            let mut child = position;
            child.play(col);
            self.moves.push(char::from(b'1' + col));
            self.visit(child)?;
            self.moves.pop();
        }
        Ok(())
    }

    /// The entry of `position` (at `index`) against the rules and its moves.
    fn check_entry(&self, position: &Connect4, index: usize) -> Result<(), BookError> {
        let score = i32::from(self.book.scores[index]);
        let col = Book::canonical_move(position, self.book.moves[index]);
        let wrong = |why: String| BookError::Contradiction { moves: self.moves.clone(), why };
        if !position.can_play(col) {
            return Err(wrong(format!("its best move {} is a full column", col + 1)));
        }
        if let Some(win) = (0..WIDTH as u8).find(|&c| position.is_winning_move(c)) {
            let expected = win_now(position);
            if score != expected || !position.is_winning_move(col) {
                return Err(wrong(format!(
                    "score {score} and best move {}, where column {} wins at once (score {expected})",
                    col + 1,
                    win + 1
                )));
            }
            return Ok(());
        }
        let (low, high) = score_range(position.moves_played());
        if !(low..=high).contains(&score) {
            return Err(wrong(format!("score {score}, where its stones allow {low} to {high}")));
        }
        if position.moves_played() < self.book.plies() {
            let mut best = i32::MIN;
            for c in (0..WIDTH as u8).filter(|&c| position.can_play(c)) {
                best = best.max(self.move_score(position, c)?);
            }
            let reached = self.move_score(position, col)?;
            if best != score || reached != score {
                return Err(wrong(format!(
                    "score {score}, where its moves reach {best} and its best move {} reaches {reached}",
                    col + 1
                )));
            }
        }
        Ok(())
    }

    /// The score of playing `col` in `position`: by the rules, or from the
    /// book one ply deeper.
    fn move_score(&self, position: &Connect4, col: u8) -> Result<i32, BookError> {
        if position.is_winning_move(col) {
            return Ok(win_now(position));
        }
        let mut child = *position;
        child.play(col);
        if child.moves_played() == CELLS {
            return Ok(0);
        }
        let index = self.book.index(&child).ok_or_else(|| BookError::Missing(format!("{}{}", self.moves, col + 1)))?;
        Ok(-i32::from(self.book.scores[index]))
    }
}

/// The score of a win with the side to move's next stone.
fn win_now(position: &Connect4) -> i32 {
    SCORE_BASE - (position.moves_played() / 2 + 1).max(STONES_FOR_FOUR) as i32
}

/// The scores a position of `played` stones allows when the side to move cannot win
/// at once: at best a win with its stone after next, at worst a loss to
/// the opponent's next stone (never a win of fewer than four stones).
fn score_range(played: u32) -> (i32, i32) {
    let mover = played / 2;
    let opponent = played - mover;
    let high = SCORE_BASE - (mover + 2).max(STONES_FOR_FOUR) as i32;
    let low = -(SCORE_BASE - (opponent + 1).max(STONES_FOR_FOUR) as i32);
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_bound_the_scores() {
        // X to move wins at once in column 4, with its fourth stone: 22 - 4.
        assert_eq!(win_now(&Connect4::from_moves("414243").unwrap()), 18);
        // The empty board: no win before the fourth stone either way.
        assert_eq!(score_range(0), (-18, 18));
        // 20 stones, X to move (10 each): X's 12th stone at best, O's 11th at worst.
        assert_eq!(score_range(20), (-11, 10));
        // 21 stones, O to move (10 against 11): O's 12th at best, X's 12th at worst.
        assert_eq!(score_range(21), (-10, 10));
    }
}
