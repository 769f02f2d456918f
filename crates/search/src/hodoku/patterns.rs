//! HoDoKu's single-digit patterns ([hobiwan HoDoKu]'s `SingleDigitPatternSolver`: skyscraper,
//! 2-string kite, empty rectangle) and wings (`WingSolver`: XY-, XYZ- and W-wing), each the
//! first found in HoDoKu's scanning order.

use super::grid::{digits, sees, Grid, BUDDIES, UNITS};
use super::step::Step;
use super::table::Kind;

/// The cells holding `digit`, ascending, that see every cell of `of`.
fn seeing_all(g: &Grid, digit: u8, of: &[u8]) -> Vec<u8> {
    (0..81u8)
        .filter(|&c| g.has(c, digit) && of.iter().all(|&o| sees(c, o)))
        .collect()
}

/// The two places of `digit` in each house of `houses` holding it exactly twice.
fn conjugates(g: &Grid, digit: u8, houses: std::ops::Range<u8>) -> Vec<(u8, [u8; 2])> {
    houses
        .filter(|&h| g.free[h as usize][digit as usize] == 2)
        .map(|h| {
            let mut it = UNITS[h as usize]
                .iter()
                .copied()
                .filter(|&c| g.has(c, digit));
            (h, [it.next().expect("two"), it.next().expect("two")])
        })
        .collect()
}

/// Skyscraper: two conjugate pairs in parallel lines (rows first, then columns) with one
/// end in a common cross line; the digit leaves the cells seeing both other ends.
pub fn skyscraper(g: &Grid) -> Option<Step> {
    for lines in [true, false] {
        let cross = |c: u8| if lines { c % 9 } else { c / 9 };
        for digit in 1..=9u8 {
            let range = if lines { 0..9 } else { 9..18 };
            let pairs = conjugates(g, digit, range);
            for i in 0..pairs.len() {
                for j in i + 1..pairs.len() {
                    let (a, b) = (pairs[i].1, pairs[j].1);
                    let other = if cross(a[0]) == cross(b[0]) {
                        1
                    } else if cross(a[1]) == cross(b[1]) {
                        0
                    } else {
                        continue;
                    };
                    if cross(a[other]) == cross(b[other]) {
                        continue;
                    }
                    let dels = seeing_all(g, digit, &[a[other], b[other]]);
                    if dels.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Kind::Skyscraper);
                    step.values.push(digit);
                    step.indices = vec![a[other], b[other], a[1 - other], b[1 - other]];
                    step.deletions = dels.into_iter().map(|c| (c, digit)).collect();
                    return Some(step);
                }
            }
        }
    }
    None
}

/// 2-string kite: a conjugate pair in a row and one in a column with an end of each in
/// one block; the digit leaves the cell where the other ends' row and column cross.
pub fn two_string_kite(g: &Grid) -> Option<Step> {
    let block = |c: u8| c / 27 * 3 + c % 9 / 3;
    for digit in 1..=9u8 {
        // HoDoKu swaps a pair's ends in place, and later pairings see the swap
        let mut rows: Vec<[u8; 2]> = conjugates(g, digit, 0..9)
            .into_iter()
            .map(|p| p.1)
            .collect();
        let mut cols: Vec<[u8; 2]> = conjugates(g, digit, 9..18)
            .into_iter()
            .map(|p| p.1)
            .collect();
        for r in rows.iter_mut() {
            for c in cols.iter_mut() {
                if block(r[0]) == block(c[0]) {
                } else if block(r[0]) == block(c[1]) {
                    c.swap(0, 1);
                } else if block(r[1]) == block(c[0]) {
                    r.swap(0, 1);
                } else if block(r[1]) == block(c[1]) {
                    c.swap(0, 1);
                    r.swap(0, 1);
                } else {
                    continue;
                }
                if r[0] == c[0] || r[0] == c[1] || r[1] == c[0] || r[1] == c[1] {
                    continue;
                }
                let cross = c[1] / 9 * 9 + r[1] % 9;
                if !g.has(cross, digit) {
                    continue;
                }
                let mut step = Step::new(Kind::TwoStringKite);
                step.values.push(digit);
                step.indices = vec![r[1], c[1], r[0], c[0]];
                step.deletions.push((cross, digit));
                return Some(step);
            }
        }
    }
    None
}

/// Empty rectangle: in a block, the digit's places lie in one row and one column of it
/// (at least two in one of them), off the 2×2 cells of the block outside both; a conjugate
/// pair from a place of that row outside the block, in its column, leads to a row whose
/// cell in the block's column loses the digit (and the same with rows and columns swapped).
pub fn empty_rectangle(g: &Grid) -> Option<Step> {
    // the four cells off the rectangle's row and column, relative to the block's corner,
    // and that row and column within the block, for each of the nine shapes
    const OFFSETS: [[u8; 4]; 9] = [
        [0, 1, 9, 10],
        [0, 2, 9, 11],
        [1, 2, 10, 11],
        [0, 1, 18, 19],
        [0, 2, 18, 20],
        [1, 2, 19, 20],
        [9, 10, 18, 19],
        [9, 11, 18, 20],
        [10, 11, 19, 20],
    ];
    const LINE: [u8; 9] = [2, 2, 2, 1, 1, 1, 0, 0, 0];
    const COL: [u8; 9] = [2, 1, 0, 2, 1, 0, 2, 1, 0];
    for digit in 1..=9u8 {
        for b in 0..9u8 {
            let f = g.free[18 + b as usize][digit as usize];
            if !(2..=5).contains(&f) {
                continue;
            }
            let corner = b / 3 * 27 + b % 3 * 3;
            let in_block: Vec<u8> = UNITS[18 + b as usize]
                .iter()
                .copied()
                .filter(|&c| g.has(c, digit))
                .collect();
            for k in 0..9 {
                if OFFSETS[k].iter().any(|&o| g.has(corner + o, digit)) {
                    continue;
                }
                let line = b / 3 * 3 + LINE[k];
                let col = b % 3 * 3 + COL[k];
                let in_line = in_block.iter().filter(|&&c| c / 9 == line).count();
                let in_col = in_block.iter().filter(|&&c| c % 9 == col).count();
                if !in_block.iter().any(|&c| c / 9 == line && c % 9 != col)
                    || !in_block.iter().any(|&c| c % 9 == col && c / 9 != line)
                {
                    continue;
                }
                if in_line < 2 && in_col < 2 {
                    continue;
                }
                let from_row = check_er(g, digit, b, &UNITS[line as usize], col, false);
                if from_row.is_some() {
                    return from_row;
                }
                let from_col = check_er(g, digit, b, &UNITS[9 + col as usize], line, true);
                if from_col.is_some() {
                    return from_col;
                }
            }
        }
    }
    None
}

/// An empty rectangle of block `b` along `cells` (its row, or column if `swapped`): a
/// place outside the block with a conjugate pair across; the pair's other end's line
/// loses the digit where it meets `first` (the block's column, or row).
fn check_er(g: &Grid, digit: u8, b: u8, cells: &[u8; 9], first: u8, swapped: bool) -> Option<Step> {
    let block = |c: u8| c / 27 * 3 + c % 9 / 3;
    let row: fn(u8) -> u8 = |c| c / 9;
    let col: fn(u8) -> u8 = |c| c % 9;
    let (along, across) = if swapped { (col, row) } else { (row, col) };
    for &index in cells {
        if g.values[index as usize] != 0 || block(index) == b || !g.has(index, digit) {
            continue;
        }
        let cross: Vec<u8> = (0..81u8)
            .filter(|&c| g.has(c, digit) && across(c) == across(index))
            .collect();
        if cross.len() != 2 {
            continue;
        }
        let index2 = if cross[0] == index {
            cross[1]
        } else {
            cross[0]
        };
        let del = (0..81u8).find(|&c| {
            g.has(c, digit) && along(c) == along(index2) && block(c) != b && across(c) == first
        });
        if let Some(del) = del {
            let mut step = Step::new(Kind::EmptyRectangle);
            step.values.push(digit);
            step.indices = vec![index, index2];
            step.deletions.push((del, digit));
            return Some(step);
        }
    }
    None
}

/// XY-wing (`xyz` false) or XYZ-wing: a pivot seeing two pincers; the digit the pincers
/// share leaves the cells seeing both (and the pivot, for XYZ).
pub fn wing(g: &Grid, xyz: bool) -> Option<Step> {
    let bi: Vec<u8> = (0..81u8).filter(|&c| g.count(c) == 2).collect();
    let tri: Vec<u8> = (0..81u8).filter(|&c| xyz && g.count(c) == 3).collect();
    let first = if xyz { &tri } else { &bi };
    let m = |c: u8| g.cells[c as usize];
    for (i, &a) in first.iter().enumerate() {
        for j in if xyz { 0 } else { i + 1 }..bi.len() {
            if (m(a) | m(bi[j])).count_ones() != 3 {
                continue;
            }
            for k in j + 1..bi.len() {
                let (b, c) = (bi[j], bi[k]);
                if (m(a) | m(b) | m(c)).count_ones() != 3
                    || m(a) == m(b)
                    || m(b) == m(c)
                    || m(c) == m(a)
                {
                    continue;
                }
                let tries: &[(u8, u8, u8)] = if xyz {
                    &[(a, b, c)]
                } else {
                    &[(a, b, c), (b, a, c), (c, b, a)]
                };
                for &(pivot, p1, p2) in tries {
                    if !sees(pivot, p1) || !sees(pivot, p2) {
                        continue;
                    }
                    let common = m(p1) & m(p2);
                    if common.count_ones() != 1 {
                        continue;
                    }
                    let z = common.trailing_zeros() as u8 + 1;
                    let of: Vec<u8> = if xyz {
                        vec![p1, p2, pivot]
                    } else {
                        vec![p1, p2]
                    };
                    let dels = seeing_all(g, z, &of);
                    if dels.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(if xyz { Kind::XyzWing } else { Kind::XyWing });
                    step.values = digits(m(pivot)).collect();
                    if !xyz {
                        step.values.push(z);
                    }
                    step.indices = vec![pivot, p1, p2];
                    step.deletions = dels.into_iter().map(|c| (c, z)).collect();
                    return Some(step);
                }
            }
        }
    }
    None
}

/// W-wing: two equal bivalue cells whose one digit is joined by a conjugate pair (each
/// end seeing one cell); the other digit leaves the cells seeing both.
pub fn w_wing(g: &Grid) -> Option<Step> {
    for i in 0..81u8 {
        if g.values[i as usize] != 0 || g.count(i) != 2 {
            continue;
        }
        let mask = g.cells[i as usize];
        let ds: Vec<u8> = digits(mask).collect();
        for j in i + 1..81u8 {
            if g.cells[j as usize] != mask {
                continue;
            }
            for (x, y) in [(ds[0], ds[1]), (ds[1], ds[0])] {
                let dels: Vec<u8> = BUDDIES[i as usize]
                    .iter()
                    .copied()
                    .filter(|&c| g.has(c, x) && sees(c, j))
                    .collect();
                if dels.is_empty() {
                    continue;
                }
                if w_link(g, y, i, j) {
                    let mut step = Step::new(Kind::WWing);
                    step.values = vec![x, y];
                    step.indices = vec![i, j];
                    step.deletions = dels.into_iter().map(|c| (c, x)).collect();
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Whether a house holds `digit` twice, one place seeing `a` and the other `b`.
fn w_link(g: &Grid, digit: u8, a: u8, b: u8) -> bool {
    (0..27u8).any(|h| {
        if g.free[h as usize][digit as usize] != 2 {
            return false;
        }
        let (mut sees_a, mut sees_b) = (false, false);
        for c in UNITS[h as usize] {
            if c != a && c != b && g.has(c, digit) {
                if sees(c, a) {
                    sees_a = true;
                } else if sees(c, b) {
                    sees_b = true;
                }
            }
            if sees_a && sees_b {
                break;
            }
        }
        sees_a && sees_b
    })
}
