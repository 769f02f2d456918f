//! Minimal puzzles within a puzzle: every puzzle made of some of its clues that has the
//! same unique solution and loses it when any one clue more is removed.
//!
//! **Search.** Depth first from the puzzle, removing one clue at a time while the solution
//! stays unique. A clue is redundant in a puzzle P when P without it has no solution
//! avoiding the clue's value in its cell (one search for a first solution:
//! `sudolink_engine::solver::has_solution_without`). Two facts prune it:
//! - a clue needed in P is needed in every sub-puzzle of P that keeps it (fewer clues,
//!   more solutions), so a clue found needed is never tried again below;
//! - each sub-puzzle (a set of cells: the values are the solution's) is visited once,
//!   through a memo shared by every puzzle searched with the same [`MinimalSearch`] (the
//!   BRT+1 expansions of one puzzle share most of their sub-puzzles).
//!
//! **Complexity**: one uniqueness search per (visited sub-puzzle, clue not known needed);
//! the sub-puzzles visited can be exponential in the redundant clues, hence the budget on
//! visited sub-puzzles, with the cut stated.

use super::{clue_set, puzzle_of, solution, Cut, NotUnique};
use rustc_hash::FxHashSet;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::{Cell, Digit};
use sudolink_engine::solver::has_solution_without;

/// The minimal puzzles within puzzles of one solution grid, each found once.
pub struct MinimalSearch {
    solution: [u8; 81],
    visited: FxHashSet<u128>,
    budget: u64,
}

/// What one call of [`MinimalSearch::within`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minimals {
    /// The minimal puzzles not found before by the same search, in the order found.
    pub puzzles: Vec<[u8; 81]>,
    /// Set when the budget stopped the search (the list is then incomplete).
    pub cut: Option<Cut>,
}

impl MinimalSearch {
    /// A search over the sub-puzzles of `solution`, visiting at most `budget` of them in all.
    pub fn new(solution: [u8; 81], budget: u64) -> MinimalSearch {
        MinimalSearch {
            solution,
            visited: FxHashSet::default(),
            budget,
        }
    }

    /// The solution grid this search works in.
    pub fn solution(&self) -> &[u8; 81] {
        &self.solution
    }

    /// The minimal puzzles within `givens` not found before by this search. `givens` must
    /// have this search's solution as its unique solution.
    pub fn within(&mut self, givens: &[u8; 81]) -> Minimals {
        let mut found = Vec::new();
        let cut = self.descend(clue_set(givens), 0, &mut found).err();
        Minimals {
            puzzles: found
                .into_iter()
                .map(|clues| puzzle_of(clues, &self.solution))
                .collect(),
            cut,
        }
    }

    /// Visit the sub-puzzle `clues` (unique), knowing the clues of `needed` needed.
    fn descend(&mut self, clues: u128, needed: u128, found: &mut Vec<u128>) -> Result<(), Cut> {
        if !self.visited.insert(clues) {
            return Ok(());
        }
        if self.visited.len() as u64 > self.budget {
            return Err(Cut {
                done: self.budget,
                what: "sub-puzzles",
                found: found.len(),
            });
        }
        let values = puzzle_of(clues, &self.solution);
        let mut needed = needed;
        let mut redundant = Vec::new();
        for cell in bits(clues & !needed) {
            let mut fewer = values;
            fewer[cell] = 0;
            let digit = Digit::new(values[cell]).expect("a clue");
            if has_solution_without(&fewer, Cell::new(cell), digit) {
                needed |= 1 << cell;
            } else {
                redundant.push(cell);
            }
        }
        if redundant.is_empty() {
            found.push(clues);
        }
        for cell in redundant {
            self.descend(clues & !(1 << cell), needed, found)?;
        }
        Ok(())
    }
}

/// Every minimal puzzle within `givens` (a puzzle with a unique solution), visiting at
/// most `budget` sub-puzzles.
pub fn minimals(givens: &[u8; 81], budget: u64) -> Result<Minimals, NotUnique> {
    let solution = solution(givens)?;
    Ok(MinimalSearch::new(solution, budget).within(givens))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workbench::fixtures::{givens, ELEVEN_518};
    use sudolink_engine::solver::unique_solution_of_values;

    /// A minimal puzzle is its own only minimal; with two solution values added, each
    /// minimal found is unique and minimal, and the first is among them.
    #[test]
    fn minimals_are_unique_and_minimal() {
        let p = givens(ELEVEN_518);
        let one = minimals(&p, 1000).unwrap();
        assert_eq!(one.puzzles, vec![p]);
        let solution = solution(&p).unwrap();
        let mut more = p;
        for i in [1, 2] {
            more[i] = solution[i];
        }
        let found = minimals(&more, 100_000).unwrap();
        assert!(found.cut.is_none());
        assert!(found.puzzles.contains(&p));
        for m in &found.puzzles {
            assert_eq!(unique_solution_of_values(m).0, 1);
            for i in (0..81).filter(|&i| m[i] != 0) {
                let mut fewer = *m;
                fewer[i] = 0;
                assert_eq!(unique_solution_of_values(&fewer).0, 2);
            }
        }
        let cut = minimals(&more, 2).unwrap();
        assert_eq!(cut.cut.map(|c| c.done), Some(2));
        more[3] = if more[3] == 1 { 2 } else { 1 };
        assert!(minimals(&more, 10).is_err());
    }
}
