//! The oddagon `O[n]` as CSP-Rules 2.1 defines it ([CSP-Rules],
//! `CSP-Rules-Generic/CHAIN-RULES-COMMON/ODDAGONS/Oddagons[n].clp`), and its checker.
//!
//! **The pattern.** An odd number n of candidates c1 … cn and n different CSP variables
//! V1 … Vn (cells rc, rows rn, columns cn, blocks bn), Vi holding ci and c(i+1) (cn and c1
//! for Vn). The other open candidates of the Vi are the *guardians* (CSP-Rules'
//! z-candidates). If every guardian were false, each Vi would take ci or c(i+1), exactly
//! one of them (a variable takes one value): the truth values would alternate around a
//! loop of odd length, which is impossible. So the guardians are not all false (an OR-k
//! relation), and a candidate nrc-linked to every guardian is false. The single-digit
//! oddagon (a digit's odd loop of cells, each two consecutive cells in a house) is the case
//! where every Vi is an rn, cn or bn variable of that digit; CSP-Rules' definition also
//! lets the loop pass through cells (rc) from one digit to another.
//!
//! SudoRules prints one elimination per oddagon (or, with "blocked" oddagons, every target
//! linked to all z-candidates); a proof here holds every candidate linked to all guardians.
//!
//! **The checker** re-derives from the state: the loop (odd, candidates open and distinct,
//! variables distinct, undecided, each holding its two candidates), the guardians (exactly
//! the variables' other open candidates) and that each elimination is linked to all of them.

use super::facts::{distinct, fail, CheckError};
use super::tridagon::check_linked_to_all;
use super::Proof;
use crate::grid::{Candidate, CspVariable, State};
use serde::{Deserialize, Serialize};

/// The longest oddagon CSP-Rules defines (`Oddagons[35].clp`).
pub const MAX_ODDAGON_LENGTH: usize = 35;

/// An oddagon: its candidates in loop order, the variable joining each to the next, the
/// guardians.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OddagonPattern {
    /// c1 … cn.
    pub candidates: Vec<Candidate>,
    /// V1 … Vn: Vi holds ci and c(i+1), Vn holds cn and c1.
    pub variables: Vec<CspVariable>,
    /// The open candidates of the Vi other than ci and c(i+1), ascending.
    pub guardians: Vec<Candidate>,
}

impl OddagonPattern {
    /// `oddagon`, family `oddagon`, length n.
    pub fn rule_name(&self) -> (String, String, usize) {
        (
            "oddagon".to_string(),
            "oddagon".to_string(),
            self.candidates.len(),
        )
    }

    /// The two candidates variable i joins.
    pub fn pair(&self, i: usize) -> (Candidate, Candidate) {
        let n = self.candidates.len();
        (self.candidates[i], self.candidates[(i + 1) % n])
    }
}

/// The guardians of a loop on `state`: each variable's open candidates but its two.
pub fn guardians_of(state: &State, p: &OddagonPattern) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (i, &v) in p.variables.iter().enumerate() {
        let (a, b) = p.pair(i);
        out.extend(
            state
                .variable_candidates(v)
                .iter()
                .filter(|&c| c != a && c != b),
        );
    }
    out.sort();
    out.dedup();
    out
}

/// Verify an oddagon and its eliminations on `state`.
pub(super) fn check(state: &State, proof: &Proof, p: &OddagonPattern) -> Result<(), CheckError> {
    let n = p.candidates.len();
    if n < 3 || n.is_multiple_of(2) || n > MAX_ODDAGON_LENGTH || p.variables.len() != n {
        return fail("an oddagon has an odd number (3 to 35) of candidates and as many variables");
    }
    if !distinct(&p.candidates) || !distinct(&p.variables) {
        return fail("an oddagon's candidates and variables are distinct");
    }
    if let Some(c) = p.candidates.iter().find(|&&c| !state.has(c)) {
        return fail(format!("{c} is not an open candidate"));
    }
    for (i, &v) in p.variables.iter().enumerate() {
        let (a, b) = p.pair(i);
        if !a.variables().contains(&v) || !b.variables().contains(&v) {
            return fail(format!("{v} does not hold {a} and {b}"));
        }
        if state.variable_is_decided(v) {
            return fail(format!("{v} already has its value"));
        }
    }
    let guardians = guardians_of(state, p);
    if guardians != p.guardians {
        return fail(format!(
            "the guardians are the variables' other open candidates: {}",
            guardians
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    if guardians.is_empty() {
        return fail("an oddagon without guardians: the state is contradictory");
    }
    check_linked_to_all(proof, &p.guardians)
}

impl crate::proof::PatternKind for OddagonPattern {
    fn rule_name(&self) -> (String, String, usize) {
        OddagonPattern::rule_name(self)
    }

    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.named(self.candidates.iter().copied());
        out.named(self.guardians.iter().copied());
    }
}
