//! What abprune's two front ends share: the command line (`abprune-cli`)
//! and the Python package (`abprune-py`) draw a searched tree, check a table
//! budget against the machine and name an outcome the same way, so each of
//! those is written once, here, instead of copied from one to the other.
//!
//! - [`svg`]: a searched tree drawn as a textbook figure (`abprune tree
//!   --svg`, Python's `TreeResult.svg()`), and as the stage a page replays
//!   a search on ([`svg::stage`]: `abprune tree --animate`);
//! - [`memory`]: table budgets refused when the machine does not have the
//!   memory;
//! - [`TEXTBOOK_TREE`], the tree searched when none is given, and
//!   [`outcome_word`].
//!
//! What is not here: the algorithms by name, their windows and runs are the
//! library's ([`abprune::algorithm`]); a game's tuned engine settings live
//! with the game ([`abprune_games::connect4::engine_options`]); what only
//! one front end uses (the CLI's animation page and its steps, Python's argument checks) stays
//! in it. The front ends own their output: this crate returns text and
//! errors and never prints.

#![deny(missing_docs)]

pub mod memory;
pub mod svg;

/// The textbook tree `abprune tree` searches without a file and Python's
/// `Tree.textbook()` returns: four levels (MAX, MIN, MAX, MIN) above the
/// leaves, chosen so that alpha-beta shows both kinds of cut-off.
pub const TEXTBOOK_TREE: &str = "\
# abprune's built-in tree: MAX at the root, then MIN, MAX, MIN above the leaves.
# Minimax value 6. Alpha-beta evaluates 9 of the 15 leaves: alpha cut-offs at
# A12, B12 and C (MIN nodes), a beta cut-off at B2 (a MAX node).
R:( A:( A1:( A11:(5 6) A12:(7 4 5) )  A2:( A21:(3) ) )
    B:( B1:( B11:(6)   B12:(6 9) )    B2:( B21:(7) B22:(5) ) )
    C:( C1:( C11:(5) )                C2:( C21:(9 8) C22:(6) ) ) )
";

/// `win`, `loss` or `draw` for the sign of an exact value (1, -1, 0), from
/// the side to move's view: the word both front ends print and return.
pub fn outcome_word(sign: i32) -> &'static str {
    match sign {
        1 => "win",
        -1 => "loss",
        _ => "draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abprune::{alphabeta, NoTrace, Score, UNLIMITED_DEPTH};
    use abprune_games::{Tree, TreeGame};

    /// What the tree's comment promises: value 6, 9 of 15 leaves, three
    /// alpha cut-offs and one beta cut-off.
    #[test]
    fn the_textbook_tree_is_as_its_comment_says() {
        let tree = Tree::parse(TEXTBOOK_TREE).expect("the textbook tree parses");
        let result =
            alphabeta(&mut TreeGame::new(&tree), UNLIMITED_DEPTH, -Score::INFINITY, Score::INFINITY, &mut NoTrace);
        assert_eq!((result.value, tree.leaf_count()), (Score::new(6), 15));
        assert_eq!((result.stats.leaves, result.stats.alpha_cutoffs, result.stats.beta_cutoffs), (9, 3, 1));
    }

    #[test]
    fn outcome_words_follow_the_sign() {
        assert_eq!([1, 0, -1].map(outcome_word), ["win", "draw", "loss"]);
    }
}
