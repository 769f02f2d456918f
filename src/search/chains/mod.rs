//! The chain families of seeds 000/001: 2D chains (xy, xyt, xyz, xyzt in rc-space, their
//! hidden counterparts in rn- and cn-space, c-chains), 3D chains (nrc, nrct, nrcz, nrczt)
//! and nrct/nrczt lassos.
//!
//! (Skeleton: the chain helper fills this in.)

use crate::graph::LinkIndex;
use crate::proof::Proof;

/// A chain family, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainFamily {
    Xy,
    Xyt,
    Xyz,
    Xyzt,
    HxyRn,
    HxytRn,
    HxyzRn,
    HxyztRn,
    HxyCn,
    HxytCn,
    HxyzCn,
    HxyztCn,
    C,
    Nrc,
    Nrct,
    Nrcz,
    Nrczt,
    NrctLasso,
    NrcztLasso,
}

/// Up to `limit` proofs of `family` with exactly `length` (cells for 2D chains, pairs for 3D
/// chains), each eliminating at least one target.
pub fn find(_links: &LinkIndex, _family: ChainFamily, _length: usize, _limit: usize) -> Vec<Proof> {
    Vec::new()
}
