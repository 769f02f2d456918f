//! Whether a braid of length ≤ p eliminates a target, for B_p inside T&E contexts: a
//! breadth-first search over the *sets* of right-linking candidates.
//!
//! A partial braid on Z is determined by its set R of right-linking candidates: a CSP
//! variable V extends it when exactly one of V's open candidates is linked neither to Z
//! nor to any member of R (that one joins R; V's others are its left-linking choices, all
//! linked to Z or an earlier R as braids ask), and the braid is complete when some
//! undecided variable holding no member of R has every open candidate so linked: its
//! length is |R| + 1 (`proof::whip` has the conditions; SudoRules keeps one partial braid
//! per set of R's too). Level k holds the distinct sets of size k, deduplicated (the set and the
//! candidates it reaches); the first level with a complete braid gives the shortest
//! length. `search::whips` builds the braids printed in proofs; this search only answers
//! "is there one of length ≤ p", for many targets of many contexts, without tables to set
//! up.
//!
//! **Complexity**: per level, for each distinct set, a scan of the 324 variables (12-word
//! set operations); the number of sets at level k is bounded by the number of distinct
//! reachable k-sets, and every set counts against the node budget given.

use crate::limits::Limits;
use std::collections::HashSet;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable};

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BraidAnswer {
    /// The shortest braid's length.
    Length(usize),
    /// None up to the length asked.
    NoneUpTo,
    /// The node budget was spent first.
    OverBudget,
    /// The job's deadline passed, or it was cancelled, first ([`Quota::clock`]).
    Interrupted,
}

/// Partial braids kept between two readings of the clock ([`Quota::charge`]).
pub const CLOCK_EVERY: u64 = 1024;

/// What one braid search may spend: partial braids, and time (the job's deadline and cancel
/// flag, read every [`CLOCK_EVERY`] partial braids, so that a long search stops within
/// moments of the deadline rather than at its node budget).
#[derive(Clone, Copy, Debug)]
pub struct Quota {
    /// Partial braids kept, at most.
    pub nodes: u64,
    /// The job's limits whose deadline and cancel flag the search reads.
    pub clock: Limits,
}

impl Quota {
    /// `nodes` partial braids, no clock.
    pub fn nodes(nodes: u64) -> Quota {
        Quota {
            nodes,
            clock: Limits::unlimited(),
        }
    }

    /// Counts one partial braid kept: the answer to stop with when the quota is spent.
    #[inline(always)]
    pub fn charge(&self, spent: &mut u64) -> Option<BraidAnswer> {
        *spent += 1;
        if *spent > self.nodes {
            return Some(BraidAnswer::OverBudget);
        }
        if (*spent).is_multiple_of(CLOCK_EVERY) && self.clock.past_deadline() {
            return Some(BraidAnswer::Interrupted);
        }
        None
    }
}

#[derive(Clone)]
struct Partial {
    /// Candidates linked to Z or to a member of R, with Z.
    linked: CandidateSet,
    /// Z and the members of R.
    rights: CandidateSet,
}

/// The shortest braid on `z` of length ≤ `max_len` in the state of `links`, within
/// `quota` (each set kept counts one; `spent` is increased by them).
pub fn shortest_braid(
    links: &LinkIndex,
    z: Candidate,
    max_len: usize,
    quota: Quota,
    spent: &mut u64,
) -> BraidAnswer {
    if !links.open().contains(z) {
        return BraidAnswer::NoneUpTo;
    }
    let variables: Vec<(CspVariable, CandidateSet)> = CspVariable::all()
        .filter(|&v| !links.is_decided(v))
        .map(|v| (v, *links.variable(v)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    let mut start = Partial {
        linked: *links.linked(z),
        rights: CandidateSet::EMPTY,
    };
    start.linked.insert(z);
    start.rights.insert(z);
    let mut level = vec![start];
    let mut seen: HashSet<(CandidateSet, CandidateSet)> = HashSet::new();
    for len in 1..=max_len {
        let mut next = Vec::new();
        for p in &level {
            for (_, open) in &variables {
                if open.intersects(&p.rights) {
                    continue;
                }
                let free = open.difference(&p.linked);
                let mut it = free.iter();
                match (it.next(), it.next()) {
                    (None, _) => return BraidAnswer::Length(len),
                    (Some(r), None) if len < max_len => {
                        let mut q = p.clone();
                        q.linked.union_with(links.linked(r));
                        q.linked.insert(r);
                        q.rights.insert(r);
                        if seen.insert((q.linked, q.rights)) {
                            if let Some(stop) = quota.charge(spent) {
                                return stop;
                            }
                            next.push(q);
                        }
                    }
                    _ => {}
                }
            }
        }
        if next.is_empty() {
            return BraidAnswer::NoneUpTo;
        }
        level = next;
    }
    BraidAnswer::NoneUpTo
}
