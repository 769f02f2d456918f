//! eleven's impossible patterns of Berthier's Select lists ([`crate::proof::imp630`],
//! whose doc states the patterns, how SudoRules matches them and what they conclude), found
//! as CSP-Rules 2.1's generated rules find them (`SudoRules-V20.1/EXOTIC/Imp630/`).
//!
//! Example (#4982 of mith's T&E(3) list, after the basic rules; SudoRules' notation):
//!
//! ```text
//! EL14c1-OR3-relation for digits: 2, 4 and 8
//! ```
//!
//! - [`relations`]: every match of the list's patterns (each with its transpose) whose
//!   cells each hold at least `min_digits` of three digits (3: SudoRules' rule; 1: the
//!   relation kept as the cells lose digits, [`ImpForm::Reduced`]) with 1 to `max_k`
//!   guardians, each cell set and digits once (the first pattern of the list that gives
//!   it);
//! - [`find`]: the relations' own eliminations (SudoRules' ORk-whip[1] on the relation;
//!   with one guardian, its cell's other candidates and what sees it), on the relations of
//!   at most [`MAX_GUARDIANS`] guardians (SudoRules' `?*max-guardians*`).
//!
//! **How**: for each three digits (84) with enough cells holding them, a backtracking over
//! the pattern's cells in an order where each cell shares a row or a column with an
//! earlier one; a cell fixes its pattern row and column the first time it meets them
//! (a grid line not yet used, in a band (stack) already given to its pattern band exactly
//! when that band is), and must hold the digits with the guardians so far within `max_k`.
//!
//! **Complexity**: at most 84 digit sets × 2 orientations × the list's patterns (5 or 12)
//! searches, each bounded by the maps of at most 9 rows and 9 columns but cut at the first
//! cell that lacks the digits or passes the guardian bound; a few milliseconds a state for
//! Select2.

use crate::graph::LinkIndex;
use crate::grid::{Candidate, Cell, Digit};
use crate::proof::imp630::{selection, Imp630Pattern, ImpForm, ImpPattern};
use crate::proof::{Pattern, Proof};
use std::collections::HashSet;

/// The most guardians of a relation SudoRules asserts (`?*max-guardians*`, not applied to
/// tridagons).
pub const MAX_GUARDIANS: usize = 8;

/// How many of the three digits each cell must hold for the relations the rating and the
/// chains use: 1, the relations SudoRules keeps once asserted, re-derived from the state as
/// for the tridagons (a relation SudoRules never asserted on its path may be among them:
/// with 3, SudoRules' rule alone, the levels on mith's Sample1000 are far above Berthier's,
/// 6 of 20 equal against 15 of 20 with 1; with 2, 11 of 20).
pub const MIN_DIGITS: u32 = 1;

/// The open digits of each cell, and the digit placed during the resolution in each
/// (0 for an open cell or a given: a given is no part of a kept relation, as for the
/// tridagons, [`crate::graph::or_relations`]).
struct Masks {
    open: [u16; 81],
    placed: [u16; 81],
}

impl Masks {
    fn new(links: &LinkIndex) -> Masks {
        let open = links.cell_masks();
        let mut placed = [0u16; 81];
        for cell in Cell::all() {
            if let Some(d) = links.value(cell) {
                if !links.is_given(cell) {
                    placed[cell.index()] = 1 << d.index();
                }
            }
        }
        Masks { open, placed }
    }

    /// Whether `cell` may be a cell of the pattern for digits `tm`, and its guardians.
    fn fits(&self, cell: usize, tm: u16, min_digits: u32) -> Option<usize> {
        let open = self.open[cell];
        let held = (open & tm).count_ones();
        let ok =
            held >= min_digits || (min_digits <= 1 && open == 0 && self.placed[cell] & tm != 0);
        ok.then_some((open & !tm).count_ones() as usize)
    }
}

/// The pattern's cells in a search order: each after one sharing its row or column, when
/// there is one.
fn search_order(cells: &[(usize, usize)]) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < cells.len() {
        let next = (0..cells.len())
            .filter(|i| !order.contains(i))
            .max_by_key(|&i| {
                let (r, c) = cells[i];
                let rows = order.iter().any(|&j| cells[j].0 == r) as usize;
                let cols = order.iter().any(|&j| cells[j].1 == c) as usize;
                (rows + cols, usize::MAX - i)
            })
            .expect("a cell left");
        order.push(next);
    }
    order
}

/// The partial map of pattern lines (rows or columns) to grid lines.
#[derive(Clone, Copy)]
struct LineMap {
    to: [Option<usize>; 9],
}

impl LineMap {
    /// The grid lines `p` may go to: its image if fixed, else a line not yet used whose
    /// band is the image band of `p`'s band, or a band not yet used when `p`'s band has
    /// none.
    fn choices(&self, p: usize) -> Vec<usize> {
        if let Some(g) = self.to[p] {
            return vec![g];
        }
        let used: Vec<(usize, usize)> = (0..9).filter_map(|q| self.to[q].map(|g| (q, g))).collect();
        let band = used
            .iter()
            .find(|(q, _)| q / 3 == p / 3)
            .map(|(_, g)| g / 3);
        (0..9)
            .filter(|&g| {
                !used.iter().any(|&(_, h)| h == g)
                    && match band {
                        Some(b) => g / 3 == b,
                        None => !used.iter().any(|&(_, h)| h / 3 == g / 3),
                    }
            })
            .collect()
    }
}

/// The search for one oriented pattern and three digits.
struct Matcher<'a> {
    masks: &'a Masks,
    shape: &'a [(usize, usize)],
    order: &'a [usize],
    tm: u16,
    min_digits: u32,
    max_k: usize,
    found: Vec<Vec<Cell>>,
}

impl Matcher<'_> {
    fn walk(&mut self, depth: usize, rows: LineMap, cols: LineMap, guardians: usize) {
        if depth == self.order.len() {
            let cells = self
                .shape
                .iter()
                .map(|&(r, c)| Cell::at(rows.to[r].expect("mapped"), cols.to[c].expect("mapped")))
                .collect();
            self.found.push(cells);
            return;
        }
        let (pr, pc) = self.shape[self.order[depth]];
        for r in rows.choices(pr) {
            for c in cols.choices(pc) {
                let Some(g) = self.masks.fits(r * 9 + c, self.tm, self.min_digits) else {
                    continue;
                };
                if guardians + g > self.max_k {
                    continue;
                }
                let (mut rows, mut cols) = (rows, cols);
                rows.to[pr] = Some(r);
                cols.to[pc] = Some(c);
                self.walk(depth + 1, rows, cols, guardians + g);
            }
        }
    }
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

/// The relation on matched cells, when it has guardians.
fn relation_of(
    masks: &Masks,
    name: String,
    cells: Vec<Cell>,
    (tm, digits): (u16, [Digit; 3]),
) -> Option<Imp630Pattern> {
    let complete = cells.iter().all(|c| masks.open[c.index()] & tm == tm);
    let mut guardians: Vec<Candidate> = cells
        .iter()
        .flat_map(|&c| {
            let extra = masks.open[c.index()] & !tm;
            (0..9)
                .filter(move |d| extra >> d & 1 == 1)
                .map(move |d| Candidate::new(c, Digit::from_index(d)))
        })
        .collect();
    guardians.sort();
    (!guardians.is_empty()).then_some(Imp630Pattern {
        name,
        digits,
        cells,
        guardians,
        form: if complete {
            ImpForm::Complete
        } else {
            ImpForm::Reduced
        },
        split: Vec::new(),
    })
}

/// Every relation of the patterns of `list` in the state whose cells each hold at least
/// `min_digits` (3 or 1) of the digits, with 1 to `max_k` guardians; each cell set and
/// digits once.
pub fn relations_of(
    links: &LinkIndex,
    list: &[&ImpPattern],
    min_digits: u32,
    max_k: usize,
) -> Vec<Imp630Pattern> {
    let masks = Masks::new(links);
    let mut seen: HashSet<(Vec<Cell>, u16)> = HashSet::new();
    let mut out = Vec::new();
    for triple in triples() {
        let tm = triple.0;
        let fitting = (0..81)
            .filter(|&i| masks.fits(i, tm, min_digits).is_some())
            .count();
        for p in list {
            if fitting < p.cells.len() {
                continue;
            }
            for transposed in [false, true] {
                let shape = p.oriented(transposed);
                let order = search_order(&shape);
                let mut m = Matcher {
                    masks: &masks,
                    shape: &shape,
                    order: &order,
                    tm,
                    min_digits,
                    max_k,
                    found: Vec::new(),
                };
                let empty = LineMap { to: [None; 9] };
                m.walk(0, empty, empty, 0);
                for cells in m.found {
                    let mut key = cells.clone();
                    key.sort();
                    if !seen.insert((key, tm)) {
                        continue;
                    }
                    let name = format!("{}{}", p.name, if transposed { "s" } else { "" });
                    out.extend(relation_of(&masks, name, cells, triple));
                }
            }
        }
    }
    out
}

/// [`relations_of`] on Berthier's list Select`select`.
pub fn relations(
    links: &LinkIndex,
    select: u8,
    min_digits: u32,
    max_k: usize,
) -> Vec<Imp630Pattern> {
    let list: Vec<&ImpPattern> = selection(select).collect();
    relations_of(links, &list, min_digits, max_k)
}

/// The own eliminations of the relations of Select`select` (kept ones too: each cell
/// holding [`MIN_DIGITS`] of the digits at least) with at most [`MAX_GUARDIANS`]
/// guardians: what is linked to every guardian.
pub fn find(links: &LinkIndex, select: u8) -> Vec<Proof> {
    relations(links, select, MIN_DIGITS, MAX_GUARDIANS)
        .into_iter()
        .filter_map(|p| {
            let mut seen = *links.open();
            for &g in &p.guardians {
                seen.intersect_with(links.linked(g));
            }
            let eliminations: Vec<Candidate> = seen.iter().collect();
            (!eliminations.is_empty())
                .then(|| Proof::new(Pattern::Imp630(Box::new(p)), eliminations, vec![]))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_maps_keep_bands() {
        let mut m = LineMap { to: [None; 9] };
        assert_eq!(m.choices(4).len(), 9);
        m.to[4] = Some(7);
        // a row of the same pattern band: the other rows of grid band 3
        assert_eq!(m.choices(3), vec![6, 8]);
        // a row of another pattern band: another grid band
        assert_eq!(m.choices(0), vec![0, 1, 2, 3, 4, 5]);
    }
}
