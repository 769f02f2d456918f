//! Explaining conclusions on one state: why does `r3c9<>8` (or `r1c4=9`) hold — the
//! shortest proof in every technique asked for (by default every technique of the registry,
//! grouped by system), or how far each searched —, every elimination of a state under its
//! simplest technique (`explain --all`), and the next step a hint would show.
//!
//! Everything here reads the technique registry ([`sudolink_search::registry`]) and runs under
//! explicit [`Limits`]: a search stopped by a limit is reported as such ("stopped at length
//! 9: budget of 2,000,000 partial chains/whips spent", "not searched: time limit reached"),
//! never as "none". The command line and the explorer only render what these functions
//! return.
//!
//! # Budgets
//!
//! One target's explanation shares its limits among its rows: each row (the basic rules
//! together, then every other technique in the systems' order) gets the time and work left
//! divided by the rows left, so a row that finishes early leaves its share to the next and a
//! slow family cannot starve the others; a row cut by its share says so.
//!
//! The rows may run on several threads at once ([`Options::threads`]), each thread with its
//! own [`Searcher`] and the rows that share a searcher's work on one thread; a row then gets
//! the time left divided by the rows its thread still has. The answers are those of one
//! thread. A work budget keeps the rows in order on one thread, so that where it stops
//! does not depend on timing.
//!
//! # Placements
//!
//! A placement `r1c4=9` is explained by every technique that can assert a value
//! ([`TechniqueId::may_place`]: the singles, force chains and nets in cell and house mode,
//! the bivalue hypothesis) and by a composite proof
//! ([`sudolink_engine::proof::composite`]): each other candidate of the cell, or each other place of
//! the digit in one of its houses, eliminated by its simplest proof (found by
//! [`explain_all`] on those targets only); of the four forms the one whose hardest part is
//! simplest is kept.
//!
//! # The answer first
//!
//! [`TargetReport::answer`] orders an explanation as the command line, its JSON
//! ([`target_json`]) and the explorer show it: the simplest proof with the techniques that
//! found the same step (the same text but for the technique's name), then the other proofs
//! grouped the same way, simplest first, then the rows that found nothing by why (none,
//! none up to a length, only eliminate, cut by a limit — a cut is never left out).
//!
//! # Simplest first
//!
//! Proofs are ranked by the one simplest-first scale `solve` orders its rules by
//! ([`sudolink_search::registry::place`]: the technique at its length on the scale, then the
//! registry's order), so the simplest proof of a step `solve` takes is that step's rule.
//! [`explain_all`] runs the techniques found whole first, then every (technique searched by
//! length, length) pass in the scale's order, and searches a target in a pass only while the
//! pass could still beat the best proof it has: a target proved at a place is never searched
//! by a later pass. So the g-forms (g-whips, g-braids), whose searches grow fastest and which
//! come late at each length, run only on targets nothing simpler proved. When the solution
//! is known, candidates of the solution are not searched at all (no sound proof eliminates
//! them). Every length shown is the length on the scale ([`registry::length_on_scale`]:
//! CSP variables, or the equivalent length of nets and tagging).
//!
//! Each row's searcher is [`Searcher::for_one_target`]: its disproof searches (hypothesis,
//! depth, depth2) assume the target alone, not every candidate of the state, with the same
//! answers. In the explorer, explaining `r1c2<>8` on Ocean #1's start with every family at
//! length 20 went from 123 to 63 ms (about 0.5×).

use crate::resolution::{self, ResolutionError};
use std::collections::BTreeMap;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::lexer::LexError;
use sudolink_engine::grid::{Candidate, Cell, Conclusion, Digit, State};
use sudolink_engine::proof::composite::CompositePattern;
use sudolink_engine::proof::Pattern;
use sudolink_engine::proof::Proof;
use sudolink_notation::view::catalogue::TechniqueView;
use sudolink_notation::view::explain::{AllEliminationView, AllView, CappedView};
use sudolink_search::registry::SearcherShare;
use sudolink_search::registry::{self, NameOnly, Place, System};
pub use sudolink_search::Limits;
use sudolink_search::{Meter, Rule, Searcher, Stop, TechniqueId};
use thiserror::Error;

mod view;
pub use view::target_json;

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
        text: sudolink_engine::grid::format::excerpt(text, 40),
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

/// Refuses a conclusion on a placed cell, on a non-candidate, or a false one.
pub fn validate(
    conclusion: &Conclusion,
    state: &State,
    solution: Option<&[u8; 81]>,
) -> Result<(), ExplainError> {
    let (cell, digit) = (conclusion.candidate.cell(), conclusion.candidate.digit());
    let text = conclusion.to_string();
    if let Some(value) = state.value(cell) {
        return Err(ExplainError::Placed {
            conclusion: text.clone(),
            cell,
            value,
        });
    }
    if !state.has(conclusion.candidate) {
        return Err(ExplainError::NotCandidate { cell, digit });
    }
    if let Some(sol) = solution {
        let truth = sol[cell.index()];
        if !conclusion.placement && truth == digit.get() {
            return Err(ExplainError::TrueCandidate {
                conclusion: text.clone(),
                cell,
                digit,
            });
        }
        if conclusion.placement && truth != digit.get() {
            return Err(ExplainError::WrongPlacement {
                conclusion: text.clone(),
                cell,
                truth,
            });
        }
    }
    Ok(())
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
    /// Threads one target's rows may run on at once (1: in order on the caller's thread);
    /// see [`Options::lanes`].
    pub threads: usize,
}

impl Options {
    /// The threads one target's rows run on: `threads`, but one under a work budget — the
    /// budget is shared in the rows' order (each row gets the work left divided by the rows
    /// left), so that where it stops does not depend on which thread finished first.
    pub fn lanes(&self) -> usize {
        if self.limits.budget.is_some() {
            1
        } else {
            self.threads.max(1)
        }
    }

    /// The longest length searched in `t`.
    pub fn bound(&self, t: TechniqueId) -> usize {
        t.length_bound(self.max_len, self.g_max_len)
    }
}

/// The JSON Schema of [`target_json`]'s view (`explain --json` of one target, the
/// explorer's `/api/explain`).
pub const JSON_SCHEMA: &str = include_str!("explain.schema.json");

/// The techniques `explain` asks when none are named: every technique of the registry but
/// those asked by name only ([`NameOnly`]: trial and error, SudoRules' Subsets and finned
/// fish by size, eleven's patterns, Sudoku Explainer's producers, and the uniqueness rules,
/// which assume that the puzzle has one solution and join with `uniqueness` true).
pub fn default_techniques_with(uniqueness: bool) -> Vec<TechniqueId> {
    TechniqueId::all()
        .filter(|t| match t.get().name_only {
            None => true,
            Some(group) => uniqueness && group == NameOnly::Uniqueness,
        })
        .collect()
}

/// The techniques asked by name only that `asked` leaves out, said so (never a silent
/// omission), group by group: `not asked (by name only): te, bxb, bxbb (trial and error);
/// SudoRules' Subsets and finned fish by size (sudorules-subsets, sudorules-finned-fish);
/// ...`.
pub fn not_asked(asked: &[TechniqueId]) -> Option<String> {
    let parts: Vec<String> = NameOnly::ALL
        .into_iter()
        .filter_map(|group| {
            let left: Vec<&str> = TechniqueId::all()
                .filter(|t| t.get().name_only == Some(group) && !asked.contains(t))
                .map(|t| t.name())
                .collect();
            (!left.is_empty()).then(|| group.left_out(&left))
        })
        .collect();
    (!parts.is_empty()).then(|| format!("not asked (by name only): {}", parts.join("; ")))
}

/// The techniques a list names (`explain --rules`): registry names and sets, or the
/// techniques of a rule set `solve --rules` takes (`basic`, a scheme), in their order,
/// each once.
pub fn techniques_of(
    list: &str,
    max_len: usize,
) -> Result<Vec<TechniqueId>, registry::UnknownTechnique> {
    let named = match registry::parse_list(list) {
        Ok(named) => named,
        Err(e) => match crate::rules::parse(list, max_len) {
            Ok(spec) if !list.contains(',') => spec.rules.iter().map(|r| r.technique).collect(),
            _ => return Err(e),
        },
    };
    let mut once = Vec::new();
    for t in named {
        if !once.contains(&t) {
            once.push(t);
        }
    }
    Ok(once)
}

/// [`default_techniques_with`] without the uniqueness techniques.
pub fn default_techniques() -> Vec<TechniqueId> {
    default_techniques_with(false)
}

/// Default time limit of one target's explanation, shared among its rows (seconds): on
/// this project's 2-core reference machine every state of top1465 and of HoDoKu's library
/// answers within 2 s and 300 MB, start-up included.
pub const TARGET_TIMEOUT_S: f64 = 1.5;
/// Default limits of `--all` (every technique): within 5 s and 300 MB.
pub const ALL_BUDGET: u64 = 4_000_000;
pub const ALL_TIMEOUT_S: f64 = 4.0;
/// Default memory ceiling (MB) of both.
pub const MEMORY_MB: u64 = 280;
/// Default longest proof of an explanation (the command line's and the page's): the one
/// default of `solve`, `rate` and `explain` ([`crate::rules::DEFAULT_MAX_LEN`]).
pub const MAX_LEN: usize = crate::rules::DEFAULT_MAX_LEN;

/// What an explanation asks: one target, every elimination (`--all`), or the next step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    Target,
    All,
    Next,
}

/// The limits of an explanation: each one given (`Some(0)` for none), or its default for
/// what is asked ([`ALL_BUDGET`] and [`ALL_TIMEOUT_S`] for every elimination,
/// [`TARGET_TIMEOUT_S`] for a target, no time limit for the next step; [`MEMORY_MB`]).
pub fn limits(
    asked: Asked,
    budget: Option<u64>,
    timeout_s: Option<f64>,
    memory_mb: Option<u64>,
) -> Limits {
    let budget = match budget {
        Some(0) => None,
        Some(b) => Some(b),
        None => (asked == Asked::All).then_some(ALL_BUDGET),
    };
    let timeout = match (timeout_s, asked) {
        (Some(0.0), _) => None,
        (Some(s), _) => Some(s),
        (None, Asked::All) => Some(ALL_TIMEOUT_S),
        (None, Asked::Next) => None,
        (None, Asked::Target) => Some(TARGET_TIMEOUT_S),
    };
    let memory = memory_mb.or(Some(MEMORY_MB));
    Limits::new(
        budget,
        timeout.map(std::time::Duration::from_secs_f64),
        memory.map(|mb| mb * 1_000_000),
    )
}

/// One row of an explanation: the basic rules together (`basic`), or one technique.
#[derive(Clone, Debug)]
pub struct Row {
    /// `basic`, or the technique's name.
    pub label: &'static str,
    /// The system the row belongs to.
    pub system: System,
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
    /// A limit stopped the search: exact up to `searched_to` of `bound` (0: not searched).
    Stopped {
        stop: Stop,
        searched_to: usize,
        bound: usize,
    },
}

impl NoProof {
    /// `none up to length 10`, `none: g-braid searched to length 10 of 30; raise
    /// --g-max-len`, `stopped at length 9 of 20: budget ... spent`, `not searched: time
    /// limit reached (its share of the time limit)`.
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
                stop, searched_to, ..
            } if *searched_to == 0 => {
                format!("not searched: {stop} (its share of the limits); raise --timeout or --budget")
            }
            NoProof::Stopped {
                stop,
                searched_to,
                bound,
            } => format!(
                "{label} not searched beyond length {searched_to} of {bound}: {stop}; raise --budget or --timeout"
            ),
        }
    }

    /// The JSON status word: `proof`, `none`, `only_eliminates` or `not_searched`.
    pub fn status(&self) -> &'static str {
        match self {
            NoProof::Found => "proof",
            NoProof::None | NoProof::UpTo(_) => "none",
            NoProof::OnlyEliminates => "only_eliminates",
            NoProof::Stopped { .. } => "not_searched",
        }
    }
}

/// The rows of an explanation in display order, grouped by system in [`System::ALL`]'s
/// order: `basic` first when any basic rule is asked for, then each other technique in
/// registry order.
pub fn rows_for(techniques: &[TechniqueId]) -> Vec<(&'static str, Vec<TechniqueId>)> {
    let mut sorted = techniques.to_vec();
    sorted.sort_by_key(|t| (t.system(), *t));
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

/// Every instance of a technique found whole, whatever its length.
fn fixed_size_proofs(
    searcher: &mut Searcher,
    t: TechniqueId,
    links: &LinkIndex,
    limits: &Limits,
) -> Result<Vec<Proof>, Stop> {
    searcher.find_within(t.whole(), links, usize::MAX, *limits)
}

/// The explanation of one conclusion.
#[derive(Clone, Debug)]
pub struct TargetReport {
    pub conclusion: Conclusion,
    pub rows: Vec<Row>,
    /// For a placement: the composite proof (every other candidate of the cell, or every
    /// other place of the digit in a house, eliminated by its simplest proof), or why none.
    pub composite: Option<Result<Proof, NoProof>>,
    /// The simplest proof of all (a row's or the composite), on the scale.
    pub simplest: Option<Simplest>,
}

/// Where the simplest proof of a report is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simplest {
    /// A row (its index in `rows`).
    Row(usize),
    /// The composite placement.
    Composite,
}

impl TargetReport {
    /// The simplest proof and its label (the row's, or `composite`).
    pub fn simplest_proof(&self) -> Option<(&str, &Proof)> {
        match self.simplest? {
            Simplest::Row(i) => {
                let r = &self.rows[i];
                r.proof.as_ref().map(|p| (r.label, p))
            }
            Simplest::Composite => match &self.composite {
                Some(Ok(p)) => Some(("composite", p)),
                _ => None,
            },
        }
    }
}

/// One line of an answer: the techniques whose proofs are the same step (the same text but
/// for the technique's name: `hxy-rn3-chain {c9 c4}r4n3 - …` and `hxyt-rn3-chain {c9
/// c4}r4n3 - …`), simplest first.
#[derive(Clone, Debug)]
pub struct Group<'a> {
    /// The rows' labels (a technique's name, `basic` or `composite`), simplest first.
    pub labels: Vec<&'a str>,
    /// The first label's proof.
    pub proof: &'a Proof,
    /// Its length on the scale ([`registry::length_on_scale`]).
    pub length: usize,
}

/// A row cut by a limit: exact up to `searched_to` of `bound` (0: not searched).
#[derive(Clone, Debug)]
pub struct Cut<'a> {
    pub label: &'a str,
    pub searched_to: usize,
    pub bound: usize,
    pub stop: Stop,
}

/// The rows that found nothing, by why.
#[derive(Clone, Debug, Default)]
pub struct NothingFound<'a> {
    /// Fixed-size techniques with no instance concluding the target.
    pub none: Vec<&'a str>,
    /// None up to a length, every row searched completely to it: (length, labels), by length.
    pub up_to: Vec<(usize, Vec<&'a str>)>,
    /// A placement: the techniques that only eliminate (the composite proof stands for them).
    pub only_eliminates: Vec<&'a str>,
    /// Cut by a limit before its bound.
    pub cut: Vec<Cut<'a>>,
}

impl NothingFound<'_> {
    pub fn is_empty(&self) -> bool {
        self.none.is_empty()
            && self.up_to.is_empty()
            && self.only_eliminates.is_empty()
            && self.cut.is_empty()
    }

    /// One line: `nothing found: squirmbag, whale (none); xy, xyt (none up to length 20);
    /// g-braid (none up to length 10 of 20: raise --g-max-len); 62 techniques only eliminate
    /// (the composite proof stands for them); cut (time limit reached): whip, braid
    /// (searched to length 9 of 20); force-cell (not searched); raise --timeout or
    /// --budget`. A cut is never left out.
    pub fn text(&self, max_len: usize) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        let mut parts = Vec::new();
        if !self.none.is_empty() {
            parts.push(format!("{} (none)", self.none.join(", ")));
        }
        for (n, labels) in &self.up_to {
            let why = if *n < max_len {
                format!("none up to length {n} of {max_len}: raise --g-max-len")
            } else {
                format!("none up to length {n}")
            };
            parts.push(format!("{} ({why})", labels.join(", ")));
        }
        if !self.only_eliminates.is_empty() {
            parts.push(format!(
                "{} technique(s) only eliminate (the composite proof stands for them)",
                self.only_eliminates.len()
            ));
        }
        // the cut rows by limit, then by how far they searched, in the rows' order
        let mut cuts: Vec<(String, Vec<Reached>)> = Vec::new();
        for c in &self.cut {
            let stop = c.stop.to_string();
            let at = match cuts.iter().position(|(s, _)| *s == stop) {
                Some(i) => i,
                None => {
                    cuts.push((stop, Vec::new()));
                    cuts.len() - 1
                }
            };
            let reach = (c.searched_to, c.bound);
            match cuts[at].1.iter_mut().find(|(r, _)| *r == reach) {
                Some((_, labels)) => labels.push(c.label),
                None => cuts[at].1.push((reach, vec![c.label])),
            }
        }
        for (stop, reached) in &cuts {
            let rows: Vec<String> = reached
                .iter()
                .map(|((to, bound), labels)| {
                    let how = if *to == 0 {
                        "not searched".to_string()
                    } else {
                        format!("searched to length {to} of {bound}")
                    };
                    format!("{} ({how})", labels.join(", "))
                })
                .collect();
            parts.push(format!("cut ({stop}): {}", rows.join("; ")));
        }
        if !cuts.is_empty() {
            parts.push("raise --timeout or --budget".to_string());
        }
        Some(format!("nothing found: {}", parts.join("; ")))
    }
}

/// Cut rows that searched equally far: ((searched to, bound), labels).
type Reached<'a> = ((usize, usize), Vec<&'a str>);

/// An explanation as it is shown, the answer first (the command line, its JSON and the
/// explorer's page): the simplest proof with the techniques that found the same step, the
/// other proofs grouped where identical, simplest first, and the rows that found nothing.
#[derive(Clone, Debug)]
pub struct Answer<'a> {
    /// The simplest proof's group: its label first.
    pub simplest: Option<Group<'a>>,
    pub others: Vec<Group<'a>>,
    pub nothing: NothingFound<'a>,
}

/// What makes two proofs the same step: their text in our notation but for the rule's name
/// (`c3-chain n3{…} - …` and `nrc3-chain n3{…} - …`), and their length on the scale.
fn same_step_key(state: &State, p: &Proof) -> (usize, String) {
    let text = sudolink_notation::nrc::nrc_text(state, p);
    let body = text.strip_prefix(p.rule.as_str()).unwrap_or(&text);
    (registry::length_on_scale(p), body.to_string())
}

impl TargetReport {
    /// The answer first ([`Answer`]): every proof (each row's and the composite) grouped with
    /// the identical ones and ranked by the simplest of each group; the simplest proof's
    /// group first.
    pub fn answer(&self, state: &State) -> Answer<'_> {
        let mut proofs: Vec<(&str, &Proof)> = self
            .rows
            .iter()
            .filter_map(|r| r.proof.as_ref().map(|p| (r.label, p)))
            .collect();
        if let Some(Ok(p)) = &self.composite {
            proofs.push(("composite", p));
        }
        // the simplest first; a stable sort keeps the rows' order among equals
        proofs.sort_by_key(|(_, p)| registry::place(p));
        if let Some((label, p)) = self.simplest_proof() {
            let at = proofs
                .iter()
                .position(|(l, q)| *l == label && std::ptr::eq(*q, p))
                .expect("the simplest proof is a row's or the composite");
            let first = proofs.remove(at);
            proofs.insert(0, first);
        }
        let mut groups: Vec<((usize, String), Group)> = Vec::new();
        for (label, p) in proofs {
            let key = same_step_key(state, p);
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, g)) => g.labels.push(label),
                None => groups.push((
                    key.clone(),
                    Group {
                        labels: vec![label],
                        proof: p,
                        length: key.0,
                    },
                )),
            }
        }
        let mut groups = groups.into_iter().map(|(_, g)| g);
        let simplest = if self.simplest.is_some() {
            groups.next()
        } else {
            None
        };
        let others = groups.collect();
        let mut nothing = NothingFound::default();
        let nones = self.rows.iter().map(|r| (r.label, &r.none));
        let composite = match &self.composite {
            Some(Err(none)) => Some(("composite", none)),
            _ => None,
        };
        for (label, none) in nones.chain(composite) {
            match none {
                NoProof::Found => {}
                NoProof::None => nothing.none.push(label),
                NoProof::UpTo(n) => match nothing.up_to.iter_mut().find(|(m, _)| m == n) {
                    Some((_, labels)) => labels.push(label),
                    None => nothing.up_to.push((*n, vec![label])),
                },
                NoProof::OnlyEliminates => nothing.only_eliminates.push(label),
                NoProof::Stopped {
                    stop,
                    searched_to,
                    bound,
                } => nothing.cut.push(Cut {
                    label,
                    searched_to: *searched_to,
                    bound: *bound,
                    stop: *stop,
                }),
            }
        }
        nothing.up_to.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
        Answer {
            simplest,
            others,
            nothing,
        }
    }
}

/// A share of the limits left: the time and work left divided among `rows_left` rows.
fn share(limits: &Limits, spent: u64, rows_left: usize) -> Limits {
    let now = std::time::Instant::now();
    let rows = rows_left.max(1) as u64;
    Limits {
        budget: limits
            .budget
            .map(|b| (b.saturating_sub(spent) / rows).max(1)),
        deadline: limits
            .deadline
            .map(|d| now + d.saturating_duration_since(now) / rows as u32),
        ..*limits
    }
}

/// A row searched: the row and the work it spent, or why its proof failed verification.
type RowAnswer = Result<(Row, u64), ResolutionError>;

/// One conclusion to explain on one state: what every row's search reads.
struct Question<'a> {
    state: &'a State,
    links: &'a LinkIndex,
    conclusion: Conclusion,
    solution: Option<&'a [u8; 81]>,
    options: &'a Options,
}

impl Question<'_> {
    /// One row searched within `limits` on `searcher`, its proof verified: the row and the
    /// work it spent.
    fn row(
        &self,
        searcher: &mut Searcher,
        label: &'static str,
        techniques: Vec<TechniqueId>,
        limits: Limits,
    ) -> RowAnswer {
        let (links, conclusion) = (self.links, self.conclusion);
        let z = conclusion.candidate;
        let concludes = |p: &Proof| {
            if conclusion.placement {
                p.assertions.contains(&z)
            } else {
                p.eliminations.contains(&z)
            }
        };
        let first = techniques[0];
        let mut meter = Meter::new(limits);
        let above_bound =
            matches!(first.get().level, registry::Level::At(n) if n > self.options.bound(first));
        let (proof, none) = if above_bound {
            // a pattern whose level is above the length asked: not searched
            (None, NoProof::UpTo(self.options.bound(first)))
        } else if first.is_fixed_size() && !first.has_levels() {
            if conclusion.placement && !techniques.iter().any(|t| t.may_place()) {
                (None, NoProof::OnlyEliminates)
            } else {
                let mut answer = (None, NoProof::None);
                for &t in &techniques {
                    match fixed_size_proofs(searcher, t, links, &limits) {
                        Ok(proofs) => {
                            if let Some(p) = proofs.into_iter().find(|p| concludes(p)) {
                                answer = (Some(p), NoProof::None);
                                break;
                            }
                        }
                        Err(stop) => {
                            let cut = NoProof::Stopped {
                                stop,
                                searched_to: 0,
                                bound: 0,
                            };
                            answer = (None, cut);
                            break;
                        }
                    }
                }
                answer
            }
        } else if conclusion.placement && !first.may_place() {
            (None, NoProof::OnlyEliminates)
        } else {
            let bound = self.options.bound(first);
            let answer = if conclusion.placement {
                searcher.search_placement(first, links, z, bound, &mut meter)
            } else {
                searcher.search_target(first, links, z, bound, &mut meter)
            };
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
            resolution::verify(self.state, p, self.solution, 1, &p.rule)?;
        }
        let row = Row {
            label,
            system: first.system(),
            none: if proof.is_some() {
                NoProof::Found
            } else {
                none
            },
            techniques,
            proof,
        };
        Ok((row, meter.spent()))
    }

    /// The rows of `plan` searched on `lanes` threads (this one and `lanes - 1` more), each
    /// lane with its own [`Searcher`]: rows whose techniques share a searcher's work
    /// ([`TechniqueId::searcher_share`]) go to one lane together, the groups hardest first
    /// (the registry's last systems), each to the next free lane. Each row gets the time
    /// left divided by the rows its lane still has to search (its share of the rows not yet
    /// started); there is no work budget here ([`Options::lanes`]). The rows come back in
    /// `plan`'s order.
    fn rows_in_lanes(
        &self,
        plan: Vec<(&'static str, Vec<TechniqueId>)>,
        shares: usize,
        lanes: usize,
    ) -> Result<Vec<(Row, u64)>, ResolutionError> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Mutex;
        let mut groups: Vec<(SearcherShare, Vec<usize>)> = Vec::new();
        for (i, (_, techniques)) in plan.iter().enumerate() {
            let key = techniques[0].searcher_share();
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, rows)) => rows.push(i),
                None => groups.push((key, vec![i])),
            }
        }
        groups.reverse();
        let results: Vec<Mutex<Option<RowAnswer>>> =
            plan.iter().map(|_| Mutex::new(None)).collect();
        let (next_group, started) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let lane = || {
            let mut searcher = Searcher::for_one_target();
            while let Some((_, rows)) = groups.get(next_group.fetch_add(1, Ordering::Relaxed)) {
                for &i in rows {
                    let rows_left = shares - started.fetch_add(1, Ordering::Relaxed);
                    let limits = share(&self.options.limits, 0, rows_left.div_ceil(lanes));
                    let (label, techniques) = &plan[i];
                    let answer = self.row(&mut searcher, label, techniques.clone(), limits);
                    *results[i].lock().expect("no lane panicked") = Some(answer);
                }
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..lanes {
                scope.spawn(lane);
            }
            lane();
        });
        results
            .into_iter()
            .map(|r| {
                r.into_inner()
                    .expect("no lane panicked")
                    .expect("every row is searched")
            })
            .collect()
    }
}

/// The shortest proof of `conclusion` in every row of `options.techniques`, each verified
/// with [`sudolink_engine::proof::check`] and against the solution when it is known; for a placement
/// also the composite proof. The limits are shared among the rows (see the module doc);
/// the rows run on up to `options.threads` threads ([`Options::lanes`]).
pub fn explain_target(
    state: &State,
    conclusion: Conclusion,
    solution: Option<&[u8; 81]>,
    options: &Options,
) -> Result<TargetReport, ResolutionError> {
    let links = LinkIndex::new(state);
    let plan = rows_for(&options.techniques);
    // a placement's composite takes one share more
    let shares = plan.len() + usize::from(conclusion.placement);
    let question = Question {
        state,
        links: &links,
        conclusion,
        solution,
        options,
    };
    let lanes = options.lanes().min(plan.len().max(1));
    let searched = if lanes <= 1 {
        let mut searcher = Searcher::for_one_target();
        let mut spent = 0u64;
        let mut searched = Vec::with_capacity(plan.len());
        for (i, (label, techniques)) in plan.into_iter().enumerate() {
            let limits = share(&options.limits, spent, shares - i);
            let (row, used) = question.row(&mut searcher, label, techniques, limits)?;
            spent += used;
            searched.push((row, used));
        }
        searched
    } else {
        question.rows_in_lanes(plan, shares, lanes)?
    };
    let spent: u64 = searched.iter().map(|(_, used)| used).sum();
    let rows: Vec<Row> = searched.into_iter().map(|(row, _)| row).collect();
    let composite = if conclusion.placement {
        let limits = share(&options.limits, spent, 1);
        Some(composite_placement(
            state,
            conclusion.candidate,
            solution,
            options,
            limits,
        )?)
    } else {
        None
    };
    let mut candidates: Vec<(Simplest, &Proof)> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.proof.as_ref().map(|p| (Simplest::Row(i), p)))
        .collect();
    if let Some(Ok(p)) = &composite {
        candidates.push((Simplest::Composite, p));
    }
    let simplest = candidates
        .into_iter()
        .min_by_key(|(_, p)| registry::place(p))
        .map(|(s, _)| s);
    Ok(TargetReport {
        conclusion,
        rows,
        composite,
        simplest,
    })
}

/// The composite proof of placing `z`: of the four forms (the cell's other candidates,
/// the digit's other places in its row, column and block), the one whose hardest part is
/// simplest, every part the simplest proof [`explain_all`] finds within `limits`; or why
/// there is none.
fn composite_placement(
    state: &State,
    z: Candidate,
    solution: Option<&[u8; 81]>,
    options: &Options,
    limits: Limits,
) -> Result<Result<Proof, NoProof>, ResolutionError> {
    let cell = z.cell();
    let forms: Vec<Option<sudolink_engine::grid::House>> = std::iter::once(None)
        .chain(
            [
                sudolink_engine::grid::House::Row(cell.row() as u8),
                sudolink_engine::grid::House::Column(cell.col() as u8),
                sudolink_engine::grid::House::Block(cell.block() as u8),
            ]
            .into_iter()
            .map(Some),
        )
        .collect();
    let others = |house: Option<sudolink_engine::grid::House>| {
        CompositePattern {
            placement: z,
            house,
            parts: vec![],
        }
        .others(state)
    };
    let mut targets: Vec<Candidate> = forms.iter().flat_map(|&h| others(h)).collect();
    targets.sort();
    targets.dedup();
    let options = Options {
        limits,
        ..options.clone()
    };
    let all = explain_all_targets(state, solution, &options, Some(&targets), &mut |_| {})?;
    let best: BTreeMap<Candidate, &Explained> =
        all.eliminations.iter().map(|e| (e.candidate, e)).collect();
    let mut choices = Vec::new();
    for house in forms {
        let needed = others(house);
        if needed.is_empty() || !needed.iter().all(|c| best.contains_key(c)) {
            continue;
        }
        // one part per distinct proof, in the order of the candidates they eliminate
        let mut parts: Vec<Proof> = Vec::new();
        for c in &needed {
            let p = &best[c].proof;
            if !parts.contains(p) {
                parts.push(p.clone());
            }
        }
        let hardest = parts.iter().map(registry::place).max();
        choices.push((hardest, parts.len(), house, parts));
    }
    let Some((_, _, house, parts)) = choices
        .into_iter()
        .min_by_key(|(hardest, n, _, _)| (*hardest, *n))
    else {
        return Ok(Err(match all.stopped {
            Some((stop, n, _)) => NoProof::Stopped {
                stop,
                searched_to: n.saturating_sub(1),
                bound: options.max_len,
            },
            None => NoProof::UpTo(all.complete_to),
        }));
    };
    // a composite placement is as hard as its hardest part, and records that part's technique
    let hardest = registry::TechniqueId::of_proof(
        parts
            .iter()
            .max_by_key(|p| registry::place(p))
            .expect("a composite has a part"),
    );
    let proof = Proof::new(
        Pattern::Composite(Box::new(CompositePattern {
            placement: z,
            house,
            parts,
        })),
        vec![],
        vec![z],
    )
    .made_by(hardest.name());
    resolution::verify(state, &proof, solution, 1, &proof.rule)?;
    Ok(Ok(proof))
}

/// One technique as `sudolink techniques --json` and the explorer's technique list give
/// it: its names, system, place on the scale, whether it grades a puzzle, can place a value,
/// assumes one solution or is asked by name only, and HoDoKu's step score where HoDoKu has
/// one.
pub fn technique_view(t: TechniqueId) -> TechniqueView {
    let e = t.get();
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    TechniqueView {
        name: e.name.into(),
        aliases: names(e.aliases),
        sets: names(e.sets),
        system: e.system.key().into(),
        place: e.level.text(e.measure),
        graded: e.graded,
        may_place: t.may_place(),
        assumes_uniqueness: t.assumes_uniqueness(),
        by_name_only: t.by_name_only(),
        hodoku_score: e.hodoku_score,
        summary: e.summary.into(),
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
    /// The length on the scale, for a technique searched or found by length (0 for one at a
    /// level of its own: the basic rules, a skyscraper...).
    pub length: usize,
    /// The proof's place on the scale ([`registry::place`]).
    pub place: Place,
    pub proof: Proof,
}

impl Explained {
    /// How `explain --all` heads its group: `basic` for the basic rules, the technique's
    /// name, with its length on the scale when it is searched or found by length
    /// (`nrc[4]`, `medusa[18]`).
    pub fn label(&self) -> String {
        let t = self.technique;
        if t.is_basic() {
            registry::BASIC_SET.to_string()
        } else if self.length == 0 {
            t.name().to_string()
        } else {
            format!("{}[{}]", t.name(), self.length)
        }
    }
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
    /// By place on the scale, then candidate.
    pub eliminations: Vec<Explained>,
    /// Every target without a proof was searched by every technique up to this length
    /// (within each technique's bound).
    pub complete_to: usize,
    /// The job's limit that ended it early, with the length and technique it stopped in
    /// (length 0: a fixed-size technique, before any graded one was searched).
    pub stopped: Option<(Stop, usize, TechniqueId)>,
    /// Targets whose own search was capped ([`Stop::SearchBudget`]), per technique.
    pub capped: Vec<Unexplored>,
    /// Partial chains/whips explored.
    pub spent: u64,
}

/// Whether a proof of a technique found whole stands within the length `bound` the
/// question searches to: a technique at one level when that level is within it, one found by
/// length when the proof's length is (the basic rules, and what stands beyond every length,
/// always).
fn within_bound(t: TechniqueId, p: &Proof, bound: usize) -> bool {
    match t.get().level {
        registry::Level::At(n) => n <= bound,
        registry::Level::Found => registry::length_on_scale(p) <= bound,
        _ => true,
    }
}

/// Every elimination of the state under its simplest technique, within `options.limits`
/// (see the module doc). The techniques found whole first, then every (technique searched by
/// length, length) pass in the scale's order — so a budget is spent on the simplest proofs
/// first, and a target is searched in a pass only while it has no proof as simple.
/// `progress` is called after every pass.
pub fn explain_all(
    state: &State,
    solution: Option<&[u8; 81]>,
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<AllReport, ResolutionError> {
    explain_all_targets(state, solution, options, None, progress)
}

/// [`explain_all`] on some targets only (all the open candidates when `None`).
pub fn explain_all_targets(
    state: &State,
    solution: Option<&[u8; 81]>,
    options: &Options,
    only: Option<&[Candidate]>,
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
        .filter(|&c| only.is_none_or(|o| o.contains(&c)))
        .filter(|&c| solution.is_none_or(|sol| !resolution::is_solution(sol, c)))
        .collect();
    let wanted = |c: &Candidate| targets.binary_search(c).is_ok();
    let record = |best: &mut BTreeMap<Candidate, Explained>, t: TechniqueId, p: &Proof| {
        let key = registry::place(p);
        for &c in p.eliminations.iter().filter(|c| wanted(c)) {
            if best.get(&c).is_none_or(|e| key < e.place) {
                let by_length = !t.is_fixed_size() || t.has_levels();
                best.insert(
                    c,
                    Explained {
                        candidate: c,
                        technique: t,
                        length: if by_length {
                            registry::length_on_scale(p)
                        } else {
                            0
                        },
                        place: key,
                        proof: p.clone(),
                    },
                );
            }
        }
    };
    let mut stopped = None;
    for &t in techniques.iter().filter(|t| t.is_fixed_size()) {
        if let Some(stop) = meter.check() {
            stopped = Some((stop, 0, t));
            break;
        }
        // the limits reach inside the search (SE's nested chaining producers run for
        // minutes on the hardest grids)
        match fixed_size_proofs(&mut searcher, t, &links, meter.limits()) {
            Ok(proofs) => {
                for p in proofs
                    .iter()
                    .filter(|p| within_bound(t, p, options.bound(t)))
                {
                    resolution::verify(state, p, solution, 1, &p.rule)?;
                    record(&mut best, t, p);
                }
            }
            Err(stop) => {
                stopped = Some((stop, 0, t));
                break;
            }
        }
    }
    // every (technique searched by length, length) pass, simplest first
    let mut passes: Vec<(Place, TechniqueId, usize)> = techniques
        .iter()
        .filter(|t| !t.is_fixed_size())
        .flat_map(|&t| (1..=options.bound(t)).map(move |n| (t.rule(n).place(), t, n)))
        .collect();
    passes.sort();
    let longest = passes.iter().map(|p| p.2).max().unwrap_or(0);
    let total = passes.len() as u64;
    // (technique, target) pairs with no proof at any length
    let mut dead = std::collections::HashSet::new();
    let mut capped: BTreeMap<TechniqueId, Unexplored> = BTreeMap::new();
    let mut complete_to = if stopped.is_some() { 0 } else { longest };
    for (done, &(at, t, n)) in passes.iter().enumerate() {
        if stopped.is_some() {
            break;
        }
        for &z in &targets {
            if best.get(&z).is_some_and(|e| e.place <= at) || dead.contains(&(t, z)) {
                continue;
            }
            if let Some(stop) = meter.check() {
                stopped = Some((stop, n, t));
                break;
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
                    break;
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
        if let Some((_, n, _)) = stopped {
            // every pass of a length below n came before this one unless it is harder:
            // the answer is complete up to the lengths of the passes all done
            complete_to = passes[done..]
                .iter()
                .map(|p| p.2)
                .min()
                .unwrap_or(n)
                .saturating_sub(1);
            break;
        }
        progress(Progress {
            done: done as u64 + 1,
            total,
            technique: t,
            length: n,
        });
    }
    let mut eliminations: Vec<Explained> = best.into_values().collect();
    eliminations.sort_by_key(|e| (e.place, e.candidate));
    Ok(AllReport {
        eliminations,
        complete_to,
        stopped,
        capped: capped.into_values().collect(),
        spent: meter.spent(),
    })
}

/// The simplest step of `rules` on the state (the next hint): the rules tried in the scale's
/// order ([`Rule::place`]), and of the first rule that applies, its simplest proof on the
/// scale.
pub fn next_step(state: &State, rules: &[Rule]) -> Option<Proof> {
    next_step_within(state, rules, Limits::unlimited()).unwrap_or(None)
}

/// [`next_step`] within `limits`: `Err` with the limit that stopped a search before a step
/// was found (a rule simpler than any found may not have been searched to its end).
pub fn next_step_within(
    state: &State,
    rules: &[Rule],
    limits: Limits,
) -> Result<Option<Proof>, Stop> {
    let mut ordered = rules.to_vec();
    ordered.sort_by_key(|r| r.place());
    let links = LinkIndex::new(state);
    let mut searcher = Searcher::within(limits);
    let found = ordered.iter().find_map(|&r| {
        searcher
            .find(r, &links, usize::MAX)
            .into_iter()
            .min_by_key(registry::place)
    });
    match (found, searcher.stopped()) {
        (None, Some(s)) => Err(s.stop),
        (found, _) => Ok(found),
    }
}

/// Whether a technique's search can conclude placements.
pub fn may_place(t: TechniqueId) -> bool {
    t.may_place()
}

impl AllReport {
    /// Where the job's limit stopped it, in words.
    pub fn stopped_text(&self) -> Option<String> {
        self.stopped.map(|(stop, n, t)| {
            if n == 0 {
                // a fixed-size technique: the graded ones were not searched
                return format!("stopped at {t}: {stop}; no graded technique was searched");
            }
            format!(
                "stopped at length {n} ({t}): {stop}; targets without a proof were searched by every family up to length {}",
                self.complete_to
            )
        })
    }
}

impl Unexplored {
    /// `nrczt: 3 target(s) not searched beyond length 9 of 20 (budget)`.
    pub fn text(&self) -> String {
        format!(
            "{}: {} target(s) not searched beyond length {} of {} ({})",
            self.technique, self.targets, self.searched_to, self.bound, self.stop
        )
    }
}

/// `explain --all --json`: every elimination with its simplest technique, length and
/// text, how far the search went and what was cut.
pub fn all_view(state: &State, report: &AllReport) -> AllView {
    AllView {
        version: sudolink_notation::view::VERSION,
        eliminations: report
            .eliminations
            .iter()
            .map(|e| AllEliminationView {
                elimination: e.candidate.elimination(),
                family: if e.technique.is_basic() {
                    registry::BASIC_SET.into()
                } else {
                    e.technique.name().into()
                },
                length: e.length,
                text: sudolink_notation::nrc::nrc_text(state, &e.proof),
            })
            .collect(),
        complete_to: report.complete_to,
        stopped: report.stopped_text(),
        capped: report
            .capped
            .iter()
            .map(|u| CappedView {
                family: u.technique.name().into(),
                targets: u.targets,
                searched_to: u.searched_to,
                bound: u.bound,
                stopped: u.stop.to_string(),
            })
            .collect(),
        partial_chains_explored: report.spent,
    }
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
        // Sudoku Explainer's producers, the last system, end the list, after trial and error
        assert_eq!(
            rows.last().unwrap().0,
            "se-nested-dynamic-forcing-chains-plus"
        );
        assert!(rows.iter().any(|r| r.0 == "bxbb"));
        assert!(rows.iter().any(|r| r.0 == "force-net-contradiction"));
        assert!(rows.iter().any(|r| r.0 == "g-braid"));
    }
}
