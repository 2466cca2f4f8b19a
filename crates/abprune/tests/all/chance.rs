//! The searches for games with chance (expectiminimax, Star1, Star2)
//! against an exact oracle computed directly on random *-minimax trees in
//! a rational arithmetic of the tests' own (`common::star_tree`), sharing
//! no code with the library: values, the fail-soft conditions in random
//! windows, leaf counts, the refusals, and the events.
//!
//! `PROPTEST_CASES` overrides the number of random trees (10,000 by
//! default); each failure names its seed.
// The tests' own assertions: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::common::cases;
use crate::common::star_tree::{random_tree, Node, Shape, StarTree, Q};
use abprune::{
    alphabeta_failsoft, expectiminimax, star1, star2, ChanceError, ChanceEvent, ChanceResult, ChanceTrace, Game,
    NoTrace, NodeKind, Outcome, Player, Probability, Ratio, Score, UNLIMITED_DEPTH,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;

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
    // Trees where Star2 evaluates more leaves than expectiminimax, than Star1.
    let (mut worse, mut worse_than_star1) = (0, 0);
    for seed in 0..1_000 {
        let mut tree = random_tree(seed, Shape::Regular);
        let all = expectiminimax(&mut tree, UNLIMITED_DEPTH, &mut NoTrace).unwrap().stats.leaves;
        let full = (Ratio::NEG_INFINITY, Ratio::INFINITY);
        let one = star1(&mut tree, UNLIMITED_DEPTH, full.0, full.1, &mut NoTrace).unwrap().stats.leaves;
        let result = star2(&mut tree, UNLIMITED_DEPTH, full.0, full.1, &mut NoTrace).unwrap();
        worse += u32::from(result.stats.leaves > all);
        worse_than_star1 += u32::from(result.stats.leaves > one);
        (exhaustive, first, second) = (exhaustive + all, first + one, second + result.stats.leaves);
        probes += result.stats.probes;
    }
    println!(
        "leaves on 1,000 regular trees: expectiminimax {exhaustive}, Star1 {first}, Star2 {second} ({probes} probes); \
         Star2 above expectiminimax on {worse} trees, above Star1 on {worse_than_star1}"
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
    let mut tree = StarTree { nodes: Vec::new(), sides: Vec::new(), bounds: None, path: vec![0], keyed: false };
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
