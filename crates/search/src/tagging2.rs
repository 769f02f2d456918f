//! gpenet's full tagging, level 2 ([gpenet tagging]): level 1's groups and strong links, and beside
//! them every **almost-locked set** of a house (N cells, N+1 digits, up to
//! [`MAX_ALS_CELLS`] cells) with its **almost cell** (AC, the house's other cells): for each
//! digit `d` of the ALS `A` in house `H`, `d(A)` and `d(H\A)` are a strong link (unless
//! `d(H\A)` is empty: `d` is compulsory in the ALS). Layers are the connected sets of all
//! these strong links, each with a tag pair; the seed's row
//! `r6||12467 125 4567 |_ _ 45 |4567 _ 12467` gives the ALS `r6c367` {4567} and the AC
//! `r6c129`, tagged `{4b 5c 6d 7e}` and `{4B 5C 6D 7E}`.
//!
//! **Choices** (exactly one member true): a cell's candidates, a digit's groups in a house
//! covering all its places, an AC's digits. The clearing is the seed's level-2 processing
//! read as propagation over tags: assume a candidate (its tag) true and follow
//! - the alternate chains (a true group makes false every group weakly linked to it; a
//!   false group makes its layer partner true),
//! - the choices (all members false but one: the last is true — the forced tag; a member
//!   true: the others false — saturation and subsets follow: a choice's members forced
//!   false by a tag make that tag false),
//! - the ALS/AC links (one ALS digit false in it: its other digits are in it; N of them in
//!   it: the last is not, its AC group is true),
//! - and the **merges** of tags proven equal (`c ⇒ d` and `d ⇒ c`, which covers both of
//!   the seed's rules: choices `{X c}` `{X d}`, and a choice `{a b c}` with `a`, `b` weakly
//!   linked to `d` and `c` to `D`), each kept as two lemmas so that its contrapositive
//!   `¬c ⇒ ¬d` can be used too.
//!
//! A contradiction (a group true and false, or a cell or a digit in a house with no place
//! left) clears the assumed candidate. The proof ([`sudolink_engine::proof::tagging`]) holds the
//! inferences the contradiction needs, traced back, and the merges' derivations as lemma
//! branches; `proof::check` replays it from the state.
//!
//! **Complexity**: the ALS enumeration visits every subset of up to [`MAX_ALS_CELLS`]
//! unsolved cells of each house (at most 255 per house); one propagation per open
//! candidate (and, for merges, two per layer), each linear in the inferences it makes
//! (each node is set once). Each clearing is the first contradiction found breadth-first,
//! so its refutation is a shortest one in inference rounds, not necessarily in
//! inferences.

use super::tagging::{intern_node, killers, link_strongly, Tagging};
use std::collections::{HashMap, HashSet, VecDeque};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, CspVariable, Digit, House};
use sudolink_engine::proof::aic::AicNode;
use sudolink_engine::proof::tagging::tag_name;
use sudolink_engine::proof::tagging::{
    TagBranch, TagChoice, TagContradiction, TagLink, TagLiteral, TagNode, TagPattern, TagStep,
};
use sudolink_engine::proof::{Pattern, Proof};

/// The largest ALS (cells) level 2 tags.
pub const MAX_ALS_CELLS: usize = 4;

/// The most merges (tag equalities) kept per state.
pub const MAX_MERGES: usize = 400;

pub(crate) struct AlsEntry {
    pub(crate) house: House,
    pub(crate) cells: Vec<Cell>,
    /// Per digit of the ALS: the node of its places in the ALS.
    pub(crate) inside: Vec<usize>,
    /// Per digit of the ALS: the node of its places in the almost cell (none when the
    /// digit is compulsory in the ALS).
    pub(crate) ac: Vec<Option<usize>>,
}

/// The level-2 tagged state.
pub struct Level2 {
    pub nodes: Vec<AicNode>,
    sets: Vec<CandidateSet>,
    index: HashMap<AicNode, usize>,
    strong: Vec<Vec<usize>>,
    /// Layer and parity of each node in a strong link.
    pub tag: Vec<Option<(usize, u8)>>,
    pub layers: usize,
    /// Layers with an odd cycle of strong links (an invalid state).
    pub conflicts: usize,
    /// Level 1's layer count (groups and bivalue cells only).
    pub level1_layers: usize,
    /// ALS (with their almost cells) tagged.
    pub als_count: usize,
    pub(crate) als: Vec<AlsEntry>,
    /// Per node: (ALS, digit position) where it is the ALS's places of that digit.
    als_of: Vec<Vec<(usize, usize)>>,
    /// Per candidate: its node.
    pub(crate) cand_node: Vec<usize>,
    /// Per candidate: the groups (2+ candidates) holding it.
    cand_groups: Vec<Vec<usize>>,
    /// Per candidate: the groups whose first candidate it is.
    first_groups: Vec<Vec<usize>>,
    /// Per node: the nodes its truth makes false (weakly linked: each candidate it
    /// kills, then each group whose first candidate that is and which it kills whole), in
    /// the order propagation sets them.
    weak_targets: Vec<Vec<u32>>,
    /// Per node of 2+ candidates: its candidates' nodes, in candidate order.
    group_members: Vec<Vec<u32>>,
    /// Per CSP variable (by index): its open candidates with their nodes, in candidate
    /// order.
    var_members: Vec<Vec<(Candidate, u32)>>,
}

impl Level2 {
    /// Tag the state at level 2.
    pub fn new(links: &LinkIndex) -> Level2 {
        let t1 = Tagging::new(links);
        let mut l = Level2 {
            nodes: Vec::new(),
            sets: Vec::new(),
            index: HashMap::new(),
            strong: Vec::new(),
            tag: Vec::new(),
            layers: 0,
            conflicts: 0,
            level1_layers: t1.layers,
            als_count: 0,
            als: Vec::new(),
            als_of: Vec::new(),
            cand_node: vec![usize::MAX; 729],
            cand_groups: vec![Vec::new(); 729],
            first_groups: vec![Vec::new(); 729],
            weak_targets: Vec::new(),
            group_members: Vec::new(),
            var_members: Vec::new(),
        };
        for n in &t1.nodes {
            l.node(n.digit, n.cells.clone());
        }
        for (a, b) in t1.strong_links() {
            l.link(a, b);
        }
        for c in links.open().iter() {
            l.node(c.digit(), vec![c.cell()]);
        }
        l.add_als(links);
        l.colour();
        for (i, n) in l.nodes.iter().enumerate() {
            let mut cs = n.cells.iter().map(|&c| Candidate::new(c, n.digit));
            let first = cs.next().expect("a node has a cell");
            if n.cells.len() == 1 {
                l.cand_node[first.index()] = i;
            } else {
                l.first_groups[first.index()].push(i);
                for c in std::iter::once(first).chain(cs) {
                    l.cand_groups[c.index()].push(i);
                }
            }
        }
        l.weak_targets = (0..l.nodes.len())
            .map(|x| l.weak_targets_of(x, &killers(links, &l.nodes[x])))
            .collect();
        l.group_members = (0..l.nodes.len())
            .map(|x| {
                if l.nodes[x].cells.len() == 1 {
                    return Vec::new();
                }
                l.sets[x]
                    .iter()
                    .map(|c| l.cand_node[c.index()] as u32)
                    .collect()
            })
            .collect();
        l.var_members = CspVariable::all()
            .map(|v| {
                links
                    .variable(v)
                    .iter()
                    .map(|c| (c, l.cand_node[c.index()] as u32))
                    .collect()
            })
            .collect();
        l
    }

    /// The nodes node `x` (killing `kill`) makes false, in propagation order.
    fn weak_targets_of(&self, x: usize, kill: &CandidateSet) -> Vec<u32> {
        let mut out = Vec::new();
        for c in kill.iter() {
            let s = self.cand_node[c.index()];
            if s != usize::MAX && s != x {
                out.push(s as u32);
            }
            for &y in &self.first_groups[c.index()] {
                if y != x && self.sets[y].is_subset(kill) {
                    out.push(y as u32);
                }
            }
        }
        out
    }

    fn node(&mut self, digit: Digit, cells: Vec<Cell>) -> usize {
        let (i, new) = intern_node(&mut self.nodes, &mut self.index, digit, cells);
        if new {
            let n = &self.nodes[i];
            self.sets.push(CandidateSet::from_candidates(
                n.cells.iter().map(|&c| Candidate::new(c, digit)),
            ));
            self.strong.push(Vec::new());
            self.als_of.push(Vec::new());
        }
        i
    }

    fn link(&mut self, a: usize, b: usize) {
        link_strongly(&mut self.strong, a, b);
    }

    fn add_als(&mut self, links: &LinkIndex) {
        for house in House::all() {
            let open: Vec<Cell> = house
                .cells()
                .into_iter()
                .filter(|&c| !links.variable(CspVariable::Rc(c)).is_empty())
                .collect();
            let digits_of = |c: Cell| {
                links
                    .variable(CspVariable::Rc(c))
                    .iter()
                    .fold(0u16, |m, x| m | 1 << x.digit().index())
            };
            let n = open.len();
            for mask in 1u32..(1 << n) {
                let size = mask.count_ones() as usize;
                if size > MAX_ALS_CELLS || size >= n {
                    continue;
                }
                let cells: Vec<Cell> = (0..n)
                    .filter(|i| mask & 1 << i != 0)
                    .map(|i| open[i])
                    .collect();
                let digits = cells.iter().fold(0u16, |m, &c| m | digits_of(c));
                if digits.count_ones() as usize != size + 1 {
                    continue;
                }
                let mut inside = Vec::new();
                let mut ac_nodes = Vec::new();
                for d in Digit::all().filter(|d| digits & 1 << d.index() != 0) {
                    let places: Vec<Cell> = house
                        .cells()
                        .into_iter()
                        .filter(|&c| links.open().contains(Candidate::new(c, d)))
                        .collect();
                    let (a, ac): (Vec<Cell>, Vec<Cell>) =
                        places.into_iter().partition(|c| cells.contains(c));
                    let na = self.node(d, a);
                    inside.push(na);
                    if ac.is_empty() {
                        ac_nodes.push(None);
                    } else {
                        let nc = self.node(d, ac);
                        self.link(na, nc);
                        ac_nodes.push(Some(nc));
                    }
                }
                let k = self.als.len();
                for (pos, &na) in inside.iter().enumerate() {
                    self.als_of[na].push((k, pos));
                }
                self.als.push(AlsEntry {
                    house,
                    cells,
                    inside,
                    ac: ac_nodes,
                });
            }
        }
        self.als_count = self.als.len();
    }

    fn colour(&mut self) {
        let n = self.nodes.len();
        self.tag = vec![None; n];
        for start in 0..n {
            if self.tag[start].is_some() || self.strong[start].is_empty() {
                continue;
            }
            let layer = self.layers;
            self.layers += 1;
            self.tag[start] = Some((layer, 0));
            let mut queue = VecDeque::from([start]);
            let mut conflict = false;
            while let Some(x) = queue.pop_front() {
                let (_, p) = self.tag[x].expect("tagged");
                for k in 0..self.strong[x].len() {
                    let y = self.strong[x][k];
                    match self.tag[y] {
                        None => {
                            self.tag[y] = Some((layer, 1 - p));
                            queue.push_back(y);
                        }
                        Some((_, q)) if q == p => conflict = true,
                        _ => {}
                    }
                }
            }
            self.conflicts += usize::from(conflict);
        }
    }

    /// The tag of a node (`A`, `b`, `£c`…).
    pub fn node_tag(&self, i: usize) -> Option<String> {
        self.tag[i].map(|(l, p)| tag_name(l, p))
    }

    /// The tag of each candidate (`A`, `b`…): its own node's, ALS/AC layers included.
    pub fn candidate_tag(&self, c: Candidate) -> Option<String> {
        self.node_tag(self.cand_node[c.index()])
    }

    /// Tags (two per layer).
    pub fn tags(&self) -> usize {
        self.layers * 2
    }
}

/// A derivation: premises, conclusion, link.
#[derive(Clone)]
pub(crate) struct Derived {
    premises: Vec<(usize, bool)>,
    conclusion: (usize, bool),
    link: TagLink,
}

/// The lemma edges leaving each node literal (indexed by `node * 2 + value`).
#[derive(Clone, Default)]
pub(crate) struct LemmaEdges {
    by_literal: Vec<Vec<LemmaEdge>>,
}

impl LemmaEdges {
    pub(crate) fn new() -> LemmaEdges {
        LemmaEdges::default()
    }

    /// The edges leaving a literal, in the order they were added.
    fn of(&self, (n, v): (usize, bool)) -> &[LemmaEdge] {
        self.by_literal
            .get(n * 2 + usize::from(v))
            .map_or(&[], |e| e.as_slice())
    }

    fn push(&mut self, (n, v): (usize, bool), edge: LemmaEdge) {
        let k = n * 2 + usize::from(v);
        if self.by_literal.len() <= k {
            self.by_literal.resize_with(k + 1, Vec::new);
        }
        self.by_literal[k].push(edge);
    }
}

/// A lemma in force: `from ⇒ to` at node level, proven by `lemma` (an index into the
/// state's lemma list), maybe as its contrapositive.
#[derive(Clone, Copy)]
pub(crate) struct LemmaEdge {
    pub(crate) to: (usize, bool),
    pub(crate) lemma: usize,
    pub(crate) contrapositive: bool,
}

/// Add lemma `lemma` (`from ⇒ to`) to the edges: forwards and as its contrapositive.
pub(crate) fn add_lemma_edges(
    edges: &mut LemmaEdges,
    from: (usize, bool),
    to: (usize, bool),
    lemma: usize,
) {
    let flip = |(n, v): (usize, bool)| (n, !v);
    edges.push(
        from,
        LemmaEdge {
            to,
            lemma,
            contrapositive: false,
        },
    );
    edges.push(
        flip(to),
        LemmaEdge {
            to: flip(from),
            lemma,
            contrapositive: true,
        },
    );
}

pub(crate) enum End {
    Both(usize),
    Empty(Option<House>, Option<Cell>, Option<Digit>, Vec<usize>),
}

/// A propagation's link, compact: an ALS by its index (made a [`TagLink`] only when a
/// proof needs the step).
#[derive(Clone, Copy)]
enum StepLink {
    Weak,
    Strong { house: Option<House> },
    Within,
    AlsLock { als: u32 },
    AlsFull { als: u32 },
    Lemma { index: u32, contrapositive: bool },
}

/// A propagation's derivation, compact: its premises are a range of the run's pool.
#[derive(Clone, Copy)]
struct Step {
    premises: (u32, u32),
    conclusion: (u32, bool),
    link: StepLink,
}

/// One propagation from an assumption.
pub(crate) struct Run<'a> {
    l: &'a Level2,
    links: &'a LinkIndex,
    lemma_edges: &'a LemmaEdges,
    /// Per node: 0 unknown, 1 true, 2 false.
    pub(crate) value: Vec<u8>,
    why: Vec<u32>,
    arena: Vec<Step>,
    pool: Vec<(usize, bool)>,
    queue: VecDeque<(usize, bool)>,
    /// Per ALS: its digit positions made true in it.
    present: Vec<u16>,
    /// A variable's false members (kept to spare an allocation per variable).
    scratch: Vec<(usize, bool)>,
    pub(crate) end: Option<End>,
    /// The step that set the opposite value of the contradiction's node.
    clash: Option<u32>,
}

const NONE: u32 = u32::MAX;

impl<'a> Run<'a> {
    pub(crate) fn new(l: &'a Level2, links: &'a LinkIndex, lemma_edges: &'a LemmaEdges) -> Run<'a> {
        Run {
            l,
            links,
            lemma_edges,
            value: vec![0; l.nodes.len()],
            why: vec![NONE; l.nodes.len()],
            arena: Vec::new(),
            pool: Vec::new(),
            queue: VecDeque::new(),
            present: vec![0; l.als.len()],
            scratch: Vec::new(),
            end: None,
            clash: None,
        }
    }

    /// Forget the last propagation, keeping the buffers.
    pub(crate) fn reset(&mut self) {
        self.value.fill(0);
        self.why.fill(NONE);
        self.arena.clear();
        self.pool.clear();
        self.queue.clear();
        self.present.fill(0);
        self.end = None;
        self.clash = None;
    }

    /// Set `node` to `v` from one premise (nothing when it already has that value).
    fn set1(&mut self, node: usize, v: bool, premise: (usize, bool), link: StepLink) {
        self.set(node, v, std::slice::from_ref(&premise), link);
    }

    fn set(&mut self, node: usize, v: bool, premises: &[(usize, bool)], link: StepLink) {
        if self.end.is_some() {
            return;
        }
        let code = if v { 1 } else { 2 };
        if self.value[node] == code {
            return;
        }
        let start = self.pool.len() as u32;
        self.pool.extend_from_slice(premises);
        self.arena.push(Step {
            premises: (start, self.pool.len() as u32),
            conclusion: (node as u32, v),
            link,
        });
        let id = (self.arena.len() - 1) as u32;
        if self.value[node] != 0 {
            self.end = Some(End::Both(node));
            self.clash = Some(id);
            return;
        }
        self.value[node] = code;
        self.why[node] = id;
        self.queue.push_back((node, v));
    }

    fn is_false(&self, node: usize) -> bool {
        self.value[node] == 2
    }

    /// Propagate from `assume`; stops at the first contradiction.
    pub(crate) fn run(&mut self, assume: (usize, bool)) {
        let (n, v) = assume;
        self.value[n] = if v { 1 } else { 2 };
        self.queue.push_back(assume);
        let lemma_edges: &'a LemmaEdges = self.lemma_edges;
        while let Some((x, v)) = self.queue.pop_front() {
            if self.end.is_some() {
                break;
            }
            if v {
                self.on_true(x);
            } else {
                self.on_false(x);
            }
            for e in lemma_edges.of((x, v)) {
                self.set1(
                    e.to.0,
                    e.to.1,
                    (x, v),
                    StepLink::Lemma {
                        index: e.lemma as u32,
                        contrapositive: e.contrapositive,
                    },
                );
            }
        }
    }

    fn on_true(&mut self, x: usize) {
        let l = self.l;
        for &y in &l.weak_targets[x] {
            self.set1(y as usize, false, (x, true), StepLink::Weak);
        }
        if l.nodes[x].cells.len() == 1 {
            let c = Candidate::new(l.nodes[x].cells[0], l.nodes[x].digit);
            for &y in &l.cand_groups[c.index()] {
                self.set1(y, true, (x, true), StepLink::Within);
            }
        }
        for &(a, pos) in &l.als_of[x] {
            let e = &l.als[a];
            self.present[a] |= 1 << pos;
            let m = self.present[a];
            if m.count_ones() as usize == e.cells.len() {
                let last = (0..e.inside.len())
                    .find(|p| m & 1 << p == 0)
                    .expect("one digit left");
                let premises: Vec<(usize, bool)> = (0..e.inside.len())
                    .filter(|p| m & 1 << p != 0)
                    .map(|p| (e.inside[p], true))
                    .collect();
                self.set(
                    e.inside[last],
                    false,
                    &premises,
                    StepLink::AlsFull { als: a as u32 },
                );
            }
        }
    }

    fn on_false(&mut self, x: usize) {
        let l = self.l;
        if l.nodes[x].cells.len() > 1 {
            for &s in &l.group_members[x] {
                self.set1(s as usize, false, (x, false), StepLink::Within);
            }
        } else {
            let c = Candidate::new(l.nodes[x].cells[0], l.nodes[x].digit);
            for v in c.variables() {
                self.variable(v);
            }
            for &y in &l.cand_groups[c.index()] {
                if !self.is_false(y)
                    && l.group_members[y]
                        .iter()
                        .all(|&m| self.is_false(m as usize))
                {
                    let premises: Vec<(usize, bool)> = l.group_members[y]
                        .iter()
                        .map(|&m| (m as usize, false))
                        .collect();
                    self.set(y, false, &premises, StepLink::Within);
                }
            }
        }
        for &(a, pos) in &l.als_of[x] {
            let e = &l.als[a];
            for (p, &na) in e.inside.iter().enumerate() {
                if p != pos {
                    self.set1(na, true, (x, false), StepLink::AlsLock { als: a as u32 });
                }
            }
        }
    }

    /// A variable with a candidate just made false: its last member is true, or it is empty.
    fn variable(&mut self, v: CspVariable) {
        let l = self.l;
        if self.links.is_decided(v) {
            return;
        }
        let members = &l.var_members[v.index()];
        let mut premises = std::mem::take(&mut self.scratch);
        premises.clear();
        let mut live = 0;
        let mut last_live = usize::MAX;
        for &(_, s) in members {
            let s = s as usize;
            if self.is_false(s) {
                premises.push((s, false));
            } else {
                live += 1;
                last_live = s;
            }
        }
        let house = match v {
            CspVariable::Rc(_) => None,
            CspVariable::Rn(r, _) => Some(House::Row(r)),
            CspVariable::Cn(c, _) => Some(House::Column(c)),
            CspVariable::Bn(b, _) => Some(House::Block(b)),
        };
        if live == 0 {
            if self.end.is_none() {
                let (cell, digit) = match v {
                    CspVariable::Rc(c) => (Some(c), None),
                    CspVariable::Rn(_, d) | CspVariable::Cn(_, d) | CspVariable::Bn(_, d) => {
                        (None, Some(d))
                    }
                };
                let nodes = premises.iter().map(|p| p.0).collect();
                self.end = Some(End::Empty(house, cell, digit, nodes));
            }
            self.scratch = premises;
            return;
        }
        let target = if live == 1 {
            Some(last_live)
        } else if house.is_some() {
            let mut rest = CandidateSet::EMPTY;
            for &(c, s) in members {
                if !self.is_false(s as usize) {
                    rest.insert(c);
                }
            }
            let first = rest.first().expect("some");
            l.first_groups[first.index()]
                .iter()
                .copied()
                .find(|&g| l.sets[g] == rest)
        } else {
            None
        };
        if let Some(t) = target {
            self.set(t, true, &premises, StepLink::Strong { house });
        }
        self.scratch = premises;
    }

    /// A step as a proof names it.
    fn derived(&self, s: &Step) -> Derived {
        let l = self.l;
        let als = |a: u32| &l.als[a as usize];
        Derived {
            premises: self.pool[s.premises.0 as usize..s.premises.1 as usize].to_vec(),
            conclusion: (s.conclusion.0 as usize, s.conclusion.1),
            link: match s.link {
                StepLink::Weak => TagLink::Weak,
                StepLink::Strong { house } => TagLink::Strong { house },
                StepLink::Within => TagLink::Within,
                StepLink::AlsLock { als: a } => TagLink::AlsLock {
                    house: als(a).house,
                    cells: als(a).cells.clone(),
                },
                StepLink::AlsFull { als: a } => TagLink::AlsFull {
                    house: als(a).house,
                    cells: als(a).cells.clone(),
                },
                StepLink::Lemma {
                    index,
                    contrapositive,
                } => TagLink::Lemma {
                    index: index as usize,
                    contrapositive,
                },
            },
        }
    }

    /// The derivations a contradiction needs, in derivation order.
    pub(crate) fn trace(&self, extra: &[u32]) -> Vec<Derived> {
        let mut need = vec![false; self.arena.len()];
        let mut stack: Vec<u32> = extra.to_vec();
        while let Some(id) = stack.pop() {
            if id == NONE || need[id as usize] {
                continue;
            }
            need[id as usize] = true;
            let s = &self.arena[id as usize];
            for &(n, _) in &self.pool[s.premises.0 as usize..s.premises.1 as usize] {
                stack.push(self.why[n]);
            }
        }
        (0..self.arena.len())
            .filter(|&i| need[i])
            .map(|i| self.derived(&self.arena[i]))
            .collect()
    }

    /// The derivation of `node`'s value (the assumption has none).
    pub(crate) fn why_of(&self, node: usize) -> u32 {
        self.why[node]
    }
}

/// A lemma: `from ⇒ to`, and its derivation.
pub(crate) struct Lemma {
    pub(crate) from: (usize, bool),
    pub(crate) body: LemmaBody,
}

/// How a lemma is derived.
pub(crate) enum LemmaBody {
    /// One propagation from `from` (a merge's half).
    Steps(Vec<Derived>),
    /// Level 3's extended weak link: every member of a choice forces `from` false or
    /// `to`; each member's propagation is rebuilt when a proof uses the lemma, with the
    /// lemmas before `before` (those in force when the link was found).
    Choice {
        choice: TagChoice,
        members: Vec<usize>,
        to: (usize, bool),
        before: usize,
    },
}

/// Builds the proof's node table as the derivations name nodes.
struct ProofNodes<'a> {
    l: &'a Level2,
    map: HashMap<usize, usize>,
    nodes: Vec<TagNode>,
}

impl ProofNodes<'_> {
    fn id(&mut self, n: usize) -> usize {
        if let Some(&i) = self.map.get(&n) {
            return i;
        }
        let a = &self.l.nodes[n];
        self.nodes.push(TagNode {
            digit: a.digit,
            cells: a.cells.clone(),
        });
        self.map.insert(n, self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    fn lit(&mut self, (n, v): (usize, bool)) -> TagLiteral {
        TagLiteral {
            node: self.id(n),
            value: v,
        }
    }

    fn branch(
        &mut self,
        assume: (usize, bool),
        steps: &[Derived],
        renumber: &HashMap<usize, usize>,
    ) -> TagBranch {
        TagBranch {
            assumption: self.lit(assume),
            steps: steps
                .iter()
                .map(|d| TagStep {
                    premises: d.premises.iter().map(|&p| self.lit(p)).collect(),
                    conclusion: self.lit(d.conclusion),
                    link: match &d.link {
                        TagLink::Lemma {
                            index,
                            contrapositive,
                        } => TagLink::Lemma {
                            index: renumber[index],
                            contrapositive: *contrapositive,
                        },
                        other => other.clone(),
                    },
                })
                .collect(),
        }
    }
}

/// What a lemma proves: `from ⇒ to`.
fn lemma_to(lemma: &Lemma) -> (usize, bool) {
    match &lemma.body {
        LemmaBody::Steps(steps) => steps.last().expect("a lemma derives something").conclusion,
        LemmaBody::Choice { to, .. } => *to,
    }
}

/// The edges of the first `count` lemmas.
pub(crate) fn edges_of(lemmas: &[Lemma], count: usize) -> LemmaEdges {
    let mut edges = LemmaEdges::new();
    for (i, lemma) in lemmas[..count].iter().enumerate() {
        add_lemma_edges(&mut edges, lemma.from, lemma_to(lemma), i);
    }
    edges
}

/// A lemma's derivations as a proof needs them.
enum LemmaTrace {
    Steps(Vec<Derived>),
    /// Per member of the choice: its propagation to `¬from` or `to`.
    Choice(Vec<(usize, Vec<Derived>)>),
}

impl LemmaTrace {
    fn derivations(&self) -> Box<dyn Iterator<Item = &Derived> + '_> {
        match self {
            LemmaTrace::Steps(s) => Box::new(s.iter()),
            LemmaTrace::Choice(m) => Box::new(m.iter().flat_map(|(_, s)| s.iter())),
        }
    }
}

/// The lemmas named by derivations.
fn lemmas_named<'a>(steps: impl Iterator<Item = &'a Derived>) -> Vec<usize> {
    steps
        .filter_map(|d| match d.link {
            TagLink::Lemma { index, .. } => Some(index),
            _ => None,
        })
        .collect()
}

/// The lemmas' traces built so far (a lemma's trace does not depend on the proof using it,
/// so the refutations of one state share them), with the edges in force before each
/// extension pass.
#[derive(Default)]
pub(crate) struct LemmaTraces {
    traces: HashMap<usize, LemmaTrace>,
    edges_before: HashMap<usize, LemmaEdges>,
}

impl LemmaTraces {
    /// Every lemma `first` needs, transitively (a choice lemma's members may use earlier
    /// lemmas), in index order; their traces are built as needed.
    fn needed(
        &mut self,
        l: &Level2,
        links: &LinkIndex,
        lemmas: &[Lemma],
        first: Vec<usize>,
    ) -> Vec<usize> {
        let mut used: Vec<usize> = Vec::new();
        let mut stack = first;
        while let Some(i) = stack.pop() {
            if used.contains(&i) {
                continue;
            }
            used.push(i);
            if !self.traces.contains_key(&i) {
                let trace = self.build(l, links, lemmas, i);
                self.traces.insert(i, trace);
            }
            stack.extend(lemmas_named(self.traces[&i].derivations()));
        }
        used.sort();
        used
    }

    fn build(&mut self, l: &Level2, links: &LinkIndex, lemmas: &[Lemma], i: usize) -> LemmaTrace {
        let lemma = &lemmas[i];
        match &lemma.body {
            LemmaBody::Steps(steps) => LemmaTrace::Steps(steps.clone()),
            LemmaBody::Choice {
                members,
                to,
                before,
                ..
            } => {
                let edges = self
                    .edges_before
                    .entry(*before)
                    .or_insert_with(|| edges_of(lemmas, *before));
                let not_from = (lemma.from.0, !lemma.from.1);
                let mut run = Run::new(l, links, edges);
                let per_member = members
                    .iter()
                    .map(|&m| {
                        run.reset();
                        run.run((m, true));
                        let reached = |(n, v): (usize, bool)| run.value[n] == if v { 1 } else { 2 };
                        let goal = if reached(not_from) { not_from } else { *to };
                        assert!(reached(goal), "a choice member forces one end");
                        let steps = run.trace(&[run.why_of(goal.0)]);
                        (m, steps)
                    })
                    .collect();
                LemmaTrace::Choice(per_member)
            }
        }
    }
}

/// The refutation of `target` from one run, with the lemmas it uses.
fn refutation(
    run: &Run,
    l: &Level2,
    links: &LinkIndex,
    target: usize,
    lemmas: &[Lemma],
    cache: &mut LemmaTraces,
) -> Proof {
    let (extra, contradiction_node) = match run.end.as_ref().expect("a contradiction") {
        End::Both(n) => (
            vec![run.why_of(*n), run.clash.expect("the clash")],
            Some(*n),
        ),
        End::Empty(_, _, _, nodes) => (nodes.iter().map(|&n| run.why_of(n)).collect(), None),
    };
    let steps = run.trace(&extra);
    let used = cache.needed(l, links, lemmas, lemmas_named(steps.iter()));
    let traces = &cache.traces;
    let renumber: HashMap<usize, usize> = used.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let mut pn = ProofNodes {
        l,
        map: HashMap::new(),
        nodes: Vec::new(),
    };
    let mut branches = Vec::new();
    for &i in &used {
        let lemma = &lemmas[i];
        let branch = match (&traces[&i], &lemma.body) {
            (LemmaTrace::Steps(s), _) => pn.branch(lemma.from, s, &renumber),
            (LemmaTrace::Choice(per_member), LemmaBody::Choice { choice, to, .. }) => {
                let members = per_member
                    .iter()
                    .map(|(m, s)| pn.branch((*m, true), s, &renumber))
                    .collect();
                let from = pn.lit(lemma.from);
                TagBranch {
                    assumption: from,
                    steps: vec![TagStep {
                        premises: vec![from],
                        conclusion: pn.lit(*to),
                        link: TagLink::Choice {
                            choice: choice.clone(),
                            members,
                        },
                    }],
                }
            }
            _ => unreachable!("a trace has its lemma's kind"),
        };
        branches.push(branch);
    }
    branches.push(pn.branch((target, true), &steps, &renumber));
    let contradiction = match run.end.as_ref().expect("a contradiction") {
        End::Both(_) => TagContradiction::Both {
            node: pn.id(contradiction_node.expect("a node")),
        },
        End::Empty(house, cell, digit, _) => TagContradiction::Empty {
            house: *house,
            cell: *cell,
            digit: *digit,
        },
    };
    let tags = tags_line(l, &pn);
    let pattern = TagPattern {
        nodes: pn.nodes,
        branches,
        contradiction,
        tags: Some(tags),
    };
    let t = &l.nodes[target];
    let c = Candidate::new(t.cells[0], t.digit);
    Proof::new(Pattern::Tagging(Box::new(pattern)), vec![c], vec![])
}

/// `tags: 2r2c7=A 2(r2c7 r3c7)=c …`: the seed's tags of the proof's nodes.
fn tags_line(l: &Level2, pn: &ProofNodes) -> String {
    let mut pairs: Vec<(usize, usize)> = pn.map.iter().map(|(&n, &i)| (i, n)).collect();
    pairs.sort();
    let tagged: Vec<String> = pairs
        .iter()
        .filter_map(|&(i, n)| l.node_tag(n).map(|t| format!("{}={t}", pn.nodes[i])))
        .collect();
    format!("tags: {}", tagged.join(" "))
}

/// What the level-2 search reports besides its clearings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Level2Stats {
    pub level1_layers: usize,
    pub layers: usize,
    pub als: usize,
    pub merges: usize,
}

/// Level 2 up to its merges, as levels 2 and 3 both begin: the clearings without merges,
/// else the merges (as lemmas, with their edges) and the clearings with them. Nothing when
/// the state's layers conflict (an invalid state).
pub(crate) struct UpToMerges {
    pub(crate) proofs: Vec<Proof>,
    pub(crate) lemmas: Vec<Lemma>,
    pub(crate) edges: LemmaEdges,
    /// The tag pairs merged (lower tag first).
    pub(crate) merged: HashSet<(usize, usize)>,
}

pub(crate) fn up_to_merges(l: &Level2, links: &LinkIndex) -> UpToMerges {
    let mut state = UpToMerges {
        proofs: Vec::new(),
        lemmas: Vec::new(),
        edges: LemmaEdges::new(),
        merged: HashSet::new(),
    };
    if l.conflicts > 0 {
        return state;
    }
    state.proofs = refute_all(l, links, &state.edges, &[]);
    if !state.proofs.is_empty() {
        return state;
    }
    merge_tags(
        l,
        links,
        &mut state.lemmas,
        &mut state.edges,
        &mut state.merged,
    );
    if !state.lemmas.is_empty() {
        state.proofs = refute_all(l, links, &state.edges, &state.lemmas);
    }
    state
}

/// Every level-2 clearing of the state (one proof per cleared candidate), with the counts.
pub fn level2_with_stats(links: &LinkIndex) -> (Vec<Proof>, Level2Stats) {
    let l = Level2::new(links);
    let state = up_to_merges(&l, links);
    let stats = Level2Stats {
        level1_layers: l.level1_layers,
        layers: l.layers,
        als: l.als_count,
        merges: state.merged.len(),
    };
    (state.proofs, stats)
}

/// The level-2 clearings with the merges always made first (the seed merges while
/// tagging): every refutation may use the merges' lemmas. Returns the proofs and the
/// number of merges.
pub fn level2_merged(links: &LinkIndex) -> (Vec<Proof>, usize) {
    let l = Level2::new(links);
    if l.conflicts > 0 {
        return (vec![], 0);
    }
    let (lemmas, edges) = merges(&l, links);
    (refute_all(&l, links, &edges, &lemmas), lemmas.len() / 2)
}

/// Every level-2 clearing of the state.
pub fn level2(links: &LinkIndex) -> Vec<Proof> {
    level2_with_stats(links).0
}

pub(crate) fn refute_all(
    l: &Level2,
    links: &LinkIndex,
    edges: &LemmaEdges,
    lemmas: &[Lemma],
) -> Vec<Proof> {
    let mut out = Vec::new();
    let mut cache = LemmaTraces::default();
    let mut run = Run::new(l, links, edges);
    for c in links.open().iter() {
        let n = l.cand_node[c.index()];
        run.reset();
        run.run((n, true));
        if run.end.is_some() {
            out.push(refutation(&run, l, links, n, lemmas, &mut cache));
        }
    }
    out.sort_by(|a, b| {
        a.length
            .cmp(&b.length)
            .then(a.eliminations.cmp(&b.eliminations))
    });
    out
}

/// Tags proven equal: `c ⇒ d` and `d ⇒ c` for tags of two layers, each implication a
/// propagation from one of the tag's groups (the layer's first). Returns the lemmas (two
/// per merge) and the edges they add: both directions and both contrapositives.
pub(crate) fn merges(l: &Level2, links: &LinkIndex) -> (Vec<Lemma>, LemmaEdges) {
    let mut lemmas = Vec::new();
    let mut edges = LemmaEdges::new();
    merge_tags(l, links, &mut lemmas, &mut edges, &mut HashSet::new());
    (lemmas, edges)
}

/// The merges the lemmas in force give (the propagations use `edges`) besides those in
/// `merged`: each new merge is two lemmas added to `lemmas` with their edges, its tag pair
/// added to `merged` (at most [`MAX_MERGES`] in all). Returns the number of new merges.
pub(crate) fn merge_tags(
    l: &Level2,
    links: &LinkIndex,
    lemmas: &mut Vec<Lemma>,
    edges: &mut LemmaEdges,
    merged: &mut HashSet<(usize, usize)>,
) -> usize {
    let mut rep = vec![usize::MAX; l.layers];
    for (i, t) in l.tag.iter().enumerate() {
        if let Some((layer, 0)) = t {
            if rep[*layer] == usize::MAX {
                rep[*layer] = i;
            }
        }
    }
    // a representative of each tag: (node, value) — the lower tag is the node false
    let in_force = edges.clone();
    let run_from = |lit: usize| {
        let mut run = Run::new(l, links, &in_force);
        run.run((rep[lit / 2], lit.is_multiple_of(2)));
        run
    };
    // per tag: the values its propagation reaches (None when it ends in a contradiction)
    let reach: Vec<Option<Vec<u8>>> = (0..l.layers * 2)
        .map(|lit| {
            let run = run_from(lit);
            run.end.is_none().then_some(run.value)
        })
        .collect();
    let holds = |lit: usize, other: usize| -> bool {
        reach[lit]
            .as_ref()
            .is_some_and(|r| r[rep[other / 2]] == if other.is_multiple_of(2) { 1 } else { 2 })
    };
    let mut new = 0;
    for c in 0..l.layers * 2 {
        for d in (c + 1)..l.layers * 2 {
            if c / 2 == d / 2 || merged.contains(&(c, d)) || !holds(c, d) || !holds(d, c) {
                continue;
            }
            if merged.len() >= MAX_MERGES {
                break;
            }
            merged.insert((c, d));
            new += 1;
            let lit = |t: usize| (rep[t / 2], t.is_multiple_of(2));
            for (from, to) in [(c, d), (d, c)] {
                let run = run_from(from);
                let steps = run.trace(&[run.why_of(rep[to / 2])]);
                lemmas.push(Lemma {
                    from: lit(from),
                    body: LemmaBody::Steps(steps),
                });
                let k = lemmas.len() - 1;
                add_lemma_edges(edges, lit(from), lit(to), k);
            }
        }
    }
    new
}
