//! The vicinity {-p +q} of a puzzle: the puzzles made by removing p of its clues and adding
//! q clues (any digits, in any empty cells, not clashing with the clues kept), kept when
//! their solution is unique (and, on request, when they are minimal) — the neighbourhood
//! the forum's hunters search around a hard puzzle. The solution may differ from the
//! puzzle's. A removed clue is never added back with its own digit (that puzzle is in a
//! smaller vicinity), so each neighbour is made once: its removed clues are the puzzle's
//! clues it lacks, its added ones the clues it has that the puzzle lacks.
//!
//! **Complexity**: C(n, p) removals × C(e, q) × 9^q additions for n clues and e empty cells
//! (n = 24, e = 57: about 23,000 candidates for {-1 +1}, 40 million for {-2 +2}), one
//! uniqueness check each (plus n for minimality); bounded by a budget on candidates
//! checked, with the cut stated. The removals are shared over the rayon pool.

use super::{clue_set, solution, Cut, NotUnique};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::PEERS;
use sudolink_engine::grid::{Cell, Digit};
use sudolink_engine::solver::{has_solution_without, unique_solution_of_values};

/// What the vicinity search is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vicinity {
    /// Clues removed.
    pub remove: usize,
    /// Clues added.
    pub add: usize,
    /// Keep only minimal puzzles.
    pub minimal: bool,
    /// Most candidate puzzles to check.
    pub budget: u64,
}

/// The neighbours found, in the order of their removals and additions (each is made
/// once); none when the budget cut the search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Neighbours {
    pub puzzles: Vec<[u8; 81]>,
    /// Set when the budget stopped the search.
    pub cut: Option<Cut>,
}

/// One removal's additions: the candidates checked by every walk (the budget is shared),
/// the neighbours this walk found.
struct Walk<'a> {
    ask: &'a Vicinity,
    checked: &'a AtomicU64,
    found: Vec<[u8; 81]>,
    origin: [u8; 81],
}

/// The {-p +q} neighbours of `givens`, a puzzle with a unique solution. The removals are
/// shared over the rayon pool; the neighbours come in the same order however many threads.
pub fn vicinity(givens: &[u8; 81], ask: &Vicinity) -> Result<Neighbours, NotUnique> {
    solution(givens)?;
    let clues: Vec<usize> = bits(clue_set(givens)).collect();
    let mut removals = Vec::new();
    removed(*givens, &clues, 0, ask.remove, &mut removals);
    let checked = AtomicU64::new(0);
    let walks: Vec<Result<Vec<[u8; 81]>, usize>> = removals
        .par_iter()
        .map(|fewer| {
            let mut walk = Walk {
                ask,
                checked: &checked,
                found: Vec::new(),
                origin: *givens,
            };
            match walk.add(*fewer, 0, ask.add) {
                Ok(()) => Ok(walk.found),
                Err(()) => Err(walk.found.len()),
            }
        })
        .collect();
    let found_before_cut: usize = walks
        .iter()
        .map(|w| w.as_ref().map_or_else(|n| *n, Vec::len))
        .sum();
    if walks.iter().any(Result::is_err) {
        return Ok(Neighbours {
            puzzles: Vec::new(),
            cut: Some(Cut {
                done: ask.budget,
                what: "candidates",
                found: found_before_cut,
            }),
        });
    }
    Ok(Neighbours {
        puzzles: walks.into_iter().flatten().flatten().collect(),
        cut: None,
    })
}

/// Every way of removing `left` more clues among `clues[from..]` from `puzzle`.
fn removed(puzzle: [u8; 81], clues: &[usize], from: usize, left: usize, out: &mut Vec<[u8; 81]>) {
    if left == 0 {
        out.push(puzzle);
        return;
    }
    for i in from..clues.len() {
        let mut fewer = puzzle;
        fewer[clues[i]] = 0;
        removed(fewer, clues, i + 1, left - 1, out);
    }
}

impl Walk<'_> {
    /// Add `left` more clues in the empty cells from `from` on, then check.
    fn add(&mut self, puzzle: [u8; 81], from: usize, left: usize) -> Result<(), ()> {
        if left == 0 {
            return self.check(puzzle);
        }
        for cell in from..81 {
            if puzzle[cell] != 0 {
                continue;
            }
            let taken = PEERS[cell]
                .iter()
                .fold(0u16, |m, &p| m | (1 << puzzle[p as usize]) >> 1);
            // a removed clue is not given back its own digit
            let own = (1 << self.origin[cell]) >> 1;
            for digit in bits(0x1ff & !taken & !own) {
                let mut more = puzzle;
                more[cell] = digit as u8 + 1;
                self.add(more, cell + 1, left - 1)?;
            }
        }
        Ok(())
    }

    /// Keep `puzzle` when it is unique and (if asked) minimal; `Err` past the budget.
    fn check(&mut self, puzzle: [u8; 81]) -> Result<(), ()> {
        if self.checked.fetch_add(1, Ordering::Relaxed) >= self.ask.budget {
            return Err(());
        }
        if unique_solution_of_values(&puzzle).0 == 1 && (!self.ask.minimal || is_minimal(&puzzle)) {
            self.found.push(puzzle);
        }
        Ok(())
    }
}

/// Whether every clue of a unique puzzle is needed.
pub fn is_minimal(puzzle: &[u8; 81]) -> bool {
    bits(clue_set(puzzle)).all(|cell| {
        let mut fewer = *puzzle;
        fewer[cell] = 0;
        let digit = Digit::new(puzzle[cell]).expect("a clue");
        has_solution_without(&fewer, Cell::new(cell), digit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workbench::fixtures::{givens, ELEVEN_518};

    /// {-1 +1} around one of eleven's puzzles: every neighbour is unique, differs from the
    /// puzzle in one or two cells (one clue changed or moved), and the minimal ones are minimal.
    #[test]
    fn one_clue_moved() {
        let p = givens(ELEVEN_518);
        let ask = Vicinity {
            remove: 1,
            add: 1,
            minimal: false,
            budget: 1_000_000,
        };
        let all = vicinity(&p, &ask).unwrap();
        assert!(all.cut.is_none());
        assert!(!all.puzzles.is_empty());
        for n in &all.puzzles {
            assert_eq!(unique_solution_of_values(n).0, 1);
            let changed = (0..81).filter(|&i| n[i] != p[i]).count();
            assert!(changed == 1 || changed == 2, "{changed}");
        }
        let minimal = vicinity(
            &p,
            &Vicinity {
                minimal: true,
                ..ask
            },
        )
        .unwrap();
        assert!(minimal.puzzles.len() <= all.puzzles.len());
        assert!(minimal.puzzles.iter().all(is_minimal));
        let cut = vicinity(&p, &Vicinity { budget: 10, ..ask }).unwrap();
        assert_eq!(cut.cut.map(|c| c.done), Some(10));
    }
}
