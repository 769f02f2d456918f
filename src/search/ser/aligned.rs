//! (being written)
use super::{SeGrid, SeStep};
pub fn aligned_exclusion(_g: &SeGrid, _n: usize) -> Option<SeStep> {
    None
}
