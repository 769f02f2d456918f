//! Berthier's nrc notation ([Berthier NRC], [Berthier 3D]): reading and printing steps such as
//! `hidden-single-in-a-block ==> r1c1 = 7`, `naked-pairs-in-a-row {n5 n6}r6{c1 c5} ==>
//! r6c6 <> 6`, `swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> r7c9 <> 3, r6c9 <> 3` and
//! `nrczt4-chain n2{r7c8 r8c7} - n2{r4c7 r4c1} - ... ==> r7c5 <> 2`.
//!
//! - [`basic`]: singles, interactions, subsets, fish, XY/XYZ-wings — reader and printer;
//! - [`chain`]: 2D/3D chains and lassos, short and full (t/z `#` justifications) —
//!   reader (lost dashes, run-together words, candidate lists) and printer;
//! - [`hanson`]: our printed form of the Sudoku Assistant's patterns (grid locks, bent
//!   subsets, grid ALS, ALS rules, ranges, Sue de Coq) and [`medusa`] (3D Medusa); the
//!   Berthier never prints these, so there is no reader.
//!
//! [`nrc_text`] prints any proof: patterns of other families print in their own dialect
//! (whips in SudoRules' modern notation, force chains as GNPX lines, alternating inference
//! chains in Eureka).

pub mod basic;
pub mod catalogue;
pub mod chain;
pub mod hanson;
pub mod medusa;

pub use super::common::{
    braced, cell_with_digits, cells_by_house, cells_in_house, composite_text, conclusions,
    digit_braces, houses_in_braces,
};
use crate::shown::Shown;
use sudolink_engine::grid::State;
use sudolink_engine::proof::{on_pattern, Proof};

/// The pattern part of a proof, without the conclusion: each kind's own text
/// ([`Shown::ours`]).
pub fn pattern_text(state: &State, proof: &Proof) -> String {
    on_pattern!(&proof.pattern, x => x.ours(state, proof))
}

/// Whose notation [`nrc_text`] prints for a proof: Berthier's nrc notation where he
/// defines one (basic rules, chains), otherwise the notation of the system the pattern comes
/// from (SudoRules for whips, GNPX for force chains and nets, Hanson's for the Assistant's
/// patterns and hypotheses, Eureka for AIC, gpenet's tags for tagging, HoDoKu's for its
/// catalogue): each kind says ([`Shown::dialect`]).
pub fn text_dialect(proof: &Proof) -> &'static str {
    on_pattern!(&proof.pattern, x => x.dialect())
}

/// The whole step in nrc notation.
pub fn nrc_text(state: &State, proof: &Proof) -> String {
    format!("{} ==> {}", pattern_text(state, proof), conclusions(proof))
}
