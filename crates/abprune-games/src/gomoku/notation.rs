//! Points and positions as text: `h8` notation, move lists, and the board
//! drawn for a terminal.
//!
//! A point is its column letter (`a` = x 0 up to `v` = x 21, no letter
//! skipped) and its 1-based row number (y + 1; row 1 is the top row, as the
//! Gomocup protocol counts): `h8` is x 7, y 7, the centre of 15 x 15.

use super::board::index_of;
use super::position::colour_name;
use super::{gomoku_error, Gomoku, GomokuError, Point, Rule};
use std::fmt;

/// The column letters, `a` for x 0.
const COLUMN_LETTERS: &[u8; 26] = b"abcdefghijklmnopqrstuvwxyz";

/// What a point looks like, for error messages.
const POINT_EXAMPLE: &str = "a column letter and a row number, e.g. h8";

impl Gomoku {
    /// Reads a point: a column letter and a row number (`h8`, `H8`;
    /// whitespace around it is ignored).
    ///
    /// # Errors
    /// Says what is wrong: no text, no row number, row 0, not a point, or a
    /// point off this board (`z3 is off the 15x15 board`).
    pub fn parse_point(&self, text: &str) -> Result<Point, GomokuError> {
        let text = text.trim().to_ascii_lowercase();
        let Some(letter) = text.chars().next() else {
            return Err(gomoku_error!("no point given (a point is {POINT_EXAMPLE})"));
        };
        let digits = &text[letter.len_utf8()..];
        if !letter.is_ascii_lowercase() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(gomoku_error!("'{text}' is not a point (a point is {POINT_EXAMPLE})"));
        }
        if digits.is_empty() {
            return Err(gomoku_error!("'{text}' has no row number (a point is {POINT_EXAMPLE})"));
        }
        let x = i64::from(letter as u8 - b'a');
        // A number too long for i64 is off the board all the same.
        let row = digits.parse::<i64>().unwrap_or(i64::MAX);
        if row == 0 {
            return Err(gomoku_error!("{text}: rows are numbered from 1"));
        }
        if !self.contains(x, row - 1) {
            return Err(gomoku_error!("{text} is off the {}x{} board", self.width, self.height));
        }
        Ok(Point { x: x as u8, y: (row - 1) as u8 })
    }

    /// The notation of `p`, e.g. `h8` for x 7, y 7.
    pub fn format_point(p: Point) -> String {
        match COLUMN_LETTERS.get(usize::from(p.x)) {
            Some(&letter) => format!("{}{}", char::from(letter), u32::from(p.y) + 1),
            None => format!("x{}y{}", p.x, u32::from(p.y) + 1),
        }
    }

    /// The position after the moves in `text` (black first), separated by
    /// spaces and/or commas, e.g. `"h8 h9 i8"` or `"h8,h9,i8"`.
    ///
    /// # Errors
    /// A bad board size, or the first bad move with its 1-based index:
    /// `move 3 (h8): h8 is already occupied`.
    pub fn from_moves(width: usize, height: usize, rule: Rule, text: &str) -> Result<Gomoku, GomokuError> {
        let mut game = Gomoku::with_dimensions(width, height, rule)?;
        for (i, token) in tokens(text).enumerate() {
            let n = i + 1;
            game.parse_point(token)
                .and_then(|p| game.try_play(p))
                .map_err(|error| gomoku_error!("move {n} ({token}): {error}"))?;
        }
        Ok(game)
    }

    /// The position with the stones listed for each colour (the notation of
    /// [`Gomoku::from_moves`]), black having as many stones as white (black
    /// to move) or one more (white to move). The stones are played in turn,
    /// black's first, in the order listed: that is the move history.
    ///
    /// # Errors
    /// Bad counts, or the first bad stone (`white stone 2 (h8): h8 is
    /// already occupied`); also a stone played after a five was made, so
    /// list a winning line's stones last.
    pub fn from_stones(
        width: usize,
        height: usize,
        rule: Rule,
        black: &str,
        white: &str,
    ) -> Result<Gomoku, GomokuError> {
        let mut game = Gomoku::with_dimensions(width, height, rule)?;
        let stones: [Vec<&str>; 2] = [tokens(black).collect(), tokens(white).collect()];
        let (blacks, whites) = (stones[0].len(), stones[1].len());
        if blacks != whites && blacks != whites + 1 {
            return Err(gomoku_error!(
                "black has {blacks} stones and white {whites}: black needs as many as white or one more"
            ));
        }
        for turn in 0..blacks + whites {
            let colour = turn % 2;
            let n = turn / 2 + 1;
            let token = stones[colour][turn / 2];
            game.parse_point(token)
                .and_then(|p| game.try_play(p))
                .map_err(|error| gomoku_error!("{} stone {n} ({token}): {error}", colour_name(colour)))?;
        }
        Ok(game)
    }

    /// The board for a terminal: column letters above and below, row numbers
    /// left and right, `X` black, `O` white, `.` empty, the last move in
    /// brackets (`[X]`).
    pub fn render(&self) -> String {
        let letters: String =
            COLUMN_LETTERS[..self.width()].iter().map(|&letter| format!(" {} ", char::from(letter))).collect();
        let header = format!("   {}", letters.trim_end());
        let last = self.history.last().copied();
        let mut text = String::new();
        text.push_str(&header);
        text.push('\n');
        for y in 0..self.height {
            text.push_str(&format!("{:>2} ", u32::from(y) + 1));
            for x in 0..self.width {
                let p = Point { x, y };
                let stone = match self.cells[index_of(p)] {
                    super::board::BLACK => 'X',
                    super::board::WHITE => 'O',
                    _ => '.',
                };
                let (open, close) = if last == Some(p) { ('[', ']') } else { (' ', ' ') };
                text.push(open);
                text.push(stone);
                text.push(close);
            }
            text.push_str(&format!(" {}\n", u32::from(y) + 1));
        }
        text.push_str(&header);
        text.push('\n');
        text
    }
}

/// The moves or stones of a list: separated by whitespace and/or commas.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',').filter(|token| !token.is_empty())
}

impl fmt::Display for Gomoku {
    /// [`Gomoku::render`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_drawn_with_the_last_move_marked() {
        let game = Gomoku::from_moves(5, 5, Rule::Freestyle, "c3 b2").unwrap();
        let expected = "    a  b  c  d  e\n 1  .  .  .  .  .  1\n 2  . [O] .  .  .  2\n 3  .  .  X  .  .  3\n";
        assert!(game.render().starts_with(expected), "{}", game.render());
        assert!(game.to_string().ends_with("    a  b  c  d  e\n"));
    }
}
