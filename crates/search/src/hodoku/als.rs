//! HoDoKu's almost locked sets ([hobiwan HoDoKu]'s `AlsSolver`): ALS-XZ, ALS-XY-wing and ALS
//! chains, without overlapping sets (HoDoKu's default).
//!
//! The ALS list is collected house by house (rows, columns, blocks), each house's cell
//! sets depth first, each set once, at its first discovery. Restricted commons link an ALS
//! to a *later* one of the list only (HoDoKu's solver searches "forward only"): a digit
//! whose cells in both sets all see each other; a pair with a second (or later) one keeps
//! the last as its second. ALS-XZ and ALS-XY-wing take the first step in the order of the
//! restricted commons; ALS chains collect every chain of at least four sets, keep for each
//! set of removals the one with fewest cells, and take the first in HoDoKu's order.

use super::grid::{digits, Grid, PEERS, UNITS};
use super::step::{index_sum, Step};
use super::table::Kind;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

fn cells_of(set: u128) -> impl Iterator<Item = u8> {
    (0..81u8).filter(move |&c| set & 1u128 << c != 0)
}

/// The cells seeing every cell of `set` (not the cells themselves).
fn common_peers(set: u128) -> u128 {
    let mut out = (1u128 << 81) - 1;
    let mut s = set;
    while s != 0 {
        out &= PEERS[s.trailing_zeros() as usize];
        s &= s - 1;
    }
    out
}

/// An ALS with HoDoKu's derived sets.
struct Als {
    cells: u128,
    cands: u16,
    /// Per digit: its cells in the ALS; the cells outside holding it that see them all;
    /// both together.
    per: [u128; 10],
    buddies_per: [u128; 10],
    buddies_als_per: [u128; 10],
    /// Every cell some digit's removal would hit.
    buddies: u128,
}

/// A restricted common between `als1` and a later `als2`; `actual` is HoDoKu's mark of
/// which of the two digits a chain uses (1, 2, both 3; 0 none).
#[derive(Clone, Copy)]
struct Rc {
    als1: usize,
    als2: usize,
    cand1: u8,
    cand2: u8,
    actual: u8,
}

impl Rc {
    /// HoDoKu's `checkRC`: which digits of this link a chain arriving by `prev` may use.
    fn check(&mut self, prev: Option<&Rc>, first_try: bool) -> bool {
        self.actual = if self.cand2 == 0 { 1 } else { 3 };
        match prev {
            None => {
                if self.cand2 != 0 {
                    self.actual = if first_try { 1 } else { 2 };
                }
            }
            Some(p) => {
                self.actual = match p.actual {
                    1 => rc_int(p.cand1, 0, self.cand1, self.cand2),
                    2 => rc_int(p.cand2, 0, self.cand1, self.cand2),
                    // HoDoKu compares the previous link's first digit twice
                    3 => rc_int(p.cand1, p.cand1, self.cand1, self.cand2),
                    _ => self.actual,
                };
            }
        }
        self.actual != 0
    }
}

fn rc_int(c11: u8, c12: u8, c21: u8, c22: u8) -> u8 {
    match (c12 == 0, c22 == 0) {
        (true, true) => u8::from(c11 != c21),
        (true, false) => {
            if c11 == c22 {
                1
            } else if c11 == c21 {
                2
            } else {
                3
            }
        }
        (false, true) => u8::from(!(c11 == c21 || c12 == c21)),
        (false, false) => {
            if (c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21) {
                0
            } else if c11 == c22 || c12 == c22 {
                1
            } else if c11 == c21 || c12 == c21 {
                2
            } else {
                3
            }
        }
    }
}

/// The ALS of the grid in HoDoKu's order.
fn collect(g: &Grid) -> Vec<Als> {
    let mut found: Vec<(u128, u16)> = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    for unit in UNITS {
        for j in 0..9 {
            rec(g, &unit, j, 0, 0, 0, &mut found, &mut seen);
        }
    }
    let mut cands = [0u128; 10];
    for c in 0..81u8 {
        for d in digits(g.cells[c as usize]) {
            cands[d as usize] |= 1u128 << c;
        }
    }
    found
        .into_iter()
        .map(|(cells, mask)| {
            let mut als = Als {
                cells,
                cands: mask,
                per: [0; 10],
                buddies_per: [0; 10],
                buddies_als_per: [0; 10],
                buddies: 0,
            };
            for d in digits(mask) {
                let d = d as usize;
                als.per[d] = cells & cands[d];
                als.buddies_per[d] = common_peers(als.per[d]) & !cells & cands[d];
                als.buddies_als_per[d] = als.buddies_per[d] | als.per[d];
                als.buddies |= als.buddies_per[d];
            }
            als
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn rec(
    g: &Grid,
    unit: &[u8; 9],
    start: usize,
    n: usize,
    cells: u128,
    mask: u16,
    out: &mut Vec<(u128, u16)>,
    seen: &mut rustc_hash::FxHashSet<u128>,
) {
    let n = n + 1;
    if n > 8 {
        return;
    }
    for i in start..9 {
        let c = unit[i];
        if g.values[c as usize] != 0 {
            continue;
        }
        let now = cells | 1u128 << c;
        let m = mask | g.cells[c as usize];
        if m.count_ones() as usize == n + 1 && seen.insert(now) {
            out.push((now, m));
        }
        rec(g, unit, i + 1, n, now, m, out, seen);
    }
}

/// The restricted commons, forward only, and where each ALS's start and end in the list.
fn restricted_commons(alses: &[Als]) -> (Vec<Rc>, Vec<(usize, usize)>) {
    let mut rcs = Vec::new();
    let mut ranges = Vec::with_capacity(alses.len());
    for i in 0..alses.len() {
        let start = rcs.len();
        for j in i + 1..alses.len() {
            let (a, b) = (&alses[i], &alses[j]);
            if a.cells & b.cells != 0 {
                continue;
            }
            let common = a.cands & b.cands;
            let mut count = 0;
            for d in digits(common) {
                let d = d as usize;
                let places = a.per[d] | b.per[d];
                let seen = a.buddies_als_per[d] & b.buddies_als_per[d];
                if places & seen == places {
                    if count == 0 {
                        rcs.push(Rc {
                            als1: i,
                            als2: j,
                            cand1: d as u8,
                            cand2: 0,
                            actual: 0,
                        });
                    } else if let Some(rc) = rcs.last_mut() {
                        rc.cand2 = d as u8;
                    }
                    count += 1;
                }
            }
        }
        ranges.push((start, rcs.len()));
    }
    (rcs, ranges)
}

/// HoDoKu's `checkCandidatesToDelete`: the common digits of `a` and `b` but `restr` whose
/// cells outside see all their cells in both.
fn common_removals(a: &Als, b: &Als, restr: &[u8], out: &mut Vec<(u8, u8)>) {
    let mut possible = a.cands & b.cands;
    for &r in restr {
        if r != 0 {
            possible &= !super::grid::bit(r);
        }
    }
    if possible == 0 || a.buddies & b.buddies == 0 {
        return;
    }
    for d in digits(possible) {
        let set = a.buddies_per[d as usize] & b.buddies_per[d as usize];
        out.extend(cells_of(set).map(|c| (c, d)));
    }
}

/// The first ALS-XZ.
pub fn als_xz(g: &Grid) -> Option<Step> {
    let alses = collect(g);
    let (rcs, _) = restricted_commons(&alses);
    for rc in &rcs {
        let (a, b) = (&alses[rc.als1], &alses[rc.als2]);
        let mut dels = Vec::new();
        common_removals(a, b, &[rc.cand1], &mut dels);
        if rc.cand2 != 0 {
            common_removals(a, b, &[rc.cand2], &mut dels);
            doubly_linked(a, b, rc.cand1, rc.cand2, &mut dels);
            doubly_linked(b, a, rc.cand1, rc.cand2, &mut dels);
        }
        if !dels.is_empty() {
            let mut step = Step::new(Kind::AlsXz);
            step.deletions = dels;
            step.values = vec![rc.cand1];
            if rc.cand2 != 0 {
                step.values.push(rc.cand2);
            }
            return Some(step);
        }
    }
    None
}

/// A doubly linked ALS-XZ: `a`'s other digits leave the cells outside `b` seeing all
/// their cells in `a`.
fn doubly_linked(a: &Als, b: &Als, c1: u8, c2: u8, out: &mut Vec<(u8, u8)>) {
    let possible = a.cands & !super::grid::bit(c1) & !super::grid::bit(c2);
    for d in digits(possible) {
        let set = a.buddies_per[d as usize] & !b.cells;
        out.extend(cells_of(set).map(|c| (c, d)));
    }
}

/// The first ALS-XY-wing.
pub fn als_xy_wing(g: &Grid) -> Option<Step> {
    let alses = collect(g);
    let (rcs, _) = restricted_commons(&alses);
    for i in 0..rcs.len() {
        for j in i + 1..rcs.len() {
            let (r1, r2) = (&rcs[i], &rcs[j]);
            if r1.cand2 == 0 && r2.cand2 == 0 && r1.cand1 == r2.cand1 {
                continue;
            }
            let linked = (r1.als1 == r2.als1 && r1.als2 != r2.als2)
                || (r1.als2 == r2.als1 && r1.als1 != r2.als2)
                || (r1.als1 == r2.als2 && r1.als2 != r2.als1)
                || (r1.als2 == r2.als2 && r1.als1 != r2.als1);
            if !linked {
                continue;
            }
            let mut abc = (0, 0, 0);
            if r1.als1 == r2.als1 {
                abc = (r1.als2, r2.als2, r1.als1);
            }
            if r1.als1 == r2.als2 {
                abc = (r1.als2, r2.als1, r1.als1);
            }
            if r1.als2 == r2.als1 {
                abc = (r1.als1, r2.als2, r1.als2);
            }
            if r1.als2 == r2.als2 {
                abc = (r1.als1, r2.als1, r1.als2);
            }
            let (a, b) = (&alses[abc.0], &alses[abc.1]);
            if a.cells & b.cells != 0 {
                continue;
            }
            let both = a.cells | b.cells;
            if both == a.cells || both == b.cells {
                continue;
            }
            let mut dels = Vec::new();
            common_removals(a, b, &[r1.cand1, r1.cand2, r2.cand1, r2.cand2], &mut dels);
            if !dels.is_empty() {
                let mut step = Step::new(Kind::AlsXyWing);
                step.deletions = dels;
                return Some(step);
            }
        }
    }
    None
}

/// An ALS chain found, with its ALS for HoDoKu's order.
struct ChainStep {
    step: Step,
    als_count: usize,
    cell_count: usize,
}

/// The search for ALS chains.
struct ChainSearch<'a> {
    alses: &'a [Als],
    rcs: Vec<Rc>,
    ranges: Vec<(usize, usize)>,
    chain: Vec<usize>,
    in_chain: Vec<bool>,
    start: usize,
    found: Vec<ChainStep>,
    seen: FxHashMap<Vec<(u8, u8)>, usize>,
}

/// HoDoKu's longest ALS chain (restricted commons).
const MAX_RC: usize = 50;

/// The first ALS chain in HoDoKu's order.
pub fn als_chain(g: &Grid) -> Option<Step> {
    let alses = collect(g);
    let (rcs, ranges) = restricted_commons(&alses);
    let mut s = ChainSearch {
        alses: &alses,
        rcs,
        ranges,
        chain: Vec::new(),
        in_chain: vec![false; alses.len()],
        start: 0,
        found: Vec::new(),
        seen: FxHashMap::default(),
    };
    for i in 0..alses.len() {
        s.start = i;
        s.chain.clear();
        s.in_chain.iter_mut().for_each(|x| *x = false);
        s.in_chain[i] = true;
        s.walk(i, None);
    }
    let mut best: Option<ChainStep> = None;
    for c in s.found {
        let better = match &best {
            None => true,
            Some(b) => chain_order(&c, b) == Ordering::Less,
        };
        if better {
            best = Some(c);
        }
    }
    best.map(|b| b.step)
}

/// HoDoKu's `AlsComparator`: more removals first; of different removals the lower
/// weighted sum; fewer sets; fewer cells.
fn chain_order(a: &ChainStep, b: &ChainStep) -> Ordering {
    let by = b.step.deletions.len().cmp(&a.step.deletions.len());
    if by != Ordering::Equal {
        return by;
    }
    let same = a.step.deletions.len() == b.step.deletions.len()
        && a.step
            .deletions
            .iter()
            .all(|x| b.step.deletions.contains(x));
    if !same {
        return index_sum(&a.step.deletions).cmp(&index_sum(&b.step.deletions));
    }
    a.als_count
        .cmp(&b.als_count)
        .then(a.cell_count.cmp(&b.cell_count))
}

impl ChainSearch<'_> {
    fn walk(&mut self, als: usize, last: Option<usize>) {
        if self.chain.len() >= MAX_RC {
            return;
        }
        let (from, to) = self.ranges[als];
        let mut first_try = true;
        let mut i = from;
        while i < to {
            let prev = last.map(|k| self.rcs[k]);
            let ok = self.chain.len() < MAX_RC && self.rcs[i].check(prev.as_ref(), first_try);
            let next = self.rcs[i].als2;
            if ok && !self.in_chain[next] {
                self.chain.push(i);
                self.in_chain[next] = true;
                if self.chain.len() >= 3 {
                    self.check(i, next);
                }
                self.walk(next, Some(i));
                self.in_chain[next] = false;
                self.chain.pop();
                if last.is_none() {
                    if self.rcs[i].cand2 != 0 && first_try {
                        first_try = false;
                        continue;
                    }
                    first_try = true;
                }
            }
            i += 1;
        }
    }

    fn check(&mut self, rc: usize, end: usize) {
        let first = self.rcs[self.chain[0]];
        let (mut c1, mut c2) = (first.cand1, first.cand2);
        match first.actual {
            1 => c2 = 0,
            2 => c1 = 0,
            _ => {}
        }
        let last = self.rcs[rc];
        let (c3, c4) = match last.actual {
            1 => (last.cand1, 0),
            2 => (last.cand2, 0),
            3 => (last.cand1, last.cand2),
            _ => (0, 0),
        };
        let (a, b) = (&self.alses[self.start], &self.alses[end]);
        let mut dels = Vec::new();
        common_removals(a, b, &[c1, c2, c3, c4], &mut dels);
        if dels.is_empty() {
            return;
        }
        dels.sort_by_key(|&(c, d)| (d, c));
        dels.dedup();
        let als_count = self.chain.len() + 1;
        let cell_count = a.cells.count_ones() as usize
            + self
                .chain
                .iter()
                .map(|&k| self.alses[self.rcs[k].als2].cells.count_ones() as usize)
                .sum::<usize>();
        let mut step = Step::new(Kind::AlsXyChain);
        step.deletions = dels.clone();
        let found = ChainStep {
            step,
            als_count,
            cell_count,
        };
        match self.seen.get(&dels) {
            Some(&old) => {
                if self.found[old].cell_count > cell_count {
                    self.found[old] = found;
                }
            }
            None => {
                self.seen.insert(dels, self.found.len());
                self.found.push(found);
            }
        }
    }
}
