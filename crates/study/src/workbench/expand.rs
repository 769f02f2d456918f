//! Expansions, as Berthier defines them for the search of the hardest puzzles (CSP-Rules'
//! EXPANSION kit; the SHC's `Expand.jar`; [Berthier HCCS]).
//!
//! - The **BRT expansion** of a puzzle is the puzzle with every value BRT adds: BRT, the
//!   basic resolution theory, is ECP (the direct eliminations of each value) with naked
//!   and hidden singles, run to their fixpoint; the values it places are added as clues.
//! - A **1-expand** of a puzzle P within a super-puzzle Q (Q ⊇ P, within the solution) is
//!   P with one more clue of Q; the **BRT+1 expansions** of a puzzle are the 1-expands of
//!   its BRT expansion within its solution: one per empty cell of the BRT expansion, that
//!   cell's solution value added (not BRT-expanded again: Sample40's `BRT+1-expands.txt`).
//! - The **BRT+k expansions** are the k-fold 1-expands: the BRT expansion with k of its
//!   empty cells given their solution values, each set of k cells once, in lexicographic
//!   order of the cells.
//!
//! **Complexity**: BRT is linear in practice; BRT+k yields C(e, k) puzzles for e empty
//! cells (e ≈ 58 on eleven's puzzles: 58, 1,653, 30,856 for k = 1, 2, 3), bounded by a
//! budget.

use super::{solution, Cut, NotUnique};
use sudolink_engine::grid::State;
use sudolink_search::te::Grid;

/// The BRT expansion of `givens`: the values BRT places added. Givens that contradict
/// each other, or that BRT finds contradictory, have no solution.
pub fn brt_expansion(givens: &[u8; 81]) -> Result<[u8; 81], NotUnique> {
    let state = State::from_givens(givens).map_err(|_| NotUnique::NoSolution)?;
    let mut grid = Grid::from_state(&state);
    if !grid.brt(0) {
        return Err(NotUnique::NoSolution);
    }
    Ok(std::array::from_fn(|i| {
        let digits = grid.digits(i);
        if digits.is_power_of_two() {
            digits.trailing_zeros() as u8 + 1
        } else {
            0
        }
    }))
}

/// Whether BRT alone solves `givens` (T&E depth 0).
pub fn solved_by_brt(givens: &[u8; 81]) -> bool {
    brt_expansion(givens).is_ok_and(|e| e.iter().all(|&v| v != 0))
}

/// The BRT+k expansions of a unique puzzle, at most `budget` of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expansions {
    pub puzzles: Vec<[u8; 81]>,
    /// Set when the budget stopped the enumeration.
    pub cut: Option<Cut>,
}

/// The BRT+k expansions of `givens` (k = 0: its BRT expansion alone), in lexicographic
/// order of the added cells; the puzzle must have a unique solution.
pub fn brt_plus_k(givens: &[u8; 81], k: usize, budget: u64) -> Result<Expansions, NotUnique> {
    let solution = solution(givens)?;
    let base = brt_expansion(givens)?;
    let empty: Vec<usize> = (0..81).filter(|&i| base[i] == 0).collect();
    let mut out = Expansions {
        puzzles: Vec::new(),
        cut: None,
    };
    if k > empty.len() {
        return Ok(out);
    }
    let mut chosen: Vec<usize> = (0..k).collect();
    loop {
        if out.puzzles.len() as u64 >= budget {
            out.cut = Some(Cut {
                done: budget,
                what: "expansions",
                found: out.puzzles.len(),
            });
            return Ok(out);
        }
        let mut puzzle = base;
        for &c in &chosen {
            puzzle[empty[c]] = solution[empty[c]];
        }
        out.puzzles.push(puzzle);
        if !next_combination(&mut chosen, empty.len()) {
            return Ok(out);
        }
    }
}

/// The next k-combination of 0..n in lexicographic order; false after the last.
fn next_combination(chosen: &mut [usize], n: usize) -> bool {
    let k = chosen.len();
    let Some(i) = (0..k).rev().find(|&i| chosen[i] < n - k + i) else {
        return false;
    };
    chosen[i] += 1;
    for j in i + 1..k {
        chosen[j] = chosen[j - 1] + 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workbench::fixtures::{givens, ELEVEN_518};

    #[test]
    fn combinations_are_all_enumerated_once() {
        let mut chosen = vec![0, 1, 2];
        let mut n = 1;
        while next_combination(&mut chosen, 6) {
            n += 1;
        }
        assert_eq!(n, 20);
        assert!(!next_combination(&mut [], 3));
    }

    #[test]
    fn brt_plus_k_counts_and_cuts() {
        // eleven's puzzle #518 (Sample40 #3): its BRT expansion has 58 empty cells
        let p = givens(ELEVEN_518);
        assert_eq!(brt_plus_k(&p, 0, 10).unwrap().puzzles.len(), 1);
        assert_eq!(brt_plus_k(&p, 1, 100).unwrap().puzzles.len(), 58);
        assert_eq!(
            brt_plus_k(&p, 2, 10_000).unwrap().puzzles.len(),
            58 * 57 / 2
        );
        let cut = brt_plus_k(&p, 2, 100).unwrap();
        assert_eq!(cut.puzzles.len(), 100);
        assert_eq!(cut.cut.map(|c| c.done), Some(100));
        let mut two = p;
        two[1] = 0;
        two[6] = 0;
        assert!(brt_plus_k(&two, 1, 100).is_err());
    }
}
