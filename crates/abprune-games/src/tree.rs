//! Explicit game trees, as textbooks draw them, and their text format.
//!
//! ```text
//! # The tree of many textbook figures: value 3.
//! a:( b:(3 12 8)  c:(2 4 6)  d:(14 5 2) )
//! ```
//!
//! - a leaf is an integer, within `±Score::MAX_EVAL`;
//! - an interior node is `( child child ... )`, with at least one child;
//! - any node may carry a label `name:` in front (letters, digits, `_`);
//! - `#` starts a comment that runs to the end of the line; whitespace is free.
//!
//! The root is MAX and the levels alternate; leaf values are from MAX's (the
//! root's) point of view, as the textbooks print them. [`TreeGame`] plays the
//! tree as a [`Game`] whose moves are the children's node ids.

use abprune::{Game, Outcome, Player, Score};
use std::fmt;

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
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    /// The leaf value (MAX's view); 0 and unused for interior nodes.
    value: i32,
    first_child: u32,
    child_count: u32,
    label: Option<Box<str>>,
}

/// A tree given as nested values: the simple form for building trees in code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Nested {
    /// A leaf with its value from MAX's point of view.
    Leaf(i32),
    /// An interior node with its children, in move order.
    Node(Vec<Nested>),
}

impl Nested {
    /// The plain minimax value from MAX's view with `max_to_move` at this node,
    /// computed directly on the nested form: an oracle that shares no code
    /// with the searches.
    pub fn minimax(&self, max_to_move: bool) -> i32 {
        match self {
            Nested::Leaf(value) => *value,
            Nested::Node(children) => {
                let values = children.iter().map(|child| child.minimax(!max_to_move));
                let best = if max_to_move { values.max() } else { values.min() };
                best.unwrap_or(0)
            }
        }
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> usize {
        match self {
            Nested::Leaf(_) => 1,
            Nested::Node(children) => children.iter().map(Nested::leaf_count).sum(),
        }
    }
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
    /// If an interior node has no children or a leaf lies outside
    /// `±Score::MAX_EVAL` (code-built trees are the programmer's
    /// responsibility; parse user text with [`Tree::parse`]).
    pub fn from_nested(nested: &Nested) -> Tree {
        let mut tree = Tree { nodes: Vec::new(), children: Vec::new() };
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
        }
        id
    }

    fn push_node(&mut self, label: Option<Box<str>>) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node { value: 0, first_child: 0, child_count: 0, label });
        id
    }

    fn set_children(&mut self, id: NodeId, ids: &[NodeId]) {
        let node = &mut self.nodes[id as usize];
        node.first_child = self.children.len() as u32;
        node.child_count = ids.len() as u32;
        self.children.extend_from_slice(ids);
    }

    /// Builds a uniform tree level by level: `leaf_values` (MAX's view, in
    /// left-to-right order) are the leaves of a tree with `branching`
    /// children per interior node and `leaf_values.len() == branching^depth`.
    pub(crate) fn uniform(branching: u32, depth: u32, leaf_values: &[i32]) -> Tree {
        let mut tree = Tree { nodes: Vec::new(), children: Vec::new() };
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

    /// Reorders the children of `id` (a permutation of its current children).
    pub(crate) fn children_mut(&mut self, id: NodeId) -> &mut [NodeId] {
        let node = &self.nodes[id as usize];
        let range = node.first_child as usize..(node.first_child + node.child_count) as usize;
        &mut self.children[range]
    }

    /// Starts an empty tree for the parser.
    pub(crate) fn empty() -> Tree {
        Tree { nodes: Vec::new(), children: Vec::new() }
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
        match self.value(id) {
            Some(value) => Nested::Leaf(value),
            None => Nested::Node(self.children(id).iter().map(|&child| self.nested_from(child)).collect()),
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
        match self.value(id) {
            Some(value) => write!(f, "{value}"),
            None => {
                f.write_str("(")?;
                for (i, &child) in self.children(id).iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    self.write_node(f, child)?;
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Display for Tree {
    /// The text format, on one line; [`Tree::parse`] reads it back unchanged.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_node(f, Tree::ROOT)
    }
}

/// A [`Tree`] played as a game: the position is the path from the root, a
/// move is the id of the child to go to.
///
/// The first player is MAX. A leaf's static value is its printed value seen
/// from the side to move; an interior node cut by a depth limit has no value
/// of its own and evaluates to 0 (searches of trees normally go to the leaves).
#[derive(Clone, Debug)]
pub struct TreeGame<'t> {
    tree: &'t Tree,
    path: Vec<NodeId>,
}

impl<'t> TreeGame<'t> {
    /// The game at the root of `tree`.
    pub fn new(tree: &'t Tree) -> Self {
        let mut path = Vec::with_capacity(tree.height() as usize + 1);
        path.push(Tree::ROOT);
        TreeGame { tree, path }
    }

    /// The node the game is at.
    #[inline]
    pub fn node(&self) -> NodeId {
        self.path[self.path.len() - 1]
    }

    fn max_to_move(&self) -> bool {
        self.path.len() % 2 == 1
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
        self.path.push(mv);
    }

    #[inline]
    fn undo(&mut self, mv: NodeId) {
        debug_assert_eq!(self.node(), mv, "undo of a move that was not the last one");
        self.path.pop();
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
}
