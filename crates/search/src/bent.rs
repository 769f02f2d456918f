//! Hanson's bent naked subsets ([Hanson SA]): N unsolved cells over two houses (a row and a
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
//! usable unsolved cells (2 to [`MAX_CELLS`] digits) — those only in the first house, then
//! those in both, then those only in the second — starting only from a cell only in the
//! first house (else the subset lies in the second) and cut as soon as the cells' digits
//! exceed [`MAX_CELLS`] or the cells left. Cells and houses are 81-bit masks, and
//! eliminations intersections of precomputed peer masks; nothing is allocated until a
//! subset eliminates something.

use super::grid_analysis::MaskView;
use std::collections::HashSet;
use sudolink_engine::graph::als::mask_cells;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::{house_mask, peer_mask};
use sudolink_engine::grid::{Candidate, Cell, Digit, House};
use sudolink_engine::proof::assistant::{bent_domains, wing_name, BentSubset};
use sudolink_engine::proof::{Pattern, Proof};

/// The largest bent subset searched (cells, and so digits).
pub const MAX_CELLS: usize = 6;

/// Every bent naked subset of 3 to [`MAX_CELLS`] cells that eliminates something, smallest
/// first, each cell set and conclusion once.
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    let mut scan = Scan::new(links);
    let houses: Vec<House> = House::all().collect();
    let pairs = houses
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| houses[i + 1..].iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| bent_domains(a, b));
    for (pair, (a, b)) in pairs.enumerate() {
        scan.pair(pair, a, b);
    }
    // smallest first, then by the pair of houses and the sorted cells
    let mut found = scan.found;
    found.sort_by(|(pa, ca, a), (pb, cb, b)| (a.length, pa, ca).cmp(&(b.length, pb, cb)));
    found.into_iter().map(|(_, _, proof)| proof).collect()
}

/// The cells of a pair of houses the walk chooses from, in its order: only in the first
/// house, in both, only in the second.
struct Pool {
    cells: Vec<Cell>,
    digits: Vec<u16>,
    only_a_end: usize,
    first_only_b: usize,
}

/// A subset the walk found: indices into the pool, its cells and its digits.
struct Subset {
    members: [u8; MAX_CELLS],
    len: usize,
    cells: u128,
    digits: u16,
}

/// The search's state: the masks of the grid, and what it found.
struct Scan {
    v: MaskView,
    /// Per digit: the cells where it is open.
    digit_cells: [u128; 9],
    house_masks: Vec<u128>,
    /// Cell sets and eliminations already reported.
    seen: HashSet<(u128, Vec<Candidate>)>,
    /// Each proof with its pair's place in the order and its sorted cells.
    found: Vec<(usize, Vec<Cell>, Proof)>,
}

impl Scan {
    fn new(links: &LinkIndex) -> Scan {
        let mut digit_cells = [0u128; 9];
        for c in links.open().iter() {
            digit_cells[c.digit().index()] |= 1 << c.cell().index();
        }
        Scan {
            v: MaskView::new(links),
            digit_cells,
            house_masks: House::all().map(house_mask).collect(),
            seen: HashSet::new(),
            found: Vec::new(),
        }
    }

    /// Every bent subset over houses `a` and `b`.
    fn pair(&mut self, pair: usize, a: House, b: House) {
        let usable =
            |c: &Cell| (2..=MAX_CELLS as u32).contains(&self.v.cell[c.index()].count_ones());
        let mut cells: Vec<Cell> = a
            .cells()
            .into_iter()
            .filter(|&c| !b.contains(c))
            .filter(usable)
            .collect();
        let only_a_end = cells.len();
        cells.extend(
            a.cells()
                .into_iter()
                .filter(|&c| b.contains(c))
                .filter(usable),
        );
        let first_only_b = cells.len();
        cells.extend(
            b.cells()
                .into_iter()
                .filter(|&c| !a.contains(c))
                .filter(usable),
        );
        let digits = cells.iter().map(|c| self.v.cell[c.index()]).collect();
        let pool = Pool {
            cells,
            digits,
            only_a_end,
            first_only_b,
        };
        let mut subsets = Vec::new();
        let mut members = [0u8; MAX_CELLS];
        for first in 0..pool.only_a_end {
            members[0] = first as u8;
            let cell = 1u128 << pool.cells[first].index();
            extend(
                &pool,
                &mut members,
                1,
                first + 1,
                pool.digits[first],
                cell,
                &mut subsets,
            );
        }
        for subset in subsets {
            self.evaluate(pair, [a, b], &pool, &subset);
        }
    }

    /// Report the eliminations of a subset over `domains`, as rule 1 or rule 2 gives them,
    /// unless its cells lie in one house.
    fn evaluate(&mut self, pair: usize, domains: [House; 2], pool: &Pool, subset: &Subset) {
        let mask = subset.cells;
        if self.house_masks.iter().any(|&h| mask & !h == 0) {
            return; // a plain naked subset
        }
        let members = &subset.members[..subset.len];
        let part = |only: &dyn Fn(usize) -> bool| {
            members
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| only(i))
                .fold(0u16, |m, i| m | pool.digits[i])
        };
        let common = part(&|i| i < pool.only_a_end) & part(&|i| i >= pool.first_only_b);
        if common.count_ones() > 1 {
            return;
        }
        let targets = if common != 0 { common } else { subset.digits };
        let mut seeing = [0u128; 9];
        for (d, seen_by_all) in seeing.iter_mut().enumerate() {
            if targets >> d & 1 == 1 {
                let holders = self.digit_cells[d] & mask;
                *seen_by_all =
                    mask_cells(holders).fold(self.digit_cells[d] & !mask, |m, h| m & peer_mask(h));
            }
        }
        if seeing.iter().all(|&s| s == 0) {
            return;
        }
        let elims: Vec<Candidate> = Cell::all()
            .flat_map(|t| (0..9).map(move |d| (t, d)))
            .filter(|&(t, d)| seeing[d] >> t.index() & 1 == 1)
            .map(|(t, d)| Candidate::new(t, Digit::from_index(d)))
            .collect();
        if !self.seen.insert((mask, elims.clone())) {
            return;
        }
        let cells: Vec<Cell> = members.iter().map(|&i| pool.cells[i as usize]).collect();
        let mut sorted = cells.clone();
        sorted.sort();
        let common = (common != 0).then(|| Digit::from_index(common.trailing_zeros() as usize));
        let sizes: Vec<usize> = sorted
            .iter()
            .map(|c| self.v.cell[c.index()].count_ones() as usize)
            .collect();
        let pattern = BentSubset {
            domains,
            cells: sorted.clone(),
            digits: bits(subset.digits).map(Digit::from_index).collect(),
            common,
            wing: wing_name(&sizes, common).map(str::to_string),
        };
        let proof = Proof::new(Pattern::BentSubset(pattern), elims, vec![]);
        self.found.push((pair, sorted, proof));
    }
}

/// Extend the chosen `members[..len]` (their digits `union`, their cells `cells`) from the
/// pool's `start`, collecting every subset of 3 or more cells holding as many digits that
/// reaches a cell only in the second house.
fn extend(
    pool: &Pool,
    members: &mut [u8; MAX_CELLS],
    len: usize,
    start: usize,
    union: u16,
    cells: u128,
    found: &mut Vec<Subset>,
) {
    let n = pool.cells.len();
    for i in start..n {
        let u = union | pool.digits[i];
        // as many cells as digits in the end: too many digits, or too few cells left
        let digits = u.count_ones() as usize;
        if digits > MAX_CELLS || digits > len + n - i {
            continue;
        }
        members[len] = i as u8;
        let m = cells | 1 << pool.cells[i].index();
        if len + 1 >= 3 && digits == len + 1 && i >= pool.first_only_b {
            found.push(Subset {
                members: *members,
                len: len + 1,
                cells: m,
                digits: u,
            });
        }
        if len + 1 < MAX_CELLS {
            extend(pool, members, len + 1, i + 1, u, m, found);
        }
    }
}
