//! The typed candidate graph of a state (`sudolink graph`): its nodes (candidates,
//! groups, almost-locked sets, almost-cells, the tridagons' OR relations) and its typed
//! links (nrc links, conjugates, group links, ALS and almost-cell links, OR members) as
//! plain lists of dicts. The Python layer makes a networkx MultiGraph of them where
//! networkx is installed.

use crate::errors::{engine_error, guarded};
use crate::grid::grid_of;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sudolink_engine::graph::{CandidateGraph, Node};
use sudolink_study::resolution::working_state;

/// A node's candidates (a candidate node's own), as ``n5r1c2``; empty for the others.
fn candidates_of(node: &Node) -> Vec<String> {
    match node {
        Node::Candidate(c) => vec![c.to_string()],
        Node::Group(g) => g.candidates().map(|c| c.to_string()).collect(),
        _ => Vec::new(),
    }
}

/// The candidate graph of ``grid`` (after the basic rules when ``basic``) as
/// ``(nodes, edges)``: each node ``{"id", "kind", "label", "candidates"}``, each edge
/// ``{"source", "target", "kind", "support", "strong"}`` (use ``sudolink.graph``).
#[pyfunction]
#[pyo3(name = "_graph", signature = (grid, *, basic = false))]
pub fn graph_lists<'py>(
    py: Python<'py>,
    grid: &Bound<'py, PyAny>,
    basic: bool,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let grid = grid_of(grid)?;
    let graph = guarded(|| {
        let (state, _) = working_state(grid.state(), grid.known_solution(), basic)
            .map_err(|e| engine_error(&e))?;
        Ok(CandidateGraph::build(&state))
    })?;
    let g = &graph.graph;
    let nodes = PyList::empty(py);
    for i in g.node_indices() {
        let node = &g[i];
        let d = PyDict::new(py);
        d.set_item("id", i.index())?;
        d.set_item("kind", node.kind())?;
        d.set_item("label", node.label())?;
        d.set_item("candidates", candidates_of(node))?;
        nodes.append(d)?;
    }
    let edges = PyList::empty(py);
    for e in g.edge_indices() {
        let Some((a, b)) = g.edge_endpoints(e) else {
            continue;
        };
        let link = &g[e];
        let d = PyDict::new(py);
        d.set_item("source", a.index())?;
        d.set_item("target", b.index())?;
        d.set_item("kind", link.kind())?;
        d.set_item("support", link.support())?;
        d.set_item("strong", link.is_strong())?;
        edges.append(d)?;
    }
    Ok((nodes, edges))
}
