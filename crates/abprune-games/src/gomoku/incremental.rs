//! Play and undo: the incremental update of the derived state, and the
//! from-scratch rebuild the tests compare it with.
//!
//! A stone on cell `p` changes, and only changes:
//! - `p` itself: it leaves the empty cells and the candidates (its threats
//!   and values leave the per-colour sets and sums; its keys stay current,
//!   its shapes go stale);
//! - the Zobrist key (the stone and the side to move);
//! - the stone counts `near` of the 5 x 5 square around `p`, and so which
//!   cells are candidates;
//! - one digit of the line key of each of the (up to) ten cells around `p`
//!   in each direction; for each such empty cell that can see `p`, the shape
//!   of that one line per colour, and when it changed, the cell's counters,
//!   threat and value, by the difference.
//!
//! Undo runs the same steps backwards, and refreshes `p`'s shapes from its
//! keys when it becomes empty again. That is the slow way, kept for a
//! stone placed before the position was built or copied: a stone placed
//! since has undo records (`Gomoku::undo_lines`, `Gomoku::undo_threats`,
//! `Gomoku::undo_frames`: the line records of the cells it touched as they
//! were, the cells' moves between threat sets, the counts and sums as they
//! were), and its removal puts them back, as Rapfi's undo does, instead of
//! reading the lines and updating the sets and sums again.

use super::board::{
    index_of, point_of, stone_of, CellSet, CELLS, DIRECTIONS, EMPTY, NEIGHBOURHOOD, STRIDE, WALL, WHITE, ZOBRIST,
};
use super::cells::{ordered_code, ORDERED_WEIGHT};
use super::patterns::{digit_after, digit_before, BLOCKED, OWN, POW3, REACH};
use super::position::UndoFrame;
use super::threats::Threat;
use super::{Gomoku, Point};
use abprune::Player;

/// `KEY_DELTA[colour][digit]`: what a stone of `colour` adds to the packed
/// keys ([`super::position::CellLines::keys`]) of a cell that sees it at
/// `digit`: own for that colour, blocked for the other.
const KEY_DELTA: [[u32; 2 * REACH]; 2] = {
    let mut delta = [[0; 2 * REACH]; 2];
    let mut digit = 0;
    while digit < 2 * REACH {
        let weight = POW3[digit] as u32;
        delta[0][digit] = (OWN as u32 * weight) | ((BLOCKED as u32 * weight) << 16);
        delta[1][digit] = (BLOCKED as u32 * weight) | ((OWN as u32 * weight) << 16);
        digit += 1;
    }
    delta
};

/// The five cells of a row of the 5 x 5 neighbourhood, as bits from its
/// leftmost cell; a row of the padded grid never straddles two words.
const NEIGHBOUR_ROW: u64 = 0b11111;

impl Gomoku {
    /// Puts a stone of `colour` on the empty cell `index` and records the move.
    pub(super) fn place(&mut self, index: usize, colour: usize) {
        debug_assert_eq!(self.cells[index], EMPTY, "{} is not empty", point_of(index));
        let wins = self.lines[index].threats[colour] == Threat::Five;
        if self.eval.two_ply {
            self.values_before.push(self.averaged_value());
        }
        self.undo_frames.push(UndoFrame {
            lines_from: self.undo_lines.len() as u32,
            threats_from: self.undo_threats.len() as u32,
            forbidden_from: self.undo_forbidden.len() as u32,
            threat_counts: self.threat_counts,
            cell_sums: self.cell_sums,
        });
        self.leave_empty(index);
        self.cells[index] = stone_of(colour);
        self.hash ^= ZOBRIST.stones[colour][index] ^ ZOBRIST.white_to_move;
        for &offset in &NEIGHBOURHOOD {
            self.near[index.wrapping_add_signed(offset)] += 1;
        }
        for dy in -2..=2 {
            let leftmost = index.wrapping_add_signed(dy * STRIDE as isize - 2);
            self.candidates.insert_where_empty(leftmost, NEIGHBOUR_ROW, &self.empties);
        }
        self.update_lines::<true>(index, colour);
        if self.rule.has_forbidden_points() {
            self.update_forbidden::<true>();
        }
        self.history.push(point_of(index));
        if wins && self.won_at.is_none() {
            self.won_at = Some(self.history.len());
        }
    }

    /// Takes the stone of `colour` off cell `index`: the exact inverse of
    /// [`Gomoku::place`], for the last move.
    pub(super) fn remove(&mut self, index: usize, colour: usize) {
        debug_assert_eq!(self.history.last().copied(), Some(point_of(index)), "not the last move");
        debug_assert_eq!(self.cells[index], stone_of(colour), "no such stone on {}", point_of(index));
        if self.won_at == Some(self.history.len()) {
            self.won_at = None;
        }
        self.history.pop();
        self.cells[index] = EMPTY;
        self.hash ^= ZOBRIST.stones[colour][index] ^ ZOBRIST.white_to_move;
        for &offset in &NEIGHBOURHOOD {
            let cell = index.wrapping_add_signed(offset);
            self.near[cell] -= 1;
            if self.near[cell] == 0 {
                self.candidates.remove(cell);
            }
        }
        match self.undo_frames.pop() {
            Some(frame) => self.restore(index, &frame),
            None => {
                self.update_lines::<false>(index, colour);
                self.enter_empty(index);
                if self.rule.has_forbidden_points() {
                    self.update_forbidden::<false>();
                }
            }
        }
        if self.eval.two_ply {
            self.values_before.pop();
        }
    }

    /// Adds (`ADD`) or removes the stone of `colour` on `index` in the line
    /// keys of the cells around it, refreshing the shapes that can change.
    #[inline]
    fn update_lines<const ADD: bool>(&mut self, index: usize, colour: usize) {
        for (direction, &step) in DIRECTIONS.iter().enumerate() {
            self.update_half_line::<ADD, true>(index, step, direction, colour);
            self.update_half_line::<ADD, false>(index, step, direction, colour);
        }
    }

    /// Undoes the stone on `index` (already off the board) from its undo
    /// records: the line records of the cells it touched and the cells'
    /// moves between threat sets, newest first, then the counts and sums
    /// as they were. The cell's own record was left alone while it held
    /// the stone (only empty cells are refreshed; its keys were changed
    /// and put back by later stones), so it joins the empty cells as it
    /// left them.
    #[inline]
    fn restore(&mut self, index: usize, frame: &UndoFrame) {
        let from = frame.lines_from as usize;
        for &(cell, lines) in self.undo_lines[from..].iter().rev() {
            self.lines[usize::from(cell)] = lines;
        }
        self.undo_lines.truncate(from);
        let from = frame.threats_from as usize;
        for &(cell, colour, old, new) in self.undo_threats[from..].iter().rev() {
            let (cell, colour) = (usize::from(cell), usize::from(colour));
            self.threats[colour][new as usize].remove(cell);
            if old != Threat::None {
                self.threats[colour][old as usize].insert(cell);
            }
        }
        self.undo_threats.truncate(from);
        let from = frame.forbidden_from as usize;
        for &cell in self.undo_forbidden[from..].iter().rev() {
            toggle(&mut self.forbidden, usize::from(cell));
        }
        self.undo_forbidden.truncate(from);
        self.threat_counts = frame.threat_counts;
        self.cell_sums = frame.cell_sums;
        self.empties.insert(index);
        if self.near[index] > 0 {
            self.candidates.insert(index);
        }
    }

    /// [`Gomoku::update_lines`] along one direction, on one side of the
    /// stone. The stone is `k` steps before the cells after it, and after the
    /// cells before it. Two facts (checked on every key by the tests of
    /// [`super::patterns`]) spare most table reads: nothing beyond a blocked
    /// cell changes a shape, so past a stone of one colour the other
    /// colour's shapes stay; and the cells five away matter only when the
    /// line table's reach says so. Past the first wall there is only wall.
    #[inline]
    fn update_half_line<const ADD: bool, const FORWARD: bool>(
        &mut self,
        index: usize,
        step: usize,
        direction: usize,
        colour: usize,
    ) {
        let reach = self.table.reach;
        let mut seen = [true; 2];
        for k in 1..=REACH {
            let cell = if FORWARD { index + k * step } else { index - k * step };
            let content = self.cells[cell];
            if content == WALL {
                break;
            }
            if ADD {
                self.undo_lines.push((cell as u16, self.lines[cell]));
            }
            let delta = KEY_DELTA[colour][if FORWARD { digit_before(k) } else { digit_after(k) }];
            let keys = &mut self.lines[cell].keys[direction];
            *keys = if ADD { *keys + delta } else { *keys - delta };
            if content != EMPTY {
                // A black stone hides the stone from white's view, and back.
                seen[usize::from(WHITE - content)] = false;
            } else if k <= reach {
                let [black_sees, white_sees] = seen;
                if black_sees {
                    self.refresh::<ADD>(cell, direction, 0);
                }
                if white_sees {
                    self.refresh::<ADD>(cell, direction, 1);
                }
            }
        }
    }

    /// Re-reads the pattern of the empty `cell` along `direction` for
    /// `colour`; if it changed, updates the cell's code and threat, the
    /// colour's shape counts, threat sets and evaluation sums, by the
    /// difference (a move between threat sets logged for the undo when
    /// `LOG`).
    #[inline(always)]
    fn refresh<const LOG: bool>(&mut self, cell: usize, direction: usize, colour: usize) {
        let lines = &mut self.lines[cell];
        let pattern = self.table.pattern(colour, lines.key(colour, direction));
        let old = lines.patterns[colour][direction];
        if pattern == old {
            return;
        }
        lines.patterns[colour][direction] = pattern;
        let old_code = lines.codes[colour];
        // The ordered code changes by the pattern's difference in its digit.
        let weight = u32::from(ORDERED_WEIGHT[direction]);
        let code = (u32::from(old_code) + pattern as u32 * weight - old as u32 * weight) as u16;
        lines.codes[colour] = code;
        let threat = self.codes.threat_of_ordered(code);
        let old_threat = lines.threats[colour];
        self.cell_sums[0][colour] += self.eval.mover[usize::from(code)] - self.eval.mover[usize::from(old_code)];
        self.cell_sums[1][colour] += self.eval.waiter[usize::from(code)] - self.eval.waiter[usize::from(old_code)];
        if threat != old_threat {
            lines.threats[colour] = threat;
            self.move_threat::<LOG>(cell, colour, old_threat, threat);
        }
    }

    /// Moves `cell` from the set of threat `old` to that of `new`, logged
    /// for the undo when `LOG` (a stone is being placed).
    #[inline]
    fn move_threat<const LOG: bool>(&mut self, cell: usize, colour: usize, old: Threat, new: Threat) {
        if LOG {
            self.undo_threats.push((cell as u16, colour as u8, old, new));
        }
        self.threats[colour][old as usize].remove(cell);
        self.threat_counts[colour][old as usize] -= 1;
        self.threat_counts[colour][new as usize] += 1;
        if new != Threat::None {
            self.threats[colour][new as usize].insert(cell);
        }
    }

    /// Renju: judges again every empty cell where black's stone may be
    /// forbidden by its line patterns (`CodeTables::suspect_of_ordered`)
    /// and every cell that was forbidden, and moves black's threat of each
    /// cell whose verdict changed between its line threat and
    /// [`Threat::None`] (logged for the undo when `LOG`).
    ///
    /// Every suspect, not only those near the stone: a three's straight-four
    /// point can be forbidden by a stone in its own lines, farther from the
    /// three than the line window reaches, and recursively. The suspects are
    /// few (points of two threes or fours, open fours, overlines), and the
    /// freestyle and standard rules never come here.
    fn update_forbidden<const LOG: bool>(&mut self) {
        let mut judged = self.forbidden;
        for cell in self.empties.iter() {
            if self.codes.suspect_of_ordered(self.lines[cell].codes[0]) {
                judged.insert(cell);
            }
        }
        if judged.is_empty() {
            return;
        }
        let mut scratch = self.cells;
        for cell in judged.iter() {
            let empty = self.cells[cell] == EMPTY;
            let code = self.lines[cell].codes[0];
            let now =
                empty && self.codes.suspect_of_ordered(code) && super::renju::forbidden(&mut scratch, cell).is_some();
            if now != self.forbidden.contains(cell) {
                toggle(&mut self.forbidden, cell);
                if LOG {
                    self.undo_forbidden.push(cell as u16);
                }
            }
            if !empty {
                continue; // its threats left the sets with the stone
            }
            let threat = if now { Threat::None } else { self.codes.threat_of_ordered(code) };
            let old = self.lines[cell].threats[0];
            if threat != old {
                if LOG {
                    self.undo_lines.push((cell as u16, self.lines[cell]));
                }
                self.lines[cell].threats[0] = threat;
                self.move_threat::<LOG>(cell, 0, old, threat);
            }
        }
    }

    /// `cell` is about to get a stone: its threats and values leave the
    /// sets and sums (its shapes and counters go stale).
    fn leave_empty(&mut self, cell: usize) {
        for colour in 0..2 {
            let lines = &self.lines[cell];
            let threat = lines.threats[colour];
            let code = usize::from(lines.codes[colour]);
            self.cell_sums[0][colour] -= self.eval.mover[code];
            self.cell_sums[1][colour] -= self.eval.waiter[code];
            self.move_threat::<true>(cell, colour, threat, Threat::None);
            self.threat_counts[colour][Threat::None as usize] -= 1;
        }
        self.empties.remove(cell);
        self.candidates.remove(cell);
    }

    /// `cell` has just become empty: its shapes, counters and threats are
    /// read again from its keys (kept current under the stone) and join the
    /// sets and sums.
    fn enter_empty(&mut self, cell: usize) {
        for colour in 0..2 {
            let lines = &mut self.lines[cell];
            for direction in 0..4 {
                lines.patterns[colour][direction] = self.table.pattern(colour, lines.key(colour, direction));
            }
            let code = ordered_code(&lines.patterns[colour]);
            lines.codes[colour] = code;
            let threat = self.codes.threat_of_ordered(code);
            lines.threats[colour] = threat;
            self.cell_sums[0][colour] += self.eval.mover[usize::from(code)];
            self.cell_sums[1][colour] += self.eval.waiter[usize::from(code)];
            self.threat_counts[colour][Threat::None as usize] += 1;
            self.move_threat::<false>(cell, colour, Threat::None, threat);
        }
        self.empties.insert(cell);
        if self.near[cell] > 0 {
            self.candidates.insert(cell);
        }
    }

    /// The indices of the playing cells, in board order.
    pub(super) fn board_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| index_of(Point { x, y })))
    }

    /// Computes every derived field from the stones and the move list
    /// alone, without the incremental updates.
    pub(super) fn rebuild(&mut self) {
        let stones = self.cells;
        let history = std::mem::take(&mut self.history);
        *self =
            Gomoku { order: self.order, eval: self.eval, ..Gomoku::blank(self.width, self.height, self.rule, history) };
        self.cells = stones;
        if self.history.len() % 2 == 1 {
            self.hash = ZOBRIST.white_to_move;
        }
        let cells: Vec<usize> = self.board_cells().collect();
        for &index in &cells {
            let stone = self.cells[index];
            if stone != EMPTY {
                self.hash ^= ZOBRIST.stones[usize::from(stone) - 1][index];
                for &offset in &NEIGHBOURHOOD {
                    self.near[index.wrapping_add_signed(offset)] += 1;
                }
            }
            for (direction, &step) in DIRECTIONS.iter().enumerate() {
                for colour in 0..2 {
                    let digit_value = |cell: u8| match cell {
                        EMPTY => 0,
                        cell if cell == stone_of(colour) => OWN,
                        _ => BLOCKED,
                    };
                    let key: u16 = (1..=REACH)
                        .map(|k| {
                            digit_value(self.cells[index - k * step]) * POW3[digit_before(k)]
                                + digit_value(self.cells[index + k * step]) * POW3[digit_after(k)]
                        })
                        .sum();
                    self.lines[index].keys[direction] |= u32::from(key) << (16 * colour);
                }
            }
        }
        for &index in &cells {
            if self.cells[index] == EMPTY {
                self.enter_empty(index);
            }
        }
        if self.rule.has_forbidden_points() {
            self.update_forbidden::<false>();
        }
        if self.find_winning_run().is_some() {
            self.won_at = Some(self.history.len());
        }
    }

    /// A stone that starts a winning run, by scanning every line.
    fn find_winning_run(&self) -> Option<Point> {
        self.board_cells().find_map(|index| {
            let stone = self.cells[index];
            if stone == EMPTY {
                return None;
            }
            let player = if stone == stone_of(0) { Player::First } else { Player::Second };
            DIRECTIONS.iter().find_map(|&step| {
                if self.cells[index - step] == stone {
                    return None; // not the start of its run
                }
                let length = (0..).take_while(|&i| self.cells[index + i * step] == stone).count();
                self.rule.wins_with_run(player, length).then(|| point_of(index))
            })
        })
    }

    /// A copy whose derived state (keys, shapes, threats, sums, candidates,
    /// Zobrist key, winner) is rebuilt from the stones alone: what the
    /// incremental updates must always equal.
    #[doc(hidden)]
    pub fn recomputed(&self) -> Gomoku {
        let mut fresh = Gomoku::blank(self.width, self.height, self.rule, self.history.clone());
        fresh.order = self.order;
        fresh.eval = self.eval;
        fresh.cells = self.cells;
        fresh.rebuild();
        fresh
    }

    /// Compares the incremental state with [`Gomoku::recomputed`].
    ///
    /// # Errors
    /// Names the first field that differs, and where.
    #[doc(hidden)]
    pub fn check_incremental(&self) -> Result<(), String> {
        let fresh = self.recomputed();
        let moves = self.history.len();
        let differs = |what: &str| Err(format!("{what} differs from a recomputation after {moves} moves"));
        if self.hash != fresh.hash {
            return differs("the Zobrist key");
        }
        if self.won_at != fresh.won_at {
            return differs("the winner");
        }
        if self.candidates != fresh.candidates {
            return differs("the candidate set");
        }
        if self.threats != fresh.threats {
            return differs("a threat set");
        }
        if self.forbidden != fresh.forbidden {
            return differs("the set of forbidden points");
        }
        if self.threat_counts != fresh.threat_counts || self.cell_sums != fresh.cell_sums {
            return differs("the evaluation's shape and threat counts");
        }
        for index in self.board_cells() {
            let p = point_of(index);
            if self.near[index] != fresh.near[index] {
                return differs(&format!("the neighbour count of {p}"));
            }
            if self.lines[index].keys != fresh.lines[index].keys {
                return differs(&format!("a line key of {p}"));
            }
            if self.cells[index] == EMPTY && self.lines[index] != fresh.lines[index] {
                return differs(&format!("the shapes of {p}"));
            }
        }
        Ok(())
    }

    /// The number of playing cells.
    #[inline]
    pub(super) fn points(&self) -> usize {
        self.width() * self.height()
    }
}

/// Adds `cell` to `set` if absent, removes it if present.
fn toggle(set: &mut CellSet, cell: usize) {
    if set.contains(cell) {
        set.remove(cell);
    } else {
        set.insert(cell);
    }
}

/// The padded grid is sized for the largest board.
const _: () = assert!(CELLS == 1024);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;

    #[test]
    fn stones_placed_before_a_rebuild_are_undone_by_reading_the_lines() {
        // A rebuilt position has no undo log: taking its stones back reads
        // the lines again, and stones placed after it use the log; both
        // must leave the state a recomputation gives.
        let game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 i9 i8 g8 j7 h9 g9 j9 k9 i7 h7 h6").unwrap();
        let mut rebuilt = game.recomputed();
        assert!(rebuilt.undo_frames.is_empty() && rebuilt.undo_lines.is_empty());
        for mv in ["f6", "k10"] {
            let point = rebuilt.parse_point(mv).unwrap();
            abprune::Game::play(&mut rebuilt, point);
        }
        assert_eq!(rebuilt.undo_frames.len(), 2);
        while let Some(&last) = rebuilt.history().last() {
            abprune::Game::undo(&mut rebuilt, last);
            rebuilt.check_incremental().unwrap_or_else(|error| panic!("after undoing {last}: {error}"));
        }
        assert!(rebuilt.undo_lines.is_empty());
        assert_eq!(rebuilt.hash, Gomoku::new(15, Rule::Freestyle).unwrap().hash);
    }
}
