//! Subsumption of chain families: in every state met along a puzzle's resolution path, which
//! candidates each family eliminates and with what shortest length; then, for each ordered
//! pair of families (A, B), in how many states A's eliminations are all B's, which
//! eliminations A finds that B misses, and the shortest such examples.
//!
//! # The states studied
//!
//! The path is the simplest-first resolution with the basic rules (L4_0) and the families
//! studied, up to the maximal length: basic rules to a fixpoint, then the shortest proof any
//! family has (at equal length the first family in the registry's order), and again.
//! Every state reached after the basic rules, before a chain step, is studied — those are
//! the states where the chain families make the difference. With [`States::Start`], the
//! puzzle's start state alone is studied; with [`States::FirstStuck`], the first state where
//! the basic rules are stuck (the first state of the path).
//!
//! # What is compared
//!
//! In a state, `E_F(n)` is the set of candidates family F eliminates with a proof of length
//! ≤ n (its shortest proof per target, [`TechniqueId::shortest_for_target`]). Each family is
//! searched up to its own bound `N_F` ([`Studied::max_len`]: the run's maximal length unless
//! given, so that families whose lengths count different things — a whip's CSP variables, a
//! net's inferences — can each be searched as far as is meaningful). For a pair (A, B): the
//! state is *subsumed* when `E_A(N_A) ⊆ E_B(N_B)`; a *miss* is a target in
//! `E_A(N_A) \ E_B(N_B)`; a target is *longer* when B eliminates it, but only with a longer
//! proof than A's (so `E_A(n) ⊄ E_B(n)` at A's length n). Per-length answers are in the
//! stored `elimination` table (`queries/subsumption.sql`).
//!
//! Every proof found is re-verified with [`sudolink_engine::proof::check`] and against the solution.

use crate::resolution::{self, ResolutionError};
use crate::run::{InputPuzzle, Study, StudyInput, Tally, Unstudied};
use serde_json::json;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::{to_line, to_pencil_mark_string};
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::Proof;
use sudolink_notation::nrc;
use sudolink_search::limits::Bounds;
use sudolink_search::{basic_rules, first_step, Meter, Searcher, Stop, TechniqueId};
use sudolink_store::study::{EliminationRow, StoredState, StudiedStateRow};
use sudolink_store::{Store, StoreError};

/// A family studied, and the longest proof searched for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Studied {
    pub family: TechniqueId,
    pub max_len: usize,
}

/// Which states of a puzzle are studied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum States {
    /// Every state along the path where the basic rules are stuck.
    Path,
    /// The puzzle's start state only (no basic rule applied).
    Start,
    /// The first state where the basic rules are stuck: the first state of the path.
    FirstStuck,
}

/// What to study.
#[derive(Clone, Debug)]
pub struct Options {
    pub families: Vec<Studied>,
    pub states: States,
}

/// `subsume` as a study run ([`crate::run::drive`]): each puzzle's states studied
/// with `options`; `max_len` is the bound of every family without its own.
pub struct Subsume {
    pub options: Options,
    pub max_len: usize,
    /// Each puzzle's bounds: a puzzle whose study they cut is reported cut, not stored.
    pub bounds: Bounds,
}

impl Study for Subsume {
    type Output = Vec<StudiedStateRow>;
    const KIND: &'static str = "subsume";

    fn params(&self, input: &StudyInput) -> serde_json::Value {
        let names: Vec<&str> = self
            .options
            .families
            .iter()
            .map(|s| s.family.name())
            .collect();
        let mut params = json!({
            "input": input.origin,
            "families": names,
            "max_len": self.max_len,
            "start_only": self.options.states == States::Start,
            "puzzles": input.puzzles.len(),
        });
        // both only when used, so runs stored before these options existed resume
        if self.options.states == States::FirstStuck {
            params["first_stuck"] = json!(true);
        }
        let own: serde_json::Map<String, serde_json::Value> = self
            .options
            .families
            .iter()
            .filter(|s| s.max_len != self.max_len)
            .map(|s| (s.family.name().to_string(), json!(s.max_len)))
            .collect();
        if !own.is_empty() {
            params["family_max_len"] = serde_json::Value::Object(own);
        }
        params
    }

    fn study(&self, item: &InputPuzzle) -> Result<Vec<StudiedStateRow>, Unstudied> {
        let failed = |why: String| Unstudied::Failed(why);
        let start = item
            .puzzle
            .start_state()
            .map_err(|e| failed(format!("contradictory givens: {e}")))?;
        let solved = sudolink_engine::solver::count_solutions(&start, 2);
        let solution = match (solved.count, solved.solution) {
            (1, Some(s)) => s,
            (0, _) => return Err(failed("the puzzle has no solution".into())),
            _ => return Err(failed("the puzzle has several solutions".into())),
        };
        let mut meter = Meter::new(self.bounds.start());
        match study_puzzle_within(&start, &solution, &self.options, &mut meter) {
            Ok(Studies::Done(rows)) => Ok(rows),
            Ok(Studies::Cut { stop, studied }) => Err(Unstudied::Cut(format!(
                "cut by the {} bound ({stop}; {}) after {studied} state(s) studied",
                stop.bound(),
                self.bounds.describe()
            ))),
            Err(e) => Err(failed(format!(
                "{e} (please report: a proof failed its check)"
            ))),
        }
    }

    fn write(
        store: &mut Store,
        run: i64,
        batch: &[(usize, String, Vec<StudiedStateRow>)],
    ) -> Result<(), StoreError> {
        store.write_studied_puzzles(run, batch)
    }
}

impl Tally<Vec<StudiedStateRow>> for Matrix {
    fn add(&mut self, position: usize, grid: &str, states: Vec<StudiedStateRow>) {
        for state in states {
            Matrix::add(self, &stored(position, grid, state));
        }
    }

    fn read_back(&mut self, store: &Store, run: i64) -> Result<(), StoreError> {
        store.for_each_studied_state(run, |s| Matrix::add(self, &s))
    }
}

/// Study one puzzle: its states along the path (or its start), each with every family's
/// eliminations and shortest lengths, as rows for the store.
pub fn study_puzzle(
    start: &State,
    solution: &[u8; 81],
    options: &Options,
) -> Result<Vec<StudiedStateRow>, ResolutionError> {
    match study_puzzle_within(start, solution, options, &mut Meter::unlimited())? {
        Studies::Done(rows) => Ok(rows),
        Studies::Cut { .. } => unreachable!("an unlimited meter never stops"),
    }
}

/// A puzzle's study within limits.
pub enum Studies {
    /// Every state studied.
    Done(Vec<StudiedStateRow>),
    /// A limit stopped a search of the state after the first `studied` ones: the puzzle's
    /// rows would be incomplete (a family's miss could be a search cut short).
    Cut { stop: Stop, studied: usize },
}

/// [`study_puzzle`] under `meter` (one puzzle's limits, shared by all its searches).
pub fn study_puzzle_within(
    start: &State,
    solution: &[u8; 81],
    options: &Options,
    meter: &mut Meter,
) -> Result<Studies, ResolutionError> {
    let mut state = start.clone();
    let mut step = 0usize;
    let mut out = Vec::new();
    let basic = basic_rules();
    loop {
        if options.states != States::Start {
            while let Some(p) = first_step(&basic, &LinkIndex::new(&state)) {
                step += 1;
                apply_checked(&mut state, &p, solution, step)?;
            }
        }
        if state.is_solved() {
            break;
        }
        let (row, next) = match study_state(&state, solution, options, step, meter)? {
            Ok(studied) => studied,
            Err(stop) => {
                return Ok(Studies::Cut {
                    stop,
                    studied: out.len(),
                })
            }
        };
        out.push(row);
        match next {
            Some(p) if options.states == States::Path => {
                step += 1;
                apply_checked(&mut state, &p, solution, step)?;
            }
            _ => break,
        }
    }
    Ok(Studies::Done(out))
}

fn apply_checked(
    state: &mut State,
    proof: &Proof,
    solution: &[u8; 81],
    step: usize,
) -> Result<(), ResolutionError> {
    let text = nrc::nrc_text(state, proof);
    resolution::verify(state, proof, Some(solution), step, &text)?;
    resolution::apply(state, proof).map_err(|source| ResolutionError::Contradiction {
        step,
        text,
        source,
    })
}

/// Every family's shortest proof for every open candidate of `state`; returns the row and
/// the simplest proof found (the next step of the path).
///
/// Two searches are skipped because their answer is known to be "none": a candidate of the
/// solution (no sound proof eliminates it; every proof found is checked against the
/// solution anyway), and a family for a target where a family containing it
/// ([`TechniqueId::contains_family`], searched as far or further) proved that it has no
/// proof ([`sudolink_search::TargetAnswer::proven_none`]: whips' exact search) — so braids
/// and whips are searched first. The rows come out in the
/// families' given order, as if each had been searched for every target.
type StudiedState = Result<(StudiedStateRow, Option<Proof>), Stop>;

fn study_state(
    state: &State,
    solution: &[u8; 81],
    options: &Options,
    step: usize,
    meter: &mut Meter,
) -> Result<StudiedState, ResolutionError> {
    let links = LinkIndex::new(state);
    let targets: Vec<Candidate> = state
        .candidates()
        .iter()
        .filter(|&z| !resolution::is_solution(solution, z))
        .collect();
    let families = &options.families;
    // one searcher per state: the chain searches' tables and memo serve every target
    let mut searcher = Searcher::new();
    // proofs[f][t]; none_to[f][t]: f's search proved t has no proof up to f's bound
    let mut proofs: Vec<Vec<Option<Proof>>> = vec![vec![None; targets.len()]; families.len()];
    let mut none_to: Vec<Vec<bool>> = vec![vec![false; targets.len()]; families.len()];
    for f in containers_first(families) {
        let Studied { family, max_len } = families[f];
        let containers: Vec<usize> = (0..families.len())
            .filter(|&g| {
                g != f
                    && families[g].family.contains_family(family)
                    && families[g].max_len >= max_len
            })
            .collect();
        for (t, &z) in targets.iter().enumerate() {
            if containers.iter().any(|&g| none_to[g][t]) {
                continue;
            }
            let answer = searcher.search_target(family, &links, z, max_len, meter);
            if let Some(stop) = answer.stopped.filter(|&s| s != Stop::SearchBudget) {
                return Ok(Err(stop));
            }
            none_to[f][t] = answer.proven_none;
            proofs[f][t] = answer.proof;
        }
    }
    let mut eliminations = Vec::new();
    let mut simplest: Option<(sudolink_search::registry::Place, Proof)> = None;
    for (f, found) in proofs.into_iter().enumerate() {
        let family = families[f].family;
        for (p, &z) in found.into_iter().zip(&targets) {
            let Some(p) = p else {
                continue;
            };
            let text = nrc::nrc_text(state, &p);
            resolution::verify(state, &p, Some(solution), step + 1, &text)?;
            eliminations.push(EliminationRow {
                family: family.name().to_string(),
                cand: z.index(),
                label: z.elimination(),
                length: p.length,
            });
            // the simplest on the scale (at one length, the registry's first family)
            let key = sudolink_search::registry::place(&p);
            if simplest.as_ref().is_none_or(|(k, _)| key < *k) {
                simplest = Some((key, p));
            }
        }
    }
    let row = StudiedStateRow {
        step_index: step,
        grid: to_line(state),
        pencil_marks: to_pencil_mark_string(state),
        eliminations,
    };
    Ok(Ok((row, simplest.map(|(_, p)| p))))
}

/// The families' positions in search order: a family after every family that contains it
/// (braids, then whips, then the rest in the given order).
fn containers_first(families: &[Studied]) -> Vec<usize> {
    let contained = |f: usize| {
        families
            .iter()
            .filter(|g| g.family.contains_family(families[f].family))
            .count()
    };
    let mut order: Vec<usize> = (0..families.len()).collect();
    order.sort_by_key(|&f| contained(f));
    order
}

/// One elimination A finds that B misses (or finds only with a longer proof).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// 0-based position of the puzzle in the input.
    pub position: usize,
    pub puzzle: String,
    pub step_index: usize,
    /// The state, as the 729-character pencil-mark string `explain` reads.
    pub pencil_marks: String,
    pub target: String,
    pub length_a: usize,
    pub length_b: Option<usize>,
}

/// One ordered pair (A, B) of the matrix.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    /// States where every elimination of A is one of B's.
    pub states_subsumed: usize,
    /// Eliminations of A that B does not find up to the maximal length.
    pub misses: usize,
    /// Eliminations of A that B finds only with a longer proof.
    pub longer: usize,
    /// The shortest misses (by A's length, then input order), at most [`EXAMPLES`].
    pub examples: Vec<Example>,
}

/// Examples kept per pair.
pub const EXAMPLES: usize = 3;

/// The subsumption matrix, filled one state at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    pub families: Vec<String>,
    pub states: usize,
    /// Eliminations found per family (summed over states).
    pub totals: Vec<usize>,
    /// `pairs[a][b]`.
    pub pairs: Vec<Vec<Pair>>,
}

impl Matrix {
    pub fn new(families: &[TechniqueId]) -> Matrix {
        let n = families.len();
        Matrix {
            families: families.iter().map(|f| f.name().to_string()).collect(),
            states: 0,
            totals: vec![0; n],
            pairs: vec![vec![Pair::default(); n]; n],
        }
    }

    /// Count one studied state.
    pub fn add(&mut self, s: &StoredState) {
        self.states += 1;
        let n = self.families.len();
        // lengths[f][cand]
        let mut lengths = vec![vec![None; 729]; n];
        for e in &s.state.eliminations {
            if let Some(f) = self.families.iter().position(|x| *x == e.family) {
                lengths[f][e.cand] = Some((e.length, &e.label));
                self.totals[f] += 1;
            }
        }
        for a in 0..n {
            for b in (0..n).filter(|&b| b != a) {
                let pair = &mut self.pairs[a][b];
                let mut subsumed = true;
                for (found_a, found_b) in lengths[a].iter().zip(&lengths[b]) {
                    let Some((la, label)) = *found_a else {
                        continue;
                    };
                    let lb = found_b.map(|(l, _)| l);
                    match lb {
                        Some(lb) if lb <= la => continue,
                        Some(_) => pair.longer += 1,
                        None => {
                            pair.misses += 1;
                            subsumed = false;
                        }
                    }
                    let example = Example {
                        position: s.position,
                        puzzle: s.puzzle.clone(),
                        step_index: s.state.step_index,
                        pencil_marks: s.state.pencil_marks.clone(),
                        target: label.clone(),
                        length_a: la,
                        length_b: lb,
                    };
                    keep_shortest(&mut pair.examples, example);
                }
                if subsumed {
                    pair.states_subsumed += 1;
                }
            }
        }
    }
}

/// Insert `e` among the [`EXAMPLES`] shortest misses (by A's length, misses before longer
/// ones, then input order); a target already shown for the same puzzle (in an earlier
/// state of its path) is not shown again.
fn keep_shortest(examples: &mut Vec<Example>, e: Example) {
    if examples
        .iter()
        .any(|x| x.position == e.position && x.target == e.target)
    {
        return;
    }
    let key = |x: &Example| (x.length_a, x.length_b.is_some(), x.position, x.step_index);
    if examples.len() == EXAMPLES && key(&e) >= key(examples.last().expect("full")) {
        return;
    }
    let at = examples.partition_point(|x| key(x) <= key(&e));
    examples.insert(at, e);
    examples.truncate(EXAMPLES);
}

/// A studied state as it would be read back from the store.
pub fn stored(position: usize, puzzle: &str, state: StudiedStateRow) -> StoredState {
    StoredState {
        position,
        puzzle: puzzle.to_string(),
        state,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elim(family: &str, cand: usize, length: usize) -> EliminationRow {
        EliminationRow {
            family: family.into(),
            cand,
            label: format!("c{cand}"),
            length,
        }
    }

    #[test]
    fn the_matrix_counts_misses_longer_proofs_and_subsumed_states() {
        let families = [
            TechniqueId::from_name("nrc").unwrap(),
            TechniqueId::from_name("nrczt").unwrap(),
        ];
        let mut m = Matrix::new(&families);
        let state = |elims| StudiedStateRow {
            step_index: 1,
            grid: ".".repeat(81),
            pencil_marks: "1".repeat(729),
            eliminations: elims,
        };
        // state 1: nrc ⊆ nrczt; nrczt finds 7 that nrc misses, and 5 with a shorter chain
        m.add(&stored(
            0,
            "p",
            state(vec![
                elim("nrc", 5, 3),
                elim("nrczt", 5, 2),
                elim("nrczt", 7, 4),
            ]),
        ));
        // state 2: nrczt proves 9 only with a longer chain than nrc's
        m.add(&stored(
            1,
            "q",
            state(vec![elim("nrc", 9, 2), elim("nrczt", 9, 5)]),
        ));
        let (nrc, nrczt) = (&m.pairs[0][1], &m.pairs[1][0]);
        assert_eq!((m.states, m.totals.clone()), (2, vec![2, 3]));
        assert_eq!((nrc.states_subsumed, nrc.misses, nrc.longer), (2, 0, 1));
        assert_eq!(
            (nrczt.states_subsumed, nrczt.misses, nrczt.longer),
            (1, 1, 1)
        );
        // examples: the shortest first (c5, nrczt 2 against nrc 3), then the miss c7
        let shown: Vec<(&str, usize, Option<usize>)> = nrczt
            .examples
            .iter()
            .map(|e| (e.target.as_str(), e.length_a, e.length_b))
            .collect();
        assert_eq!(shown, [("c5", 2, Some(3)), ("c7", 4, None)]);
        assert_eq!(nrc.examples[0].length_b, Some(5));
    }

    #[test]
    fn examples_keep_the_shortest() {
        let mut v = Vec::new();
        for (i, len) in [5, 2, 7, 1, 3].into_iter().enumerate() {
            keep_shortest(
                &mut v,
                Example {
                    position: i,
                    puzzle: String::new(),
                    step_index: 0,
                    pencil_marks: String::new(),
                    target: String::new(),
                    length_a: len,
                    length_b: None,
                },
            );
        }
        let lens: Vec<usize> = v.iter().map(|e| e.length_a).collect();
        assert_eq!(lens, [1, 2, 3]);
    }
}
