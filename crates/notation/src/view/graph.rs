//! The explorer's answers about a state's candidate graph: its counts by kind
//! (`/api/graph`), one candidate's links (`/api/neighbourhood`) and every open candidate's
//! (`/api/links`, fetched once per state so that hovering asks nothing).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use sudolink_engine::graph::{CandidateGraph, Neighbour};
use sudolink_engine::grid::{Candidate, State};

/// `/api/graph`: the graph's nodes and edges counted by kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphView {
    /// [`super::VERSION`].
    pub version: u32,
    /// Nodes by kind (`candidate`, `group`, `als`, …), every kind listed, 0 included.
    pub nodes: BTreeMap<String, usize>,
    /// Edges by kind (`nrc_link`, `conjugate`, `group_link`, …), every kind listed.
    pub edges: BTreeMap<String, usize>,
}

impl GraphView {
    /// The counts of `graph`.
    pub fn of(graph: &CandidateGraph) -> GraphView {
        let summary = graph.summary();
        let named = |m: BTreeMap<&str, usize>| m.into_iter().map(|(k, n)| (k.into(), n)).collect();
        GraphView {
            version: super::VERSION,
            nodes: named(summary.nodes),
            edges: named(summary.edges),
        }
    }
}

/// `/api/neighbourhood`: one candidate's links, counted and listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeighbourhoodView {
    /// [`super::VERSION`].
    pub version: u32,
    /// `n3r7c9`.
    pub candidate: String,
    /// How many links, strong and weak, and by what they go through.
    pub counts: LinkCounts,
    /// Every link, in the graph's edge order.
    pub links: Vec<NeighbourView>,
}

/// A candidate's links counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkCounts {
    pub strong: usize,
    pub weak: usize,
    /// By what carries them: `cell`, `row`, `column`, `block`, `group`, `als`,
    /// `almost_cell`, `or_relation` (only those present).
    pub by_via: BTreeMap<String, usize>,
    pub total: usize,
}

/// One link of a candidate: the node at its other end, the edge, what carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeighbourView {
    /// The other end: a candidate (`n3r7c8`), a group, an ALS.
    pub node: String,
    /// `candidate`, `group`, `als`, `almost_cell`, `or_relation`.
    pub node_kind: String,
    /// The edge's kind (`nrc_link`, `conjugate`, …).
    pub edge: String,
    /// Strong (conjugate or bivalue) or weak.
    pub strong: bool,
    /// The house, cell or pattern that supports it, in our notation.
    pub support: String,
    /// `cell`, `row`, `column`, `block`, `group`, `als`, `almost_cell` or `or_relation`.
    pub via: String,
}

impl From<Neighbour> for NeighbourView {
    fn from(n: Neighbour) -> NeighbourView {
        NeighbourView {
            node: n.node,
            node_kind: n.node_kind.into(),
            edge: n.edge.into(),
            strong: n.strong,
            support: n.support,
            via: n.via.into(),
        }
    }
}

impl NeighbourhoodView {
    /// The links of `c` in `graph` (none when it is not open there).
    pub fn of(graph: &CandidateGraph, c: Candidate) -> NeighbourhoodView {
        let links: Vec<NeighbourView> =
            graph.neighbourhood(c).into_iter().map(Into::into).collect();
        let mut by_via: BTreeMap<String, usize> = BTreeMap::new();
        for l in &links {
            *by_via.entry(l.via.clone()).or_default() += 1;
        }
        let strong = links.iter().filter(|l| l.strong).count();
        NeighbourhoodView {
            version: super::VERSION,
            candidate: c.to_string(),
            counts: LinkCounts {
                strong,
                weak: links.len() - strong,
                by_via,
                total: links.len(),
            },
            links,
        }
    }
}

/// `/api/links`: every open candidate's neighbourhood, by candidate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinksView {
    /// [`super::VERSION`].
    pub version: u32,
    /// The state, in HoDoKu's pencil-mark line.
    pub state: String,
    /// `n3r7c9` → its neighbourhood, for every open candidate.
    pub links: BTreeMap<String, NeighbourhoodView>,
}

impl LinksView {
    /// Every open candidate's links in `state` (its graph built once); `line` is the state's
    /// pencil-mark line.
    pub fn of(state: &State, line: String) -> LinksView {
        let graph = CandidateGraph::build(state);
        let links = state
            .candidates()
            .iter()
            .map(|c| (c.to_string(), NeighbourhoodView::of(&graph, c)))
            .collect();
        LinksView {
            version: super::VERSION,
            state: line,
            links,
        }
    }
}
