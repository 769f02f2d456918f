//! The exact solver: counts solutions up to a limit (0, 1 or 2+ is the uniqueness check) and
//! returns the first solution found. Bitmask propagation (naked and hidden singles) and
//! branching on a cell with the fewest candidates.
//!
//! **Complexity**: exponential in the worst case; on the hardest known puzzles it explores a
//! few hundred nodes. Depends only on `grid`.

use crate::grid::{tables, Candidate, Cell, Digit, House, State};

/// What the solver found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveResult {
    /// Number of solutions found, at most the limit asked for.
    pub count: usize,
    /// The first solution found, as 81 digits.
    pub solution: Option<[u8; 81]>,
}

impl SolveResult {
    pub fn is_unique(&self) -> bool {
        self.count == 1
    }
}

#[derive(Clone)]
struct Board {
    masks: [u16; 81],
    values: [u8; 81],
}

static HOUSES: std::sync::OnceLock<[[u8; 9]; 27]> = std::sync::OnceLock::new();
static PEERS: std::sync::OnceLock<[[u8; 20]; 81]> = std::sync::OnceLock::new();

fn houses() -> &'static [[u8; 9]; 27] {
    HOUSES.get_or_init(|| {
        let mut out = [[0u8; 9]; 27];
        for h in House::all() {
            for (k, c) in h.cells().iter().enumerate() {
                out[h.index()][k] = c.index() as u8;
            }
        }
        out
    })
}

fn peers() -> &'static [[u8; 20]; 81] {
    PEERS.get_or_init(|| {
        let mut out = [[0u8; 20]; 81];
        for c in Cell::all() {
            for (k, p) in tables::peers(c).iter().enumerate() {
                out[c.index()][k] = p.index() as u8;
            }
        }
        out
    })
}

impl Board {
    fn place(&mut self, cell: usize, bit: u16) -> bool {
        if self.masks[cell] & bit == 0 {
            return false;
        }
        self.values[cell] = bit.trailing_zeros() as u8 + 1;
        self.masks[cell] = 0;
        for &p in &peers()[cell] {
            let p = p as usize;
            if self.values[p] == 0 {
                self.masks[p] &= !bit;
                if self.masks[p] == 0 {
                    return false;
                }
            } else if self.values[p] == self.values[cell] {
                return false;
            }
        }
        true
    }

    /// Naked and hidden singles to a fixpoint. False on contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let mut progress = false;
            for cell in 0..81 {
                let m = self.masks[cell];
                if self.values[cell] == 0 && m != 0 && m & (m - 1) == 0 {
                    if !self.place(cell, m) {
                        return false;
                    }
                    progress = true;
                }
            }
            for house in houses() {
                let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
                for &c in house {
                    let c = c as usize;
                    let m = self.masks[c];
                    twice |= once & m;
                    once |= m;
                    if self.values[c] != 0 {
                        placed |= 1 << (self.values[c] - 1);
                    }
                }
                if (once | placed) != 0x1ff {
                    return false;
                }
                let mut hidden = once & !twice & !placed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let Some(&c) = house.iter().find(|&&c| self.masks[c as usize] & bit != 0)
                    else {
                        return false;
                    };
                    if !self.place(c as usize, bit) {
                        return false;
                    }
                    progress = true;
                }
            }
            if !progress {
                return true;
            }
        }
    }
}

/// Depth-first search with propagation; `order` lists the digits (bits) of a branching
/// cell's mask in the order to try them (ascending for counting, shuffled for generation).
fn search<O: FnMut(u16) -> Vec<u16>>(
    board: &mut Board,
    limit: usize,
    result: &mut SolveResult,
    order: &mut O,
) {
    if !board.propagate() {
        return;
    }
    let mut best = None;
    let mut best_count = 10;
    for cell in 0..81 {
        if board.values[cell] == 0 {
            let n = bit_count(board.masks[cell]);
            if n < best_count {
                best_count = n;
                best = Some(cell);
                if n == 2 {
                    break;
                }
            }
        }
    }
    let Some(cell) = best else {
        result.count += 1;
        if result.solution.is_none() {
            result.solution = Some(board.values);
        }
        return;
    };
    for bit in order(board.masks[cell]) {
        if result.count >= limit {
            break;
        }
        let mut next = board.clone();
        if next.place(cell, bit) {
            search(&mut next, limit, result, order);
        }
    }
}

/// The number of set bits of a 9-bit mask (a table: `count_ones` is not one instruction on
/// every x86-64).
fn bit_count(mask: u16) -> u32 {
    static COUNTS: std::sync::OnceLock<[u8; 512]> = std::sync::OnceLock::new();
    let t = COUNTS.get_or_init(|| std::array::from_fn(|m| (m as u16).count_ones() as u8));
    t[mask as usize & 0x1ff] as u32
}

/// The bits of `mask`, lowest first.
fn ascending_bits(mut mask: u16) -> Vec<u16> {
    let mut bits = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        let bit = mask & mask.wrapping_neg();
        mask &= mask - 1;
        bits.push(bit);
    }
    bits
}

/// Count the solutions of a state (its placed digits and open candidates), stopping at
/// `limit`. A `limit` of 2 answers "none, unique or several".
pub fn count_solutions(state: &State, limit: usize) -> SolveResult {
    let mut board = Board {
        masks: [0; 81],
        values: *state.values(),
    };
    for cell in Cell::all().filter(|&c| state.value(c).is_none()) {
        board.masks[cell.index()] = state.cell_mask(cell);
    }
    let mut result = SolveResult {
        count: 0,
        solution: None,
    };
    if board
        .values
        .iter()
        .zip(&board.masks)
        .any(|(&v, &m)| v == 0 && m == 0)
    {
        return result;
    }
    search(&mut board, limit.max(1), &mut result, &mut ascending_bits);
    result
}

/// A board from 81 values (0 = empty), or `None` when two givens clash.
fn board_of_values(values: &[u8; 81]) -> Option<Board> {
    let mut board = Board {
        masks: [0x1ff; 81],
        values: [0; 81],
    };
    for (cell, &v) in values.iter().enumerate() {
        if v != 0 && !board.place(cell, 1 << (v - 1)) {
            return None;
        }
    }
    Some(board)
}

/// [`count_solutions`] on bare givens (81 values, 0 = empty), without building a
/// [`State`]: the uniqueness test of the puzzle generator.
pub fn count_solutions_of_values(values: &[u8; 81], limit: usize) -> SolveResult {
    let mut result = SolveResult {
        count: 0,
        solution: None,
    };
    if let Some(mut board) = board_of_values(values) {
        search(&mut board, limit.max(1), &mut result, &mut ascending_bits);
    }
    result
}

/// The first solution of `values` when each branching cell tries its digits in the order
/// `order` gives (a shuffle makes a random full grid from an empty one).
pub fn solution_with_order<O: FnMut(u16) -> Vec<u16>>(
    values: &[u8; 81],
    mut order: O,
) -> Option<[u8; 81]> {
    let mut result = SolveResult {
        count: 0,
        solution: None,
    };
    let mut board = board_of_values(values)?;
    search(&mut board, 1, &mut result, &mut order);
    result.solution
}

/// The solution's candidate for `cell`.
pub fn solution_candidate(solution: &[u8; 81], cell: Cell) -> Candidate {
    Candidate::new(
        cell,
        Digit::new(solution[cell.index()]).expect("full solution"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::format::parse_line;

    #[test]
    fn unique_and_multiple() {
        let p = parse_line(
            "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
            1,
        )
        .unwrap();
        let r = count_solutions(&p.start_state().unwrap(), 2);
        assert_eq!(r.count, 1);
        let sol = r.solution.unwrap();
        assert!(sol.iter().all(|&v| (1..=9).contains(&v)));
        let empty = count_solutions(&State::empty(), 2);
        assert_eq!(empty.count, 2);
    }

    /// A solved grid (rows are shifts of 123456789).
    fn full_grid() -> [u8; 81] {
        std::array::from_fn(|i| {
            let (r, c) = (i / 9, i % 9);
            ((r * 3 + r / 3 + c) % 9 + 1) as u8
        })
    }

    /// The six cells of rows 1 and 2 in columns 1, 4 and 7 of [`full_grid`] (1 4 7 / 4 7 1):
    /// emptied, they take either that cycle or 4 7 1 / 1 4 7.
    const CYCLE: [usize; 6] = [0, 3, 6, 9, 12, 15];

    #[test]
    fn a_state_with_two_solutions_has_several() {
        let mut g = full_grid();
        for i in CYCLE {
            g[i] = 0;
        }
        let s = State::from_givens(&g).expect("no clash");
        let r = count_solutions(&s, 2);
        assert_eq!(r.count, 2);
        assert_eq!(count_solutions(&s, 5).count, 2);
        assert_eq!(count_solutions_of_values(&g, 5).count, 2);
    }

    #[test]
    fn a_state_without_its_two_solutions_has_none() {
        let mut g = full_grid();
        for i in CYCLE {
            g[i] = 0;
        }
        let mut s = State::from_givens(&g).expect("no clash");
        // r1c1=1 is in one solution, r1c4=7 in the other
        for (cell, digit) in [(0, 1), (3, 7)] {
            s.eliminate(Candidate::new(Cell::new(cell), Digit::new(digit).unwrap()))
                .expect("another candidate stays");
        }
        assert_eq!(
            count_solutions(&s, 2),
            SolveResult {
                count: 0,
                solution: None
            }
        );
    }

    #[test]
    fn no_solution() {
        // r1c1..r1c8 hold 1..8 and column 9 has a 9 elsewhere: r1c9 has no candidate.
        let mut g = [0u8; 81];
        for (i, v) in g.iter_mut().take(8).enumerate() {
            *v = i as u8 + 1;
        }
        g[9 * 4 + 8] = 9;
        // either detected as a contradiction already, or the search finds nothing
        if let Ok(s) = State::from_givens(&g) {
            assert_eq!(count_solutions(&s, 2).count, 0);
        }
    }
}
