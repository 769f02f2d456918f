//! gpenet's full tagging, level 1 ([gpenet tagging]): groups (a digit's candidates in a row/box or
//! column/box intersection, a candidate being a group of one, and the box's extra groups
//! that make empty rectangles work), strong links between twin groups and in bivalue cells,
//! layers (connected sets of strong links, two-coloured: a tag pair `A`/`a` each), weak
//! links between tags, and the clearings of alternate chains `[] AB bC`:
//! - inside a layer, the logical OR of its two tags (`A` or `a`): a candidate that would
//!   make a group of each false is cleared (complementary tags in one cell, twin groups);
//! - across layers, a chain `[] AB bC … ` from tag `T` to tag `V` gives the OR {t V}: a
//!   candidate that would make a `t` group and a `V` group false is cleared;
//! - a chain from `T` back to `t` (a conflicting loop, or a tag twice in one house) clears
//!   every `T` group.
//!
//! Every clearing is returned as an alternating inference chain over the groups
//! (`proof::aic`), rebuilt from the tags: the checker verifies it link by link.
//!
//! **Complexity**: groups and strong links in one pass over the houses; the tag implication
//! graph has two literals per layer; one breadth-first search per tag; 729-bit candidate
//! sets for the clearings.

use std::collections::{HashMap, VecDeque};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::tables::crossing_lines;
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, CspVariable, Digit, House};
use sudolink_engine::proof::aic::{weak, AicConclusion, AicNode, AicPattern};
use sudolink_engine::proof::tagging::{tag_chain_text, tag_name, TagLayers};
use sudolink_engine::proof::{Pattern, Proof};

/// The tagged state: nodes, their strong links, layers and tags.
pub struct Tagging {
    pub nodes: Vec<AicNode>,
    pub(crate) strong: Vec<Vec<usize>>,
    /// layer and parity (0 upper, 1 lower) per node; None when in no strong link.
    pub tag: Vec<Option<(usize, u8)>>,
    /// Number of layers.
    pub layers: usize,
    /// Layers whose colouring conflicts (an odd cycle of strong links: an invalid state).
    pub conflicts: usize,
    /// The node of each candidate (a group of one), by candidate index.
    candidate_node: Vec<Option<usize>>,
}

fn places(links: &LinkIndex, v: CspVariable) -> Vec<Cell> {
    links.variable(v).iter().map(|c| c.cell()).collect()
}

fn house_var(h: House, d: Digit) -> CspVariable {
    match h {
        House::Row(r) => CspVariable::Rn(r, d),
        House::Column(c) => CspVariable::Cn(c, d),
        House::Block(b) => CspVariable::Bn(b, d),
    }
}

struct Builder {
    nodes: Vec<AicNode>,
    index: HashMap<AicNode, usize>,
    strong: Vec<Vec<usize>>,
}

impl Builder {
    fn node(&mut self, digit: Digit, cells: Vec<Cell>) -> usize {
        let (i, new) = intern_node(&mut self.nodes, &mut self.index, digit, cells);
        if new {
            self.strong.push(Vec::new());
        }
        i
    }

    fn link(&mut self, a: usize, b: usize) {
        link_strongly(&mut self.strong, a, b);
    }
}

/// The node of `digit` in `cells` (sorted), added when new: its index, and whether it was
/// added (level 1's and level 2's builders keep their own per-node lists beside).
pub(crate) fn intern_node(
    nodes: &mut Vec<AicNode>,
    index: &mut HashMap<AicNode, usize>,
    digit: Digit,
    mut cells: Vec<Cell>,
) -> (usize, bool) {
    cells.sort();
    let n = AicNode { digit, cells };
    if let Some(&i) = index.get(&n) {
        return (i, false);
    }
    nodes.push(n.clone());
    index.insert(n, nodes.len() - 1);
    (nodes.len() - 1, true)
}

/// A strong link between nodes `a` and `b`, once.
pub(crate) fn link_strongly(strong: &mut [Vec<usize>], a: usize, b: usize) {
    if a != b && !strong[a].contains(&b) {
        strong[a].push(b);
        strong[b].push(a);
    }
}

impl Tagging {
    /// Level-1 tagging of a state.
    pub fn new(links: &LinkIndex) -> Tagging {
        let mut b = Builder {
            nodes: Vec::new(),
            index: HashMap::new(),
            strong: Vec::new(),
        };
        // every candidate is a group of one
        for c in links.open().iter() {
            b.node(c.digit(), vec![c.cell()]);
        }
        // bivalue cells
        for cell in Cell::all() {
            if let [x, y] = links
                .variable(CspVariable::Rc(cell))
                .iter()
                .collect::<Vec<_>>()[..]
            {
                let (i, j) = (b.node(x.digit(), vec![cell]), b.node(y.digit(), vec![cell]));
                b.link(i, j);
            }
        }
        for d in Digit::all() {
            // lines: the places split over exactly two blocks
            for h in House::all().filter(|h| !matches!(h, House::Block(_))) {
                let v = house_var(h, d);
                if links.is_decided(v) {
                    continue;
                }
                let ps = places(links, v);
                let mut blocks: Vec<usize> = ps.iter().map(|c| c.block()).collect();
                blocks.dedup();
                blocks.sort();
                blocks.dedup();
                if let [b1, b2] = blocks[..] {
                    let part = |bk: usize| ps.iter().copied().filter(|c| c.block() == bk).collect();
                    let (i, j) = (b.node(d, part(b1)), b.node(d, part(b2)));
                    b.link(i, j);
                }
            }
            // blocks: two lines' groups, or a line's group and the rest in one cross line
            for bk in 0..9u8 {
                let v = house_var(House::Block(bk), d);
                if links.is_decided(v) {
                    continue;
                }
                let ps = places(links, v);
                for line in crossing_lines(bk as usize) {
                    let inside: Vec<Cell> =
                        ps.iter().copied().filter(|&c| line.contains(c)).collect();
                    let rest: Vec<Cell> =
                        ps.iter().copied().filter(|&c| !line.contains(c)).collect();
                    if inside.is_empty() || rest.is_empty() {
                        continue;
                    }
                    // the rest in one line, parallel or crossing (the box's extra groups)
                    let one_line = crossing_lines(bk as usize)
                        .into_iter()
                        .any(|m| m != line && rest.iter().all(|&c| m.contains(c)));
                    if one_line {
                        let (i, j) = (b.node(d, inside), b.node(d, rest));
                        b.link(i, j);
                    }
                }
            }
        }
        // layers: components of the strong links, two-coloured
        let n = b.nodes.len();
        let mut tag: Vec<Option<(usize, u8)>> = vec![None; n];
        let (mut layers, mut conflicts) = (0, 0);
        for start in 0..n {
            if tag[start].is_some() || b.strong[start].is_empty() {
                continue;
            }
            let layer = layers;
            layers += 1;
            tag[start] = Some((layer, 0));
            let mut queue = VecDeque::from([start]);
            let mut conflict = false;
            while let Some(x) = queue.pop_front() {
                let (_, p) = tag[x].expect("tagged");
                for &y in &b.strong[x] {
                    match tag[y] {
                        None => {
                            tag[y] = Some((layer, 1 - p));
                            queue.push_back(y);
                        }
                        Some((_, q)) if q == p => conflict = true,
                        _ => {}
                    }
                }
            }
            conflicts += usize::from(conflict);
        }
        let mut candidate_node = vec![None; 729];
        for (i, n) in b.nodes.iter().enumerate() {
            if let [cell] = n.cells[..] {
                candidate_node[Candidate::new(cell, n.digit).index()] = Some(i);
            }
        }
        Tagging {
            nodes: b.nodes,
            strong: b.strong,
            tag,
            layers,
            conflicts,
            candidate_node,
        }
    }

    /// A shortest path of strong links from `a` to `b` (same layer).
    fn layer_path(&self, a: usize, b: usize) -> Vec<usize> {
        let mut parent = vec![usize::MAX; self.nodes.len()];
        parent[a] = a;
        let mut queue = VecDeque::from([a]);
        while let Some(x) = queue.pop_front() {
            if x == b {
                break;
            }
            for &y in &self.strong[x] {
                if parent[y] == usize::MAX {
                    parent[y] = x;
                    queue.push_back(y);
                }
            }
        }
        let mut path = vec![b];
        let mut x = b;
        while x != a {
            x = parent[x];
            path.push(x);
        }
        path.reverse();
        path
    }

    /// Every strong link, once, as a pair of node indices.
    pub fn strong_links(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.strong
            .iter()
            .enumerate()
            .flat_map(|(a, ns)| ns.iter().filter(move |&&b| a < b).map(move |&b| (a, b)))
    }

    /// The layer of a candidate and whether its tag is the upper-case one.
    pub fn candidate_layer(&self, c: Candidate) -> Option<(usize, bool)> {
        let node = self.candidate_node[c.index()]?;
        self.tag[node].map(|(l, p)| (l, p == 0))
    }

    /// The tag of a candidate (`A`, `b`…), if it is in a layer.
    pub fn candidate_tag(&self, c: Candidate) -> Option<String> {
        let node = self.candidate_node[c.index()]?;
        self.tag[node].map(|(l, p)| tag_name(l, p))
    }

    /// The layers as plain data (for the pictures and the layers graph).
    pub fn layers_view(&self) -> TagLayers {
        TagLayers {
            nodes: self.nodes.clone(),
            tags: self.tag.clone(),
            strong_links: self.strong_links().collect(),
            layers: self.layers,
        }
    }

    fn literal(&self, node: usize) -> Option<usize> {
        self.tag[node].map(|(l, p)| l * 2 + p as usize)
    }
}

/// What `t` true makes false: the candidate's cell-mates and its digit's peers (for a
/// candidate node), or for a group the digit's candidates seeing all its cells.
pub(crate) fn killers(links: &LinkIndex, n: &AicNode) -> CandidateSet {
    // the nrc-linked candidates of every candidate of the node: for one candidate its
    // cell-mates and peers, for a group the digit's candidates seeing all its cells
    let mut cands = n.cells.iter().map(|&c| Candidate::new(c, n.digit));
    let first = cands.next().expect("a node has a cell");
    let mut out = *links.linked(first);
    for c in cands {
        out = out.intersection(links.linked(c));
    }
    out
}

/// One step of a tag implication: from literal `from` (through its node `x`) weakly to
/// node `y`, whose literal is the complement of the next.
#[derive(Clone, Copy)]
struct Step {
    from: usize,
    x: usize,
    y: usize,
}

/// Every level-1 clearing of the state, one chain per target (the shortest found).
pub fn level1(links: &LinkIndex) -> Vec<Proof> {
    let t = Tagging::new(links);
    if t.conflicts > 0 {
        return vec![]; // an invalid state: no clearing is sound to report
    }
    let literals = t.layers * 2;
    let members = literal_members(&t, literals);
    let implies = weak_implications(&t, literals);
    let kill: Vec<CandidateSet> = t.nodes.iter().map(|n| killers(links, n)).collect();
    let literal_kill = literal_kills(&members, &kill);
    let mut best = Best(vec![None; 729]);
    for start in 0..literals {
        let reached = Reached::from(&implies, start);
        // OR {not start, V} for every reached V (and the layer's own OR at start itself)
        let not_start = start ^ 1;
        for v in (0..literals).filter(|&v| reached.seen[v]) {
            if v == not_start {
                offer_loop_clearings(&t, &members, &reached, &mut best);
                continue;
            }
            if literal_kill[not_start]
                .intersection(&literal_kill[v])
                .is_empty()
            {
                continue;
            }
            offer_ends_clearings(&t, &members, &kill, &reached, v, &mut best);
        }
    }
    best.sorted()
}

/// The tagged nodes of each literal (layer × 2 + parity).
fn literal_members(t: &Tagging, literals: usize) -> Vec<Vec<usize>> {
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); literals];
    for (i, _) in t.nodes.iter().enumerate() {
        if let Some(l) = t.literal(i) {
            members[l].push(i);
        }
    }
    members
}

/// The weak links between tagged nodes as implications between literals: literal(x) ⇒ not
/// literal(y), and the converse, each with its step (the layer's own strong relation left
/// out).
fn weak_implications(t: &Tagging, literals: usize) -> Vec<Vec<(usize, Step)>> {
    let tagged: Vec<usize> = (0..t.nodes.len()).filter(|&i| t.tag[i].is_some()).collect();
    let mut implies: Vec<Vec<(usize, Step)>> = vec![Vec::new(); literals];
    // per node: its cells and the houses holding all of them, as masks
    let cells_of = |i: usize| {
        t.nodes[i]
            .cells
            .iter()
            .fold(0u128, |m, c| m | 1 << c.index())
    };
    let houses_of = |i: usize| {
        House::all()
            .filter(|h| t.nodes[i].cells.iter().all(|&c| h.contains(c)))
            .fold(0u32, |m, h| m | 1 << h.index())
    };
    let mut masks: Vec<(u128, u32)> = vec![(0, 0); t.nodes.len()];
    for &i in &tagged {
        masks[i] = (cells_of(i), houses_of(i));
    }
    let fast_weak = |x: usize, y: usize| {
        let (a, b) = (&t.nodes[x], &t.nodes[y]);
        let ((cx, hx), (cy, hy)) = (masks[x], masks[y]);
        if a.digit != b.digit {
            return cx == cy && a.cells.len() == 1;
        }
        cx & cy == 0 && hx & hy != 0
    };
    for (k, &x) in tagged.iter().enumerate() {
        for &y in &tagged[k + 1..] {
            if !fast_weak(x, y) {
                continue;
            }
            debug_assert!(weak(&t.nodes[x], &t.nodes[y]));
            let (lx, ly) = (t.literal(x).unwrap(), t.literal(y).unwrap());
            if lx == ly ^ 1 {
                continue; // the layer's own strong relation
            }
            implies[lx].push((ly ^ 1, Step { from: lx, x, y }));
            implies[ly].push((
                lx ^ 1,
                Step {
                    from: ly,
                    x: y,
                    y: x,
                },
            ));
        }
    }
    implies
}

/// What each literal's groups make false, together (a first filter for the ORs).
fn literal_kills(members: &[Vec<usize>], kill: &[CandidateSet]) -> Vec<CandidateSet> {
    members
        .iter()
        .map(|ms| {
            ms.iter().fold(CandidateSet::EMPTY, |mut u, &i| {
                u.union_with(&kill[i]);
                u
            })
        })
        .collect()
}

/// The shortest proof per target (the first found of that length).
struct Best(Vec<Option<Proof>>);

impl Best {
    /// Keep the proof `build` makes for `target` when it is shorter than the one kept (a
    /// proof is built only when it would be kept).
    fn offer(&mut self, target: Candidate, length: usize, build: impl FnOnce() -> Proof) {
        let kept = &mut self.0[target.index()];
        if kept.as_ref().is_none_or(|q| q.length > length) {
            let p = build();
            debug_assert_eq!(p.length, length);
            *kept = Some(p);
        }
    }

    /// The proofs kept, shortest first, then by their eliminations.
    fn sorted(self) -> Vec<Proof> {
        let mut out: Vec<Proof> = self.0.into_iter().flatten().collect();
        out.sort_by(|a, b| {
            a.length
                .cmp(&b.length)
                .then(a.eliminations.cmp(&b.eliminations))
        });
        out
    }
}

/// The literals a breadth-first search over the implications reaches from `start`, with
/// the step each was reached by.
struct Reached {
    start: usize,
    parent: Vec<Option<Step>>,
    seen: Vec<bool>,
}

impl Reached {
    fn from(implies: &[Vec<(usize, Step)>], start: usize) -> Reached {
        let literals = implies.len();
        let mut parent: Vec<Option<Step>> = vec![None; literals];
        let mut seen = vec![false; literals];
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        while let Some(l) = queue.pop_front() {
            for &(m, step) in &implies[l] {
                if !seen[m] {
                    seen[m] = true;
                    parent[m] = Some(step);
                    queue.push_back(m);
                }
            }
        }
        Reached {
            start,
            parent,
            seen,
        }
    }

    /// The steps from the start to the reached literal `m`, in order.
    fn steps_to(&self, m: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut l = m;
        while l != self.start {
            let s = self.parent[l].expect("reached");
            steps.push(s);
            l = s.from;
        }
        steps.reverse();
        steps
    }
}

/// A conflicting loop (the start's complement reached from the start): every group of the
/// start literal is false, each of its candidates cleared.
fn offer_loop_clearings(t: &Tagging, members: &[Vec<usize>], reached: &Reached, best: &mut Best) {
    let (start, v) = (reached.start, reached.start ^ 1);
    for &x in &members[start] {
        let chain = conflict_chain(t, x, &reached.steps_to(v));
        for c in t.nodes[x]
            .cells
            .iter()
            .map(|&c| Candidate::new(c, t.nodes[x].digit))
        {
            best.offer(c, chain.len(), || {
                aic_proof(
                    t,
                    chain.clone(),
                    AicConclusion::Loop,
                    vec![c],
                    tags_text(t, start, &reached.steps_to(v)),
                )
            });
        }
    }
}

/// The OR {not start, V} for the reached literal `v`: a candidate that a group of each
/// makes false is cleared (unless it is on the chain).
fn offer_ends_clearings(
    t: &Tagging,
    members: &[Vec<usize>],
    kill: &[CandidateSet],
    reached: &Reached,
    v: usize,
    best: &mut Best,
) {
    let (start, not_start) = (reached.start, reached.start ^ 1);
    let steps = reached.steps_to(v);
    for &w in &members[not_start] {
        for &z in &members[v] {
            let both = kill[w].intersection(&kill[z]);
            if both.is_empty() {
                continue;
            }
            let Some(chain) = ends_chain(t, w, &steps, z) else {
                continue;
            };
            for target in both.iter() {
                let on_chain = chain.iter().any(|&i| {
                    t.nodes[i].digit == target.digit() && t.nodes[i].cells.contains(&target.cell())
                });
                if !on_chain {
                    best.offer(target, chain.len() - 1, || {
                        aic_proof(
                            t,
                            chain.clone(),
                            AicConclusion::Ends,
                            vec![target],
                            tags_text(t, start, &steps),
                        )
                    });
                }
            }
        }
    }
}

/// `[] AB bC`: the weak links of the implication path as tag pairs.
fn tags_text(t: &Tagging, start: usize, steps: &[Step]) -> String {
    let pairs: Vec<(usize, usize)> = steps
        .iter()
        .map(|s| (s.from, t.literal(s.y).expect("a tagged node")))
        .collect();
    tag_chain_text(start, &pairs)
}

/// The node chain of an implication path: from `first` (a node of the start literal),
/// each step's weak link and the layer path from the linked node to the node the next
/// step leaves from (or to `last`).
fn walk(t: &Tagging, first: usize, steps: &[Step], last: usize) -> Vec<usize> {
    let mut chain = Vec::new();
    let mut at = first;
    for s in steps {
        // within the current layer, from `at` to the step's own node (same literal)
        chain.extend(t.layer_path(at, s.x));
        at = s.y;
    }
    chain.extend(t.layer_path(at, last));
    chain
}

/// `W = … = X0 - Y1 = … = Z`: one of W (not start) and Z (V) is true.
fn ends_chain(t: &Tagging, w: usize, steps: &[Step], z: usize) -> Option<Vec<usize>> {
    let chain = walk(t, w, steps, z);
    // a node may not repeat (the layer paths of two steps may cross)
    let mut sorted = chain.clone();
    sorted.sort();
    sorted.dedup();
    (sorted.len() == chain.len() && chain.len() >= 2).then_some(chain)
}

/// `X - Y1 = … = Z - … - X`: X true forces its complement; the chain closes on X.
fn conflict_chain(t: &Tagging, x: usize, steps: &[Step]) -> Vec<usize> {
    // from x (literal start) along the steps to a node of literal not-start, then back
    // through the layer to x: the last link into x is weak
    let mut chain = walk(t, x, steps, x);
    chain.pop(); // x itself closes the loop
    chain
}

fn aic_proof(
    t: &Tagging,
    chain: Vec<usize>,
    conclusion: AicConclusion,
    elims: Vec<Candidate>,
    tags: String,
) -> Proof {
    let pattern = AicPattern {
        nodes: chain.iter().map(|&i| t.nodes[i].clone()).collect(),
        conclusion,
        technique: "tag1".to_string(),
        tags: Some(tags),
        als_links: vec![],
    };
    Proof::new(Pattern::Aic(Box::new(pattern)), elims, vec![])
}
