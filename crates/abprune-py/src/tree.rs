//! `abprune.Tree`: explicit trees in the text format of `abprune tree`.

use crate::chance::fraction_of;
use crate::result::score_to_py;
use crate::{algorithm_args, args};
use abprune::algorithm::{Algorithm, Window};
use abprune::{Score, SearchResult, Trace, TraceEvent, UNLIMITED_DEPTH};
use abprune_front::{svg, TEXTBOOK_TREE};
use abprune_games::{NodeId, TreeGame};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Arc, OnceLock};

/// An explicit game tree, e.g. `Tree("R:( A:(3 12 8) B:(2 4 6) C:(14 5 2) )")`,
/// MAX to move at the root; leaves hold the value for MAX. Chance nodes
/// are written in braces with exact probabilities, `{ 1/2 3  1/2 (4 5) }`,
/// and do not pass the move. Nodes are numbered in preorder, the root 0.
#[pyclass(module = "abprune", frozen)]
pub struct Tree {
    tree: Arc<abprune_games::Tree>,
    /// Whether MAX is to move at each node, computed when first asked.
    max_to_move: OnceLock<Vec<bool>>,
}

#[pymethods]
impl Tree {
    /// Parses the text format of `abprune tree` (raises ValueError with the line and column).
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let tree = abprune_games::Tree::parse(text).map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok(Tree { tree: Arc::new(tree), max_to_move: OnceLock::new() })
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
        if self.tree.has_chance_nodes() {
            return Err(PyValueError::new_err(format!(
                "the tree has chance nodes, which {} cannot search: trees with chance nodes are searched by \
                 abprune.chance_search(tree, algorithm=...) with expectiminimax, star1 or star2",
                algorithm.name()
            )));
        }
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

    /// Jupyter shows a tree as its alpha-beta search (a tree with chance
    /// nodes as its structure: circles, probabilities on the edges, until
    /// its searches draw it; None for one too large to draw).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        if self.tree.has_chance_nodes() {
            if svg::check_size(&self.tree).is_err() {
                return Ok(None);
            }
            let title = format!("{} nodes, {} leaves", self.tree.len(), self.tree.leaf_count());
            return Ok(Some(svg::render_tree(&self.tree, &title)));
        }
        self.svg(py, "alphabeta", None).map(Some)
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

    /// The minimax value (MAX at the root); a ValueError for a tree with
    /// chance nodes, whose value is an expectation.
    #[getter]
    fn minimax(&self) -> PyResult<i32> {
        if self.tree.has_chance_nodes() {
            return Err(PyValueError::new_err(
                "the tree has chance nodes: its value is an expectation (expectiminimax), not a minimax value",
            ));
        }
        Ok(self.tree.to_nested().minimax(true))
    }

    /// True when the tree has a chance node anywhere.
    #[getter]
    fn has_chance_nodes(&self) -> bool {
        self.tree.has_chance_nodes()
    }

    /// The lowest and highest leaf value (MAX's view): the bounds L and U
    /// of Ballard's Star1 and Star2.
    #[getter]
    fn leaf_bounds(&self) -> (i32, i32) {
        self.tree.leaf_bounds()
    }

    /// The children of `node` (the root by default), as node numbers in move order.
    #[pyo3(signature = (node = None))]
    fn children(&self, node: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<NodeId>> {
        let node = self.node(node, "Tree.children(node)")?;
        Ok(self.tree.children(node).to_vec())
    }

    /// The value of leaf `node` (MAX's view); None for an interior node.
    #[pyo3(signature = (node = None))]
    fn value(&self, node: Option<&Bound<'_, PyAny>>) -> PyResult<Option<i32>> {
        Ok(self.tree.value(self.node(node, "Tree.value(node)")?))
    }

    /// The label of `node`, None where the text gave none.
    #[pyo3(signature = (node = None))]
    fn label(&self, node: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
        Ok(self.tree.label(self.node(node, "Tree.label(node)")?).map(str::to_string))
    }

    /// True when chance moves at `node` (a `{ ... }` node).
    #[pyo3(signature = (node = None))]
    fn is_chance(&self, node: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        Ok(self.tree.is_chance(self.node(node, "Tree.is_chance(node)")?))
    }

    /// The probabilities of chance node `node`'s outcomes as
    /// `fractions.Fraction`s, in the order of `children(node)`; None for a
    /// decision node or a leaf.
    #[pyo3(signature = (node = None))]
    fn probabilities(&self, py: Python<'_>, node: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<Py<PyAny>>>> {
        let node = self.node(node, "Tree.probabilities(node)")?;
        let Some(probabilities) = self.tree.probabilities(node) else { return Ok(None) };
        probabilities.iter().map(|&p| fraction_of(py, p)).collect::<PyResult<_>>().map(Some)
    }

    /// True when MAX is to move at `node`: MAX at the first decision node,
    /// the sides alternating at every decision node and never at a chance
    /// node (a chance node or a leaf has the side whose view its value takes).
    #[pyo3(signature = (node = None))]
    fn max_to_move(&self, node: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let node = self.node(node, "Tree.max_to_move(node)")?;
        Ok(self.max_to_move.get_or_init(|| self.tree.max_to_move())[node as usize])
    }

    /// The tree in the text format.
    fn __str__(&self) -> String {
        self.tree.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Tree({:?})", self.tree.to_string())
    }
}

impl Tree {
    /// The tree itself, for the searches of other modules.
    pub(crate) fn inner(&self) -> &Arc<abprune_games::Tree> {
        &self.tree
    }

    /// The node number `node` (None: the root), checked against the tree's
    /// size; `what` names the argument in the error.
    fn node(&self, node: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<NodeId> {
        let last = self.tree.len() as i128 - 1;
        Ok(args::optional_int(node, what, 0, last)?.map_or(abprune_games::Tree::ROOT, |node| node as NodeId))
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
