//! HoDoKu's grid as its solver sees it ([hobiwan HoDoKu]'s `Sudoku2`): candidate masks, the count of
//! each digit's places in each house, and the two queues in which placing digits and
//! removing candidates record new naked and hidden singles, in the order they arise.
//!
//! The queues decide which single HoDoKu takes next, so every change goes through
//! [`Grid::place`] and [`Grid::remove`], which update the counts and the queues exactly
//! when and in the order HoDoKu's do: a placement removes the digit from the cell's peers
//! in ascending cell order, then releases the cell's own candidates house by house (row,
//! column, block).

use sudolink_engine::grid::{Candidate, Cell, Digit, State};

/// The cells of each house, HoDoKu's constraint order: rows 0–8, columns 9–17, blocks
/// 18–26, each in reading order.
pub const UNITS: [[u8; 9]; 27] = units();

/// The houses of each cell: row, 9 + column, 18 + block.
pub const CONSTRAINTS: [[u8; 3]; 81] = constraints();

/// The 20 peers of each cell, ascending.
pub const BUDDIES: [[u8; 20]; 81] = buddies();

const fn units() -> [[u8; 9]; 27] {
    let mut u = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            u[i][j] = (i * 9 + j) as u8;
            u[9 + i][j] = (j * 9 + i) as u8;
            u[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    u
}

const fn constraints() -> [[u8; 3]; 81] {
    let mut c = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, col) = (i / 9, i % 9);
        c[i] = [r as u8, (9 + col) as u8, (18 + r / 3 * 3 + col / 3) as u8];
        i += 1;
    }
    c
}

const fn buddies() -> [[u8; 20]; 81] {
    let mut b = [[0u8; 20]; 81];
    let c = constraints();
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            if j != i && (c[i][0] == c[j][0] || c[i][1] == c[j][1] || c[i][2] == c[j][2]) {
                b[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    b
}

/// The cells of each house as an 81-bit set (HoDoKu's constraint order).
pub const UNIT_SETS: [u128; 27] = unit_sets();

const fn unit_sets() -> [u128; 27] {
    let u = units();
    let mut out = [0u128; 27];
    let mut i = 0;
    while i < 27 {
        let mut k = 0;
        while k < 9 {
            out[i] |= 1u128 << u[i][k];
            k += 1;
        }
        i += 1;
    }
    out
}

/// The 20 peers of each cell as an 81-bit set.
pub const PEERS: [u128; 81] = peer_sets();

const fn peer_sets() -> [u128; 81] {
    let b = buddies();
    let mut out = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        let mut k = 0;
        while k < 20 {
            out[i] |= 1u128 << b[i][k];
            k += 1;
        }
        i += 1;
    }
    out
}

/// Whether two cells see each other (share a house).
pub fn sees(a: u8, b: u8) -> bool {
    let (ca, cb) = (CONSTRAINTS[a as usize], CONSTRAINTS[b as usize]);
    a != b && (ca[0] == cb[0] || ca[1] == cb[1] || ca[2] == cb[2])
}

/// The bit of digit `d` (1–9) in a candidate mask.
pub const fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// The digits of a mask, ascending.
pub fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask & bit(d) != 0)
}

/// `r4c7`.
pub fn cell_name(i: u8) -> String {
    format!("r{}c{}", i / 9 + 1, i % 9 + 1)
}

/// A queue of singles: (cell, digit) in the order they arose; HoDoKu takes them from the
/// front and drops the entries a change invalidates.
#[derive(Clone, Debug, Default)]
pub struct Queue {
    items: Vec<(u8, u8)>,
    head: usize,
}

impl Queue {
    fn push(&mut self, cell: u8, digit: u8) {
        self.items.push((cell, digit));
    }

    /// The entries not yet taken, oldest first.
    pub fn pending(&self) -> &[(u8, u8)] {
        &self.items[self.head..]
    }

    /// Takes the oldest entry.
    pub fn pop(&mut self) -> Option<(u8, u8)> {
        let item = *self.items.get(self.head)?;
        self.head += 1;
        if self.head >= self.items.len() {
            self.items.clear();
            self.head = 0;
        }
        Some(item)
    }

    fn remove_first(&mut self, matches: impl Fn(u8, u8) -> bool) {
        if let Some(k) = self.items[self.head..]
            .iter()
            .position(|&(c, d)| matches(c, d))
        {
            self.items.remove(self.head + k);
        }
    }
}

/// HoDoKu's grid: values, candidate masks (bit d-1 for digit d), each house's count of
/// places per digit, and the singles queues.
#[derive(Clone, Debug)]
pub struct Grid {
    pub cells: [u16; 81],
    pub values: [u8; 81],
    /// `free[house][d]`: the unsolved cells of the house holding candidate d.
    pub free: [[u8; 10]; 27],
    pub unsolved: i32,
    /// The givens (HoDoKu's fixed cells), which avoidable rectangles must not use.
    pub fixed: u128,
    pub naked: Queue,
    pub hidden: Queue,
}

impl Grid {
    /// The empty grid, every candidate open.
    fn empty() -> Grid {
        Grid {
            cells: [0x1ff; 81],
            values: [0; 81],
            free: [[0, 9, 9, 9, 9, 9, 9, 9, 9, 9]; 27],
            unsolved: 81,
            fixed: 0,
            naked: Queue::default(),
            hidden: Queue::default(),
        }
    }

    /// `state` as HoDoKu loads it: its placed digits in reading order, then the candidates
    /// the state lacks beyond them removed (cells in order, digits ascending). `None` when
    /// the state contradicts itself.
    pub fn from_state(state: &State) -> Option<Grid> {
        let mut g = Grid::empty();
        for (i, &v) in state.values().iter().enumerate() {
            if v != 0 && !g.place(i as u8, v) {
                return None;
            }
        }
        g.fixed = state.givens_mask();
        for i in 0..81u8 {
            if g.values[i as usize] != 0 {
                continue;
            }
            for d in digits(g.cells[i as usize]) {
                let c = Candidate::new(Cell::new(i as usize), Digit::from_index(d as usize - 1));
                if !state.has(c) && !g.remove(i, d) {
                    return None;
                }
            }
        }
        Some(g)
    }

    pub fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    pub fn has(&self, cell: u8, digit: u8) -> bool {
        self.cells[cell as usize] & bit(digit) != 0
    }

    /// The candidate count of a cell (0 when solved).
    pub fn count(&self, cell: u8) -> u32 {
        self.cells[cell as usize].count_ones()
    }

    /// Records a hidden single of `digit` in `house`: the one cell still holding it, if any.
    fn add_hidden(&mut self, house: u8, digit: u8) {
        if let Some(&c) = UNITS[house as usize].iter().find(|&&c| self.has(c, digit)) {
            self.hidden.push(c, digit);
        }
    }

    /// Removes candidate `digit` from `cell` (nothing if absent); false when the cell is
    /// left empty.
    pub fn remove(&mut self, cell: u8, digit: u8) -> bool {
        let i = cell as usize;
        if self.cells[i] & bit(digit) == 0 {
            return true;
        }
        self.cells[i] &= !bit(digit);
        if self.cells[i] == 0 {
            return false;
        }
        if self.cells[i].count_ones() == 1 {
            let single = self.cells[i].trailing_zeros() as u8 + 1;
            self.naked.push(cell, single);
        }
        for house in CONSTRAINTS[i] {
            let f = &mut self.free[house as usize][digit as usize];
            *f -= 1;
            match *f {
                1 => self.add_hidden(house, digit),
                0 => self
                    .hidden
                    .remove_first(|c, d| d == digit && CONSTRAINTS[c as usize].contains(&house)),
                _ => {}
            }
        }
        true
    }

    /// Places `digit` in `cell`; false when that leaves a cell or a house-digit without a
    /// place (the grid is then invalid).
    pub fn place(&mut self, cell: u8, digit: u8) -> bool {
        let i = cell as usize;
        if self.values[i] == digit {
            return true;
        }
        let mut valid = true;
        self.values[i] = digit;
        let own = self.cells[i];
        self.cells[i] = 0;
        self.unsolved -= 1;
        for b in BUDDIES[i] {
            valid &= self.remove(b, digit);
        }
        for d in digits(own) {
            for house in CONSTRAINTS[i] {
                let f = &mut self.free[house as usize][d as usize];
                *f -= 1;
                if *f == 1 && d != digit {
                    self.add_hidden(house, d);
                } else if *f == 0 && d != digit {
                    valid = false;
                }
            }
        }
        valid
    }
}
