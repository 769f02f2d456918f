//! [`check`]: re-verify a [`Proof`] from the grid state alone. This module shares no code
//! with the searches: it reads only the state's placed digits and open candidates and the
//! definitions of the patterns, so a search bug cannot hide behind it.

pub use super::facts::CheckError;
use super::{Pattern, Proof};
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
    match &proof.pattern {
        Pattern::Chain(c) => super::chain::check(state, proof, c),
        Pattern::Whip(w) => super::whip::check(state, proof, w),
        Pattern::Net(n) => super::net::check(state, proof, n),
        Pattern::GridLock(g) => super::assistant::check_grid(state, proof, g),
        Pattern::BentSubset(b) => super::assistant::check_bent(state, proof, b),
        Pattern::Als(a) => super::als::check(state, proof, a),
        Pattern::GridAls(g) => super::assistant::check_grid_als(state, proof, g),
        Pattern::AlmostLockedRange(r) => super::range::check(state, proof, r),
        Pattern::SueDeCoq(s) => super::als::check_sue_de_coq(state, proof, s),
        Pattern::Aic(a) => super::aic::check(state, proof, a),
        Pattern::Medusa(m) => super::medusa_net::check(state, proof, m),
        Pattern::Tagging(t) => super::tagging::check(state, proof, t),
        Pattern::Composite(c) => super::composite::check(state, proof, c, check),
        Pattern::EmptyRectangle(e) => super::empty_rectangle::check(state, proof, e),
        Pattern::Uniqueness(u) => super::uniqueness::check(state, proof, u),
        Pattern::GeneralFish(f) => super::fish::check(state, proof, f),
        Pattern::KrakenFish(k) => super::kraken::check(state, proof, k),
        Pattern::Template(t) => super::template::check(state, proof, t),
        Pattern::AlignedExclusion(a) => super::aligned::check(state, proof, a),
        Pattern::NakedSingle { cell, digit } => {
            super::basic::naked_single(state, proof, cell, digit)
        }
        Pattern::HiddenSingle { house, digit, cell } => {
            super::basic::hidden_single(state, proof, house, digit, cell)
        }
        Pattern::Interaction { digit, house, into } => {
            super::basic::interaction(state, proof, digit, house, into)
        }
        Pattern::NakedSubset {
            house,
            cells,
            digits,
        } => super::basic::naked_subset(state, proof, house, cells, digits),
        Pattern::HiddenSubset {
            house,
            digits,
            cells,
        } => super::basic::hidden_subset(state, proof, house, digits, cells),
        Pattern::Fish { digit, base, cover } => {
            super::basic::fish(state, proof, digit, base, cover)
        }
        Pattern::XyWing { pivot, pincers, z } => {
            super::basic::xy_wing(state, proof, pivot, pincers, z)
        }
        Pattern::XyzWing { pivot, pincers, z } => {
            super::basic::xyz_wing(state, proof, pivot, pincers, z)
        }
    }
}
