//! Almost-locked sets of a state, enumerated once: N unsolved cells of one house whose open
//! candidates span exactly N + 1 digits. The net engine (`search::net`) and the ALS
//! techniques (`search::als`) both read this list.
//!
//! Each ALS is kept as 81-bit cell masks (its cells, and for each digit the cells holding
//! it), so that "every x of A sees every x of B" is a few mask operations.

use super::LinkIndex;
use crate::grid::{tables, Cell, CspVariable, Digit, House};

/// One almost-locked set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsCells {
    /// The first house (rows, columns, blocks order) it was found in.
    pub house: House,
    /// Its cells in house order.
    pub cells: Vec<Cell>,
    /// Its cells as a mask (bit = cell index).
    pub mask: u128,
    /// Its digits, bit d-1.
    pub digits: u16,
    /// For each digit, the ALS cells holding it.
    pub places: [u128; 9],
}

impl AlsCells {
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    pub fn has(&self, d: Digit) -> bool {
        self.digits >> d.index() & 1 == 1
    }

    /// Its digits, ascending.
    pub fn digit_list(&self) -> Vec<Digit> {
        (0..9)
            .filter(|d| self.digits >> d & 1 == 1)
            .map(Digit::from_index)
            .collect()
    }
}

/// The cells of a mask, ascending.
pub fn mask_cells(mut mask: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Cell::new(i)
        })
    })
}

/// The cells seeing every cell of `mask` (none of `mask` itself).
pub fn seeing_all(mask: u128) -> u128 {
    mask_cells(mask).fold(!0u128 >> 47, |m, c| m & tables::peer_mask(c))
}

/// Every ALS of 1 to `max_cells` cells, each cell set once, in the order houses (rows,
/// columns, blocks) then subsets of the house's unsolved cells by increasing bit pattern.
pub fn enumerate(links: &LinkIndex, max_cells: usize) -> Vec<AlsCells> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for house in House::all() {
        let cells: Vec<Cell> = house
            .cells()
            .into_iter()
            .filter(|&c| !links.is_decided(CspVariable::Rc(c)))
            .filter(|&c| !links.variable(CspVariable::Rc(c)).is_empty())
            .collect();
        let masks: Vec<u16> = cells.iter().map(|&c| cell_digits(links, c)).collect();
        let k = cells.len();
        let mut union = vec![0u16; 1 << k];
        for subset in 1usize..(1 << k) {
            let low = subset.trailing_zeros() as usize;
            union[subset] = union[subset & (subset - 1)] | masks[low];
            let n = subset.count_ones() as usize;
            if n > max_cells || union[subset].count_ones() as usize != n + 1 {
                continue;
            }
            let mask = (0..k)
                .filter(|i| subset >> i & 1 == 1)
                .fold(0u128, |m, i| m | 1 << cells[i].index());
            if !seen.insert(mask) {
                continue;
            }
            let members: Vec<Cell> = mask_cells(mask).collect();
            let mut places = [0u128; 9];
            for (i, &c) in cells.iter().enumerate() {
                if subset >> i & 1 == 1 {
                    for (d, p) in places.iter_mut().enumerate() {
                        if masks[i] >> d & 1 == 1 {
                            *p |= 1 << c.index();
                        }
                    }
                }
            }
            out.push(AlsCells {
                house,
                cells: members,
                mask,
                digits: union[subset],
                places,
            });
        }
    }
    out
}

/// A cell's open digits, bit d-1.
pub fn cell_digits(links: &LinkIndex, cell: Cell) -> u16 {
    links
        .variable(CspVariable::Rc(cell))
        .iter()
        .fold(0, |m, c| m | 1 << c.digit().index())
}
