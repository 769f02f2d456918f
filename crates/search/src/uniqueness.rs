//! The uniqueness rules (HoDoKu's uniqueness tests 1–6, hidden rectangle, avoidable
//! rectangles 1–2, BUG+1, and BUG lite): searches for the patterns of
//! [`sudolink_engine::proof::uniqueness`],
//! whose doc states the principle and what each kind concludes. They assume the puzzle has
//! one solution, so no default rule set holds them (the registry's `uniqueness` set is
//! opt-in).
//!
//! Rectangles are found as HoDoKu finds them: from a bivalue cell {a, b}, a second cell of
//! its block on its row or column, then the two cells facing them in another block, each
//! open and *allowed* both digits (no a or b placed in its houses; a candidate deleted by
//! a technique may be missing, HoDoKu's "missing candidates" option, sound since the
//! principle reads only the solution's values). Avoidable rectangles start from two placed
//! non-given cells of a block instead. Each rectangle is tried once per digit pair.
//!
//! Complexity: 81 start cells × 4 partners × 9 facing pairs, each classified in O(1) mask
//! operations (a type 3 adds the subsets of a house's ≤ 7 free cells, 127 at most): a few
//! thousand steps a state. BUG+1 is one pass over the 27 houses. BUG lite grows a pattern
//! from each roof cell and pair of its digits: while some house holds a digit in one
//! pattern cell's pair only, a bivalue cell of that house holding the digit joins (each
//! choice tried), up to [`MAX_BUG_LITE_CELLS`] cells and [`MAX_BUG_LITE_NODES`] growth
//! steps a state.

use std::collections::HashSet;

use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::{Candidate, Cell, Digit, House};
use sudolink_engine::proof::uniqueness::{UniquenessKind, UniquenessPattern};
use sudolink_engine::proof::{Pattern, Proof};

/// The largest BUG lite searched (cells).
pub const MAX_BUG_LITE_CELLS: usize = 12;
/// The growth steps a state's BUG lite search may take.
pub const MAX_BUG_LITE_NODES: usize = 200_000;

/// Every instance of `kind` in the state, one proof each.
pub fn find(links: &LinkIndex, kind: UniquenessKind) -> Vec<Proof> {
    let view = View::new(links);
    match kind {
        UniquenessKind::BugPlus1 => view.bug_plus_1().into_iter().collect(),
        UniquenessKind::BugLite => view.bug_lite(),
        UniquenessKind::Ar1 | UniquenessKind::Ar2 => view.avoidable(kind),
        UniquenessKind::Ur1
        | UniquenessKind::Ur2
        | UniquenessKind::Ur3
        | UniquenessKind::Ur4
        | UniquenessKind::Ur5
        | UniquenessKind::Ur6
        | UniquenessKind::HiddenRectangle => view.unique_rectangles(kind),
        // Sudoku Explainer's loops and BUG types are its producers' (`search::ser::unique`)
        UniquenessKind::Ul1
        | UniquenessKind::Ul2
        | UniquenessKind::Ul3
        | UniquenessKind::Ul4
        | UniquenessKind::Ul3Hidden
        | UniquenessKind::Bug1
        | UniquenessKind::Bug2
        | UniquenessKind::Bug3
        | UniquenessKind::Bug4 => Vec::new(),
    }
}

/// The state as digit masks (bit d-1 for digit d).
struct View<'a> {
    links: &'a LinkIndex,
    masks: [u16; 81],
    /// Digits placed in each house, by house index.
    placed: [u16; 27],
}

fn bit(d: Digit) -> u16 {
    1 << d.index()
}

fn digits_of(mask: u16) -> Vec<Digit> {
    bits(mask).map(Digit::from_index).collect()
}

impl<'a> View<'a> {
    fn new(links: &'a LinkIndex) -> View<'a> {
        let mut masks = [0u16; 81];
        for c in links.open().iter() {
            masks[c.cell().index()] |= bit(c.digit());
        }
        let mut placed = [0u16; 27];
        for cell in Cell::all() {
            if let Some(d) = links.value(cell) {
                for h in cell.houses() {
                    placed[h.index()] |= bit(d);
                }
            }
        }
        View {
            links,
            masks,
            placed,
        }
    }

    fn mask(&self, c: Cell) -> u16 {
        self.masks[c.index()]
    }

    fn is_open(&self, c: Cell) -> bool {
        self.links.value(c).is_none()
    }

    /// Open, and neither digit of `ab` placed in its houses.
    fn allowed(&self, c: Cell, ab: u16) -> bool {
        self.is_open(c) && c.houses().iter().all(|h| self.placed[h.index()] & ab == 0)
    }

    /// The four cells of every rectangle from a cell through `partner` (same block, same
    /// row or column), the facing pair in another block: `(i21, i22)` facing `(i11, i12)`.
    fn facing(i11: Cell, i12: Cell) -> impl Iterator<Item = (Cell, Cell)> {
        let same_row = i11.row() == i12.row();
        (0..9)
            .map(move |k| {
                if same_row {
                    (Cell::at(k, i11.col()), Cell::at(k, i12.col()))
                } else {
                    (Cell::at(i11.row(), k), Cell::at(i12.row(), k))
                }
            })
            .filter(move |(i21, _)| i21.block() != i11.block())
    }

    /// Cells of `i11`'s block on its row or column.
    fn partners(i11: Cell) -> impl Iterator<Item = Cell> {
        House::Block(i11.block() as u8)
            .cells()
            .into_iter()
            .filter(move |&c| c != i11 && (c.row() == i11.row() || c.col() == i11.col()))
    }

    fn unique_rectangles(&self, kind: UniquenessKind) -> Vec<Proof> {
        let mut out = Vec::new();
        let mut seen: HashSet<([Cell; 4], u16)> = HashSet::new();
        for i11 in Cell::all() {
            let ab = self.mask(i11);
            if !self.is_open(i11) || ab.count_ones() != 2 {
                continue;
            }
            for i12 in Self::partners(i11).filter(|&c| self.allowed(c, ab)) {
                for (i21, i22) in Self::facing(i11, i12) {
                    if !self.allowed(i21, ab) || !self.allowed(i22, ab) {
                        continue;
                    }
                    let mut cells = [i11, i12, i21, i22];
                    cells.sort();
                    if seen.insert((cells, ab)) {
                        out.extend(self.rectangle(kind, cells, ab));
                    }
                }
            }
        }
        out
    }

    /// The proofs of `kind` on one rectangle of digits `ab`.
    fn rectangle(&self, kind: UniquenessKind, cells: [Cell; 4], ab: u16) -> Vec<Proof> {
        let roof: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| self.mask(c) & !ab != 0)
            .collect();
        let floor: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|c| !roof.contains(c))
            .collect();
        let extras = roof.iter().fold(0u16, |m, &c| m | (self.mask(c) & !ab));
        let aligned = |x: Cell, y: Cell| x.row() == y.row() || x.col() == y.col();
        let digits = digits_of(ab);
        let (a, b) = (digits[0], digits[1]);
        let base = UniquenessPattern {
            kind,
            digits: [a, b],
            cells: cells.to_vec(),
            locked: None,
            house: None,
            subset: Vec::new(),
            hidden: Vec::new(),
            extras: Vec::new(),
        };
        let mut out = Vec::new();
        match kind {
            UniquenessKind::Ur1 if roof.len() == 1 => {
                let elims = self.in_cells(&roof, ab);
                out.extend(proof(base, elims));
            }
            UniquenessKind::Ur2 | UniquenessKind::Ur5
                if (2..=3).contains(&roof.len()) && extras.count_ones() == 1 =>
            {
                let type2 = roof.len() == 2 && aligned(roof[0], roof[1]);
                if type2 == (kind == UniquenessKind::Ur2) {
                    out.extend(proof(base, self.seeing_all(&roof, &cells, extras)));
                }
            }
            UniquenessKind::Ur3 if roof.len() == 2 => {
                for house in shared_houses(roof[0], roof[1]) {
                    out.extend(self.type3(&base, house, &roof, extras, ab));
                }
            }
            UniquenessKind::Ur4 if roof.len() == 2 && aligned(roof[0], roof[1]) => {
                'digits: for (u, v) in [(a, b), (b, a)] {
                    for house in shared_houses(roof[0], roof[1]) {
                        if self.confined(u, house, &cells) {
                            let p = UniquenessPattern {
                                locked: Some(u),
                                house: Some(house),
                                ..base.clone()
                            };
                            if let Some(p) = proof(p, self.in_cells(&roof, bit(v))) {
                                out.push(p);
                                break 'digits;
                            }
                        }
                    }
                }
            }
            UniquenessKind::Ur6 if roof.len() == 2 && !aligned(roof[0], roof[1]) => {
                let lines = rectangle_lines(&cells);
                for u in [a, b] {
                    if lines.iter().all(|&h| self.confined(u, h, &cells)) {
                        let p = UniquenessPattern {
                            locked: Some(u),
                            ..base.clone()
                        };
                        out.extend(proof(p, self.in_cells(&roof, bit(u))));
                    }
                }
            }
            UniquenessKind::HiddenRectangle
                if floor.len() == 1 || (floor.len() == 2 && !aligned(floor[0], floor[1])) =>
            {
                for &corner in &floor {
                    let opposite = *cells
                        .iter()
                        .find(|c| c.row() != corner.row() && c.col() != corner.col())
                        .expect("a rectangle has an opposite corner");
                    let lines = [
                        House::Row(opposite.row() as u8),
                        House::Column(opposite.col() as u8),
                    ];
                    for (u, v) in [(a, b), (b, a)] {
                        if lines.iter().all(|&h| self.confined(u, h, &cells)) {
                            let p = UniquenessPattern {
                                locked: Some(u),
                                ..base.clone()
                            };
                            out.extend(proof(p, self.in_cells(&[opposite], bit(v))));
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// Type 3: the roof (two cells of `house`) as one cell with the digits `extras`, with k
    /// free cells of the house without a or b making a naked subset of k + 1 digits.
    fn type3(
        &self,
        base: &UniquenessPattern,
        house: House,
        roof: &[Cell],
        extras: u16,
        ab: u16,
    ) -> Vec<Proof> {
        let pool: Vec<Cell> = house
            .cells()
            .into_iter()
            .filter(|&c| {
                !base.cells.contains(&c)
                    && self.is_open(c)
                    && self.mask(c) != 0
                    && self.mask(c) & ab == 0
            })
            .collect();
        let mut out = Vec::new();
        for chosen in 1u32..(1 << pool.len()) {
            let subset: Vec<Cell> = (0..pool.len())
                .filter(|i| chosen >> i & 1 == 1)
                .map(|i| pool[i])
                .collect();
            let holders: Vec<Cell> = roof.iter().chain(&subset).copied().collect();
            // in a block, a subset on one line is the line's (HoDoKu's rule)
            if matches!(house, House::Block(_)) && on_one_line(&holders) {
                continue;
            }
            let digits = subset.iter().fold(extras, |m, &c| m | self.mask(c));
            if digits.count_ones() as usize != subset.len() + 1 {
                continue;
            }
            let mut elims = Vec::new();
            let mut houses = vec![house];
            if !matches!(house, House::Block(_))
                && holders.iter().all(|c| c.block() == holders[0].block())
            {
                houses.push(House::Block(holders[0].block() as u8));
            }
            for h in houses {
                for c in h.cells() {
                    if holders.contains(&c) || base.cells.contains(&c) {
                        continue;
                    }
                    for d in digits_of(self.mask(c) & digits) {
                        let cand = Candidate::new(c, d);
                        if !elims.contains(&cand) {
                            elims.push(cand);
                        }
                    }
                }
            }
            let p = UniquenessPattern {
                house: Some(house),
                subset,
                ..base.clone()
            };
            out.extend(proof(p, elims));
        }
        out
    }

    /// `u` is not placed in `house` and has no candidate there off the rectangle.
    fn confined(&self, u: Digit, house: House, cells: &[Cell]) -> bool {
        self.placed[house.index()] & bit(u) == 0
            && house
                .cells()
                .iter()
                .all(|c| cells.contains(c) || self.mask(*c) & bit(u) == 0)
    }

    /// The candidates of `digits` in `cells`.
    fn in_cells(&self, cells: &[Cell], digits: u16) -> Vec<Candidate> {
        cells
            .iter()
            .flat_map(|&c| {
                digits_of(self.mask(c) & digits)
                    .into_iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect()
    }

    /// The candidates of the one digit `x` in cells off the rectangle seeing every `roof`
    /// cell.
    fn seeing_all(&self, roof: &[Cell], cells: &[Cell], x: u16) -> Vec<Candidate> {
        Cell::all()
            .filter(|c| !cells.contains(c) && roof.iter().all(|r| r.sees(*c)))
            .flat_map(|c| {
                digits_of(self.mask(c) & x)
                    .into_iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect()
    }

    /// Avoidable rectangles: two placed non-given cells of a block on one line, a and b,
    /// facing (type 1) a placed b and an open cell with a and another digit, or (type 2)
    /// two open cells {b, x} and {a, x}.
    fn avoidable(&self, kind: UniquenessKind) -> Vec<Proof> {
        let placed = |c: Cell| self.links.value(c).filter(|_| !self.links.is_given(c));
        let mut out = Vec::new();
        let mut seen: HashSet<[Cell; 4]> = HashSet::new();
        for i11 in Cell::all() {
            let Some(a) = placed(i11) else { continue };
            for i12 in Self::partners(i11) {
                let Some(b) = placed(i12) else { continue };
                for (i21, i22) in Self::facing(i11, i12) {
                    // the deadly values: b at i21, a at i22
                    let ab = bit(a) | bit(b);
                    let escapes = |c: Cell, deadly: Digit| {
                        self.is_open(c)
                            && self.mask(c) & bit(deadly) != 0
                            && self.mask(c) & !ab != 0
                    };
                    let found = match (placed(i21), placed(i22)) {
                        (Some(x), None) if x == b && escapes(i22, a) => {
                            Some((UniquenessKind::Ar1, vec![Candidate::new(i22, a)]))
                        }
                        (None, Some(y)) if y == a && escapes(i21, b) => {
                            Some((UniquenessKind::Ar1, vec![Candidate::new(i21, b)]))
                        }
                        (None, None)
                            if self.mask(i21).count_ones() == 2
                                && self.mask(i21) & bit(b) != 0
                                && self.mask(i22).count_ones() == 2
                                && self.mask(i22) & bit(a) != 0
                                && self.mask(i21) & !bit(b) == self.mask(i22) & !bit(a)
                                && self.mask(i21) & !bit(b) & !ab != 0 =>
                        {
                            let x = self.mask(i21) & !bit(b);
                            let roof = [i21, i22];
                            let cells = [i11, i12, i21, i22];
                            Some((UniquenessKind::Ar2, self.seeing_all(&roof, &cells, x)))
                        }
                        _ => None,
                    };
                    let Some((found_kind, elims)) = found else {
                        continue;
                    };
                    let mut cells = [i11, i12, i21, i22];
                    cells.sort();
                    if found_kind != kind || !seen.insert(cells) {
                        continue;
                    }
                    let mut digits = [a, b];
                    digits.sort();
                    let p = UniquenessPattern {
                        kind,
                        digits,
                        cells: cells.to_vec(),
                        locked: None,
                        house: None,
                        subset: Vec::new(),
                        hidden: Vec::new(),
                        extras: Vec::new(),
                    };
                    out.extend(proof(p, elims));
                }
            }
        }
        out
    }

    /// BUG+1: one trivalue cell, every other open cell bivalue, every digit twice in every
    /// house but one digit three times in the trivalue cell's houses.
    fn bug_plus_1(&self) -> Option<Proof> {
        let mut trivalue = None;
        for c in Cell::all().filter(|&c| self.is_open(c)) {
            match self.mask(c).count_ones() {
                2 => {}
                3 if trivalue.is_none() => trivalue = Some(c),
                _ => return None,
            }
        }
        let t = trivalue?;
        let mut three = None;
        for h in House::all() {
            for d in Digit::all() {
                let n = h
                    .cells()
                    .iter()
                    .filter(|c| self.mask(**c) & bit(d) != 0)
                    .count();
                match n {
                    0 | 2 => {}
                    3 if h.contains(t) && three.is_none_or(|x| x == d) => three = Some(d),
                    _ => return None,
                }
            }
        }
        let d = three?;
        // three places in each of the cell's three houses
        let in_each = t.houses().iter().all(|h| {
            h.cells()
                .iter()
                .filter(|c| self.mask(**c) & bit(d) != 0)
                .count()
                == 3
        });
        if !in_each || self.mask(t) & bit(d) == 0 {
            return None;
        }
        let p = UniquenessPattern {
            kind: UniquenessKind::BugPlus1,
            digits: [d, d],
            cells: vec![t],
            locked: None,
            house: None,
            subset: Vec::new(),
            hidden: Vec::new(),
            extras: Vec::new(),
        };
        proof(p, self.in_cells(&[t], self.mask(t) & !bit(d)))
    }
}

/// A BUG lite being grown: its cells (the roof first), each with its pair, and per house
/// and digit how many pattern cells hold the digit in their pair.
struct Deadly {
    cells: Vec<Cell>,
    pairs: Vec<u16>,
    counts: [[u8; 9]; 27],
}

impl Deadly {
    /// Add a cell with its pair, unless some house would then hold a digit in three pairs.
    fn push(&mut self, c: Cell, pair: u16) -> bool {
        let fits = c
            .houses()
            .iter()
            .all(|h| (0..9).all(|d| pair >> d & 1 == 0 || self.counts[h.index()][d] < 2));
        if fits {
            self.cells.push(c);
            self.pairs.push(pair);
            self.count(c, pair, true);
        }
        fits
    }

    fn pop(&mut self) {
        let (c, pair) = (self.cells.pop().unwrap(), self.pairs.pop().unwrap());
        self.count(c, pair, false);
    }

    fn count(&mut self, c: Cell, pair: u16, add: bool) {
        for h in c.houses() {
            for d in bits(pair) {
                let n = &mut self.counts[h.index()][d];
                *n = if add { *n + 1 } else { *n - 1 };
            }
        }
    }

    /// A house and digit held in one pattern cell's pair only (the first such).
    fn lonely(&self) -> Option<(House, usize)> {
        House::all().find_map(|h| {
            (0..9)
                .find(|&d| self.counts[h.index()][d] == 1)
                .map(|d| (h, d))
        })
    }
}

impl View<'_> {
    /// BUG lite: for each roof cell (three candidates or more) and pair of its digits, the
    /// deadly patterns of bivalue cells around it; one proof per pattern (cells and roof
    /// pair), six cells or more.
    fn bug_lite(&self) -> Vec<Proof> {
        let mut out = Vec::new();
        let mut seen: HashSet<(u128, Cell, u16)> = HashSet::new();
        let mut nodes = 0usize;
        for roof in Cell::all().filter(|&c| self.is_open(c) && self.mask(c).count_ones() >= 3) {
            let m = self.mask(roof);
            for a in 0..9 {
                for b in a + 1..9 {
                    if m >> a & 1 == 0 || m >> b & 1 == 0 {
                        continue;
                    }
                    let mut deadly = Deadly {
                        cells: Vec::new(),
                        pairs: Vec::new(),
                        counts: [[0; 9]; 27],
                    };
                    deadly.push(roof, 1 << a | 1 << b);
                    self.grow(&mut deadly, &mut nodes, &mut |cells: &[Cell]| {
                        let key = cells.iter().fold(0u128, |k, c| k | 1 << c.index());
                        if !seen.insert((key, roof, 1 << a | 1 << b)) {
                            return;
                        }
                        let mut sorted = cells[1..].to_vec();
                        sorted.sort();
                        let mut cells = vec![roof];
                        cells.extend(sorted);
                        let digits = [Digit::from_index(a), Digit::from_index(b)];
                        let p = UniquenessPattern {
                            kind: UniquenessKind::BugLite,
                            digits,
                            cells,
                            locked: None,
                            house: None,
                            subset: Vec::new(),
                            hidden: Vec::new(),
                            extras: Vec::new(),
                        };
                        let elims = self.in_cells(&[roof], 1 << a | 1 << b);
                        out.extend(proof(p, elims));
                    });
                }
            }
        }
        out
    }

    /// Complete `deadly`: while a house holds a digit in one pair only, each bivalue cell
    /// of it holding the digit joins in turn; `found` is told of each complete pattern.
    fn grow(&self, deadly: &mut Deadly, nodes: &mut usize, found: &mut dyn FnMut(&[Cell])) {
        *nodes += 1;
        if *nodes > MAX_BUG_LITE_NODES {
            return;
        }
        let Some((h, d)) = deadly.lonely() else {
            if deadly.cells.len() >= 6 {
                found(&deadly.cells);
            }
            return;
        };
        if deadly.cells.len() == MAX_BUG_LITE_CELLS {
            return;
        }
        for c in h.cells() {
            let m = self.mask(c);
            if !self.is_open(c) || m.count_ones() != 2 || m >> d & 1 == 0 {
                continue;
            }
            if deadly.cells.contains(&c) || !deadly.push(c, m) {
                continue;
            }
            self.grow(deadly, nodes, found);
            deadly.pop();
        }
    }
}

fn proof(p: UniquenessPattern, eliminations: Vec<Candidate>) -> Option<Proof> {
    (!eliminations.is_empty())
        .then(|| Proof::new(Pattern::Uniqueness(Box::new(p)), eliminations, vec![]))
}

/// The houses holding both cells (a line, a block, or both).
fn shared_houses(x: Cell, y: Cell) -> Vec<House> {
    x.houses().into_iter().filter(|h| h.contains(y)).collect()
}

fn on_one_line(cells: &[Cell]) -> bool {
    cells.iter().all(|c| c.row() == cells[0].row())
        || cells.iter().all(|c| c.col() == cells[0].col())
}

/// The rectangle's two rows and two columns.
fn rectangle_lines(cells: &[Cell]) -> Vec<House> {
    let mut hs: Vec<House> = cells
        .iter()
        .flat_map(|c| [House::Row(c.row() as u8), House::Column(c.col() as u8)])
        .collect();
    hs.sort_by_key(|h| h.index());
    hs.dedup();
    hs
}
