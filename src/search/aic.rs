//! Alternating inference chains with group and ALS nodes (seed 002's chains through
//! almost-locked sets; Eureka's notation): for each target, the shortest chain
//! `S = … = E` whose two ends the target would both make false.
//!
//! Nodes are the level-1 tagging's (candidates, a digit's groups in a box-line
//! intersection, the box's extra groups) with their strong links (bivalue cells, a digit's
//! places in a house covered by two nodes), plus ALS links: in an almost-locked set of up
//! to [`MAX_ALS_CELLS`] cells, the places of one digit are strongly linked to those of each
//! other digit (one absent, the rest are locked in). Weak links join disjoint nodes of a
//! digit in one house and two digits of one cell.
//!
//! The same graph gives the continuous nice loops ([`find_loops`]): per start node, the
//! shortest alternating paths that come back to it by a weak link.
//!
//! **Complexity**: one breadth-first search per target (per start node for loops) over
//! (node, polarity) states, cut at [`MAX_NODES`] nodes.

use super::tagging::{killers, Tagging};
use crate::graph::als::{enumerate, mask_cells};
use crate::graph::LinkIndex;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::proof::aic::{AicConclusion, AicNode, AicPattern};
use crate::proof::{Pattern, Proof};
use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;

/// The largest ALS an ALS link passes through.
pub const MAX_ALS_CELLS: usize = 4;
/// The longest chain searched (nodes).
pub const MAX_NODES: usize = 14;

/// A strong edge: to a node, through an ALS (its cells) or not.
#[derive(Clone)]
struct StrongEdge {
    to: usize,
    als: Option<Vec<Cell>>,
}

struct Graph {
    nodes: Vec<AicNode>,
    strong: Vec<Vec<StrongEdge>>,
    weak: Vec<Vec<usize>>,
}

fn node_index(nodes: &mut Vec<AicNode>, index: &mut HashMap<AicNode, usize>, n: AicNode) -> usize {
    if let Some(&i) = index.get(&n) {
        return i;
    }
    nodes.push(n.clone());
    index.insert(n, nodes.len() - 1);
    nodes.len() - 1
}

impl Graph {
    fn new(links: &LinkIndex) -> Graph {
        let t = Tagging::new(links);
        let mut nodes = t.nodes.clone();
        let mut index: HashMap<AicNode, usize> = nodes
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, n)| (n, i))
            .collect();
        let mut strong: Vec<Vec<StrongEdge>> = t
            .strong
            .iter()
            .map(|ns| ns.iter().map(|&to| StrongEdge { to, als: None }).collect())
            .collect();
        for als in enumerate(links, MAX_ALS_CELLS) {
            let ds: Vec<usize> = (0..9).filter(|d| als.digits >> d & 1 == 1).collect();
            let ids: Vec<usize> = ds
                .iter()
                .map(|&d| {
                    let cells: Vec<Cell> = mask_cells(als.places[d]).collect();
                    let n = AicNode {
                        digit: Digit::from_index(d),
                        cells,
                    };
                    let i = node_index(&mut nodes, &mut index, n);
                    if strong.len() < nodes.len() {
                        strong.resize(nodes.len(), Vec::new());
                    }
                    i
                })
                .collect();
            for (x, &a) in ids.iter().enumerate() {
                for &b in &ids[x + 1..] {
                    strong[a].push(StrongEdge {
                        to: b,
                        als: Some(als.cells.clone()),
                    });
                    strong[b].push(StrongEdge {
                        to: a,
                        als: Some(als.cells.clone()),
                    });
                }
            }
        }
        strong.resize(nodes.len(), Vec::new());
        // weak links: disjoint nodes of a digit sharing a house; a cell's digits
        let mut buckets: HashMap<(Digit, House), Vec<usize>> = HashMap::new();
        let mut by_cell: HashMap<Cell, Vec<usize>> = HashMap::new();
        for (i, n) in nodes.iter().enumerate() {
            for h in House::all().filter(|h| n.cells.iter().all(|&c| h.contains(c))) {
                buckets.entry((n.digit, h)).or_default().push(i);
            }
            if let [c] = n.cells[..] {
                by_cell.entry(c).or_default().push(i);
            }
        }
        let mut weak: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        for members in buckets.values().chain(by_cell.values()) {
            for (x, &a) in members.iter().enumerate() {
                for &b in &members[x + 1..] {
                    if crate::proof::aic::weak(&nodes[a], &nodes[b]) && !weak[a].contains(&b) {
                        weak[a].push(b);
                        weak[b].push(a);
                    }
                }
            }
        }
        // the buckets come in hash order: sorted lists make the search's answers the same
        // on every run
        for list in &mut weak {
            list.sort_unstable();
        }
        Graph {
            nodes,
            strong,
            weak,
        }
    }
}

/// How a (node, truth) state was reached: the previous state and the ALS a strong link
/// went through.
type Parent = Option<(usize, bool, Option<Vec<Cell>>)>;

/// Proofs by length, then by what they eliminate.
fn shortest_first(proofs: &mut [Proof]) {
    proofs.sort_by(|a, b| {
        a.length
            .cmp(&b.length)
            .then(a.eliminations.cmp(&b.eliminations))
    });
}

/// Every target with its shortest chain, shortest first.
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    let g = Graph::new(links);
    let kill: Vec<_> = g.nodes.iter().map(|n| killers(links, n)).collect();
    let mut out = Vec::new();
    for target in links.open().iter() {
        if let Some(p) = shortest_for(&g, &kill, target) {
            out.push(p);
        }
    }
    shortest_first(&mut out);
    out
}

/// The shortest chain whose two ends `target` makes false, by breadth-first search from
/// every start node it makes false (state: node and whether it is reached true).
fn shortest_for(g: &Graph, kill: &[crate::grid::CandidateSet], target: Candidate) -> Option<Proof> {
    let in_node =
        |i: usize| g.nodes[i].digit == target.digit() && g.nodes[i].cells.contains(&target.cell());
    let starts = (0..g.nodes.len()).filter(|&i| kill[i].contains(target) && !in_node(i));
    alternating_walk(g, starts, in_node, |y, _, parent| {
        if kill[y].contains(target) {
            ControlFlow::Break(build(g, parent, (y, true), target))
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// A breadth-first walk over alternating links (false ⇒ strong ⇒ true, true ⇒ weak ⇒
/// false) from `starts`, each assumed false as the chain's first node, meeting each (node,
/// value) once, never entering a node `excluded` says, up to [`MAX_NODES`] nodes.
/// `reached_true(node, nodes so far, parents)` is told of every node reached true; the walk
/// stops at its first `Break`, which it returns.
fn alternating_walk<B>(
    g: &Graph,
    starts: impl IntoIterator<Item = usize>,
    excluded: impl Fn(usize) -> bool,
    mut reached_true: impl FnMut(usize, usize, &[[Parent; 2]]) -> ControlFlow<B>,
) -> Option<B> {
    let n = g.nodes.len();
    // parent of (node, true?) states: (previous state, ALS cells of the link)
    let mut parent: Vec<[Parent; 2]> = vec![[None, None]; n];
    let mut depth = vec![[usize::MAX; 2]; n];
    let mut queue = VecDeque::new();
    for s in starts {
        depth[s][0] = 1;
        queue.push_back((s, false));
    }
    while let Some((x, truth)) = queue.pop_front() {
        let d = depth[x][usize::from(truth)];
        if d >= MAX_NODES {
            continue;
        }
        if !truth {
            for e in &g.strong[x] {
                let y = e.to;
                if depth[y][1] != usize::MAX || excluded(y) {
                    continue;
                }
                depth[y][1] = d + 1;
                parent[y][1] = Some((x, false, e.als.clone()));
                if let ControlFlow::Break(b) = reached_true(y, d + 1, &parent) {
                    return Some(b);
                }
                queue.push_back((y, true));
            }
        } else {
            for &y in &g.weak[x] {
                if depth[y][0] != usize::MAX || excluded(y) {
                    continue;
                }
                depth[y][0] = d + 1;
                parent[y][0] = Some((x, true, None));
                queue.push_back((y, false));
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
    while let Some((p, truth, als)) = parent[at.0][usize::from(at.1)].clone() {
        nodes.push(p);
        als_links.push(als);
        at = (p, truth);
    }
    nodes.reverse();
    als_links.reverse();
    (nodes, als_links)
}

fn build(g: &Graph, parent: &[[Parent; 2]], end: (usize, bool), target: Candidate) -> Proof {
    let (nodes, als_links) = walk_back(parent, end);
    let any_als = als_links.iter().any(Option::is_some);
    let pattern = AicPattern {
        nodes: nodes.iter().map(|&i| g.nodes[i].clone()).collect(),
        conclusion: AicConclusion::Ends,
        technique: "aic".to_string(),
        tags: None,
        als_links: if any_als { als_links } else { vec![] },
    };
    Proof::new(Pattern::Aic(Box::new(pattern)), vec![target], vec![])
}

/// Every continuous nice loop of the graph with at least one elimination, shortest first:
/// from each start node (assumed false), a breadth-first search over alternating strong
/// and weak links; a node reached true that is weakly linked back to the start closes a
/// loop. One loop per set of nodes; loops that visit a node twice are skipped.
pub fn find_loops(links: &LinkIndex) -> Vec<Proof> {
    let g = Graph::new(links);
    let kill: Vec<_> = g.nodes.iter().map(|n| killers(links, n)).collect();
    let mut seen: std::collections::HashSet<Vec<usize>> = std::collections::HashSet::new();
    let mut out = Vec::new();
    for start in 0..g.nodes.len() {
        for (ids, als_links) in loops_from(&g, start) {
            let mut key = ids.clone();
            key.sort_unstable();
            if !seen.insert(key) {
                continue;
            }
            if let Some(p) = loop_proof(&g, &kill, links, &ids, als_links) {
                out.push(p);
            }
        }
    }
    shortest_first(&mut out);
    out
}

/// A path of the search: node indices from its start and, per link (a loop's closing link
/// aside), the ALS it passes through.
type LoopPath = (Vec<usize>, Vec<Option<Vec<Cell>>>);

/// The loops closing on `start`, strong link first.
fn loops_from(g: &Graph, start: usize) -> Vec<LoopPath> {
    let mut found = Vec::new();
    alternating_walk::<()>(
        g,
        [start],
        |y| y == start,
        |y, nodes, parent| {
            if nodes >= 4 && g.weak[y].contains(&start) {
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
    kill: &[crate::grid::CandidateSet],
    links: &LinkIndex,
    ids: &[usize],
    als_links: Vec<Option<Vec<Cell>>>,
) -> Option<Proof> {
    let nodes: Vec<AicNode> = ids.iter().map(|&i| g.nodes[i].clone()).collect();
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
    let mut eliminations: Vec<Candidate> = links
        .open()
        .iter()
        .filter(|&t| {
            !in_loop(t)
                && (0..n).any(|k| kill[ids[k]].contains(t) && kill[ids[(k + 1) % n]].contains(t))
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
        technique: "nice-loop".to_string(),
        tags: None,
        als_links: if any_als { als_links } else { vec![] },
    };
    Some(Proof::new(
        Pattern::Aic(Box::new(pattern)),
        eliminations,
        vec![],
    ))
}
