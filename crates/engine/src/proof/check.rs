//! [`check`]: re-verify a [`Proof`] from the grid state alone. This module shares no code
//! with the searches: it reads only the state's placed digits and open candidates and the
//! definitions of the patterns, so a search bug cannot hide behind it.

pub use super::facts::CheckError;
use super::{on_pattern, PatternKind, Proof};
use crate::grid::State;

/// Verify that `proof` holds on `state`: its pattern is present and each of its conclusions
/// follows from it. Every conclusion must concern an open candidate.
pub fn check(state: &State, proof: &Proof) -> Result<(), CheckError> {
    if proof.eliminations.is_empty() && proof.assertions.is_empty() {
        return Err(CheckError::Empty);
    }
    for &c in proof.eliminations.iter().chain(&proof.assertions) {
        if !state.has(c) {
            return Err(CheckError::NotOpen(c));
        }
    }
    on_pattern!(&proof.pattern, x => x.check(state, proof))
}
