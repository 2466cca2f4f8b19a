//! The per-cell evaluation's fitted tables (module `cells`), written by
//! `abprune tune gomoku`. Until a fit is committed, the evaluation uses the
//! tables of the linear weights.

use super::cells::CellTables;

/// The fitted tables, if any.
pub(super) fn tuned() -> Option<CellTables> {
    None
}
