//! eleven's impossible patterns (eleven, "Chromatic patterns", New Sudoku Players' Forum
//! thread t39885, 2022) as CSP-Rules 2.1 ships them (Denis Berthier,
//! `SudoRules-V20.1/EXOTIC/Imp630/`, one generated rule file `EL<n>c<i>` per pattern), and
//! their OR relations in a state: the table, the matcher, and the graph's Imp630
//! [`super::Node::OrRelation`] nodes. What the patterns are, why none can be filled and what
//! a relation concludes is stated in `proof::imp630`, whose checker reads this table (and
//! not the matcher); `search::imp630` and the OR-k chains read the relations from here.
//!
//! Example (#4982 of mith's T&E(3) list, after the basic rules): the graph's node
//! `EL14c30s-OR1{n3r5c1}{n2 n4 n8}`, SudoRules' "EL14c30s-OR1-relation for digits: 2, 4
//! and 8" on its fourteen cells, with an `or_member` edge to its one guardian.
//!
//! **The table** ([`patterns`], the embedded `imp630_patterns.txt`, one line per rule file:
//! name, Select list, 81-character pattern): 592 patterns of 10 to 16 cells in two bands;
//! each also matches its transpose (the rule's `EL<n>c<i>s` twin). Berthier's Select1 and
//! Select2 lists ([`selection`]) hold 5 and 12 of them.
//!
//! **The graph's relations** ([`relations`] on [`GRAPH_SELECT`], Select2, which holds
//! Select1): complete (every cell holds the three digits: SudoRules' rule) and reduced
//! (every cell holds one of them at least, or was decided to one: what SudoRules keeps
//! once asserted) forms, 1 to [`MAX_GUARDIANS`] guardians (SudoRules'
//! `?*max-guardians*`), each cell set and digits once (the first pattern of the list, and
//! orientation, that gives it). A relation whose guardians are a tridagon's, or another
//! Imp630 relation's, is still its own node: its cells and pattern differ, and the graph
//! shows what each pattern concludes (the OR-k chains keep each guardian set once).
//!
//! **How**: for each three digits (84), the cells that may join (holding enough of the
//! digits) and their guardian counts once; then for each pattern and orientation a
//! backtracking over the pattern's cells in an order where each cell shares a row or a
//! column with an earlier one. A cell fixes its pattern row and column the first time it
//! meets them — a grid line not yet used, in the band (stack) already given to its pattern
//! band exactly when that band has one — and must be a fitting cell with the guardians so
//! far within `max_k`, counting for the cells still to place the fewest guardians that many
//! fitting cells have. The line choices are 9-bit masks ANDed with the row's fitting
//! columns; nothing is allocated until a match is complete.
//!
//! **Complexity**: at most 84 digit sets × 2 orientations × the list's patterns (5 or 12)
//! searches, each bounded by the maps of at most 9 rows and 9 columns but cut at the first
//! cell that does not fit or passes the guardian bound.

use super::or_relations::{guardians_of, placed_masks, triples, write_relation, RelationForm};
use super::LinkIndex;
use crate::grid::bits::bits;
use crate::grid::{Candidate, Cell, Digit};
use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;

/// The table: CSP-Rules 2.1, `SudoRules-V20.1/EXOTIC/Imp630`, Denis Berthier after
/// eleven's list, 2022–2024 (each rule file's pattern string and its Select list).
const TABLE: &str = include_str!("imp630_patterns.txt");

/// The most guardians of a relation SudoRules asserts (`?*max-guardians*`, not applied to
/// tridagons), and of the graph's Imp630 relations.
pub const MAX_GUARDIANS: usize = 8;

/// The Select list whose relations the graph holds: Berthier's Select2 (with Select1's).
pub const GRAPH_SELECT: u8 = 2;

/// One of eleven's patterns as SudoRules' rule file `name` states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImpPattern {
    /// `EL13c290`: n cells, the i-th of them in eleven's list.
    pub name: &'static str,
    /// The first of Berthier's lists Select1…Select4 it is in (cumulative: Select2 holds
    /// Select1's patterns and its own), 0 when in none.
    pub select: u8,
    /// Its cells (row, column), 0-based, by row then column.
    pub cells: Vec<(usize, usize)>,
}

impl ImpPattern {
    /// The cells of the pattern, or of its transpose (`transposed`: SudoRules' `s` twin),
    /// by row then column.
    pub fn oriented(&self, transposed: bool) -> Vec<(usize, usize)> {
        let mut cells: Vec<(usize, usize)> = if transposed {
            self.cells.iter().map(|&(r, c)| (c, r)).collect()
        } else {
            self.cells.clone()
        };
        cells.sort_unstable();
        cells
    }
}

/// One table line: `EL13c290 13 1 ........X..X…`.
fn parse_line(line: &'static str) -> Option<ImpPattern> {
    let mut words = line.split_whitespace();
    let name = words.next()?;
    let size: usize = words.next()?.parse().ok()?;
    let select: u8 = words.next()?.parse().ok()?;
    let grid = words.next()?;
    let cells: Vec<(usize, usize)> = grid
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'X')
        .map(|(i, _)| (i / 9, i % 9))
        .collect();
    (grid.len() == 81 && cells.len() == size).then_some(ImpPattern {
        name,
        select,
        cells,
    })
}

/// Every pattern of the table (592), in its order: the Select lists' in the order of
/// SudoRules' saliences, then the others by cells and number.
pub fn patterns() -> &'static [ImpPattern] {
    static PATTERNS: OnceLock<Vec<ImpPattern>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| parse_line(l).expect("a well-formed table line"))
            .collect()
    })
}

/// The pattern a relation's name (`EL13c290` or its transpose `EL13c290s`) refers to, and
/// whether transposed.
pub fn named(name: &str) -> Option<(&'static ImpPattern, bool)> {
    let (base, transposed) = match name.strip_suffix('s') {
        Some(base) => (base, true),
        None => (name, false),
    };
    patterns()
        .iter()
        .find(|p| p.name == base)
        .map(|p| (p, transposed))
}

/// The patterns of Berthier's list Select`j` (with the lower lists' ones).
pub fn selection(j: u8) -> impl Iterator<Item = &'static ImpPattern> {
    patterns()
        .iter()
        .filter(move |p| p.select >= 1 && p.select <= j)
}

/// An Imp630 OR relation of a state: the pattern's name (`EL14c30s`, `s` for the
/// transpose), its three digits (ascending), its cells (the images of the oriented
/// pattern's cells, in its order), its form (complete or reduced) and its guardians (the
/// cells' open candidates outside the digits, ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImpRelation {
    pub name: String,
    pub digits: [Digit; 3],
    pub cells: Vec<Cell>,
    pub form: RelationForm,
    pub guardians: Vec<Candidate>,
}

impl ImpRelation {
    /// k, the number of guardians.
    pub fn k(&self) -> usize {
        self.guardians.len()
    }
}

impl fmt::Display for ImpRelation {
    /// `EL14c30s-OR2{n5r3c9 n1r6c3}{n2 n6 n8}`: SudoRules' name of the relation, the
    /// guardians and the pattern's digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_relation(f, &self.name, &self.guardians, &self.digits)
    }
}

/// Three digits' view of the state: which cells may join a pattern and with how many
/// guardians.
struct Fit {
    /// Each cell's guardians (its open digits outside the three), [`NO_FIT`] when it may
    /// not join.
    guardians: [u8; 81],
    /// Each row's cells that may join, as a column mask.
    rows: [u16; 9],
    count: usize,
    /// The fewest guardians any `m` cells that may join have (`least[m]`, saturating): a
    /// bound on what the cells still to place add.
    least: [u8; 82],
}

const NO_FIT: u8 = u8::MAX;

impl Fit {
    /// A cell may join when it holds at least `min_digits` of the digits `tm` (for 1, also
    /// when it was decided to one of them during the resolution: `placed`).
    fn new(open: &[u16; 81], placed: &[u16; 81], tm: u16, min_digits: u32) -> Fit {
        let mut fit = Fit {
            guardians: [NO_FIT; 81],
            rows: [0; 9],
            count: 0,
            least: [u8::MAX; 82],
        };
        // how many cells may join with each number of guardians (0 to 9)
        let mut by_guardians = [0usize; 10];
        for i in 0..81 {
            let held = (open[i] & tm).count_ones();
            let decided = min_digits <= 1 && open[i] == 0 && placed[i] & tm != 0;
            if held >= min_digits || decided {
                let g = (open[i] & !tm).count_ones() as u8;
                fit.guardians[i] = g;
                fit.rows[i / 9] |= 1 << (i % 9);
                fit.count += 1;
                by_guardians[g as usize] += 1;
            }
        }
        let mut sum = 0usize;
        let mut m = 0;
        fit.least[0] = 0;
        for (g, &n) in by_guardians.iter().enumerate() {
            for _ in 0..n {
                m += 1;
                sum += g;
                fit.least[m] = sum.min(u8::MAX as usize) as u8;
            }
        }
        fit
    }
}

/// The partial map of pattern lines (rows or columns) to grid lines.
#[derive(Clone, Copy)]
struct LineMap {
    /// Each pattern line's image, [`UNSET`] when not yet fixed.
    to: [u8; 9],
    /// Each pattern band's image band, [`UNSET`] when none.
    band: [u8; 3],
    /// The grid lines used, as a mask.
    used: u16,
    /// The grid bands used, as a mask.
    bands: u8,
}

const UNSET: u8 = u8::MAX;
/// The three lines of each band, as masks.
const BAND_LINES: [u16; 3] = [0o7, 0o70, 0o700];

impl LineMap {
    const EMPTY: LineMap = LineMap {
        to: [UNSET; 9],
        band: [UNSET; 3],
        used: 0,
        bands: 0,
    };

    /// The grid lines `p` may go to, as a mask: its image if fixed, else a line not yet
    /// used whose band is the image band of `p`'s band, or of a band not yet used when
    /// `p`'s band has none.
    fn choices(&self, p: usize) -> u16 {
        if self.to[p] != UNSET {
            return 1 << self.to[p];
        }
        match self.band[p / 3] {
            UNSET => (0..3)
                .filter(|b| self.bands >> b & 1 == 0)
                .fold(0, |m, b| m | BAND_LINES[b]),
            b => BAND_LINES[b as usize] & !self.used,
        }
    }

    /// `p` sent to `g` (a choice of [`LineMap::choices`]).
    fn with(mut self, p: usize, g: usize) -> LineMap {
        if self.to[p] == UNSET {
            self.to[p] = g as u8;
            self.used |= 1 << g;
            self.band[p / 3] = (g / 3) as u8;
            self.bands |= 1 << (g / 3);
        }
        self
    }
}

/// The pattern's cells in a search order: each after one sharing its row or column, when
/// there is one.
fn search_order(cells: &[(usize, usize)]) -> Vec<(usize, usize)> {
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
    order.into_iter().map(|i| cells[i]).collect()
}

/// A pattern in one orientation, ready for the search.
struct Oriented {
    /// `EL14c30`, or `EL14c30s` transposed.
    name: String,
    /// Its cells in the pattern's order.
    shape: Vec<(usize, usize)>,
    /// The same in the search order ([`search_order`]).
    order: Vec<(usize, usize)>,
}

impl Oriented {
    fn new(p: &ImpPattern, transposed: bool) -> Oriented {
        let shape = p.oriented(transposed);
        Oriented {
            name: format!("{}{}", p.name, if transposed { "s" } else { "" }),
            order: search_order(&shape),
            shape,
        }
    }
}

/// The search for one oriented pattern and three digits.
struct Matcher<'a> {
    fit: &'a Fit,
    shape: &'a [(usize, usize)],
    order: &'a [(usize, usize)],
    max_k: usize,
    found: Vec<Vec<Cell>>,
}

impl Matcher<'_> {
    fn walk(&mut self, depth: usize, rows: LineMap, cols: LineMap, guardians: usize) {
        let Some(&(pr, pc)) = self.order.get(depth) else {
            let cells = self
                .shape
                .iter()
                .map(|&(r, c)| Cell::at(rows.to[r] as usize, cols.to[c] as usize))
                .collect();
            self.found.push(cells);
            return;
        };
        // what the cells after this one add at least
        let after = self.fit.least[self.order.len() - depth - 1] as usize;
        let col_choices = cols.choices(pc);
        for r in bits(rows.choices(pr)) {
            for c in bits(self.fit.rows[r] & col_choices) {
                let g = guardians + self.fit.guardians[r * 9 + c] as usize;
                if g + after <= self.max_k {
                    self.walk(depth + 1, rows.with(pr, r), cols.with(pc, c), g);
                }
            }
        }
    }
}

/// The relation on matched cells, when it has guardians.
fn relation_of(
    open: &[u16; 81],
    name: String,
    cells: Vec<Cell>,
    (tm, digits): (u16, [Digit; 3]),
) -> Option<ImpRelation> {
    let complete = cells.iter().all(|c| open[c.index()] & tm == tm);
    let guardians = guardians_of(open, &cells, tm);
    (!guardians.is_empty()).then_some(ImpRelation {
        name,
        digits,
        cells,
        form: if complete {
            RelationForm::Complete
        } else {
            RelationForm::Reduced
        },
        guardians,
    })
}

/// Every relation of the patterns of `list` in the state whose cells each hold at least
/// `min_digits` (3 or 1) of the digits, with 1 to `max_k` guardians; each cell set and
/// digits once (the first pattern and orientation of the list that gives it), by digits,
/// then pattern.
pub fn relations_of(
    links: &LinkIndex,
    list: &[&ImpPattern],
    min_digits: u32,
    max_k: usize,
) -> Vec<ImpRelation> {
    let open = links.cell_masks();
    let placed = if min_digits <= 1 {
        placed_masks(links)
    } else {
        [0; 81]
    };
    let oriented: Vec<Oriented> = list
        .iter()
        .flat_map(|p| [false, true].map(|transposed| Oriented::new(p, transposed)))
        .collect();
    let mut seen: HashSet<(u128, u16)> = HashSet::new();
    let mut out = Vec::new();
    for triple in triples() {
        let tm = triple.0;
        let fit = Fit::new(&open, &placed, tm, min_digits);
        for o in &oriented {
            let n = o.shape.len();
            if fit.count < n || fit.least[n] as usize > max_k {
                continue;
            }
            let mut m = Matcher {
                fit: &fit,
                shape: &o.shape,
                order: &o.order,
                max_k,
                found: Vec::new(),
            };
            m.walk(0, LineMap::EMPTY, LineMap::EMPTY, 0);
            for cells in m.found {
                let key = cells.iter().fold(0u128, |m, c| m | 1 << c.index());
                if seen.insert((key, tm)) {
                    out.extend(relation_of(&open, o.name.clone(), cells, triple));
                }
            }
        }
    }
    out
}

/// [`relations_of`] on Berthier's list Select`select`.
pub fn relations(links: &LinkIndex, select: u8, min_digits: u32, max_k: usize) -> Vec<ImpRelation> {
    let list: Vec<&ImpPattern> = selection(select).collect();
    relations_of(links, &list, min_digits, max_k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_every_file_and_the_select_lists() {
        assert_eq!(patterns().len(), 592);
        assert_eq!(selection(1).count(), 5);
        assert_eq!(selection(2).count(), 12);
        assert_eq!(selection(4).count(), 28);
        let (p, t) = named("EL13c290s").expect("in the table");
        assert!(t && p.select == 1 && p.cells.len() == 13);
    }

    #[test]
    fn line_maps_keep_bands() {
        let m = LineMap::EMPTY;
        assert_eq!(m.choices(4), 0o777);
        let m = m.with(4, 7);
        // a row of the same pattern band: the other rows of grid band 3
        assert_eq!(m.choices(3), 1 << 6 | 1 << 8);
        // a row of another pattern band: another grid band
        assert_eq!(m.choices(0), 0o77);
        // a fixed row: its image
        assert_eq!(m.choices(4), 1 << 7);
    }
}
