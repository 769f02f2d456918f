//! Alternating inference chains with group and ALS nodes ([Hanson SA]'s chains through
//! almost-locked sets; Eureka's notation): for each target, the shortest chain
//! `S = … = E` whose two ends the target would both make false.
//!
//! Nodes are the level-1 tagging's (candidates, a digit's groups in a box-line
//! intersection, the box's extra groups) with their strong links (bivalue cells, a digit's
//! places in a house covered by two nodes), plus ALS links: in an almost-locked set of up
//! to [`AlsReach::max_cells`] cells, the places of one digit are strongly linked to those of
//! each other digit (one absent, the rest are locked in). Weak links join disjoint nodes of
//! a digit in one house and two digits of one cell.
//!
//! Three reaches: candidates and groups only ([`find_grouped`], [`find_grouped_loops`]:
//! HoDoKu's default chains), the Assistant's chains ([`find`], [`find_loops`]: ALS of up
//! to [`MAX_ALS_CELLS`] cells) and HoDoKu's tabling chains with ALS nodes
//! ([`find_with_als_nodes`], [`find_loops_with_als_nodes`]: ALS of any size, and an ALS
//! may force a cell — every other candidate of a cell outside it is one of its digits
//! whose places there all see the cell, so one digit's places in the ALS and the cell's
//! last candidate are strongly linked).
//!
//! The same graph gives the continuous nice loops ([`find_loops`]): per start node, the
//! shortest alternating paths that come back to it by a weak link.
//!
//! **Complexity**: one breadth-first search per target (per start node for loops) over
//! (node, polarity) states, cut at [`MAX_NODES`] nodes.

use super::tagging::link_strongly;
use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use sudolink_engine::graph::als::{enumerate, mask_cells, seeing_all, AlsCells};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::tables::BLOCK_LINES;
use sudolink_engine::grid::{Candidate, Cell, Digit, House};
use sudolink_engine::proof::aic::{AicConclusion, AicNode, AicPattern};
use sudolink_engine::proof::{Pattern, Proof};

/// The largest ALS an ALS link of the Assistant's chains passes through.
pub const MAX_ALS_CELLS: usize = 4;

/// Which ALS links a chain may use.
#[derive(Clone, Copy, Debug)]
pub struct AlsReach {
    /// The largest ALS.
    pub max_cells: usize,
    /// Whether an ALS may force a cell outside it.
    pub forced_cells: bool,
}

/// The Assistant's chains ([Hanson SA]).
const ASSISTANT_REACH: AlsReach = AlsReach {
    max_cells: MAX_ALS_CELLS,
    forced_cells: false,
};

/// HoDoKu's default chains (X-, XY-chains, nice loops and AICs, grouped): no ALS node.
const NO_ALS: AlsReach = AlsReach {
    max_cells: 0,
    forced_cells: false,
};

/// HoDoKu's tabling chains with ALS nodes ("allow ALS in tabling chains"): ALS of any
/// size (at most eight cells of a house), which may force a cell.
const HODOKU_REACH: AlsReach = AlsReach {
    max_cells: 8,
    forced_cells: true,
};

/// The longest chain searched (nodes).
pub const MAX_NODES: usize = 14;

/// A strong edge: to a node, through an ALS (its cells) or not.
#[derive(Clone)]
struct StrongEdge {
    to: usize,
    als: Option<u32>,
}

struct Graph {
    /// Each node's digit and cells (a mask; its [`AicNode`] is made for a proof only),
    /// with the index from a node's key to its place.
    nodes: Nodes,
    /// The cells of each ALS a strong link goes through (`StrongEdge::als` indexes it), as
    /// a mask.
    als_sets: Vec<u128>,
    strong: StrongLinks,
    weak: WeakLinks,
}

/// A node's identity: its digit and its cells as a mask.
type NodeKey = (u8, u128);

/// A hasher for [`NodeKey`]s (a multiplicative mix of their words; the keys are few and
/// not chosen by anyone, so no defence against collisions is needed).
#[derive(Clone, Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type NodeIndex = HashMap<NodeKey, usize, std::hash::BuildHasherDefault<KeyHasher>>;

/// The graph's nodes as they are added (digit and cells mask), with an index from a
/// node's key to its place.
#[derive(Clone, Default)]
struct Nodes {
    nodes: Vec<(Digit, u128)>,
    index: NodeIndex,
}

impl Nodes {
    /// The index of the node of `digit` on the cells of `mask`, added when new.
    fn of(&mut self, digit: Digit, mask: u128) -> usize {
        let next = self.nodes.len();
        let i = *self
            .index
            .entry((digit.index() as u8, mask))
            .or_insert(next);
        if i == next {
            self.nodes.push((digit, mask));
        }
        i
    }
}

/// The chain node of a digit on the cells of a mask.
fn aic_node((digit, mask): (Digit, u128)) -> AicNode {
    AicNode {
        digit,
        cells: mask_cells(mask).collect(),
    }
}

/// What the node (digit on the cells of a mask) true makes false: the digit's candidates
/// seeing all its cells and, for one cell, the cell's other candidates (`killers`).
fn node_killers(
    links: &LinkIndex,
    (digit, mask): (Digit, u128),
) -> sudolink_engine::grid::CandidateSet {
    let mut cells = mask_cells(mask);
    let first = cells.next().expect("a node has a cell");
    let mut out = *links.linked(Candidate::new(first, digit));
    for c in cells {
        out = out.intersection(links.linked(Candidate::new(c, digit)));
    }
    out
}

/// The level-1 tagging's nodes and strong links (`Tagging::new`'s, in its order),
/// built on masks: every candidate a node; a bivalue cell's two candidates; a line's
/// places of a digit split over two blocks; in a block, a line's places of a digit and
/// the rest when the rest lie in one other line of the block.
fn level1(links: &LinkIndex) -> (Nodes, Vec<Vec<usize>>) {
    let mut nodes = Nodes::default();
    let mut open_digits = [0u16; 81];
    let mut places = [0u128; 9];
    for c in links.open().iter() {
        nodes.of(c.digit(), 1 << c.cell().index());
        open_digits[c.cell().index()] |= 1 << c.digit().index();
        places[c.digit().index()] |= 1 << c.cell().index();
    }
    let mut strong: Vec<Vec<usize>> = vec![Vec::new(); nodes.nodes.len()];
    for (cell, &digits) in open_digits.iter().enumerate() {
        if digits.count_ones() == 2 {
            let (x, y) = (digits.trailing_zeros(), 15 - digits.leading_zeros());
            let one = 1u128 << cell;
            let i = nodes.of(Digit::from_index(x as usize), one);
            let j = nodes.of(Digit::from_index(y as usize), one);
            link_strongly(&mut strong, i, j);
        }
    }
    let house = |k: usize| sudolink_engine::grid::tables::house_mask(House::from_index(k));
    let decided = links.decided_flags();
    // (house k's digit d is the variable 81 + 9k + d)
    let open_in = |k: usize, d: usize| !decided[81 + 9 * k + d];
    for (d, &digit_places) in places.iter().enumerate() {
        // lines: the places split over exactly two blocks
        for k in (0..18).filter(|&k| open_in(k, d)) {
            let ps = digit_places & house(k);
            if let Some(pair) = two_parts(ps, (18..27).map(house)) {
                link_groups(&mut nodes, &mut strong, d, pair);
            }
        }
        // blocks: a line's places and the rest in one other line of the block
        for bk in (0..9).filter(|&bk| open_in(18 + bk, d)) {
            let ps = digit_places & house(18 + bk);
            let crossing = BLOCK_LINES[bk].map(usize::from);
            for &line in &crossing {
                let (inside, rest) = (ps & house(line), ps & !house(line));
                if inside == 0 || rest == 0 {
                    continue;
                }
                if crossing.iter().any(|&m| m != line && rest & !house(m) == 0) {
                    link_groups(&mut nodes, &mut strong, d, (inside, rest));
                }
            }
        }
    }
    strong.resize(nodes.nodes.len(), Vec::new());
    (nodes, strong)
}

/// The two nonempty parts of `cells` within `houses` (in their order), when there are
/// exactly two.
fn two_parts(cells: u128, houses: impl Iterator<Item = u128>) -> Option<(u128, u128)> {
    let mut parts = houses.map(|h| cells & h).filter(|&m| m != 0);
    match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), None) => Some((a, b)),
        _ => None,
    }
}

/// A strong link between two groups of digit `d` (cell masks), their nodes added when new.
fn link_groups(nodes: &mut Nodes, strong: &mut Vec<Vec<usize>>, d: usize, (a, b): (u128, u128)) {
    let i = nodes.of(Digit::from_index(d), a);
    let j = nodes.of(Digit::from_index(d), b);
    strong.resize(nodes.nodes.len(), Vec::new());
    link_strongly(strong, i, j);
}

/// An ALS with, per digit, the cells seeing all its places of the digit ([`seeing_all`]
/// of them): what an ALS link reads of it.
type AlsSeen<'a> = (&'a AlsCells, &'a [u128; 9]);

/// Each ALS's [`AlsSeen`] cells, per digit.
fn seeing_each(sets: &[AlsCells]) -> Vec<[u128; 9]> {
    sets.iter()
        .map(|a| std::array::from_fn(|d| seeing_all(a.places[d])))
        .collect()
}

/// Each node's strong edges, in the order they were drawn, in one flat array.
struct StrongLinks {
    /// Where each node's list starts in `edges` (one more entry than nodes).
    start: Vec<u32>,
    edges: Vec<StrongEdge>,
}

impl StrongLinks {
    /// Node `x`'s strong edges.
    fn of(&self, x: usize) -> &[StrongEdge] {
        &self.edges[self.start[x] as usize..self.start[x + 1] as usize]
    }

    /// The number of nodes it has lists for.
    fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// The lists of `n` nodes: `base`'s (for its nodes) followed by the `drawn` edges
    /// (from, edge) of each node, in their order.
    fn new(n: usize, base: Option<&StrongLinks>, drawn: &[(usize, StrongEdge)]) -> StrongLinks {
        let old = base.map_or(0, StrongLinks::len);
        let mut start = vec![0u32; n + 1];
        if let Some(b) = base {
            for x in 0..old {
                start[x + 1] = b.of(x).len() as u32;
            }
        }
        for &(from, _) in drawn {
            start[from + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut edges = vec![StrongEdge { to: 0, als: None }; start[n] as usize];
        if let Some(b) = base {
            for x in 0..old {
                let kept = b.of(x);
                edges[fill[x] as usize..][..kept.len()].clone_from_slice(kept);
                fill[x] += kept.len() as u32;
            }
        }
        for (from, e) in drawn {
            edges[fill[*from] as usize] = e.clone();
            fill[*from] += 1;
        }
        StrongLinks { start, edges }
    }
}

/// A graph being drawn: its nodes so far and the strong edges drawn (from, edge), the
/// cells of its ALS links, and, when it extends a graph, that graph's strong and weak
/// links (those of its first nodes, which come first in each list).
struct Draft<'g> {
    nodes: Nodes,
    drawn: Vec<(usize, StrongEdge)>,
    als_sets: Vec<u128>,
    base: Option<(&'g StrongLinks, &'g WeakLinks)>,
}

impl Graph {
    /// The graph of the level-1 nodes and strong links and of `reach`'s ALS links through
    /// `sets` (the state's ALS, in [`enumerate`]'s order; those larger than the reach
    /// left out).
    fn new<'a>(
        links: &LinkIndex,
        reach: AlsReach,
        sets: impl IntoIterator<Item = AlsSeen<'a>>,
    ) -> Graph {
        let (nodes, level1_strong) = level1(links);
        let drawn = level1_strong
            .iter()
            .enumerate()
            .flat_map(|(from, ns)| {
                ns.iter()
                    .map(move |&to| (from, StrongEdge { to, als: None }))
            })
            .collect();
        let draft = Draft {
            nodes,
            drawn,
            als_sets: Vec::new(),
            base: None,
        };
        Graph::drawn(links, draft, reach, sets)
    }

    /// This graph (one without ALS links) with `reach`'s ALS links through `sets` added:
    /// [`Graph::new`]'s graph for `reach`, its level-1 part copied instead of built again.
    fn with_als<'a>(
        &self,
        links: &LinkIndex,
        reach: AlsReach,
        sets: impl IntoIterator<Item = AlsSeen<'a>>,
    ) -> Graph {
        debug_assert!(self.als_sets.is_empty(), "a graph without ALS links");
        let draft = Draft {
            nodes: self.nodes.clone(),
            drawn: Vec::new(),
            als_sets: self.als_sets.clone(),
            base: Some((&self.strong, &self.weak)),
        };
        Graph::drawn(links, draft, reach, sets)
    }

    /// The graph of `draft` with `reach`'s ALS links through `sets` added, and the weak
    /// links of all its nodes.
    fn drawn<'a>(
        links: &LinkIndex,
        draft: Draft,
        reach: AlsReach,
        sets: impl IntoIterator<Item = AlsSeen<'a>>,
    ) -> Graph {
        let Draft {
            mut nodes,
            mut drawn,
            mut als_sets,
            base,
        } = draft;
        // each cell's open digits, bit d-1
        let mut open_digits = [0u16; 81];
        for c in links.open().iter() {
            open_digits[c.cell().index()] |= 1 << c.digit().index();
        }
        let sets = sets
            .into_iter()
            .filter(|(a, _)| a.size() <= reach.max_cells);
        let mut forced = Vec::new();
        for (als, seeing) in sets {
            let set = als_sets.len() as u32;
            // each digit's node (by digit), its places in the ALS
            let mut of_digit = [usize::MAX; 9];
            let ds: Vec<usize> = bits(als.digits).collect();
            for &d in &ds {
                of_digit[d] = nodes.of(Digit::from_index(d), als.places[d]);
            }
            for (x, &da) in ds.iter().enumerate() {
                for &db in &ds[x + 1..] {
                    let (a, b) = (of_digit[da], of_digit[db]);
                    let als = Some(set);
                    drawn.push((a, StrongEdge { to: b, als }));
                    drawn.push((b, StrongEdge { to: a, als }));
                }
            }
            if reach.forced_cells {
                forced_cells(&open_digits, als, seeing, &mut forced);
            }
            for &(x, c) in &forced {
                let a = of_digit[x.index()];
                let b = nodes.of(c.digit(), 1 << c.cell().index());
                for (from, to) in [(a, b), (b, a)] {
                    drawn.push((from, StrongEdge { to, als: Some(set) }));
                }
            }
            als_sets.push(als.mask);
        }
        let strong = StrongLinks::new(nodes.nodes.len(), base.map(|b| b.0), &drawn);
        let weak = weak_links(&nodes.nodes, base.map(|b| b.1));
        Graph {
            nodes,
            als_sets,
            strong,
            weak,
        }
    }

    fn len(&self) -> usize {
        self.nodes.nodes.len()
    }

    /// Node `i`'s digit and cells mask.
    fn node(&self, i: usize) -> (Digit, u128) {
        self.nodes.nodes[i]
    }
}

/// The weak links of the nodes (each one's digit and cells), each list sorted: disjoint
/// nodes of a digit sharing a house; a cell's digits (one node per candidate, so two
/// single-cell nodes of one cell are two digits). With `base`, the weak links of the
/// first nodes (those it has lists for) among themselves are `base`'s, and only the
/// pairs with a later node are looked for.
fn weak_links(nodes: &[(Digit, u128)], base: Option<&WeakLinks>) -> WeakLinks {
    let old = base.map_or(0, WeakLinks::len);
    let house_masks: Vec<u128> = House::all()
        .map(sudolink_engine::grid::tables::house_mask)
        .collect();
    // the nodes of each digit's house (bucket 27d + k) holding all their cells, then of
    // each cell (bucket 243 + cell) with one cell, increasing
    let buckets = Buckets::new(9 * 27 + 81, nodes.len(), |i, put| {
        let (digit, mask) = nodes[i];
        // the houses holding every cell are among its first cell's (row, column, block:
        // increasing house order)
        let first = Cell::new(mask.trailing_zeros() as usize);
        for k in [first.row(), 9 + first.col(), 18 + first.block()] {
            if mask & !house_masks[k] == 0 {
                put(digit.index() * 27 + k);
            }
        }
        if mask.count_ones() == 1 {
            put(9 * 27 + first.index());
        }
    });
    // every pair once: two nodes sharing a line and a block are linked in the line's bucket
    let in_a_line = |m: u128| {
        let first = Cell::new(m.trailing_zeros() as usize);
        m & !house_masks[first.row()] == 0 || m & !house_masks[9 + first.col()] == 0
    };
    // (the pairs of each list, members increasing, whose later node is not in `base`)
    let new_pairs = |members: &[u32], f: &mut dyn FnMut(usize, usize)| {
        let from = members.partition_point(|&m| (m as usize) < old);
        for (y, &b) in members.iter().enumerate().skip(from.max(1)) {
            for &a in &members[..y] {
                f(a as usize, b as usize);
            }
        }
    };
    let each_pair = |f: &mut dyn FnMut(usize, usize)| {
        for k in 0..9 * 27 {
            let block = k % 27 >= 18;
            new_pairs(buckets.of(k), &mut |a, b| {
                let (ma, mb) = (nodes[a].1, nodes[b].1);
                if ma & mb == 0 && !(block && in_a_line(ma | mb)) {
                    f(a, b);
                }
            });
        }
        for cell in 0..81 {
            new_pairs(buckets.of(9 * 27 + cell), f);
        }
    };
    let mut start = vec![0u32; nodes.len() + 1];
    if let Some(w) = base {
        for x in 0..old {
            start[x + 1] = w.of(x).len() as u32;
        }
    }
    each_pair(&mut |a, b| {
        start[a + 1] += 1;
        start[b + 1] += 1;
    });
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut to = vec![0u32; start[nodes.len()] as usize];
    let mut fill = start.clone();
    if let Some(w) = base {
        for x in 0..old {
            let kept = w.of(x);
            to[fill[x] as usize..][..kept.len()].copy_from_slice(kept);
            fill[x] += kept.len() as u32;
        }
    }
    let new_from = fill.clone();
    each_pair(&mut |a, b| {
        for (x, y) in [(a, b), (b, a)] {
            to[fill[x] as usize] = y as u32;
            fill[x] += 1;
        }
    });
    // each node's links in increasing order (those kept from `base` come first and are
    // less than every new one)
    for x in 0..nodes.len() {
        to[new_from[x] as usize..start[x + 1] as usize].sort_unstable();
    }
    WeakLinks { start, to }
}

/// Nodes sorted into numbered buckets, each bucket's nodes increasing, in one flat array.
struct Buckets {
    /// Where each bucket starts in `nodes` (one more entry than buckets).
    start: Vec<u32>,
    nodes: Vec<u32>,
}

impl Buckets {
    /// The `count` buckets of `n` nodes, `each(i, put)` putting node i in its buckets.
    fn new(count: usize, n: usize, each: impl Fn(usize, &mut dyn FnMut(usize))) -> Buckets {
        let mut start = vec![0u32; count + 1];
        for i in 0..n {
            each(i, &mut |k| start[k + 1] += 1);
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut fill = start.clone();
        let mut nodes = vec![0; start[count] as usize];
        for i in 0..n {
            each(i, &mut |k| {
                nodes[fill[k] as usize] = i as u32;
                fill[k] += 1;
            });
        }
        Buckets { start, nodes }
    }

    fn of(&self, k: usize) -> &[u32] {
        &self.nodes[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// Each node's weakly linked nodes, increasing, in one flat array.
struct WeakLinks {
    /// Where each node's list starts in `to` (one more entry than nodes).
    start: Vec<u32>,
    to: Vec<u32>,
}

impl WeakLinks {
    /// Node `x`'s weakly linked nodes, increasing.
    fn of(&self, x: usize) -> &[u32] {
        &self.to[self.start[x] as usize..self.start[x + 1] as usize]
    }

    /// The number of nodes it has lists for.
    fn len(&self) -> usize {
        self.start.len() - 1
    }
}

/// The cells an ALS forces (HoDoKu's ALS node left by a strong link): for a digit x of
/// the ALS, a candidate d of a cell outside it whose every other candidate is another
/// digit of the ALS with all its places there seeing the cell. With x absent the other
/// digits are locked in and clear the cell but for d: x's places and d are strongly linked.
/// (`open_digits`: each cell's open digits, bit d-1.)
fn forced_cells(
    open_digits: &[u16; 81],
    als: &AlsCells,
    seeing: &[u128; 9],
    out: &mut Vec<(Digit, Candidate)>,
) {
    out.clear();
    // for each digit of the ALS, the cells outside it seeing all its places
    let seen: [u128; 9] = std::array::from_fn(|d| {
        if als.digits >> d & 1 == 1 {
            seeing[d] & !als.mask
        } else {
            0
        }
    });
    // only cells seeing some of the ALS's places can lose a digit to it
    let near = seen.iter().fold(0u128, |m, s| m | s);
    for cell in mask_cells(near) {
        let open = open_digits[cell.index()];
        if open.count_ones() < 2 {
            continue;
        }
        // the cell's digits the ALS would clear, locked in
        let cleared: u16 = (0..9)
            .filter(|&d| open >> d & 1 == 1 && seen[d] >> cell.index() & 1 == 1)
            .fold(0, |m, d| m | 1 << d);
        for x in bits(als.digits) {
            let left = open & !(cleared & !(1 << x));
            if left.count_ones() == 1 {
                let d = Digit::from_index(left.trailing_zeros() as usize);
                out.push((Digit::from_index(x), Candidate::new(cell, d)));
            }
        }
    }
}

impl Graph {
    /// The cells of each link's ALS, if any.
    fn als_cells(&self, als_links: &[Option<u32>]) -> Vec<Option<Vec<Cell>>> {
        als_links
            .iter()
            .map(|a| a.map(|i| mask_cells(self.als_sets[i as usize]).collect()))
            .collect()
    }
}

/// How a (node, truth) state was reached: the previous state and the ALS a strong link
/// went through.
type Parent = Option<(usize, bool, Option<u32>)>;

/// Proofs by length, then by what they eliminate.
fn shortest_first(proofs: &mut [Proof]) {
    proofs.sort_by(|a, b| {
        a.length
            .cmp(&b.length)
            .then(a.eliminations.cmp(&b.eliminations))
    });
}

/// A state's AIC graph with what every search on it reads: each node's killed
/// candidates and the nodes holding each candidate. Built
/// once a state and read by its chain and loop searches ([`chains_of`], [`loops_of`]);
/// HoDoKu's graph with ALS nodes extends the grouped one ([`StateGraph::with_als_nodes`]).
pub struct StateGraph {
    graph: Graph,
    kill: Vec<sudolink_engine::grid::CandidateSet>,
    /// The nodes holding each candidate (by candidate index).
    holding: Buckets,
    /// The techniques its chains and its loops are named after.
    names: (&'static str, &'static str),
}

impl StateGraph {
    fn new(links: &LinkIndex, graph: Graph, names: (&'static str, &'static str)) -> StateGraph {
        let kill = (0..graph.len())
            .map(|i| node_killers(links, graph.node(i)))
            .collect();
        StateGraph::with_kills(graph, kill, names)
    }

    fn with_kills(
        graph: Graph,
        kill: Vec<sudolink_engine::grid::CandidateSet>,
        names: (&'static str, &'static str),
    ) -> StateGraph {
        let holding = Buckets::new(729, graph.len(), |i, put| {
            let (digit, mask) = graph.node(i);
            for c in mask_cells(mask) {
                put(Candidate::new(c, digit).index());
            }
        });
        StateGraph {
            graph,
            kill,
            holding,
            names,
        }
    }

    /// HoDoKu's default chains' graph: candidates and groups, no ALS (`grouped-aic`,
    /// `grouped-nice-loop`).
    pub fn grouped(links: &LinkIndex) -> StateGraph {
        let graph = Graph::new(links, NO_ALS, []);
        StateGraph::new(links, graph, ("grouped-aic", "grouped-nice-loop"))
    }

    /// The Assistant's chains' graph: ALS of up to [`MAX_ALS_CELLS`] cells (`aic`,
    /// `nice-loop`).
    pub fn assistant(links: &LinkIndex) -> StateGraph {
        let sets = enumerate(links, ASSISTANT_REACH.max_cells);
        let seeing = seeing_each(&sets);
        let graph = Graph::new(links, ASSISTANT_REACH, sets.iter().zip(&seeing));
        StateGraph::new(links, graph, ("aic", "nice-loop"))
    }

    /// HoDoKu's tabling chains' graph, ALS nodes of any size that may force a cell
    /// (`aic-als-nodes`, `nice-loop-als-nodes`), from the state's ALS list
    /// ([`enumerate`]'s, up to eight cells).
    pub fn als_nodes(links: &LinkIndex) -> StateGraph {
        let sets = enumerate(links, HODOKU_REACH.max_cells);
        let seeing = seeing_each(&sets);
        StateGraph::grouped(links).with_als_nodes(links, sets.iter().zip(&seeing))
    }

    /// [`StateGraph::als_nodes`] from this grouped graph (of the same state) and the
    /// state's ALS list `sets` (in [`enumerate`]'s order): the grouped nodes, links and
    /// kills are copied, only the ALS part is built.
    pub fn with_als_nodes<'a>(
        &self,
        links: &LinkIndex,
        sets: impl IntoIterator<Item = AlsSeen<'a>>,
    ) -> StateGraph {
        let graph = self.graph.with_als(links, HODOKU_REACH, sets);
        let mut kill = self.kill.clone();
        kill.extend((kill.len()..graph.len()).map(|i| node_killers(links, graph.node(i))));
        StateGraph::with_kills(graph, kill, ("aic-als-nodes", "nice-loop-als-nodes"))
    }
}

/// Every target of the state with its shortest chain in `graph` (the state's), shortest
/// first.
pub fn chains_of(graph: &StateGraph, links: &LinkIndex) -> Vec<Proof> {
    chains(graph, links, Wanted::All)
}

/// The first proof of [`chains_of`] (the shortest chain, the least target among the
/// shortest).
pub fn first_chain_of(graph: &StateGraph, links: &LinkIndex) -> Option<Proof> {
    chains(graph, links, Wanted::First).into_iter().next()
}

/// Every target with its shortest chain, shortest first.
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    chains_of(&StateGraph::assistant(links), links)
}

/// The first proof of [`find`] (the shortest chain, the least target among the
/// shortest), searching each target only for chains shorter than the best one so far.
pub fn first(links: &LinkIndex) -> Option<Proof> {
    first_chain_of(&StateGraph::assistant(links), links)
}

/// [`find`] with HoDoKu's ALS nodes (any size, forcing cells): technique
/// `aic-als-nodes`, HoDoKu's grouped AIC and discontinuous nice loops with "ALS in tabling
/// chains" and its ALS-XY-chains.
pub fn find_with_als_nodes(links: &LinkIndex) -> Vec<Proof> {
    chains_of(&StateGraph::als_nodes(links), links)
}

/// The first proof of [`find_with_als_nodes`], as [`first`] finds [`find`]'s.
pub fn first_with_als_nodes(links: &LinkIndex) -> Option<Proof> {
    first_chain_of(&StateGraph::als_nodes(links), links)
}

/// Which proofs of the chains a search gives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// Every target's shortest chain.
    All,
    /// The first of them once sorted shortest first (targets are met in increasing
    /// order, so a later target is wanted only with a strictly shorter chain).
    First,
}

fn chains(sg: &StateGraph, links: &LinkIndex, wanted: Wanted) -> Vec<Proof> {
    let StateGraph {
        graph: g,
        kill,
        holding,
        names: (technique, _),
    } = sg;
    let targets: Vec<Candidate> = links.open().iter().collect();
    // which targets have a chain, measured many at once; each one's chain is then the
    // breadth-first search's own, searched for that target alone
    let lengths = chain_lengths(g, holding, kill, &targets, wanted);
    let chosen: Vec<usize> = match wanted {
        Wanted::All => (0..targets.len())
            .filter(|&t| lengths[t].is_some())
            .collect(),
        Wanted::First => (0..targets.len())
            .filter_map(|t| lengths[t].map(|n| (n, t)))
            .min()
            .map(|(_, t)| t)
            .into_iter()
            .collect(),
    };
    // (`inside`: the nodes holding the target being searched)
    let mut inside = vec![false; g.len()];
    let mut out: Vec<Proof> = Vec::new();
    let mut walk = Walk::new(g.len());
    for t in chosen {
        let target = targets[t];
        let own = holding.of(target.index());
        for &i in own {
            inside[i as usize] = true;
        }
        let starts = starts_of(kill, target);
        out.extend(shortest_for(
            g, technique, &mut walk, kill, &inside, target, &starts, MAX_NODES,
        ));
        for &i in own {
            inside[i as usize] = false;
        }
    }
    shortest_first(&mut out);
    out
}

/// The nodes `target`'s chains may start from: those it makes false, increasing.
fn starts_of(kill: &[sudolink_engine::grid::CandidateSet], target: Candidate) -> Vec<u32> {
    (0..kill.len() as u32)
        .filter(|&i| kill[i as usize].contains(target))
        .collect()
}

/// The number of nodes of each target's shortest chain ([`shortest_for`]'s, at most
/// [`MAX_NODES`]), `None` when it has none: the same breadth-first walk as
/// [`alternating_walk`]'s, for up to [`Lanes::MAX_TARGETS`] targets at once, each (node,
/// value) state holding one bit per target that reached it. A state's value is its
/// depth's parity (starts are false at depth 1), so the walk goes level by level. With
/// [`Wanted::First`] only the targets that could be the first proof are measured: a
/// target's chain is wanted when it is shorter than every earlier target's, so a batch
/// stops at its first level with an end and a later batch searches only shorter chains.
///
/// **Complexity**: per batch, at most [`MAX_NODES`] levels, each visiting the links of
/// the nodes some target of the batch reached at that level (a word per target group of
/// 64 per link).
fn chain_lengths(
    g: &Graph,
    holding: &Buckets,
    kill: &[sudolink_engine::grid::CandidateSet],
    targets: &[Candidate],
    wanted: Wanted,
) -> Vec<Option<usize>> {
    let mut lengths = vec![None; targets.len()];
    let mut max_nodes = MAX_NODES;
    let mut from = 0;
    while from < targets.len() && max_nodes >= 2 {
        // (no chain is shorter than two nodes)
        let rest = &targets[from..];
        let (batch, found) = match rest.len() {
            0..=64 => (
                rest,
                Lanes::<1>::walk(g, holding, kill, rest, max_nodes, wanted),
            ),
            65..=128 => (
                rest,
                Lanes::<2>::walk(g, holding, kill, rest, max_nodes, wanted),
            ),
            _ => {
                let batch = &rest[..rest.len().min(Lanes::<4>::MAX_TARGETS)];
                let found = Lanes::<4>::walk(g, holding, kill, batch, max_nodes, wanted);
                (batch, found)
            }
        };
        for (j, nodes) in found {
            lengths[from + j] = Some(nodes);
            if wanted == Wanted::First {
                max_nodes = max_nodes.min(nodes - 1);
            }
        }
        from += batch.len();
    }
    lengths
}

/// [`chain_lengths`]'s walk of one batch: per node, `W` words of targets (one bit each).
struct Lanes<const W: usize> {
    /// Targets the node holds (never on their chains).
    excluded: Vec<[u64; W]>,
    /// Targets the node makes false: their chains start and end there.
    ends: Vec<[u64; W]>,
    /// Targets that reached the node false, true.
    seen: [Vec<[u64; W]>; 2],
    /// Targets that reached the node at the current level, the next.
    level: Vec<[u64; W]>,
    next: Vec<[u64; W]>,
    /// The nodes of `level` and `next` with a bit.
    at: Vec<u32>,
    next_at: Vec<u32>,
}

fn any<const W: usize>(w: &[u64; W]) -> bool {
    w.iter().any(|&x| x != 0)
}

impl<const W: usize> Lanes<W> {
    const MAX_TARGETS: usize = 64 * W;

    /// The targets of `batch` (by place) with a chain of at most `max_nodes` nodes, and
    /// its nodes; with [`Wanted::First`] only those of the first level that has one.
    fn walk(
        g: &Graph,
        holding: &Buckets,
        kill: &[sudolink_engine::grid::CandidateSet],
        batch: &[Candidate],
        max_nodes: usize,
        wanted: Wanted,
    ) -> Vec<(usize, usize)> {
        let n = g.len();
        let zero = [0u64; W];
        let mut l = Lanes {
            excluded: vec![zero; n],
            ends: vec![zero; n],
            seen: [vec![zero; n], vec![zero; n]],
            level: vec![zero; n],
            next: vec![zero; n],
            at: Vec::new(),
            next_at: Vec::new(),
        };
        // each target's place in the batch
        let mut lane = [u16::MAX; 729];
        for (j, &target) in batch.iter().enumerate() {
            lane[target.index()] = j as u16;
            let (word, bit) = (j / 64, 1u64 << (j % 64));
            for &i in holding.of(target.index()) {
                l.excluded[i as usize][word] |= bit;
            }
        }
        for (ends, killed) in l.ends.iter_mut().zip(kill) {
            for t in killed.iter() {
                let j = lane[t.index()] as usize;
                if j < batch.len() {
                    ends[j / 64] |= 1 << (j % 64);
                }
            }
        }
        // depth 1: every target's starts, false; a node holding a target is never entered
        // by its walk: seen from the start
        for i in 0..n {
            let start: [u64; W] = std::array::from_fn(|k| l.ends[i][k] & !l.excluded[i][k]);
            l.seen[0][i] = std::array::from_fn(|k| l.excluded[i][k] | start[k]);
            l.seen[1][i] = l.excluded[i];
            if any(&start) {
                l.level[i] = start;
                l.at.push(i as u32);
            }
        }
        // the targets still searched
        let mut open: [u64; W] = std::array::from_fn(|k| {
            let lanes = batch.len().saturating_sub(64 * k).min(64);
            if lanes == 64 {
                u64::MAX
            } else {
                (1u64 << lanes) - 1
            }
        });
        let mut found = Vec::new();
        let mut depth = 1;
        while depth < max_nodes.min(MAX_NODES) && !l.at.is_empty() && any(&open) {
            // false states go by strong links to true ones, true by weak links to false
            let truth = depth % 2 == 0;
            let Lanes {
                ends,
                seen,
                level,
                next,
                at,
                next_at,
                ..
            } = &mut l;
            let seen = &mut seen[usize::from(!truth)];
            for &x in at.iter() {
                let x = x as usize;
                let from: [u64; W] = std::array::from_fn(|k| level[x][k] & open[k]);
                level[x] = zero;
                if !any(&from) {
                    continue;
                }
                let mut reach = |y: usize| {
                    let new: [u64; W] = std::array::from_fn(|k| from[k] & !seen[y][k]);
                    if any(&new) {
                        if !any(&next[y]) {
                            next_at.push(y as u32);
                        }
                        for k in 0..W {
                            seen[y][k] |= new[k];
                            next[y][k] |= new[k];
                        }
                    }
                };
                if truth {
                    g.weak.of(x).iter().for_each(|&y| reach(y as usize));
                } else {
                    g.strong.of(x).iter().for_each(|e| reach(e.to));
                }
            }
            depth += 1;
            if !truth {
                // ends reached true at this depth
                let mut ended = zero;
                for &y in next_at.iter() {
                    for k in 0..W {
                        ended[k] |= next[y as usize][k] & ends[y as usize][k];
                    }
                }
                for k in 0..W {
                    ended[k] &= open[k];
                    open[k] &= !ended[k];
                    for b in bits(ended[k]) {
                        found.push((64 * k + b, depth));
                    }
                }
                if any(&ended) && wanted == Wanted::First {
                    break;
                }
            }
            std::mem::swap(&mut l.level, &mut l.next);
            std::mem::swap(&mut l.at, &mut l.next_at);
            l.next_at.clear();
        }
        found
    }
}

/// The shortest chain of at most `max_nodes` nodes whose two ends `target` makes false,
/// by breadth-first search from every start node it makes false (`starts`, increasing;
/// state: node and whether it is reached true).
#[allow(clippy::too_many_arguments)]
fn shortest_for(
    g: &Graph,
    technique: &'static str,
    walk: &mut Walk,
    kill: &[sudolink_engine::grid::CandidateSet],
    inside: &[bool],
    target: Candidate,
    starts: &[u32],
    max_nodes: usize,
) -> Option<Proof> {
    // (`inside`: the nodes holding the target, never on its chain)
    let in_node = |i: usize| inside[i];
    let starts = starts.iter().map(|&i| i as usize).filter(|&i| !in_node(i));
    alternating_walk(g, walk, starts, in_node, max_nodes, |y, _, parent| {
        if kill[y].contains(target) {
            ControlFlow::Break(build(g, technique, parent, (y, true), target))
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// A breadth-first walk's buffers, kept between walks: only the states a walk touched
/// are reset before the next.
struct Walk {
    /// Parent of (node, true?) states: (previous state, ALS of the link).
    parent: Vec<[Parent; 2]>,
    /// Nodes of the path to each state so far; `u8::MAX` when not met.
    depth: Vec<[u8; 2]>,
    touched: Vec<usize>,
    queue: VecDeque<(usize, bool)>,
}

impl Walk {
    fn new(n: usize) -> Walk {
        Walk {
            parent: vec![[None, None]; n],
            depth: vec![[u8::MAX; 2]; n],
            touched: Vec::new(),
            queue: VecDeque::new(),
        }
    }

    fn reset(&mut self) {
        for &i in &self.touched {
            self.parent[i] = [None, None];
            self.depth[i] = [u8::MAX; 2];
        }
        self.touched.clear();
        self.queue.clear();
    }
}

/// A breadth-first walk over alternating links (false ⇒ strong ⇒ true, true ⇒ weak ⇒
/// false) from `starts`, each assumed false as the chain's first node, meeting each (node,
/// value) once, never entering a node `excluded` says, up to `max_nodes` nodes (at most
/// [`MAX_NODES`]). `reached_true(node, nodes so far, parents)` is told of every node
/// reached true; the walk stops at its first `Break`, which it returns.
fn alternating_walk<B>(
    g: &Graph,
    w: &mut Walk,
    starts: impl IntoIterator<Item = usize>,
    excluded: impl Fn(usize) -> bool,
    max_nodes: usize,
    mut reached_true: impl FnMut(usize, usize, &[[Parent; 2]]) -> ControlFlow<B>,
) -> Option<B> {
    let max_nodes = max_nodes.min(MAX_NODES);
    w.reset();
    for s in starts {
        w.depth[s][0] = 1;
        w.touched.push(s);
        w.queue.push_back((s, false));
    }
    while let Some((x, truth)) = w.queue.pop_front() {
        let d = w.depth[x][usize::from(truth)];
        if usize::from(d) >= max_nodes {
            continue;
        }
        if !truth {
            for e in g.strong.of(x) {
                let y = e.to;
                if w.depth[y][1] != u8::MAX || excluded(y) {
                    continue;
                }
                w.depth[y][1] = d + 1;
                w.parent[y][1] = Some((x, false, e.als));
                w.touched.push(y);
                if let ControlFlow::Break(b) = reached_true(y, usize::from(d) + 1, &w.parent) {
                    return Some(b);
                }
                w.queue.push_back((y, true));
            }
        } else {
            for y in g.weak.of(x).iter().map(|&y| y as usize) {
                if w.depth[y][0] != u8::MAX || excluded(y) {
                    continue;
                }
                w.depth[y][0] = d + 1;
                w.parent[y][0] = Some((x, true, None));
                w.touched.push(y);
                w.queue.push_back((y, false));
            }
        }
    }
    None
}

/// The path from the search's start to `end`: its node indices and, per link, the ALS it
/// passes through.
fn walk_back(parent: &[[Parent; 2]], end: (usize, bool)) -> LoopPath {
    let mut nodes = vec![end.0];
    let mut als_links = Vec::new();
    let mut at = end;
    while let Some((p, truth, als)) = parent[at.0][usize::from(at.1)] {
        nodes.push(p);
        als_links.push(als);
        at = (p, truth);
    }
    nodes.reverse();
    als_links.reverse();
    (nodes, als_links)
}

fn build(
    g: &Graph,
    technique: &'static str,
    parent: &[[Parent; 2]],
    end: (usize, bool),
    target: Candidate,
) -> Proof {
    let (nodes, als_links) = walk_back(parent, end);
    let als_links = g.als_cells(&als_links);
    let any_als = als_links.iter().any(Option::is_some);
    let pattern = AicPattern {
        nodes: nodes.iter().map(|&i| aic_node(g.node(i))).collect(),
        conclusion: AicConclusion::Ends,
        technique: technique.to_string(),
        tags: None,
        als_links: if any_als { als_links } else { vec![] },
    };
    Proof::new(Pattern::Aic(Box::new(pattern)), vec![target], vec![])
}

/// The candidates a continuous loop's ALS links eliminate. Of a link's two nodes one is
/// true, one false. Between two digits' places one digit is absent, so the ALS's other
/// digits are locked in its cells and every candidate of theirs outside it that sees all
/// their places there is false. Between x's places and a forced cell c (d in c), either x
/// is absent or c holds one of its other digits (an exit), absent from the ALS: the
/// digits but x, d and the exits are locked in; an exit is in c or in the ALS, so its
/// candidates seeing c and all its places in the ALS are false.
fn als_locked_kills(
    links: &LinkIndex,
    nodes: &[AicNode],
    als_links: &[Option<Vec<Cell>>],
) -> sudolink_engine::grid::CandidateSet {
    let mut out = sudolink_engine::grid::CandidateSet::EMPTY;
    let open = |c: Cell, d: Digit| links.open().contains(Candidate::new(c, d));
    for (k, cells) in als_links.iter().enumerate() {
        let Some(cells) = cells else { continue };
        let (a, b) = (&nodes[k], &nodes[(k + 1) % nodes.len()]);
        // the forced cell's node, if the link forces one (a node outside the ALS)
        let outside = |n: &AicNode| n.cells.iter().any(|c| !cells.contains(c));
        let forced = [a, b].into_iter().find(|n| outside(n));
        let mask = cells.iter().fold(0u128, |m, c| m | 1 << c.index());
        for z in Digit::all() {
            let places = cells
                .iter()
                .filter(|&&c| open(c, z))
                .fold(0u128, |m, c| m | 1 << c.index());
            if places == 0 {
                continue;
            }
            let mut seeing = seeing_all(places) & !mask;
            match forced {
                None if z == a.digit || z == b.digit => continue,
                None => {}
                Some(f) => {
                    let c = f.cells[0];
                    let x = if std::ptr::eq(f, a) { b.digit } else { a.digit };
                    if z == f.digit || z == x {
                        continue;
                    }
                    if open(c, z) {
                        // an exit: in c or in the ALS
                        seeing &= sudolink_engine::grid::tables::peer_mask(c);
                    }
                }
            }
            for t in mask_cells(seeing) {
                if open(t, z) {
                    out.insert(Candidate::new(t, z));
                }
            }
        }
    }
    out
}

/// Every continuous nice loop of the graph with at least one elimination, shortest first:
/// from each start node (assumed false), a breadth-first search over alternating strong
/// and weak links; a node reached true that is weakly linked back to the start closes a
/// loop. One loop per set of nodes; loops that visit a node twice are skipped.
pub fn find_loops(links: &LinkIndex) -> Vec<Proof> {
    loops_of(&StateGraph::assistant(links), links)
}

/// [`find_loops`] with HoDoKu's ALS nodes (any size, forcing cells): technique
/// `nice-loop-als-nodes`, HoDoKu's grouped continuous nice loops with "ALS in tabling
/// chains".
pub fn find_loops_with_als_nodes(links: &LinkIndex) -> Vec<Proof> {
    loops_of(&StateGraph::als_nodes(links), links)
}

/// Chains of candidates and groups only (no ALS): technique `grouped-aic`, HoDoKu's
/// default X-chains, XY-chains, AICs and discontinuous nice loops, grouped or not.
pub fn find_grouped(links: &LinkIndex) -> Vec<Proof> {
    chains_of(&StateGraph::grouped(links), links)
}

/// The first proof of [`find_grouped`], as [`first`] finds [`find`]'s.
pub fn first_grouped(links: &LinkIndex) -> Option<Proof> {
    first_chain_of(&StateGraph::grouped(links), links)
}

/// Continuous nice loops of candidates and groups only: technique `grouped-nice-loop`,
/// HoDoKu's default continuous nice loops, grouped or not.
pub fn find_grouped_loops(links: &LinkIndex) -> Vec<Proof> {
    loops_of(&StateGraph::grouped(links), links)
}

/// Every continuous nice loop of `graph` (the state's) with at least one elimination,
/// shortest first, as [`find_loops`] finds them.
pub fn loops_of(graph: &StateGraph, links: &LinkIndex) -> Vec<Proof> {
    let StateGraph {
        graph: g,
        kill,
        names: (_, technique),
        ..
    } = graph;
    let mut seen: std::collections::HashSet<Vec<usize>> = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut walk = Walk::new(g.len());
    let mut closing = vec![false; g.len()];
    // HoDoKu's loops start and end in a cell: from single candidates only
    for start in (0..g.len()).filter(|&i| g.node(i).1.count_ones() == 1) {
        for &y in g.weak.of(start) {
            closing[y as usize] = true;
        }
        let found = loops_from(g, &mut walk, &closing, start);
        for &y in g.weak.of(start) {
            closing[y as usize] = false;
        }
        for (ids, als_links) in found {
            let mut key = ids.clone();
            key.sort_unstable();
            if !seen.insert(key) {
                continue;
            }
            if let Some(p) = loop_proof(g, technique, kill, links, &ids, g.als_cells(&als_links)) {
                out.push(p);
            }
        }
    }
    shortest_first(&mut out);
    out
}

/// A path of the search: node indices from its start and, per link (a loop's closing link
/// aside), the ALS it passes through.
type LoopPath = (Vec<usize>, Vec<Option<u32>>);

/// The loops closing on `start`, strong link first.
/// (`closing`: the nodes weakly linked to it.)
fn loops_from(g: &Graph, walk: &mut Walk, closing: &[bool], start: usize) -> Vec<LoopPath> {
    let mut found = Vec::new();
    alternating_walk::<()>(
        g,
        walk,
        [start],
        |y| y == start,
        MAX_NODES,
        |y, nodes, parent| {
            if nodes >= 4 && closing[y] {
                found.extend(simple_path(parent, (y, true)));
            }
            ControlFlow::Continue(())
        },
    );
    found
}

/// The path back from `end` to the search's start, if no node is on it twice.
fn simple_path(parent: &[[Parent; 2]], end: (usize, bool)) -> Option<LoopPath> {
    let path = walk_back(parent, end);
    let mut ids = path.0.clone();
    ids.sort_unstable();
    ids.dedup();
    (ids.len() == path.0.len()).then_some(path)
}

/// The loop's proof: every open candidate outside the loop that two neighbouring nodes
/// would both make false; none when there is none, or when two nodes overlap.
fn loop_proof(
    g: &Graph,
    technique: &'static str,
    kill: &[sudolink_engine::grid::CandidateSet],
    links: &LinkIndex,
    ids: &[usize],
    als_links: Vec<Option<Vec<Cell>>>,
) -> Option<Proof> {
    let nodes: Vec<AicNode> = ids.iter().map(|&i| aic_node(g.node(i))).collect();
    let overlap = nodes.iter().enumerate().any(|(x, a)| {
        nodes[x + 1..]
            .iter()
            .any(|b| a.digit == b.digit && a.cells.iter().any(|c| b.cells.contains(c)))
    });
    if overlap {
        return None;
    }
    let in_loop = |t: Candidate| {
        nodes
            .iter()
            .any(|x| x.digit == t.digit() && x.cells.contains(&t.cell()))
    };
    let n = ids.len();
    let locked = als_locked_kills(links, &nodes, &als_links);
    let mut eliminations: Vec<Candidate> = links
        .open()
        .iter()
        .filter(|&t| {
            locked.contains(t)
                || !in_loop(t)
                    && (0..n)
                        .any(|k| kill[ids[k]].contains(t) && kill[ids[(k + 1) % n]].contains(t))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort();
    let any_als = als_links.iter().any(Option::is_some);
    let pattern = AicPattern {
        nodes,
        conclusion: AicConclusion::Continuous,
        technique: technique.to_string(),
        tags: None,
        als_links: if any_als { als_links } else { vec![] },
    };
    Some(Proof::new(
        Pattern::Aic(Box::new(pattern)),
        eliminations,
        vec![],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tagging::Tagging;

    #[test]
    fn chain_lengths_are_those_of_the_walks() {
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ];
        for line in lines {
            let puzzle = sudolink_engine::grid::format::parse_line(line, 1).expect("puzzle");
            let state = puzzle.start_state().expect("consistent");
            let links = LinkIndex::new(&state);
            let targets: Vec<Candidate> = links.open().iter().collect();
            for sg in [StateGraph::grouped(&links), StateGraph::als_nodes(&links)] {
                let g = &sg.graph;
                let lengths = chain_lengths(g, &sg.holding, &sg.kill, &targets, Wanted::All);
                let mut walk = Walk::new(g.len());
                let mut inside = vec![false; g.len()];
                for (t, &target) in targets.iter().enumerate() {
                    for &i in sg.holding.of(target.index()) {
                        inside[i as usize] = true;
                    }
                    let starts = starts_of(&sg.kill, target);
                    let proof = shortest_for(
                        g, "aic", &mut walk, &sg.kill, &inside, target, &starts, MAX_NODES,
                    );
                    for &i in sg.holding.of(target.index()) {
                        inside[i as usize] = false;
                    }
                    // (a proof's length counts links: one fewer than nodes)
                    assert_eq!(lengths[t], proof.map(|p| p.length + 1), "{line} {target}");
                }
            }
        }
    }

    #[test]
    fn the_graph_with_als_nodes_extends_the_grouped_one() {
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        ];
        for line in lines {
            let puzzle = sudolink_engine::grid::format::parse_line(line, 1).expect("puzzle");
            let state = puzzle.start_state().expect("consistent");
            let links = LinkIndex::new(&state);
            let sets = enumerate(&links, HODOKU_REACH.max_cells);
            let seeing = seeing_each(&sets);
            let whole = Graph::new(&links, HODOKU_REACH, sets.iter().zip(&seeing));
            let extended = StateGraph::als_nodes(&links).graph;
            assert_eq!(whole.nodes.nodes, extended.nodes.nodes, "{line}");
            assert_eq!(whole.als_sets, extended.als_sets, "{line}");
            let strong = |g: &Graph| -> Vec<Vec<(usize, Option<u32>)>> {
                (0..g.len())
                    .map(|x| g.strong.of(x).iter().map(|e| (e.to, e.als)).collect())
                    .collect()
            };
            // an ALS's cells in house order are its cells in increasing order
            for als in &sets {
                assert_eq!(als.cells, mask_cells(als.mask).collect::<Vec<_>>());
            }
            assert_eq!(strong(&whole), strong(&extended), "{line}");
            assert_eq!(whole.weak.start, extended.weak.start, "{line}");
            assert_eq!(whole.weak.to, extended.weak.to, "{line}");
        }
    }

    #[test]
    fn level1_on_masks_is_the_tagging_s() {
        let lines = [
            "..34......5...912.7...2.....1.5.7..86...9...7.......34..2.............9.9...61.75",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ];
        for line in lines {
            let puzzle = sudolink_engine::grid::format::parse_line(line, 1).expect("puzzle");
            let mut state = puzzle.start_state().expect("consistent");
            for round in 0..3 {
                let links = LinkIndex::new(&state);
                let t = Tagging::new(&links);
                let (nodes, strong) = level1(&links);
                let nodes: Vec<AicNode> = nodes.nodes.into_iter().map(aic_node).collect();
                assert_eq!(nodes, t.nodes, "{line} round {round}");
                assert_eq!(strong, t.strong, "{line} round {round}");
                // a few placements of its naked singles for the next round
                let singles: Vec<Candidate> = Cell::all()
                    .filter_map(|c| {
                        let open: Vec<Candidate> = links
                            .variable(sudolink_engine::grid::CspVariable::Rc(c))
                            .iter()
                            .collect();
                        (open.len() == 1).then(|| open[0])
                    })
                    .take(4)
                    .collect();
                for c in singles {
                    if state.value(c.cell()).is_none() {
                        state.place(c).expect("a naked single places");
                    }
                }
            }
        }
    }
}
