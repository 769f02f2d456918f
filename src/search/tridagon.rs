//! The tridagon and the anti-tridagon OR-k relations ([`crate::proof::tridagon`], whose doc
//! states the pattern and what it concludes), found as CSP-Rules 2.1 finds them
//! (`SudoRules-V20.1/EXOTIC/Tridagons/`).
//!
//! For each rectangle of four blocks (two bands × two stacks: 9) and each three digits
//! (84): b11's cells take b11's band's three rows in order and its stack's columns in one
//! of 6 orders; b12's cells the same rows and one of 6 column orders; b21's cells b11's
//! columns and one of 6 row orders; b22's cells b21's rows and b12's columns in one of the
//! 3 odd orders. A cell joins only if it is open and holds at least two of the digits, so
//! most of the 9 × 84 × 648 arrangements stop at their first block; each pattern is met
//! once (b11's cells by row). Its guardians are its cells' other open candidates; then
//! - [`Wanted::Tridagon`]: every cell holds the three digits and the guardians are in one
//!   cell, the target: it loses the three digits (SudoRules' `tridagon[12]`, printed with
//!   the target's block as b11 and the target first);
//! - [`Wanted::OrK`]: any other complete or degenerate-cyclic pattern with k ≥ 1 guardians:
//!   the candidates linked to every guardian go (SudoRules' `ORk-anti-tridagon[12]` or
//!   `ORk-degen-cyclic-anti-tridagon[12]` with `ORk-whip[1]`), when there are any.
//!
//! A pattern without guardians would mean the state has no solution; it yields no proof.
//! The search is bounded by its enumeration: at most 9 × 84 × 648 arrangements a state,
//! about a millisecond.

use crate::graph::LinkIndex;
use crate::grid::{Candidate, Cell, Digit};
use crate::proof::tridagon::{TridagonForm, TridagonPattern};
use crate::proof::{Pattern, Proof};

/// Which conclusions of the pattern a search returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// SudoRules' `tridagon[12]`: complete, the guardians in one target cell.
    Tridagon,
    /// The OR-k relations' eliminations (complete with guardians in several cells, or
    /// degenerate-cyclic).
    OrK,
}

const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The odd permutations of three: b22's orientations that make the pattern impossible.
const ODD: [[usize; 3]; 3] = [[0, 2, 1], [1, 0, 2], [2, 1, 0]];

/// The open digits of each cell as a 9-bit mask (0 for a placed cell).
fn cell_masks(links: &LinkIndex) -> [u16; 81] {
    let mut masks = [0u16; 81];
    for c in links.open().iter() {
        masks[c.cell().index()] |= 1 << c.digit().index();
    }
    masks
}

/// Every tridagon proof of the kind wanted in the state.
pub fn find(links: &LinkIndex, wanted: Wanted) -> Vec<Proof> {
    relations(links)
        .into_iter()
        .filter_map(|p| proof_of(links, p, wanted))
        .collect()
}

/// Every tridagon of the state, complete or degenerate-cyclic, with its guardians (one or
/// more): SudoRules' OR-k relations, whether or not anything sees all their guardians.
/// Each once, b11 the first block by index and its cells by row.
pub fn relations(links: &LinkIndex) -> Vec<TridagonPattern> {
    let masks = cell_masks(links);
    let mut out = Vec::new();
    for (band1, band2) in [(0, 1), (0, 2), (1, 2)] {
        for (stack1, stack2) in [(0, 1), (0, 2), (1, 2)] {
            for triple in triples() {
                for blocks in arrangements(&masks, [band1, band2], [stack1, stack2], triple) {
                    out.extend(pattern_of(&masks, blocks, triple));
                }
            }
        }
    }
    out
}

/// Every tridagon of the state whose twelve cells each hold at least one of its digits
/// (complete, degenerate-cyclic or [`TridagonForm::Reduced`]) with 1 to `max_k`
/// guardians: the OR-k relations the chains of [`super::ork`] start from, SudoRules'
/// relations kept along a path re-derived from the state. Each once, as [`relations`].
/// The guardian bound prunes the enumeration (a partial arrangement with more guardians
/// stops).
pub fn relations_reduced(links: &LinkIndex, max_k: usize) -> Vec<TridagonPattern> {
    let masks = cell_masks(links);
    let mut out = Vec::new();
    for (band1, band2) in [(0, 1), (0, 2), (1, 2)] {
        for (stack1, stack2) in [(0, 1), (0, 2), (1, 2)] {
            for triple in triples() {
                let blocks =
                    arrangements_within(&masks, [band1, band2], [stack1, stack2], triple, max_k);
                for b in blocks {
                    let form = form_of(&masks, &b, triple.0).unwrap_or(TridagonForm::Reduced);
                    out.extend(pattern_in_form(&masks, b, triple, form));
                }
            }
        }
    }
    out
}

/// The arrangements of [`arrangements`] whose cells each hold at least one of the digits,
/// with at most `max_k` guardians in all.
fn arrangements_within(
    masks: &[u16; 81],
    bands: [usize; 2],
    stacks: [usize; 2],
    (tm, _): (u16, [Digit; 3]),
    max_k: usize,
) -> Vec<[[Cell; 3]; 4]> {
    let ok = |c: Cell| masks[c.index()] & tm != 0;
    let extra = |cells: &[Cell; 3]| -> usize {
        cells
            .iter()
            .map(|c| (masks[c.index()] & !tm).count_ones() as usize)
            .sum()
    };
    let rows1 = [0, 1, 2].map(|i| bands[0] * 3 + i);
    let rows2 = [0, 1, 2].map(|i| bands[1] * 3 + i);
    let cols1 = [0, 1, 2].map(|i| stacks[0] * 3 + i);
    let cols2 = [0, 1, 2].map(|i| stacks[1] * 3 + i);
    let mut out = Vec::new();
    for p11 in PERMUTATIONS {
        let b11 = [0, 1, 2].map(|i| Cell::at(rows1[i], cols1[p11[i]]));
        let g11 = extra(&b11);
        if !b11.iter().all(|&c| ok(c)) || g11 > max_k {
            continue;
        }
        for p12 in PERMUTATIONS {
            let b12 = [0, 1, 2].map(|i| Cell::at(rows1[i], cols2[p12[i]]));
            let g12 = g11 + extra(&b12);
            if !b12.iter().all(|&c| ok(c)) || g12 > max_k {
                continue;
            }
            for p21 in PERMUTATIONS {
                let b21 = [0, 1, 2].map(|i| Cell::at(rows2[p21[i]], cols1[p11[i]]));
                let g21 = g12 + extra(&b21);
                if !b21.iter().all(|&c| ok(c)) || g21 > max_k {
                    continue;
                }
                for sigma in ODD {
                    let b22 = [0, 1, 2].map(|i| Cell::at(b21[i].row(), b12[sigma[i]].col()));
                    if b22.iter().all(|&c| ok(c)) && g21 + extra(&b22) <= max_k {
                        out.push([b11, b12, b21, b22]);
                    }
                }
            }
        }
    }
    out
}

/// The 84 sets of three digits, as masks with their digits.
fn triples() -> impl Iterator<Item = (u16, [Digit; 3])> {
    (0..9).flat_map(|a| {
        (a + 1..9).flat_map(move |b| {
            (b + 1..9).map(move |c| {
                (
                    (1 << a) | (1 << b) | (1 << c),
                    [a, b, c].map(Digit::from_index),
                )
            })
        })
    })
}

/// Every arrangement of twelve cells in the odd orientation on the blocks of `bands` ×
/// `stacks` whose cells each hold at least two of the digits of `triple`.
fn arrangements(
    masks: &[u16; 81],
    bands: [usize; 2],
    stacks: [usize; 2],
    (tm, _): (u16, [Digit; 3]),
) -> Vec<[[Cell; 3]; 4]> {
    let ok = |c: Cell| (masks[c.index()] & tm).count_ones() >= 2;
    let rows1 = [0, 1, 2].map(|i| bands[0] * 3 + i);
    let rows2 = [0, 1, 2].map(|i| bands[1] * 3 + i);
    let cols1 = [0, 1, 2].map(|i| stacks[0] * 3 + i);
    let cols2 = [0, 1, 2].map(|i| stacks[1] * 3 + i);
    let mut out = Vec::new();
    for p11 in PERMUTATIONS {
        let b11 = [0, 1, 2].map(|i| Cell::at(rows1[i], cols1[p11[i]]));
        if !b11.iter().all(|&c| ok(c)) {
            continue;
        }
        for p12 in PERMUTATIONS {
            let b12 = [0, 1, 2].map(|i| Cell::at(rows1[i], cols2[p12[i]]));
            if !b12.iter().all(|&c| ok(c)) {
                continue;
            }
            for p21 in PERMUTATIONS {
                let b21 = [0, 1, 2].map(|i| Cell::at(rows2[p21[i]], cols1[p11[i]]));
                if !b21.iter().all(|&c| ok(c)) {
                    continue;
                }
                for sigma in ODD {
                    let b22 = [0, 1, 2].map(|i| Cell::at(b21[i].row(), b12[sigma[i]].col()));
                    if b22.iter().all(|&c| ok(c)) {
                        out.push([b11, b12, b21, b22]);
                    }
                }
            }
        }
    }
    out
}

/// The form of the twelve cells: complete, degenerate-cyclic, or neither.
fn form_of(masks: &[u16; 81], blocks: &[[Cell; 3]; 4], tm: u16) -> Option<TridagonForm> {
    if blocks.iter().flatten().all(|c| masks[c.index()] & tm == tm) {
        return Some(TridagonForm::Complete);
    }
    let two = |c: &Cell| (masks[c.index()] & tm).count_ones() >= 2;
    let cyclic = blocks.iter().flatten().all(two)
        && blocks.iter().all(|b| {
            (0..9)
                .filter(|d| tm >> d & 1 == 1)
                .all(|d| b.iter().filter(|c| masks[c.index()] >> d & 1 == 1).count() >= 2)
        });
    cyclic.then_some(TridagonForm::DegenerateCyclic)
}

/// The pattern on twelve arranged cells, when it has a form and guardians.
fn pattern_of(
    masks: &[u16; 81],
    blocks: [[Cell; 3]; 4],
    (tm, digits): (u16, [Digit; 3]),
) -> Option<TridagonPattern> {
    let form = form_of(masks, &blocks, tm)?;
    pattern_in_form(masks, blocks, (tm, digits), form)
}

/// The pattern on twelve arranged cells in `form`, when it has guardians.
fn pattern_in_form(
    masks: &[u16; 81],
    blocks: [[Cell; 3]; 4],
    (tm, digits): (u16, [Digit; 3]),
    form: TridagonForm,
) -> Option<TridagonPattern> {
    let guardians: Vec<Candidate> = {
        let mut g: Vec<Candidate> = blocks
            .iter()
            .flatten()
            .flat_map(|&c| {
                let extra = masks[c.index()] & !tm;
                (0..9)
                    .filter(move |d| extra >> d & 1 == 1)
                    .map(move |d| Candidate::new(c, Digit::from_index(d)))
            })
            .collect();
        g.sort();
        g
    };
    // no guardian: the state has no solution, not ours to conclude
    (!guardians.is_empty()).then_some(TridagonPattern {
        digits,
        blocks,
        guardians,
        form,
    })
}

/// The proof a pattern gives, of the kind wanted.
fn proof_of(links: &LinkIndex, mut p: TridagonPattern, wanted: Wanted) -> Option<Proof> {
    let tridagon = p.form == TridagonForm::Complete && p.target_cell().is_some();
    let eliminations = match (wanted, tridagon) {
        (Wanted::Tridagon, true) => {
            let target = p.target_cell()?;
            p.blocks = target_first(p.blocks, target);
            p.digits.map(|d| Candidate::new(target, d)).to_vec()
        }
        (Wanted::OrK, false) => {
            let mut seen = *links.open();
            for &g in &p.guardians {
                seen.intersect_with(links.linked(g));
            }
            seen.iter().collect()
        }
        _ => return None,
    };
    if eliminations.is_empty() {
        return None;
    }
    Some(Proof::new(
        Pattern::Tridagon(Box::new(p)),
        eliminations,
        vec![],
    ))
}

/// The pattern rearranged as SudoRules prints a `tridagon[12]`: the target's block as b11,
/// the target its first cell, the other two by row; the other blocks aligned on it.
fn target_first(blocks: [[Cell; 3]; 4], target: Cell) -> [[Cell; 3]; 4] {
    // blocks by (band, stack) bit: b11 = 0, b12 = 1, b21 = 2, b22 = 3
    let k = blocks
        .iter()
        .position(|b| b.contains(&target))
        .expect("the target is a pattern cell");
    let roles = [k, k ^ 1, k ^ 2, k ^ 3].map(|i| blocks[i]);
    let mut b11 = roles[0];
    b11.sort_by_key(|&c| (c != target, c.row()));
    let find = |block: [Cell; 3], same: &dyn Fn(Cell) -> bool| {
        *block
            .iter()
            .find(|&&c| same(c))
            .expect("the blocks are aligned")
    };
    let b12 = b11.map(|a| find(roles[1], &|c| c.row() == a.row()));
    let b21 = b11.map(|a| find(roles[2], &|c| c.col() == a.col()));
    let b22 = b21.map(|a| find(roles[3], &|c| c.row() == a.row()));
    [b11, b12, b21, b22]
}
