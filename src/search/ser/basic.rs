//! (being written)
use super::{SeGrid, SeStep};
pub fn hidden_single(_g: &SeGrid) -> Option<SeStep> {
    None
}
pub fn naked_single(_g: &SeGrid) -> Option<SeStep> {
    None
}
pub fn locking(_g: &SeGrid, _direct: bool) -> Option<SeStep> {
    None
}
pub fn hidden_set(_g: &SeGrid, _n: usize, _direct: bool) -> Option<SeStep> {
    None
}
pub fn naked_set(_g: &SeGrid, _n: usize) -> Option<SeStep> {
    None
}
pub fn fish(_g: &SeGrid, _n: usize) -> Option<SeStep> {
    None
}
pub fn xy_wing(_g: &SeGrid, _z: bool) -> Option<SeStep> {
    None
}
