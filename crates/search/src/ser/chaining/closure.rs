//! What a level-0 propagation reaches, without its parents: the potentials on and off,
//! and whether it meets a contradiction. Most propagations of the Nishio, multiple and
//! dynamic producers take part in no hint; their [`Reached`] sets say so, and only the
//! propagations a hint rests on are built with their parents ([`super::propagate`]).
//!
//! Why the sets are those of the full propagation: at level 0 each rule is monotone in the
//! potentials known — an *on* turns off the cell's other values and the value's other
//! places; an *off* turns on the last value of a cell, or the last place of a value in a
//! region, that had two or more on the grid (in the dynamic modes, "last" on the grid less
//! the *offs* known; in the static mode, the other of a bivalue cell or bilocal region of
//! the grid). A cell or region left with none has no potential left for the rule: the
//! propagation meets a contradiction there, in any order. A propagation that meets no
//! contradiction stops at the least set closed under these rules, whatever its order, so
//! [`closure`] may take the potentials in any order; and a contradiction is met in one
//! order exactly when it is met in every order. A propagation that meets one stops part
//! way, at a set that depends on its order: [`Closure::contradiction`] says so, and the
//! full propagation is built then.
//!
//! Complexity: each reached potential is taken once; an *on* costs a few word operations,
//! an *off* at most three region masks.

use super::potential::Pot;
use super::propagate::{ReadSet, Removed};
use crate::ser::grid::{REGIONS, REGION_MASKS};
use crate::ser::ChainingMode;
use sudolink_engine::grid::bits::{bits, is_pair, is_single};
use sudolink_engine::grid::tables::PEER_MASKS;

/// The potentials reached, per value (index `value - 1`), bit `c` for cell `c`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reached {
    pub on: [u128; 9],
    pub off: [u128; 9],
    /// Their cells.
    pub cells: u128,
}

impl Reached {
    /// The registered potentials of a full propagation.
    pub fn of_chain(chain: &super::propagate::Chain) -> Reached {
        let mut out = Reached::default();
        for pot in chain.registered_pots() {
            out.insert(pot);
        }
        out.cells = out.on.iter().chain(&out.off).fold(0, |a, &b| a | b);
        out
    }

    #[inline]
    pub(super) fn insert(&mut self, p: Pot) {
        let bit = 1u128 << p.cell();
        if p.on() {
            self.on[p.value() as usize - 1] |= bit;
        } else {
            self.off[p.value() as usize - 1] |= bit;
        }
    }

    /// The potentials of `polarity` reached in both.
    pub fn meet(&self, other: &Reached, on: bool) -> [u128; 9] {
        let (a, b) = if on {
            (&self.on, &other.on)
        } else {
            (&self.off, &other.off)
        };
        std::array::from_fn(|v| a[v] & b[v])
    }

    /// Does the propagation, every reached potential taken, read a candidate of `removed`
    /// (see [`Reached::read`])?
    pub fn reads_any(&self, removed: &Removed, y: bool) -> bool {
        removed.met_by(self.cells, &self.on, &self.off, y)
    }

    /// What the propagation read when every reached potential was taken (a superset of
    /// what it read when it stopped at a contradiction): see [`ReadSet::read_links`].
    pub fn read(&self, y: bool) -> ReadSet {
        let linked: [u128; 9] = std::array::from_fn(|v| self.on[v] | self.off[v]);
        ReadSet::from_parts(if y { self.cells } else { 0 }, linked)
    }
}

/// [`Reached`] with the contradiction flag.
#[derive(Clone, Debug, Default)]
pub struct Closure {
    pub reached: Reached,
    pub contradiction: bool,
}

/// The grid of a run as [`closure`] reads it: candidate masks, each value's cells, and
/// where the dynamic rules may fire (SE's rule needs two candidates or places on the grid).
#[derive(Clone)]
pub struct Grid {
    cands: [u16; 81],
    by_value: [u128; 9],
    /// Per value index and region type (block, row, column): the places of the value whose
    /// region of that type holds two places of it or more.
    several_places: [[u128; 3]; 9],
    /// The cells with two candidates or more.
    several_values: u128,
}

impl Grid {
    pub fn new(cands: &[u16; 81]) -> Grid {
        let mut by_value = [0u128; 9];
        let mut several_values = 0u128;
        for (cell, &m) in cands.iter().enumerate() {
            let bit = 1u128 << cell;
            for v in bits(m >> 1) {
                by_value[v] |= bit;
            }
            if m.count_ones() >= 2 {
                several_values |= bit;
            }
        }
        let several_places = std::array::from_fn(|v| {
            std::array::from_fn(|k| {
                REGIONS[k].iter().fold(0u128, |set, &region| {
                    let places = by_value[v] & region;
                    if places & places.wrapping_sub(1) != 0 {
                        set | places
                    } else {
                        set
                    }
                })
            })
        });
        Grid {
            cands: *cands,
            by_value,
            several_places,
            several_values,
        }
    }
}

/// A contradiction met.
struct Contradiction;

/// A propagation's state: what is reached, and what is reached but not yet taken (with
/// the values, bit `v` for index `v`, that have some).
struct State {
    reached: Reached,
    new_on: [u128; 9],
    new_off: [u128; 9],
    on_values: u16,
    off_values: u16,
}

/// Adds `cells` of value index `v` to one polarity's reached sets (`mine`), the fresh ones
/// to its new sets (`new`, with their values in `values`); a cell the other polarity holds
/// (`theirs`) is a contradiction.
#[inline]
fn reach_cells(
    mine: &mut [u128; 9],
    theirs: &[u128; 9],
    new: &mut [u128; 9],
    values: &mut u16,
    v: usize,
    cells: u128,
) -> Result<(), Contradiction> {
    if cells & theirs[v] != 0 {
        return Err(Contradiction);
    }
    let fresh = cells & !mine[v];
    if fresh != 0 {
        mine[v] |= fresh;
        new[v] |= fresh;
        *values |= 1 << v;
    }
    Ok(())
}

impl State {
    /// `cells` of value index `v` on.
    #[inline]
    fn turn_on(&mut self, v: usize, cells: u128) -> Result<(), Contradiction> {
        let Reached { on, off, .. } = &mut self.reached;
        reach_cells(on, off, &mut self.new_on, &mut self.on_values, v, cells)
    }

    /// `cells` of value index `v` off.
    #[inline]
    fn turn_off(&mut self, v: usize, cells: u128) -> Result<(), Contradiction> {
        let Reached { on, off, .. } = &mut self.reached;
        reach_cells(off, on, &mut self.new_off, &mut self.off_values, v, cells)
    }

    /// The new *ons*' links: each turns off its value's other places and (`y`) its cell's
    /// other values.
    fn take_ons(&mut self, grid: &Grid, y: bool) -> Result<(), Contradiction> {
        while self.on_values != 0 {
            let v = self.on_values.trailing_zeros() as usize;
            self.on_values &= self.on_values - 1;
            let ons = std::mem::take(&mut self.new_on[v]);
            let mut peers = 0u128;
            for cell in bits(ons) {
                peers |= PEER_MASKS[cell];
                if y {
                    for b in bits(grid.cands[cell] & !(2 << v)) {
                        let w = b - 1;
                        self.turn_off(w, 1 << cell)?;
                    }
                }
            }
            self.turn_off(v, peers & grid.by_value[v])?;
        }
        Ok(())
    }

    /// The `offs`' links in the dynamic modes, on the grid less every *off* reached
    /// (`cands`, which loses `offs` here): a cell (`y`) or a region's places of a value
    /// that had two or more and is left with one turns it on, left with none is a
    /// contradiction.
    fn take_offs_dynamic(
        &mut self,
        grid: &Grid,
        cands: &mut [u16; 81],
        offs: &[u128; 9],
        values: u16,
        y: bool,
    ) -> Result<(), Contradiction> {
        for v in bits(values) {
            for cell in bits(offs[v]) {
                cands[cell] &= !(2 << v);
            }
        }
        for v in bits(values) {
            let set = offs[v];
            let left = grid.by_value[v] & !self.reached.off[v];
            for cell in bits(set) {
                let bit = 1u128 << cell;
                for (masks, &several) in REGION_MASKS.iter().zip(&grid.several_places[v]) {
                    // a region with one place of the value, or a cell with one value, has
                    // no rule (SE's rule needs two left when an off is taken)
                    if several & bit == 0 {
                        continue;
                    }
                    let places = left & masks[cell];
                    if places == 0 {
                        return Err(Contradiction);
                    }
                    if is_single(places) {
                        self.turn_on(v, places)?;
                    }
                }
                if y && grid.several_values & bit != 0 {
                    let m = cands[cell];
                    if m == 0 {
                        return Err(Contradiction);
                    }
                    if m & (m - 1) == 0 {
                        self.turn_on(m.trailing_zeros() as usize - 1, 1 << cell)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The `offs`' links in the static mode: the other value of a bivalue cell (`y`), the
    /// other place of a value in a region where it has two.
    fn take_offs_static(
        &mut self,
        grid: &Grid,
        offs: &[u128; 9],
        values: u16,
        y: bool,
    ) -> Result<(), Contradiction> {
        for v in bits(values) {
            for cell in bits(offs[v]) {
                let m = grid.cands[cell];
                if y && is_pair(m) {
                    let w = (m & !(2 << v)).trailing_zeros() as usize - 1;
                    self.turn_on(w, 1 << cell)?;
                }
                for masks in &REGION_MASKS {
                    let places = grid.by_value[v] & masks[cell];
                    if is_pair(places) {
                        self.turn_on(v, places & !(1 << cell))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Takes every potential reached until none is new.
    fn run(
        &mut self,
        grid: &Grid,
        mode: ChainingMode,
        cands: &mut [u16; 81],
    ) -> Result<(), Contradiction> {
        let y = !mode.nishio;
        loop {
            self.take_ons(grid, y)?;
            let values = std::mem::take(&mut self.off_values);
            if values == 0 {
                return Ok(());
            }
            let mut offs = [0u128; 9];
            for v in bits(values) {
                offs[v] = std::mem::take(&mut self.new_off[v]);
            }
            if mode.dynamic {
                self.take_offs_dynamic(grid, cands, &offs, values, y)?;
            } else {
                self.take_offs_static(grid, &offs, values, y)?;
            }
        }
    }
}

/// What the level-0 propagation from `start` under `mode` reaches on `grid`. `cands` is any
/// buffer (the dynamic modes' working grid).
pub fn closure(grid: &Grid, start: Pot, mode: ChainingMode, cands: &mut [u16; 81]) -> Closure {
    debug_assert_eq!(mode.level, 0);
    let mut state = State {
        reached: Reached::default(),
        new_on: [0; 9],
        new_off: [0; 9],
        on_values: 0,
        off_values: 0,
    };
    state.reached.insert(start);
    let (v, bit) = (start.value() as usize - 1, 1u128 << start.cell());
    if start.on() {
        state.new_on[v] = bit;
        state.on_values = 1 << v;
    } else {
        state.new_off[v] = bit;
        state.off_values = 1 << v;
    }
    if mode.dynamic {
        *cands = grid.cands;
    }
    let contradiction = state.run(grid, mode, cands).is_err();
    let reached = &mut state.reached;
    reached.cells = reached.on.iter().chain(&reached.off).fold(0, |a, &b| a | b);
    Closure {
        reached: state.reached,
        contradiction,
    }
}

#[cfg(test)]
mod tests {
    use super::super::advanced::Rules;
    use super::super::potential::{Work, POTS};
    use super::super::propagate::{propagate, Buffers};
    use super::*;
    use sudolink_engine::grid::bits::bit_masks;

    /// The candidates of a puzzle's givens (each empty cell: the values no peer holds).
    fn givens_grid(puzzle: &str) -> ([u8; 81], [u16; 81]) {
        let mut values = [0u8; 81];
        for (v, b) in values.iter_mut().zip(puzzle.bytes()) {
            *v = b.saturating_sub(b'0');
        }
        let mut cands = [0u16; 81];
        for cell in (0..81).filter(|&c| values[c] == 0) {
            cands[cell] = 0b11_1111_1110;
            for (other, &value) in values.iter().enumerate() {
                if value != 0 && crate::ser::grid::sees(cell, other) {
                    cands[cell] &= !(1 << value);
                }
            }
        }
        (values, cands)
    }

    #[test]
    fn closures_reach_what_the_full_propagations_register() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ];
        let modes = [
            ChainingMode {
                multiple: true,
                dynamic: false,
                nishio: false,
                level: 0,
            },
            ChainingMode {
                multiple: true,
                dynamic: true,
                nishio: false,
                level: 0,
            },
            ChainingMode {
                multiple: false,
                dynamic: true,
                nishio: true,
                level: 0,
            },
        ];
        let (mut contradicted, mut compared) = (0, 0);
        for puzzle in puzzles {
            let (values, givens) = givens_grid(puzzle);
            // the grid itself, and one thinned to make bivalue cells and contradictions (a
            // closure is the full propagation's set on any grid, valid or not)
            let mut thinned = givens;
            for (cell, m) in thinned.iter_mut().enumerate() {
                for (at, bit) in bit_masks(*m).enumerate() {
                    if m.count_ones() <= 2 {
                        break;
                    }
                    if (at + cell) % 3 == 0 {
                        *m &= !bit;
                    }
                }
            }
            for cands in [givens, thinned] {
                let work = Work::new(&cands);
                let grid = Grid::new(&cands);
                let mut buffers = Buffers::default();
                let mut scratch = [0u16; 81];
                for mode in modes {
                    for start in (0..POTS).map(Pot::from_index) {
                        if cands[start.cell()] & (1 << start.value()) == 0 {
                            continue;
                        }
                        let found = closure(&grid, start, mode, &mut scratch);
                        let chain = propagate(
                            &work,
                            &values,
                            start,
                            mode,
                            &mut Rules::default(),
                            &mut buffers,
                        );
                        assert_eq!(
                            found.contradiction,
                            chain.contradiction.is_some(),
                            "{mode:?} from {start:?}"
                        );
                        if found.contradiction {
                            contradicted += 1;
                            continue;
                        }
                        assert_eq!(
                            found.reached,
                            Reached::of_chain(&chain),
                            "{mode:?} {start:?}"
                        );
                        assert_eq!(found.reached.read(!mode.nishio), chain.read);
                        compared += 1;
                    }
                }
            }
        }
        // both kinds were met
        assert!(
            contradicted > 100 && compared > 1000,
            "{contradicted} {compared}"
        );
    }
}
