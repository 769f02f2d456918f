//! The Sudoku Explainer rating (SER: ER/EP/ED) as Sudoku Explainer 1.2.1 computes it: ask
//! SE's producers in SE's order (`search::ser`), apply the first hint, repeat. ER is the
//! hardest step, ED the first step's difficulty, EP the hardest step up to and including
//! the first that places a value; a grid SE cannot finish is rated 20.0.
//!
//! The producers keep their work from one step to the next where it stays exact
//! ([`ser::Kept`]): the steps are those of asking every producer afresh.
//!
//! Every step is carried by proofs: each is re-verified by `proof::check` on the state it
//! was found in, and, the solution known, every conclusion is checked against it, before
//! the step is applied.

use serde::Serialize;
use std::rc::Rc;
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::{self, CheckError, Proof};
use sudolink_search::limits::{Limits, Meter, Stop};
use sudolink_search::ser::{self, SeGrid, SeStep};
pub use sudolink_search::ser::{difficulty_text, tenths};
use thiserror::Error;

/// ER, EP and ED as SE prints them, and the path that gave them.
#[derive(Clone, Debug)]
pub struct SerRating {
    /// The hardest step (20.0 when SE's rules cannot finish the grid).
    pub er: f64,
    /// The hardest step up to the first placement (0.0 if none).
    pub ep: f64,
    /// The first step's difficulty (0.0 if none).
    pub ed: f64,
    /// SE's steps in order.
    pub steps: Vec<SeStep>,
    /// True when SE's rules left the grid unsolved (ER 20.0).
    pub stuck: bool,
    /// The limit that stopped the path between two steps ([`rate_within`]): ER is then at
    /// least `er`, the hardest step so far.
    pub cut: Option<Stop>,
}

impl SerRating {
    /// `ER/EP/ED` with one decimal each, as serate prints it: `7.1/1.2/1.2`.
    pub fn text(&self) -> String {
        format!(
            "{}/{}/{}",
            ser::difficulty_text(self.er),
            ser::difficulty_text(self.ep),
            ser::difficulty_text(self.ed)
        )
    }
    /// The rating as JSON-ready numbers (tenths rounded as SE rounds them).
    pub fn summary(&self) -> SerSummary {
        SerSummary {
            er: ser::tenths(self.er) as f64 / 10.0,
            ep: ser::tenths(self.ep) as f64 / 10.0,
            ed: ser::tenths(self.ed) as f64 / 10.0,
            steps: self.steps.len(),
            stuck: self.stuck,
        }
    }
}

/// ER/EP/ED rounded as SE prints them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SerSummary {
    pub er: f64,
    pub ep: f64,
    pub ed: f64,
    pub steps: usize,
    pub stuck: bool,
}

/// A step whose proofs do not hold: a bug in `search::ser` (never expected).
#[derive(Debug, Error)]
pub enum SerError {
    #[error("SE step {step} ({name}): its proof does not check: {error}")]
    Check {
        step: usize,
        name: String,
        error: CheckError,
    },
    #[error("SE step {step} ({name}): {conclusion} contradicts the solution")]
    Solution {
        step: usize,
        name: String,
        conclusion: String,
    },
    #[error("SE step {step} ({name}): its proofs conclude other than the step ({detail})")]
    Mismatch {
        step: usize,
        name: String,
        detail: String,
    },
}

/// Rate a state with SE's rules. `solution`, when given, checks every conclusion.
pub fn rate(state: &State, solution: Option<&[u8; 81]>) -> Result<SerRating, SerError> {
    rate_within(state, solution, Limits::unlimited())
}

/// [`rate`] within `limits`, checked between SE's steps and, inside a step, between the
/// starts of the multiple and dynamic chaining producers (whose nested levels take minutes
/// on the hardest grids): a path a limit stops is a rating with [`SerRating::cut`] set.
pub fn rate_within(
    state: &State,
    solution: Option<&[u8; 81]>,
    limits: Limits,
) -> Result<SerRating, SerError> {
    let interrupt = Rc::new(ser::Interrupt::new(limits));
    let mut meter = Meter::new(limits);
    let mut state = state.clone();
    let mut grid = SeGrid::from_state(&state);
    let mut kept = ser::Kept::default();
    // SE's producers in SE's order: the registry's `sudoku-explainer` techniques
    let producers = sudolink_search::registry::explainer_order();
    let mut rating = SerRating {
        er: f64::NEG_INFINITY,
        ep: 0.0,
        ed: 0.0,
        steps: Vec::new(),
        stuck: false,
        cut: None,
    };
    while grid.values.contains(&0) {
        if let Some(stop) = meter.check() {
            rating.cut = Some(stop);
            break;
        }
        let step = match ser::next_step_keeping(&grid, &producers, &mut kept, &interrupt) {
            Ok(step) => step,
            Err(stop) => {
                rating.cut = Some(stop);
                break;
            }
        };
        let Some(step) = step else {
            rating.er = 20.0;
            rating.stuck = true;
            break;
        };
        let number = rating.steps.len() + 1;
        apply_proofs(&mut state, &step, number, solution)?;
        apply_to_grid(&mut grid, &step);
        if !grid.agrees_with(&state) {
            return Err(SerError::Mismatch {
                step: number,
                name: step.name.clone(),
                detail: "the grid after the step differs from the proofs' state".into(),
            });
        }
        if step.difficulty > rating.er {
            rating.er = step.difficulty;
        }
        if rating.ep == 0.0 {
            if rating.ed == 0.0 {
                rating.ed = rating.er;
            }
            if step.placement.is_some() {
                rating.ep = rating.er;
            }
        }
        rating.steps.push(step);
    }
    if rating.er == f64::NEG_INFINITY {
        rating.er = 0.0;
    }
    Ok(rating)
}

/// Check each proof on the state the previous ones leave (and against the solution), then
/// apply the step itself — which may conclude less than its proofs: SE applies only a
/// direct hint's placement.
fn apply_proofs(
    state: &mut State,
    step: &SeStep,
    number: usize,
    solution: Option<&[u8; 81]>,
) -> Result<(), SerError> {
    let mut scratch = state.clone();
    for p in &step.proofs {
        proof::check(&scratch, p).map_err(|error| SerError::Check {
            step: number,
            name: step.name.clone(),
            error,
        })?;
        if let Some(s) = solution {
            check_against(p, s).map_err(|conclusion| SerError::Solution {
                step: number,
                name: step.name.clone(),
                conclusion,
            })?;
        }
        apply_conclusions(&mut scratch, &p.eliminations, &p.assertions);
    }
    let proved = |c: &Candidate| {
        step.proofs
            .iter()
            .any(|p| p.eliminations.contains(c) || p.assertions.contains(c))
    };
    let unproved = step
        .eliminations
        .iter()
        .chain(&step.placement)
        .find(|c| !proved(c));
    if let Some(c) = unproved {
        return Err(SerError::Mismatch {
            step: number,
            name: step.name.clone(),
            detail: format!("no proof concludes {c}"),
        });
    }
    let placement: Vec<Candidate> = step.placement.into_iter().collect();
    apply_conclusions(state, &step.eliminations, &placement);
    Ok(())
}

fn apply_conclusions(state: &mut State, eliminations: &[Candidate], assertions: &[Candidate]) {
    for &c in eliminations {
        if state.has(c) {
            let _ = state.eliminate(c);
        }
    }
    for &c in assertions {
        if state.value(c.cell()).is_none() {
            let _ = state.place(c);
        }
    }
}

fn check_against(p: &Proof, solution: &[u8; 81]) -> Result<(), String> {
    for c in &p.eliminations {
        if solution[c.cell().index()] == c.digit().get() {
            return Err(c.elimination());
        }
    }
    for c in &p.assertions {
        if solution[c.cell().index()] != c.digit().get() {
            return Err(c.assertion());
        }
    }
    Ok(())
}

/// SE's `apply`: remove the hint's candidates, then place its value with its peers'
/// removals.
fn apply_to_grid(grid: &mut SeGrid, step: &SeStep) {
    for c in &step.eliminations {
        grid.remove(c.cell().index(), c.digit().get());
    }
    if let Some(c) = step.placement {
        grid.place(c.cell().index(), c.digit().get());
    }
}
