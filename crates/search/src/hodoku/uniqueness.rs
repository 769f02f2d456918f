//! HoDoKu's uniqueness steps ([hobiwan HoDoKu]'s `UniquenessSolver`): the bivalue
//! universal grave + 1, unique rectangles of types 1–6, hidden rectangles and avoidable
//! rectangles of types 1–2. They assume the puzzle has one solution, as HoDoKu's default configuration
//! does.
//!
//! Rectangles are found from each bivalue cell in order (each rectangle once, at its first
//! corner; HoDoKu's record of seen rectangles is kept, its encoding included); for each,
//! the types are tried in HoDoKu's order (1, 2 or 5, 3 in row, column and block, 4, 6,
//! hidden). HoDoKu scans once per grid state and answers every type from that scan, so a
//! type's step is the first of that type in the whole scan. HoDoKu lets a rectangle's
//! cells lack one of its digits when the placed digits do not exclude it ("allow missing
//! candidates", on by default).

use super::grid::{digits, Grid, BUDDIES, PEERS, UNITS};
use super::step::Step;
use super::table::Kind;

/// The cells of `set`, ascending.
fn cell_list(set: u128) -> Vec<u8> {
    super::grid::cells_in(set).collect()
}

fn bit(c: u8) -> u128 {
    1u128 << c
}

/// The candidates `digit` of those of `cells` that hold it, as deletions.
fn holding_of(g: &Grid, cells: &[u8], digit: u8) -> Vec<(u8, u8)> {
    cells
        .iter()
        .filter(|&&c| g.has(c, digit))
        .map(|&c| (c, digit))
        .collect()
}

/// The cells where `digit` may still go as far as the placed digits tell (HoDoKu's
/// `candidatesAllowed`).
fn allowed(g: &Grid, digit: u8) -> u128 {
    let mut set = 0u128;
    for c in 0..81u8 {
        if g.values[c as usize] == 0
            && !BUDDIES[c as usize]
                .iter()
                .any(|&b| g.values[b as usize] == digit)
        {
            set |= bit(c);
        }
    }
    set
}

/// The cells holding `digit`.
fn holding(g: &Grid, digit: u8) -> u128 {
    (0..81u8)
        .filter(|&c| g.has(c, digit))
        .fold(0, |m, c| m | bit(c))
}

fn peers(c: u8) -> u128 {
    PEERS[c as usize]
}

fn unit_set(u: usize) -> u128 {
    super::grid::UNIT_SETS[u]
}

/// BUG+1: every open cell bivalue but one with three candidates, every house-digit twice
/// but the third candidate's in that cell's houses: its other candidates go.
pub fn bug_plus_1(g: &Grid) -> Option<Step> {
    let mut index3 = None;
    for c in 0..81u8 {
        match g.count(c) {
            0..=2 => {}
            3 if index3.is_none() => index3 = Some(c),
            _ => return None,
        }
    }
    let index3 = index3?;
    let mut cand3 = None;
    let mut houses = [None; 3];
    for h in 0..27usize {
        for d in 1..=9u8 {
            match g.free[h][d as usize] {
                0..=2 => {}
                3 => {
                    if houses[h / 9].is_some() || cand3.is_some_and(|c| c != d) {
                        return None;
                    }
                    cand3 = Some(d);
                    houses[h / 9] = Some(h as u8);
                }
                _ => return None,
            }
        }
    }
    let cand3 = cand3?;
    let own = super::grid::CONSTRAINTS[index3 as usize];
    if !g.has(index3, cand3) || (0..3).any(|k| houses[k] != Some(own[k])) {
        return None;
    }
    let mut step = Step::new(Kind::BugPlus1);
    step.deletions = digits(g.cells[index3 as usize])
        .filter(|&d| d != cand3)
        .map(|d| (index3, d))
        .collect();
    Some(step)
}

/// A scan for rectangles: the steps found, in order, and HoDoKu's record of rectangles.
struct Scan<'a> {
    g: &'a Grid,
    fixed: u128,
    seen: Vec<u32>,
    steps: Vec<Step>,
    cand1: u8,
    cand2: u8,
    rect: [u8; 4],
}

/// The first unique rectangle (types 1–6) or hidden rectangle of `kind`.
pub fn unique_rectangle(g: &Grid, kind: Kind) -> Option<Step> {
    let mut scan = Scan::new(g);
    for i in 0..81u8 {
        if g.count(i) == 2 {
            let ds: Vec<u8> = digits(g.cells[i as usize]).collect();
            scan.cand1 = ds[0];
            scan.cand2 = ds[1];
            scan.rectangles_at(i, false);
        }
    }
    scan.steps.into_iter().find(|s| s.kind == kind)
}

/// The first avoidable rectangle of `kind` (type 1 or 2).
pub fn avoidable_rectangle(g: &Grid, kind: Kind) -> Option<Step> {
    let mut scan = Scan::new(g);
    for i in 0..81u8 {
        if g.values[i as usize] == 0 || g.fixed & bit(i) != 0 {
            continue;
        }
        scan.cand1 = g.values[i as usize];
        scan.rectangles_at(i, true);
    }
    scan.steps.into_iter().find(|s| s.kind == kind)
}

impl<'a> Scan<'a> {
    fn new(g: &'a Grid) -> Scan<'a> {
        Scan {
            g,
            fixed: g.fixed,
            seen: Vec::new(),
            steps: Vec::new(),
            cand1: 0,
            cand2: 0,
            rect: [0; 4],
        }
    }

    /// HoDoKu's record of rectangles seen (its encoding, collisions included): false when
    /// already seen.
    fn first_time(&mut self, cells: [u8; 4]) -> bool {
        let mut s = cells;
        s.sort_unstable();
        let key = ((s[0] as u32 * 10 + s[1] as u32) * 10 + s[2] as u32) * 10 + s[3] as u32;
        if self.seen.contains(&key) {
            return false;
        }
        if self.seen.len() < 400 {
            self.seen.push(key);
        }
        true
    }

    fn solved_not_given(&self, c: u8) -> bool {
        self.g.values[c as usize] != 0 && self.fixed & bit(c) == 0
    }

    /// The rectangles with corner `i11` (HoDoKu's `findUniquenessForStartCell`).
    fn rectangles_at(&mut self, i11: u8, avoidable: bool) {
        let g = self.g;
        let block11 = i11 / 27 * 3 + i11 % 9 / 3;
        let allowed1 = allowed(g, self.cand1);
        let allowed2 = allowed(g, self.cand2);
        for i12 in UNITS[18 + block11 as usize] {
            if i12 == i11 || (i11 / 9 != i12 / 9 && i11 % 9 != i12 % 9) {
                continue;
            }
            let ok12 = if avoidable {
                self.solved_not_given(i12)
            } else {
                g.values[i12 as usize] == 0 && allowed1 & bit(i12) != 0 && allowed2 & bit(i12) != 0
            };
            if !ok12 {
                continue;
            }
            if avoidable {
                self.cand2 = g.values[i12 as usize];
            }
            let lines = i11 / 9 == i12 / 9;
            let unit = |c: u8| {
                if lines {
                    9 + c as usize % 9
                } else {
                    c as usize / 9
                }
            };
            let (u11, u12) = (UNITS[unit(i11)], UNITS[unit(i12)]);
            for j in 0..9 {
                let (i21, i22) = (u11[j], u12[j]);
                if i21 / 27 * 3 + i21 % 9 / 3 == block11 {
                    continue;
                }
                // HoDoKu's test (its second clause checks i22 twice, never i21 for cand2)
                let missing = allowed1 & bit(i21) != 0
                    && allowed1 & bit(i22) != 0
                    && allowed2 & bit(i22) != 0;
                let ok = missing || (avoidable && self.avoidable_corners(i21, i22));
                if ok && self.first_time([i11, i12, i21, i22]) {
                    self.rect = [i11, i12, i21, i22];
                    if avoidable {
                        self.avoidable(i21, i22);
                    } else {
                        self.unique();
                    }
                }
            }
        }
    }

    fn avoidable_corners(&self, i21: u8, i22: u8) -> bool {
        let g = self.g;
        let (c1, c2) = (self.cand1, self.cand2);
        let open_pair = |c: u8, d: u8| g.values[c as usize] == 0 && g.has(c, d) && g.count(c) == 2;
        (g.values[i21 as usize] == c2 && self.fixed & bit(i21) == 0 && open_pair(i22, c1))
            || (g.values[i22 as usize] == c1 && self.fixed & bit(i22) == 0 && open_pair(i21, c2))
            || (open_pair(i21, c2) && open_pair(i22, c1))
    }

    fn step(&self, kind: Kind) -> Step {
        let mut s = Step::new(kind);
        s.values = vec![self.cand1, self.cand2];
        s.indices = self.rect.to_vec();
        s
    }

    fn push(&mut self, step: Step) {
        if !step.deletions.is_empty() {
            self.steps.push(step);
        }
    }

    /// The unique rectangle types of the current rectangle, in HoDoKu's order.
    fn unique(&mut self) {
        let g = self.g;
        let (c1, c2) = (self.cand1, self.cand2);
        let ur = super::grid::bit(c1) | super::grid::bit(c2);
        let (mut two, mut extra) = (0u128, 0u128);
        for c in self.rect {
            if g.cells[c as usize] & !ur == 0 {
                two |= bit(c);
            } else {
                extra |= bit(c);
            }
        }
        let (two_v, extra_v) = (cell_list(two), cell_list(extra));
        if two_v.len() == 3 {
            let d = extra_v[0];
            let mut s = self.step(Kind::Uniqueness1);
            s.deletions = [c1, c2]
                .iter()
                .filter(|&&x| g.has(d, x))
                .map(|&x| (d, x))
                .collect();
            self.push(s);
        }
        if two_v.len() == 2 || two_v.len() == 1 {
            self.type_2_or_5(&extra_v, ur);
        }
        if two_v.len() == 2 {
            let (i1, i2) = (extra_v[0], extra_v[1]);
            let u3 = extra_v
                .iter()
                .fold(0u16, |m, &c| m | (g.cells[c as usize] & !ur));
            if i1 / 9 == i2 / 9 {
                self.type_3(0, i1 as usize / 9, u3, ur, two | extra, extra);
            }
            if i1 % 9 == i2 % 9 {
                self.type_3(1, 9 + i1 as usize % 9, u3, ur, two | extra, extra);
            }
            let block = |c: u8| c / 27 * 3 + c % 9 / 3;
            if block(i1) == block(i2) {
                self.type_3(2, 18 + block(i1) as usize, u3, ur, two | extra, extra);
            }
            self.type_4(i1, i2);
            self.type_6(i1, i2, two | extra);
        }
        if two_v.len() == 2 || two_v.len() == 1 {
            let diagonal =
                two_v.len() == 1 || (two_v[0] / 9 != two_v[1] / 9 && two_v[0] % 9 != two_v[1] % 9);
            if diagonal {
                self.hidden(two_v[0], &extra_v, two | extra);
                if two_v.len() == 2 {
                    self.hidden(two_v[1], &extra_v, two | extra);
                }
            }
        }
    }

    fn type_2_or_5(&mut self, extra: &[u8], ur: u16) {
        let g = self.g;
        let mut add = 0u16;
        let mut common = (1u128 << 81) - 1;
        for &c in extra {
            add |= g.cells[c as usize] & !ur;
            if add.count_ones() > 1 {
                break;
            }
            common &= peers(c);
        }
        if add.count_ones() != 1 {
            return;
        }
        let d = add.trailing_zeros() as u8 + 1;
        let dels = common & holding(g, d);
        if dels == 0 {
            return;
        }
        let (i1, i2) = (extra[0], extra[1]);
        let kind = if extra.len() == 3 || (i1 / 9 != i2 / 9 && i1 % 9 != i2 % 9) {
            Kind::Uniqueness5
        } else {
            Kind::Uniqueness2
        };
        let mut s = self.step(kind);
        s.deletions = cell_list(dels).into_iter().map(|c| (c, d)).collect();
        self.push(s);
    }

    /// Type 3 in house `h` (`kind` 0 row, 1 column, 2 block): the extra cells with other
    /// cells of the house form a naked subset.
    fn type_3(&mut self, kind: u8, h: usize, u3: u16, ur: u16, rect: u128, extra: u128) {
        let g = self.g;
        let unit = UNITS[h];
        let pool: Vec<u8> = unit
            .iter()
            .copied()
            .filter(|&c| {
                let m = g.cells[c as usize];
                m != 0 && m & ur == 0 && rect & bit(c) == 0
            })
            .collect();
        if !pool.is_empty() {
            self.type_3_rec(kind, &unit, &pool, u3, extra, 0);
        }
    }

    fn type_3_rec(
        &mut self,
        kind: u8,
        unit: &[u8; 9],
        pool: &[u8],
        cands: u16,
        cells: u128,
        start: usize,
    ) {
        let g = self.g;
        for i in start..pool.len() {
            let now_cells = cells | bit(pool[i]);
            let now_cands = cands | g.cells[pool[i] as usize];
            let set = cell_list(now_cells);
            let same_line = set.iter().all(|&c| c / 9 == set[0] / 9)
                || set.iter().all(|&c| c % 9 == set[0] % 9);
            if (kind != 2 || !same_line) && now_cands.count_ones() as usize == set.len() - 1 {
                let mut s = self.step(Kind::Uniqueness3);
                for &c in unit {
                    if g.values[c as usize] == 0 && now_cells & bit(c) == 0 {
                        for d in digits(g.cells[c as usize] & now_cands) {
                            s.deletions.push((c, d));
                        }
                    }
                }
                if !s.deletions.is_empty() {
                    let block = |c: u8| c / 27 * 3 + c % 9 / 3;
                    if kind != 2 && set.iter().all(|&c| block(c) == block(set[0])) {
                        for c in UNITS[18 + block(set[0]) as usize] {
                            if g.values[c as usize] == 0 && now_cells & bit(c) == 0 {
                                for d in digits(g.cells[c as usize] & now_cands) {
                                    s.deletions.push((c, d));
                                }
                            }
                        }
                    }
                    self.steps.push(s);
                }
            }
            self.type_3_rec(kind, unit, pool, now_cands, now_cells, i + 1);
        }
    }

    fn type_4(&mut self, i1: u8, i2: u8) {
        let g = self.g;
        if i1 / 9 != i2 / 9 && i1 % 9 != i2 % 9 {
            return;
        }
        let (c1, c2) = (self.cand1, self.cand2);
        let common = peers(i1) & peers(i2);
        let del = if common & holding(g, c1) == 0 {
            c2
        } else if common & holding(g, c2) == 0 {
            c1
        } else {
            return;
        };
        let mut s = self.step(Kind::Uniqueness4);
        s.deletions = holding_of(g, &[i1, i2], del);
        self.push(s);
    }

    fn type_6(&mut self, i1: u8, i2: u8, rect: u128) {
        let g = self.g;
        if i1 / 9 == i2 / 9 || i1 % 9 == i2 % 9 {
            return;
        }
        let (c1, c2) = (self.cand1, self.cand2);
        let lines = unit_set(i1 as usize / 9)
            | unit_set(9 + i1 as usize % 9)
            | unit_set(i2 as usize / 9)
            | unit_set(9 + i2 as usize % 9);
        let rest = lines & !rect;
        let del = if rest & holding(g, c1) == 0 {
            c1
        } else if rest & holding(g, c2) == 0 {
            c2
        } else {
            return;
        };
        let mut s = self.step(Kind::Uniqueness6);
        s.deletions = holding_of(g, &[i1, i2], del);
        self.push(s);
    }

    /// A hidden rectangle with its bivalue corner `corner`.
    fn hidden(&mut self, corner: u8, extra: &[u8], rect: u128) {
        let (i1, i2) = (extra[0], extra[1]);
        let line = if i1 / 9 == corner / 9 { i2 / 9 } else { i1 / 9 };
        let col = if i1 % 9 == corner % 9 { i2 % 9 } else { i1 % 9 };
        let (c1, c2) = (self.cand1, self.cand2);
        self.hidden_for(line, col, c1, c2, rect);
        self.hidden_for(line, col, c2, c1, rect);
    }

    fn hidden_for(&mut self, line: u8, col: u8, a: u8, b: u8, rect: u128) {
        let g = self.g;
        let outside = |u: usize| unit_set(u) & holding(g, a) & !rect;
        if outside(line as usize) != 0 || outside(9 + col as usize) != 0 {
            return;
        }
        let del = line * 9 + col;
        let mut s = self.step(Kind::HiddenRectangle);
        if g.has(del, b) {
            s.deletions.push((del, b));
        }
        self.push(s);
    }

    /// The avoidable rectangle types of the current rectangle.
    fn avoidable(&mut self, i21: u8, i22: u8) {
        let g = self.g;
        let (c1, c2) = (self.cand1, self.cand2);
        if g.values[i21 as usize] != 0 || g.values[i22 as usize] != 0 {
            let mut s = self.step(Kind::AvoidableRectangle1);
            if g.values[i21 as usize] != 0 {
                if g.has(i22, c1) {
                    s.deletions.push((i22, c1));
                }
            } else if g.has(i21, c2) {
                s.deletions.push((i21, c2));
            }
            self.push(s);
            return;
        }
        let ds: Vec<u8> = digits(g.cells[i21 as usize]).collect();
        let extra = if ds[0] == c2 { ds[1] } else { ds[0] };
        if !g.has(i22, extra) {
            return;
        }
        let dels = peers(i21) & peers(i22) & holding(g, extra);
        if dels == 0 {
            return;
        }
        let mut s = self.step(Kind::AvoidableRectangle2);
        s.deletions = cell_list(dels).into_iter().map(|c| (c, extra)).collect();
        self.push(s);
    }
}
