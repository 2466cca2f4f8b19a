//! Search speed on fixed inputs, for comparing changes:
//! `cargo bench -p abprune-bench --bench search`.

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use abprune::{
    alphabeta, alphabeta_failsoft, negamax, Engine, EngineOptions, NoTrace, Score, SearchLimits, SolveMode, Variant,
    UNLIMITED_DEPTH,
};
use abprune_games::{Connect4, MoveOrdering, RandomTreeSpec, TicTacToe, TreeGame};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// A random uniform tree big enough to time (b = 6, d = 7: 279,936 leaves).
fn bench_tree() -> abprune_games::Tree {
    RandomTreeSpec::new(6, 7, 2024).with_ordering(MoveOrdering::Random).generate().expect("a valid spec")
}

fn random_tree(c: &mut Criterion) {
    let tree = bench_tree();
    let nodes = alphabeta(&mut TreeGame::new(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace)
        .stats
        .nodes;
    let mut group = c.benchmark_group("random tree b6 d7");
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("alphabeta", |b| {
        b.iter(|| {
            alphabeta(
                &mut TreeGame::new(black_box(&tree)),
                UNLIMITED_DEPTH,
                -Score::INFINITY,
                Score::INFINITY,
                &mut NoTrace,
            )
        })
    });
    group.bench_function("failsoft", |b| {
        b.iter(|| {
            alphabeta_failsoft(
                &mut TreeGame::new(black_box(&tree)),
                UNLIMITED_DEPTH,
                -Score::INFINITY,
                Score::INFINITY,
                &mut NoTrace,
            )
        })
    });
    group.finish();
    let mut group = c.benchmark_group("random tree b6 d7 brute force");
    group.sample_size(10);
    group.bench_function("negamax", |b| {
        b.iter(|| negamax(&mut TreeGame::new(black_box(&tree)), UNLIMITED_DEPTH, &mut NoTrace))
    });
    group.finish();
}

fn engine_on_tree(c: &mut Criterion) {
    let tree = bench_tree();
    let mut group = c.benchmark_group("engine random tree b6 d7");
    for (name, variant) in [("alphabeta", Variant::FailSoftAlphaBeta), ("pvs", Variant::Pvs), ("mtdf", Variant::Mtdf)] {
        let options = EngineOptions::default().with_variant(variant);
        let mut engine = Engine::new(options).expect("valid options");
        group.bench_function(name, |b| {
            b.iter(|| {
                engine.clear();
                engine.search_depth(&mut TreeGame::new(black_box(&tree)), UNLIMITED_DEPTH, Score::DRAW, &mut NoTrace)
            })
        });
    }
    group.finish();
}

/// Middle-game positions of the public set Test_L2_R2 (fixed, so the bench
/// needs no data file): a strong solve from an empty table each.
const CONNECT4_POSITIONS: [&str; 3] = ["274552224131661", "5455174361263362", "2531276566711153"];

fn connect4_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4 solve L2_R2");
    group.sample_size(10);
    // As `abprune solve connect4` runs it: killers and history off.
    let options = EngineOptions::default().with_killers(false).with_history(false);
    let mut engine: Engine<u8> = Engine::new(options).expect("valid options");
    for moves in CONNECT4_POSITIONS {
        let position = Connect4::from_moves(moves).expect("a valid position");
        group.bench_function(moves, |b| {
            b.iter(|| {
                engine.clear();
                let mut game = black_box(position);
                engine.solve(&mut game, SolveMode::Strong, &SearchLimits::none())
            })
        });
    }
    group.finish();
}

fn tictactoe(c: &mut Criterion) {
    c.bench_function("tictactoe alphabeta", |b| {
        b.iter(|| {
            alphabeta(
                &mut black_box(TicTacToe::new()),
                UNLIMITED_DEPTH,
                -Score::INFINITY,
                Score::INFINITY,
                &mut NoTrace,
            )
        })
    });
}

criterion_group!(benches, random_tree, engine_on_tree, connect4_solve, tictactoe);
criterion_main!(benches);
