//! [`TreeGame`]: a [`Tree`] played as a [`Game`], chance nodes included.

use crate::tree::{NodeId, Tree};
use abprune::{Game, Outcome, Player, Probability, Score};
use std::cell::OnceCell;

/// A [`Tree`] played as a game: the position is the path from the root, a
/// move is the id of the child to go to.
///
/// The first player is MAX. The side to move changes at every decision
/// node passed and never at a chance node, whose outcomes
/// [`Game::chance_outcomes`] lists with their probabilities. A leaf's static
/// value is its printed value seen from the side to move; an interior node
/// cut by a depth limit has no value of its own and evaluates to 0 (searches
/// of trees normally go to the leaves).
#[derive(Clone, Debug)]
pub struct TreeGame<'t> {
    tree: &'t Tree,
    path: Vec<NodeId>,
    /// Whether MAX is to move at each node of the path.
    max_to_move: Vec<bool>,
    /// The lowest and highest leaf value, MAX's view (Ballard's L and U),
    /// found when first asked: a pass over the whole tree that the
    /// deterministic searches need not pay for; or the bounds a user gave
    /// ([`TreeGame::with_value_bounds`]).
    leaf_bounds: OnceCell<(i32, i32)>,
}

impl<'t> TreeGame<'t> {
    /// The game at the root of `tree`.
    pub fn new(tree: &'t Tree) -> Self {
        let capacity = tree.height() as usize + 1;
        let mut path = Vec::with_capacity(capacity);
        path.push(Tree::ROOT);
        let mut max_to_move = Vec::with_capacity(capacity);
        max_to_move.push(true);
        TreeGame { tree, path, max_to_move, leaf_bounds: OnceCell::new() }
    }

    /// The game at the root of `tree` declaring the leaf bounds `low` and
    /// `high` (MAX's view) instead of the tree's lowest and highest leaf:
    /// looser bounds show what Star1 and Star2 lose by them. The searches
    /// refuse a leaf outside them, and bounds with `low >= high`.
    pub fn with_value_bounds(tree: &'t Tree, low: i32, high: i32) -> Self {
        let game = TreeGame::new(tree);
        // A fresh cell: the set cannot fail.
        let _ = game.leaf_bounds.set((low, high));
        game
    }

    /// The node the game is at.
    #[inline]
    pub fn node(&self) -> NodeId {
        self.path[self.path.len() - 1]
    }

    #[inline]
    fn max_to_move(&self) -> bool {
        self.max_to_move[self.max_to_move.len() - 1]
    }
}

impl Game for TreeGame<'_> {
    type Move = NodeId;

    fn side_to_move(&self) -> Player {
        if self.max_to_move() {
            Player::First
        } else {
            Player::Second
        }
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<NodeId>) {
        moves.extend_from_slice(self.tree.children(self.node()));
    }

    #[inline]
    fn play(&mut self, mv: NodeId) {
        debug_assert!(self.tree.children(self.node()).contains(&mv), "node {mv} is not a child");
        // A decision passes the move; chance does not.
        let passes = !self.tree.is_chance(self.node());
        let max_to_move = self.max_to_move() != passes;
        self.path.push(mv);
        self.max_to_move.push(max_to_move);
    }

    #[inline]
    fn undo(&mut self, mv: NodeId) {
        debug_assert_eq!(self.node(), mv, "undo of a move that was not the last one");
        self.path.pop();
        self.max_to_move.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    /// The leaves are values, not finished games: no exact solve.
    fn ending(&self) -> abprune::Ending {
        abprune::Ending::Heuristic
    }

    /// Each node is reached by one path only, so its id is an exact key.
    fn hash_key(&self) -> Option<u64> {
        Some(u64::from(self.node()))
    }

    #[inline]
    fn evaluate(&self) -> Score {
        let value = Score::new(self.tree.value(self.node()).unwrap_or(0));
        if self.max_to_move() {
            value
        } else {
            -value
        }
    }

    fn chance_to_move(&self) -> bool {
        self.tree.is_chance(self.node())
    }

    /// The children with their probabilities, in the tree's order.
    fn chance_outcomes(&self, outcomes: &mut Vec<(NodeId, Probability)>) {
        let node = self.node();
        if let Some(probabilities) = self.tree.probabilities(node) {
            outcomes.extend(self.tree.children(node).iter().copied().zip(probabilities.iter().copied()));
        }
    }

    /// The lowest and highest leaf of the whole tree, MAX's view, or those
    /// given to [`TreeGame::with_value_bounds`]. Where every leaf has the
    /// same value `v` the bounds are `(v, v + 1)` (`(v - 1, v)` at the top
    /// of the range): bounds need `low <
    /// high`, and these still hold every leaf. (An interior node cut by a
    /// depth limit evaluates to 0, which may lie outside them: searches
    /// with these bounds go to the leaves.)
    fn value_bounds(&self) -> Option<(Score, Score)> {
        let (lowest, highest) = *self.leaf_bounds.get_or_init(|| match self.tree.leaf_bounds() {
            (low, high) if low == high && high < Score::MAX_EVAL => (low, high + 1),
            (low, high) if low == high => (low - 1, high),
            bounds => bounds,
        });
        Some((Score::new(lowest), Score::new(highest)))
    }
}
