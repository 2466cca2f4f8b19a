//! Victory by continuous threats (VCT): a win in which every attacking
//! stone makes a four or an open three, so the defender must answer each.
//!
//! An AND/OR search, deepened one threat at a time, with a node budget and
//! a table of positions shown to fail within a number of threats.
//!
//! At an attacking node (attacker to move), in this order:
//!
//! 1. the attacker has a five point: won;
//! 2. the defender has two five points: failed; one: the attacker must
//!    cover it, and the line goes on only if that stone is itself a threat
//!    (a four or an open three), else failed (the defender would get a free
//!    move);
//! 3. the attacker has an open-four move: won (the open four wins, whatever
//!    the defender does, since it has no five point);
//! 4. otherwise every point where the attacker makes a four or an open
//!    three (only fours if the defender has an open-four move: a three
//!    would be too slow), fours first: won if one of them wins against
//!    every defence.
//!
//! At a defending node (defender to move, after a threat):
//!
//! 1. the defender has a five point, or an open-four move against a mere
//!    three: failed (it wins first);
//! 2. the attacker has two five points: won; one: the defender must cover
//!    it (its only move that does not lose at once), and under renju when
//!    black may not cover it (a forbidden point), won;
//! 3. the attacker has an open-four move (it made an open three): the
//!    defences are the points that stop every open-four move
//!    (`Gomoku::open_four_defences`, exact) and the defender's own fours,
//!    less black's forbidden points; won if the attacker wins after each
//!    of them. Under renju, when a white stone could make black's open-four
//!    move forbidden (`Gomoku::open_fours_may_be_forbidden`), those
//!    defences are not all there are: failed;
//! 4. otherwise the threat was none: failed.
//!
//! Every defence the rules allow against a four or an open three is tried
//! (a defender's counter-four is answered at the next attacking node, step
//! 2), so a line found is a forced win; a search that ran out of budget
//! proves nothing and says so.

use super::board::{point_of, CellSet};
use super::threats::Threat;
use super::{Gomoku, Point};
use std::collections::HashMap;

/// How a VCT search of one node ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Search {
    Won,
    Failed,
    OutOfBudget,
}

impl Gomoku {
    /// A VCT for the side to move: its first threat (or five), when one
    /// wins with at most `max_threats` attacking threats within about
    /// `node_budget` nodes. `None` when none was found or the game is over.
    /// The position is left as it was.
    pub fn find_vct(&mut self, max_threats: u32, node_budget: u64) -> Option<Point> {
        if self.is_over() {
            return None;
        }
        let attacker = self.colour_to_move();
        let mut search = VctSearch { attacker, nodes: 0, budget: node_budget, failed: HashMap::new(), first: None };
        for threats in 1..=max_threats {
            search.first = None;
            match search.attack(self, threats, true) {
                Search::Won => return search.first,
                Search::OutOfBudget => return None,
                Search::Failed => {}
            }
        }
        None
    }

    /// The points where `colour`'s stone makes a four or an open three.
    fn threat_moves(&self, colour: usize) -> CellSet {
        let sets = &self.threats[colour];
        self.fours(colour).union(&sets[Threat::Three as usize]).union(&sets[Threat::DoubleThree as usize])
    }
}

/// The state of one VCT search.
struct VctSearch {
    attacker: usize,
    nodes: u64,
    budget: u64,
    /// Zobrist key -> the most threats within which that position
    /// (attacker to move) was shown to have no VCT.
    failed: HashMap<u64, u32>,
    /// The root's winning move.
    first: Option<Point>,
}

impl VctSearch {
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.budget
    }

    /// Whether the attacker, to move in `game`, wins with at most `threats`
    /// more threats.
    fn attack(&mut self, game: &mut Gomoku, threats: u32, root: bool) -> Search {
        let me = self.attacker;
        let they = 1 - me;
        // Step 1. A five.
        if let Some(five) = game.threats[me][Threat::Five as usize].first() {
            if root {
                self.first = Some(point_of(five));
            }
            return Search::Won;
        }
        if threats == 0 || self.failed.get(&game.hash).is_some_and(|&failed| failed >= threats) {
            return Search::Failed;
        }
        if !self.count_node() {
            return Search::OutOfBudget;
        }
        // Step 2. The defender's four must be covered.
        let their_fives = game.threats[they][Threat::Five as usize];
        let moves = match their_fives.first() {
            Some(_) if their_fives.len() >= 2 => return self.fail(game, threats),
            Some(block) => {
                let threat = game.lines[block].threats[me];
                if threat == Threat::None || threat == Threat::Five {
                    return self.fail(game, threats);
                }
                let mut only = CellSet::default();
                only.insert(block);
                only
            }
            None => {
                // Step 3. An open four wins.
                if let Some(open_four) = game.threats[me][Threat::OpenFour as usize].first() {
                    if root {
                        self.first = Some(point_of(open_four));
                    }
                    return Search::Won;
                }
                // An open three of the defender's outruns a three: only
                // fours are fast enough then.
                if game.threats[they][Threat::OpenFour as usize].is_empty() {
                    game.threat_moves(me)
                } else {
                    game.fours(me)
                }
            }
        };
        // Step 4. The threats, fours first, then by the seed score.
        let mut ordered: Vec<(bool, i32, usize)> = moves
            .iter()
            .map(|index| (!game.lines[index].threats[me].makes_four(), -game.seed_score(index), index))
            .collect();
        ordered.sort_unstable();
        for (_, _, threat) in ordered {
            game.place(threat, me);
            let result = self.defend(game, threats - 1);
            game.remove(threat, me);
            match result {
                Search::Won => {
                    if root {
                        self.first = Some(point_of(threat));
                    }
                    return Search::Won;
                }
                Search::OutOfBudget => return Search::OutOfBudget,
                Search::Failed => {}
            }
        }
        self.fail(game, threats)
    }

    fn fail(&mut self, game: &Gomoku, threats: u32) -> Search {
        self.failed.insert(game.hash, threats);
        Search::Failed
    }

    /// Whether the attacker wins against every defence, the defender to
    /// move in `game` after the attacker's threat.
    fn defend(&mut self, game: &mut Gomoku, threats: u32) -> Search {
        let me = self.attacker;
        let they = 1 - me;
        if game.won_at.is_some() {
            return Search::Won;
        }
        // Step 1. The defender's own five; or, against a three (no five
        // point of the attacker's), the defender's open four.
        let my_fives = game.threats[me][Threat::Five as usize];
        if !game.threats[they][Threat::Five as usize].is_empty()
            || (my_fives.is_empty() && !game.threats[they][Threat::OpenFour as usize].is_empty())
        {
            return Search::Failed;
        }
        if !self.count_node() {
            return Search::OutOfBudget;
        }
        // Steps 2 and 3. The defences.
        let defences = match my_fives.first() {
            Some(_) if my_fives.len() >= 2 => return Search::Won,
            Some(block) if they == 0 && game.forbidden.contains(block) => return Search::Won,
            Some(block) => {
                let mut only = CellSet::default();
                only.insert(block);
                only
            }
            None if !game.threats[me][Threat::OpenFour as usize].is_empty() => {
                if game.open_fours_may_be_forbidden(me) {
                    return Search::Failed;
                }
                let defences = game.open_four_defences(me).union(&game.fours(they));
                if they == 0 {
                    defences.difference(&game.forbidden)
                } else {
                    defences
                }
            }
            // Step 4. No threat: the defender moves freely.
            None => return Search::Failed,
        };
        for defence in defences.iter() {
            game.place(defence, they);
            let result = if game.won_at.is_some() { Search::Failed } else { self.attack(game, threats, false) };
            game.remove(defence, they);
            match result {
                Search::Won => {}
                Search::Failed | Search::OutOfBudget => return result,
            }
        }
        Search::Won
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;

    #[test]
    fn a_double_open_three_is_a_vct_and_a_lone_stone_is_not() {
        // Black: h8 i8 and h9 h10: j8 or h11 ... g8? Black to move makes two
        // open threes at once with h7... Use a plain double-three point:
        // black h8 i8 (row) and j9 j10 (column); j8 makes j8-i8-h8 and
        // j8-j9-j10, two open threes.
        let mut game = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 a1 i8 a15 j9 o1 j10 o15").unwrap();
        let first = game.find_vct(5, 100_000);
        assert!(first.is_some(), "the double three wins");
        let before = game.clone();
        assert_eq!(game.history(), before.history());
        let mut quiet = Gomoku::from_moves(15, 15, Rule::Freestyle, "h8 a1").unwrap();
        assert_eq!(quiet.find_vct(4, 100_000), None);
    }
}
