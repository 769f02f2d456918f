//! The hunter's pipeline: the workbench's steps ([`crate::workbench`]) and ratings composed
//! into stages (`expand:brt+1,minimals:non-brt,keep:te>=2,rate:BxB`), each stage a resumable
//! study run ([`crate::run::drive`]) over the puzzles the stage before it made.
//!
//! A stage's run (kind `hunt`) is named by the pipeline's input and the stages up to it
//! ([`HuntStage::params`]), so two pipelines with the same first stages share those stages'
//! runs. Its input puzzles are the puzzles the stage before made, in (input position, order
//! made) order, each once (the first input's puzzles for the first stage). For each input
//! puzzle a stage stores what it made (the store's `derivation`: which puzzle came from which
//! by which stage) and, for a rating stage, its ratings (`rating`), in one transaction with
//! the puzzle's `run_puzzle` row, its done-marker: a run killed at any moment goes on, run
//! again, with the puzzles not stored yet, and stores none twice.
//!
//! The steps, each bounded (a search its budget cuts stores nothing for that puzzle, and
//! the stage is not complete until it is studied again with a larger budget):
//! - `expand` (the BRT expansion), `expand:brt+K` (the BRT+K expansions);
//! - `minimals`, `minimals:non-brt` (only the minimals BRT does not solve): every minimal
//!   puzzle within each puzzle; the same minimal found within several inputs (the BRT+1
//!   expansions of one puzzle share most of theirs) goes on once;
//! - `vicinity:-P+Q`, `vicinity:-P+Q:minimal`: the {-P +Q} neighbours;
//! - `minlex`: the minlex form, so the next stage sees each isomorphism class once;
//! - `rate:SCHEME`: every puzzle rated and passed on; `keep:FILTER` (`te>=2`, `BxB>=3`,
//!   [`crate::workbench::keep`]): rated in the filter's scheme, passed on when it passes.

use crate::classify::rate_puzzle;
use crate::rating::RatingScheme;
use crate::run::{drive, Failure, InputPuzzle, RunError, RunOptions, Study, StudyInput};
use crate::run::{Tally, Unstudied};
use crate::workbench::expand::{brt_plus_k, solved_by_brt};
use crate::workbench::keep::Keep;
use crate::workbench::minimals::minimals;
use crate::workbench::vicinity::{vicinity, Vicinity};
use crate::workbench::{Cut, NotUnique};
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use std::str::FromStr;
use sudolink_engine::grid::canon::minlex;
use sudolink_engine::grid::format::{parse_line, values_line};
use sudolink_search::limits::Bounds;
use sudolink_store::pipeline::DerivedRow;
use sudolink_store::study::{RatingRow, RatingValue};
use sudolink_store::{Store, StoreError};
use thiserror::Error;

/// The default budgets of the steps: the workbench commands' (`expand`, `minimals`,
/// `vicinity --budget`).
pub const EXPAND_BUDGET: u64 = 1_000_000;
pub const MINIMALS_BUDGET: u64 = 2_000_000;
pub const VICINITY_BUDGET: u64 = 5_000_000;

/// The longest chain of a rating stage's level scheme unless `--max-len` says: `rate`'s.
pub const RATE_MAX_LEN: usize = 20;

/// What one stage does with a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// The BRT+k expansions (k = 0: the BRT expansion).
    Expand { k: usize },
    /// The minimal puzzles within it (only those BRT does not solve, with `non_brt`).
    Minimals { non_brt: bool },
    /// Its {-remove +add} neighbours (only the minimal ones, with `minimal`).
    Vicinity {
        remove: usize,
        add: usize,
        minimal: bool,
    },
    /// Its minlex form.
    Minlex,
    /// Rated in the scheme, passed on.
    Rate(RatingScheme),
    /// Rated in the filter's scheme, passed on when the rating passes.
    Keep(Keep, RatingScheme),
}

/// A stage: its step and the text that names it (`expand:brt+1`).
#[derive(Debug, Clone, PartialEq)]
pub struct Stage {
    pub step: Step,
    pub text: String,
}

/// A stage that does not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("stage `{text}`: {why} (stages: expand, expand:brt+K, minimals, minimals:non-brt, vicinity:-P+Q, vicinity:-P+Q:minimal, minlex, rate:SCHEME, keep:FILTER such as keep:te>=2)")]
pub struct StageError {
    pub text: String,
    pub why: String,
}

impl FromStr for Stage {
    type Err = StageError;

    fn from_str(text: &str) -> Result<Stage, StageError> {
        let text = text.trim();
        let bad = |why: &str| StageError {
            text: text.to_string(),
            why: why.to_string(),
        };
        let (name, arg) = text.split_once(':').unwrap_or((text, ""));
        let step = match (name, arg) {
            ("expand", "" | "brt") => Step::Expand { k: 0 },
            ("expand", arg) => {
                let k = arg.strip_prefix("brt+").unwrap_or(arg);
                Step::Expand {
                    k: k.parse()
                        .map_err(|_| bad("expected expand:brt+K, K a number"))?,
                }
            }
            ("minimals", "") => Step::Minimals { non_brt: false },
            ("minimals", "non-brt") => Step::Minimals { non_brt: true },
            ("vicinity", arg) => vicinity_step(arg).ok_or_else(|| {
                bad("expected vicinity:-P+Q or vicinity:-P+Q:minimal, P and Q numbers")
            })?,
            ("minlex", "") => Step::Minlex,
            ("rate", scheme) => {
                Step::Rate(RatingScheme::from_str(scheme).map_err(|e| bad(&e.to_string()))?)
            }
            ("keep", filter) => {
                let keep = Keep::from_str(filter).map_err(|e| bad(&e.to_string()))?;
                let name = keep
                    .scheme
                    .clone()
                    .ok_or_else(|| bad("name the filter's scheme, as keep:te>=2"))?;
                let scheme = RatingScheme::from_str(&name).map_err(|e| bad(&e.to_string()))?;
                Step::Keep(keep, scheme)
            }
            _ => return Err(bad("unknown stage")),
        };
        Ok(Stage {
            step,
            text: text.to_string(),
        })
    }
}

/// `-P+Q` or `-P+Q:minimal`.
fn vicinity_step(arg: &str) -> Option<Step> {
    let (sizes, minimal) = match arg.strip_suffix(":minimal") {
        Some(sizes) => (sizes, true),
        None => (arg, false),
    };
    let (remove, add) = sizes.strip_prefix('-')?.split_once('+')?;
    Some(Step::Vicinity {
        remove: remove.parse().ok()?,
        add: add.parse().ok()?,
        minimal,
    })
}

/// Read `--stages`: stage texts separated by commas.
pub fn stages(list: &str) -> Result<Vec<Stage>, StageError> {
    list.split(',').map(Stage::from_str).collect()
}

/// The bounds every stage runs within.
#[derive(Debug, Clone)]
pub struct HuntBounds {
    /// Each rating's bounds (time, memory, budget).
    pub rating: Bounds,
    /// A rating stage's longest chain (`None`: each scheme's default, [`RATE_MAX_LEN`]).
    pub max_len: Option<usize>,
    /// Every workbench step's budget (`None`: each step's default).
    pub step_budget: Option<u64>,
}

/// One stage of a pipeline as a study run.
pub struct HuntStage<'a> {
    pub stages: &'a [Stage],
    /// Which of `stages` this is.
    pub index: usize,
    /// The pipeline's input (the first stage's origin).
    pub origin: &'a str,
    pub bounds: &'a HuntBounds,
}

impl HuntStage<'_> {
    fn stage(&self) -> &Stage {
        &self.stages[self.index]
    }

    /// What the step makes of `givens`: its puzzles, or the cut that stopped it.
    fn make(&self, givens: &[u8; 81]) -> Result<Result<Vec<[u8; 81]>, Cut>, NotUnique> {
        let budget = |default| self.bounds.step_budget.unwrap_or(default);
        Ok(match &self.stage().step {
            Step::Expand { k } => {
                let found = brt_plus_k(givens, *k, budget(EXPAND_BUDGET))?;
                found.cut.map_or(Ok(found.puzzles), Err)
            }
            Step::Minimals { non_brt } => {
                let found = minimals(givens, budget(MINIMALS_BUDGET))?;
                found.cut.map_or_else(
                    || {
                        let keep = |m: &[u8; 81]| !*non_brt || !solved_by_brt(m);
                        Ok(found.puzzles.into_iter().filter(keep).collect())
                    },
                    Err,
                )
            }
            Step::Vicinity {
                remove,
                add,
                minimal,
            } => {
                let ask = Vicinity {
                    remove: *remove,
                    add: *add,
                    minimal: *minimal,
                    budget: budget(VICINITY_BUDGET),
                };
                let found = vicinity(givens, &ask)?;
                found.cut.map_or(Ok(found.puzzles), Err)
            }
            Step::Minlex => Ok(vec![minlex(givens)]),
            Step::Rate(_) | Step::Keep(..) => Ok(vec![*givens]),
        })
    }

    /// The scheme a rating stage rates in.
    fn scheme(&self) -> Option<RatingScheme> {
        match &self.stage().step {
            Step::Rate(s) | Step::Keep(_, s) => Some(*s),
            _ => None,
        }
    }
}

impl Study for HuntStage<'_> {
    type Output = DerivedRow;
    const KIND: &'static str = "hunt";

    fn params(&self, input: &StudyInput) -> serde_json::Value {
        let texts: Vec<&str> = self.stages[..=self.index]
            .iter()
            .map(|s| s.text.as_str())
            .collect();
        let mut params = json!({
            "input": self.origin,
            "stages": texts,
            "puzzles": input.puzzles.len(),
        });
        if let Some(scheme) = self.scheme() {
            params["max_len"] = json!(scheme.max_len(self.bounds.max_len, RATE_MAX_LEN));
        }
        params
    }

    fn study(&self, item: &InputPuzzle) -> Result<DerivedRow, Unstudied> {
        let givens = &item.puzzle.givens;
        let made = match self.make(givens) {
            Ok(Ok(made)) => made,
            Ok(Err(cut)) => return Err(Unstudied::Cut(cut.to_string())),
            Err(e) => return Err(Unstudied::Failed(e.to_string())),
        };
        let Some(scheme) = self.scheme() else {
            return Ok(DerivedRow {
                puzzles: made.iter().map(values_line).collect(),
                ratings: Vec::new(),
            });
        };
        let max_len = scheme.max_len(self.bounds.max_len, RATE_MAX_LEN);
        let ratings = rate_puzzle(
            &item.puzzle,
            &[scheme],
            (max_len, Some(max_len)),
            &self.bounds.rating,
        );
        if let Some(why) = ratings.iter().find_map(|r| r.error.clone()) {
            return Err(Unstudied::Failed(why));
        }
        let passes = match &self.stage().step {
            Step::Keep(keep, _) => ratings
                .iter()
                .all(|r| r.cut.is_none() && r.rating.is_some_and(|v| keep.accepts(&v.to_string()))),
            _ => true,
        };
        Ok(DerivedRow {
            puzzles: if passes {
                vec![item.puzzle.line()]
            } else {
                Vec::new()
            },
            ratings,
        })
    }

    fn is_cut(output: &DerivedRow) -> bool {
        output.ratings.iter().any(|r| r.cut.is_some())
    }

    fn write(
        store: &mut Store,
        run: i64,
        batch: &[(usize, String, DerivedRow)],
    ) -> Result<(), StoreError> {
        store.write_derivations(run, batch)
    }
}

/// What a stage made, by input position (in order), with its ratings.
#[derive(Default)]
struct Made {
    by_position: BTreeMap<usize, DerivedRow>,
}

impl Tally<DerivedRow> for Made {
    fn add(&mut self, position: usize, _grid: &str, output: DerivedRow) {
        self.by_position.insert(position, output);
    }

    fn read_back(&mut self, store: &Store, run: i64) -> Result<(), StoreError> {
        self.by_position.clear();
        store.for_each_derivation(run, |p, grid| {
            self.by_position.entry(p).or_default().puzzles.push(grid)
        })?;
        let mut ratings: Vec<(usize, RatingRow)> = Vec::new();
        store.for_each_rating(run, |p, _, row| ratings.push((p, row)))?;
        for (p, row) in ratings {
            self.by_position.entry(p).or_default().ratings.push(row);
        }
        Ok(())
    }
}

/// One stage's result.
#[derive(Debug)]
pub struct StageOutcome {
    pub text: String,
    /// Its run in the store (none without one).
    pub run: Option<i64>,
    /// Its input puzzles.
    pub inputs: usize,
    /// The puzzles it made, each once, in order, with the ratings of a rating stage.
    pub made: Vec<(String, Vec<RatingRow>)>,
    /// The inputs that could not be studied or that a bound cut (their `line` is the
    /// input's number in the stage, from 1).
    pub failures: Vec<Failure>,
}

/// The progress a pipeline reports: stage index, stage text, done, total, cut.
pub type Progress<'a> = dyn FnMut(usize, &str, u64, u64, u64) + 'a;

/// Run the pipeline `stages` over `input`, each stage stored in (and resumed from) the
/// store of `options`. It stops after the first stage with failures or cuts unless
/// `keep_going` (then their inputs make nothing and the next stage goes on without them).
pub fn hunt(
    input: &StudyInput,
    stages: &[Stage],
    bounds: &HuntBounds,
    options: &RunOptions,
    keep_going: bool,
    progress: &mut Progress<'_>,
) -> Result<Vec<StageOutcome>, RunError> {
    let mut outcomes: Vec<StageOutcome> = Vec::new();
    let mut current = StudyInput {
        origin: input.origin.clone(),
        puzzles: input
            .puzzles
            .iter()
            .map(|p| InputPuzzle {
                puzzle: p.puzzle.clone(),
                line: p.line,
                text: String::new(),
                separator: p.separator,
            })
            .collect(),
        unread: Vec::new(),
    };
    for index in 0..stages.len() {
        let stage = HuntStage {
            stages,
            index,
            origin: &input.origin,
            bounds,
        };
        let mut made = Made::default();
        let text = stages[index].text.as_str();
        let outcome = drive(
            &stage,
            &mut made,
            &current,
            options,
            |done, total, _, cut| progress(index, text, done, total, cut),
        )?;
        let result = stage_outcome(&stage, &current, made, outcome.run, outcome.failures);
        let stop = !result.failures.is_empty() && !keep_going;
        current = next_input(&input.origin, &result.made);
        outcomes.push(result);
        if stop || current.puzzles.is_empty() {
            break;
        }
    }
    Ok(outcomes)
}

/// A stage's outcome: what it made, each puzzle once, in order.
fn stage_outcome(
    stage: &HuntStage<'_>,
    input: &StudyInput,
    made: Made,
    run: Option<i64>,
    failures: Vec<Failure>,
) -> StageOutcome {
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    for (_, row) in made.by_position {
        for grid in row.puzzles {
            if seen.insert(grid.clone()) {
                puzzles.push((grid, row.ratings.clone()));
            }
        }
    }
    StageOutcome {
        text: stage.stage().text.clone(),
        run,
        inputs: input.puzzles.len(),
        made: puzzles,
        failures,
    }
}

/// The next stage's input: the puzzles made, numbered from 1.
fn next_input(origin: &str, made: &[(String, Vec<RatingRow>)]) -> StudyInput {
    StudyInput {
        origin: origin.to_string(),
        puzzles: made
            .iter()
            .enumerate()
            .map(|(i, (grid, _))| InputPuzzle {
                puzzle: parse_line(grid, i + 1).expect("a stage makes 81-cell grids"),
                line: i + 1,
                text: String::new(),
                separator: Default::default(),
            })
            .collect(),
        unread: Vec::new(),
    }
}

/// A rating as `rate` prints it: a T&E class (`TE2`, `B3B`), a level with its scheme
/// (`W5`), SER's ER, or `cut`.
pub fn rating_text(row: &RatingRow) -> String {
    if row.cut.is_some() {
        return format!("{} cut", row.scheme);
    }
    match (row.rating, &row.hardest) {
        (Some(RatingValue::Er(er)), _) => format!("SER {er:.1}"),
        (_, Some(class))
            if RatingScheme::from_str(&row.scheme).is_ok_and(|s| s.level().is_none()) =>
        {
            class.clone()
        }
        (Some(RatingValue::Level(n)), _) => format!("{}{n}", row.scheme),
        (None, _) => format!("{}-", row.scheme),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_read_and_bad_ones_say_why() {
        let read = stages(
            "expand:brt+1,minimals:non-brt,vicinity:-1+2:minimal,minlex,rate:BxB,keep:te>=2",
        )
        .unwrap();
        let steps: Vec<&Step> = read.iter().map(|s| &s.step).collect();
        assert_eq!(steps[0], &Step::Expand { k: 1 });
        assert_eq!(steps[1], &Step::Minimals { non_brt: true });
        assert_eq!(
            steps[2],
            &Step::Vicinity {
                remove: 1,
                add: 2,
                minimal: true
            }
        );
        assert_eq!(steps[3], &Step::Minlex);
        assert!(matches!(steps[5], Step::Keep(_, RatingScheme::Trial(_))));
        assert_eq!(stages("expand").unwrap()[0].step, Step::Expand { k: 0 });
        for bad in [
            "expand:brt+x",
            "minimals:all",
            "vicinity:1+1",
            "rate:Q",
            "keep:>=2",
            "hunt",
        ] {
            let e = stages(bad).unwrap_err();
            assert_eq!(e.text, bad);
        }
    }
}
