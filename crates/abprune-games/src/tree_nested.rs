//! [`Nested`]: trees as nested values, the form for building trees in code
//! and the plain oracle the tests value them with.

use abprune::Probability;

/// A tree given as nested values: the simple form for building trees in code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Nested {
    /// A leaf with its value from MAX's point of view.
    Leaf(i32),
    /// A decision node with its children, in move order.
    Node(Vec<Nested>),
    /// A chance node with its outcomes and their probabilities, which sum
    /// to one; it does not pass the move.
    Chance(Vec<(Probability, Nested)>),
}

impl Nested {
    /// The plain minimax value from MAX's view with `max_to_move` at this node,
    /// computed directly on the nested form: an oracle that shares no code
    /// with the searches.
    ///
    /// # Panics
    /// On a chance node, whose value is an expectation, not an integer (the
    /// searches for chance have their own exact oracles).
    pub fn minimax(&self, max_to_move: bool) -> i32 {
        match self {
            Nested::Leaf(value) => *value,
            Nested::Node(children) => {
                let values = children.iter().map(|child| child.minimax(!max_to_move));
                let best = if max_to_move { values.max() } else { values.min() };
                best.unwrap_or(0)
            }
            Nested::Chance(_) => panic!("Nested::minimax of a tree with chance nodes"),
        }
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> usize {
        match self {
            Nested::Leaf(_) => 1,
            Nested::Node(children) => children.iter().map(Nested::leaf_count).sum(),
            Nested::Chance(outcomes) => outcomes.iter().map(|(_, child)| child.leaf_count()).sum(),
        }
    }
}
