//! The algorithms the command line can run, by name, on any game.

use abprune::{
    alphabeta, alphabeta_failsoft, branch_and_bound, minimax, mtdf, negamax, pvs, Game, Observer, Score, SearchResult,
};
use clap::ValueEnum;

/// The algorithms of the seeds, as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// Plain minimax with MAX and MIN nodes (Bratko).
    Minimax,
    /// Knuth & Moore's F: minimax in negamax form.
    Negamax,
    /// Knuth & Moore's F1: one-sided branch-and-bound.
    F1,
    /// Knuth & Moore's F2: fail-hard alpha-beta.
    Alphabeta,
    /// Fail-soft alpha-beta (the slides' variant).
    Failsoft,
    /// Principal variation search (Reinefeld's NegaScout), fail-soft.
    Pvs,
    /// MTD(f): null-window passes with a transposition table, from guess 0.
    Mtdf,
}

impl Algorithm {
    /// What the algorithm is, in one line.
    pub fn describe(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax: MAX and MIN nodes, no pruning",
            Algorithm::Negamax => "negamax: Knuth & Moore's F, no pruning",
            Algorithm::F1 => "f1: Knuth & Moore's F1(p, bound), branch-and-bound",
            Algorithm::Alphabeta => "alphabeta: Knuth & Moore's F2(p, alpha, beta), fail-hard",
            Algorithm::Failsoft => "failsoft: fail-soft alpha-beta",
            Algorithm::Pvs => "pvs: principal variation search (NegaScout), fail-soft",
            Algorithm::Mtdf => "mtdf: MTD(f), null-window passes with memory",
        }
    }

    /// The name the command line uses.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::F1 => "f1",
            Algorithm::Alphabeta => "alphabeta",
            Algorithm::Failsoft => "failsoft",
            Algorithm::Pvs => "pvs",
            Algorithm::Mtdf => "mtdf",
        }
    }

    /// Whether the algorithm takes a window (alpha, beta).
    pub fn takes_window(self) -> bool {
        matches!(self, Algorithm::Alphabeta | Algorithm::Failsoft | Algorithm::Pvs)
    }

    /// Every algorithm, in the order of the papers.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::F1,
        Algorithm::Alphabeta,
        Algorithm::Failsoft,
        Algorithm::Pvs,
        Algorithm::Mtdf,
    ];
}

/// The search window, checked against the algorithm.
#[derive(Clone, Copy, Debug)]
pub enum Window {
    /// (-inf, +inf), or bound +inf for f1.
    Full,
    /// An open window (alpha, beta) for alphabeta and failsoft.
    Open(Score, Score),
    /// The bound of f1.
    Bound(Score),
}

/// Runs `algo` to `depth` in `window` (a window that does not apply to `algo` is ignored).
pub fn run_algorithm<G: Game, O: Observer<G::Move>>(
    game: &mut G,
    algo: Algorithm,
    depth: u32,
    window: Window,
    observer: &mut O,
) -> SearchResult<G::Move> {
    let (alpha, beta) = match window {
        Window::Open(alpha, beta) => (alpha, beta),
        Window::Full | Window::Bound(_) => (-Score::INFINITY, Score::INFINITY),
    };
    match algo {
        Algorithm::Minimax => minimax(game, depth, observer),
        Algorithm::Negamax => negamax(game, depth, observer),
        Algorithm::F1 => {
            let bound = if let Window::Bound(bound) = window { bound } else { Score::INFINITY };
            branch_and_bound(game, depth, bound, observer)
        }
        Algorithm::Alphabeta => alphabeta(game, depth, alpha, beta, observer),
        Algorithm::Failsoft => alphabeta_failsoft(game, depth, alpha, beta, observer),
        Algorithm::Pvs => pvs(game, depth, alpha, beta, observer),
        Algorithm::Mtdf => mtdf(game, depth, Score::DRAW, observer),
    }
}
