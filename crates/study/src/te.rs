//! Berthier's T&E classification of a puzzle: its **T&E depth**, and the **BxB** and
//! **BxBB** sub-classes of T&E(2) and T&E(3) puzzles, each bounded by [`Limits`]; and the
//! T&E eliminations of a state with their checked proofs (for a resolution path).
//!
//! - **T&E depth**: the least n such that T&E(BRT, n) solves the puzzle (0: BRT alone).
//! - **BxB** of a T&E(2) puzzle: the least p such that T&E(B_p, 1) solves it, B_p being
//!   BRT + braids of length ≤ p (formerly "BpB").
//! - **BxBB** of a T&E(3) puzzle: the least p such that T&E(B_p, 2) solves it.
//!
//! Definitions: Berthier, *Constraint Resolution Theories* (2011) and *Pattern-Based
//! Constraint Satisfaction and Logic Puzzles* (2012, 2015); published classes:
//! `denis-berthier/Sudoku-classif` (README, "The T&E(T, n) procedure and the T&E-depth of a
//! puzzle"); the independent SHC (`denis-berthier/Sudoku_Hierarchical_Classifier`, by
//! François Cordoliani) computes the same classes with the same defaults (BxB up to 14,
//! BxBB up to 5). Braids are used inside the contexts; in the real state they would add
//! nothing, since each braid elimination is also a T&E(B_p, 1) trial's (see `search::te`).
//!
//! Example: eleven's first T&E(2) puzzle `..3....8..5.1....66....74....8.9..4.7....5....1.6..8.....9...2.....2...8..2...3.4`
//! has T&E depth 2 and BxB 5 (published, `eleven-26370-TE2/BxB.txt`).
//!
//! Every function here needs the puzzle's unique solution (a candidate of it is never tried
//! in the real state) and refuses a state with none or several.
//!
//! **Complexity**: see `search::te`; the BxB and BxBB classes run T&E(B_p, ·) for p = 1, 2,
//! … from the state the previous p left (its eliminations hold for every larger p), each
//! braid search bounded by p.

use sudolink_engine::grid::State;
use sudolink_engine::solver::count_solutions;
use sudolink_search::limits::{Limits, Meter, Stop};
use sudolink_search::te::{Engine, EngineError, Theory};
use thiserror::Error;

/// The default bound of [`bxb`] (the SHC's).
pub const BXB_MAX_P: usize = 14;
/// The default bound of [`bxbb`] (the SHC's).
pub const BXBB_MAX_P: usize = 5;

/// Why a state cannot be classified.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TeError {
    #[error("the puzzle has no solution")]
    NoSolution,
    #[error("the puzzle has several solutions")]
    SeveralSolutions,
}

/// A puzzle's T&E depth as far as the limits let it be known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeDepth {
    /// T&E(BRT, n) solves it and T&E(BRT, n − 1) does not.
    Depth(usize),
    /// Not solved by T&E(BRT, max_depth).
    Beyond(usize),
    /// A limit stopped the computation; the depth is more than `above`.
    Cut { stop: Stop, above: usize },
}

/// A BxB or BxBB class as far as the bounds let it be known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BClass {
    /// The least p.
    Class(usize),
    /// The puzzle is not of the depth the class is defined for (T&E(2) for BxB, T&E(3) for
    /// BxBB); its depth (or how far it is known).
    WrongDepth(TeDepth),
    /// More than max_p.
    Above(usize),
    /// A limit stopped the computation; the class is more than `above`.
    Cut { stop: Stop, above: usize },
}

/// A state with its unique solution, found once: every classification of the state asks
/// it (a candidate of the solution is never tried in the real state).
#[derive(Clone, Copy, Debug)]
pub struct Solved<'a> {
    pub state: &'a State,
    pub solution: &'a [u8; 81],
}

/// The unique solution of `state`, or why it has none.
pub fn unique_solution(state: &State) -> Result<[u8; 81], TeError> {
    let r = count_solutions(state, 2);
    match (r.count, r.solution) {
        (1, Some(s)) => Ok(s),
        (0, _) | (1, None) => Err(TeError::NoSolution),
        _ => Err(TeError::SeveralSolutions),
    }
}

fn engine_error(e: EngineError) -> TeError {
    match e {
        EngineError::Contradictory => TeError::NoSolution,
    }
}

/// The T&E depth of a puzzle (or state), up to `max_depth`.
///
/// **Returns** [`TeDepth::Depth`] (0 when BRT solves it), [`TeDepth::Beyond`] when
/// T&E(BRT, max_depth) does not, or [`TeDepth::Cut`] when a limit stopped it.
/// **Complexity**: see `search::te`: milliseconds for T&E(1), tens of milliseconds for
/// T&E(2) and T&E(3) puzzles (PERFORMANCE.md).
pub fn te_depth(state: &State, max_depth: usize, limits: Limits) -> Result<TeDepth, TeError> {
    let solution = unique_solution(state)?;
    Solved {
        state,
        solution: &solution,
    }
    .te_depth(max_depth, limits)
}

/// T&E(BRT, n) for n = `from`, `from` + 1, … `to` on `engine`, until it is solved:
/// [`TeDepth::Beyond`] when T&E(BRT, `to`) does not solve it.
fn depth_with(engine: &mut Engine<'_>, from: usize, to: usize) -> Result<TeDepth, TeError> {
    if engine.is_solved() {
        return Ok(TeDepth::Depth(from.saturating_sub(1)));
    }
    for n in from..=to {
        match engine.apply(Theory::te(n)) {
            Err(stop) => return Ok(TeDepth::Cut { stop, above: n - 1 }),
            Ok(false) => return Err(TeError::NoSolution),
            Ok(true) if engine.is_solved() => return Ok(TeDepth::Depth(n)),
            Ok(true) => {}
        }
    }
    Ok(TeDepth::Beyond(to))
}

/// The BxB class of a T&E(2) puzzle: the least p ≤ `max_p` such that T&E(B_p, 1) solves
/// it ([`BXB_MAX_P`] is the usual bound).
pub fn bxb(state: &State, max_p: usize, limits: Limits) -> Result<BClass, TeError> {
    let solution = unique_solution(state)?;
    Solved {
        state,
        solution: &solution,
    }
    .b_class(1, max_p, limits)
}

/// The BxBB class of a T&E(3) puzzle: the least p ≤ `max_p` such that T&E(B_p, 2) solves
/// it ([`BXBB_MAX_P`] is the usual bound).
pub fn bxbb(state: &State, max_p: usize, limits: Limits) -> Result<BClass, TeError> {
    let solution = unique_solution(state)?;
    Solved {
        state,
        solution: &solution,
    }
    .b_class(2, max_p, limits)
}

impl Solved<'_> {
    /// [`te_depth`] of the state.
    pub fn te_depth(self, max_depth: usize, limits: Limits) -> Result<TeDepth, TeError> {
        let mut meter = Meter::new(limits);
        let mut engine = self.engine(&mut meter)?;
        depth_with(&mut engine, 1, max_depth)
    }

    /// [`bxb`] of the state.
    pub fn bxb(self, max_p: usize, limits: Limits) -> Result<BClass, TeError> {
        self.b_class(1, max_p, limits)
    }

    /// [`bxbb`] of the state.
    pub fn bxbb(self, max_p: usize, limits: Limits) -> Result<BClass, TeError> {
        self.b_class(2, max_p, limits)
    }

    fn engine<'m>(self, meter: &'m mut Meter) -> Result<Engine<'m>, TeError> {
        Engine::new(self.state, Some(self.solution), meter).map_err(engine_error)
    }

    /// The least p such that T&E(B_p, depth) solves a puzzle of T&E depth depth + 1.
    /// T&E(BRT, n) runs once for each n ≤ depth + 1: the state T&E(BRT, depth) leaves is
    /// kept ([`Engine::checkpoint`]) while T&E(BRT, depth + 1) tells the puzzle's depth, and
    /// the braids start from it.
    fn b_class(self, depth: usize, max_p: usize, limits: Limits) -> Result<BClass, TeError> {
        let mut meter = Meter::new(limits);
        let checkpoint = {
            let mut engine = self.engine(&mut meter)?;
            match depth_with(&mut engine, 1, depth)? {
                TeDepth::Beyond(_) => {}
                TeDepth::Cut { stop, .. } => return Ok(BClass::Cut { stop, above: 0 }),
                solved => return Ok(BClass::WrongDepth(solved)),
            }
            let checkpoint = engine.checkpoint();
            match depth_with(&mut engine, depth + 1, depth + 1)? {
                TeDepth::Depth(_) => {}
                TeDepth::Cut { stop, .. } => return Ok(BClass::Cut { stop, above: 0 }),
                beyond => return Ok(BClass::WrongDepth(beyond)),
            }
            checkpoint
        };
        let mut engine = Engine::resume(checkpoint, &mut meter);
        for p in 1..=max_p {
            match engine.apply(Theory { depth, braids: p }) {
                Err(stop) => return Ok(BClass::Cut { stop, above: p - 1 }),
                Ok(false) => return Err(TeError::NoSolution),
                Ok(true) if engine.is_solved() => return Ok(BClass::Class(p)),
                Ok(true) => {}
            }
        }
        Ok(BClass::Above(max_p))
    }
}

/// What [`eliminations`] found (`search::te::find`'s answer).
pub type TeStep = sudolink_search::te::Eliminations;

/// The eliminations `theory`'s trials make on `state` (one pass, no elimination applied
/// between them: each is valid on `state`), at most `max`, each with its proof. Candidates
/// of the solution are not tried.
pub fn eliminations(
    state: &State,
    theory: Theory,
    max: usize,
    limits: Limits,
) -> Result<TeStep, TeError> {
    let solution = unique_solution(state)?;
    let mut meter = Meter::new(limits);
    sudolink_search::te::find::eliminations(state, Some(&solution), theory, None, max, &mut meter)
        .map_err(engine_error)
}

/// `state` after `theory` is applied to its fixpoint (T&E's confluence: whatever the order),
/// as a state whose decided cells are placed; `Err(stop)` when a limit stopped it.
pub fn closure(
    state: &State,
    theory: Theory,
    limits: Limits,
) -> Result<Result<State, Stop>, TeError> {
    let solution = unique_solution(state)?;
    let mut meter = Meter::new(limits);
    let mut engine = Engine::new(state, Some(&solution), &mut meter).map_err(engine_error)?;
    match engine.apply(theory) {
        Err(stop) => Ok(Err(stop)),
        Ok(false) => Err(TeError::NoSolution),
        Ok(true) => engine.grid().to_state().map(Ok).ok_or(TeError::NoSolution),
    }
}
