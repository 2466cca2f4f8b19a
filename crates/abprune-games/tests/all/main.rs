//! The integration tests of abprune-games, one module a subject, in one test
//! binary: `cargo test -p abprune-games --test all` (add a module path,
//! e.g. `connect4_solver::`, to run one subject). One binary links the games
//! and the engine once where a binary a file linked them twenty times: most
//! of what `cargo test` spent compiling.

mod common;

mod algorithms;
mod check_game;
mod connect4;
mod connect4_solver;
mod engine;
mod exact_values;
mod extra_turns;
mod gomoku;
mod gomoku_mate_rules;
mod gomoku_vct;
mod limits;
mod margin;
mod margins_declared;
mod minimal_tree;
mod othello;
mod parallel;
mod pv;
mod quiescence;
mod selective;
mod strategy;
mod tictactoe;
mod wrong_answers;
