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
///   2); a cut at a MIN node is an **alpha** cut-off (rule 1);
/// - in a game with chance, a *chance node* (dice to throw) is a node too,
///   counted in `nodes` and apart in `chance_nodes`; a cut-off there
///   (Ballard's Star1 and Star2: the expectation can no longer reach the
///   window) is counted in `chance_cutoffs`, never as an alpha or beta
///   cut-off, and each of Star2's probes (one successor of an outcome
///   searched for a cheap lower bound) in `probes`. The leaves and nodes
///   a probe searches are counted with the others: its cost is never
///   hidden.
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
    /// Chance nodes entered (games with chance only; also in `nodes`).
    pub chance_nodes: u64,
    /// Cut-offs at chance nodes (Star1, Star2).
    pub chance_cutoffs: u64,
    /// Star2's probes: outcomes whose first successor was searched for a
    /// lower bound before the outcomes were searched in full.
    pub probes: u64,
}

impl SearchStats {
    /// All cut-offs at decision nodes, alpha and beta (those at chance
    /// nodes are `chance_cutoffs`).
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
        self.chance_nodes += other.chance_nodes;
        self.chance_cutoffs += other.chance_cutoffs;
        self.probes += other.probes;
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
