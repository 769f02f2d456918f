//! Explaining conclusions on one state: why does `r3c9<>8` hold (the shortest proof in
//! every technique asked for, or how far each searched), every elimination of a state under
//! its simplest technique (`explain --all`), and the next step a hint would show.
//!
//! Everything here reads the technique registry ([`crate::search::registry`]) and runs under
//! explicit [`Limits`]: a search stopped by a limit is reported as such ("stopped at length
//! 9: budget of 2,000,000 partial chains/whips spent"), never as "none". The command line
//! only renders what these functions return.
//!
//! # Simplest first
//!
//! A proof's rank is (its graded length — 0 for the basic and other fixed-size techniques —,
//! its technique's place in the registry). [`explain_all`] runs the fixed-size techniques
//! first, then each graded technique in registry order, and searches a target only up to the
//! length that could still beat the best proof it has: once a target has a proof of length
//! n, a later technique is searched for it only below n. The g-forms (g-whips, g-braids),
//! whose searches grow fastest, run only on targets nothing simpler proved. When the
//! solution is known, candidates of the solution are not searched at all (no sound proof
//! eliminates them).

use crate::graph::LinkIndex;
use crate::grid::{Candidate, Cell, Conclusion, Digit, State};
use crate::notation::lexer::LexError;
use crate::proof::Proof;
use crate::search::registry::{graded_length, Search};
use crate::search::{Limits, Meter, Rule, Searcher, Stop, TechniqueId};
use crate::study::resolution::{self, ResolutionError};
use serde_json::json;
use std::collections::BTreeMap;
use thiserror::Error;

/// A conclusion that does not read as `r3c9<>8` or `r3c9=8`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("malformed target {text:?}: expected r3c9<>8 (elimination) or r3c9=8 (placement) ({why})")]
pub struct BadConclusion {
    pub text: String,
    pub why: LexError,
}

/// Read a conclusion to explain: `r3c9<>8`, `r3c9≠8`, `r3c9 <> 8`, `r3c9=8` (through the
/// notation lexer).
pub fn read_target(text: &str) -> Result<Conclusion, BadConclusion> {
    text.parse::<Conclusion>().map_err(|why| BadConclusion {
        text: crate::grid::format::excerpt(text, 40),
        why,
    })
}

/// Why a conclusion cannot be explained on a state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExplainError {
    #[error("{conclusion} cannot be explained: {cell} already holds {value}")]
    Placed {
        conclusion: String,
        cell: Cell,
        value: Digit,
    },
    #[error("{digit} is not a candidate of {cell} in this state")]
    NotCandidate { cell: Cell, digit: Digit },
    #[error("{conclusion} cannot hold: {digit} is the solution of {cell}")]
    TrueCandidate {
        conclusion: String,
        cell: Cell,
        digit: Digit,
    },
    #[error("{conclusion} cannot hold: the solution of {cell} is {truth}")]
    WrongPlacement {
        conclusion: String,
        cell: Cell,
        truth: u8,
    },
}

impl Conclusion {
    /// Refuse conclusions on placed cells, on non-candidates, and false ones.
    pub fn validate(&self, state: &State, solution: Option<&[u8; 81]>) -> Result<(), ExplainError> {
        let (cell, digit) = (self.candidate.cell(), self.candidate.digit());
        let conclusion = self.to_string();
        if let Some(value) = state.value(cell) {
            return Err(ExplainError::Placed {
                conclusion,
                cell,
                value,
            });
        }
        if !state.has(self.candidate) {
            return Err(ExplainError::NotCandidate { cell, digit });
        }
        if let Some(sol) = solution {
            let truth = sol[cell.index()];
            if !self.placement && truth == digit.get() {
                return Err(ExplainError::TrueCandidate {
                    conclusion,
                    cell,
                    digit,
                });
            }
            if self.placement && truth != digit.get() {
                return Err(ExplainError::WrongPlacement {
                    conclusion,
                    cell,
                    truth,
                });
            }
        }
        Ok(())
    }
}

/// What to search.
#[derive(Clone, Debug)]
pub struct Options {
    /// The techniques, any order (the registry's order is used).
    pub techniques: Vec<TechniqueId>,
    /// The longest chain or whip searched.
    pub max_len: usize,
    /// The longest g-whip / g-braid searched (default: each one's cap within `max_len`).
    pub g_max_len: Option<usize>,
    pub limits: Limits,
}

impl Options {
    /// The longest length searched in `t`.
    pub fn bound(&self, t: TechniqueId) -> usize {
        t.length_bound(self.max_len, self.g_max_len)
    }
}

/// One row of an explanation: the basic rules together (`basic`), or one technique.
#[derive(Clone, Debug)]
pub struct Row {
    /// `basic`, or the technique's name.
    pub label: &'static str,
    /// The techniques searched for this row.
    pub techniques: Vec<TechniqueId>,
    pub proof: Option<Proof>,
    /// With no proof: why.
    pub none: NoProof,
}

/// Why a row has no proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoProof {
    /// A proof was found.
    Found,
    /// None of a fixed-size technique.
    None,
    /// None up to this length, searched completely.
    UpTo(usize),
    /// The technique only eliminates, and the conclusion is a placement.
    OnlyEliminates,
    /// A limit stopped the search: exact up to `searched_to` of `bound`.
    Stopped {
        stop: Stop,
        searched_to: usize,
        bound: usize,
    },
}

impl NoProof {
    /// `none up to length 10`, `none: g-braid searched to length 10 of 30; raise
    /// --g-max-len`, `stopped at length 9 of 20: budget ... spent`.
    pub fn text(&self, label: &str, max_len: usize) -> String {
        match self {
            NoProof::Found => String::new(),
            NoProof::None => "none".to_string(),
            NoProof::UpTo(n) if *n < max_len => {
                format!("none up to length {n} (of {max_len}: raise --g-max-len)")
            }
            NoProof::UpTo(n) => format!("none up to length {n}"),
            NoProof::OnlyEliminates => "none (this family only eliminates)".to_string(),
            NoProof::Stopped {
                stop,
                searched_to,
                bound,
            } => format!(
                "{label} not searched beyond length {searched_to} of {bound}: {stop}; raise --budget or --timeout"
            ),
        }
    }
}

/// The rows of an explanation in display order: `basic` first when any basic rule is
/// asked for, then each other technique.
pub fn rows_for(techniques: &[TechniqueId]) -> Vec<(&'static str, Vec<TechniqueId>)> {
    let mut sorted = techniques.to_vec();
    sorted.sort();
    sorted.dedup();
    let basic: Vec<TechniqueId> = sorted.iter().copied().filter(|t| t.is_basic()).collect();
    let mut rows = Vec::new();
    if !basic.is_empty() {
        rows.push(("basic", basic));
    }
    rows.extend(
        sorted
            .into_iter()
            .filter(|t| !t.is_basic())
            .map(|t| (t.name(), vec![t])),
    );
    rows
}

/// The rank of a proof found by `t`: graded length, then registry order.
fn rank(t: TechniqueId, p: &Proof) -> (usize, usize) {
    (graded_length(p), t.index())
}

/// Every instance of a fixed-size technique.
fn fixed_size_proofs(searcher: &mut Searcher, t: TechniqueId, links: &LinkIndex) -> Vec<Proof> {
    searcher.find(t.rule(0), links, usize::MAX)
}

/// The explanation of one conclusion.
#[derive(Clone, Debug)]
pub struct TargetReport {
    pub conclusion: Conclusion,
    pub rows: Vec<Row>,
    /// The index in `rows` of the simplest proof, if any.
    pub simplest: Option<usize>,
}

/// The shortest proof of `conclusion` in every row of `options.techniques`, each verified
/// with [`crate::proof::check`] and against the solution when it is known.
pub fn explain_target(
    state: &State,
    conclusion: Conclusion,
    solution: Option<&[u8; 81]>,
    options: &Options,
) -> Result<TargetReport, ResolutionError> {
    let links = LinkIndex::new(state);
    let mut searcher = Searcher::new();
    let mut meter = Meter::new(options.limits);
    let z = conclusion.candidate;
    let concludes = |p: &Proof| {
        if conclusion.placement {
            p.assertions.contains(&z)
        } else {
            p.eliminations.contains(&z)
        }
    };
    let mut rows = Vec::new();
    for (label, techniques) in rows_for(&options.techniques) {
        let first = techniques[0];
        let (proof, none) = if first.is_fixed_size() {
            let proof = techniques.iter().find_map(|&t| {
                fixed_size_proofs(&mut searcher, t, &links)
                    .into_iter()
                    .find(|p| concludes(p))
            });
            (proof, NoProof::None)
        } else if conclusion.placement {
            (None, NoProof::OnlyEliminates)
        } else {
            let bound = options.bound(first);
            let answer = searcher.search_target(first, &links, z, bound, &mut meter);
            let none = match answer.stopped {
                Some(stop) => NoProof::Stopped {
                    stop,
                    searched_to: answer.searched_to.min(bound),
                    bound,
                },
                None => NoProof::UpTo(bound),
            };
            (answer.proof, none)
        };
        if let Some(p) = &proof {
            resolution::verify(state, p, solution, 1, &p.rule)?;
        }
        rows.push(Row {
            label,
            none: if proof.is_some() {
                NoProof::Found
            } else {
                none
            },
            techniques,
            proof,
        });
    }
    let simplest = rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.proof.as_ref().map(|p| (i, rank(r.techniques[0], p))))
        .min_by_key(|(_, key)| *key)
        .map(|(i, _)| i);
    Ok(TargetReport {
        conclusion,
        rows,
        simplest,
    })
}

/// The JSON of `explain --json`: the puzzle line, the target, each row's proof (family,
/// length, nrc text, proof) or how far it searched, and the simplest proof.
pub fn target_json(
    state: &State,
    line: &str,
    report: &TargetReport,
    options: &Options,
) -> serde_json::Value {
    let text = |p: &Proof| crate::notation::nrc::nrc_text(state, p);
    let families: Vec<serde_json::Value> = report
        .rows
        .iter()
        .map(|r| match &r.proof {
            Some(p) => {
                json!({"family": r.label, "length": p.length, "text": text(p), "proof": p})
            }
            None => none_json(r, options),
        })
        .collect();
    let simplest = report.simplest.map(|i| &report.rows[i]);
    json!({
        "puzzle": line,
        "target": report.conclusion.to_string(),
        "families": families,
        "simplest": simplest.and_then(|r| r.proof.as_ref().map(|p| json!({"family": r.label, "text": text(p)}))),
    })
}

/// A row without a proof as JSON: how far it searched, and why it stopped.
fn none_json(r: &Row, options: &Options) -> serde_json::Value {
    match &r.none {
        NoProof::Stopped {
            stop,
            searched_to,
            bound,
        } => {
            json!({"family": r.label, "proof": null, "none_up_to": searched_to, "bound": bound, "stopped": stop.to_string()})
        }
        NoProof::UpTo(n) => json!({"family": r.label, "proof": null, "none_up_to": n}),
        NoProof::None | NoProof::OnlyEliminates | NoProof::Found => {
            json!({"family": r.label, "proof": null, "none_up_to": options.bound(r.techniques[0])})
        }
    }
}

/// Progress of a long explanation, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// (length, technique) passes done and planned.
    pub done: u64,
    pub total: u64,
    /// The technique being searched, and at which length.
    pub technique: TechniqueId,
    pub length: usize,
}

/// One elimination under the simplest technique and length that proves it.
#[derive(Clone, Debug)]
pub struct Explained {
    pub candidate: Candidate,
    pub technique: TechniqueId,
    /// The graded length (0 for fixed-size techniques).
    pub length: usize,
    pub proof: Proof,
}

/// Targets of one technique whose search a limit cut short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unexplored {
    pub technique: TechniqueId,
    /// How many targets.
    pub targets: usize,
    /// Their answers are exact up to this length.
    pub searched_to: usize,
    /// The length they should have been searched to.
    pub bound: usize,
    pub stop: Stop,
}

/// Every elimination found, and how far the search went.
#[derive(Clone, Debug)]
pub struct AllReport {
    /// By (length, technique order), then candidate.
    pub eliminations: Vec<Explained>,
    /// Every target without a proof was searched by every technique up to this length
    /// (within each technique's bound).
    pub complete_to: usize,
    /// The job's limit that ended it early, with the length and technique it stopped in.
    pub stopped: Option<(Stop, usize, TechniqueId)>,
    /// Targets whose own search was capped ([`Stop::SearchBudget`]), per technique.
    pub capped: Vec<Unexplored>,
    /// Partial chains/whips explored.
    pub spent: u64,
}

/// Every elimination of the state under its simplest technique, within `options.limits`
/// (see the module doc). Breadth-first by length across techniques: the fixed-size
/// techniques first, then length 1 of every graded technique in registry order, then
/// length 2, and so on — so a budget is spent on the simplest proofs first, and a target is
/// searched at length n only while it has no proof of length < n. `progress` is called
/// after every (length, technique) pass.
pub fn explain_all(
    state: &State,
    solution: Option<&[u8; 81]>,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<AllReport, ResolutionError> {
    let links = LinkIndex::new(state);
    let mut searcher = Searcher::new();
    let mut meter = Meter::new(options.limits);
    let mut best: BTreeMap<Candidate, Explained> = BTreeMap::new();
    let mut techniques = options.techniques.clone();
    techniques.sort();
    techniques.dedup();
    // the targets: every open candidate, less the solution's (nothing sound eliminates them)
    let targets: Vec<Candidate> = state
        .candidates()
        .iter()
        .filter(|&c| solution.is_none_or(|sol| !resolution::is_solution(sol, c)))
        .collect();
    let record = |best: &mut BTreeMap<Candidate, Explained>, t: TechniqueId, p: &Proof| {
        let key = rank(t, p);
        for &c in &p.eliminations {
            let better = best
                .get(&c)
                .is_none_or(|e| key < (e.length, e.technique.index()));
            if better {
                best.insert(
                    c,
                    Explained {
                        candidate: c,
                        technique: t,
                        length: key.0,
                        proof: p.clone(),
                    },
                );
            }
        }
    };
    for &t in techniques.iter().filter(|t| t.is_fixed_size()) {
        for p in fixed_size_proofs(&mut searcher, t, &links) {
            resolution::verify(state, &p, solution, 1, &p.rule)?;
            record(&mut best, t, &p);
        }
    }
    let graded: Vec<TechniqueId> = techniques
        .iter()
        .copied()
        .filter(|t| !t.is_fixed_size())
        .collect();
    let longest = graded.iter().map(|&t| options.bound(t)).max().unwrap_or(0);
    let total: u64 = (1..=longest)
        .map(|n| graded.iter().filter(|&&t| options.bound(t) >= n).count() as u64)
        .sum();
    // (technique, target) pairs with no proof at any length
    let mut dead = std::collections::HashSet::new();
    let mut capped: BTreeMap<TechniqueId, Unexplored> = BTreeMap::new();
    let mut stopped = None;
    let mut complete_to = longest;
    let mut done = 0u64;
    'lengths: for n in 1..=longest {
        for &t in graded.iter().filter(|&&t| options.bound(t) >= n) {
            for &z in &targets {
                if best.contains_key(&z) || dead.contains(&(t, z)) {
                    continue;
                }
                if let Some(stop) = meter.check() {
                    stopped = Some((stop, n, t));
                    complete_to = n - 1;
                    break 'lengths;
                }
                let answer = searcher.search_target(t, &links, z, n, &mut meter);
                if answer.dead {
                    dead.insert((t, z));
                }
                if let Some(p) = &answer.proof {
                    resolution::verify(state, p, solution, 1, &p.rule)?;
                    record(&mut best, t, p);
                } else if let Some(stop) = answer.stopped {
                    if stop != Stop::SearchBudget {
                        stopped = Some((stop, n, t));
                        complete_to = n - 1;
                        break 'lengths;
                    }
                    let u = capped.entry(t).or_insert(Unexplored {
                        technique: t,
                        targets: 0,
                        searched_to: n,
                        bound: options.bound(t),
                        stop,
                    });
                    u.targets += 1;
                    u.searched_to = u.searched_to.min(answer.searched_to);
                    // not searched again at greater lengths: reported as capped
                    dead.insert((t, z));
                }
            }
            done += 1;
            progress(Progress {
                done,
                total,
                technique: t,
                length: n,
            });
        }
    }
    let mut eliminations: Vec<Explained> = best.into_values().collect();
    eliminations.sort_by_key(|e| (e.length, e.technique, e.candidate));
    Ok(AllReport {
        eliminations,
        complete_to,
        stopped,
        capped: capped.into_values().collect(),
        spent: meter.spent(),
    })
}

/// The simplest step of `rules` on the state (the next hint).
pub fn next_step(state: &State, rules: &[Rule]) -> Option<Proof> {
    Searcher::new().first_step(rules, &LinkIndex::new(state))
}

/// Whether a technique's search can conclude placements (only fixed-size ones can).
pub fn may_place(t: TechniqueId) -> bool {
    matches!(t.get().search, Search::Basic(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conclusions_read_both_forms_and_refuse_junk() {
        let c: Conclusion = "r3c9<>8".parse().unwrap();
        assert!(!c.placement);
        assert_eq!(c.to_string(), "r3c9<>8");
        assert_eq!(" r3c9 ≠ 8".parse::<Conclusion>().unwrap(), c);
        let p: Conclusion = "r3c9=8".parse().unwrap();
        assert!(p.placement);
        for bad in ["r3c9", "r0c9<>8", "r3c9<>0", "x<>1", ""] {
            assert!(bad.parse::<Conclusion>().is_err(), "{bad}");
        }
    }

    #[test]
    fn rows_group_the_basic_rules_first() {
        let all: Vec<TechniqueId> = TechniqueId::all().collect();
        let rows = rows_for(&all);
        assert_eq!(rows[0].0, "basic");
        assert_eq!(rows[0].1.len(), 14);
        assert_eq!(rows[1].0, "squirmbag");
        assert_eq!(rows.last().unwrap().0, "force-net-contradiction");
        assert!(rows.iter().any(|r| r.0 == "g-braid"));
    }
}
