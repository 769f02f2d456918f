//! The exact solver: counts solutions up to a limit (0, 1 or 2+ is the uniqueness check) and
//! returns the first solution found. Bitmask propagation (naked and hidden singles) and
//! branching on a cell with the fewest candidates. The uniqueness check first runs a search
//! on per-digit bitsets (`BitBoard`: each digit's cells in each band of three rows as 27 bits,
//! locked candidates inside a band and inside a stack by table lookups, singles by bit
//! arithmetic, only changed sets propagated again, branching on a two-digit cell with the
//! most open peers), the board search giving the count and first solution whenever that one
//! does not find exactly one.
//!
//! **Complexity**: exponential in the worst case; on the hardest known puzzles it explores a
//! few hundred nodes. Depends only on `grid`.

use crate::grid::bits::{bit_masks, bits, is_single, ones, Tally};
use crate::grid::{tables, Candidate, Cell, Digit, State};

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

impl Board {
    fn place(&mut self, cell: usize, bit: u16) -> bool {
        if self.masks[cell] & bit == 0 {
            return false;
        }
        self.values[cell] = bit.trailing_zeros() as u8 + 1;
        self.masks[cell] = 0;
        for &p in &tables::PEERS[cell] {
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
                if self.values[cell] == 0 && is_single(m) {
                    if !self.place(cell, m) {
                        return false;
                    }
                    progress = true;
                }
            }
            for house in &tables::HOUSE_CELLS {
                let (mut tally, mut placed) = (Tally::default(), 0u16);
                for &c in house {
                    let c = c as usize;
                    tally.add(self.masks[c]);
                    if self.values[c] != 0 {
                        placed |= 1 << (self.values[c] - 1);
                    }
                }
                if (tally.seen() | placed) != 0x1ff {
                    return false;
                }
                for d in bits(tally.once() & !placed) {
                    let bit = 1 << d;
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
            let n = ones(board.masks[cell]);
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

/// The bits of `mask` as one-bit masks, lowest first.
fn ascending_bits(mask: u16) -> Vec<u16> {
    bit_masks(mask).collect()
}

/// The cells of a band (three rows) as a 27-bit set: bit 9 × row-in-band + column, so that
/// bit `b` of band `k` is the grid's cell 27 × k + b.
const BAND_CELLS: u32 = (1 << 27) - 1;

/// The nine cells of a row, or nine columns, as the low 9 bits.
const ROW_CELLS: u32 = 0x1ff;

/// The nine cells of a band's first box.
const BOX_CELLS: u32 = 7 | 7 << 9 | 7 << 18;

/// A set of columns (9 bits) repeated on each of a band's three rows.
#[inline(always)]
const fn in_every_row(columns: u32) -> u32 {
    columns * (1 | 1 << 9 | 1 << 18)
}

/// The columns (9 bits) a band's set touches in any of its rows.
#[inline(always)]
const fn columns_of(set: u32) -> u32 {
    (set | set >> 9 | set >> 18) & ROW_CELLS
}

/// The row (in its band) holding a one-cell set.
#[inline(always)]
fn row_of(cell: u32) -> u32 {
    ROW_CELLS << (9 * (cell.trailing_zeros() / 9))
}

/// For the 9 cells of a row, which of its three mini-rows (the row's part in each box of the
/// band) hold at least one: bit `box`.
const ROW_MINIROWS: [u8; 512] = {
    let mut out = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if (row >> (3 * k)) & 7 != 0 {
                out[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    out
};

/// For a 3 × 3 set of (line, box) pairs (bit 3 × line + box), those that take part in a
/// permutation line → box inside the set (0 when there is none): the three rows of a band put
/// a digit in three different boxes, as do the three bands of a stack in three columns.
const PERMUTATION_UNION: [u16; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = tables::ORDERS_OF_THREE;
    let mut out = [0u16; 512];
    let mut pairs = 0;
    while pairs < 512 {
        let mut p = 0;
        while p < 6 {
            let mut used = 0u16;
            let mut line = 0;
            while line < 3 {
                used |= 1 << (3 * line + PERMUTATIONS[p][line]);
                line += 1;
            }
            if pairs as u16 & used == used {
                out[pairs] |= used;
            }
            p += 1;
        }
        pairs += 1;
    }
    out
};

/// For the mini-rows one digit may still use in a band (bit 3 × row + box), the cells of
/// those mini-rows that some placement of the digit in the band uses (the
/// [`PERMUTATION_UNION`] of the mini-rows). This is box/line locked candidates inside the
/// band, found to its fixpoint at once; 0 when no placement is left (a contradiction).
const BAND_SURVIVORS: [u32; 512] = {
    let mut out = [0u32; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let kept = PERMUTATION_UNION[minirows];
        let mut bit = 0;
        while bit < 9 {
            if kept >> bit & 1 != 0 {
                out[minirows] |= 7 << (9 * (bit / 3) + 3 * (bit % 3));
            }
            bit += 1;
        }
        minirows += 1;
    }
    out
};

/// How a copy of the search finds the mini-rows (bit 3 × row + box) a band's set touches:
/// by three table lookups in the baseline copy, by one bit extraction (BMI2's PEXT of the
/// first cell of each mini-row) in the AVX2 copy. Both give the same answer.
trait Minirows {
    fn of(set: u32) -> usize;
}

/// The baseline copy's [`Minirows`]: one lookup a row.
struct ByTable;

impl Minirows for ByTable {
    #[inline(always)]
    fn of(set: u32) -> usize {
        ROW_MINIROWS[(set & ROW_CELLS) as usize] as usize
            | (ROW_MINIROWS[(set >> 9 & ROW_CELLS) as usize] as usize) << 3
            | (ROW_MINIROWS[(set >> 18) as usize] as usize) << 6
    }
}

/// The AVX2 copy's [`Minirows`]: a mini-row's three cells folded onto its first, whose bits
/// (every third) are extracted in order.
#[cfg(target_arch = "x86_64")]
struct ByExtraction;

#[cfg(target_arch = "x86_64")]
impl Minirows for ByExtraction {
    #[inline(always)]
    fn of(set: u32) -> usize {
        const FIRST_CELLS: u32 = 0o111_111_111;
        let touched = set | set >> 1 | set >> 2;
        // SAFETY: only the AVX2 copy uses it, which runs on CPUs with BMI2 (crate::isa).
        unsafe { std::arch::x86_64::_pext_u32(touched, FIRST_CELLS) as usize }
    }
}

/// The cells of a band's set that are alone in their row (an empty row has none).
#[inline(always)]
fn alone_in_row(set: u32) -> u32 {
    let mut alone = 0;
    for shift in [0, 9, 18] {
        let row = set >> shift & ROW_CELLS;
        if row & row.wrapping_sub(1) == 0 {
            alone |= row << shift;
        }
    }
    alone
}

/// The uniqueness check's board, band-wise (a copy per branch is 228 bytes, no allocation).
/// Each digit's cells in each band form a 27-bit set that keeps the cells holding the digit
/// as well as those that may still take it, so that every row, column and box of a digit
/// holds one cell of its set once solved. A set is propagated again only when it changed
/// since its last propagation: the locked candidates of its band (a table lookup), its
/// row-alone cells fixed (taken from the other digits) and their columns cleared from the
/// digit's other bands. At the sets' fixpoint follow naked singles and the locked candidates
/// of each stack (which give hidden singles in columns), by bit arithmetic.
#[derive(Clone, Copy)]
struct BitBoard {
    /// Per digit and band, the cells holding the digit or that may still take it.
    sets: [[u32; 3]; 9],
    /// Each set as it was when last propagated (`u32::MAX`, no set, before the first time).
    propagated: [[u32; 3]; 9],
    /// Per band, the cells not yet fixed to a digit.
    unsolved: [u32; 3],
}

/// What a round of singles or locked candidates did.
enum Progress {
    /// Nothing changed.
    Stuck,
    /// A set lost cells (or a cell was fixed).
    Changed,
    /// A cell, or a digit in some house, was left without a place.
    Contradiction,
}

impl BitBoard {
    /// The board of a state: its placed digits fixed, its open cells' candidates.
    fn of_state(state: &State) -> BitBoard {
        let mut board = BitBoard {
            sets: [[0; 3]; 9],
            propagated: [[u32::MAX; 3]; 9],
            unsolved: [0; 3],
        };
        for candidate in state.candidates().iter() {
            let cell = candidate.cell().index();
            board.sets[candidate.digit().index()][cell / 27] |= 1 << (cell % 27);
        }
        for (cell, &v) in state.values().iter().enumerate() {
            let (band, bit) = (cell / 27, 1 << (cell % 27));
            if v == 0 {
                board.unsolved[band] |= bit;
            } else {
                board.sets[v as usize - 1][band] |= bit;
            }
        }
        // a placed digit's cell leaves the other digits (any candidate it kept) and its peers
        for (cell, &v) in state.values().iter().enumerate() {
            if v != 0 {
                board.fix(v as usize - 1, cell / 27, 1 << (cell % 27));
            }
        }
        board
    }

    /// The board of bare givens (81 values, 0 = empty): every open cell may take every
    /// digit. Givens that clash leave a cell without a digit, which the first settling
    /// finds (no solution).
    fn of_values(values: &[u8; 81]) -> BitBoard {
        let mut board = BitBoard {
            sets: [[BAND_CELLS; 3]; 9],
            propagated: [[u32::MAX; 3]; 9],
            unsolved: [BAND_CELLS; 3],
        };
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                let (band, bit) = (cell / 27, 1 << (cell % 27));
                if board.sets[v as usize - 1][band] & bit == 0 {
                    // a given clashing with another in its row
                    board.sets[v as usize - 1][band] = 0;
                } else {
                    board.fix(v as usize - 1, band, bit);
                }
            }
        }
        board
    }

    /// Fix `cell` (a one-cell set of `band`) to `digit`: the other digits lose it and the
    /// digit loses the rest of its row; the next propagation does the column and box.
    #[inline(always)]
    fn fix(&mut self, digit: usize, band: usize, cell: u32) {
        self.remove(band, cell);
        let set = &mut self.sets[digit][band];
        *set = (*set & !row_of(cell)) | cell;
        self.unsolved[band] &= !cell;
    }

    /// Propagate the set of `digit` in `band`. False when it is left without a placement.
    #[inline(always)]
    fn propagate_set<M: Minirows>(&mut self, digit: usize, band: usize) -> bool {
        let set = self.sets[digit][band];
        let set = set & BAND_SURVIVORS[M::of(set)];
        if set == 0 {
            return false;
        }
        let alone = alone_in_row(set);
        let fixed = alone & self.unsolved[band];
        if fixed != 0 {
            self.unsolved[band] &= !fixed;
            self.remove(band, fixed);
        }
        let columns = in_every_row(columns_of(alone));
        for other in &mut self.sets[digit] {
            *other &= !columns;
        }
        self.sets[digit][band] = set;
        self.propagated[digit][band] = set;
        true
    }

    /// Take `cells` (of `band`) from every digit's set.
    #[inline(always)]
    fn remove(&mut self, band: usize, cells: u32) {
        for sets in &mut self.sets {
            sets[band] &= !cells;
        }
    }

    /// Propagate every changed set until none changes, in passes over the 27 sets in a
    /// fixed order (unrolled, each set's place a constant; a set changed earlier in a pass
    /// is propagated later in the same pass). False on contradiction.
    #[inline(always)]
    fn propagate_sets<M: Minirows>(&mut self) -> bool {
        macro_rules! pass {
            ($($digit:literal)*) => {{
                let mut any = false;
                $(
                    for band in [0, 1, 2] {
                        if self.sets[$digit][band] != self.propagated[$digit][band] {
                            any = true;
                            if !self.propagate_set::<M>($digit, band) {
                                return false;
                            }
                        }
                    }
                )*
                any
            }};
        }
        while pass!(0 1 2 3 4 5 6 7 8) {}
        true
    }

    /// Naked singles of every band, after checking each cell keeps a digit.
    #[inline(always)]
    fn naked_singles(&mut self) -> Progress {
        let mut progress = Progress::Stuck;
        for band in 0..3 {
            let mut tally = Tally::default();
            for sets in &self.sets {
                tally.add(sets[band]);
            }
            if tally.seen() != BAND_CELLS {
                return Progress::Contradiction;
            }
            for cell in bit_masks(self.unsolved[band] & !tally.twice()) {
                let Some(digit) = (0..9).find(|&d| self.sets[d][band] & cell != 0) else {
                    return Progress::Contradiction;
                };
                self.fix(digit, band, cell);
                progress = Progress::Changed;
            }
        }
        progress
    }

    /// Locked candidates between the boxes and columns of each stack, for every digit: the
    /// three bands put a digit in three different columns of a stack, so a column survives
    /// in a band when it belongs to a permutation band → column within the columns the
    /// digit may still use. Hidden singles in columns follow from it (with the band's own
    /// propagation).
    #[inline(always)]
    fn stack_locks(&mut self) -> Progress {
        let mut progress = Progress::Stuck;
        for sets in &mut self.sets {
            let columns = sets.map(columns_of);
            let mut allowed = [0u32; 3];
            for shift in [0, 3, 6] {
                let used = (columns[0] >> shift & 7)
                    | (columns[1] >> shift & 7) << 3
                    | (columns[2] >> shift & 7) << 6;
                let kept = PERMUTATION_UNION[used as usize] as u32;
                if kept == 0 {
                    return Progress::Contradiction;
                }
                allowed[0] |= (kept & 7) << shift;
                allowed[1] |= (kept >> 3 & 7) << shift;
                allowed[2] |= (kept >> 6) << shift;
            }
            for band in 0..3 {
                if columns[band] != allowed[band] {
                    sets[band] &= in_every_row(allowed[band]);
                    progress = Progress::Changed;
                }
            }
        }
        progress
    }

    /// Propagation, singles and locked candidates to a fixpoint. False on contradiction.
    #[inline(always)]
    fn settle<M: Minirows>(&mut self) -> bool {
        loop {
            if !self.propagate_sets::<M>() {
                return false;
            }
            match self.naked_singles() {
                Progress::Contradiction => return false,
                Progress::Changed => continue,
                Progress::Stuck => {}
            }
            match self.stack_locks() {
                Progress::Contradiction => return false,
                Progress::Changed => continue,
                Progress::Stuck => return true,
            }
        }
    }

    /// The cell to branch on, as (band, one-cell set): of the cells with two digits the first
    /// with the most open peers (its branches propagate furthest: half the nodes of taking
    /// the first), else the first with the fewest digits.
    #[inline(always)]
    fn branch_cell(&self) -> (usize, u32) {
        let mut best: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            for cell in bit_masks(self.two_digit_cells(band)) {
                let peers = self.open_peers(band, cell);
                if best.is_none_or(|(most, _, _)| peers > most) {
                    best = Some((peers, band, cell));
                }
            }
        }
        if let Some((_, band, cell)) = best {
            return (band, cell);
        }
        let mut fewest = (10, 0, 0);
        for band in 0..3 {
            for cell in bit_masks(self.unsolved[band]) {
                let n = self.sets.iter().filter(|s| s[band] & cell != 0).count();
                if n < fewest.0 {
                    fewest = (n, band, cell);
                }
            }
        }
        (fewest.1, fewest.2)
    }

    /// The open cells of `band` with exactly two digits.
    #[inline(always)]
    fn two_digit_cells(&self, band: usize) -> u32 {
        let (mut tally, mut thrice) = (Tally::default(), 0u32);
        for sets in &self.sets {
            thrice |= tally.twice() & sets[band];
            tally.add(sets[band]);
        }
        self.unsolved[band] & tally.twice() & !thrice
    }

    /// The open cells in the row, box or column of `cell` (a one-cell set of `band`), itself
    /// included.
    #[inline(always)]
    fn open_peers(&self, band: usize, cell: u32) -> u32 {
        let column = cell.trailing_zeros() % 9;
        let column_cells = in_every_row(1 << column);
        let box_cells = BOX_CELLS << (3 * (column / 3));
        let mut open =
            (self.unsolved[band] & (row_of(cell) | box_cells | column_cells)).count_ones();
        for (other, &unsolved) in self.unsolved.iter().enumerate() {
            if other != band {
                open += (unsolved & column_cells).count_ones();
            }
        }
        open
    }

    /// The 81 values of a solved board.
    #[inline(always)]
    fn values(&self) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (digit, sets) in (1..).zip(&self.sets) {
            for (band, &set) in sets.iter().enumerate() {
                for b in bits(set) {
                    values[27 * band + b] = digit;
                }
            }
        }
        values
    }

    /// Count the solutions below this board up to `limit`, keeping the first found: in its
    /// AVX2 copy where the CPU has one ([`crate::isa`]: POPCNT and BMI for the sets' bit
    /// arithmetic), else in the baseline copy; the same source, so the same answers.
    fn search(self, limit: usize, count: &mut usize, solution: &mut Option<[u8; 81]>) {
        crate::isa::on_avx2!(self.search_avx2(limit, count, solution));
        self.search_body::<ByTable>(limit, count, solution);
    }

    /// [`BitBoard::search`] compiled for AVX2, BMI1, BMI2, LZCNT and POPCNT.
    ///
    /// # Safety
    /// The CPU must have those features ([`crate::isa::avx2`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    unsafe fn search_avx2(self, limit: usize, count: &mut usize, solution: &mut Option<[u8; 81]>) {
        self.search_body::<ByExtraction>(limit, count, solution);
    }

    /// Depth first without recursion (one body, inlined whole into each copy): the board at
    /// hand goes on with a branching cell's lowest digit, its other digits' boards wait on a
    /// stack, pushed highest first so that they are tried in ascending order, as a recursive
    /// search would.
    #[inline(always)]
    fn search_body<M: Minirows>(
        self,
        limit: usize,
        count: &mut usize,
        solution: &mut Option<[u8; 81]>,
    ) {
        let mut pending = Vec::with_capacity(32);
        let mut board = self;
        loop {
            if board.settle::<M>() {
                if board.unsolved == [0; 3] {
                    *count += 1;
                    if solution.is_none() {
                        *solution = Some(board.values());
                    }
                } else {
                    let (band, cell) = board.branch_cell();
                    let digits = (0..9).filter(|&d| board.sets[d][band] & cell != 0);
                    let mut digits = digits.fold(0u16, |m, d| m | 1 << d);
                    let lowest = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    for digit in (0..9).rev().filter(|&d| digits >> d & 1 != 0) {
                        let mut next = board;
                        next.fix(digit, band, cell);
                        pending.push(next);
                    }
                    board.fix(lowest, band, cell);
                    continue;
                }
            }
            if *count >= limit {
                return;
            }
            match pending.pop() {
                Some(next) => board = next,
                None => return,
            }
        }
    }
}

/// The number of solutions of `state`, at most `limit`, and one of them, by the bitset
/// board (the same solutions as [`search`]'s; the first found may differ when there are
/// several).
fn count_by_bits(state: &State, limit: usize) -> (usize, Option<[u8; 81]>) {
    let (mut count, mut solution) = (0, None);
    BitBoard::of_state(state).search(limit, &mut count, &mut solution);
    (count, solution)
}

/// The uniqueness check on bare givens (81 values, 0 = empty) by the bitset search: the
/// number of solutions up to 2, and the solution when it is unique. Givens that clash have
/// none. The fast entry point of the workbench's searches (minimals, vicinity).
pub fn unique_solution_of_values(values: &[u8; 81]) -> (usize, Option<[u8; 81]>) {
    let (mut count, mut solution) = (0, None);
    BitBoard::of_values(values).search(2, &mut count, &mut solution);
    if count != 1 {
        solution = None;
    }
    (count, solution)
}

/// Whether bare givens `values` (81 values, 0 = empty) have a solution with `digit` (1–9)
/// not in `cell`. With `values` a unique puzzle less its given in `cell`, and `digit` that
/// given, false means the given was redundant (the smaller puzzle is still unique): one
/// search for a first solution instead of a count up to 2.
pub fn has_solution_without(values: &[u8; 81], cell: Cell, digit: Digit) -> bool {
    let mut board = BitBoard::of_values(values);
    let (band, bit) = (cell.index() / 27, 1 << (cell.index() % 27));
    board.sets[digit.index()][band] &= !bit;
    let (mut count, mut solution) = (0, None);
    board.search(1, &mut count, &mut solution);
    count > 0
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
/// [`State`]: the uniqueness test of the puzzle generator and of `needs`. The bitset search
/// counts; with several solutions the one returned is the first that search found (not
/// necessarily the board search's first).
pub fn count_solutions_of_values(values: &[u8; 81], limit: usize) -> SolveResult {
    let (mut count, mut solution) = (0, None);
    BitBoard::of_values(values).search(limit.max(1), &mut count, &mut solution);
    SolveResult { count, solution }
}

/// [`count_solutions_of_values`] by the board search: the reference the bitset search is
/// tested against.
#[cfg(test)]
fn count_by_board_of_values(values: &[u8; 81], limit: usize) -> SolveResult {
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
    use crate::grid::format::{parse_collection, parse_line};

    /// The board search's count up to `limit` and its first solution.
    fn board_search(state: &State, limit: usize) -> (usize, Option<[u8; 81]>) {
        let mut board = board_of_state(state);
        let mut result = SolveResult {
            count: 0,
            solution: None,
        };
        search(&mut board, limit, &mut result, &mut ascending_bits);
        (result.count, result.solution)
    }

    /// Both searches on `state`: the same count up to 2 and up to 5, the same solution when
    /// it is unique, and a bitset solution that is one of the state's. The count up to 2.
    fn assert_searches_agree(state: &State, what: &str) -> usize {
        let (count, solution) = count_by_bits(state, 2);
        let (slow_count, slow_solution) = board_search(state, 2);
        assert_eq!(count, slow_count, "{what}");
        if count == 1 {
            assert_eq!(solution, slow_solution, "{what}");
        }
        if let Some(values) = solution {
            let grid = State::from_givens(&values).expect("a valid grid");
            assert!(grid.is_solved(), "{what}");
            for cell in Cell::all() {
                let kept = match state.value(cell) {
                    Some(d) => d.get() == values[cell.index()],
                    None => state.has(solution_candidate(&values, cell)),
                };
                assert!(kept, "{what}: {cell:?}");
            }
        }
        assert_eq!(
            count_by_bits(state, 5).0,
            board_search(state, 5).0,
            "{what}"
        );
        count
    }

    /// The first `n` puzzles of the repository file `name` (under `data/` or a test fixture).
    fn collection(name: &str, n: usize) -> Vec<crate::grid::Puzzle> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        parse_collection(&text)
            .take(n)
            .map(|(line, p)| p.unwrap_or_else(|e| panic!("{name} line {line}: {e}")))
            .collect()
    }

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
        let (count, solution) = count_by_bits(&s, 2);
        assert_eq!((count, solution), board_search(&s, 2));
        assert_eq!(count, 1);
        assert_eq!(count_by_bits(&State::empty(), 2).0, 2);
        let sol = solution.unwrap();
        let mut t = s.clone();
        let open = Cell::all().find(|&c| s.value(c).is_none()).unwrap();
        t.eliminate(solution_candidate(&sol, open)).unwrap();
        assert_eq!(count_by_bits(&t, 2).0, 0);
    }

    /// On puzzles of several collections, each with variants of none, one and several
    /// solutions (a solution candidate or a wrong one removed, a given removed, two givens
    /// removed), the two searches agree.
    #[test]
    fn bitset_search_agrees_on_many_puzzles() {
        let mut seen = [0usize; 3];
        let files = [
            ("data/top1465.txt", 150),
            ("data/forum_hardest_1106.txt", 60),
            ("tests/fixtures/slices/royle17_first40.txt", 40),
            ("data/cbg000.txt", 40),
        ];
        for (name, n) in files {
            for p in collection(name, n) {
                let line = p.line();
                let s = p.start_state().expect("consistent givens");
                assert_eq!(assert_searches_agree(&s, &line), 1, "{line}");
                let solution = count_by_bits(&s, 2).1.expect("a solution");
                let open: Vec<Cell> = Cell::all().filter(|&c| s.value(c).is_none()).collect();
                // a solution candidate removed: none; a wrong one removed: still one
                let cell = open[line.len() % open.len()];
                let right = solution_candidate(&solution, cell);
                let mut none = s.clone();
                if none.eliminate(right).is_ok() {
                    seen[assert_searches_agree(&none, &line).min(2)] += 1;
                }
                if let Some(wrong) = s
                    .candidates()
                    .iter()
                    .find(|c| *c != right && c.cell() == cell)
                {
                    let mut one = s.clone();
                    if one.eliminate(wrong).is_ok() {
                        assert_eq!(assert_searches_agree(&one, &line), 1, "{line}");
                        seen[1] += 1;
                    }
                }
                // givens removed: usually several
                let givens: Vec<usize> = (0..81).filter(|&i| s.values()[i] != 0).collect();
                let mut values = *s.values();
                for &i in givens.iter().step_by(givens.len() / 2).take(2) {
                    values[i] = 0;
                    let fewer = State::from_givens(&values).expect("fewer givens");
                    seen[assert_searches_agree(&fewer, &line).min(2)] += 1;
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 10), "none, one, several: {seen:?}");
    }
}

#[cfg(test)]
mod values_tests {
    use super::*;
    use crate::grid::format::parse_collection;

    /// The first 100 puzzles of top1465 (a repository data file).
    fn top1465() -> Vec<[u8; 81]> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/top1465.txt");
        let text = std::fs::read_to_string(path).expect("data/top1465.txt");
        parse_collection(&text)
            .take(100)
            .map(|(_, p)| p.expect("a puzzle").givens)
            .collect()
    }

    /// The uniqueness check on values agrees with the board search on unique puzzles, on
    /// puzzles less one given and less three, and on givens that clash.
    #[test]
    fn unique_solution_of_values_agrees_with_the_board_search() {
        let mut seen = [0usize; 3];
        for givens in top1465() {
            let mut variants = vec![givens];
            let clues: Vec<usize> = (0..81).filter(|&i| givens[i] != 0).collect();
            let mut fewer = givens;
            for &i in clues.iter().take(3) {
                fewer[i] = 0;
                variants.push(fewer);
            }
            let mut clash = givens;
            let open = (0..81).find(|&i| givens[i] == 0).expect("an open cell");
            clash[open] = givens[clues
                .iter()
                .copied()
                .find(|&c| c / 9 == open / 9)
                .unwrap_or(clues[0])];
            variants.push(clash);
            for v in variants {
                let slow = count_by_board_of_values(&v, 2);
                let (count, solution) = unique_solution_of_values(&v);
                assert_eq!(count, slow.count);
                if count == 1 {
                    assert_eq!(solution, slow.solution);
                } else {
                    assert_eq!(solution, None);
                }
                seen[count] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n > 10), "none, one, several: {seen:?}");
    }

    #[test]
    fn the_baseline_copy_finds_what_the_chosen_copy_finds() {
        // on an AVX2 machine `search` runs the other copy; the baseline one must agree
        for givens in top1465().into_iter().take(300) {
            let mut fewer = givens;
            for i in (0..81).filter(|&i| givens[i] != 0).take(4) {
                fewer[i] = 0;
            }
            for v in [givens, fewer] {
                let (mut count, mut solution) = (0, None);
                BitBoard::of_values(&v).search_body::<ByTable>(3, &mut count, &mut solution);
                let (mut chosen, mut first) = (0, None);
                BitBoard::of_values(&v).search(3, &mut chosen, &mut first);
                assert_eq!((count, solution), (chosen, first));
            }
        }
    }

    #[test]
    fn both_copies_find_the_same_minirows() {
        if !crate::isa::avx2() {
            return;
        }
        // every row pattern in each of a band's rows, the others varied
        for row in 0..512u32 {
            for set in [
                row,
                row << 9,
                row << 18,
                row | (row ^ 0x155) << 9 | (row ^ 0xaa) << 18,
            ] {
                assert_eq!(ByTable::of(set), ByExtraction::of(set), "{set:#x}");
            }
        }
    }

    /// A given is redundant exactly when the puzzle without it has no solution avoiding it.
    #[test]
    fn has_solution_without_tells_redundant_givens() {
        let (mut redundant, mut needed) = (0, 0);
        for minimal in top1465().into_iter().take(30) {
            // a minimal puzzle plus a value of its solution: some givens become redundant
            let solution = unique_solution_of_values(&minimal).1.expect("unique");
            let mut givens = minimal;
            let open = (0..81).find(|&i| minimal[i] == 0).expect("an open cell");
            givens[open] = solution[open];
            for i in (0..81).filter(|&i| givens[i] != 0) {
                let mut fewer = givens;
                fewer[i] = 0;
                let digit = Digit::new(givens[i]).expect("a digit");
                let other = has_solution_without(&fewer, Cell::new(i), digit);
                assert_eq!(other, unique_solution_of_values(&fewer).0 != 1);
                if other {
                    needed += 1;
                } else {
                    redundant += 1;
                }
            }
        }
        assert!(redundant > 0 && needed > 0, "{redundant} {needed}");
    }
}
