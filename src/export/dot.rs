//! DOT output through graphviz-rust: the candidate graph of a state (candidates, groups,
//! ALS and almost-cells as nodes; strong links solid, weak links dashed). All labels go
//! through [`quoted`], the one quoting helper, so text such as `(6=8)r4c1` or `{n5 n8}`
//! never breaks `dot`.

use crate::graph::{CandidateGraph, Edge, Node};
use graphviz_rust::dot_structures::{
    Attribute, Edge as DotEdge, EdgeTy, Graph, Id, Node as DotNode, NodeId, Stmt, Vertex,
};
use graphviz_rust::printer::{DotPrinter, PrinterContext};

/// A DOT string literal for any text: quotes and backslashes escaped.
pub fn quoted(text: &str) -> Id {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n");
    Id::Escaped(format!("\"{escaped}\""))
}

/// A plain attribute `name=value` with the value quoted.
pub fn attr(name: &str, value: &str) -> Attribute {
    Attribute(Id::Plain(name.to_string()), quoted(value))
}

fn node_id(i: usize) -> NodeId {
    NodeId(Id::Plain(format!("v{i}")), None)
}

fn node_style(node: &Node) -> (&'static str, &'static str) {
    match node {
        Node::Candidate(_) => ("ellipse", "white"),
        Node::Group(_) => ("box", "lightyellow"),
        Node::Als(_) => ("hexagon", "lightblue"),
        Node::AlmostCell(_) => ("octagon", "lightpink"),
    }
}

fn edge_style(edge: &Edge) -> (&'static str, &'static str) {
    let style = if edge.is_strong() { "solid" } else { "dashed" };
    let color = match edge {
        Edge::NrcLink(_) => "gray40",
        Edge::Conjugate(_) => "blue",
        Edge::GroupLink { .. } => "darkgoldenrod",
        Edge::AlsLink { .. } => "steelblue",
        Edge::AlmostCellLink { .. } => "palevioletred",
    };
    (style, color)
}

/// The whole candidate graph as a DOT graph.
pub fn candidate_graph(g: &CandidateGraph, name: &str) -> Graph {
    let mut stmts = vec![Stmt::Attribute(attr("label", name))];
    for idx in g.graph.node_indices() {
        let node = &g.graph[idx];
        let (shape, fill) = node_style(node);
        stmts.push(Stmt::Node(DotNode::new(
            node_id(idx.index()),
            vec![
                attr("label", &node.label()),
                attr("kind", node.kind()),
                attr("shape", shape),
                attr("style", "filled"),
                attr("fillcolor", fill),
            ],
        )));
    }
    for e in g.graph.edge_indices() {
        let (a, b) = g.graph.edge_endpoints(e).expect("edge endpoints");
        let edge = &g.graph[e];
        let (style, color) = edge_style(edge);
        stmts.push(Stmt::Edge(DotEdge {
            ty: EdgeTy::Pair(Vertex::N(node_id(a.index())), Vertex::N(node_id(b.index()))),
            attributes: vec![
                attr("kind", edge.kind()),
                attr("support", &edge.support()),
                attr("style", style),
                attr("color", color),
            ],
        }));
    }
    Graph::Graph {
        id: Id::Plain("candidates".into()),
        strict: false,
        stmts,
    }
}

/// Print a DOT graph as text.
pub fn print(graph: &Graph) -> String {
    graph.print(&mut PrinterContext::default())
}

/// A proof as a graph: its candidates as nodes (coloured by role, targets in red) and its
/// links as edges (strong solid, weak dashed), laid out left to right in chain order.
pub fn proof_graph(d: &crate::export::svg::Diagram, name: &str) -> Graph {
    use crate::export::svg::Role;
    let mut stmts = vec![
        Stmt::Attribute(attr("label", name)),
        Stmt::Attribute(attr("rankdir", "LR")),
    ];
    let mut seen: Vec<crate::grid::Candidate> = Vec::new();
    for m in &d.marks {
        if seen.contains(&m.candidate) {
            continue;
        }
        seen.push(m.candidate);
        let (fill, shape) = match m.role {
            Role::Left => ("#8fd18b", "ellipse"),
            Role::Right => ("#7fb4e6", "ellipse"),
            Role::Extra => ("#f7b267", "ellipse"),
            Role::Pattern => ("#c9a8e0", "ellipse"),
            Role::Target => ("#ff9999", "doubleoctagon"),
            Role::Assertion => ("#8fd18b", "doublecircle"),
        };
        stmts.push(Stmt::Node(DotNode::new(
            NodeId(quoted(&m.candidate.to_string()), None),
            vec![
                attr("style", "filled"),
                attr("fillcolor", fill),
                attr("shape", shape),
            ],
        )));
    }
    for a in &d.arrows {
        stmts.push(Stmt::Edge(DotEdge {
            ty: EdgeTy::Pair(
                Vertex::N(NodeId(quoted(&a.from.to_string()), None)),
                Vertex::N(NodeId(quoted(&a.to.to_string()), None)),
            ),
            attributes: vec![
                attr("style", if a.strong { "solid" } else { "dashed" }),
                attr("label", if a.strong { "=" } else { "-" }),
            ],
        }));
    }
    Graph::DiGraph {
        id: Id::Plain("proof".into()),
        strict: false,
        stmts,
    }
}
