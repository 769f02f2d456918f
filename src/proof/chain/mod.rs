//! The chains of seeds 000/001 (2D xy/xyt/xyz/xyzt and hidden rn/cn variants, c-chains;
//! 3D nrc, nrct, nrcz, nrczt; nrct/nrczt lassos): the pattern data, its checker and
//! its printers. The checker here re-verifies a chain from the grid state alone; it shares no
//! code with `search::chains`.
//!
//! (Skeleton: the chain helper fills this in.)

use super::{CheckError, Proof};
use crate::grid::State;
use serde::{Deserialize, Serialize};

/// A chain or lasso with its targets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainPattern {}

impl ChainPattern {
    /// (rule name as printed, family, length).
    pub fn rule_name(&self) -> (String, String, usize) {
        ("nrc-chain".into(), "nrc".into(), 0)
    }
}

/// Verify a chain proof on `state`.
pub fn check(_state: &State, _proof: &Proof, _c: &ChainPattern) -> Result<(), CheckError> {
    Err(CheckError::Pattern(
        "chain checking is not implemented".into(),
    ))
}

/// The pattern part in the seeds' nrc notation (without `==> conclusions`).
pub fn pattern_text(_state: &State, proof: &Proof, _c: &ChainPattern) -> String {
    proof.rule.clone()
}
