//! [`State`]: a grid state — placed digits (givens marked) and the 729-bit set of the
//! candidates still open. Placing a digit removes its cell's other candidates and the digit
//! from the cell's peers (the direct eliminations), so a state is always consistent with its
//! placements. Contradictions (a cell or a house-digit with no candidate left, a digit placed
//! twice in a house) are reported as [`Contradiction`].

use super::candidate_set::CandidateSet;
use super::tables;
use super::types::{Candidate, Cell, CspVariable, Digit, House};
use thiserror::Error;

/// A state in which the rules of Sudoku cannot all hold.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Contradiction {
    #[error("cell {0} has no candidate left")]
    EmptyCell(Cell),
    #[error("digit {1} has no place left in {0}")]
    NoPlaceForDigit(House, Digit),
    #[error("digit {1} is placed twice in {0}")]
    DuplicateDigit(House, Digit),
    #[error("{0} is not a candidate of this state")]
    NotACandidate(Candidate),
    #[error("cell {0} already holds a digit")]
    CellAlreadyPlaced(Cell),
}

/// A grid state: placed digits and the open candidates of the empty cells.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct State {
    values: [u8; 81],
    givens: u128,
    candidates: CandidateSet,
}

impl Default for State {
    fn default() -> Self {
        State::empty()
    }
}

impl State {
    /// The empty grid: every candidate open.
    pub fn empty() -> State {
        State {
            values: [0; 81],
            givens: 0,
            candidates: CandidateSet::full(),
        }
    }

    /// A puzzle's start state: each given placed, with its direct eliminations.
    /// `values[i]` is 0 for an empty cell, else the digit 1..=9.
    pub fn from_givens(values: &[u8; 81]) -> Result<State, Contradiction> {
        let mut s = State::empty();
        s.check_no_duplicates_in(values)?;
        for cell in Cell::all() {
            if let Some(d) = Digit::new(values[cell.index()]) {
                s.place(Candidate::new(cell, d))?;
                s.givens |= 1 << cell.index();
            }
        }
        s.check_consistency()?;
        Ok(s)
    }

    /// A state from placed digits (some of them givens) and an explicit candidate set for the
    /// empty cells. Candidates of placed cells and candidates that a placed peer rules out are
    /// dropped (direct eliminations). Checks the result for contradictions.
    pub fn from_parts(
        values: &[u8; 81],
        givens: u128,
        open: &CandidateSet,
    ) -> Result<State, Contradiction> {
        let mut s = State {
            values: [0; 81],
            givens: 0,
            candidates: *open,
        };
        s.check_no_duplicates_in(values)?;
        for cell in Cell::all() {
            if let Some(d) = Digit::new(values[cell.index()]) {
                s.values[cell.index()] = d.get();
                s.clear_cell_and_peers(Candidate::new(cell, d));
            }
        }
        s.givens = givens & s.placed_mask();
        s.check_consistency()?;
        Ok(s)
    }

    fn check_no_duplicates_in(&self, values: &[u8; 81]) -> Result<(), Contradiction> {
        for h in House::all() {
            let mut seen = 0u16;
            for c in h.cells() {
                let v = values[c.index()];
                if v != 0 {
                    if seen >> v & 1 == 1 {
                        return Err(Contradiction::DuplicateDigit(h, Digit::new(v).unwrap()));
                    }
                    seen |= 1 << v;
                }
            }
        }
        Ok(())
    }

    /// The placed cells as an 81-bit mask.
    pub fn placed_mask(&self) -> u128 {
        Cell::all()
            .filter(|c| self.values[c.index()] != 0)
            .fold(0, |m, c| m | 1 << c.index())
    }

    fn clear_cell_and_peers(&mut self, c: Candidate) {
        let cell = c.cell();
        for d in Digit::all() {
            self.candidates.remove(Candidate::new(cell, d));
        }
        for &p in tables::peers(cell) {
            self.candidates.remove(Candidate::new(p, c.digit()));
        }
    }

    /// The digit placed in `cell`, if any.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }
    /// All 81 values, 0 for empty.
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens >> cell.index() & 1 == 1
    }
    /// Givens as an 81-bit mask.
    pub fn givens_mask(&self) -> u128 {
        self.givens
    }
    /// The givens alone, as a values array.
    pub fn given_values(&self) -> [u8; 81] {
        let mut out = [0; 81];
        for c in Cell::all().filter(|&c| self.is_given(c)) {
            out[c.index()] = self.values[c.index()];
        }
        out
    }
    /// The open candidates (never includes placed cells).
    #[inline]
    pub fn candidates(&self) -> &CandidateSet {
        &self.candidates
    }
    #[inline]
    pub fn has(&self, c: Candidate) -> bool {
        self.candidates.contains(c)
    }
    /// The open digits of a cell as a 9-bit mask (bit d-1).
    pub fn cell_mask(&self, cell: Cell) -> u16 {
        let mut m = 0;
        for d in Digit::all() {
            if self.has(Candidate::new(cell, d)) {
                m |= 1 << d.index();
            }
        }
        m
    }
    /// Every cell's open digits as 9-bit masks (0 for a placed cell).
    pub fn cell_masks(&self) -> [u16; 81] {
        self.candidates.cell_masks()
    }
    /// The open candidates of one CSP variable.
    #[inline]
    pub fn variable_candidates(&self, v: CspVariable) -> CandidateSet {
        self.candidates.intersection(tables::variable_set(v))
    }
    /// True when the variable already has its value (a placed digit in that cell / house).
    pub fn variable_is_decided(&self, v: CspVariable) -> bool {
        match v {
            CspVariable::Rc(c) => self.values[c.index()] != 0,
            CspVariable::Rn(r, d) => self.house_has(House::Row(r), d),
            CspVariable::Cn(c, d) => self.house_has(House::Column(c), d),
            CspVariable::Bn(b, d) => self.house_has(House::Block(b), d),
        }
    }
    /// True when `d` is placed somewhere in `h`.
    pub fn house_has(&self, h: House, d: Digit) -> bool {
        h.cells().iter().any(|c| self.values[c.index()] == d.get())
    }
    pub fn placed_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }
    pub fn is_solved(&self) -> bool {
        self.placed_count() == 81
    }

    /// Place a candidate's digit in its cell, with the direct eliminations.
    pub fn place(&mut self, c: Candidate) -> Result<(), Contradiction> {
        let cell = c.cell();
        if self.values[cell.index()] != 0 {
            return Err(Contradiction::CellAlreadyPlaced(cell));
        }
        if !self.has(c) {
            return Err(Contradiction::NotACandidate(c));
        }
        self.values[cell.index()] = c.digit().get();
        self.clear_cell_and_peers(c);
        Ok(())
    }

    /// Remove one candidate. Returns the contradiction it creates, if any (the candidate is
    /// removed either way).
    pub fn eliminate(&mut self, c: Candidate) -> Result<(), Contradiction> {
        if !self.candidates.remove(c) {
            return Err(Contradiction::NotACandidate(c));
        }
        for v in c.variables() {
            if !self.variable_is_decided(v) && self.variable_candidates(v).is_empty() {
                return Err(self.contradiction_of(v));
            }
        }
        Ok(())
    }

    fn contradiction_of(&self, v: CspVariable) -> Contradiction {
        match v {
            CspVariable::Rc(c) => Contradiction::EmptyCell(c),
            CspVariable::Rn(r, d) => Contradiction::NoPlaceForDigit(House::Row(r), d),
            CspVariable::Cn(c, d) => Contradiction::NoPlaceForDigit(House::Column(c), d),
            CspVariable::Bn(b, d) => Contradiction::NoPlaceForDigit(House::Block(b), d),
        }
    }

    /// Every undecided CSP variable has a candidate, and no digit is placed twice in a house.
    pub fn check_consistency(&self) -> Result<(), Contradiction> {
        self.check_no_duplicates_in(&self.values)?;
        for v in CspVariable::all() {
            if !self.variable_is_decided(v) && self.variable_candidates(v).is_empty() {
                return Err(self.contradiction_of(v));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_removes_peers() {
        let mut s = State::empty();
        let c = Candidate::new(Cell::at(0, 0), Digit::new(5).unwrap());
        s.place(c).unwrap();
        assert_eq!(s.value(Cell::at(0, 0)), Digit::new(5));
        assert!(!s.has(Candidate::new(Cell::at(0, 8), Digit::new(5).unwrap())));
        assert!(!s.has(Candidate::new(Cell::at(2, 2), Digit::new(5).unwrap())));
        assert!(s.has(Candidate::new(Cell::at(4, 4), Digit::new(5).unwrap())));
        assert_eq!(s.candidates().len(), 729 - 9 - 20);
    }

    #[test]
    fn eliminating_last_candidate_is_a_contradiction() {
        let mut s = State::empty();
        let cell = Cell::at(4, 4);
        for n in 1..9 {
            s.eliminate(Candidate::new(cell, Digit::new(n).unwrap()))
                .unwrap();
        }
        let err = s.eliminate(Candidate::new(cell, Digit::new(9).unwrap()));
        assert!(matches!(
            err,
            Err(Contradiction::EmptyCell(_)) | Err(Contradiction::NoPlaceForDigit(..))
        ));
    }

    #[test]
    fn duplicate_givens_are_reported() {
        let mut v = [0u8; 81];
        v[0] = 3;
        v[5] = 3;
        assert_eq!(
            State::from_givens(&v),
            Err(Contradiction::DuplicateDigit(
                House::Row(0),
                Digit::new(3).unwrap()
            ))
        );
    }
}
