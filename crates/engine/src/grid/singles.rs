//! Naked and hidden singles on a grid of digit masks (`[u16; 81]`, bit d-1 for digit d), the
//! one finder the solver, the T&E engine, the basic rules and the ratings share.
//!
//! A **naked single** is an undecided cell with one digit left; a **hidden single** is a
//! house-digit with one place left, in an undecided cell. "Decided" cells are given as an
//! 81-bit set: a grid may keep a placed digit as its cell's one bit (the T&E grid) or clear
//! it (a [`State`](super::State)'s masks); either way a decided cell is no single. Each
//! house's hidden singles are read by a [`DigitTally`] over its cells: the digits seen once
//! and not twice.
//!
//! [`first_single`] finds the first single in a fixed order (naked ones by cell, then hidden
//! ones by house index — rows, columns, blocks — and digit), so that a resolution path is
//! the same however the grid was reached; the fixpoint loops (the solver's, BRT's) use the
//! tally in their own order.

use super::bits::{bits, is_single, Tally};
use super::tables::HOUSE_CELLS;
use super::types::{Candidate, Cell, Digit, House};

/// A house's digits counted over its cells: [`Tally`] of digit masks.
pub type DigitTally = Tally<u16>;

/// A naked or a hidden single: the candidate it asserts, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Single {
    /// `digit` is the last digit of `cell`.
    Naked { cell: Cell, digit: Digit },
    /// `cell` is the last place of `digit` in `house`.
    Hidden {
        house: House,
        digit: Digit,
        cell: Cell,
    },
}

impl Single {
    /// The candidate the single asserts.
    pub fn candidate(self) -> Candidate {
        match self {
            Single::Naked { cell, digit } | Single::Hidden { cell, digit, .. } => {
                Candidate::new(cell, digit)
            }
        }
    }
}

/// The naked singles: undecided cells with exactly one digit (bit c: cell c).
#[inline]
pub fn naked_singles(cells: &[u16; 81], decided: u128) -> u128 {
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &m)| is_single(m))
        .fold(0, |s, (c, _)| s | 1 << c)
        & !decided
}

/// The first naked single in cell order.
#[inline]
pub fn first_naked(cells: &[u16; 81], decided: u128) -> Option<usize> {
    (0..81).find(|&c| decided >> c & 1 == 0 && is_single(cells[c]))
}

/// The hidden singles of house `house` (a house index): its digits with exactly one place
/// there, in an undecided cell (bit d-1: digit d).
#[inline]
pub fn hidden_singles(cells: &[u16; 81], decided: u128, house: usize) -> u16 {
    let mut tally = DigitTally::default();
    let mut fixed = 0u16;
    for &c in &HOUSE_CELLS[house] {
        let m = cells[c as usize];
        tally.add(m);
        if decided >> c & 1 == 1 {
            fixed |= m;
        }
    }
    tally.once() & !fixed
}

/// The cell of house `house` holding digit index `d` (the house's first, for a hidden
/// single its only one).
#[inline]
pub fn place_of(cells: &[u16; 81], house: usize, d: usize) -> Option<usize> {
    HOUSE_CELLS[house]
        .iter()
        .map(|&c| c as usize)
        .find(|&c| cells[c] >> d & 1 == 1)
}

/// The first single: the first naked one in cell order, else the first hidden one by house
/// index (rows, columns, blocks) and digit.
pub fn first_single(cells: &[u16; 81], decided: u128) -> Option<Single> {
    if let Some(c) = first_naked(cells, decided) {
        return Some(Single::Naked {
            cell: Cell::new(c),
            digit: Digit::from_index(cells[c].trailing_zeros() as usize),
        });
    }
    (0..27).find_map(|h| {
        let d = bits(hidden_singles(cells, decided, h)).next()?;
        let cell = place_of(cells, h, d)?;
        Some(Single::Hidden {
            house: House::from_index(h),
            digit: Digit::from_index(d),
            cell: Cell::new(cell),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{format, State};

    /// The cells' masks of a state (0 for a placed cell) and its placed cells.
    fn masks(state: &State) -> ([u16; 81], u128) {
        let mut placed = 0u128;
        let cells = std::array::from_fn(|c| {
            if state.values()[c] != 0 {
                placed |= 1 << c;
            }
            state.cell_mask(Cell::new(c))
        });
        (cells, placed)
    }

    /// Every single, the slow way: each cell's digits and each house-digit's places counted.
    fn slow_singles(cells: &[u16; 81], decided: u128) -> Vec<Single> {
        let undecided = |c: Cell| decided >> c.index() & 1 == 0;
        let mut out = Vec::new();
        for cell in Cell::all().filter(|&c| undecided(c)) {
            let digits: Vec<Digit> = Digit::all()
                .filter(|d| cells[cell.index()] >> d.index() & 1 == 1)
                .collect();
            if let [digit] = digits[..] {
                out.push(Single::Naked { cell, digit });
            }
        }
        for house in House::all() {
            for digit in Digit::all() {
                let places: Vec<Cell> = house
                    .cells()
                    .into_iter()
                    .filter(|c| cells[c.index()] >> digit.index() & 1 == 1)
                    .collect();
                if let [cell] = places[..] {
                    if undecided(cell) {
                        out.push(Single::Hidden { house, digit, cell });
                    }
                }
            }
        }
        out
    }

    /// Hard puzzles' start states (few singles), and states with many: a solution grid
    /// with every k-th cell emptied.
    fn states() -> Vec<State> {
        let mut out = Vec::new();
        for p in [
            "..3....8..5.1....66....74....8.9..4.7....5....1.6..8.....9...2.....2...8..2...3.4",
            "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ] {
            let givens = format::parse_line(p, 1).unwrap().givens;
            out.push(State::from_givens(&givens).unwrap());
        }
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let solution = format::parse_line(solution, 1).unwrap().givens;
        for k in [2, 3, 4, 5, 7] {
            for start in 0..k {
                let mut values = solution;
                for c in (start..81).step_by(k) {
                    values[c] = 0;
                }
                out.push(State::from_givens(&values).unwrap());
            }
        }
        out
    }

    #[test]
    fn the_finders_agree_with_the_slow_definition() {
        for state in states() {
            let (cells, placed) = masks(&state);
            let all = slow_singles(&cells, placed);
            assert_eq!(first_single(&cells, placed), all.first().copied());
            let naked: Vec<Single> = bits(naked_singles(&cells, placed))
                .map(|c| Single::Naked {
                    cell: Cell::new(c),
                    digit: Digit::from_index(cells[c].trailing_zeros() as usize),
                })
                .collect();
            let hidden = (0..27).flat_map(|h| {
                let cells = &cells;
                bits(hidden_singles(cells, placed, h)).map(move |d| Single::Hidden {
                    house: House::from_index(h),
                    digit: Digit::from_index(d),
                    cell: Cell::new(place_of(cells, h, d).unwrap()),
                })
            });
            let found: Vec<Single> = naked.into_iter().chain(hidden).collect();
            assert_eq!(found, all);
        }
    }

    /// A placed digit kept as its cell's one bit is neither a naked nor a hidden single.
    #[test]
    fn decided_cells_are_no_singles() {
        let mut cells = [0x1ffu16; 81];
        cells[0] = 1;
        for &p in &crate::grid::tables::PEERS[0] {
            cells[p as usize] &= !1;
        }
        assert_eq!(naked_singles(&cells, 1), 0);
        assert_eq!(hidden_singles(&cells, 1, 0), 0);
        assert_eq!(first_single(&cells, 1), None);
        let naked = first_single(&cells, 0);
        let want = Candidate::new(Cell::new(0), Digit::new(1).unwrap());
        assert_eq!(naked.map(Single::candidate), Some(want));
        let mut t = DigitTally::default();
        for m in [0b011, 0b110, 0b1000] {
            t.add(m);
        }
        assert_eq!((t.seen(), t.once()), (0b1111, 0b1101));
    }
}
