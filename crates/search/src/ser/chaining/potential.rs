//! SE's potentials (a candidate assumed on or off) and the links between them, read from a
//! grid of candidate masks in SE's orders (`getOnToOff`, `getOffToOn`).

use crate::ser::grid::{
    candidate, kind_index, Region, RegionType, BLOCK_ROW_COLUMN, POSITION, REGION_CELLS,
    REGION_INDEX,
};
use sudolink_engine::grid::bits::{bits, is_pair};
use sudolink_engine::grid::Candidate;

/// A candidate with a polarity: *on* (the cell holds the value) or *off*. Two potentials
/// are equal when cell, value and polarity are (SE's `Potential.equals`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pot(u16);

/// Number of distinct potentials: 81 cells × 9 values × 2 polarities.
pub const POTS: usize = 1458;

/// Each potential's cell and value, by index (a load instead of two divisions: the
/// propagations ask them for every link).
const POT_PARTS: [(u8, u8); POTS] = {
    let mut t = [(0u8, 0u8); POTS];
    let mut i = 0;
    while i < POTS {
        t[i] = ((i / 18) as u8, (i / 2 % 9) as u8 + 1);
        i += 1;
    }
    t
};

impl Pot {
    pub fn new(cell: usize, value: u8, on: bool) -> Pot {
        Pot(((cell * 9 + value as usize - 1) * 2 + on as usize) as u16)
    }
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub fn from_index(i: usize) -> Pot {
        Pot(i as u16)
    }
    #[inline]
    pub fn cell(self) -> usize {
        POT_PARTS[self.index()].0 as usize
    }
    #[inline]
    pub fn value(self) -> u8 {
        POT_PARTS[self.index()].1
    }
    #[inline]
    pub fn on(self) -> bool {
        self.0 & 1 == 1
    }
    /// The same candidate with the other polarity (SE's conjugate).
    #[inline]
    pub fn negated(self) -> Pot {
        Pot(self.0 ^ 1)
    }
    pub fn candidate(self) -> Candidate {
        candidate(self.cell(), self.value())
    }
    /// SE's text: `D4.6+` (column letter, row, value, polarity).
    pub fn se_text(self) -> String {
        format!(
            "{}.{}{}",
            crate::ser::grid::se_cell_name(self.cell()),
            self.value(),
            if self.on() { '+' } else { '-' }
        )
    }
}

/// Why a potential follows from its parents (SE's `Potential.Cause`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// An assumption: no parent.
    Start,
    /// The cell rule: an *on* excludes the cell's other values; an *off* in a bivalue cell
    /// turns the other value on (SE's "naked single").
    Cell,
    /// The region rule in a region of this type: an *on* excludes the value's other places;
    /// an *off* with two places turns the other on (SE's "hidden" causes).
    Region(RegionType),
    /// An advanced rule applied on the chain's grid (levels ≥ 1): the index of the rule's
    /// hint in the propagation's list.
    Advanced(u32),
}

/// The cells of the region of type `kind` holding `cell`, in position order.
#[inline]
pub fn region_of(kind: RegionType, cell: usize) -> &'static [u8; 9] {
    let k = kind_index(kind);
    &REGION_CELLS[k][REGION_INDEX[k][cell] as usize]
}

#[inline]
pub fn has(cands: &[u16; 81], cell: usize, value: u8) -> bool {
    cands[cell] & (1 << value) != 0
}

/// The positions (bit p) of `value` in a region.
#[inline]
pub fn positions(cands: &[u16; 81], cells: &[u8; 9], value: u8) -> u16 {
    let mut m = 0;
    for (p, &c) in cells.iter().enumerate() {
        if cands[c as usize] & (1 << value) != 0 {
            m |= 1 << p;
        }
    }
    m
}

/// SE's `getOnToOff`: what `p` on turns off, in SE's order — with `y`, the cell's other
/// values ascending (cause [`Cause::Cell`]); then the value's other places in the block,
/// row and column, each once (the first region naming it gives the cause).
pub fn on_to_off(cands: &[u16; 81], p: Pot, y: bool, out: &mut Vec<(Pot, Cause)>) {
    out.clear();
    let (cell, value) = (p.cell(), p.value());
    if y {
        for v in 1..=9u8 {
            if v != value && has(cands, cell, v) {
                out.push((Pot::new(cell, v, false), Cause::Cell));
            }
        }
    }
    let mut seen: u128 = 1 << cell;
    for kind in BLOCK_ROW_COLUMN {
        for &other in region_of(kind, cell) {
            let other = other as usize;
            if seen & (1 << other) == 0 && has(cands, other, value) {
                seen |= 1 << other;
                out.push((Pot::new(other, value, false), Cause::Region(kind)));
            }
        }
    }
}

/// SE's `getOffToOn` without its hidden parents: what `p` off turns on — with `y`, the other
/// value of a bivalue cell; with `x`, the other place of the value in each block, row and
/// column where it has two (each potential once, the first rule naming it kept).
pub fn off_to_on(cands: &[u16; 81], p: Pot, y: bool, x: bool, out: &mut Vec<(Pot, Cause)>) {
    out.clear();
    let (cell, value) = (p.cell(), p.value());
    if y && cands[cell].count_ones() == 2 {
        let other = (cands[cell] & !(1 << value)).trailing_zeros() as u8;
        out.push((Pot::new(cell, other, true), Cause::Cell));
    }
    if x {
        for kind in BLOCK_ROW_COLUMN {
            let cells = region_of(kind, cell);
            let places = positions(cands, cells, value);
            if places.count_ones() == 2 {
                let other = (places & !(1 << Region::of(kind, cell).position_of(cell)))
                    .trailing_zeros() as usize;
                let on = Pot::new(cells[other] as usize, value, true);
                if !out.iter().any(|&(q, _)| q == on) {
                    out.push((on, Cause::Region(kind)));
                }
            }
        }
    }
}

const KINDS: [RegionType; 3] = [RegionType::Block, RegionType::Row, RegionType::Column];

/// `NAMED_BEFORE[type][cell]`: the positions of the cell's region of that type that
/// [`Work::on_to_off`] has named before reaching it (the cell itself, then the block's
/// cells: a line's positions in the cell's block).
const fn named_before() -> [[u16; 81]; 3] {
    let mut t = [[0u16; 81]; 3];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        t[0][cell] = 1 << POSITION[0][cell];
        t[1][cell] = 0b111 << (3 * (column / 3));
        t[2][cell] = 0b111 << (3 * (row / 3));
        cell += 1;
    }
    t
}

const NAMED_BEFORE: [[u16; 81]; 3] = named_before();

/// A working grid: candidate masks, with each region's places of each value kept in step
/// (slot `type * 9 + index`, types block, row, column).
#[derive(Clone)]
pub struct Work {
    pub cands: [u16; 81],
    places: [[u16; 10]; 27],
}

impl Work {
    pub fn new(cands: &[u16; 81]) -> Work {
        let mut places = [[0u16; 10]; 27];
        for (cell, &m) in cands.iter().enumerate() {
            for k in 0..3 {
                let slot = k * 9 + REGION_INDEX[k][cell] as usize;
                let bit = 1 << POSITION[k][cell];
                for (v, place) in places[slot].iter_mut().enumerate().skip(1) {
                    if m & (1 << v) != 0 {
                        *place |= bit;
                    }
                }
            }
        }
        Work {
            cands: *cands,
            places,
        }
    }

    #[inline]
    pub fn has(&self, cell: usize, value: u8) -> bool {
        self.cands[cell] & (1 << value) != 0
    }

    #[inline]
    pub fn remove(&mut self, cell: usize, value: u8) {
        if self.cands[cell] & (1 << value) == 0 {
            return;
        }
        self.cands[cell] &= !(1 << value);
        for k in 0..3 {
            let slot = k * 9 + REGION_INDEX[k][cell] as usize;
            self.places[slot][value as usize] &= !(1 << POSITION[k][cell]);
        }
    }

    /// The places (bit p: position p) of `value` in the region of type index `k` holding
    /// `cell`.
    #[inline]
    pub fn places_at(&self, k: usize, cell: usize, value: u8) -> u16 {
        self.places[k * 9 + REGION_INDEX[k][cell] as usize][value as usize]
    }

    /// The cell of the other place of a region's two `places` (bit p: position p), the
    /// region of type index `k` holding `cell`, one of them.
    #[inline]
    pub fn place_cell(k: usize, cell: usize, places: u16) -> usize {
        let cells = &REGION_CELLS[k][REGION_INDEX[k][cell] as usize];
        cells[(places & !(1 << POSITION[k][cell])).trailing_zeros() as usize] as usize
    }

    /// All places, for a grid view of the same candidates.
    pub fn all_places(&self) -> &[[u16; 10]; 27] {
        &self.places
    }

    /// SE's `getOnToOff` of `p` on (see [`on_to_off`]).
    #[inline]
    pub fn on_to_off(&self, p: Pot, y: bool, out: &mut Vec<(Pot, Cause)>) {
        out.clear();
        let (cell, value) = (p.cell(), p.value());
        if y {
            for b in bits(self.cands[cell] & !(1 << value)) {
                let v = b as u8;
                out.push((Pot::new(cell, v, false), Cause::Cell));
            }
        }
        for (k, kind) in KINDS.into_iter().enumerate() {
            let cells = &REGION_CELLS[k][REGION_INDEX[k][cell] as usize];
            for b in bits(self.places_at(k, cell, value) & !NAMED_BEFORE[k][cell]) {
                let other = cells[b] as usize;
                out.push((Pot::new(other, value, false), Cause::Region(kind)));
            }
        }
    }

    /// SE's `getOffToOn` of `p` off without hidden parents (see [`off_to_on`]).
    #[inline]
    pub fn off_to_on(&self, p: Pot, y: bool, x: bool, out: &mut Vec<(Pot, Cause)>) {
        out.clear();
        let (cell, value) = (p.cell(), p.value());
        if y && is_pair(self.cands[cell]) {
            let other = (self.cands[cell] & !(1 << value)).trailing_zeros() as u8;
            out.push((Pot::new(cell, other, true), Cause::Cell));
        }
        if x {
            for (k, kind) in KINDS.into_iter().enumerate() {
                let places = self.places_at(k, cell, value);
                if is_pair(places) {
                    let cells = &REGION_CELLS[k][REGION_INDEX[k][cell] as usize];
                    let other = (places & !(1 << POSITION[k][cell])).trailing_zeros() as usize;
                    let on = Pot::new(cells[other] as usize, value, true);
                    if !out.iter().any(|&(q, _)| q == on) {
                        out.push((on, Cause::Region(kind)));
                    }
                }
            }
        }
    }

    /// The candidates of `cause`'s variable for `n` (its cell, or its value's places in the
    /// region) present in `source` and gone here, in SE's order (SE's hidden parents).
    pub fn gone_since(&self, source: &Work, n: Pot, cause: Cause, out: &mut Vec<Pot>) {
        match cause {
            Cause::Cell => {
                let cell = n.cell();
                for b in bits(source.cands[cell] & !self.cands[cell]) {
                    let v = b as u8;
                    out.push(Pot::new(cell, v, false));
                }
            }
            Cause::Region(kind) => {
                let k = kind_index(kind);
                let cell = n.cell();
                let gone =
                    source.places_at(k, cell, n.value()) & !self.places_at(k, cell, n.value());
                let cells = &REGION_CELLS[k][REGION_INDEX[k][cell] as usize];
                for p in bits(gone) {
                    out.push(Pot::new(cells[p] as usize, n.value(), false));
                }
            }
            Cause::Start | Cause::Advanced(_) => {}
        }
    }
}

/// The links of a fixed grid, each potential's lists computed once in SE's order (the
/// static producers ask them for every start).
pub struct StaticLinks {
    weak: Vec<(Pot, Cause)>,
    /// Per candidate: where its cell rule's offs start, its region rule's, and the end.
    weak_at: Vec<[u32; 3]>,
    strong: Vec<(Pot, Cause)>,
    strong_at: Vec<[u32; 3]>,
    /// Per candidate, the rules by which its *off* turns something on: bit 0 the cell
    /// rule, bit 1 the region rule.
    strong_rules: Vec<u8>,
}

impl StaticLinks {
    pub fn new(cands: &[u16; 81]) -> StaticLinks {
        let mut links = StaticLinks {
            weak: Vec::with_capacity(4096),
            weak_at: vec![[0; 3]; 729],
            strong: Vec::with_capacity(1024),
            strong_at: vec![[0; 3]; 729],
            strong_rules: vec![0; 729],
        };
        let mut buf = Vec::with_capacity(32);
        let work = Work::new(cands);
        for cell in 0..81 {
            for value in 1..=9u8 {
                if !has(cands, cell, value) {
                    continue;
                }
                let i = cell * 9 + value as usize - 1;
                let on = Pot::new(cell, value, true);
                work.on_to_off(on, true, &mut buf);
                let a = links.weak.len() as u32;
                let cell_offs = buf.iter().filter(|(_, c)| *c == Cause::Cell).count() as u32;
                links.weak.extend_from_slice(&buf);
                links.weak_at[i] = [a, a + cell_offs, links.weak.len() as u32];
                work.off_to_on(on.negated(), true, true, &mut buf);
                let a = links.strong.len() as u32;
                let cell_ons = buf.iter().filter(|(_, c)| *c == Cause::Cell).count() as u32;
                links.strong.extend_from_slice(&buf);
                links.strong_at[i] = [a, a + cell_ons, links.strong.len() as u32];
                let region_ons = links.strong.len() as u32 - a - cell_ons;
                links.strong_rules[i] = (cell_ons != 0) as u8 | ((region_ons != 0) as u8) << 1;
            }
        }
        links
    }

    /// [`on_to_off`] of `p` (on).
    #[inline]
    pub fn on_to_off(&self, p: Pot, y: bool) -> &[(Pot, Cause)] {
        let [a, b, c] = self.weak_at[p.index() / 2];
        let from = if y { a } else { b };
        &self.weak[from as usize..c as usize]
    }

    /// [`off_to_on`] of `p` (off).
    #[inline]
    pub fn off_to_on(&self, p: Pot, y: bool, x: bool) -> &[(Pot, Cause)] {
        let [a, b, c] = self.strong_at[p.index() / 2];
        let (from, to) = match (y, x) {
            (true, true) => (a, c),
            (true, false) => (a, b),
            (false, true) => (b, c),
            (false, false) => (a, a),
        };
        &self.strong[from as usize..to as usize]
    }

    /// Does `p` (off) turn something on: is [`StaticLinks::off_to_on`] not empty?
    #[inline]
    pub fn turns_on(&self, p: Pot, y: bool, x: bool) -> bool {
        self.strong_rules[p.index() / 2] & (y as u8 | (x as u8) << 1) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn potentials_encode_cell_value_and_polarity() {
        let p = Pot::new(58, 6, true);
        assert_eq!((p.cell(), p.value(), p.on()), (58, 6, true));
        assert_eq!(p.negated(), Pot::new(58, 6, false));
        assert_eq!(p.se_text(), "E7.6+");
        for kind in BLOCK_ROW_COLUMN {
            for cell in 0..81 {
                assert!(region_of(kind, cell).contains(&(cell as u8)));
                assert_eq!(
                    region_of(kind, cell).map(|c| c as usize),
                    Region::of(kind, cell).cells()
                );
            }
        }
    }
}
