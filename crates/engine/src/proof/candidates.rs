//! The candidates a pattern is made of, each once in order of appearance: what the store
//! keeps as a proof's `pattern` items and what a diagram marks for a pattern it draws as
//! marks only. Each kind says which in its own module ([`PatternKind::collect_candidates`]).
//!
//! A pattern given by cells or houses (a subset, a fish, an ALS, a rectangle) is made of the
//! open candidates it spans in the state; a chain, a whip, a net or a colouring is made of
//! the candidates it names. A proof's conclusions are its own items (assertions and
//! eliminations), not the pattern's, unless the pattern names them as links.

use super::{on_pattern, Pattern, PatternKind};
use crate::grid::{Candidate, CandidateSet, Cell, Digit, House};

/// The candidates of `pattern` on a state whose open candidates are `open`.
pub fn pattern_candidates(pattern: &Pattern, open: &CandidateSet) -> Vec<Candidate> {
    let mut out = Collected::new(open);
    on_pattern!(pattern, x => x.collect_candidates(&mut out));
    out.list
}

/// Candidates gathered once each, in order: what [`PatternKind::collect_candidates`] fills.
pub struct Collected<'a> {
    open: &'a CandidateSet,
    seen: CandidateSet,
    list: Vec<Candidate>,
}

impl<'a> Collected<'a> {
    /// The state's open candidates.
    pub(crate) fn open(&self) -> &CandidateSet {
        self.open
    }

    pub(crate) fn new(open: &'a CandidateSet) -> Collected<'a> {
        Collected {
            open,
            seen: CandidateSet::EMPTY,
            list: Vec::new(),
        }
    }

    /// Named candidates (kept whether open or not: a chain names what it uses).
    pub(crate) fn named(&mut self, candidates: impl IntoIterator<Item = Candidate>) {
        for c in candidates {
            if self.seen.insert(c) {
                self.list.push(c);
            }
        }
    }

    /// The open candidates of `digits` (every digit when `None`) in `cells`, cell by cell.
    pub(crate) fn spanned(&mut self, cells: &[Cell], digits: Option<&[Digit]>) {
        let all: Vec<Digit> = Digit::all().collect();
        let digits = digits.unwrap_or(&all);
        for &cell in cells {
            for &d in digits {
                let c = Candidate::new(cell, d);
                if self.open.contains(c) && self.seen.insert(c) {
                    self.list.push(c);
                }
            }
        }
    }

    /// The open candidates of `digit` in `houses`.
    pub(crate) fn digit_in(&mut self, houses: &[House], digit: Digit) {
        for h in houses {
            self.spanned(&h.cells(), Some(&[digit]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::format::parse_line;

    const OCEAN_1: &str =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

    #[test]
    fn a_naked_pair_is_its_open_candidates_cell_by_cell() {
        let state = parse_line(OCEAN_1, 1).unwrap().start_state().unwrap();
        let r1c1 = Cell::at(0, 0);
        let r1c2 = Cell::at(0, 1);
        let digits: Vec<Digit> = Digit::all()
            .filter(|&d| state.has(Candidate::new(r1c1, d)))
            .take(2)
            .collect();
        let pattern = Pattern::NakedSubset {
            house: House::Row(0),
            cells: vec![r1c1, r1c2],
            digits: digits.clone(),
        };
        let expected: Vec<Candidate> = [r1c1, r1c2]
            .iter()
            .flat_map(|&c| digits.iter().map(move |&d| Candidate::new(c, d)))
            .filter(|&c| state.has(c))
            .collect();
        assert_eq!(pattern_candidates(&pattern, state.candidates()), expected);
    }
}
