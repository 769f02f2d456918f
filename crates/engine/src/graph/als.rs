//! Almost-locked sets of a state, enumerated once: N unsolved cells of one house whose open
//! candidates span exactly N + 1 digits. The net engine (`search::net`) and the ALS
//! techniques (`search::als`) both read this list.
//!
//! Each ALS is kept as 81-bit cell masks (its cells, and for each digit the cells holding
//! it), so that "every x of A sees every x of B" is a few mask operations.

use super::LinkIndex;
use crate::grid::bits::bits;
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
        bits(self.digits).map(Digit::from_index).collect()
    }
}

/// The cells of a mask, ascending.
pub fn mask_cells(mask: u128) -> impl Iterator<Item = Cell> {
    bits(mask).map(Cell::new)
}

/// The cells seeing every cell of `mask` (none of `mask` itself).
pub fn seeing_all(mask: u128) -> u128 {
    mask_cells(mask).fold(!0u128 >> 47, |m, c| m & tables::peer_mask(c))
}

/// One ALS as [`for_each`] finds it: its masks, no list allocated.
#[derive(Clone, Copy, Debug)]
pub struct AlsMasks {
    /// The first house (rows, columns, blocks order) it is in.
    pub house: House,
    /// Its cells as a mask (bit = cell index).
    pub mask: u128,
    /// Its digits, bit d-1.
    pub digits: u16,
    /// For each digit, the ALS cells holding it.
    pub places: [u128; 9],
}

/// Every ALS of 1 to `max_cells` cells, each cell set once, in the order houses (rows,
/// columns, blocks) then subsets of the house's unsolved cells by increasing bit pattern.
pub fn enumerate(links: &LinkIndex, max_cells: usize) -> Vec<AlsCells> {
    let mut out = Vec::new();
    for_each(links, max_cells, |a| {
        out.push(AlsCells {
            house: a.house,
            cells: mask_cells(a.mask).collect(),
            mask: a.mask,
            digits: a.digits,
            places: a.places,
        })
    });
    out
}

/// [`enumerate`]'s sets, in its order, each handed to `found` as masks.
pub fn for_each(links: &LinkIndex, max_cells: usize, mut found: impl FnMut(AlsMasks)) {
    let mut cells: Vec<Cell> = Vec::with_capacity(9);
    let mut masks: Vec<u16> = Vec::with_capacity(9);
    let mut union = vec![0u16; 1 << 9];
    for house in House::all() {
        cells.clear();
        cells.extend(
            house
                .cells()
                .into_iter()
                .filter(|&c| !links.is_decided(CspVariable::Rc(c)))
                .filter(|&c| !links.variable(CspVariable::Rc(c)).is_empty()),
        );
        masks.clear();
        masks.extend(cells.iter().map(|&c| cell_digits(links, c)));
        let k = cells.len();
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
            if in_an_earlier_house(house, mask) {
                continue;
            }
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
            found(AlsMasks {
                house,
                mask,
                digits: union[subset],
                places,
            });
        }
    }
}

/// Whether the cells of `mask` (all in `house`) also lie in one house that comes before it
/// (rows, then columns, then blocks), where the same set was found first: one cell lies in
/// its row; two or more cells of a block lie in a row or a column when they share it.
fn in_an_earlier_house(house: House, mask: u128) -> bool {
    match house {
        House::Row(_) => false,
        House::Column(_) => mask.count_ones() == 1,
        House::Block(_) => {
            let mut cells = mask_cells(mask);
            let first = cells.next().expect("a set has a cell");
            let (mut same_row, mut same_col) = (true, true);
            for c in cells {
                same_row &= c.row() == first.row();
                same_col &= c.col() == first.col();
            }
            same_row || same_col
        }
    }
}

/// A cell's open digits, bit d-1.
pub fn cell_digits(links: &LinkIndex, cell: Cell) -> u16 {
    links
        .variable(CspVariable::Rc(cell))
        .iter()
        .fold(0, |m, c| m | 1 << c.digit().index())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::format::parse_line;

    /// The sets by brute force: every subset of a house's unsolved cells, a set already met
    /// (the same cells) left out.
    fn enumerate_with_a_seen_set(links: &LinkIndex, max_cells: usize) -> Vec<(House, u128, u16)> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for house in House::all() {
            let cells: Vec<Cell> = house
                .cells()
                .into_iter()
                .filter(|&c| !links.is_decided(CspVariable::Rc(c)))
                .filter(|&c| !links.variable(CspVariable::Rc(c)).is_empty())
                .collect();
            for subset in 1usize..(1 << cells.len()) {
                let chosen: Vec<Cell> = (0..cells.len())
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| cells[i])
                    .collect();
                let digits = chosen.iter().fold(0, |m, &c| m | cell_digits(links, c));
                if chosen.len() > max_cells || digits.count_ones() as usize != chosen.len() + 1 {
                    continue;
                }
                let mask = chosen.iter().fold(0u128, |m, c| m | 1 << c.index());
                if seen.insert(mask) {
                    out.push((house, mask, digits));
                }
            }
        }
        out
    }

    #[test]
    fn each_set_once_in_the_first_house_that_holds_it() {
        let puzzles = [
            // [GNPX Force]'s puzzle, Ocean #1 ([Berthier NRC]), top1465 #1, #2 and #64
            "1526.7.893...5...4...9.3..75.8...2.6.6.....9.9.3...4.14..5.6...6...3...573.4.1962",
            "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "85.....7.....41...3..........1...4.6.7.5...........2..742.6.......8...3..........",
        ];
        let mut compared = 0;
        for line in puzzles {
            let state = parse_line(line, 1).unwrap().start_state().unwrap();
            let links = LinkIndex::new(&state);
            for max_cells in [1, 3, 5, 8] {
                let ours: Vec<(House, u128, u16)> = enumerate(&links, max_cells)
                    .into_iter()
                    .map(|a| (a.house, a.mask, a.digits))
                    .collect();
                let want = enumerate_with_a_seen_set(&links, max_cells);
                assert_eq!(ours, want, "{line} up to {max_cells} cells");
                compared += want.len();
            }
        }
        assert!(compared > 1000, "{compared} sets compared");
    }
}
