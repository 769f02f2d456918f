//! One puzzle's backdoor study as `sudolink backdoors` asks it: what to compute ([`Ask`]),
//! every answer with how far it got ([`Report`]), the states its steps start from, and its
//! rows for the store.

use super::steps::{self, FewerSteps, OneSteps, Searched, StepRules, TwoSteps};
use super::{BackdoorError, BackdoorSize, Closed, Found, Size, Theory};
use crate::explain::Explained;
use crate::resolution::ResolutionError;
use std::time::Instant;
use sudolink_engine::grid::{Candidate, State};
use sudolink_search::limits::{Limits, Meter, Stop};
use sudolink_search::TechniqueId;
use thiserror::Error;

/// Which anti-backdoor pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairs {
    All,
    /// Only those with a candidate the rule set erases in one step.
    Restricted,
}

/// What to compute on a puzzle.
#[derive(Clone, Debug)]
pub struct Ask {
    pub theory: Theory,
    /// The backdoors and the backdoor size, searched up to `max_size`.
    pub backdoors: bool,
    pub max_size: usize,
    pub anti_backdoors: bool,
    pub pairs: Option<Pairs>,
    pub one_step: bool,
    pub two_step: bool,
    pub fewer_steps: bool,
    /// The rule set of a step, its longest proof, and a fewer-step path's most steps.
    pub rules: Vec<TechniqueId>,
    pub max_len: usize,
    pub max_steps: usize,
}

/// The anti-backdoor pairs found, and the erasable candidates that restricted them.
#[derive(Clone, Debug)]
pub struct PairsReport {
    pub found: Found<(Candidate, Candidate)>,
    pub erasable: Option<Vec<Candidate>>,
    pub searched: Searched,
}

/// What a study found; each part present when it was asked.
#[derive(Clone, Debug)]
pub struct Report {
    pub closed: Closed,
    pub backdoors: Option<Found<Candidate>>,
    pub size: Option<BackdoorSize>,
    pub anti_backdoors: Option<Found<Candidate>>,
    pub pairs: Option<PairsReport>,
    pub one_step: Option<OneSteps>,
    pub two_step: Option<TwoSteps>,
    pub fewer_steps: Option<FewerSteps>,
    pub seconds: f64,
}

/// Why a puzzle could not be studied.
#[derive(Debug, Error)]
pub enum StudyError {
    #[error(transparent)]
    Backdoor(#[from] BackdoorError),
    #[error(transparent)]
    Resolution(#[from] ResolutionError),
}

/// Study `state` as `ask` says, within `limits` (one deadline for every part).
pub fn study(
    state: &State,
    solution: Option<&[u8; 81]>,
    ask: &Ask,
    limits: Limits,
) -> Result<Report, StudyError> {
    let started = Instant::now();
    let closed = Closed::new(state, ask.theory, solution)?;
    let mut meter = Meter::new(limits);
    let rules = StepRules {
        techniques: ask.rules.clone(),
        max_len: ask.max_len,
        limits,
    };
    let mut report = Report {
        backdoors: ask.backdoors.then(|| closed.backdoors(&mut meter)),
        size: ask
            .backdoors
            .then(|| closed.backdoor_size(ask.max_size, &mut meter)),
        // the one-step search finds them first: asked with it, they are its list
        anti_backdoors: (ask.anti_backdoors && !ask.one_step)
            .then(|| closed.anti_backdoors(&mut meter)),
        pairs: None,
        one_step: None,
        two_step: None,
        fewer_steps: None,
        seconds: 0.0,
        closed,
    };
    let closed = &report.closed;
    report.pairs = match ask.pairs {
        None => None,
        Some(Pairs::All) => Some(PairsReport {
            found: closed.anti_backdoor_pairs(None, &mut meter),
            erasable: None,
            searched: Searched::default(),
        }),
        Some(Pairs::Restricted) => {
            let (erasable, searched) = steps::erasable(closed, &rules)?;
            Some(PairsReport {
                found: closed.anti_backdoor_pairs(Some(&erasable), &mut meter),
                erasable: Some(erasable),
                searched,
            })
        }
    };
    if ask.one_step {
        let one = steps::one_steps(closed, &rules, &mut meter)?;
        if ask.anti_backdoors {
            report.anti_backdoors = Some(one.anti_backdoors.clone());
        }
        report.one_step = Some(one);
    }
    if ask.two_step {
        report.two_step = Some(steps::two_steps(closed, &rules, &mut meter)?);
    }
    if ask.fewer_steps {
        report.fewer_steps = Some(steps::fewer_steps(
            closed,
            &rules,
            ask.max_steps,
            &mut meter,
        )?);
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

impl Report {
    /// The first bound that cut a part, if any (a list cut, a size cut, a step search
    /// stopped).
    pub fn cut(&self) -> Option<Stop> {
        let lists = [&self.backdoors, &self.anti_backdoors]
            .into_iter()
            .flatten()
            .find_map(|f| f.stop);
        let size = match self.size.as_ref().map(|s| s.size) {
            Some(Size::Cut { stop, .. }) => Some(stop),
            _ => None,
        };
        lists
            .or(size)
            .or(self.pairs.as_ref().and_then(|p| p.found.stop))
            .or(self.one_step.as_ref().and_then(|o| o.anti_backdoors.stop))
            .or(self.two_step.as_ref().and_then(|t| t.pairs.stop))
    }

    /// Whether a step search was stopped by a limit before its length bound (in words).
    pub fn steps_stopped(&self) -> Option<String> {
        let one = self.one_step.as_ref().map(|o| &o.searched);
        let two = self.two_step.as_ref().map(|t| &t.searched);
        let fewer = self.fewer_steps.as_ref().map(|f| &f.searched);
        let pairs = self.pairs.as_ref().map(|p| &p.searched);
        [one, two, fewer, pairs]
            .into_iter()
            .flatten()
            .find_map(|s| s.stopped.clone())
    }
}

/// The states a path of steps starts from, one per step: the first is `closed`'s, each
/// next one the state after the step and T.
pub fn states_of(closed: &Closed, steps: &[Explained]) -> Vec<State> {
    let mut states = Vec::with_capacity(steps.len());
    let mut now = Some(closed.clone());
    for step in steps {
        let Some(at) = now else { break };
        states.push(at.state());
        now = at.after(&step.proof.eliminations, &step.proof.assertions);
    }
    states
}

#[cfg(feature = "store")]
mod rows {
    use super::*;
    use sudolink_notation::view::ProofView;
    use sudolink_store::study::{BackdoorItemRow, BackdoorStudyRow};

    fn item(kind: &str, ordinal: usize, step: usize, c: Candidate) -> BackdoorItemRow {
        BackdoorItemRow {
            kind: kind.to_string(),
            ordinal,
            step,
            cand: c.index(),
            cand2: None,
            label: c.to_string(),
            proof: None,
        }
    }

    fn list<'a>(kind: &'a str, cs: &'a [Candidate]) -> impl Iterator<Item = BackdoorItemRow> + 'a {
        cs.iter()
            .enumerate()
            .map(move |(i, &c)| item(kind, i + 1, 0, c))
    }

    /// A path's steps as rows of `kind`, each with its proof's view on its state.
    fn path(
        closed: &Closed,
        kind: &str,
        ordinal: usize,
        pair: Option<(Candidate, Candidate)>,
        steps: &[Explained],
    ) -> Vec<BackdoorItemRow> {
        let states = states_of(closed, steps);
        steps
            .iter()
            .zip(&states)
            .enumerate()
            .map(|(i, (e, state))| {
                let view = ProofView::of(state, &e.proof);
                let mut row = item(kind, ordinal, i + 1, e.candidate);
                if let Some((a, b)) = pair {
                    (row.cand, row.cand2, row.label) =
                        (a.index(), Some(b.index()), format!("{a} {b}"));
                }
                row.proof = serde_json::to_string(&view).ok();
                row
            })
            .collect()
    }

    impl Report {
        /// The report as the store keeps it.
        pub fn row(&self) -> BackdoorStudyRow {
            let closed = &self.closed;
            let mut items: Vec<BackdoorItemRow> = Vec::new();
            if let Some(b) = &self.backdoors {
                items.extend(list("backdoor", &b.items));
            }
            if let Some(s) = &self.size {
                items.extend(list("size_witness", &s.witness));
            }
            if let Some(a) = &self.anti_backdoors {
                items.extend(list("anti_backdoor", &a.items));
            }
            if let Some(p) = &self.pairs {
                for (i, &(a, b)) in p.found.items.iter().enumerate() {
                    let mut row = item("anti_backdoor_pair", i + 1, 0, a);
                    (row.cand2, row.label) = (Some(b.index()), format!("{a} {b}"));
                    items.push(row);
                }
            }
            if let Some(o) = &self.one_step {
                for (i, e) in o.solutions.iter().enumerate() {
                    items.extend(path(
                        closed,
                        "one_step",
                        i + 1,
                        None,
                        std::slice::from_ref(e),
                    ));
                }
            }
            if let Some(t) = &self.two_step {
                for (i, s) in t.solutions.iter().enumerate() {
                    items.extend(path(closed, "two_step", i + 1, Some(s.pair), &s.steps));
                }
            }
            if let Some(f) = &self.fewer_steps {
                items.extend(path(closed, "fewer_step", 1, None, &f.steps));
            }
            let (size, size_above) = match self.size.as_ref().map(|s| s.size) {
                Some(Size::Exactly(k)) => (Some(k), None),
                Some(Size::Above(k)) | Some(Size::Cut { above: k, .. }) => (None, Some(k)),
                None => (None, None),
            };
            BackdoorStudyRow {
                theory: closed.theory().to_string(),
                size,
                size_above,
                cut: self
                    .cut()
                    .map(|s| s.bound())
                    .filter(|b| ["time", "memory", "budget"].contains(b))
                    .map(str::to_string),
                seconds: self.seconds,
                error: None,
                items,
            }
        }
    }
}
