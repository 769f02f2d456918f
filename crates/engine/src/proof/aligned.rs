//! Aligned exclusion (Sudoku Explainer's aligned pair and triplet exclusion) and its
//! checker.
//!
//! Base cells take one combination of their candidates in the solution. A combination is
//! impossible when two base cells that see each other hold the same digit, or when an
//! *excluder* — a cell seeing every base cell — has all its candidates among the
//! combination's digits (it would be left without one). A candidate of a base cell that
//! belongs to no possible combination is false. The checker enumerates the combinations
//! again from the state.

use super::facts::{conclusion, fail, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, State};
use serde::{Deserialize, Serialize};

/// Base cells and the excluders that forbid their combinations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlignedExclusionPattern {
    pub cells: Vec<Cell>,
    pub excluders: Vec<Cell>,
}

impl AlignedExclusionPattern {
    /// `aligned-pair-exclusion` or `aligned-triplet-exclusion`, family `aligned-exclusion`,
    /// length the number of base cells.
    pub fn rule_name(&self) -> (String, String, usize) {
        let size = match self.cells.len() {
            2 => "pair",
            3 => "triplet",
            _ => "set",
        };
        (
            format!("aligned-{size}-exclusion"),
            "aligned-exclusion".to_string(),
            self.cells.len(),
        )
    }
}

fn digits_of(state: &State, cell: Cell) -> Vec<Digit> {
    Digit::all()
        .filter(|&d| state.has(Candidate::new(cell, d)))
        .collect()
}

/// Is the combination possible: no two seeing base cells alike, no excluder emptied?
fn possible(state: &State, p: &AlignedExclusionPattern, combo: &[Digit]) -> bool {
    for i in 0..combo.len() {
        for j in i + 1..combo.len() {
            if combo[i] == combo[j] && p.cells[i].sees(p.cells[j]) {
                return false;
            }
        }
    }
    !p.excluders
        .iter()
        .any(|&e| digits_of(state, e).iter().all(|d| combo.contains(d)))
}

/// Every combination of the base cells' candidates with `fixed` in its cell.
fn some_combination_possible(state: &State, p: &AlignedExclusionPattern, fixed: Candidate) -> bool {
    let choices: Vec<Vec<Digit>> = p
        .cells
        .iter()
        .map(|&c| {
            if c == fixed.cell() {
                vec![fixed.digit()]
            } else {
                digits_of(state, c)
            }
        })
        .collect();
    let mut combo = Vec::with_capacity(choices.len());
    fn walk(
        state: &State,
        p: &AlignedExclusionPattern,
        choices: &[Vec<Digit>],
        combo: &mut Vec<Digit>,
    ) -> bool {
        if combo.len() == choices.len() {
            return possible(state, p, combo);
        }
        for &d in &choices[combo.len()] {
            combo.push(d);
            let found = walk(state, p, choices, combo);
            combo.pop();
            if found {
                return true;
            }
        }
        false
    }
    walk(state, p, &choices, &mut combo)
}

/// Verify an aligned exclusion on `state`.
pub(super) fn check(
    state: &State,
    proof: &Proof,
    p: &AlignedExclusionPattern,
) -> Result<(), CheckError> {
    let all: Vec<Cell> = p.cells.iter().chain(&p.excluders).copied().collect();
    if p.cells.len() < 2 || !super::facts::distinct(&all) {
        return fail("an aligned exclusion has two or more base cells and distinct excluders");
    }
    for &c in &all {
        if state.value(c).is_some() || digits_of(state, c).is_empty() {
            return fail(format!("{c} is not an open cell"));
        }
    }
    for &e in &p.excluders {
        if let Some(b) = p.cells.iter().find(|&&b| !e.sees(b)) {
            return fail(format!("excluder {e} does not see {b}"));
        }
    }
    if proof.eliminations.is_empty() || !proof.assertions.is_empty() {
        return fail("an aligned exclusion eliminates, and eliminates something");
    }
    for &t in &proof.eliminations {
        if !p.cells.contains(&t.cell()) {
            return Err(conclusion(t, "not a candidate of a base cell"));
        }
        if some_combination_possible(state, p, t) {
            return Err(conclusion(t, "a combination holding it is possible"));
        }
    }
    Ok(())
}

impl crate::proof::PatternKind for AlignedExclusionPattern {
    fn rule_name(&self) -> (String, String, usize) {
        AlignedExclusionPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        let cells: Vec<Cell> = self.cells.iter().chain(&self.excluders).copied().collect();
        out.spanned(&cells, None);
    }
}
