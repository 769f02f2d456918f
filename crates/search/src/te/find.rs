//! The T&E eliminations of one state, each with its proof: what the registry's trial
//! techniques (`te`, `bxb`, `bxbb`) find, and what `study::te` lists.
//!
//! A trial technique at length n is one pass of one theory over the state:
//! - `te[n]`: T&E(BRT, n) — a candidate is eliminated when assuming it and applying
//!   T&E(BRT, n − 1) (BRT itself for n = 1) ends in a contradiction;
//! - `bxb[p]`: T&E(B_p, 1) — the same with BRT + braids of length ≤ p inside the trial;
//! - `bxbb[p]`: T&E(B_p, 2).
//!
//! Berthier's definitions (*Constraint Resolution Theories*, 2011; `Sudoku-classif`'s
//! README) are in the parent module. A pass makes no elimination between its trials, so
//! each proof is valid on the state given; the resolution path applies them and asks again.

use super::{build, Engine, EngineError, Theory};
use crate::limits::{Meter, Stop};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, State};
use sudolink_engine::proof::Proof;
use sudolink_engine::solver::count_solutions;

/// The trial techniques, by the theory their length parametrises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrialKind {
    /// T&E(BRT, n): the length is the depth n.
    Te,
    /// T&E(B_p, 1): the length is the braid length p (BxB's theory).
    BxB,
    /// T&E(B_p, 2): the length is the braid length p (BxBB's theory).
    BxBB,
}

impl TrialKind {
    /// The theory of this kind at `length`.
    pub const fn theory(self, length: usize) -> Theory {
        match self {
            TrialKind::Te => Theory::te(length),
            TrialKind::BxB => Theory {
                depth: 1,
                braids: length,
            },
            TrialKind::BxBB => Theory {
                depth: 2,
                braids: length,
            },
        }
    }
}

/// What one pass found.
#[derive(Clone, Debug, Default)]
pub struct Eliminations {
    /// One proof per elimination, each valid on the state given.
    pub proofs: Vec<Proof>,
    /// The limit that stopped the pass, if any (the proofs found are still valid).
    pub stopped: Option<Stop>,
}

/// The eliminations `theory`'s trials make on `state`, at most `max`, of the candidates of
/// `targets` (all when `None`), each with its proof.
///
/// `solution`, when given, must be the state's unique solution: its candidates are not
/// tried (no sound trial refutes them), which only saves work.
///
/// **Errors**: BRT finds a contradiction in `state`.
/// **Complexity**: a T&E(n) trial is up to (open candidates)^(n−1) propagations; see the
/// parent module.
pub fn eliminations(
    state: &State,
    solution: Option<&[u8; 81]>,
    theory: Theory,
    targets: Option<&CandidateSet>,
    max: usize,
    meter: &mut Meter,
) -> Result<Eliminations, EngineError> {
    let mut engine = Engine::new(state, solution, meter)?;
    let mut found = Eliminations::default();
    let candidates: Vec<Candidate> = state
        .candidates()
        .iter()
        .filter(|&z| targets.is_none_or(|t| t.contains(z)))
        .collect();
    for z in candidates {
        if found.proofs.len() >= max {
            break;
        }
        if solution.is_some_and(|s| s[z.cell().index()] == z.digit().get()) {
            continue;
        }
        // a candidate BRT already removed from the state is refuted at once
        let refuted = if engine.grid().has(z) {
            engine.refutes(z, theory)
        } else {
            Ok(true)
        };
        let proof = refuted.and_then(|r| {
            if r {
                build::trial_proof(&mut engine, state, z, theory.depth, theory.braids)
            } else {
                Ok(None)
            }
        });
        match proof {
            Ok(Some(t)) => found.proofs.push(t.into_proof()),
            Ok(None) => {}
            Err(stop) => {
                found.stopped = Some(stop);
                break;
            }
        }
    }
    Ok(found)
}

/// The candidates `theory` eliminates from `state` when applied to its fixpoint (one
/// engine, eliminations applied at once: the T&E classification's own run), and the limit
/// that stopped it, if any (then none is given).
///
/// A resolution path asks this once and then builds each elimination's proof when it
/// applies it, on its own state: T&E theories are monotone (a candidate refuted in a
/// state stays refuted in every state with fewer candidates), so most of them are
/// refuted there too; one that is not (its refutation needed an elimination the path
/// has not made) is simply not proved.
///
/// **Errors**: BRT (or the theory) finds a contradiction in `state`.
pub fn refuted(
    state: &State,
    solution: Option<&[u8; 81]>,
    theory: Theory,
    meter: &mut Meter,
) -> Result<(CandidateSet, Option<Stop>), EngineError> {
    let mut engine = Engine::new(state, solution, meter)?;
    // T&E(B_q, n) ⊆ T&E(B_p, n) for q ≤ p, so their fixpoint is reached through theirs
    // first, as the classification does (the cheaper theories shrink the state in which
    // the braid searches run; the fixpoint is the same by confluence)
    for braids in 0..=theory.braids {
        match engine.apply(Theory {
            depth: theory.depth,
            braids,
        }) {
            Err(stop) => return Ok((CandidateSet::EMPTY, Some(stop))),
            Ok(false) => return Err(EngineError::Contradictory),
            Ok(true) if engine.is_solved() => break,
            Ok(true) => {}
        }
    }
    let after = engine.grid();
    let gone = state.candidates().iter().filter(|&z| !after.has(z));
    Ok((CandidateSet::from_candidates(gone), None))
}

/// A state and its unique solution (`None` when it has several), or `None` when the state
/// of `links` has no solution.
fn state_and_solution(links: &LinkIndex) -> Option<(State, Option<[u8; 81]>)> {
    let state = links.state()?;
    let solved = count_solutions(&state, 2);
    if solved.count == 0 {
        return None;
    }
    let solution = (solved.count == 1).then_some(solved.solution).flatten();
    Some((state, solution))
}

/// [`refuted`] on the state of `links`; `Err(stop)` when a limit stopped the pass.
pub fn refuted_in(
    links: &LinkIndex,
    kind: TrialKind,
    length: usize,
    meter: &mut Meter,
) -> Result<CandidateSet, Stop> {
    let Some((state, solution)) = state_and_solution(links) else {
        return Ok(CandidateSet::EMPTY);
    };
    match refuted(&state, solution.as_ref(), kind.theory(length), meter) {
        Err(EngineError::Contradictory) => Ok(CandidateSet::EMPTY),
        Ok((_, Some(stop))) => Err(stop),
        Ok((set, None)) => Ok(set),
    }
}

/// [`eliminations`] on the state of `links` (the registry's question): the state's unique
/// solution, when it has one, spares the solution's candidates. A state with no solution
/// gives no elimination here (the basic rules and the checks say why).
///
/// `Err(stop)` when a limit stopped the pass before it found anything.
pub fn find(
    links: &LinkIndex,
    kind: TrialKind,
    length: usize,
    targets: Option<&CandidateSet>,
    max: usize,
    meter: &mut Meter,
) -> Result<Vec<Proof>, Stop> {
    let Some((state, solution)) = state_and_solution(links) else {
        return Ok(Vec::new());
    };
    match eliminations(
        &state,
        solution.as_ref(),
        kind.theory(length),
        targets,
        max,
        meter,
    ) {
        Err(EngineError::Contradictory) => Ok(Vec::new()),
        Ok(Eliminations {
            proofs,
            stopped: Some(stop),
        }) if proofs.is_empty() => Err(stop),
        Ok(found) => Ok(found.proofs),
    }
}
