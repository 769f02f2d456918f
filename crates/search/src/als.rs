//! The almost-locked-set rules of [Hanson SA] and HoDoKu on the state's ALS list
//! (`graph::als`, enumerated once per call): ALS-XZ (singly linked with a common digit),
//! the doubly linked pair, ALS-XY-wing and the death blossom.
//!
//! Two disjoint ALS A and B share a *restricted common* digit X when every cell of A
//! holding X sees every cell of B holding X: X is in at most one of them.
//!
//! **Overlap** ([`Overlap::Allowed`], HoDoKu's "allow overlap" option): two different ALS
//! may share cells provided no restricted common digit lies in a shared cell (every X
//! place still sees every other, so X is true in at most one of the sets, and the set
//! without it is locked); the petals of a death blossom may share cells (each petal is
//! locked on its own when its stem digit is true). Eliminations still need a cell seeing
//! every place of Z in the sets, outside them.
//!
//! **Complexity**: pairs of ALS with a common digit (mask tests), triples through each
//! C's linked sets for the wing, and for the blossom one petal per stem candidate, cut as
//! soon as the petals share no digit or their common digits have no cell to eliminate.

use std::collections::HashSet;
use sudolink_engine::graph::als::{enumerate, mask_cells, seeing_all, AlsCells};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::crossing_lines;
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House};
use sudolink_engine::proof::als::{AlsKind, AlsPattern, AlsSet, Rcc, SueDeCoq};
use sudolink_engine::proof::{Pattern, Proof};

/// The largest ALS used (cells).
pub const MAX_ALS_CELLS: usize = 8;
/// The most candidates a death blossom's stem may have.
pub const MAX_STEM: usize = 4;
/// A bound on the petal combinations tried per stem.
const MAX_BLOSSOMS_PER_STEM: usize = 20_000;

/// Whether the ALS of one pattern may share cells (HoDoKu's "allow overlap").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlap {
    /// Disjoint sets only (HoDoKu's default, [Hanson SA]'s rule).
    Disjoint,
    /// Sets may share cells that hold no restricted common digit.
    Allowed,
}

/// The state's ALS and, per digit, the cells where it is open: what every rule of this
/// module reads, built once a state ([`Index::new`]) and shared by the rules asked on it
/// (the searcher's [`crate::state_view::StateView`]).
pub struct Index {
    sets: Vec<Set>,
    open: [u128; 9],
    overlap: Overlap,
    /// [`Index::linked_sets`], computed at the first rule that asks.
    linked: std::cell::OnceCell<Vec<Vec<(usize, u16)>>>,
}

/// An ALS with, per digit, the cells seeing all its places of the digit (computed once:
/// the restricted commons and targets of every pattern read them).
struct Set {
    als: AlsCells,
    /// Per digit: [`seeing_all`] of its places (every cell when it has none).
    seeing: [u128; 9],
}

impl Set {
    fn new(als: AlsCells) -> Set {
        let seeing = std::array::from_fn(|d| seeing_all(als.places[d]));
        Set { als, seeing }
    }
}

impl std::ops::Deref for Set {
    type Target = AlsCells;

    fn deref(&self) -> &AlsCells {
        &self.als
    }
}

impl Index {
    /// The state's ALS of up to [`MAX_ALS_CELLS`] cells ([`enumerate`]'s, in its order),
    /// paired under `overlap`.
    pub fn new(links: &LinkIndex, overlap: Overlap) -> Index {
        let mut open = [0u128; 9];
        for c in links.open().iter() {
            open[c.digit().index()] |= 1 << c.cell().index();
        }
        Index {
            sets: enumerate(links, MAX_ALS_CELLS)
                .into_iter()
                .map(Set::new)
                .collect(),
            open,
            overlap,
            linked: std::cell::OnceCell::new(),
        }
    }

    /// The ALS, in [`enumerate`]'s order, each with the cells seeing all its places of
    /// each digit (every cell for a digit it lacks).
    pub fn sets_seen(&self) -> impl Iterator<Item = (&AlsCells, &[u128; 9])> {
        self.sets.iter().map(|s| (&s.als, &s.seeing))
    }

    /// Whether two sets may stand in one pattern: disjoint, or (overlap allowed) different.
    fn may_pair(&self, a: &Set, b: &Set) -> bool {
        match self.overlap {
            Overlap::Disjoint => a.mask & b.mask == 0,
            Overlap::Allowed => a.mask != b.mask,
        }
    }

    /// The restricted common digits of two ALS that may pair (bit d-1): a shared cell
    /// holding the digit sees no other place of it in its own cell, so it never qualifies.
    /// (Every place of the digit in `b` sees every one in `a`: it is among the cells
    /// seeing all of `a`'s.)
    fn rccs(&self, a: &Set, b: &Set) -> u16 {
        if !self.may_pair(a, b) {
            return 0;
        }
        let mut out = 0;
        for d in bits(a.digits & b.digits) {
            if b.places[d] & !a.seeing[d] == 0 {
                out |= 1 << d;
            }
        }
        out
    }

    /// For each set, the sets it may pair with that share a restricted common digit with
    /// it, increasing, with those digits (each pair's restricted commons found once: they
    /// are symmetric), computed once.
    fn linked_sets(&self) -> &[Vec<(usize, u16)>] {
        self.linked.get_or_init(|| self.find_linked_sets())
    }

    /// [`Index::linked_sets`]: for each set A and digit d of it, the sets B holding d
    /// whose first place of d sees all of A's (an index by first place), kept when all
    /// of B's places of d do and the two may pair.
    fn find_linked_sets(&self) -> Vec<Vec<(usize, u16)>> {
        // the sets by digit and first place of the digit, increasing
        let mut by_first: Vec<Vec<u32>> = vec![Vec::new(); 9 * 81];
        for (j, b) in self.sets.iter().enumerate() {
            for d in bits(b.digits) {
                by_first[d * 81 + b.places[d].trailing_zeros() as usize].push(j as u32);
            }
        }
        // every linked pair (i < j), in finding order, then each set's list sized to fit
        let mut pairs: Vec<(u32, u32, u16)> = Vec::new();
        // the later sets linked to the current one, by one digit each
        let mut later: Vec<(usize, u16)> = Vec::new();
        for (i, a) in self.sets.iter().enumerate() {
            later.clear();
            for d in bits(a.digits) {
                for c in mask_cells(a.seeing[d]) {
                    let firsts = &by_first[d * 81 + c.index()];
                    let after = firsts.partition_point(|&j| j as usize <= i);
                    for &j in &firsts[after..] {
                        let b = &self.sets[j as usize];
                        if b.places[d] & !a.seeing[d] == 0 && self.may_pair(a, b) {
                            later.push((j as usize, 1 << d));
                        }
                    }
                }
            }
            later.sort_unstable();
            for run in later.chunk_by(|x, y| x.0 == y.0) {
                let rcc = run.iter().fold(0u16, |m, &(_, d)| m | d);
                pairs.push((i as u32, run[0].0 as u32, rcc));
            }
        }
        let mut degree = vec![0usize; self.sets.len()];
        for &(i, j, _) in &pairs {
            degree[i as usize] += 1;
            degree[j as usize] += 1;
        }
        let mut linked: Vec<Vec<(usize, u16)>> =
            degree.into_iter().map(Vec::with_capacity).collect();
        for (i, j, rcc) in pairs {
            let (i, j) = (i as usize, j as usize);
            linked[i].push((j, rcc));
            linked[j].push((i, rcc));
        }
        linked
    }

    /// The open candidates of digit `d` outside `sets` seeing all their cells holding `d`
    /// (the cells seeing all of a union's places see all of each set's).
    fn targets(&self, sets: &[&Set], d: usize) -> u128 {
        if sets.iter().all(|s| s.places[d] == 0) {
            return 0;
        }
        sets.iter().fold(self.open[d], |m, s| m & s.seeing[d])
    }
}

fn peer(c: Cell) -> u128 {
    sudolink_engine::grid::tables::peer_mask(c)
}

/// Whether some two of `sets` share a cell.
fn overlapping(sets: &[&Set]) -> bool {
    sets.iter()
        .enumerate()
        .any(|(i, a)| sets[i + 1..].iter().any(|b| a.mask & b.mask != 0))
}

fn als_set(a: &AlsCells) -> AlsSet {
    AlsSet {
        house: a.house,
        cells: a.cells.clone(),
        digits: a.digit_list(),
    }
}

fn candidates(mask: u128, d: usize) -> impl Iterator<Item = Candidate> {
    mask_cells(mask).map(move |c| Candidate::new(c, Digit::from_index(d)))
}

fn digit_list(mask: u16) -> Vec<Digit> {
    bits(mask).map(Digit::from_index).collect()
}

/// Collects proofs, each elimination set of each kind once.
struct Found {
    seen: HashSet<(AlsKind, Vec<Candidate>)>,
    proofs: Vec<Proof>,
}

impl Found {
    fn new() -> Found {
        Found {
            seen: HashSet::new(),
            proofs: Vec::new(),
        }
    }

    fn push(&mut self, pattern: AlsPattern, mut elims: Vec<Candidate>) {
        elims.sort();
        elims.dedup();
        if elims.is_empty() || !self.seen.insert((pattern.kind, elims.clone())) {
            return;
        }
        self.proofs
            .push(Proof::new(Pattern::Als(pattern), elims, vec![]));
    }

    /// Smallest first (cells in all sets), in finding order otherwise.
    fn into_sorted(mut self) -> Vec<Proof> {
        self.proofs.sort_by_key(|p| p.length);
        self.proofs
    }
}

/// ALS-XZ: two ALS with one restricted common X; every other common digit Z is
/// eliminated from cells seeing all its places in both. Pairs with two restricted commons
/// are left to [`doubly_linked`].
pub fn xz(links: &LinkIndex, overlap: Overlap) -> Vec<Proof> {
    xz_in(&Index::new(links, overlap))
}

/// [`xz`] on the state's [`Index`] (its overlap rule).
pub fn xz_in(ix: &Index) -> Vec<Proof> {
    let mut found = Found::new();
    for (i, (a, linked)) in ix.sets.iter().zip(ix.linked_sets()).enumerate() {
        // the later sets sharing restricted commons with `a`, increasing
        for &(j, rcc) in linked.iter().filter(|&&(j, _)| j > i) {
            let b = &ix.sets[j];
            if rcc.count_ones() != 1 {
                continue;
            }
            let zs = a.digits & b.digits & !rcc;
            let mut elims = Vec::new();
            let mut used = 0u16;
            for z in bits(zs) {
                let t = ix.targets(&[a, b], z);
                if t != 0 {
                    used |= 1 << z;
                    elims.extend(candidates(t, z));
                }
            }
            if elims.is_empty() {
                continue; // nothing to report: no pattern built
            }
            let pattern = AlsPattern {
                kind: AlsKind::Xz,
                sets: vec![als_set(a), als_set(b)],
                rccs: vec![Rcc {
                    sets: [0, 1],
                    digit: Digit::from_index(rcc.trailing_zeros() as usize),
                }],
                stem: None,
                z: digit_list(used),
                overlap: overlapping(&[a, b]),
            };
            found.push(pattern, elims);
        }
    }
    found.into_sorted()
}

/// The doubly linked pair: two ALS with two restricted commons X1, X2. Each Xi is removed
/// from cells seeing all its places in both sets; every other digit of each set is locked
/// in it and removed from cells seeing all its places there.
pub fn doubly_linked(links: &LinkIndex) -> Vec<Proof> {
    let ix = Index::new(links, Overlap::Disjoint);
    let mut found = Found::new();
    for (i, a) in ix.sets.iter().enumerate() {
        for b in &ix.sets[i + 1..] {
            let rcc = ix.rccs(a, b);
            if rcc.count_ones() < 2 {
                continue;
            }
            // any two of the restricted commons make the pair
            let xs: Vec<usize> = bits(rcc).collect();
            for (k, &x1) in xs.iter().enumerate() {
                for &x2 in &xs[k + 1..] {
                    let pair = 1u16 << x1 | 1 << x2;
                    let mut elims = Vec::new();
                    for d in bits(pair) {
                        elims.extend(candidates(ix.targets(&[a, b], d), d));
                    }
                    for s in [a, b] {
                        for d in bits(s.digits & !pair) {
                            elims.extend(candidates(ix.targets(&[s], d), d));
                        }
                    }
                    let pattern = AlsPattern {
                        kind: AlsKind::DoublyLinked,
                        sets: vec![als_set(a), als_set(b)],
                        rccs: [x1, x2]
                            .map(|x| Rcc {
                                sets: [0, 1],
                                digit: Digit::from_index(x),
                            })
                            .to_vec(),
                        stem: None,
                        z: vec![],
                        overlap: false,
                    };
                    found.push(pattern, elims);
                }
            }
        }
    }
    found.into_sorted()
}

/// ALS-XY-wing: A and B each linked to a pivot ALS C by different restricted commons X
/// and Y; a digit Z common to A and B (other than X and Y) is removed from cells seeing
/// all its places in A and B.
pub fn xy_wing(links: &LinkIndex, overlap: Overlap) -> Vec<Proof> {
    xy_wing_in(&Index::new(links, overlap))
}

/// [`xy_wing`] on the state's [`Index`] (its overlap rule).
pub fn xy_wing_in(ix: &Index) -> Vec<Proof> {
    let mut found = Found::new();
    for (c, linked) in ix.sets.iter().zip(ix.linked_sets()) {
        for (i, &(a, ra)) in linked.iter().enumerate() {
            let a = &ix.sets[a];
            for &(b, rb) in &linked[i + 1..] {
                let b = &ix.sets[b];
                if !ix.may_pair(a, b) {
                    continue;
                }
                for x in bits(ra) {
                    for y in bits(rb & !(1 << x)) {
                        let zs = a.digits & b.digits & !(1 << x | 1 << y);
                        let mut elims = Vec::new();
                        let mut used = 0u16;
                        for z in bits(zs) {
                            let t = ix.targets(&[a, b], z) & !c.mask;
                            if t != 0 {
                                used |= 1 << z;
                                elims.extend(candidates(t, z));
                            }
                        }
                        if elims.is_empty() {
                            continue; // nothing to report: no pattern built
                        }
                        let pattern = AlsPattern {
                            kind: AlsKind::XyWing,
                            sets: vec![als_set(a), als_set(b), als_set(c)],
                            rccs: vec![
                                Rcc {
                                    sets: [0, 2],
                                    digit: Digit::from_index(x),
                                },
                                Rcc {
                                    sets: [1, 2],
                                    digit: Digit::from_index(y),
                                },
                            ],
                            stem: None,
                            z: digit_list(used),
                            overlap: overlapping(&[a, b, c]),
                        };
                        found.push(pattern, elims);
                    }
                }
            }
        }
    }
    found.into_sorted()
}

/// The death blossom: a stem cell with 2 to [`MAX_STEM`] candidates and, for each, a petal
/// ALS holding that digit only in cells seeing the stem; a digit Z in every petal and not
/// in the stem is removed from cells seeing all its places in the petals.
pub fn death_blossom(links: &LinkIndex, overlap: Overlap) -> Vec<Proof> {
    let ix = Index::new(links, overlap);
    let mut found = Found::new();
    for stem in Cell::all() {
        if links.is_decided(CspVariable::Rc(stem)) {
            continue;
        }
        let stem_digits: Vec<usize> = links
            .variable(CspVariable::Rc(stem))
            .iter()
            .map(|c| c.digit().index())
            .collect();
        if !(2..=MAX_STEM).contains(&stem_digits.len()) {
            continue;
        }
        let stem_mask = stem_digits.iter().fold(0u16, |m, &d| m | 1 << d);
        let petals: Vec<Vec<&Set>> = stem_digits
            .iter()
            .map(|&d| {
                ix.sets
                    .iter()
                    .filter(|s| {
                        s.mask >> stem.index() & 1 == 0
                            && s.places[d] != 0
                            && s.places[d] & !peer(stem) == 0
                            && s.digits & !stem_mask != 0
                    })
                    .collect()
            })
            .collect();
        let mut blossom = Blossom {
            ix: &ix,
            stem,
            stem_digits: &stem_digits,
            stem_mask,
            petals: &petals,
            chosen: Vec::new(),
            tried: 0,
            found: &mut found,
        };
        blossom.grow(0x1ff & !stem_mask);
    }
    found.into_sorted()
}

struct Blossom<'a> {
    ix: &'a Index,
    stem: Cell,
    stem_digits: &'a [usize],
    stem_mask: u16,
    petals: &'a [Vec<&'a Set>],
    chosen: Vec<&'a Set>,
    tried: usize,
    found: &'a mut Found,
}

impl Blossom<'_> {
    /// Choose a petal for the next stem digit, keeping the digits common to all petals.
    fn grow(&mut self, common: u16) {
        let k = self.chosen.len();
        if k == self.stem_digits.len() {
            self.conclude(common);
            return;
        }
        for &p in &self.petals[k] {
            self.tried += 1;
            if self.tried > MAX_BLOSSOMS_PER_STEM {
                return;
            }
            let c = common & p.digits & !self.stem_mask;
            let clash = self.ix.overlap == Overlap::Disjoint
                && self.chosen.iter().any(|q| q.mask & p.mask != 0);
            if c == 0 || clash {
                continue;
            }
            self.chosen.push(p);
            // cut when no common digit keeps a cell to eliminate
            if bits(c).any(|z| self.ix.targets(&self.chosen, z) != 0) {
                self.grow(c);
            }
            self.chosen.pop();
        }
    }

    fn conclude(&mut self, common: u16) {
        let mut elims = Vec::new();
        let mut used = 0u16;
        for z in bits(common) {
            let t = self.ix.targets(&self.chosen, z) & !(1 << self.stem.index());
            if t != 0 {
                used |= 1 << z;
                elims.extend(candidates(t, z));
            }
        }
        if elims.is_empty() {
            return; // nothing to report: no pattern built
        }
        let pattern = AlsPattern {
            kind: AlsKind::DeathBlossom,
            sets: self.chosen.iter().map(|s| als_set(s)).collect(),
            rccs: self
                .stem_digits
                .iter()
                .enumerate()
                .map(|(i, &d)| Rcc {
                    sets: [i, i],
                    digit: Digit::from_index(d),
                })
                .collect(),
            stem: Some(self.stem),
            z: digit_list(used),
            overlap: overlapping(&self.chosen),
        };
        self.found.push(pattern, elims);
    }
}

/// The largest side (line cells or box cells) a Sue de Coq may use.
const MAX_SDC_SIDE: usize = 4;

/// Some unsolved cells of one house (the intersection, or the line or box cells outside
/// it), in the house's order, with their digits: held in place, as the Sue de Coq search
/// walks every intersection of every state.
struct Pool {
    cells: [Cell; 9],
    digits: [u16; 9],
    len: usize,
}

impl Pool {
    /// The cells of `house` that `keep` accepts, with their digits from `table`.
    fn of(house: House, table: &[u16; 81], keep: impl Fn(Cell) -> bool) -> Pool {
        let mut pool = Pool {
            cells: [Cell::new(0); 9],
            digits: [0; 9],
            len: 0,
        };
        for c in house.cells() {
            if keep(c) {
                pool.cells[pool.len] = c;
                pool.digits[pool.len] = table[c.index()];
                pool.len += 1;
            }
        }
        pool
    }

    /// The pool's cells at the bits of `taken`, in the pool's order.
    fn cells_at(&self, taken: u32) -> Vec<Cell> {
        (0..self.len)
            .filter(|i| taken >> i & 1 == 1)
            .map(|i| self.cells[i])
            .collect()
    }

    /// The union of the digits of the cells at the bits of `taken`.
    fn digits_at(&self, taken: u32) -> u16 {
        (0..self.len)
            .filter(|i| taken >> i & 1 == 1)
            .fold(0, |m, i| m | self.digits[i])
    }

    /// The cells at the bits of `taken` as a grid cell mask.
    fn mask_at(&self, taken: u32) -> u128 {
        (0..self.len)
            .filter(|i| taken >> i & 1 == 1)
            .fold(0, |m, i| m | 1 << self.cells[i].index())
    }
}

/// One side of a Sue de Coq: some cells of its pool (line cells outside the box, or box
/// cells outside the line) and their digits.
struct Side {
    /// The cells taken, bit i for the pool's i-th cell.
    taken: u32,
    digits: u16,
}

impl Side {
    fn size(&self) -> usize {
        self.taken.count_ones() as usize
    }
}

/// The sides of a core with digits `vc` a pool offers, into `out` (cleared first),
/// smallest pool subsets first (by their bits): up to [`MAX_SDC_SIDE`] cells, each sharing
/// a digit with the core, with at most as many digits as cells and core digits together.
/// Only subsets of the cells sharing a digit with the core qualify: their subsets are
/// walked in increasing order, which is the order of all subsets with those left out.
fn sides_into(pool: &Pool, vc: u16, out: &mut Vec<Side>) {
    out.clear();
    let sharing = (0..pool.len)
        .filter(|&i| pool.digits[i] & vc != 0)
        .fold(0u32, |m, i| m | 1 << i);
    // the digits of each subset walked: a subset's are those of the subset without its
    // lowest cell (smaller, so walked before) and that cell's
    // (a side's pool is the 6 cells of a line or box outside their intersection, at most)
    debug_assert!(pool.len <= 6);
    let mut union = [0u16; 1 << 6];
    let mut taken = 0u32;
    loop {
        // the next subset of `sharing`, increasing (0 again after the last)
        taken = taken.wrapping_sub(sharing) & sharing;
        if taken == 0 {
            return;
        }
        let digits =
            union[(taken & (taken - 1)) as usize] | pool.digits[taken.trailing_zeros() as usize];
        union[taken as usize] = digits;
        let size = taken.count_ones() as usize;
        if size <= MAX_SDC_SIDE && digits.count_ones() as usize <= size + vc.count_ones() as usize {
            out.push(Side { taken, digits });
        }
    }
}

/// Sue de Coq: on each box-line intersection, two or three unsolved core cells with at
/// least two digits more than cells, a set of line cells outside the box and one of box
/// cells outside the line, their digits disjoint and each cell sharing a digit with the
/// core, all together as many cells as digits.
pub fn sue_de_coq(links: &LinkIndex) -> Vec<Proof> {
    // each cell's digits, read once (the search asks them many times a cell)
    let mut table = [0u16; 81];
    for c in Cell::all() {
        table[c.index()] = sudolink_engine::graph::als::cell_digits(links, c);
    }
    let unsolved = |c: Cell| !links.is_decided(CspVariable::Rc(c)) && table[c.index()] != 0;
    let mut found = Vec::new();
    let mut seen: HashSet<Vec<Candidate>> = HashSet::new();
    // the sides of the current core, reused from core to core
    let (mut line_sides, mut box_sides) = (Vec::new(), Vec::new());
    for b in 0..9u8 {
        let block = House::Block(b);
        for line in crossing_lines(b as usize) {
            let inter = Pool::of(line, &table, |c| block.contains(c) && unsolved(c));
            let line_rest = Pool::of(line, &table, |c| !block.contains(c) && unsolved(c));
            let box_rest = Pool::of(block, &table, |c| !line.contains(c) && unsolved(c));
            for core_mask in 1u32..(1 << inter.len) {
                let core_len = core_mask.count_ones() as usize;
                if !(2..=3).contains(&core_len) {
                    continue;
                }
                let vc = inter.digits_at(core_mask);
                if (vc.count_ones() as usize) < core_len + 2 {
                    continue;
                }
                sides_into(&line_rest, vc, &mut line_sides);
                sides_into(&box_rest, vc, &mut box_sides);
                for line_side in &line_sides {
                    for box_side in &box_sides {
                        let (vl, vb) = (line_side.digits, box_side.digits);
                        if vl & vb != 0 {
                            continue;
                        }
                        let n = core_len + line_side.size() + box_side.size();
                        if (vc | vl | vb).count_ones() as usize != n {
                            continue;
                        }
                        let all = inter.mask_at(core_mask)
                            | line_rest.mask_at(line_side.taken)
                            | box_rest.mask_at(box_side.taken);
                        let mut elims = Vec::new();
                        let line_digits = vl | (vc & !vb);
                        let box_digits = vb | (vc & !vl);
                        for (house, ds) in [(line, line_digits), (block, box_digits)] {
                            for c in house.cells() {
                                if all >> c.index() & 1 == 1 {
                                    continue;
                                }
                                for d in bits(table[c.index()] & ds) {
                                    elims.push(Candidate::new(c, Digit::from_index(d)));
                                }
                            }
                        }
                        elims.sort();
                        elims.dedup();
                        if elims.is_empty() || !seen.insert(elims.clone()) {
                            continue;
                        }
                        let pattern = SueDeCoq {
                            line,
                            block,
                            core: inter.cells_at(core_mask),
                            line_cells: line_rest.cells_at(line_side.taken),
                            box_cells: box_rest.cells_at(box_side.taken),
                        };
                        found.push(Proof::new(
                            Pattern::SueDeCoq(Box::new(pattern)),
                            elims,
                            vec![],
                        ));
                    }
                }
            }
        }
    }
    found.sort_by_key(|p| p.length);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The restricted commons of every pair, pair by pair (what the index by first place
    /// must find).
    fn linked_pairwise(ix: &Index) -> Vec<Vec<(usize, u16)>> {
        let mut linked: Vec<Vec<(usize, u16)>> = vec![Vec::new(); ix.sets.len()];
        for (i, a) in ix.sets.iter().enumerate() {
            for (j, b) in ix.sets.iter().enumerate().skip(i + 1) {
                let rcc = ix.rccs(a, b);
                if rcc != 0 {
                    linked[i].push((j, rcc));
                    linked[j].push((i, rcc));
                }
            }
        }
        linked
    }

    #[test]
    fn linked_sets_by_first_place_are_the_pairwise_ones() {
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ];
        for line in lines {
            let puzzle = sudolink_engine::grid::format::parse_line(line, 1).expect("puzzle");
            let state = puzzle.start_state().expect("consistent");
            let links = LinkIndex::new(&state);
            for overlap in [Overlap::Disjoint, Overlap::Allowed] {
                let ix = Index::new(&links, overlap);
                assert_eq!(ix.linked_sets(), linked_pairwise(&ix), "{line} {overlap:?}");
            }
        }
    }
}
