//! The board in text, from the side to move's view (`X` its checkers, `O`
//! the other side's), points numbered as the side to move counts them.

use super::board::{Board, BAR, POINTS};
use super::Backgammon;
use std::fmt::{self, Write};

/// One point's cell: `X3`, `O2`, or `.` when empty.
fn cell(board: &Board, side: usize, index: usize) -> String {
    let mine = board.counts[side][index];
    let theirs = board.opponent_on(side, index);
    match (mine, theirs) {
        (0, 0) => " . ".to_string(),
        (0, n) => format!("O{n:<2}"),
        (n, _) => format!("X{n:<2}"),
    }
}

/// A row of twelve points given by index, with the bar between the halves.
fn row(board: &Board, side: usize, indices: impl Iterator<Item = usize>) -> String {
    let mut line = String::from("|");
    for (i, index) in indices.enumerate() {
        if i == 6 {
            line.push_str("|   |");
        }
        line.push_str(&cell(board, side, index));
    }
    line.push('|');
    line
}

impl fmt::Display for Backgammon {
    /// The board in six lines, then the bar, the checkers off, the pips,
    /// the dice and the position ID.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        let side = self.side_index();
        let mut text = String::new();
        let top: Vec<String> = (13..=24).map(|p| format!("{p:<3}")).collect();
        let bottom: Vec<String> = (1..=12).rev().map(|p| format!("{p:<3}")).collect();
        writeln!(text, " {}     {}", top[..6].concat(), top[6..].concat())?;
        writeln!(text, "{}", row(board, side, 12..POINTS))?;
        writeln!(text, "{}", row(board, side, (0..12).rev()))?;
        writeln!(text, " {}     {}", bottom[..6].concat(), bottom[6..].concat())?;
        writeln!(
            text,
            "bar X{} O{}  off X{} O{}  pips X{} O{}",
            board.counts[side][BAR],
            board.counts[1 - side][BAR],
            board.off(side),
            board.off(1 - side),
            board.pips(side),
            board.pips(1 - side)
        )?;
        let dice = self.dice().map_or("to roll".to_string(), |dice| format!("rolled {dice}"));
        write!(text, "X ({}) {dice}; position ID {}", self.side_to_move_name(), self.position_id())?;
        f.write_str(&text)
    }
}
