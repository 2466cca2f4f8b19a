//! The plan of one search: the settings that depend on what the search is
//! for, decided once where it starts ([`super::engine::Engine::search`],
//! [`super::engine::Engine::search_depth`], [`super::engine::Engine::solve`],
//! [`super::engine::Engine::probe`]) and handed to every searcher of it:
//! the main thread's, the helpers', the line's completion. No driver
//! changes the options under a search, and no searcher keeps a copy of
//! them to change.

use super::options::EngineOptions;
use super::selective::Selectivity;

/// What one search does with the engine's options (see the [module
/// documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SearchPlan {
    /// The selective techniques of a root search that stops short of the
    /// game's end; none for a search whose answer must be exact.
    selectivity: Selectivity,
    /// The game's bound on the plies left at the root
    /// ([`crate::Game::max_plies_left`]): a root search deeper than this
    /// is a solve and uses no selective technique, so that iterative
    /// deepening ends with an exact value (a null move, say, proves
    /// nothing and fires at any depth).
    plies_left: Option<u32>,
    /// Whether the line is completed after the search
    /// ([`EngineOptions::whole_pv`]): never after a selective search,
    /// whose values depend on the window each node is searched with, so
    /// that no test can tell which child made the value.
    pub(crate) completes_line: bool,
}

impl SearchPlan {
    /// A search for play (iterative deepening, or one depth) of a game
    /// that lasts at most `plies_left` more plies: the options'
    /// selective techniques short of the game's end.
    pub(crate) fn for_play(options: &EngineOptions, plies_left: Option<u32>) -> Self {
        SearchPlan {
            selectivity: options.selectivity,
            plies_left,
            completes_line: options.whole_pv && !options.selectivity.any(),
        }
    }

    /// A search whose answer is exact (a solve, a null-window test, the
    /// line's completion): exact answers never rest on a selective
    /// technique.
    pub(crate) fn exact(options: &EngineOptions) -> Self {
        SearchPlan { selectivity: Selectivity::NONE, plies_left: None, completes_line: options.whole_pv }
    }

    /// The selective techniques in force.
    #[inline(always)]
    pub(crate) fn selectivity(&self) -> &Selectivity {
        &self.selectivity
    }

    /// Whether a root search `depth` plies deep is selective: not beyond
    /// the game's end.
    #[inline]
    pub(crate) fn selective_at(&self, depth: u32) -> bool {
        self.selectivity.any() && !self.plies_left.is_some_and(|left| depth > left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_searches_never_select_and_play_stops_selecting_beyond_the_end() {
        let options = EngineOptions { selectivity: Selectivity::ALL, ..EngineOptions::default() };
        let exact = SearchPlan::exact(&options);
        assert!(!exact.selective_at(1) && exact.completes_line);
        let play = SearchPlan::for_play(&options, Some(10));
        assert!(play.selective_at(10) && !play.selective_at(11), "a search deeper than the game is a solve");
        assert!(!play.completes_line, "a selective search's line is the table's");
        assert!(SearchPlan::for_play(&options, None).selective_at(u32::MAX));
        assert!(!SearchPlan::for_play(&EngineOptions::default(), None).selective_at(5));
    }
}
