//! Replaying a resolution path: split the text into steps (lost dashes and line breaks
//! tolerated; `solve`'s printed output, header, grids and step numbers included), apply
//! naked and hidden singles before each step (as SudoRules did — paths of that era print
//! singles only in summary), read each step as a proof, verify it with [`proof::check`] and
//! the solution, and apply it.
//!
//! A step whose pattern its notation does not spell out — a HoDoKu line names cells, not
//! links; Sudoku Explainer's forcing chains print their trace; our text of a few
//! techniques (`grouped-aic …`, finned fish) has no reader — is read for its technique's
//! name and its conclusions, and each conclusion is proved by that technique's own search,
//! bounded by the replay's limits (at most [`NAMED_MAX_LEN`]); the proof found is checked
//! like any other. Every other step is rebuilt from its text and searched for nothing.

use crate::resolution::{apply, verify, ResolutionError};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::Proof;
use sudolink_notation::hodoku::{hodoku_text, read_line};
use sudolink_notation::nrc::{self, basic::read_conclusions};
use sudolink_notation::steps::{
    is_hodoku_line, is_singles_summary, read_step, split_steps, StepError,
};
use sudolink_notation::sudorules::sudorules_text;
use sudolink_search::limits::{Meter, Stop};
use sudolink_search::registry::{self, Searcher, TechniqueId, UNIQUENESS_SET};
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

/// The longest proof a named step's technique is searched to (HoDoKu's chains and nets,
/// and the paths `solve` prints by default, stay within it).
pub const NAMED_MAX_LEN: usize = 20;

/// A HoDoKu step line ([`sudolink_notation::hodoku::read_line`]): its pattern names cells,
/// not links, so each of its eliminations is proved by a technique of HoDoKu's set whose
/// proof HoDoKu prints under the line's name (`Swordfish`, `Almost Locked Set XZ-Rule`),
/// searched for that elimination (or placement) under the replay's bounds. HoDoKu's uniqueness steps (`Uniqueness Test 1: … =>
/// … (assumes a unique solution)`) are read only when the puzzle's one solution is known.
fn hodoku_step(
    state: &State,
    text: &str,
    unique: bool,
    meter: &mut Meter,
) -> Result<Vec<Proof>, StepError> {
    let line = read_line(text).map_err(StepError::Unreadable)?;
    let mut techniques = registry::expand("hodoku").unwrap_or_default();
    if unique {
        techniques.extend(registry::expand(UNIQUENESS_SET).unwrap_or_default());
    }
    let conclusions = Conclusions {
        eliminations: line.eliminations.clone(),
        placements: line.placements.clone(),
    };
    let name_of = |p: &Proof| {
        hodoku_text(state, p).and_then(|t| t.split_once(": ").map(|(n, _)| n.to_string()))
    };
    let first_word = |n: &str| {
        n.split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    // the line's own name first; then its family's (HoDoKu's `Locked Candidates Type 2`
    // where the shortest interaction for the candidate is a Type 1)
    let same_name = |p: &Proof| name_of(p).is_some_and(|n| n.eq_ignore_ascii_case(&line.name));
    let same_family =
        |p: &Proof| name_of(p).is_some_and(|n| first_word(&n) == first_word(&line.name));
    prove_each(state, &techniques, &conclusions, same_name, meter)
        .or_else(|_| prove_each(state, &techniques, &conclusions, same_family, meter))
        .map_err(|c| missing(&line.name, c))
}

/// A step in our notation whose pattern no reader rebuilds (`grouped-aic (6=3)r8c3-… ==>
/// r8c8 <> 6`, `finned-swordfish-in-columns n8{…} fins {r1c7} … ==> …`): each of its
/// eliminations is proved by a technique's own search, as for a HoDoKu line — the
/// technique its first word names, or else the first of the registry whose proof prints
/// with the same first word in our notation or SudoRules'. `None` without conclusions.
fn named_step(
    state: &State,
    text: &str,
    meter: &mut Meter,
) -> Option<Result<Vec<Proof>, StepError>> {
    let word = |t: &str| {
        let first = t
            .split_whitespace()
            .next()
            .unwrap_or("")
            .trim_end_matches(':');
        first.split('[').next().unwrap_or("").to_string()
    };
    let name = word(text);
    let conclusions = text.rsplit_once("=>")?.1.replace('≠', " <> ");
    let named = registry::expand(&name);
    let techniques = named
        .clone()
        .unwrap_or_else(|| TechniqueId::all().collect());
    let printed_as = |p: &Proof| {
        named.is_some()
            || word(&nrc::nrc_text(state, p)) == name
            || word(&sudorules_text(state, p)) == name
    };
    Some((|| {
        let (eliminations, placements) =
            read_conclusions(&conclusions).map_err(|e| StepError::Unreadable(e.to_string()))?;
        let conclusions = Conclusions {
            eliminations,
            placements,
        };
        prove_each(state, &techniques, &conclusions, printed_as, meter)
            .map_err(|c| missing(&name, c))
    })())
}

/// Why a named step fails: no proof of its technique for one of its conclusions.
fn missing(name: &str, (target, places): (Candidate, bool)) -> StepError {
    let conclusion = if places {
        target.assertion()
    } else {
        target.elimination()
    };
    StepError::Fails(format!(
        "no {name} up to length {NAMED_MAX_LEN} proves {conclusion} here"
    ))
}

/// What a named step concludes: the candidates it eliminates and those it places.
#[derive(Default)]
struct Conclusions {
    eliminations: Vec<Candidate>,
    placements: Vec<Candidate>,
}

/// A proof for each open conclusion, by the first of `techniques` whose shortest proof for
/// it is `accepted`, each restricted to the step's conclusions (the caller checks them as
/// any step); the conclusion none proves on failure.
fn prove_each(
    state: &State,
    techniques: &[TechniqueId],
    conclusions: &Conclusions,
    accepted: impl Fn(&Proof) -> bool,
    meter: &mut Meter,
) -> Result<Vec<Proof>, (Candidate, bool)> {
    let links = LinkIndex::new(state);
    let mut searcher = Searcher::for_one_target();
    let mut proofs: Vec<Proof> = Vec::new();
    let open = conclusions.eliminations.iter().filter(|c| state.has(**c));
    let unplaced = conclusions
        .placements
        .iter()
        .filter(|c| state.value(c.cell()).is_none());
    for (target, places) in open.map(|c| (c, false)).chain(unplaced.map(|c| (c, true))) {
        let done = |p: &Proof| p.eliminations.contains(target) || p.assertions.contains(target);
        if proofs.iter().any(done) {
            continue;
        }
        let proof = techniques
            .iter()
            .find_map(|t| {
                let answer = if places {
                    searcher.search_placement(*t, &links, *target, NAMED_MAX_LEN, meter)
                } else {
                    t.search_target(&links, *target, NAMED_MAX_LEN, meter)
                };
                answer.proof.filter(|p| accepted(p))
            })
            .ok_or((*target, places))?;
        proofs.push(proof);
    }
    for p in &mut proofs {
        p.eliminations
            .retain(|c| conclusions.eliminations.contains(c));
        p.assertions.retain(|c| conclusions.placements.contains(c));
    }
    Ok(proofs)
}

/// Sudoku Explainer's forcing chains and nets as HoDoKu and SE print them
/// (`ForceChain_House(row6#2) r4c5#2 is false ✿[W r6c1/+2 -> r9c1/-2] => …`): the
/// candidate before `is false` / `is true` is the conclusion, proved by a force chain or
/// net of the registry.
fn explainer_force_step(
    state: &State,
    text: &str,
    meter: &mut Meter,
) -> Option<Result<Vec<Proof>, StepError>> {
    let set = if text.starts_with("ForceChain_") {
        "force-chains"
    } else if text.starts_with("ForceNet_") {
        "force-nets"
    } else {
        return None;
    };
    let head = text.split('✿').next()?;
    let (before, verdict) = head
        .rsplit_once(" is false")
        .map(|(b, _)| (b, false))
        .or_else(|| head.rsplit_once(" is true").map(|(b, _)| (b, true)))?;
    let (cell, digit) = before.split_whitespace().last()?.split_once('#')?;
    let sign = if verdict { "=" } else { "<>" };
    let read = read_conclusions(&format!("{cell} {sign} {digit}"));
    let Ok((eliminations, placements)) = read else {
        return Some(Err(StepError::Unreadable(format!(
            "no conclusion in {head:?}"
        ))));
    };
    let techniques = registry::expand(set).unwrap_or_default();
    let conclusions = Conclusions {
        eliminations,
        placements,
    };
    Some(prove_each(state, &techniques, &conclusions, |_| true, meter).map_err(|c| missing(set, c)))
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
        let read = if is_hodoku_line(&written) {
            hodoku_step(&state, &written, solution.is_some(), meter)
        } else {
            match read_step(&state, &written) {
                Err(StepError::UnknownRule(why)) => explainer_force_step(&state, &written, meter)
                    .or_else(|| named_step(&state, &written, meter))
                    .unwrap_or(Err(StepError::Unreadable(why))),
                read => read,
            }
        };
        let proofs = read.map_err(|e| match e {
            StepError::Unreadable(why) | StepError::UnknownRule(why) => PathError::Unreadable {
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
