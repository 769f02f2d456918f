//! HoDoKu's simple steps ([hobiwan HoDoKu]'s `SimpleSolver`): full house, naked and hidden
//! singles (taken from the grid's queues), locked candidates, locked, naked and hidden
//! subsets, each found first in HoDoKu's scanning order.
//!
//! - Singles: a full house is a queued naked single alone in one of its houses; a naked
//!   single is the oldest queued one still open; a hidden single likewise from its queue.
//! - Locked candidates: type 1 (pointing) scans the blocks, digits ascending; type 2
//!   (claiming) the rows, then the columns.
//! - Naked subsets scan blocks, rows, columns; in each house the cells holding at most n
//!   candidates, combined in order. A naked pair or triple within a block and a line that
//!   removes candidates outside the block in the line and in the block is *locked*: the
//!   locked search finds only those (scanning blocks), the naked one skips them.
//! - Hidden subsets scan blocks, rows, columns; in each house the digits with at most n
//!   places, combined in order.

use super::grid::{bit, digits, Grid, CONSTRAINTS, UNITS};
use super::step::Step;
use super::table::Kind;

/// The first full house of the naked singles queue.
pub fn full_house(g: &Grid) -> Option<Step> {
    g.naked.pending().iter().find_map(|&(cell, digit)| {
        if g.values[cell as usize] != 0 {
            return None;
        }
        let alone = CONSTRAINTS[cell as usize]
            .iter()
            .any(|&house| (1..=9u8).all(|d| d == digit || g.free[house as usize][d as usize] == 0));
        alone.then(|| Step::placing(Kind::FullHouse, cell, digit))
    })
}

/// The oldest naked single still open (taking it and the stale entries before it off
/// the queue, as HoDoKu does).
pub fn naked_single(g: &mut Grid) -> Option<Step> {
    while let Some((cell, digit)) = g.naked.pop() {
        if g.values[cell as usize] == 0 {
            return Some(Step::placing(Kind::NakedSingle, cell, digit));
        }
    }
    None
}

/// The oldest hidden single still open.
pub fn hidden_single(g: &mut Grid) -> Option<Step> {
    while let Some((cell, digit)) = g.hidden.pop() {
        if g.values[cell as usize] == 0 {
            let valid = CONSTRAINTS[cell as usize]
                .iter()
                .any(|&h| g.free[h as usize][digit as usize] == 1);
            return valid.then(|| Step::placing(Kind::HiddenSingle, cell, digit));
        }
    }
    None
}

/// Blocks (house indices 18–26), rows (0–8), columns (9–17).
const BLOCKS_FIRST: [std::ops::Range<u8>; 3] = [18..27, 0..9, 9..18];

/// Locked candidates of type 1 (pointing: `claiming` false) or 2 (claiming).
pub fn locked_candidates(g: &Grid, claiming: bool) -> Option<Step> {
    let houses: Vec<u8> = if claiming {
        (0..18).collect()
    } else {
        (18..27).collect()
    };
    for house in houses {
        for digit in 1..=9u8 {
            let n = g.free[house as usize][digit as usize];
            if n != 2 && n != 3 {
                continue;
            }
            let cells: Vec<u8> = UNITS[house as usize]
                .iter()
                .copied()
                .filter(|&c| g.has(c, digit))
                .collect();
            let first = CONSTRAINTS[cells[0] as usize];
            let same = |k: usize| {
                cells
                    .iter()
                    .all(|&c| CONSTRAINTS[c as usize][k] == first[k])
            };
            let more = |h: u8| g.free[h as usize][digit as usize] > n;
            let target = if claiming {
                (same(2) && more(first[2])).then_some(first[2])
            } else if same(0) && more(first[0]) {
                Some(first[0])
            } else if same(1) && more(first[1]) {
                Some(first[1])
            } else {
                None
            };
            let Some(target) = target else { continue };
            let kind = if claiming {
                Kind::LockedCandidates2
            } else {
                Kind::LockedCandidates1
            };
            let mut step = Step::new(kind);
            step.values.push(digit);
            for c in UNITS[target as usize] {
                if !g.has(c, digit) {
                    continue;
                }
                if CONSTRAINTS[c as usize].contains(&house) {
                    step.indices.push(c);
                } else {
                    step.deletions.push((c, digit));
                }
            }
            return Some(step);
        }
    }
    None
}

/// Which subsets a naked search returns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Locked,
    Naked,
}

/// A naked subset of `size` cells: locked only (`locked`: blocks only, pairs and triples)
/// or naked only.
pub fn naked_subset(g: &Grid, size: usize, locked: bool) -> Option<Step> {
    let want = if locked { Want::Locked } else { Want::Naked };
    let scan: &[std::ops::Range<u8>] = if locked {
        &BLOCKS_FIRST[..1]
    } else {
        &BLOCKS_FIRST
    };
    for range in scan {
        for house in range.clone() {
            if let Some(s) = naked_in_house(g, house, size, want) {
                return Some(s);
            }
        }
    }
    None
}

/// The combinations of `k` of `n` positions, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            rec(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(0, n, k, &mut Vec::new(), &mut out);
    out
}

fn naked_in_house(g: &Grid, house: u8, size: usize, want: Want) -> Option<Step> {
    let cells: Vec<u8> = UNITS[house as usize]
        .iter()
        .copied()
        .filter(|&c| (1..=size as u32).contains(&g.count(c)))
        .collect();
    if cells.len() < size {
        return None;
    }
    for combo in combinations(cells.len(), size) {
        // HoDoKu prunes a prefix whose union already exceeds the size: the same subsets
        let union = combo
            .iter()
            .fold(0u16, |m, &i| m | g.cells[cells[i] as usize]);
        if union.count_ones() as usize != size {
            continue;
        }
        let chosen: Vec<u8> = combo.iter().map(|&i| cells[i]).collect();
        if let Some(step) = naked_step(g, &chosen, union) {
            let locked = step.kind == Kind::LockedPair || step.kind == Kind::LockedTriple;
            if locked == (want == Want::Locked) {
                return Some(step);
            }
        }
    }
    None
}

/// The naked subset `cells` of `digits`: its removals in every house the cells share
/// (row, column, block; cells in order, digits ascending), locked when it removes in a
/// block and a line both.
fn naked_step(g: &Grid, cells: &[u8], mask: u16) -> Option<Step> {
    let first = CONSTRAINTS[cells[0] as usize];
    let same: [bool; 3] = std::array::from_fn(|k| {
        cells
            .iter()
            .all(|&c| CONSTRAINTS[c as usize][k] == first[k])
    });
    let mut step = Step::new(match cells.len() {
        2 => Kind::NakedPair,
        3 => Kind::NakedTriple,
        _ => Kind::NakedQuadruple,
    });
    let mut found_in = 0;
    for k in 0..3 {
        if !same[k] {
            continue;
        }
        let mut found = false;
        for c in UNITS[first[k] as usize] {
            if cells.contains(&c) {
                continue;
            }
            for d in digits(g.cells[c as usize] & mask) {
                step.deletions.push((c, d));
                if !found && (k == 2 || CONSTRAINTS[c as usize][2] != first[2]) {
                    found = true;
                    found_in += 1;
                }
            }
        }
    }
    if step.deletions.is_empty() {
        return None;
    }
    let locked = cells.len() < 4 && found_in > 1 && same[2] && (same[0] || same[1]);
    if locked {
        step.kind = if cells.len() == 2 {
            Kind::LockedPair
        } else {
            Kind::LockedTriple
        };
    }
    step.indices = cells.to_vec();
    step.values = digits(mask).collect();
    Some(step)
}

/// A hidden subset of `size` digits.
pub fn hidden_subset(g: &Grid, size: usize) -> Option<Step> {
    BLOCKS_FIRST
        .iter()
        .flat_map(|r| r.clone())
        .find_map(|house| hidden_in_house(g, house, size))
}

fn hidden_in_house(g: &Grid, house: u8, size: usize) -> Option<Step> {
    let unit = UNITS[house as usize];
    let open = unit.iter().filter(|&&c| g.cells[c as usize] != 0).count();
    if open <= size {
        return None;
    }
    // each eligible digit's places in the house (bit j: the house's j-th cell)
    let eligible: Vec<(u8, u16)> = (1..=9u8)
        .filter(|&d| {
            let f = g.free[house as usize][d as usize] as usize;
            f != 0 && f <= size
        })
        .map(|d| {
            let places = (0..9)
                .filter(|&j| g.has(unit[j], d))
                .fold(0u16, |m, j| m | 1 << j);
            (d, places)
        })
        .collect();
    if eligible.len() < size {
        return None;
    }
    for combo in combinations(eligible.len(), size) {
        let places = combo.iter().fold(0u16, |m, &i| m | eligible[i].1);
        if places.count_ones() as usize != size {
            continue;
        }
        let mask = combo.iter().fold(0u16, |m, &i| m | bit(eligible[i].0));
        let cells: Vec<u8> = (0..9)
            .filter(|&j| places & 1 << j != 0)
            .map(|j| unit[j])
            .collect();
        let mut step = Step::new(match size {
            2 => Kind::HiddenPair,
            3 => Kind::HiddenTriple,
            _ => Kind::HiddenQuadruple,
        });
        for &c in &cells {
            for d in digits(g.cells[c as usize] & !mask) {
                step.deletions.push((c, d));
            }
        }
        if step.deletions.is_empty() {
            continue;
        }
        step.indices = cells;
        step.values = digits(mask).collect();
        return Some(step);
    }
    None
}
