//! The grid view Sudoku Explainer's rules read: per cell its value and candidate mask, per
//! region the positions of a value — with SE's region types and their orders. SE's results
//! depend on the order it visits cells, regions and positions, so the rules enumerate
//! through this view rather than through `LinkIndex`.

use sudolink_engine::grid::{Candidate, Cell, Digit, House, State};

/// SE's region types. A block's positions are its cells in reading order, a row's its
/// columns, a column's its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionType {
    Block,
    Row,
    Column,
}

/// SE's usual order of region types (`Grid.getRegionTypes`): block, row, column.
pub const BLOCK_ROW_COLUMN: [RegionType; 3] =
    [RegionType::Block, RegionType::Row, RegionType::Column];
/// The order of the hidden single, hidden and naked sets: block, column, row.
pub const BLOCK_COLUMN_ROW: [RegionType; 3] =
    [RegionType::Block, RegionType::Column, RegionType::Row];

/// One region: a type and its index 0..9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    pub kind: RegionType,
    pub index: usize,
}

impl Region {
    pub fn new(kind: RegionType, index: usize) -> Region {
        Region { kind, index }
    }
    /// The region of this type holding `cell`.
    pub fn of(kind: RegionType, cell: usize) -> Region {
        let (r, c) = (cell / 9, cell % 9);
        let index = match kind {
            RegionType::Block => (r / 3) * 3 + c / 3,
            RegionType::Row => r,
            RegionType::Column => c,
        };
        Region { kind, index }
    }
    /// The cell (0..81) at `position` (0..9) of the region.
    pub fn cell(self, position: usize) -> usize {
        match self.kind {
            RegionType::Block => {
                let (br, bc) = (self.index / 3, self.index % 3);
                (br * 3 + position / 3) * 9 + bc * 3 + position % 3
            }
            RegionType::Row => self.index * 9 + position,
            RegionType::Column => position * 9 + self.index,
        }
    }
    /// The position (0..9) of `cell` in the region (which must hold it).
    pub fn position_of(self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        match self.kind {
            RegionType::Block => (r % 3) * 3 + c % 3,
            RegionType::Row => c,
            RegionType::Column => r,
        }
    }
    pub fn contains(self, cell: usize) -> bool {
        Region::of(self.kind, cell) == self
    }
    /// The region's index among all 27: blocks 0..9, rows 9..18, columns 18..27.
    pub fn slot(self) -> usize {
        slot(self)
    }
    /// The region's cells as a mask: bit `c` for cell `c`.
    pub fn cell_mask(self) -> u128 {
        self.cells().iter().fold(0, |m, &c| m | 1 << c)
    }
    /// The region's cells in position order.
    pub fn cells(self) -> [usize; 9] {
        std::array::from_fn(|p| self.cell(p))
    }
    /// The same region as a [`House`].
    pub fn house(self) -> House {
        let i = self.index as u8;
        match self.kind {
            RegionType::Block => House::Block(i),
            RegionType::Row => House::Row(i),
            RegionType::Column => House::Column(i),
        }
    }
}

/// Values and candidates: `cands[cell]` has bit `v` (1..=9) for each candidate value `v`;
/// a filled cell has value `values[cell]` and no candidate. `places` caches each region's
/// positions of each value (bit p = position p), kept in step by [`SeGrid::remove`] and
/// [`SeGrid::place`], the only writers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeGrid {
    pub values: [u8; 81],
    pub cands: [u16; 81],
    places: [[u16; 10]; 27],
}

/// The slot of a region in [`SeGrid`]'s cache: blocks 0..9, rows 9..18, columns 18..27.
fn slot(region: Region) -> usize {
    let kind = match region.kind {
        RegionType::Block => 0,
        RegionType::Row => 1,
        RegionType::Column => 2,
    };
    kind * 9 + region.index
}

impl SeGrid {
    /// The state's placed digits and open candidates.
    pub fn from_state(state: &State) -> SeGrid {
        let mut values = [0u8; 81];
        let mut cands = [0u16; 81];
        for cell in Cell::all() {
            let i = cell.index();
            values[i] = state.values()[i];
            if values[i] == 0 {
                cands[i] = state.cell_mask(cell) << 1;
            }
        }
        SeGrid::from_parts(values, cands)
    }

    /// A grid of these values and candidate masks with their places already computed
    /// (`places[type * 9 + index][value]`, types block, row, column: as [`slot`]).
    pub(crate) fn with_places(
        values: [u8; 81],
        cands: [u16; 81],
        places: &[[u16; 10]; 27],
    ) -> SeGrid {
        let grid = SeGrid {
            values,
            cands,
            places: *places,
        };
        debug_assert_eq!(grid, SeGrid::from_parts(values, cands));
        grid
    }

    /// A grid of these values and candidate masks (a chain's working grid).
    pub fn from_parts(values: [u8; 81], cands: [u16; 81]) -> SeGrid {
        let mut grid = SeGrid {
            values,
            cands,
            places: [[0; 10]; 27],
        };
        for kind in BLOCK_ROW_COLUMN {
            for index in 0..9 {
                let region = Region::new(kind, index);
                for (p, cell) in region.cells().into_iter().enumerate() {
                    for v in 1..=9u8 {
                        if grid.has(cell, v) {
                            grid.places[slot(region)][v as usize] |= 1 << p;
                        }
                    }
                }
            }
        }
        grid
    }
    /// The cells whose value or candidates differ from `old`'s: bit `c` for cell `c`.
    pub fn changed_since(&self, old: &SeGrid) -> u128 {
        (0..81).fold(0, |m, c| {
            if self.values[c] != old.values[c] || self.cands[c] != old.cands[c] {
                m | 1 << c
            } else {
                m
            }
        })
    }
    /// Same placed digits and open candidates as the state.
    pub fn agrees_with(&self, state: &State) -> bool {
        Cell::all().all(|cell| {
            let i = cell.index();
            let cands = if self.values[i] == 0 {
                state.cell_mask(cell) << 1
            } else {
                0
            };
            self.values[i] == state.values()[i] && self.cands[i] == cands
        })
    }
    #[inline]
    pub fn has(&self, cell: usize, value: u8) -> bool {
        self.cands[cell] & (1 << value) != 0
    }
    #[inline]
    pub fn count(&self, cell: usize) -> u32 {
        ones(self.cands[cell])
    }
    #[inline]
    pub fn is_empty_cell(&self, cell: usize) -> bool {
        self.values[cell] == 0
    }
    pub fn remove(&mut self, cell: usize, value: u8) {
        if self.cands[cell] & (1 << value) == 0 {
            return;
        }
        self.cands[cell] &= !(1 << value);
        for kind in BLOCK_ROW_COLUMN {
            let region = Region::of(kind, cell);
            self.places[slot(region)][value as usize] &= !(1 << region.position_of(cell));
        }
    }
    /// Place `value` in `cell` and remove it from the cell's peers (SE's
    /// `setValueAndCancel`).
    pub fn place(&mut self, cell: usize, value: u8) {
        self.values[cell] = value;
        for v in 1..=9u8 {
            self.remove(cell, v);
        }
        for kind in BLOCK_ROW_COLUMN {
            for other in Region::of(kind, cell).cells() {
                self.remove(other, value);
            }
        }
    }
    /// The positions (bit p = position p) of `value` among the region's candidates.
    #[inline]
    pub fn positions(&self, region: Region, value: u8) -> u16 {
        self.places[slot(region)][value as usize]
    }
    /// Empty cells of the region.
    pub fn empty_cells(&self, region: Region) -> usize {
        region
            .cells()
            .iter()
            .filter(|&&c| self.values[c] == 0)
            .count()
    }
    /// Is `value` placed somewhere in the region?
    pub fn region_has_value(&self, region: Region, value: u8) -> bool {
        region.cells().iter().any(|&c| self.values[c] == value)
    }
}

const fn ones_table() -> [u8; 1024] {
    let mut t = [0u8; 1024];
    let mut m = 1;
    while m < 1024 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
}

const ONES: [u8; 1024] = ones_table();

/// The number of bits of a mask, by table for the masks here (values, bits 1..=9;
/// positions, bits 0..=8): the release build targets baseline x86-64, where `count_ones`
/// is a dozen instructions rather than one.
#[inline]
pub fn ones(m: u16) -> u32 {
    if m < 1024 {
        ONES[m as usize] as u32
    } else {
        m.count_ones()
    }
}

/// Our candidate for (cell, value).
pub fn candidate(cell: usize, value: u8) -> Candidate {
    Candidate::new(Cell::new(cell), Digit::new(value).expect("a value 1..=9"))
}

/// SE's name of a cell: column letter A..I, then row 1..9 (`F7` = r7c6).
pub fn se_cell_name(cell: usize) -> String {
    format!("{}{}", (b'A' + (cell % 9) as u8) as char, cell / 9 + 1)
}

const fn house_cell_table() -> [[u8; 20]; 81] {
    let mut t = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        let mut n = 0;
        // block cells, then the row's, then the column's, each once, without the cell
        let mut p = 0;
        while p < 9 {
            let other = (br + p / 3) * 9 + bc + p % 3;
            if other != cell {
                t[cell][n] = other as u8;
                n += 1;
            }
            p += 1;
        }
        p = 0;
        while p < 9 {
            let other = r * 9 + p;
            if other != cell && p / 3 * 3 != bc {
                t[cell][n] = other as u8;
                n += 1;
            }
            p += 1;
        }
        p = 0;
        while p < 9 {
            let other = p * 9 + c;
            if other != cell && p / 3 * 3 != br {
                t[cell][n] = other as u8;
                n += 1;
            }
            p += 1;
        }
        cell += 1;
    }
    t
}

const HOUSE_CELLS: [[u8; 20]; 81] = house_cell_table();

/// The peers of a cell in SE's `getHouseCells` order: block cells, then row cells, then
/// column cells, each once, without the cell.
pub fn house_cells(cell: usize) -> [usize; 20] {
    HOUSE_CELLS[cell].map(|c| c as usize)
}

const fn peer_masks() -> [u128; 81] {
    let mut t = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut other = 0;
        while other < 81 {
            let (r, c, or, oc) = (cell / 9, cell % 9, other / 9, other % 9);
            if other != cell && (r == or || c == oc || (r / 3 == or / 3 && c / 3 == oc / 3)) {
                t[cell] |= 1 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    t
}

/// Each cell's peers (the cells sharing a region with it), bit `c` for cell `c`.
pub const PEERS: [u128; 81] = peer_masks();

/// Two distinct cells share a region.
#[inline]
pub fn sees(a: usize, b: usize) -> bool {
    PEERS[a] >> b & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ones_counts_bits() {
        for m in 0..=u16::MAX {
            assert_eq!(ones(m), m.count_ones());
        }
    }

    #[test]
    fn regions_map_positions_to_cells_and_back() {
        for kind in BLOCK_ROW_COLUMN {
            for index in 0..9 {
                let region = Region::new(kind, index);
                for p in 0..9 {
                    let cell = region.cell(p);
                    assert_eq!(Region::of(kind, cell), region);
                    assert_eq!(region.position_of(cell), p);
                }
                assert_eq!(
                    region.cells().map(Cell::new),
                    region.house().cells(),
                    "{region:?}"
                );
                assert!(slot(region) < 27);
            }
        }
        assert_eq!(se_cell_name(6 * 9 + 5), "F7");
        for cell in 0..81 {
            let mut expected = Vec::new();
            for kind in BLOCK_ROW_COLUMN {
                for other in Region::of(kind, cell).cells() {
                    if other != cell && !expected.contains(&other) {
                        expected.push(other);
                    }
                }
            }
            assert_eq!(house_cells(cell).to_vec(), expected);
            let peers: Vec<usize> = (0..81).filter(|&o| sees(cell, o)).collect();
            expected.sort();
            assert_eq!(peers, expected);
        }
    }
}
