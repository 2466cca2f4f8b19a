//! The criterion benchmarks of abprune, in `benches/`: `cargo bench -p
//! abprune-bench --bench search` (search speed on fixed inputs),
//! `--bench engine_new` (what making an engine costs) and `--bench best_move`
//! (the one-line answer on a tiny game). This library is empty; the crate
//! exists so that criterion is compiled for benchmarks only.
