//! What a search did, counted the way the textbooks count it.

/// Counters every search keeps.
///
/// Conventions (shared by every algorithm, so that counts compare):
/// - a *node* is a position the search entered, the root included;
/// - a *leaf* is a node whose value came from the rules or the static
///   evaluation (a finished game, the depth limit, or no moves), i.e. an
///   evaluation of `f(p)` in Knuth & Moore's terms;
/// - a *cut-off* is a node left early with at least one child unsearched. The
///   root's side is MAX: a cut at a MAX node is a **beta** cut-off (its value
///   reached the bound its MIN parent already holds, the Chinese text's rule
///   2); a cut at a MIN node is an **alpha** cut-off (rule 1).
///
/// A parallel engine search reports the sum over its threads (each helper
/// entering the root once per root search it takes up).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes entered, the root included.
    pub nodes: u64,
    /// Leaves evaluated.
    pub leaves: u64,
    /// Cut-offs at MIN nodes (the side not to move at the root).
    pub alpha_cutoffs: u64,
    /// Cut-offs at MAX nodes (the root's side).
    pub beta_cutoffs: u64,
    /// Nodes entered at each ply from the root: `nodes_per_ply[0] == 1`.
    pub nodes_per_ply: Vec<u64>,
}

impl SearchStats {
    /// All cut-offs, alpha and beta.
    pub fn cutoffs(&self) -> u64 {
        self.alpha_cutoffs + self.beta_cutoffs
    }

    /// Adds another search's counts to these (iterative deepening and the
    /// null-window drivers report the sum of their passes).
    pub fn accumulate(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.alpha_cutoffs += other.alpha_cutoffs;
        self.beta_cutoffs += other.beta_cutoffs;
        if self.nodes_per_ply.len() < other.nodes_per_ply.len() {
            self.nodes_per_ply.resize(other.nodes_per_ply.len(), 0);
        }
        for (mine, theirs) in self.nodes_per_ply.iter_mut().zip(&other.nodes_per_ply) {
            *mine += theirs;
        }
    }

    #[inline]
    pub(crate) fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        if ply >= self.nodes_per_ply.len() {
            // Grows once per new ply, never per node.
            self.nodes_per_ply.resize(ply + 1, 0);
        }
        self.nodes_per_ply[ply] += 1;
    }
}
