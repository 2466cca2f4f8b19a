//! The integration tests of abprune-games, one module a subject, in one test
//! binary: `cargo test -p abprune-games --test all` (add a module path,
//! e.g. `connect4_solver::`, to run one subject). One binary links the games
//! and the engine once where a binary a file linked them twenty times: most
//! of what `cargo test` spent compiling. The engine's suites (every
//! algorithm, the parallel, selective and line searches, limits, margins)
//! live beside the engine, in `crates/abprune/tests`.

mod common;

mod backgammon;
mod chance_trees;
mod connect4;
mod connect4_solver;
mod dice;
mod gomoku;
mod gomoku_mate_rules;
mod gomoku_renju;
mod gomoku_vct;
mod othello;
mod tictactoe;
