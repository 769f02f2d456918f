//! Junior and Senior Exocets ([`sudolink_engine::proof::exocet`], whose doc states the patterns and
//! their rules), found by trying every base and every pair of targets.
//!
//! For each orientation (base in a mini-row or a mini-column), each of the 81 mini-line
//! pairs of empty cells holding 3 or 4 digits, and each pair of possible targets (empty, off
//! the base line, outside the base box's stack, holding a base digit) that the kind allows
//! ([`geometry`]: for a Junior one in each other box of the band, 6 × 6 pairs; for a Senior
//! one at least outside the band, at most 15 column pairs × 60 row pairs): the companions
//! must hold no base digit, and each base digit's S cells must fit in at most two rows or
//! columns (the fewest are taken: none, one line, then pairs of the lines through two of
//! the S cells). Then what each target may hold (a base digit with two cover lines, neither
//! its own cross-line, and for a Junior held in its mirror node), the base digits no target
//! may hold, the mirror cells and, with two base digits left, the cells seeing both base
//! cells or both targets give the eliminations; a pattern with some becomes one proof.
//!
//! Bounds: 2 × 81 × 36 (Junior) or 2 × 81 × 900 (Senior) candidate patterns a state, each
//! O(22 × 4) for its covers, plus O(81) for the two-digit rule's cells — no budget needed; the search is exhaustive and returns every
//! pattern with eliminations.

use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, Cell, Digit, House, State};
use sudolink_engine::proof::exocet::{geometry, ExocetKind, ExocetPattern, Geometry};
use sudolink_engine::proof::{Pattern, Proof};

/// Whether `cell` holds `d` in `state`: a candidate or its placed digit.
fn holds(state: &State, cell: Cell, d: Digit) -> bool {
    state.value(cell) == Some(d) || state.has(Candidate::new(cell, d))
}

/// The fewest rows or columns (at most two) holding every one of `cells`.
fn cover_lines(cells: &[Cell]) -> Option<Vec<House>> {
    let Some(&first) = cells.first() else {
        return Some(Vec::new());
    };
    let lines_of = |c: Cell| [House::Row(c.row() as u8), House::Column(c.col() as u8)];
    for h in lines_of(first) {
        if cells.iter().all(|&c| h.contains(c)) {
            return Some(vec![h]);
        }
    }
    // a pair: one line through the first cell, the other through the first cell it misses
    for h in lines_of(first) {
        let Some(&miss) = cells.iter().find(|&&c| !h.contains(c)) else {
            continue;
        };
        for k in lines_of(miss) {
            if cells.iter().all(|&c| h.contains(c) || k.contains(c)) {
                return Some(vec![h, k]);
            }
        }
    }
    None
}

/// Every Junior Exocet of the state with eliminations.
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    find_kind(links, ExocetKind::Junior)
}

/// Every Senior Exocet of the state with eliminations.
pub fn find_senior(links: &LinkIndex) -> Vec<Proof> {
    find_kind(links, ExocetKind::Senior)
}

/// Every Exocet of `kind` with eliminations: each base, each pair of targets the kind
/// allows (empty, holding a base digit), the shape from [`geometry`].
pub fn find_kind(links: &LinkIndex, kind: ExocetKind) -> Vec<Proof> {
    let Some(state) = links.state() else {
        return Vec::new();
    };
    let mut out: Vec<Proof> = Vec::new();
    for rows in [true, false] {
        let at = |line: usize, pos: usize| {
            if rows {
                Cell::at(line, pos)
            } else {
                Cell::at(pos, line)
            }
        };
        for line in 0..9 {
            for stack in 0..3 {
                for skip in 0..3 {
                    let ps: Vec<usize> = (stack * 3..stack * 3 + 3)
                        .filter(|&p| p != stack * 3 + skip)
                        .collect();
                    let base = [at(line, ps[0]), at(line, ps[1])];
                    if base.iter().any(|&b| state.value(b).is_some()) {
                        continue;
                    }
                    let digits: Vec<Digit> = Digit::all()
                        .filter(|&d| base.iter().any(|&b| state.has(Candidate::new(b, d))))
                        .collect();
                    if !(3..=4).contains(&digits.len()) {
                        continue;
                    }
                    // the possible targets: empty cells off the base line and outside the
                    // base box's stack, holding a base digit
                    let spots: Vec<Cell> = (0..9)
                        .filter(|&l| l != line)
                        .flat_map(|l| (0..9).filter(|p| p / 3 != stack).map(move |p| (l, p)))
                        .map(|(l, p)| at(l, p))
                        .filter(|&c| {
                            state.value(c).is_none()
                                && digits.iter().any(|&d| state.has(Candidate::new(c, d)))
                        })
                        .collect();
                    for (i, &t1) in spots.iter().enumerate() {
                        for &t2 in &spots[i + 1..] {
                            // T1 on the lower cross-line
                            let targets = if pos_of(rows, t1) <= pos_of(rows, t2) {
                                [t1, t2]
                            } else {
                                [t2, t1]
                            };
                            let Some(g) = geometry(base, targets, kind) else {
                                continue;
                            };
                            if let Some(p) = pattern(&state, base, targets, &g, &digits, kind) {
                                out.push(p);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// The proof of one base and target pair, if it is an Exocet with eliminations, by the
/// rules [`sudolink_engine::proof::exocet`] states: what each target may hold (a base digit with two
/// cover lines, neither its own cross-line, and for a Junior in its mirror node), then the
/// base digits no target may hold, the mirror cells' and the two-digit rules.
fn pattern(
    state: &State,
    base: [Cell; 2],
    targets: [Cell; 2],
    g: &Geometry,
    digits: &[Digit],
    kind: ExocetKind,
) -> Option<Proof> {
    if g.companions
        .iter()
        .any(|&c| digits.iter().any(|&d| holds(state, c, d)))
    {
        return None;
    }
    let mut covers = Vec::new();
    for &d in digits {
        let cells: Vec<Cell> = g
            .s_cells
            .iter()
            .copied()
            .filter(|&c| holds(state, c, d))
            .collect();
        covers.push((d, cover_lines(&cells)?));
    }
    let mirrors =
        (kind == ExocetKind::Junior).then(|| [mirror(g, targets, 0), mirror(g, targets, 1)]);
    let cross_line = |t: Cell| {
        if g.rows {
            House::Column(t.col() as u8)
        } else {
            House::Row(t.row() as u8)
        }
    };
    // may[i]: the digits target i may hold
    let may: [Vec<Digit>; 2] = std::array::from_fn(|i| {
        covers
            .iter()
            .filter(|(d, lines)| {
                lines.len() == 2
                    && !lines.contains(&cross_line(targets[i]))
                    && state.has(Candidate::new(targets[i], *d))
                    && mirrors.is_none_or(|m| m[i].iter().any(|&c| holds(state, c, *d)))
            })
            .map(|(d, _)| *d)
            .collect()
    });
    let left: Vec<Digit> = digits
        .iter()
        .copied()
        .filter(|d| may.iter().any(|m| m.contains(d)))
        .collect();
    let mut elims: Vec<Candidate> = Vec::new();
    let mut drop = |cell: Cell, keep: &dyn Fn(Digit) -> bool| {
        elims.extend(
            Digit::all()
                .filter(|&d| !keep(d))
                .map(|d| Candidate::new(cell, d))
                .filter(|&c| state.has(c)),
        );
    };
    for (i, &t) in targets.iter().enumerate() {
        drop(t, &|d| may[i].contains(&d));
    }
    for &b in &base {
        drop(b, &|d| left.contains(&d));
    }
    if let Some(m) = mirrors {
        for (i, node) in m.iter().enumerate() {
            for k in 0..2 {
                if !digits.iter().any(|&d| holds(state, node[k], d)) {
                    drop(node[1 - k], &|d| may[i].contains(&d));
                }
            }
        }
    }
    if left.len() == 2 {
        for c in (0..81).map(Cell::new) {
            let both = |pair: &[Cell; 2]| pair.iter().all(|&x| c.sees(x));
            if !base.contains(&c) && !targets.contains(&c) && (both(&base) || both(&targets)) {
                drop(c, &|d| !left.contains(&d));
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    elims.sort();
    elims.dedup();
    let p = ExocetPattern {
        base,
        targets,
        covers,
        kind,
    };
    Some(Proof::new(Pattern::Exocet(Box::new(p)), elims, vec![]))
}

/// A Junior's mirror node of target `i`: the other target's box's cells on the band's line
/// that is neither the base line nor target `i`'s, off the other target's cross-line.
fn mirror(g: &Geometry, targets: [Cell; 2], i: usize) -> [Cell; 2] {
    let line_of = |c: Cell| if g.rows { c.row() } else { c.col() };
    let other = pos_of(g.rows, targets[1 - i]);
    let band = g.line / 3 * 3;
    let third = (band..band + 3)
        .find(|&l| l != g.line && l != line_of(targets[i]))
        .expect("a band has three lines");
    let stack = other / 3 * 3;
    let mut cells = (stack..stack + 3).filter(|&q| q != other).map(|q| {
        if g.rows {
            Cell::at(third, q)
        } else {
            Cell::at(q, third)
        }
    });
    [cells.next().unwrap(), cells.next().unwrap()]
}

/// The position of a cell along its line in orientation `rows` (its column when the base is
/// in a row).
fn pos_of(rows: bool, c: Cell) -> usize {
    if rows {
        c.col()
    } else {
        c.row()
    }
}
