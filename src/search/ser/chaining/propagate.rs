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
use super::potential::{off_to_on, on_to_off, positions, region_of, Cause, Pot, POTS};
use crate::search::ser::ChainingMode;
use std::collections::VecDeque;

/// One derived potential: what it is, why, and its parents (node indices).
#[derive(Clone, Debug)]
pub struct Node {
    pub pot: Pot,
    pub cause: Cause,
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
    /// Node index + 1 of each potential (0: absent).
    slot: Vec<u32>,
    /// The potential found both on and off: (its *on* node, its *off* node); the one met
    /// last is not registered (SE returns it without adding it).
    pub contradiction: Option<(u32, u32)>,
    pub advanced: Vec<AdvancedHint>,
}

impl Chain {
    fn new() -> Chain {
        Chain {
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            slot: vec![0; POTS],
            contradiction: None,
            advanced: Vec::new(),
        }
    }

    /// A chain holding one path (its start first), each potential derived from the one
    /// before; a potential met again is not registered again.
    pub fn from_path(path: &[(Pot, Cause)]) -> Chain {
        let mut chain = Chain::new();
        for (i, &(pot, cause)) in path.iter().enumerate() {
            let parents: &[u32] = if i == 0 { &[] } else { &[i as u32 - 1] };
            let register = chain.get(pot).is_none();
            chain.push(pot, cause, parents, register);
        }
        chain
    }

    /// The node of a potential, if the propagation reached it.
    #[inline]
    pub fn get(&self, p: Pot) -> Option<u32> {
        match self.slot[p.index()] {
            0 => None,
            n => Some(n - 1),
        }
    }

    pub fn parents(&self, node: u32) -> &[u32] {
        let n = &self.nodes[node as usize];
        &self.parents[n.parents_at as usize..(n.parents_at + n.parents_len) as usize]
    }

    fn push(&mut self, pot: Pot, cause: Cause, parents: &[u32], register: bool) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            cause,
            parents_at: self.parents.len() as u32,
            parents_len: parents.len() as u32,
        });
        self.parents.extend_from_slice(parents);
        if register {
            self.slot[pot.index()] = index + 1;
        }
        index
    }

    /// The registered *on* (or *off*) nodes in insertion order.
    pub fn nodes_of(&self, on: bool) -> impl Iterator<Item = u32> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .filter(move |(i, n)| n.pot.on() == on && self.slot[n.pot.index()] == *i as u32 + 1)
            .map(|(i, _)| i as u32)
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
    pub fn ancestor_count(&self, node: u32) -> usize {
        self.ancestry(&[node]).len()
    }
}

/// SE's propagation on `grid` from `start` under `mode`: the chain it builds (partial when
/// it stops at a contradiction).
pub fn propagate(
    grid: &[u16; 81],
    values: &[u8; 81],
    start: Pot,
    mode: ChainingMode,
    rules: &mut Rules,
) -> Chain {
    let y = !mode.nishio;
    let dynamic = mode.dynamic;
    let mut work = *grid;
    let mut chain = Chain::new();
    let mut pending_on: VecDeque<u32> = VecDeque::new();
    let mut pending_off: VecDeque<u32> = VecDeque::new();
    let root = chain.push(start, Cause::Start, &[], true);
    if start.on() {
        pending_on.push_back(root);
    } else {
        pending_off.push_back(root);
    }
    let mut links = Vec::with_capacity(32);
    let mut parents = Vec::with_capacity(16);
    loop {
        if let Some(q) = pending_on.pop_front() {
            on_to_off(&work, chain.nodes[q as usize].pot, y, &mut links);
            for &(o, cause) in &links {
                if let Some(on) = chain.get(o.negated()) {
                    let off = chain.push(o, cause, &[q], false);
                    chain.contradiction = Some((on, off));
                    return chain;
                } else if chain.get(o).is_none() {
                    let n = chain.push(o, cause, &[q], true);
                    pending_off.push_back(n);
                }
            }
        } else if let Some(q) = pending_off.pop_front() {
            let qp = chain.nodes[q as usize].pot;
            off_to_on(&work, qp, y, true, &mut links);
            let mut found: Vec<(Pot, Cause, Vec<u32>)> = Vec::with_capacity(links.len());
            for &(n, cause) in &links {
                parents.clear();
                parents.push(q);
                if dynamic {
                    hidden_parents(grid, &work, n, cause, &chain, &mut parents);
                }
                found.push((n, cause, parents.clone()));
            }
            if dynamic {
                work[qp.cell()] &= !(1 << qp.value());
            }
            for (n, cause, ps) in found {
                if let Some(off) = chain.get(n.negated()) {
                    let on = chain.push(n, cause, &ps, false);
                    chain.contradiction = Some((on, off));
                    return chain;
                } else if chain.get(n).is_none() {
                    let node = chain.push(n, cause, &ps, true);
                    pending_on.push_back(node);
                }
            }
        }
        if pending_on.is_empty() && pending_off.is_empty() {
            if mode.level == 0 {
                break;
            }
            let found = advanced::potentials(&work, values, grid, &chain, mode, rules);
            for (pot, hint, rule_parents) in found {
                if chain.get(pot).is_none() {
                    let index = chain.advanced.len() as u32;
                    chain.advanced.push(hint.clone());
                    let node = chain.push(pot, Cause::Advanced(index), &rule_parents, true);
                    pending_off.push_back(node);
                }
            }
            if pending_off.is_empty() {
                break;
            }
        }
    }
    chain
}

/// SE's hidden parents of `n` (on): the candidates of its cell (cell rule) or the places of
/// its value in the region of the cause, present in `source` and gone from `work`, as the
/// chain's *off* nodes.
fn hidden_parents(
    source: &[u16; 81],
    work: &[u16; 81],
    n: Pot,
    cause: Cause,
    chain: &Chain,
    out: &mut Vec<u32>,
) {
    let mut add = |cell: usize, value: u8| {
        let node = chain
            .get(Pot::new(cell, value, false))
            .expect("a removed candidate is an off of the chain");
        out.push(node);
    };
    match cause {
        Cause::Cell => {
            let cell = n.cell();
            let gone = source[cell] & !work[cell];
            for v in 1..=9u8 {
                if gone & (1 << v) != 0 {
                    add(cell, v);
                }
            }
        }
        Cause::Region(kind) => {
            let cells = region_of(kind, n.cell());
            let gone = positions(source, cells, n.value()) & !positions(work, cells, n.value());
            for (p, &cell) in cells.iter().enumerate() {
                if gone & (1 << p) != 0 {
                    add(cell as usize, n.value());
                }
            }
        }
        Cause::Start | Cause::Advanced(_) => {}
    }
}
