//! Random *-minimax trees as a game with chance (`StarTree`), with the
//! exact oracle computed directly on the tree in a rational arithmetic of
//! its own (`Q`), sharing no code with the library's searches.

use abprune::{Game, Outcome, Player, Probability, Ratio, Score};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;

/// An exact fraction for the oracle, small enough never to overflow here
/// (denominators are products of a few weights' sums).
#[derive(Clone, Copy, Debug)]
pub struct Q {
    pub n: i128,
    pub d: i128,
}

impl Q {
    pub fn new(n: i128, d: i128) -> Q {
        assert!(d > 0);
        let (mut a, mut b) = (n.abs(), d);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1);
        Q { n: n / g, d: d / g }
    }
    pub fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }
    pub fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }
    pub fn cmp(self, o: Q) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
    /// The library's value equals this one.
    pub fn is(self, r: Ratio) -> bool {
        !r.is_infinite() && (r.numerator(), r.denominator()) == (self.n, self.d)
    }
    /// As the library's type, for windows.
    pub fn ratio(self) -> Ratio {
        Ratio::new(self.n, self.d).unwrap()
    }
}

/// A node of a random *-minimax tree.
#[derive(Clone, Debug)]
pub enum Node {
    /// A value from the first player's (MAX's) view.
    Leaf(i32),
    /// Children by index; the side to move alternates with the number of
    /// decision nodes above.
    Decision(Vec<usize>),
    /// Children with weights: probability weight / sum of weights.
    Chance(Vec<(usize, u64)>, u64),
}

/// A *-minimax tree as a game: the moves are child positions in the list.
#[derive(Clone, Debug)]
pub struct StarTree {
    pub nodes: Vec<Node>,
    /// Who moves at each node.
    pub sides: Vec<Player>,
    pub bounds: Option<(Score, Score)>,
    /// The nodes from the root to the current one.
    pub path: Vec<usize>,
    /// Whether the game gives hash keys (the engine's table then works).
    pub keyed: bool,
}

impl StarTree {
    fn here(&self) -> &Node {
        &self.nodes[*self.path.last().unwrap()]
    }

    /// The oracle: the exact value of `node` from MAX's view.
    pub fn oracle(&self, node: usize) -> Q {
        match &self.nodes[node] {
            Node::Leaf(value) => Q::new(i128::from(*value), 1),
            Node::Decision(children) => {
                let values = children.iter().map(|&child| self.oracle(child));
                let max = self.sides[node] == Player::First;
                values.reduce(|a, b| if (a.cmp(b) == Ordering::Less) == max { b } else { a }).unwrap()
            }
            Node::Chance(children, total) => children
                .iter()
                .map(|&(child, weight)| Q::new(i128::from(weight), i128::from(*total)).mul(self.oracle(child)))
                .fold(Q::new(0, 1), Q::add),
        }
    }

    /// The root's value from its side to move's view (MAX: the first player).
    pub fn value(&self) -> Q {
        self.oracle(0)
    }
}

impl Game for StarTree {
    type Move = usize;
    fn side_to_move(&self) -> Player {
        self.sides[*self.path.last().unwrap()]
    }
    fn chance_to_move(&self) -> bool {
        matches!(self.here(), Node::Chance(..))
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(usize, Probability)>) {
        if let Node::Chance(children, total) = self.here() {
            for (i, &(_, weight)) in children.iter().enumerate() {
                // A wrong sum is made by a total that is not the weights'
                // sum; each probability alone stays in (0, 1].
                outcomes.push((i, Probability::new(weight, (*total).max(weight)).unwrap()));
            }
        }
    }
    fn generate_moves(&self, moves: &mut Vec<usize>) {
        if let Node::Decision(children) = self.here() {
            moves.extend(0..children.len());
        }
    }
    fn play(&mut self, mv: usize) {
        let child = match self.here() {
            Node::Decision(children) => children[mv],
            Node::Chance(children, _) => children[mv].0,
            Node::Leaf(_) => panic!("no move at a leaf"),
        };
        self.path.push(child);
    }
    fn undo(&mut self, _mv: usize) {
        self.path.pop();
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    /// A leaf's value; at an inner node (the depth limit), the value of
    /// its first leaf, so that evaluations stay within the bounds.
    fn evaluate(&self) -> Score {
        let mut node = *self.path.last().unwrap();
        let value = loop {
            match &self.nodes[node] {
                Node::Leaf(value) => break value,
                Node::Decision(children) => node = children[0],
                Node::Chance(children, _) => node = children[0].0,
            }
        };
        if self.side_to_move() == Player::First {
            Score::new(*value)
        } else {
            Score::new(-*value)
        }
    }
    fn value_bounds(&self) -> Option<(Score, Score)> {
        self.bounds
    }
    /// The node's index: it decides the position (and the side to move).
    fn hash_key(&self) -> Option<u64> {
        self.keyed.then(|| *self.path.last().unwrap() as u64)
    }
}

/// How a random tree is shaped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// Decision, chance, decision, chance, ...: Ballard's regular trees
    /// (the last level before the leaves either kind).
    Regular,
    /// Each inner node a decision or a chance node at random, leaves at
    /// any depth.
    Irregular,
    /// No chance nodes at all.
    Deterministic,
}

/// Builds a random tree; returns it with the leaf range used.
pub fn random_tree(seed: u64, shape: Shape) -> StarTree {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let low = rng.random_range(-12..=0);
    let high = low + rng.random_range(1..=16);
    let depth = match shape {
        Shape::Regular => rng.random_range(2..=6),
        Shape::Irregular | Shape::Deterministic => rng.random_range(1..=6),
    };
    let mut tree = StarTree { nodes: Vec::new(), sides: Vec::new(), bounds: None, path: vec![0], keyed: false };
    grow(&mut tree, &mut rng, shape, depth, 0, Player::First, (low, high));
    // Bounds as declared: exact, wider, or none (Star1 then cuts nothing).
    tree.bounds = match rng.random_range(0..4) {
        0 => None,
        1 => Some((Score::new(low - rng.random_range(1..=5)), Score::new(high + rng.random_range(0..=5)))),
        _ => Some((Score::new(low), Score::new(high))),
    };
    tree
}

fn grow(
    tree: &mut StarTree,
    rng: &mut ChaCha8Rng,
    shape: Shape,
    depth: u32,
    level: u32,
    side: Player,
    range: (i32, i32),
) {
    let index = tree.nodes.len();
    tree.nodes.push(Node::Leaf(0));
    tree.sides.push(side);
    let early_leaf = shape == Shape::Irregular && level > 0 && rng.random_bool(0.15);
    if depth == 0 || early_leaf {
        tree.nodes[index] = Node::Leaf(rng.random_range(range.0..=range.1));
        return;
    }
    let chance = match shape {
        Shape::Regular => level % 2 == 1,
        Shape::Irregular => rng.random_bool(0.5),
        Shape::Deterministic => false,
    };
    let fan_out = if chance { rng.random_range(2..=4) } else { rng.random_range(1..=3) };
    let child_side = if chance { side } else { side.opponent() };
    let mut children = Vec::new();
    for _ in 0..fan_out {
        children.push(tree.nodes.len());
        grow(tree, rng, shape, depth - 1, level + 1, child_side, range);
    }
    tree.nodes[index] = if chance {
        let weighted: Vec<(usize, u64)> = children.into_iter().map(|child| (child, rng.random_range(1..=4))).collect();
        let total = weighted.iter().map(|&(_, weight)| weight).sum();
        Node::Chance(weighted, total)
    } else {
        Node::Decision(children)
    };
}
