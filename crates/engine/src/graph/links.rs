//! [`LinkIndex`]: the compact view of a state's links that searches read — for each open
//! candidate, its nrc-linked open candidates (a 729-bit set) and, for each CSP variable, its
//! open candidates. The materialised graph ([`super::CandidateGraph`]) is built from this
//! same index, so graph and searches agree by construction.

use crate::grid::{tables, Candidate, CandidateSet, Cell, CspVariable, State};

/// The links of one state, precomputed for the searches.
#[derive(Clone)]
pub struct LinkIndex {
    open: CandidateSet,
    linked: Vec<CandidateSet>,
    variable_open: Vec<CandidateSet>,
    decided: Vec<bool>,
    /// The placed digits (0: none), for the searches that read placements (templates).
    values: [u8; 81],
    /// The givens, bit per cell (the uniqueness rules tell them from placed digits).
    givens: u128,
}

impl LinkIndex {
    /// Build the index of `state`. **Complexity**: O(729 + 324) set operations of 12 words.
    pub fn new(state: &State) -> LinkIndex {
        let open = *state.candidates();
        let mut linked = vec![CandidateSet::EMPTY; 729];
        for c in open.iter() {
            linked[c.index()] = tables::nrc_linked(c).intersection(&open);
        }
        // each open candidate into its four variables (one pass over the open candidates)
        let mut variable_open = vec![CandidateSet::EMPTY; 324];
        for c in open.iter() {
            for v in c.variables() {
                variable_open[v.index()].insert(c);
            }
        }
        let decided = decided_variables(state);
        LinkIndex {
            open,
            linked,
            variable_open,
            decided,
            values: *state.values(),
            givens: state.givens_mask(),
        }
    }
    /// The digit placed in `cell`, if any.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<crate::grid::Digit> {
        crate::grid::Digit::new(self.values[cell.index()])
    }
    /// The state this index was built from: its placed digits, givens and open
    /// candidates (`None` if they contradict each other, which an index built from a
    /// [`State`] never does).
    pub fn state(&self) -> Option<State> {
        State::from_parts(&self.values, self.givens, &self.open).ok()
    }
    /// Whether `cell` holds a given (not a digit placed since).
    #[inline]
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens >> cell.index() & 1 == 1
    }
    /// The open candidates.
    #[inline]
    pub fn open(&self) -> &CandidateSet {
        &self.open
    }
    /// The open digits of each cell as a 9-bit mask (bit d-1; 0 for a placed cell).
    pub fn cell_masks(&self) -> [u16; 81] {
        self.open.cell_masks()
    }
    /// The open candidates nrc-linked to `c` (empty if `c` is not open).
    #[inline]
    pub fn linked(&self, c: Candidate) -> &CandidateSet {
        &self.linked[c.index()]
    }
    #[inline]
    pub fn is_linked(&self, a: Candidate, b: Candidate) -> bool {
        self.linked[a.index()].contains(b)
    }
    /// The open candidates of a CSP variable.
    #[inline]
    pub fn variable(&self, v: CspVariable) -> &CandidateSet {
        &self.variable_open[v.index()]
    }
    /// True when the variable already has its value in the state.
    #[inline]
    pub fn is_decided(&self, v: CspVariable) -> bool {
        self.decided[v.index()]
    }
    /// Whether each CSP variable is decided, by variable index.
    #[inline]
    pub fn decided_flags(&self) -> &[bool] {
        &self.decided
    }
    /// The nrc-conjugate of `c` through variable `v`: the other candidate when `v` has exactly
    /// two open candidates, one of them `c`.
    pub fn conjugate_in(&self, c: Candidate, v: CspVariable) -> Option<Candidate> {
        let set = self.variable(v);
        if set.len() == 2 && set.contains(c) {
            set.iter().find(|&x| x != c)
        } else {
            None
        }
    }
    /// True when `c` is linked to some member of `s`.
    #[inline]
    pub fn linked_to_any(&self, c: Candidate, s: &CandidateSet) -> bool {
        self.linked[c.index()].intersects(s)
    }
}

/// Whether each CSP variable (by index) has its value in `state`: a cell's value decides
/// its rc-variable and the rn-, cn- and bn-variables of its digit in its houses (the same
/// as [`State::variable_is_decided`] for every variable, in one pass over the cells).
fn decided_variables(state: &State) -> Vec<bool> {
    let mut decided = vec![false; 324];
    for (i, &value) in state.values().iter().enumerate() {
        if value == 0 {
            continue;
        }
        let cell = Cell::new(i);
        let d = value as usize - 1;
        decided[i] = true;
        decided[81 + cell.row() * 9 + d] = true;
        decided[162 + cell.col() * 9 + d] = true;
        decided[243 + cell.block() * 9 + d] = true;
    }
    decided
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::format::parse_line;

    #[test]
    fn decided_variables_are_the_states_own_answer_for_every_variable() {
        let ocean1 = parse_line(
            "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
            1,
        )
        .unwrap();
        let state = ocean1.start_state().unwrap();
        let decided = decided_variables(&state);
        for v in CspVariable::all() {
            assert_eq!(decided[v.index()], state.variable_is_decided(v), "{v}");
        }
        assert_eq!(decided.iter().filter(|&&d| d).count(), 4 * 20);
    }
}
