//! Search speed on fixed inputs, for comparing changes:
//! `cargo bench -p abprune-games --bench search`.

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use abprune::{alphabeta, alphabeta_failsoft, negamax, NoTrace, Score, UNLIMITED_DEPTH};
use abprune_games::{MoveOrdering, RandomTreeSpec, TicTacToe, TreeGame};
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

criterion_group!(benches, random_tree, tictactoe);
criterion_main!(benches);
