//! DOT output through graphviz-rust: the candidate graph of a state (candidates, groups,
//! ALS and almost-cells as nodes; strong links solid, weak links dashed), one proof's
//! chain with its variables, target and t/z candidates, a force net, a tagging's layers.
//! All labels go
//! through [`quoted`], the one quoting helper, so text such as `(6=8)r4c1` or `{n5 n8}`
//! never breaks `dot`.

use crate::svg::{Diagram, Role, SupportKind};
use graphviz_rust::dot_structures::{
    Attribute, Edge as DotEdge, EdgeTy, Graph, Id, Node as DotNode, NodeId, Stmt, Subgraph, Vertex,
};
use graphviz_rust::printer::{DotPrinter, PrinterContext};
use sudolink_engine::graph::or_relations::Relation;
use sudolink_engine::graph::{CandidateGraph, Edge, Node};
use sudolink_engine::grid::Candidate;

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
        Node::OrRelation(Relation::Tridagon(_)) => ("doubleoctagon", "orange"),
        Node::OrRelation(Relation::Imp630(_)) => ("doubleoctagon", "gold"),
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
        Edge::OrMember { .. } => "darkorange",
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

/// A proof as a graph, labelled with its rule and length (`whip[5]`): its candidates as
/// nodes coloured by role (targets in red), each CSP variable of a chain or whip a cluster
/// holding its L, R and t/z candidates, the chain's links as edges (strong solid `=`, weak
/// dashed `-`) laid out left to right in chain order; the target linked to the chain's
/// first candidate (and from its last), each z-candidate to the target and each
/// t-candidate to its earlier R (dotted, `z` / `t`), so nothing floats unconnected.
pub fn proof_graph(d: &Diagram) -> Graph {
    let mut stmts = vec![
        Stmt::Attribute(attr("label", &d.title)),
        Stmt::Attribute(attr("rankdir", "LR")),
    ];
    let mut placed: Vec<Candidate> = Vec::new();
    for (k, v) in d.variables.iter().enumerate() {
        let mut inner = vec![
            Stmt::Attribute(attr("label", &v.name)),
            Stmt::Attribute(attr("style", "rounded")),
            Stmt::Attribute(attr("color", "gray60")),
        ];
        for &c in &v.candidates {
            if !placed.contains(&c) {
                placed.push(c);
                inner.push(candidate_node(d, c));
            }
        }
        stmts.push(Stmt::Subgraph(Subgraph {
            id: Id::Plain(format!("cluster_{}", k + 1)),
            stmts: inner,
        }));
    }
    for m in &d.marks {
        if !placed.contains(&m.candidate) {
            placed.push(m.candidate);
            stmts.push(candidate_node(d, m.candidate));
        }
    }
    for a in &d.arrows {
        let (style, label) = if a.strong {
            ("solid", "=")
        } else {
            ("dashed", "-")
        };
        stmts.push(candidate_edge(
            a.from,
            a.to,
            vec![attr("style", style), attr("label", label)],
        ));
    }
    for s in &d.supports {
        let (style, label, color) = match s.kind {
            SupportKind::Start | SupportKind::End => ("dashed", "-", "#d62728"),
            SupportKind::Z => ("dotted", "z", "#e08a1e"),
            SupportKind::T => ("dotted", "t", "#e08a1e"),
        };
        stmts.push(candidate_edge(
            s.from,
            s.to,
            vec![
                attr("style", style),
                attr("label", label),
                attr("color", color),
                attr("fontcolor", color),
            ],
        ));
    }
    Graph::DiGraph {
        id: Id::Plain("proof".into()),
        strict: false,
        stmts,
    }
}

/// A candidate's node in the proof graph, filled with the colour of the role it is drawn
/// in on the grid.
fn candidate_node(d: &Diagram, c: Candidate) -> Stmt {
    let (fill, shape) = match d.role_of(c) {
        Some(Role::Left) | None => ("#8fd18b", "ellipse"),
        Some(Role::Right) => ("#7fb4e6", "ellipse"),
        Some(Role::Extra) => ("#f7b267", "ellipse"),
        Some(Role::Pattern) => ("#c9a8e0", "ellipse"),
        Some(Role::Target) => ("#ff9999", "doubleoctagon"),
        Some(Role::Assertion) => ("#ffc83d", "doublecircle"),
        Some(Role::DerivedTrue) => ("#fff59d", "ellipse"),
        Some(Role::DerivedFalse) => ("#d4d4d4", "ellipse"),
        Some(Role::Layer { .. }) => ("#dddddd", "ellipse"),
    };
    Stmt::Node(DotNode::new(
        NodeId(quoted(&c.to_string()), None),
        vec![
            attr("style", "filled"),
            attr("fillcolor", fill),
            attr("shape", shape),
        ],
    ))
}

/// An edge between two candidates' nodes.
fn candidate_edge(from: Candidate, to: Candidate, attributes: Vec<Attribute>) -> Stmt {
    Stmt::Edge(DotEdge {
        ty: EdgeTy::Pair(
            Vertex::N(NodeId(quoted(&from.to_string()), None)),
            Vertex::N(NodeId(quoted(&to.to_string()), None)),
        ),
        attributes,
    })
}

/// A force chain or net as a DAG: one cluster per branch, a node per literal of the branch
/// (`r2c4/-1`; the assumption boxed, the conclusion's literal doubled), an edge per premise
/// of each inference — strong (concluding true) solid, weak dashed, ALS links labelled with
/// their ALS.
pub fn net_graph(net: &sudolink_engine::proof::net::NetPattern, name: &str) -> Graph {
    use sudolink_engine::proof::net::{NetConclusion, NetLink};
    let ends: Vec<String> = match &net.conclusion {
        NetConclusion::Verity { literal } => vec![literal.to_string()],
        NetConclusion::Both { node } => {
            let t = sudolink_engine::proof::net::NetLiteral {
                node: node.clone(),
                value: true,
            };
            vec![t.to_string(), t.negated().to_string()]
        }
        NetConclusion::Empty { .. } => vec![],
    };
    let mut stmts = vec![
        Stmt::Attribute(attr("label", name)),
        Stmt::Attribute(attr("rankdir", "LR")),
    ];
    for (k, b) in net.branches.iter().enumerate() {
        let id =
            |lit: &sudolink_engine::proof::net::NetLiteral| quoted(&format!("b{}:{lit}", k + 1));
        let mut inner = vec![Stmt::Attribute(attr(
            "label",
            &format!("branch {}: {} assumed", k + 1, b.assumption),
        ))];
        let literal_node = |lit: &sudolink_engine::proof::net::NetLiteral, shape: &str| {
            let fill = if lit.value { "#7fb4e6" } else { "#8fd18b" };
            Stmt::Node(DotNode::new(
                NodeId(id(lit), None),
                vec![
                    attr("label", &lit.to_string()),
                    attr("style", "filled"),
                    attr("fillcolor", fill),
                    attr("shape", shape),
                ],
            ))
        };
        inner.push(literal_node(&b.assumption, "box"));
        for s in &b.steps {
            let end = ends.contains(&s.conclusion.to_string());
            inner.push(literal_node(
                &s.conclusion,
                if end { "doublecircle" } else { "ellipse" },
            ));
            let (style, label) = match &s.link {
                NetLink::Weak => ("dashed", String::new()),
                NetLink::Strong { .. } => ("solid", String::new()),
                NetLink::Subset => ("dotted", "subset".to_string()),
                NetLink::Locked { base, cover } => (
                    "dotted",
                    sudolink_notation::hypothesis::locked_set_text(base, cover),
                ),
                NetLink::Nested { proof } => ("dotted", format!("nested {}", proof.rule)),
                NetLink::Als { cells, .. } => (
                    if s.conclusion.value {
                        "solid"
                    } else {
                        "dashed"
                    },
                    format!("ALS:{}", sudolink_engine::graph::cell_list(cells)),
                ),
            };
            for p in &s.premises {
                inner.push(Stmt::Edge(DotEdge {
                    ty: EdgeTy::Pair(
                        Vertex::N(NodeId(id(p), None)),
                        Vertex::N(NodeId(id(&s.conclusion), None)),
                    ),
                    attributes: vec![attr("style", style), attr("label", &label)],
                }));
            }
        }
        stmts.push(Stmt::Subgraph(Subgraph {
            id: Id::Plain(format!("cluster_{}", k + 1)),
            stmts: inner,
        }));
    }
    Graph::DiGraph {
        id: Id::Plain("net".into()),
        strict: false,
        stmts,
    }
}

/// The layers of a level-1 tagging ([gpenet tagging]): each tagged group a node labelled with its
/// Eureka form and tag, each strong link an edge, one colour per layer.
pub fn layers_graph(t: &sudolink_engine::proof::tagging::TagLayers, name: &str) -> Graph {
    const PALETTE: [&str; 12] = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
        "#bcbd22", "#17becf", "#393b79", "#637939",
    ];
    let mut stmts = vec![Stmt::Attribute(attr("label", name))];
    for (i, node) in t.nodes.iter().enumerate() {
        let Some((layer, parity)) = t.tags[i] else {
            continue;
        };
        let tag = sudolink_engine::proof::tagging::tag_name(layer, parity);
        stmts.push(Stmt::Node(DotNode::new(
            node_id(i),
            vec![
                attr("label", &format!("{} {tag}", node.eureka())),
                attr("layer", &tag.to_uppercase()),
                attr(
                    "shape",
                    if node.cells.len() > 1 {
                        "box"
                    } else {
                        "ellipse"
                    },
                ),
                attr("color", PALETTE[layer % PALETTE.len()]),
                attr("style", if parity == 0 { "filled" } else { "solid" }),
                attr("fillcolor", "#f4f4f4"),
            ],
        )));
    }
    for &(a, b) in &t.strong_links {
        let (layer, _) = t.tags[a].expect("a strong link's nodes are tagged");
        stmts.push(Stmt::Edge(DotEdge {
            ty: EdgeTy::Pair(Vertex::N(node_id(a)), Vertex::N(node_id(b))),
            attributes: vec![attr("color", PALETTE[layer % PALETTE.len()])],
        }));
    }
    Graph::Graph {
        id: Id::Plain("layers".into()),
        strict: false,
        stmts,
    }
}
