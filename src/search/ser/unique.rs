//! (being written)
use super::{SeGrid, SeStep};
pub fn unique_loops(_g: &SeGrid) -> Option<SeStep> {
    None
}
pub fn bug(_g: &SeGrid) -> Option<SeStep> {
    None
}
