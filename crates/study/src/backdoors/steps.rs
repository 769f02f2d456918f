//! One-, two- and fewer-step solutions: the anti-backdoors (and pairs) that a stated rule
//! set eliminates in one step (two steps), T doing the rest, and a short path of such
//! steps to the solution.
//!
//! # Definitions
//!
//! As SudoRules computes them ([CSP-Rules], `SudoRules-V20.1/ADVANCED/`), in the state T
//! leaves (a [`Closed`]); a **step** is one proof of the rule set (its techniques, each
//! within the length bound) whose target is the candidate asked, the simplest on the one
//! scale ([`explain::explain_all_targets`]: SudoRules' `try-to-eliminate-candidates`, its
//! simplest-first strategy focused on the targets), every elimination of the proof applied,
//! then T to its fixpoint:
//! - a **one-step solution** (`one-step-solutions.clp`): a T-anti-backdoor that one step
//!   eliminates; T then solves the puzzle;
//! - a **two-step solution** (`two-step-solutions.clp`): a restricted T-anti-backdoor pair
//!   (a candidate of it erasable in one step in T's closure) whose two candidates two steps
//!   eliminate, the simpler first (after the first step, T applies in full: in SudoRules
//!   the Subsets of S_p wait for the focus too, which only W1 leaves out of the question);
//! - a **fewer-step path** (`fewer-step-solutions.clp`): a one-step solution when there is
//!   one, else a two-step one, else SudoRules' greedy path, each step the erasable
//!   candidate whose step and T eliminate the most candidates (SudoRules draws among the
//!   best at random; here the simplest of them is taken, so the path is reproducible).
//!   A path of one or two steps, or of three when no one-step and no two-step solution
//!   exists, has the fewest steps; a longer one says that fewer may exist.
//!
//! Example ([CSP-Rules]' Examples, `Sudoku-a/Urhegyi-8.5/Urhegy-8.5.clp`): Urhegyi's SER
//! 8.5 puzzle has 6 W1-anti-backdoors; whips up to length 8 eliminate two of them in one
//! step (`whip[7] ==> r2c7≠6`, `whip[8] ==> r3c9≠7`).
//!
//! # Complexity
//!
//! One explanation of the anti-backdoors (one-step), of every open candidate and then of
//! one candidate per restricted pair (two-step), of every open candidate per step of a
//! greedy path, each within the rule set's length bound and the [`Limits`]; the deadline
//! is shared by all, a cut is stated (`Searched`).
//!
//! [CSP-Rules]: Berthier, CSP-Rules-V2.1 and CSP-Rules-Examples (docs/references.md).

use super::{Closed, Found};
use crate::explain::{self, Explained, Options};
use crate::resolution::ResolutionError;
use sudolink_engine::grid::Candidate;
use sudolink_search::limits::{Limits, Meter};
use sudolink_search::TechniqueId;

/// The rule set of a step unless told (as `explain --rules` reads it): whips, up to
/// [`DEFAULT_MAX_LEN`], as the forum's one-step searches run them.
pub const DEFAULT_RULES: &str = "whip";
pub const DEFAULT_MAX_LEN: usize = 12;

/// The rule set a step is one proof of: its techniques, the longest proof on the scale,
/// and the limits of the whole study.
#[derive(Clone, Debug)]
pub struct StepRules {
    pub techniques: Vec<TechniqueId>,
    pub max_len: usize,
    pub limits: Limits,
}

impl StepRules {
    fn options(&self) -> Options {
        Options {
            techniques: self.techniques.clone(),
            max_len: self.max_len,
            g_max_len: None,
            limits: self.limits,
            threads: 1,
        }
    }
}

/// How far the explanations of a study searched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// Every target without a proof was searched up to this length.
    pub complete_to: usize,
    /// What stopped a search early, in words (`None`: nothing did).
    pub stopped: Option<String>,
}

impl Searched {
    fn of(report: &explain::AllReport) -> Searched {
        Searched {
            complete_to: report.complete_to,
            stopped: report.stopped_text(),
        }
    }

    fn add(&mut self, other: Searched) {
        self.complete_to = self.complete_to.min(other.complete_to);
        self.stopped = self.stopped.take().or(other.stopped);
    }
}

/// The simplest steps of `targets` (all open candidates when `None`) in `closed`'s state.
fn explain_targets(
    closed: &Closed,
    targets: Option<&[Candidate]>,
    rules: &StepRules,
) -> Result<explain::AllReport, ResolutionError> {
    explain::explain_all_targets(
        &closed.state(),
        closed.solution(),
        &rules.options(),
        targets,
        &mut |_| {},
    )
}

/// The state after a step, in T's closure.
fn after(closed: &Closed, step: &Explained) -> Option<Closed> {
    closed.after(&step.proof.eliminations, &step.proof.assertions)
}

/// The one-step solutions of a state in T's closure.
#[derive(Clone, Debug)]
pub struct OneSteps {
    pub anti_backdoors: Found<Candidate>,
    /// One step per anti-backdoor it eliminates, simplest first; T solves after each.
    pub solutions: Vec<Explained>,
    pub searched: Searched,
}

/// The T-anti-backdoors that one step of `rules` eliminates, T solving the rest (module
/// doc).
pub fn one_steps(
    closed: &Closed,
    rules: &StepRules,
    meter: &mut Meter,
) -> Result<OneSteps, ResolutionError> {
    let anti_backdoors = closed.anti_backdoors(meter);
    let (solutions, searched) = one_steps_among(closed, &anti_backdoors.items, rules)?;
    Ok(OneSteps {
        anti_backdoors,
        solutions,
        searched,
    })
}

/// The candidates of `among` that one step of `rules` eliminates with T solving the rest,
/// each with its step, simplest first (SudoRules' `find-sukaku-1-steppers-among-cands`).
pub fn one_steps_among(
    closed: &Closed,
    among: &[Candidate],
    rules: &StepRules,
) -> Result<(Vec<Explained>, Searched), ResolutionError> {
    let report = explain_targets(closed, Some(among), rules)?;
    let solutions = report
        .eliminations
        .iter()
        .filter(|e| after(closed, e).is_some_and(|c| c.is_solved()))
        .cloned()
        .collect();
    Ok((solutions, Searched::of(&report)))
}

/// A two-step solution: a pair and its steps, the simpler first (one step when T solves
/// after it).
#[derive(Clone, Debug)]
pub struct TwoStep {
    pub pair: (Candidate, Candidate),
    pub steps: Vec<Explained>,
}

/// The two-step solutions of a state in T's closure.
#[derive(Clone, Debug)]
pub struct TwoSteps {
    /// The candidates one step erases in T's closure, in index order.
    pub erasable: Vec<Candidate>,
    /// The T-anti-backdoor pairs with a candidate among them.
    pub pairs: Found<(Candidate, Candidate)>,
    pub solutions: Vec<TwoStep>,
    pub searched: Searched,
}

/// The candidates one step of `rules` erases in `closed`'s state, in index order.
pub fn erasable(
    closed: &Closed,
    rules: &StepRules,
) -> Result<(Vec<Candidate>, Searched), ResolutionError> {
    let report = explain_targets(closed, None, rules)?;
    Ok((candidates_of(&report), Searched::of(&report)))
}

/// The candidates a report eliminates, in index order.
fn candidates_of(report: &explain::AllReport) -> Vec<Candidate> {
    let mut cs: Vec<Candidate> = report.eliminations.iter().map(|e| e.candidate).collect();
    cs.sort();
    cs
}

/// The restricted T-anti-backdoor pairs that two steps of `rules` eliminate (module doc).
pub fn two_steps(
    closed: &Closed,
    rules: &StepRules,
    meter: &mut Meter,
) -> Result<TwoSteps, ResolutionError> {
    let erasable = explain_targets(closed, None, rules)?;
    let mut searched = Searched::of(&erasable);
    let first = candidates_of(&erasable);
    let pairs = closed.anti_backdoor_pairs(Some(&first), meter);
    // the pairs by their first step: the simpler of their candidates' steps (the report is
    // simplest first), each group's second steps searched together in the state after it
    let mut groups: Vec<(&Explained, Vec<(Candidate, Candidate)>)> = Vec::new();
    for &(a, b) in &pairs.items {
        let Some(step) = erasable
            .eliminations
            .iter()
            .find(|e| e.candidate == a || e.candidate == b)
        else {
            continue;
        };
        match groups
            .iter_mut()
            .find(|(s, _)| s.candidate == step.candidate)
        {
            Some((_, group)) => group.push((a, b)),
            None => groups.push((step, vec![(a, b)])),
        }
    }
    let mut solutions = Vec::new();
    for (first, group) in &groups {
        if let Some(stop) = meter.check() {
            searched
                .stopped
                .get_or_insert_with(|| format!("stopped: {stop}"));
            break;
        }
        let (found, more) = second_steps(closed, first, group, rules)?;
        if let Some(more) = more {
            searched.add(more);
        }
        solutions.extend(found);
    }
    solutions.sort_by_key(|s: &TwoStep| s.pair);
    Ok(TwoSteps {
        erasable: first,
        pairs,
        solutions,
        searched,
    })
}

/// The two-step solutions among `pairs` whose first step is `first`: the second step
/// eliminates what is left of each pair, T solving the rest.
fn second_steps(
    closed: &Closed,
    first: &Explained,
    pairs: &[(Candidate, Candidate)],
    rules: &StepRules,
) -> Result<(Vec<TwoStep>, Option<Searched>), ResolutionError> {
    let Some(next) = after(closed, first) else {
        return Ok((Vec::new(), None));
    };
    let open = next.open();
    let other = |&(a, b): &(Candidate, Candidate)| if a == first.candidate { b } else { a };
    let mut left: Vec<Candidate> = pairs
        .iter()
        .map(other)
        .filter(|c| open.contains(c))
        .collect();
    left.sort();
    left.dedup();
    let report = if left.is_empty() {
        None
    } else {
        Some(explain_targets(&next, Some(&left), rules)?)
    };
    let mut found = Vec::new();
    for &pair in pairs {
        let o = other(&pair);
        let steps = if !open.contains(&o) {
            next.is_solved().then(|| vec![first.clone()])
        } else {
            report
                .iter()
                .flat_map(|r| r.eliminations.iter())
                .find(|e| e.candidate == o)
                .filter(|second| after(&next, second).is_some_and(|end| end.is_solved()))
                .map(|second| vec![first.clone(), second.clone()])
        };
        found.extend(steps.map(|steps| TwoStep { pair, steps }));
    }
    Ok((found, report.as_ref().map(Searched::of)))
}

/// A path of steps to the solution, as short as the module doc says.
#[derive(Clone, Debug)]
pub struct FewerSteps {
    pub steps: Vec<Explained>,
    /// T solves the state after the last step.
    pub solved: bool,
    /// No path with fewer steps exists within the rules (module doc).
    pub fewest: bool,
    pub searched: Searched,
}

/// A fewer-step path (module doc), of at most `max_steps` steps.
pub fn fewer_steps(
    closed: &Closed,
    rules: &StepRules,
    max_steps: usize,
    meter: &mut Meter,
) -> Result<FewerSteps, ResolutionError> {
    if closed.is_solved() {
        return Ok(FewerSteps {
            steps: Vec::new(),
            solved: true,
            fewest: true,
            searched: Searched::default(),
        });
    }
    let one = one_steps(closed, rules, meter)?;
    let one_complete = one.searched.stopped.is_none() && one.anti_backdoors.stop.is_none();
    if let Some(first) = one.solutions.first() {
        return Ok(FewerSteps {
            steps: vec![first.clone()],
            solved: true,
            fewest: true,
            searched: one.searched,
        });
    }
    let two = two_steps(closed, rules, meter)?;
    let two_complete = two.searched.stopped.is_none() && two.pairs.stop.is_none();
    if let Some(path) = two.solutions.first() {
        return Ok(FewerSteps {
            steps: path.steps.clone(),
            solved: true,
            fewest: one_complete,
            searched: two.searched,
        });
    }
    let mut path = greedy(closed, rules, max_steps, meter)?;
    path.fewest = path.solved && path.steps.len() == 3 && one_complete && two_complete;
    Ok(path)
}

/// SudoRules' greedy path: at each state the erasable candidate whose step and T leave the
/// fewest candidates, the simplest among equals.
fn greedy(
    closed: &Closed,
    rules: &StepRules,
    max_steps: usize,
    meter: &mut Meter,
) -> Result<FewerSteps, ResolutionError> {
    let mut state = closed.clone();
    let mut steps = Vec::new();
    let mut searched = Searched {
        complete_to: rules.max_len,
        stopped: None,
    };
    while !state.is_solved() && steps.len() < max_steps && meter.check().is_none() {
        let report = explain_targets(&state, None, rules)?;
        searched.add(Searched::of(&report));
        let best = report
            .eliminations
            .iter()
            .filter_map(|e| after(&state, e).map(|next| (e, next)))
            .min_by_key(|(_, next)| next.open_count());
        let Some((step, next)) = best else { break };
        steps.push(step.clone());
        state = next;
    }
    Ok(FewerSteps {
        solved: state.is_solved(),
        steps,
        fewest: false,
        searched,
    })
}
