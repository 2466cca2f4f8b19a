//! `abprune.Tree`: explicit trees in the text format of `abprune tree`.

use crate::algorithm_args;
use crate::result::score_to_py;
use abprune::algorithm::{Algorithm, Window};
use abprune::{Score, SearchResult, Trace, TraceEvent, UNLIMITED_DEPTH};
use abprune_front::{svg, TEXTBOOK_TREE};
use abprune_games::{NodeId, TreeGame};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// An explicit game tree, e.g. `Tree("R:( A:(3 12 8) B:(2 4 6) C:(14 5 2) )")`,
/// MAX to move at the root; leaves hold the value for MAX.
#[pyclass(module = "abprune", frozen)]
pub struct Tree {
    tree: Arc<abprune_games::Tree>,
}

#[pymethods]
impl Tree {
    /// Parses the text format of `abprune tree` (raises ValueError with the line and column).
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let tree = abprune_games::Tree::parse(text).map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok(Tree { tree: Arc::new(tree) })
    }

    /// The built-in textbook tree of `abprune tree`.
    #[staticmethod]
    fn textbook() -> PyResult<Self> {
        Self::new(TEXTBOOK_TREE)
    }

    /// Searches the whole tree with `algorithm` (one of `abprune.ALGORITHMS`)
    /// in `window`: `(alpha, beta)` for alphabeta, failsoft and pvs, a bound
    /// for f1. The result carries the trace and draws itself.
    #[pyo3(signature = (algorithm = "alphabeta", window = None))]
    fn search(&self, py: Python<'_>, algorithm: &str, window: Option<&Bound<'_, PyAny>>) -> PyResult<TreeResult> {
        let algorithm = algorithm_args::parse(algorithm)?;
        let window = algorithm_args::window_of(algorithm, window)?;
        let tree = Arc::clone(&self.tree);
        let (result, trace) = py.detach(move || {
            let mut trace = Trace::default();
            let result = algorithm.run(&mut TreeGame::new(&tree), UNLIMITED_DEPTH, window, &mut trace);
            (result, trace)
        });
        Ok(TreeResult { tree: Arc::clone(&self.tree), algorithm, window, result, trace })
    }

    /// The SVG figure of a search (`algorithm` and `window` as for `search`).
    #[pyo3(signature = (algorithm = "alphabeta", window = None))]
    fn svg(&self, py: Python<'_>, algorithm: &str, window: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        self.search(py, algorithm, window)?.svg()
    }

    /// Jupyter shows a tree as its alpha-beta search.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py, "alphabeta", None)
    }

    /// Number of nodes.
    fn __len__(&self) -> usize {
        self.tree.len()
    }

    /// Number of leaves.
    #[getter]
    fn leaves(&self) -> usize {
        self.tree.leaf_count()
    }

    /// Height (levels of moves).
    #[getter]
    fn height(&self) -> u32 {
        self.tree.height()
    }

    /// The minimax value (MAX at the root).
    #[getter]
    fn minimax(&self) -> i32 {
        self.tree.to_nested().minimax(true)
    }

    /// The tree in the text format.
    fn __str__(&self) -> String {
        self.tree.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Tree({:?})", self.tree.to_string())
    }
}

/// What a tree search found: the value (MAX's view at the root), the
/// principal variation as 0-based child indices (`pv_labels`: their labels),
/// the counts of the CLI, the trace, and the figure (`svg()`, shown by Jupyter).
#[pyclass(module = "abprune", frozen)]
pub struct TreeResult {
    tree: Arc<abprune_games::Tree>,
    algorithm: Algorithm,
    window: Window,
    result: SearchResult<NodeId>,
    trace: Trace<NodeId>,
}

#[pymethods]
impl TreeResult {
    /// The value returned at the root (relative to the window, as the paper's theorem says).
    #[getter]
    fn value(&self, py: Python<'_>) -> Py<PyAny> {
        score_to_py(py, self.result.value)
    }

    /// The root's best child, as a 0-based index (None for a leaf root).
    #[getter]
    fn best_move(&self) -> Option<usize> {
        self.result.best_move.and_then(|mv| self.tree.child_indices(&[mv]).first().copied())
    }

    /// The principal variation as 0-based child indices (the CLI's JSON `pv`).
    #[getter]
    fn pv(&self) -> Vec<usize> {
        self.tree.child_indices(&self.result.pv)
    }

    /// The principal variation as labels (child indices where unlabelled).
    #[getter]
    fn pv_labels(&self) -> Vec<String> {
        self.tree.describe_path(&self.result.pv)
    }

    /// Leaves evaluated.
    #[getter]
    fn leaves(&self) -> u64 {
        self.result.stats.leaves
    }

    /// Nodes entered, the root included.
    #[getter]
    fn nodes(&self) -> u64 {
        self.result.stats.nodes
    }

    /// Cut-offs at MIN nodes.
    #[getter]
    fn alpha_cutoffs(&self) -> u64 {
        self.result.stats.alpha_cutoffs
    }

    /// Cut-offs at MAX nodes.
    #[getter]
    fn beta_cutoffs(&self) -> u64 {
        self.result.stats.beta_cutoffs
    }

    /// Nodes entered at each ply.
    #[getter]
    fn nodes_per_ply(&self) -> Vec<u64> {
        self.result.stats.nodes_per_ply.clone()
    }

    /// The algorithm's name.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.algorithm.name()
    }

    /// Every event of the search, in order, as dicts: `{"event": "enter",
    /// "ply", "node", "label", "alpha", "beta"}`, `{"event": "leaf", "ply",
    /// "value"}`, `{"event": "cutoff", "ply", "skipped"}`, `{"event": "exit",
    /// "ply", "value"}`. Values and windows are the side to move's (negamax)
    /// view, as the library records them; `node` is the node's preorder id.
    #[getter]
    fn trace<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.trace.events.iter().map(|event| self.event_dict(py, event)).collect()
    }

    /// The SVG text of the searched tree (the figure of `abprune tree --svg`).
    fn svg(&self) -> PyResult<String> {
        svg::check_size(&self.tree).map_err(PyValueError::new_err)?;
        let title = format!("{} — value {}", self.algorithm.describe(), self.result.value);
        Ok(svg::render_search(&self.tree, &self.trace.events, &self.result.pv, &title))
    }

    /// Jupyter shows a result as its figure.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    fn __repr__(&self) -> String {
        let window = match self.window {
            Window::Full => String::new(),
            Window::Open(alpha, beta) => format!(", window=({alpha}, {beta})"),
            Window::Bound(bound) => format!(", bound={bound}"),
        };
        format!(
            "TreeResult(algorithm={:?}{window}, value={}, pv={:?}, leaves={}, nodes={}, alpha_cutoffs={}, beta_cutoffs={})",
            self.algorithm(),
            self.result.value,
            self.pv_labels(),
            self.leaves(),
            self.nodes(),
            self.alpha_cutoffs(),
            self.beta_cutoffs()
        )
    }
}

impl TreeResult {
    fn event_dict<'py>(&self, py: Python<'py>, event: &TraceEvent<NodeId>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let score = |value: Score| score_to_py(py, value);
        match *event {
            TraceEvent::Enter { ply, mv, alpha, beta } => {
                dict.set_item("event", "enter")?;
                dict.set_item("ply", ply)?;
                let node = mv.unwrap_or(abprune_games::Tree::ROOT);
                dict.set_item("node", node)?;
                dict.set_item("label", self.tree.label(node))?;
                dict.set_item("alpha", score(alpha))?;
                dict.set_item("beta", score(beta))?;
            }
            TraceEvent::Leaf { ply, value } => {
                dict.set_item("event", "leaf")?;
                dict.set_item("ply", ply)?;
                dict.set_item("value", score(value))?;
            }
            TraceEvent::Cutoff { ply, skipped } => {
                dict.set_item("event", "cutoff")?;
                dict.set_item("ply", ply)?;
                dict.set_item("skipped", skipped)?;
            }
            TraceEvent::Exit { ply, value } => {
                dict.set_item("event", "exit")?;
                dict.set_item("ply", ply)?;
                dict.set_item("value", score(value))?;
            }
        }
        Ok(dict)
    }
}
