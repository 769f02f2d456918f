//! The basic resolution rules of the seeds' L4_0 level: naked and hidden singles, basic
//! interactions (pointing and claiming), naked and hidden subsets, fish (the "super-hidden"
//! subsets: x-wing, swordfish, jellyfish), XY-wing and XYZ-wing.
//!
//! Example (Ocean #1 in seed 000): `swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> r7c9 <> 3`.
//!
//! Every finder reads the state through [`LinkIndex`] (open candidates per CSP variable) and
//! returns every instance of its rule that eliminates or asserts something, in a fixed order
//! (houses rows, columns, blocks; cells and digits ascending).
//!
//! **Complexity**: subsets and fish of size n visit at most C(9, n) combinations per house or
//! per digit; wings visit pairs of bivalue cells around each pivot. All polynomial.

use crate::graph::LinkIndex;
use crate::grid::{Candidate, Cell, CspVariable, Digit, House};
use crate::proof::{Pattern, Proof};

/// One basic rule (with its size for subsets and fish).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BasicRule {
    NakedSingle,
    HiddenSingle,
    Interaction,
    NakedSubset(usize),
    HiddenSubset(usize),
    Fish(usize),
    XyWing,
    XyzWing,
}

/// Houses in search order: blocks first for singles (as the seeds' paths favour them),
/// rows, columns, blocks elsewhere.
const SINGLE_HOUSE_ORDER: [usize; 27] = [
    18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    17,
];

/// A per-house, per-digit mask view of the index, built once per call.
struct MaskView {
    /// Open digits of each cell (bit d-1); 0 for placed cells.
    cell: [u16; 81],
    /// For each house and digit: the positions (0..9 within the house) where the digit is open.
    places: [[u16; 9]; 27],
    /// For each house: the digits already placed in it.
    placed: [u16; 27],
}

impl MaskView {
    fn new(links: &LinkIndex) -> MaskView {
        let mut v = MaskView {
            cell: [0; 81],
            places: [[0; 9]; 27],
            placed: [0; 27],
        };
        for c in links.open().iter() {
            v.cell[c.cell().index()] |= 1 << c.digit().index();
        }
        for h in House::all() {
            for (pos, cell) in h.cells().iter().enumerate() {
                let m = v.cell[cell.index()];
                for d in 0..9 {
                    if m >> d & 1 == 1 {
                        v.places[h.index()][d] |= 1 << pos;
                    }
                }
            }
            for d in Digit::all() {
                let var = match h {
                    House::Row(r) => CspVariable::Rn(r, d),
                    House::Column(c) => CspVariable::Cn(c, d),
                    House::Block(b) => CspVariable::Bn(b, d),
                };
                if links.is_decided(var) {
                    v.placed[h.index()] |= 1 << d.index();
                }
            }
        }
        v
    }
}

fn bits(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |i| mask >> i & 1 == 1)
}

fn digits_of(mask: u16) -> Vec<Digit> {
    bits(mask).map(Digit::from_index).collect()
}

/// All k-subsets of `items`, in lexicographic order.
fn combinations(items: &[usize], k: usize, mut f: impl FnMut(&[usize])) {
    fn rec(
        items: &[usize],
        k: usize,
        start: usize,
        cur: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]),
    ) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..items.len() {
            if items.len() - i < k - cur.len() {
                break;
            }
            cur.push(items[i]);
            rec(items, k, i + 1, cur, f);
            cur.pop();
        }
    }
    rec(items, k, 0, &mut Vec::with_capacity(k), &mut f);
}

/// Every instance of `rule` in the state.
pub fn find(rule: BasicRule, links: &LinkIndex) -> Vec<Proof> {
    let view = MaskView::new(links);
    match rule {
        BasicRule::NakedSingle => naked_singles(&view),
        BasicRule::HiddenSingle => hidden_singles(&view),
        BasicRule::Interaction => interactions(&view),
        BasicRule::NakedSubset(n) => naked_subsets(&view, n),
        BasicRule::HiddenSubset(n) => hidden_subsets(&view, n),
        BasicRule::Fish(n) => fish(&view, n),
        BasicRule::XyWing => wings(&view, false),
        BasicRule::XyzWing => wings(&view, true),
    }
}

fn naked_singles(v: &MaskView) -> Vec<Proof> {
    Cell::all()
        .filter(|c| v.cell[c.index()].count_ones() == 1)
        .map(|cell| {
            let digit = Digit::from_index(v.cell[cell.index()].trailing_zeros() as usize);
            Proof::new(
                Pattern::NakedSingle { cell, digit },
                vec![],
                vec![Candidate::new(cell, digit)],
            )
        })
        .collect()
}

fn hidden_singles(v: &MaskView) -> Vec<Proof> {
    let mut out = Vec::new();
    let mut seen = [false; 729];
    for &hi in &SINGLE_HOUSE_ORDER {
        let house = House::from_index(hi);
        for d in 0..9 {
            let p = v.places[hi][d];
            if p.count_ones() == 1 {
                let cell = house.cells()[p.trailing_zeros() as usize];
                let digit = Digit::from_index(d);
                let cand = Candidate::new(cell, digit);
                // a naked single is not a hidden single; report each placement once
                if v.cell[cell.index()].count_ones() > 1 && !seen[cand.index()] {
                    seen[cand.index()] = true;
                    out.push(Proof::new(
                        Pattern::HiddenSingle { house, digit, cell },
                        vec![],
                        vec![cand],
                    ));
                }
            }
        }
    }
    out
}

fn house_digit_cells(house: House, places: u16) -> Vec<Cell> {
    bits(places).map(|i| house.cells()[i]).collect()
}

fn interactions(v: &MaskView) -> Vec<Proof> {
    let mut out = Vec::new();
    // a block's digit confined to one line (pointing), then a line's digit confined to one
    // block (claiming)
    let order = (18..27).chain(0..18);
    for hi in order {
        let house = House::from_index(hi);
        for d in 0..9 {
            let places = v.places[hi][d];
            if places == 0 {
                continue;
            }
            let cells = house_digit_cells(house, places);
            let candidates_into: Vec<House> = match house {
                House::Block(_) => vec![
                    House::Row(cells[0].row() as u8),
                    House::Column(cells[0].col() as u8),
                ],
                _ => vec![House::Block(cells[0].block() as u8)],
            };
            for into in candidates_into {
                if !cells.iter().all(|c| into.contains(*c)) {
                    continue;
                }
                let digit = Digit::from_index(d);
                let elims: Vec<Candidate> = house_digit_cells(into, v.places[into.index()][d])
                    .into_iter()
                    .filter(|c| !house.contains(*c))
                    .map(|c| Candidate::new(c, digit))
                    .collect();
                if !elims.is_empty() {
                    out.push(Proof::new(
                        Pattern::Interaction { digit, house, into },
                        elims,
                        vec![],
                    ));
                }
            }
        }
    }
    out
}

fn naked_subsets(v: &MaskView, n: usize) -> Vec<Proof> {
    let mut out = Vec::new();
    for house in House::all() {
        let cells = house.cells();
        let eligible: Vec<usize> = (0..9)
            .filter(|&i| {
                let k = v.cell[cells[i].index()].count_ones() as usize;
                k >= 2 && k <= n
            })
            .collect();
        combinations(&eligible, n, |combo| {
            let union = combo
                .iter()
                .fold(0u16, |m, &i| m | v.cell[cells[i].index()]);
            if union.count_ones() as usize != n {
                return;
            }
            let elims: Vec<Candidate> = (0..9)
                .filter(|i| !combo.contains(i))
                .flat_map(|i| {
                    let cell = cells[i];
                    bits(v.cell[cell.index()] & union)
                        .map(move |d| Candidate::new(cell, Digit::from_index(d)))
                })
                .collect();
            if !elims.is_empty() {
                out.push(Proof::new(
                    Pattern::NakedSubset {
                        house,
                        cells: combo.iter().map(|&i| cells[i]).collect(),
                        digits: digits_of(union),
                    },
                    sorted(elims),
                    vec![],
                ));
            }
        });
    }
    out
}

fn hidden_subsets(v: &MaskView, n: usize) -> Vec<Proof> {
    let mut out = Vec::new();
    for house in House::all() {
        let hi = house.index();
        let cells = house.cells();
        let eligible: Vec<usize> = (0..9)
            .filter(|&d| {
                let k = v.places[hi][d].count_ones() as usize;
                v.placed[hi] >> d & 1 == 0 && k >= 2 && k <= n
            })
            .collect();
        combinations(&eligible, n, |combo| {
            let union = combo.iter().fold(0u16, |m, &d| m | v.places[hi][d]);
            if union.count_ones() as usize != n {
                return;
            }
            let digit_mask = combo.iter().fold(0u16, |m, &d| m | 1 << d);
            let elims: Vec<Candidate> = bits(union)
                .flat_map(|i| {
                    let cell = cells[i];
                    bits(v.cell[cell.index()] & !digit_mask)
                        .map(move |d| Candidate::new(cell, Digit::from_index(d)))
                })
                .collect();
            if !elims.is_empty() {
                out.push(Proof::new(
                    Pattern::HiddenSubset {
                        house,
                        digits: digits_of(digit_mask),
                        cells: bits(union).map(|i| cells[i]).collect(),
                    },
                    sorted(elims),
                    vec![],
                ));
            }
        });
    }
    out
}

/// A line (row or column) from its 0-based index.
type LineOf = fn(usize) -> House;

fn fish(v: &MaskView, n: usize) -> Vec<Proof> {
    let mut out = Vec::new();
    for rows_as_base in [true, false] {
        let (base_of, cover_of): (LineOf, LineOf) = if rows_as_base {
            (|i| House::Row(i as u8), |i| House::Column(i as u8))
        } else {
            (|i| House::Column(i as u8), |i| House::Row(i as u8))
        };
        for d in 0..9 {
            let eligible: Vec<usize> = (0..9)
                .filter(|&i| {
                    let h = base_of(i).index();
                    let k = v.places[h][d].count_ones() as usize;
                    v.placed[h] >> d & 1 == 0 && k >= 2 && k <= n
                })
                .collect();
            combinations(&eligible, n, |combo| {
                let union = combo
                    .iter()
                    .fold(0u16, |m, &i| m | v.places[base_of(i).index()][d]);
                if union.count_ones() as usize != n {
                    return;
                }
                let digit = Digit::from_index(d);
                let elims: Vec<Candidate> = bits(union)
                    .flat_map(|j| {
                        let cover = cover_of(j);
                        bits(
                            v.places[cover.index()][d]
                                & !combo.iter().fold(0u16, |m, &i| m | 1 << i),
                        )
                        .map(move |k| Candidate::new(cover.cells()[k], digit))
                    })
                    .collect();
                if !elims.is_empty() {
                    out.push(Proof::new(
                        Pattern::Fish {
                            digit,
                            base: combo.iter().map(|&i| base_of(i)).collect(),
                            cover: bits(union).map(cover_of).collect(),
                        },
                        sorted(elims),
                        vec![],
                    ));
                }
            });
        }
    }
    out
}

fn wings(v: &MaskView, xyz: bool) -> Vec<Proof> {
    let mut out = Vec::new();
    let pivot_size = if xyz { 3 } else { 2 };
    let bivalue: Vec<Cell> = Cell::all()
        .filter(|c| v.cell[c.index()].count_ones() == 2)
        .collect();
    for pivot in Cell::all().filter(|c| v.cell[c.index()].count_ones() == pivot_size) {
        let pm = v.cell[pivot.index()];
        let wings: Vec<Cell> = bivalue
            .iter()
            .copied()
            .filter(|&c| c.sees(pivot))
            .filter(|&c| {
                let m = v.cell[c.index()];
                if xyz {
                    m & pm == m
                } else {
                    (m & pm).count_ones() == 1
                }
            })
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (v.cell[a.index()], v.cell[b.index()]);
                if ma == mb {
                    continue;
                }
                let zmask = ma & mb;
                if zmask.count_ones() != 1 {
                    continue;
                }
                let shape_ok = if xyz {
                    ma | mb == pm
                } else {
                    zmask & pm == 0 && (ma | mb) & !zmask == pm
                };
                if !shape_ok {
                    continue;
                }
                let z = Digit::from_index(zmask.trailing_zeros() as usize);
                let mut seen_by: Vec<Cell> = vec![a, b];
                if xyz {
                    seen_by.push(pivot);
                }
                let elims: Vec<Candidate> = Cell::all()
                    .filter(|t| v.cell[t.index()] & zmask != 0)
                    .filter(|t| seen_by.iter().all(|s| s.sees(*t)))
                    .map(|t| Candidate::new(t, z))
                    .collect();
                if !elims.is_empty() {
                    let pattern = if xyz {
                        Pattern::XyzWing {
                            pivot,
                            pincers: [a, b],
                            z,
                        }
                    } else {
                        Pattern::XyWing {
                            pivot,
                            pincers: [a, b],
                            z,
                        }
                    };
                    out.push(Proof::new(pattern, elims, vec![]));
                }
            }
        }
    }
    out
}

fn sorted(mut v: Vec<Candidate>) -> Vec<Candidate> {
    v.sort();
    v.dedup();
    v
}
