//! Victory by continuous fours (VCF): a win in which every attacking stone
//! makes a four, so every defending stone is forced.
//!
//! The search is a depth-first search of the attacker's fours, deepened one
//! four at a time (so the first line found has the fewest fours), with a
//! node budget and a table of positions already shown to fail within a
//! number of fours. At each attacking node, in this order:
//!
//! 1. the attacker has a five point: the line ends with the five;
//! 2. the defender has two five points: no VCF here (one stone cannot
//!    cover both and win);
//! 3. the defender has one five point (the block of an earlier four made a
//!    four): the attacker's only move is to cover it, and only if that
//!    stone makes a four too;
//! 4. otherwise every point where the attacker makes a four (open fours and
//!    four-threes first).
//!
//! After each four the defender has no five point (it had none, or the four
//! covered it), so the only reply that does not lose at once is covering
//! the four's five point (with two of them the defender loses anyway, and
//! one of the blocks stands for all). Under renju, when black defends and
//! every five point of white's four is forbidden for black, black cannot
//! cover it: the line ends with that four. A line found is replayed and
//! checked by [`Gomoku::is_vcf`] before it is returned.

use super::board::{index_of, point_of, CellSet};
use super::threats::Threat;
use super::{Gomoku, Point};
use std::collections::HashMap;

impl Gomoku {
    /// A VCF for the side to move: the shortest line found (the attacker's
    /// four, the forced reply, ..., the five), with at most `max_fours`
    /// attacking fours and about `node_budget` nodes. `None` when none was
    /// found, when the game is over, or when the opponent already has a
    /// four and the side to move has no five. A line returned always passes
    /// [`Gomoku::is_vcf`]; the position is left as it was.
    pub fn find_vcf(&mut self, max_fours: u32, node_budget: u64) -> Option<Vec<Point>> {
        if self.is_over() {
            return None;
        }
        let attacker = self.colour_to_move();
        if let Some(five) = self.threats[attacker][Threat::Five as usize].first() {
            return Some(vec![point_of(five)]);
        }
        if !self.threats[1 - attacker][Threat::Five as usize].is_empty() {
            return None;
        }
        let mut search = VcfSearch { nodes: 0, budget: node_budget, failed: HashMap::new(), line: Vec::new() };
        for fours in 1..=max_fours {
            match search.attack(self, fours) {
                Search::Won => {
                    let line: Vec<Point> = search.line.iter().map(|&index| point_of(index)).collect();
                    debug_assert!(self.is_vcf(&line), "an unsound VCF: {line:?}");
                    return self.is_vcf(&line).then_some(line);
                }
                Search::OutOfBudget => return None,
                Search::Failed => {}
            }
        }
        None
    }

    /// True if `line` is a forced win for the side to move by continuous
    /// fours: every move legal; each of the attacker's moves but the last
    /// leaves it a five point and the defender none; each of the defender's
    /// moves covers one of the attacker's five points (with one five point,
    /// the only move that does not lose at once); the last move wins, or
    /// (renju) is white's four whose five points are all forbidden for black.
    pub fn is_vcf(&self, line: &[Point]) -> bool {
        let mut game = self.clone();
        let attacker = game.colour_to_move();
        let defender = 1 - attacker;
        for (i, &p) in line.iter().enumerate() {
            if game.check_move(p).is_err() {
                return false;
            }
            let index = index_of(p);
            if i % 2 == 1 {
                if !game.threats[attacker][Threat::Five as usize].contains(index) {
                    return false;
                }
                game.place(index, defender);
                continue;
            }
            game.place(index, attacker);
            if game.won_at.is_some() {
                return i + 1 == line.len();
            }
            let fives = &game.threats[attacker][Threat::Five as usize];
            if fives.is_empty() || !game.threats[defender][Threat::Five as usize].is_empty() {
                return false;
            }
            if defender == 0 && fives.difference(&game.forbidden).is_empty() {
                return i + 1 == line.len();
            }
        }
        false
    }
}

/// How a VCF search of one node ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Search {
    /// The attacker wins; the line is in [`VcfSearch::line`].
    Won,
    /// No VCF within the fours allowed.
    Failed,
    /// The node budget ran out: nothing is known.
    OutOfBudget,
}

/// The state of one VCF search.
struct VcfSearch {
    /// Attacking nodes entered.
    nodes: u64,
    /// The most attacking nodes to enter.
    budget: u64,
    /// Zobrist key -> the most fours within which that position (attacker
    /// to move) was shown to have no VCF.
    failed: HashMap<u64, u32>,
    /// The moves from the root to the current node (and then the win).
    line: Vec<usize>,
}

impl VcfSearch {
    /// Whether the side to move of `game` (the attacker) wins with at most
    /// `fours` more fours. `game` is restored before returning.
    fn attack(&mut self, game: &mut Gomoku, fours: u32) -> Search {
        let me = game.colour_to_move();
        let they = 1 - me;
        // Step 1. A five.
        if let Some(five) = game.threats[me][Threat::Five as usize].first() {
            self.line.push(five);
            return Search::Won;
        }
        if fours == 0 || self.failed.get(&game.hash).is_some_and(|&failed| failed >= fours) {
            return Search::Failed;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Search::OutOfBudget;
        }
        // Steps 2 to 4. The attacking fours.
        let their_fives = game.threats[they][Threat::Five as usize];
        let mut attacks = CellSet::default();
        match their_fives.first() {
            None => attacks = game.fours(me),
            Some(block) if their_fives.len() == 1 && game.lines[block].threats[me].makes_four() => {
                attacks.insert(block)
            }
            Some(_) => {}
        }
        let mut ordered: Vec<(i32, usize)> = attacks.iter().map(|index| (-game.seed_score(index), index)).collect();
        ordered.sort_unstable();
        for (_, four) in ordered {
            game.place(four, me);
            // A four leaves a five point; were the tables ever to disagree,
            // the move is simply skipped.
            let fives = game.threats[me][Threat::Five as usize];
            if fives.is_empty() {
                game.remove(four, me);
                continue;
            }
            // Under renju black may not cover a forbidden five point.
            let reply = if they == 0 { fives.difference(&game.forbidden).first() } else { fives.first() };
            let Some(reply) = reply else {
                game.remove(four, me);
                self.line.push(four);
                return Search::Won;
            };
            game.place(reply, they);
            self.line.extend([four, reply]);
            let result = self.attack(game, fours - 1);
            game.remove(reply, they);
            game.remove(four, me);
            match result {
                Search::Failed => self.line.truncate(self.line.len() - 2),
                Search::Won | Search::OutOfBudget => return result,
            }
        }
        self.failed.insert(game.hash, fours);
        Search::Failed
    }
}
