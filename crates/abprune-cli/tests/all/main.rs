//! The integration tests of the `abprune` command, one module a subject, in
//! one test binary: `cargo test -p abprune-cli --test all` (add a module
//! path, e.g. `gomocup_hostile::`, to run one subject). Most run the binary
//! as a user does; one binary links them once where a binary a file linked
//! them a dozen times.

mod common;

mod animate_browser;
mod backgammon_cli;
mod closed_output;
mod connect4_cli;
mod connect4_players;
mod exit_status;
mod gomocup_cli;
mod gomocup_hostile;
mod gomoku_cli;
mod gomoku_tactics;
mod help;
mod hostile_input;
mod issue23;
mod issue35_books;
mod issue55_cli;
mod lab_cli;
mod tree_chance_cli;
mod tree_cli;
