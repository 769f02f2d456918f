//! [`LinkIndex`]: the compact view of a state's links that searches read — for each open
//! candidate, its nrc-linked open candidates (a 729-bit set) and, for each CSP variable, its
//! open candidates. The materialised graph ([`super::CandidateGraph`]) is built from this
//! same index, so graph and searches agree by construction.

use crate::grid::{tables, Candidate, CandidateSet, CspVariable, State};

/// The links of one state, precomputed for the searches.
#[derive(Clone)]
pub struct LinkIndex {
    open: CandidateSet,
    linked: Vec<CandidateSet>,
    variable_open: Vec<CandidateSet>,
    decided: Vec<bool>,
}

impl LinkIndex {
    /// Build the index of `state`. **Complexity**: O(729 + 324) set operations of 12 words.
    pub fn new(state: &State) -> LinkIndex {
        let open = *state.candidates();
        let mut linked = vec![CandidateSet::EMPTY; 729];
        for c in open.iter() {
            linked[c.index()] = tables::nrc_linked(c).intersection(&open);
        }
        let variable_open = CspVariable::all()
            .map(|v| tables::variable_set(v).intersection(&open))
            .collect();
        let decided = CspVariable::all()
            .map(|v| state.variable_is_decided(v))
            .collect();
        LinkIndex {
            open,
            linked,
            variable_open,
            decided,
        }
    }
    /// The open candidates.
    #[inline]
    pub fn open(&self) -> &CandidateSet {
        &self.open
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
