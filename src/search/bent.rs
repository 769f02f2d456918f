//! Hanson's bent naked subsets (seed 002): N unsolved cells over two houses (a row and a
//! column, a line and a block, two rows or two columns), not all in one house, holding N
//! digits between them.
//!
//! Rule 1: when exactly one digit k is present in both parts outside the houses'
//! intersection, k is eliminated from every cell seeing all the subset's cells holding k.
//! Rule 2: when no digit is, the subset behaves as a naked subset: each digit is eliminated
//! from every cell seeing all the subset's cells holding it.
//!
//! XY-wings and XYZ-wings are the bent naked triplets with bivalue ends; WXYZ-wings and
//! larger bent subsets fall out of the same search.
//!
//! **Complexity**: for each of the 207 pairs of houses, a depth-first walk over their
//! unsolved cells, cut as soon as the cells' digits exceed [`MAX_CELLS`].

use super::grid_analysis::MaskView;
use crate::graph::LinkIndex;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::proof::assistant::{bent_domains, wing_name, BentSubset};
use crate::proof::{Pattern, Proof};
use std::collections::HashSet;

/// The largest bent subset searched (cells, and so digits).
pub const MAX_CELLS: usize = 6;

/// Every bent naked subset of 3 to [`MAX_CELLS`] cells that eliminates something, smallest
/// first, each cell set and conclusion once.
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    let v = MaskView::new(links);
    let mut seen: HashSet<(Vec<Cell>, Vec<Candidate>)> = HashSet::new();
    let mut out = Vec::new();
    let houses: Vec<House> = House::all().collect();
    for (i, &a) in houses.iter().enumerate() {
        for &b in &houses[i + 1..] {
            if !bent_domains(a, b) {
                continue;
            }
            let mut pool: Vec<Cell> = a
                .cells()
                .into_iter()
                .chain(b.cells())
                .filter(|c| (2..=MAX_CELLS as u32).contains(&v.cell[c.index()].count_ones()))
                .collect();
            pool.sort();
            pool.dedup();
            let mut walk = Walk {
                v: &v,
                domains: [a, b],
                pool: &pool,
                chosen: Vec::with_capacity(MAX_CELLS),
                found: &mut out,
                seen: &mut seen,
            };
            walk.extend(0, 0);
        }
    }
    out.sort_by_key(|p| p.length);
    out
}

struct Walk<'a> {
    v: &'a MaskView,
    domains: [House; 2],
    pool: &'a [Cell],
    chosen: Vec<Cell>,
    found: &'a mut Vec<Proof>,
    seen: &'a mut HashSet<(Vec<Cell>, Vec<Candidate>)>,
}

impl Walk<'_> {
    fn extend(&mut self, start: usize, union: u16) {
        for i in start..self.pool.len() {
            let cell = self.pool[i];
            let u = union | self.v.cell[cell.index()];
            if u.count_ones() as usize > MAX_CELLS {
                continue;
            }
            self.chosen.push(cell);
            if self.chosen.len() >= 3 && u.count_ones() as usize == self.chosen.len() {
                self.evaluate(u);
            }
            if self.chosen.len() < MAX_CELLS {
                self.extend(i + 1, u);
            }
            self.chosen.pop();
        }
    }

    fn evaluate(&mut self, union: u16) {
        let cells = &self.chosen;
        if House::all().any(|h| cells.iter().all(|&c| h.contains(c))) {
            return; // a plain naked subset
        }
        let [a, b] = self.domains;
        let part = |inside: House, outside: House| {
            cells
                .iter()
                .filter(|&&c| inside.contains(c) && !outside.contains(c))
                .fold(0u16, |m, c| m | self.v.cell[c.index()])
        };
        let common = part(a, b) & part(b, a);
        if common.count_ones() > 1 {
            return;
        }
        let targets = if common != 0 { common } else { union };
        let mut elims = Vec::new();
        for d in (0..9).filter(|d| targets >> d & 1 == 1) {
            let holders: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|c| self.v.cell[c.index()] >> d & 1 == 1)
                .collect();
            elims.extend(
                Cell::all()
                    .filter(|t| self.v.cell[t.index()] >> d & 1 == 1 && !cells.contains(t))
                    .filter(|&t| holders.iter().all(|&h| h.sees(t)))
                    .map(|t| Candidate::new(t, Digit::from_index(d))),
            );
        }
        if elims.is_empty() {
            return;
        }
        elims.sort();
        let mut key_cells = cells.clone();
        key_cells.sort();
        if !self.seen.insert((key_cells, elims.clone())) {
            return;
        }
        let common = (common != 0).then(|| Digit::from_index(common.trailing_zeros() as usize));
        let sizes: Vec<usize> = cells
            .iter()
            .map(|c| self.v.cell[c.index()].count_ones() as usize)
            .collect();
        let pattern = BentSubset {
            domains: self.domains,
            cells: cells.clone(),
            digits: (0..9)
                .filter(|d| union >> d & 1 == 1)
                .map(Digit::from_index)
                .collect(),
            common,
            wing: wing_name(&sizes, common).map(str::to_string),
        };
        self.found
            .push(Proof::new(Pattern::BentSubset(pattern), elims, vec![]));
    }
}
