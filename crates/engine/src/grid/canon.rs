//! Canonical forms: the minlex form of a puzzle or of a solution grid, the forum's
//! convention for telling puzzles apart up to isomorphism.
//!
//! **Definition.** A grid's isomorphs are its images under the 3,359,232 geometric
//! transformations (transposition or not; the three bands in any order and the three rows
//! inside each band in any order; the same for stacks and columns: 2 × 6⁸) each followed by
//! any relabelling of the nine digits. Read row by row as 81 digits, empty cells as 0, the
//! **minlex** form is the lexicographically least of them. For a given transformation the
//! least relabelling numbers the digits 1, 2, 3… in the order they first appear, so the
//! search is over the geometric transformations only.
//!
//! **Search.** Row by row, breadth first, keeping every partial transformation whose rows
//! so far read as the least prefix (ties are kept, so the result is exact). The first row
//! fixes the column order: a row's least reading puts its stacks in increasing order of
//! clues and, inside each stack, its empty cells first; only the column orders giving that
//! reading are kept. Each later row is any unused row of the current band, or of an unused
//! band at a band boundary.
//!
//! **Complexity**: for a puzzle, a few hundred to a few thousand partial transformations
//! on the first rows, fewer after; for a solution grid, every column order ties on the
//! first row (23,328 partial transformations), so a grid costs about a millisecond.

use super::tables::ORDERS_OF_THREE as ORDERS;
use std::cmp::Ordering;

/// A partial transformation: the source row and column at each position of the image, its
/// digit labels so far, and whether the source is the transposed grid.
#[derive(Clone, Copy)]
struct Branch {
    /// The source row at each position filled so far.
    rows: [u8; 9],
    /// The source column at each position (fixed by the first row).
    columns: [u8; 9],
    /// The label of each source digit (0: not yet labelled; index 0, the empty cell, is 0).
    labels: [u8; 10],
    /// The next label to give.
    next: u8,
    /// Which of the two grids (as given, transposed) is the source.
    grid: u8,
}

impl Branch {
    /// The image's row read from source row `row`, labelling the digits seen for the first
    /// time, with how it compares to `bound` (the least row so far); the branch extended by
    /// it. `None` as soon as the row reads greater than `bound`.
    fn extend(
        &self,
        grid: &[u8; 81],
        depth: usize,
        row: u8,
        bound: Option<&[u8; 9]>,
    ) -> Option<([u8; 9], Ordering, Branch)> {
        let mut next = *self;
        next.rows[depth] = row;
        let mut image = [0u8; 9];
        let mut order = if bound.is_some() {
            Ordering::Equal
        } else {
            Ordering::Less
        };
        for (p, &column) in self.columns.iter().enumerate() {
            let v = grid[row as usize * 9 + column as usize] as usize;
            if v != 0 && next.labels[v] == 0 {
                next.next += 1;
                next.labels[v] = next.next;
            }
            image[p] = next.labels[v];
            if let (Ordering::Equal, Some(b)) = (order, bound) {
                order = image[p].cmp(&b[p]);
                if order == Ordering::Greater {
                    return None;
                }
            }
        }
        Some((image, order, next))
    }

    /// The source rows that may come at position `depth` (1–8), as a 9-bit mask.
    fn candidate_rows(&self, depth: usize) -> u16 {
        let mut used = 0u16;
        let mut bands = 0u16;
        for &r in &self.rows[..depth] {
            used |= 1 << r;
            bands |= 7 << (3 * (r / 3));
        }
        if depth.is_multiple_of(3) {
            0x1ff & !bands
        } else {
            (7 << (3 * (self.rows[depth - 1] / 3))) & !used
        }
    }
}

/// The minlex form of 81 values (0 = empty): a puzzle's or a solution grid's. Any 81
/// values are accepted (a puzzle need not be unique nor even consistent).
pub fn minlex(values: &[u8; 81]) -> [u8; 81] {
    let grids = [*values, transposed(values)];
    let (first, mut level) = first_rows(&grids);
    let mut out = [0u8; 81];
    out[..9].copy_from_slice(&first);
    for depth in 1..9 {
        let mut best: Option<[u8; 9]> = None;
        let mut next = Vec::with_capacity(level.len());
        for branch in &level {
            let grid = &grids[branch.grid as usize];
            let rows = branch.candidate_rows(depth);
            for row in (0..9u8).filter(|r| rows >> r & 1 != 0) {
                let Some((image, order, extended)) = branch.extend(grid, depth, row, best.as_ref())
                else {
                    continue;
                };
                match order {
                    Ordering::Less => {
                        best = Some(image);
                        next.clear();
                        next.push(extended);
                    }
                    Ordering::Equal => next.push(extended),
                    Ordering::Greater => {}
                }
            }
        }
        out[depth * 9..depth * 9 + 9].copy_from_slice(&best.expect("a row is always left"));
        level = next;
    }
    out
}

/// The grid read column by column.
fn transposed(values: &[u8; 81]) -> [u8; 81] {
    std::array::from_fn(|i| values[(i % 9) * 9 + i / 9])
}

/// The least first row of any isomorph, and every partial transformation giving it.
fn first_rows(grids: &[[u8; 81]; 2]) -> ([u8; 9], Vec<Branch>) {
    let row_cells =
        |g: usize, row: usize| -> [u8; 9] { std::array::from_fn(|c| grids[g][row * 9 + c]) };
    let mut best = u16::MAX;
    for g in 0..2 {
        for row in 0..9 {
            best = best.min(least_reading(&row_cells(g, row)));
        }
    }
    let mut branches = Vec::new();
    for (g, grid) in grids.iter().enumerate() {
        for row in 0..9u8 {
            let cells = row_cells(g, row as usize);
            if least_reading(&cells) != best {
                continue;
            }
            let start = Branch {
                rows: [0; 9],
                columns: [0; 9],
                labels: [0; 10],
                next: 0,
                grid: g as u8,
            };
            for_each_least_column_order(&cells, |columns| {
                let branch = Branch { columns, ..start };
                branches.extend(branch.extend(grid, 0, row, None).map(|e| e.2));
            });
        }
    }
    let b = &branches[0];
    let (first, _, _) = b
        .extend(&grids[b.grid as usize], 0, b.rows[0], None)
        .expect("no bound");
    (first, branches)
}

/// The clues (nonzero values) of each stack of a row.
fn stack_clues(cells: &[u8; 9]) -> [usize; 3] {
    std::array::from_fn(|s| cells[3 * s..3 * s + 3].iter().filter(|&&v| v != 0).count())
}

/// A row's least reading under the column orders, as the mask of its clues' positions
/// (position 0 the highest bit: a smaller mask reads smaller, since the k-th clue read is
/// always labelled k): its stacks in increasing order of clues, each stack's empty cells
/// first.
fn least_reading(cells: &[u8; 9]) -> u16 {
    let mut counts = stack_clues(cells);
    counts.sort_unstable();
    let mut key = 0u16;
    for (position, &n) in counts.iter().enumerate() {
        for k in 0..n {
            key |= 1 << (8 - (3 * position + 2 - k));
        }
    }
    key
}

/// Call `f` with every column order giving a row's least reading: stacks in increasing
/// order of clues (ties in either order), each stack's empty columns first, in any order,
/// then its clues' columns, in any order.
fn for_each_least_column_order(cells: &[u8; 9], mut f: impl FnMut([u8; 9])) {
    let counts = stack_clues(cells);
    let inner: [([[u8; 3]; 6], usize); 3] = std::array::from_fn(|s| stack_orders(cells, s));
    for stacks in ORDERS {
        if counts[stacks[0]] > counts[stacks[1]] || counts[stacks[1]] > counts[stacks[2]] {
            continue;
        }
        let [(a, na), (b, nb), (c, nc)] = stacks.map(|s| inner[s]);
        for x in &a[..na] {
            for y in &b[..nb] {
                for z in &c[..nc] {
                    f([x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]]);
                }
            }
        }
    }
}

/// The orders of stack `s`'s columns with its empty cells first (at most six).
fn stack_orders(cells: &[u8; 9], s: usize) -> ([[u8; 3]; 6], usize) {
    let base = 3 * s as u8;
    let mut out = [[0u8; 3]; 6];
    let mut n = 0;
    for order in ORDERS {
        let columns = order.map(|i| base + i as u8);
        let empty_first = columns
            .windows(2)
            .all(|w| cells[w[0] as usize] == 0 || cells[w[1] as usize] != 0);
        if empty_first {
            out[n] = columns;
            n += 1;
        }
    }
    (out, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::format::{parse_line, values_line};

    /// A geometric transformation with a relabelling, as index tables.
    struct Isomorph {
        rows: [usize; 9],
        columns: [usize; 9],
        transpose: bool,
        digits: [u8; 10],
    }

    impl Isomorph {
        /// The isomorph numbered `n` (below 2 × 6⁸ × 9!) in mixed radix.
        fn numbered(mut n: u64) -> Isomorph {
            let mut take = |radix: usize| {
                let r = n % radix as u64;
                n /= radix as u64;
                r as usize
            };
            let mut lines = [[0usize; 9]; 2];
            for out in &mut lines {
                let bands = ORDERS[take(6)];
                let inner = [ORDERS[take(6)], ORDERS[take(6)], ORDERS[take(6)]];
                *out = std::array::from_fn(|i| 3 * bands[i / 3] + inner[i / 3][i % 3]);
            }
            let transpose = take(2) == 1;
            let mut pool: Vec<u8> = (1..=9).collect();
            let mut digits = [0u8; 10];
            for d in digits.iter_mut().skip(1) {
                *d = pool.remove(take(pool.len()));
            }
            Isomorph {
                rows: lines[0],
                columns: lines[1],
                transpose,
                digits,
            }
        }

        fn apply(&self, values: &[u8; 81]) -> [u8; 81] {
            let source = if self.transpose {
                transposed(values)
            } else {
                *values
            };
            std::array::from_fn(|i| {
                self.digits[source[self.rows[i / 9] * 9 + self.columns[i % 9]] as usize]
            })
        }
    }

    /// The least relabelled reading of `values` as it stands (digits in order of first
    /// appearance).
    fn relabelled(values: &[u8; 81]) -> [u8; 81] {
        let (mut labels, mut next) = ([0u8; 10], 0);
        values.map(|v| {
            if v != 0 && labels[v as usize] == 0 {
                next += 1;
                labels[v as usize] = next;
            }
            labels[v as usize]
        })
    }

    /// The definition itself: the least relabelled reading over all 3,359,232 geometric
    /// transformations.
    fn minlex_by_definition(values: &[u8; 81]) -> [u8; 81] {
        let mut best = [9u8; 81];
        for n in 0..2 * 6u64.pow(8) {
            let image = relabelled(&Isomorph::numbered(n).apply(values));
            best = best.min(image);
        }
        best
    }

    fn givens(line: &str) -> [u8; 81] {
        parse_line(line, 1).expect("a puzzle").givens
    }

    /// Exhaustive check over every isomorph: a hard puzzle, a puzzle with an empty row and
    /// a solution grid.
    #[test]
    fn minlex_is_the_least_isomorph() {
        for line in [
            "....5...94....9....8.2..6...1.6..8.......7...5...4..7..3.....1.8....23....23...6.",
            ".........1.....2.3.4.5...6...7...8.9...1.4....2.......6.....7..8.3.9.....5..6..1.",
            "123456789456789123789231645217695834364827951598143276635978412841562397972314568",
        ] {
            let v = givens(line);
            assert_eq!(
                values_line(&minlex(&v)),
                values_line(&minlex_by_definition(&v)),
                "{line}"
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(200))]
        /// Random isomorphs of a puzzle and of its solution have the same minlex form.
        #[test]
        fn isomorphs_share_their_minlex_form(n in 0u64..2 * 6u64.pow(8) * 362_880) {
            let puzzle = givens(
                "1...5...9......12...8...5...3...7...8...6..9...48....2.7...4....8.3....66...2.9..",
            );
            let grid = givens(
                "123456789456789123798132564235947618817263495964815372372694851589371246641528937",
            );
            let iso = Isomorph::numbered(n);
            proptest::prop_assert_eq!(minlex(&iso.apply(&puzzle)), minlex(&puzzle));
            proptest::prop_assert_eq!(minlex(&iso.apply(&grid)), minlex(&grid));
        }
    }
}
