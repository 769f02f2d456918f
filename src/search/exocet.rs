//! Junior Exocets ([`crate::proof::exocet`], whose doc states the pattern and its rules),
//! found by trying every base and every pair of targets.
//!
//! For each orientation (base in a mini-row or a mini-column), each of the 81 mini-line
//! pairs of empty cells holding 3 or 4 digits, and each of the 6 × 6 target pairs in the
//! band's other two boxes (empty, each holding a base digit): the companions must hold no
//! base digit, and each base digit's S cells must fit in at most two rows or columns (the
//! fewest are taken: none, one line, then pairs of the 9 lines meeting the S cells). A
//! pattern whose rules eliminate something becomes one proof.
//!
//! Bounds: 2 × 81 × 36 candidate patterns a state, each O(18 × 9) for its covers — no
//! budget needed; the search is exhaustive and returns every pattern with eliminations.

use crate::graph::LinkIndex;
use crate::grid::{Candidate, Cell, Digit, House, State};
use crate::proof::exocet::ExocetPattern;
use crate::proof::{Pattern, Proof};

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
                    let band = line / 3;
                    let spots = |s: usize| -> Vec<Cell> {
                        (band * 3..band * 3 + 3)
                            .filter(|&l| l != line)
                            .flat_map(|l| (s * 3..s * 3 + 3).map(move |p| at(l, p)))
                            .filter(|&c| {
                                state.value(c).is_none()
                                    && digits.iter().any(|&d| state.has(Candidate::new(c, d)))
                            })
                            .collect()
                    };
                    let others: Vec<usize> = (0..3).filter(|&s| s != stack).collect();
                    let free = at(line, stack * 3 + skip);
                    for &t1 in &spots(others[0]) {
                        for &t2 in &spots(others[1]) {
                            let targets = [t1, t2];
                            // the cross-lines: the free cell's, T1's and T2's
                            let cross = [free, t1, t2].map(|c| pos_of(rows, c));
                            let mut companions = Vec::new();
                            let mut s_cells = Vec::new();
                            for (k, &x) in cross.iter().enumerate() {
                                for l in 0..9 {
                                    let c = at(l, x);
                                    if l / 3 != band {
                                        s_cells.push(c);
                                    } else if k > 0 && l != line && !targets.contains(&c) {
                                        companions.push(c);
                                    }
                                }
                            }
                            let shape = Shape {
                                base,
                                targets,
                                companions,
                                s_cells,
                            };
                            if let Some(p) = pattern(&state, &shape, &digits) {
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

/// (position along its line) of a cell in orientation `rows`.
fn pos_of(rows: bool, c: Cell) -> usize {
    if rows {
        c.col()
    } else {
        c.row()
    }
}

/// A candidate pattern's cells.
struct Shape {
    base: [Cell; 2],
    targets: [Cell; 2],
    companions: Vec<Cell>,
    s_cells: Vec<Cell>,
}

/// The proof of one base and target pair, if it is a Junior Exocet with eliminations: the
/// target rule (non-base digits leave the targets), the base rule (a base digit in neither
/// target leaves the bases), the cover-line rule (a base digit whose S cells one line holds
/// leaves the bases).
fn pattern(state: &State, shape: &Shape, digits: &[Digit]) -> Option<Proof> {
    if shape
        .companions
        .iter()
        .any(|&c| digits.iter().any(|&d| holds(state, c, d)))
    {
        return None;
    }
    let mut covers = Vec::new();
    let mut elims: Vec<Candidate> = Vec::new();
    for &d in digits {
        let cells: Vec<Cell> = shape
            .s_cells
            .iter()
            .copied()
            .filter(|&c| holds(state, c, d))
            .collect();
        let lines = cover_lines(&cells)?;
        let in_targets = shape
            .targets
            .iter()
            .any(|&t| state.has(Candidate::new(t, d)));
        if lines.len() <= 1 || !in_targets {
            elims.extend(
                shape
                    .base
                    .iter()
                    .map(|&b| Candidate::new(b, d))
                    .filter(|&c| state.has(c)),
            );
        }
        covers.push((d, lines));
    }
    for &t in &shape.targets {
        elims.extend(
            Digit::all()
                .filter(|d| !digits.contains(d))
                .map(|d| Candidate::new(t, d))
                .filter(|&c| state.has(c)),
        );
    }
    if elims.is_empty() {
        return None;
    }
    elims.sort();
    let p = ExocetPattern {
        base: shape.base,
        targets: shape.targets,
        covers,
    };
    Some(Proof::new(Pattern::Exocet(Box::new(p)), elims, vec![]))
}
