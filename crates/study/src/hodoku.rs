//! HoDoKu's rating (`--scheme hodoku`): HoDoKu 2.2's level (Easy, Medium, Hard, Unfair,
//! Extreme) and score, as HoDoKu computes them with its default configuration
//! ([hobiwan HoDoKu]): its solver's path ([`sudolink_search::hodoku`]), each step adding its score,
//! the level the hardest step's, raised while the score exceeds the level's maximum
//! (800, 1000, 1600, 1800). A grid HoDoKu's logic cannot finish is finished by its brute
//! force (10,000 a step), so every puzzle gets a level. Printed `hodoku:Extreme/2468`.
//!
//! Every step's conclusions are checked against the puzzle's solution as they are
//! applied. A limit that stops the path leaves a lower bound (`hodoku>=Hard/1234 (time
//! bound)`: both only grow); a step type the default configuration enables that the
//! emulation would lack stops the path and says so, never a guessed level.

use sudolink_engine::grid::State;
use sudolink_search::hodoku::{self, Halt, Kind, Level};
use sudolink_search::limits::{Limits, Stop};
use thiserror::Error;

/// HoDoKu's rating of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HodokuRating {
    /// HoDoKu's level; with a cut, the level reached so far (the rating is at least it).
    pub level: Level,
    /// The sum of the steps' scores; with a cut, so far.
    pub score: u32,
    /// The steps HoDoKu's solver took.
    pub steps: usize,
    /// How many of them are brute force (HoDoKu's logic was stuck).
    pub brute_force: usize,
    /// The hardest step: the one of the highest level, of those the highest score, first.
    pub hardest: Option<String>,
    /// What stopped the path before the grid was solved.
    pub cut: Option<HodokuCut>,
}

/// Why HoDoKu's path stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HodokuCut {
    /// A limit (time, memory, budget).
    Limit(Stop),
    /// HoDoKu would ask a step type the emulation lacks, at this step.
    Lacking { kind: Kind, step: usize },
}

/// A step that contradicts the solution: a bug in the emulation (never expected).
#[derive(Debug, Error, PartialEq, Eq)]
#[error("HoDoKu step {step} ({name}) contradicts the solution or empties a cell")]
pub struct HodokuError {
    pub step: usize,
    pub name: String,
}

impl HodokuRating {
    /// `hodoku:Extreme/2468`; cut: `hodoku>=Hard/1234 (time bound)` or `hodoku: not
    /// reproduced: HoDoKu's Kraken Fish (step 12) is not emulated`.
    pub fn text(&self) -> String {
        match self.cut {
            None => format!("hodoku:{}/{}", self.level.name(), self.score),
            Some(HodokuCut::Limit(stop)) => format!(
                "hodoku>={}/{} ({} bound)",
                self.level.name(),
                self.score,
                stop.bound()
            ),
            Some(HodokuCut::Lacking { kind, step }) => format!(
                "hodoku: not reproduced: HoDoKu's {} (step {step}) is not emulated",
                kind.name()
            ),
        }
    }
}

/// HoDoKu's rating of `start` (whose `solution` brute force and the checks read), within
/// `limits`.
pub fn rate_within(
    start: &State,
    solution: &[u8; 81],
    limits: Limits,
) -> Result<HodokuRating, HodokuError> {
    let path = hodoku::solve(start, solution, &limits);
    let cut = match path.halt {
        None => None,
        Some(Halt::Limit(stop)) => Some(HodokuCut::Limit(stop)),
        Some(Halt::Lacking(kind)) => Some(HodokuCut::Lacking {
            kind,
            step: path.steps.len() + 1,
        }),
        Some(Halt::Invalid) => {
            return Err(HodokuError {
                step: path.steps.len(),
                name: path.steps.last().map_or_else(
                    || "the start".to_string(),
                    |(_, s)| s.kind.name().to_string(),
                ),
            })
        }
    };
    let hardest = path
        .steps
        .iter()
        .enumerate()
        .max_by_key(|(i, (config, _))| (config.level, config.score, std::cmp::Reverse(*i)))
        .map(|(_, (_, step))| step.kind.name().to_string());
    Ok(HodokuRating {
        level: path.level,
        score: path.score,
        steps: path.steps.len(),
        brute_force: path
            .steps
            .iter()
            .filter(|(_, s)| s.kind == Kind::BruteForce)
            .count(),
        hardest,
        cut,
    })
}

/// HoDoKu's rating without limits.
pub fn rate(start: &State, solution: &[u8; 81]) -> Result<HodokuRating, HodokuError> {
    rate_within(start, solution, Limits::unlimited())
}
