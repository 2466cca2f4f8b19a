//! What a search of a Python game found ([`Result`]), read as the game ends:
//! a margin for a game that ends in margins, "win in N", "loss in N" or a
//! draw for one of wins, losses and draws, and the raw score only on
//! request.

use crate::ending::Declared;
use abprune::{EngineResult, Score};
use pyo3::prelude::*;

/// A score as Python sees it: an int, or ±inf for a window's infinities.
pub(crate) fn score_to_py(py: Python<'_>, score: Score) -> Py<PyAny> {
    if score == Score::INFINITY {
        f64::INFINITY.into_pyobject(py).map(|f| f.into_any().unbind()).unwrap_or_else(|_| py.None())
    } else if score == -Score::INFINITY {
        f64::NEG_INFINITY.into_pyobject(py).map(|f| f.into_any().unbind()).unwrap_or_else(|_| py.None())
    } else {
        score.get().into_pyobject(py).map(|i| i.into_any().unbind()).unwrap_or_else(|_| py.None())
    }
}

/// What a search of a Python game found. Read it as the game ends:
/// `margin` (a game whose `ending()` declares margins), or `outcome`
/// ("win", "loss", "draw") with `plies` to the end; `str(result)` says it in
/// words ("margin +6", "win in 5", "draw", "12 (not exact, depth 4)").
/// `value` is the engine's raw score for the side to move at the root.
/// `best_move` and `pv` are the game's own move objects.
#[pyclass(module = "abprune", frozen, name = "Result")]
pub struct Result {
    pub(crate) value: Score,
    pub(crate) best_move: Option<Py<PyAny>>,
    pub(crate) pv: Vec<Py<PyAny>>,
    pub(crate) exact: bool,
    /// A weak solve: only the sign of the value is known.
    pub(crate) weak: bool,
    /// How the game said it ends, at the start of the search.
    pub(crate) ending: Declared,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    pub(crate) leaves: u64,
    pub(crate) alpha_cutoffs: u64,
    pub(crate) beta_cutoffs: u64,
    pub(crate) seconds: f64,
}

impl Result {
    /// The result of an engine's search or solve (moves already found as objects).
    pub fn of_engine(result: &EngineResult<u64>, ending: Declared, best_and_line: BestAndLine) -> Self {
        let (best_move, pv) = best_and_line;
        let stats = &result.stats;
        Result {
            value: result.value,
            best_move,
            pv,
            exact: result.exact,
            weak: result.weak,
            ending,
            depth: result.depth,
            nodes: stats.nodes,
            leaves: stats.leaves,
            alpha_cutoffs: stats.alpha_cutoffs,
            beta_cutoffs: stats.beta_cutoffs,
            seconds: result.elapsed.as_secs_f64(),
        }
    }

    /// "win", "loss" or "draw" when the value is exact (by its sign: a
    /// margin game's side to move wins with a positive margin).
    fn outcome_word(&self) -> Option<&'static str> {
        if !self.exact {
            return None;
        }
        Some(abprune_front::outcome_word(self.value.get().signum()))
    }

    /// The margin, when the game ends in margins and the value is one.
    fn margin_value(&self) -> Option<i32> {
        (self.ending.is_margin() && self.exact && !self.weak).then_some(self.value.get())
    }

    /// The value in words (`str(result)`).
    fn text(&self) -> String {
        if let Some(margin) = self.margin_value() {
            return if margin == 0 { "margin 0".to_string() } else { format!("margin {margin:+}") };
        }
        if self.exact && (self.weak || self.value == Score::DRAW) {
            return self.outcome_word().unwrap_or("draw").to_string();
        }
        let score = if self.value.is_heuristic() { format!("value {}", self.value) } else { self.value.to_string() };
        match (self.exact, self.depth) {
            (true, _) => score,
            (false, 0) => format!("{score} (not exact)"),
            (false, depth) => format!("{score} (not exact, depth {depth})"),
        }
    }
}

/// A result's best move and line as Python objects.
pub type BestAndLine = (Option<Py<PyAny>>, Vec<Py<PyAny>>);

#[pymethods]
impl Result {
    /// The engine's raw score for the side to move at the root (a win in
    /// `n` plies is `SCORE_WIN - n`): read `margin`, `outcome` and `plies`,
    /// or `str(result)`, instead.
    #[getter]
    fn value(&self, py: Python<'_>) -> Py<PyAny> {
        score_to_py(py, self.value)
    }
    /// For a game that ends in margins: the margin under best play for the
    /// side to move at the root (e.g. 6), when the value is exact; None
    /// otherwise (a weak solve finds only the sign: see `outcome`).
    #[getter]
    fn margin(&self) -> Option<i32> {
        self.margin_value()
    }
    /// "win", "loss" or "draw" for the side to move when the value is
    /// exact (a margin game: by the margin's sign), else None.
    #[getter]
    fn outcome(&self) -> Option<&'static str> {
        self.outcome_word()
    }
    /// Plies to the end of the game for a win or a loss (`str(result)`:
    /// "win in 5"); None for a draw, a margin, an evaluation, and after a
    /// weak solve (which does not find the distance).
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.value.plies_to_end().filter(|_| !self.weak)
    }
    /// The same as `plies` (its earlier name).
    #[getter]
    fn plies_to_end(&self) -> Option<u32> {
        self.plies()
    }
    /// The best move (a move object of the game), None when there is none.
    #[getter]
    fn best_move(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.best_move.as_ref().map(|mv| mv.clone_ref(py))
    }
    /// The principal variation.
    #[getter]
    fn pv(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.pv.iter().map(|mv| mv.clone_ref(py)).collect()
    }
    /// True when the value is proven (or the whole tree was searched).
    #[getter]
    fn exact(&self) -> bool {
        self.exact
    }
    /// True when the side to move wins under best play (as far as searched;
    /// a margin game: with an exact positive margin).
    #[getter]
    fn is_win(&self) -> bool {
        if self.ending.is_margin() {
            self.outcome_word() == Some("win")
        } else {
            self.value.is_win()
        }
    }
    /// True when the side to move loses.
    #[getter]
    fn is_loss(&self) -> bool {
        if self.ending.is_margin() {
            self.outcome_word() == Some("loss")
        } else {
            self.value.is_loss()
        }
    }
    /// Depth of the last completed iteration (the plain searches: the depth asked, or 0 for unlimited).
    #[getter]
    fn depth(&self) -> u32 {
        self.depth
    }
    /// Nodes searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }
    /// Leaves evaluated.
    #[getter]
    fn leaves(&self) -> u64 {
        self.leaves
    }
    /// Cut-offs at MIN nodes (the first player's opponent to move).
    #[getter]
    fn alpha_cutoffs(&self) -> u64 {
        self.alpha_cutoffs
    }
    /// Cut-offs at MAX nodes.
    #[getter]
    fn beta_cutoffs(&self) -> u64 {
        self.beta_cutoffs
    }
    /// Seconds the engine took (0 for the plain searches).
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let best = self
            .best_move
            .as_ref()
            .map_or("None".to_string(), |mv| mv.bind(py).repr().map_or_else(|_| "?".into(), |r| r.to_string()));
        let exact = if self.exact { "True" } else { "False" };
        format!("Result({}, best_move={best}, exact={exact}, nodes={})", self.text(), self.nodes)
    }
}
