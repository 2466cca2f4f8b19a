//! What the one-line answer costs on a tiny game (issue 22, item 4: it
//! used to make and drop a 64 MiB table each call, 40-100 ms):
//! `cargo bench -p abprune-bench --bench best_move`. It should be well under
//! a millisecond: the table starts with the part a search uses at first.

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use abprune::SearchLimits;
use abprune_games::Nim;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn best_move(c: &mut Criterion) {
    let nim = Nim::new(&[1, 2]).expect("two heaps");
    c.bench_function("best_move Nim (1, 2)", |b| {
        b.iter(|| {
            let mut game = black_box(&nim).clone();
            black_box(abprune::best_move(&mut game, &SearchLimits::none()))
        })
    });
}

criterion_group!(benches, best_move);
criterion_main!(benches);
