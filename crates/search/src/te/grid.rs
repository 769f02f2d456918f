//! The trial grid: one `u16` of open digits per cell (a placed or decided cell keeps its one
//! digit), and BRT on it — ECP, naked singles, hidden singles — to a fixpoint. Everything
//! the T&E engine does is a copy of this small array, a cellwise AND and a propagation.
//!
//! As an operator on candidate sets, BRT is monotone (fewer candidates in, fewer out),
//! contracting and idempotent; the engine's reuse of earlier closures rests on that.
//!
//! Why a grid of its own beside the engine's `State`: a BxB rating runs millions of
//! trials, and a trial here (a 162-byte copy, then BRT with a dirty-house scan) costs
//! about a fifth of one on a `State` with the grid kit's singles (4.5x, over the 951
//! trials of a T&E(1) pass on four of eleven's puzzles:
//! `cargo test --release -p sudolink-search --lib -- --ignored --nocapture trial_cost`).
//! Its geometry, bit iteration and singles tally are the engine's (`grid::tables`,
//! `grid::bits`).
//!
//! Two shortcuts of BRT, measured on BxB of eleven's first 15 (CPU, alternated runs): the
//! hidden-single scan skips the digits of one-digit cells, each once in its houses after ECP
//! (0.88×); [`Grid::brt_meet`] builds the cells' flags sixteen at a time into 81-bit masks and
//! reads the changed houses off them, answering "k within a" in the same pass (0.85×). Did not
//! pay: ECP's loop without branches (1.11×: the test "this peer holds the digit" predicts
//! well). BRT once missed a cell holding exactly two digits each the only place of its digit
//! in a house; comparing every context's B_2 closure with the whips module's braids found it.

use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::singles::DigitTally;
use sudolink_engine::grid::tables::{houses_of, ALL_HOUSES, CELL_HOUSE_BITS, HOUSE_CELLS, PEERS};
use sudolink_engine::grid::{Candidate, Cell, Digit, State};

const ALL: u16 = 0x1ff;

/// What [`Grid::brt_meet`] found.
pub enum Meet {
    /// The second grid is within the first: it is the answer.
    Within,
    /// BRT of the intersection finds a contradiction.
    Contradiction,
    /// BRT of the intersection (the second grid not within the first).
    Met(Grid),
}

/// Open digits per cell (bit d-1). A cell with one bit is decided once BRT has run.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    pub(crate) cells: [u16; 81],
}

impl Grid {
    /// The state's placed digits (one bit) and open candidates.
    pub fn from_state(state: &State) -> Grid {
        let mut cells = state.cell_masks();
        for (m, &v) in cells.iter_mut().zip(state.values()) {
            if v != 0 {
                *m = 1 << (v - 1);
            }
        }
        Grid { cells }
    }

    /// The grid as a [`State`]: one-digit cells placed, the others open. `None` when it is
    /// contradictory.
    pub fn to_state(&self) -> Option<State> {
        let mut values = [0u8; 81];
        let mut open = sudolink_engine::grid::CandidateSet::EMPTY;
        for (i, &m) in self.cells.iter().enumerate() {
            if m.count_ones() == 1 {
                values[i] = m.trailing_zeros() as u8 + 1;
            } else {
                for d in bits(m) {
                    open.insert(Candidate::new(Cell::new(i), Digit::from_index(d)));
                }
            }
        }
        State::from_parts(&values, 0, &open).ok()
    }

    /// The open digits of cell `i` (bit d-1); one bit for a decided cell.
    #[inline]
    pub fn digits(&self, i: usize) -> u16 {
        self.cells[i]
    }

    #[inline]
    pub fn has(&self, c: Candidate) -> bool {
        self.cells[c.cell().index()] >> c.digit().index() & 1 == 1
    }

    /// Every cell has exactly one digit (after BRT without contradiction: a solution).
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|m| m.count_ones() == 1)
    }

    /// The one-digit cells (bit i: cell i).
    pub fn decided(&self) -> u128 {
        (0..81)
            .filter(|&i| self.cells[i].is_power_of_two())
            .fold(0u128, |m, i| m | 1 << i)
    }

    /// Open candidates of the undecided cells.
    pub fn open_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|m| m.count_ones() > 1)
            .map(|m| m.count_ones() as usize)
            .sum()
    }

    /// The candidates of undecided cells, in index order.
    pub fn trial_candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, m)| m.count_ones() > 1)
            .flat_map(|(i, &m)| {
                bits(m).map(move |d| Candidate::new(Cell::new(i), Digit::from_index(d)))
            })
    }

    /// A cell without digit or a house-digit without place.
    pub fn has_contradiction(&self) -> bool {
        if self.cells.contains(&0) {
            return true;
        }
        HOUSE_CELLS
            .iter()
            .any(|h| h.iter().fold(0, |m, &c| m | self.cells[c as usize]) != ALL)
    }

    /// The assumption `c` (its cell reduced to it), then BRT. False on contradiction.
    pub fn assume(&mut self, c: Candidate) -> bool {
        let cell = c.cell().index();
        self.cells[cell] &= 1 << c.digit().index();
        if self.cells[cell] == 0 {
            return false;
        }
        self.brt(1u128 << cell)
    }

    /// Remove `c`, then BRT. False on contradiction.
    pub fn eliminate(&mut self, c: Candidate) -> bool {
        let cell = c.cell().index();
        self.cells[cell] &= !(1 << c.digit().index());
        match self.cells[cell].count_ones() {
            0 => false,
            1 => self.brt(1u128 << cell),
            _ => self.brt(0),
        }
    }

    /// BRT from a grid on which ECP has been applied for every decided cell but those of
    /// `pending` (one-digit cells whose digit must still leave their peers). Returns false
    /// on contradiction (the grid is then left part-way).
    pub fn brt(&mut self, pending: u128) -> bool {
        self.brt_from(pending, ALL_HOUSES)
    }

    /// B_1 to its fixpoint on a BRT-closed grid: BRT and braids of length 1, which are
    /// exactly the locked candidates (a `braid[1]` on Z is a CSP variable all of whose
    /// candidates are linked to Z: in a BRT-closed grid no cell can be one, and a
    /// house-digit can only when its places all lie in one box-line intersection that Z
    /// sees: pointing and claiming). No index and no trial. False on contradiction.
    pub fn b1_closure(&mut self) -> bool {
        loop {
            match self.locked_candidates() {
                None => return false,
                Some(0) => return true,
                Some(eliminated) => {
                    if !self.brt_from(eliminated & self.decided(), houses_of(eliminated)) {
                        return false;
                    }
                }
            }
        }
    }

    /// One pass of locked candidates over the grid's 54 box-line intersections: a digit of
    /// a line whose places are all in one box leaves the rest of that box (claiming), and a
    /// digit of a box whose places are all in one line leaves the rest of that line
    /// (pointing). The cells that lost a digit (bit i: cell i); `None` when one lost its
    /// last.
    fn locked_candidates(&mut self) -> Option<u128> {
        // the digits of each row segment (row r, box column b: r * 3 + b) and column
        // segment (column c, box row b: c * 3 + b)
        let mut rows = [0u16; 27];
        let mut columns = [0u16; 27];
        for r in 0..9 {
            for b in 0..3 {
                let i = r * 9 + b * 3;
                rows[r * 3 + b] = self.cells[i] | self.cells[i + 1] | self.cells[i + 2];
            }
        }
        for c in 0..9 {
            for b in 0..3 {
                let i = b * 27 + c;
                columns[c * 3 + b] = self.cells[i] | self.cells[i + 9] | self.cells[i + 18];
            }
        }
        let mut eliminated = 0u128;
        for line in 0..9 {
            for b in 0..3 {
                let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
                let band = line / 3 * 3;
                let (l1, l2) = (band + (line + 1) % 3, band + (line + 2) % 3);
                // rows: row `line` in box column b
                let seg = rows[line * 3 + b];
                let claiming = seg & !(rows[line * 3 + b1] | rows[line * 3 + b2]);
                let pointing = seg & !(rows[l1 * 3 + b] | rows[l2 * 3 + b]);
                for k in 0..3 {
                    for l in [l1, l2] {
                        self.remove(l * 9 + b * 3 + k, claiming, &mut eliminated)?;
                    }
                    for o in [b1, b2] {
                        self.remove(line * 9 + o * 3 + k, pointing, &mut eliminated)?;
                    }
                }
                // columns: column `line` in box row b
                let seg = columns[line * 3 + b];
                let claiming = seg & !(columns[line * 3 + b1] | columns[line * 3 + b2]);
                let pointing = seg & !(columns[l1 * 3 + b] | columns[l2 * 3 + b]);
                for k in 0..3 {
                    for l in [l1, l2] {
                        self.remove((b * 3 + k) * 9 + l, claiming, &mut eliminated)?;
                    }
                    for o in [b1, b2] {
                        self.remove((o * 3 + k) * 9 + line, pointing, &mut eliminated)?;
                    }
                }
            }
        }
        Some(eliminated)
    }

    /// Removes `digits` from a cell, noting it in `eliminated` when it loses one; `None`
    /// when it loses its last.
    #[inline]
    pub(super) fn remove(&mut self, cell: usize, digits: u16, eliminated: &mut u128) -> Option<()> {
        let m = self.cells[cell];
        if m & digits != 0 {
            let w = m & !digits;
            if w == 0 {
                return None;
            }
            self.cells[cell] = w;
            *eliminated |= 1 << cell;
        }
        Some(())
    }

    /// BRT(a ∩ k), a and k being BRT-closed (each a fixpoint of BRT without
    /// contradiction), in one scan of the cells: [`Meet::Within`] when k ⊆ a (k is the
    /// answer), else only what differs from both is propagated: a one-digit cell equal to
    /// its cell in a (or in k) has already left its peers there, and a house whose cells
    /// all equal a's (or all equal k's) has no hidden single and no digit without place.
    /// The fixpoint is BRT(a ∩ k) as [`Grid::brt`] from every cell would give it, at the
    /// cost of the difference.
    pub fn brt_meet(a: &Grid, k: &Grid) -> Meet {
        // the cells' flags as bitboards (bit i: cell i), sixteen cells at a time without
        // branches: most cells equal a's or k's, in no predictable pattern
        let mut g = Grid { cells: [0; 81] };
        let (mut da, mut dk, mut one, mut empty) = (0u128, 0u128, 0u128, false);
        let chunks = a.cells.chunks_exact(16).zip(k.cells.chunks_exact(16));
        for (c, (xs, ys)) in chunks.enumerate() {
            let (mut fa, mut fk, mut fo, mut fe) = (0u16, 0u16, 0u16, 0u16);
            for j in 0..16 {
                let (x, y) = (xs[j], ys[j]);
                let m = x & y;
                g.cells[c * 16 + j] = m;
                fa |= ((m != x) as u16) << j;
                fk |= ((m != y) as u16) << j;
                fo |= ((m & m.wrapping_sub(1) == 0) as u16) << j;
                fe |= ((m == 0) as u16) << j;
            }
            da |= (fa as u128) << (c * 16);
            dk |= (fk as u128) << (c * 16);
            one |= (fo as u128) << (c * 16);
            empty |= fe != 0;
        }
        let (x, y) = (a.cells[80], k.cells[80]);
        let m = x & y;
        g.cells[80] = m;
        da |= ((m != x) as u128) << 80;
        dk |= ((m != y) as u128) << 80;
        one |= ((m & m.wrapping_sub(1) == 0) as u128) << 80;
        empty |= m == 0;
        let (off_a, off_k, pending) = (houses_of(da), houses_of(dk), da & dk & one);
        if off_k == 0 {
            Meet::Within
        } else if empty || !g.brt_from(pending, off_a & off_k) {
            Meet::Contradiction
        } else {
            Meet::Met(g)
        }
    }

    /// [`Grid::brt`] when only the houses of `dirty` (bits of house indices) may
    /// hold a hidden single, or a digit without place, not yet seen.
    pub(super) fn brt_from(&mut self, mut pending: u128, mut dirty: u32) -> bool {
        // the houses to scan for hidden singles: those given first, then those with a cell
        // changed since the last scan
        loop {
            while pending != 0 {
                let cell = pending.trailing_zeros() as usize;
                pending &= pending - 1;
                let m = self.cells[cell];
                for &p in &PEERS[cell] {
                    let p = p as usize;
                    let v = self.cells[p];
                    if v & m != 0 {
                        let w = v & !m;
                        if w == 0 {
                            return false;
                        }
                        self.cells[p] = w;
                        dirty |= CELL_HOUSE_BITS[p];
                        if w & (w - 1) == 0 {
                            pending |= 1u128 << p;
                        }
                    }
                }
            }
            // hidden singles, and house-digits without place
            let scan = dirty;
            dirty = 0;
            for h in bits(scan) {
                let h = &HOUSE_CELLS[h];
                // the digits of one-digit cells are each once in the house (ECP) and need
                // no look: only the others' unique digits are hidden singles
                let (mut tally, mut fixed) = (DigitTally::default(), 0u16);
                for &c in h {
                    let m = self.cells[c as usize];
                    tally.add(m);
                    fixed |= m & ((m & m.wrapping_sub(1) == 0) as u16).wrapping_neg();
                }
                if tally.seen() != ALL {
                    return false;
                }
                let unique = tally.once() & !fixed;
                if unique == 0 {
                    continue;
                }
                for &c in h {
                    let c = c as usize;
                    let m = self.cells[c] & unique;
                    if m == 0 {
                        continue;
                    }
                    if m & (m - 1) != 0 {
                        // two digits whose only place is this cell (even when they are
                        // all it holds)
                        return false;
                    }
                    if self.cells[c] != m {
                        self.cells[c] = m;
                        dirty |= CELL_HOUSE_BITS[c];
                        pending |= 1u128 << c;
                    }
                }
            }
            if pending == 0 {
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell holding exactly two digits whose only place in a row it is: no solution. (BRT
    /// once missed this when the two digits were all the cell held, and T&E and BxB
    /// classes came out too high: eleven's #7,634 read B3B for its published B2B.)
    #[test]
    fn two_hidden_singles_in_one_cell_are_a_contradiction() {
        let mut g = Grid { cells: [ALL; 81] };
        g.cells[0] = 0b11;
        for c in 1..9 {
            g.cells[c] = ALL & !0b11;
        }
        assert!(!g.brt(0));
        // one of them alone is a hidden single
        let mut g = Grid { cells: [ALL; 81] };
        g.cells[0] = 0b111;
        for c in 1..9 {
            g.cells[c] = ALL & !0b1;
        }
        assert!(g.brt(0));
        assert_eq!(g.cells[0], 0b1);
    }

    /// BRT on the engine's [`State`] with the grid kit's singles, one single at a time:
    /// what this grid would be replaced by. False on contradiction (a cell without digit,
    /// a house-digit without place).
    fn state_brt(s: &mut State, z: Candidate) -> bool {
        use sudolink_engine::grid::singles::first_single;
        if s.place(z).is_err() {
            return false;
        }
        loop {
            let (masks, values) = (s.cell_masks(), s.values());
            if (0..81).any(|c| values[c] == 0 && masks[c] == 0) {
                return false;
            }
            let dead = HOUSE_CELLS.iter().any(|h| {
                h.iter().fold(0u16, |m, &c| {
                    let v = values[c as usize];
                    m | masks[c as usize] | if v == 0 { 0 } else { 1 << (v - 1) }
                }) != ALL
            });
            if dead {
                return false;
            }
            match first_single(&masks, 0) {
                None => return true,
                Some(single) => {
                    if s.place(single.candidate()).is_err() {
                        return false;
                    }
                }
            }
        }
    }

    /// The measured reason this grid is kept (module doc; PERFORMANCE.md, "The grid kit and
    /// the specialised grids"): a T&E(1) pass — every open candidate of four BRT-closed
    /// puzzles assumed, then BRT — on this grid and on a [`State`] ([`state_brt`]), which
    /// must agree on every trial.
    #[test]
    #[ignore = "a timing: cargo test --release -p sudolink-search --lib -- --ignored --nocapture trial_cost"]
    fn trial_cost_on_this_grid_and_on_a_state() {
        use std::hint::black_box;
        use std::time::Instant;
        // eleven's first four T&E(2) puzzles (2011)
        let puzzles = [
            "..3....8..5.1....66....74....8.9..4.7....5....1.6..8.....9...2.....2...8..2...3.4",
            ".2.4...8.....8...68....71..2..5...9..95.......4..3.........1..7..28...4.....6.3..",
            "..3....8..5....2.17...........5.8..6.9.12....8....3....6.9....5..4....7.....1.6.2",
            "..3..6.8....1..2......7...4..9..8.6..3..4...1.7.2.....3....5.....5...6..98.....5.",
        ];
        let mut trials = Vec::new();
        for p in puzzles {
            let givens = sudolink_engine::grid::format::parse_line(p, 1)
                .unwrap()
                .givens;
            let mut g = Grid::from_state(&State::from_givens(&givens).unwrap());
            assert!(g.brt(g.decided()));
            let s = g.to_state().unwrap();
            for z in g.trial_candidates() {
                trials.push((g, s.clone(), z));
            }
        }
        let rounds = 20;
        let started = Instant::now();
        for _ in 0..rounds {
            for (g, _, z) in &trials {
                let mut t = *g;
                black_box(t.assume(*z));
            }
        }
        let on_grid = started.elapsed().as_secs_f64();
        let started = Instant::now();
        for _ in 0..rounds {
            for (_, s, z) in &trials {
                let mut t = s.clone();
                black_box(state_brt(&mut t, *z));
            }
        }
        let on_state = started.elapsed().as_secs_f64();
        for (g, s, z) in &trials {
            let (mut a, mut b) = (*g, s.clone());
            assert_eq!(a.assume(*z), state_brt(&mut b, *z), "{z}");
        }
        let per = |t: f64| t * 1e9 / (rounds * trials.len()) as f64;
        println!(
            "{} trials: {:.0} ns a trial on the 81-mask grid, {:.0} ns on a State ({:.1}x)",
            trials.len(),
            per(on_grid),
            per(on_state),
            on_state / on_grid
        );
    }
}
