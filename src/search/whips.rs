//! Whips and braids (Berthier), and g-whips / g-braids over groups.
//!
//! (Skeleton: the whip helper fills this in.)

use crate::graph::LinkIndex;
use crate::proof::Proof;

/// Which generalisation of chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WhipKind {
    Whip,
    Braid,
    GWhip,
    GBraid,
}

/// Up to `limit` proofs of `kind` with exactly `length` cells, each eliminating a target.
pub fn find(_links: &LinkIndex, _kind: WhipKind, _length: usize, _limit: usize) -> Vec<Proof> {
    Vec::new()
}
