//! Escalation: the resolution path that always finishes. With no rule set named, `solve`
//! (and the explorer's path) walks the rule sets of [`LADDER`] in turn, simplest first: each
//! takes over the path in the state where the one before it stopped (stuck, or one of its
//! searches cut by its own work or memory share), so the steps are numbered along the whole
//! path, and each hand-over is recorded ([`Escalation`]). The job's limits (one deadline,
//! one memory ceiling, one budget: a [`Meter`] carried from rule set to rule set) bound the
//! whole ladder; a job-wide limit ends the path cut, wherever it is. Each rule set may take
//! an equal share of the time left ([`share_deadline`]): chains and braids of length 20
//! can search for minutes on a T&E(3) puzzle, and the rule sets above them must have their
//! turn within the job's time; a rule set whose share runs out hands over.
//!
//! [`suggest`] answers the question of a named rule set that does not solve a puzzle:
//! which set of the ladder above it does, each tried from the start within the same limits.
//!
//! A puzzle with several solutions (analysed with them allowed) is solved by no rule set:
//! its path stays with the first rule set, and no other is tried for it (T&E on a grid
//! of few givens would only run to the deadline).

use crate::resolution::{solve_within, Resolution, ResolutionError, Walk};
use crate::rules::{self, BadRules};
use std::fmt;
use std::time::{Duration, Instant};
use sudolink_engine::grid::State;
use sudolink_engine::solver::count_solutions;
use sudolink_search::registry::Stopped;
use sudolink_search::{Limits, Meter, Rule, Searcher, Stop};
use thiserror::Error;

/// One rule set of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The rule set, as `--rules` names it (`N`, `Trid-OR5W`, `te`).
    pub rules: &'static str,
    /// What its graded rules' cap counts, as a hand-over names it (`lengths`, `depths`).
    pub counts: &'static str,
}

/// The escalation ladder, simplest first, in Berthier's order of resolution theories
/// ([Berthier PBCS]; for the T&E(2) and T&E(3) puzzles, [Berthier classif]):
///
/// 1. `N`: [Berthier NRC]'s nrc, nrct, nrcz and nrczt chains and lassos, with the basic
///    rules: the classification `solve` used before it escalated, which solves Ocean's
///    puzzles and most random minimal puzzles.
/// 2. `W`: whips, which subsume the nrczt chains and lassos (the W rating's theory).
/// 3. `B`: braids, which subsume whips and solve exactly the puzzles T&E(1) solves
///    ([Berthier PBCS]'s T&E theorem): a puzzle they leave is T&E(2) or deeper.
/// 4. `Trid-OR5W`: Berthier's level of the T&E(3) puzzles: tridagons and the ORk-whips on
///    their OR-k relations beside whips ([Berthier classif], [Berthier tridagon]); mith's
///    Loki, the first puzzle beyond T&E(2), needs it.
/// 5. `te`: trial and error, T&E(BRT, n) up to depth 3, which every known puzzle is in
///    ([Berthier classif]): the last resort, not a pattern a reader can follow.
pub const LADDER: [Rung; 5] = [
    Rung {
        rules: "N",
        counts: "lengths",
    },
    Rung {
        rules: "W",
        counts: "lengths",
    },
    Rung {
        rules: "B",
        counts: "lengths",
    },
    Rung {
        rules: "Trid-OR5W",
        counts: "lengths",
    },
    Rung {
        rules: "te",
        counts: "depths",
    },
];

impl Rung {
    /// Its rules, with lengths up to `max_len` (its own cap below it: T&E's depth 3).
    pub fn rules(self, max_len: usize) -> Result<Vec<Rule>, EscalationError> {
        rules::parse(self.rules, max_len)
            .map(|spec| spec.rules)
            .map_err(|source| EscalationError::Rules {
                rules: self.rules,
                source,
            })
    }

    /// Whether `spec` (a `--rules` text) names this rule set.
    pub fn is_named(self, spec: &str) -> bool {
        spec.trim().eq_ignore_ascii_case(self.rules)
    }

    /// `N (lengths up to 20)`, `te (depths up to 3)`: the rule set and its graded rules'
    /// longest length among `rules` (its rules).
    pub fn describe(self, rules: &[Rule]) -> String {
        let longest = rules
            .iter()
            .filter(|r| r.technique.get().graded)
            .map(|r| r.length)
            .max();
        match longest {
            Some(n) => format!("{} ({} up to {n})", self.rules, self.counts),
            None => self.rules.to_string(),
        }
    }
}

impl fmt::Display for Rung {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rules)
    }
}

/// A ladder's rule set that cannot be made into rules (a name the registry lost), or a
/// step of the path that fails its checks.
#[derive(Debug, Error)]
pub enum EscalationError {
    #[error(transparent)]
    Resolution(#[from] ResolutionError),
    #[error("the escalation's rule set {rules}: {source}")]
    Rules {
        rules: &'static str,
        source: BadRules,
    },
}

/// How the path takes its steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    /// One step at a time, the simplest rule first ([`Walk::extend`]): the default path.
    #[default]
    Steps,
    /// In rounds ([`Walk::extend_all_at_once`]: `solve --all-at-once`).
    Rounds,
}

/// Why a rule set handed the path over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handover {
    /// None of its rules applies in the state.
    Stuck,
    /// One of its searches was cut by its own work or memory share (a limit of that search,
    /// not the job's): a rule of the set may still apply.
    Cut(Stopped),
    /// Its share of the job's time ([`share_deadline`]) ran out while it searched `searching`.
    OutOfTime { searching: Rule, share: Duration },
}

/// One hand-over: the rule set `from` stopped after step `after_step` of the path (0: at
/// the start) and `to` took over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Escalation {
    pub from: Rung,
    /// `from` with its cap: `N (lengths up to 20)`.
    pub from_described: String,
    pub to: Rung,
    pub after_step: usize,
    pub why: Handover,
}

impl fmt::Display for Escalation {
    /// `N (lengths up to 20) stops after step 41; escalating to W`, `B (lengths up to 20)
    /// stops after step 7, its search of `braid[14]` cut (one search filled its memory share
    /// of 175 MB); escalating to Trid-OR5W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} stops ", self.from_described)?;
        match self.after_step {
            0 => f.write_str("before step 1")?,
            n => write!(f, "after step {n}")?,
        }
        match self.why {
            Handover::Stuck => {}
            Handover::Cut(s) => write!(f, ", its search of {} cut ({})", s.rule, s.stop)?,
            Handover::OutOfTime { searching, share } => write!(
                f,
                ", its share of the time ({:.1} s) spent while searching {searching}",
                share.as_secs_f64()
            )?,
        }
        write!(f, "; escalating to {}", self.to)
    }
}

/// A path the ladder walked.
#[derive(Clone, Debug)]
pub struct Escalated {
    /// The whole path: its steps numbered from 1, its final state, and the job-wide limit
    /// that cut it, if one did (or the last rule set's own cut).
    pub resolution: Resolution,
    /// Each hand-over, in order; empty when the first rule set finished the path.
    pub escalations: Vec<Escalation>,
    /// The puzzle has several solutions: no rule set solves it, none was escalated to.
    pub several_solutions: bool,
}

impl Escalated {
    /// The rule sets that walked the path, in order (the first, then each hand-over's).
    pub fn rungs(&self) -> Vec<Rung> {
        std::iter::once(LADDER[0])
            .chain(self.escalations.iter().map(|e| e.to))
            .collect()
    }
}

/// Walk `start` up the ladder ([`LADDER`]), each rule set with lengths up to `max_len`,
/// until the puzzle is solved, the path has `max_steps` steps, the last rule set stops, or
/// a job-wide limit of `limits` cuts it. Every step is verified as in
/// [`crate::resolution::solve`] (`solution`, when given, at every step).
pub fn solve_escalating(
    start: &State,
    solution: Option<&[u8; 81]>,
    (max_len, max_steps): (usize, usize),
    limits: Limits,
    pace: Pace,
) -> Result<Escalated, EscalationError> {
    let several_solutions = has_several_solutions(start, solution);
    // a puzzle no rule set solves stays with the first
    let ladder = if several_solutions {
        &LADDER[..1]
    } else {
        &LADDER[..]
    };
    let mut walk = Walk::new(start);
    let mut job = Meter::new(limits);
    let mut escalations = Vec::new();
    let mut stopped = None;
    for (k, &rung) in ladder.iter().enumerate() {
        let rules = rung.rules(max_len)?;
        // a searcher per rule set (what it learns of a state serves its own rules), the
        // job's meter carried through all of them, each until its share of the time
        let until = share_deadline(limits.deadline, ladder.len() - k);
        let share = until.map(|t| t.saturating_duration_since(Instant::now()));
        let mut searcher = Searcher::new().with_meter(match until {
            Some(t) => job.part_until(t),
            None => job.clone(),
        });
        let cut_at_end = match pace {
            Pace::Steps => walk.extend(&rules, solution, max_steps, &mut searcher)?,
            Pace::Rounds => {
                walk.extend_all_at_once(&rules, solution, &mut searcher)?;
                None
            }
        };
        job.absorb(searcher.meter());
        let cut = searcher.stopped().or(cut_at_end);
        if walk.state.is_solved() || walk.steps.len() >= max_steps {
            break;
        }
        let why = match (cut, share) {
            (None, _) => Handover::Stuck,
            // its own deadline, before the job's
            (Some(s), Some(share)) if s.stop == Stop::Deadline && !limits.past_deadline() => {
                Handover::OutOfTime {
                    searching: s.rule,
                    share,
                }
            }
            (Some(s), _) if s.stop.ends_the_job() => {
                stopped = cut;
                break;
            }
            (Some(s), _) => Handover::Cut(s),
        };
        let Some(&to) = ladder.get(k + 1) else {
            stopped = cut;
            break;
        };
        escalations.push(Escalation {
            from: rung,
            from_described: rung.describe(&rules),
            to,
            after_step: walk.steps.len(),
            why,
        });
    }
    Ok(Escalated {
        resolution: walk.finish(stopped),
        escalations,
        several_solutions,
    })
}

/// The deadline of one of the `left` parts of a job (itself included) that share what
/// remains of the job's time until its `deadline` equally: none without a job deadline.
pub fn share_deadline(deadline: Option<Instant>, left: usize) -> Option<Instant> {
    let d = deadline?;
    let now = Instant::now();
    let parts = u32::try_from(left.max(1)).unwrap_or(u32::MAX);
    Some(now + d.saturating_duration_since(now) / parts)
}

/// Whether `start` has several solutions: not when its `solution` is given (a unique one),
/// else as the exact solver counts them (up to 2).
pub fn has_several_solutions(start: &State, solution: Option<&[u8; 81]>) -> bool {
    solution.is_none() && count_solutions(start, 2).count >= 2
}

/// What the ladder says of a rule set that does not solve a puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suggestion {
    /// The first rule set tried that solves the puzzle from its start.
    pub solves: Option<Rung>,
    /// The rule sets tried, in order, each with the limit that cut its path, if one did.
    pub tried: Vec<(Rung, Option<Stopped>)>,
    /// The puzzle has several solutions: no rule set solves it, none was tried.
    pub several_solutions: bool,
}

impl Suggestion {
    /// The limit that cut the last try, when it was the job's (no later rule set was
    /// tried; the last try's share of the time is what remained of the job's).
    pub fn cut(&self) -> Option<(Rung, Stopped)> {
        match self.tried.last() {
            Some(&(rung, Some(s))) if s.stop.ends_the_job() => Some((rung, s)),
            _ => None,
        }
    }
}

/// The rule sets of the ladder above the named one, `named` (the `--rules` text) with its
/// rules `named_rules`: the rungs after it when it is one, else every rung with a rule it
/// lacks.
pub fn rungs_above(
    named: &str,
    named_rules: &[Rule],
    max_len: usize,
) -> Result<Vec<Rung>, EscalationError> {
    if let Some(k) = LADDER.iter().position(|r| r.is_named(named)) {
        return Ok(LADDER[k + 1..].to_vec());
    }
    let mut above = Vec::new();
    for rung in LADDER {
        if !rung.rules(max_len)?.iter().all(|r| named_rules.contains(r)) {
            above.push(rung);
        }
    }
    Ok(above)
}

/// Try the rule sets of the ladder above `named` ([`rungs_above`]) in turn, each from
/// `start` with lengths up to `max_len`, within `limits` (the named set's own: one deadline
/// for all, each try an equal share of the time left: [`share_deadline`]), until one
/// solves the puzzle or a job-wide limit cuts a try.
pub fn suggest(
    start: &State,
    (named, named_rules): (&str, &[Rule]),
    solution: Option<&[u8; 81]>,
    max_len: usize,
    limits: Limits,
) -> Result<Suggestion, EscalationError> {
    let mut suggestion = Suggestion {
        several_solutions: has_several_solutions(start, solution),
        ..Suggestion::default()
    };
    if suggestion.several_solutions {
        return Ok(suggestion);
    }
    let above = rungs_above(named, named_rules, max_len)?;
    for (k, &rung) in above.iter().enumerate() {
        let share = Limits {
            deadline: share_deadline(limits.deadline, above.len() - k),
            ..limits
        };
        let r = solve_within(start, &rung.rules(max_len)?, solution, share)?;
        suggestion.tried.push((rung, r.stopped));
        if r.solved {
            suggestion.solves = Some(rung);
            break;
        }
        // the job's limit, not the try's share of the time
        let own_share = |s: Stopped| s.stop == Stop::Deadline && !limits.past_deadline();
        if r.stopped
            .is_some_and(|s| s.stop.ends_the_job() && !own_share(s))
        {
            break;
        }
    }
    Ok(suggestion)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rung_is_a_rule_set_and_each_holds_rules_the_one_before_lacks() {
        let mut before: Vec<Rule> = Vec::new();
        for rung in LADDER {
            let rules = rung.rules(20).unwrap();
            assert!(!rules.is_empty(), "{rung}");
            assert!(
                rules.iter().any(|r| !before.contains(r)),
                "{rung} adds nothing"
            );
            before = rules;
        }
    }

    #[test]
    fn a_rung_is_described_with_its_cap() {
        let n = LADDER[0];
        assert_eq!(n.describe(&n.rules(20).unwrap()), "N (lengths up to 20)");
        let te = LADDER[4];
        assert_eq!(te.describe(&te.rules(20).unwrap()), "te (depths up to 3)");
    }

    #[test]
    fn above_a_rung_are_the_later_ones_and_above_a_list_those_with_rules_it_lacks() {
        let names = |v: Vec<Rung>| v.iter().map(|r| r.rules).collect::<Vec<_>>();
        let b = rules::parse("B", 20).unwrap().rules;
        assert_eq!(
            names(rungs_above("B", &b, 20).unwrap()),
            ["Trid-OR5W", "te"]
        );
        let te = rules::parse("te", 20).unwrap().rules;
        assert_eq!(
            names(rungs_above("te:3", &te, 20).unwrap()),
            ["N", "W", "B", "Trid-OR5W"]
        );
    }

    #[test]
    fn each_part_of_a_job_has_an_equal_share_of_the_time_left() {
        assert_eq!(share_deadline(None, 3), None);
        let deadline = Instant::now() + Duration::from_secs(30);
        let third = share_deadline(Some(deadline), 3).unwrap();
        // a third of the time left: 20 s of the 30 remain after it
        let after = deadline.saturating_duration_since(third);
        assert!(
            after <= Duration::from_secs(20) && after > Duration::from_secs(19),
            "{after:?}"
        );
        assert_eq!(share_deadline(Some(deadline), 1), Some(deadline));
    }

    #[test]
    fn a_handover_says_where_the_path_stopped() {
        let e = Escalation {
            from: LADDER[0],
            from_described: "N (lengths up to 20)".into(),
            to: LADDER[1],
            after_step: 41,
            why: Handover::Stuck,
        };
        assert_eq!(
            e.to_string(),
            "N (lengths up to 20) stops after step 41; escalating to W"
        );
        let at_start = Escalation {
            after_step: 0,
            ..e.clone()
        };
        assert!(at_start.to_string().contains("stops before step 1;"));
        let out_of_time = Escalation {
            why: Handover::OutOfTime {
                searching: LADDER[0].rules(20).unwrap()[0],
                share: Duration::from_secs(12),
            },
            ..e
        };
        assert!(
            out_of_time
                .to_string()
                .contains("after step 41, its share of the time (12.0 s) spent while searching "),
            "{out_of_time}"
        );
    }
}
