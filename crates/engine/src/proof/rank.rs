//! Truths and links of rank 0 — Allan Barker's set logic, the proof language of his solver
//! XSudo (A. Barker, "Xsudo Logic: A How-to Guide", and the "Using Multi-Sector Locked Sets"
//! thread, forum.enjoysudoku.com, 2013) — and its checker.
//!
//! **The pattern.** A *truth* is a set of candidates of which exactly one is true; a *link*
//! a set of which at most one is true. Both are CSP variables here: a cell's candidates
//! (XSudo's N set), a digit's places in a row, column or block (R, C, B). An undecided CSP
//! variable of a state holds exactly one true candidate (the puzzle's solution gives each
//! variable one value), so it may serve as a truth; and any variable holds at most one, so
//! it may serve as a link. The *rank* is the number of links minus the number of truths.
//!
//! Barker's basic theorem, without triplets (no candidate in two truths, each truth
//! candidate in exactly one link): with n truths and n links (rank 0), the n true candidates
//! of the truths lie in n different links (a link holds at most one true candidate), so every
//! link holds one of them, and a candidate that lies in a link but in no truth is false.
//!
//! ```text
//! 16 Truths = {13N2 13N8 79N2 79N8 2N13 2N79 8N13 8N79}
//! 16 Links = {38r2 45r8 48c2 39c8 27b1 16b3 16b7 27b9}
//! ```
//!
//! is Easter Monster's SK-loop in XSudo's notation (cells `rowsNcolumns`, house-digits
//! `digitsR/C/Bhouse`, links in lower case): every 3 or 8 of row 2 outside the loop's cells,
//! every 1 or 6 of block 3 outside them, … goes.
//!
//! The searches that make these proofs name their form ([`RankForm`]): the multi-sector
//! locked set (MSLS, "multi-fish"), the SK-loop, Berthier's belts of crosses, or a rank-0
//! set found for given truths.
//!
//! **The checker** re-derives from the state: as many links as truths, all distinct, no
//! variable both; each truth undecided with open candidates, the truths disjoint; each link
//! undecided; each truth candidate in exactly one link; each elimination in a link and in no
//! truth.

use super::facts::{distinct, fail, CheckError};
use super::Proof;
use crate::grid::{Candidate, CandidateSet, CspVariable, State};
use serde::{Deserialize, Serialize};

/// Which search found the truths and links (the rule's name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RankForm {
    /// Cells of some rows × some columns as truths, a digit-in-row or digit-in-column link
    /// for each digit of each row or column (the forum's multi-sector locked set).
    Msls,
    /// The cells beside four placed digits at the corners of a rectangle across four
    /// blocks, their lines' and blocks' digits as links (Kurzhals' loop).
    SkLoop,
    /// Berthier's belt of four crosses (any centres; his name for the SK-loop).
    Belt4,
    /// Berthier's belt of six crosses in six blocks.
    Belt6,
    /// Any other rank-0 set.
    Rank0,
}

impl RankForm {
    /// The rule's name: `msls`, `sk-loop`, `belt4`, `belt6`, `rank-0`.
    pub fn name(self) -> &'static str {
        match self {
            RankForm::Msls => "msls",
            RankForm::SkLoop => "sk-loop",
            RankForm::Belt4 => "belt4",
            RankForm::Belt6 => "belt6",
            RankForm::Rank0 => "rank-0",
        }
    }
}

/// A rank-0 set of truths and links.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankPattern {
    pub form: RankForm,
    /// The truths, each exactly one true.
    pub truths: Vec<CspVariable>,
    /// The links, each at most one true: as many as truths.
    pub links: Vec<CspVariable>,
}

impl RankPattern {
    /// Rule `msls` / `sk-loop` / `rank-0`, family `truths-and-links`, length the number of
    /// truths.
    pub fn rule_name(&self) -> (String, String, usize) {
        (
            self.form.name().to_string(),
            "truths-and-links".to_string(),
            self.truths.len(),
        )
    }

    /// The open candidates of the truths on `state`.
    pub fn truth_candidates(&self, state: &State) -> CandidateSet {
        let mut out = CandidateSet::EMPTY;
        for &t in &self.truths {
            out.union_with(&state.variable_candidates(t));
        }
        out
    }

    /// The open candidates that lie in a link and in no truth: what the set eliminates.
    pub fn linked_outside(&self, state: &State) -> Vec<Candidate> {
        let truths = self.truth_candidates(state);
        let mut out = CandidateSet::EMPTY;
        for &l in &self.links {
            out.union_with(&state.variable_candidates(l));
        }
        out.subtract(&truths);
        out.iter().collect()
    }
}

/// Verify a rank-0 set and its eliminations on `state`.
pub(super) fn check(state: &State, proof: &Proof, p: &RankPattern) -> Result<(), CheckError> {
    if p.truths.is_empty() || p.truths.len() != p.links.len() {
        return fail(format!(
            "rank 0 needs as many links as truths ({} truths, {} links)",
            p.truths.len(),
            p.links.len()
        ));
    }
    if !distinct(&p.truths) || !distinct(&p.links) {
        return fail("the truths and the links are each distinct sets");
    }
    if let Some(v) = p.truths.iter().find(|t| p.links.contains(t)) {
        return fail(format!("{v} is both a truth and a link"));
    }
    let mut truths = CandidateSet::EMPTY;
    for &t in &p.truths {
        if state.variable_is_decided(t) {
            return fail(format!("the truth {t} already has its value"));
        }
        let cands = state.variable_candidates(t);
        if cands.is_empty() {
            return fail(format!("the truth {t} has no open candidate"));
        }
        if cands.intersects(&truths) {
            return fail(format!(
                "the truth {t} shares a candidate with another truth"
            ));
        }
        truths.union_with(&cands);
    }
    if let Some(l) = p.links.iter().find(|&&l| state.variable_is_decided(l)) {
        return fail(format!("the link {l} already has its value"));
    }
    for c in truths.iter() {
        let n = c.variables().iter().filter(|v| p.links.contains(v)).count();
        if n != 1 {
            return fail(format!(
                "the truth candidate {c} lies in {n} links (one needed)"
            ));
        }
    }
    for &e in &proof.eliminations {
        if truths.contains(e) {
            return fail(format!("{e} lies in a truth"));
        }
        if !e.variables().iter().any(|v| p.links.contains(v)) {
            return fail(format!("{e} lies in no link"));
        }
    }
    if !proof.assertions.is_empty() {
        return fail("a rank-0 set eliminates, it places nothing");
    }
    Ok(())
}

impl crate::proof::PatternKind for RankPattern {
    fn rule_name(&self) -> (String, String, usize) {
        RankPattern::rule_name(self)
    }

    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        let open = *out.open();
        for &t in &self.truths {
            let v: Vec<Candidate> = t
                .candidates()
                .into_iter()
                .filter(|&c| open.contains(c))
                .collect();
            out.named(v);
        }
    }
}
