//! Hanson's generalised grid analysis ([Hanson SA], "Grid Analysis"; the Sudoku Assistant's
//! `analyzeX`): naked subsets, hidden subsets and fish are one routine on a 9×9 incidence
//! matrix seen from different sides.
//!
//! A [`GridView`] turns the state into an [`Incidence`] matrix: a house's cells against
//! digits (naked subsets), a house's digits against cells (hidden subsets), a digit's rows
//! against columns or columns against rows (fish). A [`LockedSet`] is n rows whose ones lie
//! in n columns: every other one of those columns is eliminated. Its complement — the open
//! columns outside against the open rows outside, in the transposed view — is a locked set
//! of the complementary size with the same eliminations: a naked triplet is a hidden
//! sextuplet, a swordfish in rows a whale in columns ([Hanson SA]: "a 5×5 hidden quintuplet
//! … or the naked singlet").
//!
//! [`find`] is the `grid-analysis` technique: every locked set of every size, each reported
//! once in its smaller form with its complement. The basic rules' subsets and fish
//! (`search::basic`) are this routine at one size and one side.
//!
//! **Complexity**: per view, the n-subsets of rows with at most n ones, pruned as soon as
//! their union exceeds n columns: at most 2⁹ per view, 72 views per state.

use std::collections::HashSet;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::{CELL_HOUSES, CELL_POSITIONS};
use sudolink_engine::grid::{Candidate, Cell, Digit, House};
use sudolink_engine::proof::assistant::{fin_kind, FinKind, GridAls, GridForm, GridLock};
use sudolink_engine::proof::{Pattern, Proof};

/// A per-house, per-digit mask view of the index, built once per call.
#[derive(Clone, PartialEq, Eq)]
pub struct MaskView {
    /// Open digits of each cell (bit d-1); 0 for placed cells.
    pub cell: [u16; 81],
    /// For each house and digit: the positions (0..9 within the house) where the digit is open.
    pub places: [[u16; 9]; 27],
    /// For each house: the digits already placed in it.
    pub placed: [u16; 27],
}

impl MaskView {
    /// **Complexity**: one pass over the open candidates, one over the cells' digits and
    /// one over the 243 house-digit variables.
    pub fn new(links: &LinkIndex) -> MaskView {
        let mut v = MaskView {
            cell: links.cell_masks(),
            places: [[0; 9]; 27],
            placed: [0; 27],
        };
        // each cell's digits into its row, column and block, at its position there (as
        // `House::cells` orders them)
        for (ci, &mask) in v.cell.iter().enumerate() {
            let (houses, positions) = (CELL_HOUSES[ci], CELL_POSITIONS[ci]);
            for d in bits(mask) {
                for (&h, &p) in houses.iter().zip(&positions) {
                    v.places[h as usize][d] |= 1 << p;
                }
            }
        }
        // house h's digit d is the variable 81 + 9h + d (rn, cn, bn in house order)
        let decided = links.decided_flags();
        for (h, placed) in v.placed.iter_mut().enumerate() {
            for d in 0..9 {
                if decided[81 + h * 9 + d] {
                    *placed |= 1 << d;
                }
            }
        }
        v
    }
}

const ALL_NINE: u16 = 0x1ff;

/// All k-subsets of `items`, in lexicographic order.
pub fn combinations(items: &[usize], k: usize, mut f: impl FnMut(&[usize])) {
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

/// One side from which the grid is seen as a 9×9 matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridView {
    /// A house's cells (rows of the matrix, by position) against digits: naked subsets.
    CellsDigits(House),
    /// A house's digits against its cells: hidden subsets.
    DigitsCells(House),
    /// A digit's rows against columns (`rows`), or columns against rows: fish.
    Lines { digit: Digit, rows: bool },
}

impl GridView {
    /// The same grid seen from the other side (the matrix transposed).
    pub fn transpose(self) -> GridView {
        match self {
            GridView::CellsDigits(h) => GridView::DigitsCells(h),
            GridView::DigitsCells(h) => GridView::CellsDigits(h),
            GridView::Lines { digit, rows } => GridView::Lines { digit, rows: !rows },
        }
    }

    /// The candidate at matrix row `r`, column `c`.
    pub fn candidate(self, r: usize, c: usize) -> Candidate {
        match self {
            GridView::CellsDigits(h) => Candidate::new(h.cells()[r], Digit::from_index(c)),
            GridView::DigitsCells(h) => Candidate::new(h.cells()[c], Digit::from_index(r)),
            GridView::Lines { digit, rows: true } => Candidate::new(Cell::at(r, c), digit),
            GridView::Lines { digit, rows: false } => Candidate::new(Cell::at(c, r), digit),
        }
    }

    /// Every view of a state: naked and hidden for each house, both fish sides per digit.
    pub fn all() -> impl Iterator<Item = GridView> {
        House::all()
            .flat_map(|h| [GridView::CellsDigits(h), GridView::DigitsCells(h)])
            .chain(
                Digit::all()
                    .flat_map(|digit| [true, false].map(|rows| GridView::Lines { digit, rows })),
            )
    }
}

/// A 0/1 matrix of 9 rows by 9 columns, with which rows and columns are still open
/// (an unsolved cell, a digit not placed in the house, a line without the digit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Incidence {
    pub ones: [u16; 9],
    pub open_rows: u16,
    pub open_cols: u16,
}

impl Incidence {
    /// The matrix of `view` on the state.
    pub fn of(v: &MaskView, view: GridView) -> Incidence {
        match view {
            GridView::CellsDigits(h) => {
                let cells = h.cells();
                let ones = std::array::from_fn(|pos| v.cell[cells[pos].index()]);
                Incidence {
                    ones,
                    open_rows: open_positions(&ones),
                    open_cols: ALL_NINE & !v.placed[h.index()],
                }
            }
            GridView::DigitsCells(h) => Incidence::of(v, GridView::CellsDigits(h)).transpose(),
            GridView::Lines { digit, rows } => {
                let base = |i: usize| line(rows, i);
                let cross = |i: usize| line(!rows, i);
                let d = digit.index();
                let unplaced = |house: &dyn Fn(usize) -> House| {
                    (0..9)
                        .filter(|&i| v.placed[house(i).index()] >> d & 1 == 0)
                        .fold(0u16, |m, i| m | 1 << i)
                };
                Incidence {
                    ones: std::array::from_fn(|i| v.places[base(i).index()][d]),
                    open_rows: unplaced(&base),
                    open_cols: unplaced(&cross),
                }
            }
        }
    }

    pub fn transpose(&self) -> Incidence {
        let mut ones = [0u16; 9];
        for (r, &row) in self.ones.iter().enumerate() {
            for c in bits(row) {
                ones[c] |= 1 << r;
            }
        }
        Incidence {
            ones,
            open_rows: self.open_cols,
            open_cols: self.open_rows,
        }
    }
}

fn open_positions(ones: &[u16; 9]) -> u16 {
    (0..9)
        .filter(|&i| ones[i] != 0)
        .fold(0u16, |m, i| m | 1 << i)
}

/// n rows of a matrix whose ones all lie in n columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LockedSet {
    pub rows: u16,
    pub cols: u16,
}

impl LockedSet {
    pub fn size(self) -> usize {
        self.rows.count_ones() as usize
    }

    /// The ones of its columns outside its rows, as (row, column): what it eliminates.
    pub fn eliminations(self, m: &Incidence) -> Vec<(usize, usize)> {
        bits(ALL_NINE & !self.rows)
            .flat_map(|r| bits(m.ones[r] & self.cols).map(move |c| (r, c)))
            .collect()
    }

    /// The complementary locked set of the transposed matrix (the open columns outside
    /// against the open rows outside), when the matrix is square in its open lines.
    pub fn complement(self, m: &Incidence) -> Option<LockedSet> {
        let rows = m.open_cols & !self.cols;
        let cols = m.open_rows & !self.rows;
        (rows.count_ones() == cols.count_ones()).then_some(LockedSet { rows, cols })
    }
}

/// The open rows of a matrix holding a number of ones in some range, increasing: held in
/// place, as every view of every state asks.
struct OpenRows {
    rows: [usize; 9],
    len: usize,
}

impl OpenRows {
    /// The open rows of `m` with `min_ones..=max_ones` ones.
    fn of(m: &Incidence, min_ones: usize, max_ones: usize) -> OpenRows {
        let mut out = OpenRows {
            rows: [0; 9],
            len: 0,
        };
        for r in 0..9 {
            let k = m.ones[r].count_ones() as usize;
            if m.open_rows >> r & 1 == 1 && k >= min_ones && k <= max_ones {
                out.rows[out.len] = r;
                out.len += 1;
            }
        }
        out
    }

    fn as_slice(&self) -> &[usize] {
        &self.rows[..self.len]
    }
}

/// Every locked set of size `n` among the rows with `min_ones..=n` ones, rows in
/// lexicographic order. A partial choice of rows whose ones already span more than `n`
/// columns is not extended (no locked set contains it).
pub fn locked_sets(m: &Incidence, n: usize, min_ones: usize, mut f: impl FnMut(LockedSet)) {
    let rows = OpenRows::of(m, min_ones, n);
    let eligible = rows.as_slice();
    struct Search<'a> {
        m: &'a Incidence,
        eligible: &'a [usize],
        n: usize,
    }
    fn extend(
        s: &Search,
        start: usize,
        chosen: usize,
        rows: u16,
        cols: u16,
        f: &mut dyn FnMut(LockedSet),
    ) {
        if chosen == s.n {
            if cols.count_ones() as usize == s.n {
                f(LockedSet { rows, cols });
            }
            return;
        }
        for i in start..s.eligible.len() {
            if s.eligible.len() - i < s.n - chosen {
                break;
            }
            let r = s.eligible[i];
            let spanned = cols | s.m.ones[r];
            if spanned.count_ones() as usize <= s.n {
                extend(s, i + 1, chosen + 1, rows | 1 << r, spanned, f);
            }
        }
    }
    let search = Search { m, eligible, n };
    extend(&search, 0, 0, 0, 0, &mut f);
}

/// Row `i` (`rows`) or column `i`.
fn line(rows: bool, i: usize) -> House {
    if rows {
        House::Row(i as u8)
    } else {
        House::Column(i as u8)
    }
}

/// The basic rules' pattern of a locked set seen from `view` (a naked subset, a hidden
/// subset or a fish).
pub fn pattern_of(view: GridView, set: LockedSet) -> Pattern {
    form_of(view, set).pattern()
}

/// A locked set as one side of a grid lock.
pub fn form_of(view: GridView, set: LockedSet) -> GridForm {
    match view {
        GridView::CellsDigits(house) => GridForm::NakedSubset {
            house,
            cells: bits(set.rows).map(|i| house.cells()[i]).collect(),
            digits: bits(set.cols).map(Digit::from_index).collect(),
        },
        GridView::DigitsCells(house) => GridForm::HiddenSubset {
            house,
            digits: bits(set.rows).map(Digit::from_index).collect(),
            cells: bits(set.cols).map(|i| house.cells()[i]).collect(),
        },
        GridView::Lines { digit, rows } => GridForm::Fish {
            digit,
            base: bits(set.rows).map(|i| line(rows, i)).collect(),
            cover: bits(set.cols).map(|i| line(!rows, i)).collect(),
        },
    }
}

/// The eliminations of a locked set as sorted candidates.
pub fn elimination_candidates(view: GridView, m: &Incidence, set: LockedSet) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = set
        .eliminations(m)
        .into_iter()
        .map(|(r, c)| view.candidate(r, c))
        .collect();
    out.sort();
    out
}

/// The largest size searched: a house or a digit has at most nine open lines, so a locked
/// set of size n ≥ 5 always has a complement of size ≤ 4 — but the complement may hold a
/// line with a single one (a pending single), so every size up to 8 is searched.
pub const MAX_SIZE: usize = 8;

/// The `grid-analysis` technique: every locked set with eliminations, sizes 2 to
/// [`MAX_SIZE`], each reported once (in the smaller of its two forms, with the other as its
/// complement when that is a subset or fish of size ≥ 2). Ordered by size, then by view.
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    let v = MaskView::new(links);
    let mut seen: HashSet<(GridView, Vec<Candidate>)> = HashSet::new();
    let mut out = Vec::new();
    for n in 2..=MAX_SIZE {
        for view in GridView::all() {
            let m = Incidence::of(&v, view);
            locked_sets(&m, n, 2, |set| {
                let elims = elimination_candidates(view, &m, set);
                if elims.is_empty() {
                    return;
                }
                // one report per pair of sides and elimination set
                let side = canonical_side(view);
                if !seen.insert((side, elims.clone())) {
                    return;
                }
                let form = form_of(view, set);
                let complement = set
                    .complement(&m)
                    .filter(|c| c.size() >= 2 && c.size() <= MAX_SIZE);
                // the smaller side is the form (the complement is smaller when it has a
                // line with one place left: a pending single)
                let lock = match complement {
                    Some(c) if c.size() < set.size() => GridLock {
                        form: Box::new(form_of(view.transpose(), c)),
                        complement: Some(Box::new(form)),
                    },
                    c => GridLock {
                        form: Box::new(form),
                        complement: c.map(|c| Box::new(form_of(view.transpose(), c))),
                    },
                };
                out.push(Proof::new(Pattern::GridLock(lock), elims, vec![]));
            });
        }
    }
    out.sort_by_key(|p| p.length);
    out
}

/// The naked or rows side of a pair of views (a locked set and its complement share it).
fn canonical_side(view: GridView) -> GridView {
    match view {
        GridView::DigitsCells(h) => GridView::CellsDigits(h),
        GridView::Lines { digit, .. } => GridView::Lines { digit, rows: true },
        v => v,
    }
}

/// The largest grid-based ALS searched (base lines).
pub const MAX_GRID_ALS: usize = 7;

/// Whether placing the digit in `x` leaves the `rows` of `m` (seen from `view`, a digit's
/// lines) without distinct columns to hold it: the places it sees (its cross line, its
/// block) are knocked out, and the lines left cannot be matched to distinct columns (for a
/// grid ALS, usually because two of its n + 1 columns are gone).
fn knocks_out(view: GridView, m: &Incidence, rows: u16, x: Cell) -> bool {
    let (left, n) = lines_left(m, rows, matrix_position(view, x));
    !has_matching(&left[..n])
}

/// [`knocks_out`], needing every one of the `rows`: without any one of them the others
/// keep distinct columns (a line wiped alone is an interaction, not a fish). `x` is at
/// matrix row and column `at`.
fn knocks_out_all(m: &Incidence, rows: u16, at: (usize, usize)) -> bool {
    let (left, n) = lines_left(m, rows, at);
    !has_matching(&left[..n])
        && (0..n).all(|i| {
            // the lines but the i-th
            let mut others = [0u16; 9];
            others[..i].copy_from_slice(&left[..i]);
            others[i..n - 1].copy_from_slice(&left[i + 1..n]);
            has_matching(&others[..n - 1])
        })
}

/// Each `n` of the `eligible` lines (as [`combinations`] gives them, in its order) whose
/// places lie in exactly n + 1 cross lines, handed to `f` as masks (the lines, their cross
/// lines). A choice whose cross lines are already more than n + 1 is not extended.
fn lines_in_one_more(ones: &[u16; 9], eligible: &[usize], n: usize, mut f: impl FnMut(u16, u16)) {
    fn rec(
        ones: &[u16; 9],
        eligible: &[usize],
        (left, n): (usize, usize),
        (base, cols): (u16, u16),
        f: &mut dyn FnMut(u16, u16),
    ) {
        if cols.count_ones() as usize > n + 1 {
            return;
        }
        if left == 0 {
            if cols.count_ones() as usize == n + 1 {
                f(base, cols);
            }
            return;
        }
        for (i, &r) in eligible.iter().enumerate() {
            if eligible.len() - i < left {
                break;
            }
            let chosen = (base | 1 << r, cols | ones[r]);
            rec(ones, &eligible[i + 1..], (left - 1, n), chosen, f);
        }
    }
    rec(ones, eligible, (n, n), (0, 0), &mut f);
}

/// The matrix row and column of a cell in a digit's lines view.
fn matrix_position(view: GridView, x: Cell) -> (usize, usize) {
    match view {
        GridView::Lines { rows: true, .. } => (x.row(), x.col()),
        GridView::Lines { rows: false, .. } => (x.col(), x.row()),
        _ => unreachable!("grid ALS are seen on lines"),
    }
}

/// The columns each of `rows` keeps once the digit is placed at matrix position `at` (the
/// first n of the array, n the number of rows). In a lines view the places seeing it (or
/// it) are those of its line, of its cross line, and of its block: the rows of its band
/// in the columns of its stack, whichever side the lines are.
fn lines_left(m: &Incidence, rows: u16, (xr, xc): (usize, usize)) -> ([u16; 9], usize) {
    let stack = 0b111u16 << (xc / 3 * 3);
    let mut left = [0u16; 9];
    let mut n = 0;
    for r in bits(rows) {
        left[n] = if r == xr {
            0
        } else if r / 3 == xr / 3 {
            m.ones[r] & !(1 << xc) & !stack
        } else {
            m.ones[r] & !(1 << xc)
        };
        n += 1;
    }
    (left, n)
}

/// Whether each line (a mask of the columns it may use) gets its own column (Kuhn's
/// augmenting paths).
fn has_matching(lines: &[u16]) -> bool {
    fn augment(lines: &[u16], i: usize, seen: &mut u16, owner: &mut [Option<usize>; 9]) -> bool {
        for c in bits(lines[i]) {
            if *seen >> c & 1 == 1 {
                continue;
            }
            *seen |= 1 << c;
            if owner[c].is_none_or(|j| augment(lines, j, seen, owner)) {
                owner[c] = Some(i);
                return true;
            }
        }
        false
    }
    let mut owner = [None; 9];
    (0..lines.len()).all(|i| augment(lines, i, &mut 0, &mut owner))
}

/// The grid ALS of one kind (or of every kind, `None`) as they are found: each target
/// once, from the smallest grid ALS, grouped by description.
struct GridAlsFinds {
    kind: Option<FinKind>,
    /// The targets found so far, by candidate index.
    done: Vec<bool>,
    groups: Vec<(GridAls, Vec<Candidate>)>,
}

impl GridAlsFinds {
    fn new(kind: Option<FinKind>) -> GridAlsFinds {
        GridAlsFinds {
            kind,
            done: vec![false; 729],
            groups: Vec::new(),
        }
    }

    /// Takes target `x` of grid ALS `g` when of its kind and not yet found.
    fn take(&mut self, g: &GridAls, x: Candidate) {
        if self.done[x.index()] || self.kind.is_some_and(|k| k != g.kind) {
            return;
        }
        self.done[x.index()] = true;
        match self.groups.iter_mut().find(|(h, _)| h == g) {
            Some((_, targets)) => targets.push(x),
            None => self.groups.push((g.clone(), vec![x])),
        }
    }
}

/// Grid-based almost-locked sets ([Hanson SA]): for a digit, n lines whose places lie in
/// n + 1 cross lines; a candidate outside them that would knock two cross lines out is
/// eliminated. Each is reported as the finned or sashimi fish HoDoKu sees, with its fins
/// and, when it concludes the same, its complementary grid ALS; `kind` keeps only finned
/// or only sashimi ones. Each target once, from the smallest grid ALS.
///
/// Finned fish are searched with sashimi ones in one pass (the resolution strategy asks
/// for sashimi fish on the state where it found no finned one): the sashimi fish are kept
/// for the thread's next question, on that state only ([`LAST_SASHIMI`]).
pub fn grid_als(links: &LinkIndex, kind: Option<FinKind>) -> Vec<Proof> {
    grid_als_in(&MaskView::new(links), kind)
}

/// [`grid_als`] on the state's mask view.
pub fn grid_als_in(v: &MaskView, kind: Option<FinKind>) -> Vec<Proof> {
    match kind {
        Some(FinKind::Finned) => {
            let [finned, sashimi] = grid_als_of(v, [Some(FinKind::Finned), Some(FinKind::Sashimi)]);
            LAST_SASHIMI.with(|last| *last.borrow_mut() = Some((v.clone(), sashimi)));
            finned
        }
        Some(FinKind::Sashimi) => {
            let kept = LAST_SASHIMI.with(|last| {
                last.borrow()
                    .as_ref()
                    .and_then(|(at, proofs)| (at == v).then(|| proofs.clone()))
            });
            kept.unwrap_or_else(|| {
                let [sashimi] = grid_als_of(v, [kind]);
                sashimi
            })
        }
        _ => {
            let [all] = grid_als_of(v, [kind]);
            all
        }
    }
}

/// SudoRules' finned fish of `size` base lines (its config's `?*FinnedFish*`: finned
/// x-wing, swordfish and jellyfish, fins in one block, sashimi included): the finned and
/// sashimi fish of rows against columns of that size.
pub fn finned_fish_of_size(v: &MaskView, size: usize) -> Vec<Proof> {
    let [finned, sashimi] = grid_als_of(v, [Some(FinKind::Finned), Some(FinKind::Sashimi)]);
    finned
        .into_iter()
        .chain(sashimi)
        .filter(|p| p.length == size)
        .collect()
}

thread_local! {
    /// The sashimi fish of the state (its mask view) whose finned fish this thread searched
    /// last.
    static LAST_SASHIMI: std::cell::RefCell<Option<(MaskView, Vec<Proof>)>> =
        const { std::cell::RefCell::new(None) };
}

/// [`grid_als`] on a state's mask view for each of `kinds` at once (each as `grid_als`
/// with that kind finds them).
fn grid_als_of<const K: usize>(v: &MaskView, kinds: [Option<FinKind>; K]) -> [Vec<Proof>; K] {
    let mut finds = kinds.map(GridAlsFinds::new);
    for n in 2..=MAX_GRID_ALS {
        for digit in Digit::all() {
            for rows in [true, false] {
                let view = GridView::Lines { digit, rows };
                let m = Incidence::of(v, view);
                let eligible = OpenRows::of(&m, 1, n + 1);
                lines_in_one_more(&m.ones, eligible.as_slice(), n, |base, cols| {
                    // whether a place knocks the lines out depends on its band and its
                    // cross line only (`lines_left`): asked once each
                    let mut knocks: [Option<bool>; 27] = [None; 27];
                    for r in bits(m.open_rows & !base) {
                        for c in bits(m.ones[r]) {
                            let x = view.candidate(r, c);
                            if finds.iter().all(|f| f.done[x.index()])
                                || !*knocks[r / 3 * 9 + c]
                                    .get_or_insert_with(|| knocks_out_all(&m, base, (r, c)))
                            {
                                continue;
                            }
                            let g = describe_grid_als(view, &m, base, cols, x);
                            for f in &mut finds {
                                f.take(&g, x);
                            }
                        }
                    }
                });
            }
        }
    }
    finds.map(|f| proofs_of(v, f.groups))
}

/// The proofs of grid ALS groups: targets sorted, the complement kept only when it
/// eliminates every target too.
fn proofs_of(v: &MaskView, groups: Vec<(GridAls, Vec<Candidate>)>) -> Vec<Proof> {
    groups
        .into_iter()
        .map(|(mut g, mut targets)| {
            targets.sort();
            // the complement is kept only when it eliminates every target too
            if let Some((rows_c, _)) = &g.complement {
                let t_view = GridView::Lines {
                    digit: g.digit,
                    rows: matches!(rows_c[0], House::Row(_)),
                };
                let t = Incidence::of(v, t_view);
                let mask = rows_c.iter().fold(0u16, |u, h| u | 1 << (h.index() % 9));
                let outside = |x: &Candidate| {
                    let line = if t_view
                        == (GridView::Lines {
                            digit: g.digit,
                            rows: true,
                        }) {
                        x.cell().row()
                    } else {
                        x.cell().col()
                    };
                    mask >> line & 1 == 0
                };
                if !targets
                    .iter()
                    .all(|x| outside(x) && knocks_out(t_view, &t, mask, x.cell()))
                {
                    g.complement = None;
                }
            }
            Proof::new(Pattern::GridAls(Box::new(g)), targets, vec![])
        })
        .collect()
}

/// The finned/sashimi description of a grid ALS and one of its targets.
fn describe_grid_als(view: GridView, m: &Incidence, base: u16, cols: u16, x: Candidate) -> GridAls {
    let GridView::Lines { digit, rows } = view else {
        unreachable!("grid ALS are seen on lines")
    };
    let x_cross = if rows { x.cell().col() } else { x.cell().row() };
    let fins: Vec<Cell> = {
        let mut f: Vec<Cell> = bits(base)
            .flat_map(|r| bits(m.ones[r]).map(move |c| (r, c)))
            .filter(|&(r, c)| {
                let p = view.candidate(r, c).cell();
                p.block() == x.cell().block() && c != x_cross
            })
            .map(|(r, c)| view.candidate(r, c).cell())
            .collect();
        f.sort();
        f
    };
    let base_lines: Vec<House> = bits(base).map(|i| line(rows, i)).collect();
    let cover_lines: Vec<House> = bits(cols).map(|i| line(!rows, i)).collect();
    let places: Vec<Cell> = bits(base)
        .flat_map(|r| bits(m.ones[r]).map(move |c| view.candidate(r, c).cell()))
        .collect();
    let kind = fin_kind(&base_lines, &cover_lines, &places, &fins);
    // the complement of the fish HoDoKu sees: the open cross lines outside its covers (the
    // cover lines holding a place that is not a fin) against the lines their places use —
    // the open lines outside the base, and the fins' lines
    let fish_covers = bits(base).fold(0u16, |u, r| {
        u | bits(m.ones[r])
            .filter(|&c| !fins.contains(&view.candidate(r, c).cell()))
            .fold(0u16, |k, c| k | 1 << c)
    });
    let complement = {
        let t = m.transpose();
        let rows_c = m.open_cols & !fish_covers;
        let cols_c = bits(rows_c).fold(0u16, |u, r| u | t.ones[r]);
        (rows_c != 0 && fish_covers.count_ones() as usize == base.count_ones() as usize).then(
            || {
                (
                    bits(rows_c).map(|i| line(!rows, i)).collect(),
                    bits(cols_c).map(|i| line(rows, i)).collect(),
                )
            },
        )
    };
    GridAls {
        digit,
        base: base_lines,
        cover: cover_lines,
        fins,
        kind,
        complement,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::CspVariable;

    /// The view as its fields are defined: each house's cells in `House::cells` order, the
    /// house-digit variables decided in the index.
    fn view_by_definition(links: &LinkIndex) -> MaskView {
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
                for d in 0..9 {
                    if v.cell[cell.index()] >> d & 1 == 1 {
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

    #[test]
    fn mask_view_matches_its_definition() {
        let lines = [
            "..34......5...912.7...2.....1.5.7..86...9...7.......34..2.............9.9...61.75",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ];
        for line in lines {
            let puzzle = sudolink_engine::grid::format::parse_line(line, 1).expect("puzzle");
            let mut state = puzzle.start_state().expect("consistent");
            // and a state with more of the grid decided: a few placements of its singles
            for round in 0..2 {
                let links = LinkIndex::new(&state);
                let (fast, slow) = (MaskView::new(&links), view_by_definition(&links));
                assert_eq!(fast.cell, slow.cell, "{line} round {round}");
                assert_eq!(fast.places, slow.places, "{line} round {round}");
                assert_eq!(fast.placed, slow.placed, "{line} round {round}");
                let singles: Vec<Cell> = Cell::all()
                    .filter(|c| fast.cell[c.index()].count_ones() == 1)
                    .take(3)
                    .collect();
                for cell in singles {
                    let d = Digit::from_index(fast.cell[cell.index()].trailing_zeros() as usize);
                    state
                        .place(Candidate::new(cell, d))
                        .expect("a naked single places");
                }
            }
        }
    }

    fn matrix(rows: [&str; 9]) -> Incidence {
        let ones: [u16; 9] = std::array::from_fn(|r| {
            rows[r]
                .chars()
                .filter_map(|ch| ch.to_digit(10))
                .fold(0u16, |m, c| m | 1 << (c - 1))
        });
        Incidence {
            ones,
            open_rows: open_positions(&ones),
            open_cols: ones.iter().fold(0, |m, r| m | r),
        }
    }

    #[test]
    fn the_seed_5x5_circuit_is_the_complement_of_a_single() {
        // [Hanson SA]: the 1s by column, rows {379 469 14679 46 139 1}: five columns in the
        // rows 3 4 6 7 9, and the column holding 1 alone
        let m = matrix(["379", "469", "14679", "46", "139", "1", "", "", ""]);
        let mut found = Vec::new();
        locked_sets(&m, 1, 1, |s| found.push(s));
        assert_eq!(
            found,
            [LockedSet {
                rows: 1 << 5,
                cols: 1
            }]
        );
        let single = found[0];
        let quintuplet = single.complement(&m).unwrap();
        assert_eq!(quintuplet.size(), 5);
        // the complement's eliminations are the single's: the 1s of rows 3 and 5 (matrix
        // rows 2 and 4 hold a 1)
        let t = m.transpose();
        let mut from_single = single.eliminations(&m);
        from_single.sort();
        let mut from_quintuplet: Vec<(usize, usize)> = quintuplet
            .eliminations(&t)
            .into_iter()
            .map(|(r, c)| (c, r))
            .collect();
        from_quintuplet.sort();
        assert_eq!(from_single, [(2, 0), (4, 0)]);
        assert_eq!(from_single, from_quintuplet);
    }

    #[test]
    fn transposing_twice_gives_the_matrix_back() {
        let m = matrix(["12", "23", "13", "456", "4", "789", "7", "8", "9"]);
        assert_eq!(m.transpose().transpose(), m);
    }
}
