//! The typed candidate graph of a grid state, materialised with petgraph.
//!
//! Nodes: [`Node::Candidate`], [`Node::Group`] (a digit's candidates in a block ∩ row or
//! block ∩ column, two or three cells), [`Node::Als`] (N cells of one house holding exactly
//! N+1 digits), [`Node::AlmostCell`] (the rest of that house: exactly one of the ALS's
//! digits is in its solution, so its candidates of those digits form a choice) and
//! [`Node::OrRelation`] (k candidates of which at least one is true: the guardians of a
//! tridagon, [`or_relations`], or of one of eleven's Imp630 patterns, [`imp630`]).
//!
//! Edges ([`Edge`]), each with the cell or house that supports it:
//! - `NrcLink`: two open candidates in one cell, or with one digit in two cells of a house;
//! - `Conjugate`: an nrc-link whose two candidates are the only ones of a CSP variable
//!   (bivalue cell, bilocation in a row, column or block) — a conjugate pair also has its
//!   `NrcLink` edge;
//! - `GroupLink`: a group and a candidate or another group of the same digit that cannot
//!   both be true (weak), marked strong when they are the only two places of the digit in
//!   the house;
//! - `AlsLink`: an ALS to each of its candidates, with the digit;
//! - `AlmostCellLink`: an almost-cell to each of its candidates of the ALS's digits;
//! - `OrMember`: an OR relation to each of its k candidates.
//!
//! Each undirected edge appears once. `graph` depends only on `grid` (and petgraph).

pub mod als;
pub mod groups;
pub mod imp630;
pub mod links;
pub mod or_relations;

use crate::grid::bits::bits;
use crate::grid::{tables, Candidate, CandidateSet, Cell, Digit, House, State};
pub use links::LinkIndex;
use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::EdgeRef;
use std::collections::BTreeMap;
use std::fmt;

/// A group: the open candidates of one digit in the intersection of a block and a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub digit: Digit,
    pub line: House,
    pub block: House,
    /// The group's cells as an 81-bit mask (bit = cell index).
    pub cells: u128,
}

impl Group {
    /// The group's candidates, in cell order.
    pub fn candidates(&self) -> impl Iterator<Item = Candidate> {
        mask_candidates(self.cells, self.digit)
    }
    /// The group's candidates as a set.
    pub fn candidate_set(&self) -> CandidateSet {
        self.candidates().collect()
    }
}

impl fmt::Display for Group {
    /// `n5r1c123`-style: digit, line and the cells of the intersection.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<Cell> = self.candidates().map(|c| c.cell()).collect();
        match self.line {
            House::Row(r) => {
                let cols: String = cells.iter().map(|c| (c.col() + 1).to_string()).collect();
                write!(f, "n{}r{}c{}", self.digit, r + 1, cols)
            }
            _ => {
                let rows: String = cells.iter().map(|c| (c.row() + 1).to_string()).collect();
                write!(f, "n{}r{}c{}", self.digit, rows, cells[0].col() + 1)
            }
        }
    }
}

/// An almost-locked set: `cells` of `house` whose open candidates span exactly one more
/// digit than there are cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Als {
    pub house: House,
    pub cells: Vec<Cell>,
    /// Digit mask, bit d-1.
    pub digits: u16,
}

impl fmt::Display for Als {
    /// `{n1 n3 n7}r2c46`-style.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{{{}}}{}",
            digit_list(self.digits),
            cell_list(&self.cells)
        )
    }
}

/// The cells of a house outside an ALS; exactly one of `digits` (the ALS's) is in them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlmostCell {
    pub house: House,
    pub cells: Vec<Cell>,
    pub digits: u16,
}

impl fmt::Display for AlmostCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "AC{{{}}}{}",
            digit_list(self.digits),
            cell_list(&self.cells)
        )
    }
}

fn digit_list(mask: u16) -> String {
    bits(mask)
        .map(|d| format!("n{}", d + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Compact cell list: `r2c46` when one row, `r24c6` when one column, else `r1c1 r2c3`.
pub fn cell_list(cells: &[Cell]) -> String {
    if cells.len() == 1 {
        return cells[0].to_string();
    }
    if cells.iter().all(|c| c.row() == cells[0].row()) {
        let cols: String = cells.iter().map(|c| (c.col() + 1).to_string()).collect();
        return format!("r{}c{}", cells[0].row() + 1, cols);
    }
    if cells.iter().all(|c| c.col() == cells[0].col()) {
        let rows: String = cells.iter().map(|c| (c.row() + 1).to_string()).collect();
        return format!("r{}c{}", rows, cells[0].col() + 1);
    }
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A node of the candidate graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Candidate(Candidate),
    Group(Group),
    Als(Als),
    AlmostCell(AlmostCell),
    /// An OR relation, with the pattern that produced it.
    OrRelation(or_relations::Relation),
}

impl Node {
    /// `candidate`, `group`, `als`, `almost_cell` or `or_relation`.
    pub fn kind(&self) -> &'static str {
        match self {
            Node::Candidate(_) => "candidate",
            Node::Group(_) => "group",
            Node::Als(_) => "als",
            Node::AlmostCell(_) => "almost_cell",
            Node::OrRelation(_) => "or_relation",
        }
    }
    /// The node's label as the forums write it.
    pub fn label(&self) -> String {
        match self {
            Node::Candidate(c) => c.to_string(),
            Node::Group(g) => g.to_string(),
            Node::Als(a) => a.to_string(),
            Node::AlmostCell(a) => a.to_string(),
            Node::OrRelation(r) => r.to_string(),
        }
    }
}

/// What supports an nrc-link: the cell, or the house shared by two same-digit candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkSupport {
    Cell(Cell),
    House(House),
}

impl fmt::Display for LinkSupport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkSupport::Cell(c) => write!(f, "{c}"),
            LinkSupport::House(h) => write!(f, "{h}"),
        }
    }
}

/// An edge of the candidate graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Weak link between two candidates; the support is the cell, or the first shared house
    /// in the order row, column, block.
    NrcLink(LinkSupport),
    /// Strong link: the two candidates are the only ones of the supporting cell (bivalue) or
    /// house-digit (bilocation).
    Conjugate(LinkSupport),
    /// Group to candidate or group, of one digit, in the supporting house.
    GroupLink { strong: bool, house: House },
    /// ALS to one of its candidates.
    AlsLink { digit: Digit },
    /// Almost-cell to one of its candidates of the ALS digits.
    AlmostCellLink { digit: Digit },
    /// OR relation to one of its candidates (a guardian), with the relation's size k.
    OrMember { k: u8 },
}

impl Edge {
    /// `nrc_link`, `conjugate`, `group_link`, `als_link`, `almost_cell_link` or
    /// `or_member`.
    pub fn kind(&self) -> &'static str {
        match self {
            Edge::NrcLink(_) => "nrc_link",
            Edge::Conjugate(_) => "conjugate",
            Edge::GroupLink { .. } => "group_link",
            Edge::AlsLink { .. } => "als_link",
            Edge::AlmostCellLink { .. } => "almost_cell_link",
            Edge::OrMember { .. } => "or_member",
        }
    }
    /// The supporting cell or house, as text (`r4c1`, `b3`), with the digit for ALS edges.
    pub fn support(&self) -> String {
        match self {
            Edge::NrcLink(s) | Edge::Conjugate(s) => s.to_string(),
            Edge::GroupLink { house, .. } => house.to_string(),
            Edge::AlsLink { digit } | Edge::AlmostCellLink { digit } => format!("n{digit}"),
            Edge::OrMember { k } => format!("OR{k}"),
        }
    }
    /// True for strong links (conjugates and strong group links).
    pub fn is_strong(&self) -> bool {
        matches!(
            self,
            Edge::Conjugate(_) | Edge::GroupLink { strong: true, .. }
        )
    }
}

pub const NODE_KINDS: [&str; 5] = ["candidate", "group", "als", "almost_cell", "or_relation"];
pub const EDGE_KINDS: [&str; 6] = [
    "nrc_link",
    "conjugate",
    "group_link",
    "als_link",
    "almost_cell_link",
    "or_member",
];

/// The largest OR relation the graph holds (the largest the OR-k chains start from:
/// SudoRules' OR8 forcing whips).
pub const MAX_OR_K: usize = 8;

/// The typed candidate graph of one state.
pub struct CandidateGraph {
    pub graph: UnGraph<Node, Edge>,
    candidate_nodes: Vec<Option<NodeIndex>>,
}

impl CandidateGraph {
    /// Materialise every node and edge kind for `state`.
    ///
    /// **Complexity**: linear in the number of links; ALS enumeration visits the 2^k subsets of
    /// each house's k open cells (k ≤ 9).
    pub fn build(state: &State) -> CandidateGraph {
        let links = LinkIndex::new(state);
        let open = links.open().len();
        let nrc_links: usize = links
            .open()
            .iter()
            .map(|c| links.linked(c).len())
            .sum::<usize>()
            / 2;
        // reserve once: regrowing the edge vector costs more than the unused tail
        let mut g = CandidateGraph {
            graph: UnGraph::with_capacity(open + 1024, nrc_links + 4 * open + 8192),
            candidate_nodes: vec![None; 729],
        };
        g.add_candidates(&links);
        g.add_groups(&links);
        g.add_als(state);
        g.add_or_relations(&links);
        g
    }

    /// The OR relations ([`or_relations::Relation`]), each with an edge to each guardian:
    /// the tridagons' ([`or_relations::tridagons`], every form, k ≤ [`MAX_OR_K`]), then
    /// the Imp630 patterns' of Berthier's Select2 list ([`imp630::relations`], complete
    /// and reduced, k ≤ [`imp630::MAX_GUARDIANS`]).
    fn add_or_relations(&mut self, links: &LinkIndex) {
        let tridagons = or_relations::tridagons(links, 1, MAX_OR_K)
            .into_iter()
            .map(or_relations::Relation::Tridagon);
        let imp630 = imp630::relations(links, imp630::GRAPH_SELECT, 1, imp630::MAX_GUARDIANS)
            .into_iter()
            .map(or_relations::Relation::Imp630);
        for r in tridagons.chain(imp630) {
            let k = r.k() as u8;
            let guardians = r.guardians().to_vec();
            let node = self.graph.add_node(Node::OrRelation(r));
            for g in guardians {
                let nc = self.candidate_nodes[g.index()].expect("open candidate node");
                self.graph.add_edge(node, nc, Edge::OrMember { k });
            }
        }
    }

    /// The OR relations of the graph, in node order: the tridagons', then the Imp630
    /// patterns'.
    pub fn or_relations(&self) -> impl Iterator<Item = &or_relations::Relation> {
        self.graph.node_weights().filter_map(|n| match n {
            Node::OrRelation(r) => Some(r),
            _ => None,
        })
    }

    /// The node of an open candidate.
    pub fn candidate_node(&self, c: Candidate) -> Option<NodeIndex> {
        self.candidate_nodes[c.index()]
    }

    fn add_candidates(&mut self, links: &LinkIndex) {
        for c in links.open().iter() {
            self.candidate_nodes[c.index()] = Some(self.graph.add_node(Node::Candidate(c)));
        }
        for a in links.open().iter() {
            let na = self.candidate_nodes[a.index()].unwrap();
            for b in links.linked(a).iter().filter(|b| *b > a) {
                let nb = self.candidate_nodes[b.index()].unwrap();
                let support = nrc_support(a, b);
                self.graph.add_edge(na, nb, Edge::NrcLink(support));
            }
        }
        for v in crate::grid::CspVariable::all() {
            let set = links.variable(v);
            if set.len() == 2 {
                let mut it = set.iter();
                let (a, b) = (it.next().unwrap(), it.next().unwrap());
                // one conjugate edge per pair: keep the first variable (rc, rn, cn, bn order)
                let first = a
                    .variables()
                    .into_iter()
                    .find(|w| links.variable(*w).len() == 2 && links.variable(*w).contains(b));
                if first != Some(v) {
                    continue;
                }
                let support = match v {
                    crate::grid::CspVariable::Rc(c) => LinkSupport::Cell(c),
                    crate::grid::CspVariable::Rn(r, _) => LinkSupport::House(House::Row(r)),
                    crate::grid::CspVariable::Cn(c, _) => LinkSupport::House(House::Column(c)),
                    crate::grid::CspVariable::Bn(bk, _) => LinkSupport::House(House::Block(bk)),
                };
                let (na, nb) = (
                    self.candidate_nodes[a.index()].unwrap(),
                    self.candidate_nodes[b.index()].unwrap(),
                );
                self.graph.add_edge(na, nb, Edge::Conjugate(support));
            }
        }
    }

    fn add_groups(&mut self, links: &LinkIndex) {
        let digit_cells = digit_cell_masks(links.open());
        let mut groups: Vec<(NodeIndex, Digit, [House; 2], u128)> = Vec::new();
        for d in Digit::all() {
            for b in 0..9u8 {
                let block = House::Block(b);
                let in_block = digit_cells[d.index()] & tables::house_mask(block);
                if in_block.count_ones() < 2 {
                    continue;
                }
                for line in tables::crossing_lines(b as usize) {
                    let cells = in_block & tables::house_mask(line);
                    if cells.count_ones() < 2 {
                        continue;
                    }
                    let group = Group {
                        digit: d,
                        line,
                        block,
                        cells,
                    };
                    let n = self.graph.add_node(Node::Group(group));
                    groups.push((n, d, [line, block], cells));
                }
            }
        }
        // group–candidate links
        for &(n, d, houses, cells) in &groups {
            for house in houses {
                let outside = digit_cells[d.index()] & tables::house_mask(house) & !cells;
                let strong = outside.count_ones() == 1;
                for c in mask_candidates(outside, d) {
                    let nc = self.candidate_nodes[c.index()].expect("open candidate node");
                    self.graph
                        .add_edge(n, nc, Edge::GroupLink { strong, house });
                }
            }
        }
        // group–group links: same digit, disjoint, sharing a house
        for (i, &(na, d, ha, ca)) in groups.iter().enumerate() {
            for &(nb, e, hb, cb) in &groups[i + 1..] {
                if d != e || ca & cb != 0 {
                    continue;
                }
                if let Some(house) = ha.into_iter().find(|h| hb.contains(h)) {
                    let all = digit_cells[d.index()] & tables::house_mask(house);
                    let strong = all == ca | cb;
                    self.graph
                        .add_edge(na, nb, Edge::GroupLink { strong, house });
                }
            }
        }
    }

    fn add_als(&mut self, state: &State) {
        let mut union = [0u16; 512];
        for house in House::all() {
            let open_cells: Vec<Cell> = house
                .cells()
                .into_iter()
                .filter(|c| state.value(*c).is_none())
                .collect();
            let k = open_cells.len();
            if k < 2 {
                continue;
            }
            let masks: Vec<u16> = open_cells.iter().map(|c| state.cell_mask(*c)).collect();
            for subset in 1usize..(1 << k) - 1 {
                let low = subset.trailing_zeros() as usize;
                union[subset] = union[subset & (subset - 1)] | masks[low];
                let digits = union[subset];
                if digits.count_ones() != subset.count_ones() + 1 {
                    continue;
                }
                let pick = |inside: bool| -> Vec<Cell> {
                    (0..k)
                        .filter(|i| (subset >> i & 1 == 1) == inside)
                        .map(|i| open_cells[i])
                        .collect()
                };
                let cells = pick(true);
                // an ALS inside one block and one line is found once, from its block
                let in_one_block = cells.iter().all(|c| c.block() == cells[0].block());
                let first_time = matches!(house, House::Block(_)) || !in_one_block;
                if first_time {
                    let node = self.graph.add_node(Node::Als(Als {
                        house,
                        cells: cells.clone(),
                        digits,
                    }));
                    self.link_cells(node, &cells, digits, |digit| Edge::AlsLink { digit });
                }
                let rest = pick(false);
                let ac = self.graph.add_node(Node::AlmostCell(AlmostCell {
                    house,
                    cells: rest.clone(),
                    digits,
                }));
                self.link_cells(ac, &rest, digits, |digit| Edge::AlmostCellLink { digit });
            }
        }
    }

    /// Link `node` to the open candidates of `cells` whose digit is in `digits`.
    fn link_cells(
        &mut self,
        node: NodeIndex,
        cells: &[Cell],
        digits: u16,
        edge: impl Fn(Digit) -> Edge,
    ) {
        for &c in cells {
            for d in Digit::all().filter(|d| digits >> d.index() & 1 == 1) {
                if let Some(nc) = self.candidate_node(Candidate::new(c, d)) {
                    self.graph.add_edge(node, nc, edge(d));
                }
            }
        }
    }

    /// Node and edge counts by kind, every kind present (zero when absent).
    pub fn summary(&self) -> GraphSummary {
        let mut nodes: BTreeMap<&'static str, usize> = NODE_KINDS.iter().map(|k| (*k, 0)).collect();
        let mut edges: BTreeMap<&'static str, usize> = EDGE_KINDS.iter().map(|k| (*k, 0)).collect();
        for n in self.graph.node_weights() {
            *nodes.get_mut(n.kind()).unwrap() += 1;
        }
        for e in self.graph.edge_weights() {
            *edges.get_mut(e.kind()).unwrap() += 1;
        }
        GraphSummary { nodes, edges }
    }
}

/// One link of a candidate in the graph: the node at the other end, the edge's kind and
/// strength, its support, and what carries it (`cell`, `row`, `column`, `block`, `group`,
/// `als`, `almost_cell` or `or_relation`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Neighbour {
    pub node: String,
    pub node_kind: &'static str,
    pub edge: &'static str,
    pub strong: bool,
    pub support: String,
    pub via: &'static str,
}

impl CandidateGraph {
    /// Every link of candidate `c` (none when it is not open), in edge order.
    pub fn neighbourhood(&self, c: Candidate) -> Vec<Neighbour> {
        let Some(n) = self.candidate_node(c) else {
            return Vec::new();
        };
        self.graph
            .edges(n)
            .map(|e| {
                let other = if e.source() == n {
                    e.target()
                } else {
                    e.source()
                };
                let w = e.weight();
                let via = match w {
                    Edge::NrcLink(s) | Edge::Conjugate(s) => match s {
                        LinkSupport::Cell(_) => "cell",
                        LinkSupport::House(House::Row(_)) => "row",
                        LinkSupport::House(House::Column(_)) => "column",
                        LinkSupport::House(House::Block(_)) => "block",
                    },
                    Edge::GroupLink { .. } => "group",
                    Edge::AlsLink { .. } => "als",
                    Edge::AlmostCellLink { .. } => "almost_cell",
                    Edge::OrMember { .. } => "or_relation",
                };
                Neighbour {
                    node: self.graph[other].label(),
                    node_kind: self.graph[other].kind(),
                    edge: w.kind(),
                    strong: w.is_strong(),
                    support: w.support(),
                    via,
                }
            })
            .collect()
    }
}

/// Counts by kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphSummary {
    pub nodes: BTreeMap<&'static str, usize>,
    pub edges: BTreeMap<&'static str, usize>,
}

/// For each digit, the cells where it is open, as an 81-bit mask.
fn digit_cell_masks(open: &CandidateSet) -> [u128; 9] {
    let mut out = [0u128; 9];
    for c in open.iter() {
        out[c.digit().index()] |= 1 << c.cell().index();
    }
    out
}

/// The candidates of digit `d` in the cells of an 81-bit mask.
fn mask_candidates(cells: u128, d: Digit) -> impl Iterator<Item = Candidate> {
    bits(cells).map(move |i| Candidate::new(Cell::new(i), d))
}

/// The support of the nrc-link between `a` and `b`: their cell, else the first house they
/// share (row, column, block).
pub fn nrc_support(a: Candidate, b: Candidate) -> LinkSupport {
    let (ca, cb) = (a.cell(), b.cell());
    if ca == cb {
        LinkSupport::Cell(ca)
    } else if ca.row() == cb.row() {
        LinkSupport::House(House::Row(ca.row() as u8))
    } else if ca.col() == cb.col() {
        LinkSupport::House(House::Column(ca.col() as u8))
    } else {
        LinkSupport::House(House::Block(ca.block() as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::format::parse_line;

    #[test]
    fn empty_grid_counts() {
        let g = CandidateGraph::build(&State::empty());
        let s = g.summary();
        assert_eq!(s.nodes["candidate"], 729);
        // 729 * 28 / 2 links
        assert_eq!(s.edges["nrc_link"], 729 * 14);
        assert_eq!(s.edges["conjugate"], 0);
        // 9 digits * 9 blocks * 6 lines
        assert_eq!(s.nodes["group"], 486);
    }

    #[test]
    fn conjugates_are_links() {
        let p = parse_line(
            "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
            1,
        )
        .unwrap();
        let g = CandidateGraph::build(&p.start_state().unwrap());
        for e in g.graph.edge_indices() {
            if let Edge::Conjugate(_) = g.graph[e] {
                let (a, b) = g.graph.edge_endpoints(e).unwrap();
                let (Node::Candidate(x), Node::Candidate(y)) = (&g.graph[a], &g.graph[b]) else {
                    panic!("conjugate between non-candidates")
                };
                assert!(x.is_linked(*y));
            }
        }
    }
}
