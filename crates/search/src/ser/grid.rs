//! The grid view Sudoku Explainer's rules read: per cell its value and candidate mask, per
//! region the positions of a value — with SE's region types and their orders. SE's results
//! depend on the order it visits cells, regions and positions, so the rules enumerate
//! through this view rather than through `LinkIndex`.
//!
//! Why a grid of its own beside the engine's `State`: SE's rules read its orders, and the
//! places of each value in each region are kept in step by [`SeGrid::remove`] and
//! [`SeGrid::place`], so a producer's scan reads them instead of testing nine candidates:
//! SE's hidden-single scan is 4.6x faster on this grid than on a `State` (building the grid
//! costs about four scans, once a puzzle:
//! `cargo test --release -p sudolink-search --lib -- --ignored --nocapture positions_cost`).
//!
//! The geometry is the engine's (`grid::tables`), read in SE's order of region types
//! (block, row, column): [`REGION_CELLS`], [`REGION_INDEX`], [`POSITION`] and
//! [`REGION_MASKS`], [`REGIONS`] are the engine's tables indexed by SE's type first, and
//! [`house_cells`] its peers in SE's `getHouseCells` order.

use sudolink_engine::grid::bits::ones;
use sudolink_engine::grid::tables::{
    CELL_HOUSES, CELL_POSITIONS, HOUSE_CELLS, HOUSE_MASKS, PEER_MASKS,
};
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

/// The index of SE's region type in its order (block 0, row 1, column 2): the first index
/// of [`REGION_CELLS`], [`REGION_INDEX`], [`POSITION`] and [`REGION_MASKS`].
#[inline]
pub const fn kind_index(kind: RegionType) -> usize {
    match kind {
        RegionType::Block => 0,
        RegionType::Row => 1,
        RegionType::Column => 2,
    }
}

/// Per SE region type (as [`kind_index`]): the engine's house kind, its index in
/// `tables::CELL_HOUSES` (row 0, column 1, block 2).
const ENGINE_KIND: [usize; 3] = [2, 0, 1];

/// `REGION_CELLS[type][index][position]`: the cell at a region position.
pub const REGION_CELLS: [[[u8; 9]; 9]; 3] = {
    let mut t = [[[0u8; 9]; 9]; 3];
    let mut k = 0;
    while k < 3 {
        let mut i = 0;
        while i < 9 {
            t[k][i] = HOUSE_CELLS[ENGINE_KIND[k] * 9 + i];
            i += 1;
        }
        k += 1;
    }
    t
};

/// `REGION_INDEX[type][cell]` and `POSITION[type][cell]`: a cell's region of each type and
/// its position there.
pub const REGION_INDEX: [[u8; 81]; 3] = {
    let mut t = [[0u8; 81]; 3];
    let mut k = 0;
    while k < 3 {
        let mut cell = 0;
        while cell < 81 {
            t[k][cell] = CELL_HOUSES[cell][ENGINE_KIND[k]] - 9 * ENGINE_KIND[k] as u8;
            cell += 1;
        }
        k += 1;
    }
    t
};

/// See [`REGION_INDEX`].
pub const POSITION: [[u8; 81]; 3] = {
    let mut t = [[0u8; 81]; 3];
    let mut k = 0;
    while k < 3 {
        let mut cell = 0;
        while cell < 81 {
            t[k][cell] = CELL_POSITIONS[cell][ENGINE_KIND[k]];
            cell += 1;
        }
        k += 1;
    }
    t
};

/// `REGION_MASKS[type][cell]`: the cells of the cell's block, row or column.
pub const REGION_MASKS: [[u128; 81]; 3] = {
    let mut t = [[0u128; 81]; 3];
    let mut k = 0;
    while k < 3 {
        let mut cell = 0;
        while cell < 81 {
            t[k][cell] = HOUSE_MASKS[CELL_HOUSES[cell][ENGINE_KIND[k]] as usize];
            cell += 1;
        }
        k += 1;
    }
    t
};

/// `REGIONS[type][index]`: the cells of each block, row and column.
pub const REGIONS: [[u128; 9]; 3] = {
    let mut t = [[0u128; 9]; 3];
    let mut k = 0;
    while k < 3 {
        let mut i = 0;
        while i < 9 {
            t[k][i] = HOUSE_MASKS[ENGINE_KIND[k] * 9 + i];
            i += 1;
        }
        k += 1;
    }
    t
};

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
    #[inline]
    pub fn of(kind: RegionType, cell: usize) -> Region {
        let index = REGION_INDEX[kind_index(kind)][cell] as usize;
        Region { kind, index }
    }
    /// The cell (0..81) at `position` (0..9) of the region.
    #[inline]
    pub fn cell(self, position: usize) -> usize {
        REGION_CELLS[kind_index(self.kind)][self.index][position] as usize
    }
    /// The position (0..9) of `cell` in the region (which must hold it).
    #[inline]
    pub fn position_of(self, cell: usize) -> usize {
        POSITION[kind_index(self.kind)][cell] as usize
    }
    pub fn contains(self, cell: usize) -> bool {
        Region::of(self.kind, cell) == self
    }
    /// The region's index among all 27: blocks 0..9, rows 9..18, columns 18..27.
    #[inline]
    pub fn slot(self) -> usize {
        kind_index(self.kind) * 9 + self.index
    }
    /// The region's cells as a mask: bit `c` for cell `c`.
    pub fn cell_mask(self) -> u128 {
        HOUSE_MASKS[self.house().index()]
    }
    /// The region's cells in position order.
    #[inline]
    pub fn cells(self) -> [usize; 9] {
        REGION_CELLS[kind_index(self.kind)][self.index].map(usize::from)
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
    /// (`places[type * 9 + index][value]`, types block, row, column: as [`Region::slot`]).
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
                            grid.places[region.slot()][v as usize] |= 1 << p;
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
            self.places[region.slot()][value as usize] &= !(1 << region.position_of(cell));
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
        self.places[region.slot()][value as usize]
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

/// Our candidate for (cell, value).
pub fn candidate(cell: usize, value: u8) -> Candidate {
    Candidate::new(Cell::new(cell), Digit::new(value).expect("a value 1..=9"))
}

/// SE's name of a cell: column letter A..I, then row 1..9 (`F7` = r7c6).
pub fn se_cell_name(cell: usize) -> String {
    format!("{}{}", (b'A' + (cell % 9) as u8) as char, cell / 9 + 1)
}

/// [`house_cells`]' table, from the engine's: block cells, then the row's, then the column's,
/// each once, without the cell.
const HOUSE_CELLS_SE: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, column, block] = CELL_HOUSES[cell];
        let mut n = 0;
        let mut k = 0;
        while k < 3 {
            let house = [block, row, column][k] as usize;
            let mut p = 0;
            while p < 9 {
                let other = HOUSE_CELLS[house][p];
                // a line's cells in the block were named with the block
                let in_block = k > 0 && CELL_HOUSES[other as usize][2] == block;
                if other as usize != cell && !in_block {
                    t[cell][n] = other;
                    n += 1;
                }
                p += 1;
            }
            k += 1;
        }
        cell += 1;
    }
    t
};

/// The peers of a cell in SE's `getHouseCells` order: block cells, then row cells, then
/// column cells, each once, without the cell.
pub fn house_cells(cell: usize) -> [usize; 20] {
    HOUSE_CELLS_SE[cell].map(|c| c as usize)
}

/// Two distinct cells share a region.
#[inline]
pub fn sees(a: usize, b: usize) -> bool {
    PEER_MASKS[a] >> b & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_map_positions_to_cells_and_back() {
        for kind in BLOCK_ROW_COLUMN {
            for (index, &region_mask) in REGIONS[kind_index(kind)].iter().enumerate() {
                let region = Region::new(kind, index);
                for p in 0..9 {
                    let cell = region.cell(p);
                    assert_eq!(Region::of(kind, cell), region);
                    assert_eq!(region.position_of(cell), p);
                    let mask = region.cells().iter().fold(0u128, |m, &c| m | 1 << c);
                    assert_eq!(REGION_MASKS[kind_index(kind)][cell], mask);
                    assert_eq!(region.cell_mask(), mask);
                    assert_eq!(region_mask, mask);
                }
                assert_eq!(
                    region.cells().map(Cell::new),
                    region.house().cells(),
                    "{region:?}"
                );
                assert!(region.slot() < 27);
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

    /// The measured reason this grid is kept (module doc; PERFORMANCE.md, "The grid kit and
    /// the specialised grids"): SE's hidden-single scan (every region in SE's order, every
    /// value: its positions) on this grid and on the state itself, over the start states of
    /// 12 hard puzzles; both scans must agree. The rating builds its grid once a puzzle and
    /// keeps it in step with each step's placements and eliminations; its producers then
    /// scan it many times a step.
    #[test]
    #[ignore = "a timing: cargo test --release -p sudolink-search --lib -- --ignored --nocapture positions_cost"]
    fn positions_cost_on_this_grid_and_on_a_state() {
        use std::hint::black_box;
        use std::time::Instant;
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
            "..3....8..5.1....66....74....8.9..4.7....5....1.6..8.....9...2.....2...8..2...3.4",
            ".2.4...8.....8...68....71..2..5...9..95.......4..3.........1..7..28...4.....6.3..",
            "..3....8..5....2.17...........5.8..6.9.12....8....3....6.9....5..4....7.....1.6.2",
            "..3..6.8....1..2......7...4..9..8.6..3..4...1.7.2.....3....5.....5...6..98.....5.",
            "57....9..........8.1.........168..4......28.9..2.9416.....2.....6.9.82.4...41.6..",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
            "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
            "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
            "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
        ];
        let states: Vec<State> = puzzles
            .iter()
            .map(|p| {
                let givens = sudolink_engine::grid::format::parse_line(p, 1)
                    .unwrap()
                    .givens;
                State::from_givens(&givens).unwrap()
            })
            .collect();
        // the first (region, value) with one position, in SE's order
        let scan = |positions: &dyn Fn(Region, u8) -> u16| {
            let mut found = None;
            let mut total = 0;
            for kind in BLOCK_COLUMN_ROW {
                for index in 0..9 {
                    let region = Region::new(kind, index);
                    for value in 1..=9u8 {
                        let p = positions(region, value);
                        total += ones(p);
                        if found.is_none() && ones(p) == 1 {
                            found = Some((region, value));
                        }
                    }
                }
            }
            (found, total)
        };
        let on_state = |state: &State| {
            scan(&|region: Region, value: u8| {
                let digit = Digit::new(value).unwrap();
                region.cells().iter().enumerate().fold(0, |m, (p, &c)| {
                    if state.has(Candidate::new(Cell::new(c), digit)) {
                        m | 1 << p
                    } else {
                        m
                    }
                })
            })
        };
        let grids: Vec<SeGrid> = states.iter().map(SeGrid::from_state).collect();
        let on_grid =
            |k: usize| scan(&|region: Region, value: u8| grids[k].positions(region, value));
        for (k, state) in states.iter().enumerate() {
            assert_eq!(on_grid(k), on_state(state));
        }
        let rounds = 2000;
        let time = |f: &dyn Fn(usize)| {
            let started = Instant::now();
            for _ in 0..rounds {
                for k in 0..states.len() {
                    f(black_box(k));
                }
            }
            started.elapsed().as_secs_f64() * 1e9 / (rounds * states.len()) as f64
        };
        let grid = time(&|k| {
            black_box(on_grid(k));
        });
        let state = time(&|k| {
            black_box(on_state(&states[k]));
        });
        let build = time(&|k| {
            black_box(SeGrid::from_state(&states[k]));
        });
        println!(
            "a hidden-single scan: {grid:.0} ns on SeGrid, {state:.0} ns on the State ({:.1}x); \
             building the SeGrid {build:.0} ns",
            state / grid
        );
    }
}
