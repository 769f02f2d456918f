//! Random minimal puzzles for studies: a random full grid, then its clues removed one at a
//! time in a random order, each removal kept only while the solution stays unique, until no
//! clue can be removed.
//!
//! One pass over the cells in random order suffices for minimality: if removing a clue
//! gives several solutions, removing it later (from a puzzle with fewer clues) gives several
//! too, so a clue that stays once stays for good. That is the classical "top-down" random
//! minimal generator; it is not Berthier's controlled-bias generator (which removes clues
//! from a full grid but corrects the bias towards puzzles with many clues), so its
//! puzzles are slightly easier on average than a uniform sample of minimal puzzles.
//!
//! Puzzle `i` of a run with seed `s` depends only on `(s, i)` (its own PCG stream), so a run
//! is reproducible whatever the number of threads, and any slice of it can be regenerated.
//!
//! **Complexity**: 81 uniqueness tests per puzzle (bitmask solver, propagation of singles);
//! about a millisecond per puzzle.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::solver::{count_solutions_of_values, solution_with_order};

/// The random stream of puzzle `index` of a run seeded with `seed`.
pub(crate) fn stream(seed: u64, index: u64) -> Pcg64 {
    // splitmix64 of the pair: distinct (seed, index) give unrelated PCG seeds
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Pcg64::seed_from_u64(z ^ (z >> 31))
}

/// A uniformly shuffled full grid (random digit order at every branching cell of the
/// solver's search from an empty grid).
pub fn random_full_grid(rng: &mut Pcg64) -> [u8; 81] {
    solution_with_order(&[0; 81], |mask| {
        let mut digits: Vec<u16> = bits(mask).map(|d| 1 << d).collect();
        digits.shuffle(rng);
        digits
    })
    .expect("the empty grid has solutions")
}

/// Remove the clues of `solution` in a random order while the puzzle stays unique: the
/// result is a minimal puzzle whose solution is `solution`.
pub fn minimal_puzzle(solution: &[u8; 81], rng: &mut Pcg64) -> [u8; 81] {
    let mut puzzle = *solution;
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(rng);
    for cell in order {
        let clue = puzzle[cell];
        puzzle[cell] = 0;
        if count_solutions_of_values(&puzzle, 2).count != 1 {
            puzzle[cell] = clue;
        }
    }
    puzzle
}

/// Puzzle `index` of the run seeded with `seed`.
pub fn puzzle(seed: u64, index: u64) -> [u8; 81] {
    let mut rng = stream(seed, index);
    let full = random_full_grid(&mut rng);
    minimal_puzzle(&full, &mut rng)
}

/// True when `puzzle` has a unique solution and removing any one clue loses uniqueness.
pub fn is_minimal(puzzle: &[u8; 81]) -> bool {
    if count_solutions_of_values(puzzle, 2).count != 1 {
        return false;
    }
    (0..81).filter(|&c| puzzle[c] != 0).all(|c| {
        let mut fewer = *puzzle;
        fewer[c] = 0;
        count_solutions_of_values(&fewer, 2).count > 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_grids_are_valid_and_differ() {
        let mut rng = stream(1, 0);
        let a = random_full_grid(&mut rng);
        let b = random_full_grid(&mut rng);
        assert_ne!(a, b);
        for g in [a, b] {
            assert_eq!(count_solutions_of_values(&g, 2).count, 1);
            assert!(g.iter().all(|&v| (1..=9).contains(&v)));
        }
    }

    #[test]
    fn puzzles_are_minimal_unique_and_reproducible() {
        for i in 0..20 {
            let p = puzzle(42, i);
            assert!(is_minimal(&p), "puzzle {i} is not minimal");
            assert_eq!(p, puzzle(42, i), "puzzle {i} is not reproducible");
            let clues = p.iter().filter(|&&v| v != 0).count();
            assert!((17..=35).contains(&clues), "puzzle {i}: {clues} clues");
        }
        assert_ne!(puzzle(42, 0), puzzle(43, 0));
        assert_ne!(puzzle(42, 0), puzzle(42, 1));
    }

    #[test]
    fn a_non_minimal_puzzle_is_recognised() {
        let p = puzzle(7, 3);
        let sol = count_solutions_of_values(&p, 1).solution.unwrap();
        let cell = p.iter().position(|&v| v == 0).unwrap();
        let mut more = p;
        more[cell] = sol[cell];
        assert!(!is_minimal(&more));
        assert!(!is_minimal(&[0; 81]));
    }
}
