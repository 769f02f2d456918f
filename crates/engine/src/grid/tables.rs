//! The grid's geometry as tables, the one copy every search reads:
//! - `const`, for the searches' inner loops and their own `const` tables: each house's
//!   cells ([`HOUSE_CELLS`], [`HOUSE_MASKS`]), each block's crossing lines
//!   ([`BLOCK_LINES`]), each cell's houses ([`CELL_HOUSES`], [`CELL_HOUSE_BITS`],
//!   [`houses_of`]) and its position in them ([`CELL_POSITIONS`]), each cell's 20 peers
//!   ([`PEERS`], [`PEER_MASKS`]), each cell as a set ([`CELL_BIT`]), each candidate's four
//!   CSP variables ([`VARIABLES_OF`]) and two block-line segments ([`SEGMENTS_OF`]);
//! - built once: each candidate's nrc-linked candidates and each CSP variable's candidates
//!   as [`CandidateSet`]s.
//!
//! Indices are those of [`Cell::index`], [`House::index`] (rows 0..9, columns 9..18,
//! blocks 18..27) and [`CspVariable::index`]; orders are those of [`House::cells`] and of
//! increasing cell index. The tables depend only on the grid's geometry, never on a state;
//! each is tested against its definition computed from the types.

use super::candidate_set::CandidateSet;
use super::types::{Candidate, Cell, CspVariable, House};
use std::sync::OnceLock;

/// The row, column and block (house indices) of cell `c` (0..81).
#[inline(always)]
pub const fn cell_houses(c: usize) -> [usize; 3] {
    [c / 9, 9 + c % 9, 18 + (c / 27) * 3 + (c % 9) / 3]
}

/// The six orders (permutations) of three things: of the bands, the rows in a band, the
/// stacks, the columns in a stack.
pub const ORDERS_OF_THREE: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Per house index: its 9 cells in [`House::cells`]' order (a row's by column, a column's
/// by row, a block's in reading order).
pub const HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut h = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            h[i][k] = (i * 9 + k) as u8;
            h[9 + i][k] = (k * 9 + i) as u8;
            h[18 + i][k] = (((i / 3) * 3 + k / 3) * 9 + (i % 3) * 3 + k % 3) as u8;
            k += 1;
        }
        i += 1;
    }
    h
};

/// Per cell: its row, column and block, as house indices ([`cell_houses`] as a table).
pub const CELL_HOUSES: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let [r, k, b] = cell_houses(c);
        t[c] = [r as u8, k as u8, b as u8];
        c += 1;
    }
    t
};

/// Per cell: its position (0..9) in its row, column and block: `HOUSE_CELLS[CELL_HOUSES[c][k]]
/// [CELL_POSITIONS[c][k]] == c`.
pub const CELL_POSITIONS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        t[c] = [k as u8, r as u8, ((r % 3) * 3 + k % 3) as u8];
        c += 1;
    }
    t
};

/// Per cell: its three houses as a 27-bit set (bit h: house index h).
pub const CELL_HOUSE_BITS: [u32; 81] = {
    let mut m = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        let [r, k, b] = cell_houses(c);
        m[c] = 1 << r | 1 << k | 1 << b;
        c += 1;
    }
    m
};

/// Per block (0..9): the lines crossing it, as house indices: its three rows, then its three
/// columns (the lines of its six block-line segments).
pub const BLOCK_LINES: [[u8; 6]; 9] = {
    let mut t = [[0u8; 6]; 9];
    let mut b = 0;
    while b < 9 {
        let (r0, c0) = ((b / 3) * 3, (b % 3) * 3);
        let mut k = 0;
        while k < 3 {
            t[b][k] = (r0 + k) as u8;
            t[b][3 + k] = (9 + c0 + k) as u8;
            k += 1;
        }
        b += 1;
    }
    t
};

/// The lines crossing block `block` (0..9): its three rows, then its three columns.
#[inline]
pub fn crossing_lines(block: usize) -> [House; 6] {
    BLOCK_LINES[block].map(|h| House::from_index(h as usize))
}

/// Every house, as a 27-bit set of house indices.
pub const ALL_HOUSES: u32 = (1 << 27) - 1;

/// Every cell, as an 81-bit set.
pub const ALL_CELLS: u128 = (1 << 81) - 1;

/// Per cell: the cell alone as an 81-bit set (`1 << c`: a load, where a variable shift of a
/// `u128` is a dozen instructions).
pub const CELL_BIT: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = 1 << c;
        c += 1;
    }
    t
};

/// Per house index: its cells as an 81-bit set (bit c: cell c).
pub const HOUSE_MASKS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut k = 0;
        while k < 9 {
            t[h] |= 1 << HOUSE_CELLS[h][k];
            k += 1;
        }
        h += 1;
    }
    t
};

/// Per cell: its 20 peers (the other cells of its three houses), ascending.
pub const PEERS: [[u8; 20]; 81] = {
    let mut p = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            if o != c && CELL_HOUSE_BITS[c] & CELL_HOUSE_BITS[o] != 0 {
                p[c][n] = o as u8;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    p
};

/// Per cell: its 20 peers as an 81-bit set.
pub const PEER_MASKS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 20 {
            t[c] |= 1 << PEERS[c][k];
            k += 1;
        }
        c += 1;
    }
    t
};

/// [`PEERS`] as cells, for [`peers`].
static PEER_CELLS: [[Cell; 20]; 81] = {
    let mut t = [[Cell::new(0); 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 20 {
            t[c][k] = Cell::new(PEERS[c][k] as usize);
            k += 1;
        }
        c += 1;
    }
    t
};

/// The houses (a 27-bit set of house indices) holding a cell of `cells` (an 81-bit set):
/// the union of their [`CELL_HOUSE_BITS`], computed a row (9 bits) at a time.
#[inline]
pub fn houses_of(cells: u128) -> u32 {
    let (mut rows, mut columns, mut boxes) = (0u32, 0u32, 0u32);
    for r in 0..9 {
        let row = (cells >> (9 * r)) as u32 & 0x1ff;
        rows |= ((row != 0) as u32) << r;
        columns |= row;
        let band = r / 3 * 3;
        for b in 0..3 {
            boxes |= ((row & 0b111 << (3 * b) != 0) as u32) << (band + b);
        }
    }
    rows | columns << 9 | boxes << 18
}

/// Per candidate index: the numbers of its block-row and block-column segments (a block's
/// cells in one of its rows or columns): digit × 54 + block × 6 + k, with k 0..3 the
/// block's rows and 3..6 its columns (`graph::groups` numbers its groups so).
pub const SEGMENTS_OF: [[u16; 2]; 729] = {
    let mut t = [[0u16; 2]; 729];
    let mut i = 0;
    while i < 729 {
        let (cell, d) = (i / 9, i % 9);
        let [row, col, block] = cell_houses(cell);
        let (row, col, block) = (row, col - 9, block - 18);
        let base = d * 54 + block * 6;
        t[i] = [(base + row % 3) as u16, (base + 3 + col % 3) as u16];
        i += 1;
    }
    t
};

/// Per candidate index: the indices of its four CSP variables (rc, rn, cn, bn), as
/// [`Candidate::variables`] and [`CspVariable::index`] give them.
pub const VARIABLES_OF: [[u16; 4]; 729] = {
    let mut table = [[0u16; 4]; 729];
    let mut i = 0;
    while i < 729 {
        let (cell, d) = (i / 9, i % 9);
        let [r, c, b] = cell_houses(cell);
        table[i] = [
            cell as u16,
            (81 + r * 9 + d) as u16,
            (81 + c * 9 + d) as u16,
            (81 + b * 9 + d) as u16,
        ];
        i += 1;
    }
    table
};

/// The tables of candidate sets, built once on first use.
struct Tables {
    nrc_linked: Vec<CandidateSet>,
    variable_set: Vec<CandidateSet>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let nrc_linked = Candidate::all()
            .map(|a| Candidate::all().filter(|&b| a.is_linked(b)).collect())
            .collect();
        let variable_set = CspVariable::all()
            .map(|v| v.candidates().into_iter().collect())
            .collect();
        Tables {
            nrc_linked,
            variable_set,
        }
    })
}

/// All candidates nrc-linked to `c` (structure only; intersect with a state's candidates).
#[inline]
pub fn nrc_linked(c: Candidate) -> &'static CandidateSet {
    &tables().nrc_linked[c.index()]
}

/// The 9 candidates of a CSP variable as a set.
#[inline]
pub fn variable_set(v: CspVariable) -> &'static CandidateSet {
    &tables().variable_set[v.index()]
}

/// The 20 cells that see `cell`, ascending.
#[inline]
pub fn peers(cell: Cell) -> &'static [Cell] {
    &PEER_CELLS[cell.index()]
}

/// The 20 cells that see `cell`, as an 81-bit mask.
#[inline]
pub fn peer_mask(cell: Cell) -> u128 {
    PEER_MASKS[cell.index()]
}

/// The house's cells as an 81-bit mask.
#[inline]
pub fn house_mask(h: House) -> u128 {
    HOUSE_MASKS[h.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(cells: impl IntoIterator<Item = Cell>) -> u128 {
        cells.into_iter().fold(0, |m, c| m | 1 << c.index())
    }

    #[test]
    fn every_candidate_has_28_links() {
        // 8 in its cell + 20 peers with the same digit
        for c in Candidate::all() {
            assert_eq!(nrc_linked(c).len(), 28);
        }
        assert_eq!(peers(Cell::new(40)).len(), 20);
    }

    /// Each house table against [`House::cells`] and [`House::contains`].
    #[test]
    fn house_tables_are_the_houses() {
        for h in House::all() {
            let cells = h.cells().map(|c| c.index() as u8);
            assert_eq!(HOUSE_CELLS[h.index()], cells, "{h}");
            assert_eq!(HOUSE_MASKS[h.index()], mask(h.cells()), "{h}");
            assert_eq!(house_mask(h), mask(Cell::all().filter(|&c| h.contains(c))));
        }
        assert_eq!(HOUSE_MASKS.iter().fold(0, |m, h| m | h), ALL_CELLS);
    }

    /// The crossing lines of a block are the lines sharing three cells with it.
    #[test]
    fn block_lines_are_the_lines_crossing_each_block() {
        for (b, lines) in BLOCK_LINES.iter().enumerate() {
            let block = House::Block(b as u8);
            let crossing: Vec<House> = House::all()
                .filter(|h| !matches!(h, House::Block(_)))
                .filter(|&h| h.cells().iter().filter(|&&c| block.contains(c)).count() == 3)
                .collect();
            assert_eq!(crossing_lines(b).to_vec(), crossing);
            assert_eq!(
                lines.map(|h| House::from_index(h as usize)).to_vec(),
                crossing
            );
        }
    }

    /// Each cell table against [`Cell::houses`], [`Cell::sees`] and [`House::cells`].
    #[test]
    fn cell_tables_are_the_cells_houses_and_peers() {
        for cell in Cell::all() {
            let c = cell.index();
            let houses = cell.houses().map(|h| h.index());
            assert_eq!(cell_houses(c), houses, "{cell}");
            assert_eq!(CELL_HOUSES[c].map(usize::from), houses, "{cell}");
            assert_eq!(CELL_HOUSE_BITS[c], houses.iter().fold(0, |m, h| m | 1 << h));
            for (k, &h) in houses.iter().enumerate() {
                let p = CELL_POSITIONS[c][k] as usize;
                assert_eq!(House::from_index(h).cells()[p], cell, "{cell} in house {h}");
            }
            let seen: Vec<Cell> = Cell::all().filter(|&o| cell.sees(o)).collect();
            assert_eq!(peers(cell), &seen[..]);
            assert_eq!(PEERS[c].map(|p| Cell::new(p as usize)).to_vec(), seen);
            assert_eq!(PEER_MASKS[c], mask(seen.iter().copied()));
            assert_eq!(peer_mask(cell), PEER_MASKS[c]);
            assert_eq!(CELL_BIT[c], mask([cell]));
        }
    }

    /// [`houses_of`] is the union of its cells' houses.
    #[test]
    fn houses_of_cells_are_their_houses() {
        for (c, &houses) in CELL_HOUSE_BITS.iter().enumerate() {
            assert_eq!(houses_of(1 << c), houses);
        }
        assert_eq!(houses_of(ALL_CELLS), ALL_HOUSES);
        assert_eq!(houses_of(0), 0);
        assert_eq!(
            houses_of(1 | 1 << 80),
            CELL_HOUSE_BITS[0] | CELL_HOUSE_BITS[80]
        );
        let mut set = 0u128;
        for c in (0..81).step_by(7) {
            set |= 1 << c;
            let want = (0..81)
                .filter(|&o| set >> o & 1 == 1)
                .fold(0, |m, o| m | CELL_HOUSE_BITS[o]);
            assert_eq!(houses_of(set), want);
        }
    }

    /// A segment holds the candidates of one digit in one block and one line.
    #[test]
    fn segments_are_a_digit_in_a_block_and_a_line() {
        let mut members = vec![Vec::new(); 486];
        for c in Candidate::all() {
            for s in SEGMENTS_OF[c.index()] {
                members[s as usize].push(c);
            }
        }
        for (s, m) in members.iter().enumerate() {
            assert_eq!(m.len(), 3, "segment {s}");
            let (d, b) = (m[0].digit(), m[0].cell().block());
            assert!(m.iter().all(|c| c.digit() == d && c.cell().block() == b));
            let (row, col) = (m[0].cell().row(), m[0].cell().col());
            assert!(
                m.iter().all(|c| c.cell().row() == row) || m.iter().all(|c| c.cell().col() == col)
            );
            assert_eq!(s / 54, d.index());
            assert_eq!(s % 54 / 6, b);
        }
    }

    #[test]
    fn variables_table_matches_candidate_variables() {
        for (i, indices) in VARIABLES_OF.iter().enumerate() {
            let expected = Candidate::from_index(i)
                .variables()
                .map(|v| v.index() as u16);
            assert_eq!(*indices, expected, "candidate {i}");
        }
        for v in CspVariable::all() {
            assert_eq!(*variable_set(v), v.candidates().into_iter().collect());
        }
    }
}
