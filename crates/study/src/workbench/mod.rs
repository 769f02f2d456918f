//! The hardest-puzzle hunter's workbench: the puzzles to classify, made from a puzzle.
//! [`expand`]: Berthier's BRT expansion and BRT+k expansions; [`minimals`]: every minimal
//! puzzle within a puzzle; [`vicinity`]: the {-p +q} neighbours of a puzzle; [`keep`]: the
//! filter on ratings between the stages. Canonical
//! (minlex) forms are the engine's (`sudolink_engine::grid::canon`).
//!
//! Every step that needs a unique solution asks [`solution`] first, and every search that
//! may explode takes a budget and returns what it found with the cut that stopped it
//! ([`Cut`]), so a caller never mistakes part of an answer for the whole.
//!
//! All of it runs on the engine's bitset uniqueness check
//! (`sudolink_engine::solver::unique_solution_of_values`, `has_solution_without`).

pub mod expand;
pub mod keep;
pub mod minimals;
pub mod vicinity;

use sudolink_engine::solver::unique_solution_of_values;
use thiserror::Error;

/// Why a puzzle cannot go through a step that needs a unique solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum NotUnique {
    #[error("the puzzle has no solution")]
    NoSolution,
    #[error("the puzzle has several solutions")]
    Several,
}

/// The unique solution of `givens` (81 values, 0 = empty).
pub fn solution(givens: &[u8; 81]) -> Result<[u8; 81], NotUnique> {
    match unique_solution_of_values(givens) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(NotUnique::NoSolution),
        _ => Err(NotUnique::Several),
    }
}

/// Where a bounded search stopped: after `done` units of work (`what`: "subsets",
/// "expansions", "candidates") with `found` results so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cut {
    pub done: u64,
    pub what: &'static str,
    pub found: usize,
}

impl std::fmt::Display for Cut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cut after {} {} ({} found so far)",
            self.done, self.what, self.found
        )
    }
}

/// The clues of `givens` as an 81-bit set (bit i: cell i).
pub fn clue_set(givens: &[u8; 81]) -> u128 {
    (0..81)
        .filter(|&i| givens[i] != 0)
        .fold(0, |set, i| set | 1 << i)
}

/// The puzzle whose clues are the cells of `clues`, with their values in `solution`.
pub fn puzzle_of(clues: u128, solution: &[u8; 81]) -> [u8; 81] {
    std::array::from_fn(|i| if clues >> i & 1 != 0 { solution[i] } else { 0 })
}

/// What the workbench's unit tests share: eleven's #518 (the third puzzle of Berthier's
/// Sample40: minimal, T&E(2), its BRT expansion itself, 58 empty cells).
#[cfg(test)]
pub(crate) mod fixtures {
    pub const ELEVEN_518: &str =
        "1.....7.9...1..2...6...7.1..3..45..1...9...2...8.....4..5..8...6..7...9..4..3....";

    pub fn givens(line: &str) -> [u8; 81] {
        sudolink_engine::grid::format::parse_line(line, 1)
            .expect("a puzzle")
            .givens
    }
}
