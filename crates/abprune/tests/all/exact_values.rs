//! "Exact" means that the depth limit cut nothing: every algorithm, the
//! textbook ones and the engine, on random trees deeper and shallower than
//! its limit, and on tic-tac-toe (a search to depth 7 after two moves
//! reaches every end, and was once reported "not exact").
//!
//! `PROPTEST_CASES` overrides the number of random trees.

use crate::common;

use abprune::{
    alphabeta, alphabeta_failsoft, branch_and_bound, minimax, mtdf, negamax, pvs, Ending, Engine, EngineOptions, Game,
    NoTrace, Observer, Outcome, Player, Score, SearchLimits, SearchResult, UNLIMITED_DEPTH,
};
use abprune_games::{NodeId, TicTacToe, Tree, TreeGame};
use proptest::prelude::*;

/// Larger than any leaf value of these tests (`common::nested_tree`: 4).
const LARGEST_LEAF: i32 = 9;

/// A tree whose leaves are finished games won by their printed margin (an
/// explicit tree's leaves are evaluations, which prove nothing: the engine
/// never calls them exact): here only the depth limit can make a value
/// inexact.
#[derive(Clone)]
struct Finished<'t>(TreeGame<'t>);

impl Game for Finished<'_> {
    type Move = NodeId;
    fn side_to_move(&self) -> Player {
        self.0.side_to_move()
    }
    fn generate_moves(&self, moves: &mut Vec<NodeId>) {
        self.0.generate_moves(moves);
    }
    fn play(&mut self, mv: NodeId) {
        self.0.play(mv);
    }
    fn undo(&mut self, mv: NodeId) {
        self.0.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.0.generate_moves(&mut moves);
        moves.is_empty().then(|| Outcome::Score(self.0.evaluate().get()))
    }
    fn evaluate(&self) -> Score {
        self.0.evaluate()
    }
    fn hash_key(&self) -> Option<u64> {
        self.0.hash_key()
    }
    fn ending(&self) -> Ending {
        Ending::Margin { lowest: -LARGEST_LEAF, highest: LARGEST_LEAF }
    }
}

/// Sees whether the search entered a node at the depth limit that the
/// tree goes on below: a line the limit cut (the oracle of "not exact",
/// computed from the tree, not from the search's own counts).
struct CutWatcher<'t> {
    tree: &'t Tree,
    depth: u32,
    cut: bool,
}

impl Observer<NodeId> for CutWatcher<'_> {
    fn enter(&mut self, ply: u32, mv: Option<NodeId>, _alpha: Score, _beta: Score) {
        let node = mv.unwrap_or(Tree::ROOT);
        if ply == self.depth && !self.tree.is_leaf(node) {
            self.cut = true;
        }
    }
}

/// Every textbook algorithm with the full window, to `depth`, watched.
fn every_algorithm(tree: &Tree, depth: u32) -> Vec<(&'static str, SearchResult<NodeId>, bool)> {
    type Run = fn(&mut Finished<'_>, u32, &mut CutWatcher<'_>) -> SearchResult<NodeId>;
    let runs: [(&str, Run); 7] = [
        ("minimax", |game, depth, watcher| minimax(game, depth, watcher)),
        ("negamax", |game, depth, watcher| negamax(game, depth, watcher)),
        ("f1", |game, depth, watcher| branch_and_bound(game, depth, Score::INFINITY, watcher)),
        ("alphabeta", |game, depth, watcher| alphabeta(game, depth, -Score::INFINITY, Score::INFINITY, watcher)),
        ("failsoft", |game, depth, watcher| {
            alphabeta_failsoft(game, depth, -Score::INFINITY, Score::INFINITY, watcher)
        }),
        ("pvs", |game, depth, watcher| pvs(game, depth, -Score::INFINITY, Score::INFINITY, watcher)),
        ("mtdf", |game, depth, watcher| mtdf(game, depth, Score::DRAW, watcher)),
    ];
    runs.iter()
        .map(|(name, run)| {
            let mut watcher = CutWatcher { tree, depth, cut: false };
            let result = run(&mut Finished(TreeGame::new(tree)), depth, &mut watcher);
            (*name, result, watcher.cut)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::cases(2000)))]

    /// Exact iff no node the search entered was cut by the depth limit, and
    /// an exact value is plain minimax's to the leaves.
    #[test]
    fn exact_iff_nothing_cut_by_depth(nested in common::nested_tree(), depth in 0u32..=8) {
        let tree = Tree::from_nested(&nested);
        let truth = Score::new(nested.minimax(true));
        for (name, result, cut) in every_algorithm(&tree, depth) {
            prop_assert_eq!(result.exact, !cut, "{}: exact {} at depth {} (height {})", name, result.exact, depth, tree.height());
            if result.exact {
                prop_assert_eq!(result.value, truth, "{}: an exact value is minimax's", name);
            }
            if tree.height() <= depth {
                prop_assert!(result.exact, "{}: the tree ends within depth {}", name, depth);
            }
        }
    }

    /// The engine's iterative deepening under a depth limit: exact when the
    /// tree ends within it, and an exact value is minimax's.
    #[test]
    fn engine_exact_when_the_tree_ends_within_the_limit(nested in common::nested_tree(), depth in 1u32..=8) {
        let tree = Tree::from_nested(&nested);
        let truth = Score::new(nested.minimax(true));
        for options in [EngineOptions::default(), EngineOptions::textbook()] {
            let mut engine = Engine::new(options).expect("valid options");
            let result = engine.search(&mut Finished(TreeGame::new(&tree)), &SearchLimits::none().with_depth(depth), |_| {});
            if result.exact {
                prop_assert_eq!(result.value, truth);
            }
            if tree.height() <= depth {
                prop_assert!(result.exact, "the tree ends within depth {} (height {})", depth, tree.height());
            }
        }
    }
}

/// An explicit tree's leaves are evaluations: no search calls its value
/// exact, however deep, as the engine does not (they prove nothing).
#[test]
fn tree_leaves_prove_nothing() {
    let tree = Tree::parse("(3 (5 2) 4)").expect("a tree");
    for (name, result, cut) in every_algorithm(&tree, UNLIMITED_DEPTH) {
        assert!(!cut && result.exact, "{name}: finished leaves, searched to the end: {result:?} cut {cut}");
    }
    let plain = negamax(&mut TreeGame::new(&tree), UNLIMITED_DEPTH, &mut NoTrace);
    assert!(!plain.exact && plain.value == Score::new(4), "{plain:?}");
}

/// The report's example: tic-tac-toe after two moves, searched to depth 7,
/// reaches every end (seven cells are left), so every algorithm is exact
/// and agrees with the search to the end; at depth 6 the lines that fill
/// the board are cut, and plain minimax, which searches them all, says so.
#[test]
fn depth_reaching_every_end_is_exact_tictactoe() {
    for first in 0..9u8 {
        for second in (0..9u8).filter(|&cell| cell != first) {
            let mut game = TicTacToe::from_moves(&[first, second]).expect("two different cells");
            let truth = negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace);
            assert!(truth.exact, "a search to the end is exact");
            let all = (-Score::INFINITY, Score::INFINITY);
            let results = [
                minimax(&mut game, 7, &mut NoTrace),
                negamax(&mut game, 7, &mut NoTrace),
                branch_and_bound(&mut game, 7, Score::INFINITY, &mut NoTrace),
                alphabeta(&mut game, 7, all.0, all.1, &mut NoTrace),
                alphabeta_failsoft(&mut game, 7, all.0, all.1, &mut NoTrace),
                pvs(&mut game, 7, all.0, all.1, &mut NoTrace),
                mtdf(&mut game, 7, Score::DRAW, &mut NoTrace),
            ];
            for result in &results {
                assert!(result.exact, "{first},{second}: depth 7 reaches every end: {result:?}");
                assert_eq!(result.value, truth.value, "{first},{second}");
            }
            let engine = Engine::default().search(&mut game, &SearchLimits::none().with_depth(7), |_| {});
            assert!(engine.exact && engine.value == truth.value, "{first},{second}: engine {engine:?}");
            let shallow = minimax(&mut game, 6, &mut NoTrace);
            assert!(!shallow.exact || game.outcome().is_some(), "{first},{second}: depth 6 cuts the full board");
        }
    }
}

/// A window makes a value outside it a bound, never exact, however deep.
#[test]
fn value_outside_the_window_is_not_exact() {
    let mut game = TicTacToe::from_moves(&[0, 1]).expect("legal");
    let truth = negamax(&mut game, UNLIMITED_DEPTH, &mut NoTrace).value;
    assert!(truth.is_win());
    let low = alphabeta(&mut game, UNLIMITED_DEPTH, -Score::INFINITY, Score::DRAW, &mut NoTrace);
    assert!(!low.exact && low.value >= Score::DRAW, "a fail-high is a lower bound: {low:?}");
    let inside = alphabeta(&mut game, UNLIMITED_DEPTH, Score::DRAW, Score::INFINITY, &mut NoTrace);
    assert!(inside.exact && inside.value == truth);
    let bounded = branch_and_bound(&mut game, UNLIMITED_DEPTH, Score::DRAW, &mut NoTrace);
    assert!(!bounded.exact, "F1 at or above its bound is a bound: {bounded:?}");
}

/// A `Choice` says whether its value is exact (it once did not): every
/// strategy to depth 7 after two moves of tic-tac-toe, and the one-line
/// best move, reach every end; to depth 2 they do not.
#[test]
fn choice_says_whether_exact() {
    use abprune::{best_move, Algorithm, FixedDepth, Strategy};
    let mut game = TicTacToe::from_moves(&[0, 1]).expect("legal");
    for algorithm in Algorithm::ALL {
        let deep = FixedDepth::new(algorithm, 7).choose(&mut game);
        assert!(deep.exact && deep.value.is_win(), "{algorithm:?}: {deep:?}");
        let shallow = FixedDepth::new(algorithm, 2).choose(&mut game);
        assert!(!shallow.exact, "{algorithm:?}: {shallow:?}");
    }
    assert!(best_move(&mut game, &SearchLimits::none()).exact);
    assert!(!best_move(&mut game, &SearchLimits::none().with_depth(2)).exact);
}
