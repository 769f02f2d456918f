//! HoDoKu's tabling ([hobiwan HoDoKu]'s `TablingSolver`): nice loops and AICs, grouped or not,
//! forcing chains and forcing nets.
//!
//! For every candidate two tables are built: what follows when it is set ("on") and when
//! it is removed ("off"). Chains start from the direct implications (a candidate set turns
//! its cell's other candidates and its peers off; a candidate off turns on a bivalue cell's
//! other candidate and the other place of a house holding it twice; group nodes — two or
//! three places of a digit in a line within one block — link the same way); nets also play
//! singles for four rounds on a copy of the grid. Each table is then expanded with the
//! direct implications of its entries' own tables, keeping the shortest way to each entry
//! (at most 1000 entries a table). A table whose premise comes back to its own cell is a
//! nice loop; an off-table reaching a strong link elsewhere an AIC; a table that reaches a
//! contradiction, or tables that agree on a conclusion (both outcomes of a candidate, every
//! candidate of a cell or of a house), a forcing chain (net when a conclusion needed
//! several premises). Each chain is traced back from its end through the recorded reasons.
//! Of the steps with the same conclusions only a shorter chain replaces a longer one; the
//! step is the first in HoDoKu's order.
//!
//! The tables, their entries' encoding and their limits are HoDoKu's, so that the shortest
//! chain found, and ties between chains, come out as HoDoKu's do.

use super::grid::{Grid, BUDDIES, CONSTRAINTS, PEERS};
use super::step::{compare, first_by, Step};
use super::table::Kind;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// HoDoKu's most entries in one table (`MAX_TABLE_ENTRY_LENGTH`).
const MAX_ENTRIES: usize = 1000;
/// Rounds of singles played for a net's table (`ANZ_TABLE_LOOK_AHEAD`).
const LOOK_AHEAD: usize = 4;

const NORMAL: u32 = 0;
const GROUP: u32 = 1;
const NO_INDEX: u32 = 0x7f;

/// A chain entry as HoDoKu encodes it (`Chain.makeSEntry`): digit, strong flag, up to three
/// cells, node type.
fn make_entry(c1: u8, c2: Option<u8>, c3: Option<u8>, cand: u8, strong: bool, node: u32) -> i32 {
    let none = if node == NORMAL { 0 } else { NO_INDEX };
    let c2 = c2.map_or(none, u32::from);
    let c3 = c3.map_or(none, u32::from);
    let mut e = (u32::from(c1) << 5) | u32::from(cand);
    if strong {
        e |= 0x10;
    }
    if node == GROUP {
        e |= 0x400_0000;
    }
    (e | (c2 << 12) | (c3 << 19)) as i32
}

fn normal(cell: u8, cand: u8, strong: bool) -> i32 {
    make_entry(cell, None, None, cand, strong, NORMAL)
}

fn abs(e: i32) -> u32 {
    if e > 0 {
        e as u32
    } else {
        e.wrapping_neg() as u32
    }
}

fn e_cell(e: i32) -> u8 {
    ((abs(e) >> 5) & 0x7f) as u8
}

fn e_cand(e: i32) -> u8 {
    (abs(e) & 0xf) as u8
}

fn e_strong(e: i32) -> bool {
    abs(e) & 0x10 != 0
}

fn e_type(e: i32) -> u32 {
    (abs(e) & 0x3c00_0000) >> 26
}

/// A group node's second and third cells (`None` for a normal node's zeros too when 0x7f).
fn e_cell2(e: i32) -> Option<u8> {
    let v = (abs(e) >> 12) & 0x7f;
    (v != NO_INDEX).then_some(v as u8)
}

fn e_cell3(e: i32) -> Option<u8> {
    let v = (abs(e) >> 19) & 0x7f;
    (v != NO_INDEX).then_some(v as u8)
}

const EXPANDED: u64 = 0x2000_0000_0000_0000;
const ON_TABLE: u64 = 0x4000_0000_0000_0000;
const EXTENDED: u64 = 0x8000_0000_0000_0000;

/// HoDoKu's packing of up to five reasons (`TableEntry.makeSRetIndex`): the largest first
/// (12 bits), the others in 10 bits each.
fn make_ret(r: [u64; 5]) -> u64 {
    let mut r = r;
    if r[0] > 4096 {
        r[0] = 0;
    }
    for x in r.iter_mut().skip(1) {
        if *x > 1023 {
            *x = 0;
        }
    }
    for k in 1..5 {
        if r[k] > r[0] {
            r.swap(0, k);
        }
    }
    (r[4] << 42) + (r[3] << 32) + (r[2] << 22) + (r[1] << 12) + r[0]
}

fn ret_of(ret: u64, which: usize) -> usize {
    if which == 0 {
        (ret & 0xfff) as usize
    } else {
        let v = ((ret >> (which * 10 + 2)) & 0x3ff) as usize;
        if which == 5 {
            v & 0x1ff
        } else {
            v
        }
    }
}

/// One table: a premise (entry 0) and what follows from it.
#[derive(Clone, Default)]
struct Table {
    entries: Vec<i32>,
    ret: Vec<u64>,
    on: [u128; 10],
    off: [u128; 10],
    index_of: FxHashMap<i32, usize>,
}

impl Table {
    fn len(&self) -> usize {
        self.entries.len()
    }

    fn ret(&self, i: usize) -> u64 {
        self.ret.get(i).copied().unwrap_or(0)
    }

    fn distance(&self, i: usize) -> usize {
        ret_of(self.ret(i), 5) & 0x1ff
    }

    fn set_distance(&mut self, i: usize, d: usize) {
        if let Some(r) = self.ret.get_mut(i) {
            *r &= 0xE00F_FFFF_FFFF_FFFF;
            *r |= ((d & 0x1ff) as u64) << 52;
        }
    }

    fn flag(&self, i: usize, f: u64) -> bool {
        self.ret(i) & f != 0
    }

    fn set_flag(&mut self, i: usize, f: u64) {
        if let Some(r) = self.ret.get_mut(i) {
            *r |= f;
        }
    }

    fn is_full(&self) -> bool {
        self.len() == MAX_ENTRIES
    }

    /// HoDoKu's `addEntry`: a normal node already present is not added again.
    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        c1: u8,
        c2: Option<u8>,
        c3: Option<u8>,
        node: u32,
        cand: u8,
        set: bool,
        ri: [u64; 5],
    ) {
        if self.len() >= MAX_ENTRIES {
            return;
        }
        let bit = 1u128 << c1;
        if node == NORMAL
            && ((set && self.on[cand as usize] & bit != 0)
                || (!set && self.off[cand as usize] & bit != 0))
        {
            return;
        }
        let entry = make_entry(c1, c2, c3, cand, set, node);
        let index = self.len();
        self.entries.push(entry);
        self.ret.push(make_ret(ri));
        if (ri[0] as usize) < MAX_ENTRIES {
            let d = self.distance(ri[0] as usize) + 1;
            self.set_distance(index, d);
        }
        if node == NORMAL {
            if set {
                self.on[cand as usize] |= bit;
            } else {
                self.off[cand as usize] |= bit;
            }
        }
        self.index_of.insert(entry, index);
    }

    fn add_normal(&mut self, cell: u8, cand: u8, set: bool, reason: usize) {
        self.add(
            cell,
            None,
            None,
            NORMAL,
            cand,
            set,
            [reason as u64, 0, 0, 0, 0],
        );
    }

    /// The index of the entry (cell, cand, set), 0 when absent.
    fn index_of_normal(&self, cell: u8, set: bool, cand: u8) -> usize {
        self.index_of
            .get(&normal(cell, cand, set))
            .copied()
            .unwrap_or(0)
    }
}

/// A group node: two or three places of a digit in a line within one block.
#[derive(Clone, Copy)]
struct GroupNode {
    cand: u8,
    cells: u128,
    c1: u8,
    c2: u8,
    c3: Option<u8>,
    line: Option<u8>,
    col: Option<u8>,
    block: u8,
    buddies: u128,
}

fn peers(c: u8) -> u128 {
    PEERS[c as usize]
}

fn unit_set(u: usize) -> u128 {
    super::grid::UNIT_SETS[u]
}

fn cells_of(set: u128) -> impl Iterator<Item = u8> {
    (0..81u8).filter(move |&c| set & 1u128 << c != 0)
}

/// HoDoKu's group nodes, rows then columns, digits ascending, blocks in order.
fn group_nodes(cand_cells: &[u128; 10]) -> Vec<GroupNode> {
    let mut out = Vec::new();
    for base in [0usize, 9] {
        for i in 0..9 {
            for cand in 1..=9u8 {
                let in_house = unit_set(base + i) & cand_cells[cand as usize];
                if in_house == 0 {
                    continue;
                }
                for b in 0..9 {
                    let set = in_house & unit_set(18 + b);
                    if set.count_ones() < 2 {
                        continue;
                    }
                    let cs: Vec<u8> = cells_of(set).collect();
                    let (c1, c2) = (cs[0], cs[1]);
                    let c3 = cs.get(2).copied();
                    let mut buddies = peers(c1) & peers(c2);
                    if let Some(c) = c3 {
                        buddies &= peers(c);
                    }
                    out.push(GroupNode {
                        cand,
                        cells: set,
                        c1,
                        c2,
                        c3,
                        line: (c1 / 9 == c2 / 9).then_some(c1 / 9),
                        col: (c1 % 9 == c2 % 9).then_some(c1 % 9),
                        block: c1 / 27 * 3 + c1 % 9 / 3,
                        buddies,
                    });
                }
            }
        }
    }
    out
}

/// What the search looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Nice loops and AICs (`grouped`: with group nodes).
    Loops { grouped: bool },
    /// Forcing chains (`nets` false) or forcing nets.
    Forcing { nets: bool },
}

/// A conclusion's kind, its eliminations and its placements (a key of `Tabling::seen`).
type Conclusions = (Kind, Vec<(u8, u8)>, Vec<(u8, u8)>);

/// A step of the search with its chains (HoDoKu's entries; negative entries and
/// `i32::MIN` mark a net's branches).
#[derive(Clone)]
struct Found {
    step: Step,
    chains: Vec<Vec<i32>>,
}

impl Found {
    fn chain_len(&self) -> usize {
        self.chains.iter().map(Vec::len).sum()
    }
}

struct Tabling<'a> {
    g: &'a Grid,
    chains_only: bool,
    /// Each digit's cells in the grid the search started from.
    cands: [u128; 10],
    /// Each digit's cells where the placed digits allow it (HoDoKu's `candidatesAllowed`).
    allowed: [u128; 10],
    on: Vec<Table>,
    off: Vec<Table>,
    extended: Vec<Table>,
    extended_map: FxHashMap<i32, usize>,
    found: Vec<Found>,
    /// Conclusions already found, with their place in `found`.
    seen: FxHashMap<Conclusions, usize>,
    /// The chain being traced (reversed), its cells, and the net's branches.
    chain: Vec<i32>,
    chain_cells: u128,
    mins: Vec<Vec<i32>>,
    /// The step being assembled and its chains.
    building: Vec<Vec<i32>>,
}

/// The first step of the tabling search `mode` on `g`.
pub fn tabling(g: &Grid, mode: Mode) -> Option<Step> {
    let mut cands = [0u128; 10];
    for c in 0..81u8 {
        for d in super::grid::digits(g.cells[c as usize]) {
            cands[d as usize] |= 1u128 << c;
        }
    }
    let chains_only = !matches!(mode, Mode::Forcing { nets: true });
    let mut t = Tabling {
        g,
        chains_only,
        cands,
        allowed: std::array::from_fn(|d| if d == 0 { 0 } else { allowed_cells(g, d as u8) }),
        on: vec![Table::default(); 810],
        off: vec![Table::default(); 810],
        extended: Vec::new(),
        extended_map: FxHashMap::default(),
        found: Vec::new(),
        seen: FxHashMap::default(),
        chain: Vec::new(),
        chain_cells: 0,
        mins: Vec::new(),
        building: Vec::new(),
    };
    if chains_only {
        t.fill_chains();
    } else {
        t.fill_nets();
    }
    let grouped = !matches!(mode, Mode::Loops { grouped: false });
    if grouped {
        t.fill_group_nodes();
    }
    t.expand(true);
    t.expand(false);
    match mode {
        Mode::Loops { .. } => {
            t.check_nice_loops(true);
            t.check_nice_loops(false);
            t.check_aics();
            let steps: Vec<Step> = t.found.into_iter().map(with_len).collect();
            first_by(steps, compare)
        }
        Mode::Forcing { .. } => {
            t.check_forcing();
            let steps: Vec<Step> = t.found.into_iter().map(with_len).collect();
            first_by(steps, forcing_order)
        }
    }
}

fn with_len(f: Found) -> Step {
    let mut s = f.step.clone();
    s.chain_len = f.chain_len();
    s
}

/// HoDoKu's order of forcing chains and nets (its `TablingComparator`): placements first,
/// more of them first; of different placements the lower sum of cells; removals: more
/// first, of different ones the first differing removal (cell × 10 + digit); then the
/// shorter chains.
fn forcing_order(a: &Step, b: &Step) -> Ordering {
    let (ap, bp) = (!a.placements.is_empty(), !b.placements.is_empty());
    if ap != bp {
        return if ap {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    if ap {
        let by = b.placements.len().cmp(&a.placements.len());
        if by != Ordering::Equal {
            return by;
        }
        if !forcing_equivalent(a, b) {
            let sum = |s: &Step| s.placements.iter().map(|&(c, _)| c as i64).sum::<i64>();
            let (s1, s2) = (sum(a), sum(b));
            return if s1 == s2 {
                Ordering::Greater
            } else {
                s1.cmp(&s2)
            };
        }
    } else {
        let by = b.deletions.len().cmp(&a.deletions.len());
        if by != Ordering::Equal {
            return by;
        }
        if !forcing_equivalent(a, b) {
            for (x, y) in a.deletions.iter().zip(&b.deletions) {
                let k = |&(c, d): &(u8, u8)| c as i32 * 10 + d as i32;
                let r = k(x).cmp(&k(y));
                if r != Ordering::Equal {
                    return r;
                }
            }
        }
    }
    a.chain_len.cmp(&b.chain_len)
}

fn forcing_equivalent(a: &Step, b: &Step) -> bool {
    if a.kind != b.kind {
        return false;
    }
    if !a.deletions.is_empty() {
        return a.deletions.len() == b.deletions.len()
            && a.deletions.iter().all(|x| b.deletions.contains(x));
    }
    let cells = |s: &Step| s.placements.iter().map(|&(c, _)| c).collect::<Vec<u8>>();
    let (x, y) = (cells(a), cells(b));
    x.len() == y.len() && x.iter().all(|c| y.contains(c))
}

/// HoDoKu's canonical form of removals (`getCandidateString` sorts them by digit, then
/// cell, and drops repeats — in the step itself).
fn sort_removals(dels: &mut Vec<(u8, u8)>) {
    dels.sort_by_key(|&(c, d)| (d, c));
    dels.dedup();
}

impl Tabling<'_> {
    /// The tables of direct implications (chains).
    fn fill_chains(&mut self) {
        let g = self.g;
        for i in 0..81u8 {
            if g.values[i as usize] != 0 {
                continue;
            }
            let cell_cands: Vec<u8> = super::grid::digits(g.cells[i as usize]).collect();
            for &cand in &cell_cands {
                let k = i as usize * 10 + cand as usize;
                self.on[k].add_normal(i, cand, true, 0);
                self.off[k].add_normal(i, cand, false, 0);
                for &other in &cell_cands {
                    if other == cand {
                        continue;
                    }
                    self.on[k].add_normal(i, other, false, 0);
                    if cell_cands.len() == 2 {
                        self.off[k].add_normal(i, other, true, 0);
                    }
                }
                let others = self.cands[cand as usize] & !(1u128 << i);
                for house in CONSTRAINTS[i as usize] {
                    let n = g.free[house as usize][cand as usize];
                    if n < 2 {
                        continue;
                    }
                    let set = others & unit_set(house as usize);
                    if set == 0 {
                        continue;
                    }
                    for c in cells_of(set) {
                        self.on[k].add_normal(c, cand, false, 0);
                    }
                    if n == 2 {
                        let c = set.trailing_zeros() as u8;
                        self.off[k].add_normal(c, cand, true, 0);
                    }
                }
            }
        }
    }

    /// The tables of nets: each premise played on a copy of the grid with four rounds of
    /// singles, every entry recording the entries that caused it.
    fn fill_nets(&mut self) {
        let saved = self.g.clone();
        for i in 0..81u8 {
            if saved.values[i as usize] != 0 {
                continue;
            }
            for cand in super::grid::digits(saved.cells[i as usize]) {
                let k = i as usize * 10 + cand as usize;
                let mut table = Table::default();
                self.net_table(&saved, &mut table, i, cand, true);
                self.on[k] = table;
                let mut table = Table::default();
                self.net_table(&saved, &mut table, i, cand, false);
                self.off[k] = table;
            }
        }
    }

    /// HoDoKu's `getTableEntry`.
    fn net_table(&self, saved: &Grid, t: &mut Table, cell: u8, cand: u8, set: bool) {
        let mut g = saved.clone();
        if set {
            self.net_set(saved, &mut g, t, cell, cand, false, false);
        } else {
            g.remove(cell, cand);
            t.add_normal(cell, cand, false, 0);
            if g.count(cell) == 1 {
                let only = g.cells[cell as usize].trailing_zeros() as u8 + 1;
                self.net_set(saved, &mut g, t, cell, only, false, true);
            }
        }
        for _ in 0..LOOK_AHEAD {
            let mut singles: Vec<(u8, u8, bool)> = Vec::new();
            for &(c, d) in g.naked.pending() {
                if g.values[c as usize] == 0 {
                    singles.push((c, d, true));
                }
            }
            let mut found = 0u128;
            for &(c, d) in g.hidden.pending() {
                if g.values[c as usize] == 0 && found & 1u128 << c == 0 {
                    let valid = CONSTRAINTS[c as usize]
                        .iter()
                        .any(|&h| g.free[h as usize][d as usize] == 1);
                    if valid {
                        singles.push((c, d, false));
                        found |= 1u128 << c;
                    }
                }
            }
            for (c, d, naked) in singles {
                self.net_set(saved, &mut g, t, c, d, true, naked);
            }
        }
    }

    /// HoDoKu's `setCell` for nets: the placement with its reasons (a naked single's
    /// other candidates off, a hidden single's other places in the house where the digit
    /// is scarcest off), then its consequences.
    #[allow(clippy::too_many_arguments)]
    fn net_set(
        &self,
        saved: &Grid,
        g: &mut Grid,
        t: &mut Table,
        cell: u8,
        cand: u8,
        reasons: bool,
        naked: bool,
    ) {
        let peers_with = self.cands[cand as usize] & !(1u128 << cell) & peers(cell);
        let own: Vec<u8> = super::grid::digits(g.cells[cell as usize]).collect();
        let houses = CONSTRAINTS[cell as usize];
        let mut house = houses[0];
        let mut least = g.free[houses[0] as usize][cand as usize];
        for &h in &houses[1..] {
            let f = g.free[h as usize][cand as usize];
            if f < least {
                house = h;
                least = f;
            }
        }
        g.place(cell, cand);
        let reason_index = t.len();
        if reasons {
            let mut ri = [0u64; 5];
            let mut n = 0;
            if naked {
                for d in super::grid::digits(saved.cells[cell as usize]) {
                    if d != cand && n < 5 {
                        ri[n] = t.index_of_normal(cell, false, d) as u64;
                        n += 1;
                    }
                }
            } else {
                let others =
                    self.cands[cand as usize] & !(1u128 << cell) & unit_set(house as usize);
                for c in cells_of(others) {
                    if n < 5 {
                        ri[n] = t.index_of_normal(c, false, cand) as u64;
                        n += 1;
                    }
                }
            }
            t.add(cell, None, None, NORMAL, cand, true, ri);
        } else {
            t.add_normal(cell, cand, true, 0);
        }
        for c in cells_of(peers_with) {
            t.add_normal(c, cand, false, reason_index);
        }
        for &d in &own {
            if d != cand {
                t.add_normal(cell, d, false, reason_index);
            }
        }
    }

    /// The group nodes' tables and their links to the candidates' tables.
    fn fill_group_nodes(&mut self) {
        let nodes = group_nodes(&self.cands);
        for (i, gn) in nodes.iter().enumerate() {
            let on_i = self.extended.len();
            let mut on = Table::default();
            on.add(gn.c1, Some(gn.c2), gn.c3, GROUP, gn.cand, true, [0; 5]);
            self.extended_map.insert(on.entries[0], on_i);
            let mut off = Table::default();
            off.add(gn.c1, Some(gn.c2), gn.c3, GROUP, gn.cand, false, [0; 5]);
            self.extended_map.insert(off.entries[0], on_i + 1);
            let seen = self.cands[gn.cand as usize] & gn.buddies;
            if seen != 0 {
                for c in cells_of(seen) {
                    on.add_normal(c, gn.cand, false, 0);
                    self.on[c as usize * 10 + gn.cand as usize].add(
                        gn.c1,
                        Some(gn.c2),
                        gn.c3,
                        GROUP,
                        gn.cand,
                        false,
                        [0; 5],
                    );
                }
                let in_block = seen & unit_set(18 + gn.block as usize);
                if in_block.count_ones() == 1 {
                    let c = in_block.trailing_zeros() as u8;
                    off.add_normal(c, gn.cand, true, 0);
                    self.off[c as usize * 10 + gn.cand as usize].add(
                        gn.c1,
                        Some(gn.c2),
                        gn.c3,
                        GROUP,
                        gn.cand,
                        true,
                        [0; 5],
                    );
                }
                let line = match gn.line {
                    Some(l) => unit_set(l as usize),
                    None => unit_set(9 + gn.col.unwrap_or(0) as usize),
                };
                let in_line = seen & line;
                if in_line.count_ones() == 1 {
                    let c = in_line.trailing_zeros() as u8;
                    off.add_normal(c, gn.cand, true, 0);
                    self.off[c as usize * 10 + gn.cand as usize].add(
                        gn.c1,
                        Some(gn.c2),
                        gn.c3,
                        GROUP,
                        gn.cand,
                        true,
                        [0; 5],
                    );
                }
            }
            let (mut line_n, mut col_n, mut block_n) = (0, 0, 0);
            let (mut line_1, mut col_1, mut block_1) = (0, 0, 0);
            for (j, gn2) in nodes.iter().enumerate() {
                if j == i || gn.cand != gn2.cand || gn.cells & gn2.cells != 0 {
                    continue;
                }
                let mut link = |n: &mut usize, first: &mut usize| {
                    *n += 1;
                    if *n == 1 {
                        *first = j;
                    }
                    on.add(gn2.c1, Some(gn2.c2), gn2.c3, GROUP, gn.cand, false, [0; 5]);
                };
                if gn.line.is_some() && gn.line == gn2.line {
                    link(&mut line_n, &mut line_1);
                }
                if gn.col.is_some() && gn.col == gn2.col {
                    link(&mut col_n, &mut col_1);
                }
                if gn.block == gn2.block {
                    link(&mut block_n, &mut block_1);
                }
            }
            let cands = self.cands[gn.cand as usize];
            let mut only = |n: usize, j: usize, house: u128| {
                if n == 1 {
                    let gn2 = &nodes[j];
                    if house & cands & !gn.cells & !gn2.cells == 0 {
                        off.add(gn2.c1, Some(gn2.c2), gn2.c3, GROUP, gn.cand, true, [0; 5]);
                    }
                }
            };
            if let Some(l) = gn.line {
                only(line_n, line_1, unit_set(l as usize));
            }
            if let Some(c) = gn.col {
                only(col_n, col_1, unit_set(9 + c as usize));
            }
            only(block_n, block_1, unit_set(18 + gn.block as usize));
            self.extended.push(on);
            self.extended.push(off);
        }
    }

    /// HoDoKu's `expandTables` on the on-tables (`on`) or the off-tables.
    fn expand(&mut self, on: bool) {
        for i in 0..810 {
            let mut dest = if on {
                std::mem::take(&mut self.on[i])
            } else {
                std::mem::take(&mut self.off[i])
            };
            if dest.len() > 0 {
                self.expand_one(&mut dest, on, i);
            }
            if on {
                self.on[i] = dest;
            } else {
                self.off[i] = dest;
            }
        }
    }

    fn expand_one(&self, dest: &mut Table, dest_on: bool, dest_index: usize) {
        let mut j = 1;
        while j < dest.len() {
            if dest.is_full() {
                break;
            }
            let e = dest.entries[j];
            let (src, src_index, from_ext, from_on): (&Table, usize, bool, bool) =
                if e_type(e) != NORMAL {
                    match self.extended_map.get(&e) {
                        Some(&k) => (&self.extended[k], k, true, false),
                        None => {
                            j += 1;
                            continue;
                        }
                    }
                } else {
                    let k = e_cell(e) as usize * 10 + e_cand(e) as usize;
                    let strong = e_strong(e);
                    // the table being expanded was taken out of its array: it is its own source
                    if strong == dest_on && k == dest_index {
                        j += 1;
                        continue;
                    }
                    let t = if strong { &self.on[k] } else { &self.off[k] };
                    (t, k, false, strong)
                };
            if src.len() == 0 {
                j += 1;
                continue;
            }
            let base = dest.distance(j);
            for k in 1..src.len() {
                if src.flag(k, EXPANDED) {
                    continue;
                }
                let sd = src.distance(k);
                let se = src.entries[k];
                if let Some(&org) = dest.index_of.get(&se) {
                    let od = dest.distance(org);
                    if dest.flag(org, EXPANDED)
                        && (od > base + sd
                            || (od == base + sd && e_type(dest.entries[org]) > e_type(se)))
                    {
                        dest.ret[org] = make_ret([src_index as u64, 0, 0, 0, 0]);
                        dest.set_flag(org, EXPANDED);
                        if from_ext {
                            dest.set_flag(org, EXTENDED);
                        } else if from_on {
                            dest.set_flag(org, ON_TABLE);
                        }
                        dest.set_distance(org, base + sd);
                    }
                } else {
                    let ri = [src_index as u64, 0, 0, 0, 0];
                    if e_type(se) == NORMAL {
                        dest.add(e_cell(se), None, None, NORMAL, e_cand(se), e_strong(se), ri);
                    } else {
                        dest.add(
                            e_cell(se),
                            e_cell2(se),
                            e_cell3(se),
                            e_type(se),
                            e_cand(se),
                            e_strong(se),
                            ri,
                        );
                    }
                    let last = dest.len() - 1;
                    dest.set_flag(last, EXPANDED);
                    if from_ext {
                        dest.set_flag(last, EXTENDED);
                    } else if from_on {
                        dest.set_flag(last, ON_TABLE);
                    }
                    dest.set_distance(last, base + sd);
                }
            }
            j += 1;
        }
    }
}

impl Tabling<'_> {
    fn table(&self, on: bool, k: usize) -> &Table {
        if on {
            &self.on[k]
        } else {
            &self.off[k]
        }
    }

    /// The cells seeing the whole node `e` (a group node: every one of its cells).
    fn node_buddies(e: i32) -> u128 {
        let mut set = peers(e_cell(e));
        if e_type(e) == GROUP {
            if let Some(c) = e_cell2(e) {
                set &= peers(c);
            }
            if let Some(c) = e_cell3(e) {
                set &= peers(c);
            }
        }
        set
    }

    fn check_nice_loops(&mut self, on: bool) {
        for i in 0..810 {
            let t = self.table(on, i);
            if t.len() == 0 {
                continue;
            }
            let start = e_cell(t.entries[0]);
            let ends: Vec<usize> = (1..t.len())
                .filter(|&j| e_type(t.entries[j]) == NORMAL && e_cell(t.entries[j]) == start)
                .collect();
            for j in ends {
                self.check_nice_loop(on, i, j);
            }
        }
    }

    /// HoDoKu's `checkNiceLoop`: the loop from table (`on`, `k`) back to its cell at entry
    /// `j`, and its eliminations.
    fn check_nice_loop(&mut self, on: bool, k: usize, j: usize) {
        let t = self.table(on, k);
        if t.distance(j) <= 2 {
            return;
        }
        let (end_e, first_strong) = (t.entries[j], t.entries.get(1).is_some_and(|&e| e_strong(e)));
        let start_e = t.entries[0];
        self.building.clear();
        self.add_chain(
            on,
            k,
            e_cell(end_e),
            e_cand(end_e),
            e_strong(end_e),
            true,
            false,
        );
        let Some(nl) = self.building.first().cloned() else {
            return;
        };
        if e_cell(nl[0]) == e_cell(nl[1]) {
            return;
        }
        let g = self.g;
        let last_strong = e_strong(end_e);
        let (sc, ec, start) = (e_cand(start_e), e_cand(end_e), e_cell(start_e));
        let mut step = Step::new(Kind::DiscontinuousNiceLoop);
        if !first_strong && !last_strong && sc == ec {
            step.deletions.push((start, sc));
        } else if first_strong && last_strong && sc == ec {
            for d in super::grid::digits(g.cells[start as usize]) {
                if d != sc {
                    step.deletions.push((start, d));
                }
            }
        } else if first_strong != last_strong && sc != ec {
            step.deletions
                .push((start, if !first_strong { sc } else { ec }));
        } else if (!first_strong && !last_strong && g.count(start) == 2 && sc != ec)
            || (first_strong && last_strong && sc != ec)
            || (first_strong != last_strong && sc == ec)
        {
            step.kind = Kind::ContinuousNiceLoop;
            self.continuous_removals(&nl, first_strong && last_strong, sc, ec, start, &mut step);
        }
        if step.deletions.is_empty() {
            return;
        }
        let grouped = nl.iter().any(|&e| e_type(e) != NORMAL);
        if grouped {
            step.kind = match step.kind {
                Kind::DiscontinuousNiceLoop => Kind::GroupedDiscontinuousNiceLoop,
                Kind::ContinuousNiceLoop => Kind::GroupedContinuousNiceLoop,
                k => k,
            };
        }
        sort_removals(&mut step.deletions);
        self.keep_loop(step, nl);
    }

    /// A continuous loop's removals: a cell entered and left by strong links keeps only
    /// those two digits; a weak link between two cells removes its digit from the cells
    /// seeing both ends.
    fn continuous_removals(
        &self,
        nl: &[i32],
        both_strong: bool,
        sc: u8,
        ec: u8,
        start: u8,
        step: &mut Step,
    ) {
        let g = self.g;
        let last = nl.len() - 1;
        for i in 0..=last {
            let strong_in =
                i > 0 && e_strong(nl[i]) && i + 2 <= last && e_cell(nl[i - 1]) != e_cell(nl[i]);
            if (i == 0 && both_strong) || strong_in {
                let through = i == 0
                    || (!e_strong(nl[i + 1])
                        && e_cell(nl[i]) == e_cell(nl[i + 1])
                        && e_strong(nl[i + 2])
                        && e_cell(nl[i + 1]) != e_cell(nl[i + 2]));
                if through {
                    let (c1, c2) = if i == 0 {
                        (sc, ec)
                    } else {
                        (e_cand(nl[i]), e_cand(nl[i + 2]))
                    };
                    let cell = e_cell(nl[i]);
                    for d in super::grid::digits(g.cells[cell as usize]) {
                        if d != c1 && d != c2 {
                            step.deletions.push((cell, d));
                        }
                    }
                }
            }
            if i > 0 && !e_strong(nl[i]) && e_cell(nl[i - 1]) != e_cell(nl[i]) {
                let d = e_cand(nl[i]);
                let mut set = Self::node_buddies(nl[i - 1]) & Self::node_buddies(nl[i]);
                set &= !self.chain_cells;
                set &= !(1u128 << start);
                set &= self.cands[d as usize];
                step.deletions.extend(cells_of(set).map(|c| (c, d)));
            }
        }
    }

    /// Keeps a loop or AIC unless one with the same removals is no longer.
    fn keep_loop(&mut self, mut step: Step, chain: Vec<i32>) {
        let key = (step.kind, step.deletions.clone(), Vec::new());
        let len = chain.len();
        if let Some(&old) = self.seen.get(&key) {
            if self.found[old].chain_len() <= len {
                return;
            }
        }
        self.seen.insert(key, self.found.len());
        step.chain_len = len;
        self.found.push(Found {
            step,
            chains: vec![chain],
        });
    }

    /// HoDoKu's `checkAics` on the off-tables.
    fn check_aics(&mut self) {
        let g = self.g;
        for i in 0..810 {
            let t = &self.off[i];
            if t.len() == 0 {
                continue;
            }
            let start = e_cell(t.entries[0]);
            let sc = e_cand(t.entries[0]);
            let mut ends = Vec::new();
            for j in 1..t.len() {
                let e = t.entries[j];
                if e_type(e) != NORMAL || !e_strong(e) || e_cell(e) == start {
                    continue;
                }
                let end = e_cell(e);
                if sc == e_cand(e) {
                    let set = peers(start) & peers(end) & self.cands[sc as usize];
                    if set.count_ones() >= 2 {
                        ends.push(j);
                    }
                } else if peers(start) & 1u128 << end != 0
                    && g.has(end, sc)
                    && g.has(start, e_cand(e))
                {
                    ends.push(j);
                }
            }
            for j in ends {
                self.check_aic(i, j);
            }
        }
    }

    fn check_aic(&mut self, k: usize, j: usize) {
        let g = self.g;
        let t = &self.off[k];
        if t.distance(j) <= 2 {
            return;
        }
        let (s, e) = (t.entries[0], t.entries[j]);
        let (start, end, sc, ec) = (e_cell(s), e_cell(e), e_cand(s), e_cand(e));
        let mut step = Step::new(Kind::Aic);
        if sc == ec {
            let set = peers(start) & peers(end) & self.cands[sc as usize];
            if set.count_ones() > 1 {
                step.deletions
                    .extend(cells_of(set).filter(|&c| c != start).map(|c| (c, sc)));
            }
        } else {
            if g.has(start, ec) {
                step.deletions.push((start, ec));
            }
            if g.has(end, sc) {
                step.deletions.push((end, sc));
            }
        }
        if step.deletions.is_empty() {
            return;
        }
        self.building.clear();
        self.add_chain(false, k, end, ec, e_strong(e), false, true);
        let Some(chain) = self.building.first().cloned() else {
            return;
        };
        if chain.iter().any(|&x| e_type(x) != NORMAL) {
            step.kind = Kind::GroupedAic;
        }
        sort_removals(&mut step.deletions);
        self.keep_loop(step, chain);
    }

    /// HoDoKu's `addChain`: traces the chain from the premise of table (`on`, `k`) to the
    /// entry (cell, cand, set) and adds it (with its net branches) to `building`, unless a
    /// nice loop or AIC would cross itself.
    #[allow(clippy::too_many_arguments)]
    fn add_chain(
        &mut self,
        on: bool,
        k: usize,
        cell: u8,
        cand: u8,
        set: bool,
        nice_loop: bool,
        aic: bool,
    ) {
        self.build_chain(on, k, cell, cand, set);
        let chain = std::mem::take(&mut self.chain);
        if chain.is_empty() {
            return;
        }
        let mut lasso = 0u128;
        if nice_loop && chain.len() > 1 && e_cell(chain[0]) == e_cell(chain[1]) {
            self.chain = chain;
            return;
        }
        let mut out = Vec::new();
        let first_cell = e_cell(chain[chain.len() - 1]);
        let mut last: Option<(u8, i32)> = None;
        for i in (0..chain.len()).rev() {
            let entry = chain[i];
            let cell = e_cell(entry);
            if nice_loop || aic {
                if lasso & 1u128 << cell != 0 {
                    self.chain = chain;
                    return;
                }
                if let Some((lc, le)) = last {
                    if lc != first_cell || aic {
                        lasso |= 1u128 << lc;
                        if e_type(le) == GROUP {
                            if let Some(c) = e_cell2(le) {
                                lasso |= 1u128 << c;
                            }
                            if let Some(c) = e_cell3(le) {
                                lasso |= 1u128 << c;
                            }
                        }
                    }
                }
            }
            last = Some((cell, entry));
            out.push(entry);
            for m in &self.mins {
                if m.last() == Some(&entry) {
                    for l in (0..m.len() - 1).rev() {
                        out.push(-m[l]);
                    }
                    out.push(i32::MIN);
                }
            }
        }
        self.chain = chain;
        if !out.is_empty() {
            self.building.push(out);
        }
    }

    /// HoDoKu's `buildChain`: the chain from the entry (cell, cand, set) back to the
    /// premise, into `chain` (reversed); a net's other reasons into `mins`.
    fn build_chain(&mut self, on: bool, k: usize, cell: u8, cand: u8, set: bool) {
        self.chain.clear();
        self.mins.clear();
        self.chain_cells = 0;
        let target = normal(cell, cand, set);
        let t = self.table(on, k);
        let Some(index) = t.entries.iter().position(|&e| e == target) else {
            return;
        };
        let mut chain = Vec::new();
        let mut cells = 0u128;
        let mut mins = Vec::new();
        self.trace(on, k, index, &mut chain, false, &mut cells, &mut mins, &[]);
        let main = chain.clone();
        let mut built_mins = Vec::new();
        for m in &mins {
            let start = self.table(on, k).index_of.get(m).copied().unwrap_or(0);
            let mut min_chain = Vec::new();
            let mut unused = Vec::new();
            self.trace(
                on,
                k,
                start,
                &mut min_chain,
                true,
                &mut cells,
                &mut unused,
                &main,
            );
            built_mins.push(min_chain);
        }
        self.chain = chain;
        self.chain_cells = cells;
        self.mins = built_mins;
    }

    /// Follows the reasons from entry `index` of table (`on`, `k`) back to its premise
    /// (a net's branch, `is_min`: back to a cell of the main chain `main`).
    #[allow(clippy::too_many_arguments)]
    fn trace(
        &self,
        on: bool,
        k: usize,
        index: usize,
        out: &mut Vec<i32>,
        is_min: bool,
        cells: &mut u128,
        mins: &mut Vec<i32>,
        main: &[i32],
    ) {
        let org = self.table(on, k);
        let mut t = org;
        out.push(t.entries[index]);
        let mut first = index;
        let mut expanded = false;
        while first != 0 && out.len() < MAX_ENTRIES {
            if t.flag(first, EXPANDED) {
                let src = ret_of(org.ret(first), 0);
                let next: &Table = if t.flag(first, EXTENDED) {
                    &self.extended[src]
                } else if t.flag(first, ON_TABLE) {
                    &self.on[src]
                } else {
                    &self.off[src]
                };
                let e = org.entries[first];
                t = next;
                expanded = true;
                first = t.index_of.get(&e).copied().unwrap_or(0);
            }
            let here = first;
            for r in 0..5 {
                let ei = ret_of(t.ret(here), r);
                if r == 0 {
                    first = ei;
                    let e = t.entries[ei];
                    out.push(e);
                    if !is_min {
                        *cells |= 1u128 << e_cell(e);
                        if e_type(e) == GROUP {
                            if let Some(c) = e_cell2(e) {
                                *cells |= 1u128 << c;
                            }
                            if let Some(c) = e_cell3(e) {
                                *cells |= 1u128 << c;
                            }
                        }
                    } else if *cells & 1u128 << e_cell(e) != 0 && main.contains(&e) {
                        return;
                    }
                } else if ei != 0 && !is_min {
                    mins.push(t.entries[ei]);
                }
            }
            if expanded && first == 0 {
                let back = t.entries[0];
                t = org;
                first = t.index_of.get(&back).copied().unwrap_or(0);
                expanded = false;
            }
        }
    }
}

/// A forcing step being assembled: its type, conclusion and chains.
struct Pending {
    kind: Kind,
    deletions: Vec<(u8, u8)>,
    placements: Vec<(u8, u8)>,
}

impl Pending {
    /// The premise of table (`on`, premise entry `e`) is false: removed if it was a
    /// placement, placed if it was a removal.
    fn refuting(e: i32) -> Pending {
        let (cell, cand) = (e_cell(e), e_cand(e));
        let mut p = Pending {
            kind: Kind::ForcingChainContradiction,
            deletions: Vec::new(),
            placements: Vec::new(),
        };
        if e_strong(e) {
            p.deletions.push((cell, cand));
        } else {
            p.placements.push((cell, cand));
        }
        p
    }
}

impl Tabling<'_> {
    fn check_forcing(&mut self) {
        for i in 0..810 {
            self.check_one(true, i);
            self.check_one(false, i);
        }
        for i in 0..810 {
            self.check_two(i);
        }
        self.check_cells();
        for base in [0usize, 9, 18] {
            self.check_houses(base);
        }
    }

    /// HoDoKu's `checkOneChain`: a premise that leads to a contradiction is false.
    fn check_one(&mut self, on: bool, k: usize) {
        let t = self.table(on, k);
        if t.len() == 0 {
            return;
        }
        let p0 = t.entries[0];
        let (pc, pd, ps) = (e_cell(p0), e_cand(p0), e_strong(p0));
        // the premise turns its own candidate the other way
        let own = if ps {
            t.off[pd as usize]
        } else {
            t.on[pd as usize]
        };
        if own & 1u128 << pc != 0 {
            let p = Pending::refuting(p0);
            self.building.clear();
            self.add_chain(on, k, pc, pd, !ps, false, false);
            self.replace_or_copy(p);
        }
        // a candidate set and removed
        for d in 0..10usize {
            let t = self.table(on, k);
            let both = t.on[d] & t.off[d];
            if both != 0 {
                let c = both.trailing_zeros() as u8;
                let p = Pending::refuting(p0);
                self.building.clear();
                self.add_chain(on, k, c, d as u8, false, false, false);
                self.add_chain(on, k, c, d as u8, true, false, false);
                self.replace_or_copy(p);
            }
        }
        // two digits set in one cell
        for d1 in 1..10usize {
            for d2 in d1 + 1..10 {
                let t = self.table(on, k);
                let both = t.on[d1] & t.on[d2];
                if both != 0 {
                    let c = both.trailing_zeros() as u8;
                    let p = Pending::refuting(p0);
                    self.building.clear();
                    self.add_chain(on, k, c, d1 as u8, true, false, false);
                    self.add_chain(on, k, c, d2 as u8, true, false, false);
                    self.replace_or_copy(p);
                }
            }
        }
        for base in [0usize, 9, 18] {
            self.check_house_set(on, k, base);
        }
        // a cell left without a candidate
        let g = self.g;
        let t = self.table(on, k);
        let mut set = (1u128 << 81) - 1;
        for d in 1..10usize {
            set &= t.off[d] | !self.cands[d];
        }
        for d in 0..10usize {
            set &= !t.on[d];
        }
        let placed = (0..81u8)
            .filter(|&c| g.values[c as usize] != 0)
            .fold(0u128, |m, c| m | 1u128 << c);
        set &= !placed;
        set &= (1u128 << 81) - 1;
        for c in cells_of(set) {
            let p = Pending::refuting(p0);
            self.building.clear();
            for d in super::grid::digits(g.cells[c as usize]) {
                self.add_chain(on, k, c, d, false, false, false);
            }
            self.replace_or_copy(p);
        }
        for base in [0usize, 9, 18] {
            self.check_house_del(on, k, base);
        }
    }

    /// A digit set twice in one house.
    fn check_house_set(&mut self, on: bool, k: usize, base: usize) {
        let p0 = self.table(on, k).entries[0];
        for d in 1..10usize {
            for h in 0..9 {
                let set = unit_set(base + h) & self.table(on, k).on[d];
                if set.count_ones() > 1 {
                    let p = Pending::refuting(p0);
                    self.building.clear();
                    for c in cells_of(set) {
                        self.add_chain(on, k, c, d as u8, true, false, false);
                    }
                    self.replace_or_copy(p);
                }
            }
        }
    }

    /// Every place of a digit in a house removed.
    fn check_house_del(&mut self, on: bool, k: usize, base: usize) {
        let p0 = self.table(on, k).entries[0];
        for d in 1..10u8 {
            let allowed = self.allowed[d as usize];
            for h in 0..9 {
                let set = unit_set(base + h) & allowed;
                if set != 0 && set & self.table(on, k).off[d as usize] == set {
                    let p = Pending::refuting(p0);
                    self.building.clear();
                    for c in cells_of(set) {
                        self.add_chain(on, k, c, d, false, false, false);
                    }
                    self.replace_or_copy(p);
                }
            }
        }
    }

    /// HoDoKu's `checkTwoChains`: what a candidate set and removed both imply holds.
    fn check_two(&mut self, k: usize) {
        if self.on[k].len() == 0 || self.off[k].len() == 0 {
            return;
        }
        let start = e_cell(self.on[k].entries[0]);
        for d in 1..10usize {
            let set = self.on[k].on[d] & self.off[k].on[d] & !(1u128 << start);
            for c in cells_of(set) {
                let p = Pending {
                    kind: Kind::ForcingChainVerity,
                    deletions: Vec::new(),
                    placements: vec![(c, d as u8)],
                };
                self.building.clear();
                self.add_chain(true, k, c, d as u8, true, false, false);
                self.add_chain(false, k, c, d as u8, true, false, false);
                self.replace_or_copy(p);
            }
        }
        for d in 1..10usize {
            let set = self.on[k].off[d] & self.off[k].off[d] & !(1u128 << start);
            for c in cells_of(set) {
                let p = Pending {
                    kind: Kind::ForcingChainVerity,
                    deletions: vec![(c, d as u8)],
                    placements: Vec::new(),
                };
                self.building.clear();
                self.add_chain(true, k, c, d as u8, false, false, false);
                self.add_chain(false, k, c, d as u8, false, false, false);
                self.replace_or_copy(p);
            }
        }
    }

    /// Every candidate of a cell implies the same conclusion.
    fn check_cells(&mut self) {
        let g = self.g;
        for c in 0..81u8 {
            if g.values[c as usize] != 0 {
                continue;
            }
            let list: Vec<usize> = super::grid::digits(g.cells[c as usize])
                .map(|d| c as usize * 10 + d as usize)
                .collect();
            self.check_list(&list);
        }
    }

    /// Every place of a digit in a house implies the same conclusion.
    fn check_houses(&mut self, base: usize) {
        for h in 0..9 {
            for d in 1..10usize {
                let set = unit_set(base + h) & self.cands[d];
                if set != 0 {
                    let list: Vec<usize> = cells_of(set).map(|c| c as usize * 10 + d).collect();
                    self.check_list(&list);
                }
            }
        }
    }

    /// HoDoKu's `checkEntryList` over on-tables `list`.
    fn check_list(&mut self, list: &[usize]) {
        let mut ons = [0u128; 10];
        let mut offs = [0u128; 10];
        for (i, &k) in list.iter().enumerate() {
            for d in 1..10 {
                if i == 0 {
                    ons[d] = self.on[k].on[d];
                    offs[d] = self.on[k].off[d];
                } else {
                    ons[d] &= self.on[k].on[d];
                    offs[d] &= self.on[k].off[d];
                }
            }
        }
        for d in 1..10usize {
            for c in cells_of(ons[d]) {
                let p = Pending {
                    kind: Kind::ForcingChainVerity,
                    deletions: Vec::new(),
                    placements: vec![(c, d as u8)],
                };
                self.building.clear();
                for &k in list {
                    self.add_chain(true, k, c, d as u8, true, false, false);
                }
                self.replace_or_copy(p);
            }
            for c in cells_of(offs[d]) {
                let p = Pending {
                    kind: Kind::ForcingChainVerity,
                    deletions: vec![(c, d as u8)],
                    placements: Vec::new(),
                };
                self.building.clear();
                for &k in list {
                    self.add_chain(true, k, c, d as u8, false, false, false);
                }
                self.replace_or_copy(p);
            }
        }
    }

    /// HoDoKu's `replaceOrCopyStep`: the step with the chains in `building`; a chain
    /// becomes a net when a branch needed several premises; of steps with the same
    /// conclusion, a shorter one replaces a longer one in place.
    fn replace_or_copy(&mut self, p: Pending) {
        let chains = std::mem::take(&mut self.building);
        let net = chains.iter().flatten().any(|&e| e < 0);
        let kind = match (p.kind, net) {
            (Kind::ForcingChainContradiction, true) => Kind::ForcingNetContradiction,
            (Kind::ForcingChainVerity, true) => Kind::ForcingNetVerity,
            (k, _) => k,
        };
        if !self.chains_only
            && matches!(
                kind,
                Kind::ForcingChainContradiction | Kind::ForcingChainVerity
            )
        {
            return;
        }
        let mut step = Step::new(kind);
        step.deletions = p.deletions;
        step.placements = p.placements;
        if !step.deletions.is_empty() {
            sort_removals(&mut step.deletions);
        }
        let key = if step.deletions.is_empty() {
            (kind, Vec::new(), step.placements.clone())
        } else {
            (kind, step.deletions.clone(), Vec::new())
        };
        let found = Found { step, chains };
        if let Some(&old) = self.seen.get(&key) {
            if self.found[old].chain_len() > found.chain_len() {
                self.found[old] = found;
            }
            return;
        }
        self.seen.insert(key, self.found.len());
        self.found.push(found);
    }
}

/// The cells where `digit` may go as far as the placed digits tell.
fn allowed_cells(g: &Grid, digit: u8) -> u128 {
    let mut set = 0u128;
    for c in 0..81u8 {
        if g.values[c as usize] == 0
            && !BUDDIES[c as usize]
                .iter()
                .any(|&b| g.values[b as usize] == digit)
        {
            set |= 1u128 << c;
        }
    }
    set
}
