//! Locked sets on a hypothetical state: the rules Hanson's +depth and ++depth restart the
//! analysis with when a hypothesis reaches a dead end ([Hanson SA], "Depth").
//!
//! A locked set is N CSP variables (the *base*) whose candidates still possible lie in N
//! other variables (the *cover*): the base's N true candidates fill the cover, so every
//! other candidate of the cover is false. Locked candidates are one block and one line of
//! a digit; naked subsets N cells of a house and N of its digits; hidden subsets N digits
//! of a house and N cells; fish N rows (columns) of a digit and N columns (rows) — Hanson's
//! "generalised grids", Berthier's subsets in the rc, rn, cn and bn spaces.
//!
//! Here the state is `open` (the state's candidates) less `falses` (what a hypothesis has
//! derived false); each find lists the base candidates that are false in it (the premises
//! of the inference: a set that holds without any is not the hypothesis' doing and is left
//! out) and the candidates it makes false that are not false yet.
//!
//! **Complexity**: locked candidates, 54 block–line pairs × 9 digits × 2 directions; sets
//! of size n, the subsets of n among the 9 rows of 72 planes (27 houses × naked/hidden, 9
//! digits × rows/columns), C(9, n) each — a few thousand mask tests for n ≤ 4.

use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::variable_set;
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, CspVariable, Digit, House};

/// One locked set found on a hypothetical state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockedFind {
    pub base: Vec<CspVariable>,
    pub cover: Vec<CspVariable>,
    /// The base's open candidates outside the cover (all false on the state).
    pub premises: Vec<Candidate>,
    /// The cover's candidates outside the base, open and not false yet.
    pub conclusions: Vec<Candidate>,
}

/// The variable of a house for a digit.
fn house_digit(h: House, d: Digit) -> CspVariable {
    match h {
        House::Row(r) => CspVariable::Rn(r, d),
        House::Column(c) => CspVariable::Cn(c, d),
        House::Block(b) => CspVariable::Bn(b, d),
    }
}

/// Locked candidates (size 1): a digit's places left in a block all in one line make it
/// false in the rest of the line, and the other way round.
pub fn locked_candidates(open: &CandidateSet, falses: &CandidateSet) -> Vec<LockedFind> {
    let possible = open.difference(falses);
    let mut out = Vec::new();
    for b in 0..9u8 {
        let block = House::Block(b);
        let first = block.cells()[0];
        let lines = (0..3)
            .map(|k| House::Row((first.row() + k) as u8))
            .chain((0..3).map(|k| House::Column((first.col() + k) as u8)));
        for line in lines {
            for d in Digit::all() {
                for (base, cover) in [(block, line), (line, block)] {
                    let (bv, cv) = (house_digit(base, d), house_digit(cover, d));
                    out.extend(find_one(open, &possible, &[bv], &[cv]));
                }
            }
        }
    }
    out
}

/// The find of one base and cover, if the base's possible candidates lie in the cover, some
/// open ones are false, and some cover candidate outside the base is still possible.
fn find_one(
    open: &CandidateSet,
    possible: &CandidateSet,
    base: &[CspVariable],
    cover: &[CspVariable],
) -> Option<LockedFind> {
    let set = |vs: &[CspVariable]| -> CandidateSet {
        let mut s = CandidateSet::EMPTY;
        for &v in vs {
            s.union_with(variable_set(v));
        }
        s.intersection(open)
    };
    let (b, c) = (set(base), set(cover));
    if b.is_empty() || !b.intersection(possible).is_subset(&c) {
        return None;
    }
    let premises: Vec<Candidate> = b.difference(&c).iter().collect();
    let conclusions: Vec<Candidate> = c.difference(&b).intersection(possible).iter().collect();
    (!premises.is_empty() && !conclusions.is_empty()).then(|| LockedFind {
        base: base.to_vec(),
        cover: cover.to_vec(),
        premises,
        conclusions,
    })
}

/// A 9 × 9 plane of candidates: rows are possible base variables, columns cover
/// variables, and `at[i][j]` belongs to row i's and column j's variable.
struct Plane {
    rows: [CspVariable; 9],
    columns: [CspVariable; 9],
    at: [[Candidate; 9]; 9],
}

/// The 72 planes: per house, cells × digits (naked) and digits × cells (hidden); per digit,
/// rows × columns and columns × rows (fish). Built once.
fn planes() -> &'static [Plane] {
    static PLANES: std::sync::OnceLock<Vec<Plane>> = std::sync::OnceLock::new();
    PLANES.get_or_init(|| {
        let mut out = Vec::new();
        let mut both =
            |rows: [CspVariable; 9], columns: [CspVariable; 9], at: [[Candidate; 9]; 9]| {
                let transposed = std::array::from_fn(|i| std::array::from_fn(|j| at[j][i]));
                out.push(Plane { rows, columns, at });
                out.push(Plane {
                    rows: columns,
                    columns: rows,
                    at: transposed,
                });
            };
        for h in House::all() {
            let cells = h.cells();
            both(
                std::array::from_fn(|k| CspVariable::Rc(cells[k])),
                std::array::from_fn(|k| house_digit(h, Digit::from_index(k))),
                std::array::from_fn(|i| {
                    std::array::from_fn(|j| Candidate::new(cells[i], Digit::from_index(j)))
                }),
            );
        }
        for d in Digit::all() {
            both(
                std::array::from_fn(|k| CspVariable::Rn(k as u8, d)),
                std::array::from_fn(|k| CspVariable::Cn(k as u8, d)),
                std::array::from_fn(|i| std::array::from_fn(|j| Candidate::new(Cell::at(i, j), d))),
            );
        }
        out
    })
}

/// The smallest naked and hidden subsets and fish (2 to `max_size` base variables) that
/// make something false: every find of the least size that has one (none when no size
/// has).
pub fn smallest_locked_sets(
    open: &CandidateSet,
    falses: &CandidateSet,
    max_size: usize,
) -> Vec<LockedFind> {
    let possible = open.difference(falses);
    // per plane and row: the columns open, and the columns still possible
    let masks: Vec<([u16; 9], [u16; 9])> = planes()
        .iter()
        .map(|plane| {
            let mut open_mask = [0u16; 9];
            let mut mask = [0u16; 9];
            for i in 0..9 {
                for j in 0..9 {
                    let c = plane.at[i][j];
                    if open.contains(c) {
                        open_mask[i] |= 1 << j;
                        if possible.contains(c) {
                            mask[i] |= 1 << j;
                        }
                    }
                }
            }
            (open_mask, mask)
        })
        .collect();
    for size in 2..=max_size {
        let mut out = Vec::new();
        for (plane, (open_mask, mask)) in planes().iter().zip(&masks) {
            sets_of_size(plane, open_mask, mask, size, &mut out);
        }
        if !out.is_empty() {
            return out;
        }
    }
    Vec::new()
}

/// The sets of `size` rows of one plane (`open_mask`, `mask`: per row, the columns open
/// and still possible) whose possible columns are `size` columns.
fn sets_of_size(
    plane: &Plane,
    open_mask: &[u16; 9],
    mask: &[u16; 9],
    size: usize,
    out: &mut Vec<LockedFind>,
) {
    // rows that can take part: 2 to `size` columns possible
    let rows: Vec<usize> = (0..9)
        .filter(|&i| (2..=size as u32).contains(&mask[i].count_ones()))
        .collect();
    for_each_subset(&rows, size, &mut |subset| {
        let union = subset.iter().fold(0u16, |u, &i| u | mask[i]);
        if union.count_ones() as usize != size {
            return;
        }
        let premises: Vec<Candidate> = subset
            .iter()
            .flat_map(|&i| (0..9).map(move |j| (i, j)))
            .filter(|&(i, j)| open_mask[i] >> j & 1 == 1 && union >> j & 1 == 0)
            .map(|(i, j)| plane.at[i][j])
            .collect();
        let conclusions: Vec<Candidate> = (0..9)
            .filter(|i| !subset.contains(i))
            .flat_map(|i| (0..9).map(move |j| (i, j)))
            .filter(|&(i, j)| union >> j & 1 == 1 && mask[i] >> j & 1 == 1)
            .map(|(i, j)| plane.at[i][j])
            .collect();
        if premises.is_empty() || conclusions.is_empty() {
            return;
        }
        out.push(LockedFind {
            base: subset.iter().map(|&i| plane.rows[i]).collect(),
            cover: bits(union).map(|j| plane.columns[j]).collect(),
            premises,
            conclusions,
        });
    });
}

/// Call `f` on every subset of `items` of exactly `k` elements.
fn for_each_subset(items: &[usize], k: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(items: &[usize], k: usize, chosen: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if chosen.len() == k {
            f(chosen);
            return;
        }
        let need = k - chosen.len();
        for i in 0..items.len() {
            if items.len() - i < need {
                break;
            }
            chosen.push(items[i]);
            go(&items[i + 1..], k, chosen, f);
            chosen.pop();
        }
    }
    go(items, k, &mut Vec::with_capacity(k), f);
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::State;

    #[test]
    fn subsets_of_three_among_five() {
        let mut n = 0;
        for_each_subset(&[0, 1, 2, 3, 4], 3, &mut |s| {
            assert_eq!(s.len(), 3);
            n += 1;
        });
        assert_eq!(n, 10);
    }

    #[test]
    fn a_hypothetical_naked_pair_is_found_with_its_premises() {
        // an empty grid: every candidate open; make r1c1 and r1c2 {1 2} by hypothesis
        let state = State::empty();
        let open = *state.candidates();
        let mut falses = CandidateSet::EMPTY;
        for cell in [Cell::at(0, 0), Cell::at(0, 1)] {
            for d in 3..=9 {
                falses.insert(Candidate::new(cell, Digit::new(d).unwrap()));
            }
        }
        let finds = smallest_locked_sets(&open, &falses, 4);
        let row = finds
            .iter()
            .find(|f| {
                f.cover
                    .contains(&CspVariable::Rn(0, Digit::new(1).unwrap()))
            })
            .expect("the naked pair in row 1");
        assert_eq!(
            row.base,
            vec![
                CspVariable::Rc(Cell::at(0, 0)),
                CspVariable::Rc(Cell::at(0, 1))
            ]
        );
        assert_eq!(row.premises.len(), 14);
        assert_eq!(
            row.conclusions.len(),
            14,
            "1 and 2 in the other 7 cells of row 1"
        );
    }
}
