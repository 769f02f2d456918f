//! The resolution strategy: apply rules simplest first, starting again from the simplest
//! after every step, until the puzzle is solved or nothing applies. Every step is re-verified
//! with [`crate::proof::check`] before it is applied and, when the solution is known, checked
//! against it: a wrong elimination stops the run with [`ResolutionError::Unsound`].

use crate::graph::LinkIndex;
use crate::grid::{Candidate, Contradiction, State};
use crate::notation::nrc;
use crate::proof::{self, Proof};
use crate::search::{Rule, Searcher};
use thiserror::Error;

/// One applied step: the proof and its text in the seeds' notation.
#[derive(Clone, Debug)]
pub struct Step {
    pub proof: Proof,
    pub text: String,
}

/// The result of a resolution run.
#[derive(Clone, Debug)]
pub struct Resolution {
    pub steps: Vec<Step>,
    pub final_state: State,
    pub solved: bool,
}

#[derive(Debug, Error)]
pub enum ResolutionError {
    #[error("step {step} ({text}) fails its proof check: {why}")]
    Unsound {
        step: usize,
        text: String,
        why: String,
    },
    #[error("step {step} ({text}) contradicts the solution at {candidate}")]
    AgainstSolution {
        step: usize,
        text: String,
        candidate: String,
    },
    #[error("step {step} ({text}) leads to a contradiction: {source}")]
    Contradiction {
        step: usize,
        text: String,
        source: Contradiction,
    },
}

/// Apply a proof's conclusions to a state (assertions placed, eliminations removed).
pub fn apply(state: &mut State, proof: &Proof) -> Result<(), Contradiction> {
    for &c in &proof.assertions {
        if state.value(c.cell()).is_none() {
            state.place(c)?;
        }
    }
    for &c in &proof.eliminations {
        if state.has(c) {
            state.eliminate(c)?;
        }
    }
    Ok(())
}

/// True when `c` is the solution's digit in its cell.
pub fn is_solution(solution: &[u8; 81], c: Candidate) -> bool {
    solution[c.cell().index()] == c.digit().get()
}

/// Verify a step on `state`: the proof checker, then (if known) the solution.
pub fn verify(
    state: &State,
    proof: &Proof,
    solution: Option<&[u8; 81]>,
    step: usize,
    text: &str,
) -> Result<(), ResolutionError> {
    proof::check(state, proof).map_err(|e| ResolutionError::Unsound {
        step,
        text: text.to_string(),
        why: e.to_string(),
    })?;
    if let Some(sol) = solution {
        let wrong = proof
            .eliminations
            .iter()
            .find(|&&c| is_solution(sol, c))
            .or_else(|| proof.assertions.iter().find(|&&c| !is_solution(sol, c)));
        if let Some(c) = wrong {
            return Err(ResolutionError::AgainstSolution {
                step,
                text: text.to_string(),
                candidate: c.to_string(),
            });
        }
    }
    Ok(())
}

/// Solve `start` with `rules` (tried in the given order, simplest first), restarting from
/// the first rule after each step. `solution`, when given, is checked at every step.
pub fn solve(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
) -> Result<Resolution, ResolutionError> {
    solve_steps(start, rules, solution, usize::MAX)
}

/// [`solve`], stopping after at most `max_steps` steps: with `max_steps = n - 1`, the final
/// state is the one step n of the path is found in (`explain --at-step n`).
pub fn solve_steps(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
    max_steps: usize,
) -> Result<Resolution, ResolutionError> {
    let mut state = start.clone();
    let mut steps = Vec::new();
    // what the searches learn of a state serves the next rules on it; dropped at the end
    let mut searcher = Searcher::new();
    while !state.is_solved() && steps.len() < max_steps {
        let links = LinkIndex::new(&state);
        let Some(proof) = searcher.first_step(rules, &links) else {
            break;
        };
        let text = nrc::nrc_text(&state, &proof);
        let n = steps.len() + 1;
        verify(&state, &proof, solution, n, &text)?;
        apply(&mut state, &proof).map_err(|source| ResolutionError::Contradiction {
            step: n,
            text: text.clone(),
            source,
        })?;
        steps.push(Step { proof, text });
    }
    let solved = state.is_solved();
    Ok(Resolution {
        steps,
        final_state: state,
        solved,
    })
}
