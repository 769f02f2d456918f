//! Replaying a resolution path written in Berthier's nrc notation: split the text into steps
//! (lost dashes and line breaks tolerated), apply naked and hidden singles before each step
//! (as SudoRules did — paths of that era print singles only in summary), read each step as
//! a proof, verify it with [`proof::check`] and the solution, and apply it.

use crate::resolution::{apply, verify, ResolutionError};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::Proof;
use sudolink_notation::nrc::{self, basic::read_conclusions};
use sudolink_notation::steps::{is_singles_summary, read_step, split_steps, StepError};
use sudolink_search::limits::{Meter, Stop};
use sudolink_search::{BasicRule, Rule};
use thiserror::Error;

/// A step of a path that does not hold, with where it is.
#[derive(Debug, Error)]
pub enum PathError {
    #[error("step {step} (line {line}) cannot be read: {why}\n  {text}")]
    Unreadable {
        step: usize,
        line: usize,
        text: String,
        why: String,
    },
    #[error("step {step} (line {line}) fails: {why}\n  {text}")]
    Fails {
        step: usize,
        line: usize,
        text: String,
        why: String,
    },
    /// A bound of the replay (`check-path --timeout`, `--memory`, `--budget`) was reached
    /// before step `step`: the steps before it hold, the rest were not checked.
    #[error("stopped before step {step} (line {line}): {}; the {held} step(s) before it hold, the rest were not checked", stopped_why(stop))]
    Stopped {
        step: usize,
        line: usize,
        held: usize,
        stop: Stop,
    },
    #[error("singles between steps went wrong: {0}")]
    Singles(#[from] ResolutionError),
}

/// What stopped a replay: a budget counts steps here, not partial chains.
fn stopped_why(stop: &Stop) -> String {
    match stop {
        Stop::Budget { budget } => format!("budget of {budget} step(s) spent"),
        other => other.to_string(),
    }
}

/// `text` cut to at most `max` characters, with how much was left out: error messages
/// quote what they read without printing a whole junk file.
pub fn quote(text: &str, max: usize) -> String {
    let n = text.chars().count();
    if n <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max).collect();
    format!("{head}… ({} more characters)", n - max)
}

/// How much of a step (and of a reason quoting it) an error prints.
const QUOTE_CHARS: usize = 160;

/// One replayed step.
#[derive(Clone, Debug)]
pub struct ReplayedStep {
    /// 1-based line of the step's first line in the path text.
    pub line: usize,
    /// The step as written (lines rejoined).
    pub written: String,
    /// The state the step applies to (after the singles that precede it).
    pub state_before: State,
    /// The step as a verified proof, restricted to conclusions still open; `None` for a
    /// singles summary, or a step whose conclusions the singles already drew.
    pub proof: Option<Proof>,
    /// The proof in our nrc notation, or a note.
    pub text: String,
}

/// The whole replay.
#[derive(Clone, Debug)]
pub struct Replay {
    pub steps: Vec<ReplayedStep>,
    /// The state after the last step and the singles that follow it.
    pub final_state: State,
}

/// Apply naked and hidden singles to a fixpoint, each verified. Returns how many.
pub fn apply_singles(
    state: &mut State,
    solution: Option<&[u8; 81]>,
) -> Result<usize, ResolutionError> {
    let rules = [
        Rule::basic(BasicRule::NakedSingle),
        Rule::basic(BasicRule::HiddenSingle),
    ];
    let mut n = 0;
    loop {
        let links = LinkIndex::new(state);
        let Some(p) = rules.iter().find_map(|r| r.first(&links)) else {
            return Ok(n);
        };
        verify(state, &p, solution, 0, "single")?;
        apply(state, &p).map_err(|source| ResolutionError::Contradiction {
            step: 0,
            text: "single".into(),
            source,
        })?;
        n += 1;
    }
}

/// A conclusion that contradicts a digit already placed (by the singles before the step):
/// `r8c4 = 7` or `r8c4 <> 9` when r8c4 holds 9. Such a conclusion is never "already drawn".
fn contradicts_placed(state: &State, proof: &Proof) -> Option<String> {
    let placed = |c: &Candidate| state.value(c.cell());
    if let Some(c) = proof
        .assertions
        .iter()
        .find(|c| placed(c).is_some_and(|d| d != c.digit()))
    {
        return Some(format!(
            "{} contradicts {}, placed before the step",
            c.assertion(),
            Candidate::new(c.cell(), placed(c).expect("placed")).assertion()
        ));
    }
    proof
        .eliminations
        .iter()
        .find(|c| placed(c) == Some(c.digit()))
        .map(|c| {
            format!(
                "{} contradicts {}, placed before the step",
                c.elimination(),
                c.assertion()
            )
        })
}

/// Replay `text` from `start`, verifying every step.
pub fn replay(start: &State, text: &str, solution: Option<&[u8; 81]>) -> Result<Replay, PathError> {
    let mut steps = Vec::new();
    let final_state = replay_into(start, text, solution, &mut steps)?;
    Ok(Replay { steps, final_state })
}

/// [`replay`], pushing each step that holds into `steps` as it goes, so a caller still has
/// them when a later step fails. Returns the final state.
pub fn replay_into(
    start: &State,
    text: &str,
    solution: Option<&[u8; 81]>,
    steps: &mut Vec<ReplayedStep>,
) -> Result<State, PathError> {
    replay_within(start, text, solution, steps, &mut Meter::unlimited())
}

/// [`replay_into`] under `meter`'s limits, read before each step: a replay searches
/// nothing, so its work is the steps it checks (one unit of budget each) and a limit
/// reached stops it between two steps ([`PathError::Stopped`]).
pub fn replay_within(
    start: &State,
    text: &str,
    solution: Option<&[u8; 81]>,
    steps: &mut Vec<ReplayedStep>,
    meter: &mut Meter,
) -> Result<State, PathError> {
    let mut state = start.clone();
    for (k, (line, written)) in split_steps(text).into_iter().enumerate() {
        let n = k + 1;
        if let Some(stop) = meter.check() {
            return Err(PathError::Stopped {
                step: n,
                line,
                held: steps.len(),
                stop,
            });
        }
        meter.spend(1);
        apply_singles(&mut state, solution)?;
        let fails = |why: String| PathError::Fails {
            step: n,
            line,
            text: quote(&written, QUOTE_CHARS),
            why: quote(&why, 2 * QUOTE_CHARS),
        };
        let (pattern, conclusion) = written.split_once("==>").unwrap_or((written.as_str(), ""));
        let mut record = ReplayedStep {
            line,
            written: written.clone(),
            state_before: state.clone(),
            proof: None,
            text: written.clone(),
        };
        if is_singles_summary(pattern) {
            if !conclusion.trim().is_empty() {
                let (_, asserts) =
                    read_conclusions(conclusion).map_err(|e| fails(e.to_string()))?;
                if let Some(c) = asserts
                    .iter()
                    .find(|c| state.value(c.cell()) != Some(c.digit()))
                {
                    return Err(fails(format!("singles do not give {}", c.assertion())));
                }
            }
            steps.push(record);
            continue;
        }
        let proofs = read_step(&state, &written).map_err(|e| match e {
            StepError::Unreadable(why) => PathError::Unreadable {
                step: n,
                line,
                text: quote(&written, QUOTE_CHARS),
                why: quote(&why, 2 * QUOTE_CHARS),
            },
            StepError::Fails(why) => fails(why),
        })?;
        let mut texts = Vec::new();
        for mut proof in proofs {
            if let Some(why) = contradicts_placed(&state, &proof) {
                return Err(fails(why));
            }
            // conclusions the singles already drew are not the step's to prove
            proof.eliminations.retain(|c| state.has(*c));
            proof.assertions.retain(|c| state.value(c.cell()).is_none());
            if proof.eliminations.is_empty() && proof.assertions.is_empty() {
                continue;
            }
            sudolink_engine::proof::check(&state, &proof).map_err(|e| fails(e.to_string()))?;
            let text = nrc::nrc_text(&state, &proof);
            verify(&state, &proof, solution, n, &text).map_err(|e| fails(e.to_string()))?;
            record.state_before = state.clone();
            apply(&mut state, &proof).map_err(|e| fails(e.to_string()))?;
            texts.push(text);
            record.proof = Some(proof);
        }
        record.text = if texts.is_empty() {
            format!("(already drawn by singles) {written}")
        } else {
            texts.join(" ; ")
        };
        steps.push(record);
    }
    apply_singles(&mut state, solution)?;
    Ok(state)
}
