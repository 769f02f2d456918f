//! Which potentials each potential reaches over a fixed grid's links (the static producers'
//! implication graph): its strongly connected components (petgraph's Tarjan), then each
//! component's reach, components taken sinks first.
//!
//! An *off* that turns nothing on reaches itself only (most offs): such offs are left out
//! of the graph, and added to a reach as what its *ons* turn off. A reach is kept in
//! [`Reached`]'s layout (per polarity and value, a mask of cells), so that an on's offs
//! are a few masks and [`Reach::reached`] a copy.
//!
//! A forcing chain from a start is a path of these links from the start to its conjugate,
//! so a start whose conjugate it does not reach has none, and its search can be skipped.
//! Over the links with the cell rule, what a start reaches is also the multiple forcing
//! chains' static closure on the same grid ([`Reach::reached`]), unless it holds a
//! potential both on and off.
//!
//! Complexity: O(n + e) for the components and O(e) 18-mask unions for the reach, n the
//! grid's ons and offs turning something on, e their links.

use super::closure::Reached;
use super::potential::{Pot, StaticLinks, POTS};
use petgraph::algo::TarjanScc;
use petgraph::visit::{GraphBase, GraphRef, IntoNeighbors, IntoNodeIdentifiers, NodeIndexable};
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::PEER_MASKS;

const NONE: u32 = u32::MAX;

/// A set of potentials: per polarity and value ([`slot`]), a mask of cells.
type PotSet = [u128; 18];

/// A potential's mask in a [`PotSet`]: offs, then ons, values ascending.
#[inline]
fn slot(p: Pot) -> usize {
    p.on() as usize * 9 + p.value() as usize - 1
}

/// The reach of every potential of a grid over one choice of links.
pub struct Reach {
    cands: [u16; 81],
    /// Each potential's node (`NONE`: not a candidate of the grid, or an off that turns
    /// nothing on).
    node: Vec<u32>,
    /// Each node's component.
    component: Vec<u32>,
    /// Per component, the potentials it reaches (its own included).
    reach: Vec<PotSet>,
}

impl Reach {
    /// The reach over `links` of the grid `cands`: an *on* turns off what
    /// [`StaticLinks::on_to_off`] gives with `y`; an *off* turns on what
    /// [`StaticLinks::off_to_on`] gives with `y` and `x`.
    pub fn new(cands: &[u16; 81], links: &StaticLinks, y: bool, x: bool) -> Reach {
        let mut node = vec![NONE; POTS];
        let mut pots = Vec::with_capacity(512);
        let mut value_cells = [0u128; 10];
        for (cell, &m) in cands.iter().enumerate() {
            for b in bits(m) {
                let value = b as u8;
                value_cells[value as usize] |= 1 << cell;
                let on = Pot::new(cell, value, true);
                for p in [on.negated(), on] {
                    if p.on() || links.turns_on(p, y, x) {
                        node[p.index()] = pots.len() as u32;
                        pots.push(p);
                    }
                }
            }
        }
        // the links between nodes
        let mut starts = Vec::with_capacity(pots.len() + 1);
        let mut edges = Vec::with_capacity(4 * pots.len());
        for &p in &pots {
            starts.push(edges.len() as u32);
            if p.on() {
                for &(q, _) in links.on_to_off(p, y) {
                    if node[q.index()] != NONE {
                        edges.push(node[q.index()]);
                    }
                }
            } else {
                edges.extend(
                    links
                        .off_to_on(p, y, x)
                        .iter()
                        .map(|&(q, _)| node[q.index()]),
                );
            }
        }
        starts.push(edges.len() as u32);
        let components = components(&starts, &edges);
        let count = components.count();
        let mut reach = vec![[0u128; 18]; count];
        // per component, the last component that took its reach
        let mut taken_by = vec![NONE; count];
        // the components in Tarjan's order (each after every component it reaches)
        for c in 0..count {
            let (done, rest) = reach.split_at_mut(c);
            let own = &mut rest[0];
            for &v in components.nodes(c) {
                let p = pots[v as usize];
                let bit = 1u128 << p.cell();
                own[slot(p)] |= bit;
                if p.on() {
                    // every off it turns off, those that turn nothing on included
                    own[p.value() as usize - 1] |=
                        PEER_MASKS[p.cell()] & value_cells[p.value() as usize];
                    if y {
                        for w in bits(cands[p.cell()] & !(1 << p.value())) {
                            own[w - 1] |= bit;
                        }
                    }
                }
                for &w in &edges[starts[v as usize] as usize..starts[v as usize + 1] as usize] {
                    let d = components.of[w as usize] as usize;
                    if d != c && taken_by[d] != c as u32 {
                        taken_by[d] = c as u32;
                        for (o, t) in own.iter_mut().zip(&done[d]) {
                            *o |= t;
                        }
                    }
                }
            }
        }
        Reach {
            cands: *cands,
            node,
            component: components.of,
            reach,
        }
    }

    /// What `start` reaches: the reach of its node's component, or itself.
    fn of(&self, start: Pot) -> Option<&PotSet> {
        match self.node[start.index()] {
            NONE => None,
            v => Some(&self.reach[self.component[v as usize] as usize]),
        }
    }

    /// What `start` (a candidate of the grid) reaches, as [`Reached`] — unless it reaches a
    /// potential both on and off (then it reaches its own conjugate, the links being
    /// symmetric: `None`). Over the static links with the cell rule this is the static
    /// closure of [`super::closure`], which stops only at such a potential.
    pub fn reached(&self, start: Pot) -> Option<Reached> {
        let mut out = Reached::default();
        match self.of(start) {
            Some(pots) => {
                out.off.copy_from_slice(&pots[..9]);
                out.on.copy_from_slice(&pots[9..]);
            }
            None => out.insert(start),
        }
        if out.on.iter().zip(&out.off).any(|(on, off)| on & off != 0) {
            return None;
        }
        out.cells = out.on.iter().chain(&out.off).fold(0, |a, &b| a | b);
        Some(out)
    }

    /// Does `from` reach `to` (both candidates of the grid, distinct) over the links?
    #[inline]
    pub fn reaches(&self, from: Pot, to: Pot) -> bool {
        match self.of(from) {
            Some(pots) => pots[slot(to)] >> to.cell() & 1 != 0,
            None => from == to && self.cands[from.cell()] & (1 << from.value()) != 0,
        }
    }
}

/// The strongly connected components of a graph: each node's component, and each
/// component's nodes (component `c`'s are `nodes[starts[c]..starts[c + 1]]`). A component
/// is numbered after every component it reaches (Tarjan gives them sinks first).
struct Components {
    of: Vec<u32>,
    starts: Vec<usize>,
    nodes: Vec<u32>,
}

impl Components {
    fn count(&self) -> usize {
        self.starts.len() - 1
    }
    fn nodes(&self, c: usize) -> &[u32] {
        &self.nodes[self.starts[c]..self.starts[c + 1]]
    }
    /// Makes `nodes` the next component.
    fn close(&mut self, nodes: &[u32]) {
        let c = self.count() as u32;
        for &v in nodes {
            self.of[v as usize] = c;
        }
        self.nodes.extend_from_slice(nodes);
        self.starts.push(self.nodes.len());
    }
}

/// A graph whose node `v` has the edges `edges[starts[v]..starts[v + 1]]`, as petgraph's
/// algorithms read a graph (its capability traits), without building one.
#[derive(Clone, Copy)]
struct Adjacency<'a> {
    starts: &'a [u32],
    edges: &'a [u32],
}

impl GraphBase for Adjacency<'_> {
    type NodeId = u32;
    type EdgeId = u32;
}

impl GraphRef for Adjacency<'_> {}

impl<'a> IntoNeighbors for Adjacency<'a> {
    type Neighbors = std::iter::Copied<std::slice::Iter<'a, u32>>;
    fn neighbors(self, v: u32) -> Self::Neighbors {
        let (from, to) = (self.starts[v as usize], self.starts[v as usize + 1]);
        self.edges[from as usize..to as usize].iter().copied()
    }
}

impl IntoNodeIdentifiers for Adjacency<'_> {
    type NodeIdentifiers = std::ops::Range<u32>;
    fn node_identifiers(self) -> Self::NodeIdentifiers {
        0..self.node_bound() as u32
    }
}

impl NodeIndexable for Adjacency<'_> {
    fn node_bound(&self) -> usize {
        self.starts.len() - 1
    }
    fn to_index(&self, v: u32) -> usize {
        v as usize
    }
    fn from_index(&self, i: usize) -> u32 {
        i as u32
    }
}

/// The components (petgraph's Tarjan) of the graph whose node `v` has the edges
/// `edges[starts[v]..starts[v + 1]]`.
fn components(starts: &[u32], edges: &[u32]) -> Components {
    let graph = Adjacency { starts, edges };
    let n = graph.node_bound();
    let mut out = Components {
        of: vec![NONE; n],
        starts: Vec::with_capacity(n + 1),
        nodes: Vec::with_capacity(n),
    };
    out.starts.push(0);
    TarjanScc::new().run(graph, |scc| out.close(scc));
    out
}

/// The candidates of `puzzle` (81 characters, `.` or a digit) after its givens' peers
/// lose their values: a test grid.
#[cfg(test)]
pub(super) fn candidates_of(puzzle: &str) -> [u16; 81] {
    let values: Vec<u8> = puzzle.bytes().map(|b| b.saturating_sub(b'0')).collect();
    let mut cands = [0u16; 81];
    for cell in 0..81 {
        if values[cell] != 0 {
            continue;
        }
        cands[cell] = 0b11_1111_1110;
        for (other, &value) in values.iter().enumerate() {
            if crate::ser::grid::sees(cell, other) && value != 0 {
                cands[cell] &= !(1 << value);
            }
        }
    }
    cands
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reach by breadth-first search, to compare with.
    fn reaches_by_search(starts: &[u32], edges: &[u32], from: u32, to: u32) -> bool {
        let mut seen = vec![false; starts.len() - 1];
        let mut queue = vec![from];
        while let Some(v) = queue.pop() {
            for &w in &edges[starts[v as usize] as usize..starts[v as usize + 1] as usize] {
                if w == to {
                    return true;
                }
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    queue.push(w);
                }
            }
        }
        false
    }

    #[test]
    fn components_come_after_what_they_reach() {
        // 0 → 1 → 2 → 0, 2 → 3, 3 → 4, 4 → 3, 5 → 0
        let adjacency: [&[u32]; 6] = [&[1], &[2], &[0, 3], &[4], &[3], &[0]];
        let mut starts = vec![0u32];
        let mut edges = Vec::new();
        for out in adjacency {
            edges.extend_from_slice(out);
            starts.push(edges.len() as u32);
        }
        let components = components(&starts, &edges);
        let component = &components.of;
        assert_eq!(components.count(), 3);
        assert_eq!(component[0], component[1]);
        assert_eq!(component[1], component[2]);
        assert_eq!(component[3], component[4]);
        assert!(component[3] < component[0] && component[0] < component[5]);
        for a in 0..6 {
            for b in 0..6 {
                let same = component[a] == component[b];
                if a != b && reaches_by_search(&starts, &edges, a as u32, b as u32) {
                    assert!(component[a] >= component[b], "{a} -> {b}");
                } else if a != b {
                    assert!(!same);
                }
            }
        }
    }

    #[test]
    fn reach_agrees_with_a_search_on_a_grid() {
        // a grid from top1465's first puzzle after its singles: every candidate open in
        // the givens' empty cells
        let cands = candidates_of(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let links = StaticLinks::new(&cands);
        // over the static links with the cell rule, the reach is the static closure
        let reach = Reach::new(&cands, &links, true, true);
        let grid = super::super::closure::Grid::new(&cands);
        let mode = crate::ser::ChainingMode {
            multiple: true,
            dynamic: false,
            nishio: false,
            level: 0,
        };
        let mut contradicted = 0;
        for start in (0..POTS).map(Pot::from_index) {
            if cands[start.cell()] & (1 << start.value()) == 0 {
                continue;
            }
            let closure = super::super::closure::closure(&grid, start, mode, &mut [0; 81]);
            match reach.reached(start) {
                Some(reached) => assert_eq!(reached, closure.reached, "{start:?}"),
                None => {
                    assert!(closure.contradiction, "{start:?}");
                    contradicted += 1;
                }
            }
        }
        assert!(contradicted > 0);
        for (y, x) in [(false, true), (true, true), (true, false)] {
            let reach = Reach::new(&cands, &links, y, x);
            let pots: Vec<Pot> = (0..POTS)
                .map(Pot::from_index)
                .filter(|p| cands[p.cell()] & (1 << p.value()) != 0)
                .collect();
            for &p in pots.iter().step_by(7) {
                // breadth first over the same links
                let mut seen = vec![false; POTS];
                let mut queue = vec![p];
                while let Some(q) = queue.pop() {
                    let out = if q.on() {
                        links.on_to_off(q, y)
                    } else {
                        links.off_to_on(q, y, x)
                    };
                    for &(r, _) in out {
                        if !seen[r.index()] {
                            seen[r.index()] = true;
                            queue.push(r);
                        }
                    }
                }
                for &q in &pots {
                    if q != p {
                        assert_eq!(reach.reaches(p, q), seen[q.index()], "{p:?} -> {q:?}");
                    }
                }
            }
        }
    }
}
