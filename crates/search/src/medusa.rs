//! 3D Medusa ([Hanson SA]): the state's strong chains — connected components of strong links
//! (bivalue cells and a digit's two places in a house, across digits) — two-coloured, the
//! weak links between chains as implications between colours, and every contradiction a
//! colour or a candidate outside the colours leads to (see [`sudolink_engine::proof::medusa`] for
//! the rules and their names).
//!
//! A colour `P` is a literal; an nrc-link between a node of `P` and a node of `Q` (another
//! chain) is the implication `P ⇒ ¬Q` (and `Q ⇒ ¬P`): Hanson's transfer of strength along a
//! weak link, in one direction. Each colour's closure under these implications is computed
//! once per state as a bitset of literals; then
//!
//! - a colour is false when it holds two linked candidates (rules 1, 2), when its closure
//!   holds both colours of a chain (weakly linked chains), or when the candidates of its
//!   closure see every candidate of a cell (rule 6) or of a digit in a house (the strong
//!   hinge), none of them being true;
//! - a candidate outside the colours is false when it sees both colours of a chain
//!   (rules 3 to 5), when the closures of the colours it makes true hold both colours of a
//!   chain (a weak corner), or when it and those colours see every candidate of a cell or
//!   house-digit around it (a weak hinge).
//!
//! Example (rule 2, [Hanson SA]'s picture of a 5-chain): `medusa-colour-twice-in-a-block:
//! A{n5r1c1 n5r3c5} a{…}; A ⇒ n5r1c1 and n5r2c3 both true ==> r1c1 <> 5, …`.
//!
//! **Complexity**: the colouring reads the 324 CSP variables once; the implications are one
//! 729-bit intersection per pair of colours; the closures one breadth-first walk per colour;
//! each candidate then costs a union of closures (bitsets) and, for hinges, the ≤ 112 CSP
//! variables around it. Each proof re-walks the implications once to keep only the weak
//! links its conclusion needs. No length limit: a state has at most 364 chains.

use std::collections::VecDeque;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::bits::slice_bits;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable};
use sudolink_engine::proof::medusa::{
    Colour, MedusaContradiction, MedusaPattern, MedusaPremise, StrongChain,
};
use sudolink_engine::proof::{Pattern, Proof};

/// A literal: chain `k`'s upper colour is `2k`, its lower colour `2k + 1`.
type Lit = usize;

/// A set of literals.
#[derive(Clone, PartialEq, Eq)]
struct LitSet(Vec<u64>);

impl LitSet {
    fn new(n: usize) -> LitSet {
        LitSet(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, l: Lit) -> bool {
        let had = self.contains(l);
        self.0[l / 64] |= 1 << (l % 64);
        !had
    }
    fn contains(&self, l: Lit) -> bool {
        self.0[l / 64] >> (l % 64) & 1 == 1
    }
    fn union_with(&mut self, o: &LitSet) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a |= b;
        }
    }
    fn iter(&self) -> impl Iterator<Item = Lit> + '_ {
        slice_bits(&self.0)
    }
    /// A chain both of whose colours are in the set.
    fn both_colours(&self) -> Option<usize> {
        self.0.iter().enumerate().find_map(|(w, &bits)| {
            let pairs = bits & (bits >> 1) & 0x5555_5555_5555_5555;
            (pairs != 0).then(|| (w * 64 + pairs.trailing_zeros() as usize) / 2)
        })
    }
}

/// The state's strong chains, coloured, with the implications between their colours.
pub struct Colouring {
    /// The colour of each candidate that is a node.
    colour: Vec<Option<Lit>>,
    /// Every node.
    coloured: CandidateSet,
    /// Each literal's candidates.
    nodes: Vec<CandidateSet>,
    /// Each literal's candidates' nrc-linked open candidates.
    sees: Vec<CandidateSet>,
    /// Each chain's strong links (a spanning tree, in discovery order).
    links: Vec<Vec<[Candidate; 2]>>,
    /// Implications `P ⇒ R` with the weak link behind each.
    implies: Vec<Vec<(Lit, [Candidate; 2])>>,
    /// Each literal's closure (itself included).
    reach: Vec<LitSet>,
    /// Some chain has an odd cycle of strong links: the state has no solution.
    broken: bool,
}

impl Colouring {
    /// Colour the state's strong chains and close every colour under the weak links.
    pub fn new(links: &LinkIndex) -> Colouring {
        let mut partners: Vec<Vec<Candidate>> = vec![Vec::new(); 729];
        for v in CspVariable::all() {
            if links.is_decided(v) || links.variable(v).len() != 2 {
                continue;
            }
            let mut two = links.variable(v).iter();
            let (a, b) = (two.next().expect("two"), two.next().expect("two"));
            if !partners[a.index()].contains(&b) {
                partners[a.index()].push(b);
                partners[b.index()].push(a);
            }
        }
        let mut colour: Vec<Option<Lit>> = vec![None; 729];
        let mut nodes: Vec<CandidateSet> = Vec::new();
        let mut chain_links: Vec<Vec<[Candidate; 2]>> = Vec::new();
        let mut broken = false;
        for start in links.open().iter() {
            if colour[start.index()].is_some() || partners[start.index()].is_empty() {
                continue;
            }
            let k = chain_links.len();
            chain_links.push(Vec::new());
            nodes.extend([CandidateSet::EMPTY; 2]);
            colour[start.index()] = Some(2 * k);
            nodes[2 * k].insert(start);
            let mut queue = VecDeque::from([start]);
            while let Some(c) = queue.pop_front() {
                let lit = colour[c.index()].expect("coloured");
                for &n in &partners[c.index()] {
                    match colour[n.index()] {
                        None => {
                            colour[n.index()] = Some(lit ^ 1);
                            nodes[lit ^ 1].insert(n);
                            chain_links[k].push([c, n]);
                            queue.push_back(n);
                        }
                        Some(m) if m == lit => broken = true,
                        Some(_) => {}
                    }
                }
            }
        }
        let coloured = nodes
            .iter()
            .fold(CandidateSet::EMPTY, |acc, s| acc.union(s));
        let sees: Vec<CandidateSet> = nodes
            .iter()
            .map(|s| {
                s.iter().fold(CandidateSet::EMPTY, |mut acc, c| {
                    acc.union_with(links.linked(c));
                    acc
                })
            })
            .collect();
        let implies = weak_implications(&nodes, &sees, links);
        let reach = (0..nodes.len())
            .map(|l| closure(&implies, nodes.len(), &[l]).0)
            .collect();
        Colouring {
            colour,
            coloured,
            nodes,
            sees,
            links: chain_links,
            implies,
            reach,
            broken,
        }
    }

    /// The number of strong chains.
    pub fn chains(&self) -> usize {
        self.links.len()
    }

    /// The chain and colour of a candidate (`upper` for the chain's first colour).
    pub fn colour_of(&self, c: Candidate) -> Option<(usize, bool)> {
        self.colour[c.index()].map(|l| (l / 2, l.is_multiple_of(2)))
    }

    fn lits(&self) -> usize {
        self.nodes.len()
    }

    /// The literals whose candidates `x` sees.
    fn seen_by(&self, links: &LinkIndex, x: Candidate) -> Vec<Lit> {
        let mut out: Vec<Lit> = links
            .linked(x)
            .intersection(&self.coloured)
            .iter()
            .filter_map(|c| self.colour[c.index()])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// `P ⇒ ¬Q` for every nrc-link between a node of `P` and a node of `Q` of another chain.
fn weak_implications(
    nodes: &[CandidateSet],
    sees: &[CandidateSet],
    links: &LinkIndex,
) -> Vec<Vec<(Lit, [Candidate; 2])>> {
    let n = nodes.len();
    let mut implies = vec![Vec::new(); n];
    for p in 0..n {
        for q in 0..n {
            if p / 2 == q / 2 {
                continue;
            }
            let meet = sees[p].intersection(&nodes[q]);
            if let Some(b) = meet.first() {
                let a = links
                    .linked(b)
                    .intersection(&nodes[p])
                    .first()
                    .expect("b sees a node of p");
                implies[p].push((q ^ 1, [a, b]));
            }
        }
    }
    implies
}

/// Parents of a breadth-first walk over the implications: how each literal was reached.
type Parents = Vec<Option<(Lit, [Candidate; 2])>>;

/// The closure of `sources` under the implications, with how each literal was reached.
fn closure(implies: &[Vec<(Lit, [Candidate; 2])>], n: usize, sources: &[Lit]) -> (LitSet, Parents) {
    let mut reached = LitSet::new(n);
    let mut parent: Parents = vec![None; n];
    let mut queue = VecDeque::new();
    for &s in sources {
        if reached.insert(s) {
            queue.push_back(s);
        }
    }
    while let Some(p) = queue.pop_front() {
        for &(r, link) in &implies[p] {
            if reached.insert(r) {
                parent[r] = Some((p, link));
                queue.push_back(r);
            }
        }
    }
    (reached, parent)
}

/// What a proof needs of a walk: the chains and weak links on the way to `needed`.
fn trace(parent: &Parents, needed: &[Lit]) -> (Vec<usize>, Vec<[Candidate; 2]>) {
    let mut chains = Vec::new();
    let mut weak = Vec::new();
    for &l in needed {
        let mut at = l;
        loop {
            chains.push(at / 2);
            match parent[at] {
                Some((p, link)) => {
                    if !weak.contains(&link) {
                        weak.push(link);
                    }
                    at = p;
                }
                None => break,
            }
        }
    }
    chains.sort_unstable();
    chains.dedup();
    (chains, weak)
}

/// One step of the search's result before it becomes a [`Proof`].
struct Found {
    chains: Vec<usize>,
    weak: Vec<[Candidate; 2]>,
    premise: Option<Lit>,
    contradiction: Contradiction,
    eliminations: Vec<Candidate>,
    assertions: Vec<Candidate>,
}

enum Contradiction {
    Linked([Candidate; 2]),
    Emptied(CspVariable),
    BothColours(usize),
}

impl Colouring {
    fn proof(&self, mut f: Found) -> Proof {
        f.chains.sort_unstable();
        f.chains.dedup();
        let index = |chain: usize| f.chains.iter().position(|&k| k == chain).expect("a chain");
        let colour = |l: Lit| Colour {
            chain: index(l / 2),
            upper: l.is_multiple_of(2),
        };
        let chains = f
            .chains
            .iter()
            .map(|&k| StrongChain {
                colours: [
                    self.nodes[2 * k].iter().collect(),
                    self.nodes[2 * k + 1].iter().collect(),
                ],
                links: self.links[k].clone(),
            })
            .collect();
        let contradiction = match f.contradiction {
            Contradiction::Linked(pair) => MedusaContradiction::Linked(pair),
            Contradiction::Emptied(v) => MedusaContradiction::Emptied(v),
            Contradiction::BothColours(k) => MedusaContradiction::BothColours(index(k)),
        };
        let pattern = MedusaPattern {
            chains,
            weak_links: f.weak,
            premise: match f.premise {
                Some(l) => MedusaPremise::Colour(colour(l)),
                None => MedusaPremise::Targets,
            },
            contradiction,
        };
        f.eliminations.sort();
        f.assertions.sort();
        Proof::new(
            Pattern::Medusa(Box::new(pattern)),
            f.eliminations,
            f.assertions,
        )
    }

    /// Two linked candidates of one colour.
    fn twice(&self, links: &LinkIndex, p: Lit) -> Option<[Candidate; 2]> {
        let b = self.sees[p].intersection(&self.nodes[p]).first()?;
        let a = links.linked(b).intersection(&self.nodes[p]).first()?;
        Some([a.min(b), a.max(b)])
    }

    /// A variable around `around` (or anywhere, if None) whose every candidate the true
    /// candidates `truth` see, none being true (around a target: not one whose candidates
    /// all see the target).
    fn emptied(
        &self,
        links: &LinkIndex,
        truth: &CandidateSet,
        seen: &CandidateSet,
        around: Option<&CandidateSet>,
    ) -> Option<CspVariable> {
        let empties = |v: CspVariable| {
            let open = links.variable(v);
            !links.is_decided(v)
                && !open.is_empty()
                && !open.intersects(truth)
                && open.is_subset(seen)
        };
        match around {
            None => CspVariable::all().find(|&v| empties(v)),
            Some(near) => {
                let mut tried = [0u64; 6];
                near.iter()
                    .flat_map(|c| c.variables())
                    .filter(|v| {
                        let i = v.index();
                        let new = tried[i / 64] >> (i % 64) & 1 == 0;
                        tried[i / 64] |= 1 << (i % 64);
                        new
                    })
                    // one the candidate empties alone is a single's business, not Medusa's
                    .find(|&v| empties(v) && !links.variable(v).is_subset(near))
            }
        }
    }

    /// Literals of `among` whose candidates see each open candidate of `v` (one per
    /// candidate, the `preferred` ones first, so a proof declares no weak link it does not
    /// need; none for candidates `extra` sees).
    fn cover(
        &self,
        links: &LinkIndex,
        v: CspVariable,
        preferred: &[Lit],
        among: &LitSet,
        extra: &CandidateSet,
    ) -> Vec<Lit> {
        let mut out = Vec::new();
        for c in links.variable(v).iter() {
            if extra.contains(c) {
                continue;
            }
            let covering = preferred
                .iter()
                .copied()
                .chain(among.iter())
                .find(|&l| self.sees[l].contains(c));
            if let Some(l) = covering {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        out
    }

    fn truth_of(&self, set: &LitSet) -> (CandidateSet, CandidateSet) {
        let mut truth = CandidateSet::EMPTY;
        let mut seen = CandidateSet::EMPTY;
        for l in set.iter() {
            truth.union_with(&self.nodes[l]);
            seen.union_with(&self.sees[l]);
        }
        (truth, seen)
    }

    /// The proof that colour `p` is false, if it is.
    fn false_colour(&self, links: &LinkIndex, p: Lit) -> Option<Proof> {
        let conclude = |chains, weak, contradiction| {
            self.proof(Found {
                chains,
                weak,
                premise: Some(p),
                contradiction,
                eliminations: self.nodes[p].iter().collect(),
                assertions: self.nodes[p ^ 1].iter().collect(),
            })
        };
        if let Some(pair) = self.twice(links, p) {
            return Some(conclude(vec![p / 2], vec![], Contradiction::Linked(pair)));
        }
        if let Some(v) = self.emptied(links, &self.nodes[p], &self.sees[p], None) {
            return Some(conclude(vec![p / 2], vec![], Contradiction::Emptied(v)));
        }
        let reach = &self.reach[p];
        if let Some(k) = reach.both_colours() {
            let (_, parent) = closure(&self.implies, self.lits(), &[p]);
            let (chains, weak) = trace(&parent, &[2 * k, 2 * k + 1]);
            return Some(conclude(chains, weak, Contradiction::BothColours(k)));
        }
        let (truth, seen) = self.truth_of(reach);
        let v = self.emptied(links, &truth, &seen, None)?;
        let (_, parent) = closure(&self.implies, self.lits(), &[p]);
        let needed = self.cover(links, v, &[p], reach, &CandidateSet::EMPTY);
        let (chains, weak) = trace(&parent, &needed);
        Some(conclude(chains, weak, Contradiction::Emptied(v)))
    }

    /// The proof that candidate `x` (not a node) is false through weak links or a weak
    /// hinge, if it is (seeing both colours of one chain is found chain by chain).
    fn false_target(&self, links: &LinkIndex, x: Candidate, seen_by: &[Lit]) -> Option<Proof> {
        let sources: Vec<Lit> = seen_by.iter().map(|&q| q ^ 1).collect();
        let mut reach = LitSet::new(self.lits());
        for &s in &sources {
            reach.union_with(&self.reach[s]);
        }
        let conclude = |needed: &[Lit], contradiction| {
            let (_, parent) = closure(&self.implies, self.lits(), &sources);
            let (chains, weak) = trace(&parent, needed);
            self.proof(Found {
                chains,
                weak,
                premise: None,
                contradiction,
                eliminations: vec![x],
                assertions: vec![],
            })
        };
        if let Some(k) = reach.both_colours() {
            return Some(conclude(&[2 * k, 2 * k + 1], Contradiction::BothColours(k)));
        }
        let (mut truth, mut seen) = self.truth_of(&reach);
        truth.insert(x);
        seen.union_with(links.linked(x));
        let v = self.emptied(links, &truth, &seen, Some(links.linked(x)))?;
        let needed = self.cover(links, v, &sources, &reach, links.linked(x));
        Some(conclude(&needed, Contradiction::Emptied(v)))
    }
}

/// Every 3D Medusa conclusion of the state: false colours first (one proof per colour),
/// then each chain's candidates seeing both its colours (one proof per chain), then weak
/// corners and weak hinges (one proof per candidate).
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    let colouring = Colouring::new(links);
    if colouring.broken {
        return vec![];
    }
    let mut out: Vec<Proof> = (0..colouring.lits())
        .filter_map(|p| colouring.false_colour(links, p))
        .collect();
    let mut both: Vec<Vec<Candidate>> = vec![Vec::new(); colouring.chains()];
    let mut others = Vec::new();
    for x in links.open().difference(&colouring.coloured).iter() {
        let seen_by = colouring.seen_by(links, x);
        if seen_by.is_empty() {
            continue;
        }
        match seen_by.windows(2).find(|w| w[0] ^ 1 == w[1]) {
            Some(w) => both[w[0] / 2].push(x),
            None => others.push((x, seen_by)),
        }
    }
    for (k, targets) in both.into_iter().enumerate() {
        if !targets.is_empty() {
            out.push(colouring.proof(Found {
                chains: vec![k],
                weak: vec![],
                premise: None,
                contradiction: Contradiction::BothColours(k),
                eliminations: targets,
                assertions: vec![],
            }));
        }
    }
    out.extend(
        others
            .iter()
            .filter_map(|(x, seen_by)| colouring.false_target(links, *x, seen_by)),
    );
    out
}
