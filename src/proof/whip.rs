//! Whips and braids (and their g- versions over groups): the pattern data, its checker and
//! its printers. The checker here re-verifies a whip from the grid state alone; it shares no
//! code with `search::whips`.
//!
//! (Skeleton: the whip helper fills this in.)

use super::{CheckError, Proof};
use crate::grid::State;
use serde::{Deserialize, Serialize};

/// A whip, braid, g-whip or g-braid on one target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WhipPattern {}

impl WhipPattern {
    /// (rule name as printed, family, length).
    pub fn rule_name(&self) -> (String, String, usize) {
        ("whip".into(), "whip".into(), 0)
    }
}

/// Verify a whip proof on `state`.
pub fn check(_state: &State, _proof: &Proof, _w: &WhipPattern) -> Result<(), CheckError> {
    Err(CheckError::Pattern(
        "whip checking is not implemented".into(),
    ))
}

/// The pattern part in the seeds' nrc notation (without `==> conclusions`).
pub fn pattern_text(_state: &State, proof: &Proof, _w: &WhipPattern) -> String {
    proof.rule.clone()
}
