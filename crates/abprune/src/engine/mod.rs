//! The engine: alpha-beta made strong with the extensions the sources list.
//!
//! - a **transposition table** (module `tt`) with a budget in MiB;
//! - **window manipulation**: principal variation search, aspiration
//!   windows, MTD(f), and a null-window test usable on its own
//!   ([`Engine::test`]);
//! - **move ordering** (module `ordering`): the table's move, killers,
//!   the game's hints, history;
//! - **variable depth** through the game's shortcuts
//!   ([`Game::candidate_moves`](crate::game::Game::candidate_moves), [`Game::score_bounds`](crate::game::Game::score_bounds)) and a quiescence
//!   search of its forcing moves at the horizon ([`Game::horizon`](crate::game::Game::horizon));
//! - **iterative deepening** ([`Engine::search`]) under [`SearchLimits`](crate::limits::SearchLimits),
//!   with a callback per completed iteration;
//! - an **exact solve mode** ([`Engine::solve`]) that bisects on the game's
//!   value with null-window searches, inside the range the game says is
//!   reachable;
//! - a **parallel search** ([`ParallelOptions::threads`]): helper threads
//!   search beside the main one and share the table (Lazy SMP or ABDADA,
//!   [`ParallelScheme`]).
//!
//! Every result says whether its value is exact ([`EngineResult::exact`]) and
//! why the search ended ([`crate::StopReason`]); nothing is random, so the same
//! search with the same limits (depth or nodes) on one thread gives the same
//! result. With more threads the value is the same (the value at the depth
//! searched, or the exact value), but the node counts, and among equally
//! good moves the one reported, depend on the threads' timing.
//!
//! # Threads
//!
//! [`Engine::search`], [`Engine::search_traced`], [`Engine::solve`] and
//! [`Engine::test`] ask `G: Game + Clone + Send` and `G::Move: Send`, whatever
//! the number of threads, so that a program does not change its types when
//! it changes [`ParallelOptions::threads`]: each helper searches its own copy
//! of the position, made once per search (every game of `abprune-games` is
//! `Clone`; an explicit tree's game borrows its tree, which is fine: the
//! helpers live only during the search). [`Engine::search_depth`], one
//! search to a depth as the textbook algorithms run, asks only `G: Game` and always
//! searches on one thread. An [`Observer`](crate::trace::Observer) sees the main thread's search
//! only.
//!
//! # Files
//!
//! The engine's parts, bottom up, each importing only those below it
//! (`python3 scripts/import-cycles.py` checks): the options
//! ([`EngineOptions`], module `options`), the plan of one search, decided
//! where it starts (module `plan`), the errors (module `error`) and the
//! results (module `report`); the table (module `tt`) and the move
//! ordering's statistics (module `ordering`); what threads share (module
//! `crew`); the staged move picker (module `movepick`); the node searcher
//! (module `searcher`, with `quiescence` and
//! `selective`); the line's completion (module `pv`); the drivers:
//! iterative deepening with each iteration's window (module `deepen`:
//! aspiration, MTD(f)'s passes), the solve's ladder and bisection (module
//! `solve`), the parallel launch (module `parallel`); and on top the
//! [`Engine`] (module `engine`) that owns the tables and runs the drivers.
//! Apart from them, module `chance` holds the driver for games with
//! chance ([`star2_deepening`]): Star2 of the textbook half under
//! iterative deepening, with its own small table, as its values are exact
//! fractions.
//! Everything but what a user sets, reads or names is private to the
//! crate: a holder of [`Engine::table`] reads the table's size and
//! fill, and cannot store into it.
//!
//! The engine builds on the [textbook](crate::textbook) half (its node
//! context and [`SearchResult`](crate::textbook::SearchResult)); the
//! textbook half never knows the engine.
// The engine's files (the module documentation lists them bottom up).
mod chance;
mod crew;
mod deepen;
// The file of the `Engine` type, whose public path is `engine::Engine`
// (re-exported below).
#[allow(clippy::module_inception)]
mod engine;
pub(crate) mod error;
mod movepick;
mod options;
mod ordering;
mod parallel;
mod plan;
mod pv;
mod quiescence;
mod report;
mod searcher;
mod selective;
mod solve;
mod tt;

pub use chance::{star2_deepening, ChanceSearchResult, MAX_CHANCE_DEPTH};
pub use engine::Engine;
pub use error::EngineError;
pub use options::{
    EngineOptions, OrderingOptions, ParallelOptions, ParallelScheme, ReportingOptions, ShapeOptions, TableOptions,
    Variant, DEFAULT_NEAR_PLIES, DEFAULT_TABLE_MIB, HELPER_LAUNCH_NODES, MAX_TABLE_MIB, MAX_THREADS,
};
pub use ordering::MAX_MOVE_ID;
pub use quiescence::MAX_QUIESCENCE_PLIES;
pub use report::{EngineResult, SearchInfo, SolveMode};
pub use selective::{Selectivity, MAX_ATTACK_RELIEF, PLY_FRACTIONS, RAISED_MAX_DEPTH, RAISED_MIN_DEPTH};
pub use solve::probe_point;
pub use tt::{TranspositionTable, MAX_MOVE_CODE};
