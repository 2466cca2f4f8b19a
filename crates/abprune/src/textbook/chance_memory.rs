//! What a search for games with chance may remember between searches: the
//! bounds found at chance nodes (a small transposition table) and the best
//! move found at decision nodes (for ordering). The textbook functions
//! remember nothing; the engine's iterative deepening
//! ([`crate::engine::star2_deepening`]) lends its memory to each
//! iteration's Star2, so that a node the table answers is not searched
//! again and each iteration tries the previous one's best move first.

use crate::ratio::Ratio;
use std::collections::HashMap;

/// At most this many entries in each of the two maps (some 15 MB for the
/// chance nodes' bounds): when one is full it is emptied, the simplest
/// replacement, which costs searches again but never a wrong answer.
pub(crate) const MEMORY_ENTRIES: usize = 1 << 18;

/// A bound or a value found at a chance node, with the depth it was
/// searched to.
#[derive(Clone, Copy, Debug)]
struct ChanceEntry {
    depth: u32,
    known: Known,
}

/// The memory of searches of one game, keyed by [`crate::Game::hash_key`]
/// (a game without keys remembers nothing).
#[derive(Debug)]
pub(crate) struct ChanceMemory<M> {
    chance: HashMap<u64, ChanceEntry>,
    best: HashMap<u64, M>,
}

impl<M: Copy> Default for ChanceMemory<M> {
    fn default() -> Self {
        ChanceMemory { chance: HashMap::new(), best: HashMap::new() }
    }
}

impl<M: Copy> ChanceMemory<M> {
    /// What the chance node `key` searched to `depth` in `(alpha, beta)`
    /// is known to return, if an entry of the same depth decides it.
    pub(crate) fn recall(&self, key: u64, depth: u32, alpha: Ratio, beta: Ratio) -> Option<Ratio> {
        let entry = self.chance.get(&key)?;
        (entry.depth == depth).then(|| entry.known.decides(alpha, beta)).flatten()
    }

    /// Remembers the result `value` of the chance node `key` searched to
    /// `depth` in `window` (fail-soft: a bound outside it).
    pub(crate) fn remember(&mut self, key: u64, depth: u32, window: (Ratio, Ratio), value: Ratio) {
        if self.chance.len() >= MEMORY_ENTRIES {
            self.chance.clear();
        }
        self.chance.insert(key, ChanceEntry { depth, known: Known::new(value, window) });
    }

    /// The best move last found at the decision node `key`.
    pub(crate) fn best_move(&self, key: u64) -> Option<M> {
        self.best.get(&key).copied()
    }

    /// Remembers `mv` as the best move at the decision node `key`.
    pub(crate) fn remember_best(&mut self, key: u64, mv: M) {
        if self.best.len() >= MEMORY_ENTRIES {
            self.best.clear();
        }
        self.best.insert(key, mv);
    }
}

/// A fail-soft result a search found in its window: the value itself, or
/// a bound on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Known {
    /// What the search returned.
    pub(crate) value: Ratio,
    /// What it is of the true value.
    pub(crate) kind: Bound,
}

/// What a fail-soft result is of the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself (it fell inside the window).
    Exact,
    /// At most the value (it fell at or below alpha).
    Upper,
    /// At least the value (at or above beta).
    Lower,
}

impl Known {
    /// The result `value` of a fail-soft search in `(alpha, beta)`.
    pub(crate) fn new(value: Ratio, (alpha, beta): (Ratio, Ratio)) -> Known {
        let kind = if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        Known { value, kind }
    }

    /// What a new fail-soft search in `(alpha, beta)` would return, if
    /// this result already says it (as a table entry answers): the value
    /// when exact, a bound that falls outside the new window on its side.
    pub(crate) fn decides(self, alpha: Ratio, beta: Ratio) -> Option<Ratio> {
        match self.kind {
            Bound::Exact => Some(self.value),
            Bound::Upper if self.value <= alpha => Some(self.value),
            Bound::Lower if self.value >= beta => Some(self.value),
            Bound::Upper | Bound::Lower => None,
        }
    }
}
