//! The integration tests of abprune, one module a subject, in one test
//! binary: `cargo test -p abprune --test all` (add a module path, e.g.
//! `parallel::`, to run one subject). The searches are tried on the games
//! of abprune-games (a dev-dependency); the suites of one game stay in
//! `crates/abprune-games/tests`.

mod common;

mod algorithms;
mod chance;
mod chance_engine;
mod check_game;
mod dice_turns;
mod engine;
mod exact_values;
mod extra_turns;
mod limits;
mod margin;
mod margins_declared;
mod minimal_tree;
mod parallel;
mod pv;
mod quiescence;
mod selective;
mod strategy;
mod wrong_answers;
