//! Explicit game trees, as textbooks draw them, and their text format.
//!
//! ```text
//! # The tree of many textbook figures: value 3.
//! a:( b:(3 12 8)  c:(2 4 6)  d:(14 5 2) )
//! ```
//!
//! - a leaf is an integer, within `±Score::MAX_EVAL`;
//! - a decision node is `( child child ... )`, with at least one child;
//! - a chance node (Ballard's *-minimax trees: dice thrown, a card drawn) is
//!   `{ p child p child ... }`, each child preceded by its probability, a
//!   fraction `a/b` or a decimal `0.25`, read exactly (`0.125` is `1/8`);
//!   the probabilities are positive and sum to exactly one;
//! - any node may carry a label `name:` in front (letters, digits, `_`);
//! - `#` starts a comment that runs to the end of the line; whitespace is free.
//!
//! ```text
//! # MAX chooses between a sure 2 and a die: MIN moves after the throw.
//! ( 2  c:{ 1/2 3  1/3 (4 5)  1/6 -2 } )
//! ```
//!
//! The first decision node on every path is MAX, and decision nodes
//! alternate MAX and MIN by the number of decision nodes above them: a
//! chance node does not pass the move (in the example the `(4 5)` under the
//! chance node is MIN's, as if the chance node were not there). Leaf values
//! are from MAX's point of view, as the textbooks print them. [`TreeGame`]
//! plays the tree as a [`Game`](abprune::Game) whose moves are the
//! children's node ids.

use abprune::{Probability, Score};
use std::fmt;

pub use crate::tree_chance::{parse_probability, sum as probability_sum, MAX_DECIMALS};
pub use crate::tree_game::TreeGame;
pub use crate::tree_nested::Nested;

/// Index of a node in a [`Tree`]; the root is 0.
pub type NodeId = u32;

/// How deep a tree may nest. The searches recurse once per level, so this
/// bounds their stack use; no textbook tree comes near it.
pub const MAX_TREE_DEPTH: usize = 2_000;

/// An explicit game tree: nodes in preorder, children stored contiguously.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<Node>,
    /// Child ids of all interior nodes; node `n`'s are `children[first..first + count]`.
    children: Vec<NodeId>,
    /// The probability of each entry of `children` (certainty under a
    /// decision node); empty while the tree has no chance node, so that
    /// deterministic trees (the random trees of millions of nodes) pay
    /// nothing for chance.
    probabilities: Vec<Probability>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    /// The leaf value (MAX's view); 0 and unused for interior nodes.
    value: i32,
    first_child: u32,
    child_count: u32,
    /// Chance moves here, not a player (it fits in the padding).
    chance: bool,
    label: Option<Box<str>>,
}

/// A malformed tree text, with where the problem is (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line of the offending text.
    pub line: usize,
    /// Column (in characters) of the offending text.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

impl Tree {
    /// Builds a tree from its nested form (preorder ids, root 0).
    ///
    /// # Panics
    /// If an interior node has no children, a leaf lies outside
    /// `±Score::MAX_EVAL` or a chance node's probabilities do not sum to
    /// one (code-built trees are the programmer's responsibility; parse
    /// user text with [`Tree::parse`]).
    pub fn from_nested(nested: &Nested) -> Tree {
        let mut tree = Tree::empty();
        tree.add_nested(nested);
        tree
    }

    fn add_nested(&mut self, nested: &Nested) -> NodeId {
        let id = self.push_node(None);
        match nested {
            Nested::Leaf(value) => {
                assert!(Score::try_new(i64::from(*value)).is_some(), "leaf {value} outside the evaluation band");
                self.nodes[id as usize].value = *value;
            }
            Nested::Node(children) => {
                assert!(!children.is_empty(), "an interior node needs a child");
                let ids: Vec<NodeId> = children.iter().map(|child| self.add_nested(child)).collect();
                self.set_children(id, &ids);
            }
            Nested::Chance(outcomes) => {
                assert!(!outcomes.is_empty(), "a chance node needs an outcome");
                let probabilities: Vec<Probability> = outcomes.iter().map(|&(p, _)| p).collect();
                assert!(
                    crate::tree_chance::sum_is_one(&probabilities),
                    "the probabilities of a chance node sum to something other than one"
                );
                let ids: Vec<NodeId> = outcomes.iter().map(|(_, child)| self.add_nested(child)).collect();
                self.set_chance_children(id, &ids, &probabilities);
            }
        }
        id
    }

    fn push_node(&mut self, label: Option<Box<str>>) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node { value: 0, first_child: 0, child_count: 0, chance: false, label });
        id
    }

    fn set_children(&mut self, id: NodeId, ids: &[NodeId]) {
        let node = &mut self.nodes[id as usize];
        node.first_child = self.children.len() as u32;
        node.child_count = ids.len() as u32;
        self.children.extend_from_slice(ids);
        if !self.probabilities.is_empty() {
            self.probabilities.resize(self.children.len(), Probability::ONE);
        }
    }

    /// Makes `id` a chance node with children `ids` reached with
    /// `probabilities` (the caller has checked that they sum to one).
    fn set_chance_children(&mut self, id: NodeId, ids: &[NodeId], probabilities: &[Probability]) {
        debug_assert_eq!(ids.len(), probabilities.len(), "one probability per outcome");
        let first = self.children.len();
        self.set_children(id, ids);
        // The first chance node gives every earlier edge its certainty.
        self.probabilities.resize(first, Probability::ONE);
        self.probabilities.extend_from_slice(probabilities);
        self.nodes[id as usize].chance = true;
    }

    /// Builds a uniform tree level by level: `leaf_values` (MAX's view, in
    /// left-to-right order) are the leaves of a tree with `branching`
    /// children per interior node and `leaf_values.len() == branching^depth`.
    pub(crate) fn uniform(branching: u32, depth: u32, leaf_values: &[i32]) -> Tree {
        let mut tree = Tree::empty();
        tree.push_node(None);
        let mut level: Vec<NodeId> = vec![0];
        for _ in 0..depth {
            let mut next = Vec::with_capacity(level.len() * branching as usize);
            for &parent in &level {
                let ids: Vec<NodeId> = (0..branching).map(|_| tree.push_node(None)).collect();
                tree.set_children(parent, &ids);
                next.extend_from_slice(&ids);
            }
            level = next;
        }
        for (&leaf, &value) in level.iter().zip(leaf_values) {
            tree.nodes[leaf as usize].value = value;
        }
        tree
    }

    /// Reorders the children of decision node `id` (a permutation of its
    /// current children; a chance node's outcomes keep their order, and
    /// their probabilities with them).
    pub(crate) fn children_mut(&mut self, id: NodeId) -> &mut [NodeId] {
        let node = &self.nodes[id as usize];
        debug_assert!(!node.chance, "the outcomes of chance node {id} are not reordered");
        let range = node.first_child as usize..(node.first_child + node.child_count) as usize;
        &mut self.children[range]
    }

    /// Starts an empty tree for the parser.
    pub(crate) fn empty() -> Tree {
        Tree { nodes: Vec::new(), children: Vec::new(), probabilities: Vec::new() }
    }

    /// Parser hook: a new node with an optional label.
    pub(crate) fn add_node(&mut self, label: Option<Box<str>>) -> NodeId {
        self.push_node(label)
    }

    /// Parser hook: makes `id` a leaf with `value`.
    pub(crate) fn set_leaf(&mut self, id: NodeId, value: i32) {
        self.nodes[id as usize].value = value;
    }

    /// Parser hook: gives `id` its children.
    pub(crate) fn attach_children(&mut self, id: NodeId, ids: &[NodeId]) {
        self.set_children(id, ids);
    }

    /// Parser and generator hook: makes `id` a chance node whose outcomes
    /// `ids` have `probabilities` (checked to sum to one by the caller).
    pub(crate) fn attach_outcomes(&mut self, id: NodeId, ids: &[NodeId], probabilities: &[Probability]) {
        self.set_chance_children(id, ids, probabilities);
    }

    /// The root's id.
    pub const ROOT: NodeId = 0;

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The children of `id`, in move order (empty for a leaf).
    #[inline]
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        let node = &self.nodes[id as usize];
        &self.children[node.first_child as usize..(node.first_child + node.child_count) as usize]
    }

    /// True when `id` has no children.
    #[inline]
    pub fn is_leaf(&self, id: NodeId) -> bool {
        self.nodes[id as usize].child_count == 0
    }

    /// True when chance moves at `id` (a `{ ... }` node).
    #[inline]
    pub fn is_chance(&self, id: NodeId) -> bool {
        self.nodes[id as usize].chance
    }

    /// True when the tree has a chance node anywhere: the deterministic
    /// searches cannot value it.
    pub fn has_chance_nodes(&self) -> bool {
        !self.probabilities.is_empty()
    }

    /// The probabilities of chance node `id`'s outcomes, in the order of
    /// [`Tree::children`]; `None` for a decision node or a leaf.
    #[inline]
    pub fn probabilities(&self, id: NodeId) -> Option<&[Probability]> {
        let node = &self.nodes[id as usize];
        node.chance
            .then(|| &self.probabilities[node.first_child as usize..(node.first_child + node.child_count) as usize])
    }

    /// Whether MAX is to move at each node, by id: MAX at the first
    /// decision node, the sides alternating with every decision node passed
    /// and unchanged by chance nodes (a chance node or a leaf is given the
    /// side of the decision node it belongs to, whose view its value takes).
    pub fn max_to_move(&self) -> Vec<bool> {
        let mut max_to_move = vec![true; self.nodes.len()];
        // Preorder ids: every parent has a smaller id than its children.
        for id in 0..self.nodes.len() as NodeId {
            let passes = !self.is_chance(id);
            for &child in self.children(id) {
                max_to_move[child as usize] = max_to_move[id as usize] != passes;
            }
        }
        max_to_move
    }

    /// The lowest and highest leaf value (MAX's view): Ballard's `L` and
    /// `U` for this tree.
    pub fn leaf_bounds(&self) -> (i32, i32) {
        let leaves = self.nodes.iter().filter(|node| node.child_count == 0).map(|node| node.value);
        leaves.fold((i32::MAX, i32::MIN), |(low, high), value| (low.min(value), high.max(value)))
    }

    /// The moves from the root to the first leaf (in preorder) whose value
    /// lies outside `[low, high]`, if any: bounds a user gives for Star1
    /// and Star2 must hold every leaf, searched or not.
    pub fn first_leaf_outside(&self, low: i32, high: i32) -> Option<Vec<NodeId>> {
        let mut parent = vec![Tree::ROOT; self.nodes.len()];
        // Preorder ids: every parent has a smaller id than its children.
        for id in 0..self.nodes.len() as NodeId {
            for &child in self.children(id) {
                parent[child as usize] = id;
            }
            if self.value(id).is_some_and(|value| value < low || value > high) {
                let mut moves = Vec::new();
                let mut node = id;
                while node != Tree::ROOT {
                    moves.push(node);
                    node = parent[node as usize];
                }
                moves.reverse();
                return Some(moves);
            }
        }
        None
    }

    /// The value of leaf `id` from MAX's point of view; `None` for interior nodes.
    #[inline]
    pub fn value(&self, id: NodeId) -> Option<i32> {
        self.is_leaf(id).then(|| self.nodes[id as usize].value)
    }

    /// The label of `id`, if the text gave one.
    pub fn label(&self, id: NodeId) -> Option<&str> {
        self.nodes[id as usize].label.as_deref()
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.nodes.iter().filter(|node| node.child_count == 0).count()
    }

    /// The longest path from the root to a leaf, in edges.
    pub fn height(&self) -> u32 {
        let mut depth = vec![0u32; self.nodes.len()];
        let mut height = 0;
        // Preorder ids: every parent has a smaller id than its children.
        for id in 0..self.nodes.len() as NodeId {
            for &child in self.children(id) {
                depth[child as usize] = depth[id as usize] + 1;
                height = height.max(depth[child as usize]);
            }
        }
        height
    }

    /// The nested form of the tree (labels dropped).
    pub fn to_nested(&self) -> Nested {
        self.nested_from(Tree::ROOT)
    }

    fn nested_from(&self, id: NodeId) -> Nested {
        if let Some(value) = self.value(id) {
            return Nested::Leaf(value);
        }
        let children = self.children(id).iter().map(|&child| self.nested_from(child));
        match self.probabilities(id) {
            Some(probabilities) => Nested::Chance(probabilities.iter().copied().zip(children).collect()),
            None => Nested::Node(children.collect()),
        }
    }

    /// The path of labels (or 0-based child indices where a node has no
    /// label) that a sequence of moves from the root follows.
    pub fn describe_path(&self, moves: &[NodeId]) -> Vec<String> {
        let mut parent = Tree::ROOT;
        moves
            .iter()
            .map(|&child| {
                let index = self.children(parent).iter().position(|&c| c == child);
                parent = child;
                match (self.label(child), index) {
                    (Some(label), _) => label.to_string(),
                    (None, Some(index)) => index.to_string(),
                    (None, None) => format!("#{child}"),
                }
            })
            .collect()
    }

    /// The 0-based child index of each move of a path from the root.
    pub fn child_indices(&self, moves: &[NodeId]) -> Vec<usize> {
        let mut parent = Tree::ROOT;
        moves
            .iter()
            .map(|&child| {
                let index = self.children(parent).iter().position(|&c| c == child).unwrap_or(usize::MAX);
                parent = child;
                index
            })
            .collect()
    }

    fn write_node(&self, f: &mut fmt::Formatter<'_>, id: NodeId) -> fmt::Result {
        if let Some(label) = self.label(id) {
            write!(f, "{label}:")?;
        }
        if let Some(value) = self.value(id) {
            return write!(f, "{value}");
        }
        let probabilities = self.probabilities(id);
        f.write_str(if probabilities.is_some() { "{" } else { "(" })?;
        for (i, &child) in self.children(id).iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if let Some(probabilities) = probabilities {
                write!(f, "{} ", probabilities[i])?;
            }
            self.write_node(f, child)?;
        }
        f.write_str(if probabilities.is_some() { "}" } else { ")" })
    }
}

impl fmt::Display for Tree {
    /// The text format, on one line; [`Tree::parse`] reads it back unchanged.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_node(f, Tree::ROOT)
    }
}
