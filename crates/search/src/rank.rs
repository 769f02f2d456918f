//! The rank engine and the searches on it: rank-0 sets of truths and links
//! ([`sudolink_engine::proof::rank`], whose doc states Barker's theorem) — the multi-sector locked set
//! and the SK-loop.
//!
//! **The engine** ([`cover`]): given truths (CSP variables, pairwise disjoint), find the
//! fewest links covering every truth candidate exactly once, each link a CSP variable the
//! caller allows. The truth candidates fall into independent parts (two candidates are in the
//! same part when some allowed link holds both); each part's smallest exact cover is found
//! depth-first (the uncovered candidate with the fewest links first, bounded by the best
//! cover so far). When the total equals the number of truths the set has rank 0 and what
//! its links hold outside the truths goes. Work: one step per depth-first node, at most the
//! caller's budget; past it the engine answers `None` (no set), never a wrong one.
//!
//! **Multi-sector locked sets** ([`find_msls`]), as the "Using Multi-Sector Locked Sets"
//! thread (forum.enjoysudoku.com, David P Bird, Allan Barker, blue, Leren et al., 2013)
//! builds them: the empty cells of k rows × m columns are the truths; each digit is linked
//! either in the rows (the thread's "Home" digits: one link per row where the digit is a
//! candidate of the set's cells) or in the columns ("Away" digits), whichever needs fewer
//! links. If that count equals the number of cells, the Home digits go from the rows outside
//! the set's columns and the Away digits from the columns outside its rows. Each digit's
//! choice is independent, so a set of rows and columns is tried in O(k + m) mask steps; sets
//! of 2 to [`MSLS_MAX_LINES`] rows and as many columns are tried, at most
//! [`MSLS_MAX_WORK`] of them a state. Example (pjb's question in that thread on the "golden
//! nugget", 2013): `Base 1247; r5689, c3589` — 16 cells, but 17 links: not rank 0.
//!
//! **Belts** ([`find_belts`]): Berthier's rings of four or six crosses, each cross a
//! centre's mini-row and mini-column ends with two inner digits; the SK-loop is his Belt4
//! with placed centres.
//!
//! **SK-loops** ([`find_sk_loops`]), Steve Kurzhals' loop on Easter Monster (forum, 2006),
//! defined on SudokuWiki's "SK Loops" page (Andrew Stuart, after Phil Bingham's write-up):
//! four placed digits at the corners of a rectangle in four blocks (two bands, two stacks);
//! around each, the two other cells of its block's mini-row and of its mini-column. These
//! (empty) cells are the truths; the links are digits of the four blocks and of the two rows
//! and two columns through the corners. A rank-0 cover by those links is the loop (its
//! "single, double or triple links" in SudokuWiki's words are the one to three digits a
//! mini-line pair shares with its neighbour). 27 × 27 rectangles a state; each cover is a
//! few hundred steps.

use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, CspVariable, Digit};
use sudolink_engine::proof::rank::{RankForm, RankPattern};
use sudolink_engine::proof::{Pattern, Proof};

/// The most rows (and columns) of a multi-sector locked set searched.
pub const MSLS_MAX_LINES: usize = 5;
/// The sets of rows and columns an MSLS search may try in a state.
pub const MSLS_MAX_WORK: usize = 400_000;
/// The depth-first steps one cover may take.
pub const COVER_MAX_WORK: usize = 20_000;

/// The fewest links covering each candidate of `truths` once, the links the variables
/// `allowed` accepts (never a truth, never a decided variable), with their number; `None`
/// when the truths overlap, a candidate has no allowed link, or the work passes `budget`.
pub fn cover(
    links: &LinkIndex,
    truths: &[CspVariable],
    allowed: &dyn Fn(CspVariable) -> bool,
    budget: usize,
) -> Option<Vec<CspVariable>> {
    let mut all = CandidateSet::EMPTY;
    let mut count = 0;
    for &t in truths {
        let s = links.variable(t);
        count += s.len();
        all.union_with(s);
    }
    if all.len() != count {
        return None;
    }
    let usable = |v: CspVariable| allowed(v) && !truths.contains(&v) && !links.is_decided(v);
    // the parts: candidates joined by an allowed link holding both
    let mut left = all;
    let mut chosen = Vec::new();
    let mut work = 0;
    while let Some(seed) = left.first() {
        let mut part = CandidateSet::EMPTY;
        let mut stack = vec![seed];
        part.insert(seed);
        while let Some(c) = stack.pop() {
            for v in c.variables().into_iter().filter(|&v| usable(v)) {
                for d in links.variable(v).intersection(&all).iter() {
                    if part.insert(d) {
                        stack.push(d);
                    }
                }
            }
        }
        left.subtract(&part);
        let mut best: Option<Vec<CspVariable>> = None;
        let mut path = Vec::new();
        let mut search = Cover {
            links,
            all: &all,
            usable: &usable,
            work: &mut work,
            budget,
        };
        search.dfs(part, &mut path, &mut best);
        if work > budget {
            return None;
        }
        chosen.extend(best?);
    }
    Some(chosen)
}

/// One part's depth-first exact cover.
struct Cover<'a> {
    links: &'a LinkIndex,
    all: &'a CandidateSet,
    usable: &'a dyn Fn(CspVariable) -> bool,
    work: &'a mut usize,
    budget: usize,
}

impl Cover<'_> {
    /// The links of `c` that fit in `uncovered`, with what of the truths each covers.
    fn options(&self, c: Candidate, uncovered: &CandidateSet) -> Vec<(CspVariable, CandidateSet)> {
        c.variables()
            .into_iter()
            .filter(|&v| (self.usable)(v))
            .map(|v| (v, self.links.variable(v).intersection(self.all)))
            .filter(|(_, s)| s.is_subset(uncovered))
            .collect()
    }

    fn dfs(
        &mut self,
        uncovered: CandidateSet,
        path: &mut Vec<CspVariable>,
        best: &mut Option<Vec<CspVariable>>,
    ) {
        *self.work += 1;
        if *self.work > self.budget {
            return;
        }
        if uncovered.is_empty() {
            if best.as_ref().is_none_or(|b| path.len() < b.len()) {
                *best = Some(path.clone());
            }
            return;
        }
        if best.as_ref().is_some_and(|b| path.len() + 1 >= b.len()) {
            return;
        }
        // the uncovered candidate with the fewest options
        let mut pick: Option<Vec<(CspVariable, CandidateSet)>> = None;
        for c in uncovered.iter() {
            let o = self.options(c, &uncovered);
            if pick.as_ref().is_none_or(|p| o.len() < p.len()) {
                let done = o.len() <= 1;
                pick = Some(o);
                if done {
                    break;
                }
            }
        }
        let mut options = pick.unwrap_or_default();
        // the largest first: a good bound early
        options.sort_by_key(|(_, s)| std::cmp::Reverse(s.len()));
        for (v, s) in options {
            path.push(v);
            self.dfs(uncovered.difference(&s), path, best);
            path.pop();
        }
    }
}

/// The proof of a rank-0 set: its links' open candidates outside the truths go (`None`
/// when there are none, or when the set is not rank 0).
pub fn proof_of(
    links: &LinkIndex,
    form: RankForm,
    truths: Vec<CspVariable>,
    mut link_sets: Vec<CspVariable>,
) -> Option<Proof> {
    link_sets.sort();
    if truths.len() != link_sets.len() {
        return None;
    }
    let mut inside = CandidateSet::EMPTY;
    for &t in &truths {
        inside.union_with(links.variable(t));
    }
    let mut out = CandidateSet::EMPTY;
    for &l in &link_sets {
        out.union_with(links.variable(l));
    }
    out.subtract(&inside);
    if out.is_empty() {
        return None;
    }
    let pattern = RankPattern {
        form,
        truths,
        links: link_sets,
    };
    Some(Proof::new(
        Pattern::Rank(Box::new(pattern)),
        out.iter().collect(),
        vec![],
    ))
}

/// The rank-0 set, if any, of the given truths with the links `allowed` accepts (never a
/// cell when the truths are cells): what Sue de Coq (its cells, links in its line and
/// block), a fish (its base lines, links in its cover lines) and the like are in Barker's
/// terms.
pub fn find_for_truths(
    links: &LinkIndex,
    truths: &[CspVariable],
    allowed: &dyn Fn(CspVariable) -> bool,
) -> Option<Proof> {
    let chosen = cover(links, truths, allowed, COVER_MAX_WORK)?;
    proof_of(links, RankForm::Rank0, truths.to_vec(), chosen)
}

/// Subsets of 0..9 (as 9-bit masks) with `lo..=hi` members, ascending.
fn subsets(lo: usize, hi: usize) -> Vec<u16> {
    (1u16..512)
        .filter(|m| (lo..=hi).contains(&(m.count_ones() as usize)))
        .collect()
}

/// A 9-bit digit mask spread into nine 4-bit counters (digit d in bits 4d..4d+4), so that
/// the masks of up to 15 lines add up into per-digit counts in one addition each.
fn nibbles(mask: u16) -> u64 {
    (0..9).fold(0, |acc, d| acc | (((mask >> d) & 1) as u64) << (4 * d))
}

/// Every multi-sector locked set of the state (rows × columns, each digit linked in rows
/// or in columns), one proof per distinct set of eliminations, the smallest sets first.
///
/// **Complexity**: per state, tables of each row's (column's) digits under each of the 512
/// column (row) masks, then O(k + m + 9) per pair of line sets — at most
/// [`MSLS_MAX_WORK`] pairs (the 372 × 372 sets of 2 to 5 lines fit).
pub fn find_msls(links: &LinkIndex) -> Vec<Proof> {
    // the open digits of each cell, 0 for a placed cell
    let mask = links.cell_masks();
    let spread: Vec<u64> = (0u16..512).map(nibbles).collect();
    // row r's digits in the columns of m; column c's digits in the rows of m
    let mut row_tab = vec![[0u16; 512]; 9];
    let mut col_tab = vec![[0u16; 512]; 9];
    let mut empty_in_row = [0u16; 9];
    for i in 0..9 {
        for m in 1usize..512 {
            let low = m.trailing_zeros() as usize;
            row_tab[i][m] = row_tab[i][m & (m - 1)] | mask[i * 9 + low];
            col_tab[i][m] = col_tab[i][m & (m - 1)] | mask[low * 9 + i];
        }
        empty_in_row[i] = (0..9)
            .filter(|&c| mask[i * 9 + c] != 0)
            .fold(0, |acc, c| acc | 1 << c);
    }
    let lines: Vec<(u16, Vec<usize>)> = subsets(2, MSLS_MAX_LINES)
        .into_iter()
        .map(|m| (m, bits(m).collect()))
        .collect();
    let mut found: Vec<(usize, Proof)> = Vec::new();
    let mut seen: Vec<Vec<Candidate>> = Vec::new();
    let mut work = 0;
    'rows: for (rows, rs) in &lines {
        let rows = *rows as usize;
        for (cols, cs) in &lines {
            work += 1;
            if work > MSLS_MAX_WORK {
                break 'rows;
            }
            let cols = *cols as usize;
            let mut in_rows = 0u64;
            let mut cells = 0;
            let mut empty_line = false;
            for &r in rs {
                let m = row_tab[r][cols];
                empty_line |= m == 0;
                in_rows += spread[m as usize];
                cells += (empty_in_row[r] & cols as u16).count_ones() as usize;
            }
            let mut in_cols = 0u64;
            for &c in cs {
                let m = col_tab[c][rows];
                empty_line |= m == 0;
                in_cols += spread[m as usize];
            }
            if empty_line {
                continue;
            }
            let count = |x: u64, d: usize| (x >> (4 * d) & 15) as usize;
            let needed: usize = (0..9)
                .map(|d| count(in_rows, d).min(count(in_cols, d)))
                .sum();
            if needed != cells {
                continue;
            }
            // Home digits (linked in rows) where that needs no more links than columns
            let mut truths = Vec::new();
            for &r in rs {
                for &c in cs {
                    if mask[r * 9 + c] != 0 {
                        truths.push(CspVariable::Rc(Cell::at(r, c)));
                    }
                }
            }
            let mut link_sets = Vec::new();
            for d in 0..9 {
                let digit = Digit::from_index(d);
                let (nr, nc) = (count(in_rows, d), count(in_cols, d));
                if nr == 0 {
                    continue;
                }
                if nr <= nc {
                    link_sets.extend(
                        rs.iter()
                            .filter(|&&r| row_tab[r][cols] >> d & 1 == 1)
                            .map(|&r| CspVariable::Rn(r as u8, digit)),
                    );
                } else {
                    link_sets.extend(
                        cs.iter()
                            .filter(|&&c| col_tab[c][rows] >> d & 1 == 1)
                            .map(|&c| CspVariable::Cn(c as u8, digit)),
                    );
                }
            }
            let Some(proof) = proof_of(links, RankForm::Msls, truths, link_sets) else {
                continue;
            };
            if seen.contains(&proof.eliminations) {
                continue;
            }
            seen.push(proof.eliminations.clone());
            found.push((cells, proof));
        }
    }
    found.sort_by_key(|(n, _)| *n);
    found.into_iter().map(|(_, p)| p).collect()
}

/// The cells of an SK-loop around the corners `rows` × `cols`: for each corner, the two
/// other cells of its mini-row and of its mini-column in its block.
pub fn sk_loop_cells(rows: [usize; 2], cols: [usize; 2]) -> Vec<Cell> {
    let mut out = Vec::new();
    for &r in &rows {
        for &c in &cols {
            let (r0, c0) = (r / 3 * 3, c / 3 * 3);
            out.extend((c0..c0 + 3).filter(|&x| x != c).map(|x| Cell::at(r, x)));
            out.extend((r0..r0 + 3).filter(|&y| y != r).map(|y| Cell::at(y, c)));
        }
    }
    out
}

/// Every SK-loop of the state: corners placed, the loop's empty cells as truths, a rank-0
/// cover by digits of the corners' blocks, rows and columns.
pub fn find_sk_loops(links: &LinkIndex) -> Vec<Proof> {
    let pairs: Vec<[usize; 2]> = (0..9)
        .flat_map(|a| (a + 1..9).map(move |b| [a, b]))
        .filter(|[a, b]| a / 3 != b / 3)
        .collect();
    let mut out: Vec<Proof> = Vec::new();
    for &rows in &pairs {
        for &cols in &pairs {
            let corners = [
                Cell::at(rows[0], cols[0]),
                Cell::at(rows[0], cols[1]),
                Cell::at(rows[1], cols[0]),
                Cell::at(rows[1], cols[1]),
            ];
            if corners.iter().any(|&c| links.value(c).is_none()) {
                continue;
            }
            let truths: Vec<CspVariable> = sk_loop_cells(rows, cols)
                .into_iter()
                .filter(|&c| links.value(c).is_none())
                .map(CspVariable::Rc)
                .collect();
            let blocks: Vec<u8> = corners.iter().map(|c| c.block() as u8).collect();
            let allowed = |v: CspVariable| match v {
                CspVariable::Rn(r, _) => rows.contains(&(r as usize)),
                CspVariable::Cn(c, _) => cols.contains(&(c as usize)),
                CspVariable::Bn(b, _) => blocks.contains(&b),
                CspVariable::Rc(_) => false,
            };
            let Some(chosen) = cover(links, &truths, &allowed, COVER_MAX_WORK) else {
                continue;
            };
            if let Some(p) = proof_of(links, RankForm::SkLoop, truths, chosen) {
                if !out.iter().any(|q| q.eliminations == p.eliminations) {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// One of Berthier's crosses ([`find_belts`]): around a centre (any cell), its horizontal
/// ends (the two other cells of the centre's mini-row) and vertical ends (of its
/// mini-column), each with the ways its digits split into outer horizontal (h), outer
/// vertical (v) and inner (i) pairs.
#[derive(Clone, Debug)]
struct Cross {
    block: u8,
    ends: [Cell; 4],
    /// Each split `(h, v, i)` as 9-bit digit masks: the horizontal ends hold exactly h ∪ i,
    /// the vertical ends exactly v ∪ i, two digits each, i apart from h and v.
    splits: Vec<(u16, u16, u16)>,
}

/// The cross centred on `centre`, if its four ends are open and their digits split as a
/// cross requires (SudoRules' `cross` rule, Belt4-of-crosses.clp).
fn cross_at(mask: &[u16; 81], centre: Cell) -> Option<Cross> {
    let (r, c) = (centre.row(), centre.col());
    let (r0, c0) = (r / 3 * 3, c / 3 * 3);
    let h: Vec<Cell> = (c0..c0 + 3)
        .filter(|&x| x != c)
        .map(|x| Cell::at(r, x))
        .collect();
    let v: Vec<Cell> = (r0..r0 + 3)
        .filter(|&y| y != r)
        .map(|y| Cell::at(y, c))
        .collect();
    let ends = [h[0], h[1], v[0], v[1]];
    if ends.iter().any(|e| mask[e.index()] == 0) {
        return None;
    }
    let hd = mask[h[0].index()] | mask[h[1].index()];
    let vd = mask[v[0].index()] | mask[v[1].index()];
    if hd.count_ones() != 4 || vd.count_ones() != 4 {
        return None;
    }
    let splits: Vec<(u16, u16, u16)> = subsets(2, 2)
        .into_iter()
        .filter(|&i| i & hd == i && i & vd == i)
        .map(|i| (hd & !i, vd & !i, i))
        .collect();
    (!splits.is_empty()).then_some(Cross {
        block: centre.block() as u8,
        ends,
        splits,
    })
}

/// The digits of a 9-bit mask.
fn mask_digits(m: u16) -> impl Iterator<Item = Digit> {
    bits(m).map(Digit::from_index)
}

/// Every belt of `k` crosses (4 or 6) of the state: Berthier's Belt4 (his name for the
/// SK-loop, with any centres) and Belt6 (CSP-Rules 2.1, SudoRules' `Belt4-of-crosses.clp`
/// and `Belt6-of-crosses.clp`; D. Berthier, "Pattern-Based Constraint Satisfaction", 2012,
/// and "Constraint Resolution Theories", 2011).
///
/// A belt is a ring of crosses in k different blocks, centres on k/2 rows and k/2 columns
/// (one per band and per stack), each pair of crosses along a row sharing their outer
/// horizontal digits and each pair along a column their outer vertical digits. Its 2k end
/// pairs (4k cells) are the truths; the links are each block's two inner digits, each row's
/// two outer horizontal digits and each column's two outer vertical digits: 4k links, rank
/// 0. So the rows' outer digits go from those rows outside the ends, the columns' from the
/// columns, the inner digits from the blocks. Unlike SudoRules' rule, the proof is checked
/// as a rank-0 set ([`sudolink_engine::proof::rank`]), so the belt's shape is the search's business.
///
/// **Complexity**: the 81 crosses once; Belt4 tries 27 × 27 pairs of rows and columns,
/// Belt6 162 × 162 ordered triples, each a few mask comparisons per split.
pub fn find_belts(links: &LinkIndex, k: usize) -> Vec<Proof> {
    let mask = links.cell_masks();
    let crosses: Vec<Option<Cross>> = Cell::all().map(|c| cross_at(&mask, c)).collect();
    let half = k / 2;
    // a ring read from another of its rows is the same ring: its first row is in the
    // lowest band; its columns come in every order
    let (row_orders, col_orders) = (line_orders(half, true), line_orders(half, false));
    let form = if k == 4 {
        RankForm::Belt4
    } else {
        RankForm::Belt6
    };
    let mut out: Vec<Proof> = Vec::new();
    for rows in &row_orders {
        for cols in &col_orders {
            // the ring: row j holds crosses (rows[j], cols[j]) and (rows[j], cols[j+1])
            let ring: Vec<&Cross> = (0..k)
                .filter_map(|n| {
                    let (j, step) = (n / 2, n % 2);
                    crosses[Cell::at(rows[j], cols[(j + step) % half]).index()].as_ref()
                })
                .collect();
            if ring.len() != k {
                continue;
            }
            for choice in consistent_splits(&ring) {
                let p = belt_proof(links, form, &ring, &choice, rows, cols);
                if let Some(p) = p {
                    if !out.iter().any(|q| q.eliminations == p.eliminations) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// Ordered choices of `n` lines (rows or columns), one in each of `n` different bands
/// (stacks); with `first_lowest`, only those whose first line is in the lowest band.
fn line_orders(n: usize, first_lowest: bool) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut stack: Vec<Vec<usize>> = (0..9).map(|l| vec![l]).collect();
    while let Some(v) = stack.pop() {
        if v.len() == n {
            out.push(v);
            continue;
        }
        for l in 0..9 {
            if v.iter().all(|&m| m / 3 != l / 3) && (!first_lowest || l / 3 > v[0] / 3) {
                let mut w = v.clone();
                w.push(l);
                stack.push(w);
            }
        }
    }
    out
}

/// The splits, one per cross of the ring, that agree along its rows (crosses 2j and 2j+1
/// share their h) and columns (crosses 2j+1 and 2j+2 share their v): each choice as indices
/// into the crosses' splits.
fn consistent_splits(ring: &[&Cross]) -> Vec<Vec<usize>> {
    let k = ring.len();
    let mut out = Vec::new();
    let mut stack: Vec<Vec<usize>> = (0..ring[0].splits.len()).map(|s| vec![s]).collect();
    while let Some(v) = stack.pop() {
        let n = v.len();
        if n == k {
            // the ring closes: the last cross shares its column with the first
            if ring[k - 1].splits[v[k - 1]].1 == ring[0].splits[v[0]].1 {
                out.push(v);
            }
            continue;
        }
        let prev = ring[n - 1].splits[v[n - 1]];
        for (s, &(h, vv, _)) in ring[n].splits.iter().enumerate() {
            let agrees = if n % 2 == 1 {
                h == prev.0
            } else {
                vv == prev.1
            };
            if agrees {
                let mut w = v.clone();
                w.push(s);
                stack.push(w);
            }
        }
    }
    out
}

/// The rank-0 proof of a belt: its ends as truths, its blocks', rows' and columns' digits
/// as links (`None` when it eliminates nothing).
fn belt_proof(
    links: &LinkIndex,
    form: RankForm,
    ring: &[&Cross],
    choice: &[usize],
    rows: &[usize],
    cols: &[usize],
) -> Option<Proof> {
    let truths: Vec<CspVariable> = ring
        .iter()
        .flat_map(|x| x.ends.iter().map(|&e| CspVariable::Rc(e)))
        .collect();
    let mut link_sets = Vec::new();
    for (n, (x, &s)) in ring.iter().zip(choice).enumerate() {
        let (h, v, i) = x.splits[s];
        link_sets.extend(mask_digits(i).map(|d| CspVariable::Bn(x.block, d)));
        if n % 2 == 0 {
            let row = rows[n / 2] as u8;
            link_sets.extend(mask_digits(h).map(|d| CspVariable::Rn(row, d)));
        } else {
            let col = cols[(n / 2 + 1) % cols.len()] as u8;
            link_sets.extend(mask_digits(v).map(|d| CspVariable::Cn(col, d)));
        }
    }
    proof_of(links, form, truths, link_sets)
}
