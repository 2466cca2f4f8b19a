//! What making an engine costs (issue 14: it used to touch the whole
//! 64 MiB table, 80-100 ms): `cargo bench -p abprune-bench --bench engine_new`.
//! It should be microseconds whatever the budget: the tables are made by
//! the first search that needs them.

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use abprune::{Engine, EngineOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn engine_new(c: &mut Criterion) {
    let mut group = c.benchmark_group("Engine::new");
    for mib in [64, 1024] {
        let options = EngineOptions::default().with_table_mib(mib);
        group.bench_function(format!("{mib} MiB"), |b| {
            b.iter(|| {
                let engine: Engine<u8> = Engine::new(black_box(options.clone())).expect("valid options");
                black_box(engine)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, engine_new);
criterion_main!(benches);
