//! SE's chaining producers: forcing chains and cycles, Nishio, multiple and dynamic
//! forcing chains, and the nested levels (not built yet: no hint).

use super::{ChainingMode, SeGrid, SeStep};

/// The producer's easiest hint (SE sorts a chaining producer's hints).
pub fn first_hint(_grid: &SeGrid, _mode: ChainingMode) -> Option<SeStep> {
    None
}
