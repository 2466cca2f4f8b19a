//! The searches for games with chance (expectiminimax, Star1, Star2)
//! against an exact oracle computed directly on random *-minimax trees in
//! a rational arithmetic of this file's own, sharing no code with the
//! library: values, the fail-soft conditions in random windows, leaf
//! counts, the refusals, and the events.
//!
//! `PROPTEST_CASES` overrides the number of random trees (10,000 by
//! default); each failure names its seed.
// The tests' own assertions: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::common::cases;
use abprune::{
    alphabeta_failsoft, expectiminimax, star1, star2, ChanceError, ChanceEvent, ChanceResult, ChanceTrace, Game,
    NoTrace, NodeKind, Outcome, Player, Probability, Ratio, Score, UNLIMITED_DEPTH,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;

/// An exact fraction for the oracle, small enough never to overflow here
/// (denominators are products of a few weights' sums).
#[derive(Clone, Copy, Debug)]
struct Q {
    n: i128,
    d: i128,
}

impl Q {
    fn new(n: i128, d: i128) -> Q {
        assert!(d > 0);
        let (mut a, mut b) = (n.abs(), d);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1);
        Q { n: n / g, d: d / g }
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }
    fn cmp(self, o: Q) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
    /// The library's value equals this one.
    fn is(self, r: Ratio) -> bool {
        !r.is_infinite() && (r.numerator(), r.denominator()) == (self.n, self.d)
    }
    /// As the library's type, for windows.
    fn ratio(self) -> Ratio {
        Ratio::new(self.n, self.d).unwrap()
    }
}

/// A node of a random *-minimax tree.
#[derive(Clone, Debug)]
enum Node {
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
struct StarTree {
    nodes: Vec<Node>,
    /// Who moves at each node.
    sides: Vec<Player>,
    bounds: Option<(Score, Score)>,
    /// The nodes from the root to the current one.
    path: Vec<usize>,
}

impl StarTree {
    fn here(&self) -> &Node {
        &self.nodes[*self.path.last().unwrap()]
    }

    /// The oracle: the exact value of `node` from MAX's view.
    fn oracle(&self, node: usize) -> Q {
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
    fn value(&self) -> Q {
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
    fn evaluate(&self) -> Score {
        let Node::Leaf(value) = self.here() else { panic!("evaluated an inner node") };
        if self.side_to_move() == Player::First {
            Score::new(*value)
        } else {
            Score::new(-*value)
        }
    }
    fn value_bounds(&self) -> Option<(Score, Score)> {
        self.bounds
    }
}

/// How a random tree is shaped.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shape {
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
fn random_tree(seed: u64, shape: Shape) -> StarTree {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let low = rng.random_range(-12..=0);
    let high = low + rng.random_range(1..=16);
    let depth = match shape {
        Shape::Regular => rng.random_range(2..=6),
        Shape::Irregular | Shape::Deterministic => rng.random_range(1..=6),
    };
    let mut tree = StarTree { nodes: Vec::new(), sides: Vec::new(), bounds: None, path: vec![0] };
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

/// A random window of fractions around the leaf range (either end may be
/// open).
fn random_window(rng: &mut ChaCha8Rng) -> (Ratio, Ratio) {
    let end = |rng: &mut ChaCha8Rng| Q::new(rng.random_range(-60..=60), rng.random_range(1..=4));
    let (a, b) = (end(rng), end(rng));
    let (a, b) = match a.cmp(b) {
        Ordering::Less => (a.ratio(), b.ratio()),
        Ordering::Greater => (b.ratio(), a.ratio()),
        Ordering::Equal => (a.ratio(), Ratio::INFINITY),
    };
    match rng.random_range(0..6) {
        0 => (Ratio::NEG_INFINITY, b),
        1 => (a, Ratio::INFINITY),
        _ => (a, b),
    }
}

/// The fail-soft conditions of `result` in `(alpha, beta)` for the value `truth`.
fn fail_soft_holds(truth: Q, result: Ratio, (alpha, beta): (Ratio, Ratio)) -> bool {
    let truth = truth.ratio();
    if result <= alpha {
        truth <= result
    } else if result >= beta {
        truth >= result
    } else {
        truth == result
    }
}

type Traced =
    fn(&mut StarTree, u32, Ratio, Ratio, &mut ChanceTrace<usize>) -> Result<ChanceResult<usize>, ChanceError<usize>>;

type Windowed = fn(&mut StarTree, u32, Ratio, Ratio, &mut NoTrace) -> Result<ChanceResult<usize>, ChanceError<usize>>;

const WINDOWED: [(&str, Windowed); 2] = [("star1", star1), ("star2", star2)];

/// On 10,000 random trees of every shape each algorithm's value with the
/// full window is the oracle's, and Star1 evaluates no more leaves than
/// the exhaustive expectiminimax.
#[test]
fn every_algorithm_finds_the_oracles_value() {
    for seed in 0..u64::from(cases(10_000)) {
        let shape = [Shape::Regular, Shape::Irregular, Shape::Deterministic][(seed % 3) as usize];
        let mut tree = random_tree(seed, shape);
        let truth = tree.value();
        let exhaustive = expectiminimax(&mut tree, UNLIMITED_DEPTH, &mut NoTrace).unwrap();
        assert!(truth.is(exhaustive.value), "seed {seed}: expectiminimax {} != {truth:?}", exhaustive.value);
        for (name, search) in WINDOWED {
            let result =
                search(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace).unwrap();
            assert!(truth.is(result.value), "seed {seed} ({shape:?}): {name} {} != {truth:?}", result.value);
            assert_eq!(tree.path, [0], "seed {seed}: {name} left the game moved");
        }
        let first = star1(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace).unwrap();
        assert!(
            first.stats.leaves <= exhaustive.stats.leaves,
            "seed {seed}: Star1 {} leaves > expectiminimax {}",
            first.stats.leaves,
            exhaustive.stats.leaves
        );
    }
}

/// In random windows, inside and outside the value, Star1's and Star2's
/// results obey the fail-soft conditions.
#[test]
fn the_fail_soft_conditions_hold_in_random_windows() {
    for seed in 0..u64::from(cases(10_000)) {
        let shape = [Shape::Regular, Shape::Irregular][(seed % 2) as usize];
        let mut tree = random_tree(seed, shape);
        let truth = tree.value();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        for _ in 0..3 {
            let window = random_window(&mut rng);
            for (name, search) in WINDOWED {
                let result = search(&mut tree, UNLIMITED_DEPTH, window.0, window.1, &mut NoTrace).unwrap();
                assert!(
                    fail_soft_holds(truth, result.value, window),
                    "seed {seed} ({shape:?}): {name} in ({}, {}) returned {}, value {truth:?}",
                    window.0,
                    window.1,
                    result.value
                );
            }
        }
    }
}

/// Ballard's claim for Star2: on regular trees its probing pays, the
/// probes' leaves counted, against the exhaustive search.
#[test]
fn star2_evaluates_fewer_leaves_than_expectiminimax_on_regular_trees() {
    let (mut exhaustive, mut first, mut second, mut probes) = (0, 0, 0, 0);
    for seed in 0..1_000 {
        let mut tree = random_tree(seed, Shape::Regular);
        exhaustive += expectiminimax(&mut tree, UNLIMITED_DEPTH, &mut NoTrace).unwrap().stats.leaves;
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        first += star1(&mut tree, UNLIMITED_DEPTH, full.0, full.1, &mut NoTrace).unwrap().stats.leaves;
        let result = star2(&mut tree, UNLIMITED_DEPTH, full.0, full.1, &mut NoTrace).unwrap();
        second += result.stats.leaves;
        probes += result.stats.probes;
    }
    println!(
        "leaves on 1,000 regular trees: expectiminimax {exhaustive}, Star1 {first}, Star2 {second} ({probes} probes)"
    );
    assert!(probes > 0, "Star2 probed nothing");
    assert!(second < exhaustive, "Star2 {second} leaves, expectiminimax {exhaustive}");
}

/// Without chance nodes Star1 and Star2 are fail-soft alpha-beta: the same
/// value and the same leaves as the library's own.
#[test]
fn without_chance_star1_and_star2_are_fail_soft_alpha_beta() {
    for seed in 0..1_000 {
        let mut tree = random_tree(seed, Shape::Deterministic);
        let plain = alphabeta_failsoft(&mut tree, UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
        for (name, search) in WINDOWED {
            let result =
                search(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace).unwrap();
            assert_eq!(result.value, Ratio::from(plain.value), "seed {seed}: {name}");
            assert_eq!(result.stats.leaves, plain.stats.leaves, "seed {seed}: {name}");
            assert_eq!(result.best_move, plain.best_move, "seed {seed}: {name}");
        }
    }
}

/// The path of moves from the root to `target`, if it is in the tree.
fn line_to(tree: &StarTree, node: usize, target: usize) -> Option<Vec<usize>> {
    if node == target {
        return Some(Vec::new());
    }
    let children: Vec<usize> = match &tree.nodes[node] {
        Node::Leaf(_) => return None,
        Node::Decision(children) => children.clone(),
        Node::Chance(children, _) => children.iter().map(|&(child, _)| child).collect(),
    };
    children.iter().enumerate().find_map(|(mv, &child)| {
        let mut line = line_to(tree, child, target)?;
        line.insert(0, mv);
        Some(line)
    })
}

/// A chance node whose probabilities do not sum to one is refused, named
/// by the moves that lead to it: always by expectiminimax, and by Star1
/// and Star2 whenever they reach it.
#[test]
fn a_wrong_probability_sum_is_refused_and_named() {
    let mut refused = 0;
    for seed in 0..2_000 {
        let mut tree = random_tree(seed, Shape::Irregular);
        let chance_nodes: Vec<usize> =
            (0..tree.nodes.len()).filter(|&i| matches!(tree.nodes[i], Node::Chance(..))).collect();
        if chance_nodes.is_empty() {
            continue;
        }
        let bad = chance_nodes[seed as usize % chance_nodes.len()];
        if let Node::Chance(_, total) = &mut tree.nodes[bad] {
            *total += 1;
        }
        let line = line_to(&tree, 0, bad).unwrap();
        let error = expectiminimax(&mut tree, UNLIMITED_DEPTH, &mut NoTrace).unwrap_err();
        assert!(
            matches!(&error, ChanceError::ProbabilitySum { line: named, .. } if *named == line),
            "seed {seed}: {error}"
        );
        assert!(error.to_string().contains("not 1"), "{error}");
        for (name, search) in WINDOWED {
            match search(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace) {
                Err(ChanceError::ProbabilitySum { line: named, .. }) => assert_eq!(named, line, "seed {seed}: {name}"),
                Err(other) => panic!("seed {seed}: {name} refused for another reason: {other}"),
                Ok(_) => {}
            }
            assert_eq!(tree.path, [0], "seed {seed}: {name} left the game moved");
        }
        refused += 1;
    }
    assert!(refused > 1_000);
}

/// A leaf beyond the declared bounds is refused, named; so are bounds that
/// are none and a leaf scored as a won game by distance.
#[test]
fn a_leaf_outside_the_bounds_is_refused_and_named() {
    for seed in 0..2_000 {
        let mut tree = random_tree(seed, Shape::Irregular);
        let Some((low, high)) = tree.bounds else { continue };
        let leaves: Vec<usize> = (0..tree.nodes.len()).filter(|&i| matches!(tree.nodes[i], Node::Leaf(_))).collect();
        let bad = leaves[seed as usize % leaves.len()];
        let beyond = if seed % 2 == 0 { high.get() + 1 } else { low.get() - 1 };
        tree.nodes[bad] = Node::Leaf(beyond);
        let line = line_to(&tree, 0, bad).unwrap();
        let error = expectiminimax(&mut tree, UNLIMITED_DEPTH, &mut NoTrace).unwrap_err();
        let expected = ChanceError::OutOfBounds { line: line.clone(), value: Score::new(beyond), low, high };
        assert_eq!(error, expected, "seed {seed}");
        for (name, search) in WINDOWED {
            let result = search(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace);
            if let Err(error) = result {
                assert_eq!(error, expected, "seed {seed}: {name}");
            }
        }
    }
    let mut tree = random_tree(1, Shape::Regular);
    tree.bounds = Some((Score::new(3), Score::new(3)));
    let error = star1(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace).unwrap_err();
    assert_eq!(error, ChanceError::InvalidBounds { low: Score::new(3), high: Score::new(3) });
}

/// The events tell the story the counters tell, and every outcome's child
/// is entered with its probability and an open window.
#[test]
fn the_events_match_the_counters() {
    for seed in 0..500 {
        let mut tree = random_tree(seed, [Shape::Regular, Shape::Irregular][(seed % 2) as usize]);
        for (name, search) in [("star1", star1 as Traced), ("star2", star2)] {
            let mut trace = ChanceTrace::default();
            let result = search(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut trace).unwrap();
            let count =
                |wanted: fn(&ChanceEvent<usize>) -> bool| trace.events.iter().filter(|e| wanted(e)).count() as u64;
            assert_eq!(count(|e| matches!(e, ChanceEvent::Enter { .. })), result.stats.nodes, "seed {seed}: {name}");
            assert_eq!(count(|e| matches!(e, ChanceEvent::Exit { .. })), result.stats.nodes, "seed {seed}: {name}");
            assert_eq!(count(|e| matches!(e, ChanceEvent::Leaf { .. })), result.stats.leaves, "seed {seed}: {name}");
            let chance_cuts = count(|e| matches!(e, ChanceEvent::ChanceCutoff { .. }));
            assert_eq!(chance_cuts, result.stats.chance_cutoffs, "seed {seed}: {name}");
            let chance = count(|e| matches!(e, ChanceEvent::Enter { kind: NodeKind::Chance, .. }));
            assert_eq!(chance, result.stats.chance_nodes, "seed {seed}: {name}");
            let probes = count(|e| matches!(e, ChanceEvent::Enter { probe: true, kind: NodeKind::Decision, .. }));
            assert_eq!(probes, result.stats.probes, "seed {seed}: {name}");
            for event in &trace.events {
                if let ChanceEvent::Enter { alpha, beta, .. } = event {
                    assert!(alpha < beta, "seed {seed}: {name} entered a node with ({alpha}, {beta})");
                }
            }
            let Some(ChanceEvent::Exit { ply: 0, value }) = trace.events.last() else { panic!("no root exit") };
            assert_eq!(*value, result.value);
        }
    }
}

/// A finished game scored as a win by distance (throw a six to win) is
/// refused, named: its score is no value to average.
#[test]
fn a_decided_leaf_is_refused() {
    struct WinOnSix(Vec<u32>);
    impl Game for WinOnSix {
        type Move = u32;
        fn side_to_move(&self) -> Player {
            Player::First
        }
        fn chance_to_move(&self) -> bool {
            self.0.is_empty()
        }
        fn chance_outcomes(&self, outcomes: &mut Vec<(u32, Probability)>) {
            outcomes.extend((1..=6).map(|pips| (pips, Probability::new(1, 6).unwrap())));
        }
        fn generate_moves(&self, _moves: &mut Vec<u32>) {}
        fn play(&mut self, pips: u32) {
            self.0.push(pips);
        }
        fn undo(&mut self, _pips: u32) {
            self.0.pop();
        }
        fn outcome(&self) -> Option<Outcome> {
            match self.0.last() {
                Some(6) => Some(Outcome::Win),
                Some(_) => Some(Outcome::Draw),
                None => None,
            }
        }
        fn evaluate(&self) -> Score {
            Score::DRAW
        }
    }
    let error = expectiminimax(&mut WinOnSix(Vec::new()), 3, &mut NoTrace).unwrap_err();
    assert!(matches!(&error, ChanceError::DecidedLeaf { line, .. } if *line == [6]), "{error}");
    assert!(error.to_string().starts_with("the leaf after 6:"), "{error}");
}

/// Denominators multiply down a line of chance nodes: past 128 bits the
/// search stops with an overflow named at a node on that line, never a
/// rounded or wrapped value.
#[test]
fn an_overflow_is_an_error_never_a_wrong_value() {
    /// A prime near 2^31: six levels of it need about 186 bits.
    const PRIME: u64 = 2_147_483_647;
    // Level k: a chance node (index 2k) whose first outcome, of
    // probability 1/PRIME, leads on down the chain, the other to a leaf.
    let mut tree = StarTree { nodes: Vec::new(), sides: Vec::new(), bounds: None, path: vec![0] };
    for level in 0..6 {
        tree.nodes.push(Node::Chance(vec![(2 * level + 2, 1), (2 * level + 1, PRIME - 1)], PRIME));
        tree.nodes.push(Node::Leaf(level as i32 + 1));
    }
    tree.nodes.push(Node::Leaf(7));
    tree.sides = vec![Player::First; tree.nodes.len()];
    for (name, result) in [
        ("expectiminimax", expectiminimax(&mut tree, UNLIMITED_DEPTH, &mut NoTrace)),
        ("star1", star1(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace)),
        ("star2", star2(&mut tree, UNLIMITED_DEPTH, Ratio::NEG_INFINITY, Ratio::INFINITY, &mut NoTrace)),
    ] {
        let error = result.unwrap_err();
        let ChanceError::Overflow { line } = &error else { panic!("{name}: {error}") };
        assert!(line.iter().all(|&mv| mv == 0), "{name}: {error}");
        assert!(error.to_string().contains("overflowed 128 bits"), "{name}: {error}");
        assert_eq!(tree.path, [0], "{name} left the game moved");
    }
}
