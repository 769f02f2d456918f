//! The empty rectangle pattern (HoDoKu's single-digit pattern) and its checker.
//!
//! A block whose candidates of `digit` all lie in its row `row` and column `col` (the
//! box's group: whichever cell takes the digit is in that row or that column), with at
//! least one candidate on each arm off the crossing and two to five in all; each link is a
//! conjugate pair A = B of the digit across the ER's row (A in the row, the pair in A's
//! column) or column (A in the column, the pair in A's row), with A outside the block, and
//! its target T — the cell of the ER's column in B's row (or of its row in B's column),
//! outside the block — loses the digit: T would take B's digit away, A would hold it, and
//! the block would have no place left (not in the row A holds, not in the column T holds).
//!
//! The checker re-derives the block's candidates from the state, re-checks every link's
//! conjugate pair and target, and shares no code with the search.

use super::facts::{conclusion, conjugate, fail, CheckError};
use super::Proof;
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};

/// One conjugate pair of an empty rectangle and the cell it clears.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErLink {
    /// The ER's row and column (0-based) this link uses, crossing in the block (a dual
    /// empty rectangle's two links may use different ones).
    pub row: u8,
    pub col: u8,
    /// The end on the ER's row or column, outside the block.
    pub a: Cell,
    /// The other end.
    pub b: Cell,
    /// The cell that loses the digit.
    pub target: Cell,
}

/// An empty rectangle (one link) or a dual empty rectangle (two links on the same block).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmptyRectanglePattern {
    pub digit: Digit,
    /// The block, 0-based.
    pub block: u8,
    pub links: Vec<ErLink>,
}

impl EmptyRectanglePattern {
    /// `(rule, family, length)`.
    pub fn rule_name(&self) -> (String, String, usize) {
        let rule = if self.links.len() > 1 {
            "dual-empty-rectangle"
        } else {
            "empty-rectangle"
        };
        (rule.to_string(), "single-digit".to_string(), 1)
    }

    /// The block as a house.
    pub fn house(&self) -> House {
        House::Block(self.block)
    }

    /// The block's candidates of the digit on `state` (its group).
    pub fn group(&self, state: &State) -> Vec<Candidate> {
        self.house()
            .cells()
            .into_iter()
            .map(|c| Candidate::new(c, self.digit))
            .filter(|&c| state.has(c))
            .collect()
    }
}

/// Verify an empty rectangle on `state` (see the module doc).
pub(super) fn check(
    state: &State,
    proof: &Proof,
    p: &EmptyRectanglePattern,
) -> Result<(), CheckError> {
    let d = p.digit;
    if p.block > 8 {
        return fail("an empty rectangle's block is out of range");
    }
    let block = p.house();
    let places: Vec<Cell> = block
        .cells()
        .into_iter()
        .filter(|&c| state.has(Candidate::new(c, d)))
        .collect();
    if !(2..=5).contains(&places.len()) {
        return fail(format!(
            "{d} has {} places in {block}: an empty rectangle has two to five",
            places.len()
        ));
    }
    if p.links.is_empty() || p.links.len() > 2 {
        return fail("an empty rectangle has one link, a dual one two");
    }
    let mut targets = Vec::new();
    for l in &p.links {
        let (row, col) = (l.row as usize, l.col as usize);
        if row > 8 || col > 8 || !block.contains(Cell::at(row, col)) {
            return fail(format!("r{}c{} is not in {block}", row + 1, col + 1));
        }
        if let Some(off) = places.iter().find(|c| c.row() != row && c.col() != col) {
            return fail(format!(
                "{d} at {off} in {block} is off r{}c{}'s row and column",
                row + 1,
                col + 1
            ));
        }
        if !places.iter().any(|c| c.row() == row && c.col() != col)
            || !places.iter().any(|c| c.col() == col && c.row() != row)
        {
            return fail(format!(
                "{d} in {block} does not reach both arms of r{}c{}",
                row + 1,
                col + 1
            ));
        }
        let cand = |c: Cell| Candidate::new(c, d);
        if l.a.block() == p.block as usize || l.target.block() == p.block as usize {
            return fail(format!("{} or {} is inside {block}", l.a, l.target));
        }
        if !conjugate(state, cand(l.a), cand(l.b)) {
            return fail(format!("{d}{} = {d}{} is no conjugate pair", l.a, l.b));
        }
        // A on the ER's row with the pair in A's column, or on its column with the pair in
        // A's row; T where B's line crosses the ER's other line
        let target = if l.a.row() == row && l.b.col() == l.a.col() {
            Cell::at(l.b.row(), col)
        } else if l.a.col() == col && l.b.row() == l.a.row() {
            Cell::at(row, l.b.col())
        } else {
            return fail(format!(
                "{d}{} = {d}{} does not cross the empty rectangle's row or column",
                l.a, l.b
            ));
        };
        if target != l.target || target == l.b {
            return Err(conclusion(
                cand(l.target),
                "not where the conjugate pair's other end meets the empty rectangle's line",
            ));
        }
        targets.push(cand(target));
    }
    let mut concluded = proof.eliminations.clone();
    concluded.sort();
    targets.sort();
    if concluded != targets || !proof.assertions.is_empty() {
        return fail("an empty rectangle eliminates its links' targets and nothing else");
    }
    Ok(())
}

impl crate::proof::PatternKind for EmptyRectanglePattern {
    fn rule_name(&self) -> (String, String, usize) {
        EmptyRectanglePattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        out.digit_in(&[self.house()], self.digit);
        for l in &self.links {
            out.named([
                Candidate::new(l.a, self.digit),
                Candidate::new(l.b, self.digit),
            ]);
        }
    }
}
