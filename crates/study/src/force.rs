//! GNPX's force chains and forcing nets ([GNPX Force]) as one use case, for `sudolink force`
//! and the page: the state after the basic rules (unless told not to, as GNPX applies its
//! simpler methods first), then every conclusion of each asked technique, or one choice's
//! conclusions, or every choice's, as GNPX lists them — each proof verified (checked, and
//! against the solution when it is known) before it is reported.

use super::resolution::{verify, working_state, ResolutionError};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::State;
use sudolink_engine::proof::net::{technique_name, ForceMode, LinkLevel, NetChoice, NetForm};
use sudolink_engine::proof::Proof;
use sudolink_search::force::{choice_members, every_choice, find, prove_choice, ChoiceError};
use sudolink_search::{Limits, Meter, Stop};
use thiserror::Error;

use sudolink_search::force::ForceSpec;

/// Why the force report cannot be made.
#[derive(Debug, Error)]
pub enum ForceError {
    #[error("the basic rules solve this puzzle: no force chain is needed (use --no-basic)")]
    Solved,
    #[error(transparent)]
    Choice(#[from] ChoiceError),
    #[error(transparent)]
    Resolution(#[from] ResolutionError),
}

/// What to list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForceAsk {
    /// Every conclusion of the technique of each mode, in turn.
    Techniques(Vec<ForceMode>),
    /// One choice's conclusions, in the mode given.
    Choice(ForceMode, NetChoice),
    /// Every choice's conclusions, choice by choice, in each mode given.
    EveryChoice(Vec<ForceMode>),
}

/// One heading of the report: a technique's conclusions, or one choice's.
#[derive(Clone, Debug)]
pub struct ForceSection {
    /// The technique's name (`force-cell`, `force-net-house-links`…).
    pub technique: String,
    /// The choice, when the section lists one choice's conclusions.
    pub choice: Option<NetChoice>,
    /// Verified proofs, shortest first.
    pub proofs: Vec<Proof>,
}

/// What the force techniques conclude on a state.
#[derive(Clone, Debug)]
pub struct ForceReport {
    /// The state searched (after the basic rules unless told not to).
    pub state: State,
    /// Steps of the basic rules applied first.
    pub basic_steps: usize,
    pub sections: Vec<ForceSection>,
    /// The limit that stopped an analysis: the lists are those found before it.
    pub stopped: Option<Stop>,
}

/// The force report of `start`: the techniques of `level` and `form`, `ask` what to list,
/// `limit` the proofs kept per section (0: all); the techniques' analyses run within
/// `limits` ([`ForceReport::stopped`] says which stopped them).
pub fn force_report(
    start: &State,
    solution: Option<&[u8; 81]>,
    basic: bool,
    (level, form): (LinkLevel, NetForm),
    (ask, limit): (&ForceAsk, usize),
    limits: Limits,
) -> Result<ForceReport, ForceError> {
    let mut meter = Meter::new(limits);
    let mut stopped = None;
    let (state, basic_steps) = working_state(start, solution, basic)?;
    if state.is_solved() {
        return Err(ForceError::Solved);
    }
    let links = LinkIndex::new(&state);
    let keep = |mut proofs: Vec<Proof>| {
        if limit > 0 {
            proofs.truncate(limit);
        }
        proofs
    };
    let by_choice = |mode: ForceMode, choice: NetChoice| {
        let spec = ForceSpec::new(mode, level, form);
        let mut proofs = prove_choice(&links, spec, &choice);
        proofs.sort_by_key(|p| p.length);
        ForceSection {
            technique: technique_name(mode, level, form),
            choice: Some(choice),
            proofs: keep(proofs),
        }
    };
    let sections: Vec<ForceSection> = match ask {
        ForceAsk::Techniques(modes) => modes
            .iter()
            .map(|&mode| {
                let spec = ForceSpec::new(mode, level, form);
                let answer = find(&links, spec, None, &mut meter);
                stopped = stopped.or(answer.stopped);
                ForceSection {
                    technique: technique_name(mode, level, form),
                    choice: None,
                    proofs: keep(answer.proofs),
                }
            })
            .collect(),
        ForceAsk::Choice(mode, choice) => {
            choice_members(&links, *mode, choice)?;
            vec![by_choice(*mode, choice.clone())]
        }
        ForceAsk::EveryChoice(modes) => modes
            .iter()
            .flat_map(|&mode| {
                every_choice(&links, mode)
                    .into_iter()
                    .map(move |c| (mode, c))
            })
            .map(|(mode, choice)| by_choice(mode, choice))
            .collect(),
    };
    let mut k = 0;
    for section in &sections {
        for p in &section.proofs {
            k += 1;
            verify(&state, p, solution, k, &p.rule)?;
        }
    }
    Ok(ForceReport {
        state,
        basic_steps,
        sections,
        stopped,
    })
}
