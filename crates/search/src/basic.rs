//! The basic resolution rules of Berthier's L4_0 level: naked and hidden singles, basic
//! interactions (pointing and claiming), naked and hidden subsets, fish (the "super-hidden"
//! subsets: x-wing, swordfish, jellyfish), XY-wing and XYZ-wing.
//!
//! Example (Ocean #1 in [Berthier NRC]): `swordfish-in-columns n3{r7 r1 r6}{c2 c6 c7} ==> r7c9 <>
//! 3`.
//!
//! Every finder reads the state through [`LinkIndex`] (open candidates per CSP variable) and
//! returns every instance of its rule that eliminates or asserts something, in a fixed order
//! (houses rows, columns, blocks; cells and digits ascending).
//!
//! **Complexity**: subsets and fish of size n visit at most C(9, n) combinations per house or
//! per digit; wings visit pairs of bivalue cells around each pivot. All polynomial.

use super::grid_analysis::{
    combinations, elimination_candidates, locked_sets, pattern_of, GridView, Incidence, MaskView,
};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::singles;
use sudolink_engine::grid::{Candidate, Cell, Digit, House};
use sudolink_engine::proof::basic::LockedSubset;
use sudolink_engine::proof::{Pattern, Proof};

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

/// Houses in search order: blocks first for singles (as Berthier's paths favour them),
/// rows, columns, blocks elsewhere.
const SINGLE_HOUSE_ORDER: [usize; 27] = [
    18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    17,
];

/// Every instance of `rule` in the state.
pub fn find(rule: BasicRule, links: &LinkIndex) -> Vec<Proof> {
    find_in(rule, &MaskView::new(links))
}

/// [`find`] on the state's mask view (built once a state and shared by the rules tried
/// on it: `search::state_view`).
pub fn find_in(rule: BasicRule, view: &MaskView) -> Vec<Proof> {
    match rule {
        BasicRule::NakedSingle => naked_singles(view),
        BasicRule::HiddenSingle => hidden_singles(view),
        BasicRule::Interaction => interactions(view),
        BasicRule::NakedSubset(n) => naked_subsets(view, n),
        BasicRule::HiddenSubset(n) => hidden_subsets(view, n),
        BasicRule::Fish(n) => fish(view, n),
        BasicRule::XyWing => wings(view, false),
        BasicRule::XyzWing => wings(view, true),
    }
}

fn naked_singles(v: &MaskView) -> Vec<Proof> {
    bits(singles::naked_singles(&v.cell, 0))
        .map(|c| {
            let cell = Cell::new(c);
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
        for d in bits(singles::hidden_singles(&v.cell, 0, hi)) {
            let cell = house.cells()[v.places[hi][d].trailing_zeros() as usize];
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
    out
}

fn interactions(v: &MaskView) -> Vec<Proof> {
    let mut out = Vec::new();
    // a block's digit confined to one line (pointing), then a line's digit confined to one
    // block (claiming)
    let order = (18..27).chain(0..18);
    for hi in order {
        let house = House::from_index(hi);
        let cells = house.cells();
        for d in 0..9 {
            let places = v.places[hi][d];
            if places == 0 {
                continue;
            }
            let first = cells[places.trailing_zeros() as usize];
            let (intos, count) = match house {
                House::Block(_) => (
                    [
                        House::Row(first.row() as u8),
                        House::Column(first.col() as u8),
                    ],
                    2,
                ),
                _ => ([House::Block(first.block() as u8); 2], 1),
            };
            for &into in &intos[..count] {
                if !bits(places).all(|i| into.contains(cells[i])) {
                    continue;
                }
                let digit = Digit::from_index(d);
                let into_cells = into.cells();
                let elims: Vec<Candidate> = bits(v.places[into.index()][d])
                    .map(|i| into_cells[i])
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

/// Naked subsets, hidden subsets and fish of size `n`: the locked sets of one side of
/// Hanson's grid analysis, among lines with at least two candidates.
fn locked_sets_of(v: &MaskView, views: impl Iterator<Item = GridView>, n: usize) -> Vec<Proof> {
    let mut out = Vec::new();
    for view in views {
        let m = Incidence::of(v, view);
        locked_sets(&m, n, 2, |set| {
            let elims = elimination_candidates(view, &m, set);
            if !elims.is_empty() {
                out.push(Proof::new(pattern_of(view, set), elims, vec![]));
            }
        });
    }
    out
}

fn naked_subsets(v: &MaskView, n: usize) -> Vec<Proof> {
    locked_sets_of(v, House::all().map(GridView::CellsDigits), n)
}

fn hidden_subsets(v: &MaskView, n: usize) -> Vec<Proof> {
    locked_sets_of(v, House::all().map(GridView::DigitsCells), n)
}

/// Fish in rows for each digit, then fish in columns.
fn fish(v: &MaskView, n: usize) -> Vec<Proof> {
    let sides = [true, false]
        .into_iter()
        .flat_map(|rows| Digit::all().map(move |digit| GridView::Lines { digit, rows }));
    locked_sets_of(v, sides, n)
}

/// HoDoKu's locked pairs (`n` 2) or triples (3): `n` cells of a block, all in one row or
/// column, holding `n` digits between them, whose digits leave both the line outside the
/// block and the block (HoDoKu's "Locked Pair/Triple" needs both). Blocks in order, the
/// cells' combinations in cell order, as HoDoKu's subset search looks at blocks first.
///
/// **Complexity**: per block, C(k, n) combinations of its k cells holding at most `n`
/// digits (k ≤ 9): at most 84 mask unions per block.
pub fn locked_subsets(links: &LinkIndex, n: usize) -> Vec<Proof> {
    locked_subsets_in(&MaskView::new(links), n)
}

/// [`locked_subsets`] on the state's mask view.
pub fn locked_subsets_in(v: &MaskView, n: usize) -> Vec<Proof> {
    let mut out = Vec::new();
    for b in 0..9u8 {
        let block = House::Block(b);
        // the block's cells holding 1 to n digits, in order (in place, as every pick's)
        let (mut small, mut len) = ([0usize; 9], 0);
        for c in block.cells() {
            if (1..=n as u32).contains(&v.cell[c.index()].count_ones()) {
                small[len] = c.index();
                len += 1;
            }
        }
        combinations(&small[..len], n, |pick| {
            let mask = pick.iter().fold(0u16, |m, &i| m | v.cell[i]);
            if mask.count_ones() as usize != n {
                return;
            }
            let mut cells = [Cell::new(0); 9];
            for (slot, &i) in cells.iter_mut().zip(pick) {
                *slot = Cell::new(i);
            }
            if let Some(proof) = locked_subset_at(v, block, &cells[..pick.len()], mask) {
                out.push(proof);
            }
        });
    }
    out
}

/// The locked subset of `cells` (in `block`, holding the digits of `mask`), if they share a
/// line and clear both houses.
fn locked_subset_at(v: &MaskView, block: House, cells: &[Cell], mask: u16) -> Option<Proof> {
    let first = cells[0];
    let line = if cells.iter().all(|c| c.row() == first.row()) {
        House::Row(first.row() as u8)
    } else if cells.iter().all(|c| c.col() == first.col()) {
        House::Column(first.col() as u8)
    } else {
        return None;
    };
    let digits: Vec<Digit> = bits(mask).map(Digit::from_index).collect();
    let mut eliminations = Vec::new();
    let (mut in_line, mut in_block) = (false, false);
    for house in [block, line] {
        for c in house.cells() {
            let clear = v.cell[c.index()] & mask;
            if clear == 0 || cells.contains(&c) || (house == line && block.contains(c)) {
                continue;
            }
            in_block |= house == block;
            in_line |= house == line;
            eliminations.extend(bits(clear).map(|d| Candidate::new(c, Digit::from_index(d))));
        }
    }
    (in_line && in_block).then(|| {
        eliminations.sort();
        Proof::new(
            Pattern::LockedSubset(Box::new(LockedSubset {
                block,
                line,
                cells: cells.to_vec(),
                digits,
            })),
            eliminations,
            vec![],
        )
    })
}

fn wings(v: &MaskView, xyz: bool) -> Vec<Proof> {
    let mut out = Vec::new();
    let pivot_size = if xyz { 3 } else { 2 };
    let bivalue: Vec<Cell> = Cell::all()
        .filter(|c| v.cell[c.index()].count_ones() == 2)
        .collect();
    // the current pivot's wing cells, reused from pivot to pivot
    let mut wings: Vec<Cell> = Vec::new();
    for pivot in Cell::all().filter(|c| v.cell[c.index()].count_ones() == pivot_size) {
        let pm = v.cell[pivot.index()];
        wings.clear();
        wings.extend(
            bivalue
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
                }),
        );
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
                let seen_by = if xyz { &[a, b, pivot][..] } else { &[a, b][..] };
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
