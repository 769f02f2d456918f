//! The exact solver: counts solutions up to a limit (0, 1 or 2+ is the uniqueness check) and
//! returns the first solution found. Bitmask propagation (naked and hidden singles) and
//! branching on a cell with the fewest candidates; the uniqueness check first runs the same
//! search on per-digit 81-bit sets (`BitBoard`), the board search giving the count and first
//! solution whenever that one does not find exactly one.
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

/// A cell's bit in a 81-bit set.
const fn cell_bit(cell: usize) -> u128 {
    1u128 << cell
}

/// The 27 houses (rows, columns, blocks) as 81-bit sets.
const HOUSE_SETS: [u128; 27] = {
    let mut out = [0u128; 27];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        out[r] |= cell_bit(cell);
        out[9 + c] |= cell_bit(cell);
        out[18 + (r / 3) * 3 + c / 3] |= cell_bit(cell);
        cell += 1;
    }
    out
};

/// Each cell's 20 peers as an 81-bit set.
const PEER_SETS: [u128; 81] = {
    let mut out = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        out[cell] = (HOUSE_SETS[r] | HOUSE_SETS[9 + c] | HOUSE_SETS[18 + (r / 3) * 3 + c / 3])
            & !cell_bit(cell);
        cell += 1;
    }
    out
};

/// The uniqueness check's board: per digit the open cells that can take it and the cells
/// holding it, and the open cells (a copy per branch is 300 bytes, no allocation).
#[derive(Clone, Copy)]
struct BitBoard {
    cands: [u128; 9],
    placed: [u128; 9],
    open: u128,
}

impl BitBoard {
    fn place(&mut self, digit: usize, cell: usize) {
        let bit = cell_bit(cell);
        for c in &mut self.cands {
            *c &= !bit;
        }
        self.cands[digit] &= !PEER_SETS[cell];
        self.placed[digit] |= bit;
        self.open &= !bit;
    }

    /// The open cells with at least one, two and three candidates.
    fn counts(&self) -> (u128, u128, u128) {
        let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
        for &c in &self.cands {
            thrice |= twice & c;
            twice |= once & c;
            once |= c;
        }
        (once, twice, thrice)
    }

    /// Naked and hidden singles to a fixpoint. False on contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let (once, twice, _) = self.counts();
            if self.open & !once != 0 {
                return false;
            }
            let mut singles = self.open & !twice;
            if singles != 0 {
                while singles != 0 {
                    let cell = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = cell_bit(cell);
                    let Some(d) = (0..9).find(|&d| self.cands[d] & bit != 0) else {
                        return false;
                    };
                    self.place(d, cell);
                }
                continue;
            }
            let mut progress = false;
            for d in 0..9 {
                if self.cands[d] == 0 {
                    // every house must hold the digit already
                    if HOUSE_SETS.iter().any(|&h| self.placed[d] & h == 0) {
                        return false;
                    }
                    continue;
                }
                for house in HOUSE_SETS {
                    let m = self.cands[d] & house;
                    if m == 0 {
                        if self.placed[d] & house == 0 {
                            return false;
                        }
                    } else if m & (m - 1) == 0 {
                        self.place(d, m.trailing_zeros() as usize);
                        progress = true;
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    fn search(&mut self, limit: usize, count: &mut usize, solution: &mut Option<[u8; 81]>) {
        if !self.propagate() {
            return;
        }
        if self.open == 0 {
            *count += 1;
            if solution.is_none() {
                let mut values = [0u8; 81];
                for (d, &set) in self.placed.iter().enumerate() {
                    let mut set = set;
                    while set != 0 {
                        values[set.trailing_zeros() as usize] = d as u8 + 1;
                        set &= set - 1;
                    }
                }
                *solution = Some(values);
            }
            return;
        }
        let (_, twice, thrice) = self.counts();
        let pairs = self.open & twice & !thrice;
        let cell = if pairs != 0 {
            pairs.trailing_zeros() as usize
        } else {
            let mut best = (10, 0);
            let mut open = self.open;
            while open != 0 {
                let cell = open.trailing_zeros() as usize;
                open &= open - 1;
                let n = self
                    .cands
                    .iter()
                    .filter(|&&c| c & cell_bit(cell) != 0)
                    .count();
                if n < best.0 {
                    best = (n, cell);
                }
            }
            best.1
        };
        for d in 0..9 {
            if *count >= limit {
                break;
            }
            if self.cands[d] & cell_bit(cell) != 0 {
                let mut next = *self;
                next.place(d, cell);
                next.search(limit, count, solution);
            }
        }
    }
}

/// The number of solutions of `state`, at most `limit`, and one of them, by the bitset
/// board (the same solutions as [`search`]'s; the first found may differ when there are
/// several).
fn count_by_bits(state: &State, limit: usize) -> (usize, Option<[u8; 81]>) {
    let mut board = BitBoard {
        cands: [0; 9],
        placed: [0; 9],
        open: 0,
    };
    for (cell, &v) in state.values().iter().enumerate() {
        if v != 0 {
            board.placed[v as usize - 1] |= cell_bit(cell);
        } else {
            board.open |= cell_bit(cell);
            let mut m = state.cell_mask(Cell::new(cell));
            while m != 0 {
                board.cands[m.trailing_zeros() as usize] |= cell_bit(cell);
                m &= m - 1;
            }
        }
    }
    for d in 0..9 {
        let mut set = board.placed[d];
        while set != 0 {
            board.cands[d] &= !PEER_SETS[set.trailing_zeros() as usize];
            set &= set - 1;
        }
    }
    let (mut count, mut solution) = (0, None);
    board.search(limit, &mut count, &mut solution);
    (count, solution)
}

/// Count the solutions of a state (its placed digits and open candidates), stopping at
/// `limit`. A `limit` of 2 answers "none, unique or several". With a limit of 2 or more a
/// bitset search answers first: a unique solution is the same whichever search finds it;
/// otherwise the board search below gives the count and its first solution.
pub fn count_solutions(state: &State, limit: usize) -> SolveResult {
    if limit >= 2 {
        if let (1, Some(solution)) = count_by_bits(state, limit) {
            return SolveResult {
                count: 1,
                solution: Some(solution),
            };
        }
    }
    let mut board = board_of_state(state);
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

/// A state's board: its placed digits, and the open candidates of its other cells.
fn board_of_state(state: &State) -> Board {
    let mut board = Board {
        masks: [0; 81],
        values: *state.values(),
    };
    for cell in Cell::all().filter(|&c| state.value(c).is_none()) {
        board.masks[cell.index()] = state.cell_mask(cell);
    }
    board
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

#[cfg(test)]
mod bits_tests {
    use super::*;
    use crate::grid::format::parse_line;

    /// The bitset search and the board search agree on a unique puzzle, an empty grid and a
    /// puzzle with a candidate removed from its solution.
    #[test]
    fn bitset_search_agrees_with_the_board_search() {
        let p = parse_line(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            1,
        )
        .unwrap();
        let s = p.start_state().unwrap();
        let mut board = board_of_state(&s);
        let mut slow = SolveResult {
            count: 0,
            solution: None,
        };
        search(&mut board, 2, &mut slow, &mut ascending_bits);
        let (count, solution) = count_by_bits(&s, 2);
        assert_eq!((count, solution), (slow.count, slow.solution));
        assert_eq!(count, 1);
        assert_eq!(count_by_bits(&State::empty(), 2).0, 2);
        let sol = solution.unwrap();
        let mut t = s.clone();
        let open = Cell::all().find(|&c| s.value(c).is_none()).unwrap();
        t.eliminate(solution_candidate(&sol, open)).unwrap();
        assert_eq!(count_by_bits(&t, 2).0, 0);
    }
}
