//! The engine settings tuned for Connect Four, written once for every
//! program that solves it (`abprune solve connect4` and its neighbours,
//! the book builder, Python's `ConnectFour`), as Gomoku's live in
//! [`crate::gomoku::SELECTIVITY`].

use abprune::{EngineOptions, ParallelScheme};

/// Main table of a single-threaded solve, in MiB: never filled on the
/// public sets.
pub const ONE_THREAD_TABLE_MIB: usize = 16;
/// Main table with more threads, in MiB: a table grows into its budget
/// only under pressure, and all at once when the threads start, which
/// costs a 16 MiB table hundreds of microseconds per solve (Test_L1_R1
/// with 2 threads: 854 us a position against 685 us with 1 MiB).
pub const THREADS_TABLE_MIB: usize = 1;
/// The near-leaf table, in KiB: the size of a processor cache (Test_L1_R3
/// 1.27 times faster with one thread, the other sets alike).
pub const NEAR_TABLE_KIB: usize = 1024;

/// The engine options that solve Connect Four fastest with `threads`
/// threads: the table of [`ONE_THREAD_TABLE_MIB`] or [`THREADS_TABLE_MIB`],
/// the near-leaf table, prefetching, ABDADA, no killers or history (the
/// game's threat counts and centre-first order already rank moves better:
/// on Test_L2_R2 they triple the nodes), and no whole principal variation
/// (the solvers report the value and the move; proving every move of the
/// line costs 15 to 20% more time on Test_L2_R1). The rest is the engine's
/// default.
pub fn engine_options(threads: usize) -> EngineOptions {
    EngineOptions {
        table_mib: if threads == 1 { ONE_THREAD_TABLE_MIB } else { THREADS_TABLE_MIB },
        near_table_kib: NEAR_TABLE_KIB,
        killers: false,
        history: false,
        prefetch: true,
        threads,
        parallel: ParallelScheme::Abdada,
        whole_pv: false,
        ..EngineOptions::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::solver::Solver;
    use crate::connect4::Connect4;
    use abprune::{Engine, SearchLimits, SolveMode};

    /// The tuned settings pinned by what they search: the first position of
    /// the public set Test_L1_R1 solved as `abprune solve connect4 --threads
    /// 1 --no-book` solves it, the same score and node count as the build
    /// before the settings were gathered here (0dc30ff: `32164625 11
    /// 17156`). Killers, history or another table size would change the
    /// count.
    #[test]
    fn engine_options_search_the_nodes_they_searched_in_the_front_ends() {
        let mut engine = Engine::new(engine_options(1)).expect("the tuned options are valid");
        engine.allocate_tables().expect("17 MiB of tables");
        let mut solver = Solver::new(engine, None);
        let position = Connect4::from_moves("32164625").expect("a legal position");
        let answer = solver.solve(&position, SolveMode::Strong, &SearchLimits::none()).expect("solved");
        assert_eq!((answer.score, answer.nodes), (11, 17156));
    }

    /// More threads share a small table (see [`THREADS_TABLE_MIB`]).
    #[test]
    fn more_threads_take_the_small_table() {
        assert_eq!((engine_options(1).table_mib, engine_options(1).threads), (ONE_THREAD_TABLE_MIB, 1));
        assert_eq!((engine_options(4).table_mib, engine_options(4).threads), (THREADS_TABLE_MIB, 4));
    }
}
