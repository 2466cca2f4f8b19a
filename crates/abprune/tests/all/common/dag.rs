//! A random game on a directed acyclic graph: random trees with
//! transpositions, for the tests of what the table changes.

use abprune::{Ending, Game, Outcome, Player, Score};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Chance that a node above the last layer has no children.
const EARLY_LEAF: f64 = 0.1;
/// Chance that a leaf is a finished game (won, lost or drawn) rather than
/// a position valued by its evaluation.
const FINISHED_LEAF: f64 = 0.3;
/// Chance that an edge of a graph that is not layered skips a layer (and
/// again, for a second one).
const SKIP: f64 = 0.3;
/// Evaluations (every node has one, for the horizon) lie in this range.
const EVALUATIONS: std::ops::RangeInclusive<i32> = -9..=9;

/// One node: its children (node ids), its evaluation for the side to move,
/// and, for a leaf, maybe an outcome.
#[derive(Clone, Debug)]
struct DagNode {
    children: Vec<u32>,
    evaluation: i32,
    outcome: Option<Outcome>,
}

/// The graph. Node 0 is the root.
#[derive(Clone, Debug)]
pub struct Dag {
    nodes: Vec<DagNode>,
    layered: bool,
}

impl Dag {
    /// A random graph of `layers` layers of 1 to `width` nodes, each node
    /// above the last with 1 to `branching` children. `layered`: every edge
    /// goes one layer down, so that a node is always met at the same
    /// distance from the root (as a Connect Four position is); otherwise an
    /// edge may skip layers, and a node is met at several distances.
    pub fn random(rng: &mut ChaCha8Rng, layers: usize, width: usize, branching: usize, layered: bool) -> Dag {
        let mut by_layer: Vec<Vec<u32>> = vec![vec![0]];
        let mut count = 1;
        for _ in 1..layers {
            let size = rng.random_range(1..=width);
            by_layer.push((count..count + size as u32).collect());
            count += size as u32;
        }
        let mut nodes = Vec::with_capacity(count as usize);
        for (layer, ids) in by_layer.iter().enumerate() {
            for _ in ids {
                let last = layer + 1 == layers;
                let leaf = last || (layer > 0 && rng.random_bool(EARLY_LEAF));
                let mut children = Vec::new();
                if !leaf {
                    for _ in 0..rng.random_range(1..=branching) {
                        let mut target = layer + 1;
                        while !layered && target + 1 < layers && rng.random_bool(SKIP) && target < layer + 3 {
                            target += 1;
                        }
                        let options = &by_layer[target];
                        let child = options[rng.random_range(0..options.len())];
                        if !children.contains(&child) {
                            children.push(child);
                        }
                    }
                }
                let outcome = (leaf && rng.random_bool(FINISHED_LEAF))
                    .then(|| [Outcome::Win, Outcome::Loss, Outcome::Draw][rng.random_range(0..3)]);
                nodes.push(DagNode { children, evaluation: rng.random_range(EVALUATIONS), outcome });
            }
        }
        Dag { nodes, layered }
    }

    /// Whether every edge goes one layer down.
    pub fn is_layered(&self) -> bool {
        self.layered
    }
}

/// The graph played as a game from its root: a move is the id of the child
/// to go to. A node is worth the same to whichever side is to move there,
/// so its id is its key.
#[derive(Clone, Debug)]
pub struct DagGame<'d> {
    dag: &'d Dag,
    path: Vec<u32>,
}

impl<'d> DagGame<'d> {
    /// The game at the root of `dag`.
    pub fn new(dag: &'d Dag) -> Self {
        DagGame { dag, path: vec![0] }
    }

    fn node(&self) -> &DagNode {
        &self.dag.nodes[self.path[self.path.len() - 1] as usize]
    }
}

impl Game for DagGame<'_> {
    type Move = u32;

    fn side_to_move(&self) -> Player {
        if self.path.len() % 2 == 1 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        if self.node().outcome.is_none() {
            moves.extend_from_slice(&self.node().children);
        }
    }

    fn play(&mut self, mv: u32) {
        self.path.push(mv);
    }

    fn undo(&mut self, _mv: u32) {
        self.path.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.node().outcome
    }

    fn evaluate(&self) -> Score {
        Score::new(self.node().evaluation)
    }

    fn hash_key(&self) -> Option<u64> {
        Some(u64::from(self.path[self.path.len() - 1]))
    }

    /// Some leaves are evaluations: no exact solve.
    fn ending(&self) -> Ending {
        Ending::Heuristic
    }
}
