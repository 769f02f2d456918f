//! Where one rating scheme shortens another's path (issue 76's "subsumption explained";
//! Berthier's comparisons of W and FW, [CSP-Rules]' CSP-Rules-Examples `Sudoku-b/cbg-000`):
//! the path of scheme B, and at each of its steps by a rule scheme A does not have (a
//! forcing whip, for A = W and B = FW), A's shortest proof of the same conclusion on the same
//! state, or that A has none up to the length bound. The first such step whose A proof is
//! longer than B's (or missing) is where B shortens A.
//!
//! Both proofs pass `proof::check` on the state they are found in; B's steps also against
//! the solution when it is known, as every rating's.
//!
//! **Complexity**: one rating in B, then per step of B's path by a rule outside A one
//! target search per graded technique of A, each bounded by the length and the limits.

use crate::rating::{rate_with, rules_for, RateOptions, Scheme};
use crate::resolution::{apply, verify, ResolutionError};
use std::collections::HashSet;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::{self, Proof};
use sudolink_search::{Limits, Meter, Stop, TechniqueId};
use thiserror::Error;

/// One step of B's path by a rule outside A, and A's answer for its conclusion.
#[derive(Clone, Debug)]
pub struct Compared {
    /// The step's number in B's path, from 1 (singles counted, as `solve` numbers them).
    pub number: usize,
    /// The state the step is found in.
    pub state: State,
    /// B's step.
    pub proof: Proof,
    /// The candidate A is asked to eliminate (B's elimination; for a placement none: A's
    /// whips place nothing directly).
    pub target: Option<Candidate>,
    /// A's shortest proof of it, up to the length bound (within B's length when one is
    /// there; else the shortest A's searches found up to the bound).
    pub answer: Option<Proof>,
    /// The limit that stopped A's search within B's step length, if one did (then whether
    /// B shortens A here is not known).
    pub stopped: Option<Stop>,
    /// The limit that stopped A's search beyond B's step length, if one did (then `answer`
    /// may not be A's shortest proof, or A may have one though `answer` is None).
    pub cut: Option<Stop>,
}

impl Compared {
    /// B's step is shorter than A's proof of its conclusion, or A has none up to the bound.
    pub fn shortens(&self) -> bool {
        self.target.is_some()
            && self.stopped.is_none()
            && self
                .answer
                .as_ref()
                .is_none_or(|a| a.length > self.proof.length)
    }
}

/// B's path compared with A step by step.
#[derive(Clone, Debug)]
pub struct Shortening {
    pub a: Scheme,
    pub b: Scheme,
    pub rating_a: Option<usize>,
    pub rating_b: Option<usize>,
    /// The length bound of the ratings and of A's searches.
    pub max_len: usize,
    /// Every step of B's path by a rule A does not have, in order.
    pub steps: Vec<Compared>,
}

impl Shortening {
    /// The first step where B shortens A ([`Compared::shortens`]).
    pub fn first(&self) -> Option<&Compared> {
        self.steps.iter().find(|s| s.shortens())
    }
}

/// Why a comparison of two paths failed.
#[derive(Debug, Error)]
pub enum ShorteningError {
    #[error(transparent)]
    Resolution(#[from] ResolutionError),
    #[error("{scheme}'s proof of {target} fails its check: {why}")]
    Unsound {
        scheme: Scheme,
        target: Candidate,
        why: String,
    },
}

/// Compare B's path on `start` with A (see the module doc), lengths up to `max_len`.
pub fn shortening(
    start: &State,
    (a, b): (Scheme, Scheme),
    max_len: usize,
    solution: Option<&[u8; 81]>,
    limits: Limits,
) -> Result<Shortening, ShorteningError> {
    let options = RateOptions {
        limits,
        ..RateOptions::default()
    };
    let rating_a = rate_with(start, a, max_len, solution, &options)?.rating;
    let rated_b = rate_with(start, b, max_len, solution, &options)?;
    let in_a: HashSet<TechniqueId> = rules_for(a, max_len).iter().map(|r| r.technique).collect();
    let graded_a: Vec<TechniqueId> = in_a.iter().copied().filter(|t| t.get().graded).collect();
    let mut state = start.clone();
    let mut steps = Vec::new();
    for (i, p) in rated_b.steps.iter().enumerate() {
        verify(&state, p, solution, i + 1, &p.rule)?;
        if !in_a.contains(&TechniqueId::of_proof(p)) {
            steps.push(compared(
                &state,
                (i + 1, p),
                (a, &graded_a),
                max_len,
                limits,
            )?);
        }
        apply(&mut state, p).map_err(|source| ResolutionError::Contradiction {
            step: i + 1,
            text: p.rule.clone(),
            source,
        })?;
    }
    Ok(Shortening {
        a,
        b,
        rating_a,
        rating_b: rated_b.rating,
        max_len,
        steps,
    })
}

/// A's shortest proof (among `graded`) of step `p`'s elimination on `state`, checked:
/// first within `p`'s length, then, when there is none, up to `max_len`.
fn compared(
    state: &State,
    (number, p): (usize, &Proof),
    (a, graded): (Scheme, &[TechniqueId]),
    max_len: usize,
    limits: Limits,
) -> Result<Compared, ShorteningError> {
    let target = match p.eliminations.as_slice() {
        [one] if p.assertions.is_empty() => Some(*one),
        _ => None,
    };
    let (mut answer, mut stopped, mut cut) = (None, None, None);
    if let Some(z) = target {
        let links = LinkIndex::new(state);
        // first within B's length: whether A has a proof as short decides
        (answer, stopped) = shortest_of(&links, graded, z, p.length, limits);
        if answer.is_none() && stopped.is_none() {
            // then A's shortest, to show it (a stop here only means it may not be A's
            // shortest)
            (answer, cut) = shortest_of(&links, graded, z, max_len, limits);
        }
    }
    if let (Some(q), Some(z)) = (&answer, target) {
        proof::check(state, q).map_err(|e| ShorteningError::Unsound {
            scheme: a,
            target: z,
            why: e.to_string(),
        })?;
    }
    Ok(Compared {
        number,
        state: state.clone(),
        proof: p.clone(),
        target,
        answer,
        stopped,
        cut,
    })
}

/// The shortest proof of `z`'s elimination among `graded`'s, of length ≤ `max_len` (each
/// technique searched within the best length so far), and the first limit that stopped a
/// search.
fn shortest_of(
    links: &LinkIndex,
    graded: &[TechniqueId],
    z: Candidate,
    max_len: usize,
    limits: Limits,
) -> (Option<Proof>, Option<Stop>) {
    let mut answer: Option<Proof> = None;
    let mut stopped = None;
    for t in graded {
        let bound = answer.as_ref().map_or(max_len, |q| q.length);
        let found = t.search_target(links, z, bound, &mut Meter::new(limits));
        stopped = stopped.or(found.stopped);
        if let Some(q) = found.proof {
            if answer.as_ref().is_none_or(|best| q.length < best.length) {
                answer = Some(q);
            }
        }
    }
    (answer, stopped)
}
