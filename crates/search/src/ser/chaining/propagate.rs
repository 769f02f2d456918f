//! SE's propagation from one assumption (`doChaining`), used by Nishio, multiple and
//! dynamic forcing chains: *on* potentials first, one at a time, each turning potentials
//! off; then one *off*, turning potentials on; in dynamic modes every processed *off*
//! leaves the working grid, so later cells become bivalue and regions bilocal — an *on*
//! found that way has the removed candidates as parents too (SE's hidden parents). At
//! levels ≥ 1, whenever nothing is pending, SE's rules run on the working grid
//! ([`super::advanced`]). The first potential found both on and off ends the
//! propagation (a contradiction); the partial result is still used.
//!
//! Complexity: each of the ≤ 1,458 potentials is added once with its ≤ 28 links scanned
//! on the working grid; ancestor counts walk the parents once per question.

use super::advanced::{self, AdvancedHint, Rules};
use super::potential::{Cause, Pot, Work, POTS};
use crate::ser::ChainingMode;
use sudolink_engine::grid::bits::{bits, word_bits};
use sudolink_engine::grid::tables::{CELL_BIT, PEER_MASKS};

/// One derived potential: what it is, why, and its parents (node indices).
#[derive(Clone, Debug)]
pub struct Node {
    pub pot: Pot,
    /// The longest path of parents from the node to the start: its ancestor count is more.
    depth: u16,
    pub cause: Cause,
    /// The parents: the one parent itself, or where they start in the chain's list.
    parents_at: u32,
    parents_len: u32,
}

/// The result of one propagation: SE's `toOn` and `toOff` (each potential once, in
/// insertion order), the contradiction met if any, and the rules' hints that the
/// [`Cause::Advanced`] potentials name.
#[derive(Clone, Debug)]
pub struct Chain {
    pub nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The registered potentials: one bit each, each word's count of bits before it, and
    /// the node of each in potential order (a compact map, built when the chain is done).
    present: [u64; WORDS],
    before: [u16; WORDS],
    by_rank: Vec<u32>,
    /// The potential found both on and off: (its *on* node, its *off* node); the one met
    /// last is not registered (SE returns it without adding it).
    pub contradiction: Option<(u32, u32)>,
    pub advanced: Vec<AdvancedHint>,
    /// The candidates of the grid the propagation read (at level 0: the chain is the same
    /// on any grid where they are the same).
    pub read: ReadSet,
}

/// The candidates a level-0 propagation read: every candidate of the cells in `cells`
/// (the cell rule reads a cell's whole mask), and per value the places in the block, row
/// and column of the cells in `linked[value - 1]` (the region rule at a potential of that
/// value reads its value's places in the cell's three regions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadSet {
    cells: u128,
    linked: [u128; 9],
}

impl ReadSet {
    /// The set reading the whole masks of `cells` and, per value, the places near the cells
    /// of `linked[value - 1]`.
    pub fn from_parts(cells: u128, linked: [u128; 9]) -> ReadSet {
        ReadSet { cells, linked }
    }

    /// What the links of `pot` read: its value's places in its block, row and column, and
    /// with the cell rule (`y`) its cell's whole mask.
    #[inline]
    pub fn read_links(&mut self, pot: Pot, y: bool) {
        let bit = CELL_BIT[pot.cell()];
        if y {
            self.cells |= bit;
        }
        self.linked[pot.value() as usize - 1] |= bit;
    }

    /// Does the set hold a removed candidate? `removed`: the removed candidates' cells
    /// (bit `c` for cell `c`), and per value the cells seeing or holding a removed
    /// candidate of that value ([`Removed`]).
    pub fn meets(&self, removed: &Removed) -> bool {
        self.cells & removed.cells != 0 || removed.near_any(|v| self.linked[v])
    }
}

/// Removed candidates as [`ReadSet::meets`] reads them: their cells, and per value the
/// cells that see or hold one of that value (the cells whose region rule reads it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    cells: u128,
    near: [u128; 9],
    /// The values with a removed candidate (bit `v` for index `v`).
    values: u16,
}

impl Removed {
    /// `removed` per value (index `value - 1`), bit `c` for cell `c`.
    pub fn new(removed: &[u128; 9]) -> Removed {
        let mut out = Removed::default();
        for (v, (near, &gone)) in out.near.iter_mut().zip(removed).enumerate() {
            if gone != 0 {
                out.values |= 1 << v;
            }
            out.cells |= gone;
            for cell in bits(gone) {
                *near |= PEER_MASKS[cell] | 1 << cell;
            }
        }
        out
    }

    /// Nothing removed.
    pub fn is_empty(&self) -> bool {
        self.cells == 0
    }

    /// Does a propagation that took every potential on in `on` and off in `off` (per
    /// value, bit `c` for cell `c`; `cells` their cells) read a removed candidate? `y`: it
    /// used the cell rule. The same as [`ReadSet::meets`] on the set those potentials read.
    pub fn met_by(&self, cells: u128, on: &[u128; 9], off: &[u128; 9], y: bool) -> bool {
        (y && cells & self.cells != 0) || self.near_any(|v| on[v] | off[v])
    }

    /// Is a cell of `linked(v)` near a removed candidate of value index `v`, for some `v`?
    /// (`linked` is asked at the removed values only.)
    #[inline]
    fn near_any(&self, linked: impl Fn(usize) -> u128) -> bool {
        for v in bits(self.values) {
            if self.near[v] & linked(v) != 0 {
                return true;
            }
        }
        false
    }
}

const WORDS: usize = POTS.div_ceil(64);

/// The *on* potentials' bits in a word of [`Chain::present`] (a potential's index is odd
/// when on).
const ON_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// The bits of the potentials of one polarity, word by word, registered in every chain.
pub fn common_present<'a>(chains: impl IntoIterator<Item = &'a Chain>, on: bool) -> [u64; WORDS] {
    let mut out = [if on { ON_BITS } else { !ON_BITS }; WORDS];
    for chain in chains {
        for (o, w) in out.iter_mut().zip(&chain.present) {
            *o &= w;
        }
    }
    out
}

/// The node of each potential while a chain is built: (stamp, node) per potential, reset
/// in O(1) by a new stamp.
pub struct Table {
    entries: Vec<(u32, u32)>,
    current: u32,
}

impl Default for Table {
    /// A table without entries yet (made at the first reset).
    fn default() -> Table {
        Table {
            entries: Vec::new(),
            current: 0,
        }
    }
}

impl Table {
    fn reset(&mut self) {
        if self.entries.is_empty() {
            self.entries = vec![(0, 0); POTS];
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.entries.fill((0, 0));
            self.current = 1;
        }
    }
    #[inline]
    fn get(&self, p: Pot) -> Option<u32> {
        let (stamp, node) = self.entries[p.index()];
        (stamp == self.current).then_some(node)
    }
    #[inline]
    fn set(&mut self, p: Pot, node: u32) {
        self.entries[p.index()] = (self.current, node);
    }
}

/// A first-in first-out queue of nodes, cleared between propagations (a vector and its
/// read position: cheaper than a ring buffer here).
#[derive(Default)]
struct Fifo {
    items: Vec<u32>,
    head: usize,
}

impl Fifo {
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }
    #[inline]
    fn push(&mut self, node: u32) {
        self.items.push(node);
    }
    #[inline]
    fn pop(&mut self) -> Option<u32> {
        let node = self.items.get(self.head).copied()?;
        self.head += 1;
        Some(node)
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }
}

impl Chain {
    fn new() -> Chain {
        Chain {
            nodes: Vec::new(),
            parents: Vec::new(),
            present: [0; WORDS],
            before: [0; WORDS],
            by_rank: Vec::new(),
            contradiction: None,
            advanced: Vec::new(),
            read: ReadSet::default(),
        }
    }

    /// A chain holding one path (its start first), each potential derived from the one
    /// before; a potential met again is not registered again.
    pub fn from_path(path: &[(Pot, Cause)]) -> Chain {
        let mut chain = Chain::new();
        let mut registered: Vec<(Pot, u32)> = Vec::new();
        for (i, &(pot, cause)) in path.iter().enumerate() {
            let parents: &[u32] = if i == 0 { &[] } else { &[i as u32 - 1] };
            let register = !registered.iter().any(|&(p, _)| p == pot);
            let node = chain.push(pot, cause, parents);
            if register {
                registered.push((pot, node));
                chain.present[pot.index() / 64] |= 1 << (pot.index() % 64);
            }
        }
        registered.sort();
        chain.by_rank = registered.into_iter().map(|(_, n)| n).collect();
        chain.count_before();
        chain
    }

    fn count_before(&mut self) {
        let mut total = 0u16;
        for w in 0..WORDS {
            self.before[w] = total;
            total += self.present[w].count_ones() as u16;
        }
    }

    /// Builds the compact map from the table the chain was built with.
    fn finish(mut self, table: &Table) -> Chain {
        let mut by_rank = Vec::with_capacity(self.nodes.len());
        for (w, &word) in self.present.iter().enumerate() {
            // the count of bits before the word, without popcounts (see `two_bits`)
            self.before[w] = by_rank.len() as u16;
            for b in bits(word) {
                let pot = Pot::from_index(w * 64 + b);
                by_rank.push(table.get(pot).expect("a registered potential"));
            }
        }
        self.by_rank = by_rank;
        self
    }

    fn register(&mut self, pot: Pot, node: u32, table: &mut Table) {
        self.present[pot.index() / 64] |= 1 << (pot.index() % 64);
        table.set(pot, node);
    }

    /// The node of a potential, if the propagation reached it.
    #[inline]
    pub fn get(&self, p: Pot) -> Option<u32> {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let word = self.present[w];
        if word >> b & 1 == 0 {
            return None;
        }
        let rank = self.before[w] as usize + (word & ((1u64 << b) - 1)).count_ones() as usize;
        Some(self.by_rank[rank])
    }

    pub fn parents(&self, node: u32) -> &[u32] {
        let n = &self.nodes[node as usize];
        if n.parents_len == 1 {
            std::slice::from_ref(&n.parents_at)
        } else {
            &self.parents[n.parents_at as usize..(n.parents_at + n.parents_len) as usize]
        }
    }

    fn push(&mut self, pot: Pot, cause: Cause, parents: &[u32]) -> u32 {
        let index = self.nodes.len() as u32;
        let depth = parents
            .iter()
            .map(|&p| self.nodes[p as usize].depth + 1)
            .max()
            .unwrap_or(0);
        self.nodes.push(Node {
            pot,
            depth,
            cause,
            parents_at: match parents {
                [one] => *one,
                _ => self.parents.len() as u32,
            },
            parents_len: parents.len() as u32,
        });
        if parents.len() != 1 {
            self.parents.extend_from_slice(parents);
        }
        index
    }

    /// A lower bound of [`Chain::ancestor_count`] (the longest path of parents to the
    /// start, plus one).
    #[inline]
    pub fn ancestor_bound(&self, node: u32) -> usize {
        self.nodes[node as usize].depth as usize + 1
    }

    /// The registered nodes of the potentials in `pots` (bits as [`Chain::get`] reads
    /// them), in insertion order.
    pub fn nodes_in(&self, pots: &[u64; WORDS]) -> Vec<u32> {
        let mut out = Vec::new();
        for (w, &word) in pots.iter().enumerate() {
            for b in bits(word) {
                let pot = Pot::from_index(w * 64 + b);
                out.push(self.get(pot).expect("a potential of the chain"));
            }
        }
        out.sort_unstable();
        out
    }

    /// The registered potentials, ascending.
    pub fn registered_pots(&self) -> impl Iterator<Item = Pot> + '_ {
        word_bits(&self.present).map(Pot::from_index)
    }

    /// The nodes `node` rests on (itself included), each potential once, in derivation
    /// order.
    pub fn ancestry(&self, ends: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut seen_pot = [0u64; POTS.div_ceil(64)];
        let mut stack: Vec<u32> = ends.to_vec();
        let mut out = Vec::new();
        while let Some(n) = stack.pop() {
            let pot = self.nodes[n as usize].pot.index();
            if seen[n as usize] || seen_pot[pot / 64] & (1 << (pot % 64)) != 0 {
                continue;
            }
            seen[n as usize] = true;
            seen_pot[pot / 64] |= 1 << (pot % 64);
            out.push(n);
            stack.extend_from_slice(self.parents(n));
        }
        out.sort_unstable();
        out
    }

    /// SE's `getAncestorCount`: the distinct potentials `node` rests on, itself included.
    /// `scratch` is any buffer (reused between calls).
    pub fn ancestor_count(&self, node: u32, scratch: &mut Scratch) -> usize {
        let Scratch { seen, stack } = scratch;
        seen.clear();
        seen.resize(POTS.div_ceil(64), 0);
        stack.clear();
        stack.push(node);
        let mut count = 0;
        while let Some(n) = stack.pop() {
            let pot = self.nodes[n as usize].pot.index();
            if seen[pot / 64] & (1 << (pot % 64)) != 0 {
                continue;
            }
            seen[pot / 64] |= 1 << (pot % 64);
            count += 1;
            stack.extend_from_slice(self.parents(n));
        }
        count
    }
}

/// Buffers reused by ancestor counts.
#[derive(Default)]
pub struct Scratch {
    seen: Vec<u64>,
    stack: Vec<u32>,
}

thread_local! {
    /// The buffers of the runs ended on this thread, for the next ones (a table over every
    /// potential is an 11 KB zeroed allocation).
    static SPARE_BUFFERS: std::cell::RefCell<Vec<Buffers>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Buffers {
    /// The buffers of a run ended on this thread, or new ones.
    pub fn reused() -> Buffers {
        SPARE_BUFFERS
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_default()
    }

    /// Leaves the buffers to a later run on this thread.
    pub fn give_back(self) {
        SPARE_BUFFERS.with(|spare| spare.borrow_mut().push(self));
    }
}

/// Buffers reused by propagations.
#[derive(Default)]
pub struct Buffers {
    table: Table,
    work: Option<Work>,
    pending_on: Fifo,
    pending_off: Fifo,
    links: Vec<(Pot, Cause)>,
    found: Vec<(Pot, Cause, usize, usize)>,
    parents: Vec<u32>,
    gone: Vec<Pot>,
    /// The growing chain's nodes and parents (it keeps copies of their final lengths).
    chain_nodes: Vec<Node>,
    chain_parents: Vec<u32>,
}

/// SE's propagation on `grid` from `start` under `mode`: the chain it builds (partial when
/// it stops at a contradiction).
pub fn propagate(
    grid: &Work,
    values: &[u8; 81],
    start: Pot,
    mode: ChainingMode,
    rules: &mut Rules,
    buffers: &mut Buffers,
) -> Chain {
    let mut chain = Chain::new();
    chain.nodes = std::mem::take(&mut buffers.chain_nodes);
    chain.parents = std::mem::take(&mut buffers.chain_parents);
    grow(&mut chain, grid, values, start, mode, rules, buffers);
    let nodes = chain.nodes.clone();
    let parents = chain.parents.clone();
    buffers.chain_nodes = std::mem::replace(&mut chain.nodes, nodes);
    buffers.chain_parents = std::mem::replace(&mut chain.parents, parents);
    buffers.chain_nodes.clear();
    buffers.chain_parents.clear();
    chain.finish(&buffers.table)
}

/// The propagation itself, into `chain` (empty).
fn grow(
    chain: &mut Chain,
    grid: &Work,
    values: &[u8; 81],
    start: Pot,
    mode: ChainingMode,
    rules: &mut Rules,
    buffers: &mut Buffers,
) {
    let y = !mode.nishio;
    let dynamic = mode.dynamic;
    let Buffers {
        table,
        work,
        pending_on,
        pending_off,
        links,
        found,
        parents,
        gone,
        ..
    } = buffers;
    let work = match work {
        Some(w) => {
            w.clone_from(grid);
            w
        }
        None => work.insert(grid.clone()),
    };
    table.reset();
    pending_on.clear();
    pending_off.clear();
    let root = chain.push(start, Cause::Start, &[]);
    chain.register(start, root, table);
    if start.on() {
        pending_on.push(root);
    } else {
        pending_off.push(root);
    }
    loop {
        if let Some(q) = pending_on.pop() {
            let qp = chain.nodes[q as usize].pot;
            chain.read.read_links(qp, y);
            work.on_to_off(qp, y, links);
            for &(o, cause) in links.iter() {
                if let Some(on) = table.get(o.negated()) {
                    let off = chain.push(o, cause, &[q]);
                    chain.contradiction = Some((on, off));
                    return;
                } else if table.get(o).is_none() {
                    let n = chain.push(o, cause, &[q]);
                    chain.register(o, n, table);
                    pending_off.push(n);
                }
            }
        } else if let Some(q) = pending_off.pop() {
            let qp = chain.nodes[q as usize].pot;
            chain.read.read_links(qp, y);
            work.off_to_on(qp, y, true, links);
            found.clear();
            parents.clear();
            for &(n, cause) in links.iter() {
                let at = parents.len();
                parents.push(q);
                if dynamic {
                    gone.clear();
                    work.gone_since(grid, n, cause, gone);
                    for &g in gone.iter() {
                        parents.push(
                            table
                                .get(g)
                                .expect("a removed candidate is an off of the chain"),
                        );
                    }
                }
                found.push((n, cause, at, parents.len()));
            }
            if dynamic {
                work.remove(qp.cell(), qp.value());
            }
            for &(n, cause, from, to) in found.iter() {
                if let Some(off) = table.get(n.negated()) {
                    let on = chain.push(n, cause, &parents[from..to]);
                    chain.contradiction = Some((on, off));
                    return;
                } else if table.get(n).is_none() {
                    let node = chain.push(n, cause, &parents[from..to]);
                    chain.register(n, node, table);
                    pending_on.push(node);
                }
            }
        }
        if pending_on.is_empty() && pending_off.is_empty() {
            if mode.level == 0 {
                break;
            }
            let lookup = |p: Pot| table.get(p);
            let found = advanced::potentials(work, values, grid, &lookup, mode, rules);
            for (pot, hint, rule_parents) in found {
                if table.get(pot).is_none() {
                    let index = chain.advanced.len() as u32;
                    chain.advanced.push(hint.clone());
                    let node = chain.push(pot, Cause::Advanced(index), &rule_parents);
                    chain.register(pot, node, table);
                    pending_off.push(node);
                }
            }
            if pending_off.is_empty() {
                break;
            }
        }
    }
}
