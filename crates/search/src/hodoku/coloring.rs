//! HoDoKu's colouring ([hobiwan HoDoKu]'s `ColoringSolver`): for one digit, the clusters of its
//! conjugate pairs, each coloured in two colours from its first cell (depth first over the
//! row, column and block pairs). Simple colours: a colour with two cells seeing each other
//! is false (wrap); a cell seeing both colours loses the digit (trap). Multi colours: a
//! colour seeing both colours of another cluster is false (type 2); if a colour of one
//! cluster sees a colour of another, cells seeing both their partners lose the digit
//! (type 1). Digits ascending, clusters in order; the first step found.

use super::grid::{sees, Grid, BUDDIES, CONSTRAINTS, UNITS};
use super::step::Step;
use super::table::Kind;

/// A cluster's two colours, cells ascending.
type Pair = (Vec<u8>, Vec<u8>);

fn cells_of(set: u128) -> Vec<u8> {
    (0..81u8).filter(|&c| set & 1u128 << c != 0).collect()
}

/// The clusters of `digit` with both colours non-empty, in HoDoKu's order.
fn clusters(g: &Grid, digit: u8) -> Vec<Pair> {
    let d = digit as usize;
    let mut start: u128 = 0;
    for c in 0..81u8 {
        if g.has(c, digit)
            && CONSTRAINTS[c as usize]
                .iter()
                .any(|&h| g.free[h as usize][d] == 2)
        {
            start |= 1u128 << c;
        }
    }
    let mut out = Vec::new();
    while start != 0 {
        let first = start.trailing_zeros() as u8;
        let (mut on, mut off) = (0u128, 0u128);
        colour(g, digit, first, true, &mut start, &mut on, &mut off);
        if on != 0 && off != 0 {
            out.push((cells_of(on), cells_of(off)));
        }
    }
    out
}

fn colour(g: &Grid, digit: u8, cell: u8, on: bool, start: &mut u128, c1: &mut u128, c2: &mut u128) {
    if *start & 1u128 << cell == 0 {
        return;
    }
    if on {
        *c1 |= 1u128 << cell;
    } else {
        *c2 |= 1u128 << cell;
    }
    *start &= !(1u128 << cell);
    for h in CONSTRAINTS[cell as usize] {
        if g.free[h as usize][digit as usize] != 2 {
            continue;
        }
        let mut it = UNITS[h as usize]
            .iter()
            .copied()
            .filter(|&c| g.has(c, digit));
        let a = it.next().expect("two");
        let b = it.next().expect("two");
        let other = if a == cell { b } else { a };
        colour(g, digit, other, !on, start, c1, c2);
    }
}

/// Two cells of `set` see each other.
fn wraps(set: &[u8]) -> bool {
    set.iter()
        .enumerate()
        .any(|(i, &a)| set[i + 1..].iter().any(|&b| sees(a, b)))
}

/// The digit's cells seeing a cell of `a` and a cell of `b`, added to `step`.
fn trap(g: &Grid, digit: u8, a: &[u8], b: &[u8], step: &mut Step) {
    let mut del = 0u128;
    for &x in a {
        for &y in b {
            for &c in &BUDDIES[x as usize] {
                if sees(c, y) && g.has(c, digit) {
                    del |= 1u128 << c;
                }
            }
        }
    }
    step.deletions
        .extend(cells_of(del).into_iter().map(|c| (c, digit)));
}

/// The first simple colours step.
pub fn simple_colors(g: &Grid) -> Option<Step> {
    for digit in 1..=9u8 {
        for (s1, s2) in clusters(g, digit) {
            let mut wrap = Step::new(Kind::SimpleColorsWrap);
            for set in [&s1, &s2] {
                if wraps(set) {
                    wrap.deletions.extend(set.iter().map(|&c| (c, digit)));
                }
            }
            if !wrap.deletions.is_empty() {
                wrap.values.push(digit);
                return Some(wrap);
            }
            let mut step = Step::new(Kind::SimpleColorsTrap);
            trap(g, digit, &s1, &s2, &mut step);
            if !step.deletions.is_empty() {
                step.values.push(digit);
                return Some(step);
            }
        }
    }
    None
}

/// Some cell of `set` sees `a` and some sees `b`.
fn sees_both(set: &[u8], a: &[u8], b: &[u8]) -> bool {
    let (mut sa, mut sb) = (false, false);
    for &x in set {
        sa |= a.iter().any(|&y| sees(x, y));
        sb |= b.iter().any(|&y| sees(x, y));
        if sa && sb {
            return true;
        }
    }
    false
}

fn any_sees(a: &[u8], b: &[u8]) -> bool {
    a.iter().any(|&x| b.iter().any(|&y| sees(x, y)))
}

/// The first multi colours step.
pub fn multi_colors(g: &Grid) -> Option<Step> {
    for digit in 1..=9u8 {
        let cl = clusters(g, digit);
        for i in 0..cl.len() {
            for j in 0..cl.len() {
                if i == j {
                    continue;
                }
                let ((s11, s12), (s21, s22)) = (&cl[i], &cl[j]);
                let mut two = Step::new(Kind::MultiColors2);
                for set in [s11, s12] {
                    if sees_both(set, s21, s22) {
                        two.deletions.extend(set.iter().map(|&c| (c, digit)));
                    }
                }
                if !two.deletions.is_empty() {
                    two.values.push(digit);
                    return Some(two);
                }
                let mut one = Step::new(Kind::MultiColors1);
                for (a, b, x, y) in [
                    (s11, s21, s12, s22),
                    (s11, s22, s12, s21),
                    (s12, s21, s11, s22),
                    (s12, s22, s11, s21),
                ] {
                    if any_sees(a, b) {
                        trap(g, digit, x, y, &mut one);
                    }
                }
                if !one.deletions.is_empty() {
                    one.values.push(digit);
                    return Some(one);
                }
            }
        }
    }
    None
}
